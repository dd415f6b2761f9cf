package main

import (
	"context"
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
	hits, err := indexer.Lookup(ctx, st, a.indexerOptions(root), func() ([]query.SymHit, []string, error) {
		hits, err := query.Sym(ctx, st, q)
		paths := make([]string, len(hits))
		for i, h := range hits {
			paths[i] = h.Path
		}
		return hits, paths, err
	})
	if err != nil {
		return nil, queryFailure("sym "+q.Text, err)
	}
	return hits, nil
}
