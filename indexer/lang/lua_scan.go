package lang

// This file holds the Lua mapper: a hand-written tokenizer (short strings with escapes, long
// strings and comments of every level, numbers) and a one-pass declaration scanner that matches
// blocks (function, do, if/then, while/for ... do, repeat ... until) to their closing `end` or
// `until`. It maps `function a.b:c()`, `local function f()`, functions assigned to names or table
// fields (`x = function`, `M.x = function`, `{ name = function ... }` nested under the table's
// name), nested functions under their enclosing function, variables of the file's top block and
// `require` imports. Ranges run from the `function` keyword (or the `local`/assignment start) to
// the line of the matching `end`, which is what Lua's compiler records as a prototype's lines.

import (
	"bytes"
	"context"
	"math"
	"slices"
	"strings"

	"github.com/readmap/readmap/store"
)

// luaKind is the class of a Lua token.
type luaKind uint8

const (
	luaTName luaKind = iota // identifiers and keywords
	luaOp                   // punctuation, one or more bytes
	luaString
	luaNumber
)

// luaTok is one token; comments are not kept.
type luaTok struct {
	start, end int32 // byte offsets
	line       int32 // 1-based line of the first byte (a string's last is lastLine's)
	kind       luaKind
	code       luaCode
}

// luaCode tells tokens apart without reading their text: for a name, the keyword it is (luaKwNone
// when it is none); for an operator of one byte, that byte; luaOpDots for `...` and luaOpLong for
// the other operators of two bytes.
type luaCode uint8

// The codes of Lua's reserved words, the only names whose code is not luaKwNone.
const (
	luaKwNone luaCode = iota
	luaKwAnd
	luaKwBreak
	luaKwDo
	luaKwElse
	luaKwElseif
	luaKwEnd
	luaKwFalse
	luaKwFor
	luaKwFunction
	luaKwGoto
	luaKwIf
	luaKwIn
	luaKwLocal
	luaKwNil
	luaKwNot
	luaKwOr
	luaKwRepeat
	luaKwReturn
	luaKwThen
	luaKwTrue
	luaKwUntil
	luaKwWhile
)

// The codes of operators longer than one byte, above every byte an operator of one byte can be
// (bytes from 0x80 start names).
const (
	luaOpLong luaCode = 0x80 + iota // == ~= <= >= // :: << >> ..
	luaOpDots                       // ...
)

// luaKeyword returns the code of the name w: the reserved word it is, or luaKwNone. It looks w
// up in one slot of luaKeywordSlots, where a switch on the word compared it with several (a
// twentieth of the mapper's time).
func luaKeyword(w []byte) luaCode {
	if len(w) < 2 || len(w) > 8 {
		return luaKwNone
	}
	if s := &luaKeywordSlots[luaKeywordSlot(w)]; s.word == string(w) { // (no allocation)
		return s.code
	}
	return luaKwNone
}

// luaKeywordSlot is a name's slot in luaKeywordSlots: a hash of its first and last bytes and its
// length, which no two of Lua's reserved words share.
func luaKeywordSlot[T string | []byte](w T) int {
	return (int(w[0])*3 + int(w[len(w)-1])*13 + len(w)) & 63
}

// luaKeywordSlots holds each reserved word with its code in its slot.
var luaKeywordSlots = func() (slots [64]struct {
	word string
	code luaCode
}) {
	words := []string{"and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
		"in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"}
	for i, w := range words {
		s := &slots[luaKeywordSlot(w)]
		if s.word != "" {
			panic("luaKeywordSlots: " + w + " and " + s.word + " share a slot")
		}
		s.word, s.code = w, luaKwAnd+luaCode(i)
	}
	return slots
}()

// luaMaxSource is the largest source the mapper reads; token offsets are 32-bit.
const luaMaxSource = math.MaxInt32

// luaKeptTokens is the most tokens whose room a mapper keeps for the next file (4 MB).
const luaKeptTokens = 1 << 18

// luaMaxParams caps the tokens read for a parameter list.
const luaMaxParams = 512

// luaMapper maps Lua files; its token buffer and identifier set are reused between files (a set
// of a pool is dropped at each collection, and its room with it).
type luaMapper struct {
	toks []luaTok
	uses identSet
}

// newLuaMapper returns a Lua scanner mapper.
func newLuaMapper() Mapper { return &luaMapper{} }

// Map implements Mapper.
func (m *luaMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	if len(src) > luaMaxSource {
		return &Result{}, nil
	}
	var unparsed [][2]int
	var functions int
	m.uses.reset(len(src))
	m.toks, unparsed, functions = luaLex(src, m.toks[:0], &m.uses)
	if ctx.Err() != nil {
		m.uses.release()
		return nil, ctx.Err()
	}
	p := luaScan{src: src, toks: m.toks, lastVar: -1}
	// A symbol for about every `function` and a few variables: room for them at once, where
	// growing the list copied it (a tenth of the scan on koreader's Lua).
	p.res.Symbols = make([]store.Symbol, 0, functions+functions/4+8)
	p.run()
	if len(p.res.Symbols) == 0 {
		p.res.Symbols = nil // as a file without symbols always had them
	}
	if p.openAt > 0 {
		unparsed = append(unparsed, [2]int{p.openAt, math.MaxInt32})
	}
	p.res.Unparsed = joinSpans(unparsed, CountLines(src))
	filter, names := m.uses.uses()
	p.res.Uses = &FileUses{Filter: filter, Names: names}
	if cap(m.toks) > luaKeptTokens {
		m.toks = nil
	}
	return &p.res, nil
}

// luaEachIdentifier is EachIdentifier for Lua: the names outside comments and strings, as its
// tokenizer cuts them, that are not reserved words.
func luaEachIdentifier(src []byte, fn func(name []byte, line, column int)) {
	if len(src) > luaMaxSource {
		return
	}
	toks, _, _ := luaLex(src, nil, nil)
	line, lineStart := int32(0), 0
	for _, t := range toks {
		if t.kind != luaTName || t.code != luaKwNone {
			continue
		}
		if t.line != line {
			line, lineStart = t.line, bytes.LastIndexByte(src[:t.start], '\n')+1
		}
		fn(src[t.start:t.end], int(line), int(t.start)-lineStart+1)
	}
}

// luaLongOpen reports the level of a long bracket `[==[` at src[i] ('[' there), or -1.
func luaLongOpen(src []byte, i int) int {
	j := i + 1
	for j < len(src) && src[j] == '=' {
		j++
	}
	if j < len(src) && src[j] == '[' {
		return j - i - 1
	}
	return -1
}

// luaLongEnd returns the offset just after the `]==]` of level lv closing a long bracket opened
// at line l, whose text starts at from, and the newlines it passed. One never closed runs to the
// end of src: it is appended to unparsed, from l to the end of the file.
func luaLongEnd(src []byte, from, lv int, l int32, unparsed [][2]int) (end int, lines int32, _ [][2]int) {
	for i := from; i < len(src); i++ {
		switch src[i] {
		case '\n':
			lines++
		case ']':
			j := i + 1
			for j < len(src) && src[j] == '=' {
				j++
			}
			if j-i-1 == lv && j < len(src) && src[j] == ']' {
				return j + 1, lines, unparsed
			}
		}
	}
	return len(src), lines, append(unparsed, [2]int{int(l), math.MaxInt32})
}

// luaPush appends the token of src[start:end] to toks, which has room for it. Its fields are
// stored in place one by one: appending a luaTok literal built it on the stack and copied it with
// one 16-byte load, which the processor cannot forward from the narrower stores just before it.
func luaPush(toks []luaTok, start, end int, line int32, kind luaKind, code luaCode) []luaTok {
	toks = toks[:len(toks)+1]
	t := &toks[len(toks)-1]
	t.start, t.end, t.line, t.kind, t.code = int32(start), int32(end), line, kind, code
	return toks
}

// The classes of a token's first byte, which luaLex switches on.
const (
	luaByteOther   = iota // an operator
	luaByteSpace          // blanks but the newline
	luaByteNewline        // '\n'
	luaByteName           // a letter, '_' or any byte from 0x80
	luaByteDigit          // '0'-'9'
	luaByteQuote          // '"' or '\''
	luaByteMinus          // '-': a comment when doubled
	luaByteBracket        // '[': a long string when `[[` or `[=[`
	luaByteDot            // '.': a number when a digit follows
)

// luaByteClasses classes every byte as the first of a token; luaNameBytes marks the bytes a name
// goes on with.
var luaByteClasses, luaNameBytes = func() (classes [256]uint8, name [256]bool) {
	for c := range 256 {
		b := byte(c)
		name[c] = isIdentByte(b) || b >= 0x80
		switch {
		case b == '\n':
			classes[c] = luaByteNewline
		case b == ' ' || b == '\t' || b == '\r' || b == '\f' || b == '\v':
			classes[c] = luaByteSpace
		case b >= '0' && b <= '9':
			classes[c] = luaByteDigit
		case name[c]:
			classes[c] = luaByteName
		case b == '"' || b == '\'':
			classes[c] = luaByteQuote
		case b == '-':
			classes[c] = luaByteMinus
		case b == '[':
			classes[c] = luaByteBracket
		case b == '.':
			classes[c] = luaByteDot
		}
	}
	return classes, name
}()

// luaLex cuts src into tokens, appending to toks, and returns the line spans of its syntax
// errors: a short string the line's end cuts off, which Lua reports there and reads on after, and
// a long string or comment never closed, which runs to the end of the file (its span ends at
// math.MaxInt32). A first line starting with '#' (a shebang) is skipped, as Lua does. It also
// counts the `function` keywords, and adds each name that is not a reserved word to uses unless
// it is nil (as Uses gathers them: a pass of its own over the tokens cost a fifth more).
func luaLex(src []byte, toks []luaTok, uses *identSet) (_ []luaTok, unparsed [][2]int, functions int) {
	i, n := 0, len(src)
	line := int32(1)
	if n > 0 && src[0] == '#' {
		for i < n && src[i] != '\n' {
			i++
		}
	}
	// Code has a token in six or seven bytes, data tables one in four or five: room for them all
	// at once, where growing copied megabytes of a data file's tokens; and twice the room there
	// was, so that a mapper's growing files clear few new buffers.
	if want := len(toks) + n/4; cap(toks) < want {
		toks = slices.Grow(toks, max(want, 2*cap(toks))-len(toks))
	}
	for i < n {
		if len(toks) == cap(toks) { // room for this token, which luaPush needs
			toks = slices.Grow(toks, max(cap(toks), 64))
		}
		c := src[i]
		switch luaByteClasses[c] {
		case luaByteNewline, luaByteSpace:
			// A run of blanks and newlines at once: the indentation after each newline went
			// through this switch a byte at a time.
			for ; i < n; i++ {
				if c := luaByteClasses[src[i]]; c == luaByteNewline {
					line++
				} else if c != luaByteSpace {
					break
				}
			}
			continue
		case luaByteName:
			start := i
			for i++; i < n && luaNameBytes[src[i]]; i++ {
			}
			code := luaKeyword(src[start:i])
			switch {
			case code == luaKwFunction:
				functions++
			case code == luaKwNone && uses != nil:
				uses.add(src[start:i])
			}
			toks = luaPush(toks, start, i, line, luaTName, code)
			continue
		case luaByteDigit:
			start := i
			i = luaNumberEnd(src, i)
			toks = luaPush(toks, start, i, line, luaNumber, 0)
			continue
		case luaByteDot:
			if i+1 < n && src[i+1] >= '0' && src[i+1] <= '9' {
				start := i
				i = luaNumberEnd(src, i)
				toks = luaPush(toks, start, i, line, luaNumber, 0)
				continue
			}
		case luaByteMinus:
			if i+1 < n && src[i+1] == '-' {
				i += 2
				if i < n && src[i] == '[' {
					if lv := luaLongOpen(src, i); lv >= 0 {
						var lines int32
						i, lines, unparsed = luaLongEnd(src, i+lv+2, lv, line, unparsed)
						line += lines
						continue
					}
				}
				if k := bytes.IndexByte(src[i:], '\n'); k >= 0 {
					i += k
				} else {
					i = n
				}
				continue
			}
		case luaByteBracket:
			if lv := luaLongOpen(src, i); lv >= 0 {
				start, l := i, line
				var lines int32
				i, lines, unparsed = luaLongEnd(src, i+lv+2, lv, line, unparsed)
				line += lines
				toks = luaPush(toks, start, i, l, luaString, 0)
				continue
			}
		case luaByteQuote:
			start, l := i, line
			i++
			for i < n && src[i] != c && src[i] != '\n' {
				if src[i] == '\\' && i+1 < n {
					i++
					if src[i] == '\n' {
						line++
					} else if src[i] == '\r' && i+1 < n && src[i+1] == '\n' {
						i++
						line++
					} else if src[i] == 'z' {
						// \z skips the following whitespace, newlines included.
						for i+1 < n && (src[i+1] == ' ' || src[i+1] == '\t' || src[i+1] == '\n' || src[i+1] == '\r' || src[i+1] == '\f' || src[i+1] == '\v') {
							i++
							if src[i] == '\n' {
								line++
							}
						}
					}
				}
				i++
			}
			if i < n && src[i] == c {
				i++
			} else {
				unparsed = appendSpan(unparsed, int(line), int(line))
			}
			toks = luaPush(toks, start, i, l, luaString, 0)
			continue
		}
		// An operator: == ~= <= >= // :: << >> .. and ... are one token each.
		start, code := i, luaCode(c)
		i++
		if i < n {
			if d := src[i]; d == c && (c == '=' || c == '/' || c == ':' || c == '<' || c == '>' || c == '.') ||
				d == '=' && (c == '~' || c == '<' || c == '>') {
				i++
				code = luaOpLong
				if c == '.' && i < n && src[i] == '.' {
					i++
					code = luaOpDots
				}
			}
		}
		toks = luaPush(toks, start, i, line, luaOp, code)
	}
	return toks, unparsed, functions
}

// luaNumberEnd returns the offset just after the number starting at src[i] (a digit, or a '.'
// before one): its digits, letters, dots and an exponent's sign.
func luaNumberEnd(src []byte, i int) int {
	start := i
	for ; i < len(src); i++ {
		d := src[i]
		if isIdentByte(d) || d == '.' {
			continue
		}
		if (d == '+' || d == '-') && (src[i-1] == 'e' || src[i-1] == 'E' || src[i-1] == 'p' || src[i-1] == 'P') &&
			!(src[i-1] == 'e' || src[i-1] == 'E') == luaHex(src[start:i]) {
			continue
		}
		break
	}
	return i
}

// luaHex reports whether a number so far is hexadecimal (its exponent is 'p', not 'e').
func luaHex(num []byte) bool {
	return len(num) > 1 && num[0] == '0' && (num[1] == 'x' || num[1] == 'X')
}

// luaFrame is one open construct: a block waiting for `end` (or `until`), or a bracket.
type luaFrame struct {
	open    byte   // 'b' block, 'i' if block, 'r' repeat, 'w' while/for before its `do`, '{', '(', '['
	line    int32  // where it opens
	sym     int    // the function symbol this block closes, or -1
	table   string // for '{': the qualified name of the table it builds, or ""
	tparent int    // for '{': the symbol the table's fields nest under, or -1
}

// luaScan is the declaration scanner over one file's tokens.
type luaScan struct {
	src   []byte
	toks  []luaTok
	stack []luaFrame
	res   Result
	fn    []int // open function symbols, innermost last

	// lastVar is the latest variable of the top block, so a table assigned to it nests its
	// fields' functions under it.
	lastVar, lastVarEnd int // lastVarEnd: the last token of its statement
	// openAt is the line of the innermost block or bracket still open at the end of the file
	// (0: none): its `end` or closer is missing, and what follows it is read inside it.
	openAt int
}

// word returns token i's text, or "" outside the tokens.
func (p *luaScan) word(i int) string {
	if i < 0 || i >= len(p.toks) {
		return ""
	}
	t := p.toks[i]
	return string(p.src[t.start:t.end])
}

// op reports whether token i is the operator of one byte c.
func (p *luaScan) op(i int, c byte) bool {
	return i >= 0 && i < len(p.toks) && p.toks[i].kind == luaOp && p.toks[i].code == luaCode(c)
}

// kw reports whether token i is the reserved word k.
func (p *luaScan) kw(i int, k luaCode) bool {
	return i >= 0 && i < len(p.toks) && p.toks[i].kind == luaTName && p.toks[i].code == k
}

// lastLine returns the line of token i's last byte: a string may span lines.
func (p *luaScan) lastLine(i int) int {
	t := p.toks[i]
	if t.kind != luaString {
		return int(t.line)
	}
	return int(t.line) + bytes.Count(p.src[t.start:t.end], []byte{'\n'})
}

// named reports whether token i is the name (not a keyword) w.
func (p *luaScan) named(i int, w string) bool {
	return p.ident(i) && string(p.src[p.toks[i].start:p.toks[i].end]) == w
}

// ident reports whether token i is a name that is not a keyword.
func (p *luaScan) ident(i int) bool {
	return p.kw(i, luaKwNone)
}

// closes reports whether t is a bracket that closes: ')', ']' or '}'.
func (t luaTok) closes() bool {
	return t.kind == luaOp && (t.code == ')' || t.code == ']' || t.code == '}')
}

// opens reports whether t is a bracket that opens: '(', '[' or '{'.
func (t luaTok) opens() bool {
	return t.kind == luaOp && (t.code == '(' || t.code == '[' || t.code == '{')
}

// top returns the innermost open frame, or nil at the file's top block.
func (p *luaScan) top() *luaFrame {
	if len(p.stack) == 0 {
		return nil
	}
	return &p.stack[len(p.stack)-1]
}

// parent returns the symbol a new function nests under: the innermost open function, or -1.
func (p *luaScan) parent() int {
	if len(p.fn) == 0 {
		return -1
	}
	return p.fn[len(p.fn)-1]
}

// add appends s with its depth from its parent and returns its index.
func (p *luaScan) add(s store.Symbol) int {
	if s.Parent >= 0 {
		s.Depth = p.res.Symbols[s.Parent].Depth + 1
	}
	p.res.Symbols = append(p.res.Symbols, s)
	return len(p.res.Symbols) - 1
}

// sig folds the source from token a to the end of token b into a signature.
func (p *luaScan) sig(a, b int) string {
	from, to := int(p.toks[a].start), int(p.toks[b].end)
	if to-from > tsMaxSigSource {
		to = from + tsMaxSigSource
		for to > from && !isRuneStart(p.src[to]) {
			to--
		}
	}
	return joinSig(string(p.src[from:to]))
}

// sigLine is the first source line of a statement from token a to token b, folded.
func (p *luaScan) sigLine(a, b int) string {
	from, to := int(p.toks[a].start), int(p.toks[b].end)
	s := p.src[from:to]
	for k, c := range s {
		if c == '\n' {
			s = s[:k]
			break
		}
	}
	return trimSig(foldSignature(validUTF8(string(s))))
}

// paramsEnd returns the index of the ')' closing the parameter list that opens at token i ('('),
// or the last token before i when there is none.
func (p *luaScan) paramsEnd(i int) int {
	if !p.op(i, '(') {
		return i - 1
	}
	// A parameter list is short; the cap keeps broken input (no ')') linear.
	for j := i + 1; j < len(p.toks) && j < i+luaMaxParams; j++ {
		if p.op(j, ')') {
			return j
		}
	}
	return i
}

// run scans every token once.
func (p *luaScan) run() {
	toks := p.toks
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		if t.kind == luaOp {
			switch t.code {
			case '{':
				p.openTable(i)
			case '(', '[':
				p.stack = append(p.stack, luaFrame{open: byte(t.code), sym: -1, line: t.line})
			case '}', ')', ']':
				// Pop to the matching bracket; blocks left open inside it are broken source.
				want := byte('{')
				switch t.code {
				case ')':
					want = '('
				case ']':
					want = '['
				}
				for k := len(p.stack) - 1; k >= 0; k-- {
					if p.stack[k].open == want {
						p.popTo(k, t.line)
						break
					}
				}
			}
			continue
		}
		if t.kind != luaTName {
			continue
		}
		switch t.code {
		case luaKwFunction:
			i = p.function(i)
		case luaKwDo:
			if f := p.top(); f != nil && f.open == 'w' {
				f.open = 'b'
			} else {
				p.stack = append(p.stack, luaFrame{open: 'b', sym: -1, line: t.line})
			}
		case luaKwWhile, luaKwFor:
			p.stack = append(p.stack, luaFrame{open: 'w', sym: -1, line: t.line})
		case luaKwIf:
			p.stack = append(p.stack, luaFrame{open: 'i', sym: -1, line: t.line})
		case luaKwRepeat:
			p.stack = append(p.stack, luaFrame{open: 'r', sym: -1, line: t.line})
		case luaKwEnd, luaKwUntil:
			want := byte('b')
			if t.code == luaKwUntil {
				want = 'r'
			}
			for k := len(p.stack) - 1; k >= 0; k-- {
				if o := p.stack[k].open; o == want || o == 'i' && want == 'b' {
					p.popTo(k, t.line)
					break
				} else if o == '{' || o == '(' || o == '[' {
					break // an `end` inside brackets closes nothing outside them
				}
			}
		case luaKwLocal:
			if p.atTop() && !p.kw(i+1, luaKwFunction) {
				i = p.vars(i, i+1)
			}
		case luaKwNone:
			if p.atTop() && p.stmtStart(i) {
				i = p.assignment(i)
			}
		}
	}
	if len(p.stack) > 0 {
		p.openAt = int(p.top().line)
	}
	for len(p.stack) > 0 {
		p.popTo(0, toks[len(toks)-1].line)
	}
}

// atTop reports whether the scan is at the file's top block, where variables are mapped: outside
// every block but `if` statements (the tree-sitter mapper read those as top-level too).
func (p *luaScan) atTop() bool {
	for _, f := range p.stack {
		if f.open != 'i' {
			return false
		}
	}
	return true
}

// popTo closes frames k and above at line; a function's symbol ends there.
func (p *luaScan) popTo(k int, line int32) {
	for len(p.stack) > k {
		f := p.stack[len(p.stack)-1]
		p.stack = p.stack[:len(p.stack)-1]
		if f.sym >= 0 {
			p.res.Symbols[f.sym].EndLine = int(line)
			p.fn = p.fn[:len(p.fn)-1]
		}
	}
}

// stmtStart reports whether the name at i starts a statement of the top block: the previous token
// cannot end an expression (a name, literal, closing bracket or `end` followed by a name starts a
// new statement only when the name is not part of the same expression, which Lua forbids).
func (p *luaScan) stmtStart(i int) bool {
	if i == 0 {
		return true
	}
	prev := p.toks[i-1]
	switch prev.kind {
	case luaTName:
		switch prev.code {
		case luaKwNone, luaKwEnd, luaKwNil, luaKwTrue, luaKwFalse, luaKwDo, luaKwThen, luaKwElse, luaKwRepeat:
			return true
		}
		return false
	case luaString, luaNumber:
		return true
	}
	switch prev.code {
	case ')', ']', '}', ';', luaOpDots:
		return true
	}
	return false
}

// chain reads a dotted name `a.b.c` starting at i; it returns the written name and the index of
// its last token, or "" when i does not start one.
func (p *luaScan) chain(i int) (string, int) {
	if !p.ident(i) {
		return "", i
	}
	first, spaced := i, false
	for (p.op(i+1, '.') || p.op(i+1, ':')) && p.ident(i+2) {
		spaced = spaced || p.toks[i].end != p.toks[i+1].start || p.toks[i+1].end != p.toks[i+2].start
		i += 2
	}
	if !spaced { // as it is written: one string of the source
		return string(p.src[p.toks[first].start:p.toks[i].end]), i
	}
	var b strings.Builder
	for k := first; k <= i; k++ {
		b.WriteString(p.word(k))
	}
	return b.String(), i
}

// stmtEnd returns the last token of the statement of the top block starting at i: brackets and
// blocks (matched as the scan matches them) are skipped whole, and the statement ends before a
// token that starts the next one.
func (p *luaScan) stmtEnd(i int) int {
	var open []byte // 'b' block, 'w' loop head before its do, 'r' repeat, '(' any bracket
	for j := i; j < len(p.toks); j++ {
		t := p.toks[j]
		if t.kind == luaOp {
			switch t.code {
			case '(', '[', '{':
				open = append(open, '(')
			case ')', ']', '}':
				if len(open) == 0 {
					return j - 1
				}
				open = open[:len(open)-1]
			case ';':
				if len(open) == 0 {
					return j - 1
				}
			}
			continue
		}
		if t.kind != luaTName {
			continue
		}
		top := len(open) == 0
		switch t.code {
		case luaKwFunction:
			// A function value continues the statement; a function statement starts one.
			if top && j > i && p.stmtStart(j) {
				return j - 1
			}
			open = append(open, 'b')
		case luaKwIf:
			if top && j > i {
				return j - 1
			}
			open = append(open, 'b')
		case luaKwWhile, luaKwFor:
			if top && j > i {
				return j - 1
			}
			open = append(open, 'w')
		case luaKwRepeat:
			if top && j > i {
				return j - 1
			}
			open = append(open, 'r')
		case luaKwDo:
			if top && j > i {
				return j - 1
			}
			if !top && open[len(open)-1] == 'w' {
				open[len(open)-1] = 'b'
			} else {
				open = append(open, 'b')
			}
		case luaKwEnd, luaKwUntil:
			if top {
				return j - 1
			}
			open = open[:len(open)-1]
		case luaKwLocal, luaKwReturn, luaKwBreak, luaKwGoto, luaKwElse, luaKwElseif, luaKwThen:
			if top && j > i {
				return j - 1
			}
		case luaKwNone:
			if top && j > i && p.stmtStart(j) {
				return j - 1
			}
		}
	}
	return len(p.toks) - 1
}

// vars maps `local a, b = ...` at the top block, whose names start at token i; local is at l.
// It returns the statement's last token.
func (p *luaScan) vars(l, i int) int {
	var names []int
	for p.ident(i) {
		names = append(names, i)
		i++
		if p.op(i, '<') && p.ident(i+1) && p.op(i+2, '>') { // an attribute: <const>, <close>
			i += 3
		}
		if !p.op(i, ',') {
			break
		}
		i++
	}
	if len(names) == 0 {
		return l
	}
	if !p.op(i, '=') {
		end := i - 1
		for _, nm := range names {
			p.add(store.Symbol{Name: p.word(nm), Kind: store.KindVar, Signature: p.sigLine(l, end),
				StartLine: int(p.toks[l].line), EndLine: p.lastLine(end), Parent: -1})
		}
		return end
	}
	return p.values(l, names, i+1)
}

// assignment maps `a = ...`, `a.b = function` and `a, b = ...` starting at token i of the top
// block; it returns the last token read.
func (p *luaScan) assignment(i int) int {
	var names []int
	j := i
	for {
		c, last := p.chain(j)
		if c == "" {
			return i
		}
		names = append(names, j)
		j = last + 1
		if !p.op(j, ',') {
			break
		}
		j++
	}
	if !p.op(j, '=') {
		return i
	}
	return p.values(i, names, j+1)
}

// values maps the names of an assignment (or local declaration) starting at token s whose values
// start at token v: a function value is a function, `require` an import, anything else a variable
// when the name is plain. It returns the statement's last token so the scan continues after it,
// except that a function value's body is left for the scan to match.
func (p *luaScan) values(s int, names []int, v int) int {
	end := p.stmtEnd(s)
	// Find each value's first token: values are split by commas outside brackets and blocks.
	starts := []int{v}
	depth := 0
	for j := v; j <= end; j++ {
		switch t := p.toks[j]; {
		case t.opens():
			depth++
		case t.closes():
			depth--
		case t.kind == luaTName:
			switch t.code {
			case luaKwFunction, luaKwIf, luaKwWhile, luaKwFor, luaKwRepeat:
				depth++
			case luaKwEnd, luaKwUntil:
				depth--
			}
		case depth == 0 && t.kind == luaOp && t.code == ',':
			starts = append(starts, j+1)
		}
	}
	firstFn := -1
	for k, nm := range names {
		name, _ := p.chain(nm)
		var val int = -1
		if k < len(starts) && starts[k] <= end {
			val = starts[k]
		}
		switch {
		case val >= 0 && p.kw(val, luaKwFunction):
			// Left for the scan at the `function` token, which finds this assignment.
			if firstFn < 0 {
				firstFn = val
			}
		case val >= 0 && p.named(val, "require"):
			// `local m = require "m"` imports m, and so does `local f = require "m".f`, a name
			// of the module's own; a value made from the module (`require("m").new()`,
			// `require("m")(cfg)`, `require "m" or {}`) imports it too, and is a variable of
			// the file's.
			m, after := p.requireArg(val + 1)
			if m != "" && len(p.stack) == 0 && !slices.Contains(p.res.Imports, m) {
				p.res.Imports = append(p.res.Imports, m)
			}
			valueEnd := end
			if k+1 < len(starts) {
				valueEnd = starts[k+1] - 2 // before the comma
			}
			if (m == "" || p.madeFrom(after, valueEnd)) && !strings.ContainsAny(name, ".:") {
				p.addVar(s, end, name)
			}
		case !strings.ContainsAny(name, ".:"):
			p.addVar(s, end, name)
		}
	}
	if firstFn >= 0 {
		return firstFn - 1
	}
	// Tables are scanned for their fields' functions: resume at the first value.
	return v - 1
}

// addVar adds a variable named name for the statement from token s to token end.
func (p *luaScan) addVar(s, end int, name string) {
	p.add(store.Symbol{Name: name, Kind: store.KindVar, Signature: p.sigLine(s, end),
		StartLine: int(p.toks[s].line), EndLine: p.lastLine(end), Parent: -1})
	p.lastVar, p.lastVarEnd = len(p.res.Symbols)-1, end
}

// requireArg returns the module of `require("x")` or `require "x"` whose argument starts at i
// ("" when the argument is not one string), and the token after the call.
func (p *luaScan) requireArg(i int) (string, int) {
	if p.op(i, '(') && i+2 < len(p.toks) && p.toks[i+1].kind == luaString && p.op(i+2, ')') {
		i++
	}
	if i >= len(p.toks) || p.toks[i].kind != luaString {
		return "", i
	}
	next := i + 1
	if p.op(next, ')') && p.op(i-1, '(') {
		next++
	}
	return unquote(p.word(i)), next
}

// madeFrom reports whether the value that goes on at token i after a module's `require` call,
// up to token end, makes a value of its own: it calls something (`.new()`, `(cfg)`, `:f "x"`) or
// is part of a larger expression. Fields alone (`.a.b`) name what the module defines.
func (p *luaScan) madeFrom(i, end int) bool {
	for i <= end {
		switch {
		case (p.op(i, '.') || p.op(i, ':')) && p.ident(i+1):
			i += 2
		case p.op(i, '['):
			i = p.closing(i) + 1
		default:
			return true // a call's arguments, or an operator
		}
	}
	return false
}

// closing returns the token that closes the bracket opened at token i, or the last token.
func (p *luaScan) closing(i int) int {
	depth := 0
	for j := i; j < len(p.toks); j++ {
		switch t := p.toks[j]; {
		case t.opens():
			depth++
		case t.closes():
			if depth--; depth == 0 {
				return j
			}
		}
	}
	return len(p.toks) - 1
}

// openTable pushes a table constructor at token i, named when it is the value of `name =`.
func (p *luaScan) openTable(i int) {
	f := luaFrame{open: '{', sym: -1, tparent: -1, line: p.toks[i].line}
	if p.op(i-1, '=') {
		if qual, sym := p.target(i - 1); qual != "" {
			f.table, f.tparent = qual, sym
		}
	}
	p.stack = append(p.stack, f)
}

// target returns the qualified name assigned by the `=` at token eq (`a.b =`, `local a =`, or a
// field `a =` inside a named table) and the symbol it nests under, or "" when there is none.
func (p *luaScan) target(eq int) (string, int) {
	j := eq - 1
	if !p.ident(j) {
		return "", -1
	}
	for p.op(j-1, '.') && p.ident(j-2) {
		j -= 2
	}
	written, _ := p.chain(j) // up to eq-1: the `=` ends it
	if f := p.top(); f != nil && f.open == '{' {
		if j != eq-1 || !(p.op(j-1, '{') || p.op(j-1, ',') || p.op(j-1, ';')) {
			return "", -1
		}
		if f.table == "" {
			return written, p.parent()
		}
		return f.table + "." + written, f.tparent
	}
	if p.op(j-1, ',') || p.op(j-1, '.') || p.op(j-1, ':') {
		return "", -1
	}
	sym := p.parent()
	if p.atTop() && p.lastVar >= 0 && p.res.Symbols[p.lastVar].Name == written && eq <= p.lastVarEnd {
		sym = p.lastVar
	}
	return written, sym
}

// function handles the `function` keyword at token i: a function statement names itself, a
// function value takes the name it is assigned to; either way a block opens that its `end` closes.
// It returns the last token of the parameter list, where the scan continues: a parameter list
// holds only names, so a keyword miswritten there (broken source) opens no block.
func (p *luaScan) function(i int) int {
	f := luaFrame{open: 'b', sym: -1, line: p.toks[i].line}
	start, name, written, params := i, "", "", i+1
	kind := store.KindFunction
	parent := p.parent()
	if p.ident(i + 1) {
		w, last := p.chain(i + 1)
		written, params = w, last+1
		if p.kw(i-1, luaKwLocal) {
			start = i - 1
		}
	} else if p.op(i-1, '=') {
		if q, sym := p.target(i - 1); q != "" {
			written, parent = q, sym
			start = i - 2
			for p.op(start-1, '.') && p.ident(start-2) {
				start -= 2
			}
			if p.kw(start-1, luaKwLocal) {
				start--
			}
		}
	}
	if written != "" {
		if strings.Contains(written, ":") {
			kind = store.KindMethod
			written = strings.ReplaceAll(written, ":", ".")
		}
		name = written
		qual := ""
		if k := strings.LastIndexByte(written, '.'); k >= 0 {
			name, qual = written[k+1:], written
		}
		if parent >= 0 && parent < len(p.res.Symbols) && p.res.Symbols[parent].Kind == store.KindVar && qual == "" {
			qual = written
		}
		s := store.Symbol{Name: name, Qualname: qual, Kind: kind, Parent: parent,
			Signature: p.sig(start, p.paramsEnd(params)),
			StartLine: int(p.toks[start].line), EndLine: int(p.toks[i].line)}
		f.sym = p.add(s)
		p.fn = append(p.fn, f.sym)
	}
	p.stack = append(p.stack, f)
	if p.op(params, '(') {
		for j := params + 1; j < len(p.toks) && j < params+luaMaxParams; j++ {
			if p.op(j, ')') {
				return j
			}
			if p.op(j, '=') || p.op(j, '(') || p.op(j, '{') {
				break // not a parameter list: leave the rest to the scan
			}
		}
	}
	return params - 1
}
