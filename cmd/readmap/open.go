package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"

	"github.com/readmap/readmap/indexer"
	"github.com/readmap/readmap/indexer/lang"
	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/store"
)

// Every answer about one file reads one open descriptor. The file is opened first; where it
// really is is then read from the descriptor itself (on Linux, the link /proc/self/fd/N), never
// from its path opened a second time, so swapping a symbolic link between the check and the read
// cannot lead an answer outside the root. The row that gives the answer its map must describe the
// descriptor's bytes (its content hash must match them); when it does not (the file changed, or a
// path the indexer read was swapped under it), the descriptor's bytes are mapped in memory and
// that map is used. So a page, a search hit and a map are all drawn from the same bytes.

// opened is one file as an answer reads it.
type opened struct {
	file  *os.File
	info  os.FileInfo // the descriptor's stat
	shown string      // the path as answers name it: the argument, or the path its escapes spell
	row   *store.File
	sum   []byte // the SHA-256 of the bytes, when read
	src   []byte // the bytes, when openOptions.content asked for them
	// changed is true when the store held an older row of the file: pages and ranges read from
	// that version may not join with this one.
	changed bool
	// mapped is true when row was mapped from the descriptor's bytes because the stored one did
	// not describe them: nothing the store keeps for the file (its page starts) is to be trusted.
	mapped bool
	// text and size are the content answers show: the descriptor and its size, or for UTF-16 the
	// UTF-8 it decodes to (charset names it), as the row's map and lines describe it.
	text    io.ReaderAt
	size    int64
	charset string
	// view is lang.ViewNotebook when text is a notebook's cells.
	view string
	// real is where the file really is, read from the descriptor; loadPath is the path the
	// indexer loads it by (under the root as the store names it, when inside).
	real, loadPath string
}

// Close closes the descriptor.
func (o *opened) Close() error { return o.file.Close() }

// openOptions says how a file is opened.
type openOptions struct {
	// confine refuses a file whose real path is outside the root: the MCP server without
	// --allow-outside-root.
	confine bool
	// hash computes the SHA-256 of the whole file, which JSON answers report.
	hash bool
	// raw shows a file's bytes where readers would see another text of them (read --raw: a
	// notebook's JSON, not its cells), with a map of those bytes.
	raw bool
	// content reads the whole file into opened.src, once: the bytes hashed, checked against the
	// row and mapped are then the very bytes the caller gets (edit changes them).
	content bool
}

// openAttempts is how often a file that changes between being opened and being loaded is opened
// again before its own bytes are mapped in memory.
const openAttempts = 3

// open opens the file named by arg, checks where it is, and loads its fresh row, checked against
// its bytes. Errors are ready to print.
func (a *app) open(ctx context.Context, s *session, arg string, opt openOptions) (*opened, error) {
	if err := query.ValidatePath(arg); err != nil {
		return nil, asFailure("", err)
	}
	if strings.IndexByte(arg, 0) >= 0 {
		return nil, failure(query.CodeBadPath, arg, errors.New("the path holds a NUL byte"), "")
	}
	abs, shown, err := s.resolve(arg)
	if err != nil {
		return nil, failure(query.CodeBadPath, arg, err, "")
	}
	a.warnStore(s, s.storeErr)
	for attempt := 1; attempt < openAttempts; attempt++ {
		o, err := a.openOnce(ctx, s, abs, shown, opt, false)
		if !errors.Is(err, errMoved) {
			return o, err
		}
	}
	o, err := a.openOnce(ctx, s, abs, shown, opt, true)
	if errors.Is(err, errMoved) {
		return nil, failure(query.CodeUnreadable, shown, err, "it moved each time it was opened; try again")
	}
	return o, err
}

// errMoved means the file changed or moved while it was being opened and loaded: open it again.
var errMoved = errors.New("the file changed while it was opened")

// openOnce is one attempt of open. On the last attempt a file that changed in between is mapped
// from its descriptor rather than opened again.
func (a *app) openOnce(ctx context.Context, s *session, abs, shown string, opt openOptions, last bool) (*opened, error) {
	// A path that leads outside is refused before anything is opened (opening some devices acts);
	// the check that counts is the one on the descriptor below.
	if opt.confine {
		if _, ok := s.within(resolveExisting(abs)); !ok {
			return nil, outsideRoot(shown, s.root)
		}
	}
	// O_NONBLOCK: opening a named pipe must not wait for a writer.
	file, err := os.OpenFile(abs, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, a.fileError(s, shown, abs, err, opt.confine)
	}
	o := &opened{file: file, shown: shown}
	keep := false
	defer func() {
		if !keep {
			file.Close()
		}
	}()
	if o.info, err = file.Stat(); err != nil {
		return nil, a.fileError(s, shown, abs, err, opt.confine)
	}
	real, err := realPath(file, abs, o.info)
	if err != nil {
		return nil, errMoved
	}
	rel, inside := s.within(real)
	if opt.confine && !inside {
		return nil, outsideRoot(shown, s.root)
	}
	switch {
	case o.info.IsDir():
		return nil, &cliError{code: query.CodeIsDirectory, what: shown, why: "is a directory",
			hint: a.dirEntries(file, real), cause: indexer.ErrIsDir}
	case !o.info.Mode().IsRegular():
		return nil, &cliError{code: query.CodeUnreadable, what: shown,
			why: "not a regular file (" + o.info.Mode().Type().String() + ")"}
	}
	// The indexer reads the file by its real path, under the root as the store names it.
	loadPath := real
	if inside {
		loadPath = filepath.Join(s.root, filepath.FromSlash(rel))
	}
	o.real, o.loadPath = real, loadPath
	var prev *store.FileState
	if s.st != nil && inside {
		if state, err := s.st.FileState(ctx, rel); err == nil {
			prev = &state
		}
	}
	opts := a.indexerOptions(s.root)
	// The bytes asked for are read and hashed while the store reads the row.
	read := make(chan error, 1)
	if opt.content {
		go func() { read <- o.readSum(true) }()
	} else {
		close(read)
	}
	fresh, err := indexer.Load(ctx, s.st, s.root, loadPath, opts)
	if rerr := <-read; rerr != nil {
		return nil, a.fileError(s, shown, abs, rerr, opt.confine)
	}
	if err == nil {
		a.warnStore(s, fresh.StoreErr)
		o.row = fresh.File
	}
	if err != nil || o.row.Stamp() != indexer.StampOf(o.info) {
		if !last {
			return nil, errMoved
		}
		o.row = nil // the path no longer leads to these bytes: map them
	}
	if o.row != nil && o.sum == nil && (o.row.Hash != nil || opt.hash) {
		if err := o.readSum(false); err != nil {
			return nil, a.fileError(s, shown, abs, err, opt.confine)
		}
	}
	if o.row != nil && o.row.Hash != nil && !bytes.HasPrefix(o.sum, o.row.Hash) {
		o.row = nil // the row was made from other bytes
	}
	if o.row != nil && opt.raw && o.row.Language == lang.NotebookLanguage {
		o.row = nil // the stored map is of the notebook's cells: map its bytes
	}
	if o.row != nil && o.row.Skip == store.SkipTooLarge && opt.confine {
		// A large file's landmarks were scanned through its path: scan these bytes instead.
		o.row = nil
	}
	if o.row == nil {
		opts.Raw = opt.raw
		if err := a.mapDescriptor(ctx, o, rowPath(rel, real, inside), opts, opt.hash); err != nil {
			return nil, a.fileError(s, shown, abs, err, opt.confine)
		}
		o.mapped = true
	}
	if o.row.Skip == store.SkipBinary {
		return nil, failure(query.CodeBinary, shown, fmt.Errorf("binary file (%s, %s); not shown", o.row.SkipDetail, query.HumanBytes(o.row.Size)),
			"readmap reads text files only")
	}
	o.changed = prev != nil && changedSince(prev, o.row)
	if err := o.decode(opt.raw); err != nil {
		return nil, a.fileError(s, shown, abs, err, opt.confine)
	}
	keep = true
	return o, nil
}

// decode sets the content answers show: the descriptor itself, or the text readers see of it
// (lang.ShownText): the UTF-8 a UTF-16 file with a byte order mark decodes to, or a notebook's
// cells unless raw. A text file is at most the indexer's size limit, which the row has checked:
// a file over it is never read whole here.
func (o *opened) decode(raw bool) error {
	o.text, o.size = o.file, o.info.Size()
	var head [4]byte
	n, err := o.file.ReadAt(head[:], 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	notebook := o.row.Language == lang.NotebookLanguage && !raw
	if (lang.Charset(head[:n]) == "" && !notebook) || o.row.Skip == store.SkipTooLarge {
		return nil
	}
	src := make([]byte, o.size)
	if _, err := o.file.ReadAt(src, 0); err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	text, shown := lang.DecodeText(src)
	if notebook {
		text, shown = lang.ShownText(o.row.Path, src)
	}
	switch shown {
	case "":
		return nil
	case lang.ViewNotebook:
		o.view = shown
	default:
		o.charset = shown
	}
	o.text, o.size = bytes.NewReader(text), int64(len(text))
	return nil
}

// rowPath is the path a row of the file carries: relative to the root inside it, absolute
// outside.
func rowPath(rel, real string, inside bool) string {
	if inside {
		return rel
	}
	return real
}

// changedSince reports whether the file's content differs from what the older row prev
// describes: by content hash when both have one, otherwise by the stat data.
func changedSince(prev *store.FileState, f *store.File) bool {
	if prev.Hash != nil && f.Hash != nil {
		return !bytes.Equal(prev.Hash, f.Hash)
	}
	return prev.Stamp != f.Stamp()
}

// mapDescriptor gives o a row mapped in memory from the descriptor's own bytes, stored nowhere.
func (a *app) mapDescriptor(ctx context.Context, o *opened, path string, opts indexer.Options, wantSum bool) error {
	size := o.info.Size()
	limit := opts.MaxFileSize
	if limit <= 0 {
		limit = indexer.DefaultMaxFileSize
	}
	if size > limit {
		f := &store.File{Path: path, Skip: store.SkipTooLarge, SkipDetail: fmt.Sprintf("%d bytes, limit %d", size, limit)}
		f.SetStamp(indexer.StampOf(o.info))
		if err := indexer.ScanLarge(ctx, f, descriptorPath(o.file)); err != nil {
			return err
		}
		o.row = f
		if wantSum && o.sum == nil {
			sum, err := hashOf(o.file, size)
			o.sum = sum
			return err
		}
		return nil
	}
	if o.src == nil {
		if err := o.readSum(true); err != nil {
			return err
		}
	}
	o.row = indexer.MapFile(ctx, path, o.src, opts)
	o.row.SetStamp(indexer.StampOf(o.info))
	return nil
}

// readSum sets the SHA-256 of the file's bytes, reading them into o.src when keep is set (and
// streaming them through the hash otherwise).
func (o *opened) readSum(keep bool) error {
	if !keep {
		var err error
		o.sum, err = hashOf(o.file, o.info.Size())
		return err
	}
	o.src = make([]byte, o.info.Size())
	if _, err := o.file.ReadAt(o.src, 0); err != nil && !errors.Is(err, io.EOF) {
		return err
	}
	sum := sha256.Sum256(o.src)
	o.sum = sum[:]
	return nil
}

// hashOf returns the SHA-256 of the first size bytes of f, read through its descriptor.
func hashOf(f *os.File, size int64) ([]byte, error) {
	h := sha256.New()
	if _, err := io.Copy(h, io.NewSectionReader(f, 0, size)); err != nil {
		return nil, err
	}
	return h.Sum(nil), nil
}

// realPath returns where the open file f really is: on Linux the path /proc/self/fd/N links to,
// read from the descriptor; elsewhere abs with its links followed, when that is f itself. An error
// means the file moved in between.
func realPath(f *os.File, abs string, info os.FileInfo) (string, error) {
	if runtime.GOOS == "linux" {
		if p, err := os.Readlink(descriptorPath(f)); err == nil && filepath.IsAbs(p) {
			if gone, ok := strings.CutSuffix(p, " (deleted)"); ok {
				if _, err := os.Lstat(p); err != nil {
					p = gone // unlinked since it was opened; its folder still says where it was
				}
			}
			return p, nil
		}
	}
	p, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", err
	}
	if fi, err := os.Stat(p); err != nil || !os.SameFile(fi, info) {
		return "", errMoved
	}
	return p, nil
}

// descriptorPath is a path that opens the same file as f, whatever has since become of the path f
// was opened by.
func descriptorPath(f *os.File) string {
	fd := -1
	if rc, err := f.SyscallConn(); err == nil {
		_ = rc.Control(func(d uintptr) { fd = int(d) })
	}
	if runtime.GOOS == "linux" {
		return "/proc/self/fd/" + strconv.Itoa(fd)
	}
	return "/dev/fd/" + strconv.Itoa(fd)
}

// within returns real (a path without symbolic links) relative to the session's root, with '/'
// separators, and whether it lies inside the root.
func (s *session) within(real string) (string, bool) {
	rel, err := filepath.Rel(s.real(), real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// real returns the session's root with its symbolic links resolved.
func (s *session) real() string {
	if s.realRoot == "" {
		s.realRoot = s.root
		if r, err := filepath.EvalSymlinks(s.root); err == nil {
			s.realRoot = r
		}
	}
	return s.realRoot
}

// outsideRoot is the failure of a path that leads outside the root.
func outsideRoot(shown, root string) error {
	return failure(query.CodeOutsideRoot, shown, errors.New("outside the repository root "+root),
		"give a path inside the root, or start the server with --allow-outside-root")
}

// resolveExisting follows the symbolic links of the longest part of abs that exists, and keeps
// the missing rest as it is: a missing file under a link to another folder is judged by where the
// link leads, so no hint about that folder's entries can leak out.
func resolveExisting(abs string) string {
	abs = filepath.Clean(abs)
	rest := ""
	for dir := abs; ; {
		if real, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(real, rest)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return abs
		}
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = parent
	}
}

// fileError explains why a path cannot be opened: missing (with similar names nearby), no
// permission, or another reason. Under confine, a path that leads outside the root is refused
// as such, and no hint names anything outside it.
func (a *app) fileError(s *session, shown, abs string, err error, confine bool) *cliError {
	if confine {
		if _, ok := s.within(resolveExisting(abs)); !ok {
			return outsideRoot(shown, s.root).(*cliError)
		}
	}
	ce := &cliError{what: shown, cause: err}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		ce.code, ce.why, ce.hint = query.CodeNotFound, "no such file", a.similarNames(s, abs, confine)
	case errors.Is(err, fs.ErrPermission):
		ce.code, ce.why, ce.hint = query.CodePermission, "permission denied", "check the file's permissions"
	default:
		ce.code = query.CodeUnreadable
		var pe *fs.PathError
		if errors.As(err, &pe) {
			ce.why = pe.Err.Error() // the path is already the WHAT
		}
	}
	return ce
}
