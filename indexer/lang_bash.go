package indexer

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/bash"

	"github.com/readmap/readmap/store"
)

func init() {
	g := &tsGrammar{
		language: bash.GetLanguage,
		rules: map[string]*tsRule{
			"function_definition": {kind: store.KindFunction},
			"variable_assignment": {handle: shAssignment},
			"declaration_command": {handle: shDeclaration},
			"command":             {handle: shSource},
		},
	}
	register(Language{
		Name:       "Bash",
		Extensions: []string{".sh", ".bash", ".zsh", ".ksh", ".bats"},
		Filenames: []string{".bashrc", ".bash_profile", ".bash_login", ".bash_logout", ".profile",
			".zshrc", ".zprofile", ".zshenv", ".zlogin", "PKGBUILD", "APKBUILD"},
		Interpreters: []string{"bash", "sh", "zsh", "ksh", "dash", "ash", "mksh", "bats"},
		NewMapper:    func() Mapper { return newTSMapper(g) },
		MapperName:   tsMapperName,
	})
}

// shAssignment maps a top-level `NAME=value`.
func shAssignment(w *tsWalk, n *sitter.Node, at tsAt) int {
	name := w.fieldText(n, "name")
	if name == "" {
		return -1
	}
	return w.span(n, at, name, store.KindVar, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
}

// shDeclaration maps `export`, `readonly`, `declare` and `local` declarations; a readonly one
// (or `declare -r`) is a constant.
func shDeclaration(w *tsWalk, n *sitter.Node, at tsAt) int {
	kind := store.KindVar
	for _, ch := range w.children(n) {
		t := w.text(ch)
		if t == "readonly" || (w.typeOf(ch) == "word" && len(t) > 1 && t[0] == '-' && strings.IndexByte(t, 'r') >= 0) {
			kind = store.KindConst
		}
	}
	first := -1
	line := w.sigLine(w.sigStartAt(n, at), n.EndByte())
	for _, ch := range w.children(n) {
		name := ""
		switch w.typeOf(ch) {
		case "variable_assignment":
			name = w.fieldText(ch, "name")
		case "variable_name":
			name = w.text(ch)
		}
		if name == "" {
			continue
		}
		idx := w.span(n, at, name, kind, line)
		if first < 0 {
			first = idx
		}
	}
	return first
}

// shSource records `source file` and `. file` as imports.
func shSource(w *tsWalk, n *sitter.Node, _ tsAt) int {
	cmd := w.fieldText(n, "name")
	if cmd != "source" && cmd != "." {
		return -1
	}
	if arg := n.ChildByFieldName("argument"); arg != nil {
		w.addImport(unquote(w.text(arg)))
	}
	return -1
}
