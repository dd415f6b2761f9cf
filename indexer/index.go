// Package indexer walks a repository, recognises each file's language, maps it into symbols with
// exact line ranges, and hands the rows to the store's writer.
//
// The pipeline is walker → bounded channel → a conc pool of mapper workers → bounded channel → one
// writer goroutine that owns the write transaction. A bad file is data, not an error: it is
// recorded with a skip reason and the run carries on. The package writes no SQL of its own.
package indexer

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/readmap/readmap/indexer/lang"
	"github.com/readmap/readmap/store"
	"github.com/sourcegraph/conc/pool"
)

// Options configures an index run.
type Options struct {
	Root        string   // absolute root of the repository
	Paths       []string // files or folders to index (absolute or relative to the working directory); empty: the whole root
	Jobs        int      // mapper workers; <= 0 means one per core
	Force       bool     // re-map files whose size and mtime match their row
	Check       bool     // change nothing; report what is stale, new or gone
	MaxFileSize int64    // bytes; <= 0 means DefaultMaxFileSize
	MapTimeout  time.Duration
	Disabled    []string // language names not to map (READMAP_DISABLE)
	// Exclude lists absolute paths never to index: the store's own files when --db puts them
	// inside the root.
	Exclude  []string
	Logger   *slog.Logger
	Progress func(Progress) // called from the writer goroutine after each file; may be nil
}

// Progress is a running count for a progress bar.
type Progress struct {
	Done    int  // files processed
	Found   int  // files found by the walk so far
	Walking bool // more may be found
}

// Summary is what an index run did. Its JSON form is the `index --json` output.
type Summary struct {
	Seen      int     `json:"seen"`
	Mapped    int     `json:"mapped"`
	Unchanged int     `json:"unchanged"`
	Touched   int     `json:"touched"`
	Removed   int     `json:"removed"`
	Skipped   int     `json:"skipped"`
	Symbols   int     `json:"symbols"`
	Elapsed   float64 `json:"elapsed_seconds"`
	// Stale lists, under Check, every file whose row is missing, out of date or orphaned.
	Stale []StaleFile `json:"stale,omitempty"`
}

// StaleFile is one difference between the store and the disk found by a check.
type StaleFile struct {
	Path   string `json:"path"`
	Status string `json:"status"` // "new", "changed" or "removed"
}

// channelDepth bounds the queues between the stages, so a slow writer holds back the mappers
// instead of piling mapped files up in memory.
const channelDepth = 256

// Run indexes opts.Root (or opts.Paths) into st and returns what it did. Cancelling ctx stops the
// run; what was committed stays valid and the next run carries on from there.
func Run(ctx context.Context, st *store.Store, opts Options) (*Summary, error) {
	started := time.Now()
	opts = withDefaults(opts)
	states, err := st.FileStates(ctx)
	if err != nil {
		return nil, fmt.Errorf("index: %w", err)
	}
	targets, err := resolveTargets(opts.Root, opts.Paths)
	if err != nil {
		return nil, err
	}
	if !opts.Check && (len(states) == 0 || opts.Force) && len(opts.Paths) == 0 {
		if err := st.DropLookupIndexes(ctx); err != nil {
			return nil, fmt.Errorf("index: %w", err)
		}
	}
	indexesRestored := opts.Check
	defer func() {
		if !indexesRestored { // after an error or an interrupt: best effort
			_ = st.EnsureLookupIndexes(context.WithoutCancel(ctx))
		}
	}()

	// The walk and the workers stop on runCtx, which an error of the writer cancels too. Writes use
	// a context no interrupt cancels: a batch that has begun is committed whole.
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	flushCtx := context.WithoutCancel(ctx)

	paths := make(chan string, channelDepth)
	outcomes := make(chan outcome, channelDepth)
	var found atomic.Int64
	var walking atomic.Bool
	walking.Store(true)

	walkErr := make(chan error, 1)
	go func() {
		defer close(paths)
		defer walking.Store(false)
		walkErr <- walkTargets(runCtx, opts, targets, paths, &found)
	}()

	go func() {
		defer close(outcomes)
		p := &processor{maxFileSize: opts.MaxFileSize, force: opts.Force, check: opts.Check}
		gate := newMapGate()
		workers := pool.New().WithContext(runCtx).WithMaxGoroutines(opts.Jobs)
		for range opts.Jobs {
			workers.Go(func(ctx context.Context) error {
				w := newWorker(opts, gate)
				for abs := range paths {
					rel := relPath(opts.Root, abs)
					var prev *store.FileState
					if s, ok := states[rel]; ok {
						prev = &s
					}
					out := p.process(ctx, w, abs, rel, prev)
					select {
					case outcomes <- out:
					case <-ctx.Done():
						return ctx.Err()
					}
				}
				return nil
			})
		}
		_ = workers.Wait() // a cancelled context is reported by the writer
	}()

	sum := &Summary{}
	w := &runWriter{w: st.NewWriter(), sum: sum, check: opts.Check, seen: map[string]bool{}}
	stop := func() { // ends the walk and the workers and waits for them
		cancel()
		drain(outcomes)
		<-walkErr
	}
	for out := range outcomes {
		if ctx.Err() != nil {
			break // interrupted: an outcome from now on may be a cut-short mapping
		}
		if err := w.apply(flushCtx, out); err != nil {
			w.w.Abort()
			stop()
			return nil, fmt.Errorf("index: %w", err)
		}
		if opts.Progress != nil {
			opts.Progress(Progress{Done: sum.Seen, Found: int(found.Load()), Walking: walking.Load()})
		}
	}
	if ctx.Err() != nil {
		// What was mapped before the interrupt is whole and valid: keep it.
		stop()
		if err := w.w.Flush(flushCtx); err != nil {
			return nil, fmt.Errorf("index: %w", err)
		}
		return nil, ctx.Err()
	}
	if err := <-walkErr; err != nil {
		w.w.Abort()
		return nil, fmt.Errorf("index: %w", err)
	}
	if err := w.removeGone(flushCtx, states, targets); err != nil {
		w.w.Abort()
		return nil, fmt.Errorf("index: %w", err)
	}
	if !opts.Check {
		if err := w.w.SetMeta(flushCtx, store.MetaIndexedAt, strconv.FormatInt(time.Now().Unix(), 10)); err != nil {
			return nil, fmt.Errorf("index: %w", err)
		}
		if err := w.w.SetMeta(flushCtx, store.MetaRoot, opts.Root); err != nil {
			return nil, fmt.Errorf("index: %w", err)
		}
		if err := w.w.PrunePages(flushCtx); err != nil {
			return nil, fmt.Errorf("index: %w", err)
		}
	}
	if err := w.w.Flush(flushCtx); err != nil {
		return nil, fmt.Errorf("index: %w", err)
	}
	if !opts.Check {
		// Also restores indexes a run killed during a bulk load left dropped.
		if err := st.EnsureLookupIndexes(flushCtx); err != nil {
			return nil, fmt.Errorf("index: %w", err)
		}
		indexesRestored = true
	}
	sort.Slice(sum.Stale, func(i, j int) bool { return sum.Stale[i].Path < sum.Stale[j].Path })
	sum.Elapsed = time.Since(started).Seconds()
	return sum, nil
}

func withDefaults(opts Options) Options {
	if opts.Jobs <= 0 {
		opts.Jobs = runtime.NumCPU()
	}
	if opts.MaxFileSize <= 0 {
		opts.MaxFileSize = DefaultMaxFileSize
	}
	if opts.MapTimeout <= 0 {
		opts.MapTimeout = lang.DefaultMapTimeout
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	return opts
}

func drain[T any](ch <-chan T) {
	for range ch {
	}
}

// relPath returns abs relative to root with '/' separators.
func relPath(root, abs string) string {
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(rel)
}

// target is one thing to index: the whole root, a folder under it, or a single file.
type target struct {
	abs     string
	rel     string // "" for the root
	isDir   bool
	missing bool // gone from disk: a file or a whole folder whose rows must go
}

// resolveTargets turns the command's paths into targets inside root. No paths means the root.
func resolveTargets(root string, paths []string) ([]target, error) {
	if len(paths) == 0 {
		return []target{{abs: root, isDir: true}}, nil
	}
	var targets []target
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, fmt.Errorf("index %s: %w", p, err)
		}
		rel := relPath(root, abs)
		if rel == ".." || strings.HasPrefix(rel, "../") {
			return nil, fmt.Errorf("index %s: %w", p, ErrOutsideRoot)
		}
		if rel == "." {
			return []target{{abs: root, isDir: true}}, nil
		}
		if underSkippedDir(rel) {
			continue // .git/config and the like are never indexed, named or not
		}
		fi, err := os.Stat(abs)
		targets = append(targets, target{abs: abs, rel: rel, isDir: err == nil && fi.IsDir(),
			missing: errors.Is(err, fs.ErrNotExist)})
	}
	return targets, nil
}

// ErrOutsideRoot means a path to index lies outside the repository root.
var ErrOutsideRoot = errors.New("outside the root")

// runWriter applies outcomes to the store (or, under Check, only records them) and keeps the
// summary.
type runWriter struct {
	w     *store.Writer
	sum   *Summary
	check bool
	seen  map[string]bool
}

func (r *runWriter) apply(ctx context.Context, out outcome) error {
	r.seen[out.path] = true
	if out.change != changeRemoved {
		r.sum.Seen++
	}
	switch out.change {
	case changeNone:
		r.sum.Unchanged++
	case changeTouch:
		r.sum.Touched++
		if !r.check {
			return r.w.Touch(ctx, out.path, out.file.ModTimeNS)
		}
	case changeRemoved:
		if out.isNew {
			return nil // vanished before it was ever stored
		}
		return r.remove(ctx, out.path)
	case changePut:
		f := out.file
		if r.check {
			status := "changed"
			if out.isNew {
				status = "new"
			}
			r.sum.Stale = append(r.sum.Stale, StaleFile{Path: out.path, Status: status})
			return nil
		}
		if f.Skip.HasMap() {
			r.sum.Mapped++
			r.sum.Symbols += len(f.Symbols)
		}
		if f.Skip != store.SkipNone {
			r.sum.Skipped++
		}
		return r.w.Put(ctx, f)
	}
	return nil
}

func (r *runWriter) remove(ctx context.Context, path string) error {
	r.sum.Removed++
	if r.check {
		r.sum.Stale = append(r.sum.Stale, StaleFile{Path: path, Status: "removed"})
		return nil
	}
	return r.w.Delete(ctx, path)
}

// removeGone deletes the rows of files under the walked targets that the walk did not see: they
// were deleted, or are now ignored.
func (r *runWriter) removeGone(ctx context.Context, states map[string]store.FileState, targets []target) error {
	var gone []string
	for path := range states {
		if r.seen[path] {
			continue
		}
		for _, t := range targets {
			if t.rel == "" || path == t.rel || ((t.isDir || t.missing) && strings.HasPrefix(path, t.rel+"/")) {
				gone = append(gone, path)
				break
			}
		}
	}
	sort.Strings(gone)
	for _, path := range gone {
		if err := r.remove(ctx, path); err != nil {
			return err
		}
	}
	return nil
}
