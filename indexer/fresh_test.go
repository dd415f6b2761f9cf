package indexer

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/readmap/readmap/store"
)

// lookupNamed is a lookup of the symbols named name, as sym's exact tier makes it.
func lookupNamed(ctx context.Context, st *store.Store, name string) func() ([]store.Hit, []string, error) {
	return func() ([]store.Hit, []string, error) {
		hits, err := st.SymbolsNamed(ctx, name, store.LookupFilter{}, 0)
		paths := make([]string, len(hits))
		for i, h := range hits {
			paths[i] = h.Path
		}
		return hits, paths, err
	}
}

// TestLookupCompletesAPartialStore: a store no run has walked to the end (a first index under way
// or cut short, or only runs over some paths) holds rows of some files only; a lookup over it
// indexes the root first, so a name defined in the other files is found, not missing.
func TestLookupCompletesAPartialStore(t *testing.T) {
	ctx := context.Background()
	root := writeTree(t, map[string]string{"a.go": goSource, "b.go": "package p\n\nfunc Handler() {}\n"})
	st := openStore(t, filepath.Join(t.TempDir(), "index.db"))
	runIndex(t, st, Options{Root: root, Paths: []string{filepath.Join(root, "a.go")}})
	hits, stale, err := Lookup(ctx, st, Options{Root: root}, lookupNamed(ctx, st, "Handler"))
	if err != nil || len(hits) != 1 || hits[0].Path != "b.go" || stale != nil {
		t.Errorf("Lookup(Handler) over a store holding a.go only = %+v, %v, %v; want b.go's Handler", hits, stale, err)
	}
	if walked, err := st.Meta(ctx, store.MetaWalkedAt); err != nil || walked == "" {
		t.Errorf("walked_at after the lookup = %q, %v; want the time of the run it made", walked, err)
	}
}
