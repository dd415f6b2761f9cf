package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"github.com/readmap/readmap/indexer"
	"github.com/readmap/readmap/indexer/lang"
	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/store"
	"github.com/spf13/cobra"
	"golang.org/x/term"
)

func (a *app) indexCommand() *cobra.Command {
	var force, check bool
	var maxSize int64
	var timeout time.Duration
	cmd := &cobra.Command{
		Use:   "index [PATH...]",
		Short: "Map the repository (or only PATHs) into the store",
		Long: `index walks the root, maps every text file and writes its symbols to the store. It honours
.ignore files always and .gitignore files where the root is inside a git work tree, as git and
ripgrep do. Unchanged files (the same size, mtime, ctime and inode as their rows, as git compares)
are not read; rows of deleted files are removed. With PATHs, only those files or folders are indexed, as a pre-commit hook passes them.
A run that finds no file says which ignore rule hid what.`,
		Example: `  readmap index                 # the whole repository
  readmap index src/app.py docs # only these
  readmap index --check         # CI: exit 1 when the store is stale`,
		RunE: func(cmd *cobra.Command, paths []string) error {
			root, err := a.rootDir()
			if err != nil {
				return err
			}
			opts := a.indexerOptions(root)
			opts.Paths, opts.Force, opts.Check = paths, force, check
			opts.MaxFileSize, opts.MapTimeout = maxSize, timeout
			return a.index(cmd.Context(), root, opts)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&force, "force", false, "re-map every file, changed or not")
	f.BoolVar(&check, "check", false, "change nothing; exit 1 and list files that are stale, new or gone")
	f.Int("jobs", 0, "mapper workers, 1 or more (default: one per core; env READMAP_JOBS)")
	f.Int64Var(&maxSize, "max-file-size", indexer.DefaultMaxFileSize, "skip files larger than this many bytes")
	f.DurationVar(&timeout, "map-timeout", lang.DefaultMapTimeout, "time limit to map one file")
	return cmd
}

func (a *app) index(ctx context.Context, root string, opts indexer.Options) error {
	// --check changes nothing: a corrupt store is reported, not moved aside, and a read-only one
	// serves as well as any.
	st, root, err := a.openStore(ctx, root, !opts.Check)
	if err == nil && st.ReadOnly() && !opts.Check {
		st.Close()
		err = store.ErrReadOnly
	}
	if err != nil {
		return failure(query.CodeStore, a.dbPath(root), err, storeHint(err))
	}
	opts.Root = root
	progress := a.progressLine()
	if progress != nil {
		opts.Progress = func(p indexer.Progress) { progress.show(p.Done, p.Found) }
	}
	sum, err := a.runIndex(ctx, st, opts)
	if progress != nil {
		progress.finish()
	}
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if store.IsCorrupt(err) {
			return failure(query.CodeStore, a.dbPath(root), err, storeHint(err))
		}
		hint := ""
		if errors.Is(err, indexer.ErrOutsideRoot) {
			hint = "index paths inside " + root + ", or pass --root"
		}
		return failure(query.CodeIndex, root, err, hint)
	}
	if a.json {
		a.writeJSON(sum)
	} else {
		out := a.stderr
		if opts.Check {
			for _, s := range sum.Stale {
				fmt.Fprintf(a.stdout, "%s\t%s\n", s.Status, s.Path)
			}
		}
		if !a.quiet || opts.Check {
			fmt.Fprintf(out, "%s files seen, %s mapped, %s unchanged, %s removed, %s skipped, %s symbols, %.2fs\n",
				query.Thousands(sum.Seen), query.Thousands(sum.Mapped), query.Thousands(sum.Unchanged+sum.Touched),
				query.Thousands(sum.Removed), query.Thousands(sum.Skipped), query.Thousands(sum.Symbols), sum.Elapsed)
		}
		if sum.NoFiles != "" {
			a.warn("no files found: %s", sum.NoFiles)
		}
	}
	if opts.Check && len(sum.Stale) > 0 {
		// Under --json the summary with its "stale" list is the whole answer.
		return &cliError{code: query.CodeStale, what: "index --check",
			why:  fmt.Sprintf("%d files are stale, new or gone", len(sum.Stale)),
			hint: "run readmap index to update the store", printed: a.json}
	}
	return nil
}

// runIndex runs an index of st as opts say, and closes st. A store whose damage shows only once
// its pages are read is moved aside, and the run starts afresh on a new store. A run that changed
// the store ranks its definitions again when rankAfter says so: the ranking is computed while the
// store builds its lookup indexes, and kept after.
func (a *app) runIndex(ctx context.Context, st *store.Store, opts indexer.Options) (*indexer.Summary, error) {
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		// Besides the Go heap an index run holds SQLite's caches (about 200 MB on the kernel).
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(indexMemoryLimit))
	}
	gc := newLightGC()
	defer gc.end()
	progress := opts.Progress
	opts.Progress = func(p indexer.Progress) {
		gc.fileDone()
		if progress != nil {
			progress(p)
		}
	}
	var ranking *query.KeptRanking
	opts.SetsUpTo = maxRankedAtIndex
	opts.Alongside = func(ctx context.Context, st *store.Store, end *indexer.Ending) error {
		// A bulk load's name sets are ranked while its last rows are written.
		var early *query.SetsRanking
		if end.Sets != nil {
			early = query.RankSets(end.Sets)
		}
		sum, err := end.Committed()
		if err != nil || end.DefinesOver {
			// A store whose new files alone define more than maxRankedAtIndex names is ranked
			// by its first repository map; counting them again read the kernel's every name set
			// (60 MB more of the run's peak, its pages mapped by the reader).
			return err
		}
		again, err := rankAfter(ctx, st, sum)
		if err == nil && again {
			ranking, err = query.ComputeRanks(ctx, st, early)
		}
		return err
	}
	sum, err := indexer.Run(ctx, st, opts)
	if err != nil && store.IsCorrupt(err) && !opts.Check {
		fresh, aside, moveErr := st.MoveAside(ctx)
		if moveErr != nil {
			return nil, errors.Join(err, moveErr)
		}
		a.warnMovedAside(st.Path(), aside)
		st, ranking = fresh, nil
		sum, err = indexer.Run(ctx, st, opts)
	}
	defer st.Close()
	if err != nil || opts.Check {
		return sum, err
	}
	// The rows are written: an interrupt now would waste the ranking, and a context that can be
	// cancelled costs each of the save's statements a goroutine of the driver's (a quarter of a
	// small tree's 1.3 ms save).
	return sum, ranking.Save(context.WithoutCancel(ctx), st)
}

// indexMemoryLimit is the soft limit of the Go heap during an index run, below memoryLimit: a
// run holds less live data than the repository map's ranking (at most about 250 MB on the Linux
// kernel), and SQLite's caches, about 400 MB there, come on top. With memoryLimit the heap grew
// to twice its live data before a collection, and a kernel run peaked at 888-930 MB; with this
// limit, 837 MB in 83 s (86-94 s before).
const indexMemoryLimit = 448 << 20

// maxRankedAtIndex is the most definitions an index run ranks. A larger store (the Linux kernel
// defines 6.9 million names) is ranked by its first repository map instead: ranking it takes 9-11
// s and close to 1 GB more, which would take a full index past its 1 GB peak (issue 12).
const maxRankedAtIndex = 2_000_000

// rankAfter reports whether an index run that ended with sum should rank the store's definitions
// again: when it changed a tenth of the files or more, or some and none were ranked yet, and the
// store holds at most maxRankedAtIndex definitions; or, after a smaller change or none, when the
// ranking kept was computed by other rules (an older readmap's) and ranks at most that many
// names (once: the ranking kept then is today's). After a smaller change the ranking kept
// serves `sym` as it is, and the repository map ranks afresh.
func rankAfter(ctx context.Context, st *store.Store, sum *indexer.Summary) (bool, error) {
	changed := sum.Mapped + sum.Removed
	if changed == 0 || changed*10 < sum.Seen {
		stored, outdated, names, err := query.RanksStored(ctx, st)
		switch {
		case err != nil:
			return false, err
		case outdated:
			// The names it ranks stand for the store's: counting them would read every name
			// set of a kernel-sized store at each such run until its next repository map.
			return names <= maxRankedAtIndex, nil
		case stored, changed == 0:
			return false, nil
		}
	}
	defined, err := st.DefinedNames(ctx)
	return defined <= maxRankedAtIndex, err
}

// progressLine shows an index run's progress on a terminal: one line on stderr, drawn again at
// most every 100 ms and erased at the end. readmap draws it itself: the progress bar library it
// used imports net/http, which every command would then link and initialise at start-up.
type progressLine struct {
	w           io.Writer
	start, last time.Time
}

// progressLine returns the progress line on stderr when it is a terminal, or nil.
func (a *app) progressLine() *progressLine {
	f, ok := a.stderr.(*os.File)
	if !ok || a.quiet || a.json || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return &progressLine{w: f, start: time.Now()}
}

// show draws the line for done of found files, unless it was drawn less than 100 ms ago.
func (p *progressLine) show(done, found int) {
	now := time.Now()
	if now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last = now
	fmt.Fprint(p.w, "\r\x1b[K"+progressText(done, found, now.Sub(p.start)))
}

// finish erases the line.
func (p *progressLine) finish() {
	fmt.Fprint(p.w, "\r\x1b[K")
}

// progressText is the progress line after elapsed: the share of the files found so far that are
// done, as a percentage and a bar of 20 cells, the counts and the rate.
func progressText(done, found int, elapsed time.Duration) string {
	found = max(found, done)
	share, rate := 0.0, 0.0
	if found > 0 {
		share = float64(done) / float64(found)
	}
	if elapsed > 0 {
		rate = float64(done) / elapsed.Seconds()
	}
	cells := int(share * 20)
	return fmt.Sprintf("indexing %3d%% |%s%s| (%s/%s, %.0f files/s)", int(share*100), strings.Repeat("█", cells),
		strings.Repeat(" ", 20-cells), query.Thousands(done), query.Thousands(found), rate)
}
