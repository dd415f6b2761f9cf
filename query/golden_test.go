package query_test

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/readmap/readmap/indexer"
	"github.com/readmap/readmap/query"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// TestGoldenMaps maps every fixture under testdata/langs and compares its default map and its
// JSON with testdata/golden/NAME.map and NAME.json.
func TestGoldenMaps(t *testing.T) {
	fixtures, err := filepath.Glob("../testdata/langs/*")
	if err != nil || len(fixtures) == 0 {
		t.Fatalf("no fixtures under testdata/langs (%v)", err)
	}
	for _, fixture := range fixtures {
		name := filepath.Base(fixture)
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(fixture)
			if err != nil {
				t.Fatal(err)
			}
			f := indexer.MapFile(context.Background(), "testdata/langs/"+name, src, indexer.Options{})
			var js bytes.Buffer
			enc := json.NewEncoder(&js)
			enc.SetIndent("", "  ")
			enc.SetEscapeHTML(false)
			if err := enc.Encode(query.NewFileJSON(f)); err != nil {
				t.Fatal(err)
			}
			compareGolden(t, filepath.Join("../testdata/golden", name+".json"), js.Bytes())
			compareGolden(t, filepath.Join("../testdata/golden", name+".map"), []byte(query.MapText(f, query.DefaultMapBudget)))
		})
	}
}

// compareGolden compares got with the golden file, or rewrites it under -update.
func compareGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (create it with: go test ./query -run TestGoldenMaps -update)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s mismatch (-want +got); if the change is right, refresh with: go test ./query -update\n%s", path, diff)
	}
}
