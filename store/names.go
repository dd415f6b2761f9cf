package store

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// The typo-tolerant and substring lookups of `sym` compare a query with every distinct name of
// the store. Reading millions of names row by row costs seconds on a kernel-sized store (4.4
// million names, 140 MB), so at the end of an index run the names are written out once more as a
// listing (name_gram_names): slices of 1,024 names ordered by length in bytes, then as NOCASE
// orders, each slice one value with its shortest and longest length, and a trigram index over
// the slices (grams.go). A typo search reads the slices of the lengths within its edit bound; a
// substring search the slices holding the query's trigrams. Names added or removed by later runs
// are listed beside it (name_grams_added, name_grams_removed) and merged in by every lookup;
// when those lists grow long, the next index run writes the listing again. A name holding a
// newline is left out (it can still be found exactly or by prefix).

// saveNames records the names bookkeeping of the open batch: the next id, a new generation when
// names were added or removed, and those names, listed beside the listing (unless a bulk load
// writes the listing at its end).
func (w *Writer) saveNames(ctx context.Context) error {
	if !w.namesChanged {
		return nil
	}
	if err := w.setMeta(ctx, metaNextNameID, strconv.FormatInt(w.nextNameID, 10)); err != nil {
		return err
	}
	w.namesGen++
	if err := w.setMeta(ctx, metaNamesGen, strconv.FormatInt(w.namesGen, 10)); err != nil {
		return err
	}
	if w.namesStale {
		return nil
	}
	// A batch never both adds and removes one name (Writer.resolveNames and unlink see to it).
	for _, spelling := range w.added {
		if err := w.listChange(ctx, spelling, "name_grams_added", "name_grams_removed"); err != nil {
			return fmt.Errorf("list added names: %w", err)
		}
	}
	for key := range w.removed {
		if err := w.listChange(ctx, key, "name_grams_removed", "name_grams_added"); err != nil {
			return fmt.Errorf("list removed names: %w", err)
		}
	}
	return nil
}

// listChange lists name in the list into, and takes it off the list other.
func (w *Writer) listChange(ctx context.Context, name, into, other string) error {
	if bytes.IndexByte([]byte(name), '\n') >= 0 {
		return nil // never listed
	}
	if _, err := w.exec(ctx, "DELETE FROM "+other+" WHERE name = ?", name); err != nil {
		return err
	}
	_, err := w.exec(ctx, "INSERT INTO "+into+" (name) VALUES (?) ON CONFLICT (name) DO UPDATE SET name = excluded.name", name)
	return err
}

// DropLookupIndexes prepares a bulk load: the names' listing is no longer kept batch by batch
// but written once by EnsureLookupIndexes, which must follow. A run killed in between leaves a
// store whose lookups read the names table instead, correct but slower, until the next run
// writes it.
func (s *Store) DropLookupIndexes(ctx context.Context) error {
	if s.readOnly {
		return ErrReadOnly
	}
	_, err := s.write.ExecContext(ctx, "INSERT INTO meta (key, value) VALUES (?, '1') ON CONFLICT (key) DO UPDATE SET value = excluded.value", metaNamesStale)
	if err != nil {
		return classify(fmt.Errorf("drop indexes: %w", err))
	}
	return nil
}

// SkipSyncs has the store's writes, from now until it is closed, handed to the system without
// waiting for them to reach the disk (SQLite's synchronous=OFF), for a bulk load into an empty
// store. A killed process loses nothing the system was handed; a crash of the system itself or a
// power cut before the system wrote the store out can leave it damaged, as a run killed half-way
// leaves it incomplete: SQLite finds the damage, a query says to run index, and the next index run
// moves the damaged store aside and starts a new one. An empty store had nothing to lose. A first
// index of the Lua modules synced the log and the store ten times (12 runs alternating: 112.8 ->
// 105.0 ms wall).
func (s *Store) SkipSyncs(ctx context.Context) error {
	if s.readOnly {
		return ErrReadOnly
	}
	if _, err := s.write.ExecContext(ctx, "PRAGMA synchronous = OFF"); err != nil {
		return classify(fmt.Errorf("skip syncs: %w", err))
	}
	return nil
}

// EnsureLookupIndexes writes the names' listing and its trigram index when a bulk load left them
// out of date, when there are none yet, or when many names came or went since they were written.
func (s *Store) EnsureLookupIndexes(ctx context.Context) error {
	if s.readOnly {
		return ErrReadOnly
	}
	if err := s.refreshListing(ctx); err != nil {
		return classify(fmt.Errorf("create indexes: %w", err))
	}
	return nil
}

// listingState says whether the names' listing answers lookups, and how many names are listed
// beside it.
func listingState(ctx context.Context, q queryer) (current bool, changes int, err error) {
	var stale, built string
	err = q.QueryRowContext(ctx, "SELECT (SELECT value FROM meta WHERE key = ?), (SELECT value FROM meta WHERE key = ?)",
		metaNamesStale, metaListingBuilt).Scan(&nullable{&stale}, &nullable{&built})
	if err != nil || stale == "1" || built != "1" {
		return false, 0, err
	}
	err = q.QueryRowContext(ctx, "SELECT (SELECT count(*) FROM name_grams_added) + (SELECT count(*) FROM name_grams_removed)").Scan(&changes)
	return true, changes, err
}

// nullable scans a NULL as "".
type nullable struct{ s *string }

func (n *nullable) Scan(v any) error {
	var ns sql.NullString
	if err := ns.Scan(v); err != nil {
		return err
	}
	*n.s = ns.String
	return nil
}

// listingFromNames is how many distinct names a store holds before its names' listing is
// written: below it the typo and substring tiers of `sym` read the names table whole, and an index
// run saves the listing's writing. Reading the names whole costs a typo `sym` about 15 ms more
// than the listing at 17,109 names (Debian's Rust crates: 23-32 ms against 10-14 ms), 100-130 ms
// more at 70,000-85,000 (Linux's UAPI headers, its fs/); writing the listing of the Rust crates
// took 44 ms of the index run's CPU. A variable, so that the listing's tests can write it for few
// names.
var listingFromNames = 20_000

// refreshListing writes the names' listing when it is out of date or missing, for a store of
// listingFromNames names or more.
func (s *Store) refreshListing(ctx context.Context) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	current, changes, err := listingState(ctx, tx)
	if err != nil || (current && changes <= listedChangesLimit) {
		return err
	}
	if !current {
		var names int
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM names").Scan(&names); err != nil || names < listingFromNames {
			return err // the lookups read the names table, as during a bulk load
		}
	}
	buckets, err := namesByLength(ctx, tx)
	if err != nil {
		return err
	}
	if err := writeListing(ctx, tx, buckets); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM meta WHERE key = ?", metaNamesStale); err != nil {
		return err
	}
	return tx.Commit()
}

// queryer is what reads rows: a *sql.DB or a *sql.Tx.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// namesByLength reads the names table into buckets by length: the names joined by newlines, in
// the table's order. It fetches the names in slices of one joined value each: row by row through
// database/sql costs several times more. Each length's names gather in chunks and are joined
// once at the end, one length at a time: grown by append, the kernel's 135 MB of names took up
// to twice that while the buckets grew, at the peak of a full index.
func namesByLength(ctx context.Context, q queryer) (map[int][]byte, error) {
	chunks := map[int][][]byte{} // by length: the names, each followed by a newline
	const slice = 100000
	var after *string
	for {
		var joined, last sql.NullString
		var err error
		if after == nil {
			err = q.QueryRowContext(ctx, `SELECT group_concat(name, char(10)), max(name) FROM
				(SELECT name FROM names ORDER BY name LIMIT ?)`, slice).Scan(&joined, &last)
		} else {
			err = q.QueryRowContext(ctx, `SELECT group_concat(name, char(10)), max(name) FROM
				(SELECT name FROM names WHERE name > ? ORDER BY name LIMIT ?)`, *after, slice).Scan(&joined, &last)
		}
		if err != nil {
			return nil, err
		}
		if !joined.Valid {
			return joinChunks(chunks), nil
		}
		after = &last.String
		for name := range strings.SplitSeq(joined.String, "\n") {
			if len(name) == 0 {
				continue
			}
			c := chunks[len(name)]
			if len(c) == 0 || cap(c[len(c)-1])-len(c[len(c)-1]) <= len(name) {
				size := 4 << 10 // a length few names have takes little; the others grow to nameChunk
				if len(c) > 0 {
					size = min(nameChunk, 2*cap(c[len(c)-1]))
				}
				c = append(c, make([]byte, 0, max(size, len(name)+1)))
			}
			c[len(c)-1] = append(append(c[len(c)-1], name...), '\n')
			chunks[len(name)] = c
		}
	}
}

// nameChunk is the largest size of the chunks namesByLength gathers names in.
const nameChunk = 256 << 10

// joinChunks returns, for each length, its chunks joined without the last newline, freeing
// the chunks of a length once joined.
func joinChunks(chunks map[int][][]byte) map[int][]byte {
	buckets := make(map[int][]byte, len(chunks))
	for length, c := range chunks {
		size := 0
		for _, b := range c {
			size += len(b)
		}
		joined := make([]byte, 0, size)
		for _, b := range c {
			joined = append(joined, b...)
		}
		buckets[length] = joined[:len(joined)-1]
		delete(chunks, length)
	}
	return buckets
}

// NameBuckets returns the distinct symbol names (one spelling for names that differ only in ASCII
// case) whose length in bytes lies in [minLen, maxLen], by length, each bucket the names joined
// by newlines in ASCII-case-folded order. A name holding a newline is not in them.
func (s *Store) NameBuckets(ctx context.Context, minLen, maxLen int) (map[int][]byte, error) {
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, classify(fmt.Errorf("symbol names: %w", err))
	}
	defer tx.Rollback()
	out, err := nameBuckets(ctx, tx, minLen, maxLen)
	if err != nil {
		return nil, classify(fmt.Errorf("symbol names: %w", err))
	}
	return out, nil
}

func nameBuckets(ctx context.Context, tx *sql.Tx, minLen, maxLen int) (map[int][]byte, error) {
	out := map[int][]byte{}
	current, _, err := listingState(ctx, tx)
	if err != nil {
		return nil, err
	}
	if !current {
		// A bulk load is under way or was cut short, or no run wrote the listing yet.
		all, err := namesByLength(ctx, tx)
		if err != nil {
			return nil, err
		}
		for length, names := range all {
			if length >= minLen && length <= maxLen {
				out[length] = names
			}
		}
		return out, nil
	}
	added, removed, err := listedChanges(ctx, tx)
	if err != nil {
		return nil, err
	}
	// The listing is in order already: each length's names come sorted and once. Only the names
	// added since are sorted, and merged in.
	addedByLength := map[int][][]byte{}
	for _, name := range added {
		if l := len(name); l >= minLen && l <= maxLen {
			addedByLength[l] = append(addedByLength[l], name)
		}
	}
	for _, names := range addedByLength {
		sort.Slice(names, func(i, j int) bool { return compareFolded(names[i], names[j]) < 0 })
	}
	removedLengths := map[int]bool{}
	for key := range removed {
		removedLengths[len(key)] = true
	}
	rows, err := tx.QueryContext(ctx, "SELECT names FROM name_gram_names WHERE max_length >= ? AND min_length <= ? ORDER BY slice", minLen, maxLen)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	emit := func(names []byte) { // one name, or a run of names of one length
		l := bytes.IndexByte(names, '\n')
		if l < 0 {
			l = len(names)
		}
		if len(out[l]) > 0 {
			out[l] = append(out[l], '\n')
		}
		out[l] = append(out[l], names...)
	}
	for rows.Next() {
		var joined []byte
		if err := rows.Scan(&joined); err != nil {
			return nil, err
		}
		// Runs of names of a length with no change since the listing was written are copied
		// whole; the others go name by name.
		runStart, runEnd, runLength := 0, 0, -1
		flush := func() {
			if runEnd > runStart {
				emit(joined[runStart:runEnd])
			}
			runStart, runEnd, runLength = 0, 0, -1
		}
		for at := 0; at < len(joined); {
			end := bytes.IndexByte(joined[at:], '\n')
			if end < 0 {
				end = len(joined)
			} else {
				end += at
			}
			name, next := joined[at:end], end+1
			l := len(name)
			switch {
			case l < minLen || l > maxLen:
				flush()
			case len(addedByLength[l]) == 0 && !removedLengths[l]:
				if l != runLength {
					flush()
					runStart, runLength = at, l
				}
				runEnd = end
			default:
				flush()
				more := addedByLength[l]
				for len(more) > 0 && compareFolded(more[0], name) < 0 {
					emit(more[0])
					more = more[1:]
				}
				addedByLength[l] = more
				respelt := len(more) > 0 && compareFolded(more[0], name) == 0 // the added spelling comes in its turn
				if !respelt && !removed[string(foldASCII(name))] {
					emit(name)
				}
			}
			at = next
		}
		flush()
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, more := range addedByLength {
		for _, name := range more {
			emit(name)
		}
	}
	return out, nil
}

// compareFolded compares a and b as NOCASE does: bytes, with ASCII letters folded to lower case.
func compareFolded(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		ca, cb := a[i], b[i]
		if 'A' <= ca && ca <= 'Z' {
			ca += 'a' - 'A'
		}
		if 'A' <= cb && cb <= 'Z' {
			cb += 'a' - 'A'
		}
		if ca != cb {
			return int(ca) - int(cb)
		}
	}
	return len(a) - len(b)
}

// listedChanges reads the names added since the listing was written, and the folded names
// removed since.
func listedChanges(ctx context.Context, q queryer) (added [][]byte, removed map[string]bool, err error) {
	rows, err := q.QueryContext(ctx, "SELECT name, 1 FROM name_grams_added UNION ALL SELECT name, 0 FROM name_grams_removed")
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	removed = map[string]bool{}
	for rows.Next() {
		var name []byte
		var isAdded bool
		if err := rows.Scan(&name, &isAdded); err != nil {
			return nil, nil, err
		}
		if isAdded {
			added = append(added, slices.Clone(name))
		} else {
			removed[string(foldASCII(name))] = true
		}
	}
	return added, removed, rows.Err()
}
