package lang

import (
	"context"
	"strings"

	"github.com/readmap/readmap/store"
)

// The Scala scanner maps a file from its tokens (scala_scan_lex.go) as the tree-sitter walk
// (scala.go) maps it: the declarations of the file, of package blocks and of the bodies of
// classes, traits, objects, enums, givens and extensions; never those inside a def or a val.
// A statement ends at a newline unless the line after starts with ".", else, catch, finally,
// extends, with or derives, the statement so far cannot end (a reserved operator such as "="
// or ":", a comma, a keyword such as `if` or `new`, a def's header before its type or body),
// or it ends with an infix operator and the next line starts an expression, as scalac reads
// them. A newline after what may open an indented block (`=`, `=>`, a colon ending a class
// header, `else`, the condition of `if`, ...) takes the lines indented deeper than the
// statement's first line, and those after them indented at least as deep, into the statement:
// Scala 3's optional braces (`class A:`, `enum E:`, `given x: T with`, `extension (a: A)`, a
// def's indented body) read as tree-sitter-scala reads them, and Scala 2 code, written with
// braces, reads the same. `end` markers are statements of their own, not mapped.

// scalaScannerName names the scanner in `map --json` output.
const scalaScannerName = "scala-scanner"

// scalaScanner maps Scala files; it keeps its token buffer from file to file.
type scalaScanner struct{ toks []scTok }

// newScalaScanner returns a Scala scanner.
func newScalaScanner() Mapper { return &scalaScanner{} }

// Map lexes src and maps its declarations.
func (m *scalaScanner) Map(ctx context.Context, src []byte) (*Result, error) {
	lx := scLex(src, m.toks)
	m.toks = lx.toks[:0]
	p := &scParse{scanStop: scanStop{ctx: ctx}, src: src, toks: lx.toks}
	p.members(0, len(p.toks), -1, -1, 0)
	if p.err != nil {
		return nil, p.err
	}
	p.res.Unparsed = scUnparsed(lx, src)
	return &p.res, nil
}

// scUnparsed returns the span a comment, string or bracket left open at the end of the file
// spoils: from the line it opens on (the earliest of them) to the last line.
func scUnparsed(lx *scLexer, src []byte) [][2]int {
	from := int32(-1)
	if len(lx.open) > 0 {
		from = lx.toks[lx.open[0]].line
	}
	if lx.unclosed >= 0 && (from < 0 || lx.unclosed < from) {
		from = lx.unclosed
	}
	if from < 0 {
		return nil
	}
	return [][2]int{{int(from) + 1, max(CountLines(src), int(from)+1)}}
}

// scParse is the state of one file's mapping.
type scParse struct {
	scanStop
	src    []byte
	toks   []scTok
	res    Result
	seen   map[string]bool
	indent []int32 // stmtEnd's stack of indented blocks, kept for its memory
}

// members maps the statements of toks[from:to], the body of the symbol parent (-1: the file or
// a package block). outer is the indentation of an indented body, -1 in braces; nest counts the
// bodies around, bounded as the walk bounds them.
func (p *scParse) members(from, to, parent int, outer int32, nest int) {
	if nest >= tsMaxNest {
		return
	}
	bare := -1 // a class, trait or object just declared without a body
	for k := from; k < to; {
		if p.tick() {
			return
		}
		if t := p.toks[k]; t.kind == scSemi || t.kind == scClose {
			k++
			continue
		}
		if k == from && parent >= 0 {
			if k = p.selfType(k, to); k >= to {
				return
			}
		}
		sig := p.afterAnnotations(k, to)
		head := p.afterModifiers(sig, to)
		if head >= to {
			return
		}
		end := p.stmtEnd(head, to, max(outer, p.toks[k].indent))
		if t := p.toks[k]; t.kind == scOpen && t.ch == '{' && bare >= 0 {
			p.detached(bare, k, nest)
			bare = -1
		} else {
			bare = p.statement(k, sig, head, end, parent, nest)
		}
		k = end + 1
	}
}

// statement maps the statement of toks[start:end+1] whose annotations end at sig and modifiers
// at head. It returns the index of the symbol of a class, trait or object declared without a
// body, which a block on the next line may give one (detached), else -1.
func (p *scParse) statement(start, sig, head, end, parent, nest int) int {
	switch t := p.toks[head]; t.kw {
	case scImport:
		p.addImport(head, end)
	case scPackage:
		p.pkg(start, sig, head, end, parent, nest)
	case scClass, scTrait, scObject:
		return p.typeDef(start, sig, head, end, parent, nest, scDefKind(t.kw))
	case scEnum:
		p.typeDef(start, sig, head, end, parent, nest, store.KindEnum)
	case scCase:
		switch {
		case head < end && (p.toks[head+1].kw == scClass || p.toks[head+1].kw == scObject):
			return p.typeDef(start, sig, head+1, end, parent, nest, scDefKind(p.toks[head+1].kw))
		case parent >= 0 && p.res.Symbols[parent].Kind == store.KindEnum:
			p.enumCases(head, end, parent)
		}
	case scDef:
		p.function(start, sig, head, end, parent)
	case scVal, scVar:
		p.value(start, sig, head, end, parent)
	case scType:
		if p.nameAt(head+1, end) || p.opAt(head+1, end) {
			p.add(p.symbol(start, head+1, end, store.KindType, p.sigLine(sig, end), parent))
		}
	case scGiven:
		p.given(start, sig, head, end, parent, nest)
	case scExtension:
		p.extension(start, sig, head, end, parent, nest)
	}
	return -1
}

// scDefKind is the kind of a class, trait or object.
func scDefKind(kw scKeyword) store.Kind {
	switch kw {
	case scTrait:
		return store.KindTrait
	case scObject:
		return store.KindObject
	}
	return store.KindClass
}

// stmtEnd returns the index of the last token of the statement whose head (after annotations
// and modifiers) is toks[i], in a body that ends before toks[to]. indent is the indentation
// of the statement's first line: a block indented deeper may follow a newline (continues).
func (p *scParse) stmtEnd(i, to int, indent int32) int {
	stack := p.indent[:0]
	last := i
	head := p.toks[i].kw
	for k := i; k < to; k++ {
		t := &p.toks[k]
		if k > i && t.kind == scSemi && len(stack) == 0 {
			break
		}
		if k > i && t.nl {
			if t.kind == scClose {
				break
			}
			for len(stack) > 0 && t.col < stack[len(stack)-1] {
				stack = stack[:len(stack)-1]
			}
			if len(stack) == 0 && !p.headerGoesOn(head, i, last, k) && !p.continues(last, k, &stack, indent) {
				break
			}
		}
		if head == scDef && k > i+1 && (t.kind == scOp && (p.is(k, ":") || p.is(k, "=")) || t.kind == scOpen && t.ch == '{') {
			head = scNone // the def's header is complete
		}
		switch {
		case t.kind == scOpen && (t.pair < 0 || int(t.pair) >= to):
			p.indent = stack
			return to - 1
		case t.kind == scOpen:
			k = int(t.pair)
		case t.kind == scClose:
			p.indent = stack
			return last
		}
		last = k
	}
	p.indent = stack
	return last
}

// headerGoesOn reports whether a newline before toks[k] is part of the header of a definition
// whose keyword is head at toks[i] and whose last token so far is toks[last], as
// tree-sitter-scala reads it: anywhere in a def's header before its return type or body (head is
// then still scDef), after a val's or var's name, and between a class's or trait's name and
// its type parameters.
func (p *scParse) headerGoesOn(head scKeyword, i, last, k int) bool {
	switch head {
	case scDef:
		return true
	case scVal, scVar:
		return last == i+1 || p.is(k, "=") && p.namesOnly(i+1, last)
	case scClass, scTrait, scObject, scCase:
		name := i + 1
		if head == scCase {
			name++
		}
		return last == name && p.toks[k].ch == '[' && p.toks[k].kind == scOpen || last > name && p.paramsOnly(k)
	case scGiven:
		return p.paramsOnly(k)
	}
	return false
}

// namesOnly reports whether toks[from:last+1] are names separated by commas, as in
// `val a, b = 1`.
func (p *scParse) namesOnly(from, last int) bool {
	for j := from; j <= last; j++ {
		if k := p.toks[j].kind; (j-from)%2 == 0 && k != scIdent || (j-from)%2 == 1 && k != scComma {
			return false
		}
	}
	return true
}

// paramsOnly reports whether the groups in parentheses one after the other from toks[k] hold
// one that can only be parameters, not an expression: `(implicit x: A)`, `(using A)`, `(val x:
// A)`, `(x: A = 1)`, `(x: => A)`. The grammar's parse that reads such a line as a statement
// fails, and tree-sitter keeps the one that reads it as more parameters of the header above.
func (p *scParse) paramsOnly(k int) bool {
	for ; k < len(p.toks) && p.toks[k].kind == scOpen && p.toks[k].ch == '(' && p.toks[k].pair > 0; k = int(p.toks[k].pair) + 1 {
		if p.paramGroup(k) {
			return true
		}
	}
	return false
}

// paramGroup reports whether the group in parentheses at toks[k] can only be parameters.
func (p *scParse) paramGroup(k int) bool {
	close := int(p.toks[k].pair)
	if first := k + 1; first < close {
		switch p.toks[first].kw {
		case scImplicit, scVal, scVar, scPrivate, scProtected, scOverride, scFinal:
			return true
		}
		if p.is(first, "using") || p.is(first, "@") {
			return true
		}
	}
	for j := k + 1; j < close; j++ {
		u := &p.toks[j]
		switch {
		case u.kind == scOpen && u.pair > 0:
			j = int(u.pair)
		case u.kind == scOp && (p.is(j, "=") || p.isArrow(j) && p.is(j-1, ":")):
			return true
		}
	}
	return false
}

// continues reports whether the statement whose last token so far is toks[last] goes on at
// toks[k], the first token of a line; a newline that opens a block indented deeper than the
// statement's first line (indent) pushes the block's indentation on stack.
func (p *scParse) continues(last, k int, stack *[]int32, indent int32) bool {
	next := &p.toks[k]
	if next.kind == scDot {
		return true
	}
	switch next.kw {
	case scElse, scCatch, scFinally, scExtends, scWith, scDerives:
		return true
	}
	if p.opensBlock(last) {
		if next.col > indent {
			*stack = append(*stack, next.col)
		}
		return true
	}
	return p.cannotEnd(last) || p.infix(last) && p.startsExpr(k) && !p.blankLine(last, k)
}

// opensBlock reports whether toks[i] may be followed by an indented block: `=`, `=>`, a
// colon, keywords such as else, yield or match, the condition of if, while or for, the
// parameters of an extension.
func (p *scParse) opensBlock(i int) bool {
	t := &p.toks[i]
	switch t.kind {
	case scOp:
		return p.is(i, "=") || p.isArrow(i) || p.is(i, ":")
	case scClose:
		if t.pair > 0 {
			switch p.toks[t.pair-1].kw {
			case scIf, scFor, scExtension:
				return true
			case scWhile:
				return !p.endsDo(int(t.pair) - 2)
			}
		}
		return false
	}
	switch t.kw {
	case scElse, scThen, scDo, scYield, scTry, scFinally, scCatch, scMatch, scWith:
		return true
	}
	return false
}

// endsDo reports whether the `while` after toks[i] ends a do-while loop (`do f() while (c)`)
// rather than opening a while loop: it follows an expression on the same line.
func (p *scParse) endsDo(i int) bool {
	if i < 0 || p.toks[i+1].nl {
		return false
	}
	switch t := &p.toks[i]; t.kind {
	case scClose, scLit:
		return true
	case scIdent:
		return t.kw == scNone || t.kw == scThis
	}
	return false
}

// cannotEnd reports whether a statement cannot end with toks[i]: an operator, a comma, a dot,
// a keyword that needs what follows.
func (p *scParse) cannotEnd(i int) bool {
	t := &p.toks[i]
	switch t.kind {
	case scOp:
		return p.reserved(i)
	case scComma, scDot:
		return true
	case scIdent:
		switch t.kw {
		case scNone, scThis, scReturn, scSoft, scGiven, scEnum, scExtension, scDerives:
			return false
		}
		return true
	}
	return false
}

// infix reports whether the operator toks[i] follows an operand on its line: an infix
// operator whose right operand may be on the next line. `a +` newline `b` is one expression to
// scalac when b can start one (tree-sitter-scala reads a postfix `a +` and a statement `b`).
func (p *scParse) infix(i int) bool {
	if i == 0 || p.toks[i].kind != scOp || p.toks[i].nl {
		return false
	}
	switch prev := &p.toks[i-1]; prev.kind {
	case scLit, scClose:
		return true
	case scIdent:
		return prev.kw == scNone || prev.kw == scThis
	}
	return false
}

// blankLine reports whether a blank line separates toks[a] from toks[b], which ends an
// expression that an infix operator would carry on.
func (p *scParse) blankLine(a, b int) bool {
	newlines := 0
	for _, c := range p.src[p.toks[a].end:p.toks[b].start] {
		switch c {
		case '\n':
			if newlines++; newlines == 2 {
				return true
			}
		case ' ', '\t', '\r', '\f', '\v':
		default:
			newlines = 0
		}
	}
	return false
}

// startsExpr reports whether toks[k] can start an expression: not a definition, a modifier,
// a closer or a keyword that continues one.
func (p *scParse) startsExpr(k int) bool {
	switch t := &p.toks[k]; t.kind {
	case scLit, scOpen:
		return true
	case scOp:
		return !p.reserved(k)
	case scIdent:
		switch t.kw {
		case scNone, scThis, scSoft, scNew, scIf, scWhile, scFor, scTry, scThrow, scReturn, scDo:
			return true
		}
	}
	return false
}

// reserved reports whether the operator toks[i] is one of Scala's reserved ones, which cannot
// end an expression as other operators (postfix ones) can.
func (p *scParse) reserved(i int) bool {
	switch string(p.src[p.toks[i].start:p.toks[i].end]) {
	case "=", "=>", "⇒", "<-", "←", ":", "<:", ">:", "<%", "#", "@":
		return true
	}
	return false
}

// selfType returns the index after the self-type that opens a body at k (`self =>`, `this:
// T =>`, `self: A` and lines of `with B` then "=>"), or k without one.
func (p *scParse) selfType(k, to int) int {
	if t := p.toks[k]; t.kind != scIdent || t.kw != scNone && t.kw != scThis {
		return k
	}
	for j := k + 1; j < to; j++ {
		u := &p.toks[j]
		switch {
		case u.nl && u.kw != scWith && p.toks[j-1].kw != scWith:
			return k
		case p.isArrow(j):
			return j + 1
		case j == k+1 && !p.is(j, ":"):
			return k
		case u.kind == scOpen:
			if u.pair < 0 {
				return k
			}
			j = int(u.pair)
		}
	}
	return k
}

// afterAnnotations returns the index after the annotations at k: `@a.B[T](x)(y)`.
func (p *scParse) afterAnnotations(k, to int) int {
	for k < to && p.is(k, "@") {
		k++
		for k < to && p.toks[k].kind == scIdent {
			if k+1 < to && p.toks[k+1].kind == scDot {
				k += 2
				continue
			}
			k++
			break
		}
		for k < to && p.toks[k].kind == scOpen && p.toks[k].ch != '{' && p.toks[k].pair > 0 {
			k = int(p.toks[k].pair) + 1
		}
	}
	return k
}

// afterModifiers returns the index after the modifiers at k: `private[pkg] override lazy`.
func (p *scParse) afterModifiers(k, to int) int {
	for k < to {
		switch p.toks[k].kw {
		case scAbstract, scFinal, scSealed, scImplicit, scLazy, scOverride:
			k++
		case scPrivate, scProtected:
			k++
			if k < to && p.toks[k].ch == '[' && p.toks[k].kind == scOpen && p.toks[k].pair > 0 {
				k = int(p.toks[k].pair) + 1
			}
		case scSoft:
			if k+1 >= to || !scBeforeDefinition(p.toks[k+1].kw) {
				return k
			}
			k++
		default:
			return k
		}
	}
	return k
}

// scBeforeDefinition reports whether kw may follow a modifier.
func scBeforeDefinition(kw scKeyword) bool {
	switch kw {
	case scAbstract, scFinal, scSealed, scImplicit, scLazy, scOverride, scPrivate, scProtected, scSoft,
		scCase, scClass, scTrait, scObject, scEnum, scDef, scVal, scVar, scType, scGiven:
		return true
	}
	return false
}

// typeDef maps a class, trait or object (an enum, a package object) whose keyword is
// toks[kw], with its members. It returns its index when it has no body, else -1.
func (p *scParse) typeDef(start, sig, kw, end, parent, nest int, kind store.Kind) int {
	name := kw + 1
	if !p.nameAt(name, end) && !p.opAt(name, end) {
		return -1
	}
	body, outer := p.templateBody(name+1, end)
	sigTo := p.toks[end].end
	if body >= 0 {
		sigTo = p.toks[body].start
	}
	idx := p.add(p.symbol(start, name, end, kind, joinSig(p.raw(p.toks[sig].start, sigTo)), parent))
	switch {
	case body < 0:
		if kind == store.KindEnum {
			return -1
		}
		return idx
	case p.toks[body].kind == scOpen:
		p.members(body+1, int(p.toks[body].pair), idx, -1, nest+1)
	default:
		p.members(body+1, end+1, idx, outer, nest+1)
	}
	return -1
}

// templateBody returns the index of the body of the definition whose header runs from toks[from]
// to toks[end]: the "{" that the last "}" closes, or a colon at a line's end (Scala 3), with
// the indentation of the body's first line; -1 without a body.
func (p *scParse) templateBody(from, end int) (int, int32) {
	if last := &p.toks[end]; last.kind == scClose && last.ch == '}' && int(last.pair) >= from {
		return int(last.pair), -1
	}
	if p.toks[end].last == p.toks[from-1].line {
		return -1, -1
	}
	for j := from; j < end; j++ {
		t := &p.toks[j]
		switch {
		case t.kind == scOpen && t.pair > 0:
			j = int(t.pair)
		case t.kind == scOp && p.toks[j+1].nl && p.is(j, ":"):
			return j, p.toks[j+1].col
		}
	}
	return -1, -1
}

// detached maps the block at toks[k] as the body of the class, trait or object idx declared on
// the lines before it, as Scala reads `class A extends B` with "{" on the next line.
func (p *scParse) detached(idx, k, nest int) {
	close := int(p.toks[k].pair)
	if close < 0 {
		close = len(p.toks)
	}
	p.extendTo(idx, int(p.toks[close-1].last)+1)
	p.extendTo(idx, int(p.toks[min(close, len(p.toks)-1)].last)+1)
	p.members(k+1, close, idx, -1, nest+1)
}

// pkg maps a package clause: a package object, or the members of a package block.
func (p *scParse) pkg(start, sig, head, end, parent, nest int) {
	if head < end && p.toks[head+1].kw == scObject {
		p.typeDef(start, sig, head+1, end, parent, nest, store.KindObject)
		return
	}
	if last := &p.toks[end]; last.kind == scClose && last.ch == '}' && int(last.pair) > head {
		p.members(int(last.pair)+1, end, parent, -1, nest+1)
	}
}

// function maps a def: a method in a type, else a function. Its signature runs to its body:
// what follows "=", or the block of a procedure (`def f(x: Int) {`).
func (p *scParse) function(start, sig, head, end, parent int) {
	name := head + 1
	if !p.nameAt(name, end) && !p.opAt(name, end) {
		return
	}
	sigTo := p.toks[end].end
	typed := false // a return type: a "{" after it is a refinement, not a body
	for j := name + 1; j <= end; j++ {
		t := &p.toks[j]
		typed = typed || t.kind == scOp && p.is(j, ":")
		if t.kind == scOpen && t.ch == '{' && !typed && (j == name+1 || p.toks[j-1].kind == scClose) {
			sigTo = t.start
			break
		}
		if t.kind == scOpen && t.pair > 0 {
			j = int(t.pair)
			continue
		}
		if t.kind == scOp && p.is(j, "=") {
			if j < end {
				sigTo = p.toks[j+1].start
			}
			break
		}
	}
	kind := store.KindFunction
	if p.inType(parent) {
		kind = store.KindMethod
	}
	p.add(p.symbol(start, name, end, kind, joinSig(p.raw(p.toks[sig].start, sigTo)), parent))
}

// value maps a val or var named by an identifier (not a pattern: `val (a, b) = ...`): a field
// in a type, else a val is a constant and a var a variable.
func (p *scParse) value(start, sig, head, end, parent int) {
	name := head + 1
	if !p.nameAt(name, end) || p.is(name, "_") { // `val _ = f()` binds no name
		return
	}
	if next := name + 1; next <= end && !p.is(next, ":") && !p.is(next, "=") {
		if p.toks[next].kind != scComma || p.hasEquals(next, end) {
			return
		}
	}
	kind := store.KindVar
	switch {
	case p.inType(parent):
		kind = store.KindField
	case p.toks[head].kw == scVal:
		kind = store.KindConst
	}
	p.add(p.symbol(start, name, end, kind, p.sigLine(sig, end), parent))
}

// hasEquals reports whether "=" is among toks[from:end+1] outside brackets.
func (p *scParse) hasEquals(from, end int) bool {
	for j := from; j <= end; j++ {
		if t := &p.toks[j]; t.kind == scOpen && t.pair > 0 {
			j = int(t.pair)
		} else if t.kind == scOp && p.is(j, "=") {
			return true
		}
	}
	return false
}

// enumCases maps the cases of `case A, B` or `case C(x: Int) extends E` in an enum's body.
func (p *scParse) enumCases(head, end, parent int) {
	for j := head + 1; j <= end; j++ {
		if !p.nameAt(j, end) {
			return
		}
		last, params := j, -1
		for last < end && p.toks[last+1].kind != scComma {
			last++
			if t := &p.toks[last]; t.kind == scOpen && t.pair > 0 {
				if params < 0 && last == j+1 && t.ch == '(' {
					params = last
				}
				last = min(int(t.pair), end)
			}
		}
		sigTo := p.toks[last].end
		if params >= 0 {
			sigTo = p.toks[params].start
		}
		p.add(p.symbol(j, j, last, store.KindEnumMember, joinSig(p.raw(p.toks[j].start, sigTo)), parent))
		j = last + 1
	}
}

// given maps a named given (`given intOrd: Ord[Int] with { ... }`) as an object with its
// members; anonymous givens have no name to map.
func (p *scParse) given(start, sig, head, end, parent, nest int) {
	name := head + 1
	if !p.nameAt(name, end) || p.toks[name].kw != scNone {
		return
	}
	colon := name + 1
	for colon <= end && p.toks[colon].kind == scOpen && p.toks[colon].pair > 0 {
		colon = int(p.toks[colon].pair) + 1
	}
	if colon > end || !p.is(colon, ":") {
		return
	}
	body, outer := -1, int32(-1)
	for j := colon + 1; j < end && body < 0; j++ {
		switch t := &p.toks[j]; {
		case t.kind == scOpen && t.pair > 0:
			j = int(t.pair)
		case t.kw == scWith || t.kind == scOp && p.is(j, "="):
			body, outer = j+1, p.toks[j+1].col
		}
	}
	sigTo := p.toks[end].end
	if body >= 0 {
		sigTo = p.toks[body].start
	}
	idx := p.add(p.symbol(start, name, end, store.KindObject, joinSig(p.raw(p.toks[sig].start, sigTo)), parent))
	switch {
	case body < 0:
	case p.toks[body].kind == scOpen && p.toks[body].ch == '{' && int(p.toks[body].pair) == end:
		p.members(body+1, end, idx, -1, nest+1)
	case p.is(body-1, "="): // an expression, whose members the walk does not read
	default:
		p.members(body, end+1, idx, outer, nest+1)
	}
}

// extension maps `extension (c: Circle)` and what follows as an impl named by the type of its
// first parameter, holding the methods.
func (p *scParse) extension(start, sig, head, end, parent, nest int) {
	j := head + 1
	if j <= end && p.toks[j].ch == '[' && p.toks[j].kind == scOpen && p.toks[j].pair > 0 {
		j = int(p.toks[j].pair) + 1
	}
	if j > end || p.toks[j].ch != '(' || p.toks[j].kind != scOpen || p.toks[j].pair < 0 {
		return
	}
	name := p.paramType(j)
	if name == "" {
		return
	}
	body := j
	for body <= end && p.toks[body].ch == '(' && p.toks[body].kind == scOpen && p.toks[body].pair > 0 {
		body = int(p.toks[body].pair) + 1
	}
	sigTo := p.toks[end].end
	if body <= end {
		sigTo = p.toks[body].start
	}
	idx := p.add(store.Symbol{Name: name, Kind: store.KindImpl, Signature: joinSig(p.raw(p.toks[sig].start, sigTo)),
		StartLine: int(p.toks[start].line) + 1, EndLine: int(p.toks[end].last) + 1, Parent: parent})
	switch {
	case body > end:
	case p.toks[body].kind == scOpen && p.toks[body].ch == '{' && int(p.toks[body].pair) == end:
		p.members(body+1, end, idx, -1, nest+1)
	default:
		p.members(body, end+1, idx, p.toks[body].col, nest+1)
	}
}

// paramType returns the type of the first parameter in the parameter list at toks[open]: the
// text after its colon, to a comma, "=" or the list's end.
func (p *scParse) paramType(open int) string {
	close := int(p.toks[open].pair)
	colon := open + 2
	if colon >= close || !p.is(colon, ":") {
		return ""
	}
	last := colon
	for j := colon + 1; j < close; j++ {
		t := &p.toks[j]
		if t.kind == scComma || t.kind == scOp && p.is(j, "=") {
			break
		}
		if t.kind == scOpen && t.pair > 0 {
			j = int(t.pair)
		}
		last = j
	}
	if last == colon {
		return ""
	}
	return foldName(p.src[p.toks[colon+1].start:p.toks[last].end])
}

// addImport records the import of toks[head:end+1] as written after the keyword, once.
func (p *scParse) addImport(head, end int) {
	path := strings.TrimSpace(strings.TrimPrefix(foldName(p.src[p.toks[head].start:p.toks[end].end]), "import"))
	if path == "" || p.seen[path] {
		return
	}
	if p.seen == nil {
		p.seen = map[string]bool{}
	}
	p.seen[path] = true
	p.res.Imports = append(p.res.Imports, path)
}

// nameAt reports whether toks[i], within the statement ending at end, is an identifier that
// names a definition.
func (p *scParse) nameAt(i, end int) bool {
	if i > end || p.toks[i].kind != scIdent {
		return false
	}
	switch p.toks[i].kw {
	case scNone, scThis, scSoft, scGiven, scEnum, scExtension, scDerives:
		return true
	}
	return false
}

// opAt reports whether toks[i], within the statement ending at end, is an operator, which
// names a def, a class or a type (`def ++`, `class <:<`, `type ::`).
func (p *scParse) opAt(i, end int) bool {
	return i <= end && p.toks[i].kind == scOp
}

// symbol builds the symbol named by toks[name] whose statement runs from toks[start] to
// toks[end].
func (p *scParse) symbol(start, name, end int, kind store.Kind, sig string, parent int) store.Symbol {
	t := &p.toks[name]
	return store.Symbol{Name: foldName(p.src[t.start:t.end]), Kind: kind, Signature: sig,
		StartLine: int(p.toks[start].line) + 1, EndLine: int(p.toks[end].last) + 1, Parent: parent}
}

// sigLine is the signature of a val, var or type: the first line of its statement from
// toks[sig] to toks[end].
func (p *scParse) sigLine(sig, end int) string {
	s := p.raw(p.toks[sig].start, p.toks[end].end)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return trimSig(foldSignature(validUTF8(s)))
}

// raw returns the source between two offsets, capped for signatures as the walk caps it.
func (p *scParse) raw(from, to int32) string {
	if from >= to {
		return ""
	}
	if to-from > tsMaxSigSource {
		to = from + tsMaxSigSource
		for to > from && !isRuneStart(p.src[to]) {
			to--
		}
	}
	return string(p.src[from:to])
}

// is reports whether toks[i] spells s.
func (p *scParse) is(i int, s string) bool {
	t := &p.toks[i]
	return int(t.end-t.start) == len(s) && string(p.src[t.start:t.end]) == s
}

// isArrow reports whether toks[i] is "=>" or "⇒".
func (p *scParse) isArrow(i int) bool {
	return p.toks[i].kind == scOp && (p.is(i, "=>") || p.is(i, "⇒"))
}

// inType reports whether the symbol parent is a type, whose defs are methods and vals fields.
func (p *scParse) inType(parent int) bool {
	return parent >= 0 && isTypeKind(p.res.Symbols[parent].Kind)
}

// add appends s inside its parent's range, with its depth, and returns its index.
func (p *scParse) add(s store.Symbol) int {
	if s.Parent >= 0 {
		par := p.res.Symbols[s.Parent]
		s.Depth = par.Depth + 1
		s.StartLine = max(s.StartLine, par.StartLine)
		s.EndLine = max(min(s.EndLine, par.EndLine), s.StartLine)
	}
	p.res.Symbols = append(p.res.Symbols, s)
	return len(p.res.Symbols) - 1
}

// extendTo makes symbol i and its ancestors end no earlier than line.
func (p *scParse) extendTo(i, line int) {
	for ; i >= 0; i = p.res.Symbols[i].Parent {
		if p.res.Symbols[i].EndLine >= line {
			return
		}
		p.res.Symbols[i].EndLine = line
	}
}
