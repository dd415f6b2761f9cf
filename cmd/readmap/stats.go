package main

import (
	"fmt"
	"sort"

	"github.com/readmap/readmap/query"

	"github.com/spf13/cobra"
)

func (a *app) statsCommand() *cobra.Command {
	return &cobra.Command{
		Use:     "stats",
		Short:   "Show what the store holds",
		Example: "  readmap stats\n  readmap stats --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			root, err := a.rootDir()
			if err != nil {
				return err
			}
			st, _, err := a.openStore(cmd.Context(), root, false)
			if err != nil {
				return failure(query.CodeStore, a.dbPath(root), err, storeHint(err))
			}
			defer st.Close()
			stats, err := st.Stats(cmd.Context())
			if err != nil {
				return failure(query.CodeStore, st.Path(), err, storeHint(err))
			}
			if a.json {
				a.writeJSON(stats)
				return nil
			}
			w := a.stdout
			fmt.Fprintf(w, "store:    %s (%s)\n", st.Path(), query.HumanBytes(stats.DBBytes))
			indexed := stats.IndexedAt
			if indexed == "" {
				indexed = "never (run readmap index)"
			}
			fmt.Fprintf(w, "indexed:  %s\n", indexed)
			fmt.Fprintf(w, "files:    %s\nsymbols:  %s\n", query.Thousands(stats.Files), query.Thousands(stats.Symbols))
			printCounts(a, "languages", stats.Languages)
			printCounts(a, "skipped", stats.Skipped)
			return nil
		},
	}
}

// printCounts prints a count table, largest first.
func printCounts(a *app, title string, counts map[string]int) {
	if len(counts) == 0 {
		return
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if counts[keys[i]] != counts[keys[j]] {
			return counts[keys[i]] > counts[keys[j]]
		}
		return keys[i] < keys[j]
	})
	fmt.Fprintf(a.stdout, "%s:\n", title)
	for _, k := range keys {
		fmt.Fprintf(a.stdout, "  %-14s %s\n", k, query.Thousands(counts[k]))
	}
}
