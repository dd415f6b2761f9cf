package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// The substring tier of `sym` looks for the names that contain a query. Scanning every name
// longer than the query cost most of a second on a kernel-sized store (1.5 million names), so the
// names are also indexed by trigram (migrations/0009_name_grams.sql): the names holding all of a
// query's trigrams are the only ones that can contain it, and only their slices are read. The
// index is built at the end of an index run from the name buckets, numbering the names in the
// order the tier answers in (length, then NOCASE order), so the first names found are the answer.
// A trigram's postings are the slices of 1024 names that hold it, not the names: on the kernel
// the names were 4.4 million (140 MB), and postings by name cost as much again.
// Names added later are listed beside it (name_grams_added) and scanned; names removed later stay
// in it and are checked against the names table. When many names have come since, the next run
// builds it again.

const (
	// gramSlice is how many names a row of name_gram_names holds.
	gramSlice = 1024
	// gramsAddedLimit is how many names may be added after a build before the next index run
	// builds the trigram index again.
	gramsAddedLimit = 4096
	// metaGramsBuilt is "1" while the trigram index, with name_grams_added, covers every name.
	metaGramsBuilt = "grams_built"
)

// nameGrams appends to grams the distinct trigrams of folded (a name with ASCII case folded).
func nameGrams(grams []uint32, folded []byte) []uint32 {
	start := len(grams)
	for i := 0; i+3 <= len(folded); i++ {
		grams = append(grams, uint32(folded[i])<<16|uint32(folded[i+1])<<8|uint32(folded[i+2]))
	}
	own := grams[start:]
	slices.Sort(own)
	return grams[:start+len(slices.Compact(own))]
}

// rebuildGrams builds the trigram index, in tx, from the name buckets, read one at a time (they
// are 130 MB on the kernel).
func rebuildGrams(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, "SELECT length FROM name_lengths ORDER BY length")
	if err != nil {
		return err
	}
	var lengths []int
	for rows.Next() {
		var l int
		if err := rows.Scan(&l); err != nil {
			rows.Close()
			return err
		}
		lengths = append(lengths, l)
	}
	if err := rows.Close(); err != nil {
		return err
	}
	for _, table := range []string{"name_gram_names", "name_grams", "name_grams_added"} {
		if _, err := tx.ExecContext(ctx, "DELETE FROM "+table); err != nil {
			return err
		}
	}
	insertSlice, err := tx.PrepareContext(ctx, "INSERT INTO name_gram_names (slice, names) VALUES (?, ?)")
	if err != nil {
		return err
	}
	defer insertSlice.Close()
	postings := map[uint32][]uint32{}
	var slice []byte
	var grams []uint32
	ordinal := uint32(0)
	flush := func() error {
		if len(slice) == 0 {
			return nil
		}
		_, err := insertSlice.ExecContext(ctx, (ordinal-1)/gramSlice, slice)
		slice = slice[:0]
		return err
	}
	for _, length := range lengths {
		var bucket []byte
		if err := tx.QueryRowContext(ctx, "SELECT names FROM name_lengths WHERE length = ?", length).Scan(&bucket); err != nil {
			return err
		}
		for name := range bytes.SplitSeq(bucket, []byte{'\n'}) {
			if len(slice) > 0 {
				slice = append(slice, '\n')
			}
			slice = append(slice, name...)
			grams = nameGrams(grams[:0], foldASCII(name))
			k := ordinal / gramSlice
			for _, g := range grams {
				if p := postings[g]; len(p) == 0 || p[len(p)-1] != k {
					postings[g] = append(p, k)
				}
			}
			ordinal++
			if ordinal%gramSlice == 0 {
				if err := flush(); err != nil {
					return err
				}
			}
		}
	}
	if err := flush(); err != nil {
		return err
	}
	insertGram, err := tx.PrepareContext(ctx, "INSERT INTO name_grams (gram, slices) VALUES (?, ?)")
	if err != nil {
		return err
	}
	defer insertGram.Close()
	var packed []byte
	for g, ks := range postings {
		packed = packed[:0]
		prev := uint32(0)
		for _, k := range ks {
			packed = binary.AppendUvarint(packed, uint64(k-prev))
			prev = k
		}
		if _, err := insertGram.ExecContext(ctx, g, packed); err != nil {
			return err
		}
	}
	_, err = tx.ExecContext(ctx, "INSERT INTO meta (key, value) VALUES (?, '1') ON CONFLICT (key) DO UPDATE SET value = excluded.value", metaGramsBuilt)
	return err
}

// refreshGrams builds the trigram index when it is missing, or when too many names have been
// added since it was built.
func (s *Store) refreshGrams(ctx context.Context) error {
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var built string
	if err := tx.QueryRowContext(ctx, "SELECT value FROM meta WHERE key = ?", metaGramsBuilt).Scan(&built); err != nil && err != sql.ErrNoRows {
		return err
	}
	if built == "1" {
		var added int
		if err := tx.QueryRowContext(ctx, "SELECT count(*) FROM name_grams_added").Scan(&added); err != nil {
			return err
		}
		if added <= gramsAddedLimit {
			return nil
		}
	}
	if err := rebuildGrams(ctx, tx); err != nil {
		return err
	}
	return tx.Commit()
}

// noteAddedNames lists the batch's added names beside the trigram index.
func (w *Writer) noteAddedNames(ctx context.Context) error {
	for _, spelling := range w.added {
		if strings.IndexByte(spelling, '\n') >= 0 {
			continue // never in the buckets either
		}
		if _, err := w.exec(ctx, "INSERT INTO name_grams_added (name) VALUES (?) ON CONFLICT DO NOTHING", spelling); err != nil {
			return err
		}
	}
	return nil
}

// NamesContaining returns up to n distinct names longer than sub that contain it, ASCII case
// ignored, shortest first and then in NOCASE order, spelt as the names table spells them now. ok
// is false when the trigram index cannot answer: sub is shorter than a trigram or not ASCII, or
// the index is not built; the caller then scans the name buckets.
func (s *Store) NamesContaining(ctx context.Context, sub string, n int) (names []string, ok bool, err error) {
	if len(sub) < 3 || n <= 0 || !isASCII(sub) || strings.IndexByte(sub, '\n') >= 0 {
		return nil, false, nil
	}
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, false, classify(fmt.Errorf("names containing %q: %w", sub, err))
	}
	defer tx.Rollback()
	var built string
	if err := tx.QueryRowContext(ctx, "SELECT value FROM meta WHERE key = ?", metaGramsBuilt).Scan(&built); err != nil && err != sql.ErrNoRows {
		return nil, false, classify(fmt.Errorf("names containing %q: %w", sub, err))
	}
	if built != "1" {
		return nil, false, nil
	}
	g := &gramLookup{ctx: ctx, tx: tx, folded: foldASCII([]byte(sub)), seen: map[string]bool{}}
	if err := g.fromIndex(n); err != nil {
		return nil, false, classify(fmt.Errorf("names containing %q: %w", sub, err))
	}
	if err := g.fromAdded(); err != nil {
		return nil, false, classify(fmt.Errorf("names containing %q: %w", sub, err))
	}
	sort.SliceStable(g.found, func(i, j int) bool {
		a, b := g.found[i], g.found[j]
		if len(a) != len(b) {
			return len(a) < len(b)
		}
		return foldString(a) < foldString(b)
	})
	return g.found[:min(n, len(g.found))], true, nil
}

// gramLookup is one NamesContaining: the folded query and the names found.
type gramLookup struct {
	ctx    context.Context
	tx     *sql.Tx
	folded []byte
	seen   map[string]bool // folded names found
	found  []string
}

// fromIndex adds the first n names of the index, in its order, that contain the query and
// still exist: it reads, in order, the slices that hold all of the query's trigrams.
func (g *gramLookup) fromIndex(n int) error {
	grams := nameGrams(nil, g.folded)
	var lists [][]uint32
	for _, gram := range grams {
		var packed []byte
		err := g.tx.QueryRowContext(g.ctx, "SELECT slices FROM name_grams WHERE gram = ?", gram).Scan(&packed)
		if err == sql.ErrNoRows {
			return nil // no name holds this trigram
		}
		if err != nil {
			return err
		}
		lists = append(lists, unpackGaps(packed))
	}
	sort.Slice(lists, func(i, j int) bool { return len(lists[i]) < len(lists[j]) })
	candidates := lists[0]
	for _, l := range lists[1:] {
		candidates = intersectSorted(candidates, l)
	}
	for _, k := range candidates {
		var joined []byte
		if err := g.tx.QueryRowContext(g.ctx, "SELECT names FROM name_gram_names WHERE slice = ?", k).Scan(&joined); err != nil {
			return err
		}
		for name := range bytes.SplitSeq(joined, []byte{'\n'}) {
			if len(g.found) >= n {
				return nil
			}
			if err := g.keep(name); err != nil {
				return err
			}
		}
	}
	return nil
}

// fromAdded adds the names listed since the index was built that contain the query.
func (g *gramLookup) fromAdded() error {
	rows, err := g.tx.QueryContext(g.ctx, "SELECT name FROM name_grams_added")
	if err != nil {
		return err
	}
	var added [][]byte
	for rows.Next() {
		var name []byte
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return err
		}
		added = append(added, name)
	}
	if err := rows.Close(); err != nil {
		return err
	}
	for _, name := range added {
		if err := g.keep(name); err != nil {
			return err
		}
	}
	return nil
}

// keep adds name when it is longer than the query, contains it, was not found yet, and is still
// a name of the store, as the store spells it now.
func (g *gramLookup) keep(name []byte) error {
	folded := foldASCII(name)
	if len(name) <= len(g.folded) || !bytes.Contains(folded, g.folded) || g.seen[string(folded)] {
		return nil
	}
	var spelt string
	err := g.tx.QueryRowContext(g.ctx, "SELECT name FROM names WHERE name = ?", string(name)).Scan(&spelt)
	if err == sql.ErrNoRows {
		return nil // removed since the index was built
	}
	if err != nil {
		return err
	}
	g.seen[string(folded)] = true
	g.found = append(g.found, spelt)
	return nil
}

// unpackGaps decodes a list of ascending numbers stored as uvarint gaps.
func unpackGaps(packed []byte) []uint32 {
	var out []uint32
	prev := uint64(0)
	for len(packed) > 0 {
		gap, n := binary.Uvarint(packed)
		if n <= 0 {
			break
		}
		packed = packed[n:]
		prev += gap
		out = append(out, uint32(prev))
	}
	return out
}

// intersectSorted returns the values both ascending lists hold.
func intersectSorted(a, b []uint32) []uint32 {
	var out []uint32
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	return out
}

// isASCII reports whether s holds ASCII bytes only.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
