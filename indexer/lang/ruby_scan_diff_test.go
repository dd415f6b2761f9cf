package lang

import (
	"context"
	"path/filepath"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
)

// The Ruby scanner (ruby_scan.go) against the tree-sitter Ruby mapper (ruby.go's table), the
// independent implementation it replaced, kept for this comparison (scannerDiff): every file
// the grammar parses without errors must map equally, symbol for symbol (name, kind, qualified
// name, signature, first and last line, depth) with the same imports; in the others, every
// symbol of the walk's outside the error regions must be held.
//
// The corpus is the Ruby that Debian's ruby package installs. The scanner was written against
// the standard library, /usr/lib/ruby/3.* ("tuned"); the gems and vendor libraries beside it
// (/usr/lib/ruby/gems, /usr/lib/ruby/vendor_ruby: rubygems, bundled gems such as rake,
// minitest, test-unit, rbs, typeprof, debug) were chosen before it was written and kept out
// of its making ("held out"), to say how it does on Ruby it has not seen. Debian's gems under
// /usr/share/rubygems-integration (rake, webrick, net-telnet) were held out too until their
// first run found a file mapped otherwise (a regexp right after a method's parameters, `def
// f(s) /x/ end`, read as a division); the fix was made on them, so they count as tuned.
//
// READMAP_RUBY_SRC adds other Ruby. Checkouts of rails, rubocop and ruby/spec mapped equally
// on their first run; prism's syntax fixtures (test/prism/fixtures/**/*.txt copied as .rb)
// did not, and were tuned on: the method heads of TestRubyScanner's "seldom written" case.

// rbScanDiffCorpora are the fixtures, the tuned corpus, the held-out one, and, when
// READMAP_RUBY_SRC is set, the folders it lists (separated by ':') as "extra": Ruby of other
// sources, such as a Rails checkout.
func rbScanDiffCorpora() []scanDiffCorpus {
	fixtures, _ := filepath.Glob("../../testdata/langs/*.rb")
	tuned, _ := filepath.Glob("/usr/lib/ruby/3.*")
	out := []scanDiffCorpus{
		{name: "testdata", roots: fixtures},
		{name: "tuned", roots: append(tuned, "/usr/share/rubygems-integration")},
		{name: "held-out", roots: []string{"/usr/lib/ruby/gems", "/usr/lib/ruby/vendor_ruby"}},
	}
	return withExtra(out, "READMAP_RUBY_SRC")
}

// TestRubyScannerAgainstTreeSitter compares the Ruby scanner's maps with the tree-sitter Ruby
// mapper's on the fixtures and Ruby's installed libraries. Run with -v for the table,
// READMAP_SHOW_MISSES=1 for every difference.
func TestRubyScannerAgainstTreeSitter(t *testing.T) {
	runScannerDiff(t, "Ruby", ".rb", " (apt-get install ruby)", rbScanDiffCorpora(), func() *tsMapper { return newTSMapper(rubyGrammar()).(*tsMapper) }, rbScanDiffAdd)
}

// rbScanDiffAdd compares the two maps of one file.
func rbScanDiffAdd(st *scannerDiff, path string, src []byte, ts *tsMapper) {
	ref, hadErrors, err := ts.mapOnce(context.Background(), rbPrepare(src), src)
	st.compareFile(path, src, ref, hadErrors, err, rbMapper{}, func() [][2]int { return rbErrorLines(ts, src) })
}

// rbContainers are the node types whose children the walk maps: an error inside one of them
// leaves the rest of its children mapped.
var rbContainers = map[string]bool{
	"class": true, "module": true, "singleton_class": true, "body_statement": true, "if": true, "unless": true,
	"elsif": true, "else": true, "then": true, "case": true, "when": true, "begin": true, "rescue": true, "ensure": true,
}

// rbErrorLines returns the line spans of the statements of tree-sitter's parse of src that
// hold syntax errors, looking into the containers its walk enters.
func rbErrorLines(ts *tsMapper, src []byte) [][2]int {
	tree, err := ts.parse(context.Background(), rbPrepare(src))
	if err != nil {
		return [][2]int{{1, CountLines(src)}}
	}
	defer tree.Close()
	return errorSpans(tree.RootNode(), 1, func(ch *sitter.Node) *sitter.Node {
		if rbContainers[ch.Type()] && !ch.IsMissing() {
			return ch
		}
		return nil
	})
}

// TestRubyScannerDiffFile logs both maps of the file READMAP_RUBY_FILE names side by side,
// differences marked "!", to debug a difference the comparison reports.
func TestRubyScannerDiffFile(t *testing.T) {
	logScannerDiffFile(t, "READMAP_RUBY_FILE", newTSMapper(rubyGrammar()).(*tsMapper), rbMapper{},
		func(src []byte) []byte { return rbPrepare(src) })
}
