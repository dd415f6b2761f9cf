package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/agnivade/levenshtein"
	"github.com/readmap/readmap/indexer"
	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/store"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Exit codes, as the README lists them. An error's exit code follows from its query.Code.
const (
	exitOK          = 0
	exitFailed      = 1 // the operation could not be done for this input
	exitUsage       = 2
	exitInterrupted = 130
)

// version is readmap's version, as --version prints it and the MCP server announces it.
const version = "0.1.0"

// app carries the global flags and the output streams of one invocation.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	args           []string // the command line, for errors met before its flags are parsed
	started        bool     // the flags were parsed and the command began
	rootFlag       string
	json           bool
	quiet          bool
	verbose        bool
	cfg            config
	log            *slog.Logger
}

// cliError is a failure the command layer prints as `readmap: WHAT: WHY` and a hint line, and
// under --json (or from an MCP tool) as the error object of the JSON contract.
type cliError struct {
	code    query.Code
	what    string // the subject: a path, a setting; may be empty
	why     string // the reason; the cause's message when empty
	hint    string
	cause   error // what went wrong underneath, for errors.Is and errors.As; may be nil
	printed bool  // the command already wrote its own output for this failure
}

// Error returns "WHAT: WHY", the message without the "readmap: " prefix.
func (e *cliError) Error() string {
	why := e.why
	if why == "" && e.cause != nil {
		why = e.cause.Error()
	}
	if e.what == "" {
		return why
	}
	return query.DisplayPath(e.what) + ": " + why
}

// Unwrap returns the cause.
func (e *cliError) Unwrap() error { return e.cause }

// exitCode is the exit status of the failure: 2 for a usage error, 1 for any other.
func (e *cliError) exitCode() int {
	if e.code == query.CodeUsage {
		return exitUsage
	}
	return exitFailed
}

// errorJSON is the error object of the JSON contract: {"error":{"code","message","hint"}}.
type errorJSON struct {
	Error errorBody `json:"error"`
}

type errorBody struct {
	Code    query.Code `json:"code"`
	Message string     `json:"message"`
	Hint    string     `json:"hint"`
}

func (e *cliError) json() errorJSON {
	return errorJSON{errorBody{Code: e.code, Message: e.Error(), Hint: e.hint}}
}

// failure is a failure with code about what, whose reason is the cause's message.
func failure(code query.Code, what string, cause error, hint string) *cliError {
	return &cliError{code: code, what: what, hint: hint, cause: cause}
}

// usageError is a usage failure (exit 2) whose reason is the cause's message.
func usageError(cause error, hint string) *cliError {
	return failure(query.CodeUsage, "", cause, hint)
}

// asFailure returns err as a printable failure about what (which may be empty): a *cliError as it
// is, a query's *Error with its code and hint, a store that turned out damaged, read-only or too
// new as CodeStore with its hint, an argument or command error of cobra's as a usage error, and
// anything else as CodeFailed.
func asFailure(what string, err error) *cliError {
	var ce *cliError
	if errors.As(err, &ce) {
		return ce
	}
	var qe *query.Error
	if errors.As(err, &qe) {
		return failure(qe.Code, what, err, qe.Hint)
	}
	if store.IsCorrupt(err) || errors.Is(err, store.ErrReadOnly) || errors.Is(err, store.ErrSchemaTooNew) {
		return failure(query.CodeStore, what, err, storeHint(err))
	}
	if ce := cobraUsageError(err); ce != nil {
		return ce
	}
	return failure(query.CodeFailed, what, err, "")
}

// run executes one readmap command line and returns its exit code. Tests call it directly.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	a := &app{stdin: stdin, stdout: stdout, stderr: stderr, args: args}
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

// report prints err as the one-line message `readmap: WHAT: WHY` and its hint line (and, under
// --json, the error object on stdout), and returns the exit code.
func (a *app) report(err error) int {
	ce := asFailure("", err)
	if ce.printed {
		return ce.exitCode()
	}
	fmt.Fprintf(a.stderr, "readmap: %s\n", ce.Error())
	if ce.hint != "" {
		fmt.Fprintf(a.stderr, "hint: %s\n", ce.hint)
	}
	if a.json || !a.started && wantsJSON(a.args) {
		a.writeJSON(ce.json())
	}
	return ce.exitCode()
}

// wantsJSON reports whether args ask for --json, for an error met before the flags were parsed
// (an unknown command or flag): the answer is then JSON all the same.
func wantsJSON(args []string) bool {
	want := false
	for _, arg := range args {
		if arg == "--" {
			break
		}
		switch {
		case arg == "--json":
			want = true
		case strings.HasPrefix(arg, "--json="):
			if b, err := strconv.ParseBool(strings.TrimPrefix(arg, "--json=")); err == nil {
				want = b
			}
		}
	}
	return want
}

// cobraUsageError turns cobra's argument and command errors, which it returns as plain text only,
// into usage errors; it returns nil for any other error.
func cobraUsageError(err error) *cliError {
	msg := err.Error()
	for _, prefix := range []string{"unknown command", "accepts ", "requires at least"} {
		if strings.HasPrefix(msg, prefix) {
			why, hint, _ := strings.Cut(msg, "\n\nDid you mean this?\n")
			if hint != "" {
				hint = "did you mean " + strings.TrimSpace(strings.Fields(hint)[0]) + "?"
			} else {
				hint = "see readmap --help"
			}
			return &cliError{code: query.CodeUsage, why: strings.TrimSpace(why), hint: hint, cause: err}
		}
	}
	return nil
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
page plus a map of every symbol, so the next read targets exactly the lines it needs.

Settings: flags win over the environment (READMAP_DB, READMAP_PAGE_BYTES, READMAP_MAX_LINES,
READMAP_MAP_BUDGET, READMAP_JOBS, READMAP_DISABLE), and the environment over the defaults.`,
		Version:           version,
		SilenceErrors:     true,
		SilenceUsage:      true,
		CompletionOptions: cobra.CompletionOptions{DisableDefaultCmd: true},
		PersistentPreRunE: a.begin,
	}
	root.SetVersionTemplate("readmap {{.Version}}\n")
	pf := root.PersistentFlags()
	pf.StringVar(&a.rootFlag, "root", "", "the repository root, exactly as given (default: the nearest ancestor of the\nworking directory with .readmap/ or .git, else the working directory)")
	pf.String("db", "", "store file (default: ROOT/.readmap/index.db; env READMAP_DB)")
	pf.BoolVar(&a.json, "json", false, "print results as JSON")
	pf.BoolVarP(&a.quiet, "quiet", "q", false, "print only results and errors")
	pf.BoolVarP(&a.verbose, "verbose", "v", false, "print debugging detail on stderr")
	root.Flags().Bool("version", false, "print readmap's version and exit") // cobra acts on it
	root.SetFlagErrorFunc(flagError)
	root.AddCommand(a.indexCommand(), a.statsCommand(), a.mapCommand(), a.readCommand(),
		a.symCommand(), a.refsCommand(), a.searchCommand(), a.editCommand(), a.exportCommand(), a.mcpCommand(), a.setupCommand())
	root.SetHelpCommand(helpCommand(root))
	return root
}

// begin runs before every command but help, once its flags are parsed: it sets up the logger and
// resolves the settings, so a bad one stops the command before it does anything.
func (a *app) begin(cmd *cobra.Command, _ []string) error {
	a.started = true
	level := slog.LevelWarn
	switch {
	case a.verbose:
		level = slog.LevelDebug
	case a.quiet:
		level = slog.LevelError
	}
	a.log = slog.New(slog.NewTextHandler(a.stderr, &slog.HandlerOptions{Level: level}))
	cfg, err := resolveConfig(cmd.Flags(), os.Getenv)
	a.cfg = cfg
	return err
}

// flagError turns a flag the parser refused into a usage error with a hint: the closest flag name
// for an unknown one, the kind of value wanted for a bad value, and otherwise the command's help.
func flagError(cmd *cobra.Command, err error) error {
	help := "see " + cmd.CommandPath() + " --help"
	var unknown *pflag.NotExistError
	var invalid *pflag.InvalidValueError
	switch {
	case errors.As(err, &unknown):
		ce := usageError(err, help)
		if unknown.GetSpecifiedShortnames() == "" {
			if best := closestFlag(cmd, unknown.GetSpecifiedName()); best != "" {
				ce.hint = "did you mean --" + best + "?"
			}
		}
		return ce
	case errors.As(err, &invalid):
		f := invalid.GetFlag()
		return &cliError{code: query.CodeUsage, what: fmt.Sprintf("--%s %q", f.Name, invalid.GetValue()),
			why: "not " + valueKind(f), hint: help, cause: err}
	default:
		return usageError(err, help)
	}
}

// closestFlag returns the flag of cmd nearest to name, within two edits, or "".
func closestFlag(cmd *cobra.Command, name string) string {
	best, bestDist := "", 3
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if d := levenshtein.ComputeDistance(name, f.Name); d < bestDist {
			best, bestDist = f.Name, d
		}
	})
	return best
}

// valueKind names the kind of value a flag takes, for the message about a value it refused.
func valueKind(f *pflag.Flag) string {
	switch f.Value.Type() {
	case "int", "int64":
		return "a whole number"
	case "float64":
		return "a number"
	case "duration":
		return "a duration such as 10s or 2m"
	case "bool":
		return "true or false"
	default:
		return "a " + f.Value.Type()
	}
}

// rootDir returns the repository root: --root exactly as given (as ctags -R DIR and rg PATTERN DIR
// take it), or else the nearest ancestor of the working directory that holds .readmap/ or .git,
// or else the working directory. A --root that is not an existing folder is a usage error.
func (a *app) rootDir() (string, error) {
	if a.rootFlag != "" {
		return existingFolder(a.rootFlag)
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", failure(query.CodeRoot, "root", err, "pass --root DIR")
	}
	root, err := store.FindRoot(wd)
	if err != nil {
		return "", failure(query.CodeRoot, "root", err, "pass --root DIR")
	}
	return root, nil
}

// existingFolder returns dir, made absolute, when it is a folder; otherwise a usage error.
func existingFolder(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", failure(query.CodeRoot, "--root "+dir, err, "pass an absolute --root DIR")
	}
	fi, err := os.Stat(abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", &cliError{code: query.CodeUsage, what: "--root " + dir, why: "no such folder", cause: err,
			hint: "pass the folder to map"}
	case err != nil:
		return "", &cliError{code: query.CodeUsage, what: "--root " + dir, cause: err, hint: "pass a folder readmap may read"}
	case !fi.IsDir():
		return "", &cliError{code: query.CodeUsage, what: "--root " + dir, why: "not a folder",
			hint: "pass the folder to map; to read one file, name it: readmap read " + dir}
	}
	return abs, nil
}

// dbPath returns where the store of root lives: --db, READMAP_DB, or ROOT/.readmap/index.db.
func (a *app) dbPath(root string) string {
	if a.cfg.db != "" {
		return a.cfg.db
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
	var st *store.Store
	var err error
	if rebuild {
		var aside string
		st, aside, err = store.OpenOrRebuild(ctx, path)
		a.warnMovedAside(path, aside)
	} else {
		st, err = store.Open(ctx, path)
	}
	if err != nil {
		return nil, root, err
	}
	if st.Created() {
		return st, root, nil // a new store maps no root yet
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

// openRootStore opens the store of the root the flags and the working directory give, and
// returns it with the root; errors are ready to print. rebuild moves a corrupt store aside.
func (a *app) openRootStore(ctx context.Context, rebuild bool) (*store.Store, string, error) {
	root, err := a.rootDir()
	if err != nil {
		return nil, "", err
	}
	st, root, err := a.openStore(ctx, root, rebuild)
	if err != nil {
		return nil, root, failure(query.CodeStore, a.dbPath(root), err, storeHint(err))
	}
	return st, root, nil
}

// warnMovedAside says, in a warning naming the moved file, that the corrupt store at path was moved
// to aside and a new one started; aside "" means nothing was moved.
func (a *app) warnMovedAside(path, aside string) {
	if aside != "" {
		a.warn("store %s was corrupt; moved it to %s and started a new one", path, aside)
	}
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

// notice prints, under --json, the notice of an answer that was cut to its budget on stderr: the
// JSON on stdout stays the plain array the contract gives. Nothing is printed for "".
func (a *app) notice(text string) {
	if text != "" {
		fmt.Fprintln(a.stderr, text)
	}
}

// storeHint says what to do about a store that cannot be used.
func storeHint(err error) string {
	switch {
	case errors.Is(err, store.ErrSchemaTooNew):
		return "a newer readmap wrote this store: upgrade readmap, or delete .readmap/ to rebuild it"
	case store.IsCorrupt(err):
		return "run readmap index to move it aside and rebuild it"
	case errors.Is(err, store.ErrReadOnly):
		return "its folder is read-only: make it writable to update the store, or pass --db FILE for one elsewhere"
	case errors.Is(err, errOtherRoot):
		return "pass the store's own --root, or another --db"
	default:
		return "check that the folder is writable, or pass --db FILE"
	}
}

// indexerOptions returns the options every command shares with the indexer.
func (a *app) indexerOptions(root string) indexer.Options {
	return indexer.Options{Root: root, Disabled: a.cfg.disabled, Logger: a.log, Jobs: a.cfg.jobs}
}
