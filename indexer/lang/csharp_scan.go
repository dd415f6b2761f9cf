package lang

// The C# mapper: a hand-written declaration scanner. It reads a file's tokens once
// (csharp_scan_lex.go: comments, preprocessor lines, strings and chars skipped whole) and
// recognises declarations where C# puts them: in the file, in namespaces, and in the bodies of
// classes, structs, interfaces, records and enums. Method bodies, accessor bodies and
// initialisers are skipped by counting brackets: what is declared in them (local functions) is
// not mapped, nor are top-level statements.
//
// What it maps, and how, is what the tree-sitter walk (treesitter.go with csharp.go's table, C#'s
// mapper before this one and now the reference of the differential test,
// csharp_scan_diff_test.go) makes of a file the grammar parses without errors: the same symbols
// with the same names, kinds, signatures, ranges and nesting, and the same imports. The symbols
// are built with the walk's own helpers (tsWalk's add, addImport, sig and sigLine), so that
// signatures are cut and folded by the same code. Like the grammar, it reads every branch of a
// preprocessor conditional; when that leaves brackets unbalanced (a brace opened in one branch
// and in the other), it reads the file again with the first branch only, as the walk retries.
//
// A comment, verbatim or raw string left open, or a bracket still open at the end of the file,
// is a syntax error that takes what follows: the scanner reports the lines from it to the end as
// Unparsed, for the line heuristics to map (design section 5). A regular string left open ends
// with its line.

import (
	"bytes"
	"context"
	"math"

	"github.com/readmap/readmap/store"
)

// csMapperName names the scanner in `map --json` output.
const csMapperName = "csharp-scanner"

// csMapper maps C# files with the scanner. It keeps no state between files.
type csMapper struct{}

// Map returns the declarations and imports of one C# file.
func (csMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	s := csScanFile(ctx, src, src)
	if s.err == nil && !s.lx.balanced() && bytes.IndexByte(src, '#') >= 0 {
		if again := csScanFile(ctx, csOneBranch(src), src); again.err == nil && again.lx.balanced() {
			s = again
		}
	}
	if s.err != nil {
		return nil, s.err
	}
	lines := CountLines(src)
	clampToParents(s.w.res.Symbols, lines)
	s.w.res.Unparsed = s.lx.unparsed(lines)
	return &s.w.res, nil
}

// csScanFile scans lexed, a file or its rewrite of the same length, cutting names and
// signatures from text, the file as written.
func csScanFile(ctx context.Context, lexed, text []byte) *csScan {
	s := &csScan{scanStop: scanStop{ctx: ctx}, lx: csLex{src: lexed, line: 1}, w: tsWalk{src: text, lastOverload: -1}}
	s.members(-1, csInFile, 0)
	return s
}

// Where a body's members are.
const (
	csInFile      = iota
	csInNamespace // a block namespace's body
	csInType      // a class's, struct's, interface's or record's body
)

// csScan is the state of one file's scan. The walk w holds the result and cuts signatures.
type csScan struct {
	scanStop
	lx       csLex
	w        tsWalk
	pending  csTok // a token read ahead and given back, when hasPend
	hasPend  bool
	lastLine int // the last line of the last token read
}

// next returns the next token, the one given back first.
func (s *csScan) next() csTok {
	if s.hasPend {
		s.hasPend = false
		return s.pending
	}
	t := s.lx.next()
	if t.kind != csEOF {
		s.lastLine = t.eline
	}
	return t
}

// back gives t back to be read again by next.
func (s *csScan) back(t csTok) { s.pending, s.hasPend = t, true }

// peek returns the next token without reading it.
func (s *csScan) peek() csTok {
	t := s.next()
	s.back(t)
	return t
}

// csMark is a place in the token stream to come back to after a lookahead.
type csMark struct {
	lx       csLex
	pending  csTok
	hasPend  bool
	lastLine int
}

// mark returns the place of the next token.
func (s *csScan) mark() csMark { return csMark{s.lx, s.pending, s.hasPend, s.lastLine} }

// reset goes back to a place mark returned.
func (s *csScan) reset(m csMark) {
	s.lx, s.pending, s.hasPend, s.lastLine = m.lx, m.pending, m.hasPend, m.lastLine
}

// is reports whether t is the punctuation byte c.
func (s *csScan) is(t csTok, c byte) bool {
	return t.kind == csPunct && s.lx.src[t.s] == c
}

// arrow reports whether t is the '=' of a "=>".
func (s *csScan) arrow(t csTok) bool {
	return s.is(t, '=') && t.e < len(s.lx.src) && s.lx.src[t.e] == '>'
}

// word reports whether t is the identifier or keyword w.
func (s *csScan) word(t csTok, w string) bool {
	return t.kind == csIdent && string(s.lx.src[t.s:t.e]) == w
}

// csModifiers are the keywords that may come before a declaration's type or keyword.
var csModifiers = map[string]bool{
	"public": true, "protected": true, "private": true, "internal": true, "static": true,
	"readonly": true, "const": true, "volatile": true, "abstract": true, "sealed": true,
	"virtual": true, "override": true, "extern": true, "unsafe": true, "new": true, "partial": true,
	"async": true, "ref": true, "required": true, "file": true, "fixed": true, "implicit": true,
	"explicit": true, "scoped": true,
}

// members reads the declarations of a body up to the '}' that closes it, which it reads, or to
// the end of the file. nest counts the bodies the walk is in, as the tree-sitter walk counts
// them: past tsMaxNest a body's declarations are not mapped. In the file, a file-scoped
// namespace holds the declarations after it.
func (s *csScan) members(parent, in, nest int) csTok {
	if nest >= tsMaxNest {
		return s.skipBody()
	}
	scope := -1
	for !s.tick() {
		t := s.next()
		switch {
		case t.kind == csEOF:
			if scope >= 0 {
				sym := &s.w.res.Symbols[scope]
				sym.EndLine = max(sym.StartLine, s.lastLine, s.lx.dirLine)
			}
			return t
		case s.is(t, '}'):
			if in != csInFile {
				return t
			}
		case s.is(t, ';'):
		default:
			p := parent
			if scope >= 0 {
				p = scope
			}
			if ns := s.decl(t, p, in, nest); ns >= 0 && in == csInFile && scope < 0 {
				scope = ns
			}
		}
	}
	return csTok{}
}

// csDecl is what the head of a declaration said before its kind is known.
type csDecl struct {
	first csTok // its first token, where its range starts: an attribute's '[' maybe
	sig   int   // where its signature starts: after the attributes
	konst bool
}

// decl reads one declaration starting at t. It returns the index of a file-scoped namespace it
// declared, else -1.
func (s *csScan) decl(t csTok, parent, in, nest int) int {
	d, t, ok := s.head(t, in)
	if !ok {
		return -1
	}
	switch {
	case t.kind == csEOF:
		s.back(t)
	case s.word(t, "class"):
		s.typeDecl(d, parent, store.KindClass, nest)
	case s.word(t, "struct"):
		s.typeDecl(d, parent, store.KindStruct, nest)
	case s.word(t, "interface"):
		s.typeDecl(d, parent, store.KindInterface, nest)
	case s.word(t, "enum"):
		s.typeDecl(d, parent, store.KindEnum, nest)
	case s.word(t, "record") && s.peek().kind == csIdent:
		kind := store.KindClass
		if n := s.peek(); s.word(n, "struct") || s.word(n, "class") {
			if s.word(n, "struct") {
				kind = store.KindStruct
			}
			s.next()
		}
		s.typeDecl(d, parent, kind, nest)
	case s.word(t, "delegate") && s.peek().kind != csPunct:
		s.delegateDecl(d, parent)
	case s.is(t, '{'):
		s.skipBody()
	case in != csInType && s.word(t, "namespace"):
		return s.namespaceDecl(d, parent, nest)
	case in != csInType && s.word(t, "using"):
		s.usingDecl()
	case in != csInType:
		s.back(t)
		s.skipStatement()
	case s.word(t, "event"):
		s.event(d, parent)
	case s.is(t, '~'):
		s.destructor(d, parent)
	default:
		s.member(t, d, parent)
	}
	return -1
}

// head reads a declaration's attributes and modifiers from t, and returns what they say and
// the token after them; ok is false after an assembly's attribute, which is no declaration's.
func (s *csScan) head(t csTok, in int) (d csDecl, next csTok, ok bool) {
	d.first = t
	attrs, sigDir := false, -1
	for s.is(t, '[') && !s.tick() {
		if in != csInType && s.globalAttribute() {
			s.skipTo('[', ']')
			return d, t, false
		}
		s.skipTo('[', ']')
		attrs = true
		t = s.next()
		if sigDir < 0 && t.dir >= 0 {
			// A directive after an attribute is the first child the walk sees: the signature
			// starts there, with the attributes after it.
			sigDir = t.dir
		}
	}
	d.sig = t.s
	switch {
	case attrs && t.cond:
		// The attributes are in a conditional that ends before the declaration: the walk reads
		// them apart.
		d.first = t
	case sigDir >= 0:
		d.sig = sigDir
	}
	for t.kind == csIdent && !s.tick() {
		w := string(s.lx.src[t.s:t.e])
		if !csModifiers[w] && !(w == "global" && s.word(s.peek(), "using")) {
			break
		}
		d.konst = d.konst || w == "const"
		t = s.next()
	}
	return d, t, s.err == nil
}

// globalAttribute reports, after an attribute list's '[', whether it is an assembly's or
// module's attribute, which starts no declaration's range. It reads nothing.
func (s *csScan) globalAttribute() bool {
	defer s.reset(s.mark())
	t := s.next()
	return (s.word(t, "assembly") || s.word(t, "module")) && s.is(s.next(), ':')
}

// namespaceDecl reads a namespace after its keyword: a block one with its members, or a
// file-scoped one, whose index it returns.
func (s *csScan) namespaceDecl(d csDecl, parent, nest int) int {
	var first, last csTok
	for !s.tick() {
		t := s.next()
		switch {
		case s.is(t, '{') || s.is(t, ';'):
			if first.e == 0 {
				s.back(t)
				return -1
			}
			sym := store.Symbol{
				Name: foldName(s.lx.src[first.s:last.e]), Kind: store.KindNamespace, StartLine: d.first.line,
				EndLine: t.eline, Parent: parent,
			}
			if s.is(t, ';') {
				// It holds what follows: members ends it at the end of the file.
				sym.Signature, sym.EndLine = s.w.sig(uint32(d.sig), uint32(t.e)), math.MaxInt32
				return s.w.add(sym)
			}
			sym.Signature, sym.EndLine = s.w.sig(uint32(d.sig), uint32(t.s)), math.MaxInt32
			idx := s.w.add(sym)
			end := s.members(idx, csInNamespace, nest+1)
			s.w.res.Symbols[idx].EndLine = max(s.endLine(end), d.first.line)
			return -1
		case t.kind == csIdent:
			if first.e == 0 {
				first = t
			}
			last = t
		case s.is(t, '.') || s.is(t, ':'):
		default:
			s.back(t)
			return -1
		}
	}
	return -1
}

// endLine is the last line of end, a body's closing token, or the file's last line read when
// the file ended first.
func (s *csScan) endLine(end csTok) int {
	if end.kind == csEOF {
		return s.lx.line
	}
	return end.eline
}

// usingDecl reads a using directive after its keyword and records its namespace or type: the
// name after '=' of an alias. A using statement (top-level code) is skipped.
func (s *csScan) usingDecl() {
	var first, last csTok
	prevIdent := false
	for !s.tick() {
		t := s.next()
		switch {
		case t.kind == csEOF || s.is(t, '}'):
			s.back(t)
			return
		case s.is(t, ';'):
			if first.e > 0 {
				s.w.addImport(foldName(s.lx.src[first.s:last.e]))
			}
			return
		case s.is(t, '=') && !s.arrow(t):
			first, prevIdent = csTok{}, false
			continue
		case s.is(t, '(') || s.is(t, '{'):
			s.back(t)
			s.skipStatement()
			return
		case t.kind == csIdent:
			if prevIdent || first.e == 0 && (s.word(t, "static") || s.word(t, "unsafe")) {
				if prevIdent { // `using Type name = ...`: a declaration
					s.skipStatement()
					return
				}
				continue
			}
			prevIdent = true
			if first.e == 0 {
				first = t
			}
			last = t
			continue
		default:
			last = t
		}
		prevIdent = false
	}
}

// typeDecl reads a class, struct, interface, enum or record after its keyword.
func (s *csScan) typeDecl(d csDecl, parent int, kind store.Kind, nest int) {
	name := s.next()
	if name.kind != csIdent {
		s.back(name)
		return
	}
	open, ok := s.header()
	if !ok {
		if s.is(open, ';') && kind != store.KindEnum {
			// A record, or a class, with no body.
			s.w.add(store.Symbol{
				Name: foldName(s.lx.src[name.s:name.e]), Kind: kind, Signature: s.w.sig(uint32(d.sig), uint32(open.e)),
				StartLine: d.first.line, EndLine: open.eline, Parent: parent,
			})
		}
		return
	}
	idx := s.w.add(store.Symbol{
		Name: foldName(s.lx.src[name.s:name.e]), Kind: kind, Signature: s.w.sig(uint32(d.sig), uint32(open.s)),
		StartLine: d.first.line, EndLine: math.MaxInt32, Parent: parent,
	})
	var end csTok
	if kind == store.KindEnum {
		end = s.enumBody(idx, nest+1)
	} else {
		end = s.members(idx, csInType, nest+1)
	}
	endLine := s.endLine(end)
	if end.kind != csEOF {
		if n := s.next(); s.is(n, ';') {
			endLine = n.eline
		} else {
			s.back(n)
		}
	}
	s.w.res.Symbols[idx].EndLine = max(endLine, d.first.line)
}

// header reads the rest of a type's head (type parameters, a record's parameters, the base list,
// constraints) and its body's '{'. Without one, ok is false and open is the token that ended
// the head: a ';' is read, anything else given back.
func (s *csScan) header() (open csTok, ok bool) {
	depth := 0
	for !s.tick() {
		t := s.next()
		switch {
		case t.kind == csEOF:
			return t, false
		case s.is(t, '(') || s.is(t, '['):
			depth++
		case s.is(t, ')') || s.is(t, ']'):
			depth--
		case s.is(t, '{') && depth <= 0:
			return t, true
		case s.is(t, ';') && depth <= 0:
			return t, false
		case s.is(t, '}'):
			s.back(t)
			return t, false
		}
	}
	return csTok{}, false
}

// enumBody reads an enum's members after its '{' and returns the closing '}'.
func (s *csScan) enumBody(parent, nest int) csTok {
	if nest >= tsMaxNest {
		return s.skipBody()
	}
	for !s.tick() {
		t := s.next()
		switch {
		case t.kind == csEOF || s.is(t, '}'):
			return t
		case s.is(t, ',') || s.is(t, ';'):
		default:
			s.enumMember(t, parent)
		}
	}
	return csTok{}
}

// enumMember reads one enum member from its first token: attributes, a name, maybe a value.
func (s *csScan) enumMember(t csTok, parent int) {
	first := t
	for s.is(t, '[') && !s.tick() {
		s.skipTo('[', ']')
		t = s.next()
	}
	if t.kind != csIdent {
		if s.is(t, '}') || t.kind == csEOF {
			s.back(t)
		} else if s.is(t, '{') {
			s.skipBody()
		}
		return
	}
	name, last := t, t
	if n := s.next(); s.is(n, '=') {
		var stop csTok
		stop, last = s.skipExpr(true)
		s.back(stop)
		if last.e == 0 {
			last = n
		}
	} else {
		s.back(n)
	}
	s.w.add(store.Symbol{
		Name: foldName(s.lx.src[name.s:name.e]), Kind: store.KindEnumMember, Signature: s.w.sig(uint32(name.s), uint32(last.e)),
		StartLine: first.line, EndLine: last.eline, Parent: parent,
	})
}

// delegateDecl reads a delegate after its keyword, up to its ';'.
func (s *csScan) delegateDecl(d csDecl, parent int) {
	var name csTok
	depth := 0
	for !s.tick() {
		t := s.next()
		switch {
		case t.kind == csEOF || s.is(t, '}') && depth == 0 || s.is(t, '{'):
			s.back(t)
			return
		case s.is(t, ';') && depth == 0:
			if name.e > 0 {
				s.w.add(store.Symbol{
					Name: foldName(s.lx.src[name.s:name.e]), Kind: store.KindType, Signature: s.w.sig(uint32(d.sig), uint32(t.e)),
					StartLine: d.first.line, EndLine: t.eline, Parent: parent,
				})
			}
			return
		case s.is(t, '(') || s.is(t, '<'):
			depth++
		case s.is(t, ')') || s.is(t, '>'):
			depth--
		case t.kind == csIdent && depth == 0 && name.e == 0:
			if n := s.peek(); s.is(n, '(') || s.is(n, '<') {
				name = t
			}
		}
	}
}

// event reads an event after its keyword: an event with accessors, or event fields.
func (s *csScan) event(d csDecl, parent int) {
	t, ok := s.typeRef(s.next())
	if !ok {
		s.back(t)
		return
	}
	name, t := s.memberName(t)
	if name.e == 0 {
		s.back(t)
		return
	}
	if s.is(t, '{') {
		s.accessors(d, foldName(s.lx.src[name.s:name.e]), t, parent)
		return
	}
	s.field(t, d, name, parent)
}

// destructor reads a destructor after its '~'.
func (s *csScan) destructor(d csDecl, parent int) {
	name := s.next()
	if name.kind != csIdent {
		s.back(name)
		return
	}
	if t := s.next(); !s.is(t, '(') {
		s.back(t)
		return
	}
	s.method(d, "~"+foldName(s.lx.src[name.s:name.e]), store.KindMethod, parent)
}

// member reads a method, constructor, operator, property, indexer or field from t, the first
// token after its modifiers.
func (s *csScan) member(t csTok, d csDecl, parent int) {
	if s.word(t, "operator") { // a conversion operator: its name is its type
		from := s.next()
		to, ok := s.typeRef(from)
		if !ok || !s.is(to, '(') {
			s.back(to)
			return
		}
		s.method(d, "operator "+foldName(s.lx.src[from.s:s.prevEnd(to)]), store.KindMethod, parent)
		return
	}
	if t.kind == csIdent {
		if n := s.peek(); s.is(n, '(') { // a constructor
			s.next()
			s.method(d, foldName(s.lx.src[t.s:t.e]), store.KindConstructor, parent)
			return
		}
	}
	t, ok := s.typeRef(t)
	if !ok {
		s.skipRest(t)
		return
	}
	if s.word(t, "operator") {
		s.operator(d, parent)
		return
	}
	name, t := s.memberName(t)
	switch {
	case name.e == 0:
		s.skipRest(t)
	case s.word(name, "this") && s.is(t, '['):
		s.skipTo('[', ']')
		s.property(d, "this[]", parent)
	case s.is(t, '('):
		s.method(d, foldName(s.lx.src[name.s:name.e]), store.KindMethod, parent)
	case s.is(t, '{') || s.arrow(t):
		s.back(t)
		s.property(d, foldName(s.lx.src[name.s:name.e]), parent)
	case s.is(t, '=') || s.is(t, ',') || s.is(t, ';') || s.is(t, '['):
		s.field(t, d, name, parent)
	default:
		s.skipRest(t)
	}
}

// prevEnd returns the end of the text before t, the blanks before it left out.
func (s *csScan) prevEnd(t csTok) int {
	e := t.s
	for e > 0 && (s.lx.src[e-1] == ' ' || s.lx.src[e-1] == '\t' || s.lx.src[e-1] == '\n' || s.lx.src[e-1] == '\r') {
		e--
	}
	return e
}

// skipRest skips what is left of a member the scanner does not read, from t.
func (s *csScan) skipRest(t csTok) {
	switch {
	case s.is(t, '}') || t.kind == csEOF:
		s.back(t)
	case s.is(t, '{'):
		s.skipBody()
	case s.is(t, ';'):
	default:
		s.back(t)
		s.skipStatement()
	}
}

// operator reads an operator after its keyword: its token names it, the bytes of a punctuator
// ("==", ">>") read together.
func (s *csScan) operator(d csDecl, parent int) {
	op := s.next()
	end := op.e
	for op.kind == csPunct && !s.tick() {
		t := s.next()
		if t.kind != csPunct || t.s != end || s.is(t, '(') {
			s.back(t)
			break
		}
		end = t.e
	}
	if t := s.next(); !s.is(t, '(') {
		s.back(t)
		return
	}
	s.method(d, "operator "+string(s.lx.src[op.s:end]), store.KindMethod, parent)
}

// typeRef reads a type from t: a name with type arguments, or a tuple, and its suffixes ('?',
// '*', ranks). It returns the token after it, and false when t starts no type.
func (s *csScan) typeRef(t csTok) (csTok, bool) {
	switch {
	case s.is(t, '('):
		s.skipTo('(', ')')
		t = s.next()
	case t.kind == csIdent:
		for !s.tick() {
			t = s.next()
			if s.is(t, '<') {
				if _, ok := s.typeArgs(); !ok {
					return t, true
				}
				t = s.next()
			}
			if !s.is(t, '.') && !(s.is(t, ':') && s.is(s.peek(), ':')) {
				break
			}
			if s.is(t, ':') {
				s.next()
			}
			if t = s.next(); t.kind != csIdent {
				return t, false
			}
		}
	default:
		return t, false
	}
	for !s.tick() {
		switch {
		case s.is(t, '?') || s.is(t, '*'):
		case s.is(t, '[') && s.rank():
		default:
			return t, true
		}
		t = s.next()
	}
	return t, true
}

// rank reports, after a '[', whether it is an array type's rank ("[]", "[,]"), and reads it if
// so.
func (s *csScan) rank() bool {
	m := s.mark()
	for !s.tick() {
		t := s.next()
		switch {
		case s.is(t, ']'):
			return true
		case !s.is(t, ','):
			s.reset(m)
			return false
		}
	}
	return false
}

// csMaxTypeArgs bounds the tokens typeArgs looks at, so that a run of '<' that are not type
// arguments cannot make a scan quadratic.
const csMaxTypeArgs = 256

// typeArgs reads type arguments after their '<' up to the '>' that closes them, which it
// returns, and reports whether they were; if not, it reads nothing.
func (s *csScan) typeArgs() (csTok, bool) {
	m := s.mark()
	depth := 1
	for n := 0; n < csMaxTypeArgs && !s.tick(); n++ {
		t := s.next()
		switch {
		case s.is(t, '<'):
			depth++
		case s.is(t, '>'):
			if depth--; depth == 0 {
				return t, true
			}
		case s.is(t, '(') || s.is(t, ')') || s.is(t, '[') || s.is(t, ']'):
			// tuples and arrays
		case t.kind == csIdent || s.is(t, ',') || s.is(t, '.') || s.is(t, '?') || s.is(t, '*') || s.is(t, ':'):
		default:
			s.reset(m)
			return t, false
		}
	}
	s.reset(m)
	return csTok{}, false
}

// memberName reads a member's name from t: an identifier, maybe with type parameters, maybe
// qualified by the interface it implements explicitly ("IDisposable.Dispose", "I.this"). It
// returns the name's last identifier and the token after it; a zero name when t is none.
func (s *csScan) memberName(t csTok) (name, after csTok) {
	for t.kind == csIdent && !s.tick() {
		name = t
		t = s.next()
		if s.is(t, '<') {
			if _, ok := s.typeArgs(); ok {
				t = s.next()
			}
		}
		if !s.is(t, '.') {
			return name, t
		}
		t = s.next()
	}
	return name, t
}

// method reads a method's, constructor's, destructor's or operator's rest after its '(': the
// parameters, constraints, a constructor's initializer, and its body, arrow or ';'.
func (s *csScan) method(d csDecl, name string, kind store.Kind, parent int) {
	s.skipTo('(', ')')
	depth := 0
	for !s.tick() {
		t := s.next()
		var sigEnd int
		end := t
		switch {
		case t.kind == csEOF:
			return
		case s.is(t, '(') || s.is(t, '['):
			depth++
			continue
		case s.is(t, ')') || s.is(t, ']'):
			depth--
			continue
		case depth > 0:
			continue
		case s.is(t, '{'):
			sigEnd, end = t.s, s.skipBody()
		case s.arrow(t):
			sigEnd = t.s
			end, _ = s.skipExpr(false)
			if !s.is(end, ';') {
				s.back(end)
			}
		case s.is(t, ';'):
			sigEnd = t.e
		case s.is(t, '}'):
			s.back(t)
			return
		default:
			continue
		}
		s.w.add(store.Symbol{
			Name: name, Kind: kind, Signature: s.w.sig(uint32(d.sig), uint32(sigEnd)),
			StartLine: d.first.line, EndLine: s.endLine(end), Parent: parent,
		})
		return
	}
}

// property reads the body of a property or indexer named name: accessors, maybe followed by an
// initializer, or an arrow and its expression.
func (s *csScan) property(d csDecl, name string, parent int) {
	t := s.next()
	switch {
	case s.is(t, '{'):
		s.accessors(d, name, t, parent)
	case s.arrow(t):
		end, _ := s.skipExpr(false)
		if !s.is(end, ';') {
			s.back(end)
		}
		s.w.add(store.Symbol{
			Name: name, Kind: store.KindProperty, Signature: s.w.sig(uint32(d.sig), uint32(t.s)),
			StartLine: d.first.line, EndLine: s.endLine(end), Parent: parent,
		})
	default:
		s.back(t)
	}
}

// accessors reads the accessors of a property, indexer or event named name after their '{', and
// a property's initializer after them.
func (s *csScan) accessors(d csDecl, name string, open csTok, parent int) {
	end := s.skipBody()
	if end.kind != csEOF {
		if n := s.next(); s.is(n, '=') && !s.arrow(n) {
			end, _ = s.skipExpr(false)
			if !s.is(end, ';') {
				s.back(end)
			}
		} else {
			s.back(n)
		}
	}
	s.w.add(store.Symbol{
		Name: name, Kind: store.KindProperty, Signature: s.w.sig(uint32(d.sig), uint32(open.s)),
		StartLine: d.first.line, EndLine: s.endLine(end), Parent: parent,
	})
}

// csDeclarator is one variable of a field declaration: its name and its last token.
type csDeclarator struct {
	name, last csTok
}

// field reads a field or event field declaration from stop, the token after its first
// variable's name, and maps each of its variables. A const field is a constant.
func (s *csScan) field(stop csTok, d csDecl, name csTok, parent int) {
	decls := []csDeclarator{{name: name, last: name}}
	for !s.tick() {
		if s.is(stop, '[') { // a fixed-size buffer
			decls[len(decls)-1].last = s.skipTo('[', ']')
			stop = s.next()
		}
		if s.is(stop, '=') {
			var last csTok
			stop, last = s.skipExpr(false)
			if last.e > 0 {
				decls[len(decls)-1].last = last
			}
		}
		if !s.is(stop, ',') {
			break
		}
		n := s.next()
		if n.kind != csIdent {
			stop = n
			break
		}
		decls = append(decls, csDeclarator{name: n, last: n})
		stop = s.next()
	}
	if s.err != nil {
		return
	}
	if !s.is(stop, ';') {
		s.back(stop)
		if stop.kind == csEOF {
			return
		}
	}
	kind := store.KindField
	if d.konst {
		kind = store.KindConst
	}
	prefix := s.w.raw(uint32(d.sig), uint32(decls[0].name.s))
	for i, v := range decls {
		sym := store.Symbol{
			Name: foldName(s.lx.src[v.name.s:v.name.e]), Kind: kind, Parent: parent,
			Signature: joinSig(prefix, s.w.sigLine(uint32(v.name.s), uint32(v.last.e))),
			StartLine: v.name.line, EndLine: v.last.eline,
		}
		if len(decls) == 1 {
			sym.StartLine, sym.EndLine = d.first.line, stop.eline
		} else if i == 0 {
			sym.StartLine = d.first.line
		}
		s.w.add(sym)
	}
}

// skipExpr skips an initializer or an expression body up to the ',' or ';' that ends it, or a
// closing bracket it does not hold, and returns that token and the expression's last. Type
// arguments ("new Dictionary<K, V>()") are read whole, and unless anyComma (an enum member's
// value) a comma not followed by a declarator does not end the expression.
func (s *csScan) skipExpr(anyComma bool) (stop, last csTok) {
	depth := 0
	prevIdent := false
	for !s.tick() {
		t := s.next()
		switch {
		case t.kind == csEOF:
			return t, last
		case s.is(t, '(') || s.is(t, '[') || s.is(t, '{'):
			depth++
		case s.is(t, ')') || s.is(t, ']') || s.is(t, '}'):
			if depth == 0 {
				return t, last
			}
			depth--
		case s.is(t, ';') && depth == 0:
			return t, last
		case s.is(t, ',') && depth == 0:
			if anyComma || s.declaratorNext() {
				return t, last
			}
		case s.is(t, '<') && prevIdent:
			if gt, ok := s.typeArgs(); ok {
				t = gt
			}
		}
		prevIdent = t.kind == csIdent
		last = t
	}
	return csTok{}, last
}

// declaratorNext reports whether what follows a comma is a variable's declarator: a name, then
// '=', ',', ';' or a fixed buffer's '['. It reads nothing.
func (s *csScan) declaratorNext() bool {
	defer s.reset(s.mark())
	if s.next().kind != csIdent {
		return false
	}
	t := s.next()
	return s.is(t, '=') && !s.arrow(t) || s.is(t, ',') || s.is(t, ';') || s.is(t, '[')
}

// skipBody skips to the '}' that closes a body whose '{' was read, and returns it (or the end of
// the file).
func (s *csScan) skipBody() csTok {
	return s.skipTo('{', '}')
}

// skipTo skips to the close that balances an open that was read, and returns it (or the end of
// the file).
func (s *csScan) skipTo(open, close byte) csTok {
	depth := 1
	if s.hasPend {
		t := s.next()
		switch {
		case t.kind == csEOF:
			return t
		case s.is(t, open):
			depth++
		case s.is(t, close):
			depth--
		}
		if depth == 0 {
			return t
		}
	}
	t := s.lx.skipTo(open, close, depth)
	if t.kind != csEOF {
		s.lastLine = t.eline
	}
	return t
}

// skipStatement skips a statement up to its ';', or a '{...}' block that ends it.
func (s *csScan) skipStatement() {
	depth := 0
	for !s.tick() {
		t := s.next()
		switch {
		case t.kind == csEOF:
			return
		case s.is(t, ';') && depth == 0:
			return
		case s.is(t, '(') || s.is(t, '['):
			depth++
		case s.is(t, ')') || s.is(t, ']'):
			depth = max(depth-1, 0)
		case s.is(t, '}'):
			s.back(t)
			return
		case s.is(t, '{'):
			s.skipBody()
			if depth == 0 {
				return
			}
		}
	}
}
