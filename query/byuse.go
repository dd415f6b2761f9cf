package query

import (
	"cmp"
	"context"
	"slices"

	"github.com/readmap/readmap/store"
)

// orderByUse puts, among hits of one kind rank (store.KindRank: hits come sorted by it), the
// definitions that more files use first, by the ranking the store keeps: `sym kmalloc` lists the
// header the kernel includes before a test shim of the same name. The kept ranking may predate
// the last changes (`readmap index` ranks again after large ones, the repository map after any):
// it orders the hits, which are always the store's current rows. Hits the ranking does not know
// keep their order after those it ranks.
func orderByUse(ctx context.Context, st *store.Store, hits []store.Hit) ([]store.Hit, error) {
	if len(hits) < 2 {
		return hits, nil
	}
	pathsByName := map[uint32][]string{}
	for _, h := range hits {
		if store.DefinesForMap(h.Symbol) {
			k := store.NameHash([]byte(h.Name))
			if !slices.Contains(pathsByName[k], h.Path) {
				pathsByName[k] = append(pathsByName[k], h.Path)
			}
		}
	}
	type key struct {
		name uint32
		path string
	}
	ranks := map[key]float64{}
	for name, paths := range pathsByName {
		if len(paths) < 2 {
			continue // one file: nothing to order
		}
		found, err := st.NameRanks(ctx, name, paths)
		if err != nil {
			return nil, err
		}
		for path, n := range found {
			ranks[key{name, path}] = n.Rank
		}
	}
	if len(ranks) == 0 {
		return hits, nil
	}
	// Each hit's rank once, then a stable sort of the hits by kind rank and rank.
	type rankedHit struct {
		store.Hit
		kind int
		rank float64
	}
	all := make([]rankedHit, len(hits))
	for i, h := range hits {
		all[i] = rankedHit{Hit: h, kind: store.KindRank(h.Kind)}
		if store.DefinesForMap(h.Symbol) {
			all[i].rank = ranks[key{store.NameHash([]byte(h.Name)), h.Path}]
		}
	}
	slices.SortStableFunc(all, func(a, b rankedHit) int {
		if a.kind != b.kind {
			return a.kind - b.kind
		}
		return cmp.Compare(b.rank, a.rank)
	})
	out := make([]store.Hit, len(all))
	for i, h := range all {
		out[i] = h.Hit
	}
	return out, nil
}
