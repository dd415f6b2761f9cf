package lang

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// The C++ scanner's speed against the tree-sitter C++ mapper's on libstdc++'s headers:
// `go test -run '^$' -bench CppMapper -benchtime 3x ./indexer/lang`.

// cppBenchFiles returns libstdc++'s bits/ headers, or skips.
func cppBenchFiles(b *testing.B) [][]byte {
	paths, _ := filepath.Glob("/usr/include/c++/*/bits/*.h")
	if len(paths) == 0 {
		b.Skip("SKIP: no /usr/include/c++/*/bits (apt-get install libstdc++-12-dev)")
	}
	var files [][]byte
	for _, p := range paths {
		if src, err := os.ReadFile(p); err == nil {
			files = append(files, src)
		}
	}
	return files
}

// benchCppMapper maps every file once per iteration with m.
func benchCppMapper(b *testing.B, m Mapper) {
	files := cppBenchFiles(b)
	var size int64
	for _, f := range files {
		size += int64(len(f))
	}
	b.SetBytes(size)
	b.ReportAllocs()
	ctx := context.Background()
	for b.Loop() {
		for _, f := range files {
			if _, err := m.Map(ctx, f); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func BenchmarkCppMapperScanner(b *testing.B)    { benchCppMapper(b, &cppMapper{}) }
func BenchmarkCppMapperTreeSitter(b *testing.B) { benchCppMapper(b, newTSMapper(cppTable)) }
