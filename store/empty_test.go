package store

import (
	"bytes"
	"context"
	"database/sql"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/readmap/readmap/migrations"
)

var update = flag.Bool("update", false, "write migrations/empty-store.image again from migrations.Schema")

// TestEmptyIsTheSchema holds migrations.Empty, the image a new store is written from, equal to
// what migrations.Schema makes of an empty file: the same tables, indexes and meta rows, the same
// user_version, no other rows, and the same settings that live in the file (page size, encoding,
// auto-vacuum, WAL). With -update it writes the image again from the schema.
func TestEmptyIsTheSchema(t *testing.T) {
	built := storeFromSchema(t)
	if *update {
		if err := os.WriteFile(filepath.Join("..", "migrations", "empty-store.image"), built, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	fromImage := filepath.Join(t.TempDir(), "image.db")
	fromSchema := filepath.Join(t.TempDir(), "schema.db")
	for path, b := range map[string][]byte{fromImage: migrations.Empty, fromSchema: built} {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, got := describeStore(t, fromSchema), describeStore(t, fromImage)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("migrations/empty-store.image is not what migrations.Schema makes (-schema +image):\n%s\n"+
			"write it again: go test ./store -run TestEmptyIsTheSchema -update", diff)
	}
}

// storeFromSchema returns the bytes of a store made from migrations.Schema: a store opened on an
// empty file (which placeEmpty leaves alone) runs it.
func storeFromSchema(t *testing.T) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), "index.db")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	st, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Close(); err != nil { // the last close copies the WAL into the file
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + "-wal"); err == nil {
		t.Fatal("the store's WAL outlived its close: the file alone is not the store")
	}
	return b
}

// describeStore lists what a store file holds apart from its pages' layout: its schema, the rows
// of meta, the number of rows of every other table, and the settings stored in the file.
func describeStore(t *testing.T, path string) []string {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var out []string
	for _, q := range []string{
		"SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master ORDER BY type, name",
		"SELECT key, value FROM meta ORDER BY key",
		"PRAGMA user_version", "PRAGMA journal_mode", "PRAGMA page_size", "PRAGMA encoding",
		"PRAGMA auto_vacuum", "PRAGMA application_id", "PRAGMA integrity_check",
	} {
		out = append(out, q)
		out = append(out, schemaRows(t, db, q)...)
	}
	for _, table := range schemaRows(t, db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name != 'meta' ORDER BY name") {
		var n int
		if err := db.QueryRow("SELECT count(*) FROM " + table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%s: %d rows", table, n))
	}
	return out
}

// TestNewStoreIsTheImage: a store opened where no file is starts as migrations.Empty, byte for
// byte, and nothing else is left in its folder but the store's own files.
func TestNewStoreIsTheImage(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "index.db")
	placeEmpty(path)
	got, err := os.ReadFile(path)
	if err != nil || !bytes.Equal(got, migrations.Empty) {
		t.Fatalf("placeEmpty wrote %d bytes (%v), want the %d of migrations.Empty", len(got), err, len(migrations.Empty))
	}
	if names := dirNames(t, dir); !cmp.Equal(names, []string{"index.db"}) {
		t.Fatalf("the folder holds %v, want the store alone", names)
	}
	st, err := Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	files, _ := migrationFiles()
	var version int
	if err := st.read.QueryRow("PRAGMA user_version").Scan(&version); err != nil || version != len(files) {
		t.Fatalf("user_version = %d, %v; want %d", version, err, len(files))
	}
}

// TestPlaceEmptyKeepsAFileThere: placeEmpty never replaces a file at the path (another process's
// new store), and leaves no file of its own behind.
func TestPlaceEmptyKeepsAFileThere(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "index.db")
	if err := os.WriteFile(path, []byte("theirs"), 0o644); err != nil {
		t.Fatal(err)
	}
	placeEmpty(path)
	if got, _ := os.ReadFile(path); string(got) != "theirs" {
		t.Fatalf("the file at the path became %q", got)
	}
	if names := dirNames(t, dir); !cmp.Equal(names, []string{"index.db"}) {
		t.Fatalf("the folder holds %v, want the file that was there alone", names)
	}
}

func dirNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}
