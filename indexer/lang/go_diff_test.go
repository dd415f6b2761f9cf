package lang

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/readmap/readmap/store"
)

// This file holds the Go scanner's differential test: on every Go file of GOROOT/src, the
// scanner's map (goscan.go, godecl.go) against the go/parser map (go.go's goParserMap), which is
// what Go was mapped with before the scanner.

// goDiffStats is the outcome of comparing the scanner with go/parser over a set of files.
type goDiffStats struct {
	files, clean, cleanGaveUp, broken, brokenGaveUp int
	symbols, brokenRef, brokenFewer                 int
	diffs                                           []string // the first differences, for the log
	ndiff                                           int
	gaveUp                                          []string // clean files the scanner left to go/parser
}

// compare maps one file both ways and records how they differ.
func (st *goDiffStats) compare(name string, src []byte) {
	ref, perr := goParserMap(src)
	got, ok := goScan(src)
	st.files++
	if perr == nil {
		st.clean++
		if !ok { // mapped with go/parser: exact, only slower
			st.cleanGaveUp++
			st.gaveUp = append(st.gaveUp, name)
			return
		}
		st.symbols += len(ref.Symbols)
		if d := goDiffMaps(ref, got); d != "" {
			st.diff(name + ": " + d)
		}
		return
	}
	// A file with syntax errors: what the mapper keeps must hold every symbol go/parser found.
	st.broken++
	if !ok {
		st.brokenGaveUp++
		return // mapped with go/parser
	}
	st.brokenRef += len(ref.Symbols)
	if missing := goMissing(ref.Symbols, got.Symbols); len(missing) > 0 {
		st.brokenFewer++
		st.diff(fmt.Sprintf("%s (syntax errors): the scanner misses %d of go/parser's symbols, first %s",
			name, len(missing), missing[0]))
	}
}

// diff records one difference, keeping the first 30 for the log.
func (st *goDiffStats) diff(s string) {
	st.ndiff++
	if len(st.diffs) < 30 {
		st.diffs = append(st.diffs, s)
	}
}

// goDiffMaps describes the first difference between two maps of a file, or returns "".
func goDiffMaps(want, got *Result) string {
	if !reflect.DeepEqual(want.Imports, got.Imports) {
		return fmt.Sprintf("imports %q, want %q", got.Imports, want.Imports)
	}
	for i := range max(len(want.Symbols), len(got.Symbols)) {
		if i >= len(want.Symbols) {
			return fmt.Sprintf("extra symbol %+v", got.Symbols[i])
		}
		if i >= len(got.Symbols) {
			return fmt.Sprintf("missing symbol %+v", want.Symbols[i])
		}
		if want.Symbols[i] != got.Symbols[i] {
			return fmt.Sprintf("symbol %d is\n\t%+v, want\n\t%+v", i, got.Symbols[i], want.Symbols[i])
		}
	}
	return ""
}

// goMissing lists the symbols of want (by name, kind, qualname and depth) got does not have.
func goMissing(want, got []store.Symbol) []string {
	type key struct {
		name, qual string
		kind       store.Kind
		depth      int
	}
	have := make(map[key]int, len(got))
	for _, s := range got {
		have[key{s.Name, s.Qualname, s.Kind, s.Depth}]++
	}
	var missing []string
	for _, s := range want {
		k := key{s.Name, s.Qualname, s.Kind, s.Depth}
		if have[k] == 0 {
			missing = append(missing, fmt.Sprintf("%s %s at %d", s.Kind, s.Name, s.StartLine))
			continue
		}
		have[k]--
	}
	return missing
}

// goFiles lists the .go files under root, sorted.
func goFiles(root string) []string {
	var files []string
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".go") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	return files
}

// TestGoScannerMatchesGoParser maps every Go file of GOROOT/src (every tenth with -short) with
// the scanner and with go/parser. Where go/parser reads a file without error the maps must be
// equal symbol for symbol (names, kinds, qualnames, signatures, ranges, nesting, imports) and the
// scanner must not give up; where it finds syntax errors the scanner either gives up (the file is
// mapped with go/parser, as before) or keeps every symbol go/parser found.
func TestGoScannerMatchesGoParser(t *testing.T) {
	compareGoTree(t, gorootSrc(), "GOROOT/src")
}

// TestGoScannerMatchesGoParserOnGoTests holds the scanner to go/parser as
// TestGoScannerMatchesGoParser does, on the Go toolchain's own test programs (GOROOT/test, beside
// GOROOT/src): 3,300 files written to exercise the compiler's corners (odd but valid syntax,
// and files with errors on purpose), which the scanner was never tuned on. Its first run found
// no difference in 36,172 symbols.
func TestGoScannerMatchesGoParserOnGoTests(t *testing.T) {
	compareGoTree(t, filepath.Join(filepath.Dir(gorootSrc()), "test"), "GOROOT/test")
}

// compareGoTree compares the scanner with go/parser on every Go file under root (every tenth
// with -short), as TestGoScannerMatchesGoParser says; label names root in messages.
func compareGoTree(t *testing.T, root, label string) {
	files := goFiles(root)
	if len(files) < 1000 {
		t.Skipf("%s not found or too small (%d Go files): cannot compare with go/parser", label, len(files))
	}
	if testing.Short() {
		files = sample(files, 10)
	}
	var mu sync.Mutex
	var total goDiffStats
	work := make(chan string)
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var st goDiffStats
			for p := range work {
				if src, err := os.ReadFile(p); err == nil {
					st.compare(strings.TrimPrefix(p, root+"/"), src)
				}
			}
			mu.Lock()
			total.add(&st)
			mu.Unlock()
		}()
	}
	for _, p := range files {
		work <- p
	}
	close(work)
	wg.Wait()
	st := total
	t.Logf("Go scanner against go/parser on %d files of %s:\n"+
		"  %d files parse: %d symbols, %d differences, the scanner gave up on %d\n"+
		"  %d files with syntax errors: go/parser maps %d (the scanner gave up), the scanner %d (%d symbols of go/parser's there, missing some in %d files)",
		st.files, root, st.clean, st.symbols, st.ndiff-st.brokenFewer, st.cleanGaveUp,
		st.broken, st.brokenGaveUp, st.broken-st.brokenGaveUp, st.brokenRef, st.brokenFewer)
	sort.Strings(st.gaveUp)
	t.Logf("files go/parser reads that the scanner leaves to it (ambiguous type parameters, parenthesized or several receivers):\n  %s",
		strings.Join(st.gaveUp, "\n  "))
	// The scanner gives up on a handful of go/types test files; more means it lost a construct.
	if limit := max(st.clean/500, 1); st.cleanGaveUp > limit {
		t.Errorf("the scanner gave up on %d files go/parser reads, more than %d", st.cleanGaveUp, limit)
	}
	for _, d := range st.diffs {
		t.Error(d)
	}
	if st.ndiff > len(st.diffs) {
		t.Errorf("... and %d more differences", st.ndiff-len(st.diffs))
	}
}

// add sums another worker's figures into st.
func (st *goDiffStats) add(o *goDiffStats) {
	st.files += o.files
	st.clean += o.clean
	st.cleanGaveUp += o.cleanGaveUp
	st.broken += o.broken
	st.brokenGaveUp += o.brokenGaveUp
	st.symbols += o.symbols
	st.brokenRef += o.brokenRef
	st.brokenFewer += o.brokenFewer
	st.ndiff += o.ndiff
	st.gaveUp = append(st.gaveUp, o.gaveUp...)
	for _, d := range o.diffs {
		if len(st.diffs) < 30 {
			st.diffs = append(st.diffs, d)
		}
	}
}
