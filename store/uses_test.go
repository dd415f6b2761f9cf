package store

import (
	"context"
	"slices"
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
