package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
)

// The substring tier of `sym` looks for the names that contain a query. The names' listing
// (names.go) is indexed by trigram: the names holding all of a query's trigrams are the only ones
// that can contain it, and only the slices holding them are read, in the listing's order, which
// is the order the tier answers in (length, then NOCASE order): the first names found are the
// answer. A trigram's postings are the slices that hold it, not the names: postings by name would
// cost as much as the names themselves.

const (
	// gramSlice is how many names a row of name_gram_names holds.
	gramSlice = 1024
	// listedChangesLimit is how many names may be added or removed after the listing was written
	// before the next index run writes it again.
	listedChangesLimit = 4096
	// metaListingBuilt is "1" once the names' listing and its trigram index were written; with the
	// names listed beside them they hold every name, unless a bulk load is under way.
	metaListingBuilt = "listing_built"
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

// writeListing writes, in tx, the names' listing from buckets (the names by length) and its
// trigram index, and empties the lists of names changed since.
func writeListing(ctx context.Context, tx *sql.Tx, buckets map[int][]byte) error {
	for _, table := range []string{"name_gram_names", "name_grams", "name_grams_added", "name_grams_removed"} {
		if _, err := tx.ExecContext(ctx, "DELETE FROM "+table); err != nil {
			return err
		}
	}
	insertSlice, err := tx.PrepareContext(ctx, "INSERT INTO name_gram_names (slice, min_length, max_length, names) VALUES (?, ?, ?, ?)")
	if err != nil {
		return err
	}
	defer insertSlice.Close()
	lengths := slices.Sorted(maps.Keys(buckets))
	postings := newSliceLists()
	var slice []byte
	minLength, maxLength := 0, 0
	ordinal := uint32(0)
	flush := func() error {
		if len(slice) == 0 {
			return nil
		}
		_, err := insertSlice.ExecContext(ctx, (ordinal-1)/gramSlice, minLength, maxLength, slice)
		slice = slice[:0]
		return err
	}
	for _, length := range lengths {
		for name := range bytes.SplitSeq(buckets[length], []byte{'\n'}) {
			if len(slice) == 0 {
				minLength = len(name)
			} else {
				slice = append(slice, '\n')
			}
			slice = append(slice, name...)
			maxLength = len(name)
			folded := foldASCII(name)
			k := ordinal / gramSlice
			for i := 0; i+3 <= len(folded); i++ {
				postings.add(uint32(folded[i])<<16|uint32(folded[i+1])<<8|uint32(folded[i+2]), k)
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
	// In the order of their rowids: in the map's order, one row a statement, they were a quarter
	// of the listing's writing on Linux's UAPI headers (12,890 trigrams).
	grams := slices.Sorted(maps.Keys(postings.lists))
	rows := make([]any, 0, 2*len(grams))
	for _, g := range grams {
		rows = append(rows, g, postings.lists[g])
	}
	if err := insertRows(ctx, tx, "INSERT INTO name_grams (gram, slices) VALUES ", 2, rows); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, "INSERT INTO meta (key, value) VALUES (?, '1') ON CONFLICT (key) DO UPDATE SET value = excluded.value", metaListingBuilt)
	return err
}

// sliceLists gathers, while the index is built, the slices holding each trigram, each once, as
// name_grams stores them: the differences between successive slices (the first from 0) as
// uvarints. Slices come in increasing order, so a list is packed as it grows: the kernel's 34
// million postings took about 200 MB as []uint32, a byte or two each packed. Most trigrams are
// of ASCII bytes: for those, the last slice added is kept in an array, so that the 130 million
// trigrams of the kernel's names cost a map access only once per slice.
type sliceLists struct {
	lastASCII []uint32          // by trigram of bytes below 0x80: the last slice added, plus 1
	lastOther map[uint32]uint32 // the same for the other trigrams
	lists     map[uint32][]byte
}

func newSliceLists() *sliceLists {
	return &sliceLists{lastASCII: make([]uint32, 1<<21), lastOther: map[uint32]uint32{}, lists: map[uint32][]byte{}}
}

// add records that slice k holds trigram g.
func (s *sliceLists) add(g, k uint32) {
	if g&0x808080 == 0 {
		i := g>>16<<14 | g>>8&0x7f<<7 | g&0x7f
		s.lastASCII[i] = s.appendSlice(g, s.lastASCII[i], k)
		return
	}
	s.lastOther[g] = s.appendSlice(g, s.lastOther[g], k)
}

// appendSlice adds slice k to the list of trigram g, whose last slice plus 1 is last (0 while
// the list is empty), unless k is that slice; it returns the list's new last slice plus 1.
func (s *sliceLists) appendSlice(g, last, k uint32) uint32 {
	if last == k+1 {
		return last
	}
	prev := uint32(0)
	if last > 0 {
		prev = last - 1
	}
	s.lists[g] = binary.AppendUvarint(s.lists[g], uint64(k-prev))
	return k + 1
}

// NamesContaining returns up to n distinct names longer than sub that contain it, ASCII case
// ignored, shortest first and then in NOCASE order. ok is false when the trigram index cannot
// answer: sub is shorter than a trigram or not ASCII, or the listing is not written (a bulk load
// under way); the caller then scans NameBuckets.
func (s *Store) NamesContaining(ctx context.Context, sub string, n int) (names []string, ok bool, err error) {
	if len(sub) < 3 || n <= 0 || !isASCII(sub) || strings.IndexByte(sub, '\n') >= 0 {
		return nil, false, nil
	}
	tx, err := s.read.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, false, classify(fmt.Errorf("names containing %q: %w", sub, err))
	}
	defer tx.Rollback()
	g := &gramLookup{ctx: ctx, tx: tx, folded: foldASCII([]byte(sub)), seen: map[string]bool{}}
	current, _, err := listingState(ctx, tx)
	if err == nil && current {
		g.added, g.removed, err = listedChanges(ctx, tx)
	}
	if err == nil && current {
		for _, name := range g.added { // first: a name respelt since is found in its new spelling
			g.keep(name)
		}
		err = g.fromListing(n)
	}
	if err != nil {
		return nil, false, classify(fmt.Errorf("names containing %q: %w", sub, err))
	}
	if !current {
		return nil, false, nil
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

// gramLookup is one NamesContaining: the folded query, the names changed since the listing was
// written, and the names found.
type gramLookup struct {
	ctx     context.Context
	tx      *sql.Tx
	folded  []byte
	added   [][]byte
	removed map[string]bool // folded
	seen    map[string]bool // folded names found
	found   []string
	buf     []byte // the name keep folds
}

// fromListing adds the first n names of the listing, in its order, that contain the query, were
// not removed since, and were not found already: it reads, in order, the slices that hold all of
// the query's trigrams.
func (g *gramLookup) fromListing(n int) error {
	var lists [][]uint32
	for _, gram := range nameGrams(nil, g.folded) {
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
	taken := 0
	for _, k := range candidates {
		var joined []byte
		if err := g.tx.QueryRowContext(g.ctx, "SELECT names FROM name_gram_names WHERE slice = ?", k).Scan(&joined); err != nil {
			return err
		}
		for name := range bytes.SplitSeq(joined, []byte{'\n'}) {
			if taken >= n {
				return nil
			}
			if g.keep(name) {
				taken++
			}
		}
	}
	return nil
}

// keep adds name, and reports whether it did, when it is longer than the query, contains it, was
// not removed since the listing was written, and was not found already.
func (g *gramLookup) keep(name []byte) bool {
	if len(name) <= len(g.folded) {
		return false
	}
	g.buf = g.buf[:0]
	for _, c := range name { // folded into a buffer of the lookup's: most names are rejected
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		g.buf = append(g.buf, c)
	}
	folded := g.buf
	if !bytes.Contains(folded, g.folded) || g.seen[string(folded)] || g.removed[string(folded)] {
		return false
	}
	g.seen[string(folded)] = true
	g.found = append(g.found, string(name))
	return true
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
