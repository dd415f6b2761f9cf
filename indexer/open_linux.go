package indexer

import (
	"os"
	"strconv"
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
