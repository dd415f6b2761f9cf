package indexer

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/readmap/readmap/store"
)

// TestCopyAnalysisCoversEveryContentField fails when store.File gains a field that neither
// copyAnalysis copies nor the caller of analyze fills: a file taking a remembered analysis would
// miss it.
func TestCopyAnalysisCoversEveryContentField(t *testing.T) {
	callers := map[string]bool{"Path": true, "Size": true, "ModTimeNS": true, "CTimeNS": true, "Inode": true, "Hash": true, "IndexedAt": true}
	var src store.File
	v := reflect.ValueOf(&src).Elem()
	for i := range v.NumField() {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString("x")
		case reflect.Int, reflect.Int64:
			f.SetInt(7)
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 1))
		default:
			t.Fatalf("field %s: kind %s not handled by this test", v.Type().Field(i).Name, f.Kind())
		}
	}
	var dst store.File
	copyAnalysis(&dst, &src)
	d := reflect.ValueOf(dst)
	for i := range d.NumField() {
		name := d.Type().Field(i).Name
		if copied := !d.Field(i).IsZero(); copied == callers[name] {
			t.Errorf("field %s: copied %v, though the caller fills it: %v", name, copied, callers[name])
		}
	}
}

// TestSameContentIsAnalysedOnce checks that a run's worker maps a content once per language: a
// second name of the same bytes and language takes the first's analysis (its symbols are the
// same slice), equal to what mapping it afresh gives, while a name of another language is mapped.
func TestSameContentIsAnalysedOnce(t *testing.T) {
	ctx := context.Background()
	src := []byte("def f():\n    return g()\n\nclass C:\n    def m(self):\n        pass\n")
	w := newWorker(withDefaults(Options{}), nil)
	w.same = newSameContent()
	analyse := func(path string) (*store.File, store.Packed) {
		f := &store.File{Path: path, Size: int64(len(src)), Hash: Hash(src)}
		p, ok := w.analyze(ctx, f, src)
		if !ok || p.File() != f {
			t.Fatalf("analyze(%s) = %v, packed for %p, want for %p", path, ok, p.File(), f)
		}
		return f, p
	}
	first, _ := analyse("lib/a.py")
	second, _ := analyse("5.4/b.py")
	other, _ := analyse("c.rb")
	if len(first.Symbols) == 0 || &second.Symbols[0] != &first.Symbols[0] {
		t.Fatalf("b.py was mapped again: %d symbols, not a.py's %d", len(second.Symbols), len(first.Symbols))
	}
	if other.Language != "Ruby" || len(other.Symbols) > 0 && &other.Symbols[0] == &first.Symbols[0] {
		t.Fatalf("c.rb took a.py's analysis: language %q", other.Language)
	}
	want := MapFile(ctx, "5.4/b.py", src, Options{})
	if diff := cmp.Diff(want, second); diff != "" {
		t.Errorf("b.py from a.py's analysis differs from its own mapping (-want +got):\n%s", diff)
	}
}

// TestSameContentForgetsTheOldest checks the bound on what a run remembers.
func TestSameContentForgetsTheOldest(t *testing.T) {
	c := newSameContent()
	big := &store.File{Symbols: make([]store.Symbol, sameContentSymbols/2-1)}
	keys := []sameKey{{language: "a"}, {language: "b"}, {language: "c"}}
	for _, k := range keys {
		c.put(k, store.Pack(big).For(big))
	}
	if _, ok := c.get(keys[0]); ok {
		t.Error("the oldest analysis is still known past the bound")
	}
	for _, k := range keys[1:] {
		if _, ok := c.get(k); !ok {
			t.Errorf("analysis %q forgotten", k.language)
		}
	}
	if c.symbols > sameContentSymbols {
		t.Errorf("%d symbols known, bound %d", c.symbols, sameContentSymbols)
	}
	c.put(sameKey{language: "huge"}, store.Pack(&store.File{Symbols: make([]store.Symbol, sameContentSymbols)}))
	if _, ok := c.get(sameKey{language: "huge"}); ok {
		t.Error("an analysis larger than the bound was kept")
	}
}

// TestLinkedAndCopiedFilesGetTheirOwnRows indexes a file, a link to it, a copy, and the same
// bytes under a name of another language, and checks each row against the file mapped alone.
func TestLinkedAndCopiedFilesGetTheirOwnRows(t *testing.T) {
	lua := "local M = {}\n\nfunction M.f(x)\n  return x\nend\n\nreturn M\n"
	root := writeTree(t, map[string]string{"5.1/m.lua": lua, "copy/m.lua": lua, "m.txt": lua})
	if err := os.MkdirAll(filepath.Join(root, "5.4"), 0o755); err != nil {
		t.Fatal(err)
	}
	mustSymlink(t, "../5.1/m.lua", filepath.Join(root, "5.4", "m.lua"))
	st := openStore(t, filepath.Join(t.TempDir(), "index.db"))
	runIndex(t, st, Options{Root: root, Jobs: 2})
	ctx := context.Background()
	for _, path := range []string{"5.1/m.lua", "5.4/m.lua", "copy/m.lua", "m.txt"} {
		got, err := st.File(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		want := MapFile(ctx, path, []byte(lua), Options{})
		if got.Language != want.Language || got.Lines != want.Lines || !reflect.DeepEqual(got.Imports, want.Imports) {
			t.Errorf("%s: language %q, %d lines, imports %v; mapped alone %q, %d, %v", path, got.Language, got.Lines, got.Imports, want.Language, want.Lines, want.Imports)
		}
		if diff := cmp.Diff(want.Symbols, got.Symbols); diff != "" {
			t.Errorf("%s: symbols differ from the file mapped alone (-want +got):\n%s", path, diff)
		}
	}
}
