package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// containingByScan is what NamesContaining must answer, computed from all, every name of the store:
// the names longer than sub that contain it, ASCII case ignored, shortest first, then in NOCASE
// order, up to n.
func containingByScan(all []string, sub string, n int) []string {
	lower := foldString(sub)
	var out []string
	for _, name := range all {
		if len(name) > len(sub) && strings.Contains(foldString(name), lower) {
			out = append(out, name)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if len(out[i]) != len(out[j]) {
			return len(out[i]) < len(out[j])
		}
		return foldString(out[i]) < foldString(out[j])
	})
	return out[:min(n, len(out))]
}

// TestNamesContainingMatchesAScan compares the trigram index with a scan of every name, and
// NameBuckets with the names table: after a bulk load that writes the listing, after names were
// added and removed since (the lists beside it), and after enough were added that a run writes it
// again. Names are random words of a small alphabet in mixed case, so that many share trigrams
// and the slices' boundaries fall inside runs of one length.
func TestNamesContainingMatchesAScan(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	defer func(from int) { listingFromNames = from }(listingFromNames)
	listingFromNames = 0 // the test's 6,000 names are listed
	r := rand.New(rand.NewPCG(3, 4))
	word := func() string {
		var b strings.Builder
		for range 3 + r.IntN(9) {
			b.WriteByte("abcdeABCDE_xy"[r.IntN(13)])
		}
		return b.String()
	}
	put := func(w *Writer, path string, names int) {
		f := &File{Path: path, Language: "Go"}
		for i := range names {
			name := word()
			f.Symbols = append(f.Symbols, Symbol{Name: name, Qualname: name, Kind: KindFunction, StartLine: i + 1, EndLine: i + 1, Parent: -1})
		}
		if err := w.Put(ctx, f); err != nil {
			t.Fatal(err)
		}
	}
	check := func(stage string) {
		t.Helper()
		all, err := st.SymbolNames(ctx)
		if err != nil {
			t.Fatal(err)
		}
		tx, err := st.read.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		fromTable, err := namesByLength(ctx, tx)
		tx.Rollback()
		if err != nil {
			t.Fatal(err)
		}
		for lo := 0; lo < 14; lo += 3 {
			got, err := st.NameBuckets(ctx, lo, lo+2)
			want := map[int][]byte{}
			for l, b := range fromTable {
				if l >= lo && l <= lo+2 {
					want[l] = b
				}
			}
			if err != nil || !cmp.Equal(got, want) {
				t.Fatalf("%s: NameBuckets(%d, %d) differs from the names table: %v", stage, lo, lo+2, err)
			}
		}
		for i := range 300 {
			sub := word()
			if i%2 == 0 && len(all) > 0 { // a piece of an existing name, so that most have hits
				name := all[r.IntN(len(all))]
				a := r.IntN(len(name) - 2)
				sub = name[a : a+3+r.IntN(len(name)-a-2)]
			}
			n := 1 + r.IntN(40)
			got, ok, err := st.NamesContaining(ctx, sub, n)
			if err != nil || !ok {
				t.Fatalf("%s: NamesContaining(%q) = ok %v, %v", stage, sub, ok, err)
			}
			if want := containingByScan(all, sub, n); !cmp.Equal(got, want) {
				t.Fatalf("%s: NamesContaining(%q, %d) differs from a scan (-scan +index):\n%s", stage, sub, n, cmp.Diff(want, got))
			}
		}
	}

	if err := st.DropLookupIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	w := st.NewWriter()
	for i := range 30 {
		put(w, fmt.Sprintf("f%d.go", i), 200)
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := st.NamesContaining(ctx, "abc", 5); ok {
		t.Error("NamesContaining answered during a bulk load, before the index was built")
	}
	if err := st.EnsureLookupIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	check("after the bulk load")

	for i := range 10 {
		if err := w.Delete(ctx, fmt.Sprintf("f%d.go", i)); err != nil {
			t.Fatal(err)
		}
	}
	put(w, "new.go", 300)
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	check("after names were removed and added")

	put(w, "many.go", listedChangesLimit+500)
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if err := st.EnsureLookupIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	if current, changes, err := listingState(ctx, st.read); err != nil || !current || changes != 0 {
		t.Errorf("after a run with %d names added: listing current %v, %d names listed beside it, %v; want it written again",
			listedChangesLimit+500, current, changes, err)
	}
	check("after the index was built again")

	for _, sub := range []string{"ab", "", "caf\u00e9", "a\nb"} {
		if _, ok, err := st.NamesContaining(ctx, sub, 5); ok || err != nil {
			t.Errorf("NamesContaining(%q) = ok %v, %v; want it left to the scan", sub, ok, err)
		}
	}
}

// TestFewNamesAreNotListed: a store of fewer than listingFromNames names gets no listing at the
// end of a bulk load, and its lookups read the names table: NamesContaining leaves the query to the
// caller's scan, and NameBuckets holds every name. Once it holds more, the next run writes it.
func TestFewNamesAreNotListed(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	defer func(from int) { listingFromNames = from }(listingFromNames)
	listingFromNames = 100
	putNames := func(path string, names int) {
		w := st.NewWriter()
		f := &File{Path: path, Language: "Go"}
		for i := range names {
			name := fmt.Sprintf("%sName%d", path, i)
			f.Symbols = append(f.Symbols, Symbol{Name: name, Qualname: name, Kind: KindFunction, StartLine: i + 1, EndLine: i + 1, Parent: -1})
		}
		if err := w.Put(ctx, f); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.DropLookupIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	putNames("a", 60)
	if err := st.EnsureLookupIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	if current, _, err := listingState(ctx, st.read); err != nil || current {
		t.Fatalf("listing of 60 names: current %v, %v; want none written", current, err)
	}
	if _, ok, err := st.NamesContaining(ctx, "Name1", 5); ok || err != nil {
		t.Errorf("NamesContaining without a listing = ok %v, %v; want it left to the scan", ok, err)
	}
	buckets, err := st.NameBuckets(ctx, 1, 100)
	if err != nil || len(strings.Fields(string(buckets[len("aName1")]))) != 10 {
		t.Errorf("NameBuckets without a listing: %q, %v; want aName0 to aName9 of length 6", buckets[len("aName1")], err)
	}
	putNames("b", 60)
	if err := st.EnsureLookupIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	if current, _, err := listingState(ctx, st.read); err != nil || !current {
		t.Errorf("listing of 120 names: current %v, %v; want it written", current, err)
	}
	if names, ok, err := st.NamesContaining(ctx, "bName5", 3); !ok || err != nil || len(names) != 3 {
		t.Errorf("NamesContaining with the listing = %q, ok %v, %v; want 3 names", names, ok, err)
	}
}
