package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/readmap/readmap/query"
	"github.com/spf13/cobra"
)

func (a *app) searchCommand() *cobra.Command {
	req := query.NewSearchRequest("")
	cmd := &cobra.Command{
		Use:   "search PATH PATTERN",
		Short: "Find lines in a file, each with its enclosing symbol",
		Long: `search prints the lines of PATH that match PATTERN, each headed by its line number and the
breadcrumb of the symbol that encloses it, with context lines around it. PATTERN is plain text
(case-insensitive unless it has an upper-case letter), a regular expression with --regex, or a
whole line to find by similarity with --fuzzy (typos allowed; best first). The answer stops before
a hit that would take it over 28,000 bytes; its last line then names the next hit and the --skip
that shows it.`,
		Example: `  readmap search services/processor.py "retry"
  readmap search server.go 'func \(s \*Server\) \w+' --regex
  readmap search server.go "if err := srv.ListenAndServ(); err != nill {" --fuzzy`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			req.Pattern = args[1]
			if err := req.Validate(); err != nil {
				return asFailure("", err)
			}
			ctx := cmd.Context()
			s, err := a.openSession(ctx)
			if err != nil {
				return err
			}
			defer s.close()
			if a.json {
				req.Encoding = query.EncodingJSON
			}
			ans, err := a.search(ctx, s, args[0], req, openOptions{})
			if err != nil {
				return err
			}
			if a.json {
				a.notice(ans.Notice)
				return ans.WriteJSON(a.stdout)
			}
			return ans.WriteText(a.stdout)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&req.Regex, "regex", false, "PATTERN is a regular expression (Go syntax)")
	f.BoolVar(&req.Fuzzy, "fuzzy", false, "find lines similar to PATTERN as a whole, best first")
	f.Float64Var(&req.Threshold, "threshold", req.Threshold, "least similarity of a --fuzzy hit, above 0 and at most 1")
	f.IntVar(&req.Context, "context", req.Context, "lines of context around each hit, 0 to 50")
	f.IntVar(&req.Max, "max", req.Max, "most hits to print, 1 to 1,000")
	f.IntVar(&req.Skip, "skip", 0, "hits to pass over first, as a cut answer's notice says (0 to 100,000)")
	return cmd
}

// search opens the file named by arg, loads its row fresh and searches the open file; no hit
// is a failure.
func (a *app) search(ctx context.Context, s *session, arg string, req query.SearchRequest, opt openOptions) (*query.SearchAnswer, error) {
	o, err := a.open(ctx, s, arg, opt)
	if err != nil {
		return nil, err
	}
	defer o.Close()
	req.File, req.Source, req.Size = o.row, o.text, o.size
	ans, err := query.Search(ctx, req)
	if err != nil {
		return nil, asFailure(o.shown, err)
	}
	switch {
	case len(ans.Hits) > 0:
		return ans, nil
	case ans.Passed > 0:
		return nil, failure(query.CodeNoHit, o.shown, fmt.Errorf("no hit past the first %s", query.Thousands(ans.Passed)),
			fmt.Sprintf("the search has %s hits: pass a smaller --skip", query.Thousands(ans.Passed)))
	}
	return nil, failure(query.CodeNoHit, o.shown, errors.New("no line matches "+quote(req.Pattern)), searchHint(req))
}

func quote(s string) string { return "\"" + s + "\"" }

// searchHint suggests the next try after a search found nothing.
func searchHint(req query.SearchRequest) string {
	switch {
	case req.Fuzzy:
		return "lower --threshold, or search a shorter fragment without --fuzzy"
	case req.Regex:
		return "check the expression, or try --fuzzy with a whole line"
	default:
		return "try --fuzzy with the whole line, or readmap sym NAME to find a symbol"
	}
}
