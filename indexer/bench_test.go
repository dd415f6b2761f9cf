package indexer

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/readmap/readmap/store"
)

// goroot returns GOROOT/src, the large real corpus every Go machine has.
func goroot(b *testing.B) string {
	root := gorootSrc()
	if _, err := os.Stat(root); err != nil {
		b.Skipf("GOROOT/src not found: %v", err)
	}
	return root
}

// BenchmarkIndexGOROOT is a full index of GOROOT/src into a new store, as `readmap index` does.
func BenchmarkIndexGOROOT(b *testing.B) {
	root := goroot(b)
	ctx := context.Background()
	b.ReportAllocs()
	var files int
	for b.Loop() {
		b.StopTimer()
		db := filepath.Join(b.TempDir(), "index.db")
		st, err := store.Open(ctx, db)
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		sum, err := Run(ctx, st, Options{Root: root})
		if err != nil {
			b.Fatal(err)
		}
		files = sum.Seen
		b.StopTimer()
		st.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(files)*float64(b.N)/b.Elapsed().Seconds(), "files/s")
}

// BenchmarkReindexUnchangedGOROOT is a second index of GOROOT/src with nothing changed.
func BenchmarkReindexUnchangedGOROOT(b *testing.B) {
	root := goroot(b)
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(b.TempDir(), "index.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	if _, err := Run(ctx, st, Options{Root: root}); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var files int
	for b.Loop() {
		sum, err := Run(ctx, st, Options{Root: root})
		if err != nil {
			b.Fatal(err)
		}
		if sum.Unchanged != sum.Seen {
			b.Fatalf("re-index changed %d files", sum.Seen-sum.Unchanged)
		}
		files = sum.Seen
	}
	b.ReportMetric(float64(files)*float64(b.N)/b.Elapsed().Seconds(), "files/s")
}

// BenchmarkCtagsGOROOT runs universal-ctags on the same tree, the reference peer:
// ctags -R --fields=+ne --output-format=json -f OUT GOROOT/src.
func BenchmarkCtagsGOROOT(b *testing.B) {
	root := goroot(b)
	if _, err := exec.LookPath("ctags"); err != nil {
		b.Skip("universal-ctags (ctags) is not installed")
	}
	for b.Loop() {
		out := filepath.Join(b.TempDir(), "tags.json") // ctags refuses to overwrite a JSON file
		cmd := exec.Command("ctags", "-R", "--fields=+ne", "--output-format=json", "-f", out, root)
		if msg, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("ctags: %v: %s", err, msg)
		}
	}
}
