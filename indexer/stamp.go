package indexer

import (
	"io/fs"

	"github.com/readmap/readmap/store"
)

// StampOf returns the stat data a row records of the file fi describes: size and mtime, and the
// ctime and inode where the system has them (0 elsewhere, where size and mtime alone decide).
func StampOf(fi fs.FileInfo) store.Stamp {
	ctime, inode := ctimeInode(fi)
	return store.Stamp{Size: fi.Size(), ModTimeNS: fi.ModTime().UnixNano(), CTimeNS: ctime, Inode: inode}
}
