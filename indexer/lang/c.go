package lang

import (
	"bytes"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/cpp"

	"github.com/readmap/readmap/store"
)

// cppTable is C++'s table for the tree-sitter walk. C++ has two entries in the table of
// languages (its own extensions, and ".h" files that look like C++), which share one grammar.
// C's files are mapped by a scanner (cscan.go); the same table over tree-sitter's C grammar is
// its reference in the differential test (c_diff_test.go), which is why the table and its
// handlers speak of C as well as C++.
var cppTable = cGrammar(cpp.GetLanguage)

// looksLikeCPP reports whether a header's head has C++ constructs, once comments and strings
// are set aside (see cppMarked).
func looksLikeCPP(head []byte) bool {
	return cppMarked(stripCComments(head))
}

// cppHeaders are the C++ standard headers whose #include marks a header as C++.
var cppHeaders = map[string]bool{}

func init() {
	for _, h := range strings.Fields("iostream string vector memory map unordered_map algorithm functional utility cstdint " +
		"cstddef cstdio cstdlib cstring type_traits optional tuple array set thread mutex atomic chrono sstream fstream " +
		"initializer_list stdexcept exception limits new") {
		cppHeaders[h] = true
	}
}

// cppMarked reports whether text has one of the constructs of C++ that C headers do not have
// (`extern "C"` is not one: C headers wrap themselves in it for C++ callers):
//
//   - a class or struct with a base or an access specifier: `struct S : public B`,
//     `class C {` ... `public:` (the keyword first on its line), or an access specifier first on
//     a line;
//   - `namespace N {`, `template <`, `std::`, `using namespace`, `a::b` and `::~`;
//   - an #include of a C++ standard header (cppHeaders);
//   - one of the words constexpr, nullptr, noexcept, static_assert, virtual, typename.
//
// It reads as the regular expression it replaced (kept as the reference of its test), in one
// pass over the words of the text: that expression cost more than the C scanner's whole map of a
// header.
func cppMarked(text []byte) bool {
	n := len(text)
	for i := 0; i < n; {
		c := text[i]
		switch {
		case cppWord(c):
			j := i
			for j < n && cppWord(text[j]) {
				j++
			}
			if cppMarkedWord(text, i, j) {
				return true
			}
			if j+1 < n && text[j] == ':' && text[j+1] == ':' && cppScope(text, j) {
				return true
			}
			i = j
		case c == '#' && cppInclude(text, i+1):
			return true
		default:
			i++
		}
	}
	return false
}

// cppMarkedWord reports whether the word text[i:j], which starts at a word boundary, begins one
// of cppMarked's constructs.
func cppMarkedWord(text []byte, i, j int) bool {
	switch w := string(text[i:j]); w {
	case "constexpr", "nullptr", "noexcept", "static_assert", "virtual", "typename":
		return true
	case "std":
		return j+1 < len(text) && text[j] == ':' && text[j+1] == ':'
	case "template":
		k := cppSpaces(text, j)
		return k < len(text) && text[k] == '<'
	case "using":
		k := cppSpaces(text, j)
		return k > j && bytes.HasPrefix(text[k:], []byte("namespace")) && (k+9 == len(text) || !cppWord(text[k+9]))
	case "namespace":
		k := cppSpaces(text, j)
		if k == j {
			return false
		}
		for k < len(text) && (cppWord(text[k]) || text[k] == ':') {
			k++
		}
		k = cppSpaces(text, k)
		return k < len(text) && text[k] == '{'
	case "public", "private", "protected":
		k := cppSpaces(text, j)
		return cppFirstOnLine(text, i) && k < len(text) && text[k] == ':'
	case "class", "struct":
		return cppFirstOnLine(text, i) && cppClassHead(text, j, w == "class")
	}
	return false
}

// cppClassHead reports whether what follows `class` or `struct` (first on their line) from j
// makes a C++ class: a name, then a base (`: public`), or a body whose access specifier shows
// before its first '}'; or for a class, a name and any run of blanks, names, ':', ',', '<'
// and '>' before a '{'.
func cppClassHead(text []byte, j int, class bool) bool {
	n := len(text)
	k := cppSpaces(text, j)
	if k == j || k == n || !cppWord(text[k]) {
		return false
	}
	for k < n && cppWord(text[k]) {
		k++
	}
	if class {
		m := k
		for m < n && (cppSpace(text[m]) || cppWord(text[m]) || bytes.IndexByte([]byte(":,<>"), text[m]) >= 0) {
			m++
		}
		if m < n && text[m] == '{' {
			return true
		}
	}
	k = cppSpaces(text, k)
	if bytes.HasPrefix(text[k:], []byte("final")) {
		k = cppSpaces(text, k+len("final"))
	}
	switch {
	case k < n && text[k] == ':':
		k = cppSpaces(text, k+1)
		return cppAccess(text[k:])
	case k < n && text[k] == '{':
		for m := k + 1; m < n && text[m] != '}'; m++ {
			if cppWord(text[m]) && !cppWord(text[m-1]) && cppAccess(text[m:]) {
				a := m + 6
				if text[m+1] == 'r' && text[m+2] == 'o' {
					a = m + 9 // protected
				} else if text[m+1] == 'r' {
					a = m + 7 // private
				}
				if a = cppSpaces(text, a); a < n && text[a] == ':' {
					return true
				}
			}
		}
	}
	return false
}

// cppAccess reports whether text starts with an access specifier.
func cppAccess(text []byte) bool {
	return bytes.HasPrefix(text, []byte("public")) || bytes.HasPrefix(text, []byte("private")) || bytes.HasPrefix(text, []byte("protected"))
}

// cppScope reports whether the "::" at j, after a word character, is followed by one (maybe
// after a '~'): `a::b`, `A::~A`.
func cppScope(text []byte, j int) bool {
	k := j + 2
	if k < len(text) && text[k] == '~' {
		k++
	}
	return k < len(text) && cppWord(text[k])
}

// cppInclude reports whether the text after a '#' at i is `include <h>` for a C++ standard
// header h.
func cppInclude(text []byte, i int) bool {
	i = cppSpaces(text, i)
	if !bytes.HasPrefix(text[i:], []byte("include")) {
		return false
	}
	i = cppSpaces(text, i+len("include"))
	if i >= len(text) || text[i] != '<' {
		return false
	}
	end := bytes.IndexByte(text[i:], '>')
	return end > 0 && cppHeaders[string(text[i+1:i+end])]
}

// cppFirstOnLine reports whether only blanks stand between a line start (or the text's start)
// and i, blank lines included.
func cppFirstOnLine(text []byte, i int) bool {
	for k := i - 1; k >= 0; k-- {
		switch text[k] {
		case '\n':
			return true
		case ' ', '\t', '\f', '\r':
		default:
			return false
		}
	}
	return true
}

// cppSpaces returns the index of the first byte at or after i that is not a blank (as the
// regular expression's \s: space, tab, newline, form feed, carriage return).
func cppSpaces(text []byte, i int) int {
	for i < len(text) && cppSpace(text[i]) {
		i++
	}
	return i
}

func cppSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

// cppWord reports whether c is a word character (as \w: ASCII letters, digits, underscore).
func cppWord(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// stripCComments blanks comments, string literals and preprocessor lines other than #include,
// so that "the class of" in a comment, "std::" in a message or `#define x noexcept` for C++
// callers does not make a C header C++.
func stripCComments(src []byte) []byte {
	out := make([]byte, 0, len(src))
	lineStart := true
	for i := 0; i < len(src); i++ {
		c := src[i]
		if lineStart && c == '#' && !bytes.HasPrefix(bytes.TrimLeft(src[i+1:min(len(src), i+32)], " \t"), []byte("include")) {
			for i < len(src) && (src[i] != '\n' || src[i-1] == '\\') {
				i++
			}
			out = append(out, '\n')
			continue
		}
		if c != ' ' && c != '\t' {
			lineStart = c == '\n'
		}
		switch {
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			out = append(out, '\n')
			lineStart = true
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			i += 2
			for i+1 < len(src) && !(src[i] == '*' && src[i+1] == '/') {
				if src[i] == '\n' {
					out = append(out, '\n')
				}
				i++
			}
			i++
			out = append(out, ' ')
		case c == '"':
			i++
			for i < len(src) && src[i] != '"' && src[i] != '\n' {
				if src[i] == '\\' {
					i++
				}
				i++
			}
			out = append(out, '"', '"')
		default:
			out = append(out, c)
		}
	}
	return out
}

// cGrammar is the table of C++'s grammar, and of C's in the differential test: C's node types
// are a subset of C++'s.
func cGrammar(lang func() *sitter.Language) *tsGrammar {
	transparent := &tsRule{handle: tsTransparent}
	specifier := &tsRule{handle: cSpecifier}
	return &tsGrammar{
		language:  lang,
		prepare:   cBlankReserved,
		retries:   []func([]byte) []byte{cFlattenConditionals, cFirstBranches},
		attrs:     map[string]bool{"attribute_declaration": true, "attribute_specifier": true, "ms_declspec_modifier": true},
		modifiers: map[string]bool{},
		rules: map[string]*tsRule{
			"preproc_include":       {handle: cInclude},
			"preproc_def":           {handle: cMacro},
			"preproc_function_def":  {handle: cMacro},
			"preproc_if":            transparent,
			"preproc_ifdef":         transparent,
			"preproc_else":          transparent,
			"preproc_elif":          transparent,
			"preproc_elifdef":       transparent,
			"linkage_specification": {handle: cLinkage},
			"template_declaration":  {handle: tsWrap},
			"namespace_definition":  {handle: cNamespace},
			"function_definition":   {handle: cFunction},
			"declaration":           {handle: cDeclaration},
			"field_declaration":     {handle: cDeclaration},
			"type_definition":       {handle: cTypedef},
			"struct_specifier":      specifier,
			"union_specifier":       specifier,
			"enum_specifier":        specifier,
			"class_specifier":       specifier,
			"enumerator":            {kind: store.KindEnumMember},
			"alias_declaration":     {handle: cAlias},
			"concept_definition":    {handle: cAlias},
		},
	}
}

// cInclude records `#include <x.h>` as "<x.h>" and `#include "x.h"` as "x.h".
func cInclude(w *tsWalk, n *sitter.Node, _ tsAt) int {
	w.addImport(unquote(w.fieldText(n, "path")))
	return -1
}

// cMacro maps #define with a value or parameters; a bare `#define X` (an include guard, a
// feature flag) is not worth a line of the map.
func cMacro(w *tsWalk, n *sitter.Node, at tsAt) int {
	name := w.fieldText(n, "name")
	params := n.ChildByFieldName("parameters")
	value := n.ChildByFieldName("value")
	if name == "" || (params == nil && value == nil) {
		return -1
	}
	var sig string
	if params != nil {
		sig = w.sig(w.sigStart(n), params.EndByte())
	} else {
		sig = w.sigLine(w.sigStart(n), n.EndByte())
	}
	return w.span(n, at, name, store.KindMacro, sig)
}

// cLinkage maps the declarations of `extern "C" { ... }` or `extern "C" int f();` as the
// container's.
func cLinkage(w *tsWalk, n *sitter.Node, at tsAt) int {
	body := n.ChildByFieldName("body")
	if body == nil {
		return -1
	}
	if w.typeOf(body) == "declaration_list" {
		w.members(body, at)
		return -1
	}
	return tsWrap(w, n, at)
}

// cNamespace maps a named namespace with its members; an anonymous one's members belong to the
// container.
func cNamespace(w *tsWalk, n *sitter.Node, at tsAt) int {
	name := strings.ReplaceAll(w.fieldText(n, "name"), "::", ".")
	body := n.ChildByFieldName("body")
	if name == "" {
		w.members(body, at)
		return -1
	}
	idx := w.declare(n, at, name, store.KindNamespace, body, false)
	if w.namespaces == nil {
		w.namespaces = map[string]bool{}
	}
	w.namespaces[name[strings.LastIndexByte(name, '.')+1:]] = true
	w.members(body, tsAt{parent: idx, start: -1, sig: -1})
	return idx
}

// cName is what a declarator declares.
type cName struct {
	name   string
	scope  []string // "a::B::f" gives ["a", "B"]
	isFunc bool     // a function, not a variable of function-pointer type
}

// cDeclarator follows a declarator down to the name it declares: through pointers, references,
// arrays, initializers and parentheses, noting whether it declares a function.
func (w *tsWalk) cDeclarator(d *sitter.Node) cName {
	var out cName
	sawFunc := false
	for i := 0; d != nil && i < 64; i++ {
		switch w.typeOf(d) {
		case "function_declarator":
			if !sawFunc {
				sawFunc, out.isFunc = true, true
			}
			d = d.ChildByFieldName("declarator")
		case "parenthesized_declarator":
			if sawFunc {
				out.isFunc = false // int (*fp)(int): a pointer to a function
			}
			d = d.NamedChild(0)
		case "pointer_declarator", "array_declarator", "init_declarator", "attributed_declarator":
			d = d.ChildByFieldName("declarator")
		case "reference_declarator":
			d = d.NamedChild(int(d.NamedChildCount()) - 1)
		case "qualified_identifier":
			scope := d.ChildByFieldName("scope")
			if scope != nil {
				s := w.text(scope)
				if t := w.typeOf(scope); t == "template_type" {
					s = w.fieldText(scope, "name")
				}
				out.scope = append(out.scope, s)
			}
			d = d.ChildByFieldName("name")
		case "template_function", "template_method":
			d = d.ChildByFieldName("name")
		case "operator_cast":
			out.isFunc = true
			out.name = "operator " + w.fieldText(d, "type")
			return out
		case "identifier", "field_identifier", "type_identifier", "destructor_name", "operator_name",
			"primitive_type":
			out.name = w.text(d)
			return out
		default:
			return out
		}
	}
	return out
}

// cKindIn returns the kind of a function declared directly in the symbol at parent: a method in a
// class, struct or union (a constructor when named after it), else a function.
func (w *tsWalk) cKindIn(parent int, name string) store.Kind {
	if parent < 0 {
		return store.KindFunction
	}
	p := w.res.Symbols[parent]
	switch p.Kind {
	case store.KindClass, store.KindStruct, store.KindUnion:
		if name == p.Name {
			return store.KindConstructor
		}
		return store.KindMethod
	}
	return store.KindFunction
}

// cFunction maps a function definition. One defined outside its class (`void Foo::bar() {}`) is
// the method "bar" with the qualified name "Foo.bar", where it is written.
func cFunction(w *tsWalk, n *sitter.Node, at tsAt) int {
	d := w.cDeclarator(n.ChildByFieldName("declarator"))
	if d.name == "" {
		return -1
	}
	body := n.ChildByFieldName("body")
	if !d.isFunc {
		// `int count = 0;` in a class can parse as a definition with a pure-virtual clause.
		dn := n.ChildByFieldName("declarator")
		return cVariable(w, n, n, dn, at, d, w.raw(w.sigStartAt(n, at), dn.StartByte()))
	}
	kind := w.cKindIn(at.parent, d.name)
	qual := ""
	if len(d.scope) > 0 {
		owner := d.scope[len(d.scope)-1]
		kind = store.KindMethod
		if owner == d.name || "~"+owner == d.name {
			kind = store.KindConstructor
			if strings.HasPrefix(d.name, "~") {
				kind = store.KindMethod
			}
		} else if w.cIsNamespace(owner) {
			kind = store.KindFunction
		}
		qual = jsQual(w, at.parent, strings.Join(d.scope, ".")+"."+d.name)
	}
	if strings.HasPrefix(d.name, "~") && kind == store.KindConstructor {
		kind = store.KindMethod
	}
	s := w.symbol(n, at, d.name, kind, body)
	if init := w.childOfType(n, "field_initializer_list"); init != nil && (body == nil || init.StartByte() < body.StartByte()) {
		s.Signature = w.sig(w.sigStartAt(n, at), init.StartByte())
	}
	s.Qualname = qual
	return w.add(s)
}

// cIsNamespace reports whether the file declares a namespace named name, so that
// `void ns::f() {}` is a function and `void Foo::f() {}` a method.
func (w *tsWalk) cIsNamespace(name string) bool {
	return w.namespaces[name]
}

// cDeclaration maps a declaration: the type it defines inline (`struct S {...} s;`), then each
// declarator as a function prototype, a variable, or in a class a field or method.
func cDeclaration(w *tsWalk, n *sitter.Node, at tsAt) int {
	first := -1
	typ := n.ChildByFieldName("type")
	if typ != nil && typ.ChildByFieldName("body") != nil {
		first = cSpecifierAt(w, typ, at)
	}
	decls := w.fieldChildren(n, "declarator")
	if len(decls) == 0 {
		return first
	}
	sigFrom := w.sigStartAt(n, at)
	prefix := ""
	if typ == nil || typ.ChildByFieldName("body") == nil {
		prefix = w.raw(sigFrom, decls[0].StartByte())
	} else {
		prefix = w.raw(sigFrom, typ.StartByte()) + " " + w.raw(typ.StartByte(), typ.ChildByFieldName("body").StartByte()) + " {…}"
	}
	for i, dn := range decls {
		d := w.cDeclarator(dn)
		if d.name == "" {
			continue
		}
		rangeNode, a := n, at
		if len(decls) > 1 {
			rangeNode = dn
			if i > 0 {
				a.start = -1
			}
		}
		idx := cVariable(w, n, rangeNode, dn, a, d, prefix)
		if first < 0 {
			first = idx
		}
	}
	return first
}

// cVariable adds declarator dn of declaration n: a function prototype, a method, a field or a
// variable, ranged over rangeNode, its signature the declaration's type (prefix) and declarator.
func cVariable(w *tsWalk, n, rangeNode, dn *sitter.Node, at tsAt, d cName, prefix string) int {
	inType := false
	if at.parent >= 0 {
		switch w.res.Symbols[at.parent].Kind {
		case store.KindClass, store.KindStruct, store.KindUnion:
			inType = true
		}
	}
	var kind store.Kind
	switch {
	case d.isFunc:
		kind = w.cKindIn(at.parent, d.name)
	case inType:
		kind = store.KindField
	case w.cIsConst(n):
		kind = store.KindConst
	default:
		kind = store.KindVar
	}
	decl := w.sigLine(dn.StartByte(), dn.EndByte())
	if d.isFunc {
		decl = w.sig(dn.StartByte(), dn.EndByte())
	}
	return w.span(rangeNode, at, d.name, kind, joinSig(prefix, decl))
}

// cIsConst reports whether a declaration is qualified const or constexpr.
func (w *tsWalk) cIsConst(n *sitter.Node) bool {
	for _, ch := range w.children(n) {
		if t := w.typeOf(ch); t == "type_qualifier" || t == "constexpr" {
			if s := w.text(ch); s == "const" || s == "constexpr" {
				return true
			}
		}
	}
	return false
}

// fieldChildren returns n's children in field.
func (w *tsWalk) fieldChildren(n *sitter.Node, field string) []*sitter.Node {
	c := w.leafCursor(n)
	var out []*sitter.Node
	for ok := c.GoToFirstChild(); ok; ok = c.GoToNextSibling() {
		if c.CurrentFieldName() == field {
			out = append(out, c.CurrentNode())
		}
	}
	return out
}

// cSpecifierKinds are the kinds of the type specifiers with bodies.
var cSpecifierKinds = map[string]store.Kind{
	"struct_specifier": store.KindStruct, "union_specifier": store.KindUnion,
	"enum_specifier": store.KindEnum, "class_specifier": store.KindClass,
}

// cSpecifier maps a struct, union, enum or class with a body; a forward declaration is none.
func cSpecifier(w *tsWalk, n *sitter.Node, at tsAt) int {
	return cSpecifierAt(w, n, at)
}

func cSpecifierAt(w *tsWalk, n *sitter.Node, at tsAt) int {
	body := n.ChildByFieldName("body")
	if body == nil {
		return -1
	}
	name := w.fieldText(n, "name")
	if name == "" {
		// An anonymous union in a struct, an anonymous enum of constants: their members are the
		// container's.
		w.members(body, at)
		return -1
	}
	if t := n.ChildByFieldName("name"); t != nil && w.typeOf(t) == "template_type" {
		name = w.fieldText(t, "name")
	}
	idx := w.declare(n, at, name, cSpecifierKinds[w.typeOf(n)], body, false)
	w.members(body, tsAt{parent: idx, start: -1, sig: -1})
	return idx
}

// cTypedef maps `typedef ... Name;`. A typedef of an anonymous struct, union or enum is that type
// under the typedef's name; a named one is mapped as itself and then as the typedef.
func cTypedef(w *tsWalk, n *sitter.Node, at tsAt) int {
	typ := n.ChildByFieldName("type")
	decls := w.fieldChildren(n, "declarator")
	var body *sitter.Node
	if typ != nil {
		body = typ.ChildByFieldName("body")
	}
	first := -1
	sigFrom := w.sigStartAt(n, at)
	for _, dn := range decls {
		name := w.cDeclarator(dn).name
		if name == "" {
			continue
		}
		var idx int
		switch {
		case body != nil && typ.ChildByFieldName("name") == nil && first < 0:
			sig := joinSig(w.raw(sigFrom, body.StartByte()), "{…}", w.raw(dn.StartByte(), dn.EndByte()))
			idx = w.span(n, at, name, cSpecifierKinds[w.typeOf(typ)], sig)
			w.members(body, tsAt{parent: idx, start: -1, sig: -1})
		case body != nil:
			if first < 0 {
				first = cSpecifierAt(w, typ, at)
			}
			sig := joinSig(w.raw(sigFrom, body.StartByte()), "{…}", w.raw(dn.StartByte(), dn.EndByte()))
			idx = w.span(n, at, name, store.KindType, sig)
		default:
			idx = w.span(n, at, name, store.KindType, w.sig(sigFrom, n.EndByte()))
		}
		if first < 0 {
			first = idx
		}
	}
	return first
}

// cAlias maps `using X = ...;` and concepts.
func cAlias(w *tsWalk, n *sitter.Node, at tsAt) int {
	name := w.fieldText(n, "name")
	if name == "" {
		return -1
	}
	return w.span(n, at, name, store.KindType, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
}

// cBlankReserved blanks, outside preprocessor lines, the identifiers the C standard reserves for
// the implementation in all capitals (`_GLIBCXX_NOEXCEPT`, `__BEGIN_DECLS`,
// `_GLIBCXX_VISIBILITY(default)`) and glibc's attribute macros (`__nonnull ((1))`, `__wur`),
// with their arguments. They are macros that expand to
// attributes or nothing, and unexpanded they derail the grammar on system headers. Lines stay
// where they are; src is copied only when it has one.
func cBlankReserved(src []byte) []byte {
	var out []byte
	lineStart := true
	inDirective := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\n':
			lineStart = true
			if i == 0 || src[i-1] != '\\' {
				inDirective = false
			}
			continue
		case c == ' ' || c == '\t' || c == '\r':
			continue
		case lineStart && c == '#':
			inDirective = true
		}
		lineStart = false
		if c != '_' || inDirective || (i > 0 && isIdentByte(src[i-1])) {
			continue
		}
		j := i + 1
		if j < len(src) && src[j] == '_' {
			j++
		}
		if j >= len(src) {
			continue
		}
		k := j
		if src[j] >= 'A' && src[j] <= 'Z' {
			for k < len(src) && (src[k] >= 'A' && src[k] <= 'Z' || src[k] >= '0' && src[k] <= '9' || src[k] == '_') {
				k++
			}
			if k < len(src) && isIdentByte(src[k]) {
				i = k // a mixed-case name such as _Tp or _Bool: a real identifier
				continue
			}
		} else {
			for k < len(src) && isIdentByte(src[k]) {
				k++
			}
			if j == i+1 || !glibcAttrMacro(string(src[i:k])) {
				i = k - 1
				continue
			}
		}
		end := k
		// `if _GLIBCXX17_CONSTEXPR (cond)`: after `if`, the parentheses are the condition.
		if p := skipBlanks(src, k); p < len(src) && src[p] == '(' && !afterIf(src, i) {
			if close := matchParen(src, p); close > 0 {
				end = close + 1
			}
		}
		if out == nil {
			out = bytes.Clone(src)
		}
		for x := i; x < end; x++ {
			if out[x] != '\n' {
				out[x] = ' '
			}
		}
		i = end - 1
	}
	if out == nil {
		return src
	}
	return out
}

// glibcAttrMacro reports whether name is one of glibc's lower-case attribute macros, which
// follow prototypes in every system header: `__THROW __nonnull ((1)) __wur;`.
func glibcAttrMacro(name string) bool {
	switch name {
	case "__nonnull", "__wur", "__returns_nonnull", "__fortified_attr_access", "__attr_access",
		"__attr_access_none", "__attr_dealloc", "__attr_dealloc_free", "__attribute_maybe_unused__":
		return true
	}
	return strings.HasPrefix(name, "__attribute_") && strings.HasSuffix(name, "__") && name != "__attribute__"
}

func skipBlanks(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i
}

// matchParen returns the index of the parenthesis closing the one at open, on the same line, or
// -1.
func matchParen(src []byte, open int) int {
	depth := 0
	for i := open; i < len(src) && i < open+512; i++ {
		switch src[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		case '\n':
			return -1
		}
	}
	return -1
}
