package indexer

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
)

func TestZZDump(t *testing.T) {
	p := os.Getenv("DUMP")
	if p == "" {
		t.Skip()
	}
	src, _ := os.ReadFile(p)
	f := MapFile(context.Background(), p, src, Options{})
	fmt.Printf("lang=%s mapper=%s lines=%d imports=%v summary=%q\n", f.Language, f.Mapper, f.Lines, f.Imports, f.Summary)
	for _, s := range f.Symbols {
		fmt.Printf("%s%s [%d-%d] %s | %s | %s\n", strings.Repeat("  ", s.Depth), s.Name, s.StartLine, s.EndLine, s.Kind, s.Qualname, s.Signature)
	}
	if err := checkSymbols(f.Symbols, f.Lines); err != nil {
		t.Fatal(err)
	}
}
