//go:build darwin || ios || freebsd || netbsd

package indexer

import (
	"io/fs"
	"syscall"
)

// ctimeInode returns fi's inode change time in Unix nanoseconds and its inode number.
func ctimeInode(fi fs.FileInfo) (int64, int64) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0
	}
	return st.Ctimespec.Nano(), int64(st.Ino)
}
