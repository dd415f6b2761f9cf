package indexer

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/ruby"

	"github.com/readmap/readmap/store"
)

func init() {
	g := &tsGrammar{
		language: ruby.GetLanguage,
		isAttr:   rbIsSig,
		rules: map[string]*tsRule{
			"module":           {kind: store.KindModule, members: true},
			"class":            {kind: store.KindClass, members: true},
			"singleton_class":  {handle: tsInBody("body")},
			"method":           {handle: rbMethod},
			"singleton_method": {handle: rbMethod},
			"assignment":       {handle: rbConstant},
			"call":             {handle: rbCall},
		},
	}
	register(Language{
		Name:         "Ruby",
		Extensions:   []string{".rb", ".rake", ".gemspec", ".ru"},
		Filenames:    []string{"Rakefile", "Gemfile", "Guardfile", "Vagrantfile", "Podfile", "Fastfile", "Brewfile"},
		Interpreters: []string{"ruby", "jruby", "rake"},
		NewMapper:    func() Mapper { return newTSMapper(g) },
		MapperName:   tsMapperName,
	})
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

// rbCall maps requires to imports and attr_* to properties.
func rbCall(w *tsWalk, n *sitter.Node, at tsAt) int {
	if n.ChildByFieldName("receiver") != nil {
		return -1
	}
	method := w.fieldText(n, "method")
	args := n.ChildByFieldName("arguments")
	if args == nil {
		return -1
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
