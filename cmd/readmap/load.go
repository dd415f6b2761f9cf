package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/agnivade/levenshtein"
	"github.com/readmap/readmap/indexer"
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

// load returns the fresh row of the file named by arg (relative to the working directory), mapping
// it in memory when the store cannot be used. Errors are ready to print.
//
// A binary file is an error ("binary file (PNG image, 45.2 KB); not shown").
func (a *app) load(ctx context.Context, s *session, arg string) (*store.File, string, error) {
	abs, arg, err := s.resolve(arg)
	if err != nil {
		return nil, "", failure(query.CodeBadPath, arg, err, "")
	}
	a.warnStore(s, s.storeErr)
	fresh, err := indexer.Load(ctx, s.st, s.root, abs, a.indexerOptions(s.root))
	if err != nil {
		return nil, abs, a.fileError(arg, abs, err)
	}
	a.warnStore(s, fresh.StoreErr)
	f := fresh.File
	if f.Skip == store.SkipBinary {
		return nil, abs, failure(query.CodeBinary, arg, fmt.Errorf("binary file (%s, %s); not shown", f.SkipDetail, query.HumanBytes(f.Size)),
			"readmap reads text files only")
	}
	return f, abs, nil
}

// fileError explains why a path cannot be read: missing (with similar names nearby), a folder
// (with its entries), or no permission.
func (a *app) fileError(arg, abs string, err error) *cliError {
	ce := &cliError{what: arg, cause: err}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		ce.code, ce.why, ce.hint = query.CodeNotFound, "no such file", similarNames(abs)
	case errors.Is(err, indexer.ErrIsDir):
		ce.code, ce.why, ce.hint = query.CodeIsDirectory, "is a directory", dirEntries(abs)
	case errors.Is(err, fs.ErrPermission):
		ce.code, ce.why, ce.hint = query.CodePermission, "permission denied", "check the file's permissions"
	default:
		ce.code = query.CodeUnreadable
		var pe *fs.PathError
		if errors.As(err, &pe) {
			ce.why = pe.Err.Error() // the path is already the WHAT
		}
	}
	return ce
}

// similarNames lists up to five names in the nearest existing folder that resemble the missing
// file's name.
func similarNames(abs string) string {
	dir, name := filepath.Split(abs)
	for dir != "" {
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			break
		}
		parent := filepath.Dir(filepath.Clean(dir))
		if parent == filepath.Clean(dir) {
			return ""
		}
		dir = parent
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	type candidate struct {
		name string
		dist int
	}
	var cands []candidate
	lower := strings.ToLower(name)
	for _, e := range entries {
		n := strings.ToLower(e.Name())
		d := levenshtein.ComputeDistance(lower, n)
		if stem := strings.TrimSuffix(n, filepath.Ext(n)); strings.Contains(n, lower) || (stem != "" && strings.Contains(lower, stem)) {
			d = min(d, 2)
		}
		if d <= max(2, len(name)/3) {
			cands = append(cands, candidate{e.Name(), d})
		}
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].dist != cands[j].dist {
			return cands[i].dist < cands[j].dist
		}
		return cands[i].name < cands[j].name
	})
	if len(cands) == 0 {
		return fmt.Sprintf("no similar names in %s", filepath.Clean(dir))
	}
	var names []string
	for _, c := range cands[:min(5, len(cands))] {
		names = append(names, query.DisplayPath(filepath.Join(relToWD(filepath.Clean(dir)), c.name)))
	}
	return "similar: " + strings.Join(names, ", ")
}

// dirEntries lists a folder's entries with their line counts and sizes, for the hint of a read
// that named a folder.
func dirEntries(abs string) string {
	entries, err := os.ReadDir(abs)
	if err != nil {
		return ""
	}
	const shown = 20
	var parts []string
	for _, e := range entries[:min(shown, len(entries))] {
		if e.IsDir() {
			parts = append(parts, query.DisplayPath(e.Name())+"/")
			continue
		}
		info, err := e.Info()
		if err != nil {
			parts = append(parts, query.DisplayPath(e.Name()))
			continue
		}
		parts = append(parts, fmt.Sprintf("%s (%s lines, %s)", query.DisplayPath(e.Name()), lineCountOf(filepath.Join(abs, e.Name()), info), query.HumanBytes(info.Size())))
	}
	if len(entries) > shown {
		parts = append(parts, fmt.Sprintf("… %d more", len(entries)-shown))
	}
	if len(parts) == 0 {
		return "the folder is empty"
	}
	return "entries: " + strings.Join(parts, ", ")
}

// lineCountOf counts a small file's lines for a folder listing; large files show "?" rather than
// being read whole for a hint.
func lineCountOf(path string, info fs.FileInfo) string {
	if info.Size() > 4<<20 || !info.Mode().IsRegular() {
		return "?"
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return "?"
	}
	if _, binary := lang.BinaryKind(src[:min(len(src), 8192)]); binary {
		return "binary"
	}
	return query.Thousands(lang.CountLines(src))
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
