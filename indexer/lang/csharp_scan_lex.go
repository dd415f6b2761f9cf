package lang

// The C# scanner's lexer (csharp_scan.go reads declarations from its tokens). Comments,
// preprocessor lines, strings of every form (regular, verbatim @"", interpolated $"" with their
// holes, raw """ and their interpolated $$""" forms) and char literals are read whole, so that a
// brace in one is never a brace.

import "bytes"

// Token kinds.
const (
	csEOF   = iota
	csIdent // identifiers and keywords, a verbatim identifier's '@' included
	csLit   // strings, chars, numbers
	csPunct // one punctuation byte
)

// csTok is one token: its kind, its bytes and its first and last lines (1-based). dir is the
// offset of the first preprocessor line between the previous token and this one, or -1; cond
// says one of those lines is a conditional's (#if, #elif, #else, #endif).
type csTok struct {
	kind        int
	s, e        int
	line, eline int
	dir         int
	cond        bool
}

// csLex reads tokens from src; pos and line are where the next token's search starts. depth
// counts the brackets open, unclosedAt is the line of a comment or string that ran to the end
// of the file (0: none), dirLine the line of the last preprocessor line read.
type csLex struct {
	src        []byte
	pos        int
	line       int
	depth      int
	unclosedAt int
	dirLine    int
}

// unparsed returns the lines a compiler could not read, once the lexer has read the whole file
// of lines lines: from a comment or string left open, or else from the innermost bracket still
// open, to the end.
func (l *csLex) unparsed(lines int) [][2]int {
	return unclosedToEnd(l.unclosedAt, l.depth, lines, l.src, csOpenAtEnd)
}

// balanced reports whether the lexer, at the end of the file, left nothing open.
func (l *csLex) balanced() bool { return l.unclosedAt == 0 && l.depth == 0 }

// csOpenAtEnd returns the line of the innermost bracket still open at the end of src, or 0.
func csOpenAtEnd(src []byte) int {
	lx := csLex{src: src, line: 1}
	return innermostOpen(func() (int, int8, bool) {
		t := lx.next()
		if t.kind != csPunct {
			return t.line, 0, t.kind != csEOF
		}
		return t.line, bracketDepth[src[t.s]], true
	})
}

// next returns the next token, skipping whitespace, comments and preprocessor lines.
func (l *csLex) next() csTok {
	src := l.src
	dir, cond := -1, false
	lineStart := l.pos == 0 || src[l.pos-1] == '\n'
	for l.pos < len(src) {
		c := src[l.pos]
		switch {
		case l.pos == 0 && bomLen(src) > 0:
			l.pos = bomLen(src)
			continue
		case c == '\n':
			l.line++
			l.pos++
			lineStart = true
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			l.pos++
			continue
		case c == '#' && lineStart:
			if dir < 0 {
				dir = l.pos
			}
			l.dirLine = l.line
			cond = cond || csConditional(src[l.pos+1:])
			for l.pos < len(src) && src[l.pos] != '\n' {
				l.pos++
			}
		case c == '/' && l.pos+1 < len(src) && src[l.pos+1] == '/':
			for l.pos < len(src) && src[l.pos] != '\n' {
				l.pos++
			}
		case c == '/' && l.pos+1 < len(src) && src[l.pos+1] == '*':
			l.blockComment()
		default:
			t := l.token()
			t.dir, t.cond = dir, cond
			return t
		}
		lineStart = false
	}
	return csTok{kind: csEOF, s: len(src), e: len(src), line: l.line, eline: l.line, dir: dir, cond: cond}
}

// csConditional reports whether the directive after a '#' is a conditional's: #if, #elif, #else
// or #endif.
func csConditional(d []byte) bool {
	i := 0
	for i < len(d) && (d[i] == ' ' || d[i] == '\t') {
		i++
	}
	d = d[i:]
	return len(d) >= 2 && (d[0] == 'i' && d[1] == 'f' || d[0] == 'e' && d[1] == 'l' || d[0] == 'e' && d[1] == 'n')
}

// skipTo skips to the close that brings the count of open and close brackets, depth at pos,
// to zero and returns it as a token (or the end of the file). It reads bytes, not tokens: only
// comments, directives, strings and chars are read whole.
func (l *csLex) skipTo(open, close byte, depth int) csTok {
	src := l.src
	lineStart := l.pos == 0 || src[l.pos-1] == '\n'
	for l.pos < len(src) {
		c := src[l.pos]
		switch {
		case c == '\n':
			l.line++
			l.pos++
			lineStart = true
			continue
		case c == ' ' || c == '\t' || c == '\r':
			l.pos++
			continue
		case c == '#' && lineStart:
			l.dirLine = l.line
			l.toLineEnd()
		case c == '/' && l.pos+1 < len(src) && src[l.pos+1] == '/':
			l.toLineEnd()
		case c == '/' && l.pos+1 < len(src) && src[l.pos+1] == '*':
			l.blockComment()
		case rsIdentByte[c]:
			l.ident()
		case c == '"' || c == '\'' || c == '@' || c == '$':
			l.token()
		default:
			l.pos++
			l.depth += int(bracketDepth[c])
			if c == open {
				depth++
			} else if c == close {
				if depth--; depth == 0 {
					return csTok{kind: csPunct, s: l.pos - 1, e: l.pos, line: l.line, eline: l.line, dir: -1}
				}
			}
		}
		lineStart = false
	}
	return csTok{kind: csEOF, s: len(src), e: len(src), line: l.line, eline: l.line, dir: -1}
}

// toLineEnd moves pos to the end of its line.
func (l *csLex) toLineEnd() {
	if i := bytes.IndexByte(l.src[l.pos:], '\n'); i >= 0 {
		l.pos += i
	} else {
		l.pos = len(l.src)
	}
}

// blockComment skips a /* */ comment at pos.
func (l *csLex) blockComment() {
	src := l.src
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
}

// token reads the token at pos, which is not whitespace, a comment or a preprocessor line.
func (l *csLex) token() csTok {
	src := l.src
	start, line := l.pos, l.line
	c := src[l.pos]
	kind := csLit
	switch {
	case rsIdentByte[c] && (c < '0' || c > '9'):
		kind = csIdent
		l.ident()
	case c >= '0' && c <= '9' || c == '.' && l.pos+1 < len(src) && src[l.pos+1] >= '0' && src[l.pos+1] <= '9':
		l.number()
	case c == '@' || c == '$':
		if !l.prefixed() {
			kind = csPunct
			l.pos++
		} else if src[start] == '@' && rsIdentByte[src[start+1]] {
			kind = csIdent
		}
	case c == '"':
		l.str(0, false)
	case c == '\'':
		l.char()
	default:
		kind = csPunct
		l.depth += int(bracketDepth[c])
		l.pos++
	}
	return csTok{kind: kind, s: start, e: l.pos, line: line, eline: l.line}
}

// ident skips an identifier at pos.
func (l *csLex) ident() {
	for l.pos < len(l.src) && rsIdentByte[l.src[l.pos]] {
		l.pos++
	}
}

// number skips a numeric literal at pos: digits, letters of bases and suffixes, '_', a decimal
// point followed by a digit, an exponent's sign.
func (l *csLex) number() {
	src := l.src
	l.pos++
	for l.pos < len(src) {
		d := src[l.pos]
		switch {
		case rsIdentByte[d]:
		case d == '.' && l.pos+1 < len(src) && src[l.pos+1] >= '0' && src[l.pos+1] <= '9':
		case (d == '+' || d == '-') && src[l.pos-1]|0x20 == 'e' && !csHexNumber(src, l.pos):
		default:
			return
		}
		l.pos++
	}
}

// csHexNumber reports whether the number that ends before i is hexadecimal, whose 'e' is a digit.
func csHexNumber(src []byte, i int) bool {
	for j := i - 1; j > 0 && rsIdentByte[src[j]]; j-- {
		if src[j]|0x20 == 'x' && src[j-1] == '0' {
			return true
		}
	}
	return false
}

// prefixed skips what starts with '@' or '$' at pos: a verbatim identifier, or a verbatim,
// interpolated or raw interpolated string. It reports false, reading nothing, for a lone '@'
// or '$'.
func (l *csLex) prefixed() bool {
	src := l.src
	i := l.pos
	dollars, verbatim := 0, false
	for i < len(src) && (src[i] == '$' || src[i] == '@') {
		if src[i] == '$' {
			dollars++
		} else {
			verbatim = true
		}
		i++
	}
	switch {
	case i >= len(src):
		return false
	case src[i] == '"':
		l.pos = i
		if verbatim {
			l.verbatim(dollars > 0)
		} else {
			l.str(dollars, true)
		}
		return true
	case i == l.pos+1 && src[l.pos] == '@' && rsIdentByte[src[i]]:
		l.pos = i
		l.ident()
		return true
	}
	return false
}

// str skips a string at pos, its opening quote: a raw string when three quotes or more open it,
// else a regular one, which its line's end ends. interp says it is interpolated, with dollars
// '$' before it (a raw string's holes open with that many braces).
func (l *csLex) str(dollars int, interp bool) {
	src := l.src
	n := 0
	for l.pos+n < len(src) && src[l.pos+n] == '"' {
		n++
	}
	if n >= 3 {
		l.raw(n)
		return
	}
	l.pos++
	for l.pos < len(src) {
		switch c := src[l.pos]; {
		case c == '"':
			l.pos++
			return
		case c == '\\':
			if l.pos+1 < len(src) && src[l.pos+1] != '\n' {
				l.pos++
			}
		case c == '\n':
			return
		case c == '{' && interp:
			if l.pos+1 < len(src) && src[l.pos+1] == '{' {
				l.pos++
			} else {
				l.hole()
				continue
			}
		}
		l.pos++
	}
}

// verbatim skips a verbatim string at pos, its quote: "" is a quote, and newlines are text.
func (l *csLex) verbatim(interp bool) {
	src := l.src
	opened := l.line
	l.pos++
	for l.pos < len(src) {
		switch c := src[l.pos]; {
		case c == '"':
			if l.pos+1 < len(src) && src[l.pos+1] == '"' {
				l.pos += 2
				continue
			}
			l.pos++
			return
		case c == '\n':
			l.line++
		case c == '{' && interp:
			if l.pos+1 < len(src) && src[l.pos+1] == '{' {
				l.pos++
			} else {
				l.hole()
				continue
			}
		}
		l.pos++
	}
	l.unclosedAt = opened
}

// raw skips a raw string at pos, opened by n quotes: it ends at the next run of n quotes.
func (l *csLex) raw(n int) {
	src := l.src
	opened := l.line
	l.pos += n
	run := 0
	for l.pos < len(src) {
		c := src[l.pos]
		l.pos++
		switch c {
		case '"':
			if run++; run == n {
				for l.pos < len(src) && src[l.pos] == '"' {
					l.pos++
				}
				return
			}
			continue
		case '\n':
			l.line++
		}
		run = 0
	}
	l.unclosedAt = opened
}

// hole skips an interpolation hole at pos, its '{': tokens up to the '}' that closes it, or a
// format's text after a ':' outside brackets up to that '}'.
func (l *csLex) hole() {
	src := l.src
	l.pos++
	depth := 0
	for l.pos < len(src) {
		t := l.next()
		switch {
		case t.kind == csEOF:
			return
		case t.kind != csPunct:
		case src[t.s] == '}' && depth == 0:
			l.depth++ // the hole's braces are not the code's
			return
		case src[t.s] == ':' && depth == 0 && !(t.e < len(src) && src[t.e] == ':'):
			for l.pos < len(src) && src[l.pos] != '}' && src[l.pos] != '\n' && src[l.pos] != '"' {
				l.pos++
			}
		default:
			depth += int(bracketDepth[src[t.s]])
		}
	}
}

// char skips a char literal at pos, which its line's end ends.
func (l *csLex) char() {
	src := l.src
	l.pos++
	for l.pos < len(src) {
		switch src[l.pos] {
		case '\'':
			l.pos++
			return
		case '\\':
			if l.pos+1 < len(src) && src[l.pos+1] != '\n' {
				l.pos++
			}
		case '\n':
			return
		}
		l.pos++
	}
}
