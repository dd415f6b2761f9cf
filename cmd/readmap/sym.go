package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"

	"github.com/readmap/readmap/indexer"
	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/store"
	"github.com/spf13/cobra"
)

func (a *app) symCommand() *cobra.Command {
	var q query.SymQuery
	cmd := &cobra.Command{
		Use:   "sym QUERY",
		Short: "Find symbols across the codebase by name",
		Long: `sym finds symbols in the store: exact name or qualified name first, then prefix, then
substring, then names with typos. Each hit prints as path:start-end  kind  qualname  signature.
Files of the hits are checked first: one that changed is mapped again before answering.`,
		Example: `  readmap sym NewReader
  readmap sym Builder.WriteString
  readmap sym handle --kind method --path 'net/*'`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := atLeast("limit", q.Limit, 1); err != nil {
				return err
			}
			q.Text = args[0]
			return a.sym(cmd.Context(), q)
		},
	}
	f := cmd.Flags()
	f.StringVar(&q.Filter.Kind, "kind", "", "only symbols of this kind (function, method, class, ...)")
	f.StringVar(&q.Filter.Language, "lang", "", "only files of this language")
	f.StringVar(&q.Filter.PathGlob, "path", "", "only files whose path matches this glob ('net/*')")
	f.IntVar(&q.Limit, "limit", query.DefaultSymLimit, "most hits to print")
	return cmd
}

func (a *app) sym(ctx context.Context, q query.SymQuery) error {
	hits, err := a.symHits(ctx, q)
	if err != nil {
		return err
	}
	if a.json {
		return query.WriteSymJSON(a.stdout, hits)
	}
	return query.WriteSymText(a.stdout, hits)
}

// symHits looks q up in the store, re-mapping the files of stale hits first.
func (a *app) symHits(ctx context.Context, q query.SymQuery) ([]query.SymHit, error) {
	if q.Filter.Kind != "" {
		if _, ok := store.ParseKind(q.Filter.Kind); !ok {
			return nil, usageError("unknown kind "+q.Filter.Kind, "kinds: "+strings.Join(store.Kinds(), ", "))
		}
	}
	root, err := a.rootDir()
	if err != nil {
		return nil, err
	}
	st, root, err := a.openStore(ctx, root, false)
	if err != nil {
		return nil, failure("store", a.dbPath(root), err.Error(), storeHint(err))
	}
	defer st.Close()
	if err := a.remapOlderRows(ctx, st, root); err != nil {
		return nil, queryFailure("sym "+q.Text, err)
	}
	hits, err := query.Sym(ctx, st, q)
	if err == nil {
		// Never stale: re-map the hits' files that changed, then look up again.
		var refreshed bool
		if refreshed, err = a.refreshHits(ctx, st, root, hits); err == nil && refreshed {
			hits, err = query.Sym(ctx, st, q)
		}
	}
	if err != nil {
		return nil, queryFailure("sym "+q.Text, err)
	}
	return hits, nil
}

// remapOlderRows re-indexes the files whose rows an older readmap's mappers made, so that a
// lookup finds what the current mappers find: once after an upgrade, every file.
func (a *app) remapOlderRows(ctx context.Context, st *store.Store, root string) error {
	older, err := st.PathsMappedBefore(ctx, indexer.MappersVersion)
	if err != nil || len(older) == 0 {
		return err
	}
	a.log.Info("re-mapping the files an older readmap mapped", "files", len(older))
	opts := a.indexerOptions(root)
	for _, p := range older {
		opts.Paths = append(opts.Paths, filepath.Join(root, filepath.FromSlash(p)))
	}
	_, err = indexer.Run(ctx, st, opts)
	return err
}

// refreshHits re-indexes the files of hits whose size or mtime no longer match their rows, or
// that are gone. It reports whether any was.
func (a *app) refreshHits(ctx context.Context, st *store.Store, root string, hits []query.SymHit) (bool, error) {
	seen := map[string]bool{}
	var stale []string
	for _, h := range hits {
		if seen[h.Path] {
			continue
		}
		seen[h.Path] = true
		abs := filepath.Join(root, filepath.FromSlash(h.Path))
		fi, err := os.Stat(abs)
		if err != nil || fi.Size() != h.Size || fi.ModTime().UnixNano() != h.ModTimeNS {
			stale = append(stale, abs)
		}
	}
	if len(stale) == 0 {
		return false, nil
	}
	opts := a.indexerOptions(root)
	opts.Paths = stale
	_, err := indexer.Run(ctx, st, opts)
	return true, err
}
