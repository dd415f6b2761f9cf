package indexer

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// explainNoFiles says why a run found no file in the folders it walked: which ignore rules hid
// what, or that a folder is empty, holds only folders that are never indexed, cannot be read, or
// holds only links to folders or the store's own files. It walks the folders again with the same
// rules, noting what it passes over; the first walk found nothing, so this one is short.
func (r *run) explainNoFiles() string {
	var why []string
	for _, t := range r.targets {
		if t.isDir {
			why = append(why, r.explainFolder(t)...)
		}
	}
	return strings.Join(why, "; ")
}

// explainFolder says why the walk of one folder found no file.
func (r *run) explainFolder(t target) []string {
	name := "the root"
	if t.rel != "" {
		name = t.rel
	}
	outer := r.rulesAbove(t.abs)
	if rule := outer.hiding(t.abs, true); rule != nil {
		return []string{fmt.Sprintf("%s ignores %s", rule, name)}
	}
	p := &passedOver{run: r, top: t.abs, topName: name}
	p.visit(outer, t.abs)
	return p.reasons()
}

// passedOver is what a walk of one folder met and did not index, as root-relative paths (folders
// with a trailing '/').
type passedOver struct {
	run      *run
	top      string // the folder walked
	topName  string // what messages call it: "the root", or its path
	topCount int    // its entries, folders that are never indexed aside
	hidden   []hiddenBy
	never    []string // folders that are never indexed (.git, .readmap)
	own      []string // the store's own files
	links    []string // symbolic links to folders, which are not followed
	failed   []string // folders that cannot be read, with why
	empty    []string // empty folders
}

// hiddenBy is what one ignore rule hid.
type hiddenBy struct {
	rule  ignoreRule
	paths []string
	top   int // how many of paths are entries of the folder walked
}

// visit goes through dir as the walk does, with the rules of the folders above it.
func (p *passedOver) visit(rules ignoreRules, dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		p.failed = append(p.failed, fmt.Sprintf("%s (%s)", p.name(dir, true), reasonText(err)))
		return
	}
	if len(entries) == 0 && dir != p.top {
		p.empty = append(p.empty, p.name(dir, true))
		return
	}
	rules = rules.enter(dir)
	for _, e := range entries {
		abs, isDir := filepath.Join(dir, e.Name()), e.IsDir()
		if isDir && slices.Contains(skippedDirs, e.Name()) {
			p.never = append(p.never, p.name(abs, true))
			continue
		}
		if dir == p.top {
			p.topCount++
		}
		switch rule := rules.hiding(abs, isDir); {
		case p.run.own.has(abs):
			p.own = append(p.own, p.name(abs, false))
		case rule != nil:
			p.hide(*rule, p.name(abs, isDir), dir == p.top)
		case isDir:
			p.visit(rules, abs)
		case e.Type()&fs.ModeSymlink != 0 && isFolder(abs):
			p.links = append(p.links, p.name(abs, false))
		}
	}
}

// hide notes that rule hid path.
func (p *passedOver) hide(rule ignoreRule, path string, top bool) {
	i := slices.IndexFunc(p.hidden, func(h hiddenBy) bool { return h.rule == rule })
	if i < 0 {
		p.hidden = append(p.hidden, hiddenBy{rule: rule})
		i = len(p.hidden) - 1
	}
	p.hidden[i].paths = append(p.hidden[i].paths, path)
	if top {
		p.hidden[i].top++
	}
}

// reasons turns what the walk passed over into sentences.
func (p *passedOver) reasons() []string {
	name := p.topName
	if p.topCount == 0 && len(p.never) == 0 && len(p.failed) == 0 {
		return []string{name + " is empty"}
	}
	var why []string
	for _, h := range p.hidden {
		what := listPaths(h.paths)
		if h.top == p.topCount {
			what = "everything under " + name
		}
		why = append(why, fmt.Sprintf("%s ignores %s", h.rule, what))
	}
	for _, group := range []struct {
		what  string
		paths []string
	}{
		{"cannot be read", p.failed},
		{"links to folders, which are not followed", p.links},
		{"the store's own files", p.own},
		{"empty folders", p.empty},
	} {
		if len(group.paths) > 0 {
			why = append(why, group.what+": "+listPaths(group.paths))
		}
	}
	if len(why) == 0 && len(p.never) > 0 {
		why = append(why, fmt.Sprintf("%s holds only folders that are never indexed: %s", name, listPaths(p.never)))
	}
	return why
}

// name returns abs relative to the root for a message, a folder with a trailing '/'.
func (p *passedOver) name(abs string, isDir bool) string {
	if abs == p.top {
		return p.topName
	}
	rel := relPath(p.run.opts.Root, abs)
	if isDir {
		rel += "/"
	}
	return rel
}

// isFolder reports whether abs leads to a folder.
func isFolder(abs string) bool {
	fi, err := os.Stat(abs)
	return err == nil && fi.IsDir()
}

// listPaths lists up to three paths and counts the rest.
func listPaths(paths []string) string {
	const shown = 3
	if len(paths) <= shown {
		return strings.Join(paths, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(paths[:shown], ", "), len(paths)-shown)
}
