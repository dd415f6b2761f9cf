//go:build unix

package lang

import (
	"syscall"
	"time"
)

// cljCPUTime returns the CPU time the process has used, user and system: what a benchmark on a
// machine shared with other work can still measure truly, where its wall time cannot.
func cljCPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
