package lang

// The Java mapper: a hand-written declaration scanner. It reads a file's tokens once (comments,
// strings, text blocks and char literals skipped whole, so that a brace in one is not a brace)
// and recognises declarations where Java puts them: in the file, and in the bodies of classes,
// interfaces, enums, records and annotation types. Method bodies, initializer blocks, field
// initialisers and enum constants' bodies are skipped by counting brackets: what is declared in
// them (local and anonymous classes) is not mapped.
//
// What it maps, and how, is what the tree-sitter walk (treesitter.go with java.go's table, Java's
// mapper before this one and now the reference of the differential test, java_diff_test.go)
// makes of a file the grammar parses without errors: the same symbols with the same names, kinds,
// signatures, ranges and nesting, and the same imports. The symbols are built with the walk's own
// helpers (tsWalk's add, addImport, sig and sigLine), so that signatures are cut and folded by
// the same code. Like the grammar, the scanner reads a Unicode escape (\u007B) as the six bytes
// it is written with, never as the character it stands for.
//
// A comment or text block left open, or a bracket still open at the end of the file, is a
// syntax error that takes what follows: the scanner reports the lines from it to the end as
// Unparsed, for the line heuristics to map (design section 5). A string left open ends with its
// line, as javac reads it, and is skipped.

import (
	"context"
	"math"

	"github.com/readmap/readmap/store"
)

// jvMapperName names the scanner in `map --json` output.
const jvMapperName = "java-scanner"

// jvMapper maps Java files with the scanner. It keeps no state between files.
type jvMapper struct{}

// Map returns the declarations and imports of one Java file.
func (jvMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	s := &jvScan{scanStop: scanStop{ctx: ctx}, lx: jvLex{src: src, line: 1}, w: tsWalk{src: src, lastOverload: -1}}
	s.members(-1, jvInFile, 0)
	if s.err != nil {
		return nil, s.err
	}
	lines := CountLines(src)
	clampToParents(s.w.res.Symbols, lines)
	s.w.res.Unparsed = s.lx.unparsed(lines)
	return &s.w.res, nil
}

// Token kinds.
const (
	jvEOF   = iota
	jvIdent // identifiers and keywords
	jvLit   // strings, text blocks, chars, numbers
	jvPunct // one punctuation byte
	jvBad   // a string or char literal its line ends before its closing quote
)

// jvTok is one token: its kind, its bytes and its first and last lines (1-based).
type jvTok struct {
	kind        int
	s, e        int
	line, eline int
}

// jvLex reads tokens from src; pos and line are where the next token's search starts. depth
// counts the brackets open, and unclosedAt is the line of a comment or text block that ran to
// the end of the file: what a compiler stops at, and the scan reads as one token (0: none).
type jvLex struct {
	src        []byte
	pos        int
	line       int
	depth      int
	unclosedAt int
}

// unparsed returns the lines a compiler could not read, once the lexer has read the whole file
// of lines lines: from a comment or text block left open, or else from the innermost bracket
// still open, to the end.
func (l *jvLex) unparsed(lines int) [][2]int {
	return unclosedToEnd(l.unclosedAt, l.depth, lines, l.src, jvOpenAtEnd)
}

// jvOpenAtEnd returns the line of the innermost bracket still open at the end of src, or 0.
func jvOpenAtEnd(src []byte) int {
	lx := jvLex{src: src, line: 1}
	return innermostOpen(func() (int, int8, bool) {
		t := lx.next()
		if t.kind != jvPunct {
			return t.line, 0, t.kind != jvEOF
		}
		return t.line, bracketDepth[src[t.s]], true
	})
}

// next returns the next token, skipping whitespace and comments.
func (l *jvLex) next() jvTok {
	src := l.src
	for l.pos < len(src) {
		c := src[l.pos]
		switch {
		case c == '\n':
			l.line++
			l.pos++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			l.pos++
		case c == '/' && l.pos+1 < len(src) && src[l.pos+1] == '/':
			for l.pos < len(src) && src[l.pos] != '\n' {
				l.pos++
			}
		case c == '/' && l.pos+1 < len(src) && src[l.pos+1] == '*':
			opened := l.line
			l.pos += 2
			for l.pos < len(src) && !(src[l.pos] == '*' && l.pos+1 < len(src) && src[l.pos+1] == '/') {
				if src[l.pos] == '\n' {
					l.line++
				}
				l.pos++
			}
			if l.pos >= len(src) {
				l.unclosedAt = opened
			}
			l.pos = min(l.pos+2, len(src))
		default:
			// A string its line ends is an error javac reports and reads on after: skipped, it
			// cannot start a declaration that takes the next one's tokens.
			if t := l.token(); t.kind != jvBad {
				return t
			}
		}
	}
	return jvTok{kind: jvEOF, s: len(src), e: len(src), line: l.line, eline: l.line}
}

// token reads the token at pos, which is not whitespace or a comment.
func (l *jvLex) token() jvTok {
	src := l.src
	start, line := l.pos, l.line
	c := src[l.pos]
	kind := jvLit
	switch {
	case rsIdentByte[c] && (c < '0' || c > '9') || c == '$':
		kind = jvIdent
		for l.pos < len(src) && (rsIdentByte[src[l.pos]] || src[l.pos] == '$') {
			l.pos++
		}
	case c >= '0' && c <= '9' || c == '.' && l.pos+1 < len(src) && src[l.pos+1] >= '0' && src[l.pos+1] <= '9':
		l.pos++
		for l.pos < len(src) {
			d := src[l.pos]
			if rsIdentByte[d] || d == '.' {
				l.pos++
				continue
			}
			// An exponent's sign: 1e-9, 0x1p+3.
			if e := src[l.pos-1] | 0x20; (d == '+' || d == '-') && (e == 'e' || e == 'p') {
				l.pos++
				continue
			}
			break
		}
	case c == '"' && l.pos+2 < len(src) && src[l.pos+1] == '"' && src[l.pos+2] == '"':
		l.textBlock()
	case c == '"' || c == '\'':
		if !l.quoted(c) {
			kind = jvBad
		}
	default:
		kind = jvPunct
		l.depth += int(bracketDepth[c])
		l.pos++
	}
	return jvTok{kind: kind, s: start, e: l.pos, line: line, eline: l.line}
}

// textBlock skips a text block ("""...""") at pos, newlines and escaped quotes included.
func (l *jvLex) textBlock() {
	src := l.src
	opened := l.line
	l.pos += 3
	for l.pos < len(src) {
		switch src[l.pos] {
		case '\\':
			if l.pos+1 < len(src) && src[l.pos+1] == '\n' {
				l.line++
			}
			l.pos += 2
			continue
		case '\n':
			l.line++
		case '"':
			if l.pos+2 < len(src) && src[l.pos+1] == '"' && src[l.pos+2] == '"' {
				l.pos += 3
				return
			}
		}
		l.pos++
	}
	l.pos = len(src)
	l.unclosedAt = opened
}

// quoted skips a string or char literal at pos, quoted with q, and reports whether it was
// closed; an unclosed one ends with its line.
func (l *jvLex) quoted(q byte) bool {
	src := l.src
	l.pos++
	for l.pos < len(src) {
		switch src[l.pos] {
		case q:
			l.pos++
			return true
		case '\\':
			if l.pos+1 < len(src) && src[l.pos+1] != '\n' {
				l.pos++
			}
		case '\n':
			return false
		}
		l.pos++
	}
	return false
}

// Where a body's members are: what they may be and what kind a field gets.
const (
	jvInFile      = iota
	jvInClass     // classes, records and enums' declarations after the constants
	jvInInterface // interfaces and annotation types: every field is a constant
)

// jvScan is the state of one file's scan. The walk w holds the result and cuts signatures.
type jvScan struct {
	scanStop
	lx      jvLex
	w       tsWalk
	pending jvTok // a token read ahead and given back, when hasPend
	hasPend bool
}

// next returns the next token, the one given back first.
func (s *jvScan) next() jvTok {
	if s.hasPend {
		s.hasPend = false
		return s.pending
	}
	return s.lx.next()
}

// back gives t back to be read again by next.
func (s *jvScan) back(t jvTok) { s.pending, s.hasPend = t, true }

// peek returns the next token without reading it.
func (s *jvScan) peek() jvTok {
	t := s.next()
	s.back(t)
	return t
}

// jvMark is a place in the token stream to come back to after a lookahead.
type jvMark struct {
	lx      jvLex
	pending jvTok
	hasPend bool
}

// mark returns the place of the next token.
func (s *jvScan) mark() jvMark { return jvMark{s.lx, s.pending, s.hasPend} }

// reset goes back to a place mark returned.
func (s *jvScan) reset(m jvMark) { s.lx, s.pending, s.hasPend = m.lx, m.pending, m.hasPend }

// is reports whether t is the punctuation byte c.
func (s *jvScan) is(t jvTok, c byte) bool {
	return t.kind == jvPunct && s.lx.src[t.s] == c
}

// word reports whether t is the identifier or keyword w.
func (s *jvScan) word(t jvTok, w string) bool {
	return t.kind == jvIdent && string(s.lx.src[t.s:t.e]) == w
}

// jvModifiers are the keywords that may come before a declaration. "non-sealed" is three tokens,
// read apart.
var jvModifiers = map[string]bool{
	"public": true, "protected": true, "private": true, "abstract": true, "static": true, "final": true,
	"strictfp": true, "transient": true, "volatile": true, "synchronized": true, "native": true,
	"default": true, "sealed": true,
}

// members reads the declarations of a body up to the '}' that closes it, which it reads, or to
// the end of the file. nest counts the bodies the walk is in, as the tree-sitter walk counts
// them: past tsMaxNest a body's declarations are not mapped.
func (s *jvScan) members(parent, in, nest int) jvTok {
	if nest >= tsMaxNest {
		return s.skipBody()
	}
	for !s.tick() {
		t := s.next()
		switch {
		case t.kind == jvEOF:
			return t
		case s.is(t, '}'):
			if in != jvInFile {
				return t
			}
		case s.is(t, ';'):
		default:
			s.decl(t, parent, in, nest)
		}
	}
	return jvTok{}
}

// jvDecl is what the head of a declaration said before its kind is known.
type jvDecl struct {
	first         jvTok // its first token, where its range starts: an annotation's '@' maybe
	sig           int   // where its signature starts: after the annotations
	static, final bool
}

// decl reads one declaration starting at t.
func (s *jvScan) decl(t jvTok, parent, in, nest int) {
	d := jvDecl{first: t, sig: -1}
	for !s.tick() {
		if s.is(t, '@') {
			if n := s.peek(); s.word(n, "interface") {
				break
			}
			s.annotation()
			t = s.next()
			continue
		}
		if d.sig < 0 {
			d.sig = t.s
		}
		if t.kind != jvIdent {
			break
		}
		w := string(s.lx.src[t.s:t.e])
		if jvModifiers[w] {
			d.static = d.static || w == "static"
			d.final = d.final || w == "final"
			t = s.next()
			continue
		}
		if w == "non" {
			// non-sealed: three tokens, and a field named "non" is two.
			m := s.mark()
			if dash := s.next(); s.is(dash, '-') {
				if sealed := s.next(); s.word(sealed, "sealed") {
					t = s.next()
					continue
				}
			}
			s.reset(m)
		}
		break
	}
	if s.err != nil {
		return
	}
	if d.sig < 0 {
		d.sig = t.s
	}
	switch {
	case s.is(t, '@'): // @interface
		s.next()
		s.typeDecl(d, parent, store.KindInterface, jvInInterface, nest)
	case s.word(t, "class"):
		s.typeDecl(d, parent, store.KindClass, jvInClass, nest)
	case s.word(t, "interface"):
		s.typeDecl(d, parent, store.KindInterface, jvInInterface, nest)
	case s.word(t, "enum"):
		s.typeDecl(d, parent, store.KindEnum, jvInClass, nest)
	case s.word(t, "record") && s.peek().kind == jvIdent:
		s.typeDecl(d, parent, store.KindClass, jvInClass, nest)
	case s.is(t, '{'):
		s.skipBody()
	case in == jvInFile && s.word(t, "import"):
		s.importDecl()
	case in == jvInFile && (s.word(t, "package") || s.word(t, "module") || s.word(t, "open")):
		// A package declaration, or a module's (module-info.java), which the walk leaves alone.
		s.skipStatement()
	default:
		s.member(t, d, parent, in)
	}
}

// annotation reads an annotation after its '@': a name and maybe its arguments.
func (s *jvScan) annotation() {
	for !s.tick() {
		if t := s.next(); t.kind != jvIdent {
			s.back(t)
			return
		}
		if t := s.next(); !s.is(t, '.') {
			if s.is(t, '(') {
				s.skipParens()
			} else {
				s.back(t)
			}
			return
		}
	}
}

// importDecl reads an import after its keyword: the path as written, with ".*" when it imports
// every name of a package or type.
func (s *jvScan) importDecl() {
	var first, last jvTok
	star := false
	for !s.tick() {
		t := s.next()
		switch {
		case t.kind == jvEOF || s.is(t, '}'):
			s.back(t)
			return
		case s.is(t, ';'):
			if first.e > 0 {
				path := foldName(s.lx.src[first.s:last.e])
				if star {
					path += ".*"
				}
				s.w.addImport(path)
			}
			return
		case t.kind == jvIdent:
			if first.e == 0 && s.word(t, "static") {
				continue
			}
			if first.e == 0 {
				first = t
			}
			last = t
		case s.is(t, '*'):
			star = true
		}
	}
}

// typeDecl reads a class, interface, enum, record or annotation type after its keyword.
func (s *jvScan) typeDecl(d jvDecl, parent int, kind store.Kind, in, nest int) {
	name := s.next()
	if name.kind != jvIdent {
		s.back(name)
		return
	}
	open, ok := s.header()
	if !ok {
		return
	}
	idx := s.w.add(store.Symbol{
		Name: foldName(s.lx.src[name.s:name.e]), Kind: kind, Signature: s.w.sig(uint32(d.sig), uint32(open.s)),
		StartLine: d.first.line, EndLine: math.MaxInt32, Parent: parent,
	})
	var end jvTok
	if kind == store.KindEnum {
		end = s.enumBody(idx, nest+1)
	} else {
		end = s.members(idx, in, nest+1)
	}
	if end.kind == jvEOF {
		end.eline = s.lx.line
	}
	s.w.res.Symbols[idx].EndLine = max(end.eline, d.first.line)
}

// header reads the rest of a type's head (type parameters, extends, implements, permits, a
// record's components) and its body's '{'. Without one, ok is false.
func (s *jvScan) header() (open jvTok, ok bool) {
	depth := 0
	for !s.tick() {
		t := s.next()
		switch {
		case t.kind == jvEOF:
			return t, false
		case s.is(t, '(') || s.is(t, '['):
			depth++
		case s.is(t, ')') || s.is(t, ']'):
			depth--
		case s.is(t, '{') && depth <= 0:
			return t, true
		case s.is(t, '}') || s.is(t, ';'):
			s.back(t)
			return t, false
		}
	}
	return jvTok{}, false
}

// enumBody reads an enum's body after its '{': the constants, then from a ';' the members. It
// returns the closing '}'.
func (s *jvScan) enumBody(parent, nest int) jvTok {
	if nest >= tsMaxNest {
		return s.skipBody()
	}
	for !s.tick() {
		t := s.next()
		switch {
		case t.kind == jvEOF || s.is(t, '}'):
			return t
		case s.is(t, ','):
		case s.is(t, ';'):
			// The walk maps the declarations after the constants as a node of their own, one
			// body deeper.
			return s.members(parent, jvInClass, nest+1)
		default:
			s.enumConstant(t, parent)
		}
	}
	return jvTok{}
}

// enumConstant reads one enum constant from its first token: annotations, a name, maybe
// arguments and a body.
func (s *jvScan) enumConstant(t jvTok, parent int) {
	first := t
	for s.is(t, '@') && !s.tick() {
		s.annotation()
		t = s.next()
	}
	if t.kind != jvIdent {
		// Not a constant: leave a '}' to close the body, skip anything else.
		if s.is(t, '}') {
			s.back(t)
		}
		return
	}
	name, last, sigEnd := t, t, -1
	if n := s.next(); s.is(n, '(') {
		last = s.skipParens()
	} else {
		s.back(n)
	}
	if n := s.next(); s.is(n, '{') {
		sigEnd = n.s
		last = s.skipBody()
	} else {
		s.back(n)
	}
	if sigEnd < 0 {
		sigEnd = last.e
	}
	s.w.add(store.Symbol{
		Name: foldName(s.lx.src[name.s:name.e]), Kind: store.KindEnumMember, Signature: s.w.sig(uint32(name.s), uint32(sigEnd)),
		StartLine: first.line, EndLine: last.eline, Parent: parent,
	})
}

// member reads a method, constructor or field from t, the first token after its modifiers.
func (s *jvScan) member(t jvTok, d jvDecl, parent, in int) {
	if s.is(t, '<') {
		s.skipAngles()
		t = s.next()
	}
	typeStart := t
	var name, prev jvTok
	angle := 0
	for !s.tick() {
		switch {
		case t.kind == jvEOF:
			return
		case s.is(t, '(') || s.is(t, '=') || s.is(t, ';') || s.is(t, '{') || s.is(t, '}') ||
			s.is(t, ',') && angle == 0:
			s.memberRest(t, d, name, prev, typeStart, parent, in)
			return
		case s.is(t, '<'):
			angle++
		case s.is(t, '>'):
			angle = max(angle-1, 0)
		case s.is(t, '@'):
			s.annotation()
		case t.kind == jvIdent && angle == 0:
			name = t
		}
		prev = t
		t = s.next()
	}
}

// memberRest reads a member from stop, the token after its name (and a field's dimensions).
func (s *jvScan) memberRest(stop jvTok, d jvDecl, name, prev, typeStart jvTok, parent, in int) {
	if name.e == 0 {
		if s.is(stop, '}') {
			s.back(stop)
		} else if s.is(stop, '{') {
			s.skipBody()
		}
		return
	}
	nameText := foldName(s.lx.src[name.s:name.e])
	switch {
	case s.is(stop, '(') && prev == name:
		kind := store.KindMethod
		if name == typeStart {
			kind = store.KindConstructor
		}
		s.skipParens()
		body, end := s.methodTail()
		sigEnd := end.e
		if body {
			sigEnd = end.s
			end = s.skipBody()
		}
		s.w.add(store.Symbol{
			Name: nameText, Kind: kind, Signature: s.w.sig(uint32(d.sig), uint32(sigEnd)),
			StartLine: d.first.line, EndLine: end.eline, Parent: parent,
		})
	case s.is(stop, '{') && name == typeStart && prev == name:
		// A record's compact constructor: `R {`.
		end := s.skipBody()
		s.w.add(store.Symbol{
			Name: nameText, Kind: store.KindConstructor, Signature: s.w.sig(uint32(d.sig), uint32(stop.s)),
			StartLine: d.first.line, EndLine: end.eline, Parent: parent,
		})
	case s.is(stop, '=') || s.is(stop, ',') || s.is(stop, ';'):
		s.field(stop, d, name, prev, parent, in)
	default:
		if s.is(stop, '}') {
			s.back(stop)
		} else if s.is(stop, '{') {
			s.skipBody()
		} else if s.is(stop, '(') {
			s.skipParens()
		}
	}
}

// methodTail reads what follows a method's parameters (dimensions, throws, an annotation
// element's default) up to its body's '{' (body true) or its ';'.
func (s *jvScan) methodTail() (body bool, end jvTok) {
	for !s.tick() {
		t := s.next()
		switch {
		case t.kind == jvEOF:
			return false, t
		case s.is(t, '{'):
			return true, t
		case s.is(t, ';'):
			return false, t
		case s.is(t, '}'):
			s.back(t)
			return false, t
		case s.word(t, "default"):
			stop, _ := s.skipExpr()
			if s.is(stop, '}') || stop.kind == jvEOF {
				s.back(stop)
			}
			return false, stop
		}
	}
	return false, jvTok{}
}

// jvDeclarator is one variable of a field declaration: its name and its last token.
type jvDeclarator struct {
	name, last jvTok
}

// field reads a field declaration from stop, the token after its first declarator's name and
// dimensions, and maps each of its variables. A static final field is a constant, as is every
// field of an interface.
func (s *jvScan) field(stop jvTok, d jvDecl, name, prev jvTok, parent, in int) {
	decls := []jvDeclarator{{name: name, last: prev}}
	for !s.tick() {
		if s.is(stop, '=') {
			var last jvTok
			stop, last = s.skipExpr()
			if last.e > 0 {
				decls[len(decls)-1].last = last
			}
		}
		if !s.is(stop, ',') {
			break
		}
		// The next declarator: a name and maybe dimensions.
		n := s.next()
		if n.kind != jvIdent {
			stop = n
			break
		}
		decl := jvDeclarator{name: n, last: n}
		for stop = s.next(); s.is(stop, '[') || s.is(stop, ']') || s.is(stop, '@'); stop = s.next() {
			decl.last = stop
		}
		decls = append(decls, decl)
	}
	if s.err != nil {
		return
	}
	if !s.is(stop, ';') {
		s.back(stop)
		if s.is(stop, '{') || stop.kind == jvEOF {
			return
		}
	}
	kind := store.KindField
	if in == jvInInterface || d.static && d.final {
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

// skipExpr skips an initializer or a default value up to the ',' or ';' that ends it, or a
// closing bracket it does not hold, and returns that token and the expression's last. A '<'
// after `new Type` or a '.' opens type arguments, whose commas do not end the expression; nor
// does a comma not followed by a declarator (`HashMap<K, V>::new`).
func (s *jvScan) skipExpr() (stop, last jvTok) {
	depth, angle := 0, 0
	newType := false // after `new`, in the type's name
	var prev jvTok
	for !s.tick() {
		t := s.next()
		switch {
		case t.kind == jvEOF:
			return t, last
		case s.is(t, '(') || s.is(t, '[') || s.is(t, '{'):
			depth++
			angle = 0
		case s.is(t, ')') || s.is(t, ']') || s.is(t, '}'):
			if depth == 0 {
				return t, last
			}
			depth--
		case depth == 0 && angle == 0 && s.is(t, ';'):
			return t, last
		case depth == 0 && angle == 0 && s.is(t, ','):
			if s.declaratorNext() {
				return t, last
			}
		case s.is(t, ';'):
			if depth == 0 {
				return t, last
			}
			angle = 0
		case s.is(t, '<') && (angle > 0 || newType || s.is(prev, '.')):
			angle++
		case s.is(t, '>') && angle > 0:
			angle--
		}
		newType = s.word(t, "new") || newType && (t.kind == jvIdent || s.is(t, '.') || s.is(t, '@'))
		prev, last = t, t
	}
	return jvTok{}, last
}

// declaratorNext reports whether what follows a comma is a variable's declarator: a name, maybe
// dimensions, then '=', ',' or ';'. It reads nothing.
func (s *jvScan) declaratorNext() bool {
	defer s.reset(s.mark())
	if s.next().kind != jvIdent {
		return false
	}
	for !s.tick() {
		t := s.next()
		switch {
		case s.is(t, '=') || s.is(t, ',') || s.is(t, ';'):
			return true
		case !s.is(t, '[') && !s.is(t, ']'):
			return false
		}
	}
	return false
}

// skipBody skips to the '}' that closes a body whose '{' was read, and returns it (or the end of
// the file).
func (s *jvScan) skipBody() jvTok {
	return s.skipTo('{', '}')
}

// skipParens skips to the ')' that closes a '(' that was read, and returns it.
func (s *jvScan) skipParens() jvTok {
	return s.skipTo('(', ')')
}

// skipAngles skips to the '>' that closes a '<' that was read (type parameters), stopping early
// at what cannot be in them.
func (s *jvScan) skipAngles() {
	depth := 1
	for !s.tick() {
		t := s.next()
		switch {
		case t.kind == jvEOF || s.is(t, '{') || s.is(t, '}') || s.is(t, ';') || s.is(t, '('):
			s.back(t)
			return
		case s.is(t, '<'):
			depth++
		case s.is(t, '>'):
			if depth--; depth == 0 {
				return
			}
		}
	}
}

// skipTo skips to the close that balances an open that was read, and returns it (or the end of
// the file).
func (s *jvScan) skipTo(open, close byte) jvTok {
	src := s.lx.src
	depth := 1
	for !s.tick() {
		t := s.next()
		if t.kind == jvEOF {
			return t
		}
		if t.kind != jvPunct {
			continue
		}
		switch src[t.s] {
		case open:
			depth++
		case close:
			if depth--; depth == 0 {
				return t
			}
		}
	}
	return jvTok{}
}

// skipStatement skips a statement up to its ';', or a '{...}' block that ends it.
func (s *jvScan) skipStatement() {
	for !s.tick() {
		t := s.next()
		switch {
		case t.kind == jvEOF || s.is(t, ';'):
			return
		case s.is(t, '}'):
			s.back(t)
			return
		case s.is(t, '{'):
			s.skipBody()
			return
		}
	}
}
