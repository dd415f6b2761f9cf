package lang

// How the C++ scanner (cppscan.go) reads one statement's tokens as a declaration: the template
// prefix, `using` aliases and concepts, friends, then the specifiers (up to the first
// declarator) and each declarator's name (qualified `A::B::f`, `~A`, `operator==`, `operator
// bool`), mirroring what the tree-sitter walk with c.go's cppTable (cFunction, cDeclaration,
// cVariable, cTypedef, cAlias, cDeclarator) makes of the same declaration, to the signature.

import (
	"strings"

	"github.com/readmap/readmap/store"
)

// cppWClass classes the words the C++ scanner reads specially in specifiers.
type cppWClass uint8

const (
	cppwNone      cppWClass = iota
	cppwSpec                // storage classes, function specifiers and qualifiers: static, virtual, const, ...
	cppwSized               // signed, unsigned, long, short
	cppwPrimitive           // int, char, auto, ...
	cppwTag                 // class, struct, union, enum
	cppwGroup               // a word a parenthesised group follows: __attribute__, alignas, decltype, explicit(...)
	cppwTypename            // typename, which a type's name follows
	cppwStop                // a word no declaration starts or goes on with
)

// cppWords are the words of cppWClass's classes.
var cppWords = func() map[string]cppWClass {
	m := map[string]cppWClass{}
	for _, w := range []string{"static", "extern", "inline", "virtual", "explicit", "friend", "constexpr", "consteval",
		"constinit", "mutable", "thread_local", "register", "const", "volatile", "restrict", "__restrict", "__restrict__",
		"__extension__", "__inline", "__inline__", "_Noreturn", "__thread", "__forceinline"} {
		m[w] = cppwSpec
	}
	for _, w := range []string{"signed", "unsigned", "long", "short"} {
		m[w] = cppwSized
	}
	for w, c := range cKeywords {
		if c == cwPrimitive {
			m[w] = cppwPrimitive
		}
	}
	for _, w := range []string{"auto", "wchar_t", "__int128"} {
		m[w] = cppwPrimitive
	}
	for _, w := range []string{"class", "struct", "union", "enum"} {
		m[w] = cppwTag
	}
	for _, w := range []string{"__attribute__", "__declspec", "alignas", "_Alignas", "decltype", "typeof", "__typeof__", "__typeof", "_Atomic", "__asm__", "asm"} {
		m[w] = cppwGroup
	}
	m["typename"] = cppwTypename
	for _, w := range []string{"return", "if", "else", "for", "while", "do", "switch", "case", "default", "goto", "break",
		"continue", "throw", "try", "catch", "new", "delete", "sizeof", "static_assert", "_Static_assert", "namespace",
		"using", "template", "requires", "co_return", "co_await", "co_yield", "this", "nullptr", "true", "false"} {
		m[w] = cppwStop
	}
	return m
}()

// cppWordOf returns the class of token t (cppwStop for one that is no identifier).
func (s *cppScan) cppWordOf(t clexTok) cppWClass {
	if t.kind != clexIdent {
		return cppwStop
	}
	return cppWords[string(s.word(t))]
}

// cppDeclr is what one declarator declares, as cDeclarator reads it from a tree.
type cppDeclr struct {
	name   string
	scope  []string // "a::B::f" gives ["a", "B"]
	isFunc bool     // a function, not a variable of function-pointer type
	after  int      // the index after the function's parameters, or after the name
}

// isScope reports whether toks[i] and toks[i+1] make "::".
func (s *cppScan) isScope(toks []clexTok, i int) bool {
	return i+1 < len(toks) && s.is(toks[i], ':') && s.is(toks[i+1], ':') && toks[i].end == toks[i+1].start
}

// declare maps the statement st as a declaration.
func (s *cppScan) declare(st *cppStmt) {
	toks := s.toks[st.base:]
	n := len(toks)
	if n == 0 || st.macros {
		s.dropSpec(st)
		return
	}
	match := s.matchBrackets(toks)
	i := s.skipAttrs(toks, match, 0)
	sigFrom := i
	tmpl := false
	for i < n && s.isWord(toks[i], "template") {
		if i+1 >= n || !s.is(toks[i+1], '<') {
			s.dropSpec(st) // `template class X<int>;`: an explicit instantiation
			return
		}
		i = s.angleEnd(toks, i+1, n) + 1
		tmpl = true
	}
	if tmpl && i < n && s.isWord(toks[i], "requires") {
		i = s.requiresEnd(toks, match, i+1)
	}
	i = s.skipAttrs(toks, match, i)
	if i >= n || sigFrom >= n {
		s.dropSpec(st)
		return
	}
	start, end := int(toks[0].line), int(st.end.endLine)
	sigStart := toks[sigFrom].start
	friend := false
	switch {
	case s.isWord(toks[i], "friend"):
		if !st.fn {
			s.dropSpec(st)
			return
		}
		friend = true
	case s.isWord(toks[i], "using") || s.isWord(toks[i], "concept"):
		// `using X = T;` and `concept C = ...;` (cAlias); `using namespace std;` and `using
		// std::x;` declare nothing the map shows.
		name := i + 1
		if name < n && toks[name].kind == clexIdent && !s.isWord(toks[name], "namespace") {
			after := s.skipAttrs(toks, match, name+1)
			if after < n && s.is(toks[after], '=') {
				s.add(store.Symbol{Name: s.name(toks[name]), Kind: store.KindType, Parent: st.parent,
					Signature: s.rawLine(sigStart, st.end.end), StartLine: start, EndLine: end})
			}
		}
		s.dropSpec(st)
		return
	case toks[i].kind == clexIdent && s.cppWordOf(toks[i]) == cppwStop:
		s.dropSpec(st)
		return
	case s.isWord(toks[i], "extern") && i+1 < n && s.isWord(toks[i+1], "template"):
		s.dropSpec(st)
		return
	}
	spec := s.specifiers(toks, match, st, i)
	if spec.call {
		s.dropSpec(st)
		return
	}
	decls := s.splitDecls(toks, match, spec.declStart, n)
	switch {
	case spec.typedef:
		s.typedef(st, toks, match, decls, start, end, sigStart)
	case st.fn || s.fnLike(toks, match, decls):
		s.function(st, toks, match, decls, start, sigStart, friend)
	default:
		s.declaration(st, toks, match, spec, decls, start, end, sigStart, tmpl)
	}
}

// skipAttrs returns the index of the first token at or after i that does not belong to an
// attribute: `[[...]]`, `__attribute__((...))`, `__declspec(...)`, `alignas(...)`.
func (s *cppScan) skipAttrs(toks []clexTok, match []int32, i int) int {
	for i < len(toks) {
		switch {
		case s.is(toks[i], '[') && i+1 < len(toks) && s.is(toks[i+1], '['):
			i = int(match[i]) + 1
		case toks[i].kind == clexIdent && (s.wordOf(toks[i]) == cwAttribute) && i+1 < len(toks) && s.is(toks[i+1], '('):
			i = int(match[i+1]) + 1
		default:
			return i
		}
	}
	return i
}

// requiresEnd returns the index after a requires clause whose first token is at i: primaries
// (names with template arguments, parenthesised expressions, `requires (...) {...}`) joined by
// && and ||.
func (s *cppScan) requiresEnd(toks []clexTok, match []int32, i int) int {
	n := len(toks)
	for i < n {
		switch t := toks[i]; {
		case s.is(t, '('):
			i = int(match[i]) + 1
		case s.is(t, '!'):
			i++
			continue
		case t.kind == clexIdent || s.isScope(toks, i):
			i = s.qualEnd(toks, match, i, n)
			if i < n && s.is(toks[i], '(') {
				i = int(match[i]) + 1
			}
		case t.kind == clexBody:
			i++
		default:
			return i
		}
		if i+1 < n && (s.is(toks[i], '&') && s.is(toks[i+1], '&') || s.is(toks[i], '|') && s.is(toks[i+1], '|')) {
			i += 2
			continue
		}
		return i
	}
	return i
}

// qualEnd returns the index after the (maybe qualified, maybe templated) name at toks[i]:
// `::a::B<T>::template C<U>`. It stops before a `~` or `operator` after "::", which start a
// declarator's name.
func (s *cppScan) qualEnd(toks []clexTok, match []int32, i, n int) int {
	if s.isScope(toks, i) {
		i += 2
	}
	for i < n {
		if s.isWord(toks[i], "template") {
			i++
		}
		if i >= n || toks[i].kind != clexIdent || s.isWord(toks[i], "operator") {
			return i
		}
		i++
		if i < n && s.is(toks[i], '<') {
			i = s.angleEnd(toks, i, n) + 1
		}
		if !s.isScope(toks, i) {
			return i
		}
		if i+2 < n && (s.is(toks[i+2], '~') || s.isWord(toks[i+2], "operator")) {
			return i
		}
		i += 2
	}
	return i
}

// cppSpecs is what the specifiers of a declaration say.
type cppSpecs struct {
	typedef, isConst bool
	call             bool // not a declaration: a macro call or an expression
	declStart        int  // the first token of the first declarator (len(toks) when none)
}

// specifiers reads the specifiers of the statement's tokens from i, up to its first declarator.
func (s *cppScan) specifiers(toks []clexTok, match []int32, st *cppStmt, i int) cppSpecs {
	n := len(toks)
	sp := cppSpecs{declStart: n}
	typ, sized := false, false
	first := i
	for i < n {
		t := toks[i]
		if t.kind == clexBody {
			i++
			continue
		}
		if t.kind != clexIdent {
			switch {
			case s.is(t, '[') && i+1 < n && s.is(toks[i+1], '['):
				i = int(match[i]) + 1
				continue
			case s.isScope(toks, i) && !typ:
				// `::std::size_t x`, `::operator new(...)`
			case s.is(t, '~') || (typ || sized) && (s.is(t, '*') || s.is(t, '&') || s.is(t, '(') || s.isScope(toks, i) || s.is(t, '^')):
				sp.declStart = i
				return sp
			default:
				sp.call = true
				return sp
			}
		}
		switch s.cppWordOf(t) {
		case cppwSpec:
			if w := string(s.word(t)); w == "const" || w == "constexpr" {
				sp.isConst = true
			}
			if i+1 < n && s.isWord(t, "explicit") && s.is(toks[i+1], '(') {
				i = int(match[i+1]) + 1 // `explicit(true)`
				continue
			}
			if s.isWord(t, "extern") && i+1 < n && toks[i+1].kind == clexString {
				i++
			}
			i++
			continue
		case cppwSized:
			sized = true
			i++
			continue
		case cppwPrimitive:
			// `typedef std::size_t size_t;`: a primitive's name after a type is the
			// declarator's, when nothing but the declaration's end follows.
			if typ && (i+1 == n || strings.IndexByte(";,=[)", s.src[toks[i+1].start]) >= 0) {
				sp.declStart = i
				return sp
			}
			typ = true
			i++
			continue
		case cppwTag:
			typ = true
			i = s.tagEnd(toks, match, st, i)
			continue
		case cppwGroup:
			if i+1 < n && s.is(toks[i+1], '(') {
				w := string(s.word(t))
				if w == "decltype" || w == "typeof" || w == "__typeof__" || w == "__typeof" || w == "_Atomic" {
					typ = true
				}
				i = int(match[i+1]) + 1
				continue
			}
			i++
			continue
		case cppwTypename:
			i++
			continue
		case cppwStop:
			if i == first {
				sp.call = true
				return sp
			}
		}
		if s.isWord(t, "typedef") {
			sp.typedef = true
			i++
			continue
		}
		if s.isWord(t, "operator") {
			sp.declStart = i
			return sp
		}
		if typ {
			sp.declStart = i
			return sp
		}
		// An annotation macro before the specifiers or the type: `PROTOBUF_ALWAYS_INLINE
		// static T* f()`, `PROTOBUF_NODISCARD inline T f()`.
		if !typ && !sized && cppMacroName(s.word(t)) && i+1 < n && s.annotationAhead(toks, i+1) {
			i++
			continue
		}
		// A name: a type's, or with no type before it, a constructor's, a conversion's
		// (`A::operator bool`) or a destructor's (`A::~A`).
		k := s.qualEnd(toks, match, i, n)
		switch {
		case k < n && s.isScope(toks, k):
			sp.declStart = i
			return sp
		case k < n && s.is(toks[k], '(') && !sized:
			if k+1 < n && (s.is(toks[k+1], '*') || s.is(toks[k+1], '&') || s.is(toks[k+1], '^')) {
				typ = true // `Boolean (*proc)(void)`
				i = k
				continue
			}
			if i == first && !st.fn && !s.inClass(st.parent) && s.callOnly(toks, match, k) && !s.paramsLike(toks, k+1, int(match[k])) {
				sp.call = true // `FOO(x);` at file level: a macro call
				return sp
			}
			sp.declStart = i
			return sp
		case sized && (k >= n || !(toks[k].kind == clexIdent || s.is(toks[k], '*') || s.is(toks[k], '&'))):
			sp.declStart = i // `unsigned x;`
			return sp
		}
		typ = true
		i = k
	}
	return sp
}

// annotationAhead reports whether what follows a name in capitals at toks[i] is a declaration of
// its own, so that the name is an annotation macro: a keyword of the specifiers, or a type's
// name and a declarator.
func (s *cppScan) annotationAhead(toks []clexTok, i int) bool {
	t := toks[i]
	switch s.cppWordOf(t) {
	case cppwSpec, cppwSized, cppwPrimitive, cppwTag, cppwTypename:
		return true
	case cppwNone:
		if t.kind != clexIdent || i+1 >= len(toks) {
			return false
		}
		nx := toks[i+1]
		return nx.kind == clexIdent || s.is(nx, '*') || s.is(nx, '&') || s.isScope(toks, i+1) || s.is(nx, '<')
	}
	return false
}

// inClass reports whether the symbol at parent is a class, struct or union.
func (s *cppScan) inClass(parent int) bool {
	if parent < 0 {
		return false
	}
	switch s.res.Symbols[parent].Kind {
	case store.KindClass, store.KindStruct, store.KindUnion:
		return true
	}
	return false
}

// tagEnd returns the index after a class, struct, union or enum type whose keyword is at i: its
// attributes, its name, and its body when the statement holds it.
func (s *cppScan) tagEnd(toks []clexTok, match []int32, st *cppStmt, i int) int {
	if st.spec-st.base == i {
		return st.specBody - st.base + 1
	}
	i++
	if i < len(toks) && (s.isWord(toks[i], "class") || s.isWord(toks[i], "struct")) {
		i++
	}
	i = s.skipAttrs(toks, match, i)
	if i < len(toks) && (toks[i].kind == clexIdent || s.isScope(toks, i)) {
		return s.qualEnd(toks, match, i, len(toks))
	}
	return i
}

// splitDecls splits the declarators from i at the commas outside brackets and template
// arguments.
func (s *cppScan) splitDecls(toks []clexTok, match []int32, i, n int) [][2]int {
	var decls [][2]int
	for i < n {
		j := i
		for j < n && !s.is(toks[j], ',') {
			switch {
			case s.is(toks[j], '(') || s.is(toks[j], '['):
				j = int(match[j])
			case s.isWord(toks[j], "operator"):
				// `operator,` and `operator<`: the signs are the name.
				for j+1 < n && toks[j+1].kind == clexPunct && !s.is(toks[j+1], '(') {
					j++
				}
				if j+2 < n && s.is(toks[j+1], '(') && s.is(toks[j+2], ')') {
					j += 2
				}
			case s.is(toks[j], '<') && j > 0 && toks[j-1].kind == clexIdent:
				j = s.angleEnd(toks, j, n)
			}
			j++
		}
		decls = append(decls, [2]int{i, min(j, n)})
		i = j + 1
	}
	return decls
}

// pointers returns the index after the pointers, references, qualifiers and attributes that
// start a declarator at i, with member pointers (`A::*`).
func (s *cppScan) pointers(toks []clexTok, match []int32, i, n int) int {
	for i < n {
		t := toks[i]
		switch {
		case s.is(t, '*') || s.is(t, '&') || s.is(t, '^'):
			i++
		case s.is(t, '[') && i+1 < n && s.is(toks[i+1], '['):
			i = int(match[i]) + 1
		case t.kind == clexIdent && (s.cppWordOf(t) == cppwSpec):
			i++
		case t.kind == clexIdent && s.wordOf(t) == cwAttribute:
			i = s.groupEnd(toks, match, i)
		case (t.kind == clexIdent || s.isScope(toks, i)) && !s.isWord(t, "operator"):
			k := s.qualEnd(toks, match, i, n)
			if s.isScope(toks, k) && k+2 < n && s.is(toks[k+2], '*') {
				i = k + 3 // `int A::*p`
				continue
			}
			return i
		default:
			return i
		}
	}
	return i
}

// declarator reads the declarator in toks[i:n] as cDeclarator reads its node.
func (s *cppScan) declarator(toks []clexTok, match []int32, i, n int) cppDeclr {
	var d cppDeclr
	sawFunc := false
	for level := 0; i < n && level < 256; level++ {
		i = s.pointers(toks, match, i, n)
		if i >= n {
			return d
		}
		innerStart, innerEnd := -1, -1
		switch t := toks[i]; {
		case s.is(t, '('):
			innerStart, innerEnd = i+1, int(match[i])
			i = innerEnd + 1
		case t.kind == clexIdent || s.isScope(toks, i) || s.is(t, '~'):
			var cast bool
			d.scope = d.scope[:0]
			d.name, i, cast = s.declName(toks, match, i, n, &d.scope)
			if cast {
				d.isFunc = true
				d.after = i
				if i < n && s.is(toks[i], '(') {
					d.after = int(match[i]) + 1
				}
				return d
			}
			if d.name == "" {
				return d
			}
		default:
			return d
		}
		hasFunc := false
	suffixes:
		for i < n {
			switch {
			case s.is(toks[i], '('):
				if !hasFunc && innerStart < 0 && !sawFunc && s.argsLike(toks, i+1, int(match[i])) {
					break suffixes // `std::string s("x")`: a constructor's arguments
				}
				hasFunc = true
				i = int(match[i]) + 1
			case s.is(toks[i], '['):
				if i+1 < n && s.is(toks[i+1], '[') {
					if hasFunc {
						break suffixes // an attribute after the declarator
					}
					i = int(match[i]) + 1 // `operator== [[nodiscard]] (...)`: on to the parameters
					continue
				}
				i = int(match[i]) + 1
			default:
				break suffixes
			}
		}
		if hasFunc && !sawFunc {
			sawFunc, d.isFunc = true, true
			d.after = i
		}
		if innerStart < 0 {
			if !sawFunc {
				d.after = i
			}
			return d
		}
		if sawFunc {
			d.isFunc = false // int (*fp)(int): a pointer to a function
		}
		i, n = innerStart, min(innerEnd, n)
	}
	return d
}

// declName reads the name of a declarator at toks[i]: qualified (its scopes appended to scope,
// template arguments left out), a destructor's `~A`, an operator's `operator==`, or a
// conversion's `operator T` (cast). It returns the name and the index after it.
func (s *cppScan) declName(toks []clexTok, match []int32, i, n int, scope *[]string) (string, int, bool) {
	if s.isScope(toks, i) {
		i += 2
	}
	for i < n {
		t := toks[i]
		switch {
		case s.is(t, '~'):
			if i+1 < n && toks[i+1].kind == clexIdent {
				return s.text(t.start, toks[i+1].end), i + 2, false
			}
			return "", i + 1, false
		case s.isWord(t, "operator"):
			return s.operatorName(toks, match, i, n)
		case s.isWord(t, "template"):
			i++
			continue
		case t.kind != clexIdent:
			return "", i, false
		}
		name := s.name(t)
		j := i + 1
		if j < n && s.is(toks[j], '<') {
			j = s.angleEnd(toks, j, n) + 1
		}
		if s.isScope(toks, j) {
			*scope = append(*scope, name)
			i = j + 2
			continue
		}
		return name, j, false
	}
	return "", i, false
}

// operatorName reads an operator's name from its `operator` at toks[i]: `operator()`,
// `operator[]`, `operator new[]`, `operator""_x`, signs up to the parameters, or a conversion
// `operator T`, named "operator " and its type without qualifiers, pointers or references.
func (s *cppScan) operatorName(toks []clexTok, match []int32, i, n int) (string, int, bool) {
	op := toks[i]
	j := i + 1
	if j >= n {
		return "", j, false
	}
	t := toks[j]
	switch {
	case s.is(t, '(') && j+1 < n && s.is(toks[j+1], ')'):
		return s.text(op.start, toks[j+1].end), j + 2, false
	case s.isWord(t, "new") || s.isWord(t, "delete") || s.isWord(t, "co_await"):
		end := j
		if j+2 < n && s.is(toks[j+1], '[') && s.is(toks[j+2], ']') {
			end = j + 2
		}
		return s.text(op.start, toks[end].end), end + 1, false
	case t.kind == clexString:
		end := j
		if j+1 < n && toks[j+1].kind == clexIdent && toks[j+1].start == t.end {
			end = j + 1
		}
		if j+1 < n && toks[j+1].kind == clexIdent && s.cppWordOf(toks[j+1]) == cppwNone && end == j {
			end = j + 1
		}
		return s.text(op.start, toks[end].end), end + 1, false
	case t.kind == clexIdent:
		// A conversion: its type is the specifier after the qualifiers.
		for j < n && s.cppWordOf(toks[j]) == cppwSpec {
			j++
		}
		if j >= n {
			return "", j, true
		}
		from := j
		switch s.cppWordOf(toks[j]) {
		case cppwSized, cppwPrimitive:
			for j < n && (s.cppWordOf(toks[j]) == cppwSized || s.cppWordOf(toks[j]) == cppwPrimitive) {
				j++
			}
		case cppwTypename:
			j = s.qualEnd(toks, match, j+1, n)
		default:
			j = s.qualEnd(toks, match, j, n)
		}
		if j <= from {
			return "", j, true
		}
		typ := s.text(toks[from].start, toks[j-1].end)
		for j < n && !s.is(toks[j], '(') {
			j++
		}
		return "operator " + typ, j, true
	}
	end := j
	// The signs run to the parameters, or to an attribute written before them
	// (`operator== [[nodiscard]] (...)`).
	for end+1 < n && toks[end+1].kind == clexPunct && !s.is(toks[end+1], '(') &&
		!(s.is(toks[end+1], '[') && end+2 < n && s.is(toks[end+2], '[')) {
		end++
	}
	return s.text(op.start, toks[end].end), end + 1, false
}

// argsLike reports whether toks[from:to], the inside of parentheses after a declarator's name,
// are a constructor's arguments rather than parameters: they start with a literal.
func (s *cppScan) argsLike(toks []clexTok, from, to int) bool {
	if from >= to {
		return false
	}
	switch toks[from].kind {
	case clexNumber, clexString, clexChar:
		return true
	}
	return s.isWord(toks[from], "nullptr") || s.isWord(toks[from], "true") || s.isWord(toks[from], "false") || s.isWord(toks[from], "this")
}

// fnLike reports whether a statement without a body is a function definition to the grammar:
// a function declarator followed by `= default`, `= delete` or `= 0`.
func (s *cppScan) fnLike(toks []clexTok, match []int32, decls [][2]int) bool {
	if len(decls) != 1 {
		return false
	}
	d := s.declarator(toks, match, decls[0][0], decls[0][1])
	if d.name == "" || !d.isFunc {
		return false
	}
	for i := d.after; i < decls[0][1]; i++ {
		if s.is(toks[i], '(') || s.is(toks[i], '[') {
			i = int(match[i])
			continue
		}
		if s.is(toks[i], '=') && i+1 < decls[0][1] {
			nx := toks[i+1]
			return s.isWord(nx, "default") || s.isWord(nx, "delete") || nx.kind == clexNumber
		}
	}
	return false
}

// kindIn returns the kind of a function declared directly in the symbol at parent (cKindIn): a
// method in a class, struct or union (a constructor when named after it), else a function.
func (s *cppScan) kindIn(parent int, name string) store.Kind {
	if parent < 0 {
		return store.KindFunction
	}
	p := s.res.Symbols[parent]
	switch p.Kind {
	case store.KindClass, store.KindStruct, store.KindUnion:
		if name == p.Name {
			return store.KindConstructor
		}
		return store.KindMethod
	}
	return store.KindFunction
}

// qualname returns symbol i's qualified name as normalize will fill it.
func (s *cppScan) qualname(i int) string {
	if i < 0 {
		return ""
	}
	sym := s.res.Symbols[i]
	if sym.Qualname != "" {
		return sym.Qualname
	}
	if sym.Parent >= 0 {
		return joinQualname(s.qualname(sym.Parent), sym.Name)
	}
	return sym.Name
}

// function maps a function definition (cFunction): one defined outside its class (`void
// Foo::bar() {}`) is the method "bar" with the qualified name "Foo.bar", where it is written. A
// friend defined in a class body is a function in the class.
func (s *cppScan) function(st *cppStmt, toks []clexTok, match []int32, decls [][2]int, start int, sigStart int32, friend bool) {
	s.dropSpec(st)
	if len(decls) == 0 {
		return
	}
	dn := decls[0]
	d := s.declarator(toks, match, dn[0], dn[1])
	if d.name == "" {
		return
	}
	end := int(st.end.endLine)
	if !d.isFunc {
		dnEnd := s.declEnd(toks, match, d, dn[0], dn[1], true)
		prefix := s.raw(sigStart, toks[dn[0]].start)
		s.variable(st, false, d.name, false, start, end, prefix+" ", toks[dn[0]].start, toks[dnEnd-1].end)
		return
	}
	kind := s.kindIn(st.parent, d.name)
	qual := ""
	if len(d.scope) > 0 {
		owner := d.scope[len(d.scope)-1]
		kind = store.KindMethod
		if owner == d.name || "~"+owner == d.name {
			kind = store.KindConstructor
		} else if s.namespaces[owner] {
			kind = store.KindFunction
		}
		qual = strings.Join(d.scope, ".") + "." + d.name
		if st.parent >= 0 {
			qual = s.qualname(st.parent) + "." + qual
		}
	}
	if strings.HasPrefix(d.name, "~") && kind == store.KindConstructor {
		kind = store.KindMethod
	}
	if friend {
		kind = store.KindFunction
	}
	sigEnd := st.end.end
	if st.fn {
		sigEnd = st.body.start
		if st.initColon >= 0 {
			sigEnd = s.toks[st.initColon].start
		}
	}
	s.add(store.Symbol{Name: s.cut(d.name), Kind: kind, Parent: st.parent, Qualname: qual,
		Signature: joinSig(s.raw(sigStart, sigEnd)), StartLine: start, EndLine: end})
}

// dropSpec removes the type a statement that declares nothing the map shows made at its '{'
// when tree-sitter maps none (a typedef without a name).
func (s *cppScan) dropSpec(st *cppStmt) {
	if st.reserved {
		s.res.Symbols = s.res.Symbols[:st.specSym]
		st.reserved, st.specSym = false, -1
	}
}

// declEnd returns the index after the tokens of declarator [from, to) that tree-sitter's
// declarator node covers: at namespace level all of them (an initializer is part of it); in a
// class a field's default value and bit width are not.
func (s *cppScan) declEnd(toks []clexTok, match []int32, d cppDeclr, from, to int, field bool) int {
	if d.isFunc {
		for i := d.after; i < to; i++ {
			if s.is(toks[i], '(') || s.is(toks[i], '[') {
				i = int(match[i])
				continue
			}
			if s.is(toks[i], '=') {
				return i
			}
		}
		return to
	}
	if !field {
		return to
	}
	for i := from; i < to; i++ {
		switch {
		case s.is(toks[i], '(') || s.is(toks[i], '['):
			i = int(match[i])
		case s.is(toks[i], '=') || toks[i].kind == clexBody || s.is(toks[i], ':') && !s.isScope(toks, i) && !(i > 0 && s.isScope(toks, i-1)):
			return max(i, from+1)
		}
	}
	return to
}

// typedef maps `typedef ... Name;` (cTypedef): a typedef of an anonymous struct, union or enum is
// that type under the typedef's name; a named one is mapped as itself, then as the typedef.
func (s *cppScan) typedef(st *cppStmt, toks []clexTok, match []int32, decls [][2]int, start, end int, sigFrom int32) {
	named := false
	for _, dn := range decls {
		d := s.declarator(toks, match, dn[0], dn[1])
		if d.name == "" {
			continue
		}
		name := s.cut(d.name)
		text := s.raw(toks[dn[0]].start, toks[max(s.declEnd(toks, match, d, dn[0], dn[1], false)-1, dn[0])].end)
		switch {
		case st.reserved && !named:
			head := s.raw(sigFrom, toks[st.specBody-st.base].start)
			sym := &s.res.Symbols[st.specSym]
			sym.Name, sym.Signature = name, joinSig(head, "{…}", text)
			sym.StartLine, sym.EndLine = start, max(end, start)
		case st.specSym >= 0 || st.reserved:
			head := s.raw(sigFrom, toks[st.specBody-st.base].start)
			s.add(store.Symbol{Name: name, Kind: store.KindType, Parent: st.parent,
				Signature: joinSig(head, "{…}", text), StartLine: start, EndLine: end})
		default:
			s.add(store.Symbol{Name: name, Kind: store.KindType, Parent: st.parent,
				Signature: joinSig(s.raw(sigFrom, st.end.end)), StartLine: start, EndLine: end})
		}
		named = true
	}
	if !named && st.reserved {
		s.res.Symbols = s.res.Symbols[:st.specSym]
	}
}

// declaration maps a declaration (cDeclaration): the type it defines with a body (made at its
// '{'), then each declarator as a function prototype, a variable, or in a class a field or
// method. One declarator is ranged over the whole declaration, several each over its own.
func (s *cppScan) declaration(st *cppStmt, toks []clexTok, match []int32, sp cppSpecs, decls [][2]int, start, end int, sigFrom int32, tmpl bool) {
	s.dropSpec(st)
	if len(decls) == 0 {
		return
	}
	var prefix string
	if st.spec < 0 {
		prefix = s.raw(sigFrom, toks[decls[0][0]].start)
	} else {
		kw, body := toks[st.spec-st.base].start, toks[st.specBody-st.base].start
		prefix = s.raw(sigFrom, kw) + " " + s.raw(kw, body) + " {…}"
	}
	field := s.inClass(st.parent)
	linkage := s.isWord(toks[0], "extern") && len(toks) > 1 && toks[1].kind == clexString
	for i, dn := range decls {
		d := s.declarator(toks, match, dn[0], dn[1])
		if d.name == "" {
			continue
		}
		dnEnd := s.declEnd(toks, match, d, dn[0], dn[1], field)
		from, to := start, end
		if len(decls) > 1 {
			from, to = int(toks[dn[0]].line), int(toks[max(dnEnd-1, dn[0])].endLine)
			if i == 0 && (tmpl || linkage) {
				from = start
			}
		}
		s.variable(st, sp.isConst, s.cut(d.name), d.isFunc, from, to, prefix+" ", toks[dn[0]].start, toks[max(dnEnd-1, dn[0])].end)
	}
}

// variable adds a declarator of a declaration (cVariable): a function prototype (a method in a
// class), a field, a const or a variable, its signature the declaration's type (prefix) and the
// declarator's text from dnStart to dnEnd (only its first line, unless it declares a function).
func (s *cppScan) variable(st *cppStmt, isConst bool, name string, isFunc bool, from, to int, prefix string, dnStart, dnEnd int32) {
	var kind store.Kind
	switch {
	case isFunc:
		kind = s.kindIn(st.parent, name)
	case s.inClass(st.parent):
		kind = store.KindField
	case isConst:
		kind = store.KindConst
	default:
		kind = store.KindVar
	}
	decl := s.rawLine(dnStart, dnEnd)
	if isFunc {
		decl = joinSig(s.raw(dnStart, dnEnd))
	}
	s.add(store.Symbol{Name: name, Kind: kind, Parent: st.parent, Signature: joinSig(prefix + decl),
		StartLine: from, EndLine: max(to, from)})
}
