package main

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
)

// smallRunGCPercent is the collector's GOGC for an index run while its live heap is small. A run
// over a few MB of code allocates many times its live data, and at Go's default of 100 it
// collected every few MB: 10-15% of its CPU (perf task-clock, ten runs alternating: Debian's Lua
// modules 183 -> 159 ms, its PHP libraries 77 -> 66, PostgreSQL's extension scripts 95 -> 82).
const smallRunGCPercent = 400

// smallLiveHeap is the live heap past which an index run collects as Go does by default: a
// larger run's heap would otherwise grow to five times its live data before a collection (the
// Linux kernel's run took 18 s more CPU, its heap held at the memory limit).
const smallLiveHeap = 32 << 20

// liveHeapCheckEvery is how many files an index run maps between two looks at its live heap.
const liveHeapCheckEvery = 32

// lightGC raises GOGC for an index run while its live heap is small, and puts it back once the
// heap has grown past smallLiveHeap or the run ends. A GOGC set in the environment is left alone.
type lightGC struct {
	files   int
	before  int // GOGC before the run
	raised  bool
	samples []metrics.Sample
}

// newLightGC raises GOGC for the run starting; nil when the environment sets GOGC.
func newLightGC() *lightGC {
	if _, set := os.LookupEnv("GOGC"); set {
		return nil
	}
	return &lightGC{before: debug.SetGCPercent(smallRunGCPercent), raised: true,
		samples: []metrics.Sample{{Name: "/gc/heap/live:bytes"}}}
}

// fileDone counts a file of the run, and looks at the live heap every liveHeapCheckEvery files.
func (g *lightGC) fileDone() {
	if g == nil || !g.raised {
		return
	}
	if g.files++; g.files%liveHeapCheckEvery != 0 {
		return
	}
	metrics.Read(g.samples)
	if v := g.samples[0].Value; v.Kind() == metrics.KindUint64 && v.Uint64() > smallLiveHeap {
		g.end()
	}
}

// end puts GOGC back as it was before the run.
func (g *lightGC) end() {
	if g != nil && g.raised {
		debug.SetGCPercent(g.before)
		g.raised = false
	}
}
