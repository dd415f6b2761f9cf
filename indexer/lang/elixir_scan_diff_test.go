package lang

import (
	"context"
	"path/filepath"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
)

// The Elixir scanner (elixir_scan.go) against the tree-sitter Elixir walk (elixir.go's table),
// the implementation it replaced, kept for this comparison (scannerDiff): every file the grammar
// parses without errors must map equally, symbol for symbol (name, kind, qualified name,
// signature, first and last line, depth) with the same imports; in the others, every symbol of
// the walk's outside the error regions must be held.
//
// The scanner was written against the fixture and testdata/corpus/elixir (files of Elixir's own
// library, "tuned"). READMAP_ELIXIR_SRC adds other Elixir (folders separated by ':'), such as
// checkouts of Phoenix, Plug and Ecto, which were chosen before the scanner first ran on them.

// exScanDiffCorpora are the fixtures, the tuned corpus and, when READMAP_ELIXIR_SRC is set, the
// folders it lists as "extra".
func exScanDiffCorpora() []scanDiffCorpus {
	fixtures, _ := filepath.Glob("../../testdata/langs/*.ex")
	out := []scanDiffCorpus{
		{name: "testdata", roots: fixtures},
		{name: "tuned", roots: []string{"../../testdata/corpus/elixir"}},
	}
	return withExtra(out, "READMAP_ELIXIR_SRC")
}

// TestElixirScannerAgainstTreeSitter compares the Elixir scanner's maps with the tree-sitter
// walk's on .ex and .exs files. Run with -v for the table, READMAP_SHOW_MISSES=1 for every
// difference.
func TestElixirScannerAgainstTreeSitter(t *testing.T) {
	for _, ext := range []string{".ex", ".exs"} {
		t.Run(ext, func(t *testing.T) {
			runScannerDiff(t, "Elixir", ext, "", exScanDiffCorpora(),
				func() *tsMapper { return newTSMapper(elixirGrammar()).(*tsMapper) }, exScanDiffAdd)
		})
	}
}

// exScanDiffAdd compares the two maps of one file.
func exScanDiffAdd(st *scannerDiff, path string, src []byte, ts *tsMapper) {
	ref, hadErrors, err := ts.mapOnce(context.Background(), src, src)
	st.compareFile(path, src, ref, hadErrors, err, exMapper{}, func() [][2]int { return exErrorLines(ts, src) })
}

// exContainers are the node types whose children the walk maps: an error inside one of them
// leaves the rest of its children mapped.
var exContainers = map[string]bool{
	"do_block": true, "else_block": true, "after_block": true, "rescue_block": true, "catch_block": true,
	"stab_clause": true, "body": true, "block": true,
}

// exErrorLines returns the line spans of the expressions of tree-sitter's parse of src that
// hold syntax errors, looking into the containers its walk enters.
func exErrorLines(ts *tsMapper, src []byte) [][2]int {
	tree, err := ts.parse(context.Background(), src)
	if err != nil {
		return [][2]int{{1, CountLines(src)}}
	}
	defer tree.Close()
	return errorSpans(tree.RootNode(), 1, func(ch *sitter.Node) *sitter.Node {
		if ch.IsMissing() {
			return nil
		}
		if exContainers[ch.Type()] {
			return ch
		}
		if ch.Type() == "call" {
			if b := ch.ChildByFieldName("do_block"); b != nil {
				return ch
			}
			for i := range int(ch.ChildCount()) {
				if ch.Child(i).Type() == "do_block" {
					return ch
				}
			}
		}
		return nil
	})
}

// TestElixirScannerDiffFile logs both maps of the file READMAP_ELIXIR_FILE names side by side,
// differences marked "!", to debug a difference the comparison reports.
func TestElixirScannerDiffFile(t *testing.T) {
	logScannerDiffFile(t, "READMAP_ELIXIR_FILE", newTSMapper(elixirGrammar()).(*tsMapper), exMapper{},
		func(src []byte) []byte { return src })
}
