package query_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/readmap/readmap/indexer"
	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/query/rank"
	"github.com/readmap/readmap/store"
)

// TestRepoMapReadsTheKeptRanking: the first map computes the ranking and keeps it; the next
// maps read it back (the whole repository's from the kept best definitions, a folder's from every
// file's ranks, a map past the best definitions from both) and list exactly what a computed
// ranking lists; a kept ranking is what the map lists from (a tampered one shows); a change to a
// file makes it stale, and the map ranks afresh.
func TestRepoMapReadsTheKeptRanking(t *testing.T) {
	// runtime alone defines more than the 4,096 best definitions the store keeps in order.
	st := gorootStore(t, "strings", "bytes", "bufio", "io", "errors", "unicode/utf8", "runtime")
	ctx := context.Background()
	build := func(opts query.RepoMapOptions) string {
		t.Helper()
		m, err := query.BuildRepoMap(ctx, st, opts)
		if err != nil {
			t.Fatal(err)
		}
		return m.Text()
	}
	stale := func() int64 { // writes a file's row again (here without its name set)
		t.Helper()
		w := st.NewWriter()
		f, err := st.File(ctx, "io/io.go")
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Put(ctx, f); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		state, err := st.RankState(ctx)
		if err != nil || state.Fresh(rank.Rules) {
			t.Fatalf("after a rewrite: %+v, %v; want the kept ranking stale", state, err)
		}
		return state.Uses
	}
	for _, opts := range []query.RepoMapOptions{
		{Budget: 4 << 10},
		{Budget: 4 << 10, Folder: "bufio"},
		{Budget: 2 << 20}, // past the 4,096 best
	} {
		stale()
		computed := build(opts)
		if state, err := st.RankState(ctx); err != nil || !state.Fresh(rank.Rules) {
			t.Fatalf("after a map: %+v, %v; want the ranking kept", state, err)
		}
		if read := build(opts); read != computed {
			t.Fatalf("%+v: the map from the kept ranking differs:\n%.3000s\nwant\n%.3000s", opts, read, computed)
		}
		if listed := strings.Count(computed, "\n  "); opts.Budget == 2<<20 && listed <= 4096 {
			t.Fatalf("the map of 2 MiB lists %d entries, not past the 4,096 best", listed)
		}
	}

	// Keep a ranking that says the opposite: the maps follow it.
	opts := query.RepoMapOptions{Budget: 4 << 10}
	computed := build(opts)
	state, err := st.RankState(ctx)
	if err != nil {
		t.Fatal(err)
	}
	kept := reversedRanks(t, st)
	top, err := st.TopRanks(ctx)
	if err != nil || len(top) != 4096 {
		t.Fatalf("%d best definitions kept, %v; want 4,096", len(top), err)
	}
	for i := range top {
		top[i].Rank = -top[i].Rank
	}
	if err := st.SaveRanks(ctx, state.Uses, rank.Rules, kept, top); err != nil {
		t.Fatal(err)
	}
	tampered := build(opts)
	if tampered == computed {
		t.Fatal("a map ignored the kept best definitions")
	}
	folder := query.RepoMapOptions{Budget: 4 << 10, Folder: "bufio"}
	if build(folder) == computed {
		t.Fatal("a folder's map ignored the kept ranking")
	}

	// A file changes: the kept ranking is stale, and the map ranks afresh and keeps that.
	stale()
	if again := build(opts); again == tampered {
		t.Fatal("after a change the map still follows the kept ranking")
	}
	if state, err := st.RankState(ctx); err != nil || !state.Fresh(rank.Rules) {
		t.Fatalf("after a change and a map: %+v, %v; want the new ranking kept", state, err)
	}
}

// TestSymListsTheMostUsedDefinitionFirst: of two definitions of a name, sym lists first the one
// more files use (the header they include): before the store keeps a ranking, by ranking the
// name among the files that use it; after, by the kept ranking (one that says the opposite shows).
func TestSymListsTheMostUsedDefinitionFirst(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		"include/linux/slab.h": "#ifndef SLAB_H\n#define SLAB_H\nstatic inline void *kmalloc(unsigned long size, int flags)\n{\n\treturn 0;\n}\n#endif\n",
		"tools/lib/slab.c":     "#include <stdlib.h>\nvoid *kmalloc(unsigned long size, int flags)\n{\n\treturn malloc(size);\n}\n",
	}
	for _, user := range []string{"mm/util.c", "fs/inode.c", "net/core/sock.c", "kernel/fork.c"} {
		files[user] = "#include <linux/slab.h>\nvoid *make(void)\n{\n\treturn kmalloc(64, 0);\n}\n"
	}
	for name, text := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "index.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := indexer.Run(ctx, st, indexer.Options{Root: root}); err != nil {
		t.Fatal(err)
	}
	first := func() string {
		t.Helper()
		hits, err := query.Sym(ctx, st, query.NewSymQuery("kmalloc"))
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) != 2 {
			t.Fatalf("sym kmalloc: %d hits, want 2", len(hits))
		}
		return hits[0].Path
	}
	if state, err := st.RankState(ctx); err != nil || state.Ranks != -1 {
		t.Fatalf("a ranking is kept before any was made: %+v, %v", state, err)
	}
	if got := first(); got != "include/linux/slab.h" {
		t.Fatalf("with no ranking kept, sym kmalloc lists %s first; want include/linux/slab.h, which four files use", got)
	}
	if keep, err := query.ComputeRanks(ctx, st, nil); err != nil || keep.Save(ctx, st) != nil {
		t.Fatalf("ranking: %v", err)
	}
	if got := first(); got != "include/linux/slab.h" {
		t.Fatalf("sym kmalloc lists %s first; want include/linux/slab.h, which four files use", got)
	}
	state, err := st.RankState(ctx)
	if err != nil {
		t.Fatal(err)
	}
	kept := reversedRanks(t, st)
	if err := st.SaveRanks(ctx, state.Uses, rank.Rules, kept, nil); err != nil {
		t.Fatal(err)
	}
	if got := first(); got != "tools/lib/slab.c" {
		t.Fatalf("with a kept ranking that puts tools/lib/slab.c first, sym kmalloc lists %s first", got)
	}
}

// reversedRanks returns every file's kept ranks with their signs turned: a ranking that says the
// opposite of the one kept.
func reversedRanks(t *testing.T, st *store.Store) []store.FileRanks {
	t.Helper()
	var kept []store.FileRanks
	if err := st.EachFileRanks(context.Background(), func(f store.FileRanks) error {
		f.Names = slices.Clone(f.Names)
		for i := range f.Names {
			f.Names[i].Rank = -f.Names[i].Rank
		}
		kept = append(kept, f)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return kept
}

// TestComputeRanksTakesARankingOfTheStoresSets: a ranking of name sets held in memory is kept as
// it is when the store holds as many sets with as many names (the sets a bulk load gathered are
// the store's own), and is the ranking the store's sets give; sets of other totals are not
// taken, and the store's own sets are ranked instead.
func TestComputeRanksTakesARankingOfTheStoresSets(t *testing.T) {
	ctx := context.Background()
	packages := []string{"bufio", "errors", "io", "strings"}
	kept := func(st *store.Store, ranked *query.SetsRanking) []store.FileRanks {
		t.Helper()
		keep, err := query.ComputeRanks(ctx, st, ranked)
		if err != nil || keep == nil {
			t.Fatalf("ranking: %v, %v", keep, err)
		}
		if err := keep.Save(ctx, st); err != nil {
			t.Fatal(err)
		}
		if state, err := st.RankState(ctx); err != nil || !state.Fresh(rank.Rules) {
			t.Fatalf("after saving: %+v, %v; want the ranking kept", state, err)
		}
		var files []store.FileRanks
		if err := st.EachFileRanks(ctx, func(f store.FileRanks) error {
			f.Names = slices.Clone(f.Names)
			files = append(files, f)
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		return files
	}
	setsOf := func(st *store.Store) []store.NameSet {
		t.Helper()
		var sets []store.NameSet
		if err := st.EachNameSet(ctx, func(s store.NameSet) error { sets = append(sets, s); return nil }); err != nil {
			t.Fatal(err)
		}
		return sets
	}

	want := kept(gorootStore(t, packages...), nil)
	st := gorootStore(t, packages...)
	sets := setsOf(st)
	if got := kept(st, query.RankSets(sets)); !slices.EqualFunc(got, want, equalFileRanks) {
		t.Fatal("the ranking of the store's own sets, held in memory, differs from the store's")
	}

	// Sets of the same totals but other uses (a file no longer uses a name another file defines,
	// but one nobody defines) are taken as they are.
	st = gorootStore(t, packages...)
	altered := setsOf(st)
	if !dropOneUse(altered) {
		t.Fatal("no file uses a name another file defines")
	}
	if got := kept(st, query.RankSets(altered)); slices.EqualFunc(got, want, equalFileRanks) {
		t.Fatal("a ranking of sets of the store's totals was not kept as it is")
	}

	// Sets without one file are not the store's: its own are ranked.
	st = gorootStore(t, packages...)
	if got := kept(st, query.RankSets(setsOf(st)[1:])); !slices.EqualFunc(got, want, equalFileRanks) {
		t.Fatal("a ranking of fewer sets than the store holds was kept")
	}
}

func equalFileRanks(a, b store.FileRanks) bool {
	return a.Path == b.Path && a.Rank == b.Rank && slices.Equal(a.Names, b.Names)
}

// dropOneUse replaces, in one file's used names, one that another file defines by one that no
// file defines, and reports whether it found one.
func dropOneUse(sets []store.NameSet) bool {
	definedBy := map[uint32]int{}
	for i, s := range sets {
		for _, h := range s.Defined {
			definedBy[h] = i
		}
	}
	for i := range sets {
		for k, h := range sets[i].Used {
			if by, ok := definedBy[h]; ok && by != i {
				used := slices.Delete(slices.Clone(sets[i].Used), k, k+1)
				unused := uint32(1)
				for {
					if _, defined := definedBy[unused]; !defined && !slices.Contains(used, unused) {
						break
					}
					unused++
				}
				sets[i].Used = store.SortedHashes(append(used, unused))
				return true
			}
		}
	}
	return false
}
