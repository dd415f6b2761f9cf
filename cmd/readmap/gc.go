package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// smallRunGCPercent is the collector's GOGC for an index run while its live heap is small. A run
// over a few MB of code allocates many times its live data, and at Go's default of 100 it
// collected every few MB: 10-15% of its CPU (perf task-clock, ten runs alternating: Debian's Lua
// modules 183 -> 159 ms, its PHP libraries 77 -> 66, PostgreSQL's extension scripts 95 -> 82).
const smallRunGCPercent = 400

// firstCollectionAfter is how much memory an index run may take before its first collection,
// above what the process held when the run began: a run over a few MB of code ends before, and
// the collection's marking took one of the two cores from the mapping (11 runs each, GOGC off
// and a limit of 64 MB against 400 from the start: koreader's Lua 91.2 -> 86.2-87.3 ms wall,
// Debian's Lua modules 46.8 -> 42.4-43.8, its Rust crates alike, peak memory within 10%).
const firstCollectionAfter = 64 << 20

// smallLiveHeap is the live heap past which an index run collects as Go does by default: a
// larger run's heap would otherwise grow to five times its live data before a collection (the
// Linux kernel's run took 18 s more CPU, its heap held at the memory limit).
const smallLiveHeap = 32 << 20

// liveHeapCheckEvery is how many files an index run maps between two looks at its live heap.
const liveHeapCheckEvery = 32

// The phases of a lightGC.
const (
	gcUntilFirst = iota // no collection before the memory limit firstCollectionAfter sets
	gcRaised            // GOGC smallRunGCPercent
	gcEnded             // GOGC as before the run
)

// lightGC lets an index run take firstCollectionAfter more memory before its first collection,
// then collect at smallRunGCPercent while its live heap is small, and puts the collector back as
// it was once the heap has grown past smallLiveHeap or the run ends. A GOGC set in the
// environment is left alone; with a GOMEMLIMIT set there, the run starts at smallRunGCPercent.
type lightGC struct {
	mu      sync.Mutex
	phase   int
	files   int
	before  int   // GOGC before the run
	limit   int64 // the memory limit before the first phase
	samples []metrics.Sample
}

// collectionSentinel is garbage from the start: its finalizer runs after the first collection.
type collectionSentinel struct{ g *lightGC }

// newLightGC sets the collector for the run starting; nil when the environment sets GOGC.
func newLightGC() *lightGC {
	if _, set := os.LookupEnv("GOGC"); set {
		return nil
	}
	g := &lightGC{samples: []metrics.Sample{{Name: "/gc/heap/live:bytes"}}}
	if _, set := os.LookupEnv("GOMEMLIMIT"); set {
		g.before, g.phase = debug.SetGCPercent(smallRunGCPercent), gcRaised
		return g
	}
	held := []metrics.Sample{{Name: "/memory/classes/total:bytes"}}
	metrics.Read(held)
	g.limit = debug.SetMemoryLimit(int64(held[0].Value.Uint64()) + firstCollectionAfter)
	g.before = debug.SetGCPercent(-1)
	runtime.SetFinalizer(&collectionSentinel{g: g}, func(s *collectionSentinel) { s.g.collected() })
	return g
}

// collected ends the first phase: the run collects at smallRunGCPercent, under the memory limit
// it had.
func (g *lightGC) collected() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.phase == gcUntilFirst {
		debug.SetGCPercent(smallRunGCPercent)
		debug.SetMemoryLimit(g.limit)
		g.phase = gcRaised
	}
}

// fileDone counts a file of the run, and looks at the live heap every liveHeapCheckEvery files.
func (g *lightGC) fileDone() {
	if g == nil {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.phase != gcRaised {
		return
	}
	if g.files++; g.files%liveHeapCheckEvery != 0 {
		return
	}
	metrics.Read(g.samples)
	if v := g.samples[0].Value; v.Kind() == metrics.KindUint64 && v.Uint64() > smallLiveHeap {
		g.endLocked()
	}
}

// end puts the collector back as it was before the run.
func (g *lightGC) end() {
	if g == nil {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.endLocked()
}

// endLocked is end with g.mu held.
func (g *lightGC) endLocked() {
	switch g.phase {
	case gcUntilFirst:
		debug.SetMemoryLimit(g.limit)
		fallthrough
	case gcRaised:
		debug.SetGCPercent(g.before)
	}
	g.phase = gcEnded
}
