package lang

import "bytes"

// The Elixir scanner's lexer: one token at a time from the bytes, with whitespace and comments
// skipped. Strings, charlists, heredocs, sigils, atoms and character literals are one token each
// (interpolations are read through, to their closing brace); words are told apart as the
// grammar does: reserved words (do, end, fn, ...), word operators (when, and, in, not in, ...),
// keyword keys (`do:`), and plain identifiers, which a dot before makes plain whatever they say.

// exKind is what a token is.
type exKind uint8

const (
	exEOF   exKind = iota
	exIdent        // an identifier or a reserved word (see exWord)
	exAlias        // a capitalized name: Foo
	exKey          // a keyword key: `name:` or `"name":`
	exLit          // a string, charlist, sigil, atom, number, character or true/false/nil
	exOp           // an operator (see exOpFlags)
	exOpen         // ( [ { <<
	exClose        // ) ] } >>
	exComma
	exSemi
	exDot   // . (a call or an alias chain)
	exArrow // -> (a clause's head ends)
	exGroup // not a token: a bracketed or do/fn group, as an item of a first argument
)

// exWord tells reserved words apart from plain identifiers.
type exWord uint8

const (
	wPlain exWord = iota
	wDo
	wEnd
	wFn
	wElse // else, rescue, catch, after: a do-block's later blocks
)

// exOpFlags say how an operator may be used.
type exOpFlags uint8

const (
	exBin   exOpFlags = 1 << iota // between two operands
	exUnary                       // before one operand
	exLead                        // a line starting with it continues the expression before
)

// exTok is one token: its kind, where it is, and what precedes it.
type exTok struct {
	kind    exKind
	word    exWord
	flags   exOpFlags
	prec    int8 // a binary operator's precedence (higher binds tighter)
	sp, nl  bool // whitespace (a newline) comes before it
	start   int
	end     int
	line    int // 1-based line of its first byte
	endLine int // and of its last
}

// exMaxInterp bounds how deep interpolations nest ("#{"#{...}"}") before the lexer stops
// reading them as code.
const exMaxInterp = 64

// exLexer reads Elixir tokens from src.
type exLexer struct {
	src      []byte
	pos      int
	line     int
	afterDot bool // the last token was a dot: a word after it is a plain identifier
	nest     int  // interpolations this lexer reads inside
	bad      int  // the line of the first string, sigil or atom the file's end leaves open; 0 none
}

// next reads the next token into t.
func (l *exLexer) next(t *exTok) {
	*t = exTok{}
	l.skipSpace(t)
	t.start, t.line = l.pos, l.line
	if l.pos < len(l.src) {
		dot := l.afterDot
		l.afterDot = false
		l.token(t, dot)
	}
	t.end, t.endLine = l.pos, l.line
}

// skipSpace moves past whitespace, comments and escaped newlines, noting them in t.
func (l *exLexer) skipSpace(t *exTok) {
	s := l.src
	for l.pos < len(s) {
		switch s[l.pos] {
		case ' ', '\t', '\r', '\f', '\v':
			l.pos++
		case '\n':
			l.pos++
			l.line++
			t.nl = true
		case '#':
			i := bytes.IndexByte(s[l.pos:], '\n')
			if i < 0 {
				l.pos = len(s)
				break
			}
			l.pos += i
		case '\\':
			if l.pos+1 >= len(s) || s[l.pos+1] != '\n' {
				return
			}
			l.pos += 2
			l.line++
		default:
			return
		}
		t.sp = true
	}
}

// token reads the token at l.pos into t; dot says a dot precedes it.
func (l *exLexer) token(t *exTok, dot bool) {
	s := l.src
	c := s[l.pos]
	switch {
	case exIdentStart(c):
		l.word(t, dot)
	case c >= '0' && c <= '9':
		l.number()
		t.kind = exLit
	case c == '"' || c == '\'':
		l.quoted(t, c, true)
		l.keyAfter(t)
	case c == ':':
		l.colon(t)
	case c == '?':
		l.char()
		t.kind = exLit
	case c == '~' && l.pos+1 < len(s) && exLetter(s[l.pos+1]):
		l.sigil(t)
	case c == '(' || c == '[' || c == '{':
		l.pos++
		t.kind = exOpen
	case c == ')' || c == ']' || c == '}':
		l.pos++
		t.kind = exClose
	case c == ',':
		l.pos++
		t.kind = exComma
	case c == ';':
		l.pos++
		t.kind = exSemi
	default:
		l.operator(t)
	}
}

// exIdentStart reports whether c starts a name: a letter, an underscore, or a byte of a
// non-ASCII character.
func exIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80
}

// exIdentByte reports whether c continues a name.
func exIdentByte(c byte) bool {
	return exIdentStart(c) || c >= '0' && c <= '9'
}

// exLetter reports whether c is an ASCII letter.
func exLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// name moves past a name's bytes and its trailing ? or ! and returns where it ends.
func (l *exLexer) name() int {
	s := l.src
	for l.pos < len(s) && exIdentByte(s[l.pos]) {
		l.pos++
	}
	if l.pos < len(s) && (s[l.pos] == '?' || s[l.pos] == '!') && (l.pos+1 >= len(s) || s[l.pos+1] != '=') {
		l.pos++
	}
	return l.pos
}

// word reads an identifier, an alias, a reserved word, a word operator or a keyword key.
func (l *exLexer) word(t *exTok, dot bool) {
	start := l.pos
	end := l.name()
	t.kind = exIdent
	if c := l.src[start]; c >= 'A' && c <= 'Z' {
		t.kind = exAlias
	}
	if l.keyAfter(t) || dot || t.kind == exAlias {
		return
	}
	switch string(l.src[start:end]) {
	case "do":
		t.word = wDo
	case "end":
		t.word = wEnd
	case "fn":
		t.word = wFn
	case "else", "rescue", "catch", "after":
		t.word = wElse
	case "true", "false", "nil":
		t.kind = exLit
	case "when":
		t.kind, t.flags, t.prec = exOp, exBin|exLead, 2
	case "and":
		t.kind, t.flags, t.prec = exOp, exBin|exLead, 9
	case "or":
		t.kind, t.flags, t.prec = exOp, exBin|exLead, 8
	case "in":
		t.kind, t.flags, t.prec = exOp, exBin|exLead, 13
	case "not":
		t.kind, t.flags, t.prec = exOp, exUnary, 19
		l.notIn(t)
	}
}

// notIn makes the word operator `not` just read `not in` when `in` follows on its line.
func (l *exLexer) notIn(t *exTok) {
	s := l.src
	i := l.pos
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	if i+2 <= len(s) && s[i] == 'i' && s[i+1] == 'n' && (i+2 == len(s) || !exIdentByte(s[i+2]) && s[i+2] != ':') {
		l.pos = i + 2
		t.flags, t.prec = exBin|exLead, 13
	}
}

// keyAfter makes t a keyword key when a colon and whitespace follow it, and reports whether it
// did.
func (l *exLexer) keyAfter(t *exTok) bool {
	s := l.src
	if l.pos+1 < len(s) && s[l.pos] == ':' && exSpace(s[l.pos+1]) {
		l.pos++
		t.kind = exKey
		return true
	}
	return false
}

// exSpace reports whether c is whitespace.
func exSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// number moves past a number: integers in any base, with underscores, and floats with
// exponents (but not the dots of a range, 1..2).
func (l *exLexer) number() {
	s := l.src
	float := false
	for l.pos < len(s) {
		c := s[l.pos]
		switch {
		case exIdentByte(c) && c < 0x80:
		case c == '.' && l.pos+1 < len(s) && s[l.pos+1] >= '0' && s[l.pos+1] <= '9' && !float:
			float = true
		case (c == '+' || c == '-') && float && (s[l.pos-1] == 'e' || s[l.pos-1] == 'E'):
		default:
			return
		}
		l.pos++
	}
}

// char moves past a character literal: ?a, ?\n, ?" (a quote there opens no string).
func (l *exLexer) char() {
	s := l.src
	l.pos++
	if l.pos < len(s) && s[l.pos] == '\\' {
		l.pos++
	}
	if l.pos >= len(s) {
		return
	}
	if s[l.pos] == '\n' {
		l.line++
	}
	l.pos++
	for l.pos < len(s) && !isRuneStart(s[l.pos]) {
		l.pos++
	}
}

// colon reads what starts with a colon: the operator ::, a quoted atom, an atom, or an
// operator's atom (:+, :{}, :<<>>).
func (l *exLexer) colon(t *exTok) {
	s := l.src
	l.pos++
	t.kind = exLit
	if l.pos >= len(s) {
		return
	}
	c := s[l.pos]
	switch {
	case c == ':':
		l.pos++
		t.kind, t.flags, t.prec = exOp, exBin|exLead, 3
	case c == '"' || c == '\'':
		l.quoted(t, c, false)
		t.kind = exLit
	case exIdentStart(c):
		for l.pos < len(s) && (exIdentByte(s[l.pos]) || s[l.pos] == '@') {
			l.pos++
		}
		if l.pos < len(s) && (s[l.pos] == '?' || s[l.pos] == '!') {
			l.pos++
		}
	default:
		for _, a := range exOpAtoms {
			if bytes.HasPrefix(s[l.pos:], []byte(a)) {
				l.pos += len(a)
				return
			}
		}
		if n, _, _ := exOperator(s, l.pos); n > 0 {
			l.pos += n
			return
		}
		t.kind, t.flags = exOp, exBin
	}
}

// exOpAtoms are the atoms of the special forms written with brackets.
var exOpAtoms = [...]string{"%{}", "{}", "<<>>", "[]"}

// quoted reads a string or charlist from its quote (or three, a heredoc); a heredoc's closing
// quotes start a line. A string the file's end leaves open is noted in l.bad.
func (l *exLexer) quoted(t *exTok, q byte, heredocs bool) {
	s := l.src
	heredoc := heredocs && l.pos+2 < len(s) && s[l.pos+1] == q && s[l.pos+2] == q
	if heredoc {
		l.pos += 3
	} else {
		l.pos++
	}
	l.text(t, q, heredoc, true)
	t.kind = exLit
}

// text moves past the body of a string, charlist, sigil or heredoc up to and with its closer,
// with escapes and, when interp is set, interpolations; it counts the lines it crosses.
func (l *exLexer) text(t *exTok, closer byte, heredoc, interp bool) {
	s := l.src
	start := l.pos
	i := l.pos
	closed := false
scan:
	for i < len(s) {
		switch c := s[i]; {
		case c == '\\':
			i++
			if i < len(s) && !(heredoc && s[i] == '\n') {
				i++
			}
		case c == '#' && interp && i+1 < len(s) && s[i+1] == '{':
			i = l.interpolation(i + 2)
		case heredoc && c == '\n':
			i++
			for i < len(s) && exSpace(s[i]) {
				i++
			}
			if i+2 < len(s) && s[i] == closer && s[i+1] == closer && s[i+2] == closer {
				i += 3
				closed = true
				break scan
			}
		case !heredoc && c == closer:
			i++
			closed = true
			break scan
		default:
			i++
		}
	}
	l.pos = min(i, len(s))
	end := l.pos
	if !closed {
		end = start + len(bytes.TrimRight(s[start:end], " \t\r\n"))
		if l.bad == 0 {
			l.bad = t.line
		}
	}
	l.line += bytes.Count(s[start:end], []byte{'\n'})
}

// interpolation reads the code of an interpolation from i, after its `#{`, and returns where
// its closing brace ends (or the file's end).
func (l *exLexer) interpolation(i int) int {
	if l.nest >= exMaxInterp {
		if j := bytes.IndexByte(l.src[i:], '}'); j >= 0 {
			return i + j + 1
		}
		return len(l.src)
	}
	sub := exLexer{src: l.src, pos: i, nest: l.nest + 1}
	depth := 0
	var t exTok
	for {
		sub.next(&t)
		switch {
		case t.kind == exEOF:
			return len(l.src)
		case t.kind == exOpen && l.src[t.start] == '{':
			depth++
		case t.kind == exClose && l.src[t.start] == '}':
			if depth == 0 {
				return sub.pos
			}
			depth--
		}
	}
}

// sigil reads a sigil: ~r/.../i, ~s(...), ~S"""...""", ~HTML[...]: lowercase ones interpolate,
// and no delimiter nests.
func (l *exLexer) sigil(t *exTok) {
	s := l.src
	i := l.pos + 1
	lower := s[i] >= 'a' && s[i] <= 'z'
	i++
	if !lower {
		for i < len(s) && (s[i] >= 'A' && s[i] <= 'Z' || s[i] >= '0' && s[i] <= '9') {
			i++
		}
	}
	if i >= len(s) {
		l.operator(t)
		return
	}
	d := s[i]
	closer := d
	switch d {
	case '(':
		closer = ')'
	case '[':
		closer = ']'
	case '{':
		closer = '}'
	case '<':
		closer = '>'
	case '/', '|', '"', '\'':
	default:
		l.operator(t)
		return
	}
	heredoc := (d == '"' || d == '\'') && i+2 < len(s) && s[i+1] == d && s[i+2] == d
	l.pos = i + 1
	if heredoc {
		l.pos = i + 3
	}
	l.text(t, closer, heredoc, lower)
	for l.pos < len(s) && (exLetter(s[l.pos]) || s[l.pos] >= '0' && s[l.pos] <= '9') {
		l.pos++
	}
	t.kind = exLit
}

// operator reads an operator, a dot, an arrow or a bracket of a binary (<< >>).
func (l *exLexer) operator(t *exTok) {
	n, flags, prec := exOperator(l.src, l.pos)
	if n == 0 {
		l.pos++ // a byte Elixir does not know
		t.kind, t.flags = exOp, exBin
		return
	}
	op := l.src[l.pos : l.pos+n]
	l.pos += n
	t.kind, t.flags, t.prec = exOp, flags, prec
	switch string(op) {
	case ".":
		t.kind = exDot
		l.afterDot = true
	case "->":
		t.kind = exArrow
	case "<<":
		t.kind = exOpen
	case ">>":
		t.kind = exClose
	case "...":
		t.kind = exLit
	}
}

// exOps are Elixir's operators, longest first, with their flags and precedences.
var exOps = [...]struct {
	op    string
	flags exOpFlags
	prec  int8
}{
	{"===", exBin | exLead, 10}, {"!==", exBin | exLead, 10}, {"&&&", exBin | exLead, 9}, {"|||", exBin | exLead, 8},
	{"<<<", exBin | exLead, 12}, {">>>", exBin | exLead, 12}, {"<<~", exBin | exLead, 12}, {"~>>", exBin | exLead, 12},
	{"<~>", exBin | exLead, 12}, {"<|>", exBin | exLead, 12}, {"^^^", exBin | exLead, 14}, {"~~~", exUnary, 19},
	{"+++", exBin | exLead, 15}, {"---", exBin | exLead, 15}, {"...", 0, 0},
	{"==", exBin | exLead, 10}, {"!=", exBin | exLead, 10}, {"=~", exBin | exLead, 10}, {"<=", exBin | exLead, 11},
	{">=", exBin | exLead, 11}, {"&&", exBin | exLead, 9}, {"||", exBin | exLead, 8}, {"<>", exBin | exLead, 15},
	{"++", exBin | exLead, 15}, {"--", exBin | exLead, 15}, {"**", exBin | exLead, 18}, {"//", exBin | exLead, 15},
	{"|>", exBin | exLead, 12}, {"->", exLead, 0}, {"<-", exBin | exLead, 1}, {"=>", exBin | exLead, 5},
	{"::", exBin | exLead, 3}, {`\\`, exBin | exLead, 1}, {"..", exBin | exLead, 15}, {"<~", exBin | exLead, 12},
	{"~>", exBin | exLead, 12}, {"<<", 0, 0}, {">>", 0, 0},
	{"=", exBin | exLead, 7}, {"<", exBin | exLead, 11}, {">", exBin | exLead, 11}, {"+", exBin | exUnary, 16},
	{"-", exBin | exUnary, 16}, {"*", exBin | exLead, 17}, {"/", exBin | exLead, 17}, {"|", exBin | exLead, 4},
	{"!", exUnary, 19}, {"^", exUnary, 19}, {"&", exUnary, 6}, {"@", exUnary, 21}, {".", exLead, 20},
	{"%", exUnary, 21}, {`\`, exBin, 1}, {"~", exBin, 1},
}

// exOpsByByte lists, for each byte, the indexes in exOps of the operators it starts.
var exOpsByByte = func() (by [256][]uint8) {
	for i, o := range exOps {
		by[o.op[0]] = append(by[o.op[0]], uint8(i))
	}
	return by
}()

// exOperator returns the length, flags and precedence of the operator at src[i:], or 0.
func exOperator(src []byte, i int) (int, exOpFlags, int8) {
	rest := src[i:]
	for _, k := range exOpsByByte[rest[0]] {
		o := &exOps[k]
		if len(rest) >= len(o.op) && string(rest[:len(o.op)]) == o.op {
			return len(o.op), o.flags, o.prec
		}
	}
	return 0, 0, 0
}
