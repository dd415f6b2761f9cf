package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/readmap/readmap/indexer"
	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/query/tags"
	"github.com/readmap/readmap/store"
	"github.com/spf13/cobra"
)

func (a *app) exportCommand() *cobra.Command {
	var format, out string
	cmd := &cobra.Command{
		Use:   "export --format ctags [-o FILE]",
		Short: "Write the store's definitions as a tags file for editors",
		Long: `export brings the store up to date (as index does), then writes every definition as a tags
file in universal-ctags' extended format, sorted, with each symbol's line, end line, kind, scope
and signature: vim (:set tags=), emacs and readtags read it. The file is written beside the
target and renamed over it; a file that is not a tags file is never overwritten.`,
		Example: `  readmap export --format ctags
  readmap export --format ctags -o .git/tags
  readmap export --format ctags -o - | grep '^NewReader'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if format != "ctags" {
				return usageError(fmt.Errorf("unknown --format %q", format), "readmap export --format ctags")
			}
			return a.exportTags(cmd.Context(), out)
		},
	}
	f := cmd.Flags()
	f.StringVar(&format, "format", "ctags", "the format to write: ctags")
	f.StringVarP(&out, "output", "o", "", "the file to write (default ROOT/tags; \"-\": standard output)")
	return cmd
}

// exportTags indexes the root and writes its tags file to out.
func (a *app) exportTags(ctx context.Context, out string) error {
	root, err := a.rootDir()
	if err != nil {
		return err
	}
	st, root, err := a.openStore(ctx, root, true)
	if err != nil {
		return failure(query.CodeStore, a.dbPath(root), err, storeHint(err))
	}
	defer st.Close()
	opts := a.indexerOptions(root)
	opts.Root = root
	if !st.ReadOnly() {
		if _, err := indexer.Run(ctx, st, opts); err != nil {
			return failure(query.CodeIndex, root, err, storeHint(err))
		}
	}
	dir := root
	if out == "" {
		out = filepath.Join(root, "tags")
	}
	if out != "-" {
		if out, err = filepath.Abs(out); err != nil {
			return failure(query.CodeBadPath, out, err, "")
		}
		dir = filepath.Dir(out)
		if err := overwritable(out); err != nil {
			return err
		}
	}
	b := tags.NewBuilder(root, dir)
	if err := st.EachFile(ctx, func(f *store.File) error { b.Add(f); return nil }); err != nil {
		return failure(query.CodeStore, st.Path(), err, storeHint(err))
	}
	if out == "-" {
		return b.Write(a.stdout, version)
	}
	if err := writeAtomically(out, func(w io.Writer) error { return b.Write(w, version) }); err != nil {
		return failure(query.CodeFailed, out, err, "check that its folder exists and is writable")
	}
	if !a.quiet {
		skipped := ""
		if b.Skipped > 0 {
			skipped = fmt.Sprintf(" (%s symbols left out: a tab, a line break or a leading '!' in the name)", query.Thousands(b.Skipped))
		}
		shown := out
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, out); err == nil && !strings.HasPrefix(rel, "..") {
				shown = rel
			}
		}
		fmt.Fprintf(a.stderr, "%s tags written to %s%s\n", query.Thousands(b.Len()), query.DisplayPath(shown), skipped)
	}
	return nil
}

// overwritable refuses a path that holds something other than a tags file, as ctags does.
func overwritable(path string) error {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return failure(query.CodeUnreadable, path, err, "")
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.IsDir() {
		return failure(query.CodeIsDirectory, path, errors.New("is a directory"), "give -o a file path")
	}
	head := make([]byte, len("!_TAG_"))
	n, _ := f.Read(head)
	if n == 0 || strings.HasPrefix(string(head[:n]), "!_TAG_") {
		return nil
	}
	return failure(query.CodeFailed, path, errors.New("is not a tags file; not overwritten"),
		"give -o another path, or remove the file")
}

// writeAtomically writes path through a temporary file beside it, renamed over it once written
// and synced: a reader sees the old file or the new one, never half of it.
func writeAtomically(path string, write func(io.Writer) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	done := false
	defer func() {
		if !done {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := write(tmp); err != nil {
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	done = true
	return nil
}
