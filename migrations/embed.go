// Package migrations holds the store's schema as numbered SQL files, embedded into the binary,
// the schema they make, and an empty store made of it, which a new store gets at once.
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

// Empty is a new store as a file: the SQLite database Schema makes of an empty file, in WAL mode,
// its user_version the number of migrations. A new store is this image written to its path: an
// index of a small tree spent 2 of its 7 ms running Schema (SQLite parses the whole schema again
// after each CREATE) and switching the file to WAL. store's TestEmptyIsTheSchema holds the two
// equal, and its -update flag writes the image again after a change to the schema.
//
//go:embed empty-store.image
var Empty []byte
