package main

import (
	"context"
	"encoding/hex"

	"github.com/readmap/readmap/query"
	"github.com/spf13/cobra"
)

func (a *app) readCommand() *cobra.Command {
	var (
		req       query.ReadRequest
		linesFlag string
		raw       bool
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
			return a.read(cmd, args[0], req, raw)
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
	f.BoolVar(&raw, "raw", false, "a notebook's JSON bytes, with their map, instead of its cells")
	f.Int("page-bytes", query.DefaultPageBytes, "page size in bytes, 64 or more (env READMAP_PAGE_BYTES)")
	f.Int("max-lines", query.DefaultMaxLines, "most lines a page holds, 1 or more (env READMAP_MAX_LINES)")
	f.Int("budget", query.DefaultMapBudget, "map size limit in bytes, 256 or more (env READMAP_MAP_BUDGET)")
	return cmd
}

func (a *app) read(cmd *cobra.Command, arg string, req query.ReadRequest, raw bool) error {
	ctx := cmd.Context()
	s, err := a.openSession(ctx)
	if err != nil {
		return err
	}
	defer s.close()
	if a.json {
		req.Layout.Encoding = query.EncodingJSON
	}
	ans, err := a.readAnswer(ctx, s, arg, req, openOptions{hash: a.json, raw: raw})
	if err != nil {
		return err
	}
	if a.json {
		return ans.WriteJSON(a.stdout)
	}
	return ans.WriteText(a.stdout)
}

// readAnswer opens the file named by arg, loads its row fresh and answers req from the open file,
// in the encoding req.Layout names; errors are ready to print.
func (a *app) readAnswer(ctx context.Context, s *session, arg string, req query.ReadRequest, opt openOptions) (*query.Answer, error) {
	o, err := a.open(ctx, s, arg, opt)
	if err != nil {
		return nil, err
	}
	defer o.Close()
	size := o.size
	req.File, req.Display, req.Source, req.Size, req.Charset, req.View = o.row, o.shown, o.text, size, o.charset, o.view
	req.Changed, req.Hash = o.changed, hexOrEmpty(o.sum)
	st := s.st
	if o.mapped {
		st = nil // the store's page starts may be another version's
	}
	if req.Pages, req.Lines, err = query.PagesFor(ctx, st, o.row, o.text, size, req.PageLayout()); err != nil {
		return nil, failure(query.CodeUnreadable, o.shown, err, "")
	}
	ans, err := query.Read(ctx, req)
	if err != nil {
		return nil, asFailure(o.shown, err)
	}
	return ans, nil
}

// hexOrEmpty is sum in hex, or "" when it was not computed.
func hexOrEmpty(sum []byte) string {
	if sum == nil {
		return ""
	}
	return hex.EncodeToString(sum)
}
