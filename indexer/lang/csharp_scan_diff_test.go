package lang

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
)

// The C# scanner (csharp_scan.go) against the tree-sitter C# walk (csharp.go's table), the
// independent implementation it replaced, kept for this comparison (scannerDiff): every file
// the grammar parses without errors must map equally, symbol for symbol (name, kind, qualified
// name, signature, first and last line, depth) with the same imports; in the others, every
// symbol of the walk's outside the error regions must be held. The walk is compared on its
// first parse, without the retries of its rewrites, which only files with errors get.
//
// Every file of these corpora is valid C#, so the scanner must report no syntax errors in any.
//
// The scanner was written against the committed corpus (testdata/corpus/csharp: Newtonsoft.Json)
// and the fixtures ("tuned"). READMAP_CSHARP_SRC adds other C# (folders separated by ':') as
// "extra". Checkouts of serilog, AutoMapper and Polly, chosen before the scanner's first run,
// mapped 36 of 182, 103 of 467 and 89 of 730 clean files equally on that run (a file-scoped
// namespace's range closed early, which cut its members' short; a byte order mark before a
// directive; directives among attributes), and were tuned on: all map equally now. In Polly's
// files with errors, one symbol of the walk's outside its error regions starts a line later than
// the scanner's: the walk's error took the attribute before it.

// csCorpus is the committed C# corpus.
const csCorpus = "../../testdata/corpus/csharp"

// csScanDiffCorpora are the fixtures, the committed corpus, and the folders READMAP_CSHARP_SRC
// lists.
func csScanDiffCorpora() []scanDiffCorpus {
	fixtures, _ := filepath.Glob("../../testdata/langs/*.cs")
	out := []scanDiffCorpus{
		{name: "testdata", roots: fixtures},
		{name: "tuned", roots: []string{csCorpus}},
	}
	return withExtra(out, "READMAP_CSHARP_SRC")
}

// TestCSharpScannerAgainstTreeSitter compares the C# scanner's maps with the tree-sitter walk's
// on the fixtures and the corpus. Run with -v for the table, READMAP_SHOW_MISSES=1 for every
// difference.
func TestCSharpScannerAgainstTreeSitter(t *testing.T) {
	runScannerDiff(t, "C#", ".cs", "", csScanDiffCorpora(), func() *tsMapper { return newTSMapper(csharpGrammar()).(*tsMapper) }, csScanDiffAdd)
}

// csScanDiffAdd compares the two maps of one file.
func csScanDiffAdd(st *scannerDiff, path string, src []byte, ts *tsMapper) {
	ref, hadErrors, err := ts.mapOnce(context.Background(), src, src)
	st.compareFile(path, src, ref, hadErrors, err, csMapper{}, func() [][2]int { return csErrorLines(ts, src) })
	if res, err := (csMapper{}).Map(context.Background(), src); err == nil && len(res.Unparsed) > 0 {
		st.fail(path, fmt.Errorf("syntax errors reported in a valid file: %v", res.Unparsed))
	}
}

// csContainers are the node types whose children the walk maps: an error inside one of them
// leaves the rest of its children mapped.
var csContainers = map[string]bool{
	"namespace_declaration": true, "class_declaration": true, "struct_declaration": true,
	"interface_declaration": true, "record_declaration": true, "enum_declaration": true,
	"declaration_list": true, "enum_member_declaration_list": true, "preproc_if": true,
	"preproc_else": true, "preproc_elif": true,
}

// csErrorLines returns the line spans of the declarations of tree-sitter's parse of src that
// hold syntax errors, looking into the containers its walk enters.
func csErrorLines(ts *tsMapper, src []byte) [][2]int {
	tree, err := ts.parse(context.Background(), src)
	if err != nil {
		return [][2]int{{1, CountLines(src)}}
	}
	defer tree.Close()
	return errorSpans(tree.RootNode(), 1, func(ch *sitter.Node) *sitter.Node {
		if csContainers[ch.Type()] && !ch.IsMissing() {
			return ch
		}
		return nil
	})
}

// TestCSharpScannerDiffFile logs both maps of the file READMAP_CSHARP_FILE names side by side,
// differences marked "!", to debug a difference the comparison reports.
func TestCSharpScannerDiffFile(t *testing.T) {
	logScannerDiffFile(t, "READMAP_CSHARP_FILE", newTSMapper(csharpGrammar()).(*tsMapper), csMapper{},
		func(src []byte) []byte { return src })
}
