package indexer

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/readmap/readmap/store"
)

// TestContentFromOutsideTheRootIsNeverStored: a symbolic link under the root that leads out of it
// (a file's own link, or a linked folder on the way) is recorded as outside-root by index, with
// nothing of the file it reaches, and a query that names it maps it in memory without storing it.
func TestContentFromOutsideTheRootIsNeverStored(t *testing.T) {
	ctx := context.Background()
	const secret = "AWS_SECRET_ACCESS_KEY=abc123-outside"
	outside := writeTree(t, map[string]string{
		".env":          secret + "\n",
		"vendor/lib.py": "def leaked():\n    return '" + secret + "'\n",
		"big.log":       strings.Repeat(secret+"\n", 20),
	})
	root := writeTree(t, map[string]string{"a.go": goSource})
	mustSymlink(t, filepath.Join(outside, ".env"), filepath.Join(root, ".env"))
	mustSymlink(t, filepath.Join(outside, "vendor"), filepath.Join(root, "vendor"))
	mustSymlink(t, filepath.Join(outside, "big.log"), filepath.Join(root, "big.log"))
	mustSymlink(t, "a.go", filepath.Join(root, "inside.go")) // a link within the root is a file like any
	st := openStore(t, filepath.Join(t.TempDir(), "index.db"))
	opts := Options{Root: root, MaxFileSize: 100} // big.log is over the limit: its scan must not be stored either

	runIndex(t, st, opts)
	for path, want := range map[string]store.SkipReason{
		".env": store.SkipOutsideRoot, "big.log": store.SkipOutsideRoot, "a.go": store.SkipNone, "inside.go": store.SkipNone,
	} {
		f, err := st.File(ctx, path)
		if err != nil || f.Skip != want {
			t.Errorf("File(%s) = %+v, %v; want skip %q", path, f, err, want)
		}
	}
	for _, name := range []string{".env", "vendor/lib.py", "big.log"} {
		fresh, err := Load(ctx, st, root, filepath.Join(root, name), opts)
		if err != nil {
			t.Fatalf("Load(%s) = %v", name, err)
		}
		if fresh.File.Path != filepath.Join(root, name) || len(fresh.File.Symbols) == 0 {
			t.Errorf("Load(%s) = %+v; want it mapped in memory as a file outside the root", name, fresh.File)
		}
	}
	if got := dump(t, st); strings.Contains(got, "abc123") || strings.Contains(got, "leaked") {
		t.Errorf("the store holds content from outside the root:\n%s", got)
	}
}

// TestOutsideCheckReadsTheDescriptor: what decides is the file that was opened, not where its path
// leads a moment later: a link that led out of the root when the file was opened and leads inside
// by the time of the check still marks the open file as outside.
func TestOutsideCheckReadsTheDescriptor(t *testing.T) {
	outside := writeTree(t, map[string]string{"secret.txt": "from outside\n"})
	root := writeTree(t, map[string]string{"inside.txt": "from inside\n"})
	link := filepath.Join(root, "link.txt")
	mustSymlink(t, filepath.Join(outside, "secret.txt"), link)
	f, fi := openStat(t, link)
	if err := os.Remove(link); err != nil {
		t.Fatal(err)
	}
	mustSymlink(t, "inside.txt", link)
	if openedUnder(f, fi, link, realRoot(root)) {
		t.Error("openedUnder = true for a file opened outside the root whose link now leads inside")
	}
}

// TestLoadUnderARelativeRoot: a root given relative to the working directory is the same root: a
// file under it is stored, not taken for one a link leads out of.
func TestLoadUnderARelativeRoot(t *testing.T) {
	ctx := context.Background()
	root := writeTree(t, map[string]string{"a.go": goSource})
	st := openStore(t, filepath.Join(t.TempDir(), "index.db"))
	t.Chdir(filepath.Dir(root))
	fresh, err := Load(ctx, st, filepath.Base(root), filepath.Join(root, "a.go"), Options{})
	if err != nil || fresh.File.Path != "a.go" {
		t.Fatalf("Load under a relative root = %+v, %v; want a.go", fresh, err)
	}
	if f, err := st.File(ctx, "a.go"); err != nil || f.Skip != store.SkipNone || len(f.Symbols) == 0 {
		t.Errorf("a.go after the load: %+v, %v; want it stored with its map", f, err)
	}
}
