package query

import (
	"context"
	"io"
	"path/filepath"

	"github.com/readmap/readmap/store"
)

// pageCacheMin is the size from which page starts are kept in the store: below it, cutting the
// file into pages again costs less than a millisecond or so.
const pageCacheMin = 4 << 20

// PagesFor returns the page starts and line count of a file under layout, from the store's cache
// when it holds them for this size and the row's stat data, otherwise computed and, for large
// files, cached. st
// may be nil (no store), and caching is best effort: a read never fails for it.
func PagesFor(ctx context.Context, st *store.Store, f *store.File, r io.ReaderAt, size int64, l Layout) ([]PageStart, int, error) {
	l = l.normalized()
	// A file outside the root (an absolute path) is never stored, its pages included.
	cacheable := st != nil && size >= pageCacheMin && !filepath.IsAbs(f.Path)
	stamp := f.Stamp()
	stamp.Size = size
	if cacheable {
		if pi, err := st.PageIndex(ctx, f.Path, l.Key(), stamp); err == nil {
			pages := make([]PageStart, len(pi.Offsets))
			for i := range pages {
				pages[i] = PageStart{Offset: pi.Offsets[i], Line: pi.StartLine[i]}
			}
			return pages, pi.Lines, nil
		}
	}
	pages, lines, err := Paginate(ctx, r, size, l)
	if err != nil {
		return nil, 0, err
	}
	if cacheable {
		pi := &store.PageIndex{Path: f.Path, Layout: l.Key(), Stamp: stamp, Lines: lines,
			Offsets: make([]int64, len(pages)), StartLine: make([]int, len(pages))}
		for i, p := range pages {
			pi.Offsets[i], pi.StartLine[i] = p.Offset, p.Line
		}
		_ = st.PutPageIndex(ctx, pi) // a read-only store still answers
	}
	return pages, lines, nil
}
