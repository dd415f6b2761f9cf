package query_test

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/readmap/readmap/indexer"
	"github.com/readmap/readmap/query"
)

// largestFiles returns the n largest files under root whose names end in ext.
func largestFiles(root, ext string, n int) []string {
	type file struct {
		path string
		size int64
	}
	var files []file
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ext) {
			return nil
		}
		if info, err := d.Info(); err == nil {
			files = append(files, file{p, info.Size()})
		}
		return nil
	})
	sort.Slice(files, func(i, j int) bool { return files[i].size > files[j].size })
	var paths []string
	for _, f := range files[:min(n, len(files))] {
		paths = append(paths, f.path)
	}
	return paths
}

// pythonStdlib returns the folder of Python's standard library, or "" without python3.
func pythonStdlib() string {
	out, err := exec.Command("python3", "-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// TestRealFilesWithinBudgets checks the answer budgets on the 50 largest Go files of GOROOT/src
// and the 50 largest Python files of the standard library: every map within its budget (default
// and 4096), every default read within 28,000 bytes, pages joining back to the file, and the
// median map at most 5% of its file's size.
func TestRealFilesWithinBudgets(t *testing.T) {
	files := largestFiles(gorootSrc(), ".go", 50)
	if stdlib := pythonStdlib(); stdlib != "" {
		files = append(files, largestFiles(stdlib, ".py", 50)...)
	} else {
		t.Log("python3 not found: checking Go files only")
	}
	if len(files) < 50 {
		t.Skipf("GOROOT/src not found: no real files to check (%d)", len(files))
	}
	ctx := context.Background()
	var ratios []float64
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f := indexer.MapFile(ctx, path, src, indexer.Options{})
		for _, budget := range []int{query.DefaultMapBudget, 4096} {
			if m := query.MapText(f, budget); len(m) > budget {
				t.Errorf("%s: map of %d bytes over its budget %d", path, len(m), budget)
			}
		}
		ratios = append(ratios, float64(len(query.MapText(f, query.DefaultMapBudget)))/float64(len(src)))

		layout := query.Layout{PageBytes: query.DefaultPageBytes, MaxLines: query.DefaultMaxLines}
		ans, err := query.Read(ctx, query.ReadRequest{File: f, Display: path, Source: bytes.NewReader(src),
			Size: int64(len(src)), Layout: layout, MapBudget: query.DefaultMapBudget})
		if err != nil {
			t.Fatalf("Read(%s) = %v", path, err)
		}
		var out bytes.Buffer
		if err := ans.WriteText(&out); err != nil {
			t.Fatal(err)
		}
		if out.Len() > query.MaxAnswerBytes {
			t.Errorf("%s: default read is %d bytes, over %d", path, out.Len(), query.MaxAnswerBytes)
		}
		var joined []byte
		for page := 1; page <= ans.Pages; page++ {
			p, err := query.Read(ctx, query.ReadRequest{File: f, Display: path, Source: bytes.NewReader(src),
				Size: int64(len(src)), Layout: layout, MapBudget: query.DefaultMapBudget, Page: page, PageSet: true,
				Pages: ans.PageStarts, Lines: ans.TotalLines})
			if err != nil {
				t.Fatalf("Read(%s, page %d) = %v", path, page, err)
			}
			joined = append(joined, p.Content...)
		}
		if !bytes.Equal(joined, src) && !bytes.Equal(joined, bytes.ToValidUTF8(src, []byte("\uFFFD"))) {
			t.Errorf("%s: %d pages do not join back to the file", path, ans.Pages)
		}
	}
	sort.Float64s(ratios)
	median := ratios[len(ratios)/2]
	t.Logf("%d files: median map size %.2f%% of the file (min %.2f%%, max %.2f%%)", len(files), 100*median, 100*ratios[0], 100*ratios[len(ratios)-1])
	if median > 0.05 {
		t.Errorf("median map size is %.1f%% of the file, over 5%%", 100*median)
	}
}
