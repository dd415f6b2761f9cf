package lang

// The Ruby mapper: a hand-written declaration scanner. It reads a file's tokens once (rbLex:
// strings with their interpolations, heredocs whose bodies follow their line, percent literals
// with any delimiter, regular expressions told from division and `?a` from the ternary `?` by
// what comes before, symbols, `=begin` comments, `__END__`) and recognises declarations where
// the tree-sitter walk looked for them: at the top of the file, in class, module and `class <<
// x` bodies, and in the branches of if, unless, case/when and begin/rescue/else/ensure there.
// Method bodies, blocks and every other expression are skipped, matching `end` to the keyword
// that opened it: class, module, def (but an endless `def x = ...`), if, unless, while and
// until in statement position (not as modifiers), case, begin, for, and do (but the `do` of
// `while x do`).
//
// What it maps, and how, is what the tree-sitter walk (treesitter.go with ruby.go's table,
// Ruby's mapper before this one and now the reference of the differential test,
// ruby_scan_diff_test.go) makes of a file the grammar parses without errors: the same symbols
// with the same names, kinds, signatures, ranges and nesting, and the same imports, built with
// the walk's own helpers (tsWalk's add, addImport, sig and sigLine). Like the walk it maps a
// statement only as the statement it is: `def x ... end if cond` and `X = 1 unless defined?(X)`
// are mapped, but not what a `while`, `until` or `rescue` modifier, `and` or `or`, or a method
// call (`end.freeze`) makes an expression of; a scanner learns that only at the statement's
// end, and takes back what it mapped.
//
// Where Ruby's reading of a byte depends on what a name is, the scanner guesses from the blanks
// around it, as the grammar does: `foo /x/`, `foo %w[a]`, `foo <<~EOS` and `foo ?a` after a
// name, a blank and no blank are literals (even where foo is a local variable and Ruby divides),
// `foo / 2` is a division. A ternary written without blanks (`a ?b :c`, `c ? x: y`) may read as
// a character, a symbol or a label; none of the corpora writes one.

import (
	"context"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/readmap/readmap/store"
)

// rbMapperName names the scanner in `map --json` output.
const rbMapperName = "ruby-scanner"

// rbMaxNest bounds how deep the scanner maps bodies in bodies, as tsMaxNest bounds the walk.
const rbMaxNest = tsMaxNest

// rbMaxInterp bounds how deep string interpolations nest before the scanner reads the deeper
// ones as plain text, so that `"#{"#{"#{...` cannot exhaust the stack.
const rbMaxInterp = 64

// rbMapper maps Ruby files with the scanner. It keeps no state between files.
type rbMapper struct{}

// Map returns the declarations and imports of one Ruby file.
func (rbMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	if len(src) > math.MaxInt32 {
		return nil, errTooLargeToParse // offsets are 32-bit
	}
	s := &rbScan{scanStop: scanStop{ctx: ctx}, lx: rbLex{src: src, line: 1}, w: tsWalk{src: src, lastOverload: -1}}
	s.lx.pos = bomLen(src)
	s.lx.lineStart()
	for {
		if t, _ := s.stmts(tsTop, 0); t.kind == rbEOF || s.err != nil {
			break
		}
	}
	if s.err != nil {
		return nil, s.err
	}
	lines := CountLines(src)
	clampToParents(s.w.res.Symbols, lines)
	var unparsed [][2]int
	for _, at := range []int{s.lx.unclosedAt, int(s.openAt)} {
		if at > 0 {
			unparsed = append(unparsed, [2]int{at, math.MaxInt32})
		}
	}
	s.w.res.Unparsed = joinSpans(unparsed, lines)
	return &s.w.res, nil
}

// Token kinds.
const (
	rbEOF   = iota
	rbNL    // a newline that ends a statement, or ";"
	rbIdent // identifiers and keywords (kw says which), method names with ? or !
	rbConst // capitalised identifiers
	rbLabel // `key:` in a hash or an argument list
	rbVar   // @x, @@x, $x
	rbSym   // :x, :"x", :+
	rbStr   // strings, heredocs, percent literals, commands
	rbLit   // numbers, regular expressions, ?a
	rbOp    // operators and brackets
)

// Keywords, as rbTok.kw gives them; rbKwValue are those that end a value (`self if x`),
// rbKwJump those that end one or take one (`return if x`, `return <<~EOS`), rbKwOther the
// rest.
const (
	rbKwNone = iota
	rbKwAlias
	rbKwAnd
	rbKwBegin
	rbKwCase
	rbKwClass
	rbKwDef
	rbKwDo
	rbKwElse
	rbKwElsif
	rbKwEnd
	rbKwEnsure
	rbKwFor
	rbKwIf
	rbKwIn
	rbKwModule
	rbKwNot
	rbKwOr
	rbKwRescue
	rbKwThen
	rbKwUnless
	rbKwUntil
	rbKwWhen
	rbKwWhile
	rbKwValue
	rbKwJump
	rbKwOther
)

// rbKeywords maps Ruby's keywords to their ids.
var rbKeywords = map[string]uint8{
	"alias": rbKwAlias, "and": rbKwAnd, "begin": rbKwBegin, "case": rbKwCase, "class": rbKwClass,
	"def": rbKwDef, "do": rbKwDo, "else": rbKwElse, "elsif": rbKwElsif, "end": rbKwEnd,
	"ensure": rbKwEnsure, "for": rbKwFor, "if": rbKwIf, "in": rbKwIn, "module": rbKwModule,
	"not": rbKwNot, "or": rbKwOr, "rescue": rbKwRescue, "then": rbKwThen, "unless": rbKwUnless,
	"until": rbKwUntil, "when": rbKwWhen, "while": rbKwWhile,
	"self": rbKwValue, "nil": rbKwValue, "true": rbKwValue, "false": rbKwValue, "return": rbKwJump,
	"break": rbKwJump, "next": rbKwJump, "redo": rbKwValue, "retry": rbKwValue, "super": rbKwJump,
	"yield": rbKwJump, "__FILE__": rbKwValue, "__LINE__": rbKwValue, "__ENCODING__": rbKwValue,
	"undef": rbKwOther, "defined?": rbKwOther, "BEGIN": rbKwOther, "END": rbKwOther,
}

// Token flags.
const (
	rbSpace  = 1 << iota // blank before the token on its line
	rbMod                // an if, unless, while, until or rescue after a value: a modifier
	rbPlain              // a string tree-sitter reads as a "string" node ("x", 'x', %q(x))
	rbSimple             // a symbol tree-sitter reads as a "simple_symbol" (:x)
)

// rbTok is one token: its bytes, its first line (1-based), kind, keyword and flags. It is 16
// bytes, so that the compiler keeps it in registers (as mlTok says); the line a token ends on
// is kept beside it where it is needed (rbScan.lastLine).
type rbTok struct {
	s, e     int32
	line     int32
	kind, kw uint8
	flags    uint8
}

// is reports whether t is the keyword kw.
func (t rbTok) is(kw uint8) bool { return t.kind == rbIdent && t.kw == kw }

// mod reports whether t is a modifier keyword.
func (t rbTok) mod() bool { return t.flags&rbMod != 0 }

// rbHeredoc is a heredoc whose body follows the line it starts on.
type rbHeredoc struct {
	id     string
	indent bool // <<~ and <<-: the terminator may be indented
}

// rbLex reads tokens from src; pos and line are where the next token's search starts. What
// came before decides how some bytes read: value says the last token ends a value (so `/` is
// division and `if` a modifier), ident that it is an identifier that may be a command taking
// an argument (`puts /x/`), dot that the next identifier is a method's name and no keyword
// (`x.class`), cont that a newline continues the statement (after an operator).
type rbLex struct {
	src      []byte
	pos      int
	line     int
	value    bool
	ident    bool
	dot      bool
	cont     bool
	nl       bool // the last token is a newline
	interp   int  // how deep in string interpolations
	heredocs []rbHeredoc
	// unclosedAt is the first line of the earliest comment, quoted literal or heredoc that runs
	// to the end of the file without its closer (0: none): a syntax error that takes in the rest
	// of it.
	unclosedAt int
}

// unclosed notes that a comment, quoted literal or heredoc opened on line runs to the end of the
// file.
func (l *rbLex) unclosed(line int) {
	if l.unclosedAt == 0 || line < l.unclosedAt {
		l.unclosedAt = line
	}
}

// rbIdentByte says which bytes continue an identifier: ASCII letters, digits, '_', and every
// byte of a multi-byte character.
var rbIdentByte = func() (t [256]bool) {
	for c := range 256 {
		t[c] = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c >= 0x80
	}
	return t
}()

// rbIdentStart reports whether c starts an identifier.
func rbIdentStart(c byte) bool { return rbIdentByte[c] && (c < '0' || c > '9') }

// at returns the byte at p, or 0 past the end.
func (l *rbLex) at(p int) byte {
	if p < len(l.src) && p >= 0 {
		return l.src[p]
	}
	return 0
}

// lineStart skips what a line may open with that is no code: `=begin ... =end` comments, and
// everything from an `__END__` line on.
func (l *rbLex) lineStart() {
	for l.pos < len(l.src) && (l.src[l.pos] == '=' || l.src[l.pos] == '_') {
		switch {
		case l.startsLine("=begin"):
			line := l.line
			for l.toNextLine(); l.pos < len(l.src) && !l.startsLine("=end"); l.toNextLine() {
			}
			if l.pos >= len(l.src) {
				l.unclosed(line)
			}
			l.toNextLine()
		case l.startsLine("__END__") && l.lineEndsAt(l.pos+7):
			l.pos = len(l.src)
		default:
			return
		}
	}
}

// startsLine reports whether word starts the line at pos, followed by a blank or the line's end.
func (l *rbLex) startsLine(word string) bool {
	if !strings.HasPrefix(string(l.src[l.pos:min(len(l.src), l.pos+len(word))]), word) {
		return false
	}
	c := l.at(l.pos + len(word))
	return c == 0 || c == ' ' || c == '\t' || c == '\n' || c == '\r'
}

// lineEndsAt reports whether the line ends at p (a "\r" may come first).
func (l *rbLex) lineEndsAt(p int) bool {
	if l.at(p) == '\r' {
		p++
	}
	return p >= len(l.src) || l.src[p] == '\n'
}

// toNextLine moves pos to the start of the next line.
func (l *rbLex) toNextLine() {
	for l.pos < len(l.src) && l.src[l.pos] != '\n' {
		l.pos++
	}
	if l.pos < len(l.src) {
		l.pos++
		l.line++
	}
}

// next returns the next token, skipping blanks, comments, heredoc bodies and the newlines that
// do not end a statement.
func (l *rbLex) next() rbTok {
	space := false
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			l.pos++
			space = true
		case c == '\\' && l.at(l.pos+1) == '\n':
			l.pos += 2
			l.line++
			space = true
		case c == '\\' && l.at(l.pos+1) == '\r' && l.at(l.pos+2) == '\n':
			l.pos += 3
			l.line++
			space = true
		case c == '#':
			for l.pos < len(l.src) && l.src[l.pos] != '\n' {
				l.pos++
			}
		case c == '\n':
			t := rbTok{s: int32(l.pos), e: int32(l.pos + 1), line: int32(l.line), kind: rbNL}
			l.pos++
			l.line++
			l.heredocBodies()
			l.lineStart()
			if l.cont || l.nl || l.leadingDot() {
				space = true
				continue
			}
			l.nl, l.value, l.ident, l.dot = true, false, false, false
			return t
		default:
			t := l.token(space)
			l.nl = t.kind == rbNL
			return t
		}
	}
	return rbTok{s: int32(len(l.src)), e: int32(len(l.src)), line: int32(l.line), kind: rbEOF}
}

// leadingDot reports whether the next line of code (past comment lines) starts with a method
// call's dot, which continues the statement before it.
func (l *rbLex) leadingDot() bool {
	for p := l.pos; p < len(l.src); {
		for p < len(l.src) && (l.src[p] == ' ' || l.src[p] == '\t' || l.src[p] == '\r') {
			p++
		}
		switch c := l.at(p); {
		case c == '#':
			for p < len(l.src) && l.src[p] != '\n' {
				p++
			}
			p++
		case c == '.':
			return l.at(p+1) != '.'
		case c == '&':
			return l.at(p+1) == '.'
		default:
			return false
		}
	}
	return false
}

// token reads the token at pos, which is no blank, comment or newline.
func (l *rbLex) token(space bool) rbTok {
	start, line := l.pos, l.line
	value, ident, dot := l.value, l.ident, l.dot
	l.value, l.ident, l.dot, l.cont = false, false, false, false
	t := rbTok{s: int32(start), line: int32(line)}
	if space {
		t.flags |= rbSpace
	}
	// A literal may start here where a value is expected, or after a command's name and a blank
	// when no blank follows (`puts /x/`, `p %w[a]`, `foo <<~EOS`).
	after := l.at(start + 1)
	literal := !value || ident && space && after != ' ' && after != '\t' && after != '\n' && after != '='
	c := l.src[start]
	switch {
	case rbIdentStart(c):
		l.word(&t, value, dot)
	case c >= '0' && c <= '9':
		l.number()
		t.kind, l.value = rbLit, true
	case c == '"' || c == '`':
		l.pos++
		l.quoted(c, 0, true)
		t.kind, l.value = rbStr, true
		if c == '"' {
			t.flags |= rbPlain
		}
	case c == '\'':
		l.pos++
		l.quoted('\'', 0, false)
		t.kind, l.value, t.flags = rbStr, true, t.flags|rbPlain
	case c == ':':
		l.colon(&t)
	case c == '@' || c == '$':
		l.variable()
		t.kind, l.value = rbVar, true
	case c == '?' && !value && l.char():
		t.kind, l.value = rbLit, true
	case c == '%' && literal && l.percent(&t):
		l.value = true
	case c == '/' && literal:
		l.pos++
		l.quoted('/', 0, true)
		l.flags()
		t.kind, l.value = rbLit, true
	case c == '<' && literal && l.heredoc():
		t.kind, l.value = rbStr, true
	case c == ';':
		l.pos++
		t.kind = rbNL
	default:
		l.operator()
		t.kind = rbOp
		switch op := l.src[start:l.pos]; {
		case len(op) == 1 && (c == ')' || c == ']' || c == '}'):
			l.value = true
		case len(op) == 1 && c == '.' || len(op) == 2 && (c == '&' && op[1] == '.' || c == ':' && op[1] == ':'):
			l.dot, l.cont = true, true
		case len(op) == 3 && c == '.': // `def f ...` (forwarded arguments) ends there
		default:
			l.cont = true
		}
	}
	t.e = int32(l.pos)
	if t.kind == rbNL {
		l.value, l.ident = false, false
	}
	return t
}

// word reads an identifier, a keyword or a label at pos; value and dot are what the lexer knew
// before it.
func (l *rbLex) word(t *rbTok, value, dot bool) {
	start := l.pos
	for l.pos < len(l.src) && rbIdentByte[l.src[l.pos]] {
		l.pos++
	}
	if c := l.at(l.pos); (c == '?' || c == '!') && (l.at(l.pos+1) != '=' || l.at(l.pos+2) == '=') {
		l.pos++ // `empty?`, `save!`, `x?==y`, but `a!=b`
	}
	if l.at(l.pos) == ':' && l.at(l.pos+1) != ':' && !dot {
		l.pos++
		t.kind = rbLabel // `def f a:` ends there, as `f(a:)` may
		return
	}
	t.kind = rbIdent
	if c := l.src[start]; c >= 'A' && c <= 'Z' {
		t.kind = rbConst
	}
	if !dot {
		t.kw = rbKeywords[string(l.src[start:l.pos])]
	}
	switch t.kw {
	case rbKwNone:
		l.value, l.ident = true, t.kind == rbIdent
	case rbKwEnd, rbKwValue, rbKwClass: // `class <<x` is no heredoc
		l.value = true
	case rbKwJump:
		l.value, l.ident = true, true
	case rbKwIf, rbKwUnless, rbKwWhile, rbKwUntil, rbKwRescue:
		if value {
			t.flags |= rbMod
		}
	case rbKwAnd, rbKwOr, rbKwNot:
		l.cont = true
	}
}

// number reads a number: digits, '_', letters (bases, exponents, suffixes), a fraction's '.'
// before a digit, and a decimal exponent's sign.
func (l *rbLex) number() {
	hex := l.src[l.pos] == '0' && l.at(l.pos+1)|0x20 == 'x'
	for l.pos++; l.pos < len(l.src); l.pos++ {
		d := l.src[l.pos]
		switch {
		case isIdentByte(d):
		case d == '.' && l.at(l.pos+1) >= '0' && l.at(l.pos+1) <= '9':
		case (d == '+' || d == '-') && l.src[l.pos-1]|0x20 == 'e' && !hex:
		default:
			return
		}
	}
}

// quoted reads the rest of a literal whose opening delimiter was read, to close, nesting open
// ... close pairs when open is set, with escapes and (when interp) #{...} interpolations. An
// unclosed literal runs to the end of the file.
func (l *rbLex) quoted(close, open byte, interp bool) {
	depth, line := 0, l.line
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == '\\':
			l.pos++
			if l.at(l.pos) == '\n' {
				l.line++
			}
			l.pos++
		case c == '\n':
			l.line++
			l.pos++
		case c == close && depth == 0:
			l.pos++
			return
		case c == close:
			depth--
			l.pos++
		case c == open && open != 0:
			depth++
			l.pos++
		case c == '#' && interp && l.at(l.pos+1) == '{':
			l.pos += 2
			l.interpolation()
		default:
			l.pos++
		}
	}
	l.unclosed(line)
}

// interpolation reads the code of a #{...} whose opening was read, up to its closing brace.
func (l *rbLex) interpolation() {
	if l.interp >= rbMaxInterp {
		for depth := 1; l.pos < len(l.src) && depth > 0; l.pos++ {
			switch l.src[l.pos] {
			case '{':
				depth++
			case '}':
				depth--
			case '\n':
				l.line++
			}
		}
		return
	}
	l.interp++
	saved := *l
	l.value, l.ident, l.dot, l.cont, l.nl = false, false, false, false, false
	for depth := 0; ; {
		t := l.next()
		if t.kind == rbEOF {
			break
		}
		if t.kind == rbOp && t.e-t.s == 1 {
			if c := l.src[t.s]; c == '{' {
				depth++
			} else if c == '}' {
				if depth == 0 {
					break
				}
				depth--
			}
		}
	}
	l.value, l.ident, l.dot, l.cont, l.nl = saved.value, saved.ident, saved.dot, saved.cont, saved.nl
	l.interp--
}

// flags reads a regular expression's flags.
func (l *rbLex) flags() {
	for l.pos < len(l.src) && l.src[l.pos] >= 'a' && l.src[l.pos] <= 'z' {
		l.pos++
	}
}

// colon reads what starts with ':': "::", a symbol (:x, :x=, :"x", :+, :@x, :$x) or a ':'.
func (l *rbLex) colon(t *rbTok) {
	p := l.pos + 1
	c := l.at(p)
	switch {
	case c == ':':
		l.pos += 2
		t.kind, l.dot, l.cont = rbOp, true, true
		return
	case c == '"' || c == '\'':
		l.pos += 2
		l.quoted(c, 0, c == '"')
	case rbIdentStart(c):
		for p++; p < len(l.src) && rbIdentByte[l.src[p]]; p++ {
		}
		if d := l.at(p); d == '?' || d == '!' || d == '=' && l.at(p+1) != '=' && l.at(p+1) != '~' && l.at(p+1) != '>' {
			p++
		}
		l.pos = p
		t.flags |= rbSimple
	case c == '@' || c == '$':
		l.pos++
		l.variable()
		t.flags |= rbSimple
	default:
		n := rbOperatorName(l.src[p:])
		if n == 0 {
			l.pos++
			t.kind, l.cont = rbOp, true
			return
		}
		l.pos = p + n
		t.flags |= rbSimple
	}
	t.kind, l.value = rbSym, true
}

// rbOperatorNames are the operators that name methods, longest first.
var rbOperatorNames = []string{"[]=", "===", "<=>", "[]", "==", "=~", "!=", "!~", "<<", ">>", "<=", ">=", "**",
	"+@", "-@", "~@", "!@", "+", "-", "*", "/", "%", "~", "!", "&", "|", "^", "<", ">", "`"}

// rbOperatorName returns the length of the operator method name b starts with, or 0.
func rbOperatorName(b []byte) int {
	for _, op := range rbOperatorNames {
		if len(b) >= len(op) && string(b[:len(op)]) == op {
			return len(op)
		}
	}
	return 0
}

// variable reads @x, @@x, $x, $1, $-w or a special global ($!, $", $/, ...).
func (l *rbLex) variable() {
	p := l.pos + 1
	if l.src[l.pos] == '@' && l.at(p) == '@' {
		p++
	}
	switch c := l.at(p); {
	case rbIdentByte[c]:
		for p < len(l.src) && rbIdentByte[l.src[p]] {
			p++
		}
	case l.src[l.pos] == '$' && c == '-' && rbIdentByte[l.at(p+1)]:
		p += 2
	case l.src[l.pos] == '$' && c != 0 && c != '\n' && c != ' ':
		p++
	}
	l.pos = p
}

// char reads a character literal ?a, ?\n, ?\C-a, ?\u{41} at pos and reports whether there was
// one; a '?' followed by a blank or a word is the ternary operator, and nothing is read.
func (l *rbLex) char() bool {
	p := l.pos + 1
	c := l.at(p)
	switch {
	case c == 0 || c == ' ' || c == '\t' || c == '\n' || c == '\r':
		return false
	case c == '\\':
		p = rbEscapeEnd(l.src, p)
	default:
		_, n := utf8.DecodeRune(l.src[p:])
		p += n
		if rbIdentByte[l.at(p)] && rbIdentByte[c] {
			return false
		}
	}
	l.pos = p
	return true
}

// rbEscapeEnd returns where the escape sequence at p (a backslash) of a character literal ends.
func rbEscapeEnd(src []byte, p int) int {
	p = rbControlPrefixes(src, p+1)
	if p >= len(src) {
		return p
	}
	switch src[p] {
	case 'u':
		p++
		if p < len(src) && src[p] == '{' {
			for p < len(src) && src[p] != '}' && src[p] != '\n' {
				p++
			}
			return min(p+1, len(src))
		}
		for n := 0; n < 4 && p < len(src) && mlHex(src[p]); n++ {
			p++
		}
		return p
	case 'x':
		p++
		for n := 0; n < 2 && p < len(src) && mlHex(src[p]); n++ {
			p++
		}
		return p
	}
	_, n := utf8.DecodeRune(src[p:])
	return p + n
}

// rbControlPrefixes returns where the control and meta prefixes of an escape at p, after its
// backslash, end: \C-, \c and \M-, which chain (\M-\C-x).
func rbControlPrefixes(src []byte, p int) int {
	for {
		q := p
		switch {
		case p+1 < len(src) && (src[p] == 'C' || src[p] == 'M') && src[p+1] == '-':
			q = p + 2
		case p+1 < len(src) && src[p] == 'c':
			q = p + 1
		default:
			return p
		}
		if q >= len(src) || src[q] != '\\' {
			return q
		}
		p = q + 1
	}
}

// percent reads a percent literal (%w[...], %q(...), %(...), %r{...}, ...) at pos and reports
// whether there was one.
func (l *rbLex) percent(t *rbTok) bool {
	p := l.pos + 1
	typ := l.at(p)
	if strings.IndexByte("qQwWiIrsx", typ) >= 0 && typ != 0 {
		p++
	} else {
		typ = 0
	}
	d := l.at(p)
	if d == 0 || rbIdentByte[d] || d == ' ' || d == '\t' || d == '\n' || d == '\r' || (typ == 0 && d == '=') {
		return false
	}
	open, close := byte(0), d
	switch d {
	case '(':
		open, close = '(', ')'
	case '[':
		open, close = '[', ']'
	case '{':
		open, close = '{', '}'
	case '<':
		open, close = '<', '>'
	}
	l.pos = p + 1
	l.quoted(close, open, typ != 'q' && typ != 'w' && typ != 'i' && typ != 's')
	switch typ {
	case 'r':
		l.flags()
		t.kind = rbLit
	case 's':
		t.kind, t.flags = rbSym, t.flags&^rbSimple
	case 0, 'q', 'Q':
		t.kind, t.flags = rbStr, t.flags|rbPlain
	default:
		t.kind = rbStr
	}
	return true
}

// heredoc reads a heredoc's start (<<~ID, <<-ID, <<ID, with the ID quoted or not) at pos and
// reports whether there was one; its body is read at the end of the line.
func (l *rbLex) heredoc() bool {
	p := l.pos + 1
	if l.at(p) != '<' {
		return false
	}
	p++
	indent := false
	if c := l.at(p); c == '~' || c == '-' {
		indent = true
		p++
	}
	var id string
	switch q := l.at(p); {
	case q == '"' || q == '\'' || q == '`':
		end := p + 1
		for end < len(l.src) && l.src[end] != q && l.src[end] != '\n' {
			end++
		}
		if l.at(end) != q {
			return false
		}
		id, p = string(l.src[p+1:end]), end+1
	case rbIdentStart(q):
		end := p
		for end < len(l.src) && rbIdentByte[l.src[end]] {
			end++
		}
		id, p = string(l.src[p:end]), end
	default:
		return false
	}
	l.pos = p
	l.heredocs = append(l.heredocs, rbHeredoc{id: id, indent: indent})
	return true
}

// heredocBodies skips the bodies of the heredocs started on the line that just ended.
func (l *rbLex) heredocBodies() {
	line := l.line - 1 // the line that just ended, where the heredocs start
	for _, h := range l.heredocs {
		done := false
		for !done && l.pos < len(l.src) {
			p := l.pos
			if h.indent {
				for p < len(l.src) && (l.src[p] == ' ' || l.src[p] == '\t') {
					p++
				}
			}
			done = strings.HasPrefix(string(l.src[p:min(len(l.src), p+len(h.id))]), h.id) && l.lineEndsAt(p+len(h.id))
			l.toNextLine()
		}
		if !done {
			l.unclosed(line)
		}
	}
	l.heredocs = nil
}

// rbOperators are the operators of more than one byte by their first byte, longest first.
var rbOperators = func() (t [256][]string) {
	for _, op := range []string{"**=", "<=>", "===", "...", "<<=", ">>=", "&&=", "||=", "==", "!=", ">=", "<=", "&&",
		"||", "<<", ">>", "**", "=~", "!~", "+=", "-=", "*=", "/=", "%=", "|=", "&=", "^=", "::", "..", "->", "=>", "&."} {
		t[op[0]] = append(t[op[0]], op)
	}
	return t
}()

// operator reads an operator or a bracket at pos.
func (l *rbLex) operator() {
	rest := l.src[l.pos:min(len(l.src), l.pos+3)]
	for _, op := range rbOperators[rest[0]] {
		if len(rest) >= len(op) && string(rest[:len(op)]) == op {
			l.pos += len(op)
			return
		}
	}
	l.pos++
}

// fname reads the name of a method after `def` or `alias`, past a receiver (`self.`, `obj.`,
// `Const::`, `@x.`), and returns where the name starts and ends; start == end when there is
// none. `alias` also takes symbols and global variables.
func (l *rbLex) fname() (start, end int) {
	for {
		p := l.pos
		for p < len(l.src) && (l.src[p] == ' ' || l.src[p] == '\t') {
			p++
		}
		start, end = p, p
		switch c := l.at(p); {
		case rbIdentStart(c):
			for end < len(l.src) && rbIdentByte[l.src[end]] {
				end++
			}
			if l.receiverEnds(end) == end {
				end = l.nameSuffix(end)
			}
		case c == '@' || c == '$':
			l.pos = p
			l.variable()
			end = l.pos
		case c == ':' && l.at(p+1) != ':':
			l.pos = p
			var t rbTok
			l.colon(&t)
			end = l.pos
		case c == '(': // a receiver in parentheses: `def (obj).x`
			end = l.parenEnd(p)
		default:
			end += rbOperatorName(l.src[p:])
		}
		l.pos = end
		l.value, l.ident, l.dot, l.cont, l.nl = true, false, false, false, false
		if next := l.receiverEnds(end); start < end && next > end {
			l.pos = next // a receiver: the name follows
			continue
		}
		return start, end
	}
}

// parenEnd returns where the parenthesis at p closes, counting the parentheses between (but
// not reading the strings or comments there: a receiver in parentheses is seldom written).
func (l *rbLex) parenEnd(p int) int {
	depth := 0
	for ; p < len(l.src); p++ {
		switch l.src[p] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return p + 1
			}
		case '\n':
			l.line++
		}
	}
	return p
}

// receiverEnds returns where the "." or "::" after a method's receiver ending at p ends, or p
// when none follows.
func (l *rbLex) receiverEnds(p int) int {
	switch {
	case l.at(p) == '.' && l.at(p+1) != '.':
		return p + 1
	case l.at(p) == ':' && l.at(p+1) == ':':
		return p + 2
	}
	return p
}

// nameSuffix returns where a method's name ending at p ends with its suffix: "?" or "!", or
// "=" of a setter (`def x=(v)`, `alias a= b=`), but not "==", "=~" or "=>".
func (l *rbLex) nameSuffix(p int) int {
	switch c := l.at(p); {
	case c == '?' || c == '!':
		if l.at(p+1) != '=' || l.at(p+2) == '=' {
			return p + 1
		}
	case c == '=':
		if d := l.at(p + 1); d != '=' && d != '~' && d != '>' {
			return p + 1
		}
	}
	return p
}

// rbScan is the state of one file's scan. The walk w holds the result and cuts signatures.
type rbScan struct {
	scanStop
	lx      rbLex
	w       tsWalk
	pending rbTok // a token read ahead and given back, when hasPend
	hasPend bool
	// last is the last token read that is no newline, and before the one before it: a
	// statement ends at last once the token that ends it was given back. lastLine and
	// beforeLine are the lines they end on, pendLine that of pending.
	last, before                   rbTok
	lastLine, beforeLine, pendLine int32
	heads                          int // how many def heads are being read, one inside another's parameters
	// openAt is the line of the innermost group (a class, def, begin, do, bracket...) the scan
	// followed that is still open at the end of the file (0: none): its `end` or closer is
	// missing, and what follows it was read inside it.
	openAt int32
}

// openAtEnd notes that the group opened on line is still open at the end of the file. The
// innermost group the scan followed is the first to meet the end (skipGroup follows the groups
// inside the one it skips only by counting them).
func (s *rbScan) openAtEnd(line int32) {
	if s.openAt == 0 {
		s.openAt = line
	}
}

// next returns the next token, the one given back first.
func (s *rbScan) next() rbTok {
	var t rbTok
	var line int32
	if s.hasPend {
		t, line, s.hasPend = s.pending, s.pendLine, false
	} else {
		t = s.lx.next()
		line = int32(s.lx.line) // a token's last line: heredoc bodies are read at the newline after it
	}
	if t.kind > rbNL {
		s.before, s.beforeLine = s.last, s.lastLine
		s.last, s.lastLine = t, line
	}
	return t
}

// back gives t, the token next returned last, back to be read again.
func (s *rbScan) back(t rbTok) {
	s.pending, s.pendLine, s.hasPend = t, t.line, true
	if t.kind > rbNL {
		s.pendLine = s.lastLine
		s.last, s.lastLine = s.before, s.beforeLine
	}
}

// peek returns the next token without reading it.
func (s *rbScan) peek() rbTok {
	t := s.next()
	s.back(t)
	return t
}

// punct reports whether t is the one-byte operator or bracket c.
func (s *rbScan) punct(t rbTok, c byte) bool {
	return t.kind == rbOp && t.e-t.s == 1 && s.lx.src[t.s] == c
}

// op reports whether t is the operator op.
func (s *rbScan) op(t rbTok, op string) bool {
	return t.kind == rbOp && string(s.lx.src[t.s:t.e]) == op
}

// word returns t's bytes as a string.
func (s *rbScan) word(t rbTok) string { return string(s.lx.src[t.s:t.e]) }

// term reports whether t ends a body: end, else, elsif, when, in, ensure, a rescue clause, a
// closing bracket, the end of the file.
func (s *rbScan) term(t rbTok) bool {
	switch t.kind {
	case rbEOF:
		return true
	case rbIdent:
		switch t.kw {
		case rbKwEnd, rbKwElse, rbKwElsif, rbKwWhen, rbKwIn, rbKwEnsure:
			return true
		case rbKwRescue:
			return !t.mod()
		}
	case rbOp:
		return s.punct(t, ')') || s.punct(t, ']') || s.punct(t, '}')
	}
	return false
}

// opens reports whether t opens a group that a closing bracket or `end` closes (a def is
// looked at apart: an endless one opens none).
func (s *rbScan) opens(t rbTok) bool {
	switch t.kind {
	case rbOp:
		return s.punct(t, '(') || s.punct(t, '[') || s.punct(t, '{')
	case rbIdent:
		switch t.kw {
		case rbKwClass, rbKwModule, rbKwCase, rbKwBegin, rbKwFor, rbKwDo:
			return true
		case rbKwIf, rbKwUnless, rbKwWhile, rbKwUntil:
			return !t.mod()
		}
	}
	return false
}

// rbLoops reports whether t opens a loop whose condition a `do` may end (`while x do`).
func rbLoops(t rbTok) bool {
	return (t.is(rbKwWhile) || t.is(rbKwUntil)) && !t.mod() || t.is(rbKwFor)
}

// Where skipExpr stops, besides newlines, `;`, `then` and the tokens that end a body.
const (
	rbStopCond   = 1 << iota // if and unless modifiers
	rbStopLoop               // while and until modifiers
	rbStopRescue             // rescue modifiers
	rbStopAndOr              // and, or
	rbStopComma              // ","
	rbStopDo                 // do
	rbInParens               // not at newlines, which parentheses hold

	rbStopMods = rbStopCond | rbStopLoop | rbStopRescue
)

// stops reports whether an expression ends before t, with stops saying where besides.
func (s *rbScan) stops(t rbTok, stops int) bool {
	switch {
	case t.kind == rbNL:
		return stops&rbInParens == 0
	case s.term(t) || t.is(rbKwThen):
		return true
	case t.mod() && (t.is(rbKwIf) || t.is(rbKwUnless)):
		return stops&rbStopCond != 0
	case t.mod() && (t.is(rbKwWhile) || t.is(rbKwUntil)):
		return stops&rbStopLoop != 0
	case t.mod():
		return stops&rbStopRescue != 0
	case t.is(rbKwAnd) || t.is(rbKwOr):
		return stops&rbStopAndOr != 0
	case t.is(rbKwDo):
		return stops&rbStopDo != 0
	}
	return stops&rbStopComma != 0 && s.punct(t, ',')
}

// skipExpr skips to where an expression ends (stops says where, besides the ends of every
// statement) and returns the token there, unread.
func (s *rbScan) skipExpr(stops int) rbTok {
	for !s.tick() {
		t := s.next()
		if s.stops(t, stops) {
			s.back(t)
			return t
		}
		s.skipFrom(t)
	}
	return rbTok{}
}

// skipFrom skips the group that t, just read, opens: to its `end` or closing bracket.
func (s *rbScan) skipFrom(t rbTok) {
	switch {
	case t.is(rbKwDef):
		if !s.defHead().endless {
			s.skipGroup(t)
		}
	case t.is(rbKwAlias):
		s.lx.fname()
		s.lx.fname()
	case s.opens(t):
		s.skipGroup(t)
	}
}

// skipGroup skips to the token that closes the group open, just read, opens, and returns it (or
// the end of the file). Groups of every kind count alike; a loop's `do` opens none. It is
// where the scanner spends its time, and looks at each token once, by kind.
func (s *rbScan) skipGroup(open rbTok) rbTok {
	var buf [32]bool
	conds := append(buf[:0], rbLoops(open)) // whether each open group is a loop's condition
	for !s.tick() {
		t := s.next()
		top := len(conds) - 1
		push, pop := false, false
		switch t.kind {
		case rbEOF:
			s.openAtEnd(open.line) // (keeping the lines of the groups inside it costs 4% of the scan)
			return t
		case rbNL:
			conds[top] = false
		case rbOp:
			if t.e-t.s == 1 {
				c := s.lx.src[t.s]
				push, pop = c == '(' || c == '[' || c == '{', c == ')' || c == ']' || c == '}'
			}
		case rbIdent:
			switch t.kw {
			case rbKwNone:
			case rbKwDo:
				push, conds[top] = !conds[top], false
			case rbKwDef:
				push = !s.defHead().endless
			case rbKwAlias:
				s.lx.fname()
				s.lx.fname()
			case rbKwEnd:
				pop = true
			default:
				push = s.opens(t)
			}
		}
		switch {
		case push:
			conds = append(conds, rbLoops(t))
		case pop:
			if conds = conds[:top]; top == 0 {
				return t
			}
		}
	}
	return rbTok{}
}

// rbDefHead is what a method's head says: where its name is, where its signature ends (after
// the parameters, or the name), and whether the method is endless (`def x = 1`).
type rbDefHead struct {
	nameS, nameE int
	sigTo        int32
	endless      bool
}

// rbMaxHeads bounds how deep method heads are read inside default values of parameters
// (`def a(x = def b(y = ...`): deeper ones are skipped as groups.
const rbMaxHeads = 64

// defHead reads a method's head after `def`: its name and parameters, in parentheses or to the
// end of the statement, and the "=" of an endless method. The name is read from the bytes after
// `def`, which no token was read ahead of (a head that would be is read as none).
func (s *rbScan) defHead() rbDefHead {
	if s.hasPend || s.heads >= rbMaxHeads {
		return rbDefHead{}
	}
	s.heads++
	defer func() { s.heads-- }()
	ns, ne := s.lx.fname()
	h := rbDefHead{nameS: ns, nameE: ne, sigTo: int32(ne)}
	t := s.next()
	switch {
	case s.punct(t, '('):
		h.sigTo = s.skipGroup(t).e
		s.lx.value, s.lx.ident = false, false // the body starts: `def f(s) /x/ end` is a regexp
		if u := s.next(); s.op(u, "=") {
			h.endless = true
		} else {
			s.back(u)
		}
	case s.op(t, "="):
		h.endless = true
	case s.stops(t, 0):
		s.back(t)
	default:
		s.skipFrom(t)
		s.skipExpr(0)
		h.sigTo = s.last.e
	}
	return h
}

// text returns the source between two offsets folded to one line and capped, as the walk's
// text gives a node's: for names and import paths.
func (s *rbScan) text(a, b int32) string {
	b = min(b, int32(len(s.lx.src)))
	if a >= b {
		return ""
	}
	return foldName(s.lx.src[a:b])
}

// sigLine is the walk's sigLine given only the first line: the same signature, without
// copying the rest of a long one-line file for each symbol on it.
func (s *rbScan) sigLine(from, to int32) string {
	to = min(max(to, from), int32(len(s.lx.src)))
	for p := from; p < to; p++ {
		if s.lx.src[p] == '\n' {
			to = p
			break
		}
	}
	return s.w.sigLine(uint32(from), uint32(to))
}

// add appends a symbol whose range starts on line (1-based) or earlier at at.start, and returns
// its index.
func (s *rbScan) add(name string, kind store.Kind, sig string, line, end int32, at tsAt) int {
	start := int(line) - 1
	if at.start >= 0 && at.start < start {
		start = at.start
	}
	return s.w.add(store.Symbol{Name: name, Kind: kind, Signature: sig, StartLine: start + 1,
		EndLine: max(int(end)-1, start) + 1, Parent: at.parent})
}

// sigFrom returns where the signature of a declaration whose first token is t starts at at.
func sigFrom(t rbTok, at tsAt) int32 {
	if at.sig >= 0 {
		return int32(at.sig)
	}
	return t.s
}

// stmts maps the statements of a body at at, nest bodies deep, up to the token that ends the
// body, which it returns read, with where the first statement starts (-1 without one).
// Sorbet signatures (`sig { ... }`) start the range of the declaration after them.
func (s *rbScan) stmts(at tsAt, nest int) (rbTok, int32) {
	first, sigs := int32(-1), -1
	for !s.tick() {
		t := s.next()
		switch {
		case t.kind == rbNL:
			continue
		case s.term(t):
			return t, first
		}
		if first < 0 {
			first = t.s
		}
		if nest >= rbMaxNest {
			s.skipFrom(t)
			s.skipExpr(0)
			continue
		}
		if read, sig := s.sig(t); sig {
			if sigs < 0 {
				sigs = int(t.line) - 1
			}
			continue
		} else if read {
			sigs = -1
			continue
		}
		a := at
		if sigs >= 0 && (a.start < 0 || sigs < a.start) {
			a.start = sigs
		}
		sigs = -1
		s.stmt(t, a, nest)
	}
	return rbTok{}, first
}

// sig reads the statement t starts when t is `sig`, and reports whether it read any of it and
// whether it is a Sorbet signature: `sig`, arguments in parentheses or none, and a block.
func (s *rbScan) sig(t rbTok) (read, sig bool) {
	if t.kind != rbIdent || t.kw != rbKwNone || s.word(t) != "sig" {
		return false, false
	}
	u := s.next()
	if s.punct(u, '(') && u.flags&rbSpace == 0 {
		s.skipGroup(u)
		read, u = true, s.next()
	}
	if !s.punct(u, '{') && !u.is(rbKwDo) {
		s.back(u)
		if read {
			s.skipExpr(0)
		}
		return read, false
	}
	s.skipGroup(u)
	if v := s.peek(); v.kind == rbNL || s.term(v) {
		return true, true
	}
	s.skipExpr(0)
	return true, false
}

// stmt maps the statement that t starts. A statement that turns out, at its end, to be part of
// an expression (`begin ... end while x`, `X = a and b`) takes back what it mapped.
func (s *rbScan) stmt(t rbTok, at tsAt, nest int) {
	syms, imports := len(s.w.res.Symbols), len(s.w.res.Imports)
	switch {
	case t.is(rbKwClass):
		s.classDef(t, at, nest)
	case t.is(rbKwModule):
		s.moduleDef(t, at, nest)
	case t.is(rbKwDef):
		s.methodDef(t, at, rbStopCond|rbStopLoop|rbStopAndOr)
	case t.is(rbKwIf) || t.is(rbKwUnless):
		s.branches(t, at, nest)
	case t.is(rbKwCase):
		s.caseStmt(t, at, nest)
	case t.is(rbKwBegin):
		s.body(t, at, nest+1)
	case t.kind == rbConst && s.op(s.peek(), "="):
		s.constDef(t, at)
	case t.kind == rbIdent && t.kw == rbKwNone && s.callArgs(t) != rbNoArgs:
		s.call(t, at)
	default:
		s.skipFrom(t)
		s.skipExpr(0)
		return
	}
	if !s.trailer() {
		s.takeBack(syms, imports)
	}
}

// trailer reads the rest of a mapped statement and reports whether it is still the statement it
// was: if and unless modifiers keep it, anything else makes it part of an expression.
func (s *rbScan) trailer() bool {
	keep := true
	for !s.tick() {
		t := s.next()
		switch {
		case t.kind == rbNL || s.term(t):
			s.back(t)
			return keep
		case t.mod() && (t.is(rbKwIf) || t.is(rbKwUnless)):
		default:
			keep = false
			s.skipFrom(t)
		}
		s.skipExpr(rbStopMods)
	}
	return false
}

// takeBack removes the symbols and imports from syms and imports on.
func (s *rbScan) takeBack(syms, imports int) {
	s.w.res.Symbols = s.w.res.Symbols[:syms]
	for _, imp := range s.w.res.Imports[imports:] {
		delete(s.w.seenImports, imp)
	}
	s.w.res.Imports = s.w.res.Imports[:imports]
}

// body maps a body of statements with its rescue, else and ensure clauses, up to the `end`
// of the group kw opens, which it returns, with where the body's first statement or clause
// starts (-1 without one).
func (s *rbScan) body(kw rbTok, at tsAt, nest int) (rbTok, int32) {
	t, first := s.stmts(at, nest)
	for !s.tick() {
		switch {
		case t.kind == rbEOF:
			s.openAtEnd(kw.line)
			return t, first
		case t.is(rbKwEnd):
			return t, first
		case t.is(rbKwRescue):
			s.clauseHead()
			fallthrough
		case t.is(rbKwElse) || t.is(rbKwEnsure):
			if first < 0 {
				first = t.s
			}
			t, _ = s.stmts(at, nest+1)
		default: // a stray closing token
			t, _ = s.stmts(at, nest)
		}
	}
	return rbTok{}, first
}

// clauseHead skips the head of a rescue, when or elsif clause, or an if's condition, up to its
// `then` or the end of its line.
func (s *rbScan) clauseHead() {
	s.skipExpr(0)
	if t := s.next(); !t.is(rbKwThen) {
		s.back(t)
	}
}

// branches maps the declarations in the branches of an if or unless whose keyword kw was read.
func (s *rbScan) branches(kw rbTok, at tsAt, nest int) {
	s.clauseHead()
	for !s.tick() {
		t, _ := s.stmts(at, nest+1)
		switch {
		case t.kind == rbEOF:
			s.openAtEnd(kw.line)
			return
		case t.is(rbKwEnd):
			return
		case t.is(rbKwElsif):
			s.clauseHead()
		}
	}
}

// caseStmt maps the declarations in the branches of a case/when whose keyword was read; a
// case/in (pattern matching) maps none, as the walk has it.
func (s *rbScan) caseStmt(kw rbTok, at tsAt, nest int) {
	s.skipExpr(0)
	t := s.next()
	for t.kind == rbNL {
		t = s.next()
	}
	if !t.is(rbKwWhen) {
		if !t.is(rbKwEnd) {
			s.skipGroup(kw)
		}
		return
	}
	for !s.tick() {
		if t.is(rbKwWhen) {
			s.clauseHead()
		}
		if t, _ = s.stmts(at, nest+2); t.kind == rbEOF || t.is(rbKwEnd) {
			if t.kind == rbEOF {
				s.openAtEnd(kw.line)
			}
			return
		}
	}
}

// classDef maps a class, or the members of a `class << x` body as the enclosing body's.
func (s *rbScan) classDef(kw rbTok, at tsAt, nest int) {
	t := s.next()
	if s.op(t, "<<") {
		s.skipExpr(0)
		s.body(kw, at, nest+1)
		return
	}
	s.back(t)
	nameS, nameE := s.constPath()
	if t := s.next(); s.punct(t, '<') {
		s.skipExpr(0)
	} else {
		s.back(t)
	}
	s.container(kw, at, nest, nameS, nameE, store.KindClass)
}

// moduleDef maps a module.
func (s *rbScan) moduleDef(kw rbTok, at tsAt, nest int) {
	nameS, nameE := s.constPath()
	s.container(kw, at, nest, nameS, nameE, store.KindModule)
}

// constPath reads the name of a class or module (`A`, `A::B`, `::A`, even `A[]::B`) and
// returns where it starts and ends.
func (s *rbScan) constPath() (start, end int32) {
	start, end = -1, -1
	for !s.tick() {
		t := s.next()
		if !s.op(t, "::") && t.kind != rbConst && t.kind != rbIdent || t.kw != rbKwNone && !t.is(rbKwValue) {
			s.back(t)
			break
		}
		if start < 0 {
			start = t.s
		}
		end = t.e
		if t.kind == rbOp {
			continue
		}
		if u := s.next(); s.punct(u, '[') && u.flags&rbSpace == 0 {
			end = s.skipGroup(u).e
		} else {
			s.back(u)
		}
		if !s.op(s.peek(), "::") {
			break
		}
	}
	return start, end
}

// container maps a class or module whose head was read: its symbol, its members, and its
// signature from its keyword to its first member (or its end, without one).
func (s *rbScan) container(kw rbTok, at tsAt, nest int, nameS, nameE int32, kind store.Kind) {
	name := s.text(nameS, nameE)
	if name == "" {
		s.skipGroup(kw)
		return
	}
	idx := s.add(name, kind, "", kw.line, math.MaxInt32, at)
	end, first := s.body(kw, tsAt{parent: idx, start: -1, sig: -1}, nest+1)
	to := end.e
	if first >= 0 {
		to = first
	}
	sym := &s.w.res.Symbols[idx]
	sym.Signature = s.w.sig(uint32(sigFrom(kw, at)), uint32(to))
	sym.EndLine = max(int(end.line), sym.StartLine)
	if sym.Parent >= 0 {
		sym.EndLine = min(sym.EndLine, s.w.res.Symbols[sym.Parent].EndLine)
	}
}

// methodDef maps a method whose `def` was read, and returns its index or -1; stops says where
// an endless method's body ends besides the statement's end (a rescue modifier is part of it:
// `def x = a rescue b`).
func (s *rbScan) methodDef(kw rbTok, at tsAt, stops int) int {
	h := s.defHead()
	var end int32
	if h.endless {
		s.skipExpr(stops)
		end = s.lastLine
	} else {
		end = s.skipGroup(kw).line
	}
	name := s.text(int32(h.nameS), int32(h.nameE))
	if name == "" {
		return -1
	}
	kind := store.KindFunction
	if at.parent >= 0 {
		kind = store.KindMethod
	}
	return s.add(name, kind, s.w.sig(uint32(sigFrom(kw, at)), uint32(h.sigTo)), kw.line, end, at)
}

// constDef maps `NAME = value`, whose name was read.
func (s *rbScan) constDef(name rbTok, at tsAt) {
	s.next() // "="
	s.skipExpr(rbStopCond | rbStopLoop | rbStopAndOr)
	s.add(s.word(name), store.KindConst, s.sigLine(sigFrom(name, at), s.last.e), name.line, s.lastLine, at)
}

// How a call's arguments are written.
const (
	rbNoArgs = iota
	rbParenArgs
	rbCommandArgs
)

// callArgs says whether and how arguments follow name, a method's name at a statement's start.
func (s *rbScan) callArgs(name rbTok) int {
	u := s.peek()
	if s.punct(u, '(') && u.flags&rbSpace == 0 {
		return rbParenArgs
	}
	if u.kind == rbStr || u.flags&rbSpace != 0 && s.argStart(u) {
		return rbCommandArgs
	}
	return rbNoArgs
}

// argStart reports whether t, after a method's name and a blank, starts its first argument.
func (s *rbScan) argStart(t rbTok) bool {
	switch t.kind {
	case rbIdent:
		return t.kw == rbKwNone || t.kw == rbKwDef || t.kw == rbKwValue || t.kw == rbKwJump || t.kw == rbKwNot
	case rbConst, rbLabel, rbVar, rbSym, rbStr, rbLit:
		return true
	case rbOp:
		switch s.word(t) {
		case "[", "->", "::", "!", "~":
			return true
		case "*", "**", "&", "-", "+":
			c := s.lx.at(int(t.e))
			return c != ' ' && c != '\t' && c != '\n' && c != '\r'
		}
	}
	return false
}

// call maps a call without a receiver, whose name was read: the methods defined in its
// arguments (`private def x`), whose ranges and signatures start at the call; else a require's
// strings as imports, or an attr_*'s symbols and strings as properties.
func (s *rbScan) call(name rbTok, at tsAt) {
	from := at
	if from.start < 0 {
		from.start = int(name.line) - 1
	}
	if from.sig < 0 {
		from.sig = int(name.s)
	}
	paren := s.callArgs(name) == rbParenArgs
	stops := rbStopComma
	if paren {
		s.next()
		stops |= rbInParens
	} else {
		stops |= rbStopMods | rbStopAndOr | rbStopDo
	}
	var single []rbTok // the arguments of one token
	defined := false
	for !s.tick() {
		t := s.nextArg(paren)
		switch {
		case s.stops(t, stops&^rbStopComma):
			s.back(t)
		case t.is(rbKwDef):
			defined = s.methodDef(t, from, stops&^rbStopRescue) >= 0 || defined
		default:
			s.skipFrom(t)
			if s.skipExpr(stops); s.last == t {
				single = append(single, t)
			}
		}
		if u := s.nextArg(paren); !s.punct(u, ',') {
			s.back(u)
			break
		}
	}
	if paren {
		if t := s.nextArg(paren); !s.punct(t, ')') {
			if t.kind == rbEOF {
				s.openAtEnd(name.line)
			}
			s.back(t)
		}
	}
	if t := s.next(); (paren && s.punct(t, '{')) || t.is(rbKwDo) {
		s.skipGroup(t)
	} else {
		s.back(t)
	}
	if !defined {
		s.callDecls(name, at, single)
	}
}

// nextArg returns the next token of a call's arguments: past newlines in parentheses.
func (s *rbScan) nextArg(paren bool) rbTok {
	t := s.next()
	for paren && t.kind == rbNL && !s.tick() {
		t = s.next()
	}
	return t
}

// callDecls maps what a call, whose arguments of one token are single, declares when it is a
// require or an attr_*.
func (s *rbScan) callDecls(name rbTok, at tsAt, single []rbTok) {
	method := s.word(name)
	switch {
	case rbRequires[method]:
		for _, a := range single {
			if a.kind == rbStr && a.flags&rbPlain != 0 {
				s.w.addImport(unquote(s.text(a.s, a.e)))
			}
		}
	case rbAttrs[method] && at.parent >= 0:
		end, endLine := s.last.e, s.lastLine
		for _, a := range single {
			if a.kind == rbStr && a.flags&rbPlain != 0 || a.kind == rbSym && a.flags&rbSimple != 0 {
				n := strings.TrimPrefix(unquote(s.text(a.s, a.e)), ":")
				s.add(n, store.KindProperty, s.sigLine(sigFrom(name, at), end), name.line, endLine, at)
			}
		}
	}
}
