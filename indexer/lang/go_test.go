package lang

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/readmap/readmap/store"
)

// goTruth lists the funcs, methods and types of a Go file straight from go/ast, in source order,
// each named as the map's qualified name: a func from its keyword to its closing brace; a type
// from its name (or, ungrouped, its keyword) to its end. It reports false for a file that does not
// parse.
func goTruth(src []byte) ([]refDef, bool) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, false // only files that parse cleanly are compared
	}
	// Lines as they are in the file: //line directives must not move them.
	line := func(p token.Pos) int { return fset.PositionFor(p, false).Line }
	var decls []refDef
	for _, d := range file.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			kind, name := "func", d.Name.Name
			if d.Recv != nil && len(d.Recv.List) > 0 {
				kind = "method"
				t := d.Recv.List[0].Type
			unwrap:
				for {
					switch x := t.(type) {
					case *ast.ParenExpr: // func ((*(T))) m()
						t = x.X
					case *ast.StarExpr:
						t = x.X
					case *ast.IndexExpr:
						t = x.X
					case *ast.IndexListExpr:
						t = x.X
					default:
						break unwrap
					}
				}
				if id, ok := t.(*ast.Ident); ok {
					name = id.Name + "." + name
				}
			}
			decls = append(decls, refDef{Kind: kind, Name: name, Start: line(d.Pos()), End: line(d.End())})
		case *ast.GenDecl:
			if d.Tok != token.TYPE {
				continue
			}
			for _, s := range d.Specs {
				ts := s.(*ast.TypeSpec)
				start, end := ts.Pos(), ts.End()
				if !d.Lparen.IsValid() {
					start, end = d.Pos(), d.End()
				}
				decls = append(decls, refDef{Kind: "type", Name: ts.Name.Name, Start: line(start), End: line(end)})
			}
		}
	}
	return decls, true
}

// goCounts reports whether s is one of the funcs, methods and types goTruth lists: a top-level
// symbol of their kinds (the map's fields and interface methods are nested in their type).
func goCounts(s *store.Symbol) bool {
	switch s.Kind {
	case store.KindFunction, store.KindMethod, store.KindStruct, store.KindInterface, store.KindType:
		return s.Depth == 0
	}
	return false
}

// goSame reports whether s can be d's symbol: a counted symbol of d's qualified name and kind.
func goSame(d refDef, s *store.Symbol) bool {
	if !goCounts(s) || s.Qualname != d.Name {
		return false
	}
	switch d.Kind {
	case "func":
		return s.Kind == store.KindFunction
	case "method":
		return s.Kind == store.KindMethod
	}
	return s.Kind != store.KindFunction && s.Kind != store.KindMethod
}

// TestGoRangesMatchGoParser compares, for every Go file of GOROOT/src that parses (every tenth
// with -short), every func, method and type readmap maps with an independent go/ast walk: same
// names and kinds, same start and end lines, in the same order, nothing missing, nothing extra.
// Run with -v for the table, READMAP_SHOW_MISSES=1 for every difference.
func TestGoRangesMatchGoParser(t *testing.T) {
	root := gorootSrc()
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil || len(files) < 1000 {
		t.Skipf("GOROOT/src not found or too small (%d files, %v): cannot compare with go/parser", len(files), err)
	}
	if testing.Short() {
		files = sample(files, 10)
	}
	// Workers parse and map; each adds its file to r under mu, and keeps no map.
	r := &refResult{same: goSame, counts: goCounts, ordered: true}
	var mu sync.Mutex
	var compared int
	work := make(chan string)
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range work {
				src, err := os.ReadFile(p)
				if err != nil {
					continue
				}
				want, ok := goTruth(src)
				if !ok {
					continue
				}
				syms := Map(context.Background(), p, src, Options{}).Symbols
				mu.Lock()
				compared++
				r.add(strings.TrimPrefix(p, root+"/"), syms, want)
				mu.Unlock()
			}
		}()
	}
	for _, p := range files {
		work <- p
	}
	close(work)
	wg.Wait()
	t.Logf("readmap against go/ast on %d Go files of %s (%d do not parse):\n%s\nreadmap funcs, methods and types go/ast does not list: %d of %d",
		compared, root, len(files)-compared, r.table("go/ast"), len(r.extra), r.counted)
	r.logMisses(t, "go/ast")
	if compared < len(files)/2 {
		t.Errorf("only %d of %d files parsed", compared, len(files))
	}
	r.wantMatched(t, "funcs, methods and types", 100)
	r.wantExact(t, "funcs, methods and types", 100)
	r.wantFewExtra(t, "go/ast", 0)
	r.wantPlaced(t, "funcs, methods and types")
}

// sample keeps every nth path, for -short runs.
func sample(paths []string, n int) []string {
	var out []string
	for i := 0; i < len(paths); i += n {
		out = append(out, paths[i])
	}
	return out
}

// TestGoLineDirectivesDoNotMoveRanges is the regression test for ranges taken from //line
// directives instead of the file's own lines.
func TestGoLineDirectivesDoNotMoveRanges(t *testing.T) {
	src := "package main\n\n//line other.go:1000\nfunc main() {\n}\n"
	f := Map(context.Background(), "x.go", []byte(src), Options{})
	if len(f.Symbols) != 1 || f.Symbols[0].StartLine != 4 || f.Symbols[0].EndLine != 5 {
		t.Errorf("MapFile with a //line directive = %+v, want main at [4-5]", f.Symbols)
	}
}

// BenchmarkGoMapper maps the first 400 Go files of GOROOT/src (in walk order) in memory with the
// Go mapper (the declaration scanner).
func BenchmarkGoMapper(b *testing.B) {
	m := goMapper{}
	benchmarkGoMap(b, func(src []byte) { _, _ = m.Map(context.Background(), src) })
}

// BenchmarkGoParserMapper maps the same files with the go/parser map, Go's mapper before the
// scanner and its reference.
func BenchmarkGoParserMapper(b *testing.B) {
	benchmarkGoMap(b, func(src []byte) { _, _ = goParserMap(src) })
}

// benchmarkGoMap runs mapFile over the first 400 Go files of GOROOT/src (in walk order).
func benchmarkGoMap(b *testing.B, mapFile func([]byte)) {
	root := gorootSrc()
	if _, err := os.Stat(root); err != nil {
		b.Skipf("GOROOT/src not found: %v", err)
	}
	var srcs [][]byte
	var total int64
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(p) == ".go" && len(srcs) < 400 {
			if src, err := os.ReadFile(p); err == nil {
				srcs = append(srcs, src)
				total += int64(len(src))
			}
		}
		return nil
	})
	b.SetBytes(total)
	b.ReportAllocs()
	for b.Loop() {
		for _, src := range srcs {
			mapFile(src) // a syntax error still maps what parsed
		}
	}
}
