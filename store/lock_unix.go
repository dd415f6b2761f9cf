//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package store

import (
	"os"
	"syscall"
)

// lockDir takes an exclusive lock on the folder dir, waiting for it, and returns what releases it.
// A readmap holds it while it opens a store in dir and while it moves one aside. Where the folder
// cannot be locked (a file system without locks), it goes on unlocked.
func lockDir(dir string) (unlock func()) {
	f, err := os.Open(dir)
	if err != nil {
		return func() {}
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return func() {}
	}
	return func() { f.Close() } // closing the folder releases its lock
}
