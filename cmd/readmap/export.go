package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/readmap/readmap/indexer"
	"github.com/readmap/readmap/indexer/lang"
	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/query/scipexport"
	"github.com/readmap/readmap/query/tags"
	"github.com/readmap/readmap/store"
	"github.com/spf13/cobra"
)

func (a *app) exportCommand() *cobra.Command {
	var format, out string
	cmd := &cobra.Command{
		Use:   "export --format ctags|scip [-o FILE]",
		Short: "Write the store's definitions for editors (ctags) or code search (SCIP)",
		Long: `export brings the store up to date (as index does), then writes every definition:
--format ctags: a tags file in universal-ctags' extended format (default ROOT/tags), sorted, with
each symbol's line, end line, kind, scope and signature, which vim (:set tags=), emacs and
readtags read; a file that is not a tags file is never overwritten.
--format scip: a SCIP index (default ROOT/index.scip), one document per mapped file with a
definition occurrence and symbol information for each symbol, and a reference occurrence for
each use of a name that means a definition in its file, folder or imports (as refs finds uses),
for Sourcegraph (src code-intel upload) and other code search clusters.
The file is written beside its target and renamed over it.`,
		Example: `  readmap export --format ctags
  readmap export --format ctags -o .git/tags
  readmap export --format ctags -o - | grep '^NewReader'
  readmap export --format scip && src code-intel upload -file=index.scip`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			switch format {
			case "ctags":
				return a.export(cmd.Context(), out, "tags", a.writeTags)
			case "scip":
				return a.export(cmd.Context(), out, "index.scip", a.writeSCIP)
			}
			return usageError(fmt.Errorf("unknown --format %q", format), "readmap export --format ctags, or --format scip")
		},
	}
	f := cmd.Flags()
	f.StringVar(&format, "format", "ctags", "the format to write: ctags or scip")
	f.StringVarP(&out, "output", "o", "", "the file to write (default ROOT/tags or ROOT/index.scip; \"-\": standard output)")
	return cmd
}

// export indexes the root and writes what write makes of the store to out (or ROOT/name).
func (a *app) export(ctx context.Context, out, name string, write func(context.Context, *store.Store, string, string, io.Writer) (string, error)) error {
	st, root, err := a.openRootStore(ctx, true)
	if err != nil {
		return err
	}
	defer st.Close()
	opts := a.indexerOptions(root)
	opts.Root = root
	if !st.ReadOnly() {
		if _, err := indexer.Run(ctx, st, opts); err != nil {
			return failure(query.CodeIndex, root, err, storeHint(err))
		}
	}
	if out == "-" {
		_, err := write(ctx, st, root, root, a.stdout)
		return err
	}
	if out == "" {
		out = filepath.Join(root, name)
	}
	if out, err = filepath.Abs(out); err != nil {
		return failure(query.CodeBadPath, out, err, "")
	}
	if name == "tags" {
		if err := overwritable(out); err != nil {
			return err
		}
	}
	var done string
	err = writeAtomically(out, func(w io.Writer) error {
		var err error
		done, err = write(ctx, st, root, filepath.Dir(out), w)
		return err
	})
	var cli *cliError
	if errors.As(err, &cli) {
		return err
	}
	if err != nil {
		return failure(query.CodeFailed, out, err, "check that its folder exists and is writable")
	}
	if !a.quiet {
		shown := out
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, out); err == nil && !strings.HasPrefix(rel, "..") {
				shown = rel
			}
		}
		fmt.Fprintf(a.stderr, "%s written to %s\n", done, query.DisplayPath(shown))
	}
	return nil
}

// writeTags writes the store's tags file, for a tags file in folder dir, and says what it wrote.
func (a *app) writeTags(ctx context.Context, st *store.Store, root, dir string, w io.Writer) (string, error) {
	b := tags.NewBuilder(root, dir)
	if err := st.EachFile(ctx, func(f *store.File) error { b.Add(f); return nil }); err != nil {
		return "", failure(query.CodeStore, st.Path(), err, storeHint(err))
	}
	if err := b.Write(w, version); err != nil {
		return "", err
	}
	done := query.Thousands(b.Len()) + " tags"
	if b.Skipped > 0 {
		done += fmt.Sprintf(" (%s symbols left out: a tab, a line break or a leading '!' in the name)", query.Thousands(b.Skipped))
	}
	return done, nil
}

// writeSCIP writes the store's SCIP index, reading each file's text to place its names and find
// its uses, and says what it wrote. The rows are read twice: once for every definition a use may
// mean, then document by document as they are written.
func (a *app) writeSCIP(ctx context.Context, st *store.Store, root, _ string, w io.Writer) (string, error) {
	var sets []store.NameSet
	err := st.EachNameSet(ctx, func(s store.NameSet) error {
		s.Used, s.Defined = nil, nil // only paths, languages and imports are needed
		sets = append(sets, s)
		return nil
	})
	if err != nil {
		return "", failure(query.CodeStore, st.Path(), err, storeHint(err))
	}
	refs := scipexport.NewReferences(sets)
	err = st.EachFile(ctx, func(f *store.File) error {
		if exported(f) {
			refs.Define(f)
		}
		return nil
	})
	if err != nil {
		return "", failure(query.CodeStore, st.Path(), err, storeHint(err))
	}
	out, err := scipexport.NewWriter(w, root, version)
	if err != nil {
		return "", err
	}
	files, symbols, references := 0, 0, 0
	var writeErr error
	err = st.EachFile(ctx, func(f *store.File) error {
		if !exported(f) {
			return nil
		}
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f.Path)))
		if err != nil || !bytes.HasPrefix(indexer.Hash(src), f.Hash) || len(f.Hash) == 0 {
			src = nil // changed or gone since: names go to their lines' starts
		}
		if text, shown := lang.ShownText(f.Path, src); shown != "" {
			src = text
		}
		doc := scipexport.NewDocument(f, src, refs)
		if writeErr = out.Add(doc); writeErr != nil {
			return writeErr
		}
		files++
		symbols += len(doc.Symbols)
		references += len(doc.Occurrences) - len(doc.Symbols)
		return nil
	})
	if writeErr != nil {
		return "", writeErr
	}
	if err != nil {
		return "", failure(query.CodeStore, st.Path(), err, storeHint(err))
	}
	return fmt.Sprintf("SCIP index of %s documents, %s symbols and %s references", query.Thousands(files),
		query.Thousands(symbols), query.Thousands(references)), nil
}

// exported reports whether f is a document of the SCIP index: a mapped file under the root.
func exported(f *store.File) bool { return f.Skip.HasMap() && !filepath.IsAbs(f.Path) }

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
