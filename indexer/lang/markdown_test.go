package lang

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
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
	f := Map(context.Background(), path, []byte(src), Options{})
	if err := CheckSymbols(f.Symbols, f.Lines); err != nil {
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
	f := Map(context.Background(), "page.mdx", []byte(src), Options{})
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
		lang := ByName(markupFuzzLanguages[int(which)%len(markupFuzzLanguages)])
		res, err := lang.NewMapper().Map(context.Background(), src)
		if err != nil || res == nil {
			return
		}
		if err := CheckSymbols(res.Symbols, CountLines(src)); err != nil {
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

// The tests and benchmarks below run every markup mapper on the files of this machine.

// The corpora of TestMarkupCtagsAgreement, found on Debian machines with these packages:
// nodejs (Markdown and HTML docs), postgresql-15 (SQL), libxslt1-dev, valgrind (HTML),
// libsource-highlight-common (CSS), and the Go toolchain's own doc files.
var markupCtagsCases = []struct {
	lang  string // ctags' name of the language
	roots []string
	exts  []string
	kinds []string // the ctags kinds compared
	// match reports whether a readmap symbol stands for a ctags tag of this name.
	match func(s store.Symbol, name string) bool
}{
	{
		lang: "Markdown", roots: []string{"/usr/share/doc", "/usr/lib/node_modules/npm/docs", "GOROOT"},
		exts:  []string{".md", ".markdown"},
		kinds: []string{"chapter", "section", "subsection", "subsubsection", "l4subsection", "l5subsection"},
		match: func(s store.Symbol, name string) bool {
			return s.Kind == store.KindHeading && strings.TrimSpace(strings.TrimLeft(s.Name, "#")) == markupFold(name)
		},
	},
	{
		lang: "SQL", roots: []string{"/usr/share/postgresql"}, exts: []string{".sql"},
		kinds: []string{"table", "view", "function", "procedure", "index", "trigger", "field"},
		match: func(s store.Symbol, name string) bool { return s.Name == name },
	},
	{
		lang: "HTML", roots: []string{"/usr/share/doc", "GOROOT"}, exts: []string{".html", ".htm"},
		kinds: []string{"id", "heading1", "heading2", "heading3"},
		match: func(s store.Symbol, name string) bool {
			// "div#sidebar", "h2#intro: Introduction"
			tag, text, _ := strings.Cut(s.Name, ": ")
			_, id, ok := strings.Cut(tag, "#")
			// ctags keeps character references as written.
			return s.Kind == store.KindElement && ((ok && id == name) || text == markupFold(html.UnescapeString(name)))
		},
	},
	{
		lang: "CSS", roots: []string{"/usr/share/source-highlight", "/usr/share/doc", "/usr/share/gitweb", "GOROOT"},
		exts:  []string{".css"},
		kinds: []string{"class", "id", "selector"},
		// ctags names a rule by a part of its selector: ".nav" for ".nav a:hover".
		match: func(s store.Symbol, name string) bool {
			return (s.Kind == store.KindRule || s.Kind == store.KindAtRule) && strings.Contains(s.Name, markupFold(name))
		},
	},
}

// markupGOROOT returns `go env GOROOT`, or "" without a go command.
var markupGOROOT = sync.OnceValue(func() string {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
})

func markupFold(s string) string { return strings.Join(strings.Fields(s), " ") }

// markupCorpus lists files under roots with one of exts, at most maxBytes each and budget in all.
func markupCorpus(roots, exts []string, maxBytes, budget int64) []string {
	var files []string
	total := int64(0)
	for _, root := range roots {
		if root == "GOROOT" {
			root = markupGOROOT()
		}
		filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || total >= budget {
				return filepath.SkipDir
			}
			if d.IsDir() || d.Type()&fs.ModeSymlink != 0 {
				return nil
			}
			for _, e := range exts {
				if strings.HasSuffix(strings.ToLower(path), e) {
					if fi, err := d.Info(); err == nil && fi.Size() <= maxBytes && fi.Size() > 0 {
						files = append(files, path)
						total += fi.Size()
					}
					break
				}
			}
			return nil
		})
	}
	sort.Strings(files)
	return files
}

type markupCtagsTag struct {
	Name string `json:"name"`
	Path string `json:"path"`
	Line int    `json:"line"`
	Kind string `json:"kind"`
	End  int    `json:"end"`
}

// TestMarkupCtagsAgreement checks, on the Markdown, SQL, HTML and CSS files of this machine, that
// at least 95% of what universal-ctags finds appears in readmap's map under the same name with a
// range holding ctags' line.
func TestMarkupCtagsAgreement(t *testing.T) {
	if _, err := exec.LookPath("ctags"); err != nil {
		t.Skip("SKIPPED: universal-ctags is not installed (apt-get install universal-ctags)")
	}
	if testing.Short() {
		t.Skip("SKIPPED in -short mode")
	}
	for _, tc := range markupCtagsCases {
		// Each language on the files above, and on those of the agents the end-to-end tests
		// install, which no markup mapper was tuned on (READMAP_E2E_NODE_MODULES).
		for _, set := range []struct {
			name  string
			roots []string
		}{{tc.lang, tc.roots}, {tc.lang + " untuned", []string{jsE2EModules()}}} {
			markupAgreement(t, tc.lang, set.name, set.roots, tc.exts, tc.kinds, tc.match)
		}
	}
}

// markupAgreement runs the comparison of TestMarkupCtagsAgreement on the files of lang with
// extensions exts under roots, as the subtest name.
func markupAgreement(t *testing.T, lang, name string, roots, exts, kinds []string, match func(s store.Symbol, name string) bool) {
	tc := struct {
		lang  string
		kinds []string
		match func(s store.Symbol, name string) bool
	}{lang, kinds, match}
	t.Run(name, func(t *testing.T) {
		files := markupCorpus(roots, exts, 1<<20, 6<<20)
		if len(files) == 0 {
			t.Skipf("SKIPPED: no %s files under %v (see the packages listed above markupCtagsCases)", tc.lang, roots)
		}
		tags := markupRunCtags(t, tc.lang, files)
		wanted := map[string]bool{}
		for _, k := range tc.kinds {
			wanted[k] = true
		}
		maps := map[string]*FileMap{}
		found, total := map[string]int{}, map[string]int{}
		sameEnd, withEnd := 0, 0 // ctags tags with an end line, and those whose range readmap repeats
		var misses, otherEnds []string
		for _, tag := range tags {
			if !wanted[tag.Kind] {
				continue
			}
			f := maps[tag.Path]
			if f == nil {
				src, err := os.ReadFile(tag.Path)
				if err != nil {
					t.Fatal(err)
				}
				f = Map(context.Background(), tag.Path, src, Options{})
				if err := CheckSymbols(f.Symbols, f.Lines); err != nil {
					t.Fatalf("%s: %v", tag.Path, err)
				}
				maps[tag.Path] = f
			}
			total[tag.Kind]++
			// The symbol that stands for the tag: the innermost one of its name holding its line.
			var sym *store.Symbol
			for i, s := range f.Symbols {
				if s.StartLine <= tag.Line && tag.Line <= s.EndLine && tc.match(s, tag.Name) {
					sym = &f.Symbols[i]
				}
			}
			ok := sym != nil
			if ok && tag.End > 0 {
				if sym.StartLine == tag.Line && sym.EndLine == tag.End {
					sameEnd++
				} else if len(otherEnds) < 10 {
					otherEnds = append(otherEnds, tag.Path+":"+strconv.Itoa(tag.Line)+"-"+strconv.Itoa(tag.End)+" "+tag.Name+": readmap "+strconv.Itoa(sym.StartLine)+"-"+strconv.Itoa(sym.EndLine))
				}
			}
			if tag.End > 0 {
				withEnd++
			}
			if ok {
				found[tag.Kind]++
			} else if len(misses) < 15 {
				misses = append(misses, tag.Path+":"+strconv.Itoa(tag.Line)+" "+tag.Kind+" "+tag.Name)
			}
		}
		sumFound, sumTotal := 0, 0
		for _, k := range tc.kinds {
			if total[k] > 0 {
				t.Logf("%-8s %-14s %6d of %6d (%.1f%%)", tc.lang, k, found[k], total[k], 100*float64(found[k])/float64(total[k]))
			}
			sumFound += found[k]
			sumTotal += total[k]
		}
		if sumTotal == 0 {
			t.Skipf("SKIPPED: ctags found no %s definitions in %d files", tc.lang, len(files))
		}
		rate := float64(sumFound) / float64(sumTotal)
		t.Logf("%-8s %-14s %6d of %6d (%.1f%%) in %d files", tc.lang, "all", sumFound, sumTotal, 100*rate, len(files))
		if withEnd > 0 {
			t.Logf("%-8s %-14s %6d of %6d with the very same range", tc.lang, "ranges", sameEnd, withEnd)
		}
		for _, m := range otherEnds {
			t.Logf("other range: %s", m)
		}
		for _, m := range misses {
			t.Logf("missed: %s", m)
		}
		if rate < 0.95 {
			t.Errorf("%s: readmap agrees with ctags on %.1f%% of its definitions, want >= 95%%", tc.lang, 100*rate)
		}
	})
}

// markupRunCtags returns what universal-ctags finds in files, parsed as language lang.
func markupRunCtags(t *testing.T, lang string, files []string) []markupCtagsTag {
	t.Helper()
	cmd := exec.Command("ctags", "--output-format=json", "--fields=+ne", "--sort=no", "-f", "-",
		"--languages="+lang, "--language-force="+lang, "-L", "-")
	cmd.Stdin = strings.NewReader(strings.Join(files, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("ctags: %v", err)
	}
	var tags []markupCtagsTag
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var tag markupCtagsTag
		if json.Unmarshal(sc.Bytes(), &tag) == nil && tag.Name != "" {
			tags = append(tags, tag)
		}
	}
	return tags
}

// markupBenchFiles are, per format, real files to measure on: the largest that exists is used,
// else the format's fixture repeated to about a megabyte.
var markupBenchFiles = []struct {
	lang, fixture string
	globs         []string
}{
	{"Markdown", "guide.md", []string{"/usr/share/doc/nodejs/changelogs/*.md", "/root/.rustup/toolchains/*/share/doc/rust/html/releases.md"}},
	{"YAML", "config.yaml", []string{"/usr/lib/google-cloud-sdk/lib/googlecloudsdk/command_lib/util/resource_map/*/*.yaml", "GOROOT/src/*/*/*.yaml"}},
	{"TOML", "pyproject.toml", []string{"/root/.rustup/toolchains/*/lib/rustlib/multirust-channel-manifest.toml"}},
	{"HTML", "page.html", []string{"/root/.rustup/toolchains/*/share/doc/rust/COPYRIGHT.html", "/usr/share/doc/*/*.html", "GOROOT/doc/*.html"}},
	{"CSS", "site.css", []string{"/root/.rustup/toolchains/*/share/doc/rust/html/static.files/*.css", "/usr/share/source-highlight/*.css"}},
	{"SQL", "schema.sql", []string{"/usr/share/postgresql/*/*.sql", "/usr/share/postgresql/*/extension/*.sql"}},
	{"Dockerfile", "Dockerfile.app", []string{"/root/go/pkg/mod/golang.org/x/sys@*/unix/linux/Dockerfile"}},
}

// BenchmarkMarkupMappers measures each markup mapper on the largest real file of its format
// found here (MB/s): go test ./indexer -run XXX -bench MarkupMappers
func BenchmarkMarkupMappers(b *testing.B) {
	for _, bf := range markupBenchFiles {
		path, size := "", int64(0)
		for _, g := range bf.globs {
			matches, _ := filepath.Glob(strings.Replace(g, "GOROOT", markupGOROOT(), 1))
			for _, m := range matches {
				if fi, err := os.Stat(m); err == nil && fi.Size() > size {
					path, size = m, fi.Size()
				}
			}
		}
		var src []byte
		if path != "" {
			src, _ = os.ReadFile(path)
		}
		if len(src) == 0 {
			fixture, err := os.ReadFile(filepath.Join("..", "..", "testdata", "langs", bf.fixture))
			if err != nil {
				b.Fatal(err)
			}
			src = bytes.Repeat(fixture, (1<<20)/len(fixture)+1)
			path = bf.fixture + " repeated"
		}
		lang := ByName(bf.lang)
		b.Run(bf.lang, func(b *testing.B) {
			b.Logf("%s: %s, %d bytes", bf.lang, path, len(src))
			m := lang.NewMapper()
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := m.Map(context.Background(), src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
