package lang

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/csharp"

	"github.com/readmap/readmap/store"
)

// csharpGrammar returns C#'s table for the tree-sitter walk.
func csharpGrammar() *tsGrammar {
	method := &tsRule{kind: store.KindMethod}
	g := &tsGrammar{
		language: csharp.GetLanguage,
		unclosed: []tsDelims{{"/*", "*/"}},
		// C# has C's conditional directives, and real code splits declarations across their
		// branches (a class's base list differs between #if and #else): retry with one branch.
		retries: []func([]byte) []byte{csOneBranch, cFlattenConditionals},
		attrs:   map[string]bool{"attribute_list": true},
		rules: map[string]*tsRule{
			"using_directive": {handle: csUsing},
			// The grammar nests the declarations of a conditional's branches in these nodes.
			"preproc_if":                        {handle: tsTransparent},
			"preproc_elif":                      {handle: tsTransparent},
			"preproc_else":                      {handle: tsTransparent},
			"namespace_declaration":             {kind: store.KindNamespace, members: true},
			"file_scoped_namespace_declaration": {kind: store.KindNamespace, scopes: true},
			"class_declaration":                 {kind: store.KindClass, members: true},
			"struct_declaration":                {kind: store.KindStruct, members: true},
			"interface_declaration":             {kind: store.KindInterface, members: true},
			"enum_declaration":                  {kind: store.KindEnum, members: true},
			"enum_member_declaration":           {kind: store.KindEnumMember},
			"record_declaration":                {handle: csRecord},
			"record_struct_declaration":         {kind: store.KindStruct, members: true},
			"method_declaration":                method,
			"constructor_declaration":           {kind: store.KindConstructor},
			"destructor_declaration":            {kind: store.KindMethod, nameOf: csDestructorName},
			"operator_declaration":              {kind: store.KindMethod, nameOf: csOperatorName},
			"conversion_operator_declaration":   {kind: store.KindMethod, nameOf: csConversionName},
			"indexer_declaration":               {kind: store.KindProperty, nameOf: func(*tsWalk, *sitter.Node) string { return "this[]" }, body: "accessors|value"},
			"property_declaration":              {kind: store.KindProperty, body: "accessors|value"},
			"event_declaration":                 {kind: store.KindProperty, body: "accessors"},
			"delegate_declaration":              {kind: store.KindType},
			"field_declaration":                 {handle: csField},
			"event_field_declaration":           {handle: csField},
		},
	}
	return g
}

// csUsing records the namespace of a using directive: `using static System.Math;` gives
// "System.Math", `using IO = System.IO;` gives "System.IO".
func csUsing(w *tsWalk, n *sitter.Node, _ tsAt) int {
	var last *sitter.Node
	for _, ch := range w.children(n) {
		switch w.typeOf(ch) {
		case "identifier", "qualified_name", "generic_name", "alias_qualified_name":
			last = ch
		}
	}
	w.addImport(w.text(last))
	return -1
}

// csRecord maps a record; `record struct` is a struct.
func csRecord(w *tsWalk, n *sitter.Node, at tsAt) int {
	kind := store.KindClass
	if w.hasChild(n, "struct") {
		kind = store.KindStruct
	}
	return w.def(n, &tsRule{kind: kind, members: true}, at)
}

func csDestructorName(w *tsWalk, n *sitter.Node) string {
	return "~" + w.fieldText(n, "name")
}

// csOperatorName names an operator by its token: "operator +".
func csOperatorName(w *tsWalk, n *sitter.Node) string {
	for _, ch := range w.children(n) {
		if !ch.IsNamed() {
			if t := w.text(ch); t != "operator" && t != "static" && t != "public" {
				if p := ch.PrevSibling(); p != nil && w.text(p) == "operator" {
					return "operator " + t
				}
			}
		}
	}
	return "operator"
}

// csConversionName names a conversion operator by its type: "operator int".
func csConversionName(w *tsWalk, n *sitter.Node) string {
	return strings.TrimSpace("operator " + w.fieldText(n, "type"))
}

// csField maps each variable of a field or event declaration; a const one is a constant.
func csField(w *tsWalk, n *sitter.Node, at tsAt) int {
	kind := store.KindField
	for _, ch := range w.children(n) {
		if w.typeOf(ch) == "modifier" && w.text(ch) == "const" {
			kind = store.KindConst
		}
	}
	decl := w.childOfType(n, "variable_declaration")
	if decl == nil {
		return -1
	}
	return w.eachDeclaratorIn(n, decl, at, kind, "variable_declarator")
}

// csOneBranch keeps the first branch of each preprocessor conditional, without its directive
// lines, and blanks the rest. It is the retry for declarations split across branches, which no
// grammar reads: `class JValue : JToken` followed by `#if HAVE_ICONVERTIBLE`, `, IConvertible`, `#endif`.
func csOneBranch(src []byte) []byte {
	return cFlattenConditionals(cFirstBranches(src))
}
