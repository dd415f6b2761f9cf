package lang

import (
	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/java"

	"github.com/readmap/readmap/store"
)

// javaGrammar returns Java's table for the tree-sitter walk.
func javaGrammar() *tsGrammar {
	class := &tsRule{kind: store.KindClass, members: true}
	method := &tsRule{kind: store.KindMethod}
	ctor := &tsRule{kind: store.KindConstructor}
	g := &tsGrammar{
		language:  java.GetLanguage,
		attrs:     map[string]bool{"annotation": true, "marker_annotation": true},
		modifiers: map[string]bool{"modifiers": true},
		rules: map[string]*tsRule{
			"import_declaration":                  {handle: javaImport},
			"class_declaration":                   class,
			"record_declaration":                  class,
			"interface_declaration":               {kind: store.KindInterface, members: true},
			"annotation_type_declaration":         {kind: store.KindInterface, members: true},
			"enum_declaration":                    {kind: store.KindEnum, members: true},
			"enum_body_declarations":              {handle: tsTransparent},
			"enum_constant":                       {kind: store.KindEnumMember},
			"method_declaration":                  method,
			"annotation_type_element_declaration": method,
			"constructor_declaration":             ctor,
			"compact_constructor_declaration":     ctor,
			"field_declaration":                   {handle: javaField},
			"constant_declaration":                {handle: javaField},
		},
	}
	return g
}

// javaImport records an import as written: "java.util.List", "java.lang.Math.*".
func javaImport(w *tsWalk, n *sitter.Node, _ tsAt) int {
	path := w.text(w.childOfType(n, "scoped_identifier", "identifier"))
	if w.hasChild(n, "asterisk") {
		path += ".*"
	}
	w.addImport(path)
	return -1
}

// javaField maps each variable of a field declaration; a static final one is a constant, as is
// every field of an interface.
func javaField(w *tsWalk, n *sitter.Node, at tsAt) int {
	kind := store.KindField
	if w.typeOf(n) == "constant_declaration" {
		kind = store.KindConst
	} else if mods := w.childOfType(n, "modifiers"); mods != nil && w.hasChild(mods, "static") && w.hasChild(mods, "final") {
		kind = store.KindConst
	}
	return w.eachDeclarator(n, at, kind, "variable_declarator")
}

// eachDeclarator adds a symbol for each child of n of type declType (named by its name field):
// `int x, y;` gives x and y, each with the declaration's type in its signature. With one
// declarator the range is the declaration's; with several, each declarator's own, the first
// starting with the declaration.
func (w *tsWalk) eachDeclarator(n *sitter.Node, at tsAt, kind store.Kind, declType string) int {
	return w.eachDeclaratorIn(n, n, at, kind, declType)
}

// eachDeclaratorIn is eachDeclarator for declarators that are children of holder, inside n.
func (w *tsWalk) eachDeclaratorIn(n, holder *sitter.Node, at tsAt, kind store.Kind, declType string) int {
	var decls []*sitter.Node
	for _, ch := range w.children(holder) {
		if w.typeOf(ch) == declType {
			decls = append(decls, ch)
		}
	}
	if len(decls) == 0 {
		return -1
	}
	prefix := w.raw(w.sigStartAt(n, at), decls[0].StartByte())
	first := -1
	for i, d := range decls {
		name := w.fieldText(d, "name")
		if name == "" {
			name = w.text(d.NamedChild(0))
		}
		if name == "" {
			continue
		}
		rangeNode, a := n, at
		if len(decls) > 1 {
			rangeNode = d
			if i > 0 {
				a.start = -1
			} else if a.start < 0 {
				a.start, _ = w.startOf(n)
			}
		}
		idx := w.span(rangeNode, a, name, kind, joinSig(prefix, w.sigLine(d.StartByte(), d.EndByte())))
		if first < 0 {
			first = idx
		}
	}
	return first
}
