//go:build !unix

package edit

import "os"

// lockFolder does nothing where flock(2) is not known.
func lockFolder(*os.File) func() { return func() {} }

// ownerOf knows no owner here.
func ownerOf(os.FileInfo) (int, int, bool) { return 0, 0, false }

// linkCount knows no hard links here.
func linkCount(os.FileInfo) uint64 { return 1 }
