package main

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"

	"github.com/readmap/readmap/query"
	"github.com/spf13/cobra"
)

func (a *app) mapCommand() *cobra.Command {
	var focus, mention []string
	cmd := &cobra.Command{
		Use:   "map [PATH...]",
		Short: "Show the structural map of files, or the ranked map of the repository or a folder",
		Long: `map prints the budgeted map of each file: every symbol with its line range, folded to fit the
budget. With --json it prints every symbol, no budget, one JSON object per file and line.

With no PATH, or a folder, it prints the repository map: the definitions the rest of the repository
uses most, ranked as Aider does (files joined by the names one defines and another uses,
personalised PageRank), as file sections of signatures with line ranges, packed in rank order
under the budget (an entry that does not fit is left out, never cut). --focus FILE (the files you
work on) and --mention NAME (names from your task) steer the ranking; both repeat. The store is
brought up to date first. With --json: {"folder","files","definitions","budget","entries":
[{"path","name","qualname","kind","signature","start_line","end_line","rank","users"}],"left_out"}.`,
		Example: `  readmap map services/processor.py
  readmap map --json src/*.go
  readmap map
  readmap map src/net --budget 4000
  readmap map --focus server.go --mention ServeHTTP`,
		RunE: func(cmd *cobra.Command, paths []string) error {
			budget := a.cfg.mapBudget
			if err := query.ValidateMapBudget(budget); err != nil {
				return asFailure("", err)
			}
			ctx := cmd.Context()
			repo := repoMapRequest{focus: focus, mention: mention, budget: budget}
			if len(paths) == 0 {
				return a.printRepoMap(ctx, repo)
			}
			if (len(focus) > 0 || len(mention) > 0) && !anyFolder(paths) {
				return usageError(errors.New("--focus and --mention steer the repository map"), "run readmap map (or readmap map FOLDER) with them")
			}
			s, err := a.openSession(ctx)
			if err != nil {
				return err
			}
			defer s.close()
			var first *cliError // the first file that failed; each failure is reported as it comes
			// failed reports the failure of path p and says whether the command ends there (one
			// path given): then err is its answer.
			failed := func(p string, err error) bool {
				if len(paths) == 1 {
					return true
				}
				a.report(err)
				if first == nil {
					first = asFailure(p, err)
				}
				return false
			}
			for _, p := range paths {
				if isFolder(p) {
					repo.folder = p
					if err := a.printRepoMap(ctx, repo); err != nil && failed(p, err) {
						return err
					}
					continue
				}
				f, sum, err := a.load(ctx, s, p, openOptions{hash: a.json})
				if err != nil {
					if failed(p, err) {
						return err
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
	cmd.Flags().StringArrayVar(&focus, "focus", nil, "repository map: a file you work on, whose uses rank first (repeatable)")
	cmd.Flags().StringArrayVar(&mention, "mention", nil, "repository map: a name from your task, whose uses weigh more (repeatable)")
	return cmd
}

// printRepoMap prints the repository map req asks for, as text or (under --json) one object.
func (a *app) printRepoMap(ctx context.Context, req repoMapRequest) error {
	m, err := a.repoMap(ctx, req)
	if err != nil {
		return err
	}
	if a.json {
		a.writeJSON(m.JSON())
		return nil
	}
	_, err = io.WriteString(a.stdout, m.Text())
	return err
}

// isFolder reports whether the command-line path p names a folder.
func isFolder(p string) bool {
	fi, err := os.Stat(filepath.Clean(p))
	return err == nil && fi.IsDir()
}

// anyFolder reports whether any of paths names a folder.
func anyFolder(paths []string) bool {
	for _, p := range paths {
		if isFolder(p) {
			return true
		}
	}
	return false
}
