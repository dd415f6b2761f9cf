package lang

import (
	"context"
	"strings"
	"testing"

	"github.com/readmap/readmap/store"
)

// This file holds the Go scanner's own tests: the forms where its reading is delicate, each held
// to the go/parser map, and its fuzz test.

// goScanForms are Go sources whose declarations the scanner must read exactly as go/parser does.
var goScanForms = []string{
	"package p\nfunc f() {}\n",
	"\ufeffpackage p\n\nimport \"fmt\"\nimport (\n\tf \"os\"\n\t. \"io\"\n\t_ `net`\n\t\"a\\x62c\"\n)\n",
	"package p\n// doc\nfunc (s *S[K, V]) M(a int,\n\tb int) (x int, err error) {\n\treturn\n}\n",
	"package p\nfunc ((T)) m() {}\nfunc (T) n()\nfunc () o() {}\nfunc (pkg.T) q() {}\nfunc (r [2]T) s() {}\n",
	"package p\nfunc f() struct{ a int } { return struct{ a int }{} }\nfunc g() interface{ M() } { return nil }\n",
	"package p\nfunc f[T any, U interface{ ~int | ~string }](t T) (u U) /* c */ {\n}\n",
	"package p\nfunc asm(x int) int\n\nfunc asm2(\n\tx int,\n) (\n\ty int,\n)\n",
	"package p\ntype (\n\tA int\n\tB = map[string]struct{ x int }\n\tC[T any] struct {\n\t\ta, b T `json:\"a\"`\n\t\t*C[T]\n\t\tpkg.E\n\t\t*pkg.F\n\t\tG[int, string]\n\t\tarr [N]int\n\t\tinner struct {\n\t\t\tx int\n\t\t} \"tag\"\n\t}\n)\n",
	"package p\ntype I interface {\n\tM(a int) error\n\tio.Reader\n\tJ[int]\n\t~int | ~string\n\t*T\n\t[]byte\n\tinterface{ N() }\n\tfmt.Stringer | error\n}\n",
	"package p\ntype A [N]int\ntype B [N + 1]int\ntype C[P *X, Q any] int\ntype D [len(x)]int\ntype E[P ~int] int\ntype F [pkg.N]int\ntype G []T\ntype H[K comparable, V any] map[K]V\ntype J[P *struct{}] struct{}\ntype K [f(x) * 2]int\n",
	"package p\nvar (\n\ta, _, b = 1, 2, 3\n\tc int\n\tf = func() int {\n\t\treturn 1\n\t}()\n)\nconst (\n\tx = iota\n\ty\n\t_\n\tz, w\n)\nvar v = []int{\n\t1,\n}\nconst s = `multi\nline`\n",
	"package p\nvar x = 1 /* a\n b */\nvar y = 'a' + '\\'' + '{'\nvar z = \"}\" + `{`\nfunc f() { s := \"{\"; _ = '}'; /* } */ // }\n}\n",
	"package p\n//line other.go:100\nfunc f() {\n}\ntype T struct{} ; var x = 1\n",
	"package p\ntype T struct{ a int; b string }\ntype U interface{ M(); N() }\ntype V struct {\n}\ntype W = struct{ x int }\n",
	"package p\nfunc f() (ch <-chan int, m map[string][]func() error) { return }\nvar a = x.\n\tY\nvar b = c ++ d\n",
	"package p\nfunc f() {\n\tx := 0x1e+2 + 1e+3 + .5 + 1_000 + 0b1 + 1i\n}\nvar μ, Σ = 1, 2\n",
	"package p\nvar x = 1\nfunc f() {}\nimport \"late\"\n",
	"package p\ntype T struct {\n\ta int\n\tb int c int\n}\n",
	"package p\ntype I interface {\n\tm int\n\t(int) | (string)\n}\n",
	"package p\nfunc f() {\n",
	"package p\nfunc f(a int\n) {}\nfunc g() {}\n",
	"no package\nfunc f() {}\n",
	"package p\nfunc f() { x := \"unterminated\n}\n",
}

// TestGoScannerForms holds the Go mapper to the go/parser map on goScanForms: equal where
// go/parser reads the source without error, every go/parser symbol kept where it does not.
func TestGoScannerForms(t *testing.T) {
	for _, src := range goScanForms {
		for _, text := range []string{src, strings.ReplaceAll(src, "\n", "\r\n")} {
			want, perr := goParserMap([]byte(text))
			got, err := goMapper{}.Map(context.Background(), []byte(text))
			if err != nil {
				t.Fatalf("Map(%q): %v", text, err)
			}
			if err := CheckSymbols(got.Symbols, CountLines([]byte(text))); err != nil {
				t.Errorf("Map(%q): %v", text, err)
			}
			if perr == nil {
				if d := goDiffMaps(want, got); d != "" {
					t.Errorf("Map(%q): %s", text, d)
				}
				continue
			}
			if missing := goMissing(want.Symbols, got.Symbols); len(missing) > 0 {
				t.Errorf("Map(%q) with syntax errors misses %v", text, missing)
			}
		}
	}
}

// TestGoScannerGivesUp checks that the scanner leaves to go/parser the forms it cannot read as
// go/parser does, and reads the rest itself.
func TestGoScannerGivesUp(t *testing.T) {
	for src, wantOK := range map[string]bool{
		"package p\nfunc f() {}\n":                  true,
		"package p\ntype J[P *struct{}] struct{}\n": false, // an operand is a type literal
		"package p\nfunc (a, b T) m() {}\n":         false, // several receivers
		"package p\nfunc f() {\n":                   false, // unbalanced
		"package p\nvar x = f(a\n)\n":               false, // a newline ends the line inside parentheses
		"package p\nvar x = 1 @ 2\n":                false, // a character Go does not have
		"package p\nvar x = \"a\nb\"\n":             false, // a newline inside a string
	} {
		if _, ok := goScan([]byte(src)); ok != wantOK {
			t.Errorf("goScan(%q) reads it: %v, want %v", src, ok, wantOK)
		}
	}
}

// FuzzGoScanner maps arbitrary input with the Go mapper: no panic, no more than linear time,
// ranges inside the file and children inside their parents, and the go/parser map's symbols:
// all of them equal where go/parser reads the input without error; elsewhere no fewer
// declarations and no fewer symbols.
func FuzzGoScanner(f *testing.F) {
	for _, seed := range goScanForms {
		f.Add([]byte(seed))
	}
	for _, seed := range []string{
		"package p\ntype T[", "package p\nfunc (", "package p\nvar x = [[[[((((", "package p\n/* unclosed",
		"package p\nconst c = '", "package p\ntype T struct { a struct { b struct {", "\x00\xff\xfe",
		"package p\ntype T[P [Q [R",
		// Inputs the fuzzer found where go/parser's recovery kept more than the scanner did.
		"package A\ntype A interface{[]{}}", "package A\ntype A[]0[]type 0", "package A\nfunc([!])A()",
		"package A\nvar(_ A,A!0000(){000})\nconst(A0)\nvar A[]0{00}A00000000``", "package A\ntype(A{})",
		"package p\nvar y = 'y' +0'\\'' 1!'{'0var z = \"}\"\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		got, err := goMapper{}.Map(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckSymbols(got.Symbols, CountLines(src)); err != nil {
			t.Fatal(err)
		}
		want, perr := goParserMap(src)
		if perr == nil {
			if d := goDiffMaps(want, got); d != "" {
				t.Fatalf("go/parser reads %q without error, and the scanner's map differs: %s", src, d)
			}
			return
		}
		// With syntax errors go/parser's recovery names what it kept its own way ("[]{" for an
		// interface's "[]{}", "_" for a func after a broken receiver): the scanner must keep no
		// fewer declarations and no fewer symbols.
		top := func(syms []store.Symbol) (n int) {
			for _, s := range syms {
				if s.Depth == 0 {
					n++
				}
			}
			return n
		}
		if top(got.Symbols) < top(want.Symbols) || len(got.Symbols) < len(want.Symbols) {
			t.Fatalf("the scanner keeps %d symbols (%d declarations), go/parser %d (%d) in %q:\n%+v\n%+v",
				len(got.Symbols), top(got.Symbols), len(want.Symbols), top(want.Symbols), src, got.Symbols, want.Symbols)
		}
	})
}

// TestGoScannerLinear scans 1 MiB of each of a few pathological repetitions (deep nesting,
// endless type parameter lists, unclosed literals, a million small funcs): the scanner must read
// each to its end (a quadratic scan of 1 MiB would not end within the test binary's timeout). Not
// timed: a slow machine must not fail it.
func TestGoScannerLinear(t *testing.T) {
	for _, unit := range []string{
		"(", "[", "{", "type T[", "func(", "struct{", "a,", "type T[P *", "var x = [", "type I interface{",
		"'", "\"", "`", "/*", "\n", "type (\n", "func (a T) f() {}\n", "type T[A [B [C", "type T[P *C | D, Q any] int\n",
	} {
		src := []byte("package p\n" + strings.Repeat(unit, 1<<20/len(unit)))
		goScan(src)
	}
}
