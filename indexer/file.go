package indexer

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
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
	row    int         // the number of path's row in the run's store.States; -1 when isNew
	// unchanged, when not nil, makes the outcome stand for several unchanged files (change is
	// changeNone, and path empty): their row numbers, -1 for a file the store had no row of.
	unchanged []int
	// packed is file packed for the writer, when a run's worker did it (packing the symbols is
	// a fifth of the single writer's time, which every worker waits for); else it is zero.
	packed store.Packed
}

// processor examines files and decides what their rows need.
type processor struct {
	maxFileSize int64
	force       bool
	check       bool // compare only: never map, just hash to tell touched from changed
	// root, when set, is the real path (links resolved) a file must lie under for its content to
	// be read into a row; a file a link leads outside of it is recorded as SkipOutsideRoot.
	root string
	// dir, when not nil, holds the root open: a file whose path, links followed, stays under the
	// root is opened through it in one system call (see openBeneath), and stats resolve from it.
	dir *rootDir
	log *slog.Logger
}

// open opens the regular file at abs (rel under the root) for reading, as openRegular does, and
// through p.dir when it can.
func (p *processor) open(abs, rel string) (openedFile, fs.FileInfo, error) {
	if file, fi, ok := p.dir.openBeneath(rel); ok {
		return file, fi, nil
	}
	file, fi, err := openRegular(abs, p.root)
	if err != nil {
		return nil, fi, err
	}
	return file, fi, nil
}

// process stats the file at abs (relative path rel), compares it with its stored state (nil when
// the store has none), and reads, hashes and maps it as far as needed. A file the store has no row
// of is opened at once when it can be through p.dir, its stat data read from the open file: the
// stat of its whole path first took 7 µs a file, a third of the system calls' time of an index of
// Debian's bash completions. Whatever that open leaves (a folder, a link leading out, a named
// pipe, a missing file) takes the way below, as does a name that says binary.
func (p *processor) process(ctx context.Context, w *worker, abs, rel string, prev *store.FileState) outcome {
	if prev == nil {
		if _, binary := lang.BinaryByName(rel); !binary {
			if file, fi, ok := p.dir.openBeneath(rel); ok {
				defer file.Close()
				return p.read(ctx, w, file, fi, rel, nil, false)
			}
		}
	}
	fi, err := p.dir.stat(abs, rel)
	if err != nil {
		// A dangling link or a loop of links is recorded, so the reader can see why it has no map,
		// with the link's own stat data: it stays unchanged until the link or its target changes.
		li, lerr := os.Lstat(abs)
		switch {
		case errors.Is(err, fs.ErrNotExist) && lerr != nil:
			return outcome{change: changeRemoved, path: rel, isNew: prev == nil}
		case errors.Is(err, fs.ErrNotExist):
			return p.skipped(rel, StampOf(li), prev, store.SkipUnreadable, "broken symbolic link")
		}
		return p.skipped(rel, stampOrZero(li), prev, store.SkipUnreadable, reasonText(err))
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
		return p.skipped(rel, StampOf(fi), prev, store.SkipUnreadable, notRegular(fi).Error())
	}
	// A row of older mappers is mapped again; a newer readmap's row is left as it is, so two
	// versions side by side (a pinned pre-commit hook, an installed CLI) do not undo each other.
	retrying := prev != nil && (p.retry(w, prev, fi.Size()) || prev.MappersVersion < lang.RowVersion(prev.Language))
	if prev != nil && !p.force && !retrying && prev.Stamp == StampOf(fi) {
		return outcome{change: changeNone, path: rel}
	}
	if kind, binary := lang.BinaryByName(rel); binary && fi.Size() > 0 && (prev == nil || prev.Hash == nil) {
		// A compiled module or an archive is recorded from its name and stat data alone, unless
		// it is a link (whose target may lie outside the root: openRegular decides then).
		if li, err := os.Lstat(abs); err == nil && li.Mode().IsRegular() {
			return p.binaryRow(fi, rel, kind, prev, retrying)
		}
	}
	file, opened, err := p.open(abs, rel)
	switch {
	case errors.Is(err, errOutsideRoot):
		// Nothing of the file is kept, its stat data included: only that the path leads out.
		return p.skipped(rel, store.Stamp{}, prev, store.SkipOutsideRoot, err.Error())
	case err != nil:
		return p.skipped(rel, StampOf(fi), prev, store.SkipUnreadable, reasonText(err))
	}
	defer file.Close()
	return p.read(ctx, w, file, opened, rel, prev, retrying)
}

// read reads, hashes and maps the open file (stat data fi) as far as needed, as process says.
func (p *processor) read(ctx context.Context, w *worker, file openedFile, fi fs.FileInfo, rel string, prev *store.FileState, retrying bool) outcome {
	if fi.Size() > p.maxFileSize {
		return p.skipped(rel, StampOf(fi), prev, store.SkipTooLarge, fmt.Sprintf("%d bytes, limit %d", fi.Size(), p.maxFileSize))
	}
	// A row with a content hash (text, or a binary file an older readmap hashed) is compared by
	// its hash, so `index --check` does not report as changed a file that only was touched.
	if fi.Size() > binaryProbeAbove && (prev == nil || prev.Hash == nil) {
		if out, binary := p.probeBinary(file, fi, rel, prev, retrying); binary {
			return out
		}
	}
	src, fi, err := readStable(file, fi, w.readRoom)
	if err != nil {
		return p.skipped(rel, StampOf(fi), prev, store.SkipUnreadable, reasonText(err))
	}
	defer func() { w.keepRoom(src) }()
	f := &store.File{Path: rel, Hash: Hash(src)}
	f.SetStamp(StampOf(fi))
	f.Size = int64(len(src))
	if prev != nil && !p.force && !retrying && prev.Size == f.Size && bytes.Equal(prev.Hash, f.Hash) {
		return outcome{change: changeTouch, path: rel, file: f}
	}
	if p.check {
		return outcome{change: changePut, path: rel, file: f, isNew: prev == nil}
	}
	packed, ok := w.analyze(ctx, f, src)
	if f.Skip == store.SkipMapperTimeout {
		w.readRoom, src = nil, nil // the mapper may still be reading src on a goroutine of its own
	}
	if !ok {
		return outcome{change: changeNone, path: rel, isNew: prev == nil} // the run is ending: nothing to write
	}
	return outcome{change: changePut, path: rel, file: f, isNew: prev == nil, packed: packed}
}

// binaryProbeAbove is the size above which a file's head is read first, so a binary file (an
// archive, a compiled module, an image) is recorded without being read and hashed whole: trees
// of compiled files (OCaml's .cmt, Erlang's .beam) held 95% of their bytes in them. Smaller files
// are read whole at once, which costs less than a second read.
const binaryProbeAbove = 64 << 10

// probeBinary reads the head of the open file and, when it is binary (and not UTF-16 text, whose
// NUL bytes are its encoding), returns the row's outcome (binaryRow). It reports false for any other head, or when the head cannot be read (the whole read then
// says why).
func (p *processor) probeBinary(file openedFile, fi os.FileInfo, rel string, prev *store.FileState, retrying bool) (outcome, bool) {
	head := make([]byte, lang.SniffBytes)
	n, err := file.ReadAt(head, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return outcome{}, false
	}
	head = head[:n]
	kind, binary := lang.BinaryKind(head)
	if !binary || lang.Charset(head) != "" {
		return outcome{}, false
	}
	return p.binaryRow(fi, rel, kind, prev, retrying), true
}

// binaryRow returns the outcome of a binary file of the given kind: a row with its kind and size
// and no content hash, so that its stat data tell its versions apart (prev, when set, has no
// hash either).
func (p *processor) binaryRow(fi os.FileInfo, rel, kind string, prev *store.FileState, retrying bool) outcome {
	f := &store.File{Path: rel, Size: fi.Size(), Skip: store.SkipBinary, SkipDetail: kind, MappersVersion: lang.RowVersion("")}
	f.SetStamp(StampOf(fi))
	if prev != nil && !p.force && !retrying && prev.Skip == store.SkipBinary && prev.SkipDetail == kind &&
		prev.Size == f.Size && prev.MappersVersion == f.MappersVersion {
		return outcome{change: changeTouch, path: rel, file: f}
	}
	return outcome{change: changePut, path: rel, file: f, isNew: prev == nil}
}

// stampOrZero returns the stat data fi describes, or none when there is no fi (Lstat failed).
func stampOrZero(fi os.FileInfo) store.Stamp {
	if fi == nil {
		return store.Stamp{}
	}
	return StampOf(fi)
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

// skipped records a file that is not read or cannot be read, with the stat data it had. A row
// that already says so, for the same stat data, is unchanged: a dangling link, a loop of links or
// a named pipe neither stales the store for index --check nor is rewritten by every run.
func (p *processor) skipped(rel string, stamp store.Stamp, prev *store.FileState, reason store.SkipReason, detail string) outcome {
	f := &store.File{Path: rel, Skip: reason, SkipDetail: detail, MappersVersion: lang.RowVersion("")}
	f.SetStamp(stamp)
	if prev != nil && !p.force && prev.Skip == reason && prev.SkipDetail == detail && prev.Stamp == stamp &&
		prev.MappersVersion == f.MappersVersion {
		return outcome{change: changeNone, path: rel}
	}
	return outcome{change: changePut, path: rel, file: f, isNew: prev == nil}
}

// readStable reads the open file whole and stats it again; when its stat data moved during the
// read it reads again, so the stored row describes one version of the file. It reads into room's
// memory when room has enough.
func readStable(file openedFile, before os.FileInfo, room []byte) ([]byte, os.FileInfo, error) {
	var src []byte
	for range readRetries {
		var err error
		if src, err = readSized(file, before.Size(), room); err != nil {
			return nil, before, err
		}
		after, err := file.Stat()
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

// readSized returns the content of file, size bytes as its stat data said. It reads exactly
// that many (one read of a regular file, no second one to meet its end), or up to the end when it
// is shorter: a file that grew meanwhile has stat data of its own, which readStable compares. A
// file that says it is empty is read to its end (a special file's size can be 0). It reads into
// room's memory when room has enough.
func readSized(file openedFile, size int64, room []byte) ([]byte, error) {
	if size <= 0 {
		if cap(room) < 512 {
			room = make([]byte, 0, 512)
		}
		return readAllAt(file, room[:0])
	}
	var src []byte
	if int64(cap(room)) >= size+512 {
		src = room[:size]
	} else {
		// Room for a little growth, as os.ReadFile leaves, or twice the room there was, so that
		// a worker reading larger and larger files takes new memory a few times only.
		src = make([]byte, size, max(size+512, min(2*int64(cap(room)), keptReadRoom)))
	}
	n, err := file.ReadAt(src, 0)
	if err == io.EOF {
		err = nil
	}
	return src[:n], err
}

// readAllAt appends the whole content of file, from its first byte, to buf.
func readAllAt(file openedFile, buf []byte) ([]byte, error) {
	for off := int64(0); ; {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := file.ReadAt(buf[len(buf):cap(buf)], off)
		buf, off = buf[:len(buf)+n], off+int64(n)
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
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
