package lang

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/readmap/readmap/store"
)

// jsGrammar is the table shared by JavaScript, TypeScript and TSX, whose grammars share node
// types: the TypeScript ones never occur in JavaScript.
func jsGrammar(lang func() *sitter.Language) *tsGrammar {
	fn := &tsRule{kind: store.KindFunction, overload: true}
	class := &tsRule{kind: store.KindClass, members: true}
	method := &tsRule{handle: jsMethod}
	field := &tsRule{handle: jsField}
	return &tsGrammar{
		language: lang,
		attrs:    map[string]bool{"decorator": true},
		rules: map[string]*tsRule{
			"import_statement":               {handle: jsImport},
			"export_statement":               {handle: jsExport},
			"ambient_declaration":            {handle: tsWrap},
			"function_declaration":           fn,
			"generator_function_declaration": fn,
			"function_signature":             fn,
			"class_declaration":              class,
			"abstract_class_declaration":     class,
			"interface_declaration":          {kind: store.KindInterface, members: true},
			"type_alias_declaration":         {handle: jsTypeAlias},
			"enum_declaration":               {kind: store.KindEnum, members: true},
			"enum_assignment":                {kind: store.KindEnumMember, nameOf: jsNameOf},
			"property_identifier":            {handle: jsEnumMember},
			"string":                         {handle: jsEnumMember},
			"internal_module":                {kind: store.KindNamespace, members: true},
			"module":                         {kind: store.KindModule, members: true, nameOf: jsModuleName},
			"lexical_declaration":            {handle: jsVars},
			"variable_declaration":           {handle: jsVars},
			"expression_statement":           {handle: jsExpression},
			// Class and interface members.
			"method_definition":         method,
			"method_signature":          method,
			"abstract_method_signature": method,
			"public_field_definition":   field,
			"field_definition":          field,
			"property_signature":        {handle: jsTypeMember},
			"construct_signature": {handle: func(w *tsWalk, n *sitter.Node, at tsAt) int {
				return w.declare(n, at, "new", store.KindMethod, nil, true)
			}},
		},
	}
}

// jsImport records `import ... from "x"` and `import "x"`.
func jsImport(w *tsWalk, n *sitter.Node, _ tsAt) int {
	w.addImport(unquote(w.fieldText(n, "source")))
	return -1
}

// jsExport maps what an export statement declares, starting the range and the signature at
// "export"; a re-export (`export * from "x"`) is an import.
func jsExport(w *tsWalk, n *sitter.Node, at tsAt) int {
	if src := n.ChildByFieldName("source"); src != nil {
		w.addImport(unquote(w.text(src)))
		return -1
	}
	if n.ChildByFieldName("declaration") != nil {
		return tsWrap(w, n, at)
	}
	v := n.ChildByFieldName("value")
	if v == nil {
		return -1
	}
	// export default class {...} / function () {...}
	kind := store.KindUnknown
	switch w.typeOf(v) {
	case "class":
		kind = store.KindClass
	case "function_expression", "function", "generator_function", "arrow_function":
		kind = store.KindFunction
	default:
		return -1
	}
	name := orDefault(w.fieldText(v, "name"), "default")
	if at.start < 0 {
		at.start, _ = w.startOf(n)
	}
	at.sig = int(w.sigStart(n))
	return jsValue(w, n, v, at, name, kind, w.sigStart(n))
}

// jsValue adds a symbol whose value is a function or a class: the range is rangeNode's, the
// signature runs from sigFrom to the value's body, a class's members are mapped.
func jsValue(w *tsWalk, rangeNode, v *sitter.Node, at tsAt, name string, kind store.Kind, sigFrom uint32) int {
	body := v.ChildByFieldName("body")
	to := v.EndByte()
	if body != nil {
		to = body.StartByte()
	}
	idx := w.span(rangeNode, at, name, kind, w.sig(sigFrom, to))
	if kind == store.KindClass && body != nil {
		w.members(body, tsAt{parent: idx, start: -1, sig: -1})
	}
	return idx
}

// jsFunctionValue reports the kind of a value that declares a function or a class, or
// KindUnknown.
func jsFunctionValue(w *tsWalk, v *sitter.Node) store.Kind {
	if v == nil {
		return store.KindUnknown
	}
	switch w.typeOf(v) {
	case "arrow_function", "function_expression", "function", "generator_function":
		return store.KindFunction
	case "class":
		return store.KindClass
	}
	return store.KindUnknown
}

// jsVars maps `const a = 1, b = () => {}`: a function-valued declarator is a function, a
// class-valued one a class, any other a const or var named by a plain identifier. `require`
// calls are imports.
func jsVars(w *tsWalk, n *sitter.Node, at tsAt) int {
	kind := store.KindVar
	if first := n.Child(0); first != nil && w.text(first) == "const" {
		kind = store.KindConst
	}
	sigFrom := uint32(at.sig)
	if at.sig < 0 {
		sigFrom = w.sigStart(n)
	}
	var decls []*sitter.Node
	for _, ch := range w.children(n) {
		if w.typeOf(ch) == "variable_declarator" {
			decls = append(decls, ch)
		}
	}
	if len(decls) == 0 {
		return -1
	}
	prefix := w.raw(sigFrom, decls[0].StartByte())
	first := -1
	for i, d := range decls {
		v := d.ChildByFieldName("value")
		if req := jsRequire(w, v); req != "" {
			w.addImport(req)
			continue
		}
		nameNode := d.ChildByFieldName("name")
		if nameNode == nil || w.typeOf(nameNode) != "identifier" {
			continue
		}
		name := w.text(nameNode)
		rangeNode, a := d, at
		if len(decls) == 1 {
			rangeNode = n
		} else if i > 0 {
			a.start = -1
		} else if a.start < 0 {
			a.start, _ = w.startOf(n)
		}
		var idx int
		if k := jsFunctionValue(w, v); k != store.KindUnknown {
			body := v.ChildByFieldName("body")
			to := v.EndByte()
			if body != nil {
				to = body.StartByte()
			}
			idx = w.span(rangeNode, a, name, k, joinSig(prefix, w.raw(d.StartByte(), to)))
			if k == store.KindClass && body != nil {
				w.members(body, tsAt{parent: idx, start: -1, sig: -1})
			}
		} else {
			idx = w.span(rangeNode, a, name, kind, joinSig(prefix, w.sigLine(d.StartByte(), d.EndByte())))
		}
		if first < 0 {
			first = idx
		}
	}
	return first
}

// jsRequire returns the module of a `require("x")` call, or "".
func jsRequire(w *tsWalk, v *sitter.Node) string {
	for v != nil && w.typeOf(v) == "await_expression" {
		v = v.NamedChild(0)
	}
	if v == nil || w.typeOf(v) != "call_expression" {
		return ""
	}
	if w.fieldText(v, "function") != "require" {
		return ""
	}
	args := v.ChildByFieldName("arguments")
	if args == nil || args.NamedChildCount() != 1 {
		return ""
	}
	arg := args.NamedChild(0)
	if t := w.typeOf(arg); t != "string" && t != "template_string" {
		return ""
	}
	return unquote(w.text(arg))
}

// jsExpression maps the declarations written as expressions: TypeScript's `namespace X {}` and
// the CommonJS and prototype idioms `exports.f = function`, `Foo.prototype.m = function`.
func jsExpression(w *tsWalk, n *sitter.Node, at tsAt) int {
	e := n.NamedChild(0)
	if e == nil {
		return -1
	}
	switch w.typeOf(e) {
	case "internal_module":
		return w.def(e, w.g.rules["internal_module"], at)
	case "assignment_expression":
	default:
		return -1
	}
	left, right := e.ChildByFieldName("left"), e.ChildByFieldName("right")
	kind := jsFunctionValue(w, right)
	if kind == store.KindUnknown || left == nil || w.typeOf(left) != "member_expression" {
		return -1
	}
	target := w.text(left)
	name := w.fieldText(left, "property")
	if name == "" {
		return -1
	}
	qual := strings.TrimPrefix(strings.TrimPrefix(target, "module."), "exports.")
	if owner, ok := strings.CutSuffix(qual, ".prototype."+name); ok {
		qual = owner + "." + name
		if kind == store.KindFunction {
			kind = store.KindMethod
		}
	}
	if w.text(left.ChildByFieldName("object")) == "exports" || target == "module.exports."+name {
		qual = ""
	}
	idx := jsValue(w, n, right, at, name, kind, w.sigStart(n))
	if qual != "" && qual != name && idx >= 0 {
		w.res.Symbols[idx].Qualname = jsQual(w, at.parent, qual)
	}
	return idx
}

// jsModuleName names `declare module "foo"` by its unquoted string.
func jsModuleName(w *tsWalk, n *sitter.Node) string {
	return unquote(w.fieldText(n, "name"))
}

// jsTypeAlias maps `type X = ...` with the first line as its signature.
func jsTypeAlias(w *tsWalk, n *sitter.Node, at tsAt) int {
	name := w.fieldText(n, "name")
	if name == "" {
		return -1
	}
	from := uint32(at.sig)
	if at.sig < 0 {
		from = w.sigStart(n)
	}
	return w.span(n, at, name, store.KindType, w.sigLine(from, n.EndByte()))
}

// jsMethod maps methods and method signatures; consecutive overload signatures and their
// implementation become one symbol. Accessors are never overloads: an interface's `get x()`
// and `set x(v)` signatures are two symbols, like a class's.
func jsMethod(w *tsWalk, n *sitter.Node, at tsAt) int {
	name := jsNameOf(w, n)
	if name == "" {
		return -1
	}
	kind := store.KindMethod
	if name == "constructor" {
		kind = store.KindConstructor
	}
	accessor := w.hasChild(n, "get") || w.hasChild(n, "set")
	return w.declare(n, at, name, kind, n.ChildByFieldName("body"), !accessor)
}

// jsField maps a class field; one holding an arrow function or function is a method.
func jsField(w *tsWalk, n *sitter.Node, at tsAt) int {
	name := orDefault(jsNameOf(w, n), w.fieldText(n, "property"))
	if name == "" {
		return -1
	}
	v := n.ChildByFieldName("value")
	if jsFunctionValue(w, v) == store.KindFunction {
		body := v.ChildByFieldName("body")
		return w.declare(n, at, name, store.KindMethod, body, false)
	}
	return w.span(n, at, name, store.KindField, w.sigLine(w.sigStart(n), n.EndByte()))
}

// jsTypeMember maps an interface's property.
func jsTypeMember(w *tsWalk, n *sitter.Node, at tsAt) int {
	name := jsNameOf(w, n)
	if name == "" {
		return -1
	}
	return w.span(n, at, name, store.KindProperty, w.sigLine(w.sigStart(n), n.EndByte()))
}

// jsNameOf returns the name of a member: a quoted one (`"abort": Event`, `'m'() {}`, an enum's
// `"a-b" = 1`) without its quotes, as the language names it, any other as written.
func jsNameOf(w *tsWalk, n *sitter.Node) string {
	name := n.ChildByFieldName("name")
	if name != nil && w.typeOf(name) == "string" {
		text := w.text(name)
		return orDefault(unquote(text), text)
	}
	return w.text(name)
}

// jsEnumMember maps an enum member without a value, a bare name or string in the enum's body
// (`A,` or `"a-b",`); elsewhere such a node declares nothing.
func jsEnumMember(w *tsWalk, n *sitter.Node, at tsAt) int {
	if at.parent < 0 || w.res.Symbols[at.parent].Kind != store.KindEnum {
		return -1
	}
	text := w.text(n)
	return w.declare(n, at, orDefault(unquote(text), text), store.KindEnumMember, nil, false)
}
