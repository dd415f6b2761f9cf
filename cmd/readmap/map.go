package main

import (
	"github.com/readmap/readmap/query"
	"github.com/spf13/cobra"
)

func (a *app) mapCommand() *cobra.Command {
	var budget int
	cmd := &cobra.Command{
		Use:   "map PATH...",
		Short: "Show the structural map of files",
		Long: `map prints the budgeted map of each file: every symbol with its line range, folded to fit the
budget. With --json it prints every symbol, no budget, one JSON object per file and line.`,
		Example: "  readmap map services/processor.py\n  readmap map --json src/*.go",
		Args:    cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, paths []string) error {
			if err := atLeast("budget", budget, minMapBudget); err != nil {
				return err
			}
			ctx := cmd.Context()
			s, err := a.openSession(ctx)
			if err != nil {
				return err
			}
			defer s.close()
			var firstErr error
			for _, p := range paths {
				f, _, err := a.load(ctx, s, p)
				if err != nil {
					if len(paths) == 1 {
						return err
					}
					a.report(err)
					if firstErr == nil {
						firstErr = err
					}
					continue
				}
				if a.json {
					a.writeJSON(query.NewFileJSON(f))
					continue
				}
				query.RenderMap(a.stdout, f, budget)
			}
			if firstErr != nil {
				return &cliError{exit: exitFailed, printed: true}
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&budget, "budget", envInt("READMAP_MAP_BUDGET", query.DefaultMapBudget), "map size limit in bytes (env READMAP_MAP_BUDGET)")
	return cmd
}
