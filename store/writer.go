package store

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Batch limits of a Writer: a transaction is committed after this many files or symbols, or once
// it has been open this long, whichever comes first. One transaction per file measured 3.5x
// slower; every commit writes again the pages of the names and postings it touched, so larger
// batches write less (GOROOT/src: 300 files a batch took 4-8% more wall time than 3,000), while
// the time bound keeps the write lock short enough for a second process to interleave.
const (
	batchFiles   = 3000
	batchSymbols = 200_000
	batchTime    = 250 * time.Millisecond
)

// postingsPerInsert is how many rows one multi-row INSERT into postings carries.
const postingsPerInsert = namesPerStatement

// nameCacheSize bounds the writer's cache of name ids; past it the cache starts afresh.
const nameCacheSize = 1 << 20

// Meta keys the writer keeps for the names table.
const (
	metaNextNameID = "next_name_id" // the id the next new name gets
	metaNamesGen   = "names_gen"    // bumped by every commit that adds or removes names
	metaNamesStale = "names_stale"  // "1" while a bulk load leaves the names' listing out of date
)

// Writer writes file rows in batched transactions. It is the store's only writer in a process
// and is not safe for concurrent use: the indexer gives it to one goroutine.
type Writer struct {
	s           *Store
	tx          *sql.Tx
	stmts       map[string]*sql.Stmt
	files, syms int
	began       time.Time // when the open batch began
	now         int64
	values      []any
	insertSQL   map[int]string // multi-row INSERT text by row count
	// postings are the (name id, file id) pairs of the open batch, written at its end or before
	// a posting is removed (insertPostings).
	postings [][2]int64
	// newUses are the name sets of the rows the open batch inserted anew, written at its end
	// or before any other write of the use tables (insertUses): two multi-row inserts a batch
	// instead of two statements a file.
	newUses []newUse
	// newNames are the names the open batch gave ids to while namesComplete, written at its end
	// in the table's order or before the table is read or a name removed (insertNewNames): on
	// Linux's UAPI headers (52,622 names) inserting each file's new names at once, at random
	// places of the table's B-tree, was half the writer's time and the run's critical path.
	newNames []newName

	// The names of the open batch: ids by folded name (valid while namesGen is the store's),
	// the next id to hand out, and the names added and removed, for the names' listing.
	nameIDs       map[string]int64
	nameCacheSize int // how many ids nameIDs holds at most: nameCacheSize, smaller in tests
	// namesComplete is set while nameIDs holds every name of the store (it started empty and
	// the cache was never emptied since): a name not in it is new, with no need to look it up.
	namesComplete bool
	namesGen      int64
	nextNameID    int64
	namesStale    bool
	added         map[string]string // folded name → spelling; empty while namesStale
	removed       map[string]bool   // folded names; empty while namesStale
	namesChanged  bool              // the batch added or removed a name

	// prepared holds the folded names of the rows Prepare read in the open batch, by path.
	prepared map[string]map[string]bool
	// usesChanged is set when the open batch wrote or dropped a name set: its commit bumps the
	// uses generation, which makes the stored ranking stale.
	usesChanged bool
}

// NewWriter returns a writer; nothing is locked until the first write.
func (s *Store) NewWriter() *Writer {
	return &Writer{s: s, now: time.Now().Unix(), nameIDs: map[string]int64{}, nameCacheSize: nameCacheSize, namesGen: -1}
}

// begin opens the batch transaction when none is open, and reads the names' bookkeeping: another
// process may have written since this writer's last batch.
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
	w.tx, w.began = tx, time.Now()
	w.s.created.Store(false)
	w.stmts = map[string]*sql.Stmt{}
	gen, err := w.metaInt(ctx, metaNamesGen)
	if err != nil {
		w.Abort()
		return err
	}
	if gen != w.namesGen {
		clear(w.nameIDs)
		w.namesGen = gen
		st, err := w.stmt(ctx, "SELECT NOT EXISTS (SELECT 1 FROM names)")
		if err == nil {
			err = classify(st.QueryRowContext(ctx).Scan(&w.namesComplete))
		}
		if err != nil {
			w.Abort()
			return err
		}
	}
	if w.nextNameID, err = w.metaInt(ctx, metaNextNameID); err != nil {
		w.Abort()
		return err
	}
	stale, err := w.metaInt(ctx, metaNamesStale)
	if err != nil {
		w.Abort()
		return err
	}
	w.namesStale = stale != 0
	w.added, w.removed, w.namesChanged = map[string]string{}, map[string]bool{}, false
	return nil
}

func (w *Writer) metaInt(ctx context.Context, key string) (int64, error) {
	st, err := w.stmt(ctx, "SELECT value FROM meta WHERE key = ?")
	if err != nil {
		return 0, err
	}
	var v string
	err = st.QueryRowContext(ctx, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, classify(fmt.Errorf("read %s: %w", key, err))
	}
	n, _ := strconv.ParseInt(v, 10, 64)
	return n, nil
}

func (w *Writer) setMeta(ctx context.Context, key, value string) error {
	_, err := w.exec(ctx, "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value)
	if err != nil {
		return fmt.Errorf("set %s: %w", key, err)
	}
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

// insertNewFile writes the row of a path that has none, and nothing when it has one.
// Its id is the insert's rowid: a RETURNING clause had SQLite gather the ids in a table of
// their own, half the time of writing a new row (1,000 small files: 20 -> 10 ms of CPU).
const insertNewFile = `INSERT INTO files (path, size, mtime_ns, ctime_ns, inode, hash, language, mapper,
	lines, summary, skip_reason, skip_detail, line_index, indexed_at, mappers_version, symbols, symbol_count)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (path) DO NOTHING`

const upsertFile = `INSERT INTO files (path, size, mtime_ns, ctime_ns, inode, hash, language, mapper,
	lines, summary, skip_reason, skip_detail, line_index, indexed_at, mappers_version, symbols, symbol_count)
VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
ON CONFLICT (path) DO UPDATE SET size = excluded.size, mtime_ns = excluded.mtime_ns,
	ctime_ns = excluded.ctime_ns, inode = excluded.inode, hash = excluded.hash, language = excluded.language, mapper = excluded.mapper,
	lines = excluded.lines, summary = excluded.summary, skip_reason = excluded.skip_reason,
	skip_detail = excluded.skip_detail, line_index = excluded.line_index,
	indexed_at = excluded.indexed_at, mappers_version = excluded.mappers_version,
	symbols = excluded.symbols, symbol_count = excluded.symbol_count
RETURNING id`

// Put writes f's row, replacing its symbols and imports, and keeps the names and postings of its
// symbols in step: names the file gained are linked to it, names it lost unlinked (and dropped
// when no file defines them any more).
func (w *Writer) Put(ctx context.Context, f *File) error {
	return w.PutPacked(ctx, Pack(f))
}

// Packed is a file row whose symbols and imports are packed as the store keeps them: Pack makes
// it ahead of the Put, on whatever goroutine the caller likes (packing the 32,000 symbols of a
// 10 MB source file takes 15 ms, which an edit spends while the file is written).
type Packed struct {
	file          *File
	value         []byte
	names         []spelledName // the distinct names of its symbols, for the postings
	used, defined []byte        // the name set's hashes of the names used and defined, packed
	imports       string        // the name set's imports, one a line, as file_uses keeps them
	isNew         bool          // AsNew: the caller found no row for the path
}

// Pack packs f's symbols, imports and name set. f's other fields are read when the row is
// written; its symbols, imports and used names must not change in between.
func Pack(f *File) Packed {
	p := Packed{file: f, value: packSymbols(f.Symbols, f.Imports), names: distinctNames(f.Symbols)}
	if f.Uses != nil {
		p.used, p.defined = packHashes(f.UsedNames), packHashes(definedHashes(f.Symbols))
		p.imports = strings.Join(f.Imports, "\n")
	}
	return p
}

// File is the row packed.
func (p Packed) File() *File { return p.file }

// NameSet returns the name set the row keeps, as EachNameSet reads it back once written; ok is
// false for a file that keeps none (not code).
func (p Packed) NameSet() (set NameSet, ok bool) {
	f := p.file
	if f.Uses == nil {
		return NameSet{}, false
	}
	set = NameSet{Path: f.Path, Language: f.Language, Used: f.UsedNames, Defined: unpackHashes(p.defined)}
	if p.imports != "" {
		set.Imports = strings.Split(p.imports, "\n")
	}
	return set, true
}

// For returns the packed row of f, a file of the same content as p's (its symbols, imports and
// used names equal to those p was packed from): what was packed once serves both rows.
func (p Packed) For(f *File) Packed {
	p.file = f
	return p
}

// AsNew marks the row as one of a path the caller found no row for (an index run reads the
// store's rows first): PutPacked then inserts it without first reading the names of a row there,
// and reads them after all when the insert meets one (another process wrote it meanwhile). A
// bulk load saves a statement per file, and three for a file without a name set.
func (p Packed) AsNew() Packed {
	p.isNew = true
	return p
}

// PutPacked writes a packed row as Put writes f.
func (w *Writer) PutPacked(ctx context.Context, p Packed) error {
	f := p.file
	if err := w.begin(ctx); err != nil {
		return err
	}
	oldNames, prepared := w.prepared[f.Path]
	delete(w.prepared, f.Path)
	id, existed := int64(0), true
	if p.isNew && !prepared {
		inserted, written, err := w.writeRow(ctx, insertNewFile, p)
		if err != nil {
			return err
		}
		id, existed = inserted, !written
	}
	if existed {
		if !prepared {
			var err error
			if oldNames, err = w.namesOfRow(ctx, f.Path); err != nil {
				return fmt.Errorf("write %s: %w", f.Path, err)
			}
		}
		var err error
		if id, _, err = w.writeRow(ctx, upsertFile, p); err != nil {
			return err
		}
	}
	if err := w.putUses(ctx, id, &p, existed); err != nil {
		return fmt.Errorf("write %s: %w", f.Path, err)
	}
	if err := w.relink(ctx, id, oldNames, p.names); err != nil {
		return fmt.Errorf("write %s: %w", f.Path, err)
	}
	return w.done(ctx, len(f.Symbols))
}

// writeRow writes p's row with query (upsertFile, whose RETURNING gives the id, or
// insertNewFile, whose rowid is the id) and returns its id, or written false when the query wrote
// nothing (insertNewFile met a row).
func (w *Writer) writeRow(ctx context.Context, query string, p Packed) (id int64, written bool, err error) {
	f := p.file
	st, err := w.stmt(ctx, query)
	if err != nil {
		return 0, false, err
	}
	args := []any{f.Path, f.Size, f.ModTimeNS, f.CTimeNS, f.Inode, f.Hash, f.Language, f.Mapper,
		f.Lines, f.Summary, string(f.Skip), f.SkipDetail, encodeLineIndex(f.LineIndex), w.now, f.MappersVersion,
		p.value, len(f.Symbols)}
	if query == insertNewFile {
		id, written, err = insertedRow(st.ExecContext(ctx, args...))
	} else {
		err = st.QueryRowContext(ctx, args...).Scan(&id)
		written = err == nil
		if errors.Is(err, sql.ErrNoRows) {
			err = nil
		}
	}
	if err != nil {
		return 0, false, classify(fmt.Errorf("write %s: %w", f.Path, err))
	}
	return id, written, nil
}

// insertedRow returns the rowid of the row an INSERT of one row wrote, and whether it wrote one.
func insertedRow(res sql.Result, err error) (int64, bool, error) {
	if err != nil {
		return 0, false, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return 0, false, err
	}
	id, err := res.LastInsertId()
	return id, err == nil, err
}

// newUse is the use filter and name set of a row inserted anew, not yet written.
type newUse struct {
	id                    int64
	filter, used, defined []byte
	imports               string
}

// putUses keeps the use filter and name set of file id (p), or drops them when p (nil for a
// deleted file) has no filter; a row that did not exist before (existed false) has none to drop,
// and its name set waits for the batch's end.
func (w *Writer) putUses(ctx context.Context, id int64, p *Packed, existed bool) error {
	w.usesChanged = true
	noUses := p == nil || p.file.Uses == nil
	if !existed {
		if !noUses {
			w.newUses = append(w.newUses, newUse{id: id, filter: p.file.Uses, used: p.used, defined: p.defined,
				imports: p.imports})
		}
		return nil
	}
	if err := w.insertUses(ctx); err != nil { // in the order they were put
		return err
	}
	if noUses {
		if _, err := w.exec(ctx, "DELETE FROM use_filters WHERE file_id = ?", id); err != nil {
			return err
		}
		_, err := w.exec(ctx, "DELETE FROM file_uses WHERE file_id = ?", id)
		return err
	}
	f := p.file
	_, err := w.exec(ctx, `INSERT INTO use_filters (file_id, filter) VALUES (?, ?)
		ON CONFLICT (file_id) DO UPDATE SET filter = excluded.filter`, id, f.Uses)
	if err != nil {
		return err
	}
	_, err = w.exec(ctx, `INSERT INTO file_uses (file_id, used, defined, imports) VALUES (?, ?, ?, ?)
		ON CONFLICT (file_id) DO UPDATE SET used = excluded.used,
		defined = excluded.defined, imports = excluded.imports`,
		id, p.used, p.defined, p.imports)
	return err
}

// usesPerInsert is how many rows one multi-row INSERT of use filters or name sets carries.
const usesPerInsert = 160

// insertUses writes the name sets the batch's new rows wait with.
func (w *Writer) insertUses(ctx context.Context) error {
	for start := 0; start < len(w.newUses); start += usesPerInsert {
		chunk := w.newUses[start:min(start+usesPerInsert, len(w.newUses))]
		n := padded(len(chunk)) // repeats of the first row write it again: a few statement texts only
		filters, sets := make([]any, 0, 2*n), make([]any, 0, 4*n)
		for i := range n {
			u := chunk[0]
			if i < len(chunk) {
				u = chunk[i]
			}
			filters = append(filters, u.id, u.filter)
			sets = append(sets, u.id, u.used, u.defined, u.imports)
		}
		if _, err := w.exec(ctx, "INSERT INTO use_filters (file_id, filter) VALUES "+placeholders(n, "(?,?)")+
			" ON CONFLICT (file_id) DO UPDATE SET filter = excluded.filter", filters...); err != nil {
			return err
		}
		if _, err := w.exec(ctx, "INSERT INTO file_uses (file_id, used, defined, imports) VALUES "+placeholders(n, "(?,?,?,?)")+
			" ON CONFLICT (file_id) DO UPDATE SET used = excluded.used, defined = excluded.defined, imports = excluded.imports", sets...); err != nil {
			return err
		}
	}
	w.newUses = w.newUses[:0]
	return nil
}

// Prepare reads, in the open batch (it begins one), what the next Put of path needs of the row
// path has now, so that the Put need not: a caller that maps the file meanwhile (an edit) takes
// that time off its wait. Nothing may write the row of path between the two.
func (w *Writer) Prepare(ctx context.Context, path string) error {
	if err := w.begin(ctx); err != nil {
		return err
	}
	names, err := w.namesOfRow(ctx, path)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if w.prepared == nil {
		w.prepared = map[string]map[string]bool{}
	}
	w.prepared[path] = names
	return nil
}

// namesOfRow returns the folded names of the symbols the row of path holds now (none when there
// is no row).
func (w *Writer) namesOfRow(ctx context.Context, path string) (map[string]bool, error) {
	st, err := w.stmt(ctx, "SELECT symbols FROM files WHERE path = ?")
	if err != nil {
		return nil, err
	}
	var packed []byte
	err = st.QueryRowContext(ctx, path).Scan(&packed)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && len(packed) == 0) {
		return nil, nil
	}
	if err != nil {
		return nil, classify(err)
	}
	names, err := packedNames(packed)
	if err != nil {
		// A damaged value cannot say which names it held: drop the postings of the file wholesale.
		return nil, fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	set := make(map[string]bool, len(names))
	for _, n := range names {
		set[foldString(n)] = true
	}
	return set, nil
}

// spelledName is a symbol name folded (the names table's key) and as written.
type spelledName struct{ key, spelling string }

// distinctNames returns the names of syms, one per folded name (its first spelling), in the order
// they first appear. Pack finds them on the caller's goroutine: on the writer's, which finishes
// after the workers, a map of them per file took 15 ms of CPU from a 290 ms first index of
// Debian's Rust crates.
func distinctNames(syms []Symbol) []spelledName {
	seen := make(map[string]bool, len(syms))
	names := make([]spelledName, 0, len(syms))
	for _, s := range syms {
		if key := foldString(s.Name); !seen[key] {
			seen[key] = true
			names = append(names, spelledName{key, s.Name})
		}
	}
	return names
}

// relink links file id to the names in now (distinct when folded) that were not in before, and
// unlinks it from those in before that are gone. Names are resolved a few hundred to a statement:
// one statement per name cost most of a bulk load's writing.
func (w *Writer) relink(ctx context.Context, id int64, before map[string]bool, now []spelledName) error {
	// The cache makes room before the file's names are looked up in it: emptied between the
	// lookup and the use, it would lose names found there (a kernel-sized run filled it).
	if len(now)+len(w.nameIDs) > w.nameCacheSize {
		if err := w.insertNewNames(ctx); err != nil { // the names left the cache is all there is
			return err
		}
		clear(w.nameIDs)
		w.namesComplete = false
	}
	var unknown []string
	for _, n := range now {
		if before[n.key] {
			continue
		}
		if _, ok := w.nameIDs[n.key]; !ok {
			unknown = append(unknown, n.spelling)
		}
	}
	if err := w.resolveNames(ctx, unknown); err != nil {
		return err
	}
	for _, n := range now {
		if before[n.key] {
			continue
		}
		nameID, ok := w.nameIDs[n.key]
		if !ok {
			return fmt.Errorf("name %q: %w", n.key, ErrNotFound) // resolveNames gave every name an id
		}
		w.postings = append(w.postings, [2]int64{nameID, id})
	}
	if len(before) == 0 {
		return nil
	}
	kept := make(map[string]bool, len(now))
	for _, n := range now {
		kept[n.key] = true
	}
	for key := range before {
		if kept[key] {
			continue
		}
		if err := w.unlink(ctx, id, key); err != nil {
			return err
		}
	}
	return nil
}

// newName is a name given an id in the open batch, not yet in the names table.
type newName struct {
	key, spelling string // folded, as written
	id            int64
}

// namesPerStatement is how many names one lookup or insert of names carries.
const namesPerStatement = 400

// resolveNames puts the ids of names (spellings, distinct when folded) into the cache: those the
// store knows are read, the others added with new ids.
func (w *Writer) resolveNames(ctx context.Context, names []string) error {
	for start := 0; start < len(names); start += namesPerStatement {
		chunk := names[start:min(start+namesPerStatement, len(names))]
		if !w.namesComplete {
			if err := w.readNameIDs(ctx, chunk); err != nil {
				return err
			}
		}
		var args []any
		for _, n := range chunk {
			key := foldString(n)
			if _, ok := w.nameIDs[key]; ok {
				continue
			}
			id := w.nextNameID
			w.nextNameID++
			w.nameIDs[key] = id
			if w.namesComplete {
				w.newNames = append(w.newNames, newName{key: key, spelling: n, id: id})
			} else {
				args = append(args, n, id)
			}
			w.noteAdded(key, n)
		}
		if err := w.insertNames(ctx, args); err != nil {
			return err
		}
	}
	return nil
}

// insertNewNames writes the names of newNames, in the table's order (NOCASE folds ASCII letters,
// as the keys are folded).
func (w *Writer) insertNewNames(ctx context.Context) error {
	if len(w.newNames) == 0 {
		return nil
	}
	slices.SortFunc(w.newNames, func(a, b newName) int { return strings.Compare(a.key, b.key) })
	args := make([]any, 0, 2*len(w.newNames))
	for _, n := range w.newNames {
		args = append(args, n.spelling, n.id)
	}
	w.newNames = w.newNames[:0]
	return w.insertNames(ctx, args)
}

// insertNames inserts the names and ids of args (name, id, name, id, ...) in statements of a few
// row counts, largest first: a handful of statement texts a batch, each prepared once, where a
// statement of exactly the new names' count was prepared for nearly every file (a twentieth of
// the writing of a GOROOT bulk load).
func (w *Writer) insertNames(ctx context.Context, args []any) error {
	for len(args) > 0 {
		n := 1
		for _, size := range []int{namesPerStatement, 160, 64, 16, 4} {
			if size <= len(args)/2 {
				n = size
				break
			}
		}
		if _, err := w.exec(ctx, "INSERT INTO names (name, id) VALUES "+placeholders(n, "(?,?)"), args[:2*n]...); err != nil {
			return err
		}
		args = args[2*n:]
	}
	return nil
}

// readNameIDs puts into the cache the ids of those of names (at most namesPerStatement) that the
// store knows.
func (w *Writer) readNameIDs(ctx context.Context, names []string) error {
	args := make([]any, len(names), padded(len(names)))
	for i, n := range names {
		args[i] = n
	}
	// A few list lengths only, padded with repeats, so the statements stay prepared.
	for len(args) < padded(len(names)) {
		args = append(args, names[0])
	}
	st, err := w.stmt(ctx, "SELECT name, id FROM names WHERE name IN ("+placeholders(len(args), "?")+")")
	if err != nil {
		return err
	}
	rows, err := st.QueryContext(ctx, args...)
	if err != nil {
		return classify(err)
	}
	for rows.Next() {
		var name string
		var id int64
		if err := rows.Scan(&name, &id); err != nil {
			rows.Close()
			return classify(err)
		}
		w.nameIDs[foldString(name)] = id
	}
	return classify(rows.Close())
}

// padded returns the list length a statement of n values is padded to.
func padded(n int) int {
	for _, p := range []int{4, 16, 64, 160} {
		if n <= p {
			return p
		}
	}
	return namesPerStatement
}

// placeholders returns n copies of p joined by commas.
func placeholders(n int, p string) string {
	return strings.Repeat(p+",", n)[:n*(len(p)+1)-1]
}

// insertPostings writes the postings the batch gathered, in order: their B-tree is filled from
// left to right instead of at a random place per file.
func (w *Writer) insertPostings(ctx context.Context) error {
	sortPostings(w.postings)
	for start := 0; start < len(w.postings); start += postingsPerInsert {
		chunk := w.postings[start:min(start+postingsPerInsert, len(w.postings))]
		w.values = w.values[:0]
		for _, p := range chunk {
			w.values = append(w.values, p[0], p[1])
		}
		for len(w.values) < 2*padded(len(chunk)) { // repeats insert nothing, and keep the statement prepared
			w.values = append(w.values, chunk[0][0], chunk[0][1])
		}
		if _, err := w.exec(ctx, w.insertQuery(len(w.values)/2), w.values...); err != nil {
			return err
		}
	}
	w.postings = w.postings[:0]
	return nil
}

// sortPostings sorts postings by name id, then file id. Ids that fit in 32 bits each (all but
// stores of billions of rows) are sorted as one uint64 apiece: the comparison function over pairs
// took 16 ms of the 330 ms a first index of Debian's Rust crates (59,487 postings) takes, on the
// writer's path.
func sortPostings(postings [][2]int64) {
	keys := make([]uint64, len(postings))
	for i, p := range postings {
		if uint64(p[0]) > math.MaxUint32 || uint64(p[1]) > math.MaxUint32 {
			slices.SortFunc(postings, func(a, b [2]int64) int {
				return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
			})
			return
		}
		keys[i] = uint64(p[0])<<32 | uint64(p[1])
	}
	slices.Sort(keys)
	for i, k := range keys {
		postings[i] = [2]int64{int64(k >> 32), int64(k & math.MaxUint32)}
	}
}

// insertQuery returns the INSERT of n postings. Only full chunks repeat, so the cache stays small:
// one entry per distinct tail length seen.
func (w *Writer) insertQuery(n int) string {
	if q, ok := w.insertSQL[n]; ok {
		return q
	}
	if w.insertSQL == nil {
		w.insertSQL = map[int]string{}
	}
	var b strings.Builder
	b.WriteString("INSERT INTO postings (name_id, file_id) VALUES ")
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("(?,?)")
	}
	b.WriteString(" ON CONFLICT DO NOTHING")
	w.insertSQL[n] = b.String()
	return w.insertSQL[n]
}

func (w *Writer) lookupName(ctx context.Context, name string) (int64, bool, error) {
	st, err := w.stmt(ctx, "SELECT id FROM names WHERE name = ?")
	if err != nil {
		return 0, false, err
	}
	var id int64
	err = st.QueryRowContext(ctx, name).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, classify(err)
	}
	return id, true, nil
}

// unlink removes the posting of the name whose folded form is key for file id, and the name
// itself when no other file defines it.
func (w *Writer) unlink(ctx context.Context, fileID int64, key string) error {
	// Whether another file still defines the name is read from the table: it must hold them all.
	if err := w.insertNewNames(ctx); err != nil {
		return err
	}
	if err := w.insertPostings(ctx); err != nil {
		return err
	}
	nameID, found, err := w.lookupName(ctx, key)
	if err != nil || !found {
		return err
	}
	if _, err := w.exec(ctx, "DELETE FROM postings WHERE name_id = ? AND file_id = ?", nameID, fileID); err != nil {
		return err
	}
	st, err := w.stmt(ctx, "SELECT EXISTS (SELECT 1 FROM postings WHERE name_id = ?)")
	if err != nil {
		return err
	}
	var used bool
	if err := st.QueryRowContext(ctx, nameID).Scan(&used); err != nil {
		return classify(err)
	}
	if used {
		return nil
	}
	if _, err := w.exec(ctx, "DELETE FROM names WHERE name = ?", key); err != nil {
		return err
	}
	delete(w.nameIDs, key)
	w.noteRemoved(key)
	return nil
}

// noteAdded records that the batch gave the name spelling (folded: key) an id, for the names'
// listing. A bulk load, which writes the listing whole at its end, only notes that names changed:
// keeping them all apart was a tenth of its writing on Linux's UAPI headers.
func (w *Writer) noteAdded(key, spelling string) {
	w.namesChanged = true
	if w.namesStale {
		return
	}
	delete(w.removed, key)
	w.added[key] = spelling
}

// noteRemoved records that the batch removed the name whose folded form is key, as noteAdded.
func (w *Writer) noteRemoved(key string) {
	w.namesChanged = true
	if w.namesStale {
		return
	}
	if _, ok := w.added[key]; ok {
		delete(w.added, key)
	} else {
		w.removed[key] = true
	}
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
	before, err := w.namesOfRow(ctx, path)
	if err != nil {
		return fmt.Errorf("delete %s: %w", path, err)
	}
	st, err := w.stmt(ctx, "DELETE FROM files WHERE path = ? RETURNING id")
	if err != nil {
		return err
	}
	var id int64
	err = st.QueryRowContext(ctx, path).Scan(&id)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return classify(fmt.Errorf("delete %s: %w", path, err))
	}
	if err == nil {
		if err := w.relink(ctx, id, before, nil); err != nil {
			return fmt.Errorf("delete %s: %w", path, err)
		}
		if err := w.putUses(ctx, id, nil, true); err != nil {
			return fmt.Errorf("delete %s: %w", path, err)
		}
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
	if err := w.setMeta(ctx, key, value); err != nil {
		return err
	}
	return w.done(ctx, 0)
}

// done counts a written file and commits when the batch is full.
func (w *Writer) done(ctx context.Context, symbols int) error {
	w.files++
	w.syms += symbols
	if w.files >= batchFiles || w.syms >= batchSymbols || time.Since(w.began) >= batchTime {
		return w.Flush(ctx)
	}
	return nil
}

// heldBackFrom is how many rows (new names, postings, name sets) the open batch must hold back
// before WriteHeldBack writes them: fewer would cost statements of a few rows each.
const heldBackFrom = postingsPerInsert

// WriteHeldBack writes, without committing, what the open batch holds back for its end when that
// is heldBackFrom rows or more: its new names, postings and name sets. A caller with nothing else
// to do (an index run's writer waiting for its workers) takes that work off the batch's end, where
// nothing else runs beside it: on Linux's /usr/include/linux a final batch's 110 ms.
func (w *Writer) WriteHeldBack(ctx context.Context) error {
	if w.tx == nil || len(w.newNames)+len(w.postings)+len(w.newUses) < heldBackFrom {
		return nil
	}
	if err := w.insertNewNames(ctx); err != nil {
		return err
	}
	if err := w.insertPostings(ctx); err != nil {
		return err
	}
	return w.insertUses(ctx)
}

// Flush commits the open batch, if any.
func (w *Writer) Flush(ctx context.Context) error {
	if w.tx == nil {
		return nil
	}
	if err := w.insertNewNames(ctx); err != nil {
		w.Abort()
		return err
	}
	if err := w.insertPostings(ctx); err != nil {
		w.Abort()
		return err
	}
	if err := w.insertUses(ctx); err != nil {
		w.Abort()
		return err
	}
	if err := w.saveNames(ctx); err != nil {
		w.Abort()
		return err
	}
	if w.usesChanged {
		if _, err := w.exec(ctx, bumpUsesGen); err != nil {
			w.Abort()
			return fmt.Errorf("bump %s: %w", metaUsesGen, err)
		}
	}
	for _, st := range w.stmts {
		st.Close()
	}
	err := w.tx.Commit()
	w.tx, w.stmts, w.files, w.syms, w.prepared, w.usesChanged = nil, nil, 0, 0, nil, false
	if err != nil {
		clear(w.nameIDs)
		w.namesGen = -1
		return classify(fmt.Errorf("commit: %w", err))
	}
	return nil
}

// ForgetNames empties the writer's cache of name ids (up to a million of them), for a caller that
// is done writing but keeps the writer.
func (w *Writer) ForgetNames() {
	w.nameIDs = map[string]int64{}
	w.namesGen = -1
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
	w.tx, w.stmts, w.files, w.syms, w.prepared, w.usesChanged = nil, nil, 0, 0, nil, false
	w.postings, w.newUses, w.newNames = w.postings[:0], w.newUses[:0], w.newNames[:0]
	// Ids the batch handed out are gone with it.
	clear(w.nameIDs)
	w.namesGen = -1
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
