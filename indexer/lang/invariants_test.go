package lang

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/readmap/readmap/store"
)

// FuzzMappers feeds every mapper of the table random content: none may panic, and every range must
// stay inside the file. The mapper is called directly, not under runMapper's recover, so a panic
// fails the fuzz run.
func FuzzMappers(f *testing.F) {
	for i := range table {
		f.Add(uint8(i), []byte("package x\nfunc f() {}\n"))
		f.Add(uint8(i), []byte("class A:\n    def f(self):\n        pass\n"))
		f.Add(uint8(i), []byte("{\"a\": [1, 2, {\"b\": null}]}\n"))
		f.Add(uint8(i), []byte("# T\n\n## U\ntext\n```go\nx\n```\n"))
		f.Add(uint8(i), []byte("\x00\xff\xfe{{{((([[["))
	}
	f.Fuzz(func(t *testing.T, which uint8, src []byte) {
		lang := table[int(which)%len(table)]
		if lang.NewMapper == nil {
			return
		}
		// A mapper honours its context (one that ignored it would hang the fuzzer).
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		res, err := lang.NewMapper().Map(ctx, src)
		if err != nil || res == nil {
			return
		}
		if err := CheckSymbols(res.Symbols, CountLines(src)); err != nil {
			t.Fatalf("%s: %v", lang.Name, err)
		}
	})
}

// TestFallbackNeverEmpty: any non-empty text gets at least one symbol, whatever its language.
func TestFallbackNeverEmpty(t *testing.T) {
	for _, tc := range []struct{ name, src string }{
		{"notes.txt", "just some words\n"},
		{"blank-first.txt", "\n\n\n   \nhello\n"},
		{"unknown.zzz", "a\nb\nc\n"},
		{"x.go", "not go at all {{{\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := Map(context.Background(), tc.name, []byte(tc.src), Options{})
			if len(f.Symbols) == 0 {
				t.Fatalf("MapFile(%q) has no symbols", tc.src)
			}
			if err := CheckSymbols(f.Symbols, f.Lines); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestDeepNestingStaysLinear maps a chain of 20,000 nested symbols: qualnames are capped, so
// memory and time stay linear in the depth.
func TestDeepNestingStaysLinear(t *testing.T) {
	syms := make([]store.Symbol, 20000)
	for i := range syms {
		syms[i] = store.Symbol{Name: "level", Kind: store.KindBlock, StartLine: 1, EndLine: 1, Parent: i - 1}
	}
	out := normalize(syms, 1)
	last := out[len(out)-1]
	if len(last.Qualname) > maxQualname+len("…") || last.Depth != len(out)-1 {
		t.Errorf("deepest symbol: qualname of %d bytes, depth %d", len(last.Qualname), last.Depth)
	}
}

// mapChecked maps src with m, normalizes the symbols as the indexer does, and fails t unless they
// keep the invariants (CheckSymbols). It returns the symbols and the imports.
func mapChecked(t *testing.T, m Mapper, src string) ([]store.Symbol, []string) {
	t.Helper()
	res, err := m.Map(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	lines := CountLines([]byte(src))
	syms := normalize(res.Symbols, lines)
	if err := CheckSymbols(syms, lines); err != nil {
		t.Fatal(err)
	}
	return syms, res.Imports
}

// scannerLines maps src with m (mapChecked) and renders each symbol with its kind, qualified
// name, lines and signature, indented by depth, then the imports.
func scannerLines(t *testing.T, m Mapper, src string) []string {
	t.Helper()
	syms, imports := mapChecked(t, m, src)
	var out []string
	for _, s := range syms {
		out = append(out, fmt.Sprintf("%s%s %s [%d-%d] %s", strings.Repeat("  ", s.Depth), s.Kind, s.Qualname, s.StartLine, s.EndLine, s.Signature))
	}
	for _, imp := range imports {
		out = append(out, "import "+imp)
	}
	return out
}

// checkScannerPathological maps each of gens' worst-case sources (20,000 units each) with a new
// mapper: the map must keep the invariants. Not timed: a slow machine must not fail it.
func checkScannerPathological(t *testing.T, mapper func() Mapper, gens map[string]func(int) string) {
	t.Helper()
	for name, gen := range gens {
		t.Run(name, func(t *testing.T) {
			src := []byte(gen(20000))
			res, err := mapper().Map(context.Background(), src)
			if err != nil {
				t.Fatal(err)
			}
			if err := CheckSymbols(res.Symbols, CountLines(src)); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// checkScannerRun maps src twice with new mappers, as the scanners' fuzz tests do: each map must
// keep the invariants and equal the other.
func checkScannerRun(t *testing.T, mapper func() Mapper, src []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	res, err := mapper().Map(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckSymbols(res.Symbols, CountLines(src)); err != nil {
		t.Fatal(err)
	}
	again, err := mapper().Map(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(res, again) {
		t.Fatalf("two maps of one file differ:\n%+v\n%+v", res, again)
	}
}
