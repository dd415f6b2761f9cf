// Package store keeps readmap's index in SQLite: files, their symbols and imports.
//
// It is the only package that speaks SQL. It owns the row types (File, Symbol, Kind, SkipReason),
// finds the store of a repository, applies the embedded migrations, refuses a store written by a
// newer readmap, and moves a corrupt one aside. It knows nothing of languages, walking or output.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	sqlite3 "github.com/mattn/go-sqlite3"
	"github.com/readmap/readmap/migrations"
)

// Sentinel errors callers decide on with errors.Is.
var (
	// ErrSchemaTooNew means the store was written by a newer readmap.
	ErrSchemaTooNew = errors.New("store schema is newer than this readmap")
	// ErrCorrupt means the file is not a readable SQLite database.
	ErrCorrupt = errors.New("store is corrupt")
	// ErrNotFound means no row matches.
	ErrNotFound = errors.New("not in store")
	// ErrReadOnly means the store can be read but not written: its folder is read-only.
	ErrReadOnly = errors.New("store is read-only")
)

// DirName is the folder, under the root, that holds the store.
const DirName = ".readmap"

// busyTimeout is how long a statement waits for another process's write lock. An index run
// commits every few hundred files, so waits are short; the margin covers slow disks.
const busyTimeout = 60 * time.Second

// Store is an open index database. It is safe for concurrent use.
type Store struct {
	path     string
	file     os.FileInfo // the database file opened, to tell it from one another run put at path since
	read     *sql.DB     // deferred transactions: readers never take the write lock
	write    *sql.DB     // one connection, BEGIN IMMEDIATE: the single writer
	readOnly bool        // opened read-only: every write returns ErrReadOnly
	created  atomic.Bool // this Open made the file and no Writer has begun a batch since: see Created
}

// FindRoot returns the nearest ancestor of dir (dir included) that holds a .readmap folder or a
// .git entry, or dir itself when none does. dir is made absolute first.
func FindRoot(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("find root of %s: %w", dir, err)
	}
	for d := abs; ; {
		if fi, err := os.Stat(filepath.Join(d, DirName)); err == nil && fi.IsDir() {
			return d, nil
		}
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d, nil
		}
		parent := filepath.Dir(d)
		if parent == d {
			return abs, nil
		}
		d = parent
	}
}

// DefaultPath returns where the store of root lives: ROOT/.readmap/index.db.
func DefaultPath(root string) string {
	return filepath.Join(root, DirName, "index.db")
}

// Open opens the store at path, creating it, its folder and the folder's .gitignore when missing,
// and applies pending migrations. It returns ErrSchemaTooNew for a store of a newer readmap and
// ErrCorrupt for a file that is not a usable database. A store in a folder it may not write is
// opened read-only (see ReadOnly), provided its schema is this readmap's.
func Open(ctx context.Context, path string) (*Store, error) {
	s, _, err := open(ctx, path)
	return s, err
}

// OpenOrRebuild opens the store at path as Open does; when the store is corrupt, it moves the
// damaged file aside as MoveAside does and opens a new, empty store in its place. It returns the
// name the damaged file now has, or "" when it moved nothing: another run may have moved the same
// file first, and the store it put in its place is healthy and stays.
func OpenOrRebuild(ctx context.Context, path string) (*Store, string, error) {
	for attempt := 1; ; attempt++ {
		s, damaged, err := open(ctx, path)
		if !IsCorrupt(err) {
			return s, "", err
		}
		if damaged == nil {
			// The file was replaced while it was opened, most likely by a run that moved it aside:
			// open what is there now.
			if attempt < openAttempts {
				continue
			}
			return nil, "", err
		}
		aside, moveErr := moveAside(path, damaged)
		if moveErr != nil {
			return nil, "", errors.Join(err, moveErr)
		}
		s, err = Open(ctx, path)
		return s, aside, err
	}
}

// openAttempts bounds how often OpenOrRebuild opens a store that is replaced while it opens it.
const openAttempts = 3

// MoveAside closes s, whose database turned out corrupt while in use, renames that file and its
// WAL files to a name of their own (PATH.corrupt-TIME, never a name that exists), and opens a new
// store at its path. It returns the new store and the name the damaged file now has, or "" when
// another run had moved it already: the store that run put in its place is healthy and stays.
func (s *Store) MoveAside(ctx context.Context) (*Store, string, error) {
	s.Close()
	aside, err := moveAside(s.path, s.file)
	if err != nil {
		return nil, "", err
	}
	st, err := Open(ctx, s.path)
	return st, aside, err
}

// open opens the store at path. When it is corrupt, damaged is the file found corrupt: the one at
// path both before the open and after it (nil when another took its place in between).
func open(ctx context.Context, path string) (s *Store, damaged os.FileInfo, err error) {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, nil, fmt.Errorf("open store %s: %w", path, err)
	}
	if filepath.Base(dir) == DirName {
		ignore := filepath.Join(dir, ".gitignore")
		if _, err := os.Stat(ignore); errors.Is(err, fs.ErrNotExist) {
			// Best effort: a read-only folder still lets an existing store be read.
			_ = os.WriteFile(ignore, []byte("*\n"), 0o644)
		}
	}
	// Two processes switching a new database to WAL at once can get SQLITE_BUSY at once, without
	// the busy timeout: readmaps open a store in turn.
	unlock := lockDir(dir)
	defer unlock()
	before, _ := os.Stat(path)
	placed := before == nil && placeEmpty(path)
	s, err = connect(ctx, path, readWrite, before == nil)
	if isReadOnly(err) {
		// The folder (or the file) may not be written: no WAL files can be made. The store can
		// still be read, as long as it needs no migration.
		if ro, roErr := connect(ctx, path, readOnlyAccess(path), false); roErr == nil || errors.Is(roErr, ErrSchemaTooNew) || IsCorrupt(roErr) {
			s, err = ro, roErr
		}
	}
	after, _ := os.Stat(path)
	if err != nil {
		if IsCorrupt(err) && before != nil && after != nil && os.SameFile(before, after) {
			damaged = after
		}
		return nil, damaged, fmt.Errorf("open store %s: %w", path, err)
	}
	s.file = after
	s.created.Store(placed && !s.readOnly)
	return s, nil, nil
}

// Created reports whether opening the store made its file (the empty store placeEmpty writes) and
// no Writer of s has begun a batch since: it holds no rows of this process's, and held none when
// Open returned, so that a run starting to fill it need not read them. Another process may write
// rows from then on, as into any store.
func (s *Store) Created() bool { return s.created.Load() }

// placeEmpty writes a new store, migrations.Empty, at path, where no file is, all at once: to a
// file of its own in the folder first, then linked to path, so that no process ever sees part of
// it and none loses a store another made there meanwhile. Writing the image takes a tenth of a
// millisecond where running the schema took two. It is best effort: where it fails (a read-only
// folder, a file system without hard links, another process's store linked there first), the
// writer makes the store from the schema or opens the other's. It reports whether it placed one.
func placeEmpty(path string) bool {
	name := path + ".new-" + strconv.FormatUint(rand.Uint64(), 36)
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644) // as SQLite makes it
	if err != nil {
		return false
	}
	defer os.Remove(name)
	_, err = f.Write(migrations.Empty)
	if err = errors.Join(err, f.Close()); err != nil {
		return false
	}
	return os.Link(name, path) == nil
}

// access is how a store's connections open its database.
type access int

const (
	readWrite access = iota
	readOnly         // the folder is read-only, the WAL files exist: read through them
	immutable        // the folder is read-only and holds no WAL: no one can write the store
)

// readOnlyAccess returns how to read the store at path that may not be written. Without WAL
// files, and none can be made, SQLite reads a WAL database only as immutable; with a WAL that
// holds pages, it must be read through it.
func readOnlyAccess(path string) access {
	if fi, err := os.Stat(path + "-wal"); err == nil && fi.Size() > 0 {
		return readOnly
	}
	return immutable
}

// connect opens the store's connections with access a and brings the schema up to date (or, read
// only, checks that it is). creating says no file is at path: the store is made there, by the
// writer first (see openDB).
func connect(ctx context.Context, path string, a access, creating bool) (*Store, error) {
	s := &Store{path: path, readOnly: a != readWrite, write: openDB(path, a, true, creating), read: openDB(path, a, false, false)}
	s.write.SetMaxOpenConns(1)
	migrate := s.migrate
	if creating {
		migrate = s.create
	}
	if err := migrate(ctx); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// openDB returns the pool of the store's writer (immediate) or of its readers, with access a.
//
// A writer creating the store writes without waiting for the disk until the store is closed
// (synchronous OFF, as Store.SkipSyncs does): the switch of the new file to WAL, made under that
// setting, no longer syncs a rollback journal, the folder and the file four times (3 of the 15
// ms an index of a one-file tree took). A store this process made holds nothing another wrote,
// so a crash of the system before it reaches the disk loses nothing but its own writes, and the
// damage SQLite then finds has the next index run start a new store, as SkipSyncs explains.
//
// The pool connects on first use, so opening it cannot fail.
func openDB(path string, a access, immediate, creating bool) *sql.DB {
	q := url.Values{}
	pragmas := []string{"busy_timeout = " + strconv.Itoa(int(busyTimeout/time.Millisecond)), "foreign_keys = 1"}
	switch a {
	case readWrite:
		if creating && immediate {
			pragmas = append(pragmas, "synchronous = OFF")
		} else {
			pragmas = append(pragmas, "synchronous = NORMAL")
		}
		pragmas = append(pragmas, "journal_mode = WAL") // after synchronous
	case readOnly:
		q.Set("mode", "ro")
	case immutable:
		q.Set("mode", "ro")
		q.Set("immutable", "1")
	}
	if immediate {
		// 128 MiB for the writer: a bulk load of a kernel-sized tree keeps the names and postings
		// it keeps looking up in memory.
		pragmas = append(pragmas, "cache_size = -131072")
		// Statement journals in memory: a multi-row insert of names or postings journals the
		// pages it touches, and past 64 KiB SQLite spilled them to a temporary file, a write
		// call per page (a sixth of the writer's time on GOROOT/src). The Linux kernel's full
		// index: 95 s -> 80 s, peak 873 -> 937 MB.
		pragmas = append(pragmas, "temp_store = MEMORY")
	} else {
		// Readers map the store's file rather than copy its pages into a cache of their own:
		// reading the kernel's 86,000 file states took a system call and a cache page for each of
		// its 2,200 index pages (the no-op index 285 -> 276 ms, `sym kmaloc` 52 -> 39 ms, `refs`
		// 100 -> 90 ms on the kernel's store). No readmap process shrinks a store's file (there is
		// no auto-vacuum, and SQLite's own checkpoints never cut what a reader maps); the WAL is
		// still read through its file.
		pragmas = append(pragmas, "cache_size = -32768", "mmap_size = "+strconv.Itoa(readerMapSize))
	}
	if immediate {
		q.Set("_txlock", "immediate")
	}
	// database/sql hands a connection to one goroutine at a time, so SQLite need not lock it on
	// every call (its serialized mode took a mutex per column read: 3% of the kernel's no-op run).
	q.Set("_mutex", "no")
	return sql.OpenDB(&connector{uri: "file:" + uriPath.Replace(path) + "?" + q.Encode(), pragmas: pragmas})
}

// readerMapSize is how much of a store's file a reader connection maps: all of a kernel-sized
// store (782 MB); a larger one is read through the file past it.
const readerMapSize = 1 << 30

// isReadOnly reports whether err says the store's files may not be written (or made).
func isReadOnly(err error) bool {
	var se sqlite3.Error
	if errors.As(err, &se) {
		return se.Code == sqlite3.ErrReadonly || se.Code == sqlite3.ErrCantOpen
	}
	return errors.Is(err, fs.ErrPermission)
}

// ReadOnly reports whether the store was opened read-only, its folder being read-only: queries
// answer from its rows, and every write returns ErrReadOnly.
func (s *Store) ReadOnly() bool { return s.readOnly }

// uriPath escapes what a SQLite URI filename reads as syntax: a folder named "q#repo" or "q?repo"
// must not open "q".
var uriPath = strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23")

// Path returns the file the store lives in.
func (s *Store) Path() string { return s.path }

// Checkpoint copies what the write-ahead log holds into the database file, as far as no reader
// holds it back, without waiting for one (SQLite's PASSIVE checkpoint). The close of the last
// connection does it anyway, alone: an index run does it beside its ranking, on the core the
// ranking leaves idle, so that its close has little left to copy.
func (s *Store) Checkpoint(ctx context.Context) error {
	if s.readOnly {
		return ErrReadOnly
	}
	if _, err := s.write.ExecContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)"); err != nil {
		return classify(fmt.Errorf("checkpoint: %w", err))
	}
	return nil
}

// Close releases the store's connections.
func (s *Store) Close() error {
	var errs []error
	if s.read != nil {
		errs = append(errs, s.read.Close())
	}
	if s.write != nil {
		errs = append(errs, s.write.Close())
	}
	return errors.Join(errs...)
}

// migrate applies every embedded migration newer than the store's user_version, in one
// immediate transaction so two processes creating the store at once apply each file exactly once
// (one transaction for all of them: a new store's fifteen took 9 ms one by one).
func (s *Store) migrate(ctx context.Context) error {
	files, err := migrationFiles()
	if err != nil {
		return err
	}
	var version int
	if err := s.read.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return classify(err)
	}
	if version > len(files) {
		return schemaTooNew(version, len(files))
	}
	if s.readOnly && version < len(files) {
		return fmt.Errorf("%w: its schema %d needs this readmap's %d", ErrReadOnly, version, len(files))
	}
	if version < len(files) {
		return classify(s.applyMigrations(ctx, files))
	}
	return nil
}

// create brings a new store up to the schema with the writer, before the readers open the file:
// the image placeEmpty wrote needs nothing; where none could be written, the first connection to
// meet the new file switches it to WAL, and the writer does so without syncs.
func (s *Store) create(ctx context.Context) error {
	files, err := migrationFiles()
	if err != nil {
		return err
	}
	return classify(s.applyMigrations(ctx, files))
}

// applyMigrations applies, in one transaction, the migrations files newer than the store's
// user_version as the transaction reads it; a new store (user_version 0) gets their result,
// migrations.Schema, at once.
func (s *Store) applyMigrations(ctx context.Context, files []string) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var version int
	if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil {
		return err
	}
	if version > len(files) { // made by a newer readmap since the caller looked
		return schemaTooNew(version, len(files))
	}
	if version == 0 { // a new store: the migrations' result at once
		if _, err := tx.ExecContext(ctx, migrations.Schema); err != nil {
			return fmt.Errorf("schema: %w", err)
		}
		version = len(files)
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", version)); err != nil {
			return err
		}
	}
	for ; version < len(files); version++ { // none when another process got there first
		body, err := migrations.FS.ReadFile(files[version])
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, string(body)); err != nil {
			return fmt.Errorf("migration %s: %w", files[version], err)
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", version+1)); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// schemaTooNew is the error of a store at schema version, of which this readmap knows known.
func schemaTooNew(version, known int) error {
	return fmt.Errorf("%w (schema %d, this readmap knows %d)", ErrSchemaTooNew, version, known)
}

func migrationFiles() ([]string, error) {
	entries, err := fs.Glob(migrations.FS, "[0-9][0-9][0-9][0-9]_*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(entries)
	return entries, nil
}

// classify wraps SQLite's corruption codes in ErrCorrupt so callers can move the file aside.
func classify(err error) error {
	if !IsCorrupt(err) || errors.Is(err, ErrCorrupt) {
		return err
	}
	if lostWAL(err) {
		return fmt.Errorf("%w: %w: its WAL lacks pages its index lists (was the -wal file removed while a process had the store open?)", ErrCorrupt, err)
	}
	return fmt.Errorf("%w: %w", ErrCorrupt, err)
}

// IsCorrupt reports whether err says the database file is damaged or not a database at all, or
// that its WAL file lost pages another process still counts on (removed while in use).
func IsCorrupt(err error) bool {
	if errors.Is(err, ErrCorrupt) || lostWAL(err) {
		return true
	}
	var se sqlite3.Error
	if errors.As(err, &se) {
		return se.Code == sqlite3.ErrCorrupt || se.Code == sqlite3.ErrNotADB
	}
	return false
}

// lostWAL reports whether err is a read past the end of the WAL file: the pages the WAL index
// (the -shm file, kept by a process that has the store open) lists are gone from it, because the
// file was removed or cut. Every read of those pages fails so while that process lives; what they
// held is lost.
func lostWAL(err error) bool {
	var se sqlite3.Error
	return errors.As(err, &se) && se.ExtendedCode == sqlite3.ErrIoErrShortRead
}

// moveAside renames the corrupt database at path, and its WAL files, to PATH.corrupt-TIME (to the
// nanosecond; a counter follows should that name be taken), so the next Open starts afresh. It
// moves the file only while it is still damaged, the one found corrupt: runs that found it at once
// each try, and the first moves it; the others find the healthy store that run created in its
// place and leave it. It returns the new name, or "" when it moved nothing. The folder is locked
// meanwhile, so two runs never pick the same name or move the same file.
func moveAside(path string, damaged os.FileInfo) (string, error) {
	unlock := lockDir(filepath.Dir(path))
	defer unlock()
	if cur, err := os.Stat(path); damaged == nil || err != nil || !os.SameFile(cur, damaged) {
		return "", nil
	}
	base := path + ".corrupt-" + time.Now().UTC().Format("20060102T150405.000000000")
	aside := base
	for n := 2; taken(aside); n++ {
		aside = base + "-" + strconv.Itoa(n)
	}
	for _, suffix := range []string{"", "-wal", "-shm"} {
		if err := os.Rename(path+suffix, aside+suffix); err != nil && !(suffix != "" && errors.Is(err, fs.ErrNotExist)) {
			return "", fmt.Errorf("move corrupt store aside: %w", err)
		}
	}
	return aside, nil
}

// taken reports whether a moved-aside store could not use the name aside: it, or one of its WAL
// files' names, exists.
func taken(aside string) bool {
	for _, suffix := range []string{"", "-wal", "-shm"} {
		if _, err := os.Lstat(aside + suffix); !errors.Is(err, fs.ErrNotExist) {
			return true
		}
	}
	return false
}

// IntegrityCheck runs PRAGMA integrity_check and returns nil when SQLite answers "ok".
func (s *Store) IntegrityCheck(ctx context.Context) error {
	rows, err := s.read.QueryContext(ctx, "PRAGMA integrity_check")
	if err != nil {
		return fmt.Errorf("integrity check: %w", err)
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return fmt.Errorf("integrity check: %w", err)
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("integrity check: %w", err)
	}
	if len(problems) > 0 {
		return fmt.Errorf("%w: %s", ErrCorrupt, strings.Join(problems, "; "))
	}
	return nil
}
