package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/readmap/readmap/indexer"
	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/store"
	"github.com/spf13/cobra"
)

func (a *app) symCommand() *cobra.Command {
	q := query.NewSymQuery("")
	cmd := &cobra.Command{
		Use:   "sym QUERY",
		Short: "Find symbols across the codebase by name",
		Long: `sym finds symbols in the store: exact name or qualified name first, then prefix, then
substring, then names with typos. Each hit prints as path:start-end  kind  qualname  signature.
Files of the hits are checked first: one that changed is mapped again before answering. The answer
stops at --limit hits or before one that would take it over 28,000 bytes; its last line then says
which --skip shows the rest.`,
		Example: `  readmap sym NewReader
  readmap sym Builder.WriteString
  readmap sym handle --kind method --path 'net/*'`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			q.Text = args[0]
			if err := q.Validate(); err != nil {
				return asFailure("", err)
			}
			return a.sym(cmd.Context(), q)
		},
	}
	f := cmd.Flags()
	f.StringVar(&q.Filter.Kind, "kind", "", "only symbols of this kind (function, method, class, ...)")
	f.StringVar(&q.Filter.Language, "lang", "", "only files of this language")
	f.StringVar(&q.Filter.PathGlob, "path", "", "only files whose path matches this glob ('net/*')")
	f.IntVar(&q.Limit, "limit", q.Limit, "most hits to print, 1 to 1,000")
	f.IntVar(&q.Skip, "skip", 0, "hits to pass over first, as a cut answer's notice says (0 to 10,000)")
	return cmd
}

func (a *app) sym(ctx context.Context, q query.SymQuery) error {
	st, root, err := a.openRootStore(ctx, false)
	if err != nil {
		return err
	}
	defer st.Close()
	hits, err := a.lookupSymbols(ctx, st, root, q)
	if err != nil {
		return err
	}
	enc := query.EncodingRaw
	if a.json {
		enc = query.EncodingJSON
	}
	ans, err := symAnswer(hits, q, enc)
	if err != nil {
		return err
	}
	if a.json {
		a.notice(ans.Notice)
		return ans.WriteJSON(a.stdout)
	}
	return ans.WriteText(a.stdout)
}

// symAnswer shows hits as q asks; a --skip past every hit is a failure.
func symAnswer(hits []query.SymHit, q query.SymQuery, enc query.Encoding) (*query.SymAnswer, error) {
	ans := query.NewSymAnswer(hits, q, enc, 0)
	if len(ans.Hits) == 0 {
		return nil, failure(query.CodeNoHit, "sym "+q.Text, fmt.Errorf("no hit past the first %s", query.Thousands(ans.Passed)),
			fmt.Sprintf("the lookup has %s hits: pass a smaller --skip", query.Thousands(ans.Passed)))
	}
	return ans, nil
}

// lookupSymbols looks q up in st, the store of root, re-mapping the files of stale hits first.
// The sym command and the MCP sym tool both answer with it. Errors are ready to print.
func (a *app) lookupSymbols(ctx context.Context, st *store.Store, root string, q query.SymQuery) ([]query.SymHit, error) {
	hits, stale, err := indexer.Lookup(ctx, st, a.indexerOptions(root), func() ([]query.SymHit, []string, error) {
		hits, err := query.Sym(ctx, st, q)
		paths := make([]string, len(hits))
		for i, h := range hits {
			paths[i] = h.Path
		}
		return hits, paths, err
	})
	if err != nil {
		return nil, asFailure("sym "+q.Text, err)
	}
	if len(stale) > 0 {
		a.warn("store %s is read-only: answered from it as it is, though %s changed since it was written (hint: %s)",
			st.Path(), strings.Join(stale, ", "), storeHint(store.ErrReadOnly))
	}
	return hits, nil
}
