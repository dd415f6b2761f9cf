package lang

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/elixir"

	"github.com/readmap/readmap/store"
)

// elixirGrammar returns Elixir's table for the tree-sitter walk.
//
// Elixir declares everything with macro calls: `defmodule X do ... end`, `def f(x), do: x`,
// `@attr value`. The grammar sees calls, and the table below tells them apart by name.
func elixirGrammar() *tsGrammar {
	g := &tsGrammar{
		language: elixir.GetLanguage,
		unclosed: []tsDelims{{`"""`, `"""`}},
		isAttr:   exIsAttr,
		rules: map[string]*tsRule{
			"call":           {handle: exCall},
			"unary_operator": {handle: exAttribute},
		},
	}
	return g
}

// exModules are the calls that define modules, with their kinds.
var exModules = map[string]store.Kind{
	"defmodule": store.KindModule, "defprotocol": store.KindInterface, "defimpl": store.KindImpl,
}

// exFunctions are the calls that define functions, with their kinds.
var exFunctions = map[string]store.Kind{
	"def": store.KindFunction, "defp": store.KindFunction, "defdelegate": store.KindFunction,
	"defn": store.KindFunction, "defnp": store.KindFunction,
	"defmacro": store.KindMacro, "defmacrop": store.KindMacro,
	"defguard": store.KindMacro, "defguardp": store.KindMacro,
}

// exImports are the calls that bring in other modules.
var exImports = map[string]bool{"use": true, "import": true, "alias": true, "require": true}

// exAnnotations are the module attributes that annotate the definition after them; @doc is
// documentation and stays out of its range.
var exAnnotations = map[string]bool{"spec": true, "impl": true, "deprecated": true, "decorate": true}

// exAttrName returns the name of a module attribute `@name value`, or "".
func exAttrName(w *tsWalk, n *sitter.Node) (string, *sitter.Node) {
	if w.typeOf(n) != "unary_operator" || w.text(n.ChildByFieldName("operator")) != "@" {
		return "", nil
	}
	op := n.ChildByFieldName("operand")
	if op == nil {
		return "", nil
	}
	switch w.typeOf(op) {
	case "call":
		return w.fieldText(op, "target"), op
	case "identifier":
		return w.text(op), op
	}
	return "", nil
}

func exIsAttr(w *tsWalk, n *sitter.Node, typ string) bool {
	if typ != "unary_operator" {
		return false
	}
	name, _ := exAttrName(w, n)
	return exAnnotations[name]
}

// exArgs returns a call's arguments node and its first argument.
func exArgs(w *tsWalk, call *sitter.Node) (*sitter.Node, *sitter.Node) {
	args := w.childOfType(call, "arguments")
	if args == nil {
		return nil, nil
	}
	return args, args.NamedChild(0)
}

// exCall maps module and function definitions and records imports.
func exCall(w *tsWalk, n *sitter.Node, at tsAt) int {
	target := w.fieldText(n, "target")
	_, first := exArgs(w, n)
	if first == nil {
		exBody(w, n, at.parent) // `in_module do ... end`
		return -1
	}
	if exImports[target] {
		w.addImport(w.text(first))
		return -1
	}
	body := w.childOfType(n, "do_block")
	if kind, ok := exModules[target]; ok {
		idx := w.declare(n, at, w.text(first), kind, body, false)
		exBody(w, n, idx)
		return idx
	}
	if kind, ok := exFunctions[target]; ok {
		name := exFunctionName(w, first)
		if name == "" {
			return -1
		}
		s := w.place(n, at, name, kind)
		s.Signature = w.sig(w.sigStartAt(n, at), first.EndByte())
		idx := w.add(s)
		if kind == store.KindMacro {
			exQuoted(w, n, idx, 0)
		}
		return idx
	}
	if target == "defstruct" || target == "defexception" {
		return w.span(n, at, target, store.KindStruct, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
	}
	exBody(w, n, at.parent)
	return -1
}

// exBody maps the definitions in the body of call n as members of parent: in its do-block, or
// in the value of its `do:` keyword (`defmodule M, do: def(f, do: 1)`, `quote(do: def f, do: 1)`).
// Calls that define nothing themselves have bodies too: a module defines functions inside `if`,
// `for` and `case`, such as the clauses a `for char <- ...` writes, one per character.
func exBody(w *tsWalk, n *sitter.Node, parent int) {
	at := tsAt{parent: parent, start: -1, sig: -1}
	if block := w.childOfType(n, "do_block"); block != nil {
		exBlocks(w, block, at)
		return
	}
	if w.nest >= tsMaxNest {
		return
	}
	w.nest++
	defer func() { w.nest-- }()
	args, _ := exArgs(w, n)
	for _, pair := range w.children(w.childOfType(args, "keywords")) {
		if !exBlockKeys[strings.TrimSpace(w.fieldText(pair, "key"))] {
			continue
		}
		v := pair.ChildByFieldName("value")
		if v == nil {
			continue
		}
		if typ := w.typeOf(v); typ == "block" {
			w.members(v, at) // `do: (def a, do: 1; def b, do: 2)`
		} else if r := w.g.rules[typ]; r != nil {
			w.node(v, r, at)
		}
	}
}

// exBlockKeys are the keywords of a call's blocks in keyword form, as in `if c, do: x, else: y`.
var exBlockKeys = map[string]bool{"do:": true, "else:": true, "after:": true, "rescue:": true, "catch:": true}

// exBlocks maps the definitions in a do-block, its else, after, rescue and catch blocks and its
// clauses (`case x do a -> ... end`).
func exBlocks(w *tsWalk, block *sitter.Node, at tsAt) {
	if block == nil {
		return
	}
	w.members(block, at)
	for _, ch := range w.children(block) {
		switch w.typeOf(ch) {
		case "else_block", "after_block", "rescue_block", "catch_block":
			exBlocks(w, ch, at)
		case "stab_clause":
			exBlocks(w, ch.ChildByFieldName("right"), at)
		}
	}
}

// exQuoted maps the definitions inside the quote blocks of macro call n as the macro's
// children: they are the functions a caller gets, such as the child_spec/1 and handle_call/3 that
// `use GenServer` injects, and they are written nowhere else.
func exQuoted(w *tsWalk, n *sitter.Node, macro, depth int) {
	if n == nil || depth > exQuoteDepth {
		return
	}
	for _, ch := range w.children(n) {
		if w.typeOf(ch) == "call" && w.fieldText(ch, "target") == "quote" {
			exBody(w, ch, macro)
			continue
		}
		exQuoted(w, ch, macro, depth+1)
	}
}

// exQuoteDepth bounds how deep in a macro's call exQuoted looks for quote blocks (they sit at
// the top of its body or inside an if or case).
const exQuoteDepth = 9

// exFunctionName names a function head: `f(x)`, `f(x) when g(x)`, `f`, and an operator's
// `left <> right`, `first..last//step`, `!value` or `(..)` by its operator.
func exFunctionName(w *tsWalk, head *sitter.Node) string {
	for i := 0; head != nil && i < 8; i++ {
		switch w.typeOf(head) {
		case "call":
			return w.fieldText(head, "target")
		case "binary_operator":
			op := w.fieldText(head, "operator")
			if op == "when" {
				head = head.ChildByFieldName("left")
				continue
			}
			if left := head.ChildByFieldName("left"); op == "//" && left != nil && w.typeOf(left) == "binary_operator" &&
				w.fieldText(left, "operator") == ".." {
				return "..//"
			}
			return op
		case "unary_operator":
			return w.fieldText(head, "operator")
		case "block": // `defmacro (..)`
			head = head.NamedChild(0)
		case "operator_identifier":
			return w.text(head)
		case "identifier":
			return w.text(head)
		default:
			return ""
		}
	}
	return ""
}

// exTypeName names a type: `t :: term`, `t(a) :: term`, `t`.
func exTypeName(w *tsWalk, spec *sitter.Node) string {
	if spec != nil && w.typeOf(spec) == "binary_operator" && w.fieldText(spec, "operator") == "::" {
		spec = spec.ChildByFieldName("left")
	}
	if spec == nil {
		return ""
	}
	switch w.typeOf(spec) {
	case "call":
		return w.fieldText(spec, "target")
	case "identifier":
		return w.text(spec)
	}
	return ""
}

// exAttribute maps module attributes: `@type t :: ...` is a type, `@name value` a constant.
// Documentation, annotations and the other attributes Elixir reserves (Module.reserved_attributes/0)
// are not symbols.
func exAttribute(w *tsWalk, n *sitter.Node, at tsAt) int {
	name, op := exAttrName(w, n)
	switch name {
	case "", "doc", "moduledoc", "typedoc", "behaviour", "callback", "macrocallback", "optional_callbacks",
		"derive", "compile", "dialyzer", "after_compile", "after_verify", "before_compile", "on_definition",
		"on_load", "external_resource", "file", "vsn":
		return -1
	case "type", "typep", "opaque":
		_, first := exArgs(w, op)
		tn := exTypeName(w, first)
		if tn == "" {
			return -1
		}
		return w.span(n, at, tn, store.KindType, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
	}
	return w.span(n, at, name, store.KindConst, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
}
