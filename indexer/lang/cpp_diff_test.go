package lang

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/smacker/go-tree-sitter/cpp"

	"github.com/readmap/readmap/store"
)

// The C++ scanner (cppscan.go) against the tree-sitter C++ mapper (c.go's cppTable), the
// implementation it replaced, kept for this comparison as c_diff_test.go keeps C's: where
// tree-sitter parses a file without syntax errors as written, its map is a reference to be equal
// to, symbol for symbol (differences its own reading explains are classified, see cppExplain);
// where it has errors, the scanner must hold each of its symbols outside the error lines. The
// comparison's helpers (cTSReference, cCompare, cExplain) are C's: both mappers share the
// tree-sitter walk's table, its rewrites and retries.

// cppTable is the tree-sitter walk's table over tree-sitter's C++ grammar: the C++ mapper
// before the scanner, and the reference the scanner is compared with.
var cppTable = cGrammar(cpp.GetLanguage)

// cppDiffCorpora returns the C++ corpora: the fixtures and libstdc++'s headers, and held out, the
// folders READMAP_CPP_SRC lists (separated by ':'), which the scanner was not written against.
func cppDiffCorpora() []cDiffCorpus {
	fixtures, _ := filepath.Glob("../../testdata/langs/*.cpp")
	out := []cDiffCorpus{{name: "testdata", roots: fixtures}}
	dirs, _ := filepath.Glob("/usr/include/c++/*")
	c := cDiffCorpus{name: "libstdc++", roots: dirs}
	if len(dirs) == 0 {
		c.skip = "no /usr/include/c++ (apt-get install libstdc++-12-dev)"
	}
	out = append(out, c)
	if dirs := os.Getenv("READMAP_CPP_SRC"); dirs != "" {
		out = append(out, cDiffCorpus{name: "held-out", roots: filepath.SplitList(dirs)})
	}
	return out
}

// cppFiles returns the corpus's C++ files as Detect decides (libstdc++'s headers without an
// extension are read as C++: they are), sorted.
func cppFiles(c cDiffCorpus) []string {
	var out []string
	for _, root := range c.roots {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !d.Type().IsRegular() {
				return nil
			}
			if filepath.Ext(p) == "" {
				out = append(out, p)
				return nil
			}
			head := make([]byte, SniffBytes)
			f, err := os.Open(p)
			if err != nil {
				return nil
			}
			n, _ := f.Read(head)
			f.Close()
			if l := Detect(p, head[:n]); l != nil && l.Name == "C++" {
				out = append(out, p)
			}
			return nil
		})
	}
	sort.Strings(out)
	return out
}

// TestCppScannerAgainstTreeSitter compares the C++ scanner's maps with the tree-sitter C++
// mapper's on every C++ file of the corpora. Run with -v for the table, READMAP_SHOW_MISSES=1
// for every difference.
func TestCppScannerAgainstTreeSitter(t *testing.T) {
	var rows []string
	for _, c := range cppDiffCorpora() {
		t.Run(c.name, func(t *testing.T) {
			if c.skip != "" {
				t.Skipf("SKIP: %s", c.skip)
			}
			files := cppFiles(c)
			if len(files) == 0 {
				t.Skipf("SKIP: no C++ files under %v", c.roots)
			}
			st := cppDiffFiles(files)
			for _, f := range st.failures {
				t.Error(f)
			}
			if len(st.noRef) > 0 {
				t.Logf("%s: %d files without tree-sitter's map, left out: %s", c.name, len(st.noRef), strings.Join(st.noRef, "; "))
			}
			rows = append(rows, fmt.Sprintf("| %-13s | %5d | %5d | %5d | %9d | %8d of %8d | %5d of %5d | %5d | %8d of %8d (%s) | %7d of %7d |", c.name, st.files,
				st.clean, st.equal, st.explained, st.equalSyms, st.cleanSyms, st.flatEqual, st.flat, st.errFiles, st.held, st.holdSyms, refShare(st.held, st.holdSyms),
				st.recoveredHeld, st.recoveredSyms))
			var reasons []string
			for _, r := range sortedKeys(st.reasons) {
				reasons = append(reasons, fmt.Sprintf("%d %s", st.reasons[r], r))
			}
			if len(reasons) > 0 {
				t.Logf("%s: differences from tree-sitter's clean parses that are its own: %s", c.name, strings.Join(reasons, "; "))
			}
			if os.Getenv("READMAP_SHOW_MISSES") != "" {
				t.Logf("differences on clean files:\n%s", strings.Join(st.diffs, "\n"))
				t.Logf("tree-sitter symbols the scanner lacks, in files with errors or flattened:\n%s", strings.Join(st.misses, "\n"))
			} else if n := len(st.diffs) + len(st.misses); n > 0 {
				t.Logf("%d differences; READMAP_SHOW_MISSES=1 lists them", n)
			}
			if n := st.clean - st.equal - st.explained; n > 0 {
				t.Errorf("%d of %d files tree-sitter parses cleanly map otherwise; first:\n%s", n, st.clean, refFirst(st.diffs))
			}
		})
	}
	t.Logf("C++ scanner against tree-sitter (clean: files tree-sitter parses without errors as written; flattened: only with their conditionals flattened):\n"+
		"| corpus        | files | clean | equal | explained | equal symbols         | flattened equal | with errors | symbols held          | held on error lines |\n%s",
		strings.Join(rows, "\n"))
}

// cppDiffFiles compares the maps of files on every core, each worker with its own mappers.
func cppDiffFiles(files []string) *cDiffStats {
	per := make([]cDiffStats, len(files))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ts, scan := newTSMapper(cppTable).(*tsMapper), &cppMapper{}
			for i := range next {
				per[i].reasons = map[string]int{}
				src, err := os.ReadFile(files[i])
				if err != nil {
					per[i].noRef = append(per[i].noRef, err.Error())
					continue
				}
				cppDiffAdd(&per[i], files[i], src, ts, scan, i%50 == 0)
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	st := &cDiffStats{reasons: map[string]int{}}
	for i := range per {
		st.merge(&per[i])
	}
	return st
}

// cppDiffAdd compares the two maps of one file, as cDiffStats.add does for C.
func cppDiffAdd(st *cDiffStats, path string, src []byte, ts *tsMapper, scan *cppMapper, verify bool) {
	st.files++
	r, err := cTSReference(ts, src, verify)
	if err != nil {
		st.noRef = append(st.noRef, fmt.Sprintf("%s: %v", path, err))
		return
	}
	ref, clean, flattened := r.res, r.clean, r.flattened
	got, err := scan.Map(context.Background(), src)
	if err != nil {
		st.failures = append(st.failures, fmt.Sprintf("%s: %v", path, err))
		return
	}
	lines := CountLines(src)
	want := normalize(slices.Clone(ref.Symbols), lines)
	have := normalize(slices.Clone(got.Symbols), lines)
	if err := CheckSymbols(have, lines); err != nil {
		st.failures = append(st.failures, fmt.Sprintf("%s: %v", path, err))
	}
	d := cCompare(want, have)
	if clean && !flattened {
		st.clean++
		st.cleanSyms += len(want)
		st.equalSyms += d.equal
		if len(d.diffs) == 0 && slices.Equal(ref.Imports, got.Imports) {
			st.equal++
			return
		}
		reasons, unexplained := cppExplain(src, want, d, ref.Imports, got, ts)
		if len(unexplained) == 0 {
			st.explained++
			for _, r := range reasons {
				st.reasons[r]++
			}
			return
		}
		for _, u := range unexplained[:min(len(unexplained), 5)] {
			st.diffs = append(st.diffs, fmt.Sprintf("  %s: %s", path, u))
		}
		return
	}
	if clean {
		st.flat++
		if len(d.diffs) == 0 && slices.Equal(ref.Imports, got.Imports) {
			st.flatEqual++
		}
	} else {
		st.errFiles++
	}
	starts := map[string]bool{}
	for _, s := range have {
		starts[fmt.Sprintf("%s\x00%d", s.Name, s.StartLine)] = true
	}
	var macros, bodies [][2]int
	for _, s := range have {
		switch {
		case s.Kind == store.KindMacro && s.EndLine > s.StartLine:
			macros = append(macros, [2]int{s.StartLine, s.EndLine})
		case (s.Kind == store.KindFunction || s.Kind == store.KindMethod || s.Kind == store.KindConstructor) && s.EndLine > s.StartLine:
			bodies = append(bodies, [2]int{s.StartLine, s.EndLine})
		}
	}
	for _, s := range want {
		recovered := slices.ContainsFunc(r.errLines, func(e [2]int) bool { return e[0] <= s.EndLine && s.StartLine <= e[1] })
		held := starts[fmt.Sprintf("%s\x00%d", s.Name, s.StartLine)]
		switch {
		case s.Kind != store.KindMacro && slices.ContainsFunc(macros, func(m [2]int) bool { return m[0] <= s.StartLine && s.EndLine <= m[1] }):
			st.inMacros++
		case !held && slices.ContainsFunc(bodies, func(b [2]int) bool { return b[0] < s.StartLine && s.EndLine <= b[1] }):
			st.inBodies++
		case recovered:
			st.recoveredSyms++
			if held {
				st.recoveredHeld++
			}
		case held:
			st.holdSyms++
			st.held++
		default:
			st.holdSyms++
			st.misses = append(st.misses, fmt.Sprintf("  %s:%d %s %q %q", path, s.StartLine, s.Kind, s.Name, s.Signature))
		}
	}
}

// cppDefaultComparison reports whether s, or the symbol it is nested in, is a template whose
// parameter list has a default value with a comparison written with spaces (`bool = _Bit <
// static_cast<size_t>(...)`, tr2/ratio): the scanner takes the '<' for template arguments and
// misses the class. A limit of the scanner, counted apart.
func cppDefaultComparison(s *store.Symbol) bool {
	if s == nil {
		return false
	}
	sig := s.Signature
	i := strings.Index(sig, "template<")
	return i >= 0 && strings.Contains(sig[i:], " = ") && strings.Contains(sig[i:], " < ")
}

// cppExplain is cExplain with C++'s own reason: friend functions defined in a class body, which
// the tree-sitter walk leaves out (issue 14) and the scanner maps.
func cppExplain(src []byte, want []store.Symbol, d cDiff, wantImports []string, got *Result, ts *tsMapper) (reasons, unexplained []string) {
	var rest cDiff
	rest.equal = d.equal
	for _, item := range d.diffs {
		if item.want == nil && item.have.Kind == store.KindFunction && strings.Contains(item.have.Signature, "friend ") {
			reasons = append(reasons, "friend functions defined in a class body (issue 14)")
			continue
		}
		if cppDefaultComparison(item.want) || item.want != nil && item.want.Parent >= 0 && cppDefaultComparison(&want[item.want.Parent]) {
			reasons = append(reasons, "scanner's limit: a comparison in a template parameter's default value (`bool = _Bit < x`), read as template arguments")
			continue
		}
		rest.diffs = append(rest.diffs, item)
	}
	more, unexplained := cExplain(src, want, rest, wantImports, got, ts)
	return append(reasons, more...), unexplained
}
