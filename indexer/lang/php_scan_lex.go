package lang

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The PHP scanner's lexer: it turns a file into the tokens its declarations are read from.
// Text outside `<?php ... ?>` is not code: a close tag with the text after it and the next open
// tag make one token (phpHTML), which ends a statement as ";" does. Comments (`//` and `#` up to
// the line's end or a close tag, `/* */`) are dropped; `#[` opens an attribute. Strings are one
// token each: single-quoted, double-quoted and backquoted ones with their interpolations
// (`{$x["a"]}`, `${x}`, whose code may hold strings of its own), and heredocs and nowdocs, whose
// closing marker may be indented.

// Token kinds.
const (
	phpEOF   = iota
	phpIdent // names, keywords and qualified names (`A\B\C`, `\A`, `A\` before a group)
	phpVar   // $x
	phpStr   // strings, heredocs, nowdocs, shell commands
	phpNum   // numbers
	phpOp    // operators and brackets; `#[` too
	phpHTML  // `?>`, the text after it and the next open tag
)

// phpMaxInterp bounds how deep string interpolations nest before the lexer reads the deeper
// ones as plain text, so that `"{$a["{$a["...` cannot exhaust the stack.
const phpMaxInterp = 64

// phpTok is one token: its kind, its bytes [start, end) and the lines of its first and last
// bytes.
type phpTok struct {
	kind       uint8
	start, end int
	line, last int
}

// phpLex reads tokens from src.
type phpLex struct {
	src    []byte
	pos    int
	line   int
	interp int // interpolations open
	// unclosed is set when a string, heredoc or comment runs to the file's end: the rest of the
	// file was read as its text, where the grammar's recovery would have found code. unclosedAt
	// is the line it opened on.
	unclosed   bool
	unclosedAt int
}

// is reports whether t is the operator op.
func (lx *phpLex) is(t phpTok, op string) bool {
	if t.kind != phpOp || t.end-t.start != len(op) || lx.src[t.start] != op[0] {
		return false
	}
	return len(op) == 1 || string(lx.src[t.start:t.end]) == op
}

// word returns t's text, folded to lower case as PHP reads keywords, when t is one of the
// words the scanner looks for (phpWords); "" otherwise.
func (lx *phpLex) word(t phpTok) string {
	n := t.end - t.start
	if t.kind != phpIdent || n >= len(phpWords) {
		return ""
	}
	for _, w := range phpWords[n] {
		if phpFoldEqual(lx.src[t.start:t.end], w) {
			return w
		}
	}
	return ""
}

// phpFoldEqual reports whether b, folded to lower case as PHP folds keywords (ASCII letters
// only), is w, a word of the same length.
func phpFoldEqual(b []byte, w string) bool {
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != w[i] {
			return false
		}
	}
	return true
}

// phpWords are the words the scanner looks for, by length: a name is compared with the few of
// its length.
var phpWords = func() (byLen [13][]string) {
	for _, w := range strings.Fields(`namespace use as function const case abstract final readonly class
		interface trait enum public protected private static var require require_once include
		include_once if else elseif endif for foreach while switch declare endfor endforeach
		endwhile endswitch enddeclare`) {
		byLen[len(w)] = append(byLen[len(w)], w)
	}
	return byLen
}()

// advance moves to byte to, counting lines.
func (lx *phpLex) advance(to int) {
	to = min(to, len(lx.src))
	lx.line += bytes.Count(lx.src[lx.pos:to], []byte{'\n'})
	lx.pos = to
}

// html skips text outside PHP up to and past the next open tag: `<?php`, `<?=` or `<?`.
func (lx *phpLex) html() {
	i := bytes.Index(lx.src[lx.pos:], []byte("<?"))
	if i < 0 {
		lx.advance(len(lx.src))
		return
	}
	to := lx.pos + i + 2
	if rest := lx.src[to:]; len(rest) >= 3 && phpFoldEqual(rest[:3], "php") {
		to += 3
	} else if len(rest) > 0 && rest[0] == '=' {
		to++
	}
	lx.advance(to)
}

// next returns the next token, skipping blanks and comments.
func (lx *phpLex) next() phpTok {
	src := lx.src
	for lx.pos < len(src) {
		c := src[lx.pos]
		switch {
		case c == '\n':
			lx.line++
			lx.pos++
		case phpBlank(c):
			lx.pos++
		case (c == '#' || c == '/') && lx.comment():
		case c >= utf8.RuneSelf && phpUnicodeSpace(src[lx.pos:]) > 0:
			lx.pos += phpUnicodeSpace(src[lx.pos:])
		default:
			return lx.token()
		}
	}
	return phpTok{kind: phpEOF, start: len(src), end: len(src), line: lx.line, last: lx.line}
}

// phpBlank reports whether c is an ASCII blank other than a newline, which next counts.
func phpBlank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'
}

// comment skips the comment that starts at the current byte, `//`, `#` (not `#[`) or `/*`, and
// reports whether there was one.
func (lx *phpLex) comment() bool {
	c, d := lx.src[lx.pos], lx.at(1)
	switch {
	case c == '#' && d != '[', c == '/' && d == '/':
		lx.lineComment()
	case c == '/' && d == '*':
		end := bytes.Index(lx.src[lx.pos+2:], []byte("*/"))
		if end < 0 {
			lx.markUnclosed(lx.line)
			lx.advance(len(lx.src))
		} else {
			lx.advance(lx.pos + 2 + end + 2)
		}
	default:
		return false
	}
	return true
}

// The classes of the bytes skip stops at: newlines and the bytes that may start a string,
// comment, heredoc or close tag, and each kind of bracket. No other token holds one of them but
// as its first byte (`?->` and `#[` are seen to by skip), so every other byte, and every bracket
// of a kind not counted, can be stepped over.
const (
	phpStopAlways = 1 << iota
	phpStopBrace
	phpStopParen
	phpStopSquare
)

// phpSkipClass is the class of each byte skip stops at; 0 for the others.
var phpSkipClass = func() (class [256]uint8) {
	for _, c := range []byte("\n'\"`#/<?") {
		class[c] = phpStopAlways
	}
	class['{'], class['}'] = phpStopBrace, phpStopBrace
	class['('], class[')'] = phpStopParen, phpStopParen
	class['['], class[']'] = phpStopSquare, phpStopSquare
	return class
}()

// skip reads on to the bracket that closes the depth brackets open, and returns it, without
// making the tokens between, as the scanner would count them token by token: the brackets of
// open's kind, or of every kind when open is 0; `#[` opens one too when attr. It reads strings,
// heredocs, comments and close tags as next does. It reports false, at the file's end, when
// the brackets are not all closed.
func (lx *phpLex) skip(depth int, open byte, attr bool) (phpTok, bool) {
	src := lx.src
	stops := uint8(phpStopAlways | phpStopBrace | phpStopParen | phpStopSquare)
	if open != 0 {
		stops = phpStopAlways | phpSkipClass[open]
	}
	for lx.pos < len(src) {
		i := lx.pos
		for i < len(src) && phpSkipClass[src[i]]&stops == 0 {
			i++
		}
		if lx.pos = i; i == len(src) {
			break
		}
		switch c := src[i]; c {
		case '\n':
			lx.line++
			lx.pos++
		case '{', '(', '[':
			depth++
			lx.pos++
		case '}', ')', ']':
			lx.pos++
			if depth--; depth == 0 {
				return phpTok{kind: phpOp, start: i, end: i + 1, line: lx.line, last: lx.line}, true
			}
		case '#', '/':
			switch {
			case c == '#' && lx.at(1) == '[':
				lx.pos += 2
				if attr {
					depth++
				}
			case !lx.comment():
				lx.pos++
			}
		default: // a quote, '<' or '?': a string, a heredoc or a close tag, or an operator
			lx.token()
		}
	}
	return phpTok{}, false
}

// phpUnicodeSpace returns the length of the blank that b starts with when it is one of
// Unicode's beyond ASCII (a no-break space, say), which the grammar skips as it skips blanks;
// 0 otherwise.
func phpUnicodeSpace(b []byte) int {
	r, n := utf8.DecodeRune(b)
	if unicode.IsSpace(r) {
		return n
	}
	return 0
}

// at returns the byte i after the current one, or 0 past the end.
func (lx *phpLex) at(i int) byte {
	if lx.pos+i < len(lx.src) {
		return lx.src[lx.pos+i]
	}
	return 0
}

// lineComment skips a `//` or `#` comment up to the line's end or a close tag.
func (lx *phpLex) lineComment() {
	line := lx.src[lx.pos:]
	if nl := bytes.IndexByte(line, '\n'); nl >= 0 {
		line = line[:nl]
	}
	if end := bytes.Index(line, []byte("?>")); end >= 0 {
		line = line[:end]
	}
	lx.pos += len(line)
}

// token reads the token at the current byte, which is not blank.
func (lx *phpLex) token() phpTok {
	t := phpTok{start: lx.pos, line: lx.line}
	c := lx.src[lx.pos]
	switch {
	case phpNameByte(c) && !(c >= '0' && c <= '9') || c == '\\':
		t.kind = phpIdent
		lx.pos = phpNameEnd(lx.src, lx.pos+1)
	case c >= '0' && c <= '9':
		t.kind = phpNum
		lx.pos = phpNameEnd(lx.src, lx.pos+1)
	case c == '$' && lx.pos+1 < len(lx.src) && phpNameByte(lx.src[lx.pos+1]):
		t.kind = phpVar
		lx.pos = phpNameEnd(lx.src, lx.pos+1)
	case c == '\'':
		t.kind = phpStr
		lx.quoted('\'')
	case c == '"' || c == '`':
		t.kind = phpStr
		lx.interpolated(c)
	case c == '<' && bytes.HasPrefix(lx.src[lx.pos:], []byte("<<<")) && lx.heredoc():
		t.kind = phpStr
	case c == '?' && lx.at(1) == '>':
		t.kind = phpHTML
		lx.pos += 2
		lx.html()
	default:
		t.kind = phpOp
		lx.pos += phpOpLen(lx.src[lx.pos:])
	}
	t.end = lx.pos
	t.last = lx.line
	if t.kind == phpHTML {
		t.last = t.line + bytes.Count(bytes.TrimRight(lx.src[t.start:t.end], " \t\r\n\f\v"), []byte{'\n'})
	}
	return t
}

// phpNameByte reports whether c can be part of a name.
func phpNameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// phpNameEnd returns where the name (or qualified name) running through i ends.
func phpNameEnd(src []byte, i int) int {
	for i < len(src) && (phpNameByte(src[i]) || src[i] == '\\') {
		i++
	}
	return i
}

// phpOpLen returns the length of the operator at the start of b: one byte but for `?->`, `->`,
// `::`, `=>` and `#[`, the ones of more than one the scanner tells apart.
func phpOpLen(b []byte) int {
	if len(b) < 2 {
		return 1
	}
	switch c, d := b[0], b[1]; {
	case c == '?' && d == '-' && len(b) > 2 && b[2] == '>':
		return 3
	case c == '-' && d == '>', c == ':' && d == ':', c == '=' && d == '>', c == '#' && d == '[':
		return 2
	}
	return 1
}

// quoted skips a string closed by q in which a backslash escapes the next byte.
func (lx *phpLex) quoted(q byte) {
	i := lx.pos + 1
	for {
		j := bytes.IndexByte(lx.src[i:], q)
		if j < 0 {
			lx.markUnclosed(lx.line)
			lx.advance(len(lx.src))
			return
		}
		i += j
		if !phpEscaped(lx.src[lx.pos+1 : i]) {
			lx.advance(i + 1)
			return
		}
		i++
	}
}

// phpEscaped reports whether the byte after b is escaped: b ends in an odd number of
// backslashes.
func phpEscaped(b []byte) bool {
	n := len(b)
	for n > 0 && b[n-1] == '\\' {
		n--
	}
	return (len(b)-n)%2 == 1
}

// interpolated skips a string closed by q whose `{$...}` and `${...}` hold code.
func (lx *phpLex) interpolated(q byte) {
	opened := lx.line
	lx.pos++
	for lx.pos < len(lx.src) {
		c := lx.src[lx.pos]
		switch {
		case c == q:
			lx.pos++
			return
		case c == '\\':
			lx.pos += 2
		case c == '\n':
			lx.line++
			lx.pos++
		case (c == '{' && lx.at(1) == '$' || c == '$' && lx.at(1) == '{') && lx.interp < phpMaxInterp:
			lx.pos++
			if c == '$' {
				lx.pos++
			}
			lx.code()
		default:
			lx.pos++
		}
	}
	lx.markUnclosed(opened)
	lx.pos = min(lx.pos, len(lx.src))
}

// code skips the code of an interpolation up to its closing brace.
func (lx *phpLex) code() {
	lx.interp++
	defer func() { lx.interp-- }()
	depth := 0
	for {
		t := lx.next()
		switch {
		case t.kind == phpEOF, t.kind == phpHTML:
			return
		case lx.is(t, "{"):
			depth++
		case lx.is(t, "}"):
			if depth == 0 {
				return
			}
			depth--
		}
	}
}

// heredoc skips a heredoc or nowdoc, `<<<ID`, `<<<"ID"` or `<<<'ID'`, up to the line that
// closes it; it reports false, reading nothing, when no marker follows `<<<`.
func (lx *phpLex) heredoc() bool {
	i := lx.pos + 3
	for i < len(lx.src) && (lx.src[i] == ' ' || lx.src[i] == '\t') {
		i++
	}
	quote := byte(0)
	if i < len(lx.src) && (lx.src[i] == '"' || lx.src[i] == '\'') {
		quote = lx.src[i]
		i++
	}
	idStart := i
	i = phpNameEnd(lx.src, i)
	id := lx.src[idStart:i]
	if len(id) == 0 || bytes.IndexByte(id, '\\') >= 0 {
		return false
	}
	if quote != 0 {
		if i >= len(lx.src) || lx.src[i] != quote {
			return false
		}
		i++
	}
	lx.advance(lx.closeHeredoc(i, id))
	return true
}

// closeHeredoc returns the end of the marker id that closes a heredoc whose opening line ends
// after from: the first later line that starts, after blanks, with id not followed by a name
// byte; the file's end without one.
func (lx *phpLex) closeHeredoc(from int, id []byte) int {
	src := lx.src
	nl := bytes.IndexByte(src[from:], '\n')
	for nl >= 0 {
		i := from + nl + 1
		for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
			i++
		}
		if bytes.HasPrefix(src[i:], id) && (i+len(id) == len(src) || !phpNameByte(src[i+len(id)])) {
			return i + len(id)
		}
		from = i
		nl = bytes.IndexByte(src[from:], '\n')
	}
	lx.markUnclosed(lx.line)
	return len(src)
}

// markUnclosed records that a string, heredoc or comment opened on line runs to the file's end.
func (lx *phpLex) markUnclosed(line int) {
	if !lx.unclosed {
		lx.unclosed, lx.unclosedAt = true, line
	}
}
