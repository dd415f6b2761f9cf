package lang

import "github.com/readmap/readmap/store"

// This file holds the reader of Go's top-level declarations over the tokens of goscan.go. It
// makes the same symbols as the go/parser map of go.go (goParserMap), which the differential test
// (go_diff_test.go) holds it to on every file of GOROOT/src: the same names, kinds, signatures,
// ranges and nesting. Where go/parser's reading depends on more than declarations (a syntax error,
// an ambiguity only an expression parser settles), it gives up (goScanFailed) and the file is
// mapped with go/parser.

// goScanFailed is the panic value with which the scanner gives up on a file.
type goScanFailed struct{}

// Stop sets for collect: what, besides ';', ends the element being read.
const (
	goStopParen = 1 << iota // ')' closes the group the element is in
	goStopBrace             // '}' closes the struct or interface the element is in
	goStopComma             // ',' separates it from the next parameter
)

// goScanner reads the declarations of one file into res.
type goScanner struct {
	lx    goLexer
	cur   goTok   // the token being looked at
	last  goTok   // the last token before cur that is not a semicolon: where an element ends
	elem  []goTok // the tokens of one element at its own depth (collect)
	stack []byte  // closers expected by skipGroup
	res   Result
}

// goScan maps src, or reports false where the file must be mapped with go/parser.
func goScan(src []byte) (res *Result, ok bool) {
	s := &goScanner{lx: goLexer{src: src, line: 1}}
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		s.lx.pos = 3 // go/scanner skips a byte order mark at the start
	}
	defer func() {
		if r := recover(); r != nil {
			if _, gaveUp := r.(goScanFailed); !gaveUp {
				panic(r)
			}
			res, ok = nil, false
		}
	}()
	s.file()
	if s.lx.bad {
		return nil, false
	}
	return &s.res, true
}

// fail gives up on the file.
func (s *goScanner) fail() { panic(goScanFailed{}) }

// checkType gives up at a token that no type has at its own depth (collect keeps a group as its
// brackets): a literal, a brace that follows no struct or interface, or an operator other than
// '.', '*' and '<-' (and, in an interface's type set, '~' and '|'). Such a token is a syntax
// error, which go/parser recovers from its own way.
func (s *goScanner) checkType(toks []goTok, typeSet bool) {
	for i, t := range toks {
		if t.kind == goOp && t.op == '{' && (i == 0 || toks[i-1].kind != goKeyword ||
			toks[i-1].op != goKwStruct && toks[i-1].op != goKwInterface) {
			s.fail()
		}
		s.typeToken(t, typeSet)
	}
}

// typeToken gives up at a token no type has at its own depth (see checkType), but for braces.
func (s *goScanner) typeToken(t goTok, typeSet bool) {
	switch t.kind {
	case goIdent:
		return
	case goKeyword:
		s.checkKeyword(t)
		return
	case goOp:
		switch t.op {
		case '.', '*', goOpArrow, '(', ')', '[', ']', '{', '}':
			return
		case '~', '|':
			if typeSet {
				return
			}
		}
	}
	s.fail()
}

// checkKeyword gives up at a keyword no type or expression outside braces holds: a declaration
// or statement keyword there is a syntax error, which go/parser recovers from its own way.
func (s *goScanner) checkKeyword(t goTok) {
	switch t.op {
	case goKwFunc, goKwStruct, goKwInterface, goKwMapChan:
	default:
		s.fail()
	}
}

// adv moves to the next token.
func (s *goScanner) adv() {
	if s.cur.kind != goSemi {
		s.last = s.cur
	}
	s.cur = s.lx.next()
}

// is reports whether the current token is the operator op.
func (s *goScanner) is(op byte) bool { return s.cur.kind == goOp && s.cur.op == op }

// isKw reports whether the current token is the keyword kw.
func (s *goScanner) isKw(kw byte) bool { return s.cur.kind == goKeyword && s.cur.op == kw }

// expectSemi consumes the ';' that ends a top-level declaration.
func (s *goScanner) expectSemi() {
	if s.cur.kind != goSemi {
		s.fail()
	}
	s.adv()
}

// text returns the source between two offsets with whitespace folded, as the go/parser map's
// signatures are made.
func (s *goScanner) text(from, to int) string {
	if from < 0 || to > len(s.lx.src) || from >= to {
		return ""
	}
	return foldSignature(string(s.lx.src[from:to]))
}

// add appends a symbol and returns its index.
func (s *goScanner) add(sym store.Symbol) int {
	s.res.Symbols = append(s.res.Symbols, sym)
	return len(s.res.Symbols) - 1
}

// file reads the package clause, the imports and the other declarations, as go/parser's
// parseFile does; anything it would complain about gives up.
func (s *goScanner) file() {
	s.adv()
	if !s.isKw(goKwPackage) {
		s.fail()
	}
	s.adv()
	if s.cur.kind != goIdent {
		s.fail()
	}
	s.adv()
	s.expectSemi()
	for s.isKw(goKwImport) {
		s.genDecl(goKwImport)
	}
	for s.cur.kind != goEOF {
		if s.cur.kind != goKeyword {
			s.fail()
		}
		switch s.cur.op {
		case goKwFunc:
			s.funcDecl()
		case goKwType, goKwVar, goKwConst:
			s.genDecl(s.cur.op)
		default: // a late import is an error to go/parser, as is any other keyword
			s.fail()
		}
	}
}

// funcDecl reads a func or method from its keyword through its body's closing brace (or the end
// of its signature when it has no body).
func (s *goScanner) funcDecl() {
	start := s.cur
	s.adv()
	sym := store.Symbol{Kind: store.KindFunction, Parent: -1, StartLine: start.line}
	recv := ""
	if s.is('(') {
		var method bool
		recv, method = s.receiver()
		if method {
			sym.Kind = store.KindMethod
		}
	}
	if s.cur.kind != goIdent {
		s.fail()
	}
	sym.Name = string(s.lx.src[s.cur.off:s.cur.end])
	if recv != "" {
		sym.Qualname = recv + "." + sym.Name
	}
	s.adv()
	if s.is('[') { // type parameters
		s.skipGroup()
		s.adv()
	}
	if !s.is('(') {
		s.fail()
	}
	s.skipGroup()
	s.adv()
	// The result, if any, runs to the body's brace: a brace right after struct or interface
	// belongs to a type literal.
	for {
		switch {
		case s.is('{'):
			lbrace := s.cur
			s.cur = s.lx.skipBlock()
			if s.cur.kind == goEOF {
				s.fail()
			}
			sym.Signature = s.text(start.off, lbrace.off)
			sym.EndLine = s.cur.eln
			s.add(sym)
			s.adv()
			s.expectSemi()
			return
		case s.cur.kind == goSemi:
			sym.Signature = s.text(start.off, s.last.end)
			sym.EndLine = s.last.eln
			s.add(sym)
			s.adv()
			return
		case s.is('(') || s.is('['):
			s.skipGroup()
		case s.isKw(goKwStruct) || s.isKw(goKwInterface):
			s.adv()
			if !s.is('{') {
				s.fail()
			}
			s.cur = s.lx.skipBlock()
		case s.cur.kind == goEOF || s.is(')') || s.is(']') || s.is('}'):
			s.fail()
		default:
			s.typeToken(s.cur, false)
		}
		s.adv()
	}
}

// receiver reads a method's receiver list from its '(' through its ')'. It returns the
// receiver's type name as go.go's receiverType gives it, and whether the list declares a
// receiver at all ("func () f()" declares none, and maps as a func).
func (s *goScanner) receiver() (string, bool) {
	s.adv()
	if s.is(')') {
		s.adv()
		return "", false
	}
	toks := s.collect(goStopParen | goStopComma)
	if s.is(',') { // a trailing comma; several receivers are left to go/parser
		s.adv()
	}
	if !s.is(')') || len(toks) == 0 {
		s.fail()
	}
	s.adv()
	// "r T", "r *T[K]", "T", "*T": a name first when a type follows it.
	i := 0
	if len(toks) >= 2 && toks[0].kind == goIdent {
		switch {
		case toks[1].kind == goOp && toks[1].op == '.':
		case toks[1].kind == goOp && toks[1].op == '[':
			if len(toks) > 3 { // "r [N]T": a name and an array type, no type name
				return "", true
			}
		default:
			i = 1
		}
	}
	for i < len(toks) && toks[i].kind == goOp && toks[i].op == '*' {
		i++
	}
	if i < len(toks) && toks[i].kind == goOp && toks[i].op == '(' {
		s.fail() // a parenthesized type: rare, and its name is inside the skipped group
	}
	if i >= len(toks) || toks[i].kind != goIdent {
		return "", true
	}
	name := toks[i]
	i++
	if i+1 < len(toks) && toks[i].kind == goOp && toks[i].op == '[' {
		i += 2 // type arguments; collect keeps a group's opening and closing tokens only
	}
	if i != len(toks) {
		return "", true // "pkg.T" and other types go.go does not name
	}
	return string(s.lx.src[name.off:name.end]), true
}

// genDecl reads an import, type, const or var declaration, grouped or not, and the ';' after it.
func (s *goScanner) genDecl(kw byte) {
	kwTok := s.cur
	s.adv()
	if !s.is('(') {
		s.spec(kw, kwTok, false)
		s.expectSemi()
		return
	}
	s.adv()
	for !s.is(')') {
		if s.cur.kind == goEOF {
			s.fail()
		}
		s.spec(kw, kwTok, true)
		if s.cur.kind == goSemi {
			s.adv()
		} else if !s.is(')') {
			s.fail()
		}
	}
	s.adv()
	s.expectSemi()
}

// spec reads one spec up to the ';' or ')' after it, which it leaves. A spec's range is its own
// in a group, and the whole declaration's when ungrouped.
func (s *goScanner) spec(kw byte, kwTok goTok, grouped bool) {
	stops := 0
	if grouped {
		stops = goStopParen
	}
	switch kw {
	case goKwImport:
		if s.cur.kind == goIdent || s.is('.') {
			s.adv()
		}
		if s.cur.kind != goString {
			s.fail()
		}
		if path, ok := goImportPath(s.lx.src[s.cur.off:s.cur.end]); ok {
			s.res.Imports = append(s.res.Imports, path)
		}
		s.adv()
		if s.cur.kind != goSemi && !(grouped && s.is(')')) {
			s.fail()
		}
	case goKwType:
		s.typeSpec(kwTok, grouped, stops)
	default:
		s.valueSpec(kw, kwTok, grouped, stops)
	}
}

// valueSpec reads "a, b T = x, y" and adds a const or var for each name but "_".
func (s *goScanner) valueSpec(kw byte, kwTok goTok, grouped bool, stops int) {
	toks := s.collect(stops)
	if len(toks) == 0 {
		s.fail()
	}
	n := 0 // tokens that are names and the commas between them
	for {
		if n >= len(toks) || toks[n].kind != goIdent {
			s.fail()
		}
		n++
		if n+1 < len(toks) && toks[n].kind == goOp && toks[n].op == ',' {
			n++
			continue
		}
		break
	}
	if kw == goKwVar && n == len(toks) {
		s.fail() // a var needs a type or values
	}
	// A type, then "=" and values; values may be any expression.
	i := n
	for i < len(toks) && !(toks[i].kind == goOp && toks[i].op == '=') {
		i++
	}
	s.checkType(toks[n:i], false)
	if i == len(toks)-1 {
		s.fail() // "=" and no values
	}
	start, last := toks[0], toks[len(toks)-1]
	kind, word := store.KindConst, "const"
	if kw == goKwVar {
		kind, word = store.KindVar, "var"
	}
	if !grouped {
		start = kwTok
	}
	sig := s.text(start.off, last.end)
	if grouped {
		sig = word + " " + sig
	}
	for i := 0; i < n; i += 2 {
		name := s.lx.src[toks[i].off:toks[i].end]
		if len(name) == 1 && name[0] == '_' {
			continue
		}
		s.add(store.Symbol{
			Name: string(name), Kind: kind, Signature: sig,
			StartLine: start.line, EndLine: last.eln, Parent: -1,
		})
	}
}

// typeSpec reads "T[P any] = type" and adds the type; a struct's fields and an interface's
// methods and embedded types are nested in it.
func (s *goScanner) typeSpec(kwTok goTok, grouped bool, stops int) {
	name := s.cur
	if name.kind != goIdent {
		s.fail()
	}
	start := name
	if !grouped {
		start = kwTok
	}
	sym := store.Symbol{
		Name: string(s.lx.src[name.off:name.end]), Kind: store.KindType,
		StartLine: start.line, Parent: -1,
	}
	s.adv()
	if s.is('[') && s.typeParams() {
		s.skipGroup()
		s.adv()
	}
	if s.is('=') {
		s.adv()
	}
	if s.isKw(goKwStruct) || s.isKw(goKwInterface) {
		typ := s.cur
		s.adv()
		if !s.is('{') {
			s.fail()
		}
		head := "type " + s.text(name.off, typ.off)
		kind := store.KindField
		if typ.op == goKwStruct {
			sym.Kind, sym.Signature = store.KindStruct, head+" struct"
		} else {
			sym.Kind, sym.Signature = store.KindInterface, head+" interface"
			kind = store.KindMethod
		}
		parent := s.add(sym)
		s.adv()
		for !s.is('}') {
			toks := s.collect(goStopBrace)
			if len(toks) == 0 {
				s.fail()
			}
			if kind == store.KindField {
				s.field(toks, parent)
			} else {
				s.method(toks, parent)
			}
			if s.cur.kind == goSemi {
				s.adv()
			}
		}
		s.res.Symbols[parent].EndLine = s.cur.eln
		s.adv()
		if s.cur.kind != goSemi && !(grouped && s.is(')')) {
			s.fail()
		}
		return
	}
	toks := s.collect(stops)
	if len(toks) == 0 {
		s.fail()
	}
	s.checkType(toks, false)
	sym.Signature = "type " + s.text(name.off, s.last.end)
	sym.EndLine = s.last.eln
	s.add(sym)
}

// typeParams reports, at the '[' after a type's name, whether it opens type parameters rather
// than an array or slice type, deciding as go/parser does; it gives up where go/parser would
// need to parse an expression to decide ("[P *C]", "[N|M]").
func (s *goScanner) typeParams() bool {
	lx, cur, last := s.lx, s.cur, s.last
	defer func() { s.lx, s.cur, s.last = lx, cur, last }()
	s.adv()
	if s.cur.kind != goIdent {
		return false // "[]T", "[4]T", "[...]T"
	}
	s.adv()
	t := s.cur
	switch t.kind {
	case goIdent, goKeyword:
		return true // "[P any]", "[P interface{...}]"
	case goOp:
		switch t.op {
		case ',', '~', goOpArrow:
			return true
		case ']', '.', '+', '-', '/', '%', '&', '^', '<', '>', goOpOther:
			return false // "[N]T", "[pkg.N]T", "[N+1]T"
		case '*', '|', '(':
			return s.typeParamsByContent()
		}
	}
	s.fail()
	return false
}

// typeParamsByContent decides "[P *C ...]", "[P | Q]" and "[f(x)]" as go/parser does where it
// can without parsing the expression: a comma at the brackets' own depth cannot be in an array
// length, so it makes type parameters; without one, go/parser reads type parameters only where
// an operand is a type literal, so brackets holding no struct, func, interface, map, chan, '~'
// or '[' are an array length. It gives up on the rest.
func (s *goScanner) typeParamsByContent() bool {
	depth := 0
	literal := false
	for ; ; s.adv() {
		t := s.cur
		switch t.kind {
		case goEOF, goSemi:
			s.fail()
		case goKeyword:
			if t.op == goKwStruct || t.op == goKwInterface || t.op == goKwFunc ||
				s.lx.src[t.off] == 'm' || s.lx.src[t.off] == 'c' { // map, chan
				literal = true
			}
		case goOp:
			switch t.op {
			case '(', '{':
				depth++
			case '[':
				depth++
				literal = true
			case ')', '}':
				depth--
			case '~':
				literal = true
			case ',':
				if depth == 0 {
					return true
				}
			case ']':
				if depth == 0 {
					if literal {
						s.fail()
					}
					return false
				}
				depth--
			}
		}
	}
}

// field adds a struct field's names (an embedded field is named by its type) under parent.
func (s *goScanner) field(toks []goTok, parent int) {
	n := len(toks)
	last := toks[n-1]
	if last.kind == goString { // the tag
		n--
		if n == 0 {
			s.fail()
		}
	}
	names := 0 // the leading names and commas: "a, b"
	for names < n && (toks[names].kind == goIdent || toks[names].kind == goOp && toks[names].op == ',') {
		names++
	}
	s.checkType(toks[names:n], false)
	first := toks[0]
	sig := s.text(first.off, last.end)
	sym := store.Symbol{
		Kind: store.KindField, Signature: sig,
		StartLine: first.line, EndLine: last.eln, Parent: parent, Depth: 1,
	}
	isOp := func(i int, op byte) bool { return i < n && toks[i].kind == goOp && toks[i].op == op }
	isIdent := func(i int) bool { return i < n && toks[i].kind == goIdent }
	name := func(i int) {
		sym.Name = string(s.lx.src[toks[i].off:toks[i].end])
		s.add(sym)
	}
	switch {
	case first.kind == goIdent && isOp(1, '.'): // pkg.T, embedded
		if !isIdent(2) {
			s.fail()
		}
		name(2)
	case first.kind == goIdent && isOp(1, ','): // a, b T
		i := 0
		for {
			if !isIdent(i) {
				s.fail()
			}
			if !isOp(i+1, ',') {
				break
			}
			i += 2
		}
		if i+1 >= n {
			s.fail()
		}
		for j := 0; j <= i; j += 2 {
			name(j)
		}
	case first.kind == goIdent: // a T, T (embedded), T[int] (embedded), a [N]T
		name(0)
	case first.kind == goOp && first.op == '*': // *T or *pkg.T, embedded
		switch {
		case isIdent(1) && isOp(2, '.'):
			if !isIdent(3) {
				s.fail()
			}
			name(3)
		case isIdent(1):
			name(1)
		default:
			s.fail()
		}
	default:
		s.fail()
	}
}

// method adds an interface element under parent: a method, or an embedded interface or type
// set, named by its type as go.go's embeddedName does, or by its text when that gives no name.
func (s *goScanner) method(toks []goTok, parent int) {
	n := len(toks)
	union := false
	for _, t := range toks {
		if t.kind == goOp && t.op == '|' {
			union = true
		}
	}
	s.checkType(toks, true)
	first, last := toks[0], toks[n-1]
	sig := s.text(first.off, last.end)
	sym := store.Symbol{
		Name: sig, Kind: store.KindInterface, Signature: sig,
		StartLine: first.line, EndLine: last.eln, Parent: parent, Depth: 1,
	}
	isOp := func(i int, op byte) bool { return i < n && toks[i].kind == goOp && toks[i].op == op }
	switch {
	case union || isOp(0, '~'):
	case first.kind == goIdent && isOp(1, '('):
		sym.Name, sym.Kind = string(s.lx.src[first.off:first.end]), store.KindMethod
	case first.kind == goIdent && isOp(1, '[') && isOp(3, '('):
		s.fail() // a method with type parameters: an error go/parser recovers from its own way
	case isOp(0, '('):
		s.fail() // "(T)": go/parser's reading depends on what is inside, which collect skipped
	default:
		i := 0
		for isOp(i, '*') {
			i++
		}
		if i < n && toks[i].kind == goIdent {
			nm := toks[i]
			i++
			if isOp(i, '.') && i+1 < n && toks[i+1].kind == goIdent {
				nm = toks[i+1]
				i += 2
			}
			if isOp(i, '[') {
				i += 2
			}
			if i != n {
				s.fail() // "m int": a syntax error
			}
			sym.Name = string(s.lx.src[nm.off:nm.end])
		}
	}
	s.add(sym)
}

// collect gathers the tokens of one element up to the ';' that ends it, or the ')', '}' or ','
// that stops allow, which it leaves as the current token. A bracketed group is kept as its
// opening and closing tokens only.
func (s *goScanner) collect(stops int) []goTok {
	s.elem = s.elem[:0]
	for {
		t := s.cur
		switch t.kind {
		case goSemi:
			return s.elem
		case goEOF:
			s.fail()
		case goKeyword:
			s.checkKeyword(t)
		case goOp:
			switch t.op {
			case '(', '[':
				s.elem = append(s.elem, t)
				s.skipGroup()
				t = s.cur
			case '{':
				s.elem = append(s.elem, t)
				s.cur = s.lx.skipBlock()
				if s.cur.kind == goEOF {
					s.fail()
				}
				t = s.cur
			case ')':
				if stops&goStopParen != 0 {
					return s.elem
				}
				s.fail()
			case '}':
				if stops&goStopBrace != 0 {
					return s.elem
				}
				s.fail()
			case ',':
				if stops&goStopComma != 0 {
					return s.elem
				}
			case ']':
				s.fail()
			}
		}
		s.elem = append(s.elem, t)
		s.adv()
	}
}

// skipGroup moves from a '(' or '[' to its matching closer, which it leaves as the current
// token. Braces inside are skipped whole; a ';' inside is a syntax error.
func (s *goScanner) skipGroup() {
	stack := s.stack[:0]
	for {
		t := s.cur
		switch t.kind {
		case goSemi, goEOF:
			s.fail()
		case goKeyword:
			s.checkKeyword(t)
		case goOp:
			switch t.op {
			case '(':
				stack = append(stack, ')')
			case '[':
				stack = append(stack, ']')
			case '{':
				s.cur = s.lx.skipBlock()
				if s.cur.kind == goEOF {
					s.fail()
				}
			case ')', ']':
				if len(stack) == 0 || stack[len(stack)-1] != t.op {
					s.fail()
				}
				stack = stack[:len(stack)-1]
				if len(stack) == 0 {
					s.stack = stack
					return
				}
			case '}':
				s.fail()
			}
		}
		s.adv()
	}
}
