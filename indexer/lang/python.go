package lang

import (
	"context"
	"fmt"
	"math"

	"github.com/readmap/readmap/store"
)

// pythonInterpreters are the shebang interpreters of Python scripts, python3.0 to python3.20
// included.
func pythonInterpreters() []string {
	interps := []string{"python", "python2", "python3", "python2.7", "pypy", "pypy3"}
	for minor := 0; minor <= 20; minor++ {
		interps = append(interps, fmt.Sprintf("python3.%d", minor))
	}
	return interps
}

// pyMapper maps Python with a hand-written scanner (python_scan.go) over logical lines and
// their indentation. It finds what Python's ast module finds, with the same ranges (a differential
// test over the standard library holds it to that), and runs about 25 times as fast as
// tree-sitter's Python grammar.
//
// Mapped: classes, functions and methods (async too) at module and class level, including those
// inside if/try/with/for/while/match blocks there, but nothing local to a function; module-level
// assignments as consts (ALL_CAPS) or vars, class-level ones as fields; imports outside functions
// and classes. A definition's range starts at its first decorator and ends on the last line of
// its body's last statement, as ast's end_lineno does.
type pyMapper struct {
	s pyScanner
}

// pyBlock is an open indented block: a class or def body, or a compound statement's suite.
type pyBlock struct {
	indent int // the header's indentation column
	kind   pyBlockKind
	sym    int  // class and def: the symbol's index
	class  int  // the innermost enclosing class symbol (the block's own for a class), or -1
	noVars bool // assignments here are not mapped: a loop body or an `if __name__ == "__main__"`
}

type pyBlockKind uint8

const (
	pyBlockOther pyBlockKind = iota
	pyBlockClass
	pyBlockDef
	pyBlockLoop
	pyBlockMatch
)

// pyMap is the state of one Map call.
type pyMap struct {
	s       *pyScanner
	res     Result
	stack   []pyBlock
	imports map[string]bool
}

// Map returns the structure of one Python file. Invalid Python is mapped as far as it makes sense.
func (m *pyMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	if len(src) > pyMaxSource {
		return &Result{}, nil
	}
	m.s.reset(src)
	p := &pyMap{s: &m.s}
	err := p.run(ctx)
	if len(m.s.unparsed) > 0 {
		p.res.Unparsed = joinSpans(m.s.unparsed, CountLines(src))
	}
	m.s.src = nil
	if cap(m.s.toks) > pyKeepToks {
		m.s.toks = nil
	}
	if err != nil {
		return nil, err
	}
	return &p.res, nil
}

func (p *pyMap) run(ctx context.Context) error {
	s := p.s
	prevEnd := 0 // last line of the previous logical line
	decorated := 0
	var lastClosed pyBlock // the outermost block closed by the current line, for else clauses
	for n := 0; s.next(); n++ {
		if n%1024 == 1023 && ctx.Err() != nil {
			return ctx.Err()
		}
		lastClosed = pyBlock{indent: -1}
		for len(p.stack) > 0 && p.stack[len(p.stack)-1].indent >= s.indent {
			lastClosed = p.close(prevEnd)
		}
		prevEnd = s.end
		if s.quiet {
			continue // inside a function body: nothing is mapped
		}
		toks := s.toks
		if p.isOp(toks[0], "@") {
			if decorated == 0 {
				decorated = int(toks[0].line)
			}
			continue
		}
		start := int(toks[0].line)
		if decorated > 0 {
			start, decorated = decorated, 0
		}
		first, second := "", ""
		if toks[0].kind == pyName {
			first = p.text(toks[0])
		}
		if len(toks) > 1 && toks[1].kind == pyName {
			second = p.text(toks[1])
		}
		switch {
		case first == "def" || first == "class":
			p.definition(toks, 0, start)
		case first == "async" && second == "def":
			p.definition(toks, 1, start)
		case pyCompound[first] || (first == "async" && (second == "for" || second == "with")):
			p.compound(toks, first, second, lastClosed)
		case first == "match" && p.isMatch(toks):
			p.compound(toks, first, second, lastClosed)
		case first == "case" && len(p.stack) > 0 && p.stack[len(p.stack)-1].kind == pyBlockMatch:
			p.compound(toks, first, second, lastClosed)
		default:
			p.simple(toks, p.context())
		}
	}
	for len(p.stack) > 0 {
		p.close(prevEnd)
	}
	return nil
}

// pyCompound holds the keywords that open a compound statement other than def and class.
var pyCompound = map[string]bool{
	"if": true, "elif": true, "else": true, "for": true, "while": true,
	"try": true, "except": true, "finally": true, "with": true,
}

// close pops the innermost block, ending its symbol at line end.
func (p *pyMap) close(end int) pyBlock {
	b := p.stack[len(p.stack)-1]
	p.stack = p.stack[:len(p.stack)-1]
	if b.kind == pyBlockDef {
		p.s.quietAbove = math.MaxInt
	}
	if b.kind == pyBlockClass || b.kind == pyBlockDef {
		p.res.Symbols[b.sym].EndLine = max(end, p.res.Symbols[b.sym].StartLine)
	}
	return b
}

// context returns the block the current line sits in, or a module-level one.
func (p *pyMap) context() pyBlock {
	if len(p.stack) == 0 {
		return pyBlock{indent: -1, class: -1}
	}
	return p.stack[len(p.stack)-1]
}

// definition maps a def or class header whose keyword is toks[kw]; start is its first line,
// counting decorators.
func (p *pyMap) definition(toks []pyTok, kw int, start int) {
	s := p.s
	if kw+1 >= len(toks) || toks[kw+1].kind != pyName {
		return
	}
	ctx := p.context()
	colon := pyHeaderColon(s.src, toks, kw+2)
	sigEnd := len(toks)
	if colon >= 0 {
		sigEnd = colon + 1
	}
	sym := store.Symbol{
		Name:      p.text(toks[kw+1]),
		Kind:      store.KindFunction,
		Signature: p.join(toks[:sigEnd]),
		StartLine: start,
		EndLine:   s.end,
		Parent:    ctx.class,
	}
	isClass := p.text(toks[kw]) == "class"
	switch {
	case isClass:
		sym.Kind = store.KindClass
	case ctx.class >= 0:
		sym.Kind = store.KindMethod
	}
	if ctx.class >= 0 {
		sym.Depth = p.res.Symbols[ctx.class].Depth + 1
	}
	idx := len(p.res.Symbols)
	p.res.Symbols = append(p.res.Symbols, sym)
	if colon >= 0 && colon+1 < len(toks) {
		// The body is on the header's line: `class Empty: pass`.
		if isClass {
			p.simple(toks[colon+1:], pyBlock{indent: s.indent, kind: pyBlockClass, sym: idx, class: idx})
		}
		return
	}
	b := pyBlock{indent: s.indent, kind: pyBlockDef, sym: idx, class: ctx.class}
	if isClass {
		b.kind, b.class = pyBlockClass, idx
	} else {
		s.quietAbove = s.indent
	}
	p.stack = append(p.stack, b)
}

// compound handles the header of a compound statement (if, for, try, with, match, case, ...):
// it opens a block, or maps the simple statements of a body on the same line.
func (p *pyMap) compound(toks []pyTok, first, second string, lastClosed pyBlock) {
	s := p.s
	colon := pyHeaderColon(s.src, toks, 1)
	if colon < 0 {
		p.simple(toks, p.context())
		return
	}
	ctx := p.context()
	b := pyBlock{indent: s.indent, kind: pyBlockOther, class: ctx.class, noVars: ctx.noVars}
	switch {
	case first == "for" || first == "while" || (first == "async" && second == "for"):
		b.kind = pyBlockLoop
	case first == "else" && lastClosed.indent == s.indent && lastClosed.kind == pyBlockLoop:
		b.kind = pyBlockLoop // for ... else, while ... else
	case first == "match":
		b.kind = pyBlockMatch
	case first == "if" && p.isMainGuard(toks[1:colon]):
		b.noVars = true
	}
	if b.kind == pyBlockLoop {
		b.noVars = true
	}
	if colon+1 < len(toks) {
		p.simple(toks[colon+1:], b)
		return
	}
	p.stack = append(p.stack, b)
}

// isMatch tells a match statement from a statement that uses match as a name: its header colon
// ends the line (a match body is always a block) and a subject follows the keyword.
func (p *pyMap) isMatch(toks []pyTok) bool {
	if len(toks) < 3 {
		return false
	}
	if t := toks[1]; t.kind == pyOp {
		switch p.text(t) {
		case "=", ".", ",", ";", ":", ")", "]", "}":
			return false
		}
		if t.end-t.start >= 2 && p.s.src[t.end-1] == '=' {
			return false // an augmented assignment
		}
	}
	return pyHeaderColon(p.s.src, toks, 1) == len(toks)-1
}

// isMainGuard reports whether cond is `__name__ == "__main__"` (either way round).
func (p *pyMap) isMainGuard(cond []pyTok) bool {
	if len(cond) != 3 || p.text(cond[1]) != "==" {
		return false
	}
	a, b := cond[0], cond[2]
	if a.kind == pyString {
		a, b = b, a
	}
	if a.kind != pyName || p.text(a) != "__name__" || b.kind != pyString {
		return false
	}
	lit := p.text(b)
	return len(lit) == len(`"__main__"`) && lit[1:len(lit)-1] == "__main__"
}

// simple maps the simple statements of toks (separated by ';') in the block ctx: imports outside
// classes, assignments where ctx maps them.
func (p *pyMap) simple(toks []pyTok, ctx pyBlock) {
	src := p.s.src
	depth, from := 0, 0
	for i, t := range toks {
		if t.kind != pyOp || t.end-t.start != 1 {
			continue
		}
		switch src[t.start] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth = max(depth-1, 0)
		case ';':
			if depth == 0 {
				if i > from {
					p.statement(toks[from:i], ctx)
				}
				from = i + 1
			}
		}
	}
	if from < len(toks) {
		p.statement(toks[from:], ctx)
	}
}

// statement maps one simple statement.
func (p *pyMap) statement(stmt []pyTok, ctx pyBlock) {
	if stmt[0].kind == pyName {
		switch p.text(stmt[0]) {
		case "import":
			if ctx.class < 0 {
				p.importNames(stmt[1:])
			}
			return
		case "from":
			if ctx.class < 0 {
				p.fromImport(stmt[1:])
			}
			return
		case "type":
			if len(stmt) > 2 && stmt[1].kind == pyName && (p.isOp(stmt[2], "=") || p.isOp(stmt[2], "[")) {
				if !ctx.noVars {
					p.typeAlias(stmt, ctx)
				}
				return
			}
		}
	}
	if !ctx.noVars {
		p.assignment(stmt, ctx)
	}
}

// importNames records the modules of `import a.b as c, d`.
func (p *pyMap) importNames(toks []pyTok) {
	from := 0
	for i := 0; i <= len(toks); i++ {
		if i < len(toks) && !p.isOp(toks[i], ",") {
			continue
		}
		part := toks[from:i]
		from = i + 1
		// Strip a parenthesised list's brackets (invalid for import, but harmless) and "as x".
		for k := range part {
			if part[k].kind == pyName && p.text(part[k]) == "as" {
				part = part[:k]
				break
			}
		}
		p.addImport(part)
	}
}

// fromImport records the module of `from .pkg.mod import x`.
func (p *pyMap) fromImport(toks []pyTok) {
	for k := range toks {
		if toks[k].kind == pyName && p.text(toks[k]) == "import" {
			p.addImport(toks[:k])
			return
		}
	}
}

// addImport records the dotted module name spelled by toks, once.
func (p *pyMap) addImport(toks []pyTok) {
	if len(toks) == 0 {
		return
	}
	var b []byte
	for _, t := range toks {
		text := p.s.src[t.start:t.end]
		if t.kind != pyName && !(t.kind == pyOp && (string(text) == "." || string(text) == "...")) {
			return // not a module name
		}
		b = append(b, text...)
	}
	name := string(b)
	if p.imports == nil {
		p.imports = map[string]bool{}
	}
	if !p.imports[name] {
		p.imports[name] = true
		p.res.Imports = append(p.res.Imports, name)
	}
}

// typeAlias maps `type X[T] = ...` (Python 3.12) as a var.
func (p *pyMap) typeAlias(stmt []pyTok, ctx pyBlock) {
	eq := len(stmt)
	for i, t := range stmt {
		if p.isOp(t, "=") {
			eq = i
			break
		}
	}
	p.addVar(stmt, p.text(stmt[1]), p.join(stmt[:eq])+" = ...", ctx)
}

// assignment maps the names an assignment binds: `X = 1`, `a, b = ...`, `A = B = 1`,
// `x: int = 1`, `x: int`. Augmented assignments and targets that are attributes or subscripts
// bind nothing new.
func (p *pyMap) assignment(stmt []pyTok, ctx pyBlock) {
	depth, from, annot := 0, 0, -1
	var targets [][]pyTok
scan:
	for i, t := range stmt {
		switch t.kind {
		case pyName:
			if depth == 0 && p.text(t) == "lambda" {
				break scan // what follows is a value
			}
			continue
		case pyOp:
		default:
			continue
		}
		switch text := p.text(t); text {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth = max(depth-1, 0)
		case "=":
			if depth > 0 {
				continue
			}
			if annot >= 0 {
				// x: T = value
				p.annotated(stmt, annot, i, ctx)
				return
			}
			targets = append(targets, stmt[from:i])
			from = i + 1
		case ":":
			if depth == 0 && annot < 0 && len(targets) == 0 {
				annot = i
			}
		}
	}
	if annot >= 0 {
		if len(targets) == 0 {
			p.annotated(stmt, annot, len(stmt), ctx)
		}
		return
	}
	for _, target := range targets {
		if len(target) == 0 {
			continue
		}
		sig := p.join(target) + " = ..."
		for _, name := range p.targetNames(target, nil, 0) {
			p.addVar(stmt, name, sig, ctx)
		}
	}
}

// annotated maps `name: T = value` (eq is the '=' or len(stmt)).
func (p *pyMap) annotated(stmt []pyTok, colon, eq int, ctx pyBlock) {
	if colon != 1 || stmt[0].kind != pyName || pyKeywords[p.text(stmt[0])] {
		return
	}
	name := p.text(stmt[0])
	sig := name + ": " + p.join(stmt[colon+1:eq])
	if eq < len(stmt) {
		sig += " = ..."
	}
	p.addVar(stmt, name, sig, ctx)
}

// pyMaxTargetNest caps how deep targetNames looks into nested tuple targets.
const pyMaxTargetNest = 16

// targetNames appends the plain names bound by an assignment target: `a`, `a, *b`, `(a, [b, c])`.
func (p *pyMap) targetNames(toks []pyTok, names []string, nest int) []string {
	if nest > pyMaxTargetNest {
		return names
	}
	depth, from := 0, 0
	for i := 0; i <= len(toks); i++ {
		if i < len(toks) {
			if toks[i].kind != pyOp {
				continue
			}
			switch p.text(toks[i]) {
			case "(", "[", "{":
				depth++
				continue
			case ")", "]", "}":
				depth = max(depth-1, 0)
				continue
			case ",":
				if depth > 0 {
					continue
				}
			default:
				continue
			}
		}
		elem := toks[from:i]
		from = i + 1
		if len(elem) > 0 && p.isOp(elem[0], "*") {
			elem = elem[1:]
		}
		switch {
		case len(elem) == 1 && elem[0].kind == pyName && !pyKeywords[p.text(elem[0])]:
			names = append(names, p.text(elem[0]))
		case len(elem) >= 2 && p.enclosed(elem):
			names = p.targetNames(elem[1:len(elem)-1], names, nest+1)
		}
	}
	return names
}

// enclosed reports whether toks is one bracketed group: `( ... )` or `[ ... ]`.
func (p *pyMap) enclosed(toks []pyTok) bool {
	open, close := p.text(toks[0]), p.text(toks[len(toks)-1])
	if !(open == "(" && close == ")") && !(open == "[" && close == "]") {
		return false
	}
	depth := 0
	for i, t := range toks {
		if t.kind != pyOp {
			continue
		}
		switch p.s.src[t.start] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 && i < len(toks)-1 {
				return false
			}
		}
	}
	return true
}

// addVar adds an assignment's symbol: a field in a class, else a const (ALL_CAPS) or var.
func (p *pyMap) addVar(stmt []pyTok, name, sig string, ctx pyBlock) {
	sym := store.Symbol{
		Name:      name,
		Kind:      store.KindVar,
		Signature: sig,
		StartLine: int(stmt[0].line),
		EndLine:   int(stmt[len(stmt)-1].endLine),
		Parent:    ctx.class,
	}
	for i := len(stmt) - 1; i > 0 && p.isOp(stmt[i], ";"); i-- {
		sym.EndLine = int(stmt[i-1].endLine)
	}
	switch {
	case ctx.class >= 0:
		sym.Kind = store.KindField
		sym.Depth = p.res.Symbols[ctx.class].Depth + 1
	case pyAllCaps(name):
		sym.Kind = store.KindConst
	}
	p.res.Symbols = append(p.res.Symbols, sym)
}

// pyAllCaps reports whether name is written as a constant: upper-case letters, digits and
// underscores, with at least one letter.
func pyAllCaps(name string) bool {
	letter := false
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case c >= 'A' && c <= 'Z':
			letter = true
		case c >= '0' && c <= '9' || c == '_':
		default:
			return false
		}
	}
	return letter
}

// pyKeywords are Python's reserved words, which never name a symbol.
var pyKeywords = map[string]bool{
	"False": true, "None": true, "True": true, "and": true, "as": true, "assert": true,
	"async": true, "await": true, "break": true, "class": true, "continue": true, "def": true,
	"del": true, "elif": true, "else": true, "except": true, "finally": true, "for": true,
	"from": true, "global": true, "if": true, "import": true, "in": true, "is": true,
	"lambda": true, "nonlocal": true, "not": true, "or": true, "pass": true, "raise": true,
	"return": true, "try": true, "while": true, "with": true, "yield": true,
}

// pyHeaderColon returns the index of the ':' that ends a compound statement's header, searching
// toks from index from: the first one outside brackets that no lambda claims, or -1.
func pyHeaderColon(src []byte, toks []pyTok, from int) int {
	depth, lambdas := 0, 0
	for i := from; i < len(toks); i++ {
		t := toks[i]
		switch t.kind {
		case pyName:
			if depth == 0 && int(t.end-t.start) == len("lambda") && string(src[t.start:t.end]) == "lambda" {
				lambdas++
			}
		case pyOp:
			if t.end-t.start != 1 {
				continue
			}
			switch src[t.start] {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				depth = max(depth-1, 0)
			case ':':
				if depth > 0 {
					continue
				}
				if lambdas == 0 {
					return i
				}
				lambdas--
			}
		}
	}
	return -1
}

func (p *pyMap) text(t pyTok) string { return string(p.s.src[t.start:t.end]) }

func (p *pyMap) isOp(t pyTok, op string) bool {
	return t.kind == pyOp && int(t.end-t.start) == len(op) && string(p.s.src[t.start:t.end]) == op
}

// pyMaxJoin caps how much source join copies before folding; a longer signature is cut anyway.
const pyMaxJoin = 8 << 10

// join returns the source of toks on one line: comments and line continuations between tokens
// become single spaces, then foldSignature folds the rest.
func (p *pyMap) join(toks []pyTok) string {
	if len(toks) == 0 {
		return ""
	}
	src := p.s.src
	b := make([]byte, 0, min(int(toks[len(toks)-1].end-toks[0].start), pyMaxJoin))
	cut := false
	for i, t := range toks {
		if i > 0 && t.start > toks[i-1].end {
			b = append(b, ' ')
		}
		text := src[t.start:t.end]
		if len(b)+len(text) > pyMaxJoin {
			b = append(b, text[:max(pyMaxJoin-len(b), 0)]...)
			cut = true
			break
		}
		b = append(b, text...)
	}
	sig := foldSignature(string(b))
	if cut && len(sig) < maxSignature {
		sig += "…"
	}
	return sig
}
