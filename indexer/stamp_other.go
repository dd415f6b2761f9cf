//go:build !(linux || openbsd || dragonfly || solaris || illumos || darwin || ios || freebsd || netbsd)

package indexer

import "io/fs"

// ctimeInode returns zeros: this system's stat data carry no ctime or inode readmap knows.
func ctimeInode(fs.FileInfo) (int64, int64) { return 0, 0 }
