package lang

import (
	"context"
	"go/build"
	"path/filepath"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
)

// The HCL scanner (hcl_scan.go) against the tree-sitter HCL walk (hcl.go), the independent
// implementation it replaced, kept for this comparison (scannerDiff): every file the grammar
// parses without errors must map equally, symbol for symbol, with the same imports; in the
// others, every symbol of the walk's outside the error regions must be held. HCL's own parser
// checks the map too (TestHCLAgainstHCLSyntax).
//
// The scanner was written against the committed corpus (Terraform's and HCL's fixtures,
// testdata/corpus/hcl) and the fixtures ("tuned"); the .hcl files of HCL's module in the Go
// module cache, where it is found, were kept out of its making ("held out"). READMAP_HCL_SRC
// adds other HCL (folders separated by ':') as "extra".

// hclScanDiffCorpora are the fixtures, the tuned corpus, the held-out one, and the folders
// READMAP_HCL_SRC lists.
func hclScanDiffCorpora() []scanDiffCorpus {
	fixtures, _ := filepath.Glob("../../testdata/langs/*.tf")
	heldOut, _ := filepath.Glob(filepath.Join(build.Default.GOPATH, "pkg", "mod", "github.com", "hashicorp", "hcl*"))
	out := []scanDiffCorpus{
		{name: "testdata", roots: fixtures},
		{name: "tuned", roots: []string{hclCorpus}},
		{name: "held-out", roots: heldOut},
	}
	return withExtra(out, "READMAP_HCL_SRC")
}

// TestHCLScannerAgainstTreeSitter compares the HCL scanner's maps with the tree-sitter walk's
// on the fixtures, the corpus and HCL's own files. Run with -v for the table,
// READMAP_SHOW_MISSES=1 for every difference.
func TestHCLScannerAgainstTreeSitter(t *testing.T) {
	for _, ext := range []string{".tf", ".hcl", ".tfvars"} {
		t.Run(ext, func(t *testing.T) {
			runScannerDiff(t, "HCL", ext, "", hclScanDiffCorpora(), func() *tsMapper { return newTSMapper(hclGrammar()).(*tsMapper) }, hclScanDiffAdd)
		})
	}
}

// hclScanDiffAdd compares the two maps of one file.
func hclScanDiffAdd(st *scannerDiff, path string, src []byte, ts *tsMapper) {
	ref, hadErrors, err := ts.mapOnce(context.Background(), src, src)
	st.compareFile(path, src, ref, hadErrors, err, hclScanner{}, func() [][2]int { return hclErrorLines(ts, src) })
}

// hclErrorLines returns the line spans of the items of tree-sitter's parse of src that hold
// syntax errors, looking into the bodies of blocks, which the walk enters.
func hclErrorLines(ts *tsMapper, src []byte) [][2]int {
	tree, err := ts.parse(context.Background(), src)
	if err != nil {
		return [][2]int{{1, CountLines(src)}}
	}
	defer tree.Close()
	return errorSpans(tree.RootNode(), 1, func(ch *sitter.Node) *sitter.Node {
		if t := ch.Type(); (t == "body" || t == "block") && !ch.IsMissing() {
			return ch
		}
		return nil
	})
}
