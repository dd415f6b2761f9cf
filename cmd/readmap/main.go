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
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	stopProfiles := startProfiles(os.Stderr)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stopProfiles()
	stop()
	os.Exit(code)
}
