package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
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

// hitColumns are the columns every lookup returns, in scanHits order.
const hitColumns = `f.path, f.language, f.size, f.mtime_ns, f.ctime_ns, f.inode, s.parent, s.depth, s.kind, s.name,
	s.qualname, s.signature, s.start_line, s.end_line`

// hitOrder ranks hits within one lookup: types and functions first, then constants and variables,
// then members and the rest; then shorter paths; then position.
const hitOrder = ` ORDER BY CASE s.kind
	WHEN 'class' THEN 0 WHEN 'struct' THEN 0 WHEN 'interface' THEN 0 WHEN 'trait' THEN 0
	WHEN 'enum' THEN 0 WHEN 'type' THEN 0 WHEN 'union' THEN 0 WHEN 'function' THEN 0
	WHEN 'method' THEN 0 WHEN 'constructor' THEN 0 WHEN 'module' THEN 0 WHEN 'namespace' THEN 0
	WHEN 'impl' THEN 0 WHEN 'macro' THEN 0 WHEN 'object' THEN 0 WHEN 'table' THEN 0
	WHEN 'view' THEN 0 WHEN 'procedure' THEN 0 WHEN 'message' THEN 0 WHEN 'service' THEN 0
	WHEN 'const' THEN 1 WHEN 'var' THEN 1
	WHEN 'landmark' THEN 3 ELSE 2 END, length(f.path), f.path, s.start_line`

// SymbolsNamed returns the symbols whose name equals name, ignoring case, best ranked first.
func (s *Store) SymbolsNamed(ctx context.Context, name string, f LookupFilter, limit int) ([]Hit, error) {
	return s.lookup(ctx, "s.name = ? COLLATE NOCASE", []any{name}, f, limit)
}

// SymbolsWithPrefix returns the symbols whose name starts with prefix, ignoring case.
func (s *Store) SymbolsWithPrefix(ctx context.Context, prefix string, f LookupFilter, limit int) ([]Hit, error) {
	// A range on the NOCASE name index; the upper bound is the prefix followed by the highest
	// code point, so every continuation falls inside.
	return s.lookup(ctx, "s.name >= ? COLLATE NOCASE AND s.name < ? COLLATE NOCASE",
		[]any{prefix, prefix + "\U0010FFFF"}, f, limit)
}

// SymbolNames returns every distinct symbol name, one spelling per name that differs only in
// ASCII case, for substring and typo-tolerant matching. It reads the name index alone, and as one
// joined value: 170,000 rows scanned one by one through database/sql cost more than the scan. A
// name holding a newline splits in two; its halves then simply find no symbol.
func (s *Store) SymbolNames(ctx context.Context) ([]string, error) {
	var joined sql.NullString
	err := s.read.QueryRowContext(ctx, `SELECT group_concat(name, char(10)) FROM
		(SELECT DISTINCT name COLLATE NOCASE AS name FROM symbols ORDER BY name COLLATE NOCASE)`).Scan(&joined)
	if err != nil {
		return nil, classify(fmt.Errorf("symbol names: %w", err))
	}
	if joined.String == "" {
		return nil, nil
	}
	return strings.Split(joined.String, "\n"), nil
}

func (s *Store) lookup(ctx context.Context, where string, args []any, f LookupFilter, limit int) ([]Hit, error) {
	q := "SELECT " + hitColumns + " FROM symbols s JOIN files f ON f.id = s.file_id WHERE " + where
	if f.Kind != "" {
		q += " AND s.kind = ?"
		args = append(args, f.Kind)
	}
	if f.Language != "" {
		q += " AND f.language = ? COLLATE NOCASE"
		args = append(args, f.Language)
	}
	if f.PathGlob != "" {
		q += " AND f.path GLOB ?"
		args = append(args, f.PathGlob)
	}
	q += hitOrder
	if limit > 0 {
		q += " LIMIT ?"
		args = append(args, limit)
	}
	rows, err := s.read.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, classify(fmt.Errorf("lookup: %w", err))
	}
	defer rows.Close()
	var hits []Hit
	for rows.Next() {
		var h Hit
		var kind string
		if err := rows.Scan(&h.Path, &h.Language, &h.Size, &h.ModTimeNS, &h.CTimeNS, &h.Inode, &h.Parent, &h.Depth, &kind, &h.Name,
			&h.Qualname, &h.Signature, &h.StartLine, &h.EndLine); err != nil {
			return nil, classify(fmt.Errorf("lookup: %w", err))
		}
		h.Kind, _ = ParseKind(kind)
		hits = append(hits, h)
	}
	return hits, classify(rows.Err())
}
