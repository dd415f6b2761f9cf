package lang

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/php"

	"github.com/readmap/readmap/store"
)

// phpGrammar returns PHP's table for the tree-sitter walk. It mapped PHP until the scanner
// (php_scan.go) replaced it, and is kept as the reference the scanner is compared with
// (php_scan_diff_test.go).
func phpGrammar() *tsGrammar {
	transparent := &tsRule{handle: tsTransparent}
	g := &tsGrammar{
		language: php.GetLanguage,
		attrs:    map[string]bool{"attribute_list": true},
		rules: map[string]*tsRule{
			"namespace_definition":      {handle: phpNamespace, scopes: true},
			"namespace_use_declaration": {handle: phpUse},
			"expression_statement":      {handle: phpRequire},
			"class_declaration":         {kind: store.KindClass, members: true},
			"interface_declaration":     {kind: store.KindInterface, members: true},
			"trait_declaration":         {kind: store.KindTrait, members: true},
			"enum_declaration":          {kind: store.KindEnum, members: true},
			"enum_case":                 {kind: store.KindEnumMember},
			"function_definition":       {kind: store.KindFunction},
			"method_declaration":        {handle: phpMethod},
			"const_declaration":         {handle: phpConst},
			"property_declaration":      {handle: phpProperty},
			// Functions declared under a guard: `if (!function_exists('f')) { function f() {} }`.
			"if_statement":       {handle: tsInBody("body")},
			"compound_statement": transparent,
			"colon_block":        transparent,
		},
	}
	return g
}

// phpNamespace maps `namespace X { ... }` with its members, and `namespace X;`, which holds the
// declarations after it up to the next namespace.
func phpNamespace(w *tsWalk, n *sitter.Node, at tsAt) int {
	name := w.fieldText(n, "name")
	body := n.ChildByFieldName("body")
	if name == "" {
		w.members(body, at) // the global namespace: `namespace { ... }`
		return -1
	}
	idx := w.declare(n, at, name, store.KindNamespace, body, false)
	if body != nil {
		w.members(body, tsAt{parent: idx, start: -1, sig: -1})
		return -1 // holds nothing after it
	}
	return idx
}

// phpUse records `use A\B;` and `use A\{B, C as D};` as the names written.
func phpUse(w *tsWalk, n *sitter.Node, _ tsAt) int {
	prefix := ""
	for _, ch := range w.children(n) {
		switch w.typeOf(ch) {
		case "namespace_name":
			prefix = w.text(ch) + `\`
		case "namespace_use_clause":
			w.addImport(w.text(w.childOfType(ch, "qualified_name", "name", "namespace_name")))
		case "namespace_use_group":
			for _, cl := range w.children(ch) {
				if w.typeOf(cl) == "namespace_use_group_clause" {
					w.addImport(prefix + w.text(w.childOfType(cl, "namespace_name", "qualified_name", "name")))
				}
			}
		}
	}
	return -1
}

// phpRequire records `require 'x.php'` and its kin with a literal path.
func phpRequire(w *tsWalk, n *sitter.Node, _ tsAt) int {
	e := n.NamedChild(0)
	if e == nil {
		return -1
	}
	switch w.typeOf(e) {
	case "require_expression", "require_once_expression", "include_expression", "include_once_expression":
		arg := e.NamedChild(0)
		if arg != nil && (w.typeOf(arg) == "string" || w.typeOf(arg) == "encapsed_string") {
			w.addImport(unquote(w.text(arg)))
		}
	}
	return -1
}

func phpMethod(w *tsWalk, n *sitter.Node, at tsAt) int {
	name := w.fieldText(n, "name")
	if name == "" {
		return -1
	}
	kind := store.KindMethod
	if strings.EqualFold(name, "__construct") {
		kind = store.KindConstructor
	}
	return w.declare(n, at, name, kind, n.ChildByFieldName("body"), false)
}

// phpConst maps each constant of `const A = 1, B = 2;`.
func phpConst(w *tsWalk, n *sitter.Node, at tsAt) int {
	return w.eachDeclarator(n, at, store.KindConst, "const_element")
}

// phpProperty maps each property of `public int $a = 0, $b;` by its name with the "$".
func phpProperty(w *tsWalk, n *sitter.Node, at tsAt) int {
	return w.eachDeclarator(n, at, store.KindProperty, "property_element")
}
