//go:build !linux

package indexer

import (
	"errors"
	"io/fs"
	"os"
)

// openedPath reports that this system gives no path of an open file; openedUnder then checks the
// file's identity instead.
func openedPath(*os.File) (string, error) { return "", errors.ErrUnsupported }

// rootDir stands for the folder an index run reads files under; this system opens every file
// the way openRegular does.
type rootDir struct{}

// openRootDir returns nil: there is no faster way to open a file here.
func openRootDir(string) *rootDir { return nil }

// Close does nothing.
func (*rootDir) Close() error { return nil }

// openBeneath reports that it cannot open the file: openRegular does.
func (*rootDir) openBeneath(string) (openedFile, fs.FileInfo, bool) { return nil, nil, false }

// stat is os.Stat.
func (*rootDir) stat(abs, _ string) (fs.FileInfo, error) { return os.Stat(abs) }
