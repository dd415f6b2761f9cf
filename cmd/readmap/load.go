package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"syscall"

	"github.com/agnivade/levenshtein"
	"github.com/readmap/readmap/indexer/lang"
	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/store"
)

// session is an open root and, when it could be opened, its store. Queries run with a nil store
// when it cannot be used; storeErr then says why, and is reported once as a warning.
type session struct {
	root     string
	base     string // the folder relative paths resolve against; "" means the working directory
	st       *store.Store
	storeErr error
	warned   bool
	realRoot string // root with its links followed, once known
}

// resolve returns the absolute path a command argument names, and the path it stands for: arg
// itself, or, when arg names nothing and holds the escapes of a path as readmap prints one that
// is not plain text ("a\nb.go"), the path those escapes spell when that exists.
func (s *session) resolve(arg string) (abs, path string, err error) {
	abs, err = s.absolute(arg)
	if err != nil {
		return "", arg, err
	}
	if _, err := os.Lstat(abs); errors.Is(err, fs.ErrNotExist) {
		if p, ok := query.UnquotePath(arg); ok {
			if pabs, err := s.absolute(p); err == nil {
				if _, err := os.Lstat(pabs); err == nil {
					return pabs, p, nil
				}
			}
		}
	}
	return abs, arg, nil
}

// absolute makes arg absolute against the session's base.
func (s *session) absolute(arg string) (string, error) {
	if s.base != "" && !filepath.IsAbs(arg) {
		return filepath.Join(s.base, arg), nil
	}
	return filepath.Abs(arg)
}

// openSession finds the root and opens its store, never failing on a store that cannot be used.
func (a *app) openSession(ctx context.Context) (*session, error) {
	root, err := a.rootDir()
	if err != nil {
		return nil, err
	}
	s := &session{}
	s.st, s.root, s.storeErr = a.openStore(ctx, root, false)
	return s, nil
}

func (s *session) close() {
	if s.st != nil {
		s.st.Close()
	}
}

// warnStore prints, once, why the store is not used for this answer.
func (a *app) warnStore(s *session, err error) {
	if err == nil || s.warned {
		return
	}
	s.warned = true
	a.warn("store not used (%v); mapped in memory. hint: %s", err, storeHint(err))
}

// load returns the fresh row of the file named by arg, mapping it in memory when the store
// cannot be used, and the file's SHA-256 when hash is set. Errors are ready to print.
//
// A binary file is an error ("binary file (PNG image, 45.2 KB); not shown").
func (a *app) load(ctx context.Context, s *session, arg string, opt openOptions) (*store.File, []byte, error) {
	o, err := a.open(ctx, s, arg, opt)
	if err != nil {
		return nil, nil, err
	}
	o.Close()
	return o.row, o.sum, nil
}

// similarNames lists up to five names in the nearest existing folder that resemble the missing
// file's name, as paths relative to the folder paths are given against (the root, for the MCP
// server; the working directory, for the command line). Under confine, a folder outside the root
// is not listed.
func (a *app) similarNames(s *session, abs string, confine bool) string {
	dir, name := filepath.Split(abs)
	var d *os.File
	var dirInfo os.FileInfo
	for dir != "" {
		if f, err := os.Open(dir); err == nil {
			if fi, err := f.Stat(); err == nil && fi.IsDir() {
				d, dirInfo = f, fi
				break
			}
			f.Close()
		}
		parent := filepath.Dir(filepath.Clean(dir))
		if parent == filepath.Clean(dir) {
			return ""
		}
		dir = parent
	}
	if d == nil {
		return ""
	}
	defer d.Close()
	if confine {
		real, err := realPath(d, dir, dirInfo)
		if _, inside := s.within(real); err != nil || !inside {
			return ""
		}
	}
	type candidate struct {
		name string
		dist int
	}
	var cands []candidate
	lower := strings.ToLower(name)
	for {
		entries, err := d.ReadDir(1024)
		for _, e := range entries {
			n := strings.ToLower(e.Name())
			dist := levenshtein.ComputeDistance(lower, n)
			if stem := strings.TrimSuffix(n, filepath.Ext(n)); strings.Contains(n, lower) || (stem != "" && strings.Contains(lower, stem)) {
				dist = min(dist, 2)
			}
			if dist <= max(2, len(name)/3) {
				cands = append(cands, candidate{e.Name(), dist})
			}
		}
		if err != nil {
			break
		}
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].dist != cands[j].dist {
			return cands[i].dist < cands[j].dist
		}
		return cands[i].name < cands[j].name
	})
	shownDir := s.shownPath(filepath.Clean(dir))
	if len(cands) == 0 {
		return "no similar names in " + query.DisplayPath(shownDir)
	}
	var names []string
	for _, c := range cands[:min(5, len(cands))] {
		names = append(names, query.DisplayPath(filepath.Join(shownDir, c.name)))
	}
	return "similar: " + strings.Join(names, ", ")
}

// dirEntries lists the first entries, by name, of the open folder dir (whose real path is real)
// with their line counts and sizes, for the hint of a read that named a folder. A huge folder
// costs no more memory than the entries shown.
func (a *app) dirEntries(dir *os.File, real string) string {
	const shown = 20
	var first []fs.DirEntry // the smallest names so far, in order
	count := 0
	for {
		entries, err := dir.ReadDir(1024)
		for _, e := range entries {
			count++
			i := sort.Search(len(first), func(i int) bool { return first[i].Name() > e.Name() })
			if i < shown {
				first = slices.Insert(first, i, e)[:min(len(first)+1, shown)]
			}
		}
		if err != nil {
			break
		}
	}
	var parts []string
	for _, e := range first {
		name := query.DisplayPath(e.Name())
		if e.IsDir() {
			parts = append(parts, name+"/")
			continue
		}
		info, err := e.Info()
		if err != nil || !info.Mode().IsRegular() {
			parts = append(parts, name)
			continue
		}
		parts = append(parts, fmt.Sprintf("%s (%s lines, %s)", name, lineCountOf(entryPath(dir, real, e.Name()), info), query.HumanBytes(info.Size())))
	}
	if count > shown {
		parts = append(parts, fmt.Sprintf("… %d more", count-shown))
	}
	if len(parts) == 0 {
		return "the folder is empty"
	}
	return "entries: " + strings.Join(parts, ", ")
}

// lineCountOf counts a small regular file's lines for a folder listing; large files show "?"
// rather than being read whole for a hint. info is the entry's own (not followed) stat: a link
// is never counted, so nothing outside the folder is read.
func lineCountOf(path string, info fs.FileInfo) string {
	if info.Size() > 4<<20 {
		return "?"
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return "?"
	}
	defer f.Close()
	src, err := io.ReadAll(io.LimitReader(f, 4<<20))
	if err != nil {
		return "?"
	}
	if _, binary := lang.BinaryKind(src[:min(len(src), 8192)]); binary {
		return "binary"
	}
	return query.Thousands(lang.CountLines(src))
}

// entryPath is a path that opens the entry name of the open folder dir (whose real path is
// real): on Linux through the descriptor itself, so that the folder cannot be swapped in between.
func entryPath(dir *os.File, real, name string) string {
	if runtime.GOOS == "linux" {
		return descriptorPath(dir) + "/" + name
	}
	return filepath.Join(real, name)
}

// shownPath shows an absolute path as answers name paths: relative to the root for the MCP server
// (whose paths are the root's), relative to the working directory for the command line, when it
// lies below; otherwise as it is.
func (s *session) shownPath(p string) string {
	if s.base != "" {
		if rel, err := filepath.Rel(s.base, p); err == nil && !strings.HasPrefix(rel, "..") {
			return rel
		}
		return p
	}
	return relToWD(p)
}

// relToWD shows a path relative to the working directory when it lies below it.
func relToWD(p string) string {
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	if rel, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return p
}
