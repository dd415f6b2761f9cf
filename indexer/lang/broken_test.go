package lang

import (
	"context"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/readmap/readmap/store"
)

// brokenOpener is text that, put on a line of its own, opens something the rest of the file does
// not close: a comment or string with no closer after it, or a bracket or block the file's closers
// do not balance. A compiler stops there with a syntax error; the map must still list what follows
// wherever the line heuristics find definitions (design section 5).
type brokenOpener struct {
	text string
	// closer is what would end the opened text; the line is put after its last occurrence in
	// the file, so that nothing closes it. "" for a bracket or block (the file's own closers are
	// all taken by their openers) and "\n" for a string that the line's end closes (no loss).
	closer string
}

// brokenOpeners are each language's openers. Where a language reads an unclosed string to the
// line's end, one such opener checks that nothing after it is lost.
var brokenOpeners = map[string][]brokenOpener{
	"Go":         {{"/*", "*/"}, {"`", "`"}, {"{", ""}, {`"`, "\n"}},
	"Python":     {{`"""`, `"""`}, {"'''", "'''"}, {"(", ""}, {`"`, "\n"}},
	"C":          {{"/*", "*/"}, {"{", ""}, {`"`, "\n"}},
	"C++":        {{"/*", "*/"}, {"{", ""}, {`"`, "\n"}},
	"Java":       {{"/*", "*/"}, {"{", ""}, {`"""`, `"""`}, {`"`, "\n"}},
	"JavaScript": {{"/*", "*/"}, {"`", "`"}, {"{", ""}, {`"`, "\n"}},
	"TypeScript": {{"/*", "*/"}, {"`", "`"}, {"{", ""}, {`"`, "\n"}},
	"Ruby":       {{"=begin", "=end"}, {`"`, `"`}, {"begin", ""}},
	"PHP":        {{"/*", "*/"}, {`"`, `"`}, {"{", ""}},
	"Lua":        {{"--[[", "]]"}, {"[[", "]]"}, {"do", ""}, {`"`, "\n"}},
	"Rust":       {{"/*", "*/"}, {`"`, `"`}, {"{", ""}},
	"OCaml":      {{"(*", "*)"}, {`"`, `"`}, {"(", ""}},
	"Protobuf":   {{"/*", "*/"}, {"{", ""}},
	"C#":         {{"/*", "*/"}, {"{", ""}, {`@"`, `"`}},
	"Kotlin":     {{"/*", "*/"}, {"{", ""}, {`"""`, `"""`}},
	"Swift":      {{"/*", "*/"}, {"{", ""}, {`"""`, `"""`}},
	"Scala":      {{"/*", "*/"}, {"{", ""}, {`"""`, `"""`}},
	"Elixir":     {{`"""`, `"""`}, {`"`, `"`}, {"do", ""}},
	"Bash":       {{"'", "'"}, {"{", ""}},
	"HCL":        {{"/*", "*/"}, {"{", ""}},
	"Clojure":    {{`"`, `"`}, {"(", ""}},
}

// treeSitterMapped are the languages mapped by a tree-sitter walk, whose grammars misread some
// real files: a whole file of theirs may report syntax errors.
var treeSitterMapped = map[string]bool{"Kotlin": true}

// brokenFiles are the real files each language's copies are broken from: the ctags corpora, and
// for the languages without one the files their differential tests read; or, when
// READMAP_BROKEN_ROOT names folders (separated as PATH is), the files under them, by the language
// Detect gives their names: other files than those the mappers were fixed against.
func brokenFiles(t *testing.T) map[string][]string {
	if roots := os.Getenv("READMAP_BROKEN_ROOT"); roots != "" {
		return sampled(filesByLanguage(filepath.SplitList(roots)))
	}
	out := map[string][]string{}
	for _, c := range ctagsCorpora {
		if _, ok := brokenOpeners[c.lang]; !ok || len(out[c.lang]) >= 40 {
			continue
		}
		c.maxFile = 40
		out[c.lang] = append(out[c.lang], c.collect(t, t.TempDir())...)
	}
	more := map[string][]string{
		"Go":     {filepath.Join(gorootSrc(), "net", "http", "*.go")},
		"Python": {"/usr/lib/python3*/*.py"},
		"Swift":  {"../../testdata/corpus/swift/**/*.swift"},
		"Scala":  {"../../testdata/corpus/scala/**/*.scala"},
		"HCL":    {"../../testdata/corpus/hcl/**/*.tf"},
	}
	for lang, globs := range more {
		for _, g := range globs {
			out[lang] = append(out[lang], globDeep(g)...)
		}
	}
	clj, _ := cljCorpus(t, t.TempDir(), nil)
	out["Clojure"] = clj
	return sampled(out)
}

// filesByLanguage returns the regular files under roots, by the language their names give.
func filesByLanguage(roots []string) map[string][]string {
	out := map[string][]string{}
	for _, root := range roots {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				if l := Detect(p, nil); l != nil && brokenOpeners[l.Name] != nil {
					out[l.Name] = append(out[l.Name], p)
				}
			}
			return nil
		})
	}
	return out
}

// sampled keeps at most 40 files of each language, taken evenly from their sorted list.
func sampled(out map[string][]string) map[string][]string {
	for lang, files := range out {
		sort.Strings(files)
		if len(files) > 40 {
			step := len(files) / 40
			var every []string
			for i := 0; i < len(files) && len(every) < 40; i += step {
				every = append(every, files[i])
			}
			out[lang] = every
		}
	}
	return out
}

// brokenCopy is src with a line holding op.text put before line at (1-based).
func brokenCopy(src []byte, at int, op brokenOpener) []byte {
	starts := lineStarts(src)
	off := len(src)
	if at-1 < len(starts) {
		off = starts[at-1]
	}
	out := make([]byte, 0, len(src)+len(op.text)+2)
	out = append(out, src[:off]...)
	if off > 0 && src[off-1] != '\n' {
		out = append(out, '\n')
	}
	out = append(out, op.text...)
	out = append(out, '\n')
	return append(out, src[off:]...)
}

// lineStarts returns the offset each line of src starts at.
func lineStarts(src []byte) []int {
	starts := []int{0}
	for i, b := range src {
		if b == '\n' && i+1 < len(src) {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// brokenLine picks, from the file's base name and the opener, the line before which op goes: after
// the last closer of op in src, and before the last symbol of the map that starts after it, so
// that something follows the break. 0 when no line qualifies.
func brokenLine(path string, src []byte, syms []store.Symbol, op brokenOpener) int {
	first := 1
	if op.closer != "" && op.closer != "\n" {
		if i := strings.LastIndex(string(src), op.closer); i >= 0 {
			first = strings.Count(string(src[:i+len(op.closer)]), "\n") + 2
		}
	}
	last := 0
	for _, s := range syms {
		if s.Kind != store.KindLandmark && s.StartLine > last {
			last = s.StartLine
		}
	}
	if last < first {
		return 0
	}
	h := fnv.New32a()
	h.Write([]byte(filepath.Base(path) + "\x00" + op.text))
	return first + int(h.Sum32()%uint32(last-first+1))
}

// TestBrokenCopiesKeepWhatFollows puts an unclosed comment, string, bracket or block into copies
// of real files of every language and checks that no definition after it is lost where the line
// heuristics find one: each symbol the file's map has after the break, on a line where the
// heuristics of the broken copy see a definition, starts a symbol of the broken copy's map.
func TestBrokenCopiesKeepWhatFollows(t *testing.T) {
	files := brokenFiles(t)
	langs := make([]string, 0, len(brokenOpeners))
	for lang := range brokenOpeners {
		langs = append(langs, lang)
	}
	sort.Strings(langs)
	ms := NewMappers(Options{})
	ctx := context.Background()
	for _, lang := range langs {
		t.Run(lang, func(t *testing.T) {
			if len(files[lang]) == 0 {
				t.Skipf("SKIP: no %s files on this machine", lang)
			}
			checked, kept, copies := 0, 0, 0
			var lost, flagged []string
			for _, path := range files[lang] {
				src, err := os.ReadFile(path)
				if err != nil || len(src) > 1<<20 {
					continue
				}
				whole := ms.Map(ctx, path, src)
				if whole.Language != lang {
					continue
				}
				if strings.HasPrefix(whole.Summary, "syntax errors") {
					flagged = append(flagged, fmt.Sprintf("%s: %s", filepath.Base(path), whole.Summary))
				}
				for _, op := range brokenOpeners[lang] {
					at := brokenLine(path, src, whole.Symbols, op)
					if at == 0 {
						continue
					}
					broken := brokenCopy(src, at, op)
					m := ms.Map(ctx, path, broken)
					copies++
					if err := CheckSymbols(m.Symbols, m.Lines); err != nil {
						t.Errorf("%s with %q before line %d: %v", path, op.text, at, err)
					}
					heuristic := map[int]bool{}
					for _, h := range fallbackHeuristics(broken, m.Lines) {
						if h.Kind != store.KindLandmark {
							heuristic[h.StartLine] = true
						}
					}
					starts := map[int]bool{}
					for _, s := range m.Symbols {
						if s.Kind != store.KindLandmark {
							starts[s.StartLine] = true
						}
					}
					for _, s := range whole.Symbols {
						line := s.StartLine + 1
						if s.Kind == store.KindLandmark || s.StartLine < at || !heuristic[line] {
							continue
						}
						checked++
						if starts[line] {
							kept++
						} else if len(lost) < 8 {
							lost = append(lost, fmt.Sprintf("%s: %q before line %d lost %s %q (line %d of the copy)",
								filepath.Base(path), op.text, at, s.Kind, s.Name, line))
						}
					}
				}
			}
			t.Logf("%s: %d broken copies, %d of %d definitions after the break kept", lang, copies, kept, checked)
			if len(flagged) > 0 && !treeSitterMapped[lang] {
				t.Errorf("%d whole files said to hold syntax errors:\n%s", len(flagged), strings.Join(flagged, "\n"))
			}
			if copies == 0 && os.Getenv("READMAP_BROKEN_ROOT") != "" {
				t.Skipf("SKIP: no %s file to break under READMAP_BROKEN_ROOT", lang)
			}
			if checked == 0 {
				t.Fatalf("no definition after a break was checked in %d copies", copies)
			}
			if kept < checked {
				t.Errorf("%d of %d definitions after a break lost:\n%s", checked-kept, checked, strings.Join(lost, "\n"))
			}
		})
	}
}
