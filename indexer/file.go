package indexer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"syscall"

	"github.com/readmap/readmap/indexer/lang"
	"github.com/readmap/readmap/store"
)

// DefaultMaxFileSize is the size above which a file is recorded as too large and not read.
const DefaultMaxFileSize = 64 << 20

// readRetries is how often a file that changes while being read is read again before the last
// reading is used as it is.
const readRetries = 3

// change says what processing a file did or would do to its row.
type change int

const (
	changeNone    change = iota // the stat data match the row: not read
	changeTouch                 // the stat data moved, content hash unchanged: only they are updated
	changePut                   // new or changed: mapped (or recorded as skipped) and written
	changeRemoved               // no file here (gone, or a link to a folder): its row, if any, is deleted
)

// outcome is the result of processing one path, handed from a worker to the writer.
type outcome struct {
	change change
	path   string      // relative to the root
	file   *store.File // changePut: the full row; changeTouch: Path and the stat data
	isNew  bool        // the store had no row for path
}

// processor examines files and decides what their rows need.
type processor struct {
	maxFileSize int64
	force       bool
	check       bool // compare only: never map, just hash to tell touched from changed
	log         *slog.Logger
}

// process stats the file at abs (relative path rel), compares it with its stored state (nil when
// the store has none), and reads, hashes and maps it as far as needed.
func (p *processor) process(ctx context.Context, w *worker, abs, rel string, prev *store.FileState) outcome {
	fi, err := os.Stat(abs)
	if errors.Is(err, fs.ErrNotExist) {
		if _, lerr := os.Lstat(abs); lerr == nil {
			// A dangling symlink: recorded, so the reader can see why it has no map.
			return p.skipped(rel, nil, prev, store.SkipUnreadable, "broken symbolic link")
		}
		return outcome{change: changeRemoved, path: rel, isNew: prev == nil}
	}
	if err != nil {
		return p.skipped(rel, nil, prev, store.SkipUnreadable, reasonText(err))
	}
	if fi.IsDir() {
		// A symbolic link to a folder is never followed, so a loop of links cannot trap the walk,
		// and it is not a file either: a run neither sees nor counts it, and a row left from when
		// the path was a file goes.
		p.log.Debug("not indexed: a link to a folder, which is not followed", "path", rel)
		return outcome{change: changeRemoved, path: rel, isNew: prev == nil}
	}
	if !fi.Mode().IsRegular() {
		// Opening a named pipe would block forever; devices and sockets are not files to read.
		return p.skipped(rel, fi, prev, store.SkipUnreadable, "not a regular file ("+fi.Mode().Type().String()+")")
	}
	// A row of older mappers is mapped again; a newer readmap's row is left as it is, so two
	// versions side by side (a pinned pre-commit hook, an installed CLI) do not undo each other.
	retrying := prev != nil && (p.retry(w, prev, fi.Size()) || prev.MappersVersion < lang.RowVersion(prev.Language))
	if prev != nil && !p.force && !retrying && prev.Stamp == StampOf(fi) {
		return outcome{change: changeNone, path: rel}
	}
	if fi.Size() > p.maxFileSize {
		return p.skipped(rel, fi, prev, store.SkipTooLarge, fmt.Sprintf("%d bytes, limit %d", fi.Size(), p.maxFileSize))
	}
	src, fi, err := readStable(abs, fi)
	if err != nil {
		return p.skipped(rel, fi, prev, store.SkipUnreadable, reasonText(err))
	}
	f := &store.File{Path: rel, Hash: Hash(src)}
	f.SetStamp(StampOf(fi))
	f.Size = int64(len(src))
	if prev != nil && !p.force && !retrying && prev.Size == f.Size && bytes.Equal(prev.Hash, f.Hash) {
		return outcome{change: changeTouch, path: rel, file: f}
	}
	if p.check {
		return outcome{change: changePut, path: rel, file: f, isNew: prev == nil}
	}
	if !w.analyze(ctx, f, src) {
		return outcome{change: changeNone, path: rel} // the run is ending: nothing to write
	}
	return outcome{change: changePut, path: rel, file: f, isNew: prev == nil}
}

// retry reports whether a file recorded as skipped must be looked at again though its stat data
// did not change: the cause may be gone (permissions fixed with chmod, a mapper timeout on a
// busy machine, a language enabled again, a larger --max-file-size).
func (p *processor) retry(w *worker, prev *store.FileState, size int64) bool {
	switch prev.Skip {
	case store.SkipUnreadable, store.SkipMapperPanic, store.SkipMapperTimeout:
		return true
	case store.SkipDisabled:
		return !w.mappers.Disabled(prev.Language)
	case store.SkipTooLarge:
		return size <= p.maxFileSize
	}
	return false
}

// skipped records a file that is not read or cannot be read.
func (p *processor) skipped(rel string, fi os.FileInfo, prev *store.FileState, reason store.SkipReason, detail string) outcome {
	f := &store.File{Path: rel, Skip: reason, SkipDetail: detail, MappersVersion: lang.RowVersion("")}
	if fi != nil {
		f.SetStamp(StampOf(fi))
	}
	return outcome{change: changePut, path: rel, file: f, isNew: prev == nil}
}

// readStable reads a file and stats it again; when its stat data moved during the read it reads
// again, so the stored row describes one version of the file.
func readStable(abs string, before os.FileInfo) ([]byte, os.FileInfo, error) {
	var src []byte
	var err error
	for range readRetries {
		src, err = os.ReadFile(abs)
		if err != nil {
			return nil, before, err
		}
		after, err := os.Stat(abs)
		if err != nil {
			return nil, before, err
		}
		if after.Size() == int64(len(src)) && StampOf(after) == StampOf(before) {
			return src, after, nil
		}
		before = after
	}
	return src, before, nil
}

// reasonText turns a file system error into a short reason without the path, which the row
// already has: "permission denied", "too many levels of symbolic links".
func reasonText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return errno.Error()
	}
	return err.Error()
}
