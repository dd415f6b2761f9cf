package lang

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSyntaxErrorRegionsGetHeuristics: where a mapper reports lines it could not read, the line
// heuristics' definitions there join the map, and the header's summary says which lines held
// syntax errors. A PHP string left open loses the scanner and the tree-sitter walk alike the
// declarations after it; a Kotlin function with an error inside stays mapped as the walk read it
// (an error inside a declaration is no region the grammar could not parse); a Kotlin line the
// grammar could attach to nothing is such a region.
func TestSyntaxErrorRegionsGetHeuristics(t *testing.T) {
	for _, tc := range []struct {
		path, src string
		want      []string
		summary   string
	}{
		{"a.php", "<?php\nfunction a() { $s = 'single; }\nfunction b() {}\nclass C {}\n",
			[]string{"function a [2-4]", "function b [3-3]", "class C [4-4]"},
			"syntax errors at lines 2-4; 2 definitions there are the line heuristics'"},
		{"a.kt", "fun a() {\n  val x = (1 +\n}\n\nfun b() {}\nclass C {}\n",
			[]string{"function a [1-3]", "function b [5-5]", "class C [6-6]"}, ""},
		{"a.kt", "fun a() {}\n) ) fun lost() {}\nfun b() {}\n",
			[]string{"function a [1-1]", "function lost [2-2]", "function b [3-3]"}, "syntax errors at lines 2"},
		{"a.php", "<?php\nfunction a() {}\nfunction b() {}\n", []string{"function a [2-2]", "function b [3-3]"}, ""},
	} {
		m := Map(context.Background(), tc.path, []byte(tc.src), Options{})
		var got []string
		for _, s := range m.Symbols {
			got = append(got, strings.Repeat("  ", s.Depth)+s.Kind.String()+" "+s.Qualname+" ["+itoa(s.StartLine)+"-"+itoa(s.EndLine)+"]")
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("%s %q (-want +got):\n%s", tc.path, tc.src, diff)
		}
		if m.Summary != tc.summary {
			t.Errorf("%s %q: summary %q, want %q", tc.path, tc.src, m.Summary, tc.summary)
		}
		if err := CheckSymbols(m.Symbols, m.Lines); err != nil {
			t.Errorf("%s: %v", tc.path, err)
		}
	}
}
