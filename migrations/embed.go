// Package migrations holds the store's schema as numbered SQL files, embedded into the binary.
//
// Each file NNNN_name.sql is applied once, in order, in its own transaction; the store records how
// many have been applied in PRAGMA user_version. Files are never edited once released: a change to
// the schema is a new file.
package migrations

import "embed"

// FS holds every migration file, named NNNN_name.sql.
//
//go:embed *.sql
var FS embed.FS
