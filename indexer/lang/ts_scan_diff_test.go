package lang

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/typescript/tsx"
	"github.com/smacker/go-tree-sitter/typescript/typescript"

	"github.com/readmap/readmap/store"
)

// The TypeScript scanner (ts_scan.go) against the tree-sitter walk with javascript.go's table
// and the TypeScript or TSX grammar, the mapper it replaced, kept as the reference and as the
// fallback. Every file the grammar parses without errors that the scanner maps (does not hand to
// the walk) must map equally: name, qualified name, kind, signature, first and last line, depth
// and parent of every symbol, and the imports. The files the scanner hands to the walk are
// counted, with why.
//
// The corpora: the fixtures, Debian's declaration files (/usr/share/nodejs), zod's sources and
// the rest of the end-to-end tests' node_modules, which the scanner was debugged against; held out, chosen before the first run and never
// debugged against: the sources of @mistralai, openai, typebox and @mariozechner among the
// end-to-end tests' node_modules, and every .tsx file there.

// tsDiffCorpus is a set of files to compare on: those under roots whose names end in one of
// exts, every stride-th of them unless READMAP_TS_ALL is set.
type tsDiffCorpus struct {
	name    string
	roots   []string
	exts    []string
	stride  int
	exclude []string // folders under roots left out: the other corpora's
}

// tsExts are the extensions of the TypeScript grammar's files.
var tsExts = []string{".ts", ".mts", ".cts"}

// tsDiffCorpora returns the corpora, tuned first, then held out.
func tsDiffCorpora() []tsDiffCorpus {
	e2e := jsE2EModules()
	return []tsDiffCorpus{
		{name: "testdata", roots: []string{"../../testdata/langs"}, exts: append([]string{".tsx"}, tsExts...), stride: 1},
		{name: "nodejs .d.ts", roots: []string{"/usr/share/nodejs"}, exts: []string{".d.ts"}, stride: 1},
		{name: "zod/src", roots: []string{filepath.Join(e2e, "zod", "src")}, exts: tsExts, stride: 2},
		{name: "e2e, the rest", roots: []string{e2e}, exts: append([]string{".tsx"}, tsExts...), stride: 8, exclude: []string{
			filepath.Join(e2e, "zod", "src"), filepath.Join(e2e, "@mistralai"), filepath.Join(e2e, "openai"),
			filepath.Join(e2e, "typebox"), filepath.Join(e2e, "@mariozechner")}},
		{name: "held out: mistralai", roots: []string{filepath.Join(e2e, "@mistralai")}, exts: tsExts, stride: 16},
		{name: "held out: openai", roots: []string{filepath.Join(e2e, "openai", "src")}, exts: tsExts, stride: 2},
		{name: "held out: typebox", roots: []string{filepath.Join(e2e, "typebox")}, exts: tsExts, stride: 4},
		{name: "held out: mariozechner", roots: []string{filepath.Join(e2e, "@mariozechner")}, exts: tsExts, stride: 2},
		{name: "held out: e2e .tsx", roots: []string{e2e}, exts: []string{".tsx"}, stride: 1},
	}
}

// files returns the corpus's files, sorted, every stride-th unless all.
func (c tsDiffCorpus) files(all bool) []string {
	var out []string
	for _, ext := range c.exts {
		for _, f := range filesUnder(c.roots, ext) {
			if ext == ".ts" && strings.HasSuffix(f, ".d.ts") && slices.Contains(c.exts, ".d.ts") {
				continue // counted once, as .d.ts
			}
			if slices.ContainsFunc(c.exclude, func(dir string) bool { return strings.HasPrefix(f, dir+"/") }) {
				continue
			}
			out = append(out, f)
		}
	}
	sort.Strings(out)
	out = slices.Compact(out)
	if all {
		return out
	}
	return everyNth(out, c.stride)
}

// tsDiffStats is what the comparison counted on one corpus.
type tsDiffStats struct {
	files, clean, equal, unequal int
	fallbacks, cleanFallbacks    int
	bytes                        int64
	reasons                      map[string]int
	diffs, failures, unsure      []string
}

// tsDialectOf returns the scanner's dialect for a file name.
func tsDialectOf(path string) uint8 {
	if strings.HasSuffix(path, ".tsx") {
		return jsDialectTSX
	}
	return jsDialectTS
}

// tsKey is what the comparison asks of a symbol to be equal.
type tsKey struct {
	Name, Qualname, Signature string
	Kind                      store.Kind
	Start, End, Depth, Parent int
}

// tsKeys returns the keys of symbols.
func tsKeys(syms []store.Symbol) []tsKey {
	out := make([]tsKey, len(syms))
	for i, s := range syms {
		out[i] = tsKey{s.Name, s.Qualname, s.Signature, s.Kind, s.StartLine, s.EndLine, s.Depth, s.Parent}
	}
	return out
}

// add compares the two maps of one file; walks holds a walk for each dialect.
func (st *tsDiffStats) add(path string, src []byte, walks map[uint8]*tsMapper) {
	st.files++
	st.bytes += int64(len(src))
	ref, hadErrors, err := walks[tsDialectOf(path)].mapOnce(context.Background(), src, src)
	if err != nil {
		st.failures = append(st.failures, fmt.Sprintf("%s: tree-sitter: %v", path, err))
		return
	}
	got, why, err := jsScanDialect(context.Background(), src, tsDialectOf(path))
	unsure := errors.Is(err, errJSUnsure)
	if err != nil && !unsure {
		st.failures = append(st.failures, fmt.Sprintf("%s: %v", path, err))
		return
	}
	lines := CountLines(src)
	if err := CheckSymbols(normalize(slices.Clone(got.Symbols), lines), lines); err != nil {
		st.failures = append(st.failures, fmt.Sprintf("%s: %v", path, err))
	}
	if unsure {
		st.fallbacks++
		st.reasons[why]++
		st.unsure = append(st.unsure, fmt.Sprintf("  %s: %s", path, why))
	}
	if hadErrors {
		return
	}
	st.clean++
	if unsure {
		st.cleanFallbacks++
		return
	}
	want, have := tsKeys(normalize(slices.Clone(ref.Symbols), lines)), tsKeys(normalize(slices.Clone(got.Symbols), lines))
	if slices.Equal(want, have) && slices.Equal(ref.Imports, got.Imports) {
		st.equal++
		return
	}
	st.unequal++
	st.diffs = append(st.diffs, firstDiff(path, want, have, ref.Imports, got.Imports))
}

// TestTypeScriptScannerAgainstTreeSitter compares the TypeScript scanner's maps with the
// tree-sitter walk's on the corpora. Run with -v for the table and the fallback reasons,
// READMAP_TS_ALL=1 to compare every file of the large corpora (by default a deterministic
// sample), READMAP_SHOW_MISSES=1 for every difference.
func TestTypeScriptScannerAgainstTreeSitter(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: the corpora take a while")
	}
	all := os.Getenv("READMAP_TS_ALL") != ""
	var rows []string
	for _, c := range tsDiffCorpora() {
		t.Run(c.name, func(t *testing.T) {
			files := c.files(all)
			if len(files) == 0 {
				t.Skipf("SKIP: no %v files under %v", c.exts, c.roots)
			}
			walks := map[uint8]*tsMapper{
				jsDialectTS:  newTSMapper(jsGrammar(typescript.GetLanguage)).(*tsMapper),
				jsDialectTSX: newTSMapper(jsGrammar(tsx.GetLanguage)).(*tsMapper),
			}
			st := &tsDiffStats{reasons: map[string]int{}}
			for _, f := range files {
				src, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				st.add(f, src, walks)
			}
			rows = append(rows, fmt.Sprintf("| %-22s | %5d | %5d | %5d | %7d | %9d (%5.1f%%) | %14d | %s",
				c.name, st.files, st.clean, st.equal, st.unequal, st.fallbacks, share(st.fallbacks, st.files), st.cleanFallbacks, topReasons(st.reasons, 4)))
			for _, f := range st.failures {
				t.Error(f)
			}
			if os.Getenv("READMAP_SHOW_MISSES") != "" {
				t.Logf("differences:\n%s", strings.Join(st.diffs, "\n"))
				t.Logf("fallbacks:\n%s", strings.Join(st.unsure, "\n"))
			}
			if st.unequal > 0 {
				t.Errorf("%d of %d clean files the scanner maps map otherwise than the walk; first:\n%s", st.unequal, st.clean-st.cleanFallbacks, st.diffs[0])
			}
		})
	}
	t.Logf("TypeScript scanner against tree-sitter (clean: files tree-sitter parses without errors; fallbacks: files the scanner hands to the walk, and why):\n"+
		"| corpus                 | files | clean | equal | unequal | fallbacks         | clean fallbacks | top reasons\n%s", strings.Join(rows, "\n"))
}

// share returns n as a percentage of of.
func share(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return 100 * float64(n) / float64(of)
}

// TestTypeScriptScannerFile logs both maps of the file READMAP_TS_FILE names, to debug a
// difference the comparison reports.
func TestTypeScriptScannerFile(t *testing.T) {
	path := os.Getenv("READMAP_TS_FILE")
	lang := func() *sitter.Language { return typescript.GetLanguage() }
	if tsDialectOf(path) == jsDialectTSX {
		lang = tsx.GetLanguage
	}
	logScannerDiffFile(t, "READMAP_TS_FILE", newTSMapper(jsGrammar(lang)).(*tsMapper), tsScanOnly{tsDialectOf(path)},
		func(b []byte) []byte { return b })
}

// tsScanOnly is the scanner alone as a Mapper: the map of a file it is unsure of is its own.
type tsScanOnly struct{ dialect uint8 }

// Map maps src with the scanner.
func (m tsScanOnly) Map(ctx context.Context, src []byte) (*Result, error) {
	res, why, err := jsScanDialect(ctx, src, m.dialect)
	if errors.Is(err, errJSUnsure) {
		fmt.Fprintf(os.Stderr, "scanner unsure: %s\n", why)
		return res, nil
	}
	return res, err
}

// BenchmarkTypeScriptMapper maps the .d.ts corpus and zod's sources with the TypeScript mapper
// (the scanner, with the walk for the files it is unsure of) and with the walk alone.
func BenchmarkTypeScriptMapper(b *testing.B) {
	for _, c := range tsDiffCorpora()[1:3] { // the .d.ts corpus and zod's sources
		paths := c.files(true)
		if len(paths) == 0 {
			b.Logf("SKIP %s: no files under %v", c.name, c.roots)
			continue
		}
		files, total := readBenchFiles(b, paths)
		b.Run(c.name+"/scanner", func(b *testing.B) {
			benchMapper(b, tsScanner(typescript.GetLanguage, jsDialectTS)(), files, total)
		})
		b.Run(c.name+"/walk", func(b *testing.B) {
			benchMapper(b, newTSMapper(jsGrammar(typescript.GetLanguage)), files, total)
		})
	}
}
