package lang

import (
	"testing"

	"github.com/smacker/go-tree-sitter/javascript"
)

// TestJavaScriptUnparsed: what the JavaScript scanner leaves open at the end of the file (a
// comment, a template literal, a brace) is reported from its line on, and a string the line's end
// cuts off on its line.
func TestJavaScriptUnparsed(t *testing.T) {
	testPastBreak(t, jsScanner(javascript.GetLanguage)(), []pastBreakCase{
		{"comment", "function a() {}\n/* open\nfunction b() {}\n", [][2]int{{2, 3}}, "b"},
		{"template", "const s = `open\nfunction b() {}\n", [][2]int{{1, 2}}, "b"},
		{"brace", "function a() {\n  if (x) {\n}\n\nfunction b() {}\n", [][2]int{{1, 5}}, "b"},
		{"string", "var s = \"open\nfunction b() {}\n", [][2]int{{1, 1}}, "b"},
		{"valid", "var s = \"x\" // `\n/* \" */\nfunction b() { return `a${{}}` }\n", nil, "b"},
	})
}
