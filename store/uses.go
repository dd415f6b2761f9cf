package store

import (
	"context"
	"database/sql"
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
)

// NameHash is the hash under which the store keeps a name a file uses or defines, for the
// repository map: 32-bit FNV-1a of its bytes, case kept. Two names share a hash about once in
// four billion pairs; the map is a ranking, and a rare false link between files only nudges it.
func NameHash(name []byte) uint32 {
	h := uint32(2166136261)
	for _, c := range name {
		h ^= uint32(c)
		h *= 16777619
	}
	return h
}

// SortedHashes sorts hs and drops repeats, in place.
func SortedHashes(hs []uint32) []uint32 {
	if len(hs) < radixFrom {
		slices.Sort(hs)
	} else {
		radixSort(hs)
	}
	return slices.Compact(hs)
}

// radixFrom is the count of hashes from which SortedHashes sorts them by radix: a data file's
// tens of thousands of distinct names took pdqsort a fifth of the file's mapping.
const radixFrom = 512

// radixSort sorts hs by their bytes, the lowest first: four passes, each stable.
func radixSort(hs []uint32) {
	src, dst := hs, make([]uint32, len(hs))
	for shift := 0; shift < 32; shift += 8 {
		var start [256]int
		for _, h := range src {
			start[byte(h>>shift)]++
		}
		at := 0
		for b, n := range start {
			start[b] = at
			at += n
		}
		for _, h := range src {
			b := byte(h >> shift)
			dst[start[b]] = h
			start[b]++
		}
		src, dst = dst, src
	}
	// After an even number of passes the sorted hashes are back in hs.
}

// packHashes encodes sorted distinct hashes as 4 little-endian bytes each; nil for none.
func packHashes(hs []uint32) []byte {
	if len(hs) == 0 {
		return nil
	}
	b := make([]byte, 4*len(hs))
	for i, h := range hs {
		binary.LittleEndian.PutUint32(b[4*i:], h)
	}
	return b
}

// unpackHashes decodes what packHashes encoded (a trailing partial value is ignored).
func unpackHashes(b []byte) []uint32 {
	hs := make([]uint32, len(b)/4)
	for i := range hs {
		hs[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return hs
}

// definedHashes returns the sorted distinct NameHash values of the names syms define for the
// repository map (DefinesForMap).
func definedHashes(syms []Symbol) []uint32 {
	hs := make([]uint32, 0, len(syms))
	for _, s := range syms {
		if DefinesForMap(s) && s.Name != "_" {
			hs = append(hs, NameHash([]byte(s.Name)))
		}
	}
	return SortedHashes(hs)
}

// mapKinds are the kinds of symbol that other files use by name: callables and types.
var mapKinds = map[Kind]bool{
	KindFunction: true, KindMethod: true, KindConstructor: true, KindClass: true, KindStruct: true,
	KindInterface: true, KindTrait: true, KindEnum: true, KindUnion: true, KindType: true,
	KindMacro: true, KindObject: true, KindModule: true, KindProcedure: true, KindMessage: true,
	KindService: true,
}

// DefinesForMap reports whether s is a definition the repository map ranks: a callable or a type
// at any depth, or a constant or variable at the top level. Fields, keys, headings and the like
// are left out: their names (a field "p", a key "name") are every file's local words.
func DefinesForMap(s Symbol) bool {
	return mapKinds[s.Kind] || s.Depth == 0 && (s.Kind == KindConst || s.Kind == KindVar)
}

// NameSet is what the repository map knows of one code file: the names it uses and defines (as
// NameHash values, sorted and distinct) and its imports.
type NameSet struct {
	Path     string
	Language string
	Imports  []string
	Used     []uint32
	Defined  []uint32
}

// EachNameSet calls fn with the name set of every code file (a file whose language has
// identifiers), in path order, and stops at the first error fn returns. It reads the sets only,
// not the rows' symbols.
func (s *Store) EachNameSet(ctx context.Context, fn func(NameSet) error) error {
	rows, err := s.read.QueryContext(ctx, `SELECT f.path, f.language, u.imports, u.used, u.defined
		FROM file_uses u JOIN files f ON f.id = u.file_id ORDER BY f.path`)
	if err != nil {
		return classify(fmt.Errorf("name sets: %w", err))
	}
	defer rows.Close()
	for rows.Next() {
		set, err := scanNameSet(rows)
		if err != nil {
			return classify(fmt.Errorf("name sets: %w", err))
		}
		if err := fn(set); err != nil {
			return err
		}
	}
	return classify(rows.Err())
}

// scanNameSet reads a name set from a row of path, language, imports, used and defined.
func scanNameSet(rows *sql.Rows) (NameSet, error) {
	var set NameSet
	var imports string
	var used, defined sql.RawBytes
	if err := rows.Scan(&set.Path, &set.Language, &imports, &used, &defined); err != nil {
		return set, err
	}
	if imports != "" {
		set.Imports = strings.Split(imports, "\n")
	}
	set.Used, set.Defined = unpackHashes(used), unpackHashes(defined)
	return set, nil
}

// NameSetsOf returns the name sets of the code files among paths, in path order, as EachNameSet
// gives them.
func (s *Store) NameSetsOf(ctx context.Context, paths []string) ([]NameSet, error) {
	var sets []NameSet
	err := s.eachRowIn(ctx, `SELECT f.path, f.language, u.imports, u.used, u.defined
		FROM file_uses u JOIN files f ON f.id = u.file_id WHERE f.path IN (%s)`, anySlice(paths),
		func(rows *sql.Rows) error {
			set, err := scanNameSet(rows)
			sets = append(sets, set)
			return err
		})
	if err != nil {
		return nil, fmt.Errorf("name sets: %w", err)
	}
	slices.SortFunc(sets, func(a, b NameSet) int { return strings.Compare(a.Path, b.Path) })
	return sets, nil
}

// DefinedNames counts the names the name sets define (a name in a file), as the repository map
// ranks them.
func (s *Store) DefinedNames(ctx context.Context) (int, error) {
	var n int
	err := s.read.QueryRowContext(ctx, "SELECT coalesce(sum(length(defined)), 0) / 4 FROM file_uses").Scan(&n)
	if err != nil {
		return 0, classify(fmt.Errorf("defined names: %w", err))
	}
	return n, nil
}

// NameSetTotals counts the name sets the store keeps and the names they use and define (a
// name in a file each), for a caller that ranks sets it holds in memory to check that they are
// the store's.
func (s *Store) NameSetTotals(ctx context.Context) (sets, used, defined int, err error) {
	err = s.read.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(length(used)), 0) / 4,
		coalesce(sum(length(defined)), 0) / 4 FROM file_uses`).Scan(&sets, &used, &defined)
	if err != nil {
		return 0, 0, 0, classify(fmt.Errorf("name set totals: %w", err))
	}
	return sets, used, defined, nil
}
