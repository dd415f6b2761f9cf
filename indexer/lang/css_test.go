package lang

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCSSMapper(t *testing.T) {
	runMarkupCases(t, "site.css", []markupCase{
		{"rules and nested at-rules", "a { color: red }\n@media (max-width: 600px) {\n  .nav a:hover {\n    x: y;\n  }\n}\n", []string{
			"rule a [1-1]",
			"at_rule @media (max-width: 600px) [2-6]",
			"  rule .nav a:hover [3-5]",
		}},
		{"selector lists start at their first line", "/* lead */\nh1,\nh2 /* mid */ ,\nh3 {\n}\n", []string{
			"rule h1, h2, h3 [2-5]",
		}},
		{"braces in comments, strings and urls", "a { content: \"}\"; b: '{'; }\n/* } { */\nb { background: url(data:x;{}) }\nc { background: url( \"}\" ) }\n", []string{
			"rule a [1-1]",
			"rule b [3-3]",
			"rule c [4-4]",
		}},
		{"keyframes and font-face", "@keyframes spin {\n  from { a: b }\n  50% { a: c }\n}\n@font-face {\n  font-family: X;\n}\n", []string{
			"at_rule @keyframes spin [1-4]",
			"  rule from [2-2]",
			"  rule 50% [3-3]",
			"at_rule @font-face [5-7]",
		}},
		{"CSS nesting", ".card {\n  color: red;\n  &:hover { color: blue; }\n  .title { x: y }\n}\n", []string{
			"rule .card [1-5]",
			"  rule &:hover [3-3]",
			"  rule .title [4-4]",
		}},
		{"unclosed and stray braces", "}\na {\n  b: c;\n\n", []string{
			"rule a [2-3]",
		}},
		{"// is no comment in CSS", "a { b: url(//x/y.png) }\n// c { }\n", []string{
			"rule a [1-1]",
			"rule // c [2-2]",
		}},
	})
}

func TestSCSSMapper(t *testing.T) {
	runMarkupCases(t, "theme.scss", []markupCase{
		{"line comments and interpolation", "// a { b }\n.btn-#{$name} {\n  &:hover { c: d; } // }\n}\n@mixin m($x) {\n  x: $x;\n}\n", []string{
			"rule .btn-#{$name} [2-4]",
			"  rule &:hover [3-3]",
			"at_rule @mixin m($x) [5-7]",
		}},
	})
}

func TestCSSImports(t *testing.T) {
	src := "@charset \"utf-8\";\n@import url(\"reset.css\") screen;\n@import 'a.css', \"b.css\";\n@use \"sass:math\" as m;\n@forward 'src/list';\na { }\n"
	f := Map(context.Background(), "app.scss", []byte(src), Options{})
	if want := []string{"reset.css", "a.css", "b.css", "sass:math", "src/list"}; !cmp.Equal(f.Imports, want) {
		t.Errorf("imports = %q, want %q", f.Imports, want)
	}
}

// TestCSSDeep: nesting past markupMaxDepth is tracked but not shown.
func TestCSSDeep(t *testing.T) {
	got := markupOutline(t, "deep.less", strings.Repeat("a {\n", 100000)+strings.Repeat("}\n", 100000))
	if len(got) != markupMaxDepth {
		t.Fatalf("got %d symbols, want %d", len(got), markupMaxDepth)
	}
	if want := "rule a [1-200000]"; got[0] != want {
		t.Errorf("outer rule = %q, want %q", got[0], want)
	}
}
