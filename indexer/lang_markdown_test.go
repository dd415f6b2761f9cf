package indexer

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/readmap/readmap/store"
)

// markupCase is a table test of a markup mapper: a file's content and its expected outline.
type markupCase struct {
	name string
	src  string
	want []string // markupOutline's lines
}

// markupOutline maps src as the file path and returns one line a symbol, "kind name [a-b]"
// indented two spaces a level, after checking the symbol invariants. Landmarks are left out.
func markupOutline(t *testing.T, path, src string) []string {
	t.Helper()
	f := MapFile(context.Background(), path, []byte(src), Options{})
	if err := checkSymbols(f.Symbols, f.Lines); err != nil {
		t.Fatalf("MapFile(%q): %v", src, err)
	}
	var out []string
	for _, s := range f.Symbols {
		if s.Kind == store.KindLandmark {
			continue // the fallback's, for a file the mapper found nothing in
		}
		out = append(out, fmt.Sprintf("%s%s %s [%d-%d]", strings.Repeat("  ", s.Depth), s.Kind, s.Name, s.StartLine, s.EndLine))
	}
	return out
}

func runMarkupCases(t *testing.T, path string, cases []markupCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := markupOutline(t, path, tc.src)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Map(%q) (-want +got):\n%s", tc.src, diff)
			}
		})
	}
}

func TestMarkdownMapper(t *testing.T) {
	runMarkupCases(t, "doc.md", []markupCase{
		{"sections hold their subsections", "# A\ntext\n## B\nb\n### C\n## D\n# E\n", []string{
			"heading # A [1-6]",
			"  heading ## B [3-5]",
			"    heading ### C [5-5]",
			"  heading ## D [6-6]",
			"heading # E [7-7]",
		}},
		{"a skipped level nests under the last higher one", "# A\n### C\n## B\n", []string{
			"heading # A [1-3]",
			"  heading ### C [2-2]",
			"  heading ## B [3-3]",
		}},
		{"closing hashes and indentation", "   ## Install ##   \n#\tTabbed\n## C# ##\n", []string{
			"heading ## Install [1-1]",
			"heading # Tabbed [2-3]",
			"  heading ## C# [3-3]",
		}},
		{"not ATX headings", "#hashtag\n####### seven\n    # indented code\n\\# escaped\n", nil},
		{"setext headings start at their paragraph", "Title\nsecond line\n=====\ntext\n\nSub\n---\n", []string{
			"heading # Title second line [1-7]",
			"  heading ## Sub [6-7]",
		}},
		{"a rule after a blank line is no underline", "text\n\n---\n\n***\n", nil},
		{"a list item or quote is no setext paragraph", "- item\n---\n> quote\n===\n", nil},
		{"fenced code is no heading", "# A\n```go\n# not\n```\n~~~\n## nor\n~~~\n", []string{
			"heading # A [1-7]",
			"  code_block code: go [2-4]",
			"  code_block code [5-7]",
		}},
		{"a longer fence closes only with as many", "````md\n```\n# no\n```\n````\n# Yes\n", []string{
			"code_block code: md [1-5]",
			"heading # Yes [6-6]",
		}},
		{"inline triple backticks open no fence", "```js x```\n# Real\n", []string{
			"heading # Real [2-2]",
		}},
		{"fence info strings", "```{.python}\n```\n``` bash title=x\n```\n", []string{
			"code_block code: python [1-2]",
			"code_block code: bash [3-4]",
		}},
		{"an unclosed fence runs to the end", "# A\n```\n# no\n", []string{
			"heading # A [1-3]",
			"  code_block code [2-3]",
		}},
		{"indented fences in lists", "# A\n- step\n\n    ```sh\n    # run\n    ```\n", []string{
			"heading # A [1-6]",
			"  code_block code: sh [4-6]",
		}},
		{"html blocks hide headings", "<!--\n# no\n-->\n<div>\n# no\n</div>\n\n# Yes\n<details>\n\n## Inside\n</details>\n", []string{
			"heading # Yes [8-12]",
			"  heading ## Inside [11-12]",
		}},
		{"front matter", "---\ntitle: T\ntags:\n  - a\n---\n# A\n", []string{
			"block front matter [1-5]",
			"  key title [2-2]",
			"  key tags [3-4]",
			"heading # A [6-6]",
		}},
		{"toml front matter", "+++\ntitle = \"T\"\n+++\ntext\n", []string{
			"block front matter [1-3]",
			"  key title [2-2]",
		}},
		{"a lone rule is no front matter", "---\n# A\n", []string{
			"heading # A [2-2]",
		}},
		{"CRLF", "# A\r\ntext\r\n## B\r\n```\r\n# no\r\n```\r\n", []string{
			"heading # A [1-6]",
			"  heading ## B [3-6]",
			"    code_block code [4-6]",
		}},
		{"empty", "", nil},
	})
}

func TestMDXImports(t *testing.T) {
	src := "import { Tabs } from '@site/tabs'\nimport X from \"./x.mdx\"\n\n# Title\n<Tabs>\n## Inside\n</Tabs>\n"
	f := MapFile(context.Background(), "page.mdx", []byte(src), Options{})
	if want := []string{"@site/tabs", "./x.mdx"}; !cmp.Equal(f.Imports, want) {
		t.Errorf("imports = %q, want %q", f.Imports, want)
	}
	got := markupOutline(t, "page.mdx", src)
	want := []string{"heading # Title [4-7]", "  heading ## Inside [6-7]"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

// TestMarkdownDeepAndLong: pathological input stays fast and valid.
func TestMarkdownDeepAndLong(t *testing.T) {
	var b strings.Builder
	for range 10000 {
		b.WriteString("> ")
	}
	b.WriteString("# deep\n")
	b.WriteString("# " + strings.Repeat("x", 5<<20) + "\n")
	b.WriteString(strings.Repeat("```\n", 10001))
	got := markupOutline(t, "big.md", b.String())
	if len(got) != 1+5001 {
		t.Fatalf("got %d symbols, want %d", len(got), 1+5001)
	}
	if !strings.HasPrefix(got[0], "heading # xxx") || len(got[0]) > 200 {
		t.Errorf("long heading = %.80q…", got[0])
	}
}

// markupFuzzLanguages are the languages FuzzMarkup feeds, by name.
var markupFuzzLanguages = []string{"Markdown", "MDX", "YAML", "TOML", "HTML", "CSS", "SCSS", "Less", "SQL", "Dockerfile"}

// FuzzMarkup feeds the markup mappers inputs grown from their own tricky cases: none may panic,
// and every range must stay inside the file and inside its parent's.
func FuzzMarkup(f *testing.F) {
	seeds := []string{
		"---\ntitle: x\n---\n# A\n```go\n# no\n```\nSetext\n===\n<!--\n# no\n-->\n",
		"a:\n  - name: x\n    run: |\n      k: v\n  - b: {c: [1,\n 2]}\n---\n? k\n: v\n",
		"[t]\nk = \"\"\"\n[x]\n\"\"\"\na = [\n  1, # ]\n]\n[[arr]]\n",
		"<html><body><ul><li id=a>x<li>y</ul><script>if(a<b){}</script><!-- x --></body>",
		"@media x { a { b: url(x;{}) } } /* { */ .c { &:hover {} } @import 'y';",
		"CREATE TABLE t (a int, CONSTRAINT c CHECK (a > 0));\nCREATE FUNCTION f() RETURNS int AS $x$ ; $x$ LANGUAGE sql;\nDELIMITER //\nCREATE PROCEDURE p() BEGIN SELECT 1; END //\n",
		"FROM a AS b\nRUN x \\\n  y\nCOPY <<EOF /x\nFROM z\nEOF\nCMD [\"a\"]\n",
	}
	for i := range markupFuzzLanguages {
		for _, s := range seeds {
			f.Add(uint8(i), []byte(s))
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, src []byte) {
		lang := LanguageByName(markupFuzzLanguages[int(which)%len(markupFuzzLanguages)])
		res, err := lang.NewMapper().Map(context.Background(), src)
		if err != nil || res == nil {
			return
		}
		if err := checkSymbols(res.Symbols, CountLines(src)); err != nil {
			t.Fatalf("%s: %v", lang.Name, err)
		}
		for i, s := range res.Symbols {
			if i > 0 && s.StartLine < res.Symbols[i-1].StartLine {
				t.Fatalf("%s: symbol %d %q starts at %d, before the one ahead of it (%d)", lang.Name, i, s.Name, s.StartLine, res.Symbols[i-1].StartLine)
			}
			if !utf8.ValidString(s.Name) || !utf8.ValidString(s.Qualname) || !utf8.ValidString(s.Signature) {
				t.Fatalf("%s: symbol %d %q is not valid UTF-8", lang.Name, i, s.Name)
			}
		}
		for _, imp := range res.Imports {
			if !utf8.ValidString(imp) {
				t.Fatalf("%s: import %q is not valid UTF-8", lang.Name, imp)
			}
		}
	})
}
