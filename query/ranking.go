package query

import (
	"context"
	"errors"
	"maps"
	"slices"

	"github.com/readmap/readmap/query/rank"
	"github.com/readmap/readmap/store"
)

// repoRanking is a ranking of the repository's definitions with the files it ranks: file i of
// the ranking is paths[i], which defines defined[i] names. A top ranking holds only the best
// definitions the store keeps (and the files they are in, without defined): files and
// definitions count the whole.
type repoRanking struct {
	*rank.Ranking
	paths              []string
	defined            []int
	top                bool
	files, definitions int
}

// rankRepository ranks the store's definitions as opts personalise them. The unpersonalised
// ranking is kept in the store: it is read back while no name set has changed since it was
// computed (only its best definitions when top is set), and computed and kept otherwise (a
// read-only store computes it each time).
func rankRepository(ctx context.Context, st *store.Store, opts rank.Options, top bool) (*repoRanking, error) {
	personal := len(opts.Focus) > 0 || len(opts.Mention) > 0
	state, err := st.RankState(ctx)
	if err != nil {
		return nil, err
	}
	if !personal && state.Fresh(rank.Rules) {
		if top {
			return topRanking(ctx, st, state)
		}
		return storedRanking(ctx, st, state.Names)
	}
	return computeRanking(ctx, st, opts, state)
}

// computeRanking ranks the store's definitions from its name sets, and keeps the ranking when it
// is not personalised (state is the store's as the name sets are read).
func computeRanking(ctx context.Context, st *store.Store, opts rank.Options, state store.RankState) (*repoRanking, error) {
	r, keep, err := rankNameSets(ctx, st, opts, state)
	if err != nil {
		return nil, err
	}
	if len(opts.Focus) == 0 && len(opts.Mention) == 0 {
		if err := keep.Save(ctx, st); err != nil && !errors.Is(err, store.ErrReadOnly) {
			return nil, err
		}
	}
	return r, nil
}

// rankNameSets ranks the store's definitions from its name sets, reading the store only, and
// returns the ranking and what the store would keep of it.
func rankNameSets(ctx context.Context, st *store.Store, opts rank.Options, state store.RankState) (*repoRanking, *KeptRanking, error) {
	var sets []store.NameSet
	if err := st.EachNameSet(ctx, func(s store.NameSet) error { sets = append(sets, s); return nil }); err != nil {
		return nil, nil, err
	}
	r, keep := rankSets(sets, opts)
	keep.uses = state.Uses
	return r, keep, nil
}

// rankSets ranks the definitions of sets (in path order) and returns the ranking and what the
// store would keep of it, of no uses generation yet.
func rankSets(sets []store.NameSet, opts rank.Options) (*repoRanking, *KeptRanking) {
	r := &repoRanking{Ranking: rank.Rank(sets, opts), paths: make([]string, len(sets)), defined: make([]int, len(sets))}
	for i := range r.Definitions { // as the store keeps them, so that a ranking read back orders alike
		r.Definitions[i].Rank = float64(float32(r.Definitions[i].Rank))
	}
	for i, s := range sets {
		r.paths[i], r.defined[i] = s.Path, len(s.Defined)
	}
	return r, &KeptRanking{files: fileRanks(sets, r.Ranking), top: r.best()}
}

// KeptRanking is the unpersonalised ranking as the store keeps it, computed but not kept yet.
type KeptRanking struct {
	uses  int64 // the uses generation of the name sets it was computed from
	files []store.FileRanks
	top   []store.TopRank
}

// Save keeps k in st; a nil k keeps nothing.
func (k *KeptRanking) Save(ctx context.Context, st *store.Store) error {
	if k == nil {
		return nil
	}
	return st.SaveRanks(ctx, k.uses, rank.Rules, k.files, k.top)
}

// SetsRanking is the unpersonalised ranking of name sets held in memory, computed before the
// store holds them: a bulk load ranks the sets of the files it mapped while its last rows are
// still being written.
type SetsRanking struct {
	kept                *KeptRanking
	sets, used, defined int // what the sets hold, to check that the store holds as much
}

// RankSets ranks sets, the name sets of a store's every code file in path order (as
// store.EachNameSet reads them), for ComputeRanks to keep once the store holds them.
func RankSets(sets []store.NameSet) *SetsRanking {
	r := &SetsRanking{sets: len(sets)}
	for _, s := range sets {
		r.used += len(s.Used)
		r.defined += len(s.Defined)
	}
	_, r.kept = rankSets(sets, rank.Options{})
	return r
}

// ComputeRanks computes the store's unpersonalised ranking for keeping, unless the one kept is
// fresh (nil then). It only reads the store, so it may run while the store's writer builds its
// indexes; Save keeps it. ranked, when not nil, ranks the name sets the store is meant to hold
// now: it is taken as it is when the store holds as many sets, with as many names used and
// defined, and the store's sets are read and ranked otherwise.
func ComputeRanks(ctx context.Context, st *store.Store, ranked *SetsRanking) (*KeptRanking, error) {
	state, err := st.RankState(ctx)
	if err != nil || state.Fresh(rank.Rules) {
		return nil, err
	}
	if ranked != nil {
		sets, used, defined, err := st.NameSetTotals(ctx)
		if err != nil {
			return nil, err
		}
		if sets == ranked.sets && used == ranked.used && defined == ranked.defined {
			keep := *ranked.kept
			keep.uses = state.Uses
			return &keep, nil
		}
	}
	_, keep, err := rankNameSets(ctx, st, rank.Options{}, state)
	return keep, err
}

// RanksStored reports whether the store keeps a ranking, fresh or not; of one it keeps, whether
// other rules than today's (rank.Rules) computed it, and how many names it ranks.
func RanksStored(ctx context.Context, st *store.Store) (stored, outdated bool, names int, err error) {
	state, err := st.RankState(ctx)
	stored = state.Ranks >= 0
	return stored, stored && state.Rules != rank.Rules, state.Names, err
}

// best returns the best definitions of r as the store keeps them, best first.
func (r *repoRanking) best() []store.TopRank {
	defs := r.Best(func(rank.Definition) bool { return true }, bestFirst)
	if len(defs) == 0 {
		return nil
	}
	top := make([]store.TopRank, 0, len(defs))
	for _, d := range defs {
		top = append(top, store.TopRank{Path: r.paths[d.File], FileRank: r.FileRank[d.File],
			RankedName: store.RankedName{Name: d.Name, Users: d.Users, Rank: d.Rank}})
	}
	return top
}

// topRanking reads the best definitions of the ranking the store keeps, whose state is state.
func topRanking(ctx context.Context, st *store.Store, state store.RankState) (*repoRanking, error) {
	top, err := st.TopRanks(ctx)
	if err != nil {
		return nil, err
	}
	r := &repoRanking{Ranking: &rank.Ranking{}, top: true, files: state.Files, definitions: state.Names}
	// Files are numbered in path order, as in the whole ranking, so that ties order alike.
	fileRank := map[string]float64{}
	for _, t := range top {
		fileRank[t.Path] = t.FileRank
	}
	r.paths = slices.Sorted(maps.Keys(fileRank))
	index := map[string]int32{}
	for i, p := range r.paths {
		index[p] = int32(i)
		r.FileRank = append(r.FileRank, fileRank[p])
	}
	for _, t := range top {
		r.Definitions = append(r.Definitions, rank.Definition{File: index[t.Path], Name: t.Name, Rank: t.Rank, Users: t.Users})
	}
	return r, nil
}

// storedRanking reads the ranking the store keeps, of about names definitions.
func storedRanking(ctx context.Context, st *store.Store, names int) (*repoRanking, error) {
	r := &repoRanking{Ranking: &rank.Ranking{Definitions: make([]rank.Definition, 0, names)}}
	err := st.EachFileRanks(ctx, func(f store.FileRanks) error {
		file := len(r.paths)
		r.paths = append(r.paths, f.Path)
		r.defined = append(r.defined, len(f.Names))
		r.FileRank = append(r.FileRank, f.Rank)
		for _, n := range f.Names {
			r.Definitions = append(r.Definitions, rank.Definition{File: int32(file), Name: n.Name, Rank: n.Rank, Users: n.Users})
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return r, nil
}

// fileRanks is ranking as the store keeps it: per file of sets, its definitions in the order of
// its Defined names.
func fileRanks(sets []store.NameSet, ranking *rank.Ranking) []store.FileRanks {
	out := make([]store.FileRanks, len(sets))
	for i, s := range sets {
		out[i] = store.FileRanks{Path: s.Path, Rank: ranking.FileRank[i], Names: make([]store.RankedName, 0, len(s.Defined))}
	}
	for _, d := range ranking.Definitions {
		out[d.File].Names = append(out[d.File].Names, store.RankedName{Name: d.Name, Users: d.Users, Rank: d.Rank})
	}
	return out
}
