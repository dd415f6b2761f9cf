package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/store"
	"github.com/spf13/cobra"
)

func (a *app) readCommand() *cobra.Command {
	var (
		req              query.ReadRequest
		offset, limit    int
		linesFlag        string
		page             int
		pageBytes, lines int
	)
	cmd := &cobra.Command{
		Use:   "read PATH",
		Short: "Read a file: small files whole, large files as page 1 plus a map",
		Long: `read is what an agent calls instead of a plain file read. A small file comes back whole and
byte-exact. A large file comes back as a banner, its first page, a notice and a budgeted map of
every symbol with its line range, so the next read can target exactly the lines it needs. No
default answer is longer than 28,000 bytes.`,
		Example: `  readmap read services/processor.py               # small: whole; large: page 1 + map
  readmap read services/processor.py --lines 67-180  # exactly those lines
  readmap read services/processor.py --symbol BatchProcessor.run
  readmap read services/processor.py --page 2
  readmap read big.log --offset 5000 --limit 100 -n`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f := cmd.Flags()
			if f.Changed("offset") {
				if offset < 1 {
					return usageError(fmt.Sprintf("--offset %d: lines start at 1", offset), "pass --offset N with N >= 1")
				}
				req.Offset, req.Limit = offset, limit
			} else if f.Changed("limit") {
				req.Offset, req.Limit = 1, limit
			}
			if linesFlag != "" {
				first, last, err := parseLines(linesFlag)
				if err != nil {
					return err
				}
				req.Offset, req.LineEnd = first, last
			}
			req.Page, req.PageSet = page, f.Changed("page")
			for _, check := range []error{atLeast("page-bytes", pageBytes, minPageBytes), atLeast("max-lines", lines, 1),
				atLeast("budget", req.MapBudget, minMapBudget), atLeast("limit", limit, 0)} {
				if check != nil {
					return check
				}
			}
			req.Layout = query.Layout{PageBytes: pageBytes, MaxLines: lines}
			return a.read(cmd, args[0], req)
		},
	}
	f := cmd.Flags()
	f.IntVar(&offset, "offset", 0, "first line to show (1-based)")
	f.IntVar(&limit, "limit", 0, "how many lines to show from --offset (at most a page)")
	f.StringVar(&linesFlag, "lines", "", "the lines A-B to show (inclusive), or a single line A")
	f.IntVar(&page, "page", 1, "show page N")
	f.StringVar(&req.Symbol, "symbol", "", "show the lines of a symbol (qualified Class.method or plain name)")
	f.BoolVar(&req.Full, "full", false, "the whole file verbatim, however large")
	f.BoolVar(&req.WithMap, "map", false, "add the map after any page or range")
	f.BoolVarP(&req.Numbers, "numbers", "n", false, "prefix each line with its number and a tab")
	f.IntVar(&pageBytes, "page-bytes", envInt("READMAP_PAGE_BYTES", query.DefaultPageBytes), "page size in bytes (env READMAP_PAGE_BYTES)")
	f.IntVar(&lines, "max-lines", envInt("READMAP_MAX_LINES", query.DefaultMaxLines), "most lines a page holds (env READMAP_MAX_LINES)")
	f.IntVar(&req.MapBudget, "budget", envInt("READMAP_MAP_BUDGET", query.DefaultMapBudget), "map size limit in bytes (env READMAP_MAP_BUDGET)")
	cmd.MarkFlagsMutuallyExclusive("lines", "offset")
	cmd.MarkFlagsMutuallyExclusive("lines", "page", "symbol", "full")
	cmd.MarkFlagsMutuallyExclusive("offset", "page", "symbol", "full")
	return cmd
}

// parseLines reads --lines "A-B" or "A".
func parseLines(s string) (int, int, error) {
	a, b, ranged := strings.Cut(s, "-")
	first, err1 := strconv.Atoi(strings.TrimSpace(a))
	last := first
	var err2 error
	if ranged {
		last, err2 = strconv.Atoi(strings.TrimSpace(b))
	}
	if err1 != nil || err2 != nil || first < 1 || last < first {
		return 0, 0, usageError(fmt.Sprintf("--lines %q: want A-B with 1 <= A <= B", s), "for example --lines 67-180")
	}
	return first, last, nil
}

func (a *app) read(cmd *cobra.Command, arg string, req query.ReadRequest) error {
	ctx := cmd.Context()
	s, err := a.openSession(ctx)
	if err != nil {
		return err
	}
	defer s.close()
	ans, err := a.readAnswer(ctx, s, arg, req)
	if err != nil {
		return err
	}
	if a.json {
		return ans.WriteJSON(a.stdout)
	}
	return ans.WriteText(a.stdout)
}

// readAnswer loads the file named by arg fresh and answers req; errors are ready to print.
func (a *app) readAnswer(ctx context.Context, s *session, arg string, req query.ReadRequest) (*query.Answer, error) {
	f, file, fi, err := a.openFresh(ctx, s, arg)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	req.File, req.Display, req.Source, req.Size = f, arg, file, fi.Size()
	layout := req.Layout
	layout.Numbered = req.Numbers
	if req.Pages, req.Lines, err = query.PagesFor(ctx, s.st, f, file, fi.Size(), layout); err != nil {
		return nil, failure("unreadable", arg, err.Error(), "")
	}
	ans, err := query.Read(ctx, req)
	if err != nil {
		return nil, queryFailure(arg, err)
	}
	return ans, nil
}

// openFresh loads the row of the file named by arg and opens the file, making sure both describe
// the same version: a file that changes in between is loaded again, so the map and the page agree.
// It returns the open file and what it stats as.
func (a *app) openFresh(ctx context.Context, s *session, arg string) (*store.File, *os.File, os.FileInfo, error) {
	for attempt := 0; ; attempt++ {
		f, abs, err := a.load(ctx, s, arg)
		if err != nil {
			return nil, nil, nil, err
		}
		file, err := os.Open(abs)
		if err != nil {
			return nil, nil, nil, a.fileError(arg, abs, err)
		}
		fi, err := file.Stat()
		if err != nil {
			file.Close()
			return nil, nil, nil, a.fileError(arg, abs, err)
		}
		if fi.Size() == f.Size && fi.ModTime().UnixNano() == f.ModTimeNS || attempt == 2 {
			return f, file, fi, nil
		}
		file.Close()
	}
}

// queryFailure turns a query error into a printable failure.
func queryFailure(what string, err error) error {
	var qe *query.Error
	if errors.As(err, &qe) {
		return failure(qe.Code, what, qe.Msg, qe.Hint)
	}
	return failure("failed", what, err.Error(), "")
}
