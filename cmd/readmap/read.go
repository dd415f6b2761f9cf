package main

import (
	"context"
	"os"

	"github.com/readmap/readmap/indexer"
	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/store"
	"github.com/spf13/cobra"
)

func (a *app) readCommand() *cobra.Command {
	var (
		req       query.ReadRequest
		linesFlag string
	)
	cmd := &cobra.Command{
		Use:   "read PATH",
		Short: "Read a file: small files whole, large files as page 1 plus a map",
		Long: `read is what an agent calls instead of a plain file read. A small file comes back whole and
byte-exact. A large file comes back as a banner, its first page, a notice and a budgeted map of
every symbol with its line range, so the next read can target exactly the lines it needs. No
default answer is longer than 28,000 bytes. Read one way at a time: --lines, --offset (with
--limit), --page, --symbol or --full.`,
		Example: `  readmap read services/processor.py               # small: whole; large: page 1 + map
  readmap read services/processor.py --lines 67-180  # exactly those lines
  readmap read services/processor.py --symbol BatchProcessor.run
  readmap read services/processor.py --page 2
  readmap read big.log --offset 5000 --limit 100 -n`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f := cmd.Flags()
			req.OffsetSet, req.PageSet = f.Changed("offset"), f.Changed("page")
			if f.Changed("lines") {
				r, err := query.ParseLines(linesFlag)
				if err != nil {
					return asFailure("", err)
				}
				req.Range = r
			}
			req.Layout, req.MapBudget = a.cfg.layout(), a.cfg.mapBudget
			if err := req.Validate(); err != nil {
				return asFailure("", err)
			}
			return a.read(cmd, args[0], req)
		},
	}
	f := cmd.Flags()
	f.IntVar(&req.Offset, "offset", 0, "first line to show (1-based)")
	f.IntVar(&req.Limit, "limit", 0, "how many lines to show from --offset (at most a page)")
	f.StringVar(&linesFlag, "lines", "", "the lines A-B to show (inclusive), or a single line A")
	f.IntVar(&req.Page, "page", 1, "show page N")
	f.StringVar(&req.Symbol, "symbol", "", "show the lines of a symbol (qualified Class.method or plain name)")
	f.BoolVar(&req.Full, "full", false, "the whole file verbatim, however large")
	f.BoolVar(&req.WithMap, "map", false, "add the map after any page or range")
	f.BoolVarP(&req.Numbers, "numbers", "n", false, "prefix each line with its number and a tab")
	f.Int("page-bytes", query.DefaultPageBytes, "page size in bytes, 64 or more (env READMAP_PAGE_BYTES)")
	f.Int("max-lines", query.DefaultMaxLines, "most lines a page holds, 1 or more (env READMAP_MAX_LINES)")
	f.Int("budget", query.DefaultMapBudget, "map size limit in bytes, 256 or more (env READMAP_MAP_BUDGET)")
	return cmd
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
		return nil, failure(query.CodeUnreadable, arg, err, "")
	}
	ans, err := query.Read(ctx, req)
	if err != nil {
		return nil, asFailure(arg, err)
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
		if indexer.StampOf(fi) == f.Stamp() || attempt == 2 {
			return f, file, fi, nil
		}
		file.Close()
	}
}
