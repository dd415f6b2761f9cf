package main

import (
	"github.com/readmap/readmap/query"
	"github.com/spf13/cobra"
)

func (a *app) mapCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "map PATH...",
		Short: "Show the structural map of files",
		Long: `map prints the budgeted map of each file: every symbol with its line range, folded to fit the
budget. With --json it prints every symbol, no budget, one JSON object per file and line.`,
		Example: "  readmap map services/processor.py\n  readmap map --json src/*.go",
		Args:    cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, paths []string) error {
			budget := a.cfg.mapBudget
			if err := query.ValidateMapBudget(budget); err != nil {
				return asFailure("", err)
			}
			ctx := cmd.Context()
			s, err := a.openSession(ctx)
			if err != nil {
				return err
			}
			defer s.close()
			var first *cliError // the first file that failed; each failure is reported as it comes
			for _, p := range paths {
				f, sum, err := a.load(ctx, s, p, openOptions{hash: a.json})
				if err != nil {
					if len(paths) == 1 {
						return err
					}
					a.report(err)
					if first == nil {
						first = asFailure(p, err)
					}
					continue
				}
				if a.json {
					fj := query.NewFileJSON(f)
					fj.Hash = hexOrEmpty(sum)
					a.writeJSON(fj)
					continue
				}
				query.RenderMap(a.stdout, f, budget)
			}
			if first != nil {
				first.printed = true // the exit code follows from it; the message is out already
				return first
			}
			return nil
		},
	}
	cmd.Flags().Int("budget", query.DefaultMapBudget, "map size limit in bytes, 256 or more (env READMAP_MAP_BUDGET)")
	return cmd
}
