package indexer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/boyter/gocodewalker"
	gitignore "github.com/boyter/gocodewalker/go-gitignore"
	"github.com/readmap/readmap/store"
)

// walkTargets sends the absolute path of every file to index on out: named files as they are,
// folders through gocodewalker with the run's ignore rules.
func (r *run) walkTargets(ctx context.Context, out chan<- string) error {
	send := func(abs string) bool {
		if r.own.has(abs) {
			r.opts.Logger.Debug("not indexed: one of the store's own files", "path", abs)
			return true
		}
		r.found.Add(1)
		select {
		case out <- abs:
			return true
		case <-ctx.Done():
			return false
		}
	}
	for _, t := range r.targets {
		if !t.isDir {
			if !send(t.abs) {
				return ctx.Err()
			}
			continue
		}
		outer := r.rulesAbove(t.abs)
		if rule := outer.hiding(t.abs, true); rule != nil {
			// The full walk would not enter it either.
			r.opts.Logger.Debug("not walked: an ignore rule above it hides it", "path", t.rel, "rule", rule.String())
			continue
		}
		if err := r.walkDir(ctx, t.abs, func(abs string) bool {
			return outer.hiding(abs, false) != nil || send(abs)
		}); err != nil {
			return err
		}
	}
	return nil
}

// skippedDirs are never walked: version control and readmap's own store.
var skippedDirs = []string{".git", ".hg", ".svn", store.DirName}

// underSkippedDir reports whether a root-relative path lies in one of skippedDirs.
func underSkippedDir(rel string) bool {
	for _, part := range strings.Split(rel, "/") {
		if slices.Contains(skippedDirs, part) {
			return true
		}
	}
	return false
}

// storeFiles recognises the files a walk must never index: the store's own (the database, its
// -wal, -shm and -journal files, the .corrupt-* copies a corrupt store is moved aside to, and the
// .new-* image of a new store not yet linked into place). A file is matched by its name and its
// folder's identity, not by its path: a root reached through a symbolic link, or given as a
// relative path, still finds them.
type storeFiles struct{ dir, name string }

// newStoreFiles returns the files of the store at db.
func newStoreFiles(db string) storeFiles {
	return storeFiles{dir: filepath.Dir(db), name: filepath.Base(db)}
}

// has reports whether abs is one of the files. Only a file whose name matches costs a stat.
func (o storeFiles) has(abs string) bool {
	rest, ok := strings.CutPrefix(filepath.Base(abs), o.name)
	if !ok || !(rest == "" || rest == "-wal" || rest == "-shm" || rest == "-journal" || strings.HasPrefix(rest, ".corrupt-") || strings.HasPrefix(rest, ".new-")) {
		return false
	}
	return sameFolder(o.dir, filepath.Dir(abs))
}

// sameFolder reports whether two paths lead to the same folder, through symbolic links or not.
func sameFolder(a, b string) bool {
	if a == b {
		return true
	}
	fa, err := os.Stat(a)
	if err != nil {
		return false
	}
	fb, err := os.Stat(b)
	return err == nil && os.SameFile(fa, fb)
}

// walkDir walks dir with the run's ignore files, hidden files included.
func (r *run) walkDir(ctx context.Context, dir string, send func(string) bool) error {
	files := make(chan *gocodewalker.File, channelDepth)
	walker := gocodewalker.NewFileWalker(dir, files)
	walker.IncludeHidden = true
	walker.ExcludeDirectory = skippedDirs
	walker.IgnoreGitIgnore = !r.git
	walker.IgnoreGitModules = !r.git
	walker.SetErrorHandler(func(err error) bool {
		r.opts.Logger.Debug("not walked", "error", err)
		return true // an unreadable folder is skipped, the walk goes on
	})
	errc := make(chan error, 1)
	go func() { errc <- walker.Start() }()
	for f := range files {
		if !send(f.Location) {
			walker.Terminate()
			drain(files)
			break
		}
	}
	if err := <-errc; err != nil && !errors.Is(err, gocodewalker.ErrTerminateWalk) {
		return fmt.Errorf("walk %s: %w", dir, err)
	}
	return ctx.Err()
}

// The ignore files the walk honours, in the order gocodewalker lets them decide: for a path, the
// last matching rule of the .gitignore files (outermost first), then of the .ignore files, then,
// for a folder, the submodules of .gitmodules.
const (
	gitIgnoreFile  = ".gitignore"
	ignoreFile     = ".ignore"
	gitModulesFile = ".gitmodules"
)

// ignoreKinds returns the ignore files that count under a root: .ignore always, .gitignore and
// .gitmodules only inside a git work tree, where git itself reads them (and ripgrep, likewise).
// A source tree unpacked from a tarball can carry a .gitignore meant for its packaging: Debian's
// Linux source has one with "/*", which would hide the whole tree.
func ignoreKinds(git bool) []string {
	if git {
		return []string{gitIgnoreFile, ignoreFile, gitModulesFile}
	}
	return []string{ignoreFile}
}

// inGitWorkTree reports whether dir or one of its ancestors holds a .git entry (a folder, or the
// file of a linked worktree or a submodule). Symbolic links are resolved first: git sees the
// real path.
func inGitWorkTree(dir string) bool {
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	for {
		if _, err := os.Lstat(filepath.Join(dir, ".git")); err == nil {
			return true
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return false
		}
		dir = parent
	}
}

// ignoreRules are the ignore files in force in a folder: those of the folder and of every folder
// above it up to the root.
type ignoreRules struct {
	root  string
	kinds []string // the kinds of ignore file that count, in the order they decide
	files []ignoreRuleFile
}

// ignoreRuleFile is one ignore file read.
type ignoreRuleFile struct {
	name  string // relative to the root, '/' separators, for messages
	kind  string
	rules gitignore.GitIgnore
	lines []int // .gitmodules: the line of each submodule path, the rules holding only the paths
}

// rulesAbove returns the rules of the ignore files of the root and of every folder between it and
// dir; dir's own are left to the walk, which reads those inside the folder it walks. Without them
// `index sub` would take files that the root's .gitignore excludes, and the next full run would
// remove them again.
func (r *run) rulesAbove(dir string) ignoreRules {
	rules := ignoreRules{root: r.opts.Root, kinds: ignoreKinds(r.git)}
	rel, err := filepath.Rel(r.opts.Root, dir)
	if err != nil || !localRel(rel) || rel == "." {
		return rules
	}
	folder := r.opts.Root
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		rules = rules.enter(folder)
		folder = filepath.Join(folder, part)
	}
	return rules
}

// localRel reports whether a path made relative by filepath.Rel stays inside its base.
func localRel(rel string) bool {
	return rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// enter returns the rules with those of dir's own ignore files added.
func (ir ignoreRules) enter(dir string) ignoreRules {
	files := slices.Clip(ir.files)
	for _, kind := range ir.kinds {
		src, err := os.ReadFile(filepath.Join(dir, kind))
		if err != nil {
			continue
		}
		f := ignoreRuleFile{name: relPath(ir.root, filepath.Join(dir, kind)), kind: kind}
		if kind == gitModulesFile {
			var paths []string
			paths, f.lines = submodulePaths(src)
			src = []byte(strings.Join(paths, "\n"))
		}
		f.rules = gitignore.New(bytes.NewReader(src), dir, nil)
		files = append(files, f)
	}
	ir.files = files
	return ir
}

// submodulePath matches a .gitmodules line naming a submodule's folder, as gocodewalker reads it.
var submodulePath = regexp.MustCompile(`^\s*path\s*=\s*(.*)`)

// submodulePaths returns the folders a .gitmodules file names and the line of each.
func submodulePaths(src []byte) (paths []string, lines []int) {
	for i, line := range strings.Split(string(src), "\n") {
		if m := submodulePath.FindStringSubmatch(line); m != nil {
			paths = append(paths, strings.TrimSpace(m[1]))
			lines = append(lines, i+1)
		}
	}
	return paths, lines
}

// ignoreRule is one line of an ignore file.
type ignoreRule struct {
	file    string // relative to the root
	line    int
	pattern string
}

func (r ignoreRule) String() string { return fmt.Sprintf("%s:%d: %q", r.file, r.line, r.pattern) }

// decide returns the rule that decides whether abs is ignored, or nil when no rule matches it:
// the last match in the order of ir.kinds, each kind's files outermost first.
func (ir ignoreRules) decide(abs string, isDir bool) (gitignore.Match, *ignoreRuleFile) {
	var match gitignore.Match
	var from *ignoreRuleFile
	for _, kind := range ir.kinds {
		if kind == gitModulesFile && !isDir {
			continue // submodules are folders
		}
		for i := range ir.files {
			f := &ir.files[i]
			if f.kind != kind {
				continue
			}
			rel, err := filepath.Rel(f.rules.Base(), abs)
			if err != nil || rel == "." || !localRel(rel) {
				continue
			}
			if m := f.rules.Relative(filepath.ToSlash(rel), isDir); m != nil {
				match, from = m, f
			}
		}
	}
	return match, from
}

// hiding returns the rule that excludes abs, or a folder on the way to it from the root, or nil
// when none does.
func (ir ignoreRules) hiding(abs string, isDir bool) *ignoreRule {
	if len(ir.files) == 0 {
		return nil
	}
	rel, err := filepath.Rel(ir.root, abs)
	if err != nil || rel == "." || !localRel(rel) {
		return nil
	}
	path := ir.root
	parts := strings.Split(rel, string(filepath.Separator))
	for i, part := range parts {
		path = filepath.Join(path, part)
		m, f := ir.decide(path, i < len(parts)-1 || isDir)
		if m != nil && m.Ignore() {
			line := m.Position().Line
			if f.lines != nil && line >= 1 && line <= len(f.lines) {
				line = f.lines[line-1]
			}
			return &ignoreRule{file: f.name, line: line, pattern: m.String()}
		}
	}
	return nil
}
