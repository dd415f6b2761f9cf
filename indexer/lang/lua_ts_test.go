package lang

// The tree-sitter Lua mapper, the Lua mapper before the scanner (lua_scan.go), kept as the
// independent reference of lua_diff_test.go.

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/lua"

	"github.com/readmap/readmap/store"
)

// luaGrammar returns Lua's table for the tree-sitter walk.
//
// The Lua grammar folds the whitespace before a token into the token ("\nfunction"); the walk's
// positions and texts skip it.
func luaGrammar() *tsGrammar {
	g := &tsGrammar{
		language: lua.GetLanguage,
		comments: map[string]bool{"emmy_documentation": true},
		rules: map[string]*tsRule{
			"function_statement":   {handle: luaFunction},
			"variable_declaration": {handle: luaVars},
		},
	}
	return g
}

// luaName splits a function's written name: "M.new" is the function "new" qualified "M.new",
// "M:area" the method "area" qualified "M.area".
func luaName(written string) (name, qual string, kind store.Kind) {
	written = strings.Join(strings.Fields(written), "")
	kind = store.KindFunction
	if strings.Contains(written, ":") {
		kind = store.KindMethod
		written = strings.ReplaceAll(written, ":", ".")
	}
	name = written
	if i := strings.LastIndexByte(written, '.'); i >= 0 {
		name, qual = written[i+1:], written
	}
	return name, qual, kind
}

// luaParamsEnd returns where a function's parameter list ends: after its second parenthesis.
func luaParamsEnd(w *tsWalk, fn *sitter.Node) uint32 {
	seen := 0
	for _, ch := range w.children(fn) {
		if w.typeOf(ch) == "function_body_paren" {
			seen++
			if seen == 2 {
				return ch.EndByte()
			}
		}
	}
	return fn.EndByte()
}

// luaFunction maps `function M.new(...)`, `function M:area()` and `local function f()`.
func luaFunction(w *tsWalk, n *sitter.Node, at tsAt) int {
	name, qual, kind := luaName(w.fieldText(n, "name"))
	if name == "" {
		return -1
	}
	s := w.place(n, at, name, kind)
	s.Signature = w.sig(w.sigStartAt(n, at), luaParamsEnd(w, n))
	s.Qualname = qual
	return w.add(s)
}

// luaVars maps top-level assignments: a function value is a function, `require("x")` an import,
// any other value a variable when its name is a plain identifier (`M.VERSION = 1` is left to the
// table it extends).
func luaVars(w *tsWalk, n *sitter.Node, at tsAt) int {
	names := w.fieldChildren(n, "name")
	values := w.fieldChildren(n, "value")
	first := -1
	for i, nn := range names {
		var v *sitter.Node
		if i < len(values) {
			v = values[i]
		}
		written := w.text(nn)
		idx := -1
		switch {
		case v != nil && w.typeOf(v) == "function":
			name, qual, kind := luaName(written)
			if name == "" {
				continue
			}
			s := w.place(n, at, name, kind)
			s.Signature = w.sig(w.sigStartAt(n, at), luaParamsEnd(w, v))
			s.Qualname = qual
			idx = w.add(s)
		case luaRequire(w, v) != "":
			w.addImport(luaRequire(w, v))
		case written != "" && !strings.ContainsAny(written, ".:[ "):
			idx = w.span(n, at, written, store.KindVar, w.sigLine(w.sigStartAt(n, at), n.EndByte()))
		}
		if first < 0 {
			first = idx
		}
	}
	return first
}

// luaRequire returns the module of `require("x")` or `require "x"`, or "".
func luaRequire(w *tsWalk, v *sitter.Node) string {
	if v == nil || w.typeOf(v) != "function_call" || w.fieldText(v, "prefix") != "require" {
		return ""
	}
	args := v.ChildByFieldName("args")
	if args == nil {
		return ""
	}
	arg := args
	if t := w.typeOf(args); t != "string" && t != "string_argument" {
		arg = w.childOfType(args, "string")
	}
	return unquote(w.text(arg))
}
