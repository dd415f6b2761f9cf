package indexer

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/readmap/readmap/indexer/lang"
	"github.com/readmap/readmap/store"
)

// ErrIsDir means a path to load names a folder.
var ErrIsDir = errors.New("is a directory")

// Fresh is a file's row as of now, and how it was obtained.
type Fresh struct {
	File *store.File
	// Remapped is true when the row was stale or missing and the file was mapped again.
	Remapped bool
	// StoreErr, when set, says why the store could not be used or updated; File then comes from
	// an in-memory mapping and the caller should warn once.
	StoreErr error
}

// needsScan reports whether a row of a file over the size limit still lacks what ScanLarge finds.
func needsScan(f *store.File) bool {
	return f.Skip == store.SkipTooLarge && f.Lines == 0 && f.Size > 0
}

// Load returns the current row of the file at abs: from the store when its stat data match the
// disk, otherwise mapped again and written before returning (a query is never stale). With a
// nil store, a file outside root or one of the store's own files, the file is mapped in memory
// and nothing is written; so is a file under root that a symbolic link leads outside it (the
// caller named it, so it is served; index records it as SkipOutsideRoot).
// A missing file, a folder or an unreadable file is an error; a binary file comes back as a row
// with its skip reason, and a file over the size limit as a row with its line count, checkpoints
// and landmarks from one streaming scan (stored, so the scan happens once).
func Load(ctx context.Context, st *store.Store, root, abs string, opts Options) (*Fresh, error) {
	opts = withDefaults(opts)
	fi, err := os.Stat(abs)
	if err != nil {
		return nil, err
	}
	if fi.IsDir() {
		return nil, &fs.PathError{Op: "read", Path: abs, Err: ErrIsDir}
	}
	if root, err = filepath.Abs(root); err != nil {
		return nil, fmt.Errorf("load %s: %w", abs, err)
	}
	rel, inside := storedAs(st, root, abs)
	p := &processor{maxFileSize: opts.MaxFileSize, force: opts.Force, log: opts.Logger}
	if inside {
		p.root = realRoot(root)
	} else {
		rel = abs
	}
	stored := st != nil && inside
	fresh := &Fresh{}
	var prev *store.FileState
	if stored {
		state, err := st.FileState(ctx, rel)
		switch {
		case err == nil:
			prev = &state
		case !errors.Is(err, store.ErrNotFound):
			fresh.StoreErr = err
		}
	}
	out := p.process(ctx, newWorker(opts, nil), abs, rel, prev)
	switch out.change {
	case changeRemoved:
		return nil, &fs.PathError{Op: "read", Path: abs, Err: fs.ErrNotExist}
	case changeNone, changeTouch:
		if out.change == changeTouch {
			fresh.StoreErr = write(ctx, st, func(w *store.Writer) error { return w.Touch(ctx, rel, out.file.Stamp()) })
		}
		f, err := st.File(ctx, rel)
		switch {
		case err != nil:
			// The row went away or the store failed between the two reads: map afresh.
			fresh.StoreErr = err
			p.force = true
			out = p.process(ctx, newWorker(opts, nil), abs, rel, nil)
		case f.Skip == store.SkipOutsideRoot || f.Skip == store.SkipUnreadable:
			out.file = f // served in memory, or an error, below
		case needsScan(f): // a file over the size limit, not yet scanned: scan it and store the result
			if err := scanLarge(ctx, f, abs, p.root); err != nil {
				return nil, err
			}
			fresh.File = f
			fresh.StoreErr = write(ctx, st, func(w *store.Writer) error { return w.Put(ctx, f) })
			return fresh, nil
		default:
			fresh.File = f
			return fresh, nil
		}
	}
	if out.file.Skip == store.SkipOutsideRoot {
		// Served as a file outside the root: mapped in memory, never stored.
		stored, p.root = false, ""
		out = p.process(ctx, newWorker(opts, nil), abs, abs, nil)
		if out.file == nil { // the path changed again in between: gone, or a link to a folder
			return nil, &fs.PathError{Op: "read", Path: abs, Err: fs.ErrNotExist}
		}
	}
	fresh.File, fresh.Remapped = out.file, true
	if out.file.Skip == store.SkipUnreadable {
		return nil, &fs.PathError{Op: "read", Path: abs, Err: errors.New(out.file.SkipDetail)}
	}
	if needsScan(out.file) {
		if err := scanLarge(ctx, out.file, abs, p.root); err != nil {
			return nil, err
		}
	}
	if stored && fresh.StoreErr == nil {
		fresh.StoreErr = write(ctx, st, func(w *store.Writer) error { return w.Put(ctx, out.file) })
	}
	return fresh, nil
}

// storedAs returns the path the row of the file at abs has in the store (relative to root, an
// absolute path) and whether it has one: not outside root, nor one of the store's own files.
func storedAs(st *store.Store, root, abs string) (rel string, inside bool) {
	rel = relPath(root, abs)
	inside = rel != ".." && !strings.HasPrefix(rel, "../") && (st == nil || !newStoreFiles(st.Path()).has(abs))
	return rel, inside
}

// scanLarge opens the file at abs as the processor would, under root when root is set, and scans
// it into f as ScanLarge does.
func scanLarge(ctx context.Context, f *store.File, abs, root string) error {
	file, _, err := openRegular(abs, root)
	if err != nil {
		return fmt.Errorf("scan %s: %w", abs, err)
	}
	defer file.Close()
	return scanFile(ctx, f, file)
}

// write runs one change in its own transaction.
func write(ctx context.Context, st *store.Store, change func(*store.Writer) error) error {
	if st == nil {
		return nil
	}
	w := st.NewWriter()
	if err := change(w); err != nil {
		w.Abort()
		return fmt.Errorf("update store: %w", err)
	}
	if err := w.Flush(ctx); err != nil {
		return fmt.Errorf("update store: %w", err)
	}
	return nil
}

// MapFile maps content in memory as the indexer would store it, without touching disk or store:
// path decides the language, src is the content. Tests, and callers that already hold the
// content, use it.
func MapFile(ctx context.Context, path string, src []byte, opts Options) *store.File {
	opts = withDefaults(opts)
	f := &store.File{Path: path, Size: int64(len(src)), Hash: Hash(src)}
	newWorker(opts, nil).analyze(ctx, f, src)
	return f
}

// Lookup answers a question from the store's rows as they are now on disk: the policy every
// lookup across files (sym, and any other answer drawn from many rows) follows. When no index run
// has walked the whole root yet (a first one under way, or cut short), it runs one first: rows of
// some files only would answer "nothing" for a name the others define. It then maps again the
// files whose rows older mappers made, and runs lookup, which returns its answer and the paths
// (relative to the root) the answer comes from. When any of those files changed or went away since
// its row was written, they are mapped again and lookup runs once more.
//
// A read-only store cannot be brought up to date: Lookup answers from its rows as they are, and
// returns as stale those of the answer's paths whose files changed since their rows were written
// or whose rows older mappers made, for the caller to say so. On a writable store stale is nil.
func Lookup[T any](ctx context.Context, st *store.Store, opts Options, lookup func() (T, []string, error)) (answer T, stale []string, err error) {
	var zero T
	opts = withDefaults(opts)
	if st.ReadOnly() {
		return lookupReadOnly(ctx, st, opts, lookup)
	}
	walked, err := st.Meta(ctx, store.MetaWalkedAt)
	if err != nil {
		return zero, nil, err
	}
	if walked == "" {
		opts.Logger.Info("no index run has walked the whole root yet: indexing it first", "root", opts.Root)
		whole := opts
		whole.Paths = nil
		if _, err := Run(ctx, st, whole); err != nil {
			return zero, nil, err
		}
	}
	older, err := st.PathsOfOlderMappers(ctx, lang.CurrentVersions())
	if err != nil {
		return zero, nil, err
	}
	if len(older) > 0 {
		opts.Logger.Info("re-mapping the files older mappers mapped", "files", len(older))
		if err := reindex(ctx, st, opts, older); err != nil {
			return zero, nil, err
		}
	}
	answer, paths, err := lookup()
	if err != nil {
		return zero, nil, err
	}
	changed, err := changedOnDisk(ctx, st, opts.Root, paths)
	if err != nil || len(changed) == 0 {
		return answer, nil, err
	}
	if err := reindex(ctx, st, opts, changed); err != nil {
		return zero, nil, err
	}
	answer, _, err = lookup()
	return answer, nil, err
}

// lookupReadOnly is Lookup on a read-only store.
func lookupReadOnly[T any](ctx context.Context, st *store.Store, opts Options, lookup func() (T, []string, error)) (T, []string, error) {
	var zero T
	answer, paths, err := lookup()
	if err != nil {
		return zero, nil, err
	}
	stale, err := changedOnDisk(ctx, st, opts.Root, paths)
	if err != nil {
		return zero, nil, err
	}
	older, err := st.PathsOfOlderMappers(ctx, lang.CurrentVersions())
	if err != nil {
		return zero, nil, err
	}
	for _, p := range paths {
		if _, found := slices.BinarySearch(older, p); found && !slices.Contains(stale, p) {
			stale = append(stale, p)
		}
	}
	slices.Sort(stale)
	return answer, stale, nil
}

// reindex runs an index of the given root-relative paths.
func reindex(ctx context.Context, st *store.Store, opts Options, paths []string) error {
	opts.Paths = make([]string, 0, len(paths))
	for _, p := range paths {
		opts.Paths = append(opts.Paths, filepath.Join(opts.Root, filepath.FromSlash(p)))
	}
	_, err := Run(ctx, st, opts)
	return err
}

// changedOnDisk returns those of paths whose files no longer match their rows, or are gone.
func changedOnDisk(ctx context.Context, st *store.Store, root string, paths []string) ([]string, error) {
	var stale []string
	seen := map[string]bool{}
	states, err := st.StatesOf(ctx, paths)
	if err != nil {
		return nil, err
	}
	for _, p := range paths {
		if seen[p] {
			continue
		}
		seen[p] = true
		state, ok := states[p]
		if !ok {
			stale = append(stale, p)
			continue
		}
		fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(p)))
		if err != nil || StampOf(fi) != state.Stamp {
			stale = append(stale, p)
		}
	}
	return stale, nil
}
