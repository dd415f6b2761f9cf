package store

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strconv"
)

// The typo-tolerant and substring lookups of `sym` compare a query with every distinct name of
// the store. Reading millions of names row by row costs seconds on a kernel-sized store, so the
// names are also kept bucketed by length in bytes (name_lengths), each bucket one value: the
// names joined by newlines in the names table's order (ASCII case folded, as NOCASE compares). A
// typo search reads the few buckets of lengths within its edit bound. A name holding a newline is
// left out of the buckets (it can still be found exactly or by prefix).

// saveNames records the names bookkeeping of the open batch: the next id, a new generation when
// names were added or removed, and the changed buckets of name_lengths (unless a bulk load
// builds them at its end).
func (w *Writer) saveNames(ctx context.Context) error {
	if len(w.added) == 0 && len(w.removed) == 0 {
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
	if err := w.noteAddedNames(ctx); err != nil {
		return fmt.Errorf("list added names: %w", err)
	}
	changed := map[int]bool{}
	for key := range w.added {
		changed[len(key)] = true
	}
	for key := range w.removed {
		changed[len(key)] = true
	}
	for length := range changed {
		if err := w.updateBucket(ctx, length); err != nil {
			return fmt.Errorf("update names of length %d: %w", length, err)
		}
	}
	return nil
}

// updateBucket merges the batch's added and removed names of one length into its bucket.
func (w *Writer) updateBucket(ctx context.Context, length int) error {
	st, err := w.stmt(ctx, "SELECT names FROM name_lengths WHERE length = ?")
	if err != nil {
		return err
	}
	var old []byte
	if err := st.QueryRowContext(ctx, length).Scan(&old); err != nil && err != sql.ErrNoRows {
		return classify(err)
	}
	var add []string
	for key, spelling := range w.added {
		if len(key) == length && key != "" && !bytes.ContainsRune([]byte(spelling), '\n') {
			add = append(add, spelling)
		}
	}
	sort.Slice(add, func(i, j int) bool { return foldString(add[i]) < foldString(add[j]) })
	var out []byte
	emit := func(name []byte) {
		if len(out) > 0 {
			out = append(out, '\n')
		}
		out = append(out, name...)
	}
	for len(old) > 0 {
		line := old
		if i := bytes.IndexByte(old, '\n'); i >= 0 {
			line, old = old[:i], old[i+1:]
		} else {
			old = nil
		}
		key := string(foldASCII(line))
		for len(add) > 0 && foldString(add[0]) < key {
			emit([]byte(add[0]))
			add = add[1:]
		}
		if len(add) > 0 && foldString(add[0]) == key {
			continue // respelt: the added spelling follows
		}
		if w.removed[key] {
			continue
		}
		emit(line)
	}
	for _, a := range add {
		emit([]byte(a))
	}
	if len(out) == 0 {
		_, err := w.exec(ctx, "DELETE FROM name_lengths WHERE length = ?", length)
		return err
	}
	_, err = w.exec(ctx, "INSERT INTO name_lengths (length, names) VALUES (?, ?) ON CONFLICT (length) DO UPDATE SET names = excluded.names", length, out)
	return err
}

// DropLookupIndexes prepares a bulk load: the name buckets are no longer kept batch by batch but
// built once by EnsureLookupIndexes, which must follow. A run killed in between leaves a store
// whose lookups read the names table instead, correct but slower, until the next run builds them.
func (s *Store) DropLookupIndexes(ctx context.Context) error {
	if s.readOnly {
		return ErrReadOnly
	}
	_, err := s.write.ExecContext(ctx, `INSERT INTO meta (key, value) VALUES (?, '1'), (?, '0')
		ON CONFLICT (key) DO UPDATE SET value = excluded.value`, metaNamesStale, metaGramsBuilt)
	if err != nil {
		return classify(fmt.Errorf("drop indexes: %w", err))
	}
	return nil
}

// EnsureLookupIndexes builds the name buckets when a bulk load left them out of date, and the
// trigram index of the names when it is missing or many names came since it was built.
func (s *Store) EnsureLookupIndexes(ctx context.Context) error {
	if s.readOnly {
		return ErrReadOnly
	}
	if err := s.rebuildBuckets(ctx); err != nil {
		return classify(fmt.Errorf("create indexes: %w", err))
	}
	if err := s.refreshGrams(ctx); err != nil {
		return classify(fmt.Errorf("create the names' trigram index: %w", err))
	}
	return nil
}

func (s *Store) rebuildBuckets(ctx context.Context) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var stale string
	if err := tx.QueryRowContext(ctx, "SELECT value FROM meta WHERE key = ?", metaNamesStale).Scan(&stale); err == sql.ErrNoRows || stale != "1" {
		return nil
	} else if err != nil {
		return err
	}
	buckets, err := namesByLength(ctx, tx)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "DELETE FROM name_lengths"); err != nil {
		return err
	}
	ins, err := tx.PrepareContext(ctx, "INSERT INTO name_lengths (length, names) VALUES (?, ?)")
	if err != nil {
		return err
	}
	defer ins.Close()
	for length, names := range buckets {
		if _, err := ins.ExecContext(ctx, length, names); err != nil {
			return err
		}
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
// database/sql costs several times more.
func namesByLength(ctx context.Context, q queryer) (map[int][]byte, error) {
	buckets := map[int][]byte{}
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
			return buckets, nil
		}
		after = &last.String
		for _, name := range bytes.Split([]byte(joined.String), []byte{'\n'}) {
			if len(name) == 0 {
				continue
			}
			b := buckets[len(name)]
			if len(b) > 0 {
				b = append(b, '\n')
			}
			buckets[len(name)] = append(b, name...)
		}
	}
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
	var stale string
	err = tx.QueryRowContext(ctx, "SELECT value FROM meta WHERE key = ?", metaNamesStale).Scan(&stale)
	if err != nil && err != sql.ErrNoRows {
		return nil, classify(fmt.Errorf("symbol names: %w", err))
	}
	out := map[int][]byte{}
	if stale == "1" {
		// A bulk load is under way or was cut short: the buckets are not up to date.
		all, err := namesByLength(ctx, tx)
		if err != nil {
			return nil, classify(fmt.Errorf("symbol names: %w", err))
		}
		for length, names := range all {
			if length >= minLen && length <= maxLen {
				out[length] = names
			}
		}
		return out, nil
	}
	rows, err := tx.QueryContext(ctx, "SELECT length, names FROM name_lengths WHERE length BETWEEN ? AND ? ORDER BY length", minLen, maxLen)
	if err != nil {
		return nil, classify(fmt.Errorf("symbol names: %w", err))
	}
	defer rows.Close()
	for rows.Next() {
		var length int
		var names []byte
		if err := rows.Scan(&length, &names); err != nil {
			return nil, classify(fmt.Errorf("symbol names: %w", err))
		}
		out[length] = names
	}
	return out, classify(rows.Err())
}
