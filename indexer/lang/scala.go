package lang

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/scala"

	"github.com/readmap/readmap/store"
)

// scalaGrammar returns Scala's table for the tree-sitter walk.
func scalaGrammar() *tsGrammar {
	fn := scalaTrimmed(&tsRule{handle: tsFunction})
	value := scalaTrimmed(&tsRule{handle: scalaValue})
	g := &tsGrammar{
		language:  scala.GetLanguage,
		unclosed:  []tsDelims{{"/*", "*/"}, {`"""`, `"""`}},
		attrs:     map[string]bool{"annotation": true},
		modifiers: map[string]bool{"modifiers": true},
		rules: map[string]*tsRule{
			"import_declaration":    {handle: scalaImport},
			"package_clause":        {handle: tsInBody("body")},
			"class_definition":      scalaTrimmed(&tsRule{kind: store.KindClass, members: true}),
			"trait_definition":      scalaTrimmed(&tsRule{kind: store.KindTrait, members: true}),
			"object_definition":     scalaTrimmed(&tsRule{kind: store.KindObject, members: true}),
			"package_object":        scalaTrimmed(&tsRule{kind: store.KindObject, members: true}),
			"given_definition":      scalaTrimmed(&tsRule{kind: store.KindObject, members: true}),
			"enum_definition":       scalaTrimmed(&tsRule{kind: store.KindEnum, members: true}),
			"enum_case_definitions": {handle: tsTransparent},
			"simple_enum_case":      {kind: store.KindEnumMember},
			"full_enum_case":        {kind: store.KindEnumMember, body: "class_parameters"},
			"extension_definition":  scalaTrimmed(&tsRule{handle: scalaExtension}),
			"function_definition":   fn,
			"function_declaration":  fn,
			"val_definition":        value,
			"val_declaration":       value,
			"var_definition":        value,
			"var_declaration":       value,
			"type_definition": scalaTrimmed(&tsRule{handle: func(w *tsWalk, n *sitter.Node, at tsAt) int {
				name := w.fieldText(n, "name")
				if name == "" {
					return -1
				}
				return w.span(n, at, name, store.KindType, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
			}}),
			"block": {handle: scalaDetachedBody},
		},
	}
	return g
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

// scalaTrimmed is rule r with the symbol ending at its node's last token that is not a comment:
// the grammar's indented bodies (`def f =` and the expression on the lines below) take in the
// comments after them, up to the next definition's doc comment.
func scalaTrimmed(r *tsRule) *tsRule {
	return &tsRule{handle: func(w *tsWalk, n *sitter.Node, at tsAt) int {
		idx := w.node(n, r, at)
		if idx >= 0 {
			s := &w.res.Symbols[idx]
			s.EndLine = max(s.StartLine, min(s.EndLine, scalaEndRow(w, n)+1))
		}
		return idx
	}}
}

// scalaEndRow returns the 0-based row where n's last token that is not a comment ends (nor an
// empty one, which error recovery inserts).
func scalaEndRow(w *tsWalk, n *sitter.Node) int {
	for n.ChildCount() > 0 {
		var last *sitter.Node
		for i := int(n.ChildCount()) - 1; i >= 0 && last == nil; i-- {
			if c := n.Child(i); !w.isComment(c) && c.EndByte() > c.StartByte() {
				last = c
			}
		}
		if last == nil {
			break
		}
		n = last
	}
	return w.endRow(n)
}

// scalaDetachedBody maps a block that opens on the line after a class, trait or object header as
// that definition's body, as Scala does:
//
//	class HashMap[A, +B] extends AbstractMap[A, B]
//	                        with Serializable
//	{
//
// The grammar reads the header as a definition without a body and the block as a statement.
func scalaDetachedBody(w *tsWalk, n *sitter.Node, at tsAt) int {
	prev := n.PrevNamedSibling()
	for prev != nil && w.isComment(prev) {
		prev = prev.PrevNamedSibling()
	}
	if prev == nil || prev.ChildByFieldName("body") != nil {
		return -1
	}
	switch w.typeOf(prev) {
	case "class_definition", "trait_definition", "object_definition":
	default:
		return -1
	}
	idx := len(w.res.Symbols) - 1
	if idx < 0 || w.res.Symbols[idx].Parent != at.parent || w.res.Symbols[idx].EndLine != w.endRow(prev)+1 {
		return -1
	}
	w.extendTo(idx, w.endRow(n)+1) // first: a member's range is cut at its parent's end
	w.members(n, tsAt{parent: idx, start: -1, sig: -1})
	return idx
}
