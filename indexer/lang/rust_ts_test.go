package lang

// rustGrammar is the tree-sitter walk's table over tree-sitter's Rust grammar: Rust's mapper
// before the scanner (rust_scan.go), kept as the independent reference of the differential test
// (rust_diff_test.go).

import (
	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/rust"

	"github.com/readmap/readmap/store"
)

// rustGrammar returns Rust's table for the tree-sitter walk.
func rustGrammar() *tsGrammar {
	g := &tsGrammar{
		language: rust.GetLanguage,
		attrs:    map[string]bool{"attribute_item": true},
		rules: map[string]*tsRule{
			"use_declaration":          {handle: rsUse},
			"extern_crate_declaration": {handle: rsExternCrate},
			"mod_item":                 {kind: store.KindModule, members: true},
			"foreign_mod_item":         {handle: tsInBody("body")},
			"struct_item":              {kind: store.KindStruct, members: true},
			"union_item":               {kind: store.KindUnion, members: true},
			"field_declaration":        {kind: store.KindField},
			"enum_item":                {kind: store.KindEnum, members: true},
			"enum_variant":             {kind: store.KindEnumMember},
			"trait_item":               {kind: store.KindTrait, members: true},
			"impl_item":                {kind: store.KindImpl, members: true, nameOf: rsImplName},
			"function_item":            {handle: rsFunction},
			"function_signature_item":  {handle: rsFunction},
			"const_item":               {handle: rsValue(store.KindConst)},
			"static_item":              {handle: rsValue(store.KindVar)},
			"type_item":                {handle: rsValue(store.KindType)},
			"associated_type":          {handle: rsValue(store.KindType)},
			"macro_definition":         {handle: rsMacro},
		},
	}
	return g
}

// rsUse records a use declaration's path as written: "std::collections::HashMap",
// "crate::{a, b}".
func rsUse(w *tsWalk, n *sitter.Node, _ tsAt) int {
	w.addImport(w.fieldText(n, "argument"))
	return -1
}

func rsExternCrate(w *tsWalk, n *sitter.Node, _ tsAt) int {
	w.addImport(w.fieldText(n, "name"))
	return -1
}

// rsImplName names an impl block by the type it implements for, without generics or path:
// `impl<T> fmt::Display for Point<T>` gives "Point", so its methods read "Point.fmt".
func rsImplName(w *tsWalk, n *sitter.Node) string {
	t := n.ChildByFieldName("type")
	for i := 0; t != nil && i < 16; i++ {
		switch w.typeOf(t) {
		case "generic_type", "reference_type", "pointer_type":
			t = t.ChildByFieldName("type")
		case "scoped_type_identifier":
			t = t.ChildByFieldName("name")
		default:
			return w.text(t)
		}
	}
	return w.text(t)
}

// rsFunction maps a function; in an impl or a trait it is a method.
func rsFunction(w *tsWalk, n *sitter.Node, at tsAt) int {
	name := w.fieldText(n, "name")
	if name == "" {
		return -1
	}
	kind := store.KindFunction
	if at.parent >= 0 {
		switch w.res.Symbols[at.parent].Kind {
		case store.KindImpl, store.KindTrait:
			kind = store.KindMethod
		}
	}
	return w.declare(n, at, name, kind, n.ChildByFieldName("body"), false)
}

// rsValue maps consts, statics and type aliases with their first line as the signature.
func rsValue(kind store.Kind) func(w *tsWalk, n *sitter.Node, at tsAt) int {
	return func(w *tsWalk, n *sitter.Node, at tsAt) int {
		name := w.fieldText(n, "name")
		if name == "" {
			return -1
		}
		return w.span(n, at, name, kind, w.sigLine(w.sigStart(n), n.EndByte()))
	}
}

// rsMacro maps macro_rules! by its name alone: its rules are its body.
func rsMacro(w *tsWalk, n *sitter.Node, at tsAt) int {
	name := w.fieldText(n, "name")
	if name == "" {
		return -1
	}
	return w.span(n, at, name, store.KindMacro, "macro_rules! "+name)
}
