package lang

import (
	"bytes"
	"sort"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/bash"

	"github.com/readmap/readmap/store"
)

// bashGrammar returns Bash's table for the tree-sitter walk.
func bashGrammar() *tsGrammar {
	g := &tsGrammar{
		language: bash.GetLanguage,
		repair:   shRepair,
		rules: map[string]*tsRule{
			"function_definition": {kind: store.KindFunction},
			"variable_assignment": {handle: shAssignment},
			"declaration_command": {handle: shDeclaration},
			"command":             {handle: shSource},
			// `f() { ... } && complete -F f cmd`
			"list": {handle: tsTransparent},
		},
	}
	return g
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

// shFunctionHead matches a function definition at the start of a line: `name()`, `name ()`,
// `function name`, `function name()`.
var shFunctionHead = lazyRegexp(`^(?:function[ \t]+([\w:.@+-]+)(?:[ \t]*\(\))?|([\w:.@+-]+)[ \t]*\(\))[ \t]*(\{.*)?$`)

// shRepair finds the functions a syntax error hid. Bash's grammar loses the rest of a file at
// constructs such as some `[[ =~ ]]` patterns; functions written at the start of a line and
// closed by a "}" at the start of a line are found line by line instead.
func shRepair(w *tsWalk) {
	lines := bytes.Split(w.src, []byte("\n"))
	covered := make([]bool, len(lines)+2)
	for _, s := range w.res.Symbols {
		for l := s.StartLine; l <= s.EndLine && l < len(covered); l++ {
			covered[l] = true
		}
	}
	added := false
	for i := 0; i < len(lines); i++ {
		line := bytes.TrimRight(lines[i], "\r")
		if covered[i+1] || len(line) == 0 || line[0] == ' ' || line[0] == '\t' || line[0] == '#' {
			continue
		}
		m := shFunctionHead().FindSubmatch(line)
		if m == nil {
			continue
		}
		name := string(m[1]) + string(m[2])
		end := i
		if !bytes.HasSuffix(bytes.TrimSpace(line), []byte("}")) {
			for j := i + 1; j < len(lines) && j < i+5000; j++ {
				l := bytes.TrimRight(lines[j], " \t\r")
				if len(l) > 0 && l[0] == '}' {
					end = j
					break
				}
				if len(l) > 0 && l[0] != ' ' && l[0] != '\t' && l[0] != '{' && l[0] != '#' && j > i+1 {
					break // the next top-level line: the body was not closed at the margin
				}
			}
		}
		sig := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(string(line)), "{"))
		w.res.Symbols = append(w.res.Symbols, store.Symbol{
			Name: name, Kind: store.KindFunction, Signature: foldSignature(sig),
			StartLine: i + 1, EndLine: end + 1, Parent: -1,
		})
		added = true
		for l := i + 1; l <= end+1 && l < len(covered); l++ {
			covered[l] = true
		}
		i = end
	}
	if added {
		// Every Bash symbol is at the top, so sorting keeps parents (none) before children.
		sort.SliceStable(w.res.Symbols, func(a, b int) bool {
			return w.res.Symbols[a].StartLine < w.res.Symbols[b].StartLine
		})
	}
}
