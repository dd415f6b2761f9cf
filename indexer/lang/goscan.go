package lang

import (
	"strconv"
	"unicode"
	"unicode/utf8"
)

// This file holds the Go declaration scanner: a tokenizer that follows the Go specification's
// lexical rules where they decide declarations and line ranges (comments, interpreted and raw
// strings, runes, automatic semicolons), and a reader of the top-level declarations that builds
// what go/parser's AST would give the map (go.go) without building function bodies: a func body,
// a composite literal or any nested brace is skipped byte by byte to its matching brace. Only
// the bodies of a type's own struct or interface are read token by token, for their fields and
// methods. A file the scanner cannot read as go/parser would (a syntax error it sees, or a rare
// construct whose reading needs a full expression parser) makes it give up, and goMapper maps the
// file with go/parser instead.

// goKind is the class of a Go token.
type goKind uint8

const (
	goEOF     goKind = iota
	goIdent          // an identifier that is not a keyword
	goKeyword        // a keyword; goTok.op says which of the ones that matter it is
	goString         // an interpreted or raw string literal
	goLit            // a number or rune literal
	goOp             // an operator or delimiter; goTok.op holds it
	goSemi           // ';', written or inserted at a newline
)

// Codes of goTok.op for keywords and multi-byte operators; single-byte operators are their byte.
const (
	goKwFunc byte = iota + 1
	goKwType
	goKwVar
	goKwConst
	goKwImport
	goKwPackage
	goKwStruct
	goKwInterface
	goKwMapChan // map or chan, which start types
	goKwStmt    // a keyword that only statements have: for, if, return, ...

	goOpEllipsis = 'E' // ...
	goOpArrow    = 'A' // <-
	goOpIncDec   = 'I' // ++ or --, after which a newline ends the statement
	goOpOther    = 'X' // any other operator of two or more bytes: ==, ||, :=, <<=, ...
)

// goTok is one token: its class, its operator or keyword code, its byte range and lines.
type goTok struct {
	kind      goKind
	op        byte
	off, end  int
	line, eln int // the lines of its first and last byte; they differ for a raw string or a skipped block
}

// goLexer cuts Go source into tokens. It inserts the semicolons the specification inserts at a
// newline, and skips a brace-enclosed block at once when asked (skipBlock).
type goLexer struct {
	src  []byte
	pos  int
	line int  // the line at pos
	semi bool // the last token lets a newline insert a semicolon
	bad  bool // the source is not Go as go/scanner reads it
}

// next returns the next token. At the end of input, or after an error, it returns goEOF (and
// sets bad for an error).
func (l *goLexer) next() goTok {
	src := l.src
	for l.pos < len(src) {
		c := src[l.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			l.pos++
			continue
		case c == '\n':
			if l.semi {
				l.semi = false
				t := goTok{kind: goSemi, off: l.pos, end: l.pos, line: l.line, eln: l.line}
				l.pos++
				l.line++
				return t
			}
			l.pos++
			l.line++
			continue
		case c == '/' && l.pos+1 < len(src) && src[l.pos+1] == '/':
			// A line comment ends at the newline, which the loop reads next.
			i := l.pos + 2
			for i < len(src) && src[i] != '\n' {
				i++
			}
			l.pos = i
			continue
		case c == '/' && l.pos+1 < len(src) && src[l.pos+1] == '*':
			// A general comment that spans lines acts like a newline.
			start, line := l.pos, l.line
			i := l.pos + 2
			for {
				if i+1 >= len(src) {
					l.bad = true
					return goTok{kind: goEOF, off: len(src), end: len(src), line: l.line, eln: l.line}
				}
				if src[i] == '*' && src[i+1] == '/' {
					break
				}
				if src[i] == '\n' {
					l.line++
				}
				i++
			}
			l.pos = i + 2
			if l.line != line && l.semi {
				l.semi = false
				return goTok{kind: goSemi, off: start, end: start, line: line, eln: line}
			}
			continue
		}
		return l.token(c)
	}
	if l.semi {
		l.semi = false
		return goTok{kind: goSemi, off: l.pos, end: l.pos, line: l.line, eln: l.line}
	}
	return goTok{kind: goEOF, off: l.pos, end: l.pos, line: l.line, eln: l.line}
}

// token reads the token that starts with c at l.pos: an identifier or keyword, a literal or an
// operator.
func (l *goLexer) token(c byte) goTok {
	src := l.src
	start := l.pos
	t := goTok{off: start, line: l.line}
	i := start + 1
	switch {
	case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= utf8.RuneSelf:
		i = start
		for i < len(src) {
			b := src[i]
			if b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' {
				i++
				continue
			}
			if b < utf8.RuneSelf {
				break
			}
			r, w := utf8.DecodeRune(src[i:])
			if !unicode.IsLetter(r) && !(i > start && unicode.IsDigit(r)) {
				break
			}
			i += w
		}
		if i == start {
			l.bad = true // a byte go/scanner does not accept outside strings and comments
			return l.eof()
		}
		t.kind, t.op = goIdent, 0
		if kw := goKeywordOf(src[start:i]); kw != 0 {
			t.kind, t.op = goKeyword, kw
			// Of the keywords only break, continue, fallthrough and return end a line's statement.
			l.semi = kw == goKwStmt && goEndsStatement(src[start:i])
		} else {
			l.semi = true
		}
	case c >= '0' && c <= '9' || c == '.' && i < len(src) && src[i] >= '0' && src[i] <= '9':
		i = goNumberEnd(src, start)
		t.kind, l.semi = goLit, true
	case c == '"' || c == '\'':
		for {
			if i >= len(src) || src[i] == '\n' {
				l.bad = true
				return l.eof()
			}
			if src[i] == '\\' {
				i += 2
				continue
			}
			if src[i] == c {
				i++
				break
			}
			i++
		}
		t.kind, l.semi = goLit, true
		if c == '"' {
			t.kind = goString
		}
	case c == '`':
		for i < len(src) && src[i] != '`' {
			if src[i] == '\n' {
				l.line++
			}
			i++
		}
		if i >= len(src) {
			l.bad = true
			return l.eof()
		}
		i++
		t.kind, l.semi = goString, true
	default:
		t.kind, t.op, l.semi = goOp, c, false
		next := byte(0)
		if i < len(src) {
			next = src[i]
		}
		switch c {
		case '(', '[', '{', ',', ';', '~':
		case ')', ']', '}':
			l.semi = true
		case '.':
			if next == '.' && i+1 < len(src) && src[i+1] == '.' {
				t.op, i = goOpEllipsis, i+2
			}
		case '+', '-':
			if next == c {
				t.op, i, l.semi = goOpIncDec, i+1, true
			} else if next == '=' {
				t.op, i = goOpOther, i+1
			}
		case '<':
			switch {
			case next == '-':
				t.op, i = goOpArrow, i+1
			case next == '<':
				t.op, i = goOpOther, i+1
				if i < len(src) && src[i] == '=' {
					i++
				}
			case next == '=':
				t.op, i = goOpOther, i+1
			}
		case '>':
			if next == '>' {
				t.op, i = goOpOther, i+1
				if i < len(src) && src[i] == '=' {
					i++
				}
			} else if next == '=' {
				t.op, i = goOpOther, i+1
			}
		case '&':
			switch next {
			case '&', '=':
				t.op, i = goOpOther, i+1
			case '^':
				t.op, i = goOpOther, i+1
				if i < len(src) && src[i] == '=' {
					i++
				}
			}
		case '|':
			if next == '|' || next == '=' {
				t.op, i = goOpOther, i+1
			}
		case '*', '/', '%', '^', '=', '!', ':':
			if next == '=' {
				t.op, i = goOpOther, i+1
			}
		default:
			l.bad = true // a character go/scanner does not accept: '@', '#', '$', '?', '\\', NUL...
			return l.eof()
		}
		if t.op == ';' {
			t.kind = goSemi
		}
	}
	l.pos = i
	t.end, t.eln = i, l.line
	return t
}

// eof is the token next returns once the source is found broken.
func (l *goLexer) eof() goTok {
	l.pos, l.semi = len(l.src), false
	return goTok{kind: goEOF, off: len(l.src), end: len(l.src), line: l.line, eln: l.line}
}

// skipBlock reads from just after a '{' to its matching '}', over strings, runes and comments,
// and returns that '}'. Nothing inside a block decides a declaration's range but where it ends.
func (l *goLexer) skipBlock() goTok {
	src := l.src
	i, depth, line := l.pos, 1, l.line
	for i < len(src) {
		switch src[i] {
		case '\n':
			line++
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				l.pos, l.line, l.semi = i+1, line, true
				return goTok{kind: goOp, op: '}', off: i, end: i + 1, line: line, eln: line}
			}
		case '"', '\'':
			q := src[i]
			i++
			for i < len(src) && src[i] != q {
				if src[i] == '\n' {
					l.bad = true
					return l.eof()
				}
				if src[i] == '\\' {
					i++
				}
				i++
			}
		case '`':
			i++
			for i < len(src) && src[i] != '`' {
				if src[i] == '\n' {
					line++
				}
				i++
			}
		case '/':
			if i+1 < len(src) && src[i+1] == '/' {
				for i < len(src) && src[i] != '\n' {
					i++
				}
				continue // the newline is counted above
			}
			if i+1 < len(src) && src[i+1] == '*' {
				i += 2
				for i+1 < len(src) && !(src[i] == '*' && src[i+1] == '/') {
					if src[i] == '\n' {
						line++
					}
					i++
				}
				i++
			}
		}
		i++
	}
	l.line = line
	l.bad = true
	return l.eof()
}

// goNumberEnd returns where the number literal at start ends, reading as go/scanner does: a base
// prefix, digits of the base (any decimal digit, which go/scanner reads and complains of), a
// fraction, an exponent with its sign, and an imaginary 'i'. A letter after it starts the next
// token ("0var" is 0 and var).
func goNumberEnd(src []byte, start int) int {
	i := start
	hex := false
	if src[i] == '0' && i+1 < len(src) {
		switch src[i+1] | 0x20 {
		case 'x':
			hex, i = true, i+2
		case 'b', 'o':
			i += 2
		}
	}
	digits := func() {
		for i < len(src) {
			b := src[i]
			if b >= '0' && b <= '9' || b == '_' || hex && (b|0x20 >= 'a' && b|0x20 <= 'f') {
				i++
				continue
			}
			break
		}
	}
	digits()
	if i < len(src) && src[i] == '.' {
		i++
		digits()
	}
	if i < len(src) && (src[i]|0x20 == 'e' && !hex || src[i]|0x20 == 'p') {
		i++
		if i < len(src) && (src[i] == '+' || src[i] == '-') {
			i++
		}
		hex = false
		digits()
	}
	if i < len(src) && src[i] == 'i' {
		i++
	}
	return i
}

// goKeywordOf returns the keyword code of word, or 0 for an identifier.
func goKeywordOf(word []byte) byte {
	if len(word) < 2 || len(word) > 11 || word[0] < 'b' || word[0] > 'v' {
		return 0
	}
	switch string(word) {
	case "func":
		return goKwFunc
	case "type":
		return goKwType
	case "var":
		return goKwVar
	case "const":
		return goKwConst
	case "import":
		return goKwImport
	case "package":
		return goKwPackage
	case "struct":
		return goKwStruct
	case "interface":
		return goKwInterface
	case "map", "chan":
		return goKwMapChan
	case "break", "case", "continue", "default", "defer", "else", "fallthrough", "for",
		"go", "goto", "if", "range", "return", "select", "switch":
		return goKwStmt
	}
	return 0
}

// goEndsStatement reports whether a keyword lets a newline after it insert a semicolon.
func goEndsStatement(word []byte) bool {
	switch string(word) {
	case "break", "continue", "fallthrough", "return":
		return true
	}
	return false
}

// goImportPath unquotes an import path literal; ok is false for one go/parser's map would skip.
func goImportPath(lit []byte) (string, bool) {
	if len(lit) >= 2 && lit[0] == '"' {
		// The common case has no escapes: no allocation but the string.
		inner := lit[1 : len(lit)-1]
		plain := true
		for _, b := range inner {
			if b == '\\' || b == '"' || b >= utf8.RuneSelf {
				plain = false
				break
			}
		}
		if plain {
			return string(inner), true
		}
	}
	p, err := strconv.Unquote(string(lit))
	return p, err == nil
}
