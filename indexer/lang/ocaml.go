package lang

import (
	"strings"
	"unicode"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/ocaml"

	"github.com/readmap/readmap/store"
)

// ocamlGrammar returns OCaml's table for the tree-sitter walk. It mapped OCaml until the
// scanner (ocaml_scan.go) replaced it, and is kept as the reference the scanner is compared with
// (ocaml_diff_test.go).
//
// The OCaml grammar here parses implementations (.ml) only; an interface (.mli) parses as the
// signature of a module type.
func ocamlGrammar() *tsGrammar {
	g := &tsGrammar{
		language: ocaml.GetLanguage,
		rules: map[string]*tsRule{
			"open_module":                  {handle: mlOpen},
			"value_definition":             {handle: mlLet},
			"type_definition":              {handle: mlTypes},
			"module_definition":            {handle: mlModule},
			"module_type_definition":       {kind: store.KindInterface, members: true},
			"class_definition":             {handle: mlClass},
			"class_type_definition":        {handle: mlClass},
			"method_definition":            {kind: store.KindMethod},
			"method_specification":         {kind: store.KindMethod},
			"instance_variable_definition": {kind: store.KindField},
			"exception_definition": {handle: func(w *tsWalk, n *sitter.Node, at tsAt) int {
				c := w.childOfType(n, "constructor_declaration")
				name := w.text(w.childOfType(c, "constructor_name"))
				if name == "" {
					return -1
				}
				return w.span(n, at, name, store.KindType, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
			}},
			"external":            {handle: mlValueSpec},
			"value_specification": {handle: mlValueSpec},
		},
	}
	return g
}

func mlOpen(w *tsWalk, n *sitter.Node, _ tsAt) int {
	w.addImport(w.text(w.childOfType(n, "module_path", "extended_module_path")))
	return -1
}

// mlLet maps each binding of `let a = ... and b = ...`: one with parameters or a function value
// is a function. `let () = ...` and `let _ = ...` bind no name.
func mlLet(w *tsWalk, n *sitter.Node, at tsAt) int {
	bindings := w.bindings(n, "let_binding")
	first := -1
	for i, b := range bindings {
		p := b.ChildByFieldName("pattern")
		name := mlValueName(w, p)
		if name == "" || name == "_" {
			continue // `let () = ...`, `let _ = ...` and patterns bind no one name
		}
		kind := store.KindVar
		body := b.ChildByFieldName("body")
		if w.hasChild(b, "parameter") {
			kind = store.KindFunction
		} else if body != nil {
			if t := w.typeOf(body); t == "fun_expression" || t == "function_expression" {
				kind = store.KindFunction
			}
		}
		idx := w.binding(n, b, at, i, len(bindings), name, kind, body)
		if first < 0 {
			first = idx
		}
	}
	return first
}

// bindings returns n's children of type typ.
func (w *tsWalk) bindings(n *sitter.Node, typ string) []*sitter.Node {
	var out []*sitter.Node
	for _, ch := range w.children(n) {
		if w.typeOf(ch) == typ {
			out = append(out, ch)
		}
	}
	return out
}

// binding adds binding b (the i-th of count) of definition n. A lone binding has the
// definition's range; the first of several starts with the definition's keyword, the others
// with their "and".
func (w *tsWalk) binding(n, b *sitter.Node, at tsAt, i, count int, name string, kind store.Kind, body *sitter.Node) int {
	rangeNode, a := n, at
	var from uint32
	if count > 1 {
		rangeNode = b
		if i == 0 && a.start < 0 {
			a.start, _ = w.startOf(n)
		}
		if i > 0 {
			a.start = -1
		}
	}
	if i == 0 {
		from = w.sigStartAt(n, at)
	} else if prev := b.PrevSibling(); prev != nil && w.text(prev) == "and" {
		from = prev.StartByte()
	} else {
		from = b.StartByte()
	}
	to := b.EndByte()
	if body != nil {
		to = body.StartByte()
	}
	sig := w.sig(from, to)
	switch {
	case kind == store.KindVar || kind == store.KindType:
		sig = w.sigLine(from, b.EndByte())
	case body == nil:
		sig = w.sigLine(from, to)
	}
	return w.span(rangeNode, a, name, kind, sig)
}

// mlTypes maps each binding of `type a = ... and b = ...`.
func mlTypes(w *tsWalk, n *sitter.Node, at tsAt) int {
	bindings := w.bindings(n, "type_binding")
	first := -1
	for i, b := range bindings {
		name := w.fieldText(b, "name")
		if name == "" {
			continue
		}
		idx := w.binding(n, b, at, i, len(bindings), name, store.KindType, nil)
		if first < 0 {
			first = idx
		}
	}
	return first
}

// mlModule maps `module M = struct ... end` with its items, and functors and aliases.
func mlModule(w *tsWalk, n *sitter.Node, at tsAt) int {
	bindings := w.bindings(n, "module_binding")
	first := -1
	for i, b := range bindings {
		name := w.fieldText(b, "name")
		if name == "" {
			continue
		}
		body := b.ChildByFieldName("body")
		idx := w.binding(n, b, at, i, len(bindings), name, store.KindModule, body)
		if body != nil {
			w.members(body, tsAt{parent: idx, start: -1, sig: -1})
		}
		if sig := w.childOfType(b, "signature"); sig != nil {
			w.members(sig, tsAt{parent: idx, start: -1, sig: -1})
		}
		if first < 0 {
			first = idx
		}
	}
	return first
}

// mlClass maps `class c = object ... end` with its methods and instance variables.
func mlClass(w *tsWalk, n *sitter.Node, at tsAt) int {
	bindings := w.bindings(n, "class_binding")
	if len(bindings) == 0 {
		bindings = w.bindings(n, "class_type_binding")
	}
	first := -1
	for i, b := range bindings {
		name := w.fieldText(b, "name")
		if name == "" {
			continue
		}
		body := b.ChildByFieldName("body")
		idx := w.binding(n, b, at, i, len(bindings), name, store.KindClass, body)
		w.members(body, tsAt{parent: idx, start: -1, sig: -1})
		if first < 0 {
			first = idx
		}
	}
	return first
}

// mlValueSpec maps `val f : t` in signatures and `external f : t = "..."`: a function when its
// type is one.
func mlValueSpec(w *tsWalk, n *sitter.Node, at tsAt) int {
	name := mlValueName(w, w.childOfType(n, "value_name", "parenthesized_operator"))
	if name == "" {
		return -1
	}
	kind := store.KindVar
	if w.hasChild(n, "function_type") || w.typeOf(n) == "external" {
		kind = store.KindFunction
	}
	return w.span(n, at, name, kind, w.sig(w.sigStartAt(n, at), n.EndByte()))
}

// mlValueName returns the name a value pattern binds: a value name, or the operator of a
// parenthesized one (`let ( ^ ) a b = ...` defines ^, as OCaml's own tools name it; a keyword
// operator keeps its parentheses, `( mod )`, so that the name does not read as the keyword);
// "" for any other pattern.
func mlValueName(w *tsWalk, p *sitter.Node) string {
	if p == nil {
		return ""
	}
	switch w.typeOf(p) {
	case "value_name":
		return w.text(p)
	case "parenthesized_operator":
		return mlOperatorName(w.text(p))
	}
	return ""
}

// mlOperatorName names a parenthesized operator from its text, "( ^ )": the operator without
// parentheses or spaces ("^"), except that a keyword operator keeps its parentheses ("( mod )").
func mlOperatorName(text string) string {
	op := strings.Join(strings.Fields(strings.TrimSuffix(strings.TrimPrefix(text, "("), ")")), "")
	if op != "" && unicode.IsLetter(rune(op[0])) {
		return "( " + op + " )"
	}
	return op
}
