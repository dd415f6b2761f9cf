package store

import (
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sort"
	"unicode/utf8"
)

// Hit is a symbol found by a lookup, with the row facts of its file that a caller needs to tell
// whether the file changed since.
type Hit struct {
	Path     string
	Language string
	Stamp
	Symbol
}

// LookupFilter narrows a lookup. Empty fields do not filter.
type LookupFilter struct {
	Kind     string // a kind name, exact
	Language string // a language name, any case
	PathGlob string // SQLite GLOB on the path: "net/*" matches everything under net/
}

// KindRank ranks hits within one lookup: types and functions first, then constants and
// variables, then members and the rest, landmarks last. Hits of equal rank come by shorter path
// (in characters), then path, then position.
func KindRank(k Kind) int {
	switch k {
	case KindClass, KindStruct, KindInterface, KindTrait, KindEnum, KindType, KindUnion, KindFunction,
		KindMethod, KindConstructor, KindModule, KindNamespace, KindImpl, KindMacro, KindObject, KindTable,
		KindView, KindProcedure, KindMessage, KindService:
		return 0
	case KindConst, KindVar:
		return 1
	case KindLandmark:
		return 3
	}
	return 2
}

// SymbolsNamed returns the symbols whose name equals name, ignoring ASCII case, best ranked first.
func (s *Store) SymbolsNamed(ctx context.Context, name string, f LookupFilter, limit int) ([]Hit, error) {
	key := foldString(name)
	return s.lookup(ctx, "n.name = ?", []any{name}, func(b []byte) bool { return string(foldASCII(b)) == key }, f, limit)
}

// SymbolsWithPrefix returns the symbols whose name starts with prefix, ignoring ASCII case.
func (s *Store) SymbolsWithPrefix(ctx context.Context, prefix string, f LookupFilter, limit int) ([]Hit, error) {
	// A range on the names' NOCASE key; the upper bound is the prefix followed by the highest
	// code point, so every continuation falls inside.
	lo, hi := foldString(prefix), foldString(prefix+"\U0010FFFF")
	return s.lookup(ctx, "n.name >= ? AND n.name < ?", []any{prefix, prefix + "\U0010FFFF"}, func(b []byte) bool {
		k := string(foldASCII(b))
		return k >= lo && k < hi
	}, f, limit)
}

// SymbolNames returns every distinct symbol name, one spelling per name that differs only in
// ASCII case, in ASCII-case-folded order. Lookups that need only some lengths read NameBuckets.
func (s *Store) SymbolNames(ctx context.Context) ([]string, error) {
	buckets, err := s.NameBuckets(ctx, 0, math.MaxInt32)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, b := range buckets {
		for _, n := range bytes.Split(b, []byte{'\n'}) {
			names = append(names, string(n))
		}
	}
	sort.Slice(names, func(i, j int) bool { return foldString(names[i]) < foldString(names[j]) })
	return names, nil
}

// lookup finds the files whose postings hold a name matching where (on the names table n), reads
// their packed symbols and keeps those whose name match accepts, filtered by f, best ranked first.
func (s *Store) lookup(ctx context.Context, where string, args []any, match func([]byte) bool, f LookupFilter, limit int) ([]Hit, error) {
	q := "SELECT DISTINCT f.id, f.path, f.language, f.size, f.mtime_ns, f.ctime_ns, f.inode, f.symbols FROM names n " +
		"JOIN postings p ON p.name_id = n.id JOIN files f ON f.id = p.file_id WHERE " + where
	if f.Language != "" {
		q += " AND f.language = ? COLLATE NOCASE"
		args = append(args, f.Language)
	}
	if f.PathGlob != "" {
		q += " AND f.path GLOB ?"
		args = append(args, f.PathGlob)
	}
	q += " ORDER BY f.id"
	rows, err := s.read.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, classify(fmt.Errorf("lookup: %w", err))
	}
	defer rows.Close()
	type ranked struct {
		Hit
		rank, pathLen, ord int
	}
	var hits []ranked
	for rows.Next() {
		var h Hit
		var id int64
		var packed []byte
		if err := rows.Scan(&id, &h.Path, &h.Language, &h.Size, &h.ModTimeNS, &h.CTimeNS, &h.Inode, &packed); err != nil {
			return nil, classify(fmt.Errorf("lookup: %w", err))
		}
		syms, ords, _, err := unpackSymbols(packed, match)
		if err != nil {
			return nil, fmt.Errorf("lookup %s: %w: %w", h.Path, ErrCorrupt, err)
		}
		pathLen := utf8.RuneCountInString(h.Path)
		for i, sym := range syms {
			if f.Kind != "" && sym.Kind.String() != f.Kind {
				continue
			}
			h.Symbol = sym
			hits = append(hits, ranked{Hit: h, rank: KindRank(sym.Kind), pathLen: pathLen, ord: ords[i]})
		}
	}
	if err := rows.Err(); err != nil {
		return nil, classify(fmt.Errorf("lookup: %w", err))
	}
	sort.Slice(hits, func(i, j int) bool {
		a, b := &hits[i], &hits[j]
		switch {
		case a.rank != b.rank:
			return a.rank < b.rank
		case a.pathLen != b.pathLen:
			return a.pathLen < b.pathLen
		case a.Path != b.Path:
			return a.Path < b.Path
		case a.StartLine != b.StartLine:
			return a.StartLine < b.StartLine
		}
		return a.ord < b.ord
	})
	if limit > 0 && len(hits) > limit {
		hits = hits[:limit]
	}
	out := make([]Hit, len(hits))
	for i := range hits {
		out[i] = hits[i].Hit
	}
	return out, nil
}

// sampleBlocks is how many ranges of file ids a bounded FilesMaybeUsing reads the filters of,
// one after another, until enough files passed.
const sampleBlocks = 64

// filesPassing returns, in id order, the ids of the files whose filter passes mayUse. With
// atMost > 0 it reads the filters a range of ids at a time, the ranges taken in an order that
// spreads the ones read over the whole store (the first, the middle, the quarters, ...: bit
// reversed), and stops once more than atMost passed: a name used by thousands of the kernel's
// files is sampled from a part of its 61,456 filters, which took 160 ms to read whole.
func (s *Store) filesPassing(ctx context.Context, mayUse func(filter []byte) bool, atMost int) ([]any, error) {
	if atMost <= 0 {
		return s.filtersPassing(ctx, mayUse, "SELECT file_id, filter FROM use_filters")
	}
	var last sql.NullInt64
	if err := s.read.QueryRowContext(ctx, "SELECT max(file_id) FROM use_filters").Scan(&last); err != nil || !last.Valid {
		return nil, err
	}
	span := last.Int64 + 1
	var ids []any
	for i := range sampleBlocks {
		b := int64(bits.Reverse8(uint8(i)) >> 2) // 0, 32, 16, 48, 8, ... of 64
		from, to := b*span/sampleBlocks, (b+1)*span/sampleBlocks
		passed, err := s.filtersPassing(ctx, mayUse, "SELECT file_id, filter FROM use_filters WHERE file_id >= ? AND file_id < ?", from, to)
		if err != nil {
			return nil, err
		}
		ids = append(ids, passed...)
		if len(ids) > atMost {
			break
		}
	}
	slices.SortFunc(ids, func(a, b any) int { return cmp.Compare(a.(int64), b.(int64)) })
	return ids, nil
}

// filtersPassing returns the ids of the rows of query (file_id, filter) whose filter passes
// mayUse.
func (s *Store) filtersPassing(ctx context.Context, mayUse func(filter []byte) bool, query string, args ...any) ([]any, error) {
	rows, err := s.read.QueryContext(context.WithoutCancel(ctx), query, args...)
	if err != nil {
		return nil, err
	}
	var ids []any
	for i := 1; rows.Next(); i++ {
		if err := interruptedAt(ctx, i); err != nil {
			rows.Close()
			return nil, err
		}
		var id int64
		var filter sql.RawBytes
		if err := rows.Scan(&id, &filter); err != nil {
			rows.Close()
			return nil, err
		}
		if mayUse(filter) {
			ids = append(ids, id)
		}
	}
	err = rows.Err()
	if closeErr := rows.Close(); err == nil {
		err = closeErr
	}
	return ids, err
}

// FilesMaybeUsing returns, sorted, the paths of the files whose use filter passes mayUse: every
// file that uses a name, and about one in a hundred of those that do not (the caller reads them
// to tell); with atMost > 0, no more than atMost of them, spread evenly over the store's files.
// It reads the filters only, not the rows' symbols.
func (s *Store) FilesMaybeUsing(ctx context.Context, mayUse func(filter []byte) bool, atMost int) ([]string, error) {
	// The filters alone first, then the paths of the few files that pass: joining every row to
	// its path cost as much as reading the filters.
	ids, err := s.filesPassing(ctx, mayUse, atMost)
	if err != nil {
		return nil, classify(fmt.Errorf("files using a name: %w", err))
	}
	if atMost > 0 && len(ids) > atMost {
		sample := make([]any, atMost)
		for i := range sample {
			sample[i] = ids[i*len(ids)/atMost]
		}
		ids = sample
	}
	var paths []string
	err = s.eachRowIn(ctx, "SELECT path FROM files WHERE id IN (%s)", ids, func(rows *sql.Rows) error {
		var path string
		err := rows.Scan(&path)
		paths = append(paths, path)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("files using a name: %w", err)
	}
	slices.Sort(paths)
	return paths, nil
}
