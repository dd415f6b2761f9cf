//go:build unix

package edit

import (
	"os"
	"syscall"
)

// lockFolder takes an exclusive lock on the open folder, so that two readmap processes editing
// files of the same folder check and rename in turn (another one's rename cannot land between
// our check and our rename). It returns the unlock.
func lockFolder(f *os.File) func() {
	fd := int(f.Fd())
	if err := syscall.Flock(fd, syscall.LOCK_EX); err != nil {
		return func() {}
	}
	return func() { _ = syscall.Flock(fd, syscall.LOCK_UN) }
}

// ownerOf returns the owner and group of the file info describes.
func ownerOf(info os.FileInfo) (int, int, bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, false
	}
	return int(st.Uid), int(st.Gid), true
}

// linkCount returns the number of hard links of the file info describes.
func linkCount(info os.FileInfo) uint64 {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return 1
	}
	return uint64(st.Nlink)
}
