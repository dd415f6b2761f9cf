package indexer

import (
	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/elixir"

	"github.com/readmap/readmap/store"
)

// Elixir declares everything with macro calls: `defmodule X do ... end`, `def f(x), do: x`,
// `@attr value`. The grammar sees calls, and the table below tells them apart by name.

func init() {
	g := &tsGrammar{
		language: elixir.GetLanguage,
		isAttr:   exIsAttr,
		rules: map[string]*tsRule{
			"call":           {handle: exCall},
			"unary_operator": {handle: exAttribute},
		},
	}
	register(Language{
		Name:         "Elixir",
		Extensions:   []string{".ex", ".exs"},
		Interpreters: []string{"elixir", "iex"},
		NewMapper:    func() Mapper { return newTSMapper(g) },
		MapperName:   tsMapperName,
	})
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
		return -1
	}
	if exImports[target] {
		w.addImport(w.text(first))
		return -1
	}
	body := w.childOfType(n, "do_block")
	if kind, ok := exModules[target]; ok {
		idx := w.declare(n, at, w.text(first), kind, body, false)
		w.members(body, tsAt{parent: idx, start: -1, sig: -1})
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
			exQuoted(w, body, idx, 0)
		}
		return idx
	}
	if target == "defstruct" || target == "defexception" {
		return w.span(n, at, target, store.KindStruct, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
	}
	return -1
}

// exQuoted maps the definitions inside a macro's `quote do ... end` blocks as the macro's
// children: they are the functions a caller gets, such as the child_spec/1 and handle_call/3 that
// `use GenServer` injects, and they are written nowhere else.
func exQuoted(w *tsWalk, n *sitter.Node, macro, depth int) {
	if n == nil || depth > exQuoteDepth {
		return
	}
	for _, ch := range w.children(n) {
		if w.typeOf(ch) == "call" && w.fieldText(ch, "target") == "quote" {
			w.members(w.childOfType(ch, "do_block"), tsAt{parent: macro, start: -1, sig: -1})
			continue
		}
		exQuoted(w, ch, macro, depth+1)
	}
}

// exQuoteDepth bounds how deep in a macro's body exQuoted looks for quote blocks (they sit at
// its top or inside an if or case).
const exQuoteDepth = 8

// exFunctionName names a function head: `f(x)`, `f(x) when g(x)`, `f`.
func exFunctionName(w *tsWalk, head *sitter.Node) string {
	for i := 0; head != nil && i < 8; i++ {
		switch w.typeOf(head) {
		case "call":
			return w.fieldText(head, "target")
		case "binary_operator":
			head = head.ChildByFieldName("left")
		case "identifier":
			return w.text(head)
		default:
			return ""
		}
	}
	return ""
}

// exAttribute maps module attributes: `@type t :: ...` is a type, `@name value` a constant.
// Documentation and annotations are not symbols.
func exAttribute(w *tsWalk, n *sitter.Node, at tsAt) int {
	name, op := exAttrName(w, n)
	switch name {
	case "", "doc", "moduledoc", "typedoc", "behaviour", "callback", "macrocallback", "optional_callbacks",
		"derive", "compile", "dialyzer", "after_compile", "before_compile", "on_definition", "external_resource":
		return -1
	case "type", "typep", "opaque":
		_, first := exArgs(w, op)
		tn := exFunctionName(w, first)
		if tn == "" {
			return -1
		}
		return w.span(n, at, tn, store.KindType, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
	}
	return w.span(n, at, name, store.KindConst, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
}
