//go:build linux || openbsd || dragonfly || solaris || illumos

package edit

import (
	"os"
	"syscall"
)

// ctimeOf returns the inode change time of the file info describes, in Unix nanoseconds.
func ctimeOf(info os.FileInfo) int64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return st.Ctim.Nano()
	}
	return 0
}
