package lang

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// hclScanCases are sources that exercise the HCL scanner's lexing, with their maps; the
// tree-sitter walk must agree on each.
var hclScanCases = []scannerCase{
	{name: "blocks and labels", src: "resource \"aws_instance\" \"web\" {\n  ami = \"x\"\n  lifecycle {\n    ignore_changes = [tags]\n  }\n}\n\nterraform {}\n",
		want: []string{
			`block aws_instance.web [1-6] resource "aws_instance" "web"`,
			"  block aws_instance.web.lifecycle [3-5] lifecycle",
			"block terraform [8-8] terraform",
		}},
	{name: "locals and objects", src: "locals {\n  tags = {\n    a = 1\n    b = \"}\"\n  }\n  name = \"${var.x}-${\"{\"}\"\n}\n",
		want: []string{
			"block locals [1-7] locals",
			"  var locals.tags [2-5] tags",
			`  var locals.name [6-6] name = "${var.x}-${"{"}"`,
		}},
	{name: "heredocs", src: "x = <<EOT\n  }\n  ${a}\nEOT\ny = <<-EOF\n    text\n    EOF\nz = 1\n",
		want: []string{"var x [1-4] x = <<EOT", "var y [5-7] y = <<-EOF", "var z [8-8] z = 1"}},
	{name: "comments", src: "# a { \n// b {\n/* c {\n*/ block \"x\" { # }\n  /* } */\n}\n",
		want: []string{`block x [4-6] block "x"`}},
	{name: "module source", src: "module \"vpc\" {\n  source = \"./modules/vpc\"\n  cidr   = \"10.0.0.0/16\"\n}\n",
		want: []string{`block vpc [1-4] module "vpc"`, "import ./modules/vpc"}},
	{name: "escapes", src: "a = \"$${x} \\\" {\"\nb = [\n  (1 + 2),\n  { c = \"d\" },\n]\n",
		want: []string{`var a [1-1] a = "$${x} \" {"`, "var b [2-5] b = ["}},
	{name: "one-line blocks", src: "variable \"v\" { default = 1 }\nlocals { w = 2 }\n",
		want: []string{`block v [1-1] variable "v"`, "block locals [2-2] locals", "  var locals.w [2-2] w = 2"}},
	{name: "for expressions", src: "out = { for k, v in var.m : k => v if v != \"}\" }\nlist = [for s in var.l : upper(s)]\n",
		want: []string{"var out [1-1] out = { for k, v in var.m : k => v if v != \"}\"}", "var list [2-2] list = [for s in var.l : upper(s)]"}},
}

// TestHCLScanner maps each case and compares the map with the expected one and with the
// tree-sitter walk's.
func TestHCLScanner(t *testing.T) {
	ts := newTSMapper(hclGrammar()).(*tsMapper)
	runScannerCases(t, hclScanCases, hclScanner{}, "case.tf", func(st *scannerDiff, path string, src []byte) {
		hclScanDiffAdd(st, path, src, ts)
	})
}

// TestHCLScannerUnparsed: what a syntax error leaves unread is reported as line spans, the
// definitions the line heuristics find there come into the map, and a valid file reports none.
func TestHCLScannerUnparsed(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      [][2]int
	}{
		{"valid", "a = 1\nb {\n  c = \"d\"\n}\n", nil},
		{"unclosed block", "a {\n  b = 1\n\nc = 2\n", [][2]int{{1, 4}}},
		{"unclosed comment", "a = 1\n/* x\nb {\n}\n", [][2]int{{2, 4}}},
		{"unclosed heredoc", "a = <<EOT\nb {\n}\n", [][2]int{{1, 3}}},
		{"unclosed bracket", "a = [\n  1,\nb {\n}\n", [][2]int{{1, 4}}},
		{"stray line", "a = 1\n} junk {\nb = 2\n", [][2]int{{2, 2}}},
		{"string to the line's end", "a = \"x\nb = 2\n", [][2]int{{1, 1}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := hclScanner{}.Map(context.Background(), []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, res.Unparsed); diff != "" {
				t.Errorf("unparsed spans (-want +got):\n%s", diff)
			}
		})
	}
	// The line heuristics' definitions in an unparsed region join the map.
	src := "a = 1\n/* left open\nlocals {\n  b = 2\n}\nc = 3\n"
	m := Map(context.Background(), "broken.tf", []byte(src), Options{})
	var names []string
	for _, s := range m.Symbols {
		names = append(names, s.Name)
	}
	if m.Summary != "syntax errors at lines 2-6; 2 definitions there are the line heuristics'" || strings.Join(names, " ") != "a locals c" {
		t.Errorf("map of a file with an unclosed comment: summary %q, symbols %q; want the syntax errors said and the heuristics' locals and c", m.Summary, names)
	}
}

// FuzzHCLScanner: the scanner never panics and keeps every range inside the file, every child
// inside its parent.
func FuzzHCLScanner(f *testing.F) {
	for _, tc := range hclScanCases {
		f.Add([]byte(tc.src))
	}
	for _, s := range []string{"a {", "}}}", "x = <<", "x = <<EOT", "\"${${${", "a = [[[(((", "/*", "b \"", "a = \"${\"\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		res, err := hclScanner{}.Map(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckSymbols(normalize(res.Symbols, CountLines(src)), CountLines(src)); err != nil {
			t.Fatal(err)
		}
		for _, sp := range res.Unparsed {
			if sp[0] < 1 || sp[0] > sp[1] || sp[1] > CountLines(src) {
				t.Fatalf("unparsed span %v outside the file's %d lines", sp, CountLines(src))
			}
		}
	})
}

// TestHCLScannerPathological maps inputs built to break a scanner (deep nesting, unclosed
// everything, one huge line): no panic, and the invariants hold. Not timed (BenchmarkHCLMapper
// measures speed).
func TestHCLScannerPathological(t *testing.T) {
	n := 100_000
	for name, src := range map[string]string{
		"deep blocks":      strings.Repeat("a {\n", n) + strings.Repeat("}\n", n),
		"unclosed blocks":  strings.Repeat("a \"b\" {\n", n),
		"deep brackets":    "x = " + strings.Repeat("[(", n),
		"interpolations":   "x = \"" + strings.Repeat("${\"", n),
		"huge line":        strings.Repeat("a = 1 ", n),
		"stray closers":    strings.Repeat("}", n),
		"heredoc openings": strings.Repeat("x = <<EOT\n", n),
		"invalid UTF-8":    strings.Repeat("\xff\xfe = {\n", n),
	} {
		res, err := hclScanner{}.Map(context.Background(), []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckSymbols(normalize(res.Symbols, CountLines([]byte(src))), CountLines([]byte(src))); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// BenchmarkHCLMapper measures the scanner ("scanner") against the tree-sitter walk it replaced,
// on the committed corpus.
func BenchmarkHCLMapper(b *testing.B) {
	var paths []string
	for _, ext := range []string{".tf", ".hcl", ".tfvars"} {
		paths = append(paths, filesUnder([]string{hclCorpus}, ext)...)
	}
	files, total := readBenchFiles(b, paths)
	b.Run("scanner", func(b *testing.B) { benchMapper(b, hclScanner{}, files, total) })
	b.Run("tree-sitter", func(b *testing.B) { benchMapper(b, newTSMapper(hclGrammar()), files, total) })
}
