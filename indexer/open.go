package indexer

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// errOutsideRoot means a file reached through a path under the root lies outside it: a symbolic
// link (the file's own, or a folder's on the way) leads there.
var errOutsideRoot = errors.New("a symbolic link leads outside the root")

// realRoot returns root with its symbolic links resolved, as the paths of open files read.
func realRoot(root string) string {
	if real, err := filepath.EvalSymlinks(root); err == nil {
		return real
	}
	return root
}

// openedFile is a regular file opened for reading: an *os.File, or on Linux a bare descriptor
// (rootDir.openBeneath).
type openedFile interface {
	io.ReaderAt
	Stat() (fs.FileInfo, error)
	Close() error
}

// openRegular opens the regular file at abs for reading and returns it with its stat data. With
// root set (a real path: realRoot's), the file opened must lie under root, else errOutsideRoot: the
// descriptor is checked, never the path a second time, so a link swapped in between the check and
// the read cannot bring content from outside the root into the store.
func openRegular(abs, root string) (*os.File, os.FileInfo, error) {
	// Non-blocking: a named pipe put in the file's place after the caller's stat must not hang the
	// open. Reads of a regular file do not heed the flag.
	f, err := os.OpenFile(abs, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	switch {
	case err != nil:
	case !fi.Mode().IsRegular():
		err = notRegular(fi)
	case root != "" && !openedUnder(f, fi, abs, root):
		err = errOutsideRoot
	}
	if err != nil {
		f.Close()
		return nil, fi, err
	}
	return f, fi, nil
}

// notRegular is the reason a named pipe, a device or a socket is not read.
func notRegular(fi os.FileInfo) error {
	return errors.New("not a regular file (" + fi.Mode().Type().String() + ")")
}

// openedUnder reports whether f, opened at abs and statted as fi, lies under root. The system's
// own record of where the open file lives decides where it keeps one; elsewhere abs, its links
// resolved, must lead under root to that very file.
func openedUnder(f *os.File, fi os.FileInfo, abs, root string) bool {
	real, err := openedPath(f)
	if err != nil {
		if real, err = filepath.EvalSymlinks(abs); err != nil {
			return false
		}
		if li, err := os.Lstat(real); err != nil || !os.SameFile(li, fi) {
			return false
		}
	}
	rel, err := filepath.Rel(root, real)
	return err == nil && localRel(rel)
}
