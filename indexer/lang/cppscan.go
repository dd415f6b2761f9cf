package lang

// The C++ mapper: a hand-written declaration scanner over clex.go's tokens, built on the C
// scanner (cscan.go): it embeds cScan for the lexer, the preprocessor (#define, #include,
// conditionals followed branch by branch), skipped bodies, enums and the helpers that make
// symbols, and reads C++'s own statements itself: namespaces (nested, inline, `a::b`), classes
// with base lists, templates (the `template<...>` prefix starts the range and the signature),
// functions defined in and out of their class (`A::B::f`, constructors with initializer lists,
// destructors, operators and conversions), `using` aliases and concepts, access specifiers,
// attributes, and friend functions defined in a class body, which tree-sitter's walk leaves out
// (issue 14). cppdecl.go reads a statement's tokens as a declaration.
//
// What it maps is what the tree-sitter walk (treesitter.go with c.go's cppTable, C++'s mapper
// before this one and now the reference of the differential test, cpp_diff_test.go) makes of a
// file the grammar parses without errors: the same names, kinds, signatures, ranges and nesting.

import (
	"context"
	"strings"

	"github.com/readmap/readmap/store"
)

// cppMapper maps C++ files with the scanner; each index worker has its own.
type cppMapper struct {
	s cppScan
}

// Map returns the declarations of one C++ file.
func (m *cppMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	if len(src) > clexMaxSource {
		return &Result{}, nil
	}
	s := &m.s
	s.reset(ctx, src)
	s.namespaces = nil
	s.items(-1, false)
	res, err := s.res, s.err
	lines := CountLines(src)
	res.Unparsed = s.unparsed(lines)
	s.release()
	s.namespaces = nil
	if err != nil {
		return nil, err
	}
	clampToParents(res.Symbols, lines)
	return &res, nil
}

// cppScan is the state of one file's scan: the C scanner's, and the namespaces seen so far.
type cppScan struct {
	cScan
	// namespaces are the last names of the namespaces declared so far: `void ns::f() {}` after
	// `namespace ns` is a function, `void Foo::f() {}` a method (as the tree-sitter walk decides).
	namespaces map[string]bool
}

// cppStmt is one C++ statement as the scanner read it: its tokens are s.toks[base:].
type cppStmt struct {
	base, holes, pending int
	firstSym             int // the first of the statement's symbols in s.res.Symbols
	parent               int
	end                  clexTok // its last token: its ';', its function body's '}', or where it stopped
	fn                   bool    // a function definition, whose body opens at body
	body                 clexTok
	initColon            int  // the index in s.toks of the ':' of a constructor's initializer list, or -1
	macros               bool // it is macro invocations that need no ';' (see macroLine)
	// spec is the index in s.toks of the class, struct, union or enum keyword whose body the
	// statement holds, or -1; specBody the index of that body's token; specSym its symbol, or -1
	// (anonymous); reserved says specSym is an anonymous type a typedef names.
	spec, specBody, specSym int
	reserved                bool
}

// cppAccessWords are the access specifiers, which a ':' follows in a class body.
var cppAccessWords = map[string]bool{"public": true, "private": true, "protected": true}

// items reads the declarations of a container (the file, a namespace, a class body, an extern
// block) until the '}' that closes it, which it returns, or the end of the file.
func (s *cppScan) items(parent int, closed bool) clexTok {
	outer, outerRaw := s.parent, s.rawDirectives
	s.parent, s.rawDirectives = parent, false
	defer func() { s.parent, s.rawDirectives = outer, outerRaw }()
	for {
		t := s.next()
		switch {
		case t.kind == clexEOF:
			return t
		case s.is(t, '}'):
			if closed {
				return t
			}
		case s.is(t, ';'):
		case s.is(t, '{'):
			s.skipBraces() // a block outside any declaration: nothing in it is mapped
		case t.kind == clexIdent && s.reservedMacro(t, clexTok{}, false):
		case t.kind == clexIdent && cppAccessWords[string(s.word(t))]:
			// `public:` in a class body.
			if u := s.next(); !s.is(u, ':') {
				s.unread(u)
				s.statement(t, parent)
			}
		default:
			s.statement(t, parent)
		}
	}
}

// statement reads one statement from its first token up to its ';', the '}' of a function body,
// or the '}' of the container (given back), and maps the declaration it makes. Namespaces and
// extern blocks are read here, their members as the container's items.
func (s *cppScan) statement(first clexTok, parent int) {
	st := cppStmt{base: len(s.toks), holes: len(s.holes), pending: len(s.pending), parent: parent, spec: -1, specSym: -1, initColon: -1,
		firstSym: len(s.res.Symbols)}
	s.toks = append(s.toks, first)
	outerDepth, outerRaw := s.depth, s.rawDirectives
	s.depth, s.mid, s.rawDirectives = 0, true, true
	typedef := s.isWord(first, "typedef")
	assigned := false // a '=' at depth 0 since the last ',': a '{' opens an initializer
	angle := 0        // template argument lists open at depth 0
	params := false   // a parameter list was read: a '{' after it opens the function's body
	inOp := false     // after `operator`: what follows up to its '(' is the operator's name
	if s.is(first, '(') || s.is(first, '[') {
		s.depth++
	}
	if s.isWord(first, "operator") {
		inOp = true
	}
	prev := first
	gapFrom := first.end // where the blanks before the next token start, past directives
	// macros says the statement so far is names, each maybe with arguments, as a run of macro
	// invocations is (see macroLine); named that the last token at depth 0 is such a name.
	macros := first.kind == clexIdent && s.cppWordOf(first) == cppwNone && s.wordOf(first) == cwNone
	named := macros
read:
	for {
		t := s.next()
		if macros && t.line > prev.endLine && s.depth == 0 && s.macroLine(t, prev, gapFrom) {
			s.unread(t)
			st.end, st.macros = prev, true
			break read
		}
		switch t.kind {
		case clexDirective:
			if s.branchEnds(st.base, t) {
				s.unread(t)
				st.end = prev
				break read
			}
			s.directive(t, false)
			gapFrom = t.end
			continue
		case clexEOF:
			if s.depth > 0 {
				s.closes(first.line, t) // a '(' or '[' left open
			}
			st.end = prev
			break read
		case clexIdent:
			if s.reservedMacro(t, prev, typedef) {
				continue
			}
			switch w := string(s.word(t)); w {
			case "typedef":
				typedef = true
			case "operator":
				inOp = true
			}
		case clexPunct:
			c := s.src[t.start]
			opEnd := false // this '(' opens the parameters of an operator
			if inOp && s.depth == 0 {
				// `operator()(`, `operator<`, `operator=`, `operator new[]`: the operator's own
				// brackets and signs are its name.
				if c == '(' && !(s.isWord(prev, "operator") && s.peekIs(')')) {
					inOp, opEnd = false, true
				} else {
					if c == ';' || c == '{' || c == '}' {
						inOp = false
					} else {
						break
					}
				}
			}
			switch c {
			case '(', '[':
				if c == '(' && s.depth == 0 && angle == 0 && !assigned && !s.groupWord(prev) && (opEnd || prev.kind == clexIdent || s.is(prev, '>') || s.is(prev, ')') || s.is(prev, ']')) {
					params = true
				}
				s.depth++
			case ')', ']':
				s.depth = max(s.depth-1, 0)
			case '<':
				if s.depth == 0 && !assigned && prev.kind == clexIdent && !s.isWord(prev, "operator") {
					angle++
				}
			case '>':
				if s.depth == 0 && angle > 0 && !(s.is(prev, '-') && prev.end == t.start) {
					angle--
				}
			case '=':
				assigned = assigned || s.depth == 0 && angle == 0
			case ',':
				if s.depth == 0 && angle == 0 {
					assigned = false
				}
			case ':':
				if params && s.depth == 0 && angle == 0 && !assigned && st.initColon < 0 && !s.scopeColon(prev, t) {
					st.initColon = len(s.toks)
				}
			case ';':
				if s.depth == 0 {
					st.end = t
					break read
				}
			case '}':
				if s.depth == 0 {
					s.unread(t) // the container's: this statement lacks its ';'
					st.end = prev
					break read
				}
			case '{':
				switch {
				case s.depth > 0 || assigned:
					// An initializer, or a lambda or compound literal inside parentheses:
					// nothing in it is mapped.
					t = s.bodyToken(t, s.skipBraces())
				case s.classHead(st.base) >= 0:
					t = s.typeBody(&st, t)
				case st.initColon >= 0 && (prev.kind == clexIdent || s.is(prev, '>')):
					t = s.bodyToken(t, s.skipBraces()) // `: b{v}` of an initializer list
				case s.namespaceHead(st.base):
					s.namespace(&st, t)
					s.depth, s.rawDirectives = outerDepth, outerRaw
					return
				case !params && s.linkage(st.base) && s.level < cMaxNest:
					s.toks, s.holes = s.toks[:st.base], s.holes[:st.holes]
					s.flushPending(st.pending, st.firstSym, parent)
					s.mid, s.rawDirectives = false, outerRaw
					s.level++
					s.closes(t.line, s.items(parent, true))
					s.level--
					s.depth = outerDepth
					return
				case params:
					st.body, st.fn = t, true
					st.end = s.skipBraces()
					break read
				default:
					t = s.bodyToken(t, s.skipBraces()) // `int x{5}`: a braced initializer
				}
			}
		}
		if macros {
			// The depth is the one after t: a '(' that opens arguments has raised it to 1.
			switch plain := t.kind == clexIdent && s.cppWordOf(t) == cppwNone && s.wordOf(t) == cwNone; {
			case s.depth > 1 || s.depth == 1 && !s.is(t, '('):
			case s.depth == 1:
				macros = named
			case s.is(t, ')'):
				named = false
			default:
				macros, named = plain, plain
			}
		}
		s.toks = append(s.toks, t)
		prev, gapFrom = t, t.end
	}
	s.mid, s.rawDirectives = false, outerRaw
	s.depth = outerDepth
	s.declare(&st)
	s.toks = s.toks[:st.base]
	s.holes = s.holes[:st.holes]
	s.flushPending(st.pending, st.firstSym, parent)
}

// groupWord reports whether t is a word whose parentheses are no parameter list: an attribute,
// alignas, decltype, noexcept, ...
func (s *cppScan) groupWord(t clexTok) bool {
	if t.kind != clexIdent {
		return false
	}
	switch string(s.word(t)) {
	case "noexcept", "throw", "explicit", "requires", "sizeof", "alignof":
		return true
	}
	return cppWords[string(s.word(t))] == cppwGroup
}

// macroLine reports whether the statement so far, which ends a line and is made of names each
// maybe with arguments, is macro invocations that need no ';' (`PROTOBUF_NAMESPACE_OPEN`,
// `Q_OBJECT`), so that next, on a later line, starts another: a blank line or a word that only
// starts a declaration (or an access specifier) follows.
func (s *cppScan) macroLine(next, prev clexTok, gapFrom int32) bool {
	if next.line > prev.endLine+1 && s.blankLine(gapFrom, next.start) {
		return true
	}
	return next.kind == clexIdent && cppDeclWords[string(s.word(next))]
}

// cppDeclWords are the words that start a declaration and cannot go on one begun on an earlier
// line by a name.
var cppDeclWords = map[string]bool{"namespace": true, "class": true, "struct": true, "union": true, "enum": true,
	"template": true, "typedef": true, "extern": true, "using": true, "static": true, "inline": true, "virtual": true,
	"friend": true, "constexpr": true, "explicit": true, "public": true, "private": true, "protected": true,
	"static_assert": true}

// isWord reports whether t is the identifier w.
func (s *cppScan) isWord(t clexTok, w string) bool {
	return t.kind == clexIdent && string(s.word(t)) == w
}

// peekIs reports whether the next byte that is not a blank is c (on the same line or not),
// without reading a token.
func (s *cppScan) peekIs(c byte) bool {
	i := s.lx.pos
	for i < len(s.src) && (clexClass[s.src[i]] == clexBlankByte || s.src[i] == '\n') {
		i++
	}
	return i < len(s.src) && s.src[i] == c
}

// scopeColon reports whether the ':' t and the token before it make "::".
func (s *cppScan) scopeColon(prev, t clexTok) bool {
	if s.is(prev, ':') && prev.end == t.start {
		return true
	}
	return int(t.end) < len(s.src) && s.src[t.end] == ':'
}

// namespaceHead reports whether the statement so far is a namespace's head: `namespace`, maybe
// `inline` before it, a name (maybe `a::b`), attributes.
func (s *cppScan) namespaceHead(base int) bool {
	toks := s.toks[base:]
	i := 0
	if i < len(toks) && s.isWord(toks[i], "inline") {
		i++
	}
	if i >= len(toks) || !s.isWord(toks[i], "namespace") {
		return false
	}
	for i++; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.kind == clexIdent, s.is(t, ':'):
		case s.is(t, '[') || s.is(t, ']') || s.is(t, '(') || s.is(t, ')') || t.kind == clexString:
			// attributes: `namespace [[deprecated]] x`, `__attribute__((visibility("default")))`
		default:
			return false
		}
	}
	return true
}

// namespace reads a namespace's body, whose '{' is open: a named one is a symbol with its
// members, an anonymous one's members are the container's.
func (s *cppScan) namespace(st *cppStmt, open clexTok) {
	toks := s.toks[st.base:]
	// The name as the tree-sitter walk writes it: "::" as ".", and a reserved macro the
	// grammar never saw left out (`namespace _GLIBCXX_STD_C::pmr` is ".pmr").
	var name []byte
	nameEnd := -1
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case s.is(t, '['):
			i = s.skipGroup(toks, i)
		case t.kind == clexIdent && s.wordOf(t) == cwAttribute:
			if i+1 < len(toks) && s.is(toks[i+1], '(') {
				i = s.skipGroup(toks, i+1)
			}
		case s.isScope(toks, i):
			name = append(name, '.')
			i++
		case t.kind == clexIdent && !s.isWord(t, "namespace") && !s.isWord(t, "inline"):
			name = append(name, s.word(t)...)
			nameEnd = i
		}
	}
	parent := st.parent
	idx := -1
	first := toks[0]
	s.toks, s.holes = s.toks[:st.base], s.holes[:st.holes]
	if nameEnd >= 0 && s.level < cMaxNest {
		n := string(name)
		idx = s.add(store.Symbol{Name: s.cut(n), Kind: store.KindNamespace, Parent: parent,
			Signature: joinSig(s.raw(first.start, open.start)), StartLine: int(first.line)})
		if s.namespaces == nil {
			s.namespaces = map[string]bool{}
		}
		s.namespaces[string(s.word(toks[nameEnd]))] = true
	}
	s.flushPending(st.pending, st.firstSym, parent)
	s.mid = false
	if s.level >= cMaxNest {
		s.skipBraces()
		return
	}
	s.level++
	inner := parent
	if idx >= 0 {
		inner = idx
	}
	close := s.items(inner, true)
	s.closes(open.line, close)
	s.level--
	if idx >= 0 {
		s.res.Symbols[idx].EndLine = int(close.endLine)
	}
}

// cut caps a name as the tree-sitter walk's text does.
func (s *cppScan) cut(n string) string {
	if len(n) > tsMaxName {
		n = n[:tsMaxName]
	}
	return validUTF8(n)
}

// skipGroup returns the index of the bracket closing the one at toks[i] ('(' or '['), or the
// last index.
func (s *cppScan) skipGroup(toks []clexTok, i int) int {
	depth := 0
	for ; i < len(toks); i++ {
		switch {
		case s.is(toks[i], '(') || s.is(toks[i], '['):
			depth++
		case s.is(toks[i], ')') || s.is(toks[i], ']'):
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return len(toks) - 1
}

// cppTagKinds are the kinds of the class keys.
var cppTagKinds = map[string]store.Kind{"struct": store.KindStruct, "union": store.KindUnion, "enum": store.KindEnum, "class": store.KindClass}

// classHead returns the index in s.toks of the class, struct, union or enum keyword whose body a
// '{' after the statement so far opens, or -1: the keyword, attributes, a name (maybe qualified,
// maybe with template arguments), `final`, and a base list or an enum's type, with no parameter
// list.
func (s *cppScan) classHead(base int) int {
	toks := s.toks[base:]
	kw := -1
	angle, depth := 0, 0
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case s.is(t, '(') || s.is(t, '['):
			if kw >= 0 && depth == 0 && angle == 0 && s.is(t, '(') && !(i > 0 && (s.wordOf(toks[i-1]) == cwAttribute || s.wordOf(toks[i-1]) == cwAlignas || s.isWord(toks[i-1], "decltype") || cppMacroName(s.word(toks[i-1])))) {
				return -1
			}
			depth++
		case s.is(t, ')') || s.is(t, ']'):
			depth--
		case depth > 0:
		case s.is(t, '<') && i > 0 && toks[i-1].kind == clexIdent:
			angle++
		case s.is(t, '>') && angle > 0:
			angle--
		case angle > 0:
		case t.kind == clexIdent:
			if _, ok := cppTagKinds[string(s.word(t))]; ok && kw < 0 {
				kw = base + i
				if s.isWord(t, "enum") && i+1 < len(toks) && (s.isWord(toks[i+1], "class") || s.isWord(toks[i+1], "struct")) {
					i++
				}
			}
		case s.is(t, '=') || s.is(t, '*') || s.is(t, '&'):
			if kw >= 0 {
				return -1
			}
		}
	}
	return kw
}

// typeBody reads the body of the class, struct, union or enum whose '{' is open, making its
// symbol, and returns the body as one token.
func (s *cppScan) typeBody(st *cppStmt, open clexTok) clexTok {
	kw := s.classHead(st.base)
	st.spec, st.specBody = kw, len(s.toks)
	kind := cppTagKinds[string(s.word(s.toks[kw]))]
	name, nameText := s.className(kw)
	typedef := false
	for _, t := range s.toks[st.base:kw] {
		if s.isWord(t, "typedef") {
			typedef = true
		}
	}
	if s.level >= cMaxNest {
		return s.bodyToken(open, s.skipBraces())
	}
	members := st.parent
	if name >= 0 || typedef {
		start, sigFrom := s.toks[kw], s.toks[kw].start
		if tp := s.templateStart(st.base); tp >= 0 {
			start, sigFrom = s.toks[tp], s.toks[tp].start
		}
		sym := store.Symbol{Kind: kind, Parent: st.parent, StartLine: int(start.line)}
		if name >= 0 {
			sym.Name = nameText
			sym.Signature = joinSig(s.raw(sigFrom, open.start))
		} else {
			st.reserved = true // named by the typedef: see declare
		}
		st.specSym = s.add(sym)
		members = st.specSym
	}
	outerDepth, outerMid, outerType := s.depth, s.mid, s.inType
	s.depth, s.mid, s.inType = 0, false, kind != store.KindEnum
	s.level++
	var close clexTok
	if kind == store.KindEnum {
		close = s.enumerators(members)
	} else {
		close = s.items(members, true)
	}
	s.closes(open.line, close)
	s.level--
	s.depth, s.mid, s.inType = outerDepth, outerMid, outerType
	if st.specSym >= 0 {
		s.res.Symbols[st.specSym].EndLine = int(close.endLine)
	}
	return s.bodyToken(open, close)
}

// templateStart returns the index in s.toks of the `template` that starts the statement at
// base (after attributes), or -1.
func (s *cppScan) templateStart(base int) int {
	for i := base; i < len(s.toks); i++ {
		t := s.toks[i]
		switch {
		case s.isWord(t, "template"):
			return i
		case s.is(t, '['):
			i = base + s.skipGroup(s.toks[base:], i-base)
		case t.kind == clexIdent && s.wordOf(t) == cwAttribute && i+1 < len(s.toks) && s.is(s.toks[i+1], '('):
			i = base + s.skipGroup(s.toks[base:], i+1-base)
		default:
			return -1
		}
	}
	return -1
}

// className returns the index of the first token of the name of the class whose keyword is at
// kw, or -1 for an anonymous one, and the name: an identifier (without its template
// arguments: `struct hash<int>` is "hash"), or a qualified name as written.
func (s *cppScan) className(kw int) (int, string) {
	i := kw + 1
	if i < len(s.toks) && (s.isWord(s.toks[i], "class") || s.isWord(s.toks[i], "struct")) && s.isWord(s.toks[kw], "enum") {
		i++
	}
	for i < len(s.toks) {
		t := s.toks[i]
		switch {
		case s.is(t, '['):
			i = kw + s.skipGroup(s.toks[kw:], i-kw) + 1
			continue
		case t.kind == clexIdent && (s.wordOf(t) == cwAttribute || s.wordOf(t) == cwAlignas):
			i++
			if i < len(s.toks) && s.is(s.toks[i], '(') {
				i = kw + s.skipGroup(s.toks[kw:], i-kw) + 1
			}
			continue
		}
		break
	}
	// Annotation macros before the name: `class PROTOBUF_EXPORT PROTOBUF_ALIGNAS(8) Arena`.
	for i+1 < len(s.toks) && s.toks[i].kind == clexIdent && !s.isWord(s.toks[i], "final") && cppMacroName(s.word(s.toks[i])) {
		switch nx := s.toks[i+1]; {
		case s.is(nx, '('):
			i = kw + s.skipGroup(s.toks[kw:], i+1-kw) + 1
			continue
		case nx.kind == clexIdent && !s.isWord(nx, "final"):
			i++
			continue
		}
		break
	}
	if i >= len(s.toks) || !(s.toks[i].kind == clexIdent || s.is(s.toks[i], ':')) || s.isWord(s.toks[i], "final") {
		return -1, ""
	}
	if s.is(s.toks[i], ':') && !(i+1 < len(s.toks) && s.is(s.toks[i+1], ':')) {
		return -1, "" // an enum's type or a base list
	}
	first := i
	end := i
	simple := true
	for j := i; j < len(s.toks); j++ {
		t := s.toks[j]
		switch {
		case t.kind == clexIdent && !s.isWord(t, "final"):
			end = j
		case s.is(t, ':') && j+1 < len(s.toks) && s.is(s.toks[j+1], ':'):
			simple = false
			j++
			end = j
		case s.is(t, '<'):
			close := s.angleEnd(s.toks, j, len(s.toks))
			if close+1 < len(s.toks) && s.is(s.toks[close+1], ':') && close+2 < len(s.toks) && s.is(s.toks[close+2], ':') {
				simple = false
				end = close
				j = close
				continue
			}
			if simple {
				return first, s.name(s.toks[first])
			}
			end = close
			j = len(s.toks)
		default:
			j = len(s.toks)
		}
	}
	if simple && first == end {
		return first, s.name(s.toks[first])
	}
	return first, s.text(s.toks[first].start, s.toks[end].end)
}

// cppMacroName reports whether w is named as macros are: capitals, digits and underscores, with
// at least one capital and one underscore (`PROTOBUF_EXPORT`, `Q_DECL_EXPORT`), so that a
// class's name in capitals (`class URL`) is not taken for one.
func cppMacroName(w []byte) bool {
	upper, under := false, false
	for _, c := range w {
		switch {
		case c >= 'A' && c <= 'Z':
			upper = true
		case c == '_':
			under = true
		case c >= '0' && c <= '9':
		default:
			return false
		}
	}
	return upper && under
}

// text returns the source from one offset to another as the tree-sitter walk's text makes a
// name of a node: blanks folded, capped.
func (s *cppScan) text(from, to int32) string {
	b := s.src[from:to]
	if len(b) > tsMaxName*4 {
		b = b[:tsMaxName*4]
	}
	out := string(b)
	if strings.ContainsAny(out, "\n\r\t") || strings.Contains(out, "  ") {
		out = strings.Join(strings.Fields(out), " ")
	}
	if len(out) > tsMaxName {
		out = out[:tsMaxName]
	}
	return validUTF8(out)
}

// angleEnd returns the index of the '>' that closes the template argument list whose '<' is at
// toks[i], before n (n-1 when none does): brackets inside are skipped, a '>' in parentheses is
// an operator.
func (s *cppScan) angleEnd(toks []clexTok, i, n int) int {
	angle, depth := 0, 0
	for ; i < n; i++ {
		t := toks[i]
		if t.kind != clexPunct {
			continue
		}
		switch s.src[t.start] {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
		case '<':
			if depth == 0 {
				angle++
			}
		case '>':
			if depth == 0 && !(i > 0 && s.is(toks[i-1], '-') && toks[i-1].end == t.start) {
				angle--
				if angle == 0 {
					return i
				}
			}
		case ';', '{':
			return i - 1
		}
	}
	return n - 1
}

// enumerators reads the members of an enum body until its '}', which it returns: each a name,
// maybe with a value, up to a ',' or the '}'. It is cScan.enumerators with C++'s template
// arguments: `A = is_same<T, U>::value` holds a comma that ends nothing.
func (s *cppScan) enumerators(parent int) clexTok {
	outer, outerRaw := s.parent, s.rawDirectives
	s.parent, s.rawDirectives = parent, true
	defer func() { s.parent, s.rawDirectives = outer, outerRaw }()
	for {
		t := s.next()
		switch {
		case t.kind == clexEOF || s.is(t, '}'):
			return t
		case t.kind == clexDirective:
			s.directive(t, false)
			continue
		case t.kind != clexIdent:
			continue
		}
		base, holes, pending := len(s.toks), len(s.holes), len(s.pending)
		s.toks = append(s.toks, t)
		s.mid, s.depth = true, 0
		last, angle := t, 0
		for {
			u := s.next()
			if u.kind == clexEOF {
				break
			}
			if u.kind == clexDirective {
				if s.depth == 0 {
					s.unread(u) // the last enumerator of a branch needs no comma
					break
				}
				s.directive(u, false)
				continue
			}
			if u.kind == clexPunct {
				c := s.src[u.start]
				if s.depth == 0 && (c == '}' || c == ',' && angle == 0) {
					if c == '}' {
						s.unread(u)
					}
					break
				}
				switch c {
				case '(', '[':
					s.depth++
				case ')', ']':
					s.depth = max(s.depth-1, 0)
				case '<':
					if s.depth == 0 && last.kind == clexIdent {
						angle++
					}
				case '>':
					if s.depth == 0 && angle > 0 {
						angle--
					}
				case '{':
					u = s.bodyToken(u, s.skipBraces())
				}
			}
			s.toks = append(s.toks, u)
			last = u
		}
		s.mid, s.depth = false, 0
		s.add(store.Symbol{Name: s.name(t), Kind: store.KindEnumMember, Parent: parent,
			Signature: joinSig(s.raw(t.start, last.end)), StartLine: int(t.line), EndLine: int(last.endLine)})
		s.toks, s.holes = s.toks[:base], s.holes[:holes]
		s.flushPending(pending, len(s.res.Symbols), parent) // an enumerator holds no macro: all the enum's
	}
}
