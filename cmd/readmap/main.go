// Command readmap maps the files of a repository into a SQLite store and serves budgeted maps,
// pages, symbol lookups and in-file search from it, so coding agents can read large files without
// scanning them blindly.
//
// This package holds flags, wiring, output and exit codes only; the work is done by the indexer,
// query and store packages.
package main

import (
	"context"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
)

// memoryLimit is the soft limit of the Go heap unless GOMEMLIMIT sets one: near it the collector
// runs more often, so that the index of a kernel-sized tree and the ranking of its 7 million
// definitions stay under 1 GB (they hold about 900 MB live at most). It is not a cap: a process
// that needs more gets it.
const memoryLimit = 896 << 20

func main() {
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		debug.SetMemoryLimit(memoryLimit)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	stopProfiles := startProfiles(os.Stderr)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stopProfiles()
	stop()
	os.Exit(code)
}
