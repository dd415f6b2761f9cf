package lang

import (
	"context"
	"fmt"
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

	"github.com/google/go-cmp/cmp"
	"github.com/readmap/readmap/store"
)

// goDecl is one func, method or type as an independent go/ast walk sees it.
type goDecl struct {
	Qualname   string
	Start, End int
}

// goTruth lists the funcs, methods and types of a Go file straight from go/ast: a func from its
// keyword to its closing brace; a type from its name (or, ungrouped, its keyword) to its end.
func goTruth(src []byte) ([]goDecl, bool) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, false // only files that parse cleanly are compared
	}
	// Lines as they are in the file: //line directives must not move them.
	line := func(p token.Pos) int { return fset.PositionFor(p, false).Line }
	var decls []goDecl
	for _, d := range file.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			name := d.Name.Name
			if d.Recv != nil && len(d.Recv.List) > 0 {
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
			decls = append(decls, goDecl{name, line(d.Pos()), line(d.End())})
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
				decls = append(decls, goDecl{ts.Name.Name, line(start), line(end)})
			}
		}
	}
	return decls, true
}

// goMapped lists the funcs, methods and types readmap's map holds for a Go file.
func goMapped(f *FileMap) []goDecl {
	var decls []goDecl
	for _, s := range f.Symbols {
		switch s.Kind {
		case store.KindFunction, store.KindMethod, store.KindStruct, store.KindInterface, store.KindType:
			if s.Depth == 0 {
				decls = append(decls, goDecl{s.Qualname, s.StartLine, s.EndLine})
			}
		}
	}
	return decls
}

// TestGoRangesMatchGoParser compares, for every Go file of GOROOT/src that parses, every func,
// method and type readmap maps with an independent go/ast walk: same names, same start and end
// lines, nothing missing, nothing extra.
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
	var mu sync.Mutex
	var compared, decls int
	var mismatches []string
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
				got := goMapped(Map(context.Background(), p, src, Options{}))
				mu.Lock()
				compared++
				decls += len(want)
				if diff := cmp.Diff(want, got); diff != "" && len(mismatches) < 20 {
					mismatches = append(mismatches, fmt.Sprintf("%s (-go/parser +readmap):\n%s", p, diff))
				}
				mu.Unlock()
			}
		}()
	}
	for _, p := range files {
		work <- p
	}
	close(work)
	wg.Wait()
	t.Logf("compared %d funcs, methods and types in %d Go files of %s", decls, compared, root)
	if compared < len(files)/2 {
		t.Errorf("only %d of %d files parsed", compared, len(files))
	}
	for _, m := range mismatches {
		t.Error(m)
	}
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

// BenchmarkGoMapper maps the first 400 Go files of GOROOT/src (in walk order) in memory.
func BenchmarkGoMapper(b *testing.B) {
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
	m := goMapper{}
	for b.Loop() {
		for _, src := range srcs {
			_, _ = m.Map(context.Background(), src) // a syntax error still maps what parsed
		}
	}
}
