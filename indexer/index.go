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
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/readmap/readmap/indexer/lang"
	"github.com/readmap/readmap/store"
	"github.com/sourcegraph/conc/pool"
	"golang.org/x/sync/semaphore"
)

// Options configures an index run.
type Options struct {
	Root        string   // root of the repository; Run makes it absolute
	Paths       []string // files or folders to index (absolute or relative to the working directory); empty: the whole root
	Jobs        int      // mapper workers; <= 0 means one per core
	Force       bool     // re-map files whose stat data match their row
	Check       bool     // change nothing; report what is stale, new or gone
	MaxFileSize int64    // bytes; <= 0 means DefaultMaxFileSize
	MapTimeout  time.Duration
	Disabled    []string // language names not to map (READMAP_DISABLE)
	// Raw maps files as their bytes are, not as readers see them (a notebook as its JSON, not its
	// cells): for MapFile, when read --raw pages the bytes. Index runs never set it.
	Raw      bool
	Logger   *slog.Logger
	Progress func(Progress) // called from the writer goroutine after each file; may be nil
	// Alongside, when set, runs beside the end of the run, from the moment every file is mapped:
	// work that only reads the store (the ranking) overlaps the writing of the last rows and the
	// building of the lookup indexes. end.Committed says when it may read the store; end.Sets
	// holds what a bulk load can give it before. Its error is the run's. Runs that Check do not
	// call it.
	Alongside func(ctx context.Context, st *store.Store, end *Ending) error
	// SetsUpTo bounds the names the name sets given to Alongside define (Ending.Sets): a bulk
	// load that defines more gives none. Zero gives none.
	SetsUpTo int
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
	// NoFiles says, when the run saw no file in the folders it walked, why: the ignore rules that
	// hid what they hold (`.gitignore:3: "/*" ignores everything under the root`), or that a
	// folder is empty or holds nothing to index. Empty when files were seen.
	NoFiles string `json:"no_files,omitempty"`
}

// StaleFile is one difference between the store and the disk found by a check.
type StaleFile struct {
	Path   string `json:"path"`
	Status string `json:"status"` // "new", "changed" or "removed"
}

// channelDepth bounds the queues between the stages, so a slow writer holds back the mappers
// instead of piling mapped files up in memory.
const channelDepth = 256

// pathsDepth bounds the paths the walk may find ahead of the workers: paths are small, and while
// the store's rows are read at the start the walk goes on (a kernel-sized tree has 86,679 files).
const pathsDepth = 1 << 17

// unchangedBatch is how many unchanged files a worker reports to the writer in one outcome: one
// outcome a file, its queue weight and its trip through the channel were a twentieth of the CPU
// of a kernel-sized run that finds nothing changed.
const unchangedBatch = 256

// queuedSymbols bounds the symbols of the mapped files waiting for the writer. A count of files
// alone let a kernel run queue 256 generated register headers of 100,000 symbols each behind a
// busy writer: 1.9 GB at its peak.
const queuedSymbols = 100_000

// symbolWeight is what an outcome takes of the writer's queue: its symbols, at least 1, at most
// the whole queue (a larger file waits to be the only one queued).
func symbolWeight(out outcome) int64 {
	n := int64(1)
	if out.file != nil {
		n += int64(len(out.file.Symbols))
	}
	return min(n, queuedSymbols)
}

// Run indexes opts.Root (or opts.Paths) into st and returns what it did. Cancelling ctx stops the
// run; what was committed stays valid and the next run carries on from there.
func Run(ctx context.Context, st *store.Store, opts Options) (*Summary, error) {
	started := time.Now()
	r, err := prepare(ctx, st, opts)
	if err != nil {
		return nil, err
	}
	defer r.restoreLookupIndexes(ctx)
	if err := r.walkAndFinish(ctx); err != nil {
		r.alongside.end(err)
		_ = r.alongside.wait() // it fails with err, or ends without reading the store
		return nil, err
	}
	r.sum.Elapsed = time.Since(started).Seconds()
	return r.sum, nil
}

// walkAndFinish runs the pipeline and, when it walked everything, finishes the run.
func (r *run) walkAndFinish(ctx context.Context) error {
	err := r.pipeline(ctx)
	if <-r.statesRead; r.statesErr != nil {
		return fmt.Errorf("index: %w", r.statesErr)
	}
	if err != nil {
		if err == ctx.Err() {
			return err // interrupted: what was applied is committed
		}
		return fmt.Errorf("index: %w", err)
	}
	if err := r.finish(ctx); err != nil {
		return fmt.Errorf("index: %w", err)
	}
	return nil
}

// run is one index run: what it starts from, what it walks, and what it has done so far.
type run struct {
	st   *store.Store
	opts Options
	// states are the store's rows as the run began, once statesRead is closed (statesErr says
	// why they could not be read).
	states     *store.States
	statesErr  error
	statesRead chan struct{}
	targets    []target
	git        bool       // the root is inside a git work tree: git's own ignore files count
	own        storeFiles // never indexed
	writer     *runWriter
	sum        *Summary
	// indexesDone is set once the lookup indexes are known to be in place; until then, an early
	// end of the run builds them again.
	indexesDone bool
	alongside   *alongside
	sets        *nameSets    // the name sets the workers gather for alongside; nil gathers none
	found       atomic.Int64 // files the walk has sent so far
	walking     atomic.Bool  // the walk may send more
}

// prepare reads the store's rows and resolves what to walk. For a bulk load (a whole root into an
// empty store, or a forced run) it drops the lookup indexes: building them once at the end is several
// times cheaper than keeping them up to date batch by batch. Into an empty store, the writes skip
// their syncs to disk (Store.SkipSyncs).
func prepare(ctx context.Context, st *store.Store, opts Options) (*run, error) {
	opts = withDefaults(opts)
	root, err := filepath.Abs(opts.Root)
	if err != nil {
		return nil, fmt.Errorf("index %s: %w", opts.Root, err)
	}
	opts.Root = root
	// A store made by this process's Open holds no rows: nothing to read (a reader connection and
	// two queries of a small tree's start).
	created := st.Created()
	empty := created
	if !empty {
		if empty, err = st.Empty(ctx); err != nil {
			return nil, fmt.Errorf("index: %w", err)
		}
	}
	targets, err := resolveTargets(opts.Root, opts.Paths)
	if err != nil {
		return nil, err
	}
	sum := &Summary{}
	r := &run{
		st: st, opts: opts, statesRead: make(chan struct{}), targets: targets, sum: sum,
		git:         inGitWorkTree(opts.Root),
		own:         newStoreFiles(st.Path()),
		indexesDone: opts.Check,
		writer:      &runWriter{w: st.NewWriter(), sum: sum, check: opts.Check, log: opts.Logger},
		alongside:   newAlongside(opts.Alongside, sum),
	}
	if !r.git {
		opts.Logger.Debug("not inside a git work tree: .gitignore and .gitmodules rules do not apply", "root", opts.Root)
	}
	// The rows are read while the walk starts: on a kernel-sized tree each takes a fifth of a
	// second, most of what a run that finds nothing changed costs.
	go func() {
		defer close(r.statesRead)
		if created {
			r.states = &store.States{}
			st.WarmReader(ctx)
			return
		}
		r.states, r.statesErr = st.FileStates(ctx)
	}()
	if !opts.Check && (empty || opts.Force) && len(opts.Paths) == 0 {
		opts.Logger.Debug("bulk load: the lookup indexes are built once at the end")
		if err := st.DropLookupIndexes(ctx); err != nil {
			return nil, fmt.Errorf("index: %w", err)
		}
		if empty {
			if err := st.SkipSyncs(ctx); err != nil {
				return nil, fmt.Errorf("index: %w", err)
			}
		}
		if empty && opts.Alongside != nil && opts.SetsUpTo > 0 {
			// Every row this run writes is new, so the sets of the files it maps are the store's.
			r.sets = &nameSets{upTo: opts.SetsUpTo}
		}
	}
	return r, nil
}

// freeMemoryAbove is how many symbols a run maps before it gives its memory back to the system
// ahead of building the lookup indexes: the kernel's 7.5 million are worth it, while a forced
// collection took 4-7 ms of a 0.17 s index of a small tree.
const freeMemoryAbove = 1_000_000

// restoreLookupIndexes builds the lookup indexes again after a run that ended early (an error or
// an interrupt). It is best effort: a store without them answers correctly, only slower, until the
// next run builds them.
func (r *run) restoreLookupIndexes(ctx context.Context) {
	if !r.indexesDone {
		_ = r.st.EnsureLookupIndexes(context.WithoutCancel(ctx))
	}
}

// pipeline runs the three stages at once: the walk sends paths, opts.Jobs workers turn them into
// outcomes, and this goroutine, the store's single writer, applies the outcomes. An interrupt
// commits what was applied and returns ctx's error; an error of the writer or the walk rolls back
// the open batch (what earlier batches committed stays).
func (r *run) pipeline(ctx context.Context) error {
	// The walk and the workers stop on stages, which the writer cancels when it stops early too.
	// Writes use a context no interrupt cancels: a batch that has begun is committed whole.
	stages, stop := context.WithCancel(ctx)
	defer stop()
	paths := make(chan string, pathsDepth)
	walkDone := r.startWalk(stages, paths)
	queue := semaphore.NewWeighted(queuedSymbols)
	outcomes := r.startWorkers(stages, paths, queue)
	applyErr := r.applyOutcomes(ctx, outcomes, queue)
	stop() // when the writer stopped early, the walk and the workers still run
	drain(outcomes)
	walkErr := <-walkDone
	switch {
	case applyErr != nil:
		r.writer.w.Abort()
		return applyErr
	case ctx.Err() != nil:
		// What was applied before the interrupt is whole and valid: keep it.
		if err := r.writer.w.Flush(context.WithoutCancel(ctx)); err != nil {
			return err
		}
		return ctx.Err()
	case walkErr != nil:
		r.writer.w.Abort()
		return walkErr
	}
	return nil
}

// startWalk walks the targets on a goroutine of its own, sending every file to index on paths.
// It closes paths when done and then reports its error, or nil, on the returned channel.
func (r *run) startWalk(ctx context.Context, paths chan<- string) <-chan error {
	errc := make(chan error, 1)
	r.walking.Store(true)
	go func() {
		defer close(paths)
		defer r.walking.Store(false)
		errc <- r.walkTargets(ctx, paths)
	}()
	return errc
}

// startWorkers starts opts.Jobs workers that turn each path into an outcome: what its row needs
// after comparing the file with it, and the new row when the file was mapped (unchanged files
// go unchangedBatch to an outcome). The returned channel is closed when every worker is done. An
// outcome takes its weight of queue before it is sent, and the writer gives it back once it is
// written.
func (r *run) startWorkers(ctx context.Context, paths <-chan string, queue *semaphore.Weighted) <-chan outcome {
	outcomes := make(chan outcome, channelDepth)
	go func() {
		defer close(outcomes)
		p := &processor{maxFileSize: r.opts.MaxFileSize, force: r.opts.Force, check: r.opts.Check,
			root: realRoot(r.opts.Root), dir: openRootDir(r.opts.Root), log: r.opts.Logger}
		defer p.dir.Close()
		gate, same := newMapGate(), newSameContent()
		workers := pool.New().WithContext(ctx).WithMaxGoroutines(r.opts.Jobs)
		for range r.opts.Jobs {
			workers.Go(func(ctx context.Context) error {
				w := newRunWorker(r.opts, gate, same)
				defer w.close()
				if <-r.statesRead; r.statesErr != nil {
					return r.statesErr // Run reports it
				}
				var unchanged []int
				send := func(out outcome) error {
					if err := queue.Acquire(ctx, symbolWeight(out)); err != nil {
						return err
					}
					select {
					case outcomes <- out:
						return nil
					case <-ctx.Done():
						return ctx.Err()
					}
				}
				for abs := range paths {
					rel := relPath(r.opts.Root, abs)
					row := r.states.Find(rel)
					var prev *store.FileState
					if row >= 0 {
						prev = &r.states.Rows[row]
					}
					out := p.process(ctx, w, abs, rel, prev)
					out.row = row
					if out.change == changeNone {
						if unchanged = append(unchanged, row); len(unchanged) == unchangedBatch {
							if err := send(outcome{change: changeNone, unchanged: unchanged}); err != nil {
								return err
							}
							unchanged = nil
						}
						continue
					}
					if out.change == changePut && !r.opts.Check {
						if out.packed.File() != out.file { // a row analyze did not pack: skipped, binary
							out.packed = store.Pack(out.file)
						}
						if out.isNew {
							out.packed = out.packed.AsNew()
						}
						if r.sets != nil {
							r.sets.add(out.packed)
						}
					}
					if err := send(out); err != nil {
						return err
					}
				}
				if unchanged != nil {
					return send(outcome{change: changeNone, unchanged: unchanged})
				}
				return nil
			})
		}
		if workers.Wait() != nil || r.opts.Check {
			return // a cancelled context is reported by the writer
		}
		var sets []store.NameSet
		var definesOver bool
		if r.sets != nil {
			sets, definesOver = r.sets.inPathOrder()
		}
		// Before outcomes closes: once the pipeline is over, the work has started or never will.
		// An interrupt from now on would waste the mapping (finish ignores it too).
		r.alongside.start(context.WithoutCancel(ctx), r.st, sets, definesOver)
	}()
	return outcomes
}

// applyOutcomes hands each outcome to the writer until the workers are done, the run is
// interrupted, or a write fails.
func (r *run) applyOutcomes(ctx context.Context, outcomes <-chan outcome, queue *semaphore.Weighted) error {
	writeCtx := context.WithoutCancel(ctx)
	// No outcome comes before the rows are read.
	<-r.statesRead
	r.writer.seen = make([]bool, r.states.Len())
	for {
		var out outcome
		var more bool
		select {
		case out, more = <-outcomes:
		default:
			// No outcome waits: write what the batch holds back for its end meanwhile.
			if err := r.writer.w.WriteHeldBack(writeCtx); err != nil {
				return err
			}
			out, more = <-outcomes
		}
		if !more {
			return nil
		}
		if ctx.Err() != nil {
			return nil // interrupted: an outcome from now on may be a cut-short mapping
		}
		err := r.writer.apply(writeCtx, out)
		queue.Release(symbolWeight(out))
		if err != nil {
			return err
		}
		if r.opts.Progress != nil {
			r.opts.Progress(Progress{Done: r.sum.Seen, Found: int(r.found.Load()), Walking: r.walking.Load()})
		}
	}
}

// finish ends a run that walked everything: it removes the rows of files the walk did not see,
// records the time and root of the run, commits, builds the lookup indexes (also those a run
// killed during a bulk load left dropped), and says why when the walk found no file.
func (r *run) finish(ctx context.Context) error {
	ctx = context.WithoutCancel(ctx) // the walk is over: an interrupt now would waste it
	if err := r.recordEnd(ctx); err != nil {
		r.writer.w.Abort()
		return err
	}
	if err := r.writer.w.Flush(ctx); err != nil {
		return err
	}
	if !r.opts.Check {
		r.alongside.end(nil)
		// The lookup indexes of a kernel-sized store take hundreds of MB to build: the memory of
		// the mapping, and the writer's cache of name ids, go back to the system first, so that
		// the run's peak is the larger of the two phases rather than their sum.
		if r.sum.Symbols > freeMemoryAbove { // a smaller run has little to give back, and a GC to save
			r.writer.w.ForgetNames()
			debug.FreeOSMemory()
		}
		err := r.st.EnsureLookupIndexes(ctx)
		if err == nil {
			r.indexesDone = true
			err = r.st.Checkpoint(ctx)
		}
		if err := errors.Join(err, r.alongside.wait()); err != nil {
			return err
		}
	}
	sort.Slice(r.sum.Stale, func(i, j int) bool { return r.sum.Stale[i].Path < r.sum.Stale[j].Path })
	if r.sum.Seen == 0 {
		r.sum.NoFiles = r.explainNoFiles()
	}
	return nil
}

// recordEnd writes what follows from the whole walk into the open batch: gone files lose their
// rows and, unless the run only checks, the store records when and which root was indexed, and
// whether the run walked all of it.
func (r *run) recordEnd(ctx context.Context) error {
	if err := r.writer.removeGone(ctx, r.states, r.targets); err != nil {
		return err
	}
	if r.opts.Check {
		return nil
	}
	now := strconv.FormatInt(time.Now().Unix(), 10)
	if err := r.writer.w.SetMeta(ctx, store.MetaIndexedAt, now); err != nil {
		return err
	}
	if len(r.targets) == 1 && r.targets[0].rel == "" {
		if err := r.writer.w.SetMeta(ctx, store.MetaWalkedAt, now); err != nil {
			return err
		}
	}
	if err := r.writer.w.SetMeta(ctx, store.MetaRoot, r.opts.Root); err != nil {
		return err
	}
	return r.writer.w.PrunePages(ctx)
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
	// The walk's paths are clean and under the root: what follows the root and a separator is
	// what filepath.Rel would return, without cleaning both paths again (a thirtieth of a run
	// that finds the Linux kernel unchanged).
	if len(abs) > len(root)+1 && abs[len(root)] == filepath.Separator && strings.HasPrefix(abs, root) {
		if rel := abs[len(root)+1:]; isCleanRelative(rel) {
			return filepath.ToSlash(rel)
		}
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil {
		return filepath.ToSlash(abs)
	}
	return filepath.ToSlash(rel)
}

// isCleanRelative reports whether rel is a relative path filepath.Clean leaves as it is: no
// empty, "." or ".." component, no separator at either end.
func isCleanRelative(rel string) bool {
	for {
		name, rest, more := strings.Cut(rel, string(filepath.Separator))
		if name == "" || name == "." || name == ".." {
			return false
		}
		if !more {
			return true
		}
		rel = rest
	}
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
		// Lstat: a named link to a folder is not walked through, as the walk of its folder would
		// not follow it either.
		fi, err := os.Lstat(abs)
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
	seen  []bool // by row number (store.States): whether an outcome for the row's file was applied
	known int    // how many rows seen holds
	log   *slog.Logger
}

func (r *runWriter) apply(ctx context.Context, out outcome) error {
	if out.unchanged != nil {
		for _, row := range out.unchanged {
			r.see(row)
		}
		r.sum.Seen += len(out.unchanged)
		r.sum.Unchanged += len(out.unchanged)
		return nil
	}
	r.see(out.row)
	if out.change != changeRemoved {
		r.sum.Seen++
	}
	switch out.change {
	case changeNone:
		r.sum.Unchanged++
	case changeTouch:
		r.sum.Touched++
		if !r.check {
			return r.w.Touch(ctx, out.path, out.file.Stamp())
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
			r.logSkip(f)
		}
		if out.packed.File() == f {
			return r.w.PutPacked(ctx, out.packed)
		}
		return r.w.Put(ctx, f)
	}
	return nil
}

// see records that an outcome for the file of row (a row number of the run's store.States, -1
// for none) was applied.
func (r *runWriter) see(row int) {
	if row >= 0 && !r.seen[row] {
		r.seen[row] = true
		r.known++
	}
}

// logSkip tells an operator why a file has no map of its own.
func (r *runWriter) logSkip(f *store.File) {
	msg := "not mapped"
	if f.Skip.HasMap() {
		msg = "fallback map" // its mapper panicked, ran out of time, or its language is disabled
	}
	r.log.Debug(msg, "path", f.Path, "reason", f.Skip, "detail", f.SkipDetail)
}

func (r *runWriter) remove(ctx context.Context, path string) error {
	r.sum.Removed++
	if r.check {
		r.sum.Stale = append(r.sum.Stale, StaleFile{Path: path, Status: "removed"})
		return nil
	}
	r.log.Debug("row removed", "path", path)
	return r.w.Delete(ctx, path)
}

// removeGone deletes the rows of files under the walked targets that the walk did not see: they
// were deleted, or are now ignored.
func (r *runWriter) removeGone(ctx context.Context, states *store.States, targets []target) error {
	if r.known == states.Len() {
		return nil // every row's file was seen: the common case
	}
	var gone []string
	for i, path := range states.Paths {
		if r.seen[i] {
			continue
		}
		for _, t := range targets {
			if t.rel == "" || path == t.rel || ((t.isDir || t.missing) && strings.HasPrefix(path, t.rel+"/")) {
				gone = append(gone, path)
				break
			}
		}
	}
	for _, path := range gone { // in path order, as the rows are
		if err := r.remove(ctx, path); err != nil {
			return err
		}
	}
	return nil
}
