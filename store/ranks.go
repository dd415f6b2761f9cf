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
)

// Meta keys of the stored ranking.
const (
	// metaUsesGen is bumped by every commit that writes or drops a name set.
	metaUsesGen = "uses_gen"
	// metaRanksGen is the uses generation the stored ranking was computed from.
	metaRanksGen = "ranks_gen"
	// metaRankedNames is the number of names the stored ranking ranks, and metaRankedFiles the
	// number of files.
	metaRankedNames = "ranked_names"
	metaRankedFiles = "ranked_files"
	// metaRanksRules is the version of the rules the stored ranking was computed by (absent: 0).
	metaRanksRules = "ranks_rules"
)

// bumpUsesGen is the statement a commit that changed name sets runs.
const bumpUsesGen = `INSERT INTO meta (key, value) VALUES ('` + metaUsesGen + `', '1')
	ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1`

// FileRanks is what a ranking of the repository's definitions says of one code file.
type FileRanks struct {
	Path  string
	Rank  float64      // the file's PageRank
	Names []RankedName // one per name of the file's NameSet.Defined, in its order
}

// RankedName is one name a file defines, with its rank.
type RankedName struct {
	Name  uint32 // NameHash of the name
	Users int32  // files that use the name and mean this file's definition
	// Rank is kept at float32 precision: a ranking read back orders as the one computed only
	// when the latter is rounded alike.
	Rank float64
}

// RankState says how the stored ranking stands.
type RankState struct {
	// Uses is the uses generation, bumped by every commit that changes a name set; Ranks is the
	// one the stored ranking was computed from, -1 when none was stored.
	Uses, Ranks int64
	Rules       int // the version of the rules the stored ranking was computed by, 0 if unsaid
	Names       int // the names the stored ranking ranks
	Files       int // the files it ranks
}

// Fresh reports whether the stored ranking was computed from the name sets as they are, by the
// rules of version rules.
func (r RankState) Fresh(rules int) bool { return r.Uses == r.Ranks && r.Rules == rules }

// RankState reads how the stored ranking stands.
func (s *Store) RankState(ctx context.Context) (RankState, error) {
	var u, r, n, f, v sql.NullString
	err := s.read.QueryRowContext(ctx, `SELECT (SELECT value FROM meta WHERE key = ?), (SELECT value FROM meta WHERE key = ?),
		(SELECT value FROM meta WHERE key = ?), (SELECT value FROM meta WHERE key = ?), (SELECT value FROM meta WHERE key = ?)`,
		metaUsesGen, metaRanksGen, metaRankedNames, metaRankedFiles, metaRanksRules).Scan(&u, &r, &n, &f, &v)
	if err != nil {
		return RankState{}, classify(fmt.Errorf("rank state: %w", err))
	}
	state := RankState{Ranks: -1}
	if u.Valid {
		state.Uses, _ = strconv.ParseInt(u.String, 10, 64)
	}
	if r.Valid {
		state.Ranks, _ = strconv.ParseInt(r.String, 10, 64)
	}
	if n.Valid {
		state.Names, _ = strconv.Atoi(n.String)
	}
	if f.Valid {
		state.Files, _ = strconv.Atoi(f.String)
	}
	if v.Valid {
		state.Rules, _ = strconv.Atoi(v.String)
	}
	return state, nil
}

// TopRank is one of the best definitions of a ranking, with the rank of its file.
type TopRank struct {
	Path     string
	FileRank float64
	RankedName
}

// SaveRanks replaces the stored ranking with files and top (its best definitions, best first),
// computed by the rules of version rules from the name sets of uses generation gen (each file's Names in the order of its NameSet.Defined: the store keeps the
// ranks beside those names, not the names again). When a commit has changed the name sets since, the ranking is stale already
// and nothing is written. A read-only store returns ErrReadOnly.
func (s *Store) SaveRanks(ctx context.Context, gen int64, rules int, files []FileRanks, top []TopRank) (err error) {
	if s.readOnly {
		return ErrReadOnly
	}
	tx, err := s.write.BeginTx(ctx, nil)
	if err != nil {
		return classify(fmt.Errorf("save ranks: %w", err))
	}
	defer func() {
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	var now sql.NullString
	if err := tx.QueryRowContext(ctx, "SELECT value FROM meta WHERE key = ?", metaUsesGen).Scan(&now); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return classify(fmt.Errorf("save ranks: %w", err))
	}
	if n, _ := strconv.ParseInt(now.String, 10, 64); n != gen {
		return tx.Rollback()
	}
	for _, table := range []string{"file_ranks", "rank_top"} {
		if _, err := tx.ExecContext(ctx, "DELETE FROM "+table); err != nil {
			return classify(fmt.Errorf("save ranks: %w", err))
		}
	}
	index := pathIndex(files)
	ids, err := fileIDs(ctx, tx, index, len(files))
	if err != nil {
		return classify(fmt.Errorf("save ranks: %w", err))
	}
	// Rows of files no longer stored (removed since the ranking was computed) are left out.
	rows := make([]any, 0, 3*len(files))
	packed := make([]byte, 0, packedRanksSize(files)) // every row's names, one after another
	names := 0
	for i, f := range files {
		names += len(f.Names)
		if ids[i] != 0 {
			start := len(packed)
			packed = packRanks(packed, f.Names)
			rows = append(rows, ids[i], f.Rank, packed[start:len(packed):len(packed)])
		}
	}
	if err := insertRows(ctx, tx, "INSERT INTO file_ranks (file_id, rank, names) VALUES ", 3, rows); err != nil {
		return classify(fmt.Errorf("save ranks: %w", err))
	}
	if err := insertRows(ctx, tx, "INSERT INTO rank_top (file_id, entries) VALUES ", 2, topRows(top, files, index, ids)); err != nil {
		return classify(fmt.Errorf("save ranks: %w", err))
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO meta (key, value) VALUES (?, ?), (?, ?), (?, ?), (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
		metaRanksGen, strconv.FormatInt(gen, 10), metaRankedNames, strconv.Itoa(names), metaRankedFiles, strconv.Itoa(len(files)),
		metaRanksRules, strconv.Itoa(rules)); err != nil {
		return classify(fmt.Errorf("save ranks: %w", err))
	}
	return classify(tx.Commit())
}

// pathIndex returns the position of each of files by its path.
func pathIndex(files []FileRanks) map[string]int {
	index := make(map[string]int, len(files))
	for i, f := range files {
		index[f.Path] = i
	}
	return index
}

// fileIDs returns the id of the row of each of n files (index gives their positions by path), 0
// for a file the store no longer holds. The store's paths and ids come as one value: row by row
// through database/sql, reading them was a fifth of saving a small tree's ranking.
func fileIDs(ctx context.Context, tx *sql.Tx, index map[string]int, n int) ([]int64, error) {
	var all sql.NullString // "id NUL path NUL id NUL path ..."; no path holds a NUL
	if err := tx.QueryRowContext(ctx, "SELECT group_concat(id || char(0) || path, char(0)) FROM files").Scan(&all); err != nil {
		return nil, err
	}
	ids := make([]int64, n)
	for rest := all.String; rest != ""; {
		id, after, _ := strings.Cut(rest, "\x00")
		path, next, _ := strings.Cut(after, "\x00")
		rest = next
		if i, ok := index[path]; ok {
			n, err := strconv.ParseInt(id, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("file id %q of %s: %w", id, path, ErrCorrupt)
			}
			ids[i] = n
		}
	}
	return ids, nil
}

// rowsPerInsert is how many rows one multi-row insert of insertRows carries.
const rowsPerInsert = 100

// insertRows runs head ("INSERT INTO t (a, b) VALUES ") over values, rows of width columns one
// after another, rowsPerInsert rows a statement, the statement of a full one prepared once: one
// statement a row made saving a ranking of a few hundred files take 20 ms, most of a small tree's
// index after its mapping, and preparing each statement again was a third of what was left.
func insertRows(ctx context.Context, tx *sql.Tx, head string, width int, values []any) error {
	row := "(" + strings.TrimSuffix(strings.Repeat("?,", width), ",") + ")"
	var full *sql.Stmt
	defer func() {
		if full != nil {
			full.Close()
		}
	}()
	for len(values) > 0 {
		n := min(rowsPerInsert, len(values)/width)
		if n < rowsPerInsert { // the last, once
			_, err := tx.ExecContext(ctx, head+placeholders(n, row), values[:n*width]...)
			return err
		}
		if full == nil {
			var err error
			if full, err = tx.PrepareContext(ctx, head+placeholders(n, row)); err != nil {
				return err
			}
		}
		if _, err := full.ExecContext(ctx, values[:n*width]...); err != nil {
			return err
		}
		values = values[n*width:]
	}
	return nil
}

// topRows returns the rows of rank_top for top, the best definitions best first: one row (file
// id, entries) per stored file of theirs, its entries packed as the table's migration says. ids
// are those of files, index their positions by path (pathIndex); definitions of files not
// stored (id 0) are left out. The entries are packed in one buffer: grown file by file, they were
// half of the work.
func topRows(top []TopRank, files []FileRanks, index map[string]int, ids []int64) []any {
	fileOf := make([]int, len(top)) // -1: not stored
	size := make([]int, len(files)) // bytes of each file's entries
	total := 0                      // bytes of them all
	var order []int                 // files in the order of their best definition
	last := -1                      // the file of the entry before: a file's definitions often come in a row
	for i, t := range top {
		f := last
		if f < 0 || files[f].Path != t.Path {
			var ok bool
			if f, ok = index[t.Path]; !ok || ids[f] == 0 {
				f = -1
			}
		}
		last, fileOf[i] = f, f
		if f < 0 {
			continue
		}
		if size[f] == 0 {
			order = append(order, f)
		}
		n := uvarintLen(uint64(i)) + 4 + uvarintLen(uint64(t.Users)) + 8
		size[f] += n
		total += n
	}
	entries := make([][]byte, len(files))
	buf, at := make([]byte, total), 0
	for _, f := range order { // each file's entries fill their part of buf exactly
		entries[f] = buf[at : at : at+size[f]]
		at += size[f]
	}
	for i, t := range top {
		f := fileOf[i]
		if f < 0 {
			continue
		}
		b := binary.AppendUvarint(entries[f], uint64(i))
		b = binary.LittleEndian.AppendUint32(b, t.Name)
		b = binary.AppendUvarint(b, uint64(t.Users))
		entries[f] = binary.LittleEndian.AppendUint64(b, math.Float64bits(t.Rank))
	}
	rows := make([]any, 0, 2*len(order))
	for _, f := range order {
		rows = append(rows, ids[f], entries[f])
	}
	return rows
}

// uvarintLen is the length of v as binary.AppendUvarint writes it.
func uvarintLen(v uint64) int {
	n := 1
	for ; v >= 0x80; v >>= 7 {
		n++
	}
	return n
}

// TopRanks returns the best definitions of the stored ranking, best first.
func (s *Store) TopRanks(ctx context.Context) ([]TopRank, error) {
	rows, err := s.read.QueryContext(ctx, `SELECT f.path, r.rank, t.entries FROM rank_top t
		JOIN files f ON f.id = t.file_id JOIN file_ranks r ON r.file_id = t.file_id`)
	if err != nil {
		return nil, classify(fmt.Errorf("top ranks: %w", err))
	}
	defer rows.Close()
	type positioned struct {
		position uint64
		TopRank
	}
	var top []positioned
	for rows.Next() {
		var path string
		var fileRank float64
		var entries sql.RawBytes
		if err := rows.Scan(&path, &fileRank, &entries); err != nil {
			return nil, classify(fmt.Errorf("top ranks: %w", err))
		}
		for len(entries) > 0 {
			position, n := binary.Uvarint(entries)
			if n <= 0 || len(entries) < n+4 {
				return nil, fmt.Errorf("top ranks of %s: %w", path, ErrCorrupt)
			}
			name := binary.LittleEndian.Uint32(entries[n:])
			entries = entries[n+4:]
			users, n := binary.Uvarint(entries)
			if n <= 0 || len(entries) < n+8 {
				return nil, fmt.Errorf("top ranks of %s: %w", path, ErrCorrupt)
			}
			rank := math.Float64frombits(binary.LittleEndian.Uint64(entries[n:]))
			entries = entries[n+8:]
			top = append(top, positioned{position, TopRank{Path: path, FileRank: fileRank,
				RankedName: RankedName{Name: name, Users: int32(users), Rank: rank}}})
		}
	}
	if err := rows.Err(); err != nil {
		return nil, classify(fmt.Errorf("top ranks: %w", err))
	}
	slices.SortFunc(top, func(a, b positioned) int { return cmp.Compare(a.position, b.position) })
	out := make([]TopRank, len(top))
	for i, t := range top {
		out[i] = t.TopRank
	}
	return out, nil
}

// EachFileRanks calls fn with the stored ranking of every file, in path order, and stops at the
// first error fn returns. The Names given to fn are valid until it returns.
func (s *Store) EachFileRanks(ctx context.Context, fn func(FileRanks) error) error {
	rows, err := s.read.QueryContext(ctx, `SELECT f.path, r.rank, u.defined, r.names FROM file_ranks r
		JOIN files f ON f.id = r.file_id JOIN file_uses u ON u.file_id = r.file_id ORDER BY f.path`)
	if err != nil {
		return classify(fmt.Errorf("ranks: %w", err))
	}
	defer rows.Close()
	var buf []RankedName
	for rows.Next() {
		var f FileRanks
		var defined, ranks sql.RawBytes
		if err := rows.Scan(&f.Path, &f.Rank, &defined, &ranks); err != nil {
			return classify(fmt.Errorf("ranks: %w", err))
		}
		var ok bool
		if buf, ok = unpackRankedNames(buf[:0], defined, ranks); !ok {
			return fmt.Errorf("ranks of %s: %w: %d names, ranks of another number", f.Path, ErrCorrupt, len(defined)/4)
		}
		f.Names = buf
		if err := fn(f); err != nil {
			return err
		}
	}
	return classify(rows.Err())
}

// NameRanks returns, for each of paths that the stored ranking holds and whose file defines the
// name hashed h, that definition's rank. The ranking may be stale (RankState tells): it
// orders, it does not find; a file whose names changed in number since is left out.
func (s *Store) NameRanks(ctx context.Context, h uint32, paths []string) (map[string]RankedName, error) {
	out := map[string]RankedName{}
	var buf []RankedName
	err := s.eachRowIn(ctx, `SELECT f.path, u.defined, r.names FROM file_ranks r
		JOIN files f ON f.id = r.file_id JOIN file_uses u ON u.file_id = r.file_id WHERE f.path IN (%s)`, anySlice(paths),
		func(rows *sql.Rows) error {
			var path string
			var defined, ranks sql.RawBytes
			if err := rows.Scan(&path, &defined, &ranks); err != nil {
				return err
			}
			names, ok := unpackRankedNames(buf[:0], defined, ranks)
			buf = names
			if i, found := slices.BinarySearchFunc(names, h, func(n RankedName, h uint32) int { return cmp.Compare(n.Name, h) }); ok && found {
				out[path] = names[i]
			}
			return nil
		})
	if err != nil {
		return nil, fmt.Errorf("ranks: %w", err)
	}
	return out, nil
}

// packRanks appends to b the ranks of names as file_ranks.names keeps them: each name's rank as
// a little-endian float32, then each one's users as a uvarint. The names themselves are those of
// file_uses.defined, in its order.
func packRanks(b []byte, names []RankedName) []byte {
	for _, n := range names {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(float32(n.Rank)))
	}
	for _, n := range names {
		b = binary.AppendUvarint(b, uint64(n.Users))
	}
	return b
}

// packedRanksSize bounds what packRanks makes of every file's names: 4 bytes a rank, at most 5 a
// count of users.
func packedRanksSize(files []FileRanks) int {
	n := 0
	for _, f := range files {
		n += 9 * len(f.Names)
	}
	return n
}

// unpackRankedNames appends to names the names of defined (packed hashes) with the ranks that
// packRanks encoded in ranks; ok is false when the two do not hold the same number of names.
func unpackRankedNames(names []RankedName, defined, ranks []byte) (_ []RankedName, ok bool) {
	n := len(defined) / 4
	if len(ranks) < 4*n {
		return names, false
	}
	users := ranks[4*n:]
	for i := range n {
		u, size := binary.Uvarint(users)
		if size <= 0 {
			return names, false
		}
		users = users[size:]
		names = append(names, RankedName{Name: binary.LittleEndian.Uint32(defined[4*i:]), Users: int32(u),
			Rank: float64(math.Float32frombits(binary.LittleEndian.Uint32(ranks[4*i:])))})
	}
	return names, len(users) == 0
}
