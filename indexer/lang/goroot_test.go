package lang

import (
	"path/filepath"
	"runtime"
)

// gorootSrc is the Go toolchain's own source, the large real corpus every Go machine has. A test
// binary runs where it was built, so the GOROOT it was built with is the one on this machine.
func gorootSrc() string {
	//lint:ignore SA1019 see above: a test binary is never copied to another machine
	return filepath.Join(runtime.GOROOT(), "src")
}
