package lang

// The JavaScript scanner's lexer (js_scan.go reads its tokens). It reads a whole file into a
// slice of tokens once, with every bracket paired to its partner, so that the scanner can skip a
// function body or look past a parameter list in one step. Whether a '/' starts a regular
// expression or divides, and whether a '<' starts a JSX element, is decided as JavaScript's
// lexers decide it, by what came before: after a value (a name, a literal, ')' , ']', '}' closing
// an object) it divides; after an operator, a keyword such as return or typeof, '(' or the '}'
// of a block it starts a literal. Which '{' opens a block and which an object is told by the
// token before it. A template literal and a JSX element are one token each: the expressions in
// their ${...} and {...} are lexed, to find where they end, and then dropped.

import (
	"bytes"
	"math"
)

// Token kinds.
const (
	jsEOF   = iota
	jsIdent // identifiers, keywords and private names (#x)
	jsNum
	jsStr
	jsTmpl  // a template literal with its substitutions
	jsRegex // a regular expression literal with its flags
	jsJSX   // a JSX element or fragment with everything in it
	jsPunct // operators and punctuation, longest match first
)

// jsTok is one token: its bytes, the lines it starts and ends on, and for a bracket the index of
// its partner (-1 when it has none).
type jsTok struct {
	s, e        int32
	line, eline int32 // 1-based
	match       int32
	kind        uint8
	nl          bool // a line break comes between the previous token and this one
}

// What an open bracket on the lexer's stack is.
const (
	jsOpenParen   = iota // a call's, a group's, parameters'
	jsOpenCond           // after if, while, for or with: a regex may follow its ')'
	jsOpenBracket        // '['
	jsOpenBlock          // a block or a body: a regex may follow its '}'
	jsOpenObject         // an object literal or pattern: a '/' after its '}' divides
	jsOpenSub            // the ${ of a template or the { of JSX: its '}' ends the substitution
)

// jsMaxDepth bounds the nesting of templates and JSX the lexer follows by recursion; past it the
// rest of the file is one token.
const jsMaxDepth = 500

// jsMaxPairSearch bounds how far down the stack a closing bracket looks for its partner past
// brackets of other kinds, so that a file of unbalanced brackets stays linear.
const jsMaxPairSearch = 8

// jsSubStart stands for the last token's offsets at the start of a substitution, where a '{'
// opens an object.
const jsSubStart = -2

// jsOpen is an open bracket: its token's index (-1 for a substitution) and kind.
type jsOpen struct {
	tok  int32
	kind uint8
}

// jsLex is the state of the lexer.
type jsLex struct {
	src  []byte
	p    int
	line int32
	toks []jsTok
	open []jsOpen
	// regex says that an expression may start at the next token: a '/' there starts a regex
	// literal and a '<' a JSX element.
	regex bool
	// prevS and prevE are the bytes of the last token, prevDot that a '.' came before it.
	prevS, prevE int
	prevDot      bool
	nl           bool
	depth        int
	dialect      uint8 // jsDialectJS, jsDialectTS or jsDialectTSX
	// why, when set, is why the lexer is unsure of the tokens: a JSX element that never closes,
	// or in TypeScript a string, comment or template that TypeScript's grammar may read
	// otherwise (unclosed).
	why string
	// unparsed are the line spans of the syntax errors met: a string the line's end cuts off,
	// which JavaScript reports there and reads on after, and a comment or template literal never
	// closed, which runs to the end of the file (its span ends at math.MaxInt32).
	unparsed [][2]int
}

// Dialects the lexer reads: TypeScript has no JSX, and its '!' after a value is the non-null
// assertion, after which a '/' divides.
const (
	jsDialectJS = iota
	jsDialectTS
	jsDialectTSX
)

// jsLexAll returns the tokens of src, of dialect, ending with an EOF token, the line spans of the
// syntax errors the lexer met (jsLex.unparsed, and from the innermost bracket still open at the
// end of the file on, which takes in the rest of it), and why the lexer is unsure of the tokens
// ("" when it is sure: jsLex.why).
func jsLexAll(src []byte, dialect uint8) ([]jsTok, [][2]int, string) {
	l := &jsLex{src: src, line: 1, regex: true, prevS: -1, prevE: -1, dialect: dialect}
	l.toks = make([]jsTok, 0, len(src)/5+4)
	l.skipBOMAndShebang()
	l.run()
	l.space()
	if len(l.open) > 0 {
		l.unparsed = append(l.unparsed, [2]int{int(l.toks[l.open[len(l.open)-1].tok].line), math.MaxInt32})
	}
	l.toks = append(l.toks, jsTok{s: int32(len(src)), e: int32(len(src)), line: l.line, eline: l.line, match: -1, kind: jsEOF, nl: l.nl})
	return l.toks, l.unparsed, l.why
}

// skipBOMAndShebang skips a byte order mark and a #! line at the start of the file.
func (l *jsLex) skipBOMAndShebang() {
	if len(l.src) >= 3 && l.src[0] == 0xEF && l.src[1] == 0xBB && l.src[2] == 0xBF {
		l.p = 3
	}
	if l.p+1 < len(l.src) && l.src[l.p] == '#' && l.src[l.p+1] == '!' {
		for l.p < len(l.src) && l.src[l.p] != '\n' {
			l.p++
		}
	}
}

// run lexes tokens up to the end of the file or, inside a substitution, up to the '}' that
// closes it, which it consumes.
func (l *jsLex) run() {
	for {
		l.space()
		if l.p >= len(l.src) {
			return
		}
		if l.token() {
			return
		}
	}
}

// token lexes one token at l.p and reports whether it was the '}' that ends the substitution
// being lexed.
func (l *jsLex) token() bool {
	s, line := l.p, l.line
	c := l.src[s]
	switch {
	case jsIdentStart(c):
		l.ident()
		l.emit(jsIdent, s, line)
		l.regex = !l.prevDot && jsBeforeExpr(l.src[s:l.p])
	case c >= '0' && c <= '9' || c == '.' && s+1 < len(l.src) && l.src[s+1] >= '0' && l.src[s+1] <= '9':
		l.number()
		l.emit(jsNum, s, line)
		l.regex = false
	case c == '"' || c == '\'':
		l.str(c)
		l.emit(jsStr, s, line)
		l.regex = false
	case c == '`':
		l.template()
	case c == '#' && s+1 < len(l.src) && jsIdentStart(l.src[s+1]):
		l.p++
		l.ident()
		l.emit(jsIdent, s, line)
		l.regex = false
	case c == '/' && l.regex:
		l.regexLit()
		l.emit(jsRegex, s, line)
		l.regex = false
	case c == '<' && l.regex && l.dialect != jsDialectTS && s+1 < len(l.src) && (jsIdentStart(l.src[s+1]) || l.src[s+1] == '>') &&
		!(l.dialect == jsDialectTSX && l.typeParams()):
		l.jsx()
	case c == '(' || c == '[' || c == '{':
		l.opening(c)
	case c == ')' || c == ']' || c == '}':
		return l.closing(c)
	default:
		afterValue := !l.regex
		l.p += jsPunctLen(l.src[s:])
		l.emit(jsPunct, s, line)
		n := l.p - s
		l.regex = !(n == 2 && (c == '+' || c == '-') && l.src[s+1] == c)
		if n == 1 && c == '!' && afterValue && l.dialect != jsDialectJS {
			l.regex = false // x! / 2: the non-null assertion ends a value
		}
		l.prevDot = n == 1 && c == '.' || n == 2 && c == '?' && l.src[s+1] == '.'
		return false
	}
	l.prevDot = false
	return false
}

// typeParams reports whether the '<' at l.p opens the type parameters of a generic arrow
// function in TSX rather than a JSX element: `<T,>(x: T) => x`, `<T extends U>(x: T) => x`.
func (l *jsLex) typeParams() bool {
	p := l.p + 1
	for p < len(l.src) && jsIdentByte(l.src[p]) {
		p++
	}
	q := p
	for q < len(l.src) && (l.src[q] == ' ' || l.src[q] == '\t') {
		q++
	}
	if q < len(l.src) && l.src[q] == ',' {
		return true
	}
	if q == p || !bytes.HasPrefix(l.src[q:], []byte("extends")) {
		return false
	}
	r := q + len("extends")
	if r >= len(l.src) || l.src[r] != ' ' {
		return false
	}
	for r < len(l.src) && l.src[r] == ' ' {
		r++
	}
	return r < len(l.src) && l.src[r] != '=' && l.src[r] != '>' && l.src[r] != '/'
}

// emit appends the token from s to l.p that starts on line line.
func (l *jsLex) emit(kind uint8, s int, line int32) {
	eline := l.line
	if kind == jsTmpl || kind == jsJSX {
		// An unterminated one runs to the end of the file: its last line is that of its last
		// visible byte.
		for b := l.p - 1; b > s && jsSpace(l.src[b]); b-- {
			if l.src[b] == '\n' {
				eline--
			}
		}
	}
	l.toks = append(l.toks, jsTok{s: int32(s), e: int32(l.p), line: line, eline: eline, match: -1, kind: kind, nl: l.nl})
	l.nl = false
	l.prevS, l.prevE = s, l.p
}

// opening lexes an opening bracket and pushes it.
func (l *jsLex) opening(c byte) {
	kind := uint8(jsOpenBracket)
	switch c {
	case '(':
		kind = jsOpenParen
		switch string(l.src[max(l.prevS, 0):max(l.prevE, 0)]) {
		case "if", "while", "for", "with":
			kind = jsOpenCond
		}
	case '{':
		kind = l.braceKind()
	}
	l.open = append(l.open, jsOpen{tok: int32(len(l.toks)), kind: kind})
	s := l.p
	l.p++
	l.emit(jsPunct, s, l.line)
	l.regex, l.prevDot = true, false
}

// braceKind tells what a '{' opens from the token before it: an object where an expression is
// expected, but after what ends a statement or heads a body.
func (l *jsLex) braceKind() uint8 {
	switch {
	case l.prevS == jsSubStart:
		return jsOpenObject
	case !l.regex || l.prevS < 0:
		return jsOpenBlock
	}
	switch string(l.src[l.prevS:l.prevE]) {
	case ";", "{", "}", ")", "=>", "else", "do", "try", "finally":
		return jsOpenBlock
	case ">":
		if l.dialect != jsDialectJS {
			return jsOpenBlock // the body after a generic type: `f(): Promise<T> {`
		}
	}
	return jsOpenObject
}

// closing lexes a closing bracket, pairing it with the nearest open bracket of its kind, and
// reports whether it is the '}' of the substitution being lexed (which it pops, emitting nothing).
func (l *jsLex) closing(c byte) bool {
	for k := len(l.open) - 1; k >= 0 && k >= len(l.open)-jsMaxPairSearch; k-- {
		o := l.open[k]
		if o.kind == jsOpenSub {
			if c != '}' {
				break
			}
			l.open = l.open[:k]
			l.p++
			return true
		}
		if !jsPairs(o.kind, c) {
			continue
		}
		if k < len(l.open)-1 {
			// The brackets it passes over are never closed: a syntax error from the outermost on.
			l.unparsed = append(l.unparsed, [2]int{l.openLine(k + 1), math.MaxInt32})
		}
		l.open = l.open[:k]
		s := l.p
		l.p++
		l.emit(jsPunct, s, l.line)
		i := int32(len(l.toks) - 1)
		l.toks[i].match, l.toks[o.tok].match = o.tok, i
		l.regex = o.kind == jsOpenCond || o.kind == jsOpenBlock
		l.prevDot = false
		return false
	}
	// A stray closing bracket: a token without a partner.
	s := l.p
	l.p++
	l.emit(jsPunct, s, l.line)
	l.regex, l.prevDot = false, false
	return false
}

// openLine is the line of the open bracket l.open[k] (a substitution's: the line lexed now).
func (l *jsLex) openLine(k int) int {
	if t := l.open[k].tok; t >= 0 {
		return int(l.toks[t].line)
	}
	return int(l.line)
}

// jsPairs reports whether the closing bracket c closes an open bracket of kind kind.
func jsPairs(kind uint8, c byte) bool {
	switch c {
	case ')':
		return kind == jsOpenParen || kind == jsOpenCond
	case ']':
		return kind == jsOpenBracket
	}
	return kind == jsOpenBlock || kind == jsOpenObject
}

// jsBeforeExpr reports whether an expression may follow the identifier or keyword word: a '/'
// after return starts a regex, after a name it divides.
func jsBeforeExpr(word []byte) bool {
	switch string(word) {
	case "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else",
		"yield", "await", "extends":
		return true
	}
	return false
}

// space skips whitespace and comments, counting lines and noting line breaks.
func (l *jsLex) space() {
	src := l.src
	for l.p < len(src) {
		switch c := src[l.p]; {
		case c == '\n':
			l.line++
			l.nl = true
			l.p++
		case c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f':
			l.p++
		case c == '/' && l.p+1 < len(src) && src[l.p+1] == '/':
			for l.p < len(src) && src[l.p] != '\n' {
				l.p++
			}
		case c == '/' && l.p+1 < len(src) && src[l.p+1] == '*':
			line := l.line
			after := l.prevE >= 0 && !l.nl // code before it on its line
			l.p += 2
			for l.p < len(src) && !(src[l.p] == '*' && l.p+1 < len(src) && src[l.p+1] == '/') {
				if src[l.p] == '\n' {
					l.line++
				}
				l.p++
			}
			if l.p >= len(src) {
				l.unparsed = append(l.unparsed, [2]int{int(line), math.MaxInt32})
				l.unclosed("comment: a block comment never closed")
			} else if after && l.line > line {
				// A statement that ends without a ';' may take it in, to its last line.
				l.unclosed("comment: a block comment after code runs over lines")
			}
			l.p = min(l.p+2, len(src))
		case c == 0xC2 && l.p+1 < len(src) && src[l.p+1] == 0xA0: // no-break space
			l.p += 2
		default:
			return
		}
	}
}

// jsSpace reports whether c is whitespace.
func jsSpace(c byte) bool {
	return c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '\v' || c == '\f'
}

// jsIdentStart reports whether c starts an identifier: a letter, '$', '_', an escape, or any
// byte of a non-ASCII character.
func jsIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '$' || c == '_' || c == '\\' || c >= 0x80
}

// jsIdentByte reports whether c continues an identifier.
func jsIdentByte(c byte) bool {
	return jsIdentStart(c) || c >= '0' && c <= '9'
}

// ident lexes the rest of an identifier.
func (l *jsLex) ident() {
	for l.p < len(l.src) {
		c := l.src[l.p]
		if c == 0xC2 && l.p+1 < len(l.src) && l.src[l.p+1] == 0xA0 {
			return // a no-break space is whitespace
		}
		if !jsIdentByte(c) {
			return
		}
		if c == '\\' {
			l.escape()
			continue
		}
		l.p++
	}
}

// escape lexes a Unicode escape in an identifier: \uXXXX or \u{X...}.
func (l *jsLex) escape() {
	if l.p+1 < len(l.src) && l.src[l.p+1] == '\n' {
		l.p++ // a stray backslash: the line break is the lexer's to count
		return
	}
	l.p += 2
	if l.p-1 < len(l.src) && l.src[l.p-1] == 'u' && l.p < len(l.src) && l.src[l.p] == '{' {
		for l.p < len(l.src) && l.src[l.p] != '}' && l.src[l.p] != '\n' {
			l.p++
		}
		l.p++
	}
	l.p = min(l.p, len(l.src))
}

// number lexes a numeric literal: decimal with fraction and exponent, hex, octal, binary,
// separators and the BigInt suffix.
func (l *jsLex) number() {
	src := l.src
	if src[l.p] == '0' && l.p+1 < len(src) && bytesHas("xXoObB", src[l.p+1]) {
		l.p += 2
	} else {
		for l.p < len(src) && (src[l.p] >= '0' && src[l.p] <= '9' || src[l.p] == '_' || src[l.p] == '.') {
			l.p++
		}
		if l.p < len(src) && (src[l.p] == 'e' || src[l.p] == 'E') {
			l.p++
			if l.p < len(src) && (src[l.p] == '+' || src[l.p] == '-') {
				l.p++
			}
		}
	}
	for l.p < len(src) && jsIdentByte(src[l.p]) && src[l.p] != '\\' {
		l.p++
	}
}

// bytesHas reports whether set holds c.
func bytesHas(set string, c byte) bool {
	for i := range len(set) {
		if set[i] == c {
			return true
		}
	}
	return false
}

// str lexes a string literal closed by quote; an unterminated one ends at the line's end.
func (l *jsLex) str(quote byte) {
	src := l.src
	l.p++
	for l.p < len(src) {
		switch src[l.p] {
		case quote:
			l.p++
			return
		case '\\':
			l.p++
			if l.p < len(src) && src[l.p] == '\n' {
				l.line++
			} else if l.p+1 < len(src) && src[l.p] == '\r' && src[l.p+1] == '\n' {
				l.p++
				l.line++
			}
		case '\n':
			l.unclosedString()
			return
		}
		l.p++
	}
	l.p = min(l.p, len(src))
	l.unclosedString()
}

// jsxUnsure is why the lexer is unsure of a file with a JSX element that never closes.
const jsxUnsure = "jsx: an element that never closes"

// unclosed notes, in TypeScript, why the lexer is unsure: a string, comment or template that does
// not close where JavaScript's lexer closes it, which TypeScript's grammar may read otherwise.
func (l *jsLex) unclosed(why string) {
	if l.dialect != jsDialectJS && l.why == "" {
		l.why = why
	}
}

// unclosedString notes a string literal that the line's end or the file's cuts off.
func (l *jsLex) unclosedString() {
	l.unclosed("string: a line break in a string")
	l.unparsed = appendSpan(l.unparsed, int(l.line), int(l.line))
}

// regexLit lexes a regular expression literal: a '/' inside a class [...] does not end it, a line
// break does.
func (l *jsLex) regexLit() {
	src := l.src
	l.p++
	class := false
	for l.p < len(src) {
		c := src[l.p]
		if c == '\n' {
			return
		}
		l.p++
		switch {
		case c == '\\':
			if l.p < len(src) && src[l.p] != '\n' {
				l.p++
			}
		case c == '[':
			class = true
		case c == ']':
			class = false
		case c == '/' && !class:
			for l.p < len(src) && jsIdentByte(src[l.p]) {
				l.p++
			}
			return
		}
	}
}

// template lexes a template literal with the expressions in its substitutions, and emits it as
// one token.
func (l *jsLex) template() {
	s, line, n := l.p, l.line, len(l.toks)
	src := l.src
	l.p++
	for l.p < len(src) {
		switch src[l.p] {
		case '`':
			l.p++
			l.toks = l.toks[:n]
			l.emit(jsTmpl, s, line)
			l.regex, l.prevDot = false, false
			return
		case '\\':
			l.p++
			if l.p < len(src) && src[l.p] == '\n' {
				l.line++
			}
		case '\n':
			l.line++
		case '$':
			if l.p+1 < len(src) && src[l.p+1] == '{' {
				l.p += 2
				l.substitution()
				continue
			}
		}
		l.p++
	}
	l.p = len(src)
	l.unparsed = append(l.unparsed, [2]int{int(line), math.MaxInt32})
	l.unclosed("template: a template literal never closed")
	l.toks = l.toks[:n]
	l.emit(jsTmpl, s, line)
	l.regex, l.prevDot = false, false
}

// substitution lexes the expression of a ${...} or a JSX {...}, whose '{' was read, through its
// '}'. Past jsMaxDepth the rest of the file is taken as the substitution.
func (l *jsLex) substitution() {
	if l.depth >= jsMaxDepth {
		l.why = jsxUnsure
		l.p = len(l.src)
		return
	}
	l.depth++
	defer func() { l.depth-- }()
	base := len(l.open)
	l.open = append(l.open, jsOpen{tok: -1, kind: jsOpenSub})
	l.regex, l.prevDot, l.prevS, l.prevE = true, false, jsSubStart, jsSubStart
	l.run()
	l.open = l.open[:min(base, len(l.open))]
}

// jsx lexes a JSX element or fragment, with the expressions in it, and emits it as one token.
func (l *jsLex) jsx() {
	s, line, n := l.p, l.line, len(l.toks)
	if !l.element() {
		l.why = jsxUnsure
	}
	l.toks = l.toks[:n]
	l.emit(jsJSX, s, line)
	l.regex, l.prevDot = false, false
}

// element lexes a JSX element from its '<' through its closing tag or "/>", and reports whether
// it closed.
func (l *jsLex) element() bool {
	if l.depth >= jsMaxDepth {
		l.p = len(l.src)
		return false
	}
	l.depth++
	defer func() { l.depth-- }()
	src := l.src
	l.p++
	l.jsxSpace()
	if l.p < len(src) && src[l.p] == '>' {
		l.p++
		return l.children()
	}
	l.jsxName()
	for {
		l.jsxSpace()
		if l.p >= len(src) {
			return false
		}
		switch c := src[l.p]; {
		case c == '/' && l.p+1 < len(src) && src[l.p+1] == '>':
			l.p += 2
			return true
		case c == '>':
			l.p++
			return l.children()
		case c == '{':
			l.p++
			l.substitution()
		case jsIdentStart(c):
			l.jsxName()
			l.jsxSpace()
			if l.p < len(src) && src[l.p] == '=' {
				l.p++
				l.jsxSpace()
				if !l.attrValue() {
					return false
				}
			}
		default:
			return false
		}
	}
}

// attrValue lexes the value of a JSX attribute: a string, an expression in braces or an element.
func (l *jsLex) attrValue() bool {
	src := l.src
	if l.p >= len(src) {
		return false
	}
	switch c := src[l.p]; c {
	case '"', '\'':
		l.p++
		for l.p < len(src) && src[l.p] != c {
			if src[l.p] == '\n' {
				l.line++
			}
			l.p++
		}
		l.p = min(l.p+1, len(src))
		return true
	case '{':
		l.p++
		l.substitution()
		return true
	case '<':
		return l.element()
	}
	return false
}

// children lexes the text, expressions and elements inside a JSX element through its closing
// tag, and reports whether it closed.
func (l *jsLex) children() bool {
	src := l.src
	for l.p < len(src) {
		switch src[l.p] {
		case '\n':
			l.line++
			l.p++
		case '{':
			l.p++
			l.substitution()
		case '<':
			q := l.p + 1
			for q < len(src) && jsSpace(src[q]) {
				q++
			}
			if q < len(src) && src[q] == '/' {
				for l.p < len(src) && src[l.p] != '>' {
					if src[l.p] == '\n' {
						l.line++
					}
					l.p++
				}
				l.p = min(l.p+1, len(src))
				return true
			}
			if !l.element() {
				return false
			}
		default:
			l.p++
		}
	}
	return false
}

// jsxName lexes a JSX tag or attribute name: identifier bytes, '-', ':' and '.'.
func (l *jsLex) jsxName() {
	for l.p < len(l.src) && (jsIdentByte(l.src[l.p]) || bytesHas("-:.", l.src[l.p])) {
		l.p++
	}
}

// jsxSpace skips whitespace and comments inside a JSX tag.
func (l *jsLex) jsxSpace() {
	nl := l.nl
	l.space()
	l.nl = nl
}

// jsPunctLen returns the length of the punctuator at the start of b, longest match first.
func jsPunctLen(b []byte) int {
	at := func(i int, c byte) bool { return i < len(b) && b[i] == c }
	switch b[0] {
	case '.':
		if at(1, '.') && at(2, '.') {
			return 3
		}
	case '?':
		switch {
		case at(1, '?') && at(2, '='):
			return 3
		case at(1, '?'):
			return 2
		case at(1, '.') && !(len(b) > 2 && b[2] >= '0' && b[2] <= '9'):
			return 2
		}
	case '=', '!':
		switch {
		case at(1, '=') && at(2, '='):
			return 3
		case at(1, '=') || b[0] == '=' && at(1, '>'):
			return 2
		}
	case '*', '&', '|':
		switch {
		case at(1, b[0]) && at(2, '='):
			return 3
		case at(1, b[0]) || at(1, '='):
			return 2
		}
	case '<':
		switch {
		case at(1, '<') && at(2, '='):
			return 3
		case at(1, '<') || at(1, '='):
			return 2
		}
	case '>':
		switch {
		case at(1, '>') && at(2, '>') && at(3, '='):
			return 4
		case at(1, '>') && (at(2, '>') || at(2, '=')):
			return 3
		case at(1, '>') || at(1, '='):
			return 2
		}
	case '+', '-':
		if at(1, b[0]) || at(1, '=') {
			return 2
		}
	case '%', '^', '/':
		if at(1, '=') {
			return 2
		}
	}
	return 1
}
