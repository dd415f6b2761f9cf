package lang

import (
	"context"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// pyStdlib returns the contents of every .py file of the Python standard library that python3
// names (READMAP_PYTHON picks another interpreter), or skips b.
func pyStdlib(tb testing.TB) [][]byte {
	tb.Helper()
	python, err := exec.LookPath(cmpOr(os.Getenv("READMAP_PYTHON"), "python3"))
	if err != nil {
		tb.Skip("SKIPPED: python3 is not on PATH, so there is no standard library to measure on")
	}
	out, err := exec.Command(python, "-c", `import sysconfig; print(sysconfig.get_paths()["stdlib"])`).Output()
	if err != nil {
		tb.Skipf("SKIPPED: python3 does not name its standard library: %v", err)
	}
	root := strings.TrimSpace(string(out))
	var files [][]byte
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".py") {
			if src, err := os.ReadFile(path); err == nil {
				files = append(files, src)
			}
		}
		return nil
	})
	if len(files) == 0 {
		tb.Skipf("SKIPPED: no .py files under %s", root)
	}
	return files
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// BenchmarkPythonMapper maps the whole Python standard library once per iteration.
func BenchmarkPythonMapper(b *testing.B) {
	files := pyStdlib(b)
	total := 0
	for _, f := range files {
		total += len(f)
	}
	m := &pyMapper{}
	ctx := context.Background()
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for b.Loop() {
		for _, f := range files {
			m.Map(ctx, f)
		}
	}
	b.ReportMetric(float64(len(files)*b.N)/b.Elapsed().Seconds(), "files/s")
}
