package lang

// The TypeScript and TSX mapper: the JavaScript scanner (js_scan.go) with what TypeScript adds,
// reproducing what the tree-sitter walk with javascript.go's table makes of a TypeScript or TSX
// file: interfaces and their members, type aliases, enums, namespaces and modules, ambient
// `declare` declarations, abstract classes, function and method signatures with their overloads,
// and the types, modifiers and type parameters around the declarations JavaScript has. The
// scanner runs in the dialect TypeScript or TSX (jsScan.ts): the lexer reads no JSX in the one and
// reads it in the other, and the handlers here take over where JavaScript's would misread a type.
//
// Types are skipped, never read (ts_scan_type.go). Where the scanner meets what it does not read
// exactly (a member form it does not know, type arguments it cannot close, a generic arrow
// function in TSX that the lexer took for JSX), it marks the file unsure (jsScan.unsure), and the
// mapper hands the file to the walk of the dialect's grammar: a file the scanner maps is mapped as
// the walk maps it, a file it is unsure of costs only time.

import (
	sitter "github.com/smacker/go-tree-sitter"

	"github.com/readmap/readmap/store"
)

// tsScanMapperName names the TypeScript scanner in `map --json` output.
const tsScanMapperName = "ts-scanner"

// tsScanner returns the constructor of mappers of dialect (jsDialectTS or jsDialectTSX) whose
// fallback walks trees of lang's grammar (jsMapper); each worker's mapper makes its own parser.
func tsScanner(lang func() *sitter.Language, dialect uint8) func() Mapper {
	g := jsGrammar(lang)
	return func() Mapper { return &jsMapper{dialect: dialect, grammar: g} }
}

// TypeScript's declaration forms, as tsForm finds them.
const (
	tsFormNone = iota
	tsFormInterface
	tsFormType
	tsFormEnum
	tsFormNamespace // namespace X {} (internal_module)
	tsFormModule    // module X {}, module "x" {}
	tsFormGlobal    // declare global {}
	tsFormAbstract  // abstract class
)

// tsForm returns the TypeScript declaration form that starts at k, or tsFormNone.
func (s *jsScan) tsForm(k, limit int) int {
	if k+1 >= limit || !s.isWord(k) || s.afterDot(k) {
		return tsFormNone
	}
	if s.t[k+1].nl {
		if tsKeywords[string(s.bytes(k))] {
			s.unsure("declaration: a line break after its keyword")
		}
		return tsFormNone
	}
	next := s.t[k+1]
	word := next.kind == jsIdent
	switch string(s.bytes(k)) {
	case "interface":
		if word {
			return tsFormInterface
		}
	case "type":
		if word && k+2 < limit && (s.is(k+2, "=") || s.is(k+2, "<")) {
			return tsFormType
		}
	case "enum":
		if word {
			return tsFormEnum
		}
	case "const":
		if s.is(k+1, "enum") && k+2 < limit && s.isWord(k+2) {
			return tsFormEnum
		}
	case "namespace":
		if word {
			return tsFormNamespace
		}
	case "module":
		if word || next.kind == jsStr {
			return tsFormModule
		}
	case "global":
		if s.is(k+1, "{") {
			return tsFormGlobal
		}
	case "abstract":
		if s.is(k+1, "class") {
			return tsFormAbstract
		}
	}
	return tsFormNone
}

// tsKeywords are the words that start TypeScript's declaration forms; before a line break the
// grammar may still read them so.
var tsKeywords = map[string]bool{
	"interface": true, "type": true, "enum": true, "namespace": true, "module": true, "global": true,
	"abstract": true, "declare": true,
}

// tsDeclares reports whether a declaration `declare` can precede starts at k.
func (s *jsScan) tsDeclares(k, limit int) bool {
	if s.tsForm(k, limit) != tsFormNone {
		return true
	}
	switch {
	case s.is(k, "function"), s.is(k, "class"), s.is(k, "var"), s.is(k, "let"), s.is(k, "const"):
		return true
	case s.is(k, "async"):
		return k+1 < limit && s.is(k+1, "function")
	}
	return false
}

// tsStatementEnd returns the end of the TypeScript statement at i, reporting false for a statement
// JavaScript's statementEnd reads (whose handlers call the TypeScript ones where types occur).
func (s *jsScan) tsStatementEnd(i, limit int) (int, bool) {
	if s.is(i, "export") && i+1 < limit || s.is(i, "import") && i+1 < limit && !s.is(i+1, "(") && !s.is(i+1, ".") {
		if end, ok := s.fromEnd(i, limit); ok {
			return end, true
		}
	}
	k, dflt := s.prefixes(i, limit)
	switch s.tsForm(k, limit) {
	case tsFormInterface:
		return s.tsClosed(k, s.interfaceBody(k, limit), limit), true
	case tsFormType:
		return s.withSemicolon(s.typeAliasEnd(k, limit), limit), true
	case tsFormEnum, tsFormGlobal:
		return s.tsClosed(k, s.nextBrace(k, limit), limit), true
	case tsFormNamespace, tsFormModule:
		return s.moduleEnd(k, limit), true
	case tsFormAbstract:
		return s.declarationEnds(s.classEnd(k+1, limit), limit, dflt), true
	}
	switch {
	case s.is(k, "var") || s.is(k, "const") || s.letDeclares(k, limit):
		return s.tsVarsEnd(k, limit), true
	case s.is(k, "async") && s.is(k+1, "function") && !s.t[k+1].nl:
		k++
		fallthrough
	case s.is(k, "function"):
		if dflt && s.functionName(k, limit) < 0 {
			return 0, false // export default function () {}: an expression
		}
		return s.signatureStatementEnd(k, limit, dflt), true
	case s.is(k, "class"):
		if dflt && (!s.isWord(k+1) || s.is(k+1, "extends") || s.is(k+1, "implements")) {
			return 0, false // export default class {}: an expression
		}
		return s.declarationEnds(s.classEnd(k, limit), limit, dflt), true
	}
	return 0, false
}

// prefixes returns the first token after the `export`, `export default` and `declare` that start
// the statement at i, and whether it is a default export; a prefix the grammar may read otherwise
// (before a line break, before what the scanner does not read) makes the file unsure.
func (s *jsScan) prefixes(i, limit int) (int, bool) {
	k, dflt := i, false
	if s.is(k, "export") && k+1 < limit {
		k++
		if s.is(k, "default") && k+1 < limit {
			k, dflt = k+1, true
		}
		if s.t[k].nl || s.t[i+1].nl {
			s.unsure("export: a line break after export")
		}
		if s.t[k].kind != jsIdent && !s.is(k, "{") && !s.is(k, "*") && !s.is(k, "=") && !s.is(k, "@") && !dflt {
			s.unsure("export: a token the scanner does not read after export")
		}
	}
	if s.is(k, "declare") && k+1 < limit {
		switch {
		case s.tsDeclares(k+1, limit):
			if s.t[k+1].nl {
				s.unsure("declare: a line break after declare")
			}
			k++
		case !s.t[k+1].nl && (s.t[k+1].kind == jsIdent || s.is(k+1, "@")):
			s.unsure("declare: a declaration the scanner does not read")
		}
	}
	return k, dflt
}

// fromEnd returns the end of an import statement or a re-export whose first token is at k:
// the string of its module, after "from" (or right after "import"), with a ';' after it. It
// reports false for another form (`import x = require("x")`, `export { a }`), whose end
// expressionEnd finds.
func (s *jsScan) fromEnd(k, limit int) (int, bool) {
	j := k + 1
	if s.is(k, "import") && j < limit && s.t[j].kind == jsStr {
		return s.sourceEnd(j, limit)
	}
	if j < limit && s.is(j, "type") {
		j++
	}
	if s.is(k, "export") && (j >= limit || !s.is(j, "*") && !s.is(j, "{")) {
		return 0, false // a declaration, or a default
	}
	for n := 0; j < limit && n < 8; n, j = n+1, j+1 {
		switch {
		case s.is(j, "from") && j+1 < limit && s.t[j+1].kind == jsStr:
			if s.t[j].nl && s.is(k, "export") {
				s.unsure("export: a line break before from") // `export { a }` may end there
			}
			return s.sourceEnd(j+1, limit)
		case s.is(j, "{"):
			j = s.partner(j, limit)
		case s.is(j, ",") || s.is(j, "*") || s.isWord(j) && !s.is(j, "from"):
		default:
			return 0, false
		}
	}
	return 0, false
}

// sourceEnd returns the end of an import or re-export whose module's string is at str, and
// true; import attributes (`with { ... }`) are expressionEnd's to read, and false.
func (s *jsScan) sourceEnd(str, limit int) (int, bool) {
	if str+1 < limit && (s.is(str+1, "assert") || s.is(str+1, "with")) && !s.t[str+1].nl {
		return 0, false
	}
	return s.withSemicolon(str, limit), true
}

// signatureStatementEnd returns the end of the function declaration or signature whose keyword
// "function" is at kw: its body's '}', or its head with the ';' after it (on its line or the
// next: the grammar's scanner inserts no semicolon before one).
func (s *jsScan) signatureStatementEnd(kw, limit int, dflt bool) int {
	_, body, last := s.tsFunctionParts(kw, limit)
	if body >= 0 {
		return s.declarationEnds(last, limit, dflt)
	}
	if last+1 < limit && s.is(last+1, ";") {
		return last + 1
	}
	return s.afterASI(last, limit)
}

// declarationEnds returns end, the '}' that ends a function or class declaration, after checking
// that the grammar ends the declaration there: a token after it that continues an expression
// (on its line, or on the next where no semicolon would be inserted) may make it an
// expression's, and the file unsure.
func (s *jsScan) declarationEnds(end, limit int, dflt bool) int {
	n := end + 1
	if n >= limit || s.is(n, ";") || s.closes(n) || s.t[n].kind == jsEOF || s.t[n].nl && s.insertsSemicolon(n) {
		return end
	}
	s.unsure("declaration: a token after its body that may continue an expression")
	return end
}

// letDeclares reports whether the let at k declares variables: tree-sitter reads a let before a
// line break as a name.
func (s *jsScan) letDeclares(k, limit int) bool {
	return s.is(k, "let") && k+1 < limit && !s.t[k+1].nl && (s.isWord(k+1) || s.is(k+1, "[") || s.is(k+1, "{"))
}

// tsFunction maps a function declaration or signature [first, end] whose "function" or "async"
// is at k, "function" at kw and name at name: consecutive signatures of one name and the
// implementation after them are one symbol. A signature that ends without a ';' takes in a
// comment after it on its line.
func (s *jsScan) tsFunction(first, k, kw, name, end int, at tsAt) {
	_, body, _ := s.tsFunctionParts(kw, end+1)
	before := len(s.w.res.Symbols)
	idx := s.declareOverload(first, end, at, s.text(name, name), store.KindFunction, s.sigFrom(k, at), body, true)
	if body < 0 && idx == before {
		s.w.res.Symbols[idx].Signature = s.w.sig(s.sigFrom(k, at), s.endByte(end)) // with its ';'
	}
}

// tsClosed returns the '}' that closes the body at open of the declaration at k, or, without a
// body, k with the file marked unsure.
func (s *jsScan) tsClosed(k, open, limit int) int {
	if open < 0 {
		s.unsure("declaration: no body where one was expected")
		return k
	}
	return s.partner(open, limit)
}

// withSemicolon returns end, or the ';' after it.
func (s *jsScan) withSemicolon(end, limit int) int {
	if end+1 < limit && s.is(end+1, ";") {
		return end + 1
	}
	if end+1 < limit && !s.t[end+1].nl && !s.closes(end+1) && s.t[end+1].kind != jsEOF {
		s.unsure("statement: a token after a declaration on its line")
	}
	return end
}

// nextBrace returns the index of the first '{' after k within a few tokens (an enum's body, a
// global block's), or -1.
func (s *jsScan) nextBrace(k, limit int) int {
	for j := k + 1; j < limit && j <= k+3; j++ {
		if s.is(j, "{") {
			return j
		}
	}
	return -1
}

// interfaceBody returns the '{' of the body of the interface whose keyword is at k, or -1: after
// its name, type parameters and the types it extends.
func (s *jsScan) interfaceBody(k, limit int) int {
	j := s.typeParamsEnd(k+2, limit)
	if j < limit && s.is(j, "extends") {
		for {
			j = s.typeEnd(j+1, limit) + 1
			if j >= limit || !s.is(j, ",") {
				break
			}
		}
	}
	if j < limit && s.is(j, "{") {
		return j
	}
	return -1
}

// typeAliasEnd returns the last token of the type of the alias whose keyword "type" is at k.
func (s *jsScan) typeAliasEnd(k, limit int) int {
	j := s.typeParamsEnd(k+2, limit)
	if j+1 >= limit || !s.is(j, "=") {
		s.unsure("type alias: no '=' where expected")
		return min(j, limit-1)
	}
	return s.typeEnd(j+1, limit)
}

// moduleName returns the last token of the name of the namespace or module whose keyword is at
// k: a string, or names joined by dots.
func (s *jsScan) moduleName(k, limit int) int {
	j := k + 1
	if s.t[j].kind == jsStr {
		return j
	}
	for j+2 < limit && s.is(j+1, ".") && s.isWord(j+2) {
		j += 2
	}
	return j
}

// moduleEnd returns the last token of the namespace or module whose keyword is at k: its body's
// '}', or its name (with a ';') for `declare module "x";`.
func (s *jsScan) moduleEnd(k, limit int) int {
	name := s.moduleName(k, limit)
	if name+1 < limit && s.is(name+1, "{") {
		return s.partner(name+1, limit)
	}
	return s.withSemicolon(name, limit)
}

// tsStatement maps the TypeScript statement [i, end] whose first token after decorators is k, and
// reports false for one JavaScript's statement maps.
func (s *jsScan) tsStatement(first, k, end int, at tsAt) bool {
	if s.is(k, "import") && (k+2 <= end && s.is(k+2, "=") || k+3 <= end && s.is(k+1, "type") && s.is(k+3, "=")) {
		return true // import x = require("x"), import A = B.C: the walk records no import
	}
	if s.is(k, "declare") && k+1 <= end && !s.t[k+1].nl && s.tsDeclares(k+1, end+1) {
		s.wrap(first, k, at, func(at tsAt) { s.statement(k+1, end, at) })
		return true
	}
	switch s.tsForm(k, end+1) {
	case tsFormInterface:
		s.interfaceDecl(first, k, end, at)
	case tsFormType:
		s.typeAlias(k, end, at)
	case tsFormEnum:
		s.enumDecl(first, k, end, at)
	case tsFormNamespace, tsFormModule:
		s.moduleDecl(k, end, at)
	case tsFormAbstract:
		s.class(first, k+1, end, tsAt{parent: at.parent, start: at.start, sig: int(s.sigFrom(k, at))})
	case tsFormGlobal:
	default:
		return false
	}
	return true
}

// interfaceDecl maps an interface [first, end] whose keyword is at k, with its members.
func (s *jsScan) interfaceDecl(first, k, end int, at tsAt) {
	body := s.interfaceBody(k, end+1)
	idx := s.declare(first, end, at, s.text(k+1, k+1), store.KindInterface, s.sigFrom(k, at), body)
	if body >= 0 {
		s.typeMembers(body, s.partner(body, end+1), idx)
	}
}

// typeAlias maps `type X = ...` [k, end] with its first line as its signature (jsTypeAlias); a
// statement that ends without a ';' takes in a comment after it on its line.
func (s *jsScan) typeAlias(k, end int, at tsAt) {
	s.span(k, end, at, s.text(k+1, k+1), store.KindType, s.w.sigLine(s.sigFrom(k, at), s.endByte(end)))
}

// enumDecl maps an enum [first, end] whose keyword ("enum", or the "const" before it) is at k,
// with its members.
func (s *jsScan) enumDecl(first, k, end int, at tsAt) {
	kw := k
	if s.is(kw, "const") {
		kw++
	}
	body := s.nextBrace(kw, end+1)
	idx := s.declare(first, end, at, s.text(kw+1, kw+1), store.KindEnum, s.sigFrom(k, at), body)
	if body < 0 || s.nest >= tsMaxNest {
		return
	}
	close := s.partner(body, end+1)
	member := tsAt{parent: idx, start: -1, sig: -1}
	for _, item := range s.split(body+1, close-1) {
		s.enumMember(item[0], item[1], member)
	}
}

// enumMember maps an enum member [i, e]: a name or a string, with a value or without.
func (s *jsScan) enumMember(i, e int, at tsAt) {
	switch s.t[i].kind {
	case jsIdent, jsStr:
	default:
		s.unsure("enum: a member that is no name")
		return
	}
	if i != e && (!s.is(i+1, "=") || i+1 == e) {
		s.unsure("enum: a member the scanner does not read")
		return
	}
	text := s.text(i, i)
	s.declare(i, e, at, orDefault(unquote(text), text), store.KindEnumMember, uint32(s.t[i].s), -1)
}

// moduleDecl maps a namespace or module [k, end] whose keyword is at k, with what its body
// declares.
func (s *jsScan) moduleDecl(k, end int, at tsAt) {
	name := s.moduleName(k, end+1)
	kind := store.KindNamespace
	text := s.text(k+1, name)
	if s.is(k, "module") {
		kind, text = store.KindModule, unquote(text)
	}
	body := -1
	if name+1 <= end && s.is(name+1, "{") {
		body = name + 1
	}
	last := end
	if body < 0 && s.is(last, ";") && last > name {
		last-- // the node ends at its name
	}
	idx := s.declare(k, last, at, text, kind, s.sigFrom(k, at), body)
	if body >= 0 {
		s.statements(body+1, s.partner(body, end+1), tsAt{parent: idx, start: -1, sig: -1})
	}
}

// declareOverload adds the symbol of tokens [rs, re] as declare does, joining it to the
// bodiless declaration before it of the same name, kind and parent when overload is set, as the
// walk's declare joins TypeScript's overload signatures and their implementation.
func (s *jsScan) declareOverload(rs, re int, at tsAt, name string, kind store.Kind, sigFrom uint32, body int, overload bool) int {
	if overload && s.w.lastOverload >= 0 {
		prev := &s.w.res.Symbols[s.w.lastOverload]
		if prev.Name == name && prev.Kind == kind && prev.Parent == at.parent {
			start := s.row(rs)
			if at.start >= 0 && at.start < start {
				start = at.start
			}
			prev.EndLine = max(prev.EndLine, max(int(s.t[re].eline)-1, start)+1)
			idx := s.w.lastOverload
			if body >= 0 {
				s.w.lastOverload = -1
			}
			return idx
		}
	}
	idx := s.declare(rs, re, at, name, kind, sigFrom, body)
	if overload && body < 0 {
		s.w.lastOverload = idx
	}
	return idx
}
