package indexer

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/boyter/gocodewalker"
	gitignore "github.com/boyter/gocodewalker/go-gitignore"
	"github.com/readmap/readmap/store"
)

// walkTargets sends the absolute path of every file to index on out: named files as they are,
// folders through gocodewalker with .gitignore and .ignore rules.
func walkTargets(ctx context.Context, opts Options, targets []target, out chan<- string, found *atomic.Int64) error {
	exclude := map[string]bool{}
	for _, e := range opts.Exclude {
		exclude[e] = true
	}
	send := func(abs string) bool {
		if exclude[abs] {
			return true
		}
		found.Add(1)
		select {
		case out <- abs:
			return true
		case <-ctx.Done():
			return false
		}
	}
	for _, t := range targets {
		if !t.isDir {
			if !send(t.abs) {
				return ctx.Err()
			}
			continue
		}
		outer := ancestorIgnores(opts.Root, t.abs)
		if outer.ignored(t.abs, true) {
			continue // the full walk would not enter it either
		}
		if err := walkDir(ctx, t.abs, func(abs string) bool {
			return outer.ignored(abs, false) || send(abs)
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

// walkDir walks dir with gitignore and ignore rules, hidden files included.
func walkDir(ctx context.Context, dir string, send func(string) bool) error {
	files := make(chan *gocodewalker.File, channelDepth)
	walker := gocodewalker.NewFileWalker(dir, files)
	walker.IncludeHidden = true
	walker.ExcludeDirectory = skippedDirs
	walker.SetErrorHandler(func(error) bool { return true }) // unreadable folders are skipped
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

// ignoreFiles are the files whose rules the walk honours, as gocodewalker reads them.
var ignoreFiles = []string{".gitignore", ".ignore"}

// ignoreChain holds the ignore files of the folders above a walked folder, outermost first.
// gocodewalker reads only those inside the folder it walks, so `index sub` would otherwise take
// files that the root's .gitignore excludes, and the next full run would remove them again.
type ignoreChain []gitignore.GitIgnore

// ancestorIgnores reads the ignore files of root and of every folder between it and dir (dir's
// own are left to the walk).
func ancestorIgnores(root, dir string) ignoreChain {
	rel, err := filepath.Rel(root, dir)
	if err != nil || rel == "." || strings.HasPrefix(rel, "..") {
		return nil
	}
	var chain ignoreChain
	folder := root
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		for _, name := range ignoreFiles {
			if f, err := os.Open(filepath.Join(folder, name)); err == nil {
				chain = append(chain, gitignore.New(f, folder, nil))
				f.Close()
			}
		}
		folder = filepath.Join(folder, part)
	}
	return chain
}

// ignored reports whether the rules of the chain exclude abs or any folder on the way to it; the
// last rule that matches decides, as in git.
func (c ignoreChain) ignored(abs string, isDir bool) bool {
	for _, ign := range c {
		rel, err := filepath.Rel(ign.Base(), abs)
		if err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		parts := strings.Split(filepath.ToSlash(rel), "/")
		for i := range parts {
			last := i == len(parts)-1
			if m := ign.Relative(strings.Join(parts[:i+1], "/"), !last || isDir); m != nil && m.Ignore() {
				return true
			}
		}
	}
	return false
}
