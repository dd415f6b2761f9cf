package store

import (
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"strings"
	"time"
)

// Batch limits of a Writer: a transaction is committed after this many files or symbols, whichever
// comes first. One transaction per file measured 3.5x slower; a few hundred keeps the write lock
// short enough for a second process to interleave.
const (
	batchFiles   = 300
	batchSymbols = 40000
)

// symbolsPerInsert is how many rows one multi-row INSERT carries (10 values each, well under
// SQLite's limit of 32,766 variables).
const symbolsPerInsert = 200

// Writer writes file rows in batched transactions. It is the store's only writer in a process
// and is not safe for concurrent use: the indexer gives it to one goroutine.
type Writer struct {
	s            *Store
	tx           *sql.Tx
	stmts        map[string]*sql.Stmt
	files, syms  int
	now          int64
	symbolValues []any
	insertSQL    map[int]string // multi-row INSERT text by row count
}

// NewWriter returns a writer; nothing is locked until the first write.
func (s *Store) NewWriter() *Writer {
	return &Writer{s: s, now: time.Now().Unix()}
}

// begin opens the batch transaction when none is open.
func (w *Writer) begin(ctx context.Context) error {
	if w.tx != nil {
		return nil
	}
	if w.s.readOnly {
		return ErrReadOnly
	}
	tx, err := w.s.write.BeginTx(ctx, nil)
	if err != nil {
		return classify(fmt.Errorf("begin write: %w", err))
	}
	w.tx = tx
	w.stmts = map[string]*sql.Stmt{}
	return nil
}

// stmt returns the batch transaction's prepared statement for query.
func (w *Writer) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if st, ok := w.stmts[query]; ok {
		return st, nil
	}
	st, err := w.tx.PrepareContext(ctx, query)
	if err != nil {
		return nil, classify(fmt.Errorf("prepare: %w", err))
	}
	w.stmts[query] = st
	return st, nil
}

func (w *Writer) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	st, err := w.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	res, err := st.ExecContext(ctx, args...)
	return res, classify(err)
}

const upsertFile = `INSERT INTO files (path, size, mtime_ns, ctime_ns, inode, hash, language, mapper,
	lines, summary, skip_reason, skip_detail, line_index, indexed_at, mappers_version)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (path) DO UPDATE SET size = excluded.size, mtime_ns = excluded.mtime_ns,
	ctime_ns = excluded.ctime_ns, inode = excluded.inode, hash = excluded.hash, language = excluded.language, mapper = excluded.mapper,
	lines = excluded.lines, summary = excluded.summary, skip_reason = excluded.skip_reason,
	skip_detail = excluded.skip_detail, line_index = excluded.line_index,
	indexed_at = excluded.indexed_at, mappers_version = excluded.mappers_version
RETURNING id`

// Put writes f's row, replacing its symbols and imports.
func (w *Writer) Put(ctx context.Context, f *File) error {
	if err := w.begin(ctx); err != nil {
		return err
	}
	st, err := w.stmt(ctx, upsertFile)
	if err != nil {
		return err
	}
	var id int64
	err = st.QueryRowContext(ctx, f.Path, f.Size, f.ModTimeNS, f.CTimeNS, f.Inode, f.Hash, f.Language, f.Mapper,
		f.Lines, f.Summary, string(f.Skip), f.SkipDetail, encodeLineIndex(f.LineIndex), w.now, f.MappersVersion).Scan(&id)
	if err != nil {
		return classify(fmt.Errorf("write %s: %w", f.Path, err))
	}
	if _, err := w.exec(ctx, "DELETE FROM symbols WHERE file_id = ?", id); err != nil {
		return fmt.Errorf("write %s: %w", f.Path, err)
	}
	if _, err := w.exec(ctx, "DELETE FROM imports WHERE file_id = ?", id); err != nil {
		return fmt.Errorf("write %s: %w", f.Path, err)
	}
	if err := w.insertSymbols(ctx, id, f.Symbols); err != nil {
		return fmt.Errorf("write %s: %w", f.Path, err)
	}
	for i, imp := range f.Imports {
		if _, err := w.exec(ctx, "INSERT INTO imports (file_id, ord, path) VALUES (?, ?, ?)", id, i, imp); err != nil {
			return fmt.Errorf("write %s: %w", f.Path, err)
		}
	}
	return w.done(ctx, len(f.Symbols))
}

// insertSymbols writes syms with multi-row INSERTs: one statement per row costs most of the
// index time in SQLite's statement machinery.
func (w *Writer) insertSymbols(ctx context.Context, fileID int64, syms []Symbol) error {
	for start := 0; start < len(syms); start += symbolsPerInsert {
		chunk := syms[start:min(start+symbolsPerInsert, len(syms))]
		w.symbolValues = w.symbolValues[:0]
		for i, s := range chunk {
			w.symbolValues = append(w.symbolValues, fileID, start+i, s.Parent, s.Depth, s.Kind.String(),
				s.Name, s.Qualname, s.Signature, s.StartLine, s.EndLine)
		}
		if _, err := w.exec(ctx, w.insertSymbolsQuery(len(chunk)), w.symbolValues...); err != nil {
			return err
		}
	}
	return nil
}

// insertSymbolsQuery returns the INSERT for n symbol rows. Only full chunks repeat, so the cache
// stays small: one entry per distinct tail length seen.
func (w *Writer) insertSymbolsQuery(n int) string {
	if q, ok := w.insertSQL[n]; ok {
		return q
	}
	if w.insertSQL == nil {
		w.insertSQL = map[int]string{}
	}
	var b strings.Builder
	b.WriteString("INSERT INTO symbols (file_id, ord, parent, depth, kind, name, qualname, signature, start_line, end_line) VALUES ")
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("(?,?,?,?,?,?,?,?,?,?)")
	}
	w.insertSQL[n] = b.String()
	return w.insertSQL[n]
}

// Touch records new stat data for a file whose content hash did not change (a checkout touched
// it, a tool copied it over itself).
func (w *Writer) Touch(ctx context.Context, path string, s Stamp) error {
	if err := w.begin(ctx); err != nil {
		return err
	}
	if _, err := w.exec(ctx, "UPDATE files SET size = ?, mtime_ns = ?, ctime_ns = ?, inode = ? WHERE path = ?",
		s.Size, s.ModTimeNS, s.CTimeNS, s.Inode, path); err != nil {
		return fmt.Errorf("touch %s: %w", path, err)
	}
	return w.done(ctx, 0)
}

// Delete removes the row of a file that no longer exists, with its symbols and imports.
func (w *Writer) Delete(ctx context.Context, path string) error {
	if err := w.begin(ctx); err != nil {
		return err
	}
	if _, err := w.exec(ctx, "DELETE FROM files WHERE path = ?", path); err != nil {
		return fmt.Errorf("delete %s: %w", path, err)
	}
	if _, err := w.exec(ctx, "DELETE FROM pages WHERE path = ?", path); err != nil {
		return fmt.Errorf("delete %s: %w", path, err)
	}
	return w.done(ctx, 0)
}

// PrunePages deletes the cached page starts of paths that have no file row.
func (w *Writer) PrunePages(ctx context.Context) error {
	if err := w.begin(ctx); err != nil {
		return err
	}
	if _, err := w.exec(ctx, "DELETE FROM pages WHERE path NOT IN (SELECT path FROM files)"); err != nil {
		return fmt.Errorf("prune pages: %w", err)
	}
	return w.done(ctx, 0)
}

// SetMeta records a store-wide fact such as the last index time.
func (w *Writer) SetMeta(ctx context.Context, key, value string) error {
	if err := w.begin(ctx); err != nil {
		return err
	}
	_, err := w.exec(ctx, "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value)
	if err != nil {
		return fmt.Errorf("set %s: %w", key, err)
	}
	return w.done(ctx, 0)
}

// done counts a written file and commits when the batch is full.
func (w *Writer) done(ctx context.Context, symbols int) error {
	w.files++
	w.syms += symbols
	if w.files >= batchFiles || w.syms >= batchSymbols {
		return w.Flush(ctx)
	}
	return nil
}

// Flush commits the open batch, if any.
func (w *Writer) Flush(ctx context.Context) error {
	if w.tx == nil {
		return nil
	}
	for _, st := range w.stmts {
		st.Close()
	}
	err := w.tx.Commit()
	w.tx, w.stmts, w.files, w.syms = nil, nil, 0, 0
	if err != nil {
		return classify(fmt.Errorf("commit: %w", err))
	}
	return nil
}

// Abort rolls back the open batch, if any: what was flushed before stays.
func (w *Writer) Abort() {
	if w.tx == nil {
		return
	}
	for _, st := range w.stmts {
		st.Close()
	}
	_ = w.tx.Rollback()
	w.tx, w.stmts, w.files, w.syms = nil, nil, 0, 0
}

// encodeLineIndex packs checkpoints as unsigned varint deltas: a 1 GB log's index stays a few KB.
func encodeLineIndex(offsets []int64) []byte {
	if len(offsets) == 0 {
		return nil
	}
	buf := make([]byte, 0, len(offsets)*3)
	var prev int64
	for _, off := range offsets {
		buf = binary.AppendUvarint(buf, uint64(off-prev))
		prev = off
	}
	return buf
}

func decodeLineIndex(blob []byte) []int64 {
	if len(blob) == 0 {
		return nil
	}
	var offsets []int64
	var prev int64
	for len(blob) > 0 {
		delta, n := binary.Uvarint(blob)
		if n <= 0 {
			return nil // damaged: callers fall back to scanning
		}
		prev += int64(delta)
		offsets = append(offsets, prev)
		blob = blob[n:]
	}
	return offsets
}

// lookupIndexes are the secondary indexes that serve lookups but not the writer. Each batch that
// touches them rewrites their pages scattered over the whole file; building them once after a bulk
// load is several times cheaper.
var lookupIndexes = []string{
	"CREATE INDEX IF NOT EXISTS symbols_by_name ON symbols (name COLLATE NOCASE)",
}

// DropLookupIndexes removes the lookup indexes before a bulk load. EnsureLookupIndexes must
// follow; a run killed in between leaves a store that is correct but slower until the next run
// restores them.
func (s *Store) DropLookupIndexes(ctx context.Context) error {
	if s.readOnly {
		return ErrReadOnly
	}
	if _, err := s.write.ExecContext(ctx, "DROP INDEX IF EXISTS symbols_by_name"); err != nil {
		return classify(fmt.Errorf("drop indexes: %w", err))
	}
	return nil
}

// EnsureLookupIndexes creates any lookup index that is missing.
func (s *Store) EnsureLookupIndexes(ctx context.Context) error {
	if s.readOnly {
		return ErrReadOnly
	}
	for _, q := range lookupIndexes {
		if _, err := s.write.ExecContext(ctx, q); err != nil {
			return classify(fmt.Errorf("create indexes: %w", err))
		}
	}
	return nil
}
