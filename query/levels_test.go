package query

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/readmap/readmap/indexer"
)

var updateLevels = flag.Bool("update-levels", false, "rewrite testdata/golden/levels (also done by -update)")

// TestGoldenMapLevels renders the Go and Python fixtures at every level, unfolded and folded,
// and compares each with testdata/golden/levels/NAME.LEVEL[.folded].map.
func TestGoldenMapLevels(t *testing.T) {
	for _, name := range []string{"server.go", "processor.py"} {
		src, err := os.ReadFile(filepath.Join("..", "testdata", "langs", name))
		if err != nil {
			t.Fatal(err)
		}
		f := indexer.MapFile(context.Background(), "testdata/langs/"+name, src, indexer.Options{})
		r := newMapRenderer(f)
		for lvl := levelFull; lvl <= levelElided; lvl++ {
			for _, fold := range []bool{false, true} {
				if lvl == levelElided && fold {
					continue
				}
				var text string
				if lvl == levelElided {
					text = r.elided(1200)
				} else {
					keep := noFolding
					if fold {
						keep = 0
					}
					text, _ = r.render(lvl, keep, 1<<20)
				}
				suffix := levelNames[lvl]
				if fold {
					suffix += ".folded"
				}
				path := filepath.Join("..", "testdata", "golden", "levels", name+"."+suffix+".map")
				if *updateLevels || updateFlag() {
					if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(path)
				if err != nil {
					t.Fatalf("%v (create it with: go test ./query -update)", err)
				}
				if diff := cmp.Diff(string(want), text); diff != "" {
					t.Errorf("%s mismatch (-want +got); if the change is right, refresh with: go test ./query -update\n%s", path, diff)
				}
			}
		}
	}
}

// updateFlag reports whether -update (defined by the external golden test) is set.
func updateFlag() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}
