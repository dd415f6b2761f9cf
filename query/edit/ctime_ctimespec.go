//go:build darwin || ios || freebsd || netbsd

package edit

import (
	"os"
	"syscall"
)

// ctimeOf returns the inode change time of the file info describes, in Unix nanoseconds.
func ctimeOf(info os.FileInfo) int64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return st.Ctimespec.Nano()
	}
	return 0
}
