package lang

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// cBenchFiles returns the C files of a corpus of the differential test, read, and their size.
func cBenchFiles(b *testing.B, corpus string) ([][]byte, int64) {
	b.Helper()
	for _, c := range cDiffCorpora() {
		if c.name != corpus {
			continue
		}
		if c.skip != "" {
			b.Skipf("SKIP: %s", c.skip)
		}
		var files [][]byte
		var total int64
		for _, p := range c.files(b) {
			if src, err := os.ReadFile(p); err == nil {
				files = append(files, src)
				total += int64(len(src))
			}
		}
		return files, total
	}
	b.Fatalf("no corpus %s", corpus)
	return nil, 0
}

// BenchmarkCMapper maps the C files of /usr/include and, when a Linux tree is found, of its
// kernel/ folder with the scanner and with the tree-sitter mapper it replaced, and reports MB/s
// and files/s:
//
//	go test ./indexer/lang -run '^$' -bench CMapper -benchtime 3x
func BenchmarkCMapper(b *testing.B) {
	for _, corpus := range []string{"usr-include", "linux-kernel"} {
		for _, m := range []struct {
			name string
			new  func() Mapper
		}{{"scanner", func() Mapper { return &cMapper{} }}, {"tree-sitter", func() Mapper { return newTSMapper(cTable) }}} {
			b.Run(filepath.Base(corpus)+"/"+m.name, func(b *testing.B) {
				files, total := cBenchFiles(b, corpus)
				mapper := m.new()
				b.SetBytes(total)
				b.ReportAllocs()
				for b.Loop() {
					for _, src := range files {
						if _, err := mapper.Map(context.Background(), src); err != nil {
							b.Fatal(err)
						}
					}
				}
				b.ReportMetric(float64(len(files))*float64(b.N)/b.Elapsed().Seconds(), "files/s")
			})
		}
	}
}
