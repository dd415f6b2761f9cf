package lang

import (
	"bytes"
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"strconv"
	"strings"

	"github.com/readmap/readmap/store"
)

// This file holds the Go mapper: the declaration scanner of goscan.go and godecl.go, and the
// go/parser map it stands for, which maps the files the scanner gives up on (syntax errors, rare
// ambiguous forms) and is the scanner's reference in go_diff_test.go.

// goMapper maps Go with the declaration scanner, and with go/parser where the scanner gives up.
type goMapper struct{}

// Map returns the imports, funcs, methods, types (with struct fields and interface methods
// nested), consts and vars at the top level of a Go file. A file with syntax errors is mapped as
// far as go/parser got, with the lines its map cannot be trusted in reported (goMap.unparsed).
func (goMapper) Map(_ context.Context, src []byte) (*Result, error) {
	if res, ok := goScan(src); ok {
		return res, nil
	}
	g, err := goParse(src)
	if g == nil {
		return nil, err
	}
	var list scanner.ErrorList
	if !errors.As(err, &list) || len(list) == 0 {
		return &g.res, nil
	}
	return g.withUnparsed(list), nil // a syntax error still maps what parsed
}

// goParserMap maps a Go file from go/parser's AST, the map the scanner must equal, and returns
// the syntax errors go/parser found.
func goParserMap(src []byte) (*Result, error) {
	g, err := goParse(src)
	if g == nil {
		return nil, err
	}
	return &g.res, err
}

// goParse parses src with go/parser and maps its declarations.
func goParse(src []byte) (*goMap, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "", src, parser.SkipObjectResolution)
	if file == nil {
		return nil, err
	}
	g := &goMap{src: src, tf: fset.File(file.Pos()), decls: file.Decls}
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
	return g, err
}

type goMap struct {
	src   []byte
	tf    *token.File
	decls []ast.Decl
	res   Result
}

// withUnparsed returns the map with the spans go/parser's syntax errors in list make it
// untrustworthy in. When go/parser gave up (after ten errors it returns an empty file), the part
// of the file before the first span is mapped on its own.
func (g *goMap) withUnparsed(list scanner.ErrorList) *Result {
	res := &g.res
	spans := g.unparsed(list)
	if len(g.decls) == 0 && spans[0][0] > 1 {
		if before := goPrefixMap(g.src[:offsetOfLine(g.src, spans[0][0])]); before != nil {
			res = before
		}
	}
	res.Unparsed = spans
	return res
}

// unparsed returns, in order and merged, the line spans go/parser's map cannot be trusted in:
// each top-level declaration holding a syntax error (a BadDecl is what go/parser skipped to
// resync, which only const, type, var and import end, so the funcs in it are lost), from an
// error outside every declaration to the end of the file, and from what is left open at the end
// (goOpenAtEnd) to the end: after an unclosed comment, raw string or bracket the compiler reads
// no declaration, though go/parser may report the errors far after it.
func (g *goMap) unparsed(list scanner.ErrorList) [][2]int {
	last := CountLines(g.src)
	lineOf := func(off int) int { return bytes.Count(g.src[:off], []byte{'\n'}) + 1 }
	var spans [][2]int
	if off := goOpenAtEnd(g.src); off >= 0 {
		spans = append(spans, [2]int{lineOf(off), last})
	}
	d := 0
	for _, e := range list { // sorted by position; the offset, unlike the line, ignores //line
		off := min(e.Pos.Offset, len(g.src))
		for d < len(g.decls) && g.tf.Offset(g.decls[d].End()) <= off {
			d++
		}
		if d < len(g.decls) && g.tf.Offset(g.decls[d].Pos()) <= off {
			spans = append(spans, [2]int{g.line(g.decls[d].Pos()), g.line(g.decls[d].End())})
		} else {
			spans = append(spans, [2]int{lineOf(off), last})
		}
	}
	return joinSpans(spans, last)
}

// goPrefixMap maps the part of a file before its damage: with the scanner when it ends between
// declarations, else with go/parser.
func goPrefixMap(src []byte) *Result {
	if res, ok := goScan(src); ok {
		return res
	}
	res, _ := goParserMap(src)
	return res
}

// goOpenAtEnd returns the offset of what go/scanner leaves open at the end of src, or -1: a
// general comment or raw string with no closer, or else the outermost bracket no closer matched.
func goOpenAtEnd(src []byte) int {
	file := token.NewFileSet().AddFile("", -1, len(src))
	var sc scanner.Scanner
	sc.Init(file, src, nil, scanner.ScanComments)
	var open []token.Pos // the brackets not closed yet, outermost first
	for {
		pos, tok, lit := sc.Scan()
		switch tok {
		case token.EOF:
			if len(open) > 0 {
				return file.Offset(open[0])
			}
			return -1
		case token.COMMENT:
			if strings.HasPrefix(lit, "/*") && (len(lit) < 4 || !strings.HasSuffix(lit, "*/")) {
				return file.Offset(pos)
			}
		case token.STRING:
			if lit[0] == '`' && (len(lit) < 2 || lit[len(lit)-1] != '`') {
				return file.Offset(pos)
			}
		case token.LPAREN, token.LBRACK, token.LBRACE:
			open = append(open, pos)
		case token.RPAREN, token.RBRACK, token.RBRACE:
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
	}
}

// offsetOfLine returns the offset the 1-based line starts at in src.
func offsetOfLine(src []byte, line int) int {
	off := 0
	for ; line > 1; line-- {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return len(src)
		}
		off += i + 1
	}
	return off
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
