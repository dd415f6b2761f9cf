package lang

import (
	"strconv"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/hcl"

	"github.com/readmap/readmap/store"
)

// hclGrammar returns HCL's table for the tree-sitter walk.
func hclGrammar() *tsGrammar {
	g := &tsGrammar{
		language: hcl.GetLanguage,
		unclosed: []tsDelims{{"/*", "*/"}},
		rules: map[string]*tsRule{
			"body":      {handle: tsTransparent},
			"block":     {handle: hclBlock},
			"attribute": {handle: hclAttribute},
		},
	}
	return g
}

// hclBlock maps a block, named by its labels joined with dots the way Terraform addresses it
// (`resource "aws_instance" "web"` is "aws_instance.web"), or by its type without labels
// ("terraform", "locals"). Nested blocks are its children.
func hclBlock(w *tsWalk, n *sitter.Node, at tsAt) int {
	var typ string
	var labels []string
	var body *sitter.Node
	for _, ch := range w.children(n) {
		switch w.typeOf(ch) {
		case "identifier":
			if typ == "" {
				typ = w.text(ch)
			} else {
				labels = append(labels, w.text(ch))
			}
		case "string_lit":
			labels = append(labels, hclString(w.text(ch)))
		case "body":
			body = ch
		case "block_start":
			if body == nil {
				body = ch // for the signature's end when the body is empty
			}
		}
	}
	if typ == "" {
		return -1
	}
	name := typ
	if len(labels) > 0 {
		name = strings.Join(labels, ".")
	}
	sigTo := n.EndByte()
	if start := w.childOfType(n, "block_start"); start != nil {
		sigTo = start.StartByte()
	}
	s := w.place(n, at, name, store.KindBlock)
	s.Signature = w.sig(w.sigStartAt(n, at), sigTo)
	idx := w.add(s)
	if body != nil && w.typeOf(body) == "body" {
		if typ == "module" {
			hclModuleSource(w, body)
		}
		w.members(body, tsAt{parent: idx, start: -1, sig: -1})
	}
	return idx
}

// hclAttribute maps `name = value` at the top of a file (.tfvars) and in `locals` blocks; the
// arguments of other blocks are not worth a line each.
func hclAttribute(w *tsWalk, n *sitter.Node, at tsAt) int {
	if at.parent >= 0 && w.res.Symbols[at.parent].Signature != "locals" {
		return -1
	}
	name := w.text(w.childOfType(n, "identifier"))
	if name == "" {
		return -1
	}
	return w.span(n, at, name, store.KindVar, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
}

// hclModuleSource records a module block's source as an import.
func hclModuleSource(w *tsWalk, body *sitter.Node) {
	for _, a := range w.children(body) {
		if w.typeOf(a) == "attribute" && w.text(w.childOfType(a, "identifier")) == "source" {
			w.addImport(hclString(w.text(w.childOfType(a, "expression"))))
		}
	}
}

// hclString is a quoted string's value with HCL's escapes decoded (`\"`, `\\`, `\n`, `\u00e9`,
// `$${`, `%%{`), as Terraform reads a label; text that is not one plain string comes back with
// its quotes removed.
func hclString(quoted string) string {
	if strings.HasPrefix(quoted, `"`) {
		if v, err := strconv.Unquote(strings.NewReplacer("$${", "${", "%%{", "%{").Replace(quoted)); err == nil {
			return v
		}
	}
	return unquote(quoted)
}
