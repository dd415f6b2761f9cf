package lang

import (
	"context"
	"math"

	"github.com/readmap/readmap/store"
)

// exMapperName names the hand-written Elixir scanner in `map --json` output.
const exMapperName = "elixir-scanner"

// exMapper maps Elixir as the tree-sitter walk (elixir.go) does, in one pass over the tokens of
// elixir_scan_lex.go: a container's expressions are read one by one, and those that are calls
// are told apart by their name (defmodule, def, use, defstruct, ...); the do-blocks and `do:`
// values of other calls are containers too, a function's body is skipped but for a macro's
// quote blocks, whose definitions are the macro's. The walk stays the reference of the
// differential test (elixir_scan_diff_test.go).
type exMapper struct{}

// Map returns the modules, functions, types, attributes and imports of one Elixir file.
func (exMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	if len(src) > math.MaxInt32 {
		return nil, errTooLargeToParse
	}
	p := &exScanner{scanStop: scanStop{ctx: ctx}, src: src, quote: -1, w: tsWalk{src: src, lastOverload: -1}}
	p.lx = exLexer{src: src, line: 1}
	p.lx.pos = bomLen(src)
	p.lx.next(&p.tok)
	p.members(-1, exTop)
	if p.err != nil {
		return nil, p.err
	}
	p.finish()
	return &p.w.res, nil
}

// exScanner is the state of one scan.
type exScanner struct {
	scanStop
	src      []byte
	lx       exLexer
	tok      exTok // the current token
	prevEnd  int   // where the token before it ends
	prevLine int   // and its last line
	prevCont bool  // it leaves an expression to be continued (an operator, a comma, a key)
	quote    int   // the macro whose quote blocks are being looked for, or -1
	items    []exTok
	open     []int // the lines of the groups the fast skip is in
	unclosed int   // the line of the innermost group the file's end left open
	stray    [][2]int
	w        tsWalk // the symbols and imports, added as the walk adds them
}

// exContainer is what ends a container's expressions.
type exContainer uint8

const (
	exTop   exContainer = iota // the file's end
	exDo                       // end
	exParen                    // )
)

// advance moves to the next token.
func (p *exScanner) advance() {
	t := &p.tok
	p.prevEnd, p.prevLine = t.end, t.endLine
	p.prevCont = t.kind == exOp || t.kind == exComma || t.kind == exKey || t.kind == exDot
	if p.tick() {
		p.tok = exTok{start: len(p.src), end: len(p.src), line: p.prevLine, endLine: p.prevLine}
		return
	}
	p.lx.next(t)
}

// text returns the source of the current token.
func (p *exScanner) text(t *exTok) []byte { return p.src[t.start:t.end] }

// ends reports whether the current token ends the expression being read: a separator, a
// closer, a block's keyword, a clause's arrow, or a line break after a complete expression that
// the next line does not continue (with a binary operator or `do`). With comma set, a comma ends
// it too.
func (p *exScanner) ends(comma bool) bool {
	t := &p.tok
	switch t.kind {
	case exEOF, exSemi, exClose, exArrow:
		return true
	case exComma:
		return comma
	case exIdent:
		if t.word == wEnd || t.word == wElse {
			return true
		}
	}
	return t.nl && !p.prevCont && t.flags&exLead == 0 && t.word != wDo
}

// exMark is the state of the map before an expression, to go back to when the expression turns
// out to be another than it seemed (a clause's head, a call inside an operator).
type exMark struct{ syms, imports int }

// mark returns the state of the map now.
func (p *exScanner) mark() exMark {
	return exMark{len(p.w.res.Symbols), len(p.w.res.Imports)}
}

// rollback drops what was mapped since m.
func (p *exScanner) rollback(m exMark) {
	p.w.res.Symbols = p.w.res.Symbols[:m.syms]
	for _, imp := range p.w.res.Imports[m.imports:] {
		delete(p.w.seenImports, imp)
	}
	p.w.res.Imports = p.w.res.Imports[:m.imports]
}

// members reads the expressions of a container (the file, a do-block, a parenthesized block) as
// declarations whose parent is parent. Annotations (@spec, @impl) start the range of the
// declaration after them; a clause's head (`pattern ->`) maps nothing.
func (p *exScanner) members(parent int, in exContainer) {
	attr := 0
	m := p.mark() // before the last expression: a clause's head when an arrow follows
	for p.tok.kind != exEOF {
		t := &p.tok
		switch {
		case t.kind == exSemi:
			p.advance()
			m = p.mark()
			continue
		case t.kind == exArrow:
			p.rollback(m)
			attr = 0
			p.advance()
			continue
		case t.kind == exIdent && t.word == wElse && in == exDo:
			attr = 0
			p.advance()
			m = p.mark()
			continue
		case t.kind == exIdent && t.word == wEnd && in == exDo, t.kind == exClose && in != exTop:
			return
		case t.kind == exClose || t.kind == exIdent && (t.word == wEnd || t.word == wElse):
			p.stray = appendSpan(p.stray, t.line, t.line)
			p.advance()
			continue
		}
		m = p.mark()
		line := t.line
		if p.expression(parent, attr, false) {
			if attr == 0 {
				attr = line
			}
		} else {
			attr = 0
		}
	}
}

// expression reads one expression of a container and maps it; attr is the line of the
// annotations before it (0: none). It reports whether the expression is an annotation.
func (p *exScanner) expression(parent, attr int, comma bool) bool {
	t := &p.tok
	switch {
	case t.kind == exOp && t.end-t.start == 1 && p.src[t.start] == '@':
		return p.attribute(parent, attr, comma)
	case t.kind == exIdent && t.word == wPlain, t.kind == exAlias:
		p.call(parent, attr, comma)
		return false
	}
	p.skipToken()
	p.skipExpr(comma)
	return false
}

// skipExpr moves past the rest of an expression, groups and all; in a macro, the quote blocks
// in it are mapped.
func (p *exScanner) skipExpr(comma bool) {
	for !p.ends(comma) {
		p.skipToken()
	}
}

// skipToken moves past the current token, or the whole group it opens; in a macro, a quote
// call is mapped.
func (p *exScanner) skipToken() {
	t := &p.tok
	switch {
	case t.kind == exOpen || t.kind == exIdent && (t.word == wDo || t.word == wFn):
		p.group()
	case p.quote >= 0 && p.isQuote():
		p.quoteCall()
	default:
		p.advance()
	}
}

// isQuote reports whether the current token is the name `quote`.
func (p *exScanner) isQuote() bool {
	t := &p.tok
	return t.kind == exIdent && t.word == wPlain && string(p.text(t)) == "quote"
}

// group moves past a bracketed group or a do/fn block, from its opener to its closer. In a
// macro it reads the group token by token for quote calls; elsewhere it only counts.
func (p *exScanner) group() {
	if p.quote >= 0 {
		p.searchGroup()
		return
	}
	p.open = append(p.open[:0], p.tok.line)
	t := &p.tok
	for {
		if p.tick() {
			p.advance()
			return
		}
		p.prevEnd, p.prevLine = t.end, t.endLine
		p.lx.next(t)
		switch {
		case t.kind == exEOF:
			p.unclosedAt(p.open[len(p.open)-1])
			return
		case t.kind == exOpen || t.kind == exIdent && (t.word == wDo || t.word == wFn):
			p.open = append(p.open, t.line)
		case t.kind == exClose || t.kind == exIdent && t.word == wEnd:
			p.open = p.open[:len(p.open)-1]
			if len(p.open) == 0 {
				p.advance()
				return
			}
		}
	}
}

// searchGroup is group in a macro: a quote call inside maps its definitions as the macro's.
func (p *exScanner) searchGroup() {
	line := p.tok.line
	p.advance()
	for {
		t := &p.tok
		switch {
		case t.kind == exEOF:
			p.unclosedAt(line)
			return
		case t.kind == exClose || t.kind == exIdent && t.word == wEnd:
			p.advance()
			return
		default:
			p.skipToken()
		}
	}
}

// unclosedAt notes a group opened on line that the file's end leaves open, unless one inside
// it was noted first.
func (p *exScanner) unclosedAt(line int) {
	if p.unclosed == 0 {
		p.unclosed = line
	}
}

// exCallKind is what a call's name makes of it.
type exCallKind uint8

const (
	exOther exCallKind = iota
	exModule
	exFunction
	exImport
	exStruct
)

// exCallOf returns what a call named name declares, and the kind of its symbol.
func exCallOf(name []byte) (exCallKind, store.Kind) {
	switch string(name) {
	case "defmodule":
		return exModule, store.KindModule
	case "defprotocol":
		return exModule, store.KindInterface
	case "defimpl":
		return exModule, store.KindImpl
	case "def", "defp", "defdelegate", "defn", "defnp":
		return exFunction, store.KindFunction
	case "defmacro", "defmacrop", "defguard", "defguardp":
		return exFunction, store.KindMacro
	case "use", "import", "alias", "require":
		return exImport, store.KindModule
	case "defstruct", "defexception":
		return exStruct, store.KindStruct
	}
	return exOther, store.KindModule
}

// exRead is a call being read: where it starts, what its name declares, and its form.
type exRead struct {
	start, line int // its first byte and the first line of its range (annotations included)
	target      int // where its name ends
	what        exCallKind
	kind        store.Kind
	paren       bool   // its arguments are in parentheses
	parent      int    // the parent of its symbol
	sym         int    // its symbol, or -1
	body        int    // the parent of the definitions in its do-block and `do:` values; -2: not read
	values      exMark // the map before its `do:` values, which a do-block replaces
}

// exNoBody is exRead.body of a call whose blocks are not read as containers.
const exNoBody = -2

// call reads an expression that starts with a name: a call maps as its name says; anything else
// (a variable, an operator's operand) maps nothing.
func (p *exScanner) call(parent, attr int, comma bool) {
	head := p.tok
	c := exRead{start: head.start, line: head.line, target: head.end, parent: parent, sym: -1, body: parent}
	if attr > 0 {
		c.line = min(c.line, attr)
	}
	if head.kind == exIdent {
		c.what, c.kind = exCallOf(p.text(&head))
	}
	p.advance()
	for p.tok.kind == exDot {
		c.what = exOther
		p.advance()
		if p.tok.kind != exIdent && p.tok.kind != exAlias {
			break
		}
		p.advance()
	}
	switch t := &p.tok; {
	case t.kind == exOpen && !t.sp && p.src[t.start] == '(':
		c.paren = true
	case t.kind == exIdent && t.word == wDo:
	case head.kind == exIdent && t.sp && !t.nl && p.operandStart(t):
	default:
		p.skipExpr(comma)
		return
	}
	start := p.mark()
	p.arguments(&c, parent)
	for c.paren && p.tok.kind == exOpen && !p.tok.sp && p.src[p.tok.start] == '(' {
		p.group() // unquote(name)(args)
	}
	if p.tok.kind == exIdent && p.tok.word == wDo {
		p.doBlock(&c)
	}
	p.quote = -1
	if !p.ends(comma) {
		p.rollback(start) // an operand: `quote do ... end |> f()`
		p.skipExpr(comma)
		return
	}
	p.finishCall(&c)
}

// finishCall ends the range of a call's symbol where the call ends, and gives the signatures
// that need the whole call.
func (p *exScanner) finishCall(c *exRead) {
	if c.sym < 0 {
		return
	}
	s := &p.w.res.Symbols[c.sym]
	s.EndLine = p.prevLine
	switch {
	case c.what == exStruct:
		s.Signature = p.w.sigLine(uint32(c.start), uint32(p.prevEnd))
	case c.what == exModule && s.Signature == "":
		s.Signature = p.w.sig(uint32(c.start), uint32(p.prevEnd))
	}
}

// operandStart reports whether t, after a name and a space, starts the arguments of a call
// without parentheses (`foo -1` does, `foo - 1` does not).
func (p *exScanner) operandStart(t *exTok) bool {
	switch t.kind {
	case exIdent:
		return t.word == wPlain || t.word == wFn
	case exAlias, exLit, exKey, exOpen:
		return true
	case exOp:
		if t.flags&exUnary == 0 {
			return false
		}
		if t.flags&exBin == 0 {
			return true
		}
		return t.end < len(p.src) && !exSpace(p.src[t.end]) && p.src[t.end] != ':' && p.src[t.end] != '/'
	}
	return false
}

// argsEnd reports whether the current token ends a call's arguments.
func (p *exScanner) argsEnd(c *exRead) bool {
	t := &p.tok
	if c.paren {
		return t.kind == exClose || t.kind == exEOF || t.kind == exIdent && (t.word == wEnd || t.word == wElse)
	}
	return p.ends(false) || t.kind == exIdent && t.word == wDo
}

// arguments reads a call's arguments, in parentheses or up to the end of the expression or a
// `do`: the first one names what the call declares, and the values of `do:` and the other block
// keys are containers when the call's kind says so.
func (p *exScanner) arguments(c *exRead, parent int) {
	open := p.tok.line
	if c.paren {
		p.advance()
	}
	c.values = p.mark()
	more := true
	switch {
	case p.argsEnd(c): // no arguments: the blocks are the container's
		c.what, c.body = exOther, parent
		more = false
	case p.tok.kind == exKey:
		if c.what == exStruct {
			p.declare(c, p.tok.start, p.tok.start)
		} else if c.what != exOther {
			c.body = exNoBody
		}
	default:
		first := p.tok.start
		p.items = p.items[:0]
		p.skipArg(c.paren, true)
		p.declare(c, first, p.prevEnd)
		more = p.tok.kind == exComma
		if more {
			p.advance()
		}
	}
	for more && !p.argsEnd(c) {
		more = p.argument(c)
	}
	if !c.paren {
		return
	}
	switch p.tok.kind {
	case exClose:
		p.advance()
	case exEOF:
		p.unclosedAt(open)
	default:
		p.stray = appendSpan(p.stray, open, p.tok.line)
	}
}

// exMaxItems bounds the tokens of a first argument kept to name a definition.
const exMaxItems = 64

// skipArg moves past one argument, up to a comma or the end of the arguments; with record set,
// its tokens and groups are kept in p.items.
func (p *exScanner) skipArg(paren, record bool) {
	for {
		t := &p.tok
		if t.kind == exComma || paren && (t.kind == exClose || t.kind == exEOF || t.kind == exIdent && (t.word == wEnd || t.word == wElse)) ||
			!paren && (p.ends(false) || t.kind == exIdent && t.word == wDo) {
			return
		}
		item := *t
		p.skipToken()
		if record && len(p.items) < exMaxItems {
			if item.kind == exOpen || item.kind == exIdent && (item.word == wDo || item.word == wFn) {
				item.kind, item.end = exGroup, p.prevEnd
			}
			p.items = append(p.items, item)
		}
	}
}

// argument reads one argument after the first and reports whether a comma followed it.
func (p *exScanner) argument(c *exRead) bool {
	if p.tok.kind == exKey {
		block := exBlockKey(p.text(&p.tok))
		p.advance()
		if block && c.body != exNoBody {
			p.value(c.body)
		} else {
			p.skipArg(c.paren, false)
		}
	} else {
		p.skipArg(c.paren, false)
	}
	if p.tok.kind == exComma {
		p.advance()
		return true
	}
	return false
}

// exBlockKey reports whether a keyword key is one of a call's blocks in keyword form, as in
// `if c, do: x, else: y`.
func exBlockKey(key []byte) bool {
	switch string(key) {
	case "do:", "else:", "after:", "rescue:", "catch:":
		return true
	}
	return false
}

// value maps the value of a block key: a call, an attribute, or a parenthesized block of them.
func (p *exScanner) value(parent int) {
	if p.tok.kind != exOpen || p.src[p.tok.start] != '(' {
		p.expression(parent, 0, true)
		return
	}
	open := p.tok.line
	p.advance()
	p.members(parent, exParen)
	if p.tok.kind == exClose {
		p.advance()
	} else if p.tok.kind == exEOF {
		p.unclosedAt(open)
	}
	p.skipExpr(true)
}

// declare maps what a call declares, now that its first argument (from, to) is read.
func (p *exScanner) declare(c *exRead, from, to int) {
	to = max(to, from)
	switch c.what {
	case exImport:
		p.w.addImport(foldName(p.src[from:to]))
		c.body = exNoBody
	case exModule:
		c.sym = p.add(c, foldName(p.src[from:to]), "")
		c.body = c.sym
	case exFunction:
		c.body = exNoBody
		name := p.functionName(p.items)
		if name == "" {
			return
		}
		c.sym = p.add(c, name, p.w.sig(uint32(c.start), uint32(to)))
		if c.kind == store.KindMacro {
			p.quote = c.sym
		}
	case exStruct:
		c.body = exNoBody
		c.sym = p.add(c, string(p.src[c.start:c.target]), "")
	}
	c.values = p.mark()
}

// add adds the symbol of call c, its range open until the call ends.
func (p *exScanner) add(c *exRead, name string, sig string) int {
	return p.w.add(store.Symbol{Name: name, Kind: c.kind, Signature: sig, StartLine: c.line, EndLine: math.MaxInt32,
		Parent: c.parent})
}

// doBlock reads a call's do-block: a container when the call's kind says so (its `do:` values
// give way to it), else skipped.
func (p *exScanner) doBlock(c *exRead) {
	if c.body == exNoBody {
		p.group()
		return
	}
	p.rollback(c.values)
	if c.what == exModule && c.sym >= 0 {
		p.w.res.Symbols[c.sym].Signature = p.w.sig(uint32(c.start), uint32(p.tok.start))
	}
	p.block(c.body)
}

// block reads a do-block's expressions, and those of its else, rescue, catch and after blocks,
// as declarations whose parent is parent.
func (p *exScanner) block(parent int) {
	open := p.tok.line
	p.advance()
	p.members(parent, exDo)
	switch {
	case p.tok.kind == exIdent && p.tok.word == wEnd:
		p.advance()
	case p.tok.kind == exEOF:
		p.unclosedAt(open)
	}
}

// quoteCall maps a quote call met in a macro's body: its do-block, or its `do:` value, holds
// definitions the macro gives its callers, the macro's children.
func (p *exScanner) quoteCall() {
	macro := p.quote
	p.advance()
	c := exRead{what: exOther, parent: macro, sym: -1, body: macro}
	switch t := &p.tok; {
	case t.kind == exOpen && !t.sp && p.src[t.start] == '(':
		c.paren = true
	case t.kind == exIdent && t.word == wDo:
	case t.sp && !t.nl && p.operandStart(t):
	default:
		return // a variable named quote
	}
	p.quote = -1
	p.arguments(&c, macro)
	if p.tok.kind == exIdent && p.tok.word == wDo {
		p.doBlock(&c)
	}
	p.quote = macro
}

// finish ends the ranges of children inside their parents' and gives the spans the scan could
// not read: from a string, sigil or heredoc the file's end leaves open, or else from the
// innermost block or bracket it leaves open, to the last line; and the lines of closers that
// close nothing.
func (p *exScanner) finish() {
	syms := p.w.res.Symbols
	for i := range syms {
		s := &syms[i]
		if s.Parent >= 0 {
			s.EndLine = max(min(s.EndLine, syms[s.Parent].EndLine), s.StartLine)
		}
	}
	lines := CountLines(p.src)
	spans := p.stray
	if p.lx.bad > 0 {
		spans = append(spans, toEnd(p.lx.bad, lines)...)
	} else {
		spans = append(spans, toEnd(p.unclosed, lines)...)
	}
	p.w.res.Unparsed = joinSpans(spans, lines)
}
