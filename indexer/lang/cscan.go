package lang

// The C mapper: a hand-written declaration scanner over clex.go's tokens. It reads the file as a
// C compiler's parser would see its declarations, without a preprocessor and without a symbol
// table: at file level, in `extern "C"` blocks and in struct, union and enum bodies it collects
// each statement's tokens up to its ';' (or a function's body, which it skips without making
// tokens), then cdecl.go reads the declaration those tokens make. Preprocessor lines are read
// whole: #define and #include become macros and imports, and conditionals are followed so that
// the declarations of every branch are mapped without a branch's braces unbalancing the rest of
// the file (see branch and branchEnds).
//
// What it maps, and how, is what the tree-sitter walk (treesitter.go with c.go's table over
// tree-sitter's C grammar, C's mapper before this one and now the reference of the differential
// test, c_diff_test.go) makes of a file the grammar parses without errors: the same symbols with
// the same names, kinds, signatures, ranges and nesting. Where the grammar fails (unexpanded
// macros, conditionals inside declarations), the scanner reads on as described at each rule,
// and it is about 30 times as fast.
//
// A syntax error that hides the rest of the file from the scanner (a block comment without its
// "*/", a body or a bracket the end of the file finds open) is reported as lines it could not
// read (Result.Unparsed, see unparsed), where the line heuristics then map what it hid; a
// literal its line ends unclosed is dropped, as compilers drop it, and hides nothing.

import (
	"bytes"
	"context"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/readmap/readmap/store"
)

// cMaxNest bounds how many bodies (structs in structs, extern "C" blocks) the scanner enters, as
// tsMaxNest bounds the tree-sitter walk: past it, a body is skipped.
const cMaxNest = 48

// cKeepToks is the token buffer capacity a mapper keeps between files.
const cKeepToks = 1 << 14

// cMapper maps C files with the scanner; each index worker has its own.
type cMapper struct {
	s cScan
}

// Map returns the declarations of one C file.
func (m *cMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	if len(src) > clexMaxSource {
		return &Result{}, nil
	}
	s := &m.s
	s.reset(ctx, src)
	s.items(-1, false)
	res, err := s.res, s.err
	lines := CountLines(src)
	res.Unparsed = s.unparsed(lines)
	s.release()
	if err != nil {
		return nil, err
	}
	clampToParents(res.Symbols, lines)
	return &res, nil
}

// cScan is the state of one file's scan.
type cScan struct {
	lx    clexer
	src   []byte
	ctx   context.Context
	err   error
	steps int
	res   Result

	seenImports map[string]bool
	// toks holds the tokens of the statements being read, outer ones first: a struct body read
	// inside a declaration adds its members' statements after the declaration's tokens.
	toks []clexTok
	// holes are the spans inside the statements being read that are not part of what they say:
	// preprocessor lines and skipped branches, in source order (a skipped branch after the
	// #else that starts it). Signatures leave them out.
	holes []cSpan
	// pending are the macros met inside a statement, added after its symbols to keep them in
	// source order.
	pending []store.Symbol
	conds   []cCond // the conditionals open at pos, innermost last

	level  int  // bodies entered (structs, enums, extern blocks, skipped bodies)
	depth  int  // brackets open in the statement being read, or braces in the body being skipped
	mid    bool // a statement is being read at the current level
	inType bool // the current level is a struct or union body
	parent int  // the symbol the current level's declarations belong to, or -1

	match, stack []int32 // matchBrackets' buffers

	back    clexTok // a token read ahead and given back
	hasBack bool
	// rawDirectives makes next return preprocessor lines rather than handle them: the reader
	// of a statement or an enumerator decides first whether the line ends it.
	rawDirectives bool
	// openAtEnd is the line of the '{' of the innermost body the end of the file left open, or
	// 0 (see closes).
	openAtEnd int
}

// cSpan is a range of byte offsets.
type cSpan struct{ start, end int32 }

// cMark is where the scanner stands, as far as conditionals care: a branch that leaves the
// scanner elsewhere than where its #if found it opened something the next branch would open again.
type cMark struct{ level, toks, depth int }

// cCond is an open conditional: where its #if found the scanner.
type cCond struct{ at cMark }

// reset starts a scan of src, keeping the buffers of the last.
func (s *cScan) reset(ctx context.Context, src []byte) {
	s.lx.reset(src)
	s.src, s.ctx, s.err, s.steps = src, ctx, nil, 0
	s.res = Result{}
	s.seenImports = nil
	s.toks, s.holes, s.pending, s.conds = s.toks[:0], s.holes[:0], s.pending[:0], s.conds[:0]
	s.level, s.depth, s.mid, s.inType, s.parent = 0, 0, false, false, -1
	s.hasBack, s.rawDirectives, s.openAtEnd = false, false, 0
}

// release drops what the scan holds of the file, and buffers a huge statement grew.
func (s *cScan) release() {
	s.src, s.lx.src, s.ctx, s.res, s.seenImports = nil, nil, nil, Result{}, nil
	if cap(s.toks) > cKeepToks {
		s.toks, s.match, s.stack = nil, nil, nil
	}
}

// closes notes that close ends the body whose '{' is on line open (or the statement, begun
// there, whose bracket it ends). When the end of the file does, the body is still open there: a
// syntax error. Bodies end inside out, so the first noted is the innermost.
func (s *cScan) closes(open int32, close clexTok) {
	if close.kind == clexEOF && s.openAtEnd == 0 {
		s.openAtEnd = int(open)
	}
}

// unparsed returns the span, up to the file's last line, of the syntax error that hides the
// rest of the file from the scanner: a block comment without its "*/", or else the innermost
// body still open at the end (one a brace too many opened, or whose '}' is missing).
func (s *cScan) unparsed(last int) [][2]int {
	from := s.lx.unclosed
	if from == 0 {
		from = s.openAtEnd
	}
	if from == 0 {
		return nil
	}
	return [][2]int{{from, max(last, from)}}
}

// mark returns where the scanner stands for the conditionals.
func (s *cScan) mark() cMark { return cMark{s.level, len(s.toks), s.depth} }

// next returns the next token that is not a preprocessor line or a stray literal, handling the
// lines it passes.
func (s *cScan) next() clexTok {
	if s.hasBack {
		s.hasBack = false
		if s.back.kind != clexDirective || s.rawDirectives {
			return s.back
		}
		s.directive(s.back, false)
	}
	for {
		s.steps++
		if s.steps&1023 == 0 && s.err == nil {
			s.err = s.ctx.Err()
		}
		if s.err != nil {
			return clexTok{start: int32(len(s.src)), end: int32(len(s.src)), line: int32(s.lx.line), endLine: int32(s.lx.line)}
		}
		switch t := s.lx.next(); {
		case t.kind == clexStray:
			// Dropped, as compilers drop it: a lone quote loses nothing that follows.
		case t.kind != clexDirective || s.rawDirectives:
			return t
		default:
			s.directive(t, false)
		}
	}
}

// unread gives t back, to be the next token.
func (s *cScan) unread(t clexTok) { s.back, s.hasBack = t, true }

// is reports whether t is the punctuation c.
func (s *cScan) is(t clexTok, c byte) bool {
	return t.kind == clexPunct && s.src[t.start] == c
}

// word returns an identifier's text.
func (s *cScan) word(t clexTok) []byte { return s.src[t.start:t.end] }

// items reads the declarations of a container (the file, a struct or union body, an extern "C"
// block) until the '}' that closes it, which it returns, or the end of the file.
func (s *cScan) items(parent int, closed bool) clexTok {
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
		default:
			s.statement(t, parent)
		}
	}
}

// statement reads one statement from its first token up to its ';', the '}' of a function body,
// or the '}' of the container (given back), and maps the declaration it makes.
func (s *cScan) statement(first clexTok, parent int) {
	st := cStmt{base: len(s.toks), holes: len(s.holes), pending: len(s.pending), parent: parent, spec: -1, specSym: -1, knr: -1,
		firstSym: len(s.res.Symbols)}
	s.toks = append(s.toks, first)
	outerDepth, outerRaw := s.depth, s.rawDirectives
	s.depth, s.mid, s.rawDirectives = 0, true, true
	assigned := false // a '=' at depth 0 since the last ',': a '{' opens an initializer
	typedef := s.wordOf(first) == cwTypedef
	if s.is(first, '(') || s.is(first, '[') {
		s.depth++
	}
	prev := first
	gapFrom := first.end // where the blanks before the next token start, past directives
	// macros says the statement so far is names, each maybe with arguments, as a run of macro
	// invocations is (see macroLine); named that the last token at depth 0 is such a name.
	macros := first.kind == clexIdent && s.wordOf(first) == cwNone
	named := macros
read:
	for {
		t := s.next()
		if macros && t.line > prev.endLine && s.depth == 0 && s.macroLine(st.base, t, prev, gapFrom) {
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
			typedef = typedef || s.wordOf(t) == cwTypedef
		case clexPunct:
			switch s.src[t.start] {
			case '(', '[':
				s.depth++
			case ')', ']':
				s.depth = max(s.depth-1, 0)
			case '=':
				assigned = assigned || s.depth == 0
			case ',':
				if s.depth == 0 {
					assigned = false
				}
			case ';':
				if s.depth == 0 && !s.knr(&st) {
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
					// An initializer, or a statement expression or compound literal inside
					// parentheses: nothing in it is mapped.
					t = s.bodyToken(t, s.skipBraces())
				case s.specifierAt(st.base) >= 0:
					t = s.typeBody(&st, t)
				case s.linkage(st.base) && s.level < cMaxNest:
					s.toks, s.holes = s.toks[:st.base], s.holes[:st.holes]
					s.flushPending(st.pending, st.firstSym, parent)
					s.mid, s.rawDirectives = false, outerRaw
					s.level++
					outerType := s.inType
					s.inType = false
					s.closes(t.line, s.items(parent, true))
					s.level--
					s.inType = outerType
					s.depth = outerDepth
					return
				default:
					st.body, st.fn = t, true
					st.end = s.skipBraces()
					break read
				}
			}
		}
		if macros {
			// The depth is the one after t: a '(' that opens arguments has raised it to 1.
			switch plain := t.kind == clexIdent && s.wordOf(t) == cwNone; {
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

// flushPending adds the macros met inside a statement (s.pending from from on) after its
// symbols (s.res.Symbols from first on): each under the last of those whose lines hold it (a
// #define in a function's body under the function, one in an initializer under the variable),
// the others in the container, parent.
func (s *cScan) flushPending(from, first, parent int) {
	for _, m := range s.pending[from:] {
		m.Parent = parent
		for k := len(s.res.Symbols) - 1; k >= first; k-- {
			if o := &s.res.Symbols[k]; o.StartLine <= m.StartLine && m.EndLine <= o.EndLine {
				m.Parent = k
				break
			}
		}
		s.add(m)
	}
	s.pending = s.pending[:from]
}

// macroLine reports whether the statement so far, which ends a line and is made of names each
// maybe with arguments, is macro invocations that need no ';' (`G_BEGIN_DECLS`,
// `NILFS_FNS(ERROR, error)`, the lines of `BTF_KFUNCS_START(x) BTF_ID_FLAGS(...)
// BTF_KFUNCS_END(x)`), so that next, on a later line, starts another: a blank line or a keyword
// that only starts a declaration follows. A type on a line of its own (`FT_Error` above
// `FT_Foo(void);`) is never followed by either, and an annotation on a line of its own
// (`OSSL_DEPRECATEDIN_3_0` above `unsigned long f(void);`) is not by a blank line.
func (s *cScan) macroLine(base int, next, prev clexTok, gapFrom int32) bool {
	toks := s.toks[base:]
	if next.line > prev.endLine+1 && s.blankLine(gapFrom, next.start) {
		return true
	}
	switch s.wordOf(next) {
	case cwTypedef, cwExtern, cwStorage, cwTag:
		return true
	case cwConst:
		// `BTF_ID_LIST_SINGLE(ids, struct, x)` above `const struct ops x = {`; but a name
		// alone above a type is an annotation (`OSSL_DEPRECATEDIN_3_0`), as is a kernel-style
		// one with arguments (`__printf(1, 2)`).
		return len(toks) > 1 && !s.annotation(toks[0])
	}
	return false
}

// blankLine reports whether src[from:to] holds a blank line.
func (s *cScan) blankLine(from, to int32) bool {
	gap := s.src[from:to]
	for i := 0; i < len(gap); i++ {
		if gap[i] != '\n' {
			continue
		}
		j := i + 1
		for j < len(gap) && (gap[j] == ' ' || gap[j] == '\t' || gap[j] == '\r') {
			j++
		}
		if j < len(gap) && gap[j] == '\n' {
			return true
		}
	}
	return false
}

// branchEnds reports whether directive t is an #else or #elif of a conditional whose branch the
// statement starting at base began with: the statement ends there, unfinished, and the next
// branch is read as well (`#if A int x = F(1) #else int x; #endif`; a macro line without its
// ';'), rather than the rest of the conditional skipped as for a statement begun before it.
func (s *cScan) branchEnds(base int, t clexTok) bool {
	if len(s.conds) == 0 || s.conds[len(s.conds)-1].at != (cMark{s.level, base, 0}) {
		return false
	}
	text := s.src[t.start+1 : t.end]
	w := text[cSkipDirectiveBlanks(text, 0):]
	return hasWord(w, "else") || hasWord(w, "elif") || hasWord(w, "elifdef") || hasWord(w, "elifndef")
}

// bodyToken is a skipped body from its '{' to its '}' as one token.
func (s *cScan) bodyToken(open, close clexTok) clexTok {
	return clexTok{start: open.start, end: close.end, line: open.line, endLine: close.endLine, kind: clexBody}
}

// skipBraces skips the body whose '{' was just read, following its conditionals, and returns its
// '}' (or the end of the file).
func (s *cScan) skipBraces() clexTok {
	s.level++
	outerDepth := s.depth
	defer func() { s.level--; s.depth = outerDepth }()
	open := int32(s.lx.line) // the '{' was the last token read
	depth := 1
	for {
		t, d := s.lx.skipBody(depth)
		if t.kind != clexDirective {
			s.closes(open, t)
			return t
		}
		s.depth = d
		s.directive(t, true)
		depth = d
		if s.err = s.ctx.Err(); s.err != nil {
			return clexTok{start: int32(len(s.src)), end: int32(len(s.src)), line: int32(s.lx.line), endLine: int32(s.lx.line)}
		}
	}
}

// linkage reports whether the statement so far is `extern "C"` (or "C++"), whose '{' opens a
// block of declarations that belong to the container.
func (s *cScan) linkage(base int) bool {
	toks := s.toks[base:]
	return len(toks) == 2 && toks[0].kind == clexIdent && string(s.word(toks[0])) == "extern" && toks[1].kind == clexString
}

// typeBody reads the body of the struct, union or enum whose '{' is open, making its symbol (see
// cStmt.spec), and returns the body as one token.
func (s *cScan) typeBody(st *cStmt, open clexTok) clexTok {
	kw := s.specifierAt(st.base)
	st.spec, st.specBody = kw, len(s.toks) // the caller adds the body's token there
	kind := cTagKinds[string(s.word(s.toks[kw]))]
	name := s.tagName(kw)
	typedef := false
	for _, t := range s.toks[st.base:kw] {
		if t.kind == clexIdent && string(s.word(t)) == "typedef" {
			typedef = true
		}
	}
	if s.level >= cMaxNest {
		return s.bodyToken(open, s.skipBraces())
	}
	members := st.parent // an anonymous type's members are its container's
	if name >= 0 || typedef {
		sym := store.Symbol{Kind: kind, Parent: st.parent, StartLine: int(s.toks[kw].line)}
		if name >= 0 {
			sym.Name = s.name(s.toks[name])
			sym.Signature = joinSig(s.raw(s.toks[kw].start, open.start))
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

// enumerators reads the members of an enum body until its '}', which it returns: each a name,
// maybe with a value, up to a ',' or the '}'.
func (s *cScan) enumerators(parent int) clexTok {
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
		last := t
		for {
			u := s.next()
			if u.kind == clexEOF {
				break
			}
			if u.kind == clexDirective {
				if s.depth == 0 {
					// The last enumerator of a branch needs no comma:
					// `A = 1\n#else\nA = 2\n#endif`.
					s.unread(u)
					break
				}
				s.directive(u, false)
				continue
			}
			if u.kind == clexPunct {
				c := s.src[u.start]
				if s.depth == 0 && (c == ',' || c == '}') {
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

// knr reports whether the ';' just read ends a parameter declaration of an old-style (K&R)
// function definition, `int f(a, b) int a; char *b; {`, rather than the statement st: the
// statement so far names a function whose parameters are bare identifiers, then declares the last
// of them. Struct members cannot be one. The parameter list is looked for once per statement, so
// that a run of declarations costs no more than their tokens.
func (s *cScan) knr(st *cStmt) bool {
	if s.inType {
		return false
	}
	if !st.knrLooked {
		st.knrLooked = true
		st.knrOpen, st.knrClose = s.knrList(st.base)
	}
	if st.knrOpen < 0 || !s.knrDeclares(st.base, st.knrOpen, st.knrClose) {
		return false
	}
	st.knr = st.knrOpen
	return true
}

// knrList returns the indexes (from base) of the parentheses of the statement's first parameter
// list, when it follows a name and holds bare identifiers (no keywords) separated by commas, and
// something follows it; else -1, -1.
func (s *cScan) knrList(base int) (open, close int) {
	toks := s.toks[base:]
	open = -1
	for i := 1; i < len(toks); i++ {
		if s.is(toks[i], '(') && toks[i-1].kind == clexIdent && s.wordOf(toks[i-1]) == cwNone {
			open = i
			break
		}
		if s.is(toks[i], '(') || s.is(toks[i], '=') || s.is(toks[i], '[') {
			return -1, -1
		}
	}
	if open < 0 {
		return -1, -1
	}
	for i := open + 1; i < len(toks); i++ {
		switch {
		case s.is(toks[i], ')') && s.wordOf(toks[i-1]) == cwNone:
			if i+1 >= len(toks) {
				return -1, -1
			}
			return open, i
		case (i-open)%2 == 1 && toks[i].kind == clexIdent && s.wordOf(toks[i]) == cwNone:
		case (i-open)%2 == 0 && s.is(toks[i], ','):
		default:
			return -1, -1
		}
	}
	return -1, -1
}

// knrDeclares reports whether the statement's tokens so far (from base) end with the declaration
// of one of the identifiers between its parentheses at open and close: `char *b` of `f(a, b)`,
// before the ';' that ends it when the statement is read through.
func (s *cScan) knrDeclares(base, open, close int) bool {
	toks := s.toks[base:]
	last := len(toks) - 1
	if s.is(toks[last], ';') && last > close+1 {
		last--
	}
	if s.is(toks[last], ']') {
		last = s.openOf(base+close, base+last) - base - 1
	}
	if last <= close || toks[last].kind != clexIdent {
		return false
	}
	for i := open + 1; i < close; i += 2 {
		if string(s.word(toks[i])) == string(s.word(toks[last])) {
			return true
		}
	}
	return false
}

// reservedMacro reports whether identifier t is one of the macros the C mapper reads as nothing,
// as cBlankReserved does for the tree-sitter mappers: a name the C standard reserves for the
// implementation in capitals (`__THROW`, `__BEGIN_DECLS`, `_GLIBCXX_NOEXCEPT`) or one of glibc's
// attribute macros (`__wur`, `__nonnull`), with its parenthesised arguments when they follow on
// the same line. Only such a name after struct, union or enum is kept, as a tag (tree-sitter
// reads `struct _IO_FILE {` as an anonymous struct), and one that ends a typedef after a body
// or a comma, as the type's name. prev is the token before t (of kind clexEOF when none);
// typedef says the statement is a typedef. When t is a macro, the lexer moves past its
// arguments.
func (s *cScan) reservedMacro(t, prev clexTok, typedef bool) bool {
	w := s.word(t)
	if !cReservedName(w) {
		return false
	}
	if prev.kind == clexIdent {
		if _, tag := cTagKinds[string(s.word(prev))]; tag {
			return false
		}
	}
	j := int(t.end)
	for j < len(s.src) && (s.src[j] == ' ' || s.src[j] == '\t') {
		j++
	}
	if typedef && (prev.kind == clexBody || s.is(prev, ',')) && j < len(s.src) && (s.src[j] == ';' || s.src[j] == ',') {
		return false // `typedef struct pagenode {...} _PAGE;` names the type _PAGE
	}
	if j < len(s.src) && s.src[j] == '(' && !afterIf(s.src, int(t.start)) && s.lx.pos == int(t.end) {
		if close := matchParen(s.src, j); close > 0 {
			s.lx.pos = close + 1
		}
	}
	return true
}

// cReservedName reports whether w is a name cBlankReserved blanks: `_X…` or `__X…` in capitals,
// digits and underscores, or a glibc attribute macro.
func cReservedName(w []byte) bool {
	if len(w) < 2 || w[0] != '_' {
		return false
	}
	j := 1
	if w[1] == '_' {
		j = 2
	}
	if j < len(w) && w[j] >= 'A' && w[j] <= 'Z' {
		for _, c := range w[j:] {
			if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
				return false
			}
		}
		return true
	}
	return j == 2 && glibcAttrMacro(string(w))
}

// directive handles a preprocessor line: #define makes a macro, #include an import, and the
// conditionals are followed (see cond). Inside a skipped body (inBody: a function's, or an
// initializer's) a #define of the statement being read is mapped too, under the function or
// variable whose body holds it (see flushPending): it defines its name for the rest of the file,
// as SQLite's `#define osOpen ...` lines inside its table of system calls do; an #include there
// is part of the body.
func (s *cScan) directive(t clexTok, inBody bool) {
	if s.mid && !inBody {
		// Before a skipped branch's, which starts here too: raw reads holes in order.
		s.holes = append(s.holes, cSpan{t.start, t.end})
	}
	text := s.src[t.start+1 : t.end]
	i := cSkipDirectiveBlanks(text, 0)
	j := i
	for j < len(text) && isIdentByte(text[j]) {
		j++
	}
	switch name := string(text[i:j]); name {
	case "if", "ifdef", "ifndef":
		s.conds = append(s.conds, cCond{at: s.mark()})
	case "elif", "else", "elifdef", "elifndef":
		s.branch(t)
	case "endif":
		if len(s.conds) > 0 {
			s.conds = s.conds[:len(s.conds)-1]
		}
	case "define":
		if !inBody || s.mid {
			s.define(t, int(t.start)+1+j)
		}
	case "include":
		if !inBody {
			s.include(int(t.start)+1+j, int(t.end))
		}
	}
}

// cSkipDirectiveBlanks returns the offset of the first byte at or after i that is not a blank,
// a comment or a line continuation, in a directive's text.
func cSkipDirectiveBlanks(text []byte, i int) int {
	for i < len(text) {
		switch c := text[i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' || c == '\n' || c == '\\':
			i++
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			end := bytes.Index(text[i+2:], []byte("*/"))
			if end < 0 {
				return len(text)
			}
			i += end + 4
		default:
			return i
		}
	}
	return i
}

// branch handles #else and #elif. A branch that left the scanner where the #if found it is
// followed by the next, so that both are mapped; one that opened something (a body, or part of a
// declaration the next branch writes again) makes the rest of the conditional skipped, as if only
// its first branch were there: that is how `#ifdef X int f(int a) { #else int f(void) { #endif`
// keeps one function and a balanced file.
func (s *cScan) branch(t clexTok) {
	if len(s.conds) == 0 {
		return
	}
	if s.conds[len(s.conds)-1].at == s.mark() {
		return
	}
	start := t.start
	nest := 0
	for {
		u, _ := s.lx.skipBody(1 << 30)
		if u.kind == clexEOF {
			break
		}
		text := s.src[u.start+1 : u.end]
		i := cSkipDirectiveBlanks(text, 0)
		switch w := text[i:]; {
		case hasWord(w, "if") || hasWord(w, "ifdef") || hasWord(w, "ifndef"):
			nest++
		case hasWord(w, "endif"):
			if nest == 0 {
				if s.mid {
					s.holes = append(s.holes, cSpan{start, u.end})
				}
				s.conds = s.conds[:len(s.conds)-1]
				return
			}
			nest--
		}
	}
	s.conds = s.conds[:len(s.conds)-1]
}

// define maps `#define NAME value` and `#define NAME(params) ...`, whose text after "define"
// starts at i; a bare `#define NAME` (an include guard, a feature flag) is not worth a line of
// the map. The signature is the line up to the parameters' ')', or the directive's first line.
func (s *cScan) define(t clexTok, i int) {
	end := int(t.end)
	i = int(t.start) + cSkipDirectiveBlanks(s.src[t.start:end], i-int(t.start))
	j := i
	for j < end && clexClass[s.src[j]] == clexIdentByte || j > i && j < end && clexClass[s.src[j]] == clexDigitByte {
		j++
	}
	if j == i {
		return
	}
	sym := store.Symbol{Name: s.name(clexTok{start: int32(i), end: int32(j)}), Kind: store.KindMacro,
		StartLine: int(t.line), EndLine: int(t.endLine)}
	if j < end && s.src[j] == '(' {
		close := j
		for close < end && s.src[close] != ')' {
			close++
		}
		sym.Signature = joinSig(s.raw(t.start, int32(min(close+1, end))))
	} else {
		if cSkipDirectiveBlanks(s.src[:end], j) >= end {
			return
		}
		sym.Signature = s.rawLine(t.start, int32(end))
	}
	if s.mid {
		s.pending = append(s.pending, sym)
		return
	}
	sym.Parent = s.parent
	s.add(sym)
}

// include records `#include <x.h>` as "<x.h>", `#include "x.h"` as "x.h", and a macro as its name;
// the text after "include" starts at i.
func (s *cScan) include(i, end int) {
	i = cSkipDirectiveBlanks(s.src[:end], i)
	if i >= end {
		return
	}
	j := i + 1
	switch s.src[i] {
	case '<':
		for j < end && s.src[j] != '>' && s.src[j] != '\n' {
			j++
		}
		j = min(j+1, end)
	case '"':
		for j < end && s.src[j] != '"' && s.src[j] != '\n' {
			j++
		}
		j = min(j+1, end)
	default:
		for j < end && (s.src[j] != '/' || j+1 >= end || s.src[j+1] != '*' && s.src[j+1] != '/') {
			j++
		}
	}
	path := unquote(strings.TrimSpace(string(s.src[i:j])))
	if path == "" || len(path) > tsMaxName {
		return
	}
	if s.seenImports == nil {
		s.seenImports = map[string]bool{}
	}
	if !s.seenImports[path] {
		s.seenImports[path] = true
		s.res.Imports = append(s.res.Imports, validUTF8(path))
	}
}

// add appends sym with its depth set from its parent, and returns its index.
func (s *cScan) add(sym store.Symbol) int {
	if sym.Parent >= 0 {
		sym.Depth = s.res.Symbols[sym.Parent].Depth + 1
	}
	sym.EndLine = max(sym.EndLine, sym.StartLine)
	s.res.Symbols = append(s.res.Symbols, sym)
	return len(s.res.Symbols) - 1
}

// name returns an identifier as a symbol's name: valid UTF-8, at most tsMaxName bytes.
func (s *cScan) name(t clexTok) string {
	w := s.src[t.start:t.end]
	if len(w) > tsMaxName {
		cut := tsMaxName
		for cut > 0 && !utf8.RuneStart(w[cut]) {
			cut--
		}
		w = w[:cut]
	}
	return validUTF8(string(w))
}

// raw returns the source from one offset to another without the holes of the statements being
// read, capped as the tree-sitter walk caps signature source.
func (s *cScan) raw(from, to int32) string {
	to = min(to, int32(len(s.src)))
	if from >= to {
		return ""
	}
	var b []byte
	// The holes are in source order: skip those before from in one search.
	first := sort.Search(len(s.holes), func(i int) bool { return s.holes[i].end > from })
	for _, h := range s.holes[first:] {
		if h.start >= to {
			break
		}
		b = append(b, s.src[from:max(h.start, from)]...)
		b = append(b, '\n')
		from = min(h.end, to)
	}
	if b == nil && to-from <= tsMaxSigSource {
		return string(s.src[from:to])
	}
	b = append(b, s.src[from:to]...)
	if len(b) > tsMaxSigSource {
		cut := tsMaxSigSource
		for cut > 0 && !utf8.RuneStart(b[cut]) {
			cut--
		}
		b = b[:cut]
	}
	return string(b)
}

// rawLine is raw cut at the end of its first line and folded into a signature, as the tree-sitter
// walk's sigLine.
func (s *cScan) rawLine(from, to int32) string {
	r := s.raw(from, to)
	if i := strings.IndexByte(r, '\n'); i >= 0 {
		r = r[:i]
	}
	return trimSig(foldSignature(validUTF8(r)))
}

// clampToParents keeps every range inside the file's lines and its parent's, parents first: on a
// file cut short, a body ends where the file does (the line after a last newline is none), and a
// member cannot pass it.
func clampToParents(syms []store.Symbol, lines int) {
	lines = max(lines, 1)
	for i := range syms {
		sym := &syms[i]
		sym.StartLine = min(max(sym.StartLine, 1), lines)
		sym.EndLine = min(max(sym.EndLine, sym.StartLine), lines)
		if sym.Parent < 0 {
			continue
		}
		p := syms[sym.Parent]
		sym.StartLine = min(max(sym.StartLine, p.StartLine), p.EndLine)
		sym.EndLine = max(min(sym.EndLine, p.EndLine), sym.StartLine)
	}
}
