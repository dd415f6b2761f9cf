package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"testing"
)

// gcPercent returns GOGC as it stands.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// TestLightGCWhileTheHeapIsSmall: an index run collects less often while its live heap is small,
// as Go does by default once it is not or once the run ends, and leaves a GOGC of the
// environment alone.
func TestLightGCWhileTheHeapIsSmall(t *testing.T) {
	if v, set := os.LookupEnv("GOGC"); set {
		os.Unsetenv("GOGC")
		t.Cleanup(func() { os.Setenv("GOGC", v) })
	}
	before := gcPercent()
	runtime.GC() // the live heap is measured by a collection: a small one

	g := newLightGC()
	if got := gcPercent(); got != smallRunGCPercent {
		t.Fatalf("GOGC during a small run = %d, want %d", got, smallRunGCPercent)
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
	runtime.GC() // the live heap is measured by a collection
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

	t.Setenv("GOGC", "150")
	if g := newLightGC(); g != nil || gcPercent() != before {
		t.Fatalf("with GOGC set: %v, GOGC %d; want the environment's left alone", g, gcPercent())
	}
}
