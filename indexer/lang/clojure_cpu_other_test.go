//go:build !unix

package lang

import "time"

// cljCPUTime is not measured here: the benchmark reports no CPU figure.
func cljCPUTime() time.Duration { return 0 }
