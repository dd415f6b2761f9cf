package lang

// The JavaScript mapper: a hand-written declaration scanner over the tokens of js_scan_lex.go.
// It maps what the tree-sitter walk (treesitter.go with javascript.go's table, JavaScript's
// mapper before this one and now the reference of the differential test, js_diff_test.go) makes
// of a file the grammar parses without errors: the same symbols with the same names, kinds,
// signatures, ranges and nesting, in the same order, and the same imports. Each of javascript.go's
// handlers has its counterpart here, named alike (jsVars and vars, jsPair and pair, ...), and the
// symbols are built with the walk's own helpers (tsWalk's add, addImport, qualname, sig and
// sigLine) so that signatures are cut and folded by the same code.
//
// A statement ends where tree-sitter's grammar ends it: at a ';', at the '}' of a declaration's
// body, or by automatic semicolon insertion, which follows the grammar's external scanner rather
// than the language's rules (a line that starts with a template literal begins a statement; a
// line comment after a statement without ';' is part of it; `let`, and a class member's static,
// get or set, before a line break are names). An expression is never read as a tree: the
// scanner looks at its tokens only as far as the handlers ask (is it a function, a class, an
// object of functions, an immediately invoked function, a require call?), skipping brackets
// whole by their partners. Where the walk looks at a node's first named child, a comment there
// is what it finds (`( /** doc */ function () {...})()` wraps no module), and so here.
//
// A file the lexer cannot read exactly (a JSX element that never closes, which in practice is
// a file with syntax errors, or Flow's generics read as JSX) is mapped by the walk instead, when
// it is small enough for a tree; every larger file gets the scanner's map, which the walk could
// not make.
//
// TypeScript and TSX run through the same scanner in their dialect (jsScan.ts): where a handler
// here would misread a type, it hands over to its TypeScript counterpart (ts_scan*.go). In the
// JavaScript dialect none of those is ever called, and JavaScript's maps are what they were.

import (
	"context"
	"errors"
	"math"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/readmap/readmap/store"
)

// jsMapperName names the scanner in `map --json` output.
const jsMapperName = "js-scanner"

// errJSUnsure is the scanner's answer for a file whose text it cannot lex exactly (a JSX
// element that never closes): the JavaScript mapper maps such a file with the tree-sitter walk
// when the file is small enough for it.
var errJSUnsure = errors.New("javascript scanner unsure of the file's tokens")

// jsMapper maps JavaScript files, or TypeScript or TSX ones (dialect), with the scanner, and with
// the tree-sitter walk of grammar the few files the scanner is unsure of. The walk's parser is
// made on first use.
type jsMapper struct {
	dialect uint8
	grammar *tsGrammar
	ts      Mapper
}

// jsScanner returns the constructor of JavaScript mappers whose fallback walks trees of lang's
// grammar; each worker's mapper makes its own parser.
func jsScanner(lang func() *sitter.Language) func() Mapper {
	g := jsGrammar(lang)
	return func() Mapper { return &jsMapper{dialect: jsDialectJS, grammar: g} }
}

// Map returns the declarations and imports of one file of the mapper's dialect.
func (m *jsMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	res, _, err := jsScanDialect(ctx, src, m.dialect)
	if !errors.Is(err, errJSUnsure) {
		return res, err
	}
	if len(src) > maxTreeSitterBytes {
		return res, nil // too large for the walk: the scanner's map is the best there is
	}
	if m.ts == nil {
		m.ts = newTSMapper(m.grammar)
	}
	return m.ts.Map(ctx, src)
}

// jsScanFile maps src with the scanner. With errJSUnsure it still returns the scanner's map.
func jsScanFile(ctx context.Context, src []byte) (*Result, error) {
	res, _, err := jsScanDialect(ctx, src, jsDialectJS)
	return res, err
}

// jsScanDialect maps src, of dialect, with the scanner. With errJSUnsure it still returns the
// scanner's map, and why it is unsure.
func jsScanDialect(ctx context.Context, src []byte, dialect uint8) (*Result, string, error) {
	if len(src) > math.MaxInt32 {
		return nil, "", errTooLargeToParse // offsets are 32-bit
	}
	toks, unparsed, why := jsLexAll(src, dialect)
	s := &jsScan{scanStop: scanStop{ctx: ctx}, src: src, t: toks, w: tsWalk{src: src, lastOverload: -1}, ts: dialect, why: why}
	s.w.res.Symbols = make([]store.Symbol, 0, len(src)/512+8)
	s.statements(0, len(toks)-1, tsTop)
	if s.err != nil {
		return nil, "", s.err
	}
	lines := CountLines(src)
	clampToParents(s.w.res.Symbols, lines)
	s.w.res.Unparsed = joinSpans(unparsed, lines)
	if s.why != "" {
		return &s.w.res, s.why, errJSUnsure
	}
	return &s.w.res, "", nil
}

// jsScan is the state of one file's scan. The walk w holds the result and cuts signatures.
type jsScan struct {
	scanStop
	src   []byte
	t     []jsTok
	w     tsWalk
	nest  int
	depth int   // of statementEnd's recursion
	ts    uint8 // the dialect: jsDialectJS, or TypeScript's (ts_scan.go)
	// why, when set, is why the scanner is unsure of the file: the mapper then hands it to the
	// walk (the first reason met).
	why string
}

// Token tests.

// bytes returns token i's text.
func (s *jsScan) bytes(i int) []byte { return s.src[s.t[i].s:s.t[i].e] }

// is reports whether token i is the word or punctuator text.
func (s *jsScan) is(i int, text string) bool {
	k := s.t[i].kind
	return (k == jsIdent || k == jsPunct) && string(s.bytes(i)) == text
}

// isWord reports whether token i is a word (an identifier or a keyword, not a private name).
func (s *jsScan) isWord(i int) bool {
	return s.t[i].kind == jsIdent && s.src[s.t[i].s] != '#'
}

// afterDot reports whether token i follows a '.' or '?.': a property name, never a keyword.
func (s *jsScan) afterDot(i int) bool {
	return i > 0 && (s.is(i-1, ".") || s.is(i-1, "?."))
}

// keyword reports whether token i is the keyword word, not a property name.
func (s *jsScan) keyword(i int, word string) bool {
	return s.is(i, word) && !s.afterDot(i)
}

// opens reports whether token i is an opening bracket.
func (s *jsScan) opens(i int) bool {
	t := s.t[i]
	if t.kind != jsPunct || t.e-t.s != 1 {
		return false
	}
	c := s.src[t.s]
	return c == '(' || c == '[' || c == '{'
}

// closes reports whether token i is a closing bracket.
func (s *jsScan) closes(i int) bool {
	t := s.t[i]
	if t.kind != jsPunct || t.e-t.s != 1 {
		return false
	}
	c := s.src[t.s]
	return c == ')' || c == ']' || c == '}'
}

// partner returns the index of the bracket that closes the one opened at i, or limit-1 when it
// has none before limit.
func (s *jsScan) partner(i, limit int) int {
	if m := int(s.t[i].match); m > i && m < limit {
		return m
	}
	return limit - 1
}

// Statements: where they end.

// jsMaxStatementNest bounds the nesting of statements statementEnd follows by recursion (`if
// (a) if (b) ...`, labels, else-if chains); deeper ones end as expressions do.
const jsMaxStatementNest = 2000

// statementEnd returns the index of the last token of the statement that starts at i, before
// limit.
func (s *jsScan) statementEnd(i, limit int) int {
	if s.depth >= jsMaxStatementNest {
		return s.expressionEnd(i, limit)
	}
	s.depth++
	defer func() { s.depth-- }()
	if s.ts != jsDialectJS {
		if end, ok := s.tsStatementEnd(i, limit); ok {
			return end
		}
	}
	if s.t[i].kind == jsPunct {
		switch {
		case s.is(i, ";"):
			return i
		case s.is(i, "{"):
			return s.partner(i, limit)
		case s.is(i, "@"):
			return s.nested(i, s.decorators(i, limit), limit)
		}
		return s.expressionEnd(i, limit)
	}
	if s.t[i].kind != jsIdent {
		return s.expressionEnd(i, limit)
	}
	if i+1 < limit && s.is(i+1, ":") && s.isWord(i) && !jsReserved[string(s.bytes(i))] {
		return s.nested(i, i+2, limit) // a label
	}
	switch string(s.bytes(i)) {
	case "if":
		end := s.nested(i, s.afterParens(i+1, limit), limit)
		if end+1 < limit && s.is(end+1, "else") {
			return s.nested(end+1, end+2, limit)
		}
		return end
	case "for":
		k := i + 1
		if k < limit && s.is(k, "await") {
			k++
		}
		return s.nested(i, s.afterParens(k, limit), limit)
	case "while", "with":
		return s.nested(i, s.afterParens(i+1, limit), limit)
	case "do":
		end := s.nested(i, i+1, limit)
		if end+1 < limit && s.is(end+1, "while") {
			end = min(s.afterParens(end+2, limit), limit) - 1
			if end+1 < limit && s.is(end+1, ";") {
				end++
			}
		}
		return end
	case "try":
		return s.tryEnd(i, limit)
	case "switch":
		k := s.afterParens(i+1, limit)
		if k < limit && s.is(k, "{") {
			return s.partner(k, limit)
		}
		return min(k, limit) - 1
	case "function":
		return s.functionEnd(i, limit)
	case "async":
		if i+1 < limit && s.is(i+1, "function") && !s.t[i+1].nl {
			return s.functionEnd(i+1, limit)
		}
	case "class":
		if body := s.classBody(i, limit); body >= 0 {
			return s.partner(body, limit)
		}
	case "export":
		return s.exportEnd(i, limit)
	}
	return s.expressionEnd(i, limit)
}

// nested returns the end of the statement at k that a statement's head [i, k) leads to (the
// body of an if, a loop, a label): the head's end when nothing follows it.
func (s *jsScan) nested(i, k, limit int) int {
	if k <= i || k >= limit {
		return min(max(i, k-1), limit-1)
	}
	return s.statementEnd(k, limit)
}

// afterParens returns the index after the parenthesized group at i (i itself when none is there).
func (s *jsScan) afterParens(i, limit int) int {
	if i < limit && s.is(i, "(") {
		return s.partner(i, limit) + 1
	}
	return i
}

// tryEnd returns the end of a try statement: its block, a catch clause, a finally clause.
func (s *jsScan) tryEnd(i, limit int) int {
	end := i
	if i+1 < limit && s.is(i+1, "{") {
		end = s.partner(i+1, limit)
	}
	if end+1 < limit && s.is(end+1, "catch") {
		k := s.afterParens(end+2, limit)
		end = min(k, limit) - 1
		if k < limit && s.is(k, "{") {
			end = s.partner(k, limit)
		}
	}
	if end+1 < limit && s.is(end+1, "finally") && end+2 < limit && s.is(end+2, "{") {
		end = s.partner(end+2, limit)
	}
	return end
}

// exportEnd returns the end of an export statement: a declaration's, or an expression's.
func (s *jsScan) exportEnd(i, limit int) int {
	k := i + 1
	if k < limit && s.is(k, "default") {
		if d := k + 1; d < limit && s.declarationForm(d, limit, true) {
			return s.statementEnd(d, limit)
		}
		return s.expressionEnd(min(k+1, limit-1), limit)
	}
	if k < limit && s.declarationForm(k, limit, false) {
		return s.statementEnd(k, limit)
	}
	return s.expressionEnd(min(k, limit-1), limit)
}

// declarationForm reports whether a declaration starts at i: a function or class declaration
// (named, after "export default"), a variable declaration, decorators.
func (s *jsScan) declarationForm(i, limit int, named bool) bool {
	if s.ts != jsDialectJS && (s.tsForm(i, limit) != tsFormNone || s.is(i, "declare") && i+1 < limit && s.tsDeclares(i+1, limit)) {
		return true
	}
	switch {
	case s.is(i, "@"):
		if k := s.decorators(i, limit); named && k < limit {
			return s.declarationForm(k, limit, named)
		}
		return !named
	case s.is(i, "function"):
		return !named || s.functionName(i, limit) >= 0
	case s.is(i, "async") && i+1 < limit && s.is(i+1, "function"):
		return !named || s.functionName(i+1, limit) >= 0
	case s.is(i, "class"):
		return !named || i+1 < limit && s.isWord(i+1) && !s.is(i+1, "extends")
	case s.is(i, "var") || s.is(i, "let") || s.is(i, "const"):
		return !named
	}
	return false
}

// functionName returns the index of the name of the function whose keyword "function" is at
// i, or -1.
func (s *jsScan) functionName(i, limit int) int {
	k := i + 1
	if k < limit && s.is(k, "*") {
		k++
	}
	if k < limit && s.isWord(k) {
		return k
	}
	return -1
}

// functionEnd returns the last token of the function whose keyword "function" is at i: the '}'
// of its body.
func (s *jsScan) functionEnd(i, limit int) int {
	if s.ts != jsDialectJS {
		_, _, last := s.tsFunctionParts(i, limit)
		return last
	}
	k := i + 1
	for k < limit && !s.is(k, "(") && !s.is(k, "{") && k < i+4 {
		k++
	}
	k = s.afterParens(k, limit)
	if k < limit && s.is(k, "{") {
		return s.partner(k, limit)
	}
	return max(i, min(k, limit)-1)
}

// classBody returns the index of the '{' of the class whose keyword is at i, or -1: after its
// name and the expression it extends (which may hold braces: `extends mixin({...})`, `extends
// class {}`).
func (s *jsScan) classBody(i, limit int) int {
	if s.ts != jsDialectJS {
		return s.tsClassBody(i, limit)
	}
	k := i + 1
	if k < limit && s.isWord(k) && !s.is(k, "extends") {
		k++
	}
	if k < limit && s.is(k, "extends") {
		if k+1 >= limit || s.depth >= jsMaxStatementNest {
			return -1
		}
		s.depth++
		k = s.chainEnd(k+1, limit-1) + 1
		s.depth--
	}
	if k < limit && s.is(k, "{") {
		return k
	}
	return -1
}

// classEnd returns the last token of the class whose keyword is at i: its body's '}', or i
// without a body.
func (s *jsScan) classEnd(i, limit int) int {
	if b := s.classBody(i, limit); b >= 0 {
		return s.partner(b, limit)
	}
	return i
}

// decorators returns the index after the decorators that start at i: '@' with a name, a
// member chain, arguments, or a parenthesized expression.
func (s *jsScan) decorators(i, limit int) int {
	for i < limit && s.is(i, "@") {
		i++
		if i < limit && s.is(i, "(") {
			i = s.partner(i, limit) + 1
			continue
		}
		for i < limit && s.t[i].kind == jsIdent {
			i++
			if i+1 < limit && s.is(i, ".") {
				i++
				continue
			}
			break
		}
		if s.ts != jsDialectJS {
			i = s.typeParamsEnd(i, limit) // @Dec<T>()
		}
		if i < limit && s.is(i, "(") {
			i = s.partner(i, limit) + 1
		}
	}
	return min(i, limit)
}

// expressionEnd returns the last token of the expression or simple statement that starts at i:
// its ';', or the token before a closing bracket or before a line break where the grammar's
// scanner inserts a semicolon. Brackets, function bodies and class bodies are skipped whole.
func (s *jsScan) expressionEnd(i, limit int) int {
	return s.expressionEndBy(i, limit, false)
}

// expressionEndBy is expressionEnd; with comma set (TypeScript's member values and list items),
// an expression also ends before a ',' outside brackets. TypeScript's dialects read what
// JavaScript does not know with tsExpressionToken.
func (s *jsScan) expressionEndBy(i, limit int, comma bool) int {
	cond := 0 // TypeScript: the '?' of conditionals whose ':' is still to come
	for j := i; j < limit; j++ {
		complete := false // j ends a value that completes() does not know: a type, a non-null assertion
		switch {
		case s.t[j].kind != jsIdent && s.t[j].kind != jsPunct:
		case s.is(j, ";"):
			return j
		case comma && s.is(j, ","):
			return max(j-1, i)
		case s.opens(j):
			j = s.partner(j, limit)
		case s.closes(j):
			if j > i {
				return j - 1
			}
			return j
		case s.keyword(j, "function"):
			j = s.functionEnd(j, limit)
		case s.keyword(j, "class"):
			j = s.classEnd(j, limit)
		case s.is(j, "@"):
			// Decorators and the class they decorate are one expression, across lines.
			if k := s.decorators(j, limit); k > j+1 && k < limit {
				j = k - 1
				continue
			}
		case s.ts != jsDialectJS:
			j, complete = s.tsExpressionToken(i, j, limit, &cond)
		}
		if j+1 >= limit {
			return limit - 1
		}
		if s.t[j+1].nl && (complete || s.completes(j)) && s.insertsSemicolon(j+1) {
			return j
		}
	}
	return limit - 1
}

// completes reports whether an expression may end with token j.
func (s *jsScan) completes(j int) bool {
	t := s.t[j]
	switch t.kind {
	case jsPunct:
		b := s.bytes(j)
		return len(b) == 1 && (b[0] == ')' || b[0] == ']' || b[0] == '}') ||
			len(b) == 2 && (b[0] == '+' || b[0] == '-') && b[1] == b[0]
	case jsIdent:
		if s.afterDot(j) {
			return true
		}
		switch string(s.bytes(j)) {
		case "var", "let", "const", "new", "typeof", "instanceof", "in", "void", "delete", "throw", "import",
			"export", "default", "extends", "class", "function", "case", "await", "else", "do":
			return false
		}
	}
	return true
}

// insertsSemicolon reports whether tree-sitter's scanner inserts a semicolon before token j,
// which starts a line after a complete expression: it does unless the token continues the
// expression (an operator, '(', '[', '.', in, instanceof...).
func (s *jsScan) insertsSemicolon(j int) bool {
	t := s.t[j]
	if t.kind == jsEOF {
		return true
	}
	b := s.src[t.s:]
	next := func(i int) byte {
		if i < len(b) {
			return b[i]
		}
		return 0
	}
	switch b[0] {
	case ',', ':', ';', '*', '%', '>', '<', '=', '[', '(', '?', '^', '|', '&', '/':
		return false
	case '.':
		return s.ts == jsDialectJS && next(1) >= '0' && next(1) <= '9' // TypeScript's scanner: never
	case '+', '-':
		return next(1) == b[0]
	case '!':
		return next(1) != '='
	case 'i':
		if next(1) != 'n' {
			return true
		}
		if !jsAlpha(next(2)) {
			return false
		}
		if len(b) < 10 || string(b[2:10]) != "stanceof" {
			return true
		}
		return jsAlpha(next(10))
	}
	return true
}

// jsAlpha reports whether c is a letter, as iswalpha sees the bytes of a UTF-8 letter.
func jsAlpha(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80 }

// Containers: the statements of a program or a function body, a class body, an object.

// statements maps the statements of tokens [from, to) at at, as the walk's members does a
// program or a statement block.
func (s *jsScan) statements(from, to int, at tsAt) {
	if s.nest >= tsMaxNest || s.err != nil {
		return
	}
	s.nest++
	defer func() { s.nest-- }()
	for i := from; i < to; {
		if s.tick() || s.ts != jsDialectJS && s.why != "" && len(s.src) <= maxTreeSitterBytes {
			return // the walk maps the file: the rest of the scan would be thrown away
		}
		if s.closes(i) {
			i++ // a stray closing bracket
			continue
		}
		end := s.statementEnd(i, to)
		s.statement(i, end, at)
		i = end + 1
	}
}

// statement maps the statement of tokens [i, end].
func (s *jsScan) statement(i, end int, at tsAt) {
	first := i
	if s.is(i, "@") {
		i = s.decorators(i, end+1)
		if i > end {
			return
		}
	}
	if s.t[i].kind != jsIdent {
		if first == i {
			s.expression(i, end, at)
		}
		return
	}
	if s.ts != jsDialectJS && s.tsStatement(first, i, end, at) {
		return
	}
	switch string(s.bytes(i)) {
	case "import":
		if first == i && i+1 <= end && !s.is(i+1, "(") && !s.is(i+1, ".") {
			s.importSource(i, end)
			return
		}
	case "export":
		s.export(first, i, end, at)
		return
	case "function":
		s.function(first, i, end, at)
		return
	case "async":
		if i+1 <= end && s.is(i+1, "function") && !s.t[i+1].nl {
			s.function(first, i, end, at)
			return
		}
	case "class":
		s.class(first, i, end, at)
		return
	case "var", "const":
		if first == i {
			s.vars(i, end, at)
		}
		return
	case "let":
		// Before a line break, tree-sitter reads let as a name.
		if first == i && i+1 <= end && !s.t[i+1].nl && (s.isWord(i+1) || s.is(i+1, "[") || s.is(i+1, "{")) {
			s.vars(i, end, at)
			return
		}
	case "if":
		if first == i && at.parent < 0 {
			s.topBranches(i, end, at)
		}
		return
	case "for", "while", "do", "try", "switch", "with", "return", "throw", "break", "continue", "debugger":
		return
	}
	if first != i {
		return
	}
	if i+1 <= end && s.is(i+1, ":") && s.isWord(i) && !jsReserved[string(s.bytes(i))] {
		return // a labeled statement
	}
	s.expression(i, end, at)
}

// importSource records the module of an import statement [i, end]: its first string outside
// brackets, after "from" or alone after "import".
func (s *jsScan) importSource(i, end int) {
	for k := i + 1; k <= end; k++ {
		if s.opens(k) {
			k = s.partner(k, end+1)
			continue
		}
		if s.t[k].kind == jsStr {
			s.w.addImport(unquote(s.text(k, k)))
			return
		}
	}
}

// export maps an export statement, whose first token (a decorator's, or "export") is first and
// whose "export" is at k (jsExport): a declaration with its range and signature starting at the
// statement, a default function or class, a re-export as an import.
func (s *jsScan) export(first, k, end int, at tsAt) {
	if k+1 > end {
		return
	}
	if s.ts != jsDialectJS && s.is(k+1, "type") && k+2 <= end && (s.is(k+2, "*") || s.is(k+2, "{")) {
		k++ // export type { A } from "a"
	}
	if s.is(k+1, "*") || s.is(k+1, "{") {
		for j := k + 1; j <= end; j++ {
			if s.opens(j) {
				j = s.partner(j, end+1)
				continue
			}
			if s.is(j, "from") && j+1 <= end && s.t[j+1].kind == jsStr {
				s.w.addImport(unquote(s.text(j+1, j+1)))
				return
			}
		}
		return
	}
	d := k + 1
	if s.is(d, "default") {
		d++
		if d > end {
			return
		}
		if !s.declarationForm(d, end+1, true) {
			s.exportDefault(first, k, d, end, at)
			return
		}
	} else if !s.declarationForm(d, end+1, false) {
		return
	}
	// tsWrap: the declaration's range starts at the statement, its signature at "export".
	s.wrap(first, k, at, func(at tsAt) { s.statement(d, end, at) })
}

// wrap maps what a wrapper ("export", "declare") whose keyword is at k holds, with map, the
// range starting at the statement's first token and the signature at the wrapper (tsWrap).
func (s *jsScan) wrap(first, k int, at tsAt, mapInner func(at tsAt)) {
	if start := s.row(first); at.start < 0 || start < at.start {
		at.start = start
	}
	if at.sig < 0 {
		at.sig = int(s.t[k].s)
	}
	if s.nest >= tsMaxNest {
		return
	}
	s.nest++
	defer func() { s.nest-- }()
	mapInner(at)
}

// exportDefault maps `export default` followed by the value [d, end] when it is a function or
// a class, named by its name or "default".
func (s *jsScan) exportDefault(first, k, d, end int, at tsAt) {
	ve := end
	if s.is(ve, ";") {
		ve--
	}
	v := s.shape(d, ve)
	if v.kind != jsShapeFunction && v.kind != jsShapeArrow && v.kind != jsShapeClass {
		return
	}
	name := "default"
	if v.name >= 0 {
		name = s.text(v.name, v.name)
	}
	if at.start < 0 {
		at.start = s.row(first)
	}
	at.sig = int(s.t[k].s)
	kind := store.KindFunction
	if v.kind == jsShapeClass {
		kind = store.KindClass
	}
	s.value(first, end, v, at, name, kind, s.t[k].s)
}

// function maps a function declaration [first, end] whose "function" or "async" is at k.
func (s *jsScan) function(first, k, end int, at tsAt) {
	kw := k
	if s.is(kw, "async") {
		kw++
	}
	name := s.functionName(kw, end+1)
	if name < 0 {
		return
	}
	if s.ts != jsDialectJS {
		s.tsFunction(first, k, kw, name, end, at)
		return
	}
	body := s.bodyOf(kw, end)
	s.declare(first, end, at, s.text(name, name), store.KindFunction, s.sigFrom(k, at), body)
}

// bodyOf returns the index of the '{' of the body of the function whose keyword is at kw, or -1.
func (s *jsScan) bodyOf(kw, end int) int {
	if s.ts != jsDialectJS {
		_, body, _ := s.tsFunctionParts(kw, end+1)
		return body
	}
	k := kw + 1
	for k <= end && !s.is(k, "(") && k < kw+4 {
		k++
	}
	if k <= end && s.is(k, "(") {
		k = s.partner(k, end+1) + 1
	}
	if k <= end && s.is(k, "{") {
		return k
	}
	return -1
}

// class maps a class declaration [first, end] whose "class" is at k, with its members.
func (s *jsScan) class(first, k, end int, at tsAt) {
	if k+1 > end || !s.isWord(k+1) || s.is(k+1, "extends") {
		return
	}
	body := s.classBody(k, end+1)
	idx := s.declare(first, end, at, s.text(k+1, k+1), store.KindClass, s.sigFrom(k, at), body)
	if body >= 0 && idx >= 0 {
		s.classMembers(body, s.partner(body, end+1), idx)
	}
}

// sigFrom returns where the signature of a declaration whose first token after decorators is k
// starts at at.
func (s *jsScan) sigFrom(k int, at tsAt) uint32 {
	if at.sig >= 0 {
		return uint32(at.sig)
	}
	return uint32(s.t[k].s)
}

// vars maps a variable declaration [i, end] (jsVars): a function-valued declarator is a
// function, a class-valued one a class, any other a const or var named by a plain identifier;
// require calls are imports.
func (s *jsScan) vars(i, end int, at tsAt) {
	kind := store.KindVar
	if s.is(i, "const") {
		kind = store.KindConst
	}
	sigFrom := s.sigFrom(i, at)
	last := end
	if s.is(last, ";") {
		last--
	}
	decls := s.declarators(i+1, last)
	if len(decls) == 0 {
		return
	}
	prefix := s.w.raw(sigFrom, uint32(s.t[decls[0][0]].s))
	for n, d := range decls {
		ds, de := d[0], d[1]
		var v jsShape
		eq, plain := s.declaratorValue(ds, de)
		if eq >= 0 {
			v = s.shape(eq+1, de)
			if req := s.require(v); req != "" {
				s.w.addImport(req)
				continue
			}
		} else {
			v = jsShape{kind: jsShapeNone, body: -1, name: -1}
		}
		if !plain || !s.isWord(ds) {
			continue
		}
		rs, re, a := i, end, at
		if len(decls) > 1 {
			rs, re = ds, de
			if n > 0 {
				a.start = -1
			} else if a.start < 0 {
				a.start = s.row(i)
			}
		}
		name := s.text(ds, ds)
		if k := v.functionKind(); k != store.KindUnknown {
			to := s.t[v.e].e
			if v.body >= 0 {
				to = s.t[v.body].s
			}
			idx := s.span(rs, re, a, name, k, joinSig(prefix, s.w.raw(uint32(s.t[ds].s), uint32(to))))
			if k == store.KindClass && v.body >= 0 {
				s.classMembers(v.body, s.partner(v.body, v.e+1), idx)
			}
			continue
		}
		k := kind
		if eq >= 0 && s.modulePattern(v, name) {
			k = store.KindClass
		}
		idx := s.span(rs, re, a, name, k, joinSig(prefix, s.w.sigLine(uint32(s.t[ds].s), uint32(s.t[de].e))))
		if eq >= 0 && s.hasContents(v) {
			s.contents(v, idx)
		}
	}
}

// declaratorValue returns the index of the '=' of declarator [ds, de], or -1 without a value,
// and whether the declarator is a name alone or with a value (with a type annotation in
// TypeScript).
func (s *jsScan) declaratorValue(ds, de int) (int, bool) {
	if s.ts != jsDialectJS {
		eq, head := s.tsDeclaratorValue(ds, de)
		return eq, eq >= 0 || head == de
	}
	k := ds
	if s.opens(k) {
		k = s.partner(k, de+1)
	}
	if k+1 <= de && s.is(k+1, "=") {
		return k + 1, ds == de || k+1 == ds+1
	}
	return -1, ds == de
}

// declarators returns the declarators of a variable declaration's tokens [from, to].
func (s *jsScan) declarators(from, to int) [][2]int {
	if s.ts != jsDialectJS {
		return s.tsSplit(from, to, true)
	}
	return s.split(from, to)
}

// split returns the items of tokens [from, to] separated by commas outside brackets.
func (s *jsScan) split(from, to int) [][2]int {
	if s.ts != jsDialectJS {
		return s.tsSplit(from, to, false)
	}
	var out [][2]int
	start := from
	for k := from; k <= to; k++ {
		switch {
		case s.opens(k):
			k = s.partner(k, to+1)
		case s.is(k, ","):
			if k > start {
				out = append(out, [2]int{start, k - 1})
			}
			start = k + 1
		}
	}
	if start <= to {
		out = append(out, [2]int{start, to})
	}
	return out
}

// require returns the module of a `require("x")` call v (behind any awaits), or "". Like the
// walk, which counts the arguments' named children, it takes none with a comment among them.
func (s *jsScan) require(v jsShape) string {
	for v.kind == jsShapeAwait {
		if s.commentAfter(v.s) {
			return ""
		}
		v = s.shape(v.inner[0], v.inner[1])
	}
	if v.kind != jsShapeCall || v.args < 0 || v.inner[0] != v.inner[1] || !s.is(v.inner[0], "require") {
		return ""
	}
	for k := v.args; k < v.e; k++ {
		if s.commentAfter(k) {
			return ""
		}
	}
	args := s.split(v.args+1, v.e-1)
	if len(args) != 1 || args[0][0] != args[0][1] {
		return ""
	}
	if k := s.t[args[0][0]].kind; k != jsStr && k != jsTmpl {
		return ""
	}
	return unquote(s.text(args[0][0], args[0][0]))
}

// expression maps an expression statement [i, end] (jsExpression): the CommonJS and prototype
// assignments `exports.f = function`, `Foo.prototype.m = function`, and at the top the module
// wrappers.
func (s *jsScan) expression(i, end int, at tsAt) {
	last := end
	if s.is(last, ";") {
		last--
	}
	if last < i {
		return
	}
	eq := s.assignment(i, last)
	if eq < 0 {
		if at.parent < 0 {
			s.moduleWrappers(i, last)
		}
		return
	}
	if eq == i+1 && s.isWord(i) {
		s.globalAssignment(i, end, eq, s.shape(eq+1, last), at)
		return
	}
	if eq < i+2 || !s.is(eq-2, ".") || s.t[eq-1].kind != jsIdent || s.chainEnd(i, eq-1) != eq-1 {
		return // the left side is no member expression
	}
	right := s.shape(eq+1, last)
	kind := right.functionKind()
	if kind == store.KindUnknown {
		s.containerAssignment(i, end, eq, right, at)
		return
	}
	target := s.text(i, eq-1)
	name := s.text(eq-1, eq-1)
	if target == "module.exports" && right.name >= 0 {
		name = s.text(right.name, right.name) // module.exports = function sub() {}: sub
	}
	qual := strings.TrimPrefix(strings.TrimPrefix(target, "module."), "exports.")
	if owner, ok := strings.CutSuffix(qual, ".prototype."+name); ok {
		qual = owner + "." + name
		if kind == store.KindFunction {
			kind = store.KindMethod
		}
		if at.parent >= 0 && owner == s.w.res.Symbols[at.parent].Name {
			qual = "" // `C.prototype.m = ...` in the body of C's class wrapper
		}
	}
	if s.text(i, eq-3) == "exports" || target == "module.exports."+name || target == "module.exports" {
		qual = ""
	}
	idx := s.value(i, end, right, at, name, kind, s.t[i].s)
	if qual != "" && qual != name && idx >= 0 {
		s.w.res.Symbols[idx].Qualname = jsQual(&s.w, at.parent, qual)
	}
}

// assignment returns the index of the '=' of an assignment expression [i, last], or -1 when the
// expression is another (a sequence, a conditional, an arrow function, ...).
func (s *jsScan) assignment(i, last int) int {
	for k := i; k <= last; k++ {
		switch {
		case s.opens(k):
			k = s.partner(k, last+1)
		case s.t[k].kind != jsPunct:
			if s.keyword(k, "function") {
				k = s.functionEnd(k, last+1)
			} else if s.keyword(k, "class") {
				return -1
			}
		case s.is(k, "="):
			if s.commaAfter(k+1, last) {
				return -1
			}
			return k
		case s.is(k, ".") || s.is(k, "?."):
		case s.ts != jsDialectJS && s.is(k, "!") && k > i && !s.t[k].nl:
			// x!.y = ...: the non-null assertion
		default:
			return -1
		}
	}
	return -1
}

// commaAfter reports whether tokens [from, last] hold a comma outside brackets.
func (s *jsScan) commaAfter(from, last int) bool {
	if s.ts != jsDialectJS {
		return from <= last && len(s.tsSplit(from, last, false)) > 1 // commas in types are no sequence
	}
	for k := from; k <= last; k++ {
		switch {
		case s.opens(k):
			k = s.partner(k, last+1)
		case s.is(k, ","):
			return true
		}
	}
	return false
}

// containerAssignment maps `exports.Util = {...}`, `C.prototype = {...}` and the like
// (jsContainerAssignment): an object of functions or a module wrapper assigned to a property,
// named by the property (by C for a prototype) and holding the functions as its members.
func (s *jsScan) containerAssignment(i, end, eq int, right jsShape, at tsAt) {
	name := s.text(eq-1, eq-1)
	if name == "prototype" {
		name = s.text(i, eq-3)
		if eq-3 >= i+2 && s.is(eq-4, ".") && s.t[eq-3].kind == jsIdent && s.chainEnd(i, eq-3) == eq-3 {
			name = s.text(eq-3, eq-3)
		}
	}
	if name == "" {
		return
	}
	if !s.hasContents(right) {
		if owner := s.prototypeOwner(i, eq); owner != "" {
			s.prototypeProperty(i, end, at, owner, s.text(eq-1, eq-1))
			return
		}
		s.exported(i, end, eq, right, at, name)
		return
	}
	kind := store.KindVar
	if s.modulePattern(right, name) {
		kind = store.KindClass
	}
	idx := s.span(i, end, at, name, kind, s.w.sigLine(uint32(s.t[i].s), s.endByte(end)))
	s.contents(right, idx)
}

// prototypeOwner returns C of a `C.prototype.x` target [i, eq-1] (the last name of
// `a.C.prototype.x`), or "" (jsPrototypeOwner).
func (s *jsScan) prototypeOwner(i, eq int) string {
	p := eq - 3 // "prototype" in C.prototype.x
	if p < i || !s.is(p, "prototype") || !s.is(p+1, ".") || p-2 < i || !s.is(p-1, ".") {
		return ""
	}
	if p-3 >= i && s.is(p-3, ".") && s.t[p-2].kind == jsIdent && s.chainEnd(i, p-2) == p-2 {
		return s.text(p-2, p-2)
	}
	return s.text(i, p-2)
}

// prototypeProperty maps `C.prototype.x = value` [i, end] of a value that is no function and no
// container as the property x of C's instances (jsPrototypeProperty).
func (s *jsScan) prototypeProperty(i, end int, at tsAt, owner, name string) {
	idx := s.span(i, end, at, name, store.KindProperty, s.w.sigLine(uint32(s.t[i].s), s.endByte(end)))
	if at.parent < 0 || owner != s.w.res.Symbols[at.parent].Name {
		s.w.res.Symbols[idx].Qualname = jsQual(&s.w, at.parent, owner+"."+name)
	}
}

// globalAssignment maps a top-level `name = value` [i, end] of a function, a class or an object
// literal as the global it makes (jsGlobalAssignment).
func (s *jsScan) globalAssignment(i, end, eq int, right jsShape, at tsAt) {
	if at.parent >= 0 || right.kind == jsShapeNone {
		return
	}
	name := s.text(i, i)
	if kind := right.functionKind(); kind != store.KindUnknown {
		s.value(i, end, right, at, name, kind, s.t[i].s)
		return
	}
	if right.kind != jsShapeObject {
		return
	}
	idx := s.span(i, end, at, name, store.KindVar, s.w.sigLine(uint32(s.t[i].s), s.endByte(end)))
	if s.hasContents(right) {
		s.contents(right, idx)
	}
}

// topBranches maps what the branches of a top-level if statement [i, end] declare for the file
// (jsTopBranches): their var declarations, their assignments and their if statements.
func (s *jsScan) topBranches(i, end int, at tsAt) {
	if i+1 > end || !s.is(i+1, "(") || s.nest >= tsMaxNest {
		return
	}
	s.nest++
	defer func() { s.nest-- }()
	k := s.partner(i+1, end+1) + 1
	for k <= end {
		branchEnd := s.statementEnd(k, end+1)
		if s.is(k, "{") {
			close := s.partner(k, end+1)
			for j := k + 1; j < close; {
				if s.closes(j) {
					j++
					continue
				}
				e := s.statementEnd(j, close)
				s.branchStatement(j, e, at)
				j = e + 1
			}
			branchEnd = close
		} else {
			s.branchStatement(k, branchEnd, at)
		}
		k = branchEnd + 1
		if k > end || !s.keyword(k, "else") {
			return
		}
		k++
	}
}

// branchStatement maps a statement [i, end] of a top-level if's branch when it is a var
// declaration, an expression or an if statement.
func (s *jsScan) branchStatement(i, end int, at tsAt) {
	if s.ts != jsDialectJS {
		if f := s.tsForm(i, end+1); f != tsFormNone && f != tsFormNamespace || s.is(i, "declare") && i+1 <= end && s.tsDeclares(i+1, end+1) {
			return // no variable_declaration, no expression_statement
		}
	}
	switch {
	case s.keyword(i, "var"), s.keyword(i, "if"):
		s.statement(i, end, at)
	case s.t[i].kind != jsIdent || !jsStatementWords[string(s.bytes(i))]:
		s.statement(i, end, at)
	}
}

// jsStatementWords are the words that start a statement other than an expression.
var jsStatementWords = map[string]bool{
	"function": true, "async": true, "class": true, "let": true, "const": true, "import": true, "export": true,
	"for": true, "while": true, "do": true, "try": true, "switch": true, "with": true, "return": true,
	"throw": true, "break": true, "continue": true, "debugger": true, "var": true, "if": true,
}

// exported maps a top-level `exports.X = value` or `module.exports.X = value` of any other
// value as the variable X (jsExported); `exports.X = void 0` declares nothing.
func (s *jsScan) exported(i, end, eq int, right jsShape, at tsAt, name string) {
	object := s.text(i, eq-3)
	if at.parent >= 0 || (object != "exports" && object != "module.exports") || right.kind == jsShapeNone ||
		(right.kind == jsShapeUnary && s.is(right.s, "void")) {
		return
	}
	s.span(i, end, at, name, store.KindVar, s.w.sigLine(uint32(s.t[i].s), s.endByte(end)))
}

// endByte returns where the statement whose last token is end ends in tree-sitter's tree. One
// that ends without a ';' takes in a line comment after it on its line (and the block comments
// before that): the grammar's scanner inserts the semicolon only after the comment, unless a '}'
// comes next.
func (s *jsScan) endByte(end int) uint32 {
	t := s.t[end]
	if s.is(end, ";") || end+1 < len(s.t) && s.is(end+1, "}") {
		return uint32(t.e)
	}
	src, p, last := s.src, int(t.e), int(t.e)
	for p < len(src) {
		switch {
		case src[p] == ' ' || src[p] == '\t' || src[p] == '\r' || src[p] == '\v' || src[p] == '\f':
			p++
		case src[p] == '/' && p+1 < len(src) && src[p+1] == '*':
			q := p + 2
			for q+1 < len(src) && !(src[q] == '*' && src[q+1] == '/') && src[q] != '\n' {
				q++
			}
			if q+1 >= len(src) || src[q] == '\n' {
				return uint32(last)
			}
			p = q + 2
			if s.ts != jsDialectJS {
				last = p // TypeScript's scanner inserts the semicolon after a block comment too
			}
		case src[p] == '/' && p+1 < len(src) && src[p+1] == '/':
			for p < len(src) && src[p] != '\n' {
				p++
			}
			return uint32(p)
		default:
			return uint32(last)
		}
	}
	return uint32(last)
}

// value adds the symbol of tokens [rs, re] whose value v is a function or a class (jsValue): its
// signature runs from sigFrom to the value's body, a class's members are mapped.
func (s *jsScan) value(rs, re int, v jsShape, at tsAt, name string, kind store.Kind, sigFrom int32) int {
	to := s.t[v.e].e
	if v.body >= 0 {
		to = s.t[v.body].s
	}
	idx := s.span(rs, re, at, name, kind, s.w.sig(uint32(sigFrom), uint32(to)))
	if kind == store.KindClass && v.body >= 0 {
		s.classMembers(v.body, s.partner(v.body, v.e+1), idx)
	}
	return idx
}

// hasContents reports whether v is an object literal with a method or a function-valued
// property, or an immediately invoked function (jsHasContents).
func (s *jsScan) hasContents(v jsShape) bool {
	v = s.unwrap(v)
	if v.kind == jsShapeObject {
		found := false
		s.objectItems(v.s, v.e, func(m jsMember) bool {
			if m.method || m.value >= 0 && s.unwrap(s.shape(m.value, m.e)).functionKind() != store.KindUnknown {
				found = true
			}
			return !found
		})
		return found
	}
	return s.invokedBody(v) >= 0
}

// contents maps the functions of a container value v (hasContents) as members of symbol idx.
func (s *jsScan) contents(v jsShape, idx int) {
	if idx < 0 {
		return
	}
	v = s.unwrap(v)
	at := tsAt{parent: idx, start: -1, sig: -1}
	if v.kind == jsShapeObject {
		s.objectMembers(v.s, v.e, at)
		return
	}
	if body := s.invokedBody(v); body >= 0 {
		s.statements(body+1, s.partner(body, v.e+1), at)
	}
}

// invokedBody returns the index of the '{' of the body of the function a call invokes in place
// (`(function () {...}())`, `(() => {...})()`), or -1.
func (s *jsScan) invokedBody(call jsShape) int {
	if call.kind != jsShapeCall {
		return -1
	}
	return s.functionBlock(s.unwrap(s.shape(call.inner[0], call.inner[1])))
}

// functionBlock returns the index of the '{' of the block body of a function expression or
// arrow function f, or -1.
func (s *jsScan) functionBlock(f jsShape) int {
	if (f.kind == jsShapeFunction && !f.generator || f.kind == jsShapeArrow) && f.body >= 0 && s.is(f.body, "{") {
		return f.body
	}
	return -1
}

// modulePattern reports whether v is an immediately invoked function that declares a function
// named name: a class written before classes (jsModulePattern).
func (s *jsScan) modulePattern(v jsShape, name string) bool {
	body := s.invokedBody(s.unwrap(v))
	if body < 0 {
		return false
	}
	to := s.partner(body, v.e+1)
	for i := body + 1; i < to; {
		if s.closes(i) {
			i++
			continue
		}
		end := s.statementEnd(i, to)
		kw := i
		if s.is(kw, "async") && kw+1 <= end && s.is(kw+1, "function") {
			kw++
		}
		if s.is(kw, "function") && kw+1 <= end && s.isWord(kw+1) && s.text(kw+1, kw+1) == name {
			return true
		}
		i = end + 1
	}
	return false
}

// moduleWrappers maps, as the file's own, the declarations inside the functions a top-level
// call [i, last] wraps a module in (jsModuleWrappers): the function it calls and the functions
// among its arguments.
func (s *jsScan) moduleWrappers(i, last int) {
	call := s.unwrap(s.shape(i, last))
	if call.kind != jsShapeCall {
		return
	}
	wrappers := [][2]int{call.inner}
	if call.args >= 0 {
		wrappers = append(wrappers, s.split(call.args+1, call.e-1)...)
	}
	for _, f := range wrappers {
		fn := s.unwrap(s.shape(f[0], f[1]))
		if body := s.functionBlock(fn); body >= 0 {
			s.statements(body+1, s.partner(body, fn.e+1), tsTop)
		}
	}
}

// jsMember is a member of an object literal or a class body: its tokens [s, e], where its key
// starts (after decorators and modifiers) and ends, and either a method's body or a value.
type jsMember struct {
	s, e        int
	head        int // the first token after decorators: where the signature starts
	key, keyEnd int
	method      bool
	body        int // a method's '{'
	value       int // the first token of a pair's or a field's value, or -1
	pair        bool
	// TypeScript's (tsMember): a method without a body, an index signature, a getter or setter,
	// the last token of a field's key, mark and type annotation.
	signature, index, accessor bool
	headEnd                    int
}

// objectItems calls f with each method and pair of the object literal [open, close] until f
// returns false.
func (s *jsScan) objectItems(open, close int, f func(m jsMember) bool) {
	for _, item := range s.split(open+1, close-1) {
		m, ok := s.member(item[0], item[1]+1, false)
		if !ok || !m.method && !m.pair {
			continue
		}
		m.e = item[1]
		if !f(m) {
			return
		}
	}
}

// member reads the member of an object literal or a class body that starts at i, before limit:
// decorators, modifiers (static, async, get, set, '*'), a key, then parameters and a body, ':'
// and a value (in an object) or '=' and a value (in a class).
func (s *jsScan) member(i, limit int, inClass bool) (jsMember, bool) {
	if s.ts != jsDialectJS {
		return s.tsMember(i, limit, inClass)
	}
	m := jsMember{s: i, body: -1, value: -1}
	k := s.decorators(i, limit)
	m.head = k
	for k+1 < limit && s.modifier(k, inClass) {
		k++
	}
	if k >= limit {
		return m, false
	}
	m.key, m.keyEnd = k, k
	switch t := s.t[k]; {
	case s.is(k, "["):
		m.keyEnd = s.partner(k, limit)
	case t.kind == jsIdent || t.kind == jsStr || t.kind == jsNum:
	default:
		return m, false
	}
	next := m.keyEnd + 1
	switch {
	case next < limit && s.is(next, "("):
		p := s.partner(next, limit)
		if p+1 < limit && s.is(p+1, "{") {
			m.method, m.body = true, p+1
			m.e = s.partner(p+1, limit)
			return m, true
		}
		return m, false
	case !inClass && next < limit && s.is(next, ":"):
		m.pair, m.value = true, next+1
		return m, next+1 < limit
	case inClass && next < limit && s.is(next, "="):
		m.value = next + 1
	}
	return m, true
}

// modifier reports whether token k is a modifier of a member rather than its key: a keyword
// that a key follows (on its line, in a class).
func (s *jsScan) modifier(k int, inClass bool) bool {
	switch {
	case s.is(k, "*"):
		return true
	case s.is(k, "async") || s.is(k, "get") || s.is(k, "set") || inClass && s.is(k, "static"):
	default:
		return false
	}
	n := s.t[k+1]
	if n.nl && (inClass || s.is(k, "async")) {
		return false // before a line break, a class field so named (tree-sitter's semicolon)
	}
	switch n.kind {
	case jsIdent, jsStr, jsNum:
		return true
	}
	return s.is(k+1, "[") || s.is(k+1, "*")
}

// objectMembers maps the methods and the pairs of the object literal [open, close] at at.
func (s *jsScan) objectMembers(open, close int, at tsAt) {
	if s.nest >= tsMaxNest || s.err != nil {
		return
	}
	s.nest++
	defer func() { s.nest-- }()
	s.objectItems(open, close, func(m jsMember) bool {
		if m.method {
			s.method(m, at)
		} else {
			s.pair(m, at)
		}
		return !s.tick()
	})
}

// method maps a method (jsMethod): named by its key, a constructor when named so.
func (s *jsScan) method(m jsMember, at tsAt) int {
	name := s.nameOf(m)
	if name == "" {
		return -1
	}
	kind := store.KindMethod
	if name == "constructor" {
		kind = store.KindConstructor
	}
	return s.declare(m.s, m.e, at, name, kind, s.sigFrom(m.head, at), m.body)
}

// nameOf returns a member's name: a quoted one without its quotes, any other as written
// (jsNameOf).
func (s *jsScan) nameOf(m jsMember) string {
	text := s.text(m.key, m.keyEnd)
	if s.t[m.key].kind == jsStr {
		return orDefault(unquote(text), text)
	}
	return text
}

// pair maps a property of an object literal whose value is a function as a method, and one
// whose value is an object of functions as a property holding them (jsPair).
func (s *jsScan) pair(m jsMember, at tsAt) int {
	var name string
	switch s.t[m.key].kind {
	case jsIdent, jsNum:
		if s.src[s.t[m.key].s] == '#' {
			return -1
		}
		name = s.text(m.key, m.key)
	case jsStr:
		text := s.text(m.key, m.key)
		name = orDefault(unquote(text), text)
	default:
		return -1 // a computed key names nothing the reader can look up
	}
	v := s.unwrap(s.shape(m.value, m.e))
	switch v.functionKind() {
	case store.KindFunction:
		return s.declare(m.s, m.e, at, name, store.KindMethod, s.sigFrom(m.s, at), v.body)
	case store.KindClass:
		return s.value(m.s, m.e, v, at, name, store.KindClass, int32(s.sigFrom(m.s, at)))
	}
	if !s.hasContents(v) {
		return -1
	}
	idx := s.span(m.s, m.e, at, name, store.KindProperty, s.w.sigLine(s.sigFrom(m.s, at), uint32(s.t[m.e].e)))
	s.contents(v, idx)
	return idx
}

// classMembers maps the members of the class body [open, close] as children of parent: methods
// (jsMethod) and fields (jsField); static blocks map nothing.
func (s *jsScan) classMembers(open, close, parent int) {
	if s.nest >= tsMaxNest || s.err != nil || parent < 0 {
		return
	}
	s.nest++
	defer func() { s.nest-- }()
	at := tsAt{parent: parent, start: -1, sig: -1}
	if s.ts != jsDialectJS {
		s.tsClassMembers(open, close, at)
		return
	}
	for j := open + 1; ; {
		var more bool
		if j, more = s.nextClassMember(j, close); !more {
			return
		}
		m, ok := s.member(j, close, true)
		if !ok {
			j = max(s.expressionEnd(j, close), j) + 1
			continue
		}
		if m.method {
			s.method(m, at)
			j = m.e + 1
			continue
		}
		m.e, j = s.fieldEnd(m, close)
		s.field(m, at)
	}
}

// nextClassMember returns where the next member of a class body that ends at close starts, at
// or after j: past empty members (';') and static blocks, which map nothing. It reports false
// when the body is done or the scan must stop.
func (s *jsScan) nextClassMember(j, close int) (int, bool) {
	for j < close {
		switch {
		case s.tick():
			return j, false
		case s.is(j, ";"):
			j++
		case s.is(j, "static") && j+1 < close && s.is(j+1, "{"):
			j = s.partner(j+1, close) + 1
		default:
			return j, true
		}
	}
	return j, false
}

// fieldEnd returns the last token of field m of a class body that ends at close, and the index
// after the field and its ';'.
func (s *jsScan) fieldEnd(m jsMember, close int) (last, next int) {
	if m.value < 0 {
		if m.keyEnd+1 < close && s.is(m.keyEnd+1, ";") {
			return m.keyEnd, m.keyEnd + 2
		}
		return m.keyEnd, m.keyEnd + 1
	}
	end := s.expressionEnd(m.value-1, close)
	if s.is(end, ";") {
		return max(end-1, m.keyEnd), end + 1
	}
	return end, end + 1
}

// field maps a class field; one holding a function is a method (jsField).
func (s *jsScan) field(m jsMember, at tsAt) int {
	name := s.text(m.key, m.keyEnd)
	if m.value >= 0 && m.value <= m.e {
		if v := s.shape(m.value, m.e); v.functionKind() == store.KindFunction {
			return s.declare(m.s, m.e, at, name, store.KindMethod, s.sigFrom(m.head, at), v.body)
		}
	}
	return s.span(m.s, m.e, at, name, store.KindField, s.w.sigLine(s.sigFrom(m.head, at), uint32(s.t[m.e].e)))
}

// Symbols.

// row returns the 0-based line token i starts on.
func (s *jsScan) row(i int) int { return int(s.t[i].line) - 1 }

// span adds a symbol whose range is that of tokens [rs, re] (or starts earlier at at.start) and
// whose signature is given, as the walk's span does.
func (s *jsScan) span(rs, re int, at tsAt, name string, kind store.Kind, sig string) int {
	start := s.row(rs)
	if at.start >= 0 && at.start < start {
		start = at.start
	}
	end := max(int(s.t[re].eline)-1, start)
	return s.w.add(store.Symbol{
		Name: name, Kind: kind, Signature: sig,
		StartLine: start + 1, EndLine: end + 1, Parent: at.parent,
	})
}

// declare adds the symbol of tokens [rs, re] whose signature runs from sigFrom to the body at
// token body (to the end without one), as the walk's declare does without overloads.
func (s *jsScan) declare(rs, re int, at tsAt, name string, kind store.Kind, sigFrom uint32, body int) int {
	to := uint32(s.t[re].e)
	if body >= 0 && uint32(s.t[body].s) >= sigFrom {
		to = uint32(s.t[body].s)
	}
	return s.span(rs, re, at, name, kind, s.w.sig(sigFrom, to))
}

// text returns the source of tokens [a, b] as the walk's text returns a node's: folded to one
// line and capped, for names.
func (s *jsScan) text(a, b int) string {
	if a > b || a < 0 {
		return ""
	}
	return jsFold(s.src, int(s.t[a].s), int(s.t[b].e))
}

// jsFold returns src[a:b] folded to one line and capped at tsMaxName bytes, as tsWalk.text
// returns a node's text.
func jsFold(src []byte, a, b int) string {
	b = min(b, len(src))
	if a >= b {
		return ""
	}
	return foldName(src[a:b])
}
