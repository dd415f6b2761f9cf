package indexer

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/readmap/readmap/store"
)

// TestDispatchGivesLargeFilesFirst: of the files the walk has found, those of largeFileBytes or
// more go to the workers first, the largest first, and the others in the walk's order; a file the
// store has a row of is sized by its row, without a stat.
func TestDispatchGivesLargeFilesFirst(t *testing.T) {
	root := t.TempDir()
	sizes := map[string]int{"a.go": 10, "big.go": 3 * largeFileBytes, "b.go": 20, "huge.go": 5 * largeFileBytes,
		"c.go": largeFileBytes - 1, "large.go": largeFileBytes}
	walkOrder := []string{"a.go", "big.go", "b.go", "huge.go", "c.go", "large.go", "gone.go", "row.go"}
	for name, size := range sizes {
		if err := os.WriteFile(filepath.Join(root, name), make([]byte, size), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := &run{opts: Options{Root: root}, statesRead: make(chan struct{}),
		states: map[string]store.FileState{"row.go": {Stamp: store.Stamp{Size: 4 * largeFileBytes}}}} // no such file: sized by its row
	close(r.statesRead)
	found := make(chan string, len(walkOrder))
	for _, name := range walkOrder {
		found <- filepath.Join(root, name)
	}
	close(found)
	var got []string
	for abs := range r.dispatch(context.Background(), found) {
		got = append(got, filepath.Base(abs))
	}
	want := []string{"huge.go", "row.go", "big.go", "large.go", "a.go", "b.go", "c.go", "gone.go"}
	if !slices.Equal(got, want) {
		t.Errorf("dispatched %v; want %v", got, want)
	}
}
