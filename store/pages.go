package store

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
)

// PageIndex is where each page of a file starts under one layout, valid while the file's stat data
// match Stamp.
type PageIndex struct {
	Path      string
	Layout    string
	Stamp     Stamp
	Lines     int
	Offsets   []int64 // byte offset of each page's start
	StartLine []int   // the line each page starts in
}

// PageIndex returns the cached page starts of path under layout when they were computed for a file
// with the given stat data, or ErrNotFound.
func (s *Store) PageIndex(ctx context.Context, path, layout string, stamp Stamp) (*PageIndex, error) {
	pi := &PageIndex{Path: path, Layout: layout}
	var blob []byte
	err := s.read.QueryRowContext(ctx, `SELECT size, mtime_ns, ctime_ns, inode, lines, starts FROM pages
		WHERE path = ? AND layout = ?`, path, layout).
		Scan(&pi.Stamp.Size, &pi.Stamp.ModTimeNS, &pi.Stamp.CTimeNS, &pi.Stamp.Inode, &pi.Lines, &blob)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && pi.Stamp != stamp) {
		return nil, fmt.Errorf("pages of %s: %w", path, ErrNotFound)
	}
	if err != nil {
		return nil, classify(fmt.Errorf("pages of %s: %w", path, err))
	}
	var off int64
	line := 0
	for len(blob) > 0 {
		dOff, n := binary.Uvarint(blob)
		if n <= 0 {
			return nil, fmt.Errorf("pages of %s: %w", path, ErrCorrupt)
		}
		dLine, m := binary.Uvarint(blob[n:])
		if m <= 0 {
			return nil, fmt.Errorf("pages of %s: %w", path, ErrCorrupt)
		}
		blob = blob[n+m:]
		off += int64(dOff)
		line += int(dLine)
		pi.Offsets = append(pi.Offsets, off)
		pi.StartLine = append(pi.StartLine, line)
	}
	return pi, nil
}

// PutPageIndex stores page starts, replacing those of the same path and layout.
func (s *Store) PutPageIndex(ctx context.Context, pi *PageIndex) error {
	if s.readOnly {
		return ErrReadOnly
	}
	blob := make([]byte, 0, len(pi.Offsets)*4)
	var off int64
	line := 0
	for i := range pi.Offsets {
		blob = binary.AppendUvarint(blob, uint64(pi.Offsets[i]-off))
		blob = binary.AppendUvarint(blob, uint64(pi.StartLine[i]-line))
		off, line = pi.Offsets[i], pi.StartLine[i]
	}
	_, err := s.write.ExecContext(ctx, `INSERT INTO pages (path, layout, size, mtime_ns, ctime_ns, inode, lines, starts)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (path, layout) DO UPDATE SET size = excluded.size,
		mtime_ns = excluded.mtime_ns, ctime_ns = excluded.ctime_ns, inode = excluded.inode,
		lines = excluded.lines, starts = excluded.starts`,
		pi.Path, pi.Layout, pi.Stamp.Size, pi.Stamp.ModTimeNS, pi.Stamp.CTimeNS, pi.Stamp.Inode, pi.Lines, blob)
	if err != nil {
		return classify(fmt.Errorf("store pages of %s: %w", pi.Path, err))
	}
	return nil
}
