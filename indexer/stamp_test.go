package indexer

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/readmap/readmap/store"
)

// TestRowsWithoutCtimesAreReadOnce: rows written before the store kept ctimes and inodes hold 0 in
// both. The next run reads their files once, finds the content unchanged and records the full stat
// data; the run after reads nothing.
func TestRowsWithoutCtimesAreReadOnce(t *testing.T) {
	ctx := context.Background()
	root := writeTree(t, map[string]string{"a.go": goSource, "b.py": "def f():\n    pass\n"})
	st := openStore(t, filepath.Join(t.TempDir(), "index.db"))
	runIndex(t, st, Options{Root: root})
	for _, path := range []string{"a.go", "b.py"} {
		state, err := st.FileState(ctx, path)
		if err != nil || state.CTimeNS == 0 || state.Inode == 0 {
			t.Fatalf("%s after a run: %+v, %v; want its ctime and inode recorded", path, state, err)
		}
		old := store.Stamp{Size: state.Size, ModTimeNS: state.ModTimeNS}
		if err := write(ctx, st, func(w *store.Writer) error { return w.Touch(ctx, path, old) }); err != nil {
			t.Fatal(err)
		}
	}
	if sum := runIndex(t, st, Options{Root: root}); sum.Touched != 2 || sum.Mapped != 0 {
		t.Errorf("run over rows without ctimes = %+v, want both read and touched, none mapped", sum)
	}
	if sum := runIndex(t, st, Options{Root: root}); sum.Unchanged != 2 {
		t.Errorf("the run after = %+v, want both unchanged", sum)
	}
}
