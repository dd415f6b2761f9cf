package lang

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	sitter "github.com/smacker/go-tree-sitter"

	"github.com/readmap/readmap/store"
)

// scannerDiff tallies, file by file, a hand-written scanner's maps against those of the
// tree-sitter walk it replaced, which the Java, Rust and OCaml differential tests keep as their
// reference: a file the grammar parses without errors ("clean") must map equally; in a file with
// errors, the scanner must hold each of the walk's symbols outside the error regions (same name,
// same first line), and those inside them, what the parser's recovery made of the text, are only
// counted.
type scannerDiff struct {
	files                 int
	clean, equal          int // files tree-sitter parses cleanly, and those mapped equally
	cleanSyms, equalSyms  int
	errFiles              int
	holdSyms, held        int // tree-sitter's symbols outside error regions, and those the scanner holds
	recovered, recoveredH int // and inside them
	diffs, misses         []string
	failures              []string
}

// scannerDiffHeader is the head of the table of scannerDiff.row.
const scannerDiffHeader = "| corpus         | files | clean | equal | equal symbols    | with errors | symbols held            | held in error regions |\n"

// row renders the tallies as a row of the test's table.
func (st *scannerDiff) row(name string) string {
	return fmt.Sprintf("| %-14s | %5d | %5d | %5d | %6d of %6d | %5d | %6d of %6d (%s) | %5d of %5d |", name, st.files,
		st.clean, st.equal, st.equalSyms, st.cleanSyms, st.errFiles, st.held, st.holdSyms, refShare(st.held, st.holdSyms), st.recoveredH, st.recovered)
}

// fail records a file the comparison could not map.
func (st *scannerDiff) fail(path string, err error) {
	st.failures = append(st.failures, fmt.Sprintf("%s: %v", path, err))
}

// scan maps src with the scanner and returns the two maps of the file, the reference's (ref,
// or nil when the reference failed with refErr) and the scanner's, normalized and checked; ok
// is false, the failure recorded, when either map could not be made.
func (st *scannerDiff) scan(path string, src []byte, ref *Result, refErr error, scanner Mapper) (want, have []store.Symbol, got *Result, ok bool) {
	st.files++
	if refErr != nil {
		st.fail(path, fmt.Errorf("tree-sitter: %w", refErr))
		return nil, nil, nil, false
	}
	got, err := scanner.Map(context.Background(), src)
	if err != nil {
		st.fail(path, err)
		return nil, nil, nil, false
	}
	lines := CountLines(src)
	want = normalize(slices.Clone(ref.Symbols), lines)
	have = normalize(slices.Clone(got.Symbols), lines)
	if err := CheckSymbols(have, lines); err != nil {
		st.fail(path, err)
	}
	return want, have, got, true
}

// compareClean counts a clean file whose maps have the keys wk (the walk's) and hk (the
// scanner's), and reports whether they and the imports are equal. An unequal file is the
// caller's to explain or to add to diffs.
func (st *scannerDiff) compareClean(wk, hk []rsKey, wantImports, haveImports []string) bool {
	st.clean++
	st.cleanSyms += len(wk)
	for i := range min(len(wk), len(hk)) {
		if wk[i] == hk[i] {
			st.equalSyms++
		}
	}
	if slices.Equal(wk, hk) && slices.Equal(wantImports, haveImports) {
		st.equal++
		return true
	}
	return false
}

// holdOutsideErrors counts a file with syntax errors: each of the walk's symbols (want) outside
// the line spans errs must be among the scanner's (have) by name and first line.
func (st *scannerDiff) holdOutsideErrors(path string, want, have []store.Symbol, errs [][2]int) {
	st.errFiles++
	starts := map[string]bool{}
	for _, s := range have {
		starts[fmt.Sprintf("%s\x00%d", s.Name, s.StartLine)] = true
	}
	for _, s := range want {
		held := starts[fmt.Sprintf("%s\x00%d", s.Name, s.StartLine)]
		if slices.ContainsFunc(errs, func(e [2]int) bool { return e[0] <= s.EndLine && s.StartLine <= e[1] }) {
			st.recovered++
			if held {
				st.recoveredH++
			}
			continue
		}
		st.holdSyms++
		if held {
			st.held++
		} else {
			st.misses = append(st.misses, fmt.Sprintf("  %s:%d %s %q %q", path, s.StartLine, s.Kind, s.Name, s.Signature))
		}
	}
}

// report fails t for what the comparison found wrong: failures, clean files mapped otherwise
// (but the explained ones), symbols outside error regions not held. what names the files
// ("", ".mli").
func (st *scannerDiff) report(t *testing.T, what string, explained int) {
	t.Helper()
	for _, f := range st.failures {
		t.Error(f)
	}
	if os.Getenv("READMAP_SHOW_MISSES") != "" {
		t.Logf("%s differences on clean files:\n%s", what, strings.Join(st.diffs, "\n"))
		t.Logf("%s tree-sitter symbols the scanner lacks, in files with errors:\n%s", what, strings.Join(st.misses, "\n"))
	}
	if n := st.clean - st.equal - explained; n > 0 {
		t.Errorf("%d of %d %s files tree-sitter parses cleanly map otherwise; first:\n%s", n, st.clean, what, refFirst(st.diffs))
	}
	if st.held < st.holdSyms {
		t.Errorf("%d of tree-sitter's symbols outside its error regions in %s files are not in the scanner's maps; first:\n%s",
			st.holdSyms-st.held, what, refFirst(st.misses))
	}
}

// compareFile compares a scanner's map of src with the walk's (ref and hadErrors, or refErr):
// a clean file must map equally; in a file with errors the scanner must hold the walk's symbols
// outside errorLines' spans, which is asked for only then.
func (st *scannerDiff) compareFile(path string, src []byte, ref *Result, hadErrors bool, refErr error, scanner Mapper, errorLines func() [][2]int) {
	want, have, got, ok := st.scan(path, src, ref, refErr, scanner)
	if !ok {
		return
	}
	if hadErrors {
		st.holdOutsideErrors(path, want, have, errorLines())
		return
	}
	wk, hk := rsKeys(want), rsKeys(have)
	if !st.compareClean(wk, hk, ref.Imports, got.Imports) {
		st.diffs = append(st.diffs, firstDiff(path, wk, hk, ref.Imports, got.Imports))
	}
}

// filesUnder returns the regular files under roots whose names end in suffix, sorted.
func filesUnder(roots []string, suffix string) []string {
	var out []string
	for _, root := range roots {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && d.Type().IsRegular() && strings.HasSuffix(p, suffix) {
				out = append(out, p)
			}
			return nil
		})
	}
	sort.Strings(out)
	return out
}

// errorSpans returns the line spans of the children of root that hold syntax errors, as the
// comparison's error regions: a child enter gives a node for is looked into instead (the
// containers a walk enters), down to a bounded depth. Rows become lines by adding shift (1,
// or 0 where the parsed text has a line before the file's).
func errorSpans(root *sitter.Node, shift int, enter func(ch *sitter.Node) *sitter.Node) [][2]int {
	var out [][2]int
	var visit func(n *sitter.Node, depth int)
	visit = func(n *sitter.Node, depth int) {
		for i := range int(n.ChildCount()) {
			ch := n.Child(i)
			if !ch.HasError() && !ch.IsMissing() {
				continue
			}
			if inner := enter(ch); inner != nil && depth < tsMaxNest*4 {
				visit(inner, depth+1)
				continue
			}
			out = append(out, [2]int{int(ch.StartPoint().Row) + shift, int(ch.EndPoint().Row) + shift})
		}
	}
	visit(root, 0)
	return out
}

// scanDiffCorpus is a set of files to compare a scanner on: those under roots with the
// scanner's extension.
type scanDiffCorpus struct {
	name  string
	roots []string
}

// withExtra appends to corpora, as "extra", the folders the environment variable env lists
// (separated as PATH is): other sources, such as a checkout of a large project, compared by hand.
func withExtra(corpora []scanDiffCorpus, env string) []scanDiffCorpus {
	if src := os.Getenv(env); src != "" {
		corpora = append(corpora, scanDiffCorpus{name: "extra", roots: filepath.SplitList(src)})
	}
	return corpora
}

// runScannerDiff compares a scanner with the tree-sitter walk it replaced on each corpus: every
// file under its roots whose name ends in ext, through add, with a walk newWalk makes. A corpus
// with no file is skipped with hint; -v prints the table.
func runScannerDiff(t *testing.T, lang, ext, hint string, corpora []scanDiffCorpus, newWalk func() *tsMapper,
	add func(st *scannerDiff, path string, src []byte, ts *tsMapper)) {
	var rows []string
	for _, c := range corpora {
		t.Run(c.name, func(t *testing.T) {
			files := filesUnder(c.roots, ext)
			if len(files) == 0 {
				t.Skipf("SKIP: no %s files under %v%s", lang, c.roots, hint)
			}
			st := &scannerDiff{}
			ts := newWalk()
			for _, f := range files {
				src, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				add(st, f, src, ts)
			}
			rows = append(rows, st.row(c.name))
			st.report(t, lang, 0)
		})
	}
	t.Logf("%s scanner against tree-sitter (clean: files tree-sitter parses without errors):\n"+scannerDiffHeader+"%s",
		lang, strings.Join(rows, "\n"))
}

// scannerCase is a source and a scanner's map of it, a symbol a line as scannerLines gives it.
// differs, when set, says why the tree-sitter walk is not asked to agree (it reads the source
// with errors, say).
type scannerCase struct {
	name, src string
	want      []string
	differs   string
}

// runScannerCases maps each case with scanner, with CRLF line ends too, and unless the case says
// otherwise compares it, as path, with the tree-sitter walk through add.
func runScannerCases(t *testing.T, cases []scannerCase, scanner Mapper, path string, add func(st *scannerDiff, path string, src []byte)) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, scannerLines(t, scanner, tc.src)); diff != "" {
				t.Errorf("map (-want +got):\n%s", diff)
			}
			crlf := strings.ReplaceAll(tc.src, "\n", "\r\n")
			if diff := cmp.Diff(scannerLines(t, scanner, tc.src), scannerLines(t, scanner, crlf)); diff != "" {
				t.Errorf("map with CRLF differs (-LF +CRLF):\n%s", diff)
			}
			if tc.differs != "" {
				t.Logf("not compared with tree-sitter: %s", tc.differs)
				return
			}
			st := &scannerDiff{}
			add(st, path, []byte(tc.src))
			if st.clean != 1 || st.equal != 1 {
				t.Errorf("tree-sitter maps it otherwise (clean %d, equal %d): %v %v %v", st.clean, st.equal, st.diffs, st.misses, st.failures)
			}
		})
	}
}

// logScannerDiffFile logs both maps of the file the environment variable env names side by side,
// the walk's (of the source prepare gives) and the scanner's, differences marked "!", to debug a
// difference a comparison reports; it skips when env is unset.
func logScannerDiffFile(t *testing.T, env string, ts *tsMapper, scanner Mapper, prepare func([]byte) []byte) {
	path := os.Getenv(env)
	if path == "" {
		t.Skipf("SKIP: set %s to a file to compare its two maps", env)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	ref, hadErrors, err := ts.mapOnce(context.Background(), prepare(src), src)
	if err != nil {
		t.Fatal(err)
	}
	got, err := scanner.Map(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	lines := CountLines(src)
	wk, hk := rsKeys(normalize(ref.Symbols, lines)), rsKeys(normalize(got.Symbols, lines))
	t.Logf("tree-sitter errors: %v; scanner unparsed %v; imports %q and %q", hadErrors, got.Unparsed, ref.Imports, got.Imports)
	for i := range max(len(wk), len(hk)) {
		var w, h rsKey
		if i < len(wk) {
			w = wk[i]
		}
		if i < len(hk) {
			h = hk[i]
		}
		mark := " "
		if w != h {
			mark = "!"
		}
		t.Logf("%s %+v\n  %+v", mark, w, h)
	}
}

// readBenchFiles reads the files of a benchmark and returns them with their total size.
func readBenchFiles(b *testing.B, paths []string) (files [][]byte, total int64) {
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		files = append(files, src)
		total += int64(len(src))
	}
	return files, total
}

// benchMapper maps files of total bytes with mapper once an iteration, and reports MB/s and
// files/s.
func benchMapper(b *testing.B, mapper Mapper, files [][]byte, total int64) {
	b.SetBytes(total)
	b.ReportAllocs()
	for b.Loop() {
		for _, src := range files {
			if _, err := mapper.Map(context.Background(), src); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(files))*float64(b.N)/b.Elapsed().Seconds(), "files/s")
}

// topReasons renders the n most frequent of reasons (a count by reason), most frequent first.
func topReasons(reasons map[string]int, n int) string {
	keys := make([]string, 0, len(reasons))
	for k := range reasons {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if reasons[keys[i]] != reasons[keys[j]] {
			return reasons[keys[i]] > reasons[keys[j]]
		}
		return keys[i] < keys[j]
	})
	var out []string
	for _, k := range keys[:min(n, len(keys))] {
		out = append(out, fmt.Sprintf("%d× %s", reasons[k], k))
	}
	return strings.Join(out, "; ")
}

// firstDiff describes the first difference of two maps of a file, as their keys (rsKey, tsKey)
// and imports.
func firstDiff[K comparable](path string, want, have []K, wantImports, haveImports []string) string {
	for i := range max(len(want), len(have)) {
		var w, h K
		if i < len(want) {
			w = want[i]
		}
		if i < len(have) {
			h = have[i]
		}
		if w != h {
			return fmt.Sprintf("  %s: symbol %d\n    walk:    %+v\n    scanner: %+v", path, i, w, h)
		}
	}
	return fmt.Sprintf("  %s: imports\n    walk:    %q\n    scanner: %q", path, wantImports, haveImports)
}

// everyNth returns every stride-th of files, the first included: a deterministic sample of a
// large corpus (all of them when stride is 1 or less).
func everyNth(files []string, stride int) []string {
	if stride <= 1 {
		return files
	}
	var sampled []string
	for i := 0; i < len(files); i += stride {
		sampled = append(sampled, files[i])
	}
	return sampled
}
