package lang

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/readmap/readmap/store"
)

// The Rust scanner (rust_scan.go) against the tree-sitter Rust mapper (rust.go's table), the
// independent implementation it replaced, kept for this comparison. Where tree-sitter parses a
// file without syntax errors, its map is a reference to be equal to, symbol for symbol (name,
// kind, qualified name, signature, first and last line, depth) with the same imports, once the
// scanner's symbols inside function bodies are set aside: the tree-sitter walk never entered
// bodies, and they are counted apart. Where it has errors, the scanner must hold each of its
// symbols outside the error regions (same name, same first line); those inside them are what the
// parser's recovery made of the text, and are only counted.

// rsDiffCorpus is a set of Rust files to compare on.
type rsDiffCorpus struct {
	name  string
	roots []string
	skip  string // why the corpus is not there
}

// rsDiffCorpora returns the corpora: the fixtures, Debian's crates (librust-*-dev under
// /usr/share/cargo/registry) and the Rust of a Linux source tree when one is found (rust/,
// samples/rust, drivers; READMAP_LINUX_SRC or an extracted /usr/src/linux-source-*).
func rsDiffCorpora() []rsDiffCorpus {
	fixtures, _ := filepath.Glob("../../testdata/langs/*.rs")
	out := []rsDiffCorpus{{name: "testdata", roots: fixtures}, {name: "cargo-registry", roots: []string{"/usr/share/cargo/registry"}}}
	if _, err := os.Stat("/usr/share/cargo/registry"); err != nil {
		out[1].skip = "no /usr/share/cargo/registry (apt-get install librust-serde-dev librust-regex-syntax-dev)"
	}
	linux := rsLinuxSource()
	c := rsDiffCorpus{name: "linux-rust", roots: []string{linux}}
	if linux == "" {
		c.skip = "no Linux source tree (set READMAP_LINUX_SRC to one, or extract Debian's linux-source under /usr/src)"
	}
	return append(out, c)
}

// rsLinuxSource returns the root of a Linux source tree holding Rust, or "".
func rsLinuxSource() string {
	if dir := os.Getenv("READMAP_LINUX_SRC"); dir != "" {
		return dir
	}
	dirs, _ := filepath.Glob("/usr/src/linux-source-*/rust")
	if len(dirs) == 0 {
		return ""
	}
	return filepath.Dir(dirs[len(dirs)-1])
}

// rsDiffStats is what the comparison counted on one corpus.
type rsDiffStats struct {
	scannerDiff
	explained int // clean files whose differences are all tree-sitter's (rsExplain)
	reasons   map[string]int
	inBodies  int // the scanner's symbols in function bodies, which tree-sitter never maps
}

// rsKey is what two maps must agree on for one symbol.
type rsKey struct {
	Name, Qualname, Signature string
	Kind                      store.Kind
	Start, End, Depth         int
}

// TestRustScannerAgainstTreeSitter compares the Rust scanner's maps with the tree-sitter Rust
// mapper's on every file of the corpora. Run with -v for the table, READMAP_SHOW_MISSES=1 for
// every difference.
func TestRustScannerAgainstTreeSitter(t *testing.T) {
	var rows []string
	for _, c := range rsDiffCorpora() {
		t.Run(c.name, func(t *testing.T) {
			if c.skip != "" {
				t.Skipf("SKIP: %s", c.skip)
			}
			files := filesUnder(c.roots, ".rs")
			if len(files) == 0 {
				t.Skipf("SKIP: no Rust files under %v", c.roots)
			}
			st := &rsDiffStats{reasons: map[string]int{}}
			ts := newTSMapper(rustGrammar()).(*tsMapper)
			for _, f := range files {
				src, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				st.add(f, src, ts)
			}
			rows = append(rows, fmt.Sprintf("| %-14s | %5d | %5d | %5d | %9d | %7d of %7d | %6d | %5d | %7d of %7d (%s) | %6d of %6d |", c.name, st.files,
				st.clean, st.equal, st.explained, st.equalSyms, st.cleanSyms, st.inBodies, st.errFiles, st.held, st.holdSyms, refShare(st.held, st.holdSyms), st.recoveredH, st.recovered))
			for _, r := range sortedKeys(st.reasons) {
				t.Logf("%s: %d files differ only where tree-sitter's map is wrong: %s", c.name, st.reasons[r], r)
			}
			st.report(t, "Rust", st.explained)
		})
	}
	t.Logf("Rust scanner against tree-sitter (clean: files tree-sitter parses without errors; in bodies: the scanner's symbols inside function bodies, set aside):\n"+
		"| corpus         | files | clean | equal | explained | equal symbols      | in bodies | with errors | symbols held              | held in error regions |\n%s",
		strings.Join(rows, "\n"))
}

// add compares the two maps of one file.
func (st *rsDiffStats) add(path string, src []byte, ts *tsMapper) {
	ref, hadErrors, err := ts.mapOnce(context.Background(), src, src)
	want, have, got, ok := st.scan(path, src, ref, err, rsMapper{})
	if !ok {
		return
	}
	// The scanner's symbols inside function bodies are set aside.
	var outside []store.Symbol
	for i, s := range have {
		if rsInBody(have, i) {
			st.inBodies++
			continue
		}
		outside = append(outside, s)
	}
	if hadErrors {
		st.holdOutsideErrors(path, want, have, rsErrorLines(ts, src))
		return
	}
	wk, hk := rsKeys(want), rsKeys(outside)
	switch reason := rsExplain(src, wk, hk); {
	case st.compareClean(wk, hk, ref.Imports, got.Imports):
	case reason != "" && slices.Equal(ref.Imports, got.Imports):
		st.explained++
		st.reasons[reason]++
	default:
		st.diffs = append(st.diffs, firstDiff(path, wk, hk, ref.Imports, got.Imports))
	}
}

// rsInBody reports whether symbol i of a normalized map is inside a function body.
func rsInBody(syms []store.Symbol, i int) bool {
	for p := syms[i].Parent; p >= 0; p = syms[p].Parent {
		if k := syms[p].Kind; k == store.KindFunction || k == store.KindMethod {
			return true
		}
	}
	return false
}

// rsKeys returns the comparable fields of each symbol.
func rsKeys(syms []store.Symbol) []rsKey {
	out := make([]rsKey, len(syms))
	for i, s := range syms {
		out[i] = rsKey{s.Name, s.Qualname, s.Signature, s.Kind, s.StartLine, s.EndLine, s.Depth}
	}
	return out
}

// rsErrorLines returns the line spans of the items of tree-sitter's parse of src that hold
// syntax errors, looking into the containers its walk enters.
func rsErrorLines(ts *tsMapper, src []byte) [][2]int {
	tree, err := ts.parse(context.Background(), src)
	if err != nil {
		return nil
	}
	defer tree.Close()
	return errorSpans(tree.RootNode(), 1, func(ch *sitter.Node) *sitter.Node {
		switch ch.Type() {
		case "mod_item", "impl_item", "trait_item", "foreign_mod_item", "declaration_list":
			if body := ch.ChildByFieldName("body"); body != nil && !body.IsMissing() {
				return body
			}
			if ch.Type() == "declaration_list" {
				return ch
			}
		}
		return nil
	})
}

// rsExtern matches the line that opens an extern block.
var rsExtern = regexp.MustCompile(`^\s*(pub\s+)?(unsafe\s+)?extern\s*("[^"]*"\s*)?\{`)

// rsExplain returns why two maps of a cleanly parsed file differ when every difference is the
// tree-sitter walk's own, or "". The one known: the walk hands the attributes of an extern block
// (`#[link(name = "util")] extern "C" {`) to every item in it as the start of its range, so that
// the hundredth function of libc's block starts two thousand lines up; the scanner starts each
// item at its own first line.
func rsExplain(src []byte, want, have []rsKey) string {
	if len(want) != len(have) {
		return ""
	}
	lines := strings.Split(string(src), "\n")
	for i := range want {
		w, h := want[i], have[i]
		if w == h {
			continue
		}
		w.Start = h.Start
		if w != h || want[i].Start > h.Start || want[i].Start < 1 {
			return ""
		}
		// Between tree-sitter's start, an attribute, and the scanner's, an extern block opens.
		from := want[i].Start
		if !strings.HasPrefix(strings.TrimSpace(lines[from-1]), "#[") ||
			!slices.ContainsFunc(lines[from-1:h.Start-1], func(l string) bool { return rsExtern.MatchString(l) }) {
			return ""
		}
	}
	return "the attributes of an extern block start every item's range in it"
}
