package lang

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/smacker/go-tree-sitter/javascript"
)

// unparsedCase is a broken source, the line spans its mapper must report as unparsed (none for a
// valid source), and a definition after the break the map must still hold.
type unparsedCase struct {
	name, src string
	want      [][2]int
	kept      string // a symbol of the map: its kind, name and start line ("function b 4")
}

// checkUnparsedCases maps each case's source with newMapper's mapper, and then as the file path
// with Map, which adds the line heuristics' definitions in the spans reported and says so in the
// summary.
func checkUnparsedCases(t *testing.T, path string, newMapper func() Mapper, cases []unparsedCase) {
	ctx := context.Background()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := newMapper().Map(ctx, []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, res.Unparsed); diff != "" {
				t.Errorf("Map(%q).Unparsed (-want +got):\n%s", tc.src, diff)
			}
			m := Map(ctx, path, []byte(tc.src), Options{})
			var got []string
			for _, s := range m.Symbols {
				got = append(got, fmt.Sprintf("%s %s %d", s.Kind, s.Name, s.StartLine))
			}
			if !slices.Contains(got, tc.kept) {
				t.Errorf("Map(%q, %q) = %v, want %q among them", path, tc.src, got, tc.kept)
			}
			if broken := strings.HasPrefix(m.Summary, "syntax errors"); broken != (len(tc.want) > 0) {
				t.Errorf("Map(%q, %q): summary %q", path, tc.src, m.Summary)
			}
		})
	}
}

// TestJavaScriptUnparsed: what the JavaScript scanner leaves open at the end of the file (a
// comment, a template literal, a brace) is reported from its line on, and a string the line's end
// cuts off on its line.
func TestJavaScriptUnparsed(t *testing.T) {
	checkUnparsedCases(t, "x.js", jsScanner(javascript.GetLanguage), []unparsedCase{
		{"comment", "function a() {}\n/* open\nfunction b() {}\n", [][2]int{{2, 3}}, "function b 3"},
		{"template", "const s = `open\nfunction b() {}\n", [][2]int{{1, 2}}, "function b 2"},
		{"brace", "function a() {\n  if (x) {\n}\n\nfunction b() {}\n", [][2]int{{1, 5}}, "function b 5"},
		{"string", "var s = \"open\nfunction b() {}\n", [][2]int{{1, 1}}, "function b 2"},
		{"valid", "var s = \"x\" // `\n/* \" */\nfunction b() { return `a${{}}` }\n", nil, "function b 3"},
	})
}
