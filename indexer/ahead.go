package indexer

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/readmap/readmap/store"
)

// Ahead is the map of content that its caller is writing to a file, made while the write runs:
// an edit of a large file then need not read, hash and map the file again once it is written,
// which would double the edit's time.
type Ahead struct {
	st        *store.Store
	root, abs string
	rel       string // the row's path: relative to root, or abs when the row is not stored
	stored    bool
	opts      Options
	done      chan store.Packed
}

// MapAhead starts mapping content, which the caller is about to write to the file at abs (under
// root, or outside it), in the background, for the row st is to keep of it.
func MapAhead(ctx context.Context, st *store.Store, root, abs string, content []byte, opts Options) *Ahead {
	opts = withDefaults(opts)
	a := &Ahead{st: st, root: root, abs: abs, opts: opts, done: make(chan store.Packed, 1)}
	root, err := filepath.Abs(root)
	if err != nil || int64(len(content)) > opts.MaxFileSize {
		close(a.done) // Load loads it as it would any file: over the size limit, it is scanned
		return a
	}
	rel, inside := storedAs(st, root, abs)
	a.rel, a.stored = abs, st != nil && inside
	if inside {
		a.rel = rel
	}
	go func() {
		f := &store.File{Path: a.rel, Size: int64(len(content))}
		newWorker(opts, nil).analyze(ctx, f, content)
		a.done <- store.Pack(f) // packed here too, not while the answer waits
	}()
	return a
}

// Load returns the file's fresh row once the write is done, as Load would, and stores it.
// written is the file's stat data after the write, when it is known to hold the content mapped
// (nil otherwise); sum is the content's SHA-256. When the write's file cannot be vouched for, or
// the content is over the size limit, the file is loaded afresh.
func (a *Ahead) Load(ctx context.Context, sum []byte, written os.FileInfo) (*Fresh, error) {
	if written == nil {
		return Load(ctx, a.st, a.root, a.abs, a.opts)
	}
	// While the map is made, the writer reads what replacing the file's row needs of it.
	var w *store.Writer
	var prepareErr error
	if a.stored {
		w = a.st.NewWriter()
		prepareErr = w.Prepare(ctx, a.rel)
	}
	packed, ok := <-a.done
	if !ok {
		if w != nil {
			w.Abort()
		}
		return Load(ctx, a.st, a.root, a.abs, a.opts)
	}
	f := packed.File()
	f.Hash = sum[:hashSize]
	f.SetStamp(StampOf(written))
	fresh := &Fresh{File: f, Remapped: true}
	if w == nil {
		return fresh, nil
	}
	fresh.StoreErr = prepareErr
	if prepareErr == nil {
		fresh.StoreErr = w.PutPacked(ctx, packed)
	}
	if fresh.StoreErr == nil {
		fresh.StoreErr = w.Flush(ctx)
	}
	if fresh.StoreErr != nil {
		w.Abort()
		fresh.StoreErr = fmt.Errorf("update store: %w", fresh.StoreErr)
	}
	return fresh, nil
}
