package lang

// The tree-sitter walk's table over tree-sitter's C and C++ grammars (C's and C++'s mappers
// before their scanners, cscan.go and cppscan.go) and its handlers, kept as the reference of the
// differential tests c_diff_test.go and cpp_diff_test.go: the grammars' reading of a file is
// the independent one the scanners are compared with.

import (
	"bytes"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/readmap/readmap/store"
)

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

// skipBlanks returns the index of the first byte at or after i that is not a space or a tab.
func skipBlanks(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i
}
