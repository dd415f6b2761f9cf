package lang

// The Swift mapper: a hand-written declaration scanner. It reads a file's tokens once
// (swift_scan_lex.go) and recognises declarations where the tree-sitter walk maps them: in the
// file and in the bodies of classes, structs, enums, actors, extensions and protocols, each
// starting at its attributes and modifiers. Bodies of functions, accessors and closures are
// skipped by bracket matching. A declaration without a body ends where Swift ends a statement:
// at a line break, unless what follows the break goes on with it (".member", a binary operator,
// "{", ":", "where", ...), the rules of the grammar's own scanner.
//
// What it maps, and how, is what the tree-sitter walk (treesitter.go with swift.go's table,
// Swift's mapper before this one and now the reference of the differential test,
// swift_scan_diff_test.go) makes of a file the grammar parses without errors: the same symbols
// with the same names, kinds, signatures, ranges and nesting, and the same imports.

import (
	"bytes"
	"context"
	"strings"
	"unicode/utf8"

	"github.com/readmap/readmap/store"
)

// swMapperName names the scanner in `map --json` output.
const swMapperName = "swift-scanner"

// swMapper maps Swift files with the scanner. It keeps no state between files.
type swMapper struct{}

// Map returns the declarations of one Swift file.
func (swMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	s := &swScan{scanStop: scanStop{ctx: ctx}, lx: swLex{src: src, line: 1}}
	s.tok = s.lx.next()
	s.members(-1, false, 0)
	if s.err != nil {
		return nil, s.err
	}
	lines := CountLines(src)
	clampToParents(s.res.Symbols, lines)
	s.res.Unparsed = s.lx.unparsed(lines)
	return &s.res, nil
}

// swScan is the state of one file's scan: the lexer, the next token (tok) and the one before
// it (prev), and the map so far.
type swScan struct {
	scanStop
	lx          swLex
	tok, prev   swTok
	res         Result
	seenImports map[string]bool
}

// swTypeKinds are the kinds of the declarations with member bodies, by keyword. An extension
// is an impl of the type it extends.
var swTypeKinds = map[string]store.Kind{
	"class": store.KindClass, "struct": store.KindStruct, "enum": store.KindEnum,
	"extension": store.KindImpl, "actor": store.KindClass, "protocol": store.KindInterface,
}

// swModifiers are the words that may come before a declaration's keyword.
var swModifiers = map[string]bool{
	"public": true, "private": true, "fileprivate": true, "internal": true, "open": true, "package": true,
	"static": true, "class": true, "final": true, "override": true, "mutating": true, "nonmutating": true,
	"lazy": true, "weak": true, "unowned": true, "optional": true, "required": true, "convenience": true,
	"dynamic": true, "indirect": true, "prefix": true, "postfix": true, "infix": true, "nonisolated": true,
	"distributed": true, "consuming": true, "borrowing": true, "__consuming": true,
}

// swDeclWords are the keywords that start a declaration after its modifiers; "class" before one
// of them, or before a modifier, is a modifier itself.
var swDeclWords = map[string]bool{
	"func": true, "var": true, "let": true, "subscript": true, "init": true, "deinit": true,
	"typealias": true, "struct": true, "enum": true, "extension": true, "protocol": true,
	"actor": true, "import": true, "associatedtype": true, "macro": true, "case": true,
	"operator": true, "precedencegroup": true,
}

// swGoesOnWords are the words that, first on a line, continue the statement before it.
var swGoesOnWords = map[string]bool{
	"throws": true, "rethrows": true, "default": true, "where": true, "else": true, "catch": true,
	"as": true, "async": true,
}

// swReservedOps are the operators the grammar reads itself: first on a line, they do not
// continue the statement before it (a custom operator does).
var swReservedOps = map[string]bool{
	"/": true, "-": true, "+": true, "!": true, "*": true, "%": true, "<": true, ">": true, "&": true,
	"|": true, "^": true, "~": true, "..": true, "+=": true, "-=": true, "*=": true, "/=": true,
	"%=": true, ">>": true, "<<": true, "++": true, "--": true, "===": true, "...": true, "..<": true,
}

// swOpenAfter are the words after which a statement needs more, so that a line break does not
// end it.
var swOpenAfter = map[string]bool{"as": true, "is": true, "try": true, "await": true, "where": true}

// advance moves to the next token.
func (s *swScan) advance() {
	s.prev = s.tok
	s.tok = s.lx.next()
	s.tick()
}

// peek returns the token after tok without moving.
func (s *swScan) peek() swTok {
	saved := s.lx
	t := s.lx.next()
	s.lx = saved
	return t
}

// text returns a token's bytes as a string.
func (s *swScan) text(t swTok) string { return string(s.lx.src[t.s:t.e]) }

// bytes returns a token's bytes: words to look up without a copy.
func (s *swScan) bytes(t swTok) []byte { return s.lx.src[t.s:t.e] }

// is reports whether t is the punctuation or word w.
func (s *swScan) is(t swTok, w string) bool {
	return t.e-t.s == len(w) && t.kind != swEOF && string(s.lx.src[t.s:t.e]) == w
}

// punct returns t's byte if it is punctuation, else 0.
func (s *swScan) punct(t swTok) byte {
	if t.kind == swPunct {
		return s.lx.src[t.s]
	}
	return 0
}

// members maps the declarations of a container up to its closing brace (closer set) or the
// end of the file; parent is the container's symbol, nest how many containers hold it.
func (s *swScan) members(parent int, closer bool, nest int) {
	for s.err == nil {
		switch s.punct(s.tok) {
		case '}':
			if closer {
				return
			}
			s.advance()
			continue
		case ')', ']', ';':
			s.advance()
			continue
		}
		if s.tok.kind == swEOF {
			return
		}
		s.decl(parent, nest)
	}
}

// decl maps the declaration or skips the statement at tok.
func (s *swScan) decl(parent, nest int) {
	start := s.tok
	sigFrom := -1
	for s.err == nil {
		if s.punct(s.tok) == '@' {
			s.attribute()
			continue
		}
		if s.tok.kind != swIdent || !s.isModifier() {
			break
		}
		if sigFrom < 0 {
			sigFrom = s.tok.s
		}
		s.advance()
		if s.punct(s.tok) == '(' && !s.tok.nl {
			s.balanced()
		}
	}
	if sigFrom < 0 {
		sigFrom = s.tok.s
	}
	d := swDecl{start: start.line, sigFrom: sigFrom, parent: parent, nest: nest}
	if s.tok.kind == swIdent && s.declare(&d) {
		return
	}
	switch {
	case s.tok != start:
	case bracketDepth[s.punct(start)] > 0:
		s.balanced()
	default:
		s.advance()
	}
	s.stmt(false, nil)
}

// isModifier reports whether the word at tok is a modifier here: "class" only before a
// declaration's keyword or another modifier, "async" only before `let` or `var`, and one with an
// argument only with one it takes, `private(set)`, `unowned(safe)` (`open(url)` is a call).
func (s *swScan) isModifier() bool {
	switch w := s.bytes(s.tok); string(w) {
	case "class":
		n := s.bytes(s.peek())
		return swModifiers[string(n)] || swDeclWords[string(n)]
	case "async":
		n := s.bytes(s.peek())
		return string(n) == "let" || string(n) == "var"
	default:
		return swModifiers[string(w)] && (s.punct(s.peek()) != '(' || s.modifierArg())
	}
}

// swModifierArgs are the arguments modifiers take: `private(set)`, `unowned(safe)`,
// `nonisolated(unsafe)`.
var swModifierArgs = map[string]bool{"set": true, "safe": true, "unsafe": true}

// modifierArg reports whether the word at tok is followed by a modifier's argument.
func (s *swScan) modifierArg() bool {
	saved := s.lx
	defer func() { s.lx = saved }()
	open, arg, closer := s.lx.next(), s.lx.next(), s.lx.next()
	return !open.nl && swModifierArgs[string(s.bytes(arg))] && s.punct(closer) == ')'
}

// attribute skips an attribute at tok: "@", a dotted name and an argument list on its line.
func (s *swScan) attribute() {
	s.advance()
	for s.tok.kind == swIdent && !s.tok.nl {
		s.advance()
		if !s.is(s.tok, ".") || s.tok.nl {
			break
		}
		s.advance()
	}
	if s.punct(s.tok) == '(' && !s.tok.nl {
		s.balanced()
	}
}

// swDecl is the declaration being mapped: its first line, where its signature starts (after
// its attributes), its parent symbol and how many containers hold it.
type swDecl struct {
	start, sigFrom int
	parent, nest   int
}

// declare maps the declaration whose keyword is at tok, and reports false when the word is no
// declaration's (the caller skips the statement).
func (s *swScan) declare(d *swDecl) bool {
	w := s.text(s.tok)
	switch w {
	case "import":
		s.importDecl()
	case "class", "struct", "enum", "extension", "protocol":
		s.typeDecl(d, swTypeKinds[w], w == "extension")
	case "actor":
		if n := s.peek(); n.kind != swIdent || n.nl {
			return false
		}
		s.typeDecl(d, store.KindClass, false)
	case "func":
		s.advance()
		s.function(d, s.funcName(), s.funcKind(d.parent))
	case "init":
		s.advance()
		if s.tok.kind == swOp && (s.is(s.tok, "?") || s.is(s.tok, "!")) {
			s.advance()
		}
		s.function(d, "init", store.KindConstructor)
	case "deinit", "subscript":
		s.advance()
		s.function(d, w, store.KindMethod)
	case "var", "let":
		s.property(d, w)
	case "typealias", "associatedtype":
		s.typeAlias(d, w == "typealias")
	case "case":
		if d.parent < 0 || s.res.Symbols[d.parent].Kind != store.KindEnum {
			return false
		}
		s.enumCase(d)
	case "operator":
		s.advance()
		if s.tok.kind == swOp && !s.tok.nl {
			s.advance() // the operator declared, which needs no operand
			if s.tok.nl {
				return true
			}
		}
		s.stmt(false, nil)
	case "macro":
		if n := s.peek(); n.kind != swIdent || n.nl {
			return false
		}
		s.macro(d)
	default:
		return false
	}
	return true
}

// funcName reads a function's name at tok: an identifier or an operator.
func (s *swScan) funcName() string {
	if s.tok.kind != swIdent && s.tok.kind != swOp {
		return ""
	}
	t := s.tok
	s.advance()
	if t.kind == swOp && t.e-t.s > 1 && s.lx.src[t.e-1] == '<' && swIdentByte[s.lx.at(t.e)] {
		t.e-- // `func ||<T>`: the generic parameters' "<" is not the operator's
	}
	return foldName(s.lx.src[t.s:t.e])
}

// funcKind is the kind of a function in parent: a method in a type.
func (s *swScan) funcKind(parent int) store.Kind {
	if s.inType(parent) {
		return store.KindMethod
	}
	return store.KindFunction
}

// inType reports whether symbol parent is a type, whose functions are methods and whose
// variables are properties.
func (s *swScan) inType(parent int) bool {
	if parent < 0 {
		return false
	}
	switch s.res.Symbols[parent].Kind {
	case store.KindClass, store.KindInterface, store.KindEnum, store.KindStruct, store.KindImpl:
		return true
	}
	return false
}

// add appends a symbol of d and returns its index; its depth comes from its parent.
func (s *swScan) add(d *swDecl, name string, kind store.Kind, end int, sig string) int {
	sym := store.Symbol{Name: name, Kind: kind, StartLine: d.start, EndLine: max(end, d.start), Parent: d.parent, Signature: sig}
	if d.parent >= 0 {
		sym.Depth = s.res.Symbols[d.parent].Depth + 1
	}
	s.res.Symbols = append(s.res.Symbols, sym)
	return len(s.res.Symbols) - 1
}

// typeDecl maps a class, struct, enum, actor, extension or protocol at its keyword, with its
// members. An extension is named by the type it extends, as written.
func (s *swScan) typeDecl(d *swDecl, kind store.Kind, extension bool) {
	s.advance()
	name := ""
	if extension {
		name = s.extendedType()
	} else if s.tok.kind == swIdent && !s.tok.nl {
		name = foldName(s.lx.src[s.tok.s:s.tok.e])
		s.advance()
	}
	if !s.declHead(d, name, kind) {
		return
	}
	idx := s.add(d, name, kind, 0, s.sig(d.sigFrom, s.tok.s))
	s.body(idx, d.nest+1)
}

// declHead reads a declaration's head on to its body and reports whether a body follows, at tok,
// for the caller to map; a declaration without one is mapped here (a protocol's requirement), and
// the body of one without a name is skipped.
func (s *swScan) declHead(d *swDecl, name string, kind store.Kind) bool {
	last, body := s.stmt(true, nil)
	switch {
	case name == "":
		if body {
			s.balanced()
		}
		return false
	case !body:
		s.add(d, name, kind, last.eline, s.sig(d.sigFrom, last.e))
		return false
	}
	return true
}

// body reads the body whose "{" is at tok: with the declarations in it mapped as members of
// symbol idx, unless containers nest too deep, and ends idx at its closing brace.
func (s *swScan) body(idx, nest int) {
	if nest >= tsMaxNest {
		s.res.Symbols[idx].EndLine = s.balanced().eline
		return
	}
	s.advance()
	s.members(idx, true, nest)
	end := s.prev.eline
	if s.punct(s.tok) == '}' {
		end = s.tok.eline
		s.advance()
	}
	s.res.Symbols[idx].EndLine = max(end, s.res.Symbols[idx].StartLine)
}

// extendedType reads the type an extension extends: a dotted name with generic arguments, up
// to its conformances, where clause or body.
func (s *swScan) extendedType() string {
	first, last := s.tok, s.tok
	if s.punct(first) == '[' && !first.nl {
		return foldName(s.lx.src[first.s:s.balanced().e])
	}
	angles := 0
	for s.err == nil && s.tok.kind != swEOF && (s.tok == first || !s.tok.nl) {
		t := s.tok
		if angles == 0 && (s.punct(t) == ':' || s.punct(t) == '{' || s.is(t, "where")) {
			break
		}
		if t.kind == swPunct && (angles == 0 || bracketDepth[s.punct(t)] != 0) {
			break
		}
		if t.kind == swOp {
			angles += bytes.Count(s.bytes(t), []byte("<")) - bytes.Count(s.bytes(t), []byte(">"))
		}
		last = t
		s.advance()
		if angles <= 0 && t.kind == swIdent && !s.is(s.tok, ".") && !s.is(s.tok, "<") {
			break
		}
	}
	if first.kind != swIdent {
		return ""
	}
	return foldName(s.lx.src[first.s:last.e])
}

// function maps a function, initializer, deinitializer or subscript whose head goes on at
// tok: its signature runs to its body, its range to the body's closing brace; without a body
// (a protocol's requirement) both end where the statement does.
func (s *swScan) function(d *swDecl, name string, kind store.Kind) {
	if !s.declHead(d, name, kind) {
		return
	}
	sig := s.sig(d.sigFrom, s.tok.s)
	end := s.balanced()
	s.add(d, name, kind, end.eline, sig)
}

// property maps a `let` or `var` at its keyword, named by its first pattern: a property in a
// type, else a constant (let) or a variable.
func (s *swScan) property(d *swDecl, kw string) {
	s.advance()
	name := ""
	switch {
	case s.tok.kind == swIdent:
		name = foldName(s.lx.src[s.tok.s:s.tok.e])
		s.advance()
	case s.punct(s.tok) == '(':
		from := s.tok.s
		to := s.balanced().e
		name = foldName(s.lx.src[from:to])
	}
	last, _ := s.stmt(false, nil)
	if name == "" {
		return
	}
	kind := store.KindVar
	switch {
	case s.inType(d.parent):
		kind = store.KindProperty
	case kw == "let":
		kind = store.KindConst
	}
	s.add(d, name, kind, last.eline, s.sigLine(d.sigFrom, last.e))
}

// typeAlias maps a typealias (signature: its first line) or an associated type (signature: all
// of it) at its keyword.
func (s *swScan) typeAlias(d *swDecl, alias bool) {
	s.advance()
	name := ""
	if s.tok.kind == swIdent {
		name = foldName(s.lx.src[s.tok.s:s.tok.e])
		s.advance()
	}
	last, _ := s.stmt(false, nil)
	if name == "" {
		return
	}
	if alias {
		s.add(d, name, store.KindType, last.eline, s.sigLine(d.sigFrom, last.e))
		return
	}
	s.add(d, name, store.KindType, last.eline, s.sig(d.sigFrom, last.e))
}

// enumCase maps each case of `case a, b(Int), c = 1` at its keyword, all with the range and
// signature of the whole entry.
func (s *swScan) enumCase(d *swDecl) {
	s.advance()
	var names []string
	expect := true
	last, _ := s.stmt(false, func(t swTok) {
		switch {
		case expect && t.kind == swIdent:
			names = append(names, foldName(s.lx.src[t.s:t.e]))
			expect = false
		case s.punct(t) == ',':
			expect = true
		default:
			expect = false
		}
	})
	sig := s.sigLine(d.sigFrom, last.e)
	for _, name := range names {
		s.add(d, name, store.KindEnumMember, last.eline, sig)
	}
}

// macro maps a macro declaration at its keyword: its signature runs to its definition.
func (s *swScan) macro(d *swDecl) {
	s.advance()
	name := foldName(s.lx.src[s.tok.s:s.tok.e])
	s.advance()
	def := -1
	last, _ := s.stmt(false, func(t swTok) {
		if def < 0 && t.kind == swOp && s.is(t, "=") {
			def = t.e
		}
	})
	if def < 0 {
		def = last.e
	}
	s.add(d, name, store.KindMacro, last.eline, s.sig(d.sigFrom, def))
}

// importDecl records the module of an import at its keyword: `import Foo.Bar`, `import struct
// Foo.Bar`, as written.
func (s *swScan) importDecl() {
	s.advance()
	if s.tok.kind == swIdent && !s.tok.nl && swImportKinds[string(s.bytes(s.tok))] && s.peek().kind == swIdent {
		s.advance()
	}
	first, last := s.tok, s.tok
	for s.tok.kind == swIdent && (s.tok == first || !s.tok.nl) {
		last = s.tok
		s.advance()
		if !s.is(s.tok, ".") || s.tok.nl {
			break
		}
		s.advance()
	}
	if first.kind == swIdent && last.e > first.s {
		s.addImport(foldName(s.lx.src[first.s:last.e]))
	}
	s.stmt(false, nil)
}

// swImportKinds are the words that may say what kind of declaration an import takes.
var swImportKinds = map[string]bool{
	"typealias": true, "struct": true, "class": true, "enum": true, "protocol": true, "let": true,
	"var": true, "func": true,
}

// addImport records an import once.
func (s *swScan) addImport(path string) {
	s.res.Imports = addImportOnce(s.res.Imports, &s.seenImports, path)
}

// stmt reads on to the end of the statement whose tokens up to prev are read: a line break
// after which nothing goes on with it, a ";", a closer of the enclosing brackets, the end of
// the file, or, with atBody set, a "{" that opens a body (left at tok, and body is true). each,
// when set, sees every token read outside brackets. It returns the statement's last token.
func (s *swScan) stmt(atBody bool, each func(t swTok)) (last swTok, body bool) {
	last = s.prev
	for s.err == nil {
		t := s.tok
		switch {
		case t.kind == swEOF:
			return last, false
		case t.nl && !s.goesOn(last, t):
			return last, false
		}
		switch s.punct(t) {
		case '}', ')', ']', ';':
			return last, false
		case '{':
			if atBody {
				return last, true
			}
			last = s.balanced()
			continue
		case '(', '[':
			last = s.balanced()
			continue
		}
		if each != nil {
			each(t)
		}
		last = t
		s.advance()
	}
	return last, false
}

// balanced reads the brackets opened at tok up to their closer and returns it (or the last
// token, at the end of the file).
func (s *swScan) balanced() swTok {
	depth := 0
	for s.err == nil {
		t := s.tok
		if t.kind == swEOF {
			return s.prev
		}
		s.advance()
		if t.kind == swPunct {
			depth += int(bracketDepth[s.lx.src[t.s]])
			if depth <= 0 {
				return t
			}
		}
	}
	return s.prev
}

// goesOn reports whether t, first on its line, continues the statement whose last token is
// last: last needs more (a binary operator, a comma), or t cannot start a statement (".x", a
// binary operator, "{", ":", "where", ...), as the grammar's scanner decides.
func (s *swScan) goesOn(last, t swTok) bool {
	switch last.kind {
	case swOp:
		if w := s.bytes(last); string(w) != "..." && len(bytes.Trim(w, ">?!")) > 0 {
			return true
		}
	case swPunct:
		if c := s.punct(last); c == ',' || c == ':' || c == '@' || c == '\\' || c == '.' {
			return true
		}
	case swIdent:
		if swOpenAfter[string(s.bytes(last))] {
			return true
		}
	}
	switch t.kind {
	case swOp:
		return s.opGoesOn(t)
	case swPunct:
		c := s.punct(t)
		return c == '{' || c == ':'
	case swIdent:
		if string(s.bytes(t)) == "async" { // only where a function type's effects go, not `async let`
			return s.punct(last) == ')'
		}
		return swGoesOnWords[string(s.bytes(t))]
	}
	return false
}

// opGoesOn reports whether operator t, first on its line, continues the statement before it.
func (s *swScan) opGoesOn(t swTok) bool {
	w := s.bytes(t)
	switch op := string(w); {
	case op == "." || w[0] == '?':
		return true
	case op == "+" || op == "-":
		c := s.lx.at(t.e)
		return c == ' ' || c == '\t' || c == '\n' || c == '\r'
	case op == "!" || w[0] == '.':
		return false
	case op == "->" || op == "&&" || op == "||" || op == "=" || op == "==":
		return true
	}
	return !swReservedOps[string(w)]
}

// raw returns the source between two offsets, capped for signatures.
func (s *swScan) raw(from, to int) string {
	to = min(to, len(s.lx.src))
	if from >= to {
		return ""
	}
	if to-from > tsMaxSigSource {
		to = from + tsMaxSigSource
		for to > from && !utf8.RuneStart(s.lx.src[to]) {
			to--
		}
	}
	return string(s.lx.src[from:to])
}

// sig returns the source between two offsets as a one-line signature.
func (s *swScan) sig(from, to int) string {
	return joinSig(s.raw(from, to))
}

// sigLine is sig cut at the end of the first line: the head of a declaration whose value may
// run for pages.
func (s *swScan) sigLine(from, to int) string {
	r := s.raw(from, to)
	if i := strings.IndexByte(r, '\n'); i >= 0 {
		r = r[:i]
	}
	return trimSig(foldSignature(validUTF8(r)))
}
