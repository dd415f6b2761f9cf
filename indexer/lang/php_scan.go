package lang

// The PHP mapper: a hand-written declaration scanner. It reads a file's tokens once (phpLex in
// php_scan_lex.go) and recognises declarations where the tree-sitter walk looked for them: at
// the top of the file, in namespaces (`namespace A { }`, and `namespace A;`, which holds the
// statements after it up to the next namespace), in class, interface, trait and enum bodies, in
// blocks, and in the body (not the else branches) of an if. Function bodies and every other
// statement are skipped by their brackets up to their ";" or closing brace; closures, arrow
// functions and anonymous classes are expressions, never mapped. What lies between brackets
// is skipped without tokens (phpLex.skip): the bytes are stepped over to the next bracket,
// newline, quote, comment or close tag, which are read as the tokens would be, and the brackets
// counted as balanced, finish and readDeclarators count their tokens. Most of a file is
// function bodies, and this is what makes the scanner fast.
//
// What it maps, and how, is what the tree-sitter walk (treesitter.go with php.go's table, PHP's
// mapper before this one and now the reference of the differential test, php_scan_diff_test.go)
// makes of a file the grammar parses without errors: the same symbols with the same names,
// kinds, signatures, ranges and nesting, and the same imports, built with the walk's own helpers
// (tsWalk's add, addImport, extendTo, sig, sigLine and raw). A declaration's range starts at its
// first attribute `#[...]`; its signature at its first modifier or keyword. Keywords met
// inside a statement (`$x->class`, `A::function()`, `?->list`) are never read as declarations,
// since a statement is read to its end before the next one is looked at.
//
// A file with syntax errors is read by the same rules; the grammar's recovery is not imitated.
// Function bodies are skipped by their braces only, so a parenthesis left open in one does not
// swallow the declarations after it. A string, heredoc or comment left open, though, would: a
// file that has one (being edited, say) is also mapped by the tree-sitter walk, when it is small
// enough for a tree, and gets the map that holds more declarations (the walk's recovery often
// finds those after the opening quote, and sometimes loses those before it).

import (
	"context"
	"math"
	"strings"

	"github.com/readmap/readmap/store"
)

// phpMapperName names the scanner in `map --json` output.
const phpMapperName = "php-scanner"

// phpOpen is the end line given to a symbol whose body is still being read, so that members
// added meanwhile are not clamped to it.
const phpOpen = math.MaxInt32

// phpMapper maps PHP files with the scanner, and also with the tree-sitter walk a file in which a
// string, heredoc or comment runs to the end. The walk's parser is made on first use.
type phpMapper struct {
	ts Mapper
}

// Map returns the declarations and imports of one PHP file.
func (m *phpMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	res, unclosed, err := phpScanFile(ctx, src)
	if err != nil || !unclosed || len(src) > maxTreeSitterBytes {
		return res, err
	}
	if m.ts == nil {
		m.ts = newTSMapper(phpGrammar())
	}
	if walked, err := m.ts.Map(ctx, src); err == nil && len(walked.Symbols) > len(res.Symbols) {
		return walked, nil
	}
	return res, nil
}

// phpScanFile maps src with the scanner, and reports whether a string, heredoc or comment ran
// to the file's end.
func phpScanFile(ctx context.Context, src []byte) (res *Result, unclosed bool, err error) {
	return phpScanSrc(ctx, src, false)
}

// phpScanSrc is phpScanFile, reading every token when everyToken: without skip, for the test
// that holds it to making no difference (php_scan_skip_test.go).
func phpScanSrc(ctx context.Context, src []byte, everyToken bool) (res *Result, unclosed bool, err error) {
	if len(src) > math.MaxInt32 {
		return nil, false, errTooLargeToParse // offsets are 32-bit
	}
	s := &phpScan{scanStop: scanStop{ctx: ctx}, lx: phpLex{src: src, line: 1}, w: tsWalk{src: src, lastOverload: -1},
		everyToken: everyToken}
	s.lx.html()
	for s.peek().kind != phpEOF {
		s.stmts(0, -1, 0, nil)
	}
	if s.err != nil {
		return nil, false, s.err
	}
	lines := CountLines(src)
	clampToParents(s.w.res.Symbols, lines)
	switch {
	case s.lx.unclosed:
		s.w.res.Unparsed = [][2]int{{s.lx.unclosedAt, max(lines, s.lx.unclosedAt)}}
	case s.openAt > 0:
		s.w.res.Unparsed = [][2]int{{s.openAt, max(lines, s.openAt)}}
	}
	return &s.w.res, s.lx.unclosed, nil
}

// phpScan is the state of one file's scan.
type phpScan struct {
	scanStop
	lx     phpLex
	w      tsWalk
	peeked bool
	pk     phpTok
	// openAt is the line of the innermost bracket or block the file ends in (0: none): the
	// declarations after it went into it (a "{" left open takes every closer after it from the
	// block it belongs to), and its span is reported as unparsed.
	openAt int
	// everyToken turns skip off: brackets are then counted token by token only.
	everyToken bool
}

// endsOpen notes that the file ended inside a bracket or block opened on line. The first noted
// is the innermost: the scan reaches the file's end there first.
func (s *phpScan) endsOpen(line int) {
	if s.openAt == 0 {
		s.openAt = line
	}
}

// next returns the next token; the file's end once the scan must stop.
func (s *phpScan) next() phpTok {
	if s.peeked {
		s.peeked = false
		return s.pk
	}
	if s.tick() {
		return phpTok{kind: phpEOF, start: len(s.lx.src), end: len(s.lx.src), line: s.lx.line, last: s.lx.line}
	}
	return s.lx.next()
}

// peek returns the next token without reading it.
func (s *phpScan) peek() phpTok {
	if !s.peeked {
		s.pk = s.next()
		s.peeked = true
	}
	return s.pk
}

// is reports whether t is the operator op.
func (s *phpScan) is(t phpTok, op string) bool { return s.lx.is(t, op) }

// text returns t's source.
func (s *phpScan) text(t phpTok) string { return string(s.lx.src[t.start:t.end]) }

// name returns t's source as the walk names symbols and imports.
func (s *phpScan) name(t phpTok) string { return foldName(s.lx.src[t.start:t.end]) }

// stmts reads statements up to the "}" that closes them (read), a word of stops (left), or the
// file's end, mapping the declarations among them as members of parent while nest, the number
// of containers around them, is below the walk's bound. from is the line of the bracket or
// word that opened them, which the file's end leaves open (0 at the top of the file). It
// returns the last token read.
func (s *phpScan) stmts(from, parent, nest int, stops map[string]bool) phpTok {
	var last phpTok
	scope := -1
	for {
		t := s.peek()
		if t.kind == phpEOF && from > 0 {
			s.endsOpen(from)
		}
		if t.kind == phpEOF || stops[s.lx.word(t)] {
			return last
		}
		if s.is(t, "}") {
			return s.next()
		}
		p, saved := parent, 0
		if scope >= 0 {
			p, saved = scope, s.w.res.Symbols[scope].EndLine
			s.w.res.Symbols[scope].EndLine = phpOpen
		}
		idx, isNS, end := s.stmt(p, parent, nest)
		if scope >= 0 {
			s.w.res.Symbols[scope].EndLine = saved
			if isNS {
				scope = -1
			} else {
				s.w.extendTo(scope, end.last)
			}
		}
		if isNS && idx >= 0 {
			scope = idx
		}
		last = end
	}
}

// stmt reads one statement and maps it when nest allows, as a member of parent or, when it is a
// namespace, which ends the one before it, of outer. It returns the index of a namespace that
// holds the statements after it (or -1), whether the statement is a namespace, and its last
// token.
func (s *phpScan) stmt(parent, outer, nest int) (int, bool, phpTok) {
	mapping := nest < tsMaxNest
	first := s.next()
	start := first.line // a declaration's range starts at its attributes
	for s.is(first, "#[") && mapping {
		s.balanced(first)
		first = s.next()
	}
	if !mapping {
		return -1, false, s.structural(first, parent, nest)
	}
	switch w := s.lx.word(first); w {
	case "namespace":
		if n := s.peek(); n.kind == phpIdent || s.is(n, "{") {
			idx, end := s.namespace(first, outer, nest)
			return idx, true, end
		}
	case "use":
		return -1, false, s.use()
	case "abstract", "final", "readonly", "class", "interface", "trait", "enum":
		return -1, false, s.typeDecl(first, start, parent, nest)
	case "function":
		if end, ok := s.function(first, start, parent, store.KindFunction); ok {
			return -1, false, end
		}
	case "const":
		// The grammar takes no attributes before a constant outside a class: they are an
		// error of their own, and the constant starts at its keyword.
		return -1, false, s.declarators(first, first, first.line, parent, store.KindConst)
	case "require", "require_once", "include", "include_once":
		return -1, false, s.require()
	}
	if s.is(first, "{") {
		return -1, false, s.stmts(first.line, parent, nest+1, nil)
	}
	return -1, false, s.structural(first, parent, nest)
}

// phpEnds are the words that end the alternative syntax of each statement that has one.
var phpEnds = map[string]string{
	"for": "endfor", "foreach": "endforeach", "while": "endwhile", "switch": "endswitch", "declare": "enddeclare",
}

// structural reads the rest of a statement whose first token is first: an if maps its body, a
// loop, switch or declare in the alternative syntax (`while (x): ... endwhile;`) is read to its
// end word, and anything else to its ";" or closing brace.
func (s *phpScan) structural(first phpTok, parent, nest int) phpTok {
	w := s.lx.word(first)
	if w == "if" && s.is(s.peek(), "(") {
		return s.ifStmt(parent, nest)
	}
	if end, ok := phpEnds[w]; ok && s.is(s.peek(), "(") {
		s.balanced(s.next())
		if s.is(s.peek(), ":") {
			s.next()
			s.stmts(first.line, parent, tsMaxNest, map[string]bool{end: true})
			return s.finish(s.next())
		}
		return s.finish(s.next())
	}
	return s.finish(first)
}

// ifStmt reads an if after its keyword: the declarations of its body are the container's (the
// walk maps `if (!function_exists('f')) { function f() {} }`), those of its else branches are
// not. A body without braces or a colon is read as a plain statement.
func (s *phpScan) ifStmt(parent, nest int) phpTok {
	s.balanced(s.next())
	switch n := s.peek(); {
	case s.is(n, "{"):
		s.next()
		return s.stmts(n.line, parent, nest+1, nil)
	case s.is(n, ":"):
		s.next()
		stops := map[string]bool{"else": true, "elseif": true, "endif": true}
		s.stmts(n.line, parent, nest+1, stops)
		for w := s.lx.word(s.peek()); w == "else" || w == "elseif"; w = s.lx.word(s.peek()) {
			n = s.next()
			if w == "elseif" && s.is(s.peek(), "(") {
				s.balanced(s.next())
			}
			if s.is(s.peek(), ":") {
				s.next()
			}
			s.stmts(n.line, parent, tsMaxNest, stops)
		}
		if s.lx.word(s.peek()) == "endif" {
			return s.finish(s.next())
		}
		return s.peek()
	}
	return s.finish(s.next())
}

// finish reads the rest of a statement whose token t is read: up to its ";" or close tag, or
// the brace that closes its last block, outside brackets; it stops before a "}" that closes the
// container. It returns the statement's last token.
func (s *phpScan) finish(t phpTok) phpTok {
	depth, from := 0, 0 // from: the line of the outermost bracket open
	for {
		switch {
		case t.kind == phpEOF:
			return t
		case t.kind == phpHTML || s.is(t, ";"):
			if depth == 0 {
				return t
			}
		case s.is(t, "{") || s.is(t, "(") || s.is(t, "[") || s.is(t, "#["):
			if depth == 0 {
				from = t.line
			}
			if t, depth = s.skip(t, depth+1, 0, true); depth == 0 && s.is(t, "}") {
				return t
			}
		case s.is(t, "}") || s.is(t, ")") || s.is(t, "]"):
			depth = max(depth-1, 0)
			if depth == 0 && s.is(t, "}") {
				return t
			}
		}
		if n := s.peek(); n.kind == phpEOF || depth == 0 && s.is(n, "}") {
			if n.kind == phpEOF && depth > 0 {
				s.endsOpen(from)
			}
			return t
		}
		t = s.next()
	}
}

// balanced reads up to the bracket that closes open, which is read, and returns it (or the
// last token before the file's end). It counts brackets of open's kind only, so that a
// parenthesis left open in a function body does not swallow the rest of the file. Only a
// bracket the file's end leaves open is read token by token, for the last token.
func (s *phpScan) balanced(open phpTok) phpTok {
	opener, closer := s.text(open), phpClosers[s.text(open)]
	if t, depth := s.skip(open, 1, opener[len(opener)-1], opener == "#["); depth == 0 {
		return t
	}
	depth, last := 1, open
	for depth > 0 {
		t := s.next()
		switch {
		case t.kind == phpEOF:
			s.endsOpen(open.line)
			return last
		case t.kind != phpOp:
		case s.is(t, opener) || opener == "#[" && s.is(t, "["):
			depth++
		case s.is(t, closer):
			depth--
		}
		last = t
	}
	return last
}

// skip reads, when it can do without tokens (lx.skip), up to the bracket that closes the depth
// brackets open after token t, and returns it with depth 0; it returns t and depth otherwise
// (a bracket left open at the file's end, a token peeked already, or everyToken), for the
// caller to read on token by token.
func (s *phpScan) skip(t phpTok, depth int, open byte, attr bool) (phpTok, int) {
	if s.peeked || s.everyToken {
		return t, depth
	}
	saved := s.lx
	if end, ok := s.lx.skip(depth, open, attr); ok {
		return end, 0
	}
	s.lx = saved
	return t, depth
}

// phpClosers are the brackets that close each opening one.
var phpClosers = map[string]string{"{": "}", "(": ")", "[": "]", "#[": "]"}

// open adds a symbol whose body is still to be read and returns its index.
func (s *phpScan) open(name string, kind store.Kind, start, parent int, sig string) int {
	return s.w.add(store.Symbol{Name: name, Kind: kind, Signature: sig, StartLine: start, EndLine: phpOpen, Parent: parent})
}

// close sets the end of symbol i, whose body ended with token end.
func (s *phpScan) close(i int, end phpTok) {
	sym := &s.w.res.Symbols[i]
	sym.EndLine = max(end.last, sym.StartLine)
	if sym.Parent >= 0 {
		sym.EndLine = max(min(sym.EndLine, s.w.res.Symbols[sym.Parent].EndLine), sym.StartLine)
	}
}

// namespace reads a namespace after its keyword kw: `namespace A;`, whose symbol it returns
// for the statements after it to join, or `namespace A { ... }` and `namespace { ... }`, whose
// members it maps.
func (s *phpScan) namespace(kw phpTok, parent, nest int) (int, phpTok) {
	if s.is(s.peek(), "{") {
		s.next()
		return -1, s.stmts(kw.line, parent, nest+1, nil)
	}
	from, to := s.peek(), s.peek()
	for s.peek().kind == phpIdent {
		to = s.next() // a name may be written with blanks: `A \ B`
	}
	name := foldName(s.lx.src[from.start:to.end])
	t := s.next()
	if s.is(t, "{") {
		idx := s.open(name, store.KindNamespace, kw.line, parent, s.w.sig(uint32(kw.start), uint32(t.start)))
		end := s.stmts(t.line, idx, nest+1, nil)
		s.close(idx, end)
		return -1, end
	}
	end := s.finish(t)
	idx := s.open(name, store.KindNamespace, kw.line, parent, s.w.sig(uint32(kw.start), uint32(end.end)))
	s.close(idx, end)
	return idx, end
}

// use records the imports of `use A\B;`, `use A\B as C, D;`, `use function A\f;` and
// `use A\{B, C as D};` as the names written, a group's with its prefix.
func (s *phpScan) use() phpTok {
	for {
		t := s.next()
		switch w := s.lx.word(t); {
		case t.kind == phpEOF, t.kind == phpHTML, s.is(t, ";"):
			return t
		case w == "function" || w == "const":
		case t.kind == phpIdent && s.is(s.peek(), "{"):
			s.group(strings.TrimSuffix(s.text(t), `\`))
		case t.kind == phpIdent:
			s.w.addImport(s.name(t))
			if s.lx.word(s.peek()) == "as" {
				s.next()
				s.next()
			}
		case s.is(t, "}"):
			s.peeked, s.pk = true, t // the container's: give it back
			return t
		}
	}
}

// group records the names of a group `{B, function c, D as E}` after prefix.
func (s *phpScan) group(prefix string) {
	s.next()
	for {
		t := s.next()
		switch w := s.lx.word(t); {
		case t.kind == phpEOF, s.is(t, "}"):
			return
		case w == "function" || w == "const":
		case t.kind == phpIdent:
			s.w.addImport(prefix + `\` + s.name(t))
			if s.lx.word(s.peek()) == "as" {
				s.next()
				s.next()
			}
		}
	}
}

// require records `require 'x.php';` and its kin when the path is a plain string.
func (s *phpScan) require() phpTok {
	t := s.next()
	if t.kind == phpStr && (s.lx.src[t.start] == '\'' || s.lx.src[t.start] == '"') {
		if n := s.peek(); n.kind == phpEOF || n.kind == phpHTML || s.is(n, ";") {
			s.w.addImport(unquote(s.name(t)))
		}
	}
	return s.finish(t)
}

// phpTypeWords are the modifiers that may come before class and the words that open a type,
// with the kind they declare.
var phpTypeWords = map[string]store.Kind{
	"abstract": store.KindUnknown, "final": store.KindUnknown, "readonly": store.KindUnknown,
	"class": store.KindClass, "interface": store.KindInterface, "trait": store.KindTrait, "enum": store.KindEnum,
}

// typeDecl reads a class, interface, trait or enum whose first word (or modifier) first is
// read, starting on line start, and maps it with its members. Words that do not declare a type
// (`enum($x);`) are read as a plain statement. It returns the statement's last token.
func (s *phpScan) typeDecl(first phpTok, start, parent, nest int) phpTok {
	t := first
	kind := phpTypeWords[s.lx.word(t)]
	for kind == store.KindUnknown {
		k, ok := phpTypeWords[s.lx.word(s.peek())]
		if !ok {
			return s.finish(t)
		}
		t, kind = s.next(), k
	}
	if s.peek().kind != phpIdent {
		return s.finish(t)
	}
	name := s.name(s.peek())
	for t = s.next(); !s.is(t, "{"); t = s.next() {
		if n := s.peek(); n.kind == phpEOF || s.is(t, ";") || s.is(n, "}") {
			return t // no body: a syntax error
		}
	}
	idx := s.open(name, kind, start, parent, s.w.sig(uint32(first.start), uint32(t.start)))
	end := s.members(idx, nest+1, kind == store.KindEnum)
	if end.kind == phpEOF {
		s.endsOpen(t.line)
	}
	s.close(idx, end)
	return end
}

// phpModifier reports whether the word w (from word) may come before a member.
func phpModifier(w string) bool {
	switch w {
	case "public", "protected", "private", "static", "abstract", "final", "readonly", "var":
		return true
	}
	return false
}

// members reads a type's body after its "{" up to the "}" that closes it, which it returns,
// mapping methods, constants, properties and, in an enum, cases.
func (s *phpScan) members(parent, nest int, enum bool) phpTok {
	mapping := nest < tsMaxNest
	for {
		first := s.next()
		if first.kind == phpEOF || s.is(first, "}") {
			return first
		}
		start := first.line
		for s.is(first, "#[") {
			s.balanced(first)
			first = s.next()
		}
		t := first
		for phpModifier(s.lx.word(t)) {
			t = s.next()
		}
		if t.kind == phpEOF || s.is(t, "}") {
			return t // attributes or modifiers without a member: a syntax error
		}
		if !mapping {
			s.finish(t)
			continue
		}
		switch w := s.lx.word(t); {
		case w == "function":
			if _, ok := s.function(first, start, parent, store.KindMethod); !ok {
				s.finish(t)
			}
		case w == "const":
			s.declarators(first, t, start, parent, store.KindConst)
		case w == "case" && enum:
			s.enumCase(t, start, parent)
		case t.kind == phpVar || s.is(t, "?") || s.is(t, "(") || t.kind == phpIdent && w != "use" && t != first:
			// A property: its variable, or its type after modifiers (`?A`, `(A&B)|null`, `int`).
			s.declarators(first, t, start, parent, store.KindProperty)
		default:
			s.finish(t)
		}
	}
}

// function reads a function or method after its keyword (read) and maps it: sigFrom is its
// first modifier or keyword, start its first line. It reports false, reading no more, when no
// name follows (a closure).
func (s *phpScan) function(sigFrom phpTok, start, parent int, kind store.Kind) (phpTok, bool) {
	if s.is(s.peek(), "&") {
		s.next()
	}
	nameTok := s.peek()
	if nameTok.kind != phpIdent {
		return nameTok, false
	}
	s.next()
	name := s.name(nameTok)
	if kind == store.KindMethod && strings.EqualFold(name, "__construct") {
		kind = store.KindConstructor
	}
	t := s.next()
	for ; !s.is(t, "{") && !s.is(t, ";") && t.kind != phpEOF && t.kind != phpHTML; t = s.next() {
		if s.is(t, "(") || s.is(t, "[") {
			t = s.balanced(t)
		}
		if s.is(s.peek(), "}") {
			break
		}
	}
	if !s.is(t, "{") {
		idx := s.open(name, kind, start, parent, s.w.sig(uint32(sigFrom.start), uint32(t.end)))
		s.close(idx, t)
		return t, true
	}
	idx := s.open(name, kind, start, parent, s.w.sig(uint32(sigFrom.start), uint32(t.start)))
	end := s.balanced(t)
	s.close(idx, end)
	return end, true
}

// enumCase maps `case A;` or `case A = 'a';` after its keyword kw.
func (s *phpScan) enumCase(kw phpTok, start, parent int) {
	n := s.peek()
	end := s.finish(kw)
	if n.kind != phpIdent {
		return
	}
	idx := s.open(s.name(n), store.KindEnumMember, start, parent, s.w.sig(uint32(kw.start), uint32(end.end)))
	s.close(idx, end)
}

// phpDecl is one constant or property of a declaration: its name and its first and last
// tokens.
type phpDecl struct {
	name, last phpTok
}

// declarators maps each constant of `const A = 1, B = 2;` or property of `public int $a = 0,
// $b;`, whose first modifier or keyword is sigFrom and whose token t is the last read, starting
// on line start. Each symbol's
// signature is the declaration's head with its own declarator's first line. With one
// declarator the range is the declaration's; with several, each declarator's own, the first
// starting with the declaration.
func (s *phpScan) declarators(sigFrom, t phpTok, start, parent int, kind store.Kind) phpTok {
	decls, end := s.readDeclarators(t, kind == store.KindProperty)
	if len(decls) == 0 {
		return end
	}
	prefix := s.w.raw(uint32(sigFrom.start), uint32(decls[0].name.start))
	for i, d := range decls {
		from, to := start, end.last
		if len(decls) > 1 {
			to = d.last.last
			if i > 0 {
				from = d.name.line
			}
		}
		sig := joinSig(prefix, s.w.sigLine(uint32(d.name.start), uint32(d.last.end)))
		s.w.add(store.Symbol{Name: s.name(d.name), Kind: kind, Signature: sig,
			StartLine: from, EndLine: max(to, from), Parent: parent})
	}
	return end
}

// readDeclarators reads a declaration's declarators from its token t, read, up to its ";": the
// variables of properties (prop), the names before "=" of constants.
func (s *phpScan) readDeclarators(t phpTok, prop bool) ([]phpDecl, phpTok) {
	var decls []phpDecl
	var cur *phpDecl
	depth := 0
	for {
		switch {
		case depth == 0 && (t.kind == phpHTML || s.is(t, ";")):
			return decls, t
		case depth == 0 && s.is(t, ","):
			cur = nil
		case s.is(t, "{") || s.is(t, "(") || s.is(t, "[") || s.is(t, "#["):
			t, depth = s.skip(t, depth+1, 0, true)
		case s.is(t, "}") || s.is(t, ")") || s.is(t, "]"):
			depth = max(depth-1, 0)
		case depth == 0 && cur == nil && (prop && t.kind == phpVar || !prop && t.kind == phpIdent && s.is(s.peek(), "=")):
			decls = append(decls, phpDecl{name: t})
			cur = &decls[len(decls)-1]
		}
		if cur != nil {
			cur.last = t
		}
		if n := s.peek(); n.kind == phpEOF || depth == 0 && s.is(n, "}") {
			return decls, t
		}
		t = s.next()
	}
}
