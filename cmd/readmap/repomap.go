package main

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/readmap/readmap/indexer"
	"github.com/readmap/readmap/query"
)

// repoMapRequest is a repository map asked for on the command line or over MCP: paths as the
// caller gave them, resolved against base (the working directory, or the root for MCP).
type repoMapRequest struct {
	root    string // the repository root; "" for the one the flags and working directory give
	base    string
	folder  string // "" for the root
	focus   []string
	mention []string
	budget  int
}

// repoMap brings the root's store up to date and builds the repository map req asks for. Errors
// are ready to print: a folder or focus file that is missing or outside the root fails naming it.
func (a *app) repoMap(ctx context.Context, req repoMapRequest) (*query.RepoMap, error) {
	err := query.ValidateMapBudget(req.budget)
	if err != nil {
		return nil, asFailure("", err)
	}
	root := req.root
	if root == "" {
		if root, err = a.rootDir(); err != nil {
			return nil, err
		}
	}
	st, root, err := a.openStore(ctx, root, true)
	if err != nil {
		return nil, failure(query.CodeStore, a.dbPath(root), err, storeHint(err))
	}
	defer st.Close()
	s := &session{base: req.base, root: root}
	if s.base == "" {
		s.base, _ = os.Getwd()
	}
	opts := query.RepoMapOptions{Budget: req.budget, Mention: req.mention}
	if req.folder != "" {
		if opts.Folder, err = a.insideRoot(s, req.folder, true); err != nil {
			return nil, err
		}
	}
	for _, f := range req.focus {
		rel, err := a.insideRoot(s, f, false)
		if err != nil {
			return nil, err
		}
		opts.Focus = append(opts.Focus, rel)
	}
	if !st.ReadOnly() {
		if _, err := indexer.Run(ctx, st, a.indexerOptions(root)); err != nil {
			return nil, failure(query.CodeIndex, root, err, storeHint(err))
		}
	}
	m, err := query.BuildRepoMap(ctx, st, opts)
	if err != nil {
		return nil, asFailure("map", err)
	}
	return m, nil
}

// insideRoot returns arg (a folder when folder is set, else a file) relative to the session's
// root with '/' separators ("" for the root itself), or a failure naming arg when it does not
// exist, is of the other sort, or lies outside the root.
func (a *app) insideRoot(s *session, arg string, folder bool) (string, error) {
	abs, err := s.absolute(arg)
	if err != nil {
		return "", failure(query.CodeBadPath, arg, err, "")
	}
	real, err := filepath.EvalSymlinks(abs)
	if errors.Is(err, fs.ErrNotExist) {
		return "", failure(query.CodeNotFound, arg, errors.New("no such file or folder"), "give a path inside the repository root "+s.root)
	}
	if err != nil {
		return "", failure(query.CodeUnreadable, arg, err, "")
	}
	rel, ok := s.within(real)
	if !ok {
		return "", failure(query.CodeOutsideRoot, arg, errors.New("outside the repository root "+s.root), "give a path inside the root")
	}
	fi, err := os.Stat(real)
	if err != nil {
		return "", failure(query.CodeUnreadable, arg, err, "")
	}
	switch {
	case folder && !fi.IsDir():
		return "", failure(query.CodeFailed, arg, errors.New("not a folder"), "readmap map FILE gives a file's map")
	case !folder && fi.IsDir():
		return "", failure(query.CodeIsDirectory, arg, errors.New("is a folder"), "--focus takes files; readmap map FOLDER maps a folder")
	}
	if rel == "." {
		rel = ""
	}
	return rel, nil
}
