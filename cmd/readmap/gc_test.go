package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

// gcPercent returns GOGC as it stands.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// currentMemoryLimit returns the memory limit as it stands.
func currentMemoryLimit() int64 { return debug.SetMemoryLimit(-1) }

// collectUntil runs collections until GOGC is want (a finalizer sets it after a collection, on a
// goroutine of its own), for at most a few seconds.
func collectUntil(t *testing.T, want int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); gcPercent() != want; {
		if time.Now().After(deadline) {
			t.Fatalf("GOGC %d after collections, want %d", gcPercent(), want)
		}
		runtime.GC()
		time.Sleep(time.Millisecond)
	}
}

// TestLightGCWhileTheHeapIsSmall: an index run does not collect before it has taken
// firstCollectionAfter more memory, then collects less often while its live heap is small, as Go
// does by default once it is not or once the run ends; it leaves a GOGC of the environment
// alone, and under a GOMEMLIMIT of the environment starts at the light GOGC.
func TestLightGCWhileTheHeapIsSmall(t *testing.T) {
	for _, name := range []string{"GOGC", "GOMEMLIMIT"} {
		if v, set := os.LookupEnv(name); set {
			os.Unsetenv(name)
			t.Cleanup(func() { os.Setenv(name, v) })
		}
	}
	before, limit := gcPercent(), currentMemoryLimit()
	runtime.GC() // the live heap is measured by a collection: a small one

	g := newLightGC()
	if got := gcPercent(); got != -1 {
		t.Fatalf("GOGC before a run's first collection = %d, want off", got)
	}
	if got := currentMemoryLimit(); got < firstCollectionAfter || got > firstCollectionAfter+1<<30 {
		t.Fatalf("memory limit before a run's first collection = %d, want %d more than the process holds", got, firstCollectionAfter)
	}
	collectUntil(t, smallRunGCPercent)
	if got := currentMemoryLimit(); got != limit {
		t.Fatalf("memory limit after the first collection = %d, want %d as before", got, limit)
	}
	for range 3 * liveHeapCheckEvery {
		g.fileDone()
	}
	if got := gcPercent(); got != smallRunGCPercent {
		t.Fatalf("GOGC after %d files of a small heap = %d, want %d", 3*liveHeapCheckEvery, got, smallRunGCPercent)
	}
	g.end()
	if got := gcPercent(); got != before {
		t.Fatalf("GOGC after the run = %d, want %d as before", got, before)
	}

	g = newLightGC()
	live := make([]byte, 2*smallLiveHeap)
	collectUntil(t, smallRunGCPercent) // the live heap is measured by a collection
	for range liveHeapCheckEvery {
		g.fileDone()
	}
	if got := gcPercent(); got != before {
		t.Fatalf("GOGC once the live heap passed %d MB = %d, want %d", smallLiveHeap>>20, got, before)
	}
	runtime.KeepAlive(live)
	g.end()
	if got := gcPercent(); got != before {
		t.Fatalf("GOGC after the run = %d, want %d", got, before)
	}

	g = newLightGC() // a run that ends before its first collection
	g.end()
	if gcPercent() != before || currentMemoryLimit() != limit {
		t.Fatalf("after a run without a collection: GOGC %d, limit %d; want %d and %d as before", gcPercent(), currentMemoryLimit(), before, limit)
	}
	runtime.GC() // the run's finalizer, now late, changes nothing
	time.Sleep(10 * time.Millisecond)
	if gcPercent() != before || currentMemoryLimit() != limit {
		t.Fatalf("a finalizer after the run: GOGC %d, limit %d; want %d and %d as before", gcPercent(), currentMemoryLimit(), before, limit)
	}

	t.Setenv("GOMEMLIMIT", "1GiB")
	g = newLightGC()
	if got := gcPercent(); got != smallRunGCPercent || currentMemoryLimit() != limit {
		t.Fatalf("with GOMEMLIMIT set: GOGC %d, limit %d; want %d and the limit left alone", got, currentMemoryLimit(), smallRunGCPercent)
	}
	g.end()

	t.Setenv("GOGC", "150")
	if g := newLightGC(); g != nil || gcPercent() != before {
		t.Fatalf("with GOGC set: %v, GOGC %d; want the environment's left alone", g, gcPercent())
	}
}
