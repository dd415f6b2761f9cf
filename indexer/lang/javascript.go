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
			"if_statement":                   {handle: jsTopBranches},
			// Class and interface members.
			"method_definition":         method,
			"pair":                      {handle: jsPair}, // in the object literals jsContents walks
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
			k := kind
			if jsModulePattern(w, v, name) {
				k = store.KindClass // TypeScript's ES5 class: `var C = /** @class */ (function () { function C() {} ... }())`
			}
			idx = w.span(rangeNode, a, name, k, joinSig(prefix, w.sigLine(d.StartByte(), d.EndByte())))
			if jsHasContents(w, v) {
				jsContents(w, v, idx)
			}
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
		if at.parent < 0 {
			jsModuleWrappers(w, e)
		}
		return -1
	}
	left, right := e.ChildByFieldName("left"), e.ChildByFieldName("right")
	if left != nil && w.typeOf(left) == "identifier" {
		return jsGlobalAssignment(w, n, left, right, at)
	}
	if left == nil || w.typeOf(left) != "member_expression" {
		return -1
	}
	kind := jsFunctionValue(w, right)
	if kind == store.KindUnknown {
		return jsContainerAssignment(w, n, left, right, at)
	}
	target := w.text(left)
	name := w.fieldText(left, "property")
	if target == "module.exports" {
		name = orDefault(w.fieldText(right, "name"), name) // module.exports = function sub() {}: sub
	}
	if name == "" {
		return -1
	}
	qual := strings.TrimPrefix(strings.TrimPrefix(target, "module."), "exports.")
	if owner, ok := strings.CutSuffix(qual, ".prototype."+name); ok {
		qual = owner + "." + name
		if kind == store.KindFunction {
			kind = store.KindMethod
		}
		if at.parent >= 0 && owner == w.res.Symbols[at.parent].Name {
			qual = "" // `C.prototype.m = ...` in the body of C's class wrapper
		}
	}
	if w.text(left.ChildByFieldName("object")) == "exports" || target == "module.exports."+name || target == "module.exports" {
		qual = ""
	}
	idx := jsValue(w, n, right, at, name, kind, w.sigStart(n))
	if qual != "" && qual != name && idx >= 0 {
		w.res.Symbols[idx].Qualname = jsQual(w, at.parent, qual)
	}
	return idx
}

// jsContainerAssignment maps `exports.Util = { f: function () {...} }`, `module.exports = {...}`,
// `C.prototype = {...}` and `exports.C = (function () {...}())`: an object of functions, or a
// module wrapper, assigned to a property. The symbol is named by the property (by C for a
// prototype) and holds the functions as its members.
func jsContainerAssignment(w *tsWalk, n, left, right *sitter.Node, at tsAt) int {
	name := w.fieldText(left, "property")
	if name == "prototype" {
		object := left.ChildByFieldName("object")
		name = w.text(object)
		if w.typeOf(object) == "member_expression" {
			name = w.fieldText(object, "property")
		}
	}
	if name == "" {
		return -1
	}
	if !jsHasContents(w, right) {
		if owner := jsPrototypeOwner(w, left); owner != "" {
			return jsPrototypeProperty(w, n, at, owner, name)
		}
		return jsExported(w, n, left, right, at, name)
	}
	kind := store.KindVar
	if jsModulePattern(w, right, name) {
		kind = store.KindClass
	}
	idx := w.span(n, at, name, kind, w.sigLine(w.sigStart(n), n.EndByte()))
	jsContents(w, right, idx)
	return idx
}

// jsPrototypeOwner returns C of a `C.prototype.x` target (the last name of `a.C.prototype.x`),
// or "".
func jsPrototypeOwner(w *tsWalk, left *sitter.Node) string {
	object := left.ChildByFieldName("object")
	if object == nil || w.typeOf(object) != "member_expression" || w.fieldText(object, "property") != "prototype" {
		return ""
	}
	owner := object.ChildByFieldName("object")
	if w.typeOf(owner) == "member_expression" {
		return w.fieldText(owner, "property")
	}
	return w.text(owner)
}

// jsPrototypeProperty maps `C.prototype.x = value` of a value that is no function and no
// container (`C.prototype.constructor = C`, `C.prototype.Section = wrap(class Section {})`) as
// the property x of C's instances.
func jsPrototypeProperty(w *tsWalk, n *sitter.Node, at tsAt, owner, name string) int {
	idx := w.span(n, at, name, store.KindProperty, w.sigLine(w.sigStart(n), n.EndByte()))
	if at.parent < 0 || owner != w.res.Symbols[at.parent].Name {
		w.res.Symbols[idx].Qualname = jsQual(w, at.parent, owner+"."+name)
	}
	return idx
}

// jsGlobalAssignment maps a top-level assignment to a plain name of a function, a class or an
// object literal (`options = {...}`, `process = { argv: arguments, exit: quit }`, a shim under
// `if (typeof process === "undefined")`): the global it makes, named as assigned; a function
// or class value keeps its kind, an object of functions holds them.
func jsGlobalAssignment(w *tsWalk, n, left, right *sitter.Node, at tsAt) int {
	if at.parent >= 0 || right == nil {
		return -1
	}
	name := w.text(left)
	if kind := jsFunctionValue(w, right); kind != store.KindUnknown {
		return jsValue(w, n, right, at, name, kind, w.sigStart(n))
	}
	if w.typeOf(right) != "object" {
		return -1
	}
	idx := w.span(n, at, name, store.KindVar, w.sigLine(w.sigStart(n), n.EndByte()))
	if jsHasContents(w, right) {
		jsContents(w, right, idx)
	}
	return idx
}

// jsTopBranches maps what the branches of a top-level if statement declare for the file: its
// `var` declarations (a var in a block is the file's too), its assignments (scripts install
// their shims of globals so: `if (typeof console === "undefined") { console = {...} }`) and
// the if statements among them; a block's let, const, class and function are its own.
func jsTopBranches(w *tsWalk, n *sitter.Node, at tsAt) int {
	if at.parent >= 0 || w.nest >= tsMaxNest {
		return -1
	}
	w.nest++
	defer func() { w.nest-- }()
	for _, branch := range []*sitter.Node{n.ChildByFieldName("consequence"), n.ChildByFieldName("alternative")} {
		if branch != nil && w.typeOf(branch) == "else_clause" {
			branch = branch.NamedChild(0)
		}
		if branch == nil {
			continue
		}
		statements := []*sitter.Node{branch}
		if w.typeOf(branch) == "statement_block" {
			statements = w.children(branch)
		}
		for _, st := range statements {
			switch t := w.typeOf(st); t {
			case "variable_declaration", "expression_statement", "if_statement":
				w.node(st, w.g.rules[t], at)
			}
		}
	}
	return -1
}

// jsExported maps a top-level `exports.X = value` or `module.exports.X = value` of any other
// value as the variable X, as `var X = value` is mapped; the `exports.X = void 0` TypeScript
// writes ahead of the real assignment declares nothing.
func jsExported(w *tsWalk, n, left, right *sitter.Node, at tsAt, name string) int {
	object := w.text(left.ChildByFieldName("object"))
	if at.parent >= 0 || (object != "exports" && object != "module.exports") || right == nil ||
		(w.typeOf(right) == "unary_expression" && w.text(right.Child(0)) == "void") {
		return -1
	}
	return w.span(n, at, name, store.KindVar, w.sigLine(w.sigStart(n), n.EndByte()))
}

// jsHasContents reports whether v is an object literal with a method or a function-valued
// property, or an immediately invoked function: a container whose functions a map lists.
func jsHasContents(w *tsWalk, v *sitter.Node) bool {
	v = jsUnwrap(w, v)
	switch {
	case v == nil:
		return false
	case w.typeOf(v) == "object":
		for _, ch := range w.children(v) {
			switch w.typeOf(ch) {
			case "method_definition":
				return true
			case "pair":
				if jsFunctionValue(w, jsUnwrap(w, ch.ChildByFieldName("value"))) != store.KindUnknown {
					return true
				}
			}
		}
		return false
	}
	return jsInvokedBody(w, v) != nil
}

// jsContents maps the functions of a container value v (jsHasContents) as members of symbol
// idx: the methods and function-valued properties of an object literal, the declarations in the
// body of an immediately invoked function (the module pattern).
func jsContents(w *tsWalk, v *sitter.Node, idx int) {
	if idx < 0 {
		return
	}
	v = jsUnwrap(w, v)
	at := tsAt{parent: idx, start: -1, sig: -1}
	if w.typeOf(v) == "object" {
		w.members(v, at)
		return
	}
	w.members(jsInvokedBody(w, v), at)
}

// jsInvokedBody returns the body of the function a call expression invokes in place
// (`(function () {...}())`, `(() => {...})()`), or nil.
func jsInvokedBody(w *tsWalk, call *sitter.Node) *sitter.Node {
	if call == nil || w.typeOf(call) != "call_expression" {
		return nil
	}
	return jsFunctionBlock(w, jsUnwrap(w, call.ChildByFieldName("function")))
}

// jsModulePattern reports whether v is an immediately invoked function that declares a function
// named name: a class written before classes, as TypeScript compiles one to ES5.
func jsModulePattern(w *tsWalk, v *sitter.Node, name string) bool {
	body := jsInvokedBody(w, jsUnwrap(w, v))
	if body == nil {
		return false
	}
	for _, ch := range w.children(body) {
		if w.typeOf(ch) == "function_declaration" && w.fieldText(ch, "name") == name {
			return true
		}
	}
	return false
}

// jsPair maps a property of an object literal whose value is a function (`f: function () {}`,
// `f: () => ...`) as a method, and one whose value is itself an object of functions as a
// property holding them.
func jsPair(w *tsWalk, n *sitter.Node, at tsAt) int {
	key := n.ChildByFieldName("key")
	if key == nil {
		return -1
	}
	var name string
	switch w.typeOf(key) {
	case "property_identifier", "number":
		name = w.text(key)
	case "string":
		name = orDefault(unquote(w.text(key)), w.text(key))
	default:
		return -1 // a computed key names nothing the reader can look up
	}
	v := jsUnwrap(w, n.ChildByFieldName("value"))
	switch jsFunctionValue(w, v) {
	case store.KindFunction:
		return w.declare(n, at, name, store.KindMethod, v.ChildByFieldName("body"), false)
	case store.KindClass:
		return jsValue(w, n, v, at, name, store.KindClass, w.sigStartAt(n, at))
	}
	if !jsHasContents(w, v) {
		return -1
	}
	idx := w.span(n, at, name, store.KindProperty, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
	jsContents(w, v, idx)
	return idx
}

// jsModuleWrappers maps, as the file's own, the declarations inside the functions a top-level
// call wraps a module in: an immediately invoked function (`(function () { ... })()`,
// `!function () { ... }()`, an arrow function), the factory of a UMD or AMD wrapper
// (`(function (root, factory) { ... })(this, function (exports) { ... })`, `define([...],
// function (a) { ... })`). Bundlers and older libraries write whole files so; without this, their
// map held nothing but landmarks.
func jsModuleWrappers(w *tsWalk, e *sitter.Node) {
	call := jsUnwrap(w, e)
	if call == nil || w.typeOf(call) != "call_expression" {
		return
	}
	wrappers := []*sitter.Node{call.ChildByFieldName("function")}
	if args := call.ChildByFieldName("arguments"); args != nil {
		wrappers = append(wrappers, w.children(args)...)
	}
	for _, f := range wrappers {
		if body := jsFunctionBlock(w, jsUnwrap(w, f)); body != nil {
			w.members(body, tsTop)
		}
	}
}

// jsFunctionBlock returns the block body of a function expression or arrow function f, or nil.
func jsFunctionBlock(w *tsWalk, f *sitter.Node) *sitter.Node {
	if f == nil {
		return nil
	}
	switch w.typeOf(f) {
	case "function_expression", "function", "arrow_function":
		if body := f.ChildByFieldName("body"); body != nil && w.typeOf(body) == "statement_block" {
			return body
		}
	}
	return nil
}

// jsUnwrap returns the expression inside parentheses and unary operators (`(f)`, `!f`, `void f`).
func jsUnwrap(w *tsWalk, e *sitter.Node) *sitter.Node {
	for e != nil {
		switch w.typeOf(e) {
		case "parenthesized_expression":
			e = e.NamedChild(0)
		case "unary_expression":
			e = e.ChildByFieldName("argument")
		default:
			return e
		}
	}
	return nil
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
