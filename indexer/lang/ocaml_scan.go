package lang

// The OCaml mapper: a hand-written declaration scanner for implementations (.ml) and interfaces
// (.mli). It reads a file's tokens once (comments, which nest, skipped whole with the strings,
// quoted strings and char literals inside them; strings "...", quoted strings {id|...|id}, char
// literals 'a' and '\'' read whole, while 'a alone is a type variable) and recognises the items
// of a module: in the file, in `struct ... end` and `sig ... end` bodies, and the methods and
// instance variables of `object ... end` class bodies. A structure's items and a signature's are
// read alike, so one scanner maps both kinds of file: `val`, `external`, `type`, `exception`,
// `module` (with `module X : sig ... end` specifications), `module type`, `class` and
// `class type`, and `open` as an import. `include`, `initializer`, `inherit`, attributes and
// extension nodes ([@...], [@@...], [@@@...], [%...], [%%...]) map nothing.
//
// What it maps, and how, is what the tree-sitter walk (treesitter.go with ocaml.go's table,
// OCaml's mapper before this one and now the reference of the differential test,
// ocaml_diff_test.go) makes of an implementation the grammar parses without errors: the same
// symbols with the same names, kinds, signatures, ranges and nesting, and the same imports. The
// symbols are built with the walk's own helpers (tsWalk's add, addImport, sig and sigLine), so
// that signatures are cut and folded by the same code. Like the walk, it never enters an
// expression: a `let` inside a function body, a `let module` or an object expression is local
// and not mapped, as the Python and Java mappers leave out what is declared in a function. A
// range starts at the item's keyword and ends at its last token, never on a comment, so that a
// doc comment (** ... *) before or after an item is not part of it: tree-sitter's ranges and
// OCaml's own parser's item locations (ocaml_parser_test.go) agree on that, in .ml and .mli
// alike. The scanner differs from the walk in three things. An attribute [@...] is part of
// what it follows, so an item that ends with one ends with it, as OCaml's parser has it (the
// grammar reads attributes as extras, like comments, and leaves them out of ranges and
// signatures). Where the walk's order is not the file's (it lists a module's struct members
// before those of its signature, `module M : sig ... end = struct ... end`), the scanner keeps
// the file's order, as Mapper requires. And the definitions of a class's `let ... in`
// (`class c = let x = 1 in object ... end`), which the walk maps as members of the class, are
// local to it like those of a function body, and not mapped.
//
// Where an expression ends is decided as OCaml's parser decides it: brackets (including
// begin/struct/sig/object ... end and do ... done) are skipped whole; a `let` after a token that
// expects an expression (an operator, `=`, `;`, `in`, `->`, `then`, ...) is local and waits for
// its `in`; once the expression is complete, `let` and every other item keyword start the next
// item.
//
// A comment, string or quoted string left open, or a group still open at the end of the file, is
// a syntax error that takes what follows: the scanner reports the lines from it to the end as
// Unparsed, for the line heuristics to map (design section 5).

import (
	"bytes"
	"context"
	"math"

	"github.com/readmap/readmap/store"
)

// mlMapperName names the scanner in `map --json` output.
const mlMapperName = "ocaml-scanner"

// mlMapper maps OCaml files with the scanner. It keeps no state between files.
type mlMapper struct{}

// Map returns the declarations and imports of one OCaml implementation or interface.
func (mlMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	if len(src) > math.MaxInt32 {
		return nil, errTooLargeToParse // offsets are 32-bit
	}
	s := &mlScan{scanStop: scanStop{ctx: ctx}, lx: mlLex{src: src, line: 1}, w: tsWalk{src: src, lastOverload: -1}}
	// About one symbol per 200 bytes in the standard library: room for most without growing.
	s.w.res.Symbols = make([]store.Symbol, 0, len(src)/256+8)
	s.lx.shebang()
	s.items(-1, 0)
	if s.err != nil {
		return nil, s.err
	}
	lines := CountLines(src)
	clampToParents(s.w.res.Symbols, lines)
	s.w.res.Unparsed = s.lx.unparsed(lines)
	return &s.w.res, nil
}

// Token kinds.
const (
	mlEOF   = iota
	mlLower // identifiers that start with a lower-case letter or '_', and keywords (kw says which)
	mlUpper // capitalised identifiers: modules, constructors
	mlLit   // numbers, strings, chars, quoted strings and quoted extensions
	mlOp    // a run of operator characters: = : -> | ~ ...
	mlPunct // ( ) [ ] { } , ; ;; ` ' and any other byte
)

// Keywords, as mlTok.kw returns them. mlKwOther is every keyword the scanner has no use for but
// to know that it is one; mlKwInfix are the keywords that are infix operators (mod, land, ...).
const (
	mlKwNone = iota
	mlKwAnd
	mlKwAs
	mlKwBegin
	mlKwClass
	mlKwConstraint
	mlKwDo
	mlKwDone
	mlKwEnd
	mlKwException
	mlKwExternal
	mlKwFalse
	mlKwFun
	mlKwFunction
	mlKwIn
	mlKwInclude
	mlKwInherit
	mlKwInitializer
	mlKwLet
	mlKwMatch
	mlKwMethod
	mlKwModule
	mlKwMutable
	mlKwNonrec
	mlKwObject
	mlKwOpen
	mlKwPrivate
	mlKwRec
	mlKwSig
	mlKwStruct
	mlKwTrue
	mlKwType
	mlKwVal
	mlKwVirtual
	mlKwWith
	mlKwInfix
	mlKwOther
)

// mlItemExt marks, in the kw of an mlLit token, a quoted item extension {%%id|...|}.
const mlItemExt = 1

// mlKeyword returns the keyword id of an identifier, or mlKwNone.
func mlKeyword(b []byte) uint8 {
	switch string(b) {
	case "and":
		return mlKwAnd
	case "as":
		return mlKwAs
	case "begin":
		return mlKwBegin
	case "class":
		return mlKwClass
	case "constraint":
		return mlKwConstraint
	case "do":
		return mlKwDo
	case "done":
		return mlKwDone
	case "end":
		return mlKwEnd
	case "exception":
		return mlKwException
	case "external":
		return mlKwExternal
	case "false":
		return mlKwFalse
	case "fun":
		return mlKwFun
	case "function":
		return mlKwFunction
	case "in":
		return mlKwIn
	case "include":
		return mlKwInclude
	case "inherit":
		return mlKwInherit
	case "initializer":
		return mlKwInitializer
	case "let":
		return mlKwLet
	case "match":
		return mlKwMatch
	case "method":
		return mlKwMethod
	case "module":
		return mlKwModule
	case "mutable":
		return mlKwMutable
	case "nonrec":
		return mlKwNonrec
	case "object":
		return mlKwObject
	case "open":
		return mlKwOpen
	case "private":
		return mlKwPrivate
	case "rec":
		return mlKwRec
	case "sig":
		return mlKwSig
	case "struct":
		return mlKwStruct
	case "true":
		return mlKwTrue
	case "type":
		return mlKwType
	case "val":
		return mlKwVal
	case "virtual":
		return mlKwVirtual
	case "with":
		return mlKwWith
	case "mod", "land", "lor", "lxor", "lsl", "lsr", "asr", "or":
		return mlKwInfix
	case "assert", "downto", "else", "for", "functor", "if", "lazy", "new", "of", "then", "to", "try", "when",
		"while":
		return mlKwOther
	}
	return mlKwNone
}

// mlTok is one token: its bytes, its first line (1-based), and in bits its kind, its keyword,
// whether a comment comes between it and the token before (gap), and how many lines it spans.
// It has four 32-bit fields, so that the compiler keeps it in registers: it is returned and
// copied at every step of the scan, and a larger struct goes through memory each time, which
// made the whole scan several times slower.
type mlTok struct {
	s, e, line int32
	bits       uint32
}

// The fields of mlTok.bits.
const (
	mlKindMask  = 1<<3 - 1  // bits 0-2: the kind
	mlKwShift   = 3         // bits 3-8: the keyword
	mlGap       = 1 << 9    // bit 9: a comment comes before
	mlSpanShift = 10        // bits 10-31: the lines the token spans, up to mlSpanMax
	mlSpanMax   = 1<<22 - 1 // a token that spans as many lines or more is counted again
)

// newMLTok returns the token of kind and keyword kw at bytes [s, e) on lines line to eline.
func newMLTok(kind, kw uint8, s, e, line, eline int) mlTok {
	span := uint32(min(eline-line, mlSpanMax))
	bits := uint32(kind) | uint32(kw)<<mlKwShift | span<<mlSpanShift
	return mlTok{s: int32(s), e: int32(e), line: int32(line), bits: bits}
}

// kind returns the token's kind.
func (t mlTok) kind() uint8 { return uint8(t.bits & mlKindMask) }

// kw returns the token's keyword, or mlKwNone.
func (t mlTok) kw() uint8 { return uint8(t.bits >> mlKwShift & 63) }

// gap reports whether a comment comes between the token and the one before.
func (t mlTok) gap() bool { return t.bits&mlGap != 0 }

// mlOpByte says which bytes make operators: OCaml's symbol characters, and '#'.
var mlOpByte = func() (t [256]bool) {
	for _, c := range []byte("!$%&*+-./:<=>?@^|~#") {
		t[c] = true
	}
	return t
}()

// mlIdentByte says which bytes continue an identifier: ASCII letters, digits, '_' and the quote, and
// every byte of a multi-byte UTF-8 character (which OCaml rejects, but which must not split a
// name in two).
var mlIdentByte = func() (t [256]bool) {
	for c := range 256 {
		t[c] = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '\'' || c >= 0x80
	}
	return t
}()

// mlLex reads tokens from src; pos and line are where the next token's search starts. depth
// counts the groups open (brackets, and begin, struct, sig, object and do before their end or
// done), and unclosedAt is the line of a comment or string that ran to the end of the file: what
// the compiler stops at, and the scan reads as one token (0: none).
type mlLex struct {
	src        []byte
	pos        int
	line       int
	depth      int
	unclosedAt int
}

// mlKwDepth is what each keyword adds to the count of groups open.
var mlKwDepth = [64]int8{mlKwBegin: 1, mlKwStruct: 1, mlKwSig: 1, mlKwObject: 1, mlKwDo: 1, mlKwEnd: -1, mlKwDone: -1}

// unparsed returns the lines the compiler could not read, once the lexer has read the whole file
// of lines lines: from a comment or string left open, or else from the innermost group still
// open, to the end.
func (l *mlLex) unparsed(lines int) [][2]int {
	return unclosedToEnd(l.unclosedAt, l.depth, lines, l.src, mlOpenAtEnd)
}

// mlOpenAtEnd returns the line of the innermost group still open at the end of src, or 0.
func mlOpenAtEnd(src []byte) int {
	lx := mlLex{src: src, line: 1}
	lx.shebang()
	return innermostOpen(func() (int, int8, bool) {
		t := lx.next()
		switch t.kind() {
		case mlPunct:
			return int(t.line), bracketDepth[src[t.s]], true
		case mlLower:
			return int(t.line), mlKwDepth[t.kw()], true
		}
		return int(t.line), 0, t.kind() != mlEOF
	})
}

// shebang skips a first line that starts with "#!", which is no OCaml.
func (l *mlLex) shebang() {
	if len(l.src) >= 2 && l.src[0] == '#' && l.src[1] == '!' {
		l.toLineEnd()
	}
}

// toLineEnd moves pos to the end of its line.
func (l *mlLex) toLineEnd() {
	for l.pos < len(l.src) && l.src[l.pos] != '\n' {
		l.pos++
	}
}

// next returns the next token, skipping whitespace, comments and line number directives.
func (l *mlLex) next() mlTok {
	src := l.src
	gap := false
	for l.pos < len(src) {
		pos := l.pos
		for pos < len(src) && mlBlank[src[pos]] {
			if src[pos] == '\n' {
				l.line++
			}
			pos++
		}
		l.pos = pos
		if pos >= len(src) {
			break
		}
		switch c := src[pos]; {
		case c == '(' && pos+1 < len(src) && src[pos+1] == '*':
			l.comment()
			gap = true
		case c == '#' && (pos == 0 || src[pos-1] == '\n') && l.lineDirective():
			l.toLineEnd()
			gap = true
		default:
			t := l.token()
			if gap {
				t.bits |= mlGap
			}
			return t
		}
	}
	t := newMLTok(mlEOF, mlKwNone, len(src), len(src), l.line, l.line)
	if gap {
		t.bits |= mlGap
	}
	return t
}

// mlBlank says which bytes are whitespace.
var mlBlank = func() (t [256]bool) {
	for _, c := range []byte(" \t\n\r\f\v") {
		t[c] = true
	}
	return t
}()

// lineDirective reports whether a line number directive, `# 12 "file.ml"`, starts at pos.
func (l *mlLex) lineDirective() bool {
	src, p := l.src, l.pos+1
	for p < len(src) && (src[p] == ' ' || src[p] == '\t') {
		p++
	}
	digits := p
	for p < len(src) && src[p] >= '0' && src[p] <= '9' {
		p++
	}
	if p == digits {
		return false
	}
	for p < len(src) && (src[p] == ' ' || src[p] == '\t') {
		p++
	}
	if p >= len(src) || src[p] != '"' {
		return false
	}
	for p++; p < len(src) && src[p] != '"' && src[p] != '\n' && src[p] != '\r'; p++ {
	}
	return p < len(src) && src[p] == '"'
}

// token reads the token at pos, which is not whitespace or a comment.
func (l *mlLex) token() mlTok {
	src := l.src
	start, line := l.pos, l.line
	c := src[l.pos]
	var kind, kw uint8
	switch {
	case c >= 'a' && c <= 'z' || c == '_':
		kind = mlLower
		l.ident()
		kw = mlKeyword(src[start:l.pos])
		l.depth += int(mlKwDepth[kw])
	case c >= 'A' && c <= 'Z' || c >= 0x80:
		kind = mlUpper
		l.ident()
	case c == '\\' && l.pos+2 < len(src) && src[l.pos+1] == '#' && mlLetter(src[l.pos+2]):
		// A raw identifier (OCaml 5.2), `\#then`: never a keyword.
		kind = mlUpper
		if c := src[l.pos+2]; c >= 'a' && c <= 'z' || c == '_' {
			kind = mlLower
		}
		l.pos++ // ident reads on from the byte after the '#'
		l.ident()
	case c >= '0' && c <= '9':
		kind = mlLit
		l.number()
	case c == '"':
		kind = mlLit
		l.string()
	case c == '\'' && mlCharLen(src, l.pos) > 0:
		kind = mlLit
		l.skip(mlCharLen(src, l.pos))
	case c == '{' && l.quoted():
		kind = mlLit
		if start+2 < len(src) && src[start+1] == '%' && src[start+2] == '%' {
			kw = mlItemExt
		}
	case c == '.' && l.pos+1 < len(src) && src[l.pos+1] == '.':
		// ".." ends there, as OCaml reads it: `< m : int; ..>` closes an object type.
		kind = mlOp
		l.pos += 2
	case mlOpByte[c]:
		kind = mlOp
		pos := l.pos
		for pos < len(src) && mlOpByte[src[pos]] {
			pos++
		}
		l.pos = pos
	case c == ';' && l.pos+1 < len(src) && src[l.pos+1] == ';':
		kind = mlPunct
		l.pos += 2
	default:
		kind = mlPunct
		l.depth += int(bracketDepth[c])
		l.pos++
	}
	return newMLTok(kind, kw, start, l.pos, line, l.line)
}

// ident reads the rest of an identifier.
func (l *mlLex) ident() {
	src, pos := l.src, l.pos+1
	for pos < len(src) && mlIdentByte[src[pos]] {
		pos++
	}
	l.pos = pos
}

// number reads a number literal: digits, '_', letters (hex digits, exponents, suffixes), a
// fraction's '.', and an exponent's sign; not the ".." of a range.
func (l *mlLex) number() {
	src := l.src
	for l.pos++; l.pos < len(src); l.pos++ {
		d := src[l.pos]
		switch {
		case isIdentByte(d):
		case d == '.' && (l.pos+1 >= len(src) || src[l.pos+1] != '.'):
		case (d == '+' || d == '-') && (src[l.pos-1]|0x20 == 'e' || src[l.pos-1]|0x20 == 'p'):
		default:
			return
		}
	}
}

// skip moves pos n bytes on, counting lines.
func (l *mlLex) skip(n int) {
	for end := min(l.pos+n, len(l.src)); l.pos < end; l.pos++ {
		if l.src[l.pos] == '\n' {
			l.line++
		}
	}
}

// mlStringStop says which bytes a string's scan stops at: its end, an escape, a newline.
var mlStringStop = func() (t [256]bool) {
	t['"'], t['\\'], t['\n'] = true, true, true
	return t
}()

// string skips a string literal at pos, escapes and newlines included; an unclosed one runs to
// the end of the file, as OCaml reads it.
func (l *mlLex) string() {
	src := l.src
	opened := l.line
	for l.pos++; l.pos < len(src); l.pos++ {
		pos := l.pos
		for pos < len(src) && !mlStringStop[src[pos]] {
			pos++
		}
		if l.pos = pos; pos >= len(src) {
			break
		}
		switch src[l.pos] {
		case '"':
			l.pos++
			return
		case '\\':
			if l.pos+1 < len(src) {
				l.pos++
				if src[l.pos] == '\n' {
					l.line++
				}
			}
		case '\n':
			l.line++
		}
	}
	l.unclosedAt = opened
}

// quoted skips a quoted string {id|...|id} or a quoted extension {%id ...|...|} or {%%id
// ...|...|} at pos and reports whether there was one; without one it reads nothing.
func (l *mlLex) quoted() bool {
	src := l.src
	p := l.pos + 1
	if p < len(src) && src[p] == '%' {
		p++
		if p < len(src) && src[p] == '%' {
			p++
		}
		idStart := p
		for p < len(src) && (isIdentByte(src[p]) || src[p] == '.' || src[p] == '\'') {
			p++
		}
		if p == idStart {
			return false
		}
		for p < len(src) && (src[p] == ' ' || src[p] == '\t' || src[p] == '\n' || src[p] == '\r') {
			p++
		}
	}
	delim := p
	for p < len(src) && (src[p] >= 'a' && src[p] <= 'z' || src[p] == '_') {
		p++
	}
	if p >= len(src) || src[p] != '|' {
		return false
	}
	id := src[delim:p]
	opened := l.line
	l.skip(p + 1 - l.pos)
	for l.pos < len(src) {
		if end := l.pos + 1 + len(id); src[l.pos] == '|' && end < len(src) && src[end] == '}' &&
			string(src[l.pos+1:end]) == string(id) {
			l.pos += len(id) + 2
			return true
		}
		if src[l.pos] == '\n' {
			l.line++
		}
		l.pos++
	}
	l.unclosedAt = opened
	return true
}

// mlCharLen returns the length of the char literal at p ('a', '\n', an escaped quote, '\065', '\x41',
// '\o101', a UTF-8 character as tree-sitter reads it), or 0 when the quote at p is no char
// literal's: a type variable's ('a), or a stray one.
func mlCharLen(src []byte, p int) int {
	if p+2 >= len(src) {
		return 0
	}
	c := src[p+1]
	switch {
	case c == '\\':
		if p+3 < len(src) && src[p+3] == '\'' && mlByteIn(src[p+2], "\\\"'ntbr ") {
			return 4
		}
		if p+5 < len(src) && src[p+5] == '\'' && (mlDigit(src[p+2]) && mlDigit(src[p+3]) && mlDigit(src[p+4]) ||
			src[p+2] == 'x' && mlHex(src[p+3]) && mlHex(src[p+4])) {
			return 6
		}
		if p+6 < len(src) && src[p+6] == '\'' && src[p+2] == 'o' &&
			mlDigit(src[p+3]) && mlDigit(src[p+4]) && mlDigit(src[p+5]) {
			return 7
		}
		return 0
	case c == '\'' || c == '\r':
		return 0
	case c < 0x80:
		if src[p+2] == '\'' {
			return 3
		}
		return 0
	}
	n := 1
	for p+1+n < len(src) && n < 4 && src[p+1+n]&0xC0 == 0x80 {
		n++
	}
	if p+1+n < len(src) && src[p+1+n] == '\'' {
		return n + 2
	}
	return 0
}

// mlLetter reports whether c starts an identifier: an ASCII letter or '_'.
func mlLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' }

// mlDigit reports whether c is a decimal digit.
func mlDigit(c byte) bool { return c >= '0' && c <= '9' }

// mlHex reports whether c is a hexadecimal digit.
func mlHex(c byte) bool { return mlDigit(c) || c|0x20 >= 'a' && c|0x20 <= 'f' }

// mlByteIn reports whether c is one of the bytes of set.
func mlByteIn(c byte, set string) bool {
	for i := range len(set) {
		if set[i] == c {
			return true
		}
	}
	return false
}

// mlCommentStop says which bytes a comment's scan stops at: those that may open or close a
// comment, a string, a quoted string or a char literal, and newlines.
var mlCommentStop = func() (t [256]bool) {
	for _, c := range []byte("(*\"{'\n") {
		t[c] = true
	}
	return t
}()

// comment skips a comment at pos, nested ones included. Inside, strings, quoted strings and char
// literals are read as tokens, as OCaml's lexer reads them (a "*)" in a string does not end the
// comment), and so are identifiers (the quote in `don't` starts no char literal). An unclosed
// comment runs to the end of the file.
func (l *mlLex) comment() {
	src := l.src
	opened := l.line
	l.pos += 2
	depth := 1
	for l.pos < len(src) {
		pos := l.pos
		for pos < len(src) && !mlCommentStop[src[pos]] {
			pos++
		}
		if l.pos = pos; pos >= len(src) {
			break
		}
		c := src[l.pos]
		switch {
		case c == '(' && l.pos+1 < len(src) && src[l.pos+1] == '*':
			depth++
			l.pos += 2
		case c == '*' && l.pos+1 < len(src) && src[l.pos+1] == ')':
			l.pos += 2
			if depth--; depth == 0 {
				return
			}
		case c == '\n':
			l.line++
			l.pos++
		case c == '"':
			l.string()
		case c == '{':
			if !l.quoted() {
				l.pos++
			}
		case c == '\'':
			l.commentQuote()
		default:
			l.pos++
		}
	}
	l.unclosedAt = opened
}

// commentQuote skips a quote in a comment: part of an identifier (`don't`), a char literal, or
// a quote between double quotes.
func (l *mlLex) commentQuote() {
	src := l.src
	if l.inIdent() {
		l.pos++
		return
	}
	switch n := mlCharLen(src, l.pos); {
	case n > 0:
		l.skip(n)
	case l.pos+1 < len(src) && src[l.pos+1] == '\'':
		l.pos += 2
	default:
		l.pos++
	}
}

// inIdent reports whether the quote at pos continues an identifier: the bytes before it back to
// the first that is no identifier byte start with a letter or '_' (not a digit: 1'a' is a number
// and a char).
func (l *mlLex) inIdent() bool {
	src := l.src
	i := l.pos
	for i > 0 && mlIdentByte[src[i-1]] {
		i--
	}
	return i < l.pos && !mlDigit(src[i]) && src[i] != '\''
}

// What a '[' opens.
const (
	mlBracket   = iota // a list, an array, a polymorphic variant type
	mlAttr             // [@...]: an attribute of what comes before it
	mlItemAttr         // [@@...]: an attribute of the item
	mlFloatAttr        // [@@@...]: an item of its own
	mlExt              // [%...]: an extension node, as an expression or a type
	mlItemExtB         // [%%...]: an extension item
)

// mlScan is the state of one file's scan. The walk w holds the result and cuts signatures.
type mlScan struct {
	scanStop
	lx      mlLex
	w       tsWalk
	pending mlTok // a token read ahead and given back, when hasPend
	hasPend bool
	// lastE and lastLine are where the last token read ends (never the end of the file's), before
	// those of the one read before it: an item ends there once the token that ends it was given
	// back. Two numbers, not a token: they are set at every step, and a token costs more to copy.
	lastE, lastLine     int32
	beforeE, beforeLine int32
}

// next returns the next token, the one given back first.
func (s *mlScan) next() mlTok {
	var t mlTok
	if s.hasPend {
		t, s.hasPend = s.pending, false
	} else {
		t = s.lx.next()
	}
	if t.kind() != mlEOF {
		s.beforeE, s.beforeLine = s.lastE, s.lastLine
		s.lastE, s.lastLine = t.e, s.eline(t)
	}
	return t
}

// eline returns the line t ends on.
func (s *mlScan) eline(t mlTok) int32 {
	if span := t.bits >> mlSpanShift; span < mlSpanMax {
		return t.line + int32(span)
	}
	return t.line + int32(bytes.Count(s.lx.src[t.s:t.e], []byte{'\n'}))
}

// back gives t, the token next returned last, back to be read again.
func (s *mlScan) back(t mlTok) {
	s.pending, s.hasPend = t, true
	if t.kind() != mlEOF {
		s.lastE, s.lastLine = s.beforeE, s.beforeLine
	}
}

// peek returns the next token without reading it.
func (s *mlScan) peek() mlTok {
	t := s.next()
	s.back(t)
	return t
}

// ahead returns the token after the one next returned last, reading nothing: unlike peek, it
// leaves that token free to be given back.
func (s *mlScan) ahead() mlTok {
	if s.hasPend {
		return s.pending
	}
	lx := s.lx
	return lx.next()
}

// mlMark is a place in the token stream to come back to after a lookahead.
type mlMark struct {
	lx                                   mlLex
	pending                              mlTok
	hasPend                              bool
	lastE, lastLine, beforeE, beforeLine int32
}

// mark returns the place of the next token.
func (s *mlScan) mark() mlMark {
	return mlMark{s.lx, s.pending, s.hasPend, s.lastE, s.lastLine, s.beforeE, s.beforeLine}
}

// reset goes back to a place mark returned.
func (s *mlScan) reset(m mlMark) {
	s.lx, s.pending, s.hasPend = m.lx, m.pending, m.hasPend
	s.lastE, s.lastLine, s.beforeE, s.beforeLine = m.lastE, m.lastLine, m.beforeE, m.beforeLine
}

// punct reports whether t is the punctuation byte c.
func (s *mlScan) punct(t mlTok, c byte) bool {
	return t.kind() == mlPunct && t.e-t.s == 1 && s.lx.src[t.s] == c
}

// op reports whether t is the operator op.
func (s *mlScan) op(t mlTok, op string) bool {
	return t.kind() == mlOp && string(s.lx.src[t.s:t.e]) == op
}

// mlIsKw reports whether t is the keyword kw.
func mlIsKw(t mlTok, kw uint8) bool { return t.kind() == mlLower && t.kw() == kw }

// mlIsName reports whether t is a lower-case identifier that is no keyword: a value's name.
func mlIsName(t mlTok) bool { return t.kind() == mlLower && t.kw() == mlKwNone }

// semis reports whether t is ";;".
func (s *mlScan) semis(t mlTok) bool { return t.kind() == mlPunct && t.e-t.s == 2 }

// opens reports whether t opens a group that closes with its own token: ( [ { begin struct sig
// object do.
func (s *mlScan) opens(t mlTok) bool {
	switch t.kind() {
	case mlPunct:
		c := s.lx.src[t.s]
		return t.e-t.s == 1 && (c == '(' || c == '[' || c == '{')
	case mlLower:
		return t.kw() == mlKwBegin || t.kw() == mlKwStruct || t.kw() == mlKwSig || t.kw() == mlKwObject || t.kw() == mlKwDo
	}
	return false
}

// closes reports whether t closes a group: ) ] } end done.
func (s *mlScan) closes(t mlTok) bool {
	switch t.kind() {
	case mlPunct:
		c := s.lx.src[t.s]
		return t.e-t.s == 1 && (c == ')' || c == ']' || c == '}')
	case mlLower:
		return t.kw() == mlKwEnd || t.kw() == mlKwDone
	}
	return false
}

// complete reports whether an expression may end with t: after it, `let` starts the next item
// rather than a local definition.
func (s *mlScan) complete(t mlTok) bool {
	switch t.kind() {
	case mlUpper, mlLit:
		return true
	case mlLower:
		return t.kw() == mlKwNone || t.kw() == mlKwEnd || t.kw() == mlKwDone || t.kw() == mlKwTrue || t.kw() == mlKwFalse
	case mlPunct:
		c := s.lx.src[t.s]
		return t.e-t.s == 1 && (c == ')' || c == ']' || c == '}')
	}
	return false
}

// attr says what t opens when it is a '['.
func (s *mlScan) attr(t mlTok) int {
	if !s.punct(t, '[') {
		return mlBracket
	}
	src, p := s.lx.src, int(t.e)
	count := func(c byte, most int) int {
		n := 0
		for p+n < len(src) && src[p+n] == c && n < most {
			n++
		}
		return n
	}
	if n := count('@', 3); n > 0 {
		return mlAttr + n - 1
	}
	if n := count('%', 2); n > 0 {
		return mlExt + n - 1
	}
	return mlBracket
}

// itemEnds reports whether t is an item of its own that ends whatever comes before it: ";;", a
// floating attribute, an extension item.
func (s *mlScan) itemEnds(t mlTok) bool {
	switch t.kind() {
	case mlLit:
		return t.kw() == mlItemExt
	case mlPunct:
		a := s.attr(t)
		return s.semis(t) || a == mlFloatAttr || a == mlItemExtB
	}
	return false
}

// skipGroup skips to the token that closes a group whose opening token was read, and returns it
// (or the end of the file). Groups of every kind count alike.
func (s *mlScan) skipGroup() mlTok {
	depth := 1
	for !s.tick() {
		t := s.next()
		switch {
		case t.kind() == mlEOF:
			return t
		case s.opens(t):
			depth++
		case s.closes(t):
			if depth--; depth == 0 {
				return t
			}
		}
	}
	return mlTok{}
}

// nextHead returns the next token of a declaration's head, past attributes [@...].
func (s *mlScan) nextHead() mlTok {
	t := s.next()
	for s.attr(t) == mlAttr && !s.tick() {
		s.skipGroup()
		t = s.next()
	}
	return t
}

// afterExt returns the token after an extension's "%id" when t starts one (`let%lwt`), else t.
func (s *mlScan) afterExt(t mlTok) mlTok {
	if !s.op(t, "%") {
		return t
	}
	for !s.tick() {
		if id := s.next(); id.kind() != mlLower && id.kind() != mlUpper {
			s.back(id)
			break
		}
		if dot := s.next(); !s.op(dot, ".") {
			s.back(dot)
			break
		}
	}
	return s.nextHead()
}

// items reads the items of a structure or a signature up to the `end` that closes them, which
// it reads and returns, or to the end of the file. nest counts the bodies the scan is in, as the
// tree-sitter walk counts them: past tsMaxNest a body's items are not mapped.
func (s *mlScan) items(parent, nest int) mlTok {
	if nest >= tsMaxNest {
		return s.skipGroup()
	}
	for !s.tick() {
		t := s.next()
		switch {
		case t.kind() == mlEOF:
			return t
		case mlIsKw(t, mlKwEnd) && nest > 0:
			return t
		case s.closes(t) || s.semis(t):
			// A stray closing token, or ";;": nothing to map.
		default:
			s.item(t, parent, nest)
		}
	}
	return mlTok{}
}

// item reads one item from its first token t.
func (s *mlScan) item(t mlTok, parent, nest int) {
	switch {
	case mlIsKw(t, mlKwLet):
		s.valueDef(t, parent)
	case mlIsKw(t, mlKwType):
		s.typeDef(t, parent)
	case mlIsKw(t, mlKwException):
		s.exceptionDef(t, parent)
	case mlIsKw(t, mlKwVal) || mlIsKw(t, mlKwExternal):
		s.valueSpec(t, parent)
	case mlIsKw(t, mlKwModule):
		s.moduleDef(t, parent, nest)
	case mlIsKw(t, mlKwClass):
		s.classDef(t, parent, nest)
	case mlIsKw(t, mlKwOpen):
		s.openDef()
	case mlIsKw(t, mlKwInclude):
		s.skipModule(t, false)
	case s.itemEnds(t):
		if s.punct(t, '[') {
			s.skipGroup()
		}
	default:
		// An expression (first in the file or after ";;"), or what starts no item.
		s.skipFrom(t)
	}
}

// skipFrom skips an expression from its first token t, which it reads whatever it is.
func (s *mlScan) skipFrom(t mlTok) {
	if s.opens(t) {
		t = s.skipGroup()
	}
	s.skipExpr(t, 0)
}

// exprEnds reports whether t, met at the top of an expression after prev with lets local
// definitions still waiting for their `in`, is no part of it.
func (s *mlScan) exprEnds(t, prev mlTok, lets int) bool {
	switch t.kind() {
	case mlEOF:
		return true
	case mlPunct, mlLit:
		return s.closes(t) || s.itemEnds(t)
	case mlLower:
	default:
		return false
	}
	switch t.kw() {
	case mlKwLet:
		return lets == 0 && s.complete(prev)
	case mlKwIn, mlKwAnd, mlKwType, mlKwModule, mlKwOpen, mlKwInclude, mlKwExternal, mlKwClass, mlKwVal,
		mlKwMethod, mlKwInherit, mlKwInitializer, mlKwConstraint:
		return lets == 0
	case mlKwException:
		// Not `match e with exception E -> ...`.
		return lets == 0 && (s.complete(prev) || s.punct(prev, ';'))
	case mlKwEnd, mlKwDone:
		return true
	}
	return false
}

// skipExpr reads an expression after prev up to the token that ends it, which it gives back and
// returns. lets counts the `let`s read whose `in` is still to come.
func (s *mlScan) skipExpr(prev mlTok, lets int) mlTok {
	for !s.tick() {
		t := s.next()
		if s.exprEnds(t, prev, lets) {
			s.back(t)
			return t
		}
		switch {
		case s.opens(t):
			if t = s.skipGroup(); t.kind() == mlEOF {
				return t
			}
		case mlIsKw(t, mlKwLet):
			lets++
		case mlIsKw(t, mlKwIn):
			lets--
		}
		prev = t
	}
	return mlTok{}
}

// typeEnds reports whether t is no part of a type met at its top. With eq, a '=' ends it (a
// type annotation before a body, an external's type before its primitive); with constraint, a
// `constraint` clause continues it (type definitions).
func (s *mlScan) typeEnds(t mlTok, eq, constraint bool) bool {
	switch t.kind() {
	case mlEOF:
		return true
	case mlPunct, mlLit:
		return s.closes(t) || s.itemEnds(t)
	case mlOp:
		return eq && s.op(t, "=")
	case mlLower:
	default:
		return false
	}
	switch t.kw() {
	case mlKwEnd, mlKwDone, mlKwAnd, mlKwLet, mlKwIn, mlKwType, mlKwModule, mlKwOpen, mlKwInclude, mlKwException, mlKwExternal,
		mlKwClass, mlKwVal, mlKwMethod, mlKwInherit, mlKwInitializer:
		return true
	case mlKwConstraint:
		return !constraint
	}
	return false
}

// skipType reads a type (with a type definition's constructors, fields and constraints) up to
// the token that ends it (typeEnds), which it gives back and returns. fn says the type is a
// function type at its top: an arrow outside brackets and object types, and no alias (`as 'a`).
func (s *mlScan) skipType(eq, constraint bool) (stop mlTok, fn bool) {
	angle := 0
	arrow, alias := false, false
	for !s.tick() {
		t := s.next()
		if s.typeEnds(t, eq, constraint) {
			s.back(t)
			return t, arrow && !alias
		}
		switch {
		case s.opens(t):
			if s.skipGroup().kind() == mlEOF {
				return mlTok{}, false
			}
		case s.op(t, "<"):
			angle++
		case s.op(t, ">") && angle > 0:
			angle--
		case angle == 0 && s.op(t, "->"):
			arrow = true
		case angle == 0 && mlIsKw(t, mlKwAs):
			alias = true
		}
	}
	return mlTok{}, false
}

// skipPolyVars reads the head of a polymorphic type, `'a 'b.` or `type a b.`, when one comes
// next, and reports whether it did.
func (s *mlScan) skipPolyVars() bool {
	m := s.mark()
	t := s.next()
	if mlIsKw(t, mlKwType) {
		for !s.tick() {
			if t = s.next(); t.kind() != mlLower {
				break
			}
		}
		if s.op(t, ".") {
			return true
		}
	} else {
		n := 0
		for s.punct(t, '\'') && !s.tick() {
			if id := s.next(); id.kind() != mlLower && id.kind() != mlUpper {
				break
			}
			n++
			t = s.next()
		}
		if n > 0 && s.op(t, ".") {
			return true
		}
	}
	s.reset(m)
	return false
}

// moduleEnds reports whether t, met at the top of a module expression or module type after
// prev, is no part of it. With eq, a '=' or ":=" that is not a `with` constraint's ends it (a
// module type before its module); pending says a constraint's own '=' is still to come.
func (s *mlScan) moduleEnds(t, prev mlTok, eq, pending bool) bool {
	switch t.kind() {
	case mlEOF:
		return true
	case mlPunct, mlLit:
		return s.closes(t) || s.itemEnds(t)
	case mlOp:
		return eq && !pending && (s.op(t, "=") || s.op(t, ":="))
	case mlLower:
	default:
		return false
	}
	switch t.kw() {
	case mlKwEnd, mlKwDone:
		return true
	case mlKwAnd:
		// `with type t = a and type u = b` goes on; `module rec A ... and B ...` does not.
		n := s.ahead()
		return !mlIsKw(n, mlKwType) && !mlIsKw(n, mlKwModule)
	case mlKwType, mlKwModule:
		return s.complete(prev)
	case mlKwLet, mlKwIn, mlKwOpen, mlKwInclude, mlKwException, mlKwExternal, mlKwClass, mlKwVal, mlKwMethod,
		mlKwInherit, mlKwInitializer, mlKwConstraint:
		return true
	}
	return false
}

// skipModule reads a module expression, or with eq a module type before its module, up to the
// token that ends it (moduleEnds), which it gives back and returns. prev is the token read before
// it, which may be part of it (a path, a signature's `end`).
func (s *mlScan) skipModule(prev mlTok, eq bool) mlTok {
	pending := false
	for !s.tick() {
		t := s.next()
		if s.moduleEnds(t, prev, eq, pending) {
			s.back(t)
			return t
		}
		switch {
		case s.opens(t):
			if t = s.skipGroup(); t.kind() == mlEOF {
				return t
			}
		case (mlIsKw(t, mlKwType) || mlIsKw(t, mlKwModule)) && (mlIsKw(prev, mlKwWith) || mlIsKw(prev, mlKwAnd)):
			pending = true
		case s.op(t, "=") || s.op(t, ":="):
			pending = false
		}
		prev = t
	}
	return mlTok{}
}

// sigLine is the walk's sigLine (the first line of the source between two offsets, as a
// signature), given only that line: the same signature, without copying the rest of a long
// one-line file for each symbol on it.
func (s *mlScan) sigLine(fromTok, toTok int32) string {
	from, to := int(fromTok), int(toTok)
	to = min(max(to, from), len(s.lx.src))
	if nl := bytes.IndexByte(s.lx.src[min(from, to):to], '\n'); nl >= 0 {
		to = from + nl
	}
	return s.w.sigLine(uint32(from), uint32(to))
}

// add appends a symbol and returns its index.
func (s *mlScan) add(name string, kind store.Kind, sig string, start, end int32, parent int) int {
	return s.w.add(store.Symbol{
		Name: name, Kind: kind, Signature: sig, StartLine: int(start), EndLine: int(end), Parent: parent,
	})
}

// mlBinding is where one binding of a definition (`let a ... and b ...`) starts: from is the
// token its signature starts at (the definition's keyword, or its "and"), first its own first
// token, line the line its range starts on.
type mlBinding struct {
	from, first mlTok
	line        int32
}

// bindingAt returns the place of binding i of a definition whose keyword is kw, from its first
// token first and the "and" before it. As the walk does, a binding after the first starts its
// signature at its "and" unless a comment comes between them.
func bindingAt(i int, kw, and, first mlTok) mlBinding {
	if i == 0 {
		return mlBinding{from: kw, first: first, line: kw.line}
	}
	if first.gap() {
		return mlBinding{from: first, first: first, line: first.line}
	}
	return mlBinding{from: and, first: first, line: first.line}
}

// andNext reads the "and" that joins a definition's next binding and returns it and the
// binding's first token; ok is false, with nothing read, when no "and" comes.
func (s *mlScan) andNext() (and, first mlTok, ok bool) {
	and = s.next()
	if !mlIsKw(and, mlKwAnd) {
		s.back(and)
		return and, and, false
	}
	return and, s.nextHead(), true
}

// valueDef reads `let [rec] a ... and b ...` from its keyword. A binding of a value name gets a
// symbol: a function when it takes parameters or its value is a `fun` or a `function`, else a
// variable. A `let` that turns out to be an expression (`let x = 1 in x` after ";;") maps
// nothing.
func (s *mlScan) valueDef(let mlTok, parent int) {
	t := s.afterExt(s.nextHead())
	if mlIsKw(t, mlKwRec) {
		t = s.nextHead()
	}
	if mlIsKw(t, mlKwOpen) || mlIsKw(t, mlKwModule) || mlIsKw(t, mlKwException) {
		s.back(t)
		s.skipExpr(let, 1)
		return
	}
	before := len(s.w.res.Symbols)
	and := let
	for i := 0; !s.tick(); i++ {
		s.letBinding(bindingAt(i, let, and, t), parent)
		var ok bool
		if and, t, ok = s.andNext(); !ok {
			break
		}
	}
	if in := s.next(); mlIsKw(in, mlKwIn) {
		s.w.res.Symbols = s.w.res.Symbols[:before]
		s.skipExpr(in, 0)
	} else {
		s.back(in)
	}
}

// letBinding reads one binding of a `let` from its first token and maps it when it binds a
// value name.
func (s *mlScan) letBinding(b mlBinding, parent int) {
	name, named := s.bindingName(b.first)
	var stop mlTok
	params := false
	if named {
		stop, params = s.params()
	} else {
		stop, _ = s.skipType(true, false) // the rest of the pattern
	}
	body := s.annotationAndBody(stop)
	if name == "" || name == "_" {
		return
	}
	kind := store.KindVar
	if params || mlIsKw(body, mlKwFun) || mlIsKw(body, mlKwFunction) {
		kind = store.KindFunction
	}
	sig := s.sigLine(b.from.s, s.lastE)
	if kind == store.KindFunction && body.e > 0 && body.kind() != mlEOF {
		sig = s.w.sig(uint32(b.from.s), uint32(body.s))
	}
	s.add(name, kind, sig, b.line, s.lastLine, parent)
}

// annotationAndBody reads, from stop (the token after a binding's or a field's name and
// parameters), a type annotation (`: t`, `:> t`) and a body (`= expr`), and returns the body's
// first token, or none when there is no body.
func (s *mlScan) annotationAndBody(stop mlTok) mlTok {
	if s.op(stop, ":") || s.op(stop, ":>") {
		s.next()
		s.skipPolyVars()
		stop, _ = s.skipType(true, false)
	}
	var body mlTok
	if s.op(stop, "=") {
		eq := s.next()
		body = s.peek()
		s.skipExpr(eq, 0)
	}
	return body
}

// bindingName reads a binding's pattern from its first token t when it is a value name or a
// parenthesized operator, and returns the name. Any other pattern binds no one name: it reads
// its first token (a bracket with its group) and returns named false.
func (s *mlScan) bindingName(t mlTok) (name string, named bool) {
	switch {
	case mlIsName(t):
		n := s.peek()
		if s.punct(n, ',') || s.op(n, "::") || s.op(n, "|") || mlIsKw(n, mlKwAs) {
			return "", false // a tuple, a list, an or-pattern, an alias
		}
		return foldName(s.lx.src[t.s:t.e]), true
	case s.punct(t, '('):
		if name, ok := s.operatorName(t); ok {
			return name, true
		}
		s.skipGroup()
	case s.opens(t):
		s.skipGroup()
	}
	return "", false
}

// operatorName reads a parenthesized operator from its '(' when one comes, `( + )`, `( mod )`,
// `( let* )`, `( .%{} )`, and returns its name as the walk names it (mlOperatorName); ok is
// false, with nothing read, for any other parenthesized pattern.
func (s *mlScan) operatorName(open mlTok) (name string, ok bool) {
	m := s.mark()
	t := s.next()
	switch {
	case t.kind() == mlOp && s.lx.src[t.s] == '.' && t.e-t.s > 1:
		ok = s.indexingBrackets()
	case t.kind() == mlOp:
		ok = true
	case mlIsKw(t, mlKwInfix):
		ok = true
	case mlIsKw(t, mlKwLet) || mlIsKw(t, mlKwAnd) || mlIsKw(t, mlKwMatch):
		n := s.next()
		ok = n.kind() == mlOp && n.s == t.e // let*, and+, match%
	}
	if ok {
		if cl := s.next(); s.punct(cl, ')') {
			return mlOperatorName(foldName(s.lx.src[open.s:cl.e])), true
		}
	}
	s.reset(m)
	return "", false
}

// indexingBrackets reads the brackets of an indexing operator after its dot and symbol (`.%`):
// (), [] or {}, maybe holding ";..", then maybe "<-", and reports whether they were there.
func (s *mlScan) indexingBrackets() bool {
	open := s.next()
	var want byte
	switch {
	case s.punct(open, '('):
		want = ')'
	case s.punct(open, '['):
		want = ']'
	case s.punct(open, '{'):
		want = '}'
	default:
		return false
	}
	t := s.next()
	if s.punct(t, ';') {
		if dots := s.next(); !s.op(dots, "..") {
			return false
		}
		t = s.next()
	}
	if !s.punct(t, want) {
		return false
	}
	if n := s.next(); !s.op(n, "<-") {
		s.back(n)
	}
	return true
}

// params reads the parameters of a function, a method or a class up to the '=', ':' or ":>"
// after them (or whatever else ends them), which it gives back and returns. has says there was
// one: a locally abstract type `(type a)` is none.
func (s *mlScan) params() (stop mlTok, has bool) {
	for !s.tick() {
		t := s.next()
		switch {
		case s.op(t, "=") || s.op(t, ":") || s.op(t, ":>"):
			s.back(t)
			return t, has
		case s.attr(t) == mlAttr:
			if s.skipGroup().kind() == mlEOF {
				return mlTok{}, has
			}
		case s.punct(t, '('):
			if !mlIsKw(s.peek(), mlKwType) {
				has = true
			}
			if s.skipGroup().kind() == mlEOF {
				return mlTok{}, has
			}
		case s.punct(t, '[') || s.punct(t, '{'):
			has = true
			if s.skipGroup().kind() == mlEOF {
				return mlTok{}, has
			}
		case s.op(t, "~") || s.op(t, "?"):
			has = true
			s.label()
		case mlIsName(t) || t.kind() == mlUpper || t.kind() == mlLit || mlIsKw(t, mlKwTrue) || mlIsKw(t, mlKwFalse) ||
			s.punct(t, '`') || s.op(t, ".") || s.op(t, "#"):
			has = true
		default:
			s.back(t)
			return t, has
		}
	}
	return mlTok{}, has
}

// label reads a labelled parameter after its '~' or '?': a name, and with a ':' right after it
// the pattern that follows (`~f:(g, h)`, `?x:(y = 1)`).
func (s *mlScan) label() {
	name := s.next()
	if !mlIsName(name) {
		s.back(name)
		return
	}
	colon := s.next()
	if !s.op(colon, ":") || colon.s != name.e {
		s.back(colon)
		return
	}
	if p := s.next(); s.opens(p) {
		s.skipGroup()
	}
}

// typeDef reads `type [nonrec] a ... and b ...` from its keyword: each binding is a type, its
// signature the first line of its text.
func (s *mlScan) typeDef(typ mlTok, parent int) {
	t := s.afterExt(s.nextHead())
	if mlIsKw(t, mlKwNonrec) {
		t = s.nextHead()
	}
	and := typ
	for i := 0; !s.tick(); i++ {
		b := bindingAt(i, typ, and, t)
		name := s.typeName(t)
		s.skipType(false, true)
		if name != "" {
			s.add(name, store.KindType, s.sigLine(b.from.s, s.lastE), b.line, s.lastLine, parent)
		}
		var ok bool
		if and, t, ok = s.andNext(); !ok {
			return
		}
	}
}

// typeName reads a type binding's parameters ('a, _, +'a, ('a, 'b)) and name from its first
// token t, and returns the name as written: `t`, or the path of an extended type `M.t`.
func (s *mlScan) typeName(t mlTok) string {
	switch {
	case s.punct(t, '('):
		s.skipGroup()
		t = s.next()
	case t.kind() == mlOp || s.punct(t, '\''): // 'a, or a variance first: +'a, -_
		if t.kind() == mlOp {
			t = s.next()
		}
		if s.punct(t, '\'') {
			s.next()
		}
		t = s.next()
	case mlIsName(t) && string(s.lx.src[t.s:t.e]) == "_" && mlIsName(s.peek()):
		t = s.next()
	}
	first := t
	for t.kind() == mlUpper && !s.tick() {
		if dot := s.next(); !s.op(dot, ".") {
			s.back(dot)
			return ""
		}
		t = s.next()
	}
	if !mlIsName(t) {
		s.back(t)
		return ""
	}
	return foldName(s.lx.src[first.s:t.e])
}

// exceptionDef reads `exception E ...` from its keyword: a type named by its constructor.
func (s *mlScan) exceptionDef(exc mlTok, parent int) {
	t := s.afterExt(s.nextHead())
	name := ""
	if t.kind() == mlUpper || mlIsKw(t, mlKwTrue) || mlIsKw(t, mlKwFalse) {
		name = foldName(s.lx.src[t.s:t.e])
	} else {
		s.back(t)
	}
	s.skipType(false, false)
	if name != "" {
		s.add(name, store.KindType, s.sigLine(exc.s, s.lastE), exc.line, s.lastLine, parent)
	}
}

// valueSpec reads `val f : t` or `external f : t = "prim"` from its keyword: an external is a
// function, a value a function when its type is a function type (not a polymorphic `'a. t`).
// The signature is the whole specification.
func (s *mlScan) valueSpec(kw mlTok, parent int) {
	t := s.afterExt(s.nextHead())
	name := ""
	switch {
	case mlIsName(t):
		name = foldName(s.lx.src[t.s:t.e])
	case s.punct(t, '('):
		if op, ok := s.operatorName(t); ok {
			name = op
		} else {
			s.back(t)
		}
	default:
		s.back(t)
	}
	fn := false
	if colon := s.next(); s.op(colon, ":") {
		poly := s.skipPolyVars()
		_, fn = s.skipType(mlIsKw(kw, mlKwExternal), false)
		fn = fn && !poly
	} else {
		s.back(colon)
	}
	if mlIsKw(kw, mlKwExternal) {
		fn = true
		if eq := s.next(); s.op(eq, "=") {
			s.skipType(false, false) // the primitive's names and the attributes
		} else {
			s.back(eq)
		}
	}
	if name == "" {
		return
	}
	kind := store.KindVar
	if fn {
		kind = store.KindFunction
	}
	s.add(name, kind, s.w.sig(uint32(kw.s), uint32(s.lastE)), kw.line, s.lastLine, parent)
}

// moduleDef reads `module [rec] A ... and B ...` from its keyword, or a `module type`. A module
// whose type is a signature `sig ... end` holds the signature's items; one whose body is a
// structure `struct ... end` holds the structure's.
func (s *mlScan) moduleDef(mod mlTok, parent, nest int) {
	t := s.nextHead()
	if mlIsKw(t, mlKwType) {
		s.moduleTypeDef(mod, parent, nest)
		return
	}
	t = s.afterExt(t)
	if mlIsKw(t, mlKwRec) {
		t = s.nextHead()
	}
	and := mod
	for i := 0; !s.tick(); i++ {
		s.moduleBinding(bindingAt(i, mod, and, t), parent, nest)
		var ok bool
		if and, t, ok = s.andNext(); !ok {
			return
		}
	}
}

// moduleBinding reads one binding of a `module` from its name: parameters, a module type, a
// body. The signature runs up to the body; without one it is the first line.
func (s *mlScan) moduleBinding(b mlBinding, parent, nest int) {
	name := b.first
	if name.kind() != mlUpper && !(name.kind() == mlLower && string(s.lx.src[name.s:name.e]) == "_") {
		s.back(name)
		s.skipModule(b.from, false)
		return
	}
	idx := s.add(foldName(s.lx.src[name.s:name.e]), store.KindModule, "", b.line, math.MaxInt32, parent)
	for !s.tick() {
		if p := s.next(); !s.punct(p, '(') {
			s.back(p)
			break
		}
		s.skipGroup()
	}
	if colon := s.next(); s.op(colon, ":") {
		s.skipModule(s.membersOf(colon, mlKwSig, idx, nest), true)
	} else {
		s.back(colon)
	}
	var body mlTok
	if eq := s.next(); s.op(eq, "=") || s.op(eq, ":=") {
		body = s.peek()
		s.skipModule(s.membersOf(eq, mlKwStruct, idx, nest), false)
	} else {
		s.back(eq)
	}
	sym := &s.w.res.Symbols[idx]
	sym.EndLine = int(max(s.lastLine, b.line))
	if body.e > 0 && body.kind() != mlEOF {
		sym.Signature = s.w.sig(uint32(b.from.s), uint32(body.s))
	} else {
		sym.Signature = s.sigLine(b.from.s, s.lastE)
	}
}

// membersOf maps the items of the `sig ... end` or `struct ... end` (as body says) that comes
// next, after the token after, as symbol idx's members, when it does, and returns the token it
// read last: the body's `end`, or after. A signature followed by `with` or "->" is part of a
// larger module type, whose items the walk does not map: they are dropped again.
func (s *mlScan) membersOf(after mlTok, body uint8, idx, nest int) mlTok {
	t := s.next()
	if !mlIsKw(t, body) {
		s.back(t)
		return after
	}
	syms, imports := len(s.w.res.Symbols), len(s.w.res.Imports)
	end := s.items(idx, nest+1)
	if n := s.peek(); body == mlKwSig && (mlIsKw(n, mlKwWith) || s.op(n, "->")) {
		s.w.res.Symbols = s.w.res.Symbols[:syms]
		for _, imp := range s.w.res.Imports[imports:] {
			delete(s.w.seenImports, imp)
		}
		s.w.res.Imports = s.w.res.Imports[:imports]
	}
	return end
}

// moduleTypeDef reads `module type S [= mt]` after its "type": an interface, holding the items
// of a signature body. Its signature runs up to the body, or is the whole specification.
func (s *mlScan) moduleTypeDef(mod mlTok, parent, nest int) {
	t := s.afterExt(s.nextHead())
	if t.kind() != mlUpper && !mlIsName(t) {
		s.back(t)
		s.skipModule(mod, false)
		return
	}
	idx := s.add(foldName(s.lx.src[t.s:t.e]), store.KindInterface, "", mod.line, math.MaxInt32, parent)
	var body mlTok
	prev := t
	if eq := s.next(); s.op(eq, "=") || s.op(eq, ":=") {
		body = s.peek()
		prev = s.membersOf(eq, mlKwSig, idx, nest)
	} else {
		s.back(eq)
	}
	s.skipModule(prev, false)
	sym := &s.w.res.Symbols[idx]
	sym.EndLine = int(max(s.lastLine, mod.line))
	if body.e > 0 && body.kind() != mlEOF {
		sym.Signature = s.w.sig(uint32(mod.s), uint32(body.s))
	} else {
		sym.Signature = s.w.sig(uint32(mod.s), uint32(s.lastE))
	}
}

// openDef reads `open [!] M` after its keyword: a module path is an import.
func (s *mlScan) openDef() {
	t := s.afterExt(s.nextHead())
	if s.op(t, "!") {
		t = s.afterExt(s.nextHead())
	}
	s.back(t)
	path, last := s.modulePath()
	if path != "" {
		s.w.addImport(path)
	}
	s.skipModule(last, false)
}

// modulePath reads a module path, `M` or `M.N`, when one comes next, and returns it as written
// when it is all the module expression (not a functor's, `F(X)`), with the token it read last
// (none when no path came).
func (s *mlScan) modulePath() (path string, last mlTok) {
	first := s.next()
	if first.kind() != mlUpper {
		s.back(first)
		return "", mlTok{}
	}
	last = first
	for !s.tick() {
		dot := s.next()
		if !s.op(dot, ".") {
			s.back(dot)
			break
		}
		name := s.next()
		if name.kind() != mlUpper {
			s.back(name)
			return "", dot
		}
		last = name
	}
	if s.punct(s.peek(), '(') {
		return "", last
	}
	return foldName(s.lx.src[first.s:last.e]), last
}

// classDef reads `class a ... and b ...` from its keyword, or a `class type`. A class whose body
// is an `object ... end` holds its methods and instance variables.
func (s *mlScan) classDef(class mlTok, parent, nest int) {
	t := s.nextHead()
	if mlIsKw(t, mlKwType) {
		s.classTypeDef(class, parent)
		return
	}
	t = s.afterExt(t)
	and := class
	for i := 0; !s.tick(); i++ {
		s.classBinding(bindingAt(i, class, and, t), parent, nest)
		var ok bool
		if and, t, ok = s.andNext(); !ok {
			return
		}
	}
}

// className reads a class binding's `virtual` and type parameters from its first token t, then
// its name, and returns the name, or "" (having read nothing more) without one.
func (s *mlScan) className(t mlTok) string {
	if mlIsKw(t, mlKwVirtual) {
		t = s.nextHead()
	}
	if s.punct(t, '[') {
		s.skipGroup()
		t = s.nextHead()
	}
	if !mlIsName(t) {
		s.back(t)
		return ""
	}
	return foldName(s.lx.src[t.s:t.e])
}

// classBinding reads one binding of a `class` from its first token.
func (s *mlScan) classBinding(b mlBinding, parent, nest int) {
	name := s.className(b.first)
	if name == "" {
		s.skipExpr(mlTok{}, 0)
		return
	}
	idx := s.add(name, store.KindClass, "", b.line, math.MaxInt32, parent)
	stop, _ := s.params()
	if s.op(stop, ":") {
		s.next()
		stop, _ = s.skipType(true, false)
	}
	var body mlTok
	if s.op(stop, "=") {
		eq := s.next()
		body = s.peek()
		if mlIsKw(body, mlKwObject) {
			s.next()
			eq = s.objectBody(idx, nest+1)
		}
		s.skipExpr(eq, 0)
	}
	sym := &s.w.res.Symbols[idx]
	sym.EndLine = int(max(s.lastLine, b.line))
	if body.e > 0 && body.kind() != mlEOF {
		sym.Signature = s.w.sig(uint32(b.from.s), uint32(body.s))
	} else {
		sym.Signature = s.sigLine(b.from.s, s.lastE)
	}
}

// classTypeDef reads `class type a = ... and b = ...` after its "type": classes, whose method
// specifications the walk does not map.
func (s *mlScan) classTypeDef(class mlTok, parent int) {
	t := s.afterExt(s.nextHead())
	and := class
	for i := 0; !s.tick(); i++ {
		b := bindingAt(i, class, and, t)
		if name := s.className(t); name != "" {
			var body mlTok
			if eq := s.next(); s.op(eq, "=") {
				body = s.peek()
			} else {
				s.back(eq)
			}
			s.skipType(false, false)
			sig := s.sigLine(b.from.s, s.lastE)
			if body.e > 0 && body.kind() != mlEOF {
				sig = s.w.sig(uint32(b.from.s), uint32(body.s))
			}
			s.add(name, store.KindClass, sig, b.line, s.lastLine, parent)
		} else {
			s.skipType(false, false)
		}
		var ok bool
		if and, t, ok = s.andNext(); !ok {
			return
		}
	}
}

// objectBody reads a class body after its `object`: a self pattern, then the fields up to the
// `end`, which it returns (or the end of the file). Methods and instance variables are members
// of symbol parent.
func (s *mlScan) objectBody(parent, nest int) mlTok {
	if nest >= tsMaxNest {
		return s.skipGroup()
	}
	if t := s.next(); s.punct(t, '(') {
		s.skipGroup()
	} else {
		s.back(t)
	}
	for !s.tick() {
		t := s.next()
		switch {
		case t.kind() == mlEOF || mlIsKw(t, mlKwEnd):
			return t
		case mlIsKw(t, mlKwMethod):
			s.classField(t, store.KindMethod, parent)
		case mlIsKw(t, mlKwVal):
			s.classField(t, store.KindField, parent)
		case s.closes(t) || s.semis(t):
		case s.itemEnds(t):
			if s.punct(t, '[') {
				s.skipGroup()
			}
		default:
			s.skipFrom(t) // inherit, initializer, constraint
		}
	}
	return mlTok{}
}

// classField reads a method or an instance variable from its keyword: modifiers, a name,
// parameters, a type, a body. Its signature runs up to the body, or is the whole field.
func (s *mlScan) classField(kw mlTok, kind store.Kind, parent int) {
	t := s.nextHead()
	if s.op(t, "!") {
		t = s.nextHead()
	}
	for mlIsKw(t, mlKwPrivate) || mlIsKw(t, mlKwVirtual) || mlIsKw(t, mlKwMutable) {
		t = s.nextHead()
	}
	if !mlIsName(t) {
		s.skipFrom(t)
		return
	}
	stop, _ := s.params()
	body := s.annotationAndBody(stop)
	sig := s.w.sig(uint32(kw.s), uint32(s.lastE))
	if body.e > 0 && body.kind() != mlEOF {
		sig = s.w.sig(uint32(kw.s), uint32(body.s))
	}
	s.add(foldName(s.lx.src[t.s:t.e]), kind, sig, kw.line, s.lastLine, parent)
}
