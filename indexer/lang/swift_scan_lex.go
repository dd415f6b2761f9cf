package lang

// The Swift scanner's lexer: tokens as the Swift grammar reads them where the map needs them.
// Comments nest, strings come single-line, multi-line (""") and raw (#"..."#, any number of
// #), with interpolations \( ... ) that hold any expression, strings included; regex literals
// come bare (/.../, where an operand may start) or extended (#/.../#); compiler directives (#if,
// #elseif, #else, #endif, #sourceLocation, #warning, #error) are skipped as the grammar skips
// them, a line each; operators are read as runs of operator characters.

// Token kinds of the Swift lexer.
const (
	swEOF   = iota
	swIdent // identifiers and keywords, `quoted` ones, $0, #selector-like names
	swLit   // strings and numbers
	swOp    // a run of operator characters: "=", "->", "?", "..<", "=="
	swPunct // one byte: brackets, ",", ";", ":", "@", "\\"
)

// swMaxInterp bounds how deep string interpolations nest before the lexer reads a deeper \( as
// text, so that pathological input cannot exhaust the stack.
const swMaxInterp = 64

// swTok is one token: its kind, its bytes, its first and last lines (1-based), and whether a
// line break (or the file's start) lies between it and the token before.
type swTok struct {
	kind        int
	s, e        int
	line, eline int
	nl          bool
}

// swLex reads tokens from src; pos and line are where the next token's search starts. depth
// counts the brackets open, and unclosedAt is the line of a comment, string or interpolation
// that ran to the end of the file (0: none). Its state is values, so a lookahead saves and
// restores it by copy.
//
// The branches of an #if block are alternatives: a valid file may open a class in each,
// `#if os(iOS) class A: UIView { #else class A: NSView { #endif`, and close it once. So each
// branch starts from the depth at its #if, and the block leaves the depth its first branch
// leaves; a branch that leaves another one than the first is a syntax error (every
// configuration must compile, and the rest of the file is the same for each), from the line
// it starts on (mismatchAt).
type swLex struct {
	src        []byte
	pos        int
	line       int
	depth      int
	interp     int
	unclosedAt int
	// operand says the last token ends an operand (a name, a literal, a closer): a "/" after it
	// divides, elsewhere it may open a regex literal.
	operand bool
	// ifNest counts the #if blocks open, ifs holds the first swMaxIfs of them, and inactive is
	// the ifNest of the block whose later branch the lexer is in (0: none).
	ifNest, inactive int
	ifs              [swMaxIfs]swIf
	mismatchAt       int
}

// swMaxIfs bounds how many nested #if blocks the lexer follows; deeper ones count as text.
const swMaxIfs = 16

// swIf is an #if block being read: the depth at its #if, the depth change of its first branch
// (once later is set), and the line its current branch starts on.
type swIf struct {
	base, first, line int
	later             bool
}

// swOpByte marks the bytes operators are made of.
var swOpByte = func() (t [256]bool) {
	for _, c := range []byte("/=-+!*%<>&|^~?.") {
		t[c] = true
	}
	return t
}()

// swIdentByte marks the bytes identifiers continue with: ASCII letters, digits, _ and $, and
// every byte of a multi-byte character.
var swIdentByte = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = isIdentByte(byte(c)) || c == '$' || c >= 0x80
	}
	return t
}()

// swDirectives are the compiler directives the grammar skips, a line each, but those of #if
// blocks (swLex.directive).
var swDirectives = map[string]bool{"sourceLocation": true, "warning": true, "error": true}

// at returns the byte at i, or 0 past the end.
func (l *swLex) at(i int) byte {
	if i < len(l.src) {
		return l.src[i]
	}
	return 0
}

// next returns the next token, skipping whitespace, comments and directives.
func (l *swLex) next() swTok {
	src := l.src
	nl := l.pos == 0
	for l.pos < len(src) {
		c := src[l.pos]
		switch {
		case c == '\n':
			l.line++
			l.pos++
			nl = true
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			l.pos++
		case c == '/' && l.at(l.pos+1) == '/':
			l.toLineEnd()
		case c == '/' && l.at(l.pos+1) == '*':
			if l.blockComment() {
				nl = true
			}
		case c == '#' && l.directive():
			l.toLineEnd()
		default:
			t := l.token()
			t.nl = nl
			return t
		}
	}
	return swTok{kind: swEOF, s: len(src), e: len(src), line: l.line, eline: l.line, nl: true}
}

// toLineEnd moves to the end of the line, before its newline.
func (l *swLex) toLineEnd() {
	for l.pos < len(l.src) && l.src[l.pos] != '\n' {
		l.pos++
	}
}

// directive reports whether the # at pos starts a compiler directive, and follows the #if
// blocks it opens and closes.
func (l *swLex) directive() bool {
	i := l.pos + 1
	for i < len(l.src) && isIdentByte(l.src[i]) {
		i++
	}
	switch w := string(l.src[l.pos+1 : i]); w {
	case "if":
		l.ifNest++
		if l.ifNest < swMaxIfs {
			l.ifs[l.ifNest] = swIf{base: l.depth, line: l.line}
		}
	case "elseif", "else":
		if l.inactive == 0 {
			l.inactive = l.ifNest
		}
		l.branch(false)
	case "endif":
		l.branch(true)
		if l.inactive == l.ifNest {
			l.inactive = 0
		}
		l.ifNest = max(l.ifNest-1, 0)
	default:
		return swDirectives[w]
	}
	return true
}

// branch ends a branch of the innermost #if block at an #elseif or #else, or the block at its
// #endif (end set): the next branch starts from the block's first depth, the block ends with
// its first branch's.
func (l *swLex) branch(end bool) {
	if l.ifNest == 0 || l.ifNest >= swMaxIfs {
		return
	}
	f := &l.ifs[l.ifNest]
	switch net := l.depth - f.base; {
	case !f.later:
		f.first, f.later = net, true
	case net != f.first && l.mismatchAt == 0:
		l.mismatchAt = f.line
	}
	l.depth, f.line = f.base, l.line
	if end {
		l.depth = f.base + f.first
	}
}

// blockComment skips a block comment at pos; Swift's nest. It reports whether the comment held
// a line break.
func (l *swLex) blockComment() bool {
	src := l.src
	opened, depth := l.line, 0
	for l.pos < len(src) {
		switch c := src[l.pos]; {
		case c == '\n':
			l.line++
		case c == '/' && l.at(l.pos+1) == '*':
			depth++
			l.pos++
		case c == '*' && l.at(l.pos+1) == '/':
			depth--
			l.pos++
			if depth == 0 {
				l.pos++
				return l.line > opened
			}
		}
		l.pos++
	}
	l.unclosed(opened)
	return true
}

// unclosed records a comment or string opened on line that runs to the end of the file.
func (l *swLex) unclosed(line int) {
	if l.unclosedAt == 0 {
		l.unclosedAt = line
	}
}

// token reads the token at pos, which is not whitespace, a comment or a directive.
func (l *swLex) token() swTok {
	src := l.src
	start, line := l.pos, l.line
	c := src[l.pos]
	kind := swPunct
	switch {
	case c == '"':
		l.str(0)
		kind = swLit
	case c == '#' && (l.rawStart() || l.regex()):
		kind = swLit
	case c == '/' && !l.operand && l.bareRegex():
		kind = swLit
	case c >= '0' && c <= '9':
		l.number()
		kind = swLit
	case c == '`':
		l.backtick()
		kind = swIdent
	case swIdentByte[c] || c == '#' && swIdentByte[l.at(l.pos+1)]:
		l.pos++
		for l.pos < len(src) && swIdentByte[src[l.pos]] {
			l.pos++
		}
		kind = swIdent
	case swOpByte[c]:
		l.operator()
		kind = swOp
	default:
		l.depth += int(bracketDepth[c])
		l.pos++
	}
	l.operand = kind == swLit || kind == swIdent && !swBeforeOperand[string(src[start:l.pos])] ||
		kind == swPunct && (c == ')' || c == ']' || c == '}') || kind == swOp && (c == '?' || c == '!') && l.pos-start == 1
	return swTok{kind: kind, s: start, e: l.pos, line: line, eline: l.line}
}

// swBeforeOperand are the words an operand follows: a "/" after them opens a regex literal.
var swBeforeOperand = map[string]bool{
	"return": true, "case": true, "in": true, "where": true, "throw": true, "try": true, "await": true,
	"if": true, "guard": true, "while": true, "switch": true, "else": true, "is": true, "as": true,
}

// bareRegex reads a regex literal /.../ at pos if one is there and reports whether it was: no
// blank after its opener, its closer on the same line.
func (l *swLex) bareRegex() bool {
	if c := l.at(l.pos + 1); c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0 {
		return false
	}
	for i := l.pos + 1; i < len(l.src); i++ {
		switch l.src[i] {
		case '\\':
			if l.at(i+1) == '\n' {
				return false
			}
			i++
		case '\n':
			return false
		case '/':
			l.pos = i + 1
			return true
		}
	}
	return false
}

// number skips a numeric literal: digits, letters of hex and exponents, _ and a fraction's dot.
func (l *swLex) number() {
	src := l.src
	for l.pos < len(src) {
		d := src[l.pos]
		if isIdentByte(d) || d == '.' && l.pos+1 < len(src) && src[l.pos+1] >= '0' && src[l.pos+1] <= '9' {
			l.pos++
			continue
		}
		return
	}
}

// backtick skips a `quoted` identifier, which ends on its line.
func (l *swLex) backtick() {
	l.pos++
	for l.pos < len(l.src) && l.src[l.pos] != '`' && l.src[l.pos] != '\n' {
		l.pos++
	}
	if l.pos < len(l.src) && l.src[l.pos] == '`' {
		l.pos++
	}
}

// operator skips a run of operator characters: one that starts with a dot may hold dots, any
// other may not; a comment's start ends it.
func (l *swLex) operator() {
	src := l.src
	dot := src[l.pos] == '.'
	l.pos++
	for l.pos < len(src) && swOpByte[src[l.pos]] && (dot || src[l.pos] != '.') {
		if src[l.pos] == '/' && (l.at(l.pos+1) == '/' || l.at(l.pos+1) == '*') {
			return
		}
		l.pos++
	}
}

// rawStart reads a raw string if the # at pos starts one (#"...", ##"""...) and reports
// whether it did.
func (l *swLex) rawStart() bool {
	i := l.pos
	for i < len(l.src) && l.src[i] == '#' {
		i++
	}
	if i >= len(l.src) || l.src[i] != '"' {
		return false
	}
	hashes := i - l.pos
	l.pos = i
	l.str(hashes)
	return true
}

// regex reads an extended regex literal if the # at pos starts one (#/.../#, ##/.../##) and
// reports whether it did. One whose opener ends its line runs over lines to its closer; any
// other ends on its line.
func (l *swLex) regex() bool {
	i := l.pos
	for i < len(l.src) && l.src[i] == '#' {
		i++
	}
	if i >= len(l.src) || l.src[i] != '/' {
		return false
	}
	hashes := i - l.pos
	opened, multi := l.line, l.at(i+1) == '\n' || l.at(i+1) == '\r'
	for l.pos = i + 1; l.pos < len(l.src); l.pos++ {
		switch l.src[l.pos] {
		case '\\':
			if l.at(l.pos+1) != '\n' {
				l.pos++
			}
		case '\n':
			if !multi {
				return true
			}
			l.line++
		case '/':
			if l.closesRegex(hashes) {
				return true
			}
		}
	}
	if multi {
		l.unclosed(opened)
	}
	return true
}

// closesRegex reports whether the slash at pos, followed by hashes #, ends a regex literal,
// and moves past the closer if so.
func (l *swLex) closesRegex(hashes int) bool {
	for h := 1; h <= hashes; h++ {
		if l.at(l.pos+h) != '#' {
			return false
		}
	}
	l.pos += hashes + 1
	return true
}

// str reads a string literal whose opening quote is at pos, with hashes # around it (a raw
// string): single-line or multi-line ("""), interpolations read as code. A single-line string
// the line's end cuts short ends there, as the compiler reads on from the next line; a
// multi-line one without its closer runs to the end of the file.
func (l *swLex) str(hashes int) {
	src := l.src
	opened := l.line
	multi := l.at(l.pos+1) == '"' && l.at(l.pos+2) == '"'
	if multi {
		l.pos += 3
	} else {
		l.pos++
	}
	for l.pos < len(src) {
		switch c := src[l.pos]; c {
		case '\n':
			if !multi {
				return
			}
			l.line++
			l.pos++
		case '\\':
			l.escape(hashes)
		case '"':
			if l.closes(multi, hashes) {
				return
			}
			l.pos++
		default:
			l.pos++
		}
	}
	if multi {
		l.unclosed(opened)
	}
}

// closes reports whether the quote at pos ends the string, and moves past the closer if so.
func (l *swLex) closes(multi bool, hashes int) bool {
	i := l.pos + 1
	if multi {
		if l.at(i) != '"' || l.at(i+1) != '"' {
			return false
		}
		i += 2
	}
	for h := 0; h < hashes; h++ {
		if l.at(i+h) != '#' {
			return false
		}
	}
	l.pos = i + hashes
	return true
}

// escape reads the escape at pos (a backslash): with a raw string's hashes after it, it escapes
// the next character or opens an interpolation; without them it is text.
func (l *swLex) escape(hashes int) {
	i := l.pos + 1
	for h := 0; h < hashes; h++ {
		if l.at(i+h) != '#' {
			l.pos++
			return
		}
	}
	i += hashes
	switch {
	case l.at(i) == '(' && l.interp < swMaxInterp:
		l.pos = i + 1
		l.interpolation()
	case l.at(i) == '\n' || i >= len(l.src):
		l.pos = i // a line continuation: the newline is the string's to count
	default:
		l.pos = i + 1
	}
}

// interpolation reads the code of an interpolation after its "\(", up to its closing ")".
func (l *swLex) interpolation() {
	l.interp++
	defer func() { l.interp-- }()
	opened, outer, depth := l.line, l.depth, 1
	for {
		t := l.next()
		if t.kind == swEOF {
			l.unclosed(opened)
			return
		}
		if t.kind == swPunct {
			if depth += int(bracketDepth[l.src[t.s]]); depth == 0 {
				l.depth = outer // the closing ")" is the interpolation's, not a bracket's
				return
			}
		}
	}
}

// unparsed returns the lines a compiler could not read, once the lexer has read the whole file
// of lines lines: from a comment or string left open, or an #if branch whose brackets do not
// match the first's, or else from the innermost bracket still open, to the end.
func (l *swLex) unparsed(lines int) [][2]int {
	from := l.unclosedAt
	if l.mismatchAt > 0 && (from == 0 || l.mismatchAt < from) {
		from = l.mismatchAt
	}
	return unclosedToEnd(from, l.depth, lines, l.src, swOpenAtEnd)
}

// swOpenAtEnd returns the line of the innermost bracket still open at the end of src, or 0;
// the brackets of the later branches of #if blocks do not count.
func swOpenAtEnd(src []byte) int {
	lx := swLex{src: src, line: 1}
	return innermostOpen(func() (int, int8, bool) {
		t := lx.next()
		if t.kind != swPunct || lx.inactive != 0 {
			return t.line, 0, t.kind != swEOF
		}
		return t.line, bracketDepth[src[t.s]], true
	})
}
