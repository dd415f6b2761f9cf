package store

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// TestNameSetsFollowTheirFiles: a code file's name set holds its used names, the names of the
// symbols the repository map ranks (not its fields) and its imports; a rewrite replaces it and a
// delete drops it, as does a row without a use filter.
func TestNameSetsFollowTheirFiles(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	f := sampleFile("pkg/server.go")
	f.Uses = []byte{7, 0xff}
	f.UsedNames = SortedHashes([]uint32{NameHash([]byte("http")), NameHash([]byte("fmt")), NameHash([]byte("Println"))})
	other := sampleFile("pkg/data.json")
	put := func(files ...*File) {
		w := st.NewWriter()
		for _, f := range files {
			if err := w.Put(ctx, f); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Flush(ctx); err != nil {
			t.Fatal(err)
		}
	}
	sets := func() []NameSet {
		var out []NameSet
		if err := st.EachNameSet(ctx, func(s NameSet) error { out = append(out, s); return nil }); err != nil {
			t.Fatal(err)
		}
		return out
	}
	put(f, other)
	got := sets()
	wantDefined := SortedHashes([]uint32{NameHash([]byte("Server")), NameHash([]byte("Handle"))})
	if len(got) != 1 || got[0].Path != "pkg/server.go" || got[0].Language != "Go" ||
		!slices.Equal(got[0].Used, f.UsedNames) || !slices.Equal(got[0].Defined, wantDefined) ||
		!slices.Equal(got[0].Imports, f.Imports) {
		t.Fatalf("name sets %+v; want server.go's: used %x, defined %x (not the field Addr), imports %q", got, f.UsedNames, wantDefined, f.Imports)
	}
	f.UsedNames = f.UsedNames[:1]
	f.Imports = nil
	put(f)
	if got := sets(); len(got) != 1 || len(got[0].Used) != 1 || got[0].Imports != nil {
		t.Fatalf("after a rewrite: %+v", got)
	}
	w := st.NewWriter()
	if err := w.Delete(ctx, f.Path); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if got := sets(); len(got) != 0 {
		t.Fatalf("after a delete: %+v", got)
	}
}

// TestSortedHashes: sorted and without repeats at every size, both sides of radixFrom, whatever
// the hashes' bytes.
func TestSortedHashes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 100, radixFrom - 1, radixFrom, radixFrom + 1, 5000, 70000} {
		for _, spread := range []uint32{3, 1000, math.MaxUint32} {
			hs := make([]uint32, n)
			for i := range hs {
				hs[i] = rng.Uint32() % spread
				if spread == math.MaxUint32 && i%7 == 0 {
					hs[i] = math.MaxUint32 - uint32(i%3) // the top byte's values too
				}
			}
			want := slices.Clone(hs)
			slices.Sort(want)
			want = slices.Compact(want)
			if got := SortedHashes(hs); !slices.Equal(got, want) {
				t.Fatalf("SortedHashes of %d hashes below %d: not sorted or not distinct", n, spread)
			}
		}
	}
}

// BenchmarkSortedHashes sorts the hashes of a data file's distinct names.
func BenchmarkSortedHashes(b *testing.B) {
	for _, n := range []int{256, 1024, 40000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			orig := make([]uint32, n)
			for i := range orig {
				orig[i] = rng.Uint32()
			}
			hs := make([]uint32, n)
			for b.Loop() {
				copy(hs, orig)
				SortedHashes(hs)
			}
		})
	}
}
