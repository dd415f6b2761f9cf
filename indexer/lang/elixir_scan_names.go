package lang

import "github.com/readmap/readmap/store"

// What the Elixir scanner names: module attributes, and the functions and types named by the
// first argument of their definition, read from its tokens (p.items) as the grammar would
// parse them.

// attribute reads a module attribute, `@name value`: @spec, @impl, @deprecated and @decorate
// annotate the definition after them (it reports them); @type, @typep and @opaque define types;
// documentation and the attributes Elixir reserves are not symbols; any other is a constant.
func (p *exScanner) attribute(parent, attr int, comma bool) bool {
	at := p.tok
	p.advance()
	t := &p.tok
	if t.kind != exIdent && t.kind != exAlias || t.sp {
		p.skipExpr(comma)
		return false
	}
	name := p.text(t)
	p.advance()
	p.items = p.items[:0]
	switch t := &p.tok; {
	case t.kind == exOpen && !t.sp && p.src[t.start] == '(':
		p.advance()
		p.skipArg(true, true)
		for p.tok.kind != exClose && p.tok.kind != exEOF {
			p.skipToken()
		}
		if p.tok.kind == exClose {
			p.advance()
		}
	case p.ends(comma):
	case t.sp && !t.nl && p.operandStart(t):
		p.skipArg(false, true)
	default:
		p.skipExpr(comma)
		return false
	}
	p.skipExpr(comma)
	kind, sym := exAttrKind(name)
	switch kind {
	case exAnnotation:
		return true
	case exReserved:
		return false
	case exTypeAttr:
		sym = p.typeName(p.items)
		if sym == "" {
			return false
		}
	}
	line := at.line
	if attr > 0 {
		line = min(line, attr)
	}
	k := store.KindConst
	if kind == exTypeAttr {
		k = store.KindType
	}
	p.w.add(store.Symbol{Name: sym, Kind: k, Signature: p.w.sigLine(uint32(at.start), uint32(p.prevEnd)),
		StartLine: line, EndLine: p.prevLine, Parent: parent})
	return false
}

// exAttrClass is what a module attribute is.
type exAttrClass uint8

const (
	exConstAttr exAttrClass = iota
	exAnnotation
	exReserved
	exTypeAttr
)

// exAttrKind returns what the attribute named name is, and its name as a symbol's.
func exAttrKind(name []byte) (exAttrClass, string) {
	switch string(name) {
	case "spec", "impl", "deprecated", "decorate":
		return exAnnotation, ""
	case "doc", "moduledoc", "typedoc", "behaviour", "callback", "macrocallback", "optional_callbacks",
		"derive", "compile", "dialyzer", "after_compile", "after_verify", "before_compile", "on_definition",
		"on_load", "external_resource", "file", "vsn":
		return exReserved, ""
	case "type", "typep", "opaque":
		return exTypeAttr, ""
	}
	return exConstAttr, foldName(name)
}

// functionName names a function head: `f(x)`, `f(x) when g(x)`, `f`, and an operator's
// `left <> right`, `first..last//step`, `!value` or `(..)` by its operator.
func (p *exScanner) functionName(items []exTok) string {
	for range 8 {
		if len(items) == 0 {
			return ""
		}
		if len(items) > 1 && items[0].kind == exIdent && p.bareCall(items) {
			return foldName(p.text(&items[0]))
		}
		if i := p.topBinary(items); i >= 0 {
			op := p.text(&items[i])
			switch string(op) {
			case "when":
				items = items[:i]
				continue
			case "..":
				if j := p.topBinary(items[i+1:]); j >= 0 && string(p.text(&items[i+1+j])) == "//" {
					return "..//"
				}
			}
			return foldName(op)
		}
		switch first := &items[0]; first.kind {
		case exOp:
			return foldName(p.text(first))
		case exIdent, exAlias:
			name, _ := p.callTarget(items)
			return name
		case exGroup:
			return p.groupName(first)
		}
		return ""
	}
	return ""
}

// groupName names a head in parentheses by what it holds when that is one token, an operator
// or a name: `defmacro (..)`.
func (p *exScanner) groupName(g *exTok) string {
	if p.src[g.start] != '(' {
		return ""
	}
	lx := exLexer{src: p.src[:g.end-1], pos: g.start + 1}
	var t, after exTok
	lx.next(&t)
	if lx.next(&after); after.kind != exEOF {
		return ""
	}
	switch t.kind {
	case exOp, exIdent:
		return foldName(p.src[t.start:t.end])
	}
	return ""
}

// typeName names a type: `t :: term`, `t(a) :: term`, `t`.
func (p *exScanner) typeName(items []exTok) string {
	if i := p.topBinary(items); i >= 0 {
		if string(p.text(&items[i])) != "::" {
			return ""
		}
		items = items[:i]
	}
	if len(items) == 0 || items[0].kind != exIdent {
		return ""
	}
	name, _ := p.callTarget(items)
	return name
}

// bareCall reports whether items, a name first, are a call without parentheses: `f x`.
func (p *exScanner) bareCall(items []exTok) bool {
	t := &items[1]
	if !t.sp || t.nl {
		return false
	}
	if t.kind == exGroup {
		return true
	}
	return p.operandStart(t)
}

// callTarget returns the name of the call or variable items are: `f`, `f(x)`, `M.f(x)`,
// `unquote(name)(x)` (the call's target, `unquote(name)`), and whether they are one.
func (p *exScanner) callTarget(items []exTok) (string, bool) {
	i := 1
	for i+1 < len(items) && items[i].kind == exDot && (items[i+1].kind == exIdent || items[i+1].kind == exAlias) {
		i += 2
	}
	if i == 1 && items[0].kind == exAlias {
		return "", false
	}
	end := items[i-1].end
	if i < len(items) {
		if items[i].kind != exGroup || items[i].sp || p.src[items[i].start] != '(' {
			return "", false
		}
		for j := i + 1; j < len(items) && items[j].kind == exGroup && !items[j].sp && p.src[items[j].start] == '('; j++ {
			end = items[j-1].end
		}
		if i+1 < len(items) && items[i+1].kind != exGroup {
			return "", false
		}
	}
	return foldName(p.src[items[0].start:end]), true
}

// topBinary returns the index of the binary operator of items that the grammar puts at the
// top, the one of least precedence (the first of right-associative ones, the last of others),
// or -1.
func (p *exScanner) topBinary(items []exTok) int {
	best := -1
	for i := 1; i < len(items); i++ {
		t := &items[i]
		if t.kind != exOp || t.flags&exBin == 0 || !exOperand(&items[i-1]) {
			continue
		}
		if best < 0 || t.prec < items[best].prec || t.prec == items[best].prec && !exRightAssoc(t.prec) {
			best = i
		}
	}
	return best
}

// exOperand reports whether t ends an operand, so that an operator after it is binary.
func exOperand(t *exTok) bool {
	switch t.kind {
	case exIdent, exAlias, exLit, exGroup:
		return true
	}
	return false
}

// exRightAssoc reports whether the operators of precedence prec group to the right.
func exRightAssoc(prec int8) bool {
	switch prec {
	case 2, 3, 4, 5, 7, 15:
		return true
	}
	return false
}
