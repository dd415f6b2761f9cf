// Package migrations holds the store's schema as numbered SQL files, embedded into the binary,
// and the schema they make, which a new store gets at once.
//
// Each file NNNN_name.sql is applied once, in order; the store records how many have been applied
// in PRAGMA user_version. Files are never edited once released: a change to the schema is a new
// file, and the same change in schema.sql.
package migrations

import "embed"

// FS holds every migration file, named NNNN_name.sql (and schema.sql).
//
//go:embed *.sql
var FS embed.FS

// Schema is what the migrations make of an empty database, as one script: a new store runs it
// instead of the migrations one after another, whose ALTER TABLEs had SQLite parse the whole schema
// again each time (a new store took 6 ms to open, most of an index of a few files).
//
//go:embed schema.sql
var Schema string
