package lang

import (
	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/kotlin"

	"github.com/readmap/readmap/store"
)

// kotlinGrammar returns Kotlin's table for the tree-sitter walk.
func kotlinGrammar() *tsGrammar {
	g := &tsGrammar{
		language:  kotlin.GetLanguage,
		unclosed:  []tsDelims{{"/*", "*/"}, {`"""`, `"""`}},
		attrs:     map[string]bool{"annotation": true},
		modifiers: map[string]bool{"modifiers": true},
		rules: map[string]*tsRule{
			"import_list":          {handle: tsTransparent},
			"import_header":        {handle: ktImport},
			"class_declaration":    {handle: ktClass},
			"object_declaration":   {handle: ktObject},
			"companion_object":     {handle: ktObject},
			"function_declaration": {handle: ktFunction},
			"secondary_constructor": {handle: func(w *tsWalk, n *sitter.Node, at tsAt) int {
				return w.declare(n, at, "constructor", store.KindConstructor, w.childOfType(n, "statements", "block"), false)
			}},
			"property_declaration": {handle: ktProperty},
			"type_alias":           {handle: ktTypeAlias},
			"enum_entry": {handle: func(w *tsWalk, n *sitter.Node, at tsAt) int {
				name := w.text(w.childOfType(n, "simple_identifier"))
				if name == "" {
					return -1
				}
				return w.declare(n, at, name, store.KindEnumMember, w.childOfType(n, "value_arguments", "class_body"), false)
			}},
		},
	}
	return g
}

// ktImport records an import as written: "kotlin.math.PI", "foo.bar.*".
func ktImport(w *tsWalk, n *sitter.Node, _ tsAt) int {
	path := w.text(w.childOfType(n, "identifier"))
	if w.hasChild(n, "wildcard_import") {
		path += ".*"
	}
	w.addImport(path)
	return -1
}

// ktBody returns the body of a class-like declaration.
func ktBody(w *tsWalk, n *sitter.Node) *sitter.Node {
	return w.childOfType(n, "class_body", "enum_class_body")
}

// ktClass maps a class, an interface or an enum class with its members.
func ktClass(w *tsWalk, n *sitter.Node, at tsAt) int {
	name := w.text(w.childOfType(n, "type_identifier", "simple_identifier"))
	if name == "" {
		return -1
	}
	kind := store.KindClass
	if w.hasChild(n, "interface") {
		kind = store.KindInterface
	} else if w.hasChild(n, "enum_class_body") || ktHasModifier(w, n, "enum") {
		kind = store.KindEnum
	}
	body := ktBody(w, n)
	idx := w.declare(n, at, name, kind, body, false)
	w.members(body, tsAt{parent: idx, start: -1, sig: -1})
	return idx
}

// ktHasModifier reports whether n's modifiers include the keyword mod.
func ktHasModifier(w *tsWalk, n *sitter.Node, mod string) bool {
	mods := w.childOfType(n, "modifiers")
	if mods == nil {
		return false
	}
	for _, m := range w.children(mods) {
		if w.text(m) == mod {
			return true
		}
	}
	return false
}

// ktObject maps an object declaration or a companion object ("Companion" when unnamed).
func ktObject(w *tsWalk, n *sitter.Node, at tsAt) int {
	name := w.text(w.childOfType(n, "type_identifier", "simple_identifier"))
	if name == "" {
		name = "Companion"
	}
	body := ktBody(w, n)
	idx := w.declare(n, at, name, store.KindObject, body, false)
	w.members(body, tsAt{parent: idx, start: -1, sig: -1})
	return idx
}

// inType reports whether parent is a class-like symbol, whose functions are methods.
func (w *tsWalk) inType(parent int) bool {
	return parent >= 0 && isTypeKind(w.res.Symbols[parent].Kind)
}

func ktFunction(w *tsWalk, n *sitter.Node, at tsAt) int {
	return w.declareFunction(n, at, w.text(w.childOfType(n, "simple_identifier")), w.childOfType(n, "function_body"))
}

// ktProperty maps `val`/`var` declarations: a `const val` is a constant, one in a class a
// property.
func ktProperty(w *tsWalk, n *sitter.Node, at tsAt) int {
	v := w.childOfType(n, "variable_declaration")
	name := w.text(w.childOfType(v, "simple_identifier"))
	if name == "" {
		return -1
	}
	kind := store.KindVar
	switch {
	case ktHasModifier(w, n, "const"):
		kind = store.KindConst
	case w.inType(at.parent):
		kind = store.KindProperty
	}
	return w.span(n, at, name, kind, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
}

func ktTypeAlias(w *tsWalk, n *sitter.Node, at tsAt) int {
	name := w.text(w.childOfType(n, "type_identifier", "simple_identifier"))
	if name == "" {
		return -1
	}
	return w.span(n, at, name, store.KindType, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
}
