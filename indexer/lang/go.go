package lang

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"

	"github.com/readmap/readmap/store"
)

// This file holds the Go mapper: the declaration scanner of goscan.go and godecl.go, and the
// go/parser map it stands for, which maps the files the scanner gives up on (syntax errors, rare
// ambiguous forms) and is the scanner's reference in go_diff_test.go.

// goMapper maps Go with the declaration scanner, and with go/parser where the scanner gives up.
type goMapper struct{}

// Map returns the imports, funcs, methods, types (with struct fields and interface methods
// nested), consts and vars at the top level of a Go file. A file with syntax errors is mapped as
// far as go/parser got.
func (goMapper) Map(_ context.Context, src []byte) (*Result, error) {
	if res, ok := goScan(src); ok {
		return res, nil
	}
	res, err := goParserMap(src)
	if res == nil {
		return nil, err
	}
	return res, nil // a syntax error still maps what parsed
}

// goParserMap maps a Go file from go/parser's AST, the map the scanner must equal, and returns
// the syntax errors go/parser found.
func goParserMap(src []byte) (*Result, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if file == nil {
		return nil, err
	}
	g := &goMap{src: src, tf: fset.File(file.Pos())}
	for _, imp := range file.Imports {
		if path, err := strconv.Unquote(imp.Path.Value); err == nil {
			g.res.Imports = append(g.res.Imports, path)
		}
	}
	for _, decl := range file.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			g.funcDecl(d)
		case *ast.GenDecl:
			g.genDecl(d)
		}
	}
	return &g.res, err
}

type goMap struct {
	src []byte
	tf  *token.File
	res Result
}

// line is the line of p as it is in the file: a //line directive must not move it.
func (g *goMap) line(p token.Pos) int { return g.tf.PositionFor(p, false).Line }

// text returns the source between two positions with whitespace folded to single spaces.
func (g *goMap) text(from, to token.Pos) string {
	a, b := g.tf.Offset(from), g.tf.Offset(to)
	if a < 0 || b > len(g.src) || a >= b {
		return ""
	}
	return foldSignature(string(g.src[a:b]))
}

func (g *goMap) add(s store.Symbol) int {
	g.res.Symbols = append(g.res.Symbols, s)
	return len(g.res.Symbols) - 1
}

func (g *goMap) funcDecl(d *ast.FuncDecl) {
	end := d.End()
	if d.Body != nil {
		end = d.Body.Lbrace
	}
	s := store.Symbol{
		Name: d.Name.Name, Kind: store.KindFunction, Signature: g.text(d.Pos(), end),
		StartLine: g.line(d.Pos()), EndLine: g.line(d.End()), Parent: -1,
	}
	if d.Recv != nil && len(d.Recv.List) > 0 {
		s.Kind = store.KindMethod
		if recv := receiverType(d.Recv.List[0].Type); recv != "" {
			s.Qualname = recv + "." + d.Name.Name
		}
	}
	g.add(s)
}

// receiverType returns the type name of a method receiver without pointer or type parameters:
// "*Server[T]" gives "Server".
func receiverType(e ast.Expr) string {
	for {
		switch t := e.(type) {
		case *ast.StarExpr:
			e = t.X
		case *ast.ParenExpr:
			e = t.X
		case *ast.IndexExpr:
			e = t.X
		case *ast.IndexListExpr:
			e = t.X
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
}

// genDecl maps type, const and var declarations. A spec's range is the spec's own, except in an
// ungrouped declaration, where it starts at the keyword ("type T struct{...}").
func (g *goMap) genDecl(d *ast.GenDecl) {
	grouped := d.Lparen.IsValid()
	for _, spec := range d.Specs {
		start, end := spec.Pos(), spec.End()
		if !grouped {
			start, end = d.Pos(), d.End()
		}
		switch sp := spec.(type) {
		case *ast.TypeSpec:
			g.typeSpec(sp, start, end)
		case *ast.ValueSpec:
			kind := store.KindVar
			if d.Tok == token.CONST {
				kind = store.KindConst
			}
			sig := g.text(start, end)
			if grouped {
				sig = d.Tok.String() + " " + sig
			}
			for _, name := range sp.Names {
				if name.Name == "_" {
					continue
				}
				g.add(store.Symbol{
					Name: name.Name, Kind: kind, Signature: sig,
					StartLine: g.line(start), EndLine: g.line(end), Parent: -1,
				})
			}
		}
	}
}

func (g *goMap) typeSpec(sp *ast.TypeSpec, start, end token.Pos) {
	s := store.Symbol{
		Name: sp.Name.Name, Kind: store.KindType,
		StartLine: g.line(start), EndLine: g.line(end), Parent: -1,
	}
	head := "type " + g.text(sp.Pos(), sp.Type.Pos())
	switch t := sp.Type.(type) {
	case *ast.StructType:
		s.Kind, s.Signature = store.KindStruct, head+" struct"
		parent := g.add(s)
		g.fields(t.Fields, parent, store.KindField)
	case *ast.InterfaceType:
		s.Kind, s.Signature = store.KindInterface, head+" interface"
		parent := g.add(s)
		g.fields(t.Methods, parent, store.KindMethod)
	default:
		s.Signature = "type " + g.text(sp.Pos(), sp.End())
		g.add(s)
	}
}

// fields adds struct fields or interface methods under parent. An embedded field or interface is
// named by its type.
func (g *goMap) fields(list *ast.FieldList, parent int, kind store.Kind) {
	if list == nil {
		return
	}
	for _, f := range list.List {
		sig := g.text(f.Pos(), f.End())
		names := make([]string, 0, len(f.Names))
		for _, n := range f.Names {
			names = append(names, n.Name)
		}
		k := kind
		if len(names) == 0 {
			name := embeddedName(f.Type)
			if name == "" {
				name = sig // a type-set term such as ~int | ~string
			}
			names = append(names, name)
			if kind == store.KindMethod {
				k = store.KindInterface // an embedded interface or a type-set term
			}
		}
		for _, name := range names {
			g.add(store.Symbol{
				Name: name, Kind: k, Signature: sig,
				StartLine: g.line(f.Pos()), EndLine: g.line(f.End()), Parent: parent, Depth: 1,
			})
		}
	}
}

// embeddedName names an embedded field by its type, without pointer, package or type arguments.
func embeddedName(e ast.Expr) string {
	for {
		switch t := e.(type) {
		case *ast.StarExpr:
			e = t.X
		case *ast.SelectorExpr:
			return t.Sel.Name
		case *ast.IndexExpr:
			e = t.X
		case *ast.IndexListExpr:
			e = t.X
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
}
