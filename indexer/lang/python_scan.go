package lang

import (
	"bytes"
	"math"
)

// This file holds the Python tokenizer: it cuts source into logical lines (what CPython's
// tokenizer ends with a NEWLINE token) with the indentation column of each and the tokens that
// matter for structure. It follows CPython's rules where they decide line ranges: strings of every
// prefix (raw, bytes, f-strings with nested replacement fields as Python 3.12 reads them), comments,
// implicit joining inside brackets, backslash continuations, and indentation with tabs to the next
// multiple of 8 and a form feed resetting the column.

// pyKind is the class of a Python token.
type pyKind uint8

const (
	pyName pyKind = iota
	pyOp
	pyString
	pyNumber
)

// pyTok is one token of a logical line.
type pyTok struct {
	start, end    int32 // byte offsets in the source
	line, endLine int32 // 1-based lines of its first and last byte
	kind          pyKind
}

// pyMaxSource is the largest source the mapper reads; token offsets are 32-bit.
const pyMaxSource = math.MaxInt32

// pyKeepToks is the token buffer capacity a mapper keeps between files; a bigger one, grown for
// a huge logical line, is dropped after the file.
const pyKeepToks = 1 << 16

// pyTabSize is the tab stop CPython uses for indentation.
const pyTabSize = 8

// pyMaxFNest caps how deep f-strings nest inside each other's replacement fields; deeper ones are
// read as plain strings, so hostile input cannot recurse without bound.
const pyMaxFNest = 64

// pyScanner reads one logical line at a time. Its token slice is reused from line to line.
type pyScanner struct {
	src  []byte
	pos  int
	line int // line at pos

	// The current logical line: its indentation column, tokens, and the last line of its last
	// token other than ';' (where Python's ast ends the statement).
	indent int
	toks   []pyTok
	end    int
	ntok   int // tokens in the line, also when quiet

	// quietAbove: a logical line indented deeper than this column is only measured (indent, end,
	// ntok), its tokens not kept. The mapper sets it to a def's column while in the def's body.
	quietAbove int
	quiet      bool

	// unparsed are the spans a syntax error kept from being read as Python reads them: a string
	// or bracket left open at the end of the source, or a bracket whose logical line was ended
	// at a def or class (definitionStarts).
	unparsed [][2]int
}

func (s *pyScanner) reset(src []byte) {
	s.src, s.pos, s.line = src, 0, 1
	s.toks = s.toks[:0]
	s.unparsed = nil
	s.quietAbove = math.MaxInt
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		s.pos = 3 // a UTF-8 byte order mark
	}
}

// next reads the next logical line into s.indent, s.toks and s.end, skipping blank and
// comment-only lines. It reports false at the end of the source.
func (s *pyScanner) next() bool {
	src, n := s.src, len(s.src)
	for s.pos < n {
		col, i := 0, s.pos
	indent:
		for ; i < n; i++ {
			switch src[i] {
			case ' ':
				col++
			case '\t':
				col = (col/pyTabSize + 1) * pyTabSize
			case '\f':
				col = 0
			default:
				break indent
			}
		}
		if i >= n {
			s.pos = n
			return false
		}
		if c := src[i]; c == '#' || c == '\n' || c == '\r' {
			s.pos = s.skipLine(i)
			continue
		}
		s.indent, s.pos = col, i
		s.quiet = col > s.quietAbove
		s.scanLogical()
		if s.ntok > 0 {
			return true
		}
	}
	return false
}

// skipLine returns the offset after the newline that ends the physical line holding i.
func (s *pyScanner) skipLine(i int) int {
	src, n := s.src, len(s.src)
	j := bytes.IndexAny(src[i:], "\r\n")
	if j < 0 {
		return n
	}
	i += j
	if src[i] == '\r' {
		i++
		if i < n && src[i] == '\n' {
			i++
			s.line++
		}
		return i
	}
	s.line++
	return i + 1
}

// scanLogical reads tokens from s.pos to the end of the logical line.
func (s *pyScanner) scanLogical() {
	src, n := s.src, len(s.src)
	s.toks = s.toks[:0]
	s.ntok = 0
	s.end = s.line
	depth, opened := 0, 0 // opened: the line of the outermost bracket open
	for s.pos < n {
		i := s.pos
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\f' || c == '\v':
			s.pos++
		case c == '\n' || c == '\r':
			if c == '\r' && i+1 < n && src[i+1] == '\n' {
				s.pos++
				continue
			}
			s.pos++
			if c == '\n' {
				s.line++
			}
			if depth == 0 {
				return
			}
			if s.definitionStarts() {
				s.unparsed = appendSpan(s.unparsed, opened, s.line-1)
				return
			}
		case c == '#':
			if j := bytes.IndexAny(src[i:], "\r\n"); j >= 0 {
				s.pos = i + j
			} else {
				s.pos = n
			}
		case c == '\\':
			switch {
			case i+1 < n && src[i+1] == '\n':
				s.pos += 2
				s.line++
			case i+2 < n && src[i+1] == '\r' && src[i+2] == '\n':
				s.pos += 3
				s.line++
			case i+1 < n && src[i+1] == '\r':
				s.pos += 2
			case i+1 >= n:
				s.pos++
			default:
				s.pos++
				s.add(pyOp, i, s.pos)
			}
		case isPyNameByte(c):
			j := i + 1
			for j < n && (isPyNameByte(src[j]) || pyIsDigit(src[j])) {
				j++
			}
			if j < n && (src[j] == '"' || src[j] == '\'') {
				if f, raw, ok := pyStringPrefix(src[i:j]); ok {
					s.pos = s.stringEnd(j, f, raw, 0)
					s.addString(i)
					continue
				}
			}
			s.pos = j
			s.add(pyName, i, j)
		case c == '"' || c == '\'':
			s.pos = s.stringEnd(i, false, false, 0)
			s.addString(i)
		case pyIsDigit(c) || (c == '.' && i+1 < n && pyIsDigit(src[i+1])):
			j := i + 1
			for j < n && (pyIsDigit(src[j]) || isPyNameByte(src[j]) || src[j] == '.') {
				j++
			}
			s.pos = j
			s.add(pyNumber, i, j)
		case c == '(' || c == '[' || c == '{':
			if depth == 0 {
				opened = s.line
			}
			depth++
			s.pos++
			s.add(pyOp, i, s.pos)
		case c == ')' || c == ']' || c == '}':
			if depth > 0 {
				depth--
			}
			s.pos++
			s.add(pyOp, i, s.pos)
		default:
			s.pos = i + pyOpLen(src, i)
			s.add(pyOp, i, s.pos)
		}
	}
	if depth > 0 {
		s.unparsed = appendSpan(s.unparsed, opened, math.MaxInt)
	}
}

func (s *pyScanner) add(kind pyKind, start, end int) {
	s.ntok++
	if s.quiet {
		if end-start != 1 || s.src[start] != ';' {
			s.end = s.line
		}
		return
	}
	s.toks = append(s.toks, pyTok{start: int32(start), end: int32(end), line: int32(s.line), endLine: int32(s.line), kind: kind})
	if end-start != 1 || s.src[start] != ';' {
		s.end = s.line
	}
}

// addString adds the string token from start to s.pos, counting the lines it spans.
func (s *pyScanner) addString(start int) {
	line := s.line
	s.line += bytes.Count(s.src[start:s.pos], []byte{'\n'})
	s.end = s.line
	if s.src[s.pos-1] == '\n' {
		s.end-- // a string left open at the end of the source ends on its last line
	}
	s.ntok++
	if s.quiet {
		return
	}
	s.toks = append(s.toks, pyTok{start: int32(start), end: int32(s.pos), line: int32(line), endLine: int32(s.end), kind: pyString})
}

// definitionStarts reports whether the physical line at s.pos, reached inside brackets, opens a
// def or class. That cannot happen in valid Python (neither keyword may appear in an expression),
// so the bracket is taken as unclosed and the logical line ends, keeping the rest of the file.
func (s *pyScanner) definitionStarts() bool {
	src, n := s.src, len(s.src)
	i := s.pos
	for i < n && (src[i] == ' ' || src[i] == '\t' || src[i] == '\f') {
		i++
	}
	word := func(w string) bool {
		if !bytes.HasPrefix(src[i:], []byte(w)) {
			return false
		}
		j := i + len(w)
		return j < n && (src[j] == ' ' || src[j] == '\t')
	}
	if word("async") {
		i += len("async")
		for i < n && (src[i] == ' ' || src[i] == '\t') {
			i++
		}
		return word("def")
	}
	return word("def") || word("class")
}

// stringEnd returns the offset after the string literal whose opening quote is at i.
// An unterminated single-quoted string ends before its newline; a triple-quoted one at the end of
// the source, which is recorded as unparsed from the string's line.
func (s *pyScanner) stringEnd(i int, fstring, raw bool, nest int) int {
	src, n := s.src, len(s.src)
	q := src[i]
	triple := i+2 < n && src[i+1] == q && src[i+2] == q
	if triple {
		i += 3
	} else {
		i++
	}
	if fstring && nest < pyMaxFNest {
		end, ok := s.fLiteral(i, q, triple, raw, nest)
		if !ok && end == n {
			s.unparsed = appendSpan(s.unparsed, s.line, math.MaxInt)
		}
		return end
	}
	for i < n {
		switch c := src[i]; c {
		case '\\':
			i = s.escapeEnd(i)
		case q:
			if !triple {
				return i + 1
			}
			if i+2 < n && src[i+1] == q && src[i+2] == q {
				return i + 3
			}
			i++
		case '\n', '\r':
			if !triple {
				return i
			}
			i++
		default:
			if triple {
				// Jump to the next byte that matters.
				stops := `"\`
				if q == '\'' {
					stops = `'\`
				}
				j := bytes.IndexAny(src[i:], stops)
				if j < 0 {
					i = n
					break
				}
				i += j
			} else {
				i++
			}
		}
	}
	s.unparsed = appendSpan(s.unparsed, s.line, math.MaxInt)
	return n
}

// escapeEnd returns the offset after the backslash at i and the character it escapes; an escaped
// CRLF counts as one character.
func (s *pyScanner) escapeEnd(i int) int {
	src, n := s.src, len(s.src)
	i += 2
	if i < n && src[i-1] == '\r' && src[i] == '\n' {
		i++
	}
	return min(i, n)
}

// fLiteral reads the literal part of an f-string from i up to and past its closing quote, with
// replacement fields. It reports false when the string is unterminated (a newline in a
// single-quoted one, or the end of the source) and then returns where it stopped.
func (s *pyScanner) fLiteral(i int, q byte, triple, raw bool, nest int) (int, bool) {
	src, n := s.src, len(s.src)
	for i < n {
		switch c := src[i]; c {
		case '\\':
			switch {
			case i+1 < n && (src[i+1] == '{' || src[i+1] == '}'):
				i++ // the brace still opens or closes a field
			case !raw && i+2 < n && src[i+1] == 'N' && src[i+2] == '{':
				// \N{NAME}: the braces belong to the escape.
				j := i + 3
				for j < n && src[j] != '}' && src[j] != q && src[j] != '\n' && src[j] != '\r' {
					j++
				}
				if j < n && src[j] == '}' {
					i = j + 1
				} else {
					i += 2
				}
			default:
				i = s.escapeEnd(i)
			}
		case '{':
			if i+1 < n && src[i+1] == '{' {
				i += 2
				continue
			}
			var ok bool
			if i, ok = s.fExpr(i+1, q, triple, raw, nest); !ok {
				return i, false
			}
		case q:
			if !triple {
				return i + 1, true
			}
			if i+2 < n && src[i+1] == q && src[i+2] == q {
				return i + 3, true
			}
			i++
		case '\n', '\r':
			if !triple {
				return i, false
			}
			i++
		default:
			i++
		}
	}
	return n, false
}

// fExpr reads a replacement field's expression from i (after its '{') up to and past the '}' that
// closes the field, with any conversion and format spec.
func (s *pyScanner) fExpr(i int, q byte, triple, raw bool, nest int) (int, bool) {
	src, n := s.src, len(s.src)
	depth := 0
	for i < n {
		c := src[i]
		switch {
		case c == '\n' || c == '\r':
			if !triple {
				return i, false
			}
			i++
		case c == '#':
			for i < n && src[i] != '\n' && src[i] != '\r' {
				i++
			}
		case c == '\\':
			i = s.escapeEnd(i)
		case c == '"' || c == '\'':
			i = s.stringEnd(i, false, false, nest+1)
		case isPyNameByte(c):
			j := i + 1
			for j < n && (isPyNameByte(src[j]) || pyIsDigit(src[j])) {
				j++
			}
			if j < n && (src[j] == '"' || src[j] == '\'') {
				if f, r, ok := pyStringPrefix(src[i:j]); ok {
					i = s.stringEnd(j, f, r, nest+1)
					continue
				}
			}
			i = j
		case c == '(' || c == '[' || c == '{':
			depth++
			i++
		case c == ')' || c == ']':
			if depth > 0 {
				depth--
			}
			i++
		case c == '}':
			i++
			if depth == 0 {
				return i, true
			}
			depth--
		case c == ':' && depth == 0:
			return s.fSpec(i+1, q, triple, raw, nest)
		default:
			i++
		}
	}
	return n, false
}

// fSpec reads a format spec from i (after its ':') up to and past the '}' that closes the field;
// it may hold nested replacement fields.
func (s *pyScanner) fSpec(i int, q byte, triple, raw bool, nest int) (int, bool) {
	src, n := s.src, len(s.src)
	for i < n {
		switch c := src[i]; c {
		case '{':
			var ok bool
			if nest+1 >= pyMaxFNest {
				i++
				continue
			}
			if i, ok = s.fExpr(i+1, q, triple, raw, nest+1); !ok {
				return i, false
			}
		case '}':
			return i + 1, true
		case '\\':
			i = s.escapeEnd(i)
		case q:
			if !triple || (i+2 < n && src[i+1] == q && src[i+2] == q) {
				return i, true // the string ends here; fLiteral closes it
			}
			i++
		case '\n', '\r':
			if !triple {
				return i, false
			}
			i++
		default:
			i++
		}
	}
	return n, false
}

// pyStringPrefix reports whether p (the letters just before a quote) is a string prefix, and
// whether it makes a formatted (f, or t for template strings) or raw string. Python 2's "ur" is
// accepted too.
func pyStringPrefix(p []byte) (fstring, raw, ok bool) {
	if len(p) > 2 {
		return false, false, false
	}
	var seen [4]bool // b, r, u, f/t
	for _, c := range p {
		k := -1
		switch c | 0x20 {
		case 'b':
			k = 0
		case 'r':
			k = 1
			raw = true
		case 'u':
			k = 2
		case 'f', 't':
			k = 3
			fstring = true
		}
		if k < 0 || seen[k] {
			return false, false, false
		}
		seen[k] = true
	}
	if seen[3] && seen[0] {
		return false, false, false
	}
	return fstring, raw, true
}

// pyOpLen returns the length of the operator or delimiter at src[i].
func pyOpLen(src []byte, i int) int {
	n := len(src)
	if i+1 >= n {
		return 1
	}
	c, c2 := src[i], src[i+1]
	if i+2 < n {
		c3 := src[i+2]
		if c3 == '=' && c == c2 && (c == '*' || c == '/' || c == '<' || c == '>') {
			return 3
		}
		if c == '.' && c2 == '.' && c3 == '.' {
			return 3
		}
	}
	switch c {
	case '+', '-', '*', '/', '%', '&', '|', '^', '@', '<', '>', '=', '!', ':':
		if c2 == '=' {
			return 2
		}
	}
	if (c == '-' && c2 == '>') || (c == '<' && c2 == '>') || (c == c2 && (c == '*' || c == '/' || c == '<' || c == '>')) {
		return 2
	}
	return 1
}

// isPyNameByte reports whether c may start an identifier; bytes of non-ASCII characters count.
func isPyNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80
}

func pyIsDigit(c byte) bool { return c >= '0' && c <= '9' }
