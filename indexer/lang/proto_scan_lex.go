package lang

// The Protobuf scanner's lexer (the declarations are proto_scan.go's): it cuts a .proto file into
// the tokens the tree-sitter grammar lexes (words, numbers, strings with both quotes and their
// escapes, punctuation), skipping whitespace and the `//` and `/* */` comments the grammar
// treats as extras. It sees the file as the walk's parser does after protoPrepare: in a file that
// does not declare proto3, a `required` that begins a line is whitespace.
//
// What the lexer cannot read as the grammar does (a comment or string never closed, a string
// running over a line's end, a byte no token starts with) makes the file unsure: the mapper hands
// it to the walk.

import "bytes"

// protoTok is one token of a .proto file; comments and blanked words are not kept. Every token
// lies on one line: a string that a line's end would cut makes the file unsure.
type protoTok struct {
	start, end int32 // byte offsets
	line       int32 // 1-based
	// kind is protoWord, protoNumber, protoString or the punctuation byte itself (';', '{', ...).
	kind byte
}

// The kinds of tokens that are not punctuation.
const (
	protoWord   = 'a' // identifiers and keywords
	protoNumber = '0'
	protoString = '"'
)

// protoPunct marks the bytes that are tokens of their own.
var protoPunct = [256]bool{';': true, '=': true, '(': true, ')': true, '.': true, '{': true, '}': true,
	'-': true, '[': true, ']': true, ',': true, '<': true, '>': true, '+': true, ':': true}

// protoLexer is the state of one file's lexing.
type protoLexer struct {
	src  []byte
	pos  int
	line int32
	// blank says the file does not declare proto3: protoPrepare blanks the `required` that
	// begins a line, and the lexer skips it.
	blank bool
	toks  []protoTok
	why   string // why the file is unsure, or ""
}

// protoLex cuts src into tokens, appending to toks, and returns them with why the file is
// unsure ("" when the lexer read it all).
func protoLex(src []byte, blank bool, toks []protoTok) ([]protoTok, string) {
	lx := protoLexer{src: src, line: 1, blank: blank, toks: toks}
	lx.run()
	return lx.toks, lx.why
}

// run reads the whole file, or up to what makes it unsure.
func (lx *protoLexer) run() {
	src := lx.src
	for lx.pos < len(src) && lx.why == "" {
		switch c := src[lx.pos]; {
		case c == '\n':
			lx.line++
			lx.pos++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			lx.pos++
		case c == '/':
			lx.comment()
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			lx.word()
		case c >= '0' && c <= '9' || c == '.' && lx.pos+1 < len(src) && src[lx.pos+1] >= '0' && src[lx.pos+1] <= '9':
			lx.number()
		case c == '"' || c == '\'':
			lx.str(c)
		case protoPunct[c]:
			lx.emit(lx.pos+1, c)
		default:
			lx.why = "a byte no token starts with"
		}
	}
}

// emit appends the token from pos to end and moves past it.
func (lx *protoLexer) emit(end int, kind byte) {
	lx.toks = append(lx.toks, protoTok{start: int32(lx.pos), end: int32(end), line: lx.line, kind: kind})
	lx.pos = end
}

// comment skips a `//` or `/* */` comment, counting its lines.
func (lx *protoLexer) comment() {
	src, i := lx.src, lx.pos
	switch {
	case i+1 < len(src) && src[i+1] == '/':
		if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
			lx.pos = i + j
		} else {
			lx.pos = len(src)
		}
	case i+1 < len(src) && src[i+1] == '*':
		j := bytes.Index(src[i+2:], []byte("*/"))
		if j < 0 {
			lx.why = "an unclosed comment"
			return
		}
		end := i + 2 + j + 2
		lx.line += int32(bytes.Count(src[i:end], []byte("\n")))
		lx.pos = end
	default:
		lx.why = "a stray /"
	}
}

// word reads an identifier or keyword; a `required` that protoPrepare blanks is skipped.
func (lx *protoLexer) word() {
	src, i := lx.src, lx.pos
	j := i + 1
	for j < len(src) && isIdentByte(src[j]) {
		j++
	}
	if lx.blank && j-i == len("required") && string(src[i:j]) == "required" && protoBlanked(src, i, j) {
		lx.pos = j
		return
	}
	lx.emit(j, protoWord)
}

// protoBlanked reports whether protoPrepare blanks the word src[i:j]: it begins a line (only
// spaces and tabs before it on its line) and a space, tab or line end follows it, as
// protoRequired matches.
func protoBlanked(src []byte, i, j int) bool {
	if j >= len(src) || !protoRegexpSpace(src[j]) {
		return false
	}
	return protoLineStart(src, i)
}

// protoLineStart reports whether only whitespace precedes offset i on its line: where the
// multi-line regexps' `^\s*` can reach it.
func protoLineStart(src []byte, i int) bool {
	for i > 0 {
		switch src[i-1] {
		case '\n':
			return true
		case ' ', '\t', '\r', '\f':
			i--
		default:
			return false
		}
	}
	return true
}

// protoRegexpSpace reports whether c is whitespace to Go's regexps (`\s`).
func protoRegexpSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

// number reads a number: decimal, octal, hexadecimal or floating-point, with an exponent's
// sign. Its value never matters to the map.
func (lx *protoLexer) number() {
	src := lx.src
	j := lx.pos + 1
	for j < len(src) {
		c := src[j]
		if isIdentByte(c) || c == '.' ||
			(c == '+' || c == '-') && (src[j-1] == 'e' || src[j-1] == 'E') && !protoHexStart(src[lx.pos:j]) {
			j++
			continue
		}
		break
	}
	lx.emit(j, protoNumber)
}

// protoHexStart reports whether a number begins as a hexadecimal one ("0x").
func protoHexStart(num []byte) bool {
	return len(num) >= 2 && num[0] == '0' && (num[1] == 'x' || num[1] == 'X')
}

// str reads a string quoted with q; a backslash escapes the byte after it. One that a line's
// end or the file's cuts off makes the file unsure.
func (lx *protoLexer) str(q byte) {
	src := lx.src
	for j := lx.pos + 1; j < len(src); j++ {
		switch src[j] {
		case q:
			lx.emit(j+1, protoString)
			return
		case '\\':
			j++
			if j < len(src) && src[j] == '\n' {
				lx.why = "a string over a line's end"
				return
			}
		case '\n':
			lx.why = "a string over a line's end"
			return
		}
	}
	lx.why = "an unclosed string"
}

// protoSyntaxDigit returns the digit of the first match of protoSyntax in src (the version
// protoPrepare reads), or 0 when there is none.
func protoSyntaxDigit(src []byte) byte {
	for i := 0; i < len(src); {
		j := bytes.Index(src[i:], []byte("syntax"))
		if j < 0 {
			return 0
		}
		at := i + j
		if protoLineStart(src, at) {
			if d := protoSyntaxRest(src, at+len("syntax")); d != 0 {
				return d
			}
		}
		i = at + 1
	}
	return 0
}

// protoSyntaxRest matches what follows `syntax` in protoSyntax, `\s*=\s*["']proto(\d)["']`, at
// src[i:], and returns the digit, or 0.
func protoSyntaxRest(src []byte, i int) byte {
	skip := func() {
		for i < len(src) && protoRegexpSpace(src[i]) {
			i++
		}
	}
	skip()
	if i >= len(src) || src[i] != '=' {
		return 0
	}
	i++
	skip()
	const head = len(`"proto`)
	if i+head+2 > len(src) || src[i] != '"' && src[i] != '\'' || string(src[i+1:i+head]) != "proto" {
		return 0
	}
	d, q := src[i+head], src[i+head+1]
	if d < '0' || d > '9' || q != '"' && q != '\'' {
		return 0
	}
	return d
}
