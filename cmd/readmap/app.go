package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/agnivade/levenshtein"
	"github.com/readmap/readmap/indexer"
	"github.com/readmap/readmap/store"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Exit codes, as the README lists them.
const (
	exitOK          = 0
	exitFailed      = 1 // the operation could not be done for this input
	exitUsage       = 2
	exitInterrupted = 130
)

// app carries the global flags and the output streams of one invocation.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	rootFlag       string
	dbFlag         string
	json           bool
	quiet          bool
	verbose        bool
	log            *slog.Logger
}

// cliError is a failure the command layer prints as `readmap: WHAT: WHY` and a hint line.
type cliError struct {
	code    string // JSON error code: "not_found", "binary", "usage", ...
	what    string
	why     string
	hint    string
	exit    int
	printed bool // the command already wrote its own output for this failure
}

// Error returns "WHAT: WHY", the message without the "readmap: " prefix.
func (e *cliError) Error() string {
	if e.what == "" {
		return e.why
	}
	return e.what + ": " + e.why
}

func failure(code, what, why, hint string) *cliError {
	return &cliError{code: code, what: what, why: why, hint: hint, exit: exitFailed}
}

func usageError(why, hint string) *cliError {
	return &cliError{code: "usage", why: why, hint: hint, exit: exitUsage}
}

// run executes one readmap command line and returns its exit code. Tests call it directly.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr}
	root := a.rootCommand()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK // done, even if a signal came in at the end
	}
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "readmap: interrupted")
		return exitInterrupted
	}
	return a.report(err)
}

// report prints err as the contract's one-line message and hint, and returns the exit code.
func (a *app) report(err error) int {
	var ce *cliError
	if !errors.As(err, &ce) {
		ce = classifyCobraError(err)
	}
	if ce.printed {
		return ce.exit
	}
	fmt.Fprintf(a.stderr, "readmap: %s\n", ce.Error())
	if ce.hint != "" {
		fmt.Fprintf(a.stderr, "hint: %s\n", ce.hint)
	}
	if a.json {
		a.writeJSON(map[string]any{"error": map[string]string{
			"code": ce.code, "message": ce.Error(), "hint": ce.hint,
		}})
	}
	return ce.exit
}

// classifyCobraError turns cobra's argument and command errors into usage errors, and anything
// else into a plain failure.
func classifyCobraError(err error) *cliError {
	msg := err.Error()
	for _, prefix := range []string{"unknown command", "unknown flag", "unknown shorthand flag",
		"accepts ", "requires at least", "requires exactly", "invalid argument", "flag needs an argument",
		"bad flag syntax", "if any flags in the group"} {
		if strings.HasPrefix(msg, prefix) {
			why, hint, _ := strings.Cut(msg, "\n\nDid you mean this?\n")
			if hint != "" {
				hint = "did you mean " + strings.TrimSpace(strings.Fields(hint)[0]) + "?"
			} else {
				hint = "see readmap help"
			}
			return usageError(strings.TrimSpace(why), hint)
		}
	}
	return failure("failed", "", msg, "")
}

// writeJSON prints v as one line of JSON on stdout.
func (a *app) writeJSON(v any) {
	_ = jsonEncoder(a.stdout).Encode(v)
}

// jsonEncoder writes one JSON value a line, with <, > and & as they are.
func jsonEncoder(w io.Writer) *json.Encoder {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc
}

func (a *app) rootCommand() *cobra.Command {
	root := &cobra.Command{
		Use:   "readmap",
		Short: "Maps a repository's files so agents read large files by their structure",
		Long: `readmap maps every text file of a repository into symbols with exact line ranges and keeps
them in .readmap/index.db. Its read command returns small files whole and large files as a first
page plus a map of every symbol, so the next read targets exactly the lines it needs.`,
		SilenceErrors:     true,
		SilenceUsage:      true,
		CompletionOptions: cobra.CompletionOptions{DisableDefaultCmd: true},
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			level := slog.LevelWarn
			switch {
			case a.verbose:
				level = slog.LevelDebug
			case a.quiet:
				level = slog.LevelError
			}
			a.log = slog.New(slog.NewTextHandler(a.stderr, &slog.HandlerOptions{Level: level}))
			return nil
		},
	}
	pf := root.PersistentFlags()
	pf.StringVar(&a.rootFlag, "root", "", "repository root (default: nearest ancestor with .readmap/ or .git)")
	pf.StringVar(&a.dbFlag, "db", "", "store file (default: ROOT/.readmap/index.db; env READMAP_DB)")
	pf.BoolVar(&a.json, "json", false, "print results as JSON")
	pf.BoolVarP(&a.quiet, "quiet", "q", false, "print only results and errors")
	pf.BoolVarP(&a.verbose, "verbose", "v", false, "print debugging detail on stderr")
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		return usageError(err.Error(), flagHint(cmd, err))
	})
	root.AddCommand(a.indexCommand(), a.statsCommand(), a.mapCommand(), a.readCommand(),
		a.symCommand(), a.searchCommand(), a.mcpCommand())
	return root
}

// flagHint suggests the closest flag name to an unknown one.
func flagHint(cmd *cobra.Command, err error) string {
	msg := err.Error()
	i := strings.Index(msg, "--")
	if i < 0 {
		return "see readmap " + cmd.Name() + " --help"
	}
	unknown := strings.TrimLeft(strings.Fields(msg[i:])[0], "-")
	unknown, _, _ = strings.Cut(unknown, "=")
	best, bestDist := "", 3
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if d := levenshtein.ComputeDistance(unknown, f.Name); d < bestDist {
			best, bestDist = f.Name, d
		}
	})
	if best == "" {
		return "see readmap " + cmd.Name() + " --help"
	}
	return "did you mean --" + best + "?"
}

// rootDir returns the repository root: --root as given, or else the nearest ancestor of the
// working directory that holds .readmap/ or .git, or else the working directory.
func (a *app) rootDir() (string, error) {
	start := a.rootFlag
	if start == "" {
		wd, err := os.Getwd()
		if err != nil {
			return "", failure("root", "root", err.Error(), "pass --root DIR")
		}
		start = wd
	}
	root, err := store.FindRoot(start)
	if err != nil {
		return "", failure("root", "root", err.Error(), "pass --root DIR")
	}
	return root, nil
}

// dbPath returns where the store of root lives: --db, READMAP_DB, or ROOT/.readmap/index.db.
func (a *app) dbPath(root string) string {
	if a.dbFlag != "" {
		p, _ := filepath.Abs(a.dbFlag)
		return p
	}
	if env := os.Getenv("READMAP_DB"); env != "" {
		p, _ := filepath.Abs(env)
		return p
	}
	return store.DefaultPath(root)
}

// openStore opens the store of root and returns it with the root its paths are relative to. A
// corrupt store is moved aside (with a warning naming the moved file) and a new one created when
// rebuild is set; otherwise the error is returned.
//
// A store kept elsewhere (--db, READMAP_DB) knows the root it maps: without --root, that root is
// used, so a command run from another folder neither misplaces nor deletes its rows; with a
// different --root, the store is refused.
func (a *app) openStore(ctx context.Context, root string, rebuild bool) (*store.Store, string, error) {
	path := a.dbPath(root)
	st, err := store.Open(ctx, path)
	if err != nil && rebuild && store.IsCorrupt(err) {
		aside, merr := store.MoveAside(path)
		if merr != nil {
			return nil, root, errors.Join(err, merr)
		}
		a.warn("store %s was corrupt; moved it to %s and started a new one", path, aside)
		st, err = store.Open(ctx, path)
	}
	if err != nil {
		return nil, root, err
	}
	recorded, err := st.Meta(ctx, store.MetaRoot)
	if err != nil || recorded == "" || recorded == root || path == store.DefaultPath(root) {
		return st, root, nil // a repository that moved takes its own store along
	}
	if a.rootFlag != "" {
		st.Close()
		return nil, root, fmt.Errorf("%w: it maps %s, not %s", errOtherRoot, recorded, root)
	}
	if fi, err := os.Stat(recorded); err == nil && fi.IsDir() {
		if rel, err := filepath.Rel(recorded, root); err != nil || strings.HasPrefix(rel, "..") {
			a.warn("store %s maps %s; answering from there (pass --root or another --db to change that)", path, recorded)
		}
		return st, recorded, nil
	}
	return st, root, nil
}

// errOtherRoot means the store given with --db maps another root than the one given with --root.
var errOtherRoot = errors.New("the store belongs to another root")

// warn prints one warning line on stderr unless --quiet.
func (a *app) warn(format string, args ...any) {
	if a.quiet {
		return
	}
	fmt.Fprintf(a.stderr, "readmap: warning: "+format+"\n", args...)
}

// storeHint says what to do about a store that cannot be used.
func storeHint(err error) string {
	switch {
	case errors.Is(err, store.ErrSchemaTooNew):
		return "a newer readmap wrote this store: upgrade readmap, or delete .readmap/ to rebuild it"
	case store.IsCorrupt(err):
		return "run readmap index to move it aside and rebuild it"
	case errors.Is(err, errOtherRoot):
		return "pass the store's own --root, or another --db"
	default:
		return "check that the folder is writable, or pass --db FILE"
	}
}

// Smallest useful budgets: below them a map has no room for its frame, or a page for a line.
const (
	minMapBudget = 256
	minPageBytes = 64
)

// atLeast checks a numeric flag against its smallest useful value.
func atLeast(flag string, v, least int) error {
	if v < least {
		return usageError(fmt.Sprintf("--%s %d is below %d", flag, v, least), fmt.Sprintf("pass --%s %d or more", flag, least))
	}
	return nil
}

// envInt reads a positive integer from the environment, or returns def.
func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil && v > 0 {
		return v
	}
	return def
}

// disabledLanguages returns READMAP_DISABLE as a list.
func disabledLanguages() []string {
	if v := os.Getenv("READMAP_DISABLE"); v != "" {
		return strings.Split(v, ",")
	}
	return nil
}

// indexerOptions returns the options every command shares with the indexer.
func (a *app) indexerOptions(root string) indexer.Options {
	opts := indexer.Options{Root: root, Disabled: disabledLanguages(), Logger: a.log,
		Jobs: envInt("READMAP_JOBS", 0)}
	db := a.dbPath(root)
	opts.Exclude = []string{db, db + "-wal", db + "-shm", db + "-journal"}
	return opts
}
