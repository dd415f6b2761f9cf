//go:build treesitter

package lang

import (
	"context"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/python"
)

// BenchmarkPythonTreeSitter parses the same files as BenchmarkPythonMapper with tree-sitter's
// Python grammar, for comparison only (the build tag keeps the grammar out of normal builds):
//
//	go test ./indexer -tags treesitter -run XXX -bench 'Python(Mapper|TreeSitter)' -benchtime 1x
func BenchmarkPythonTreeSitter(b *testing.B) {
	files := pyStdlib(b)
	total := 0
	for _, f := range files {
		total += len(f)
	}
	parser := sitter.NewParser()
	defer parser.Close()
	parser.SetLanguage(python.GetLanguage())
	ctx := context.Background()
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for b.Loop() {
		for _, f := range files {
			tree, err := parser.ParseCtx(ctx, nil, f)
			if err != nil {
				b.Fatal(err)
			}
			tree.Close()
		}
	}
	b.ReportMetric(float64(len(files)*b.N)/b.Elapsed().Seconds(), "files/s")
}
