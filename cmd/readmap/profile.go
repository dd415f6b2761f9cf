package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
)

// Profiles for whoever tunes readmap: READMAP_CPUPROFILE=FILE writes a CPU profile of the whole
// command to FILE, READMAP_MEMPROFILE=FILE a heap profile at its end (`go tool pprof` reads both).
// Neither is a flag: users never need them, and benchmarks (make bench) are where speed is kept.

// startProfiles starts what the environment asks for and returns what stops and writes them.
func startProfiles(stderr io.Writer) (stop func()) {
	var stops []func()
	if path := os.Getenv("READMAP_CPUPROFILE"); path != "" {
		f, err := os.Create(path)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintf(stderr, "readmap: READMAP_CPUPROFILE: %v\n", err)
		} else {
			stops = append(stops, func() { pprof.StopCPUProfile(); f.Close() })
		}
	}
	if path := os.Getenv("READMAP_MEMPROFILE"); path == "" {
		// No heap profile wanted: no allocation is sampled. Each sample's stack was filed in a
		// table of the runtime's whose pages, read before written, faulted twice (a two-hundredth
		// of an index's CPU).
		runtime.MemProfileRate = 0
	} else {
		stops = append(stops, func() {
			f, err := os.Create(path)
			if err == nil {
				runtime.GC()
				err = pprof.Lookup("allocs").WriteTo(f, 0)
				f.Close()
			}
			if err != nil {
				fmt.Fprintf(stderr, "readmap: READMAP_MEMPROFILE: %v\n", err)
			}
		})
	}
	return func() {
		for _, s := range stops {
			s()
		}
	}
}
