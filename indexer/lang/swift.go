package lang

import (
	"bytes"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/swift"

	"github.com/readmap/readmap/store"
)

// swiftGrammar returns Swift's table for the tree-sitter walk.
func swiftGrammar() *tsGrammar {
	fn := &tsRule{handle: tsFunction}
	g := &tsGrammar{
		language:  swift.GetLanguage,
		unclosed:  []tsDelims{{"/*", "*/"}, {`"""`, `"""`}},
		attrs:     map[string]bool{"attribute": true},
		modifiers: map[string]bool{"modifiers": true},
		rules: map[string]*tsRule{
			"import_declaration":            {handle: swiftImport},
			"class_declaration":             {handle: swiftClass},
			"protocol_declaration":          {kind: store.KindInterface, members: true},
			"function_declaration":          fn,
			"protocol_function_declaration": fn,
			"init_declaration": {handle: func(w *tsWalk, n *sitter.Node, at tsAt) int {
				return w.declare(n, at, "init", store.KindConstructor, n.ChildByFieldName("body"), false)
			}},
			"deinit_declaration": {handle: func(w *tsWalk, n *sitter.Node, at tsAt) int {
				return w.declare(n, at, "deinit", store.KindMethod, n.ChildByFieldName("body"), false)
			}},
			"subscript_declaration": {handle: func(w *tsWalk, n *sitter.Node, at tsAt) int {
				return w.declare(n, at, "subscript", store.KindMethod, w.childOfType(n, "computed_property"), false)
			}},
			"property_declaration":          {handle: swiftProperty},
			"protocol_property_declaration": {handle: swiftProperty},
			"typealias_declaration": {handle: func(w *tsWalk, n *sitter.Node, at tsAt) int {
				name := w.fieldText(n, "name")
				if name == "" {
					return -1
				}
				return w.span(n, at, name, store.KindType, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
			}},
			"enum_entry":                 {handle: swiftEnumEntry},
			"associatedtype_declaration": {kind: store.KindType},
			"macro_declaration": {kind: store.KindMacro, body: "definition", nameOf: func(w *tsWalk, n *sitter.Node) string {
				return w.text(w.childOfType(n, "simple_identifier"))
			}},
		},
		prepare: swiftBlankIsolation,
	}
	return g
}

func swiftImport(w *tsWalk, n *sitter.Node, _ tsAt) int {
	w.addImport(w.text(w.childOfType(n, "identifier")))
	return -1
}

// swiftClassKinds are the kinds of the declarations the grammar calls class_declaration, by
// their keyword. An extension is an impl of the type it extends.
var swiftClassKinds = map[string]store.Kind{
	"class": store.KindClass, "struct": store.KindStruct, "enum": store.KindEnum,
	"extension": store.KindImpl, "actor": store.KindClass,
}

// swiftClass maps classes, structs, enums, actors and extensions with their members.
func swiftClass(w *tsWalk, n *sitter.Node, at tsAt) int {
	kind := store.KindClass
	for _, ch := range w.children(n) {
		if k, ok := swiftClassKinds[w.typeOf(ch)]; ok && !ch.IsNamed() {
			kind = k
			break
		}
	}
	name := w.fieldText(n, "name")
	if name == "" {
		return -1
	}
	body := n.ChildByFieldName("body")
	idx := w.declare(n, at, name, kind, body, false)
	w.members(body, tsAt{parent: idx, start: -1, sig: -1})
	return idx
}

// swiftProperty maps `let` and `var`: a top-level let is a constant, any in a type a property.
func swiftProperty(w *tsWalk, n *sitter.Node, at tsAt) int {
	p := n.ChildByFieldName("name")
	if p == nil {
		return -1
	}
	name := w.text(p)
	if b := p.ChildByFieldName("bound_identifier"); b != nil {
		name = w.text(b)
	}
	if name == "" {
		return -1
	}
	kind := store.KindVar
	switch {
	case w.inType(at.parent):
		kind = store.KindProperty
	case w.childOfType(n, "value_binding_pattern") != nil && w.text(w.childOfType(n, "value_binding_pattern")) == "let":
		kind = store.KindConst
	}
	return w.span(n, at, name, kind, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
}

// swiftEnumEntry maps each case of `case a, b`.
func swiftEnumEntry(w *tsWalk, n *sitter.Node, at tsAt) int {
	first := -1
	for _, name := range w.fieldChildren(n, "name") {
		idx := w.span(n, at, w.text(name), store.KindEnumMember, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
		if first < 0 {
			first = idx
		}
	}
	return first
}

// swiftBlankIsolation blanks the argument of `nonisolated(unsafe)`, which the grammar does not
// know: it reads the modifier as a property named "(unsafe)" and starts the declaration after it.
// `nonisolated` alone it knows. Lines stay where they are; src is copied only when it has one.
func swiftBlankIsolation(src []byte) []byte {
	word := []byte("nonisolated(")
	if !bytes.Contains(src, word) {
		return src
	}
	out := bytes.Clone(src)
	for i := 0; ; {
		j := bytes.Index(out[i:], word)
		if j < 0 {
			return out
		}
		start, open := i+j, i+j+len(word)-1
		i = open + 1
		end := i
		for end < len(out) && (out[end] >= 'a' && out[end] <= 'z' || out[end] >= 'A' && out[end] <= 'Z') {
			end++
		}
		if end < len(out) && out[end] == ')' && (start == 0 || !isIdentByte(out[start-1])) {
			for b := open; b <= end; b++ {
				out[b] = ' '
			}
		}
	}
}
