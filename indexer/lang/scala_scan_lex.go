package lang

import (
	"unicode"
	"unicode/utf8"
)

// The Scala scanner's lexer: it cuts a file into the tokens the declaration scanner
// (scala_scan.go) reads, passing over comments (nested, as Scala nests them), strings (single
// and multi-line, interpolated with nested `${...}`), character and symbol literals. Brackets
// are paired as they are met, so that the scanner skips a group in one step, and what runs to
// the end of the file unclosed is recorded for Result.Unparsed.

// scTokKind is the kind of a Scala token.
type scTokKind uint8

const (
	scIdent scTokKind = iota // an alphanumeric or backquoted identifier, or a keyword
	scOp                     // a symbolic identifier or reserved operator: "=", "=>", ":", "++"
	scLit                    // a string, character, symbol or number literal
	scOpen                   // "(", "[" or "{"
	scClose                  // ")", "]" or "}"
	scComma
	scSemi
	scDot
)

// scTok is one token: its bytes, its lines (0-based), its column when it is the first token of
// its line, and for a bracket the index of its partner (-1: none).
type scTok struct {
	start, end int32
	line, last int32 // lines of the first and last byte
	col        int32 // bytes from the line's start to the token
	indent     int32 // the column of the first token of the line the token starts on
	pair       int32
	nl         bool // first token of its line
	kind       scTokKind
	kw         scKeyword
	ch         byte // the bracket or the first byte
}

// scLexer is the state of one file's lexing.
type scLexer struct {
	src  []byte
	toks []scTok
	line int32
	bol  int   // offset where the current line starts
	nl   bool  // a newline since the last token
	open []int // indices of the brackets still open
	// floor is how many of them are outside the `${` being lexed, out of its closers' reach.
	floor int
	// unclosed is the line (0-based) of a comment or string that the end of the file cut, or -1.
	unclosed int32
}

// scLex cuts src into tokens, appended to buf[:0].
func scLex(src []byte, buf []scTok) *scLexer {
	lx := &scLexer{src: src, toks: buf[:0], nl: true, unclosed: -1}
	lx.run(0, false)
	return lx
}

// run lexes from p to the end of the file, or with inner set to the "}" that closes a `${`
// opened before p; it returns the offset after that "}" (or the file's length).
func (lx *scLexer) run(p int, inner bool) int {
	src := lx.src
	depth := 0
	for p < len(src) {
		c := src[p]
		switch {
		case c == '\n':
			lx.line++
			lx.bol = p + 1
			lx.nl = true
			p++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			p++
		case c == '/' && p+1 < len(src) && src[p+1] == '/':
			for p < len(src) && src[p] != '\n' {
				p++
			}
		case c == '/' && p+1 < len(src) && src[p+1] == '*':
			p = lx.comment(p)
		case c == '"':
			p = lx.str(p, p)
		case c == '`':
			p = lx.backquoted(p)
		case c == '\'':
			p = lx.quote(p)
		case c >= '0' && c <= '9' || c == '.' && p+1 < len(src) && src[p+1] >= '0' && src[p+1] <= '9':
			p = lx.number(p)
		case c == '(' || c == '[' || c == '{':
			lx.push(p, p+1, scOpen)
			lx.open = append(lx.open, len(lx.toks)-1)
			if c == '{' {
				depth++
			}
			p++
		case c == ')' || c == ']' || c == '}':
			if c == '}' && inner && depth == 0 {
				return p + 1
			}
			if c == '}' {
				depth--
			}
			lx.push(p, p+1, scClose)
			lx.close(len(lx.toks) - 1)
			p++
		case c == ',':
			lx.push(p, p+1, scComma)
			p++
		case c == ';':
			lx.push(p, p+1, scSemi)
			p++
		case c == '.':
			lx.push(p, p+1, scDot)
			p++
		default:
			p = lx.word(p)
		}
	}
	return p
}

// push appends the token src[from:to] of kind k, on the current line.
func (lx *scLexer) push(from, to int, k scTokKind) {
	lx.pushSpan(from, to, lx.line, int32(from-lx.bol), k)
}

// pushSpan appends a token that may run over lines, from line, where it starts at column col,
// to the current one.
func (lx *scLexer) pushSpan(from, to int, line int32, col int32, k scTokKind) {
	indent := col
	if n := len(lx.toks); !lx.nl && n > 0 {
		indent = lx.toks[n-1].indent
	}
	last := lx.line
	for b := to - 1; b > from && last > line && (lx.src[b] == '\n' || lx.src[b] == ' ' || lx.src[b] == '\t' || lx.src[b] == '\r'); b-- {
		if lx.src[b] == '\n' { // a token the file's end cut ends on its last line that is not blank
			last--
		}
	}
	lx.toks = append(lx.toks, scTok{start: int32(from), end: int32(to), line: line, last: last,
		col: col, indent: indent, pair: -1, nl: lx.nl, kind: k, ch: lx.src[from]})
	lx.nl = false
}

// close pairs the closer at index i with the innermost opener of its kind still open; openers
// above that one stay unpaired, and a closer without an opener too.
func (lx *scLexer) close(i int) {
	want := scOpener(lx.toks[i].ch)
	for k := len(lx.open) - 1; k >= lx.floor; k-- {
		o := lx.open[k]
		if lx.toks[o].ch == want {
			lx.toks[o].pair, lx.toks[i].pair = int32(i), int32(o)
			lx.open = lx.open[:k]
			return
		}
	}
}

// scOpener returns the opening bracket of closer c.
func scOpener(c byte) byte {
	switch c {
	case ')':
		return '('
	case ']':
		return '['
	}
	return '{'
}

// newline counts a newline at offset p met inside a token.
func (lx *scLexer) newline(p int) {
	lx.line++
	lx.bol = p + 1
}

// cut records that a comment or string opened on line runs to the end of the file.
func (lx *scLexer) cut(line int32) {
	if lx.unclosed < 0 {
		lx.unclosed = line
	}
}

// comment passes over the block comment at p, nested ones included, and returns the offset
// after it.
func (lx *scLexer) comment(p int) int {
	src, line := lx.src, lx.line
	depth := 0
	for p < len(src) {
		switch {
		case src[p] == '/' && p+1 < len(src) && src[p+1] == '*':
			depth++
			p += 2
		case src[p] == '*' && p+1 < len(src) && src[p+1] == '/':
			depth--
			p += 2
			if depth == 0 {
				return p
			}
		default:
			if src[p] == '\n' {
				lx.newline(p)
			}
			p++
		}
	}
	lx.cut(line)
	return p
}

// str lexes the string whose quote is at q, interpolated when an identifier starts at from < q,
// as one literal token from from, and returns the offset after it.
func (lx *scLexer) str(from, q int) int {
	src, line, col := lx.src, lx.line, int32(from-lx.bol)
	interp := from < q
	p := q + 1
	multi := p+1 < len(src) && src[p] == '"' && src[p+1] == '"'
	if multi {
		p += 2
	}
	end, ok := lx.strBody(p, multi, interp)
	lx.pushSpan(from, end, line, col, scLit)
	if !ok {
		lx.cut(line)
	}
	return end
}

// strBody passes over a string's content from p up to and with its closing quotes, and reports
// whether they were found. A single-line string ends, unclosed, at the line's end; a
// multi-line one ends at `"""` and the quotes right after it.
func (lx *scLexer) strBody(p int, multi, interp bool) (int, bool) {
	src := lx.src
	for p < len(src) {
		c := src[p]
		switch {
		case c == '"' && !multi:
			return p + 1, true
		case c == '"' && p+2 < len(src) && src[p+1] == '"' && src[p+2] == '"':
			p += 3
			for p < len(src) && src[p] == '"' {
				p++
			}
			return p, true
		case c == '\\' && !multi:
			p += 2
		case c == '\n' && !multi:
			return p, false
		case c == '\n':
			lx.newline(p)
			p++
		case c == '$' && interp && p+1 < len(src) && src[p+1] == '{':
			p = lx.interpolation(p + 2)
		case c == '$' && interp:
			p += 2
		default:
			p++
		}
	}
	return min(p, len(src)), false
}

// interpolation passes over the expression of a `${` whose content starts at p: its tokens are
// lexed, for strings and comments inside, then dropped.
func (lx *scLexer) interpolation(p int) int {
	n, open, nl, floor := len(lx.toks), len(lx.open), lx.nl, lx.floor
	lx.floor = open
	p = lx.run(p, true)
	lx.toks, lx.open, lx.nl, lx.floor = lx.toks[:n], lx.open[:open], nl, floor
	return p
}

// backquoted lexes a backquoted identifier: up to the next backquote on its line.
func (lx *scLexer) backquoted(p int) int {
	src := lx.src
	e := p + 1
	for e < len(src) && src[e] != '`' && src[e] != '\n' {
		e++
	}
	if e < len(src) && src[e] == '`' {
		e++
	}
	lx.push(p, e, scIdent)
	return e
}

// quote lexes what starts with a single quote: a character literal ('a', '\n', '\u0041'), a
// symbol literal ('sym), else the quote alone as an operator (Scala 3's quotes).
func (lx *scLexer) quote(p int) int {
	src := lx.src
	if p+2 < len(src) && src[p+1] == '\\' && src[p+2] != '\n' {
		e := p + 3 // past the escaped character, a quote in '\''
		for e < len(src) && e < p+12 && src[e] != '\'' && src[e] != '\n' {
			e++
		}
		if e < len(src) && src[e] == '\'' {
			lx.push(p, e+1, scLit)
			return e + 1
		}
	}
	if p+1 < len(src) && src[p+1] != '\n' {
		_, size := utf8.DecodeRune(src[p+1:])
		if e := p + 1 + size; e < len(src) && src[e] == '\'' {
			lx.push(p, e+1, scLit)
			return e + 1
		}
	}
	if p+1 < len(src) && scIdentStart(src, p+1) {
		e := lx.identEnd(p + 1)
		lx.push(p, e, scLit)
		return e
	}
	lx.push(p, p+1, scOp)
	return p + 1
}

// number lexes a numeric literal: digits, letters and underscores, a fraction, an exponent.
func (lx *scLexer) number(p int) int {
	src := lx.src
	e := p
	for e < len(src) {
		c := src[e]
		switch {
		case isIdentByte(c):
			e++
			if (c == 'e' || c == 'E') && e < len(src) && (src[e] == '+' || src[e] == '-') && src[p] != '0' {
				e++
			}
		case c == '.' && e+1 < len(src) && src[e+1] >= '0' && src[e+1] <= '9':
			e++
		default:
			lx.push(p, e, scLit)
			return e
		}
	}
	lx.push(p, e, scLit)
	return e
}

// word lexes an identifier, a keyword, an interpolated string or an operator at p.
func (lx *scLexer) word(p int) int {
	src := lx.src
	if scIdentStart(src, p) {
		e := lx.identEnd(p)
		if e < len(src) && src[e] == '"' {
			return lx.str(p, e)
		}
		afterDot := len(lx.toks) > 0 && lx.toks[len(lx.toks)-1].kind == scDot
		lx.push(p, e, scIdent)
		if !afterDot { // `this.type` names a type, not a definition
			lx.toks[len(lx.toks)-1].kw = scKeywordOf(src[p:e])
		}
		return e
	}
	e := scOpEnd(src, p)
	if e == p { // a byte that starts nothing: a control character, invalid UTF-8
		_, size := utf8.DecodeRune(src[p:])
		e = p + size
	}
	k := scOp
	if len(lx.toks) > 0 && lx.toks[len(lx.toks)-1].kind == scDot {
		k = scIdent // a name after a dot: `x.##`, the wildcard of `import a.*`
	}
	lx.push(p, e, k)
	return e
}

// identEnd returns the end of the identifier starting at p: letters, digits, '_' and '$', and
// after an underscore an operator (`unary_!`, `x_=`).
func (lx *scLexer) identEnd(p int) int {
	src := lx.src
	e := p
	for e < len(src) {
		c := src[e]
		if c < utf8.RuneSelf {
			if !isIdentByte(c) && c != '$' {
				break
			}
			e++
			if c == '_' && e > p+1 && e < len(src) && scOpByte(src[e]) { // `_: T` is no `_:`
				return scOpEnd(src, e)
			}
			continue
		}
		r, size := utf8.DecodeRune(src[e:])
		if !scLetter(r) && !unicode.IsDigit(r) {
			break
		}
		e += size
	}
	return e
}

// scIdentStart reports whether an identifier starts at p.
func scIdentStart(src []byte, p int) bool {
	c := src[p]
	if c < utf8.RuneSelf {
		return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
	}
	r, _ := utf8.DecodeRune(src[p:])
	return scLetter(r)
}

// scLetter reports whether r is a letter to Scala: the letter categories and Nl (Ⅰ, ↁ).
func scLetter(r rune) bool {
	return unicode.IsLetter(r) || unicode.Is(unicode.Nl, r)
}

// scOpByte reports whether c is an ASCII operator character.
func scOpByte(c byte) bool {
	switch c {
	case '!', '#', '%', '&', '*', '+', '-', '/', ':', '<', '=', '>', '?', '@', '\\', '^', '|', '~':
		return true
	}
	return false
}

// scOpEnd returns the end of the operator starting at p, which stops before a comment.
func scOpEnd(src []byte, p int) int {
	e := p
	for e < len(src) {
		c := src[e]
		if c < utf8.RuneSelf {
			if !scOpByte(c) || c == '/' && e+1 < len(src) && (src[e+1] == '/' || src[e+1] == '*') {
				break
			}
			e++
			continue
		}
		r, size := utf8.DecodeRune(src[e:])
		if r == utf8.RuneError || !unicode.In(r, unicode.Sm, unicode.So) {
			break
		}
		e += size
	}
	return e
}

// scKeyword names the Scala keywords (and soft keywords) the scanner reads; scNone is any
// other identifier.
type scKeyword uint8

const (
	scNone scKeyword = iota
	scAbstract
	scCase
	scCatch
	scClass
	scDef
	scDerives
	scDo
	scElse
	scEnum
	scExtends
	scExtension
	scFinal
	scFinally
	scFor
	scForSome
	scGiven
	scIf
	scImplicit
	scImport
	scLazy
	scMatch
	scNew
	scObject
	scOverride
	scPackage
	scPrivate
	scProtected
	scReturn
	scSealed
	scThen
	scThis
	scThrow
	scTrait
	scTry
	scType
	scVal
	scVar
	scWhile
	scWith
	scYield
	scSoft  // inline, opaque, open, transparent, infix: modifiers only before a definition
	scMacro // `def f: T = macro impl`
)

// scKeywords maps keyword spellings to their codes.
var scKeywords = map[string]scKeyword{
	"abstract": scAbstract, "case": scCase, "catch": scCatch, "class": scClass, "def": scDef,
	"derives": scDerives, "do": scDo, "else": scElse, "enum": scEnum, "extends": scExtends,
	"extension": scExtension, "final": scFinal, "finally": scFinally, "for": scFor,
	"forSome": scForSome, "given": scGiven, "if": scIf, "implicit": scImplicit,
	"import": scImport, "lazy": scLazy, "match": scMatch, "new": scNew, "object": scObject,
	"override": scOverride, "package": scPackage, "private": scPrivate,
	"protected": scProtected, "return": scReturn, "sealed": scSealed, "then": scThen,
	"this": scThis, "throw": scThrow, "trait": scTrait, "try": scTry, "type": scType,
	"val": scVal, "var": scVar, "while": scWhile, "with": scWith, "yield": scYield,
	"macro": scMacro, "inline": scSoft, "opaque": scSoft, "open": scSoft, "transparent": scSoft, "infix": scSoft,
}

// scKeywordOf returns the keyword an identifier spells, or scNone.
func scKeywordOf(b []byte) scKeyword {
	if len(b) < 2 || len(b) > 11 || b[0] < 'a' || b[0] > 'y' {
		return scNone
	}
	return scKeywords[string(b)]
}
