package store

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// codeFile is sampleFile with a name set: it uses fmt and defines Server and Handle.
func codeFile(path string) *File {
	f := sampleFile(path)
	f.Uses = []byte{1}
	f.UsedNames = []uint32{NameHash([]byte("fmt"))}
	return f
}

// sampleRanks ranks the names a codeFile defines, Server's and Handle's, in the order of its name
// set (by hash), as SaveRanks takes them.
func sampleRanks(server, handle RankedName) []RankedName {
	server.Name, handle.Name = NameHash([]byte("Server")), NameHash([]byte("Handle"))
	ns := []RankedName{server, handle}
	slices.SortFunc(ns, func(a, b RankedName) int { return int(int64(a.Name) - int64(b.Name)) })
	return ns
}

// TestRanksFollowTheirNameSets: a kept ranking is fresh until a commit changes a name set; one
// computed from an older generation is not kept; a file's ranks go with its row; NameRanks finds
// a name's rank per file.
func TestRanksFollowTheirNameSets(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	a, b := codeFile("a/server.go"), codeFile("b/server.go")
	flush := func(write func(w *Writer) error) {
		t.Helper()
		w := st.NewWriter()
		if err := write(w); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(ctx); err != nil {
			t.Fatal(err)
		}
	}
	generations := func() (int64, int64) {
		t.Helper()
		state, err := st.RankState(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return state.Uses, state.Ranks
	}
	if uses, ranks := generations(); ranks != -1 || uses == ranks {
		t.Fatalf("an empty store: generations %d, %d; want no ranking", uses, ranks)
	}
	flush(func(w *Writer) error {
		if err := w.Put(ctx, a); err != nil {
			return err
		}
		return w.Put(ctx, b)
	})
	gen, _ := generations()
	if n, err := st.DefinedNames(ctx); err != nil || n != 4 {
		t.Fatalf("DefinedNames = %d, %v; want 4 (Server and Handle in two files)", n, err)
	}
	// Both files define Server and Handle (sampleFile); ranks follow the names' order in the sets.
	server := NameHash([]byte("Server"))
	named := func(rankServer float64, users int32) []RankedName {
		return sampleRanks(RankedName{Users: users, Rank: rankServer}, RankedName{Rank: 0.5})
	}
	ranks := []FileRanks{
		{Path: "a/server.go", Rank: 0.75, Names: named(4.5, 300)},
		{Path: "b/server.go", Rank: 0.25, Names: named(1.5, 1)},
	}
	// rank_top keeps a row per file: b's two definitions around a's must come back in order.
	top := []TopRank{{Path: "b/server.go", FileRank: 0.25, RankedName: ranks[1].Names[0]}, {Path: "a/server.go", FileRank: 0.75, RankedName: ranks[0].Names[1]},
		{Path: "b/server.go", FileRank: 0.25, RankedName: ranks[1].Names[1]}}
	if err := st.SaveRanks(ctx, gen, 1, ranks, top); err != nil {
		t.Fatal(err)
	}
	if got, err := st.TopRanks(ctx); err != nil || !slices.Equal(got, top) {
		t.Fatalf("TopRanks = %+v, %v; want %+v", got, err, top)
	}
	if state, err := st.RankState(ctx); err != nil || !state.Fresh(1) || state.Rules != 1 || state.Fresh(2) || state.Names != 4 || state.Files != 2 {
		t.Fatalf("after SaveRanks: %+v, %v; want fresh by the rules of version 1 (not 2), 4 names in 2 files", state, err)
	}
	var got []FileRanks
	if err := st.EachFileRanks(ctx, func(f FileRanks) error {
		f.Names = slices.Clone(f.Names)
		got = append(got, f)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Path != "a/server.go" || got[0].Rank != 0.75 || !slices.Equal(got[0].Names, ranks[0].Names) ||
		!slices.Equal(got[1].Names, ranks[1].Names) {
		t.Fatalf("kept ranks %+v; want %+v", got, ranks)
	}
	found, err := st.NameRanks(ctx, server, []string{"a/server.go", "b/server.go", "c/none.go"})
	if err != nil {
		t.Fatal(err)
	}
	if len(found) != 2 || found["a/server.go"].Rank != 4.5 || found["a/server.go"].Users != 300 || found["b/server.go"].Users != 1 {
		t.Fatalf("NameRanks: %+v", found)
	}

	// A rewrite makes the ranking stale; a ranking of the older generation is then refused.
	flush(func(w *Writer) error { return w.Put(ctx, a) })
	if uses, kept := generations(); uses == kept {
		t.Fatalf("after a rewrite the ranking is still fresh (generation %d)", uses)
	}
	if err := st.SaveRanks(ctx, gen, 1, ranks[:1], nil); err != nil {
		t.Fatal(err)
	}
	if uses, kept := generations(); uses == kept || kept != gen {
		t.Fatalf("a stale SaveRanks was kept: uses %d, ranks %d", uses, kept)
	}
	// A touch changes no name set.
	uses, _ := generations()
	flush(func(w *Writer) error { return w.Touch(ctx, b.Path, Stamp{Size: 9}) })
	if now, _ := generations(); now != uses {
		t.Fatalf("a touch bumped the uses generation from %d to %d", uses, now)
	}
	// A delete takes the file's ranks with it.
	flush(func(w *Writer) error { return w.Delete(ctx, b.Path) })
	found, err = st.NameRanks(ctx, server, []string{"a/server.go", "b/server.go"})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := found["b/server.go"]; ok || len(found) != 1 {
		t.Fatalf("after deleting b/server.go: %+v", found)
	}
	if got, err := st.TopRanks(ctx); err != nil || !slices.Equal(got, top[1:2]) {
		t.Fatalf("TopRanks after deleting b/server.go = %+v, %v; want %+v", got, err, top[1:2])
	}
}

// TestSaveRanksLeavesOutFilesNotStored: ranks and best definitions of a file the store no longer
// holds are left out, while those of stored files (whatever their paths hold: spaces, a newline)
// keep their ids, order and positions.
func TestSaveRanksLeavesOutFilesNotStored(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	paths := []string{"a b/one.go", "c/two\nlines.go", "d/three.go"}
	putFiles(t, st, codeFile(paths[0]), codeFile(paths[1]), codeFile(paths[2]))
	state, err := st.RankState(ctx)
	if err != nil {
		t.Fatal(err)
	}
	named := func(rank float64) []RankedName {
		return sampleRanks(RankedName{Users: 3, Rank: rank}, RankedName{Users: 1, Rank: rank / 2})
	}
	ranks := []FileRanks{
		{Path: paths[0], Rank: 0.5, Names: named(4)},
		{Path: "b/gone.go", Rank: 0.25, Names: named(2)},
		{Path: paths[1], Rank: 0.125, Names: named(1)},
		{Path: paths[2], Rank: 0.0625, Names: named(0.5)},
	}
	top := []TopRank{
		{Path: paths[1], FileRank: 0.125, RankedName: ranks[2].Names[0]},
		{Path: "b/gone.go", FileRank: 0.25, RankedName: ranks[1].Names[0]},
		{Path: paths[0], FileRank: 0.5, RankedName: ranks[0].Names[1]},
		{Path: paths[1], FileRank: 0.125, RankedName: ranks[2].Names[1]},
		{Path: paths[0], FileRank: 0.5, RankedName: ranks[0].Names[0]},
	}
	if err := st.SaveRanks(ctx, state.Uses, 1, ranks, top); err != nil {
		t.Fatal(err)
	}
	want := []TopRank{top[0], top[2], top[3], top[4]}
	if got, err := st.TopRanks(ctx); err != nil || !slices.Equal(got, want) {
		t.Fatalf("TopRanks = %+v, %v; want %+v", got, err, want)
	}
	var got []string
	if err := st.EachFileRanks(ctx, func(f FileRanks) error {
		got = append(got, fmt.Sprintf("%q %v %v", f.Path, f.Rank, f.Names))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, f := range []FileRanks{ranks[0], ranks[2], ranks[3]} {
		kept = append(kept, fmt.Sprintf("%q %v %v", f.Path, f.Rank, f.Names))
	}
	if !slices.Equal(got, kept) {
		t.Fatalf("kept file ranks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(kept, "\n"))
	}
}
