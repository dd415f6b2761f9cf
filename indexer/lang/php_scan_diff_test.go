package lang

import (
	"context"
	"path/filepath"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
)

// The PHP scanner (php_scan.go) against the tree-sitter PHP mapper (php.go's table), the
// independent implementation it replaced, kept for this comparison (scannerDiff): every file the
// grammar parses without errors must map equally, symbol for symbol, with the same imports; in
// the others, every symbol of the walk's outside the error regions must be held.
//
// The scanner was written against Debian's PHP libraries, /usr/share/php, and the fixtures
// ("tuned"); the PHP of the Google Cloud SDK's App Engine platform was chosen before it was
// written and kept out of its making ("held out"), to say how it does on PHP it has not seen.
// READMAP_PHP_SRC adds other PHP (folders separated by ':') as "extra". Checkouts of laravel,
// composer, PHP-Parser, roundcube and phpunit mapped equally on their first run; symfony's did
// but for one file (a DNF type, `protected (A&B)|null $x`), and tree-sitter-php's own test
// corpus but for four (a no-break space, a namespace name written with blanks); both were
// tuned on.

// phpScanDiffCorpora are the fixtures, the tuned corpus, the held-out one, and the folders
// READMAP_PHP_SRC lists.
func phpScanDiffCorpora() []scanDiffCorpus {
	fixtures, _ := filepath.Glob("../../testdata/langs/*.php")
	out := []scanDiffCorpus{
		{name: "testdata", roots: fixtures},
		{name: "tuned", roots: []string{"/usr/share/php"}},
		{name: "held-out", roots: []string{"/usr/lib/google-cloud-sdk/platform/google_appengine/php"}},
	}
	return withExtra(out, "READMAP_PHP_SRC")
}

// TestPHPScannerAgainstTreeSitter compares the PHP scanner's maps with the tree-sitter PHP
// mapper's on the fixtures and installed PHP libraries. Run with -v for the table,
// READMAP_SHOW_MISSES=1 for every difference.
func TestPHPScannerAgainstTreeSitter(t *testing.T) {
	runScannerDiff(t, "PHP", ".php", "", phpScanDiffCorpora(), func() *tsMapper { return newTSMapper(phpGrammar()).(*tsMapper) }, phpScanDiffAdd)
}

// phpScanDiffAdd compares the two maps of one file.
func phpScanDiffAdd(st *scannerDiff, path string, src []byte, ts *tsMapper) {
	ref, hadErrors, err := ts.mapOnce(context.Background(), src, src)
	st.compareFile(path, src, ref, hadErrors, err, phpScanOnly{}, func() [][2]int { return phpErrorLines(ts, src) })
}

// phpContainers are the node types whose children the walk maps: an error inside one of them
// leaves the rest of its children mapped.
var phpContainers = map[string]bool{
	"namespace_definition": true, "compound_statement": true, "class_declaration": true, "interface_declaration": true,
	"trait_declaration": true, "enum_declaration": true, "declaration_list": true, "enum_declaration_list": true,
	"if_statement": true, "colon_block": true,
}

// phpErrorLines returns the line spans of the statements of tree-sitter's parse of src that
// hold syntax errors, looking into the containers its walk enters.
func phpErrorLines(ts *tsMapper, src []byte) [][2]int {
	tree, err := ts.parse(context.Background(), src)
	if err != nil {
		return [][2]int{{1, CountLines(src)}}
	}
	defer tree.Close()
	return errorSpans(tree.RootNode(), 1, func(ch *sitter.Node) *sitter.Node {
		if phpContainers[ch.Type()] && !ch.IsMissing() {
			return ch
		}
		return nil
	})
}
