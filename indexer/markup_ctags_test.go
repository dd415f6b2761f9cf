package indexer

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"html"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"

	"github.com/readmap/readmap/store"
)

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

func markupFold(s string) string { return strings.Join(strings.Fields(s), " ") }

// markupCorpus lists files under roots with one of exts, at most maxBytes each and budget in all.
func markupCorpus(roots, exts []string, maxBytes, budget int64) []string {
	var files []string
	total := int64(0)
	for _, root := range roots {
		if root == "GOROOT" {
			root = runtime.GOROOT()
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

type ctagsTag struct {
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
		t.Run(tc.lang, func(t *testing.T) {
			files := markupCorpus(tc.roots, tc.exts, 1<<20, 6<<20)
			if len(files) == 0 {
				t.Skipf("SKIPPED: no %s files under %v (see the packages listed above markupCtagsCases)", tc.lang, tc.roots)
			}
			tags := runCtags(t, tc.lang, files)
			wanted := map[string]bool{}
			for _, k := range tc.kinds {
				wanted[k] = true
			}
			maps := map[string]*store.File{}
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
					f = MapFile(context.Background(), tag.Path, src, Options{})
					if err := checkSymbols(f.Symbols, f.Lines); err != nil {
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
						otherEnds = append(otherEnds, tag.Path+":"+itoa(tag.Line)+"-"+itoa(tag.End)+" "+tag.Name+": readmap "+itoa(sym.StartLine)+"-"+itoa(sym.EndLine))
					}
				}
				if tag.End > 0 {
					withEnd++
				}
				if ok {
					found[tag.Kind]++
				} else if len(misses) < 15 {
					misses = append(misses, tag.Path+":"+itoa(tag.Line)+" "+tag.Kind+" "+tag.Name)
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
}

// runCtags returns what universal-ctags finds in files, parsed as language lang.
func runCtags(t *testing.T, lang string, files []string) []ctagsTag {
	t.Helper()
	cmd := exec.Command("ctags", "--output-format=json", "--fields=+ne", "--sort=no", "-f", "-",
		"--languages="+lang, "--language-force="+lang, "-L", "-")
	cmd.Stdin = strings.NewReader(strings.Join(files, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("ctags: %v", err)
	}
	var tags []ctagsTag
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var tag ctagsTag
		if json.Unmarshal(sc.Bytes(), &tag) == nil && tag.Name != "" {
			tags = append(tags, tag)
		}
	}
	return tags
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}
