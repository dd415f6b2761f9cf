package lang

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/readmap/readmap/store"
)

// pastBreakCase is a source with or without a syntax error: the lines its mapper reports it
// could not read, and a definition after the error that the map must still list.
type pastBreakCase struct {
	name string
	src  string
	want [][2]int // the mapper's Unparsed
	kept string   // a symbol's name that Map must list; "" for none
}

// testPastBreak maps each case's source with m and with Map (as path): m must report the
// case's spans, and Map must list its kept definition and, where there are spans, say in the
// summary that the file holds syntax errors.
func testPastBreak(t *testing.T, path string, m Mapper, cases []pastBreakCase) {
	t.Helper()
	ctx := context.Background()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			res, err := m.Map(ctx, []byte(tc.src))
			if err != nil {
				t.Fatalf("Map(%q): %v", tc.src, err)
			}
			if diff := cmp.Diff(tc.want, res.Unparsed); diff != "" {
				t.Errorf("Map(%q).Unparsed (-want +got):\n%s", tc.src, diff)
			}
			fm := Map(ctx, path, []byte(tc.src), Options{})
			if tc.kept != "" && !slices.ContainsFunc(fm.Symbols, func(s store.Symbol) bool { return s.Name == tc.kept }) {
				t.Errorf("Map(%q) = %v, want a symbol %q", tc.src, fm.Symbols, tc.kept)
			}
			if got := strings.HasPrefix(fm.Summary, "syntax errors"); got != (len(tc.want) > 0) {
				t.Errorf("Map(%q).Summary = %q, want syntax errors: %v", tc.src, fm.Summary, len(tc.want) > 0)
			}
			if err := CheckSymbols(fm.Symbols, fm.Lines); err != nil {
				t.Errorf("Map(%q): %v", tc.src, err)
			}
		})
	}
}

// TestJavaUnparsed: a comment, text block or brace left open loses the Java scanner what
// follows, and it says where; a string its line ends loses nothing, as javac reads on after it.
func TestJavaUnparsed(t *testing.T) {
	testPastBreak(t, "x.java", jvMapper{}, []pastBreakCase{
		{"comment left open", "class A {\n  void a() {}\n/* open\n  void b() {}\n}\nclass B {}\n", [][2]int{{3, 6}}, "B"},
		{"text block left open", "class A {\n  String s = \"\"\"\n    text\n}\nclass B {}\n", [][2]int{{2, 5}}, "B"},
		{"brace left open", "class A {\n  void a() {\n  {\n  }\n  class C {}\n}\ninterface B {}\n", [][2]int{{1, 7}}, "C"},
		{"brace left open in the file", "class A {}\n{\nclass B {}\n", [][2]int{{2, 3}}, "B"},
		{"string its line ends", "class A {}\n\"\nclass B {}\n", nil, "B"},
		{"valid", "class A {\n  String s = \"/*{\";\n  char c = '{';\n}\nclass B {}\n", nil, "B"},
	})
}
