package indexer

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/scala"

	"github.com/readmap/readmap/store"
)

func init() {
	fn := &tsRule{handle: tsFunction}
	g := &tsGrammar{
		language:  scala.GetLanguage,
		attrs:     map[string]bool{"annotation": true},
		modifiers: map[string]bool{"modifiers": true},
		rules: map[string]*tsRule{
			"import_declaration":    {handle: scalaImport},
			"package_clause":        {handle: tsInBody("body")},
			"class_definition":      {kind: store.KindClass, members: true},
			"trait_definition":      {kind: store.KindTrait, members: true},
			"object_definition":     {kind: store.KindObject, members: true},
			"package_object":        {kind: store.KindObject, members: true},
			"given_definition":      {kind: store.KindObject, members: true},
			"enum_definition":       {kind: store.KindEnum, members: true},
			"enum_case_definitions": {handle: tsTransparent},
			"simple_enum_case":      {kind: store.KindEnumMember},
			"full_enum_case":        {kind: store.KindEnumMember, body: "class_parameters"},
			"extension_definition":  {handle: scalaExtension},
			"function_definition":   fn,
			"function_declaration":  fn,
			"val_definition":        {handle: scalaValue},
			"val_declaration":       {handle: scalaValue},
			"var_definition":        {handle: scalaValue},
			"var_declaration":       {handle: scalaValue},
			"type_definition": {handle: func(w *tsWalk, n *sitter.Node, at tsAt) int {
				name := w.fieldText(n, "name")
				if name == "" {
					return -1
				}
				return w.span(n, at, name, store.KindType, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
			}},
		},
	}
	register(Language{
		Name:         "Scala",
		Extensions:   []string{".scala", ".sc"},
		Interpreters: []string{"scala"},
		NewMapper:    func() Mapper { return newTSMapper(g) },
		MapperName:   tsMapperName,
	})
}

// scalaImport records an import as written after the keyword: "scala.collection.mutable",
// "a.{B, C}".
func scalaImport(w *tsWalk, n *sitter.Node, _ tsAt) int {
	w.addImport(strings.TrimSpace(strings.TrimPrefix(w.text(n), "import")))
	return -1
}

// scalaValue maps val and var definitions and declarations: fields in a type, else a val is a
// constant and a var a variable. Patterns (`val (a, b) = ...`) are skipped.
func scalaValue(w *tsWalk, n *sitter.Node, at tsAt) int {
	p := n.ChildByFieldName("pattern")
	if p == nil {
		p = n.ChildByFieldName("name")
	}
	if p == nil || w.typeOf(p) != "identifier" {
		return -1
	}
	kind := store.KindVar
	switch {
	case w.inType(at.parent):
		kind = store.KindField
	case strings.HasPrefix(w.typeOf(n), "val"):
		kind = store.KindConst
	}
	return w.span(n, at, w.text(p), kind, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
}

// scalaExtension maps `extension (c: Circle) ...` as an impl of Circle holding its methods.
func scalaExtension(w *tsWalk, n *sitter.Node, at tsAt) int {
	name := ""
	if ps := n.ChildByFieldName("parameters"); ps != nil {
		if p := ps.NamedChild(0); p != nil {
			name = w.fieldText(p, "type")
		}
	}
	if name == "" {
		return -1
	}
	body := n.ChildByFieldName("body")
	idx := w.declare(n, at, name, store.KindImpl, body, false)
	if body != nil {
		if r := w.g.rules[w.typeOf(body)]; r != nil {
			w.node(body, r, tsAt{parent: idx, start: -1, sig: -1})
		} else {
			w.members(body, tsAt{parent: idx, start: -1, sig: -1})
		}
	}
	return idx
}
