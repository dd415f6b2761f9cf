//go:build !linux

package indexer

import (
	"errors"
	"os"
)

// openedPath reports that this system gives no path of an open file; openedUnder then checks the
// file's identity instead.
func openedPath(*os.File) (string, error) { return "", errors.ErrUnsupported }
