package lang

import (
	"bytes"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/ruby"

	"github.com/readmap/readmap/store"
)

// rubyGrammar returns Ruby's table for the tree-sitter walk. It mapped Ruby until the scanner
// (ruby_scan.go) replaced it, and is kept as the reference the scanner is compared with
// (ruby_scan_diff_test.go).
func rubyGrammar() *tsGrammar {
	g := &tsGrammar{
		language: ruby.GetLanguage,
		isAttr:   rbIsSig,
		prepare:  rbPrepare,
		rules: map[string]*tsRule{
			"module":           {kind: store.KindModule, members: true},
			"class":            {kind: store.KindClass, members: true},
			"singleton_class":  {handle: tsInBody("body")},
			"method":           {handle: rbMethod},
			"singleton_method": {handle: rbMethod},
			"assignment":       {handle: rbConstant},
			"call":             {handle: rbCall},
			// Definitions under a condition or in a begin block are still the file's or the
			// class's: `def x ... end unless method_defined?(:x)`, `if RUBY_ENGINE == ...`.
			"if":              {handle: rbBranches},
			"unless":          {handle: rbBranches},
			"elsif":           {handle: rbBranches},
			"else":            {handle: tsTransparent},
			"if_modifier":     {handle: rbModified},
			"unless_modifier": {handle: rbModified},
			"case":            {handle: tsTransparent},
			"when":            {handle: tsInBody("body")},
			"begin":           {handle: tsTransparent},
			"rescue":          {handle: tsInBody("body")},
			"ensure":          {handle: tsTransparent},
		},
	}
	return g
}

// rbDefNotEqual finds `def !=` and `def self.!=`: the part before the operator is group 1.
var rbDefNotEqual = lazyRegexp(`(\bdef[ \t]+(?:[A-Za-z_][A-Za-z0-9_]*[ \t]*\.[ \t]*)?)!=`)

// rbPrepare renames the `!=` methods to `ne` for the grammar, which reads `def !=(other)` as an
// endless `def !` whose body is `(other)`: the `end` of the method then closes the class around
// it, and the methods after it fall out of the class (Ruby's delegate.rb). The name keeps its
// length, so the map's name and signature still read `!=` from the file as written.
func rbPrepare(src []byte) []byte {
	if !bytes.Contains(src, []byte("def !=")) && !bytes.Contains(src, []byte(".!=")) {
		return src
	}
	return rbDefNotEqual().ReplaceAll(src, []byte("${1}ne"))
}

// rbIsSig recognises Sorbet signatures (`sig { params(...).returns(...) }`), which annotate the
// method after them.
func rbIsSig(w *tsWalk, n *sitter.Node, typ string) bool {
	return typ == "call" && w.fieldText(n, "method") == "sig" && n.ChildByFieldName("receiver") == nil &&
		n.ChildByFieldName("block") != nil
}

// rbMethod maps `def name` and `def self.name`: a method in a class or module, a function at the
// top.
func rbMethod(w *tsWalk, n *sitter.Node, at tsAt) int {
	name := w.fieldText(n, "name")
	if name == "" {
		return -1
	}
	kind := store.KindFunction
	if at.parent >= 0 {
		kind = store.KindMethod
	}
	sigTo := n.EndByte()
	if ps := n.ChildByFieldName("parameters"); ps != nil {
		sigTo = ps.EndByte()
	} else if nm := n.ChildByFieldName("name"); nm != nil {
		sigTo = nm.EndByte()
	}
	s := w.place(n, at, name, kind)
	s.Signature = w.sig(w.sigStartAt(n, at), sigTo)
	return w.add(s)
}

// rbBranches maps the declarations in the branches of an if, unless or elsif, not in its
// condition.
func rbBranches(w *tsWalk, n *sitter.Node, at tsAt) int {
	w.members(n.ChildByFieldName("consequence"), at)
	if alt := n.ChildByFieldName("alternative"); alt != nil {
		if r := w.g.rules[w.typeOf(alt)]; r != nil {
			w.node(alt, r, at)
		}
	}
	return -1
}

// rbModified maps the statement before a modifier (`def x ... end if cond`).
func rbModified(w *tsWalk, n *sitter.Node, at tsAt) int {
	body := n.ChildByFieldName("body")
	if body == nil {
		return -1
	}
	if r := w.g.rules[w.typeOf(body)]; r != nil {
		return w.node(body, r, at)
	}
	return -1
}

// rbConstant maps `NAME = value` where NAME is a constant.
func rbConstant(w *tsWalk, n *sitter.Node, at tsAt) int {
	left := n.ChildByFieldName("left")
	if left == nil || w.typeOf(left) != "constant" {
		return -1
	}
	return w.span(n, at, w.text(left), store.KindConst, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
}

// rbRequires are the calls that load other files.
var rbRequires = map[string]bool{"require": true, "require_relative": true, "load": true, "autoload": true}

// rbAttrs are the calls that declare attributes.
var rbAttrs = map[string]bool{"attr_reader": true, "attr_writer": true, "attr_accessor": true}

// rbCall maps requires to imports, attr_* to properties and the methods defined in a call's
// arguments (`private def x`, `ruby2_keywords def y`), whose ranges and signatures start at the
// call.
func rbCall(w *tsWalk, n *sitter.Node, at tsAt) int {
	if n.ChildByFieldName("receiver") != nil {
		return -1
	}
	method := w.fieldText(n, "method")
	args := n.ChildByFieldName("arguments")
	if args == nil {
		return -1
	}
	if first := rbDefinedIn(w, n, args, at); first >= 0 {
		return first
	}
	switch {
	case rbRequires[method]:
		for _, a := range w.children(args) {
			if w.typeOf(a) == "string" {
				w.addImport(unquote(w.text(a)))
			}
		}
	case rbAttrs[method] && at.parent >= 0:
		first := -1
		for _, a := range w.children(args) {
			if t := w.typeOf(a); t == "simple_symbol" || t == "string" {
				name := strings.TrimPrefix(unquote(w.text(a)), ":")
				idx := w.span(n, at, name, store.KindProperty, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
				if first < 0 {
					first = idx
				}
			}
		}
		return first
	}
	return -1
}

// rbDefinedIn maps the methods defined in the arguments args of call n and returns the index
// of the first, or -1.
func rbDefinedIn(w *tsWalk, n, args *sitter.Node, at tsAt) int {
	first := -1
	for _, a := range w.children(args) {
		if t := w.typeOf(a); t != "method" && t != "singleton_method" {
			continue
		}
		from := at
		if from.start < 0 {
			from.start, _ = w.startOf(n)
		}
		if from.sig < 0 {
			from.sig = int(w.sigStart(n))
		}
		if idx := rbMethod(w, a, from); first < 0 {
			first = idx
		}
	}
	return first
}
