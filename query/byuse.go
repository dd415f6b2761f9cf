package query

import (
	"cmp"
	"context"
	"slices"

	"github.com/readmap/readmap/indexer/lang"
	"github.com/readmap/readmap/query/rank"
	"github.com/readmap/readmap/store"
)

// orderByUse puts, among hits of one kind rank (store.KindRank: hits come sorted by it), the
// definitions that more files use first, by the ranking the store keeps: `sym kmalloc` lists the
// header the kernel includes before a test shim of the same name. The kept ranking may predate
// the last changes (`readmap index` ranks again after large ones, the repository map after any):
// it orders the hits, which are always the store's current rows. A name the kept ranking does
// not know (none is kept for a store too large to rank at index) is ranked on the spot among the
// files that use it (rankAmongUsers), if it is spelled as asked: that is a read of the use
// filters, and for a rare name most of them (`sym kmalloc` also finds the Rust bindings'
// `Kmalloc`, whose on-the-spot ranking took longer than the rest of the query). Hits no ranking
// knows keep their order after those ranked.
func orderByUse(ctx context.Context, st *store.Store, hits []store.Hit, asked string) ([]store.Hit, error) {
	if len(hits) < 2 {
		return hits, nil
	}
	pathsByName := map[uint32][]string{}
	names := map[uint32]string{}
	for _, h := range hits {
		if store.DefinesForMap(h.Symbol) {
			k := store.NameHash([]byte(h.Name))
			names[k] = h.Name
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
		if len(found) == 0 && names[name] == asked {
			if found, err = rankAmongUsers(ctx, st, names[name], paths); err != nil {
				return nil, err
			}
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

// maxUsersRanked is how many of a name's using files rankAmongUsers reads at most, spread evenly
// over the store's files: enough to tell the header a kernel includes from a test shim (kmalloc
// has 3,000 users), few enough to find and read in a few milliseconds. On the kernel, 100
// users in place of 400 left the first definition of kmalloc, kfree, mutex_lock, GFP_KERNEL,
// container_of, printk, probe, spin_lock and list_add where it was (some later places of near
// ties moved), and took `sym kmalloc` from 0.10-0.15 s to 0.03 s.
const maxUsersRanked = 100

// rankAmongUsers scores the definitions of name in the files paths by the files that use the
// name and mean them (rank.UsersOf, over a sample of maxUsersRanked users): each definition's
// score, for those of paths that have a name set.
func rankAmongUsers(ctx context.Context, st *store.Store, name string, paths []string) (map[string]store.RankedName, error) {
	users, err := st.FilesMaybeUsing(ctx, lang.UseTest(name), maxUsersRanked)
	if err != nil {
		return nil, err
	}
	sets, err := st.NameSetsOf(ctx, append(slices.Clip(users), paths...))
	if err != nil {
		return nil, err
	}
	var defs, userSets []store.NameSet
	for _, s := range sets {
		if slices.Contains(paths, s.Path) {
			defs = append(defs, s)
		} else {
			userSets = append(userSets, s)
		}
	}
	h := store.NameHash([]byte(name))
	out := map[string]store.RankedName{}
	for i, score := range rank.UsersOf(defs, userSets) {
		out[defs[i].Path] = store.RankedName{Name: h, Rank: score}
	}
	return out, nil
}
