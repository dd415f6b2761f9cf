package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// helpCommand is `readmap help [COMMAND]`: the usage of a command, with examples. A topic that is
// no command is a usage error that suggests the closest command, as an unknown command is.
func helpCommand(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:   "help [COMMAND]",
		Short: "Show the usage of a command, with examples",
		Example: `  readmap help
  readmap help read`,
		// Help needs no settings: it works even when the environment holds a bad one, so that
		// the way to fix it can be read.
		PersistentPreRunE: func(*cobra.Command, []string) error { return nil },
		RunE: func(_ *cobra.Command, args []string) error {
			cmd, _, err := root.Find(args)
			if err != nil {
				return usageError(fmt.Errorf("unknown help topic %q", strings.Join(args, " ")), commandHint(root, args[0]))
			}
			return cmd.Help()
		},
	}
}

// commandHint suggests the commands closest to name, or else lists them all.
func commandHint(root *cobra.Command, name string) string {
	if near := root.SuggestionsFor(name); len(near) > 0 {
		return "did you mean " + strings.Join(near, " or ") + "?"
	}
	var names []string
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() {
			names = append(names, c.Name())
		}
	}
	return "commands: " + strings.Join(names, ", ")
}
