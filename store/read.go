package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// FileState is what the indexer compares with the disk to decide whether a file changed.
type FileState struct {
	Stamp
	Hash       []byte
	Language   string
	Skip       SkipReason
	SkipDetail string
	// MappersVersion is the lang.RowVersion of the mappers that made the row.
	MappersVersion int
}

// stateColumns are the columns of a FileState, in scanTargets order.
const stateColumns = "size, mtime_ns, ctime_ns, inode, hash, language, skip_reason, skip_detail, mappers_version"

func (st *FileState) scanTargets() []any {
	return []any{&st.Size, &st.ModTimeNS, &st.CTimeNS, &st.Inode, &st.Hash, &st.Language, &st.Skip, &st.SkipDetail,
		&st.MappersVersion}
}

// Empty reports whether the store holds no file row.
func (s *Store) Empty(ctx context.Context) (bool, error) {
	var any bool
	if err := s.read.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM files)").Scan(&any); err != nil {
		return false, classify(fmt.Errorf("list files: %w", err))
	}
	return !any, nil
}

// FileStates returns the state of every file row, in path order. It reads the files_state index,
// not the rows, through the driver's own rows: on a kernel-sized store database/sql's per-row
// locking and conversions were a third of the read, most of what a run that finds nothing changed
// costs.
func (s *Store) FileStates(ctx context.Context) (*States, error) {
	var n int
	if err := s.read.QueryRowContext(ctx, "SELECT count(*) FROM files").Scan(&n); err != nil {
		return nil, classify(fmt.Errorf("list files: %w", err))
	}
	// Sized at once: growing them row by row cost a kernel-sized run 0.2 s.
	states := &States{Paths: make([]string, 0, n), Rows: make([]FileState, 0, n)}
	conn, err := s.read.Conn(ctx)
	if err != nil {
		return nil, classify(fmt.Errorf("list files: %w", err))
	}
	defer conn.Close()
	err = conn.Raw(func(dc any) error {
		q, ok := dc.(driver.QueryerContext)
		if !ok {
			return errors.New("the driver cannot query")
		}
		// Under a context that cannot be cancelled, the driver steps the rows without watching one
		// (its per-row bookkeeping was a tenth of reading the Linux kernel's 86,000): the loop
		// looks at ctx itself every few thousand rows.
		rows, err := q.QueryContext(context.WithoutCancel(ctx), "SELECT path, "+stateColumns+" FROM files ORDER BY path", nil)
		if err != nil {
			return err
		}
		defer rows.Close()
		row := make([]driver.Value, 1+stateColumnCount)
		for i := 1; ; i++ {
			if err := interruptedAt(ctx, i); err != nil {
				return err
			}
			if err := rows.Next(row); err == io.EOF {
				return nil
			} else if err != nil {
				return err
			}
			path, st, err := stateOfRow(row)
			if err != nil {
				return err
			}
			states.add(path, st)
		}
	})
	if err != nil {
		return nil, classify(fmt.Errorf("list files: %w", err))
	}
	return states, nil
}

// States are the states of a store's file rows, as FileStates read them: Rows[i] is the state of
// the file at Paths[i], the paths in byte order. A look-up by path finds a row's number, which a
// caller can keep a []bool of seen rows by: the kernel's 86,000 rows in a map of whole states (112
// bytes each), and a map of the paths seen beside it, were a seventh of a run that found nothing
// changed. The look-up is a binary search: building a map of the paths cost more than the
// searches it saved.
type States struct {
	Paths []string
	Rows  []FileState
}

// add appends the state of the row of path, which sorts after every path added before.
func (s *States) add(path string, st FileState) {
	s.Paths = append(s.Paths, path)
	s.Rows = append(s.Rows, st)
}

// Len returns the number of rows.
func (s *States) Len() int { return len(s.Paths) }

// Find returns the number of the row of path, or -1 when there is none.
func (s *States) Find(path string) int {
	if i, ok := slices.BinarySearch(s.Paths, path); ok {
		return i
	}
	return -1
}

// WarmReader opens a reader connection, unless one is idle, and leaves it idle for the next
// read: a first index, which reads nothing at its start, has it opened while it maps rather than
// when its ranking reads the store at its end (a quarter of a millisecond, a thirtieth of a
// one-file tree's index). An error is left for that read to meet.
func (s *Store) WarmReader(ctx context.Context) { _ = s.read.PingContext(ctx) }

// rowsBetweenChecks is how many rows a read of many rows under a context that cannot be cancelled
// (FileStates, filtersPassing) reads between two looks at the caller's context.
const rowsBetweenChecks = 4096

// interruptedAt returns ctx's error at every rowsBetweenChecks-th row of such a read, and nil at
// the rows between.
func interruptedAt(ctx context.Context, row int) error {
	if row%rowsBetweenChecks != 0 {
		return nil
	}
	return ctx.Err()
}

// stateColumnCount is the number of stateColumns.
const stateColumnCount = 9

// stateOfRow converts the driver's values of a row of path and stateColumns.
func stateOfRow(row []driver.Value) (string, FileState, error) {
	var st FileState
	path, ok1 := row[0].(string)
	size, ok2 := row[1].(int64)
	mtime, ok3 := row[2].(int64)
	ctime, ok4 := row[3].(int64)
	inode, ok5 := row[4].(int64)
	version, ok6 := row[9].(int64)
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) {
		return "", st, fmt.Errorf("a file row of unexpected types: %T %T %T %T %T %T", row[0], row[1], row[2], row[3], row[4], row[9])
	}
	st.Stamp = Stamp{Size: size, ModTimeNS: mtime, CTimeNS: ctime, Inode: inode}
	st.Hash, _ = row[5].([]byte) // NULL for rows recorded without reading the file
	language, _ := row[6].(string)
	skip, _ := row[7].(string)
	st.SkipDetail, _ = row[8].(string)
	st.Language, st.Skip, st.MappersVersion = language, SkipReason(skip), int(version)
	return path, st, nil
}

// StatesOf returns the states of the file rows of paths that the store holds, by path.
func (s *Store) StatesOf(ctx context.Context, paths []string) (map[string]FileState, error) {
	states := make(map[string]FileState, len(paths))
	var path string
	var st FileState
	targets := append([]any{&path}, st.scanTargets()...)
	err := s.eachRowIn(ctx, "SELECT path, "+stateColumns+" FROM files WHERE path IN (%s)", anySlice(paths), func(rows *sql.Rows) error {
		if err := rows.Scan(targets...); err != nil {
			return err
		}
		states[path] = st
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read states: %w", err)
	}
	return states, nil
}

// eachRowIn runs query, whose "%s" stands for the placeholders of a list, over keys a few hundred
// at a time, and calls fn with each row; it stops at the first error, classified.
func (s *Store) eachRowIn(ctx context.Context, query string, keys []any, fn func(*sql.Rows) error) error {
	for start := 0; start < len(keys); start += namesPerStatement {
		chunk := keys[start:min(len(keys), start+namesPerStatement)]
		rows, err := s.read.QueryContext(ctx, fmt.Sprintf(query, placeholders(len(chunk), "?")), chunk...)
		if err != nil {
			return classify(err)
		}
		for rows.Next() {
			if err := fn(rows); err != nil {
				rows.Close()
				return classify(err)
			}
		}
		err = rows.Err()
		if closeErr := rows.Close(); err == nil {
			err = closeErr
		}
		if err != nil {
			return classify(err)
		}
	}
	return nil
}

// anySlice returns keys as query arguments.
func anySlice[T any](keys []T) []any {
	args := make([]any, len(keys))
	for i, k := range keys {
		args[i] = k
	}
	return args
}

// FileState returns the state of one file row, or ErrNotFound.
func (s *Store) FileState(ctx context.Context, path string) (FileState, error) {
	var st FileState
	err := s.read.QueryRowContext(ctx, "SELECT "+stateColumns+" FROM files WHERE path = ?", path).Scan(st.scanTargets()...)
	if errors.Is(err, sql.ErrNoRows) {
		return st, fmt.Errorf("%s: %w", path, ErrNotFound)
	}
	if err != nil {
		return st, classify(fmt.Errorf("read %s: %w", path, err))
	}
	return st, nil
}

// fileColumns are the columns scanFile reads, after the path.
const fileColumns = `size, mtime_ns, ctime_ns, inode, hash, language, mapper, lines, summary, skip_reason,
	skip_detail, line_index, indexed_at, mappers_version, symbols`

// File returns the row of path with its symbols and imports, or ErrNotFound.
func (s *Store) File(ctx context.Context, path string) (*File, error) {
	f, err := scanFile(s.read.QueryRowContext(ctx, "SELECT path, "+fileColumns+" FROM files WHERE path = ?", path))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%s: %w", path, ErrNotFound)
	}
	return f, err
}

// EachFile calls fn with every file row, symbols and imports included, in path order, and stops at
// the first error fn returns. It reads one row at a time, so a kernel-sized store is never held
// whole; fn must not write to the store (the read transaction stays open while it runs).
func (s *Store) EachFile(ctx context.Context, fn func(*File) error) error {
	rows, err := s.read.QueryContext(ctx, "SELECT path, "+fileColumns+" FROM files ORDER BY path")
	if err != nil {
		return classify(fmt.Errorf("list files: %w", err))
	}
	defer rows.Close()
	for rows.Next() {
		f, err := scanFile(rows)
		if err != nil {
			return err
		}
		if err := fn(f); err != nil {
			return err
		}
	}
	return classify(rows.Err())
}

// scanFile reads one row of "SELECT path, fileColumns" into a File.
func scanFile(row interface{ Scan(...any) error }) (*File, error) {
	f := &File{}
	var skip string
	var lineIndex, packed []byte
	err := row.Scan(&f.Path, &f.Size, &f.ModTimeNS, &f.CTimeNS, &f.Inode, &f.Hash, &f.Language, &f.Mapper, &f.Lines,
		&f.Summary, &skip, &f.SkipDetail, &lineIndex, &f.IndexedAt, &f.MappersVersion, &packed)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, err
	}
	if err != nil {
		return nil, classify(fmt.Errorf("read %s: %w", f.Path, err))
	}
	f.Skip = SkipReason(skip)
	f.LineIndex = decodeLineIndex(lineIndex)
	if f.Symbols, _, f.Imports, err = unpackSymbols(packed, nil); err != nil {
		return nil, fmt.Errorf("read %s: %w: %w", f.Path, ErrCorrupt, err)
	}
	return f, nil
}

// Stats is what the store holds, as `readmap stats` prints it.
type Stats struct {
	Files     int            `json:"files"`
	Symbols   int            `json:"symbols"`
	Languages map[string]int `json:"languages"`
	Skipped   map[string]int `json:"skipped"`
	DBBytes   int64          `json:"db_bytes"`
	IndexedAt string         `json:"indexed_at"` // RFC 3339, "" before the first index run
}

// Meta keys.
const (
	// MetaIndexedAt is the time of the last completed index run, in Unix seconds.
	MetaIndexedAt = "indexed_at"
	// MetaRoot is the absolute root the store's paths are relative to.
	MetaRoot = "root"
	// MetaWalkedAt is the time, in Unix seconds, of the last index run that walked the whole root
	// to its end. Until one has, the store holds rows of some files only: those a first run
	// under way, or cut short, or runs over some paths wrote.
	MetaWalkedAt = "walked_at"
)

// Meta returns the value of a store-wide fact, or "" when it was never set.
func (s *Store) Meta(ctx context.Context, key string) (string, error) {
	var v string
	err := s.read.QueryRowContext(ctx, "SELECT value FROM meta WHERE key = ?", key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", classify(fmt.Errorf("read %s: %w", key, err))
	}
	return v, nil
}

// Stats counts files, symbols, languages and skip reasons, and measures the database files.
func (s *Store) Stats(ctx context.Context) (*Stats, error) {
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, classify(fmt.Errorf("stats: %w", err))
	}
	defer tx.Rollback()
	st := &Stats{Languages: map[string]int{}, Skipped: map[string]int{}}
	if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM files").Scan(&st.Files); err != nil {
		return nil, classify(fmt.Errorf("stats: %w", err))
	}
	if err := tx.QueryRowContext(ctx, "SELECT coalesce(sum(symbol_count), 0) FROM files").Scan(&st.Symbols); err != nil {
		return nil, classify(fmt.Errorf("stats: %w", err))
	}
	if err := countInto(ctx, tx, st.Languages, "SELECT language, count(*) FROM files WHERE language <> '' GROUP BY language ORDER BY language"); err != nil {
		return nil, fmt.Errorf("stats: %w", err)
	}
	if err := countInto(ctx, tx, st.Skipped, "SELECT skip_reason, count(*) FROM files WHERE skip_reason <> '' GROUP BY skip_reason ORDER BY skip_reason"); err != nil {
		return nil, fmt.Errorf("stats: %w", err)
	}
	var at string
	err = tx.QueryRowContext(ctx, "SELECT value FROM meta WHERE key = ?", MetaIndexedAt).Scan(&at)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, classify(fmt.Errorf("stats: %w", err))
	}
	if secs, err := strconv.ParseInt(at, 10, 64); err == nil {
		st.IndexedAt = time.Unix(secs, 0).UTC().Format(time.RFC3339)
	}
	for _, suffix := range []string{"", "-wal", "-shm"} {
		if fi, err := os.Stat(s.path + suffix); err == nil {
			st.DBBytes += fi.Size()
		}
	}
	return st, nil
}

func countInto(ctx context.Context, tx *sql.Tx, into map[string]int, query string) error {
	rows, err := tx.QueryContext(ctx, query)
	if err != nil {
		return classify(err)
	}
	defer rows.Close()
	for rows.Next() {
		var key string
		var n int
		if err := rows.Scan(&key, &n); err != nil {
			return classify(err)
		}
		into[key] = n
	}
	return classify(rows.Err())
}

// PathsOfOlderMappers returns, sorted, the paths of the rows that older mappers made: whose
// language is a key of current and whose mappers_version is below its value. Rows of a language
// not in current are left alone (a newer readmap's). It runs before every lookup, so each
// language costs one seek of the (language, mappers_version) index.
func (s *Store) PathsOfOlderMappers(ctx context.Context, current map[string]int) ([]string, error) {
	if len(current) == 0 {
		return nil, nil
	}
	var q strings.Builder
	q.WriteString("WITH cur(language, version) AS (VALUES ")
	args := make([]any, 0, 2*len(current))
	for language, version := range current {
		if len(args) > 0 {
			q.WriteString(", ")
		}
		q.WriteString("(?, ?)")
		args = append(args, language, version)
	}
	q.WriteString(") SELECT f.path FROM cur JOIN files f INDEXED BY files_by_language_version " +
		"ON f.language = cur.language AND f.mappers_version < cur.version ORDER BY f.path")
	rows, err := s.read.QueryContext(ctx, q.String(), args...)
	if err != nil {
		return nil, classify(fmt.Errorf("list files of older mappers: %w", err))
	}
	defer rows.Close()
	var paths []string
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			return nil, classify(fmt.Errorf("list files of older mappers: %w", err))
		}
		paths = append(paths, p)
	}
	return paths, classify(rows.Err())
}

// SymbolRow is a file's path, language and packed symbols, read without the rest of its row.
type SymbolRow struct {
	Path     string
	Language string
	packed   []byte
}

// Symbols unpacks the row's symbols; it may run on any goroutine.
func (r SymbolRow) Symbols() ([]Symbol, error) {
	syms, _, _, err := unpackSymbols(r.packed, nil)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w: %w", r.Path, ErrCorrupt, err)
	}
	return syms, nil
}

// EachSymbolRow calls fn with the symbol row of each of paths that the store holds.
func (s *Store) EachSymbolRow(ctx context.Context, paths []string, fn func(SymbolRow)) error {
	err := s.eachRowIn(ctx, "SELECT path, language, symbols FROM files WHERE path IN (%s)", anySlice(paths), func(rows *sql.Rows) error {
		var r SymbolRow
		if err := rows.Scan(&r.Path, &r.Language, &r.packed); err != nil {
			return err
		}
		fn(r)
		return nil
	})
	if err != nil {
		return fmt.Errorf("read rows: %w", err)
	}
	return nil
}
