package lang

// The tokenizer of C-family source, for the hand-written scanners of languages whose lexical
// layer is C's: comments (block and line, a line comment continued by a backslash), string and
// character literals (with prefixes and escapes, never past an unescaped newline: one that the
// newline ends unclosed is a stray token), numbers, identifiers, punctuation one byte a token,
// and preprocessor lines whole (from '#' at the start of a line through their continuations). It
// counts lines as it goes, and skips a bracketed body without making tokens, which is where
// scanners spend most of a file.
//
// Nothing here knows a language's grammar: the C scanner (cscan.go) reads declarations from these
// tokens. C++ would add raw strings (R"x(...)x", which may hold quotes and newlines) and `::` as
// one token; C# verbatim and interpolated strings; Java and C# have no backslash-newline and
// other directives; JavaScript has regular expression literals and template strings: a scanner
// for one of them extends this file with what it needs.

import (
	"bytes"
	"strings"
)

// clexKind is the class of a token.
type clexKind uint8

const (
	clexEOF clexKind = iota
	clexIdent
	clexNumber
	clexString
	clexChar
	clexPunct     // one byte: a bracket, an operator or a separator
	clexDirective // a preprocessor line from '#' through its continuation lines
	clexBody      // a bracketed body the scanner skipped, as one token (made by scanners)
	// clexStray is a string or character literal that its line's end leaves unclosed: compilers
	// warn "missing terminating character", then drop it as a stray token and read on.
	clexStray
)

// clexTok is one token: its bytes src[start:end] and the lines of its first and last byte.
type clexTok struct {
	start, end    int32
	line, endLine int32
	kind          clexKind
}

// clexMaxSource is the largest source a lexer reads: token offsets are 32-bit.
const clexMaxSource = 1<<31 - 1

// clexer reads tokens from src one at a time.
type clexer struct {
	src  []byte
	pos  int
	line int // the line at pos, 1-based
	// bol is true when only blanks and comments stand between the last newline (or the start of
	// the file) and pos: a '#' there starts a directive.
	bol bool
	// unclosed is the line of a block comment that runs to the end of src without its "*/", or
	// 0: the syntax error that hides the rest of the file.
	unclosed int
}

// reset starts reading src from its beginning.
func (l *clexer) reset(src []byte) {
	l.src, l.pos, l.line, l.bol, l.unclosed = src, 0, 1, true, 0
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		l.pos = 3 // a UTF-8 byte order mark
	}
}

// clexClass sorts bytes for the loops that look for the next byte that matters.
var clexClass = func() (t [256]uint8) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = clexIdentByte, clexIdentByte
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = clexDigitByte
	}
	for c := 0x80; c < 0x100; c++ {
		t[c] = clexIdentByte // bytes of UTF-8 sequences: identifiers may hold them
	}
	t['_'], t['$'] = clexIdentByte, clexIdentByte
	t[' '], t['\t'], t['\r'], t['\f'], t['\v'] = clexBlankByte, clexBlankByte, clexBlankByte, clexBlankByte, clexBlankByte
	return t
}()

const (
	clexOtherByte uint8 = iota
	clexIdentByte
	clexDigitByte
	clexBlankByte
)

// clexSkipStop marks the bytes skipBody must look at: brackets of bodies, the openings of
// comments and literals, newlines (for line counts and directives).
var clexSkipStop = func() (t [256]bool) {
	for _, c := range []byte("{}\"'/\n") {
		t[c] = true
	}
	return t
}()

// next returns the next token, skipping blanks and comments; at the end of src, a token of kind
// clexEOF.
func (l *clexer) next() clexTok {
	l.skipBlanks()
	src, i := l.src, l.pos
	if i >= len(src) {
		return clexTok{start: int32(i), end: int32(i), line: int32(l.line), endLine: int32(l.line), kind: clexEOF}
	}
	line := l.line
	c := src[i]
	kind := clexPunct
	switch {
	case c == '#' && l.bol:
		end, last := l.directiveEnd(i)
		l.bol = true
		return clexTok{start: int32(i), end: int32(end), line: int32(line), endLine: int32(last), kind: clexDirective}
	case clexClass[c] == clexIdentByte:
		j := i + 1
		for j < len(src) && clexClass[src[j]] != clexOtherByte && clexClass[src[j]] != clexBlankByte {
			j++
		}
		if j < len(src) && (src[j] == '"' || src[j] == '\'') && clexLiteralPrefix(src[i:j]) {
			kind = l.literal(j)
		} else {
			kind = clexIdent
			l.pos = j
		}
	case clexClass[c] == clexDigitByte || c == '.' && i+1 < len(src) && clexClass[src[i+1]] == clexDigitByte:
		kind = clexNumber
		l.pos = l.numberEnd(i)
	case c == '"' || c == '\'':
		kind = l.literal(i)
	default:
		l.pos = i + 1
	}
	l.bol = false
	return clexTok{start: int32(i), end: int32(l.pos), line: int32(line), endLine: int32(l.line), kind: kind}
}

// literal moves pos past the string or character literal whose opening quote is at i and returns
// its kind: clexString, clexChar, or clexStray when its line ends it unclosed.
func (l *clexer) literal(i int) clexKind {
	end, closed := l.literalEnd(i)
	l.pos = end
	switch {
	case !closed:
		return clexStray
	case l.src[i] == '\'':
		return clexChar
	}
	return clexString
}

// clexLiteralPrefix reports whether p, the letters right before a quote, prefix a string or
// character literal: L, u, U or u8.
func clexLiteralPrefix(p []byte) bool {
	switch string(p) {
	case "L", "u", "U", "u8":
		return true
	}
	return false
}

// skipBlanks moves pos past blanks, newlines, backslash-newlines and comments.
func (l *clexer) skipBlanks() {
	src, i := l.src, l.pos
	for i < len(src) {
		switch c := src[i]; {
		case clexClass[c] == clexBlankByte:
			i++
		case c == '\n':
			i++
			l.line++
			l.bol = true
		case c == '\\' && i+1 < len(src) && (src[i+1] == '\n' || src[i+1] == '\r'):
			// A line continuation joins two lines into one: it does not start a line.
			i++
			if src[i] == '\r' && i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			if src[i] == '\n' {
				l.line++
			}
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			i = l.blockCommentEnd(i + 2)
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			i = l.lineCommentEnd(i + 2)
		default:
			l.pos = i
			return
		}
	}
	l.pos = i
}

// blockCommentEnd returns the offset after the "*/" that closes the comment whose text starts at
// i, counting its lines; an unclosed comment ends the source, and unclosed says where it opened.
func (l *clexer) blockCommentEnd(i int) int {
	src, opened := l.src, l.line
	for {
		j := bytes.IndexByte(src[i:], '*')
		if j < 0 {
			if l.unclosed == 0 {
				l.unclosed = opened
			}
			l.line += bytes.Count(src[i:], []byte{'\n'})
			return len(src)
		}
		l.line += bytes.Count(src[i:i+j], []byte{'\n'})
		i += j + 1
		if i < len(src) && src[i] == '/' {
			return i + 1
		}
	}
}

// lineCommentEnd returns the offset of the newline that ends the line comment whose text starts
// at i. A backslash at the end of the line continues the comment onto the next.
func (l *clexer) lineCommentEnd(i int) int {
	src := l.src
	for {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			return len(src)
		}
		i += j
		if !clexContinued(src, i) {
			return i
		}
		l.line++
		i++
	}
}

// clexContinued reports whether the newline at i ends a line with a backslash (before an
// optional carriage return): the line goes on.
func clexContinued(src []byte, i int) bool {
	if i > 0 && src[i-1] == '\r' {
		i--
	}
	return i > 0 && src[i-1] == '\\'
}

// literalEnd returns the offset after the string or character literal whose opening quote is at
// i, and whether its quote closes it. An escaped newline continues it; an unescaped one ends it
// unclosed, as compilers recover.
func (l *clexer) literalEnd(i int) (int, bool) {
	src := l.src
	q := src[i]
	for i++; i < len(src); i++ {
		switch src[i] {
		case q:
			return i + 1, true
		case '\\':
			if i+1 < len(src) {
				i++
				if src[i] == '\r' && i+1 < len(src) && src[i+1] == '\n' {
					i++
				}
				if src[i] == '\n' {
					l.line++
				}
			}
		case '\n':
			return i, false
		}
	}
	return len(src), false
}

// numberEnd returns the offset after the number starting at i: digits, letters, dots, the signs
// of exponents, and digit separators.
func (l *clexer) numberEnd(i int) int {
	src := l.src
	for i++; i < len(src); i++ {
		c := src[i]
		switch {
		case clexClass[c] == clexIdentByte || clexClass[c] == clexDigitByte || c == '.':
		case (c == '+' || c == '-') && strings.IndexByte("eEpP", src[i-1]) >= 0:
		case c == '\'' && i+1 < len(src) && clexClass[src[i+1]] == clexDigitByte:
		default:
			return i
		}
	}
	return i
}

// directiveEnd returns the end of the preprocessor line whose '#' is at i (the offset of the
// newline that ends it, or the end of src) and the line of its last byte that is not blank,
// leaving pos at that end. Continuation lines, and comments and literals that hold newlines,
// belong to the directive.
func (l *clexer) directiveEnd(i int) (end, lastLine int) {
	src := l.src
	lastLine = l.line
	for i < len(src) {
		switch c := src[i]; {
		case c == '\n':
			if !clexContinued(src, i) {
				l.pos = i
				return i, lastLine
			}
			l.line++
			i++
		case clexClass[c] == clexBlankByte || c == '\\':
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			i = l.blockCommentEnd(i + 2)
			lastLine = l.line
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			i = l.lineCommentEnd(i + 2)
			lastLine = l.line
		case c == '"' || c == '\'':
			i, _ = l.literalEnd(i)
			lastLine = l.line
		default:
			lastLine = l.line
			i++
		}
	}
	l.pos = len(src)
	return len(src), lastLine
}

// skipBody skips the inside of a body whose '{' the caller has read, depth braces deep (1 right
// after that '{'), without making tokens. It stops after the '}' that closes the body, returning
// that brace; or at a preprocessor line, returning it with the depth reached, so that the caller
// can follow the conditionals (and call skipBody again); or at the end of src.
func (l *clexer) skipBody(depth int) (clexTok, int) {
	src, i := l.src, l.pos
	for {
		for i < len(src) && !clexSkipStop[src[i]] {
			i++
		}
		if i >= len(src) {
			l.pos = i
			return l.next(), depth
		}
		switch src[i] {
		case '\n':
			l.line++
			i++
			// A directive starts a line: look past the blanks of the next.
			j := i
			for j < len(src) && clexClass[src[j]] == clexBlankByte {
				j++
			}
			if j < len(src) && src[j] == '#' && !clexContinued(src, i-1) {
				l.pos, l.bol = j, true
				return l.next(), depth
			}
		case '{':
			depth++
			i++
		case '}':
			depth--
			i++
			if depth <= 0 {
				l.pos, l.bol = i, false
				return clexTok{start: int32(i - 1), end: int32(i), line: int32(l.line), endLine: int32(l.line), kind: clexPunct}, 0
			}
		case '"', '\'':
			i, _ = l.literalEnd(i)
		case '/':
			switch {
			case i+1 < len(src) && src[i+1] == '*':
				i = l.blockCommentEnd(i + 2)
			case i+1 < len(src) && src[i+1] == '/':
				i = l.lineCommentEnd(i + 2)
			default:
				i++
			}
		}
	}
}
