package main

import (
	"context"
	"encoding/json"
	"io"
	"strings"

	"github.com/readmap/readmap/indexer"
	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/store"
	"github.com/spf13/cobra"
)

func (a *app) refsCommand() *cobra.Command {
	q := query.RefsQuery{Limit: query.DefaultRefsLimit}
	cmd := &cobra.Command{
		Use:   "refs NAME",
		Short: "Find who uses a symbol: its definitions, then every use, across the codebase",
		Long: `refs finds a name's definitions (as sym finds them), then every place it is used: each
identifier of that name outside comments and strings, in every file of the store, with the symbol
it sits in. Each hit prints as path:line  in ENCLOSING-SYMBOL  the line. Class.method keeps the uses
after a member access (. -> ::) and those in the files that define it. Only the files that may use
the name are read (each file's identifiers are kept as a filter); stale ones are mapped again
first. The answer stops at --limit hits or before 28,000 bytes; --limit 0 prints them all.`,
		Example: `  readmap refs NewReader
  readmap refs Server.Handle --path 'net/*'
  readmap refs kmalloc --limit 0 --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			q.Name = args[0]
			if err := q.Validate(); err != nil {
				return asFailure("", err)
			}
			return a.refs(cmd.Context(), q, a.stdout)
		},
	}
	f := cmd.Flags()
	f.StringVar(&q.PathGlob, "path", "", "only files whose path matches this glob ('net/*')")
	f.IntVar(&q.Limit, "limit", q.Limit, "most hits to print; 0 for all")
	return cmd
}

// refs answers q on w, from the store of the root, as text or (under --json) a JSON array.
func (a *app) refs(ctx context.Context, q query.RefsQuery, w io.Writer) error {
	st, root, err := a.openRootStore(ctx, false)
	if err != nil {
		return err
	}
	defer st.Close()
	hits, err := a.lookupRefs(ctx, st, root, q)
	if err != nil {
		return err
	}
	ans := query.NewRefsAnswer(hits, q, query.MaxAnswerBytes)
	if !a.json {
		_, err := io.WriteString(w, ans.Text())
		return err
	}
	if left := ans.LeftOut("--limit", "--path"); left != "" {
		a.notice(left)
	}
	out := ans.Hits
	if out == nil {
		out = []query.RefHit{}
	}
	return json.NewEncoder(w).Encode(out)
}

// lookupRefs finds q in st, the store of root, re-mapping stale files of the answer first. The
// refs command and the MCP refs tool both answer with it. Errors are ready to print.
func (a *app) lookupRefs(ctx context.Context, st *store.Store, root string, q query.RefsQuery) (query.RefsResult, error) {
	hits, stale, err := indexer.Lookup(ctx, st, a.indexerOptions(root), func() (query.RefsResult, []string, error) {
		return query.Refs(ctx, st, root, q)
	})
	if err != nil {
		return query.RefsResult{}, asFailure("refs "+q.Name, err)
	}
	if len(stale) > 0 {
		a.warn("store %s is read-only: answered from it as it is, though %s changed since it was written (hint: %s)",
			st.Path(), strings.Join(stale, ", "), storeHint(store.ErrReadOnly))
	}
	return hits, nil
}
