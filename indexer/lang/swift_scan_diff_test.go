package lang

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
)

// The Swift scanner (swift_scan.go) against the tree-sitter Swift mapper (swift.go's table), the
// independent implementation it replaced, kept for this comparison (scannerDiff): every file
// the grammar parses without errors must map equally, symbol for symbol (name, kind, qualified
// name, signature, first and last line, depth) with the same imports; in the others, every
// symbol of the walk's outside the error regions must be held.
//
// Every file of these corpora is valid Swift, so the scanner must report no syntax errors in any
// (a false alarm would put the line heuristics into its map), whatever the grammar makes of it.
//
// The scanner was written against the committed corpus (testdata/corpus/swift: expo-modules-core
// and stripe-react-native), the fixtures and the edge cases of swift_scan_test.go ("tuned").
// READMAP_SWIFT_SRC adds other Swift (folders separated by ':') as "extra". Checkouts of
// Alamofire and swift-argument-parser, chosen before the scanner was written, mapped 83 of 89
// and 127 of 128 clean files equally on their first run (an operator declaration read on into
// the next line, `Optional<T>?` read as an operator the next line continues, `where` ending a
// line, `extension [T]`), and were tuned on; vapor's then mapped 185 of 188 (regex literals,
// `func ||<T>`), and was tuned on too. All map equally now.

// swScanDiffCorpora are the fixtures, the committed corpus, and the folders READMAP_SWIFT_SRC
// lists.
func swScanDiffCorpora() []scanDiffCorpus {
	fixtures, _ := filepath.Glob("../../testdata/langs/*.swift")
	out := []scanDiffCorpus{
		{name: "testdata", roots: fixtures},
		{name: "corpus", roots: []string{swiftCorpus}},
	}
	return withExtra(out, "READMAP_SWIFT_SRC")
}

// TestSwiftScannerAgainstTreeSitter compares the Swift scanner's maps with the tree-sitter Swift
// mapper's on the fixtures and the corpus. Run with -v for the table, READMAP_SHOW_MISSES=1 for
// every difference.
func TestSwiftScannerAgainstTreeSitter(t *testing.T) {
	runScannerDiff(t, "Swift", ".swift", "", swScanDiffCorpora(), func() *tsMapper { return newTSMapper(swiftGrammar()).(*tsMapper) }, swScanDiffAdd)
}

// swScanDiffAdd compares the two maps of one file.
func swScanDiffAdd(st *scannerDiff, path string, src []byte, ts *tsMapper) {
	ref, hadErrors, err := ts.mapOnce(context.Background(), swiftBlankIsolation(src), src)
	st.compareFile(path, src, ref, hadErrors, err, swMapper{}, func() [][2]int { return swErrorLines(ts, src) })
	if res, err := (swMapper{}).Map(context.Background(), src); err == nil && len(res.Unparsed) > 0 {
		st.fail(path, fmt.Errorf("syntax errors reported in a valid file: %v", res.Unparsed))
	}
}

// swContainers are the node types whose children the walk maps: an error inside one of them
// leaves the rest of its children mapped.
var swContainers = map[string]bool{
	"class_declaration": true, "protocol_declaration": true, "class_body": true, "enum_class_body": true,
	"protocol_body": true,
}

// swErrorLines returns the line spans of the declarations of tree-sitter's parse of src that
// hold syntax errors, looking into the containers its walk enters.
func swErrorLines(ts *tsMapper, src []byte) [][2]int {
	tree, err := ts.parse(context.Background(), swiftBlankIsolation(src))
	if err != nil {
		return [][2]int{{1, CountLines(src)}}
	}
	defer tree.Close()
	return errorSpans(tree.RootNode(), 1, func(ch *sitter.Node) *sitter.Node {
		if swContainers[ch.Type()] && !ch.IsMissing() {
			return ch
		}
		return nil
	})
}

// TestSwiftScannerDiffFile logs both maps of the file READMAP_SWIFT_FILE names side by side,
// differences marked "!", to debug a difference the comparison reports.
func TestSwiftScannerDiffFile(t *testing.T) {
	logScannerDiffFile(t, "READMAP_SWIFT_FILE", newTSMapper(swiftGrammar()).(*tsMapper), swMapper{},
		func(src []byte) []byte { return swiftBlankIsolation(src) })
}
