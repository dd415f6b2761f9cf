package query_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/readmap/readmap/indexer"
	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/store"
)

// TestRepoMapReadsTheKeptRanking: the first map computes the ranking and keeps it; the next reads
// it back and lists exactly what the first did; a kept ranking is what the map lists from (a
// tampered one shows); a change to a file makes it stale, and the map ranks afresh.
func TestRepoMapReadsTheKeptRanking(t *testing.T) {
	st := gorootStore(t, "strings", "bytes", "bufio", "io", "errors", "unicode/utf8")
	ctx := context.Background()
	opts := query.RepoMapOptions{Budget: 4 << 10}
	build := func() string {
		t.Helper()
		m, err := query.BuildRepoMap(ctx, st, opts)
		if err != nil {
			t.Fatal(err)
		}
		return m.Text()
	}
	computed := build()
	state, err := st.RankState(ctx)
	if err != nil || !state.Fresh() {
		t.Fatalf("after a map: %+v, %v; want the ranking kept", state, err)
	}
	uses := state.Uses
	if read := build(); read != computed {
		t.Fatalf("the map from the kept ranking differs:\n%s\nwant\n%s", read, computed)
	}

	// Keep a ranking that says the opposite: the map follows it.
	var kept []store.FileRanks
	if err := st.EachFileRanks(ctx, func(f store.FileRanks) error {
		f.Names = slices.Clone(f.Names)
		kept = append(kept, f)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for _, f := range kept {
		for i := range f.Names {
			f.Names[i].Rank = -f.Names[i].Rank
		}
	}
	if err := st.SaveRanks(ctx, uses, kept); err != nil {
		t.Fatal(err)
	}
	tampered := build()
	if tampered == computed {
		t.Fatal("a map ignored the kept ranking")
	}

	// A file changes (its row is written again, here without its name set): the kept ranking is
	// stale, and the map ranks afresh and keeps that.
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
	if now, _ := st.RankState(ctx); now.Uses == uses {
		t.Fatal("a rewrite left the uses generation as it was")
	}
	if again := build(); again == tampered {
		t.Fatal("after a change the map still follows the kept ranking")
	}
	if state, err := st.RankState(ctx); err != nil || !state.Fresh() {
		t.Fatalf("after a change and a map: %+v, %v; want the new ranking kept", state, err)
	}
}

// TestSymListsTheMostUsedDefinitionFirst: of two definitions of a name, sym lists first the one
// more files use (the header they include), once the store keeps a ranking; before, the shorter
// path comes first.
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
	if got := first(); got != "tools/lib/slab.c" {
		t.Fatalf("before ranking, sym kmalloc lists %s first; want the shorter path", got)
	}
	if err := query.RefreshRanks(ctx, st); err != nil {
		t.Fatal(err)
	}
	if got := first(); got != "include/linux/slab.h" {
		t.Fatalf("sym kmalloc lists %s first; want include/linux/slab.h, which four files use", got)
	}
}
