package indexer

import (
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// openedPath returns where the file f holds open lives, as the kernel records it: the real path it
// was opened at, links resolved, following any rename since.
func openedPath(f *os.File) (string, error) {
	rc, err := f.SyscallConn()
	if err != nil {
		return "", err
	}
	var path string
	var readErr error
	if err := rc.Control(func(fd uintptr) {
		path, readErr = os.Readlink("/proc/self/fd/" + strconv.FormatUint(uint64(fd), 10))
	}); err != nil {
		return "", err
	}
	return path, readErr
}

// rootDir is the folder an index run reads files under, held open so that a file can be opened
// relative to it in one system call.
type rootDir struct{ fd int }

// openRootDir opens the folder at root, or returns nil when it cannot: files are then opened
// the way openRegular does.
func openRootDir(root string) *rootDir {
	fd, err := unix.Open(root, unix.O_PATH|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil
	}
	return &rootDir{fd: fd}
}

// Close releases the folder.
func (d *rootDir) Close() error {
	if d == nil {
		return nil
	}
	return unix.Close(d.fd)
}

// openBeneath opens the regular file at rel (slash-separated, relative to the folder) for reading
// when its path, links followed, never leaves the folder: the kernel resolves it so (openat2 with
// RESOLVE_BENEATH, which refuses a ".." above the folder and any absolute link), so the file opened
// lies under the folder without asking the kernel where it is afterwards, as openRegular must. A
// relative link that stays inside (Lua's 5.2 modules linked to 5.1's) opens in the same one call.
// ok is false when this way cannot tell: a path or a link leading up or out, an absolute link, no
// openat2 on this kernel or a sandbox refusing it, or any other error; openRegular then opens the
// file and says why it cannot be read. Neither Go's poller nor an *os.File is involved: a regular
// file gains nothing from them, and they cost two system calls a file.
func (d *rootDir) openBeneath(rel string) (file openedFile, fi fs.FileInfo, ok bool) {
	if d == nil {
		return nil, nil, false
	}
	how := unix.OpenHow{
		// Non-blocking: a named pipe put in the file's place after the caller's stat must not
		// hang the open. Reads of a regular file do not heed the flag.
		Flags:   unix.O_RDONLY | unix.O_NONBLOCK | unix.O_CLOEXEC,
		Resolve: unix.RESOLVE_BENEATH,
	}
	fd, err := unix.Openat2(d.fd, rel, &how)
	for err == unix.EINTR {
		fd, err = unix.Openat2(d.fd, rel, &how)
	}
	if err != nil { // EAGAIN among them: a rename raced the resolution, and may do so again
		return nil, nil, false
	}
	f := &fdFile{fd: fd, name: path.Base(rel)}
	if fi, err = f.Stat(); err != nil || !fi.Mode().IsRegular() {
		f.Close()
		return nil, nil, false
	}
	return f, fi, true
}

// stat returns the stat data of the file at abs, rel under the folder, links followed, as os.Stat
// gives them: the kernel resolves rel from the folder held open rather than abs from the root of
// the file system (fstatat). A run that finds the Linux kernel's 86,000 files unchanged spent a
// third of its CPU statting their whole paths. Without a folder it is os.Stat.
func (d *rootDir) stat(abs, rel string) (fs.FileInfo, error) {
	if d == nil {
		return os.Stat(abs)
	}
	var st unix.Stat_t
	err := unix.Fstatat(d.fd, rel, &st, 0)
	for err == unix.EINTR {
		err = unix.Fstatat(d.fd, rel, &st, 0)
	}
	if err != nil {
		return nil, &fs.PathError{Op: "stat", Path: abs, Err: err}
	}
	return &statInfo{name: filepath.Base(abs), st: syscall.Stat_t{
		Dev: st.Dev, Ino: st.Ino, Nlink: st.Nlink, Mode: st.Mode, Uid: st.Uid, Gid: st.Gid, Rdev: st.Rdev,
		Size: st.Size, Blksize: st.Blksize, Blocks: st.Blocks,
		Atim: syscall.Timespec(st.Atim), Mtim: syscall.Timespec(st.Mtim), Ctim: syscall.Timespec(st.Ctim),
	}}, nil
}

// fdFile is a file read through its descriptor alone.
type fdFile struct {
	fd   int
	name string
}

// ReadAt reads len(b) bytes from offset off, or up to the end of the file (then with io.EOF).
func (f *fdFile) ReadAt(b []byte, off int64) (int, error) {
	n := 0
	for n < len(b) {
		m, err := syscall.Pread(f.fd, b[n:], off+int64(n))
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return n, &fs.PathError{Op: "read", Path: f.name, Err: err}
		case m == 0:
			return n, io.EOF
		}
		n += m
	}
	return n, nil
}

// Stat returns the file's stat data.
func (f *fdFile) Stat() (fs.FileInfo, error) {
	var st syscall.Stat_t
	err := syscall.Fstat(f.fd, &st)
	for err == syscall.EINTR {
		err = syscall.Fstat(f.fd, &st)
	}
	if err != nil {
		return nil, &fs.PathError{Op: "stat", Path: f.name, Err: err}
	}
	return &statInfo{name: f.name, st: st}, nil
}

// Close closes the descriptor.
func (f *fdFile) Close() error {
	if err := syscall.Close(f.fd); err != nil {
		return &fs.PathError{Op: "close", Path: f.name, Err: err}
	}
	return nil
}

// statInfo is the fs.FileInfo of a syscall.Stat_t, as os.Stat gives it.
type statInfo struct {
	name string
	st   syscall.Stat_t
}

func (s *statInfo) Name() string       { return s.name }
func (s *statInfo) Size() int64        { return s.st.Size }
func (s *statInfo) ModTime() time.Time { return time.Unix(s.st.Mtim.Unix()) }
func (s *statInfo) IsDir() bool        { return s.Mode().IsDir() }
func (s *statInfo) Sys() any           { return &s.st }

// Mode returns the file's type and permission bits, as os.Stat reads them from the same data.
func (s *statInfo) Mode() fs.FileMode {
	mode := fs.FileMode(s.st.Mode & 0o777)
	switch s.st.Mode & syscall.S_IFMT {
	case syscall.S_IFBLK:
		mode |= fs.ModeDevice
	case syscall.S_IFCHR:
		mode |= fs.ModeDevice | fs.ModeCharDevice
	case syscall.S_IFDIR:
		mode |= fs.ModeDir
	case syscall.S_IFIFO:
		mode |= fs.ModeNamedPipe
	case syscall.S_IFLNK:
		mode |= fs.ModeSymlink
	case syscall.S_IFSOCK:
		mode |= fs.ModeSocket
	}
	if s.st.Mode&syscall.S_ISGID != 0 {
		mode |= fs.ModeSetgid
	}
	if s.st.Mode&syscall.S_ISUID != 0 {
		mode |= fs.ModeSetuid
	}
	if s.st.Mode&syscall.S_ISVTX != 0 {
		mode |= fs.ModeSticky
	}
	return mode
}
