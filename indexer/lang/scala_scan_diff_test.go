package lang

import (
	"context"
	"path/filepath"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
)

// The Scala scanner (scala_scan.go) against the tree-sitter Scala mapper (scala.go's table), the
// independent implementation it replaced, kept for this comparison (scannerDiff): every file the
// grammar parses without errors must map equally, symbol for symbol (name, kind, qualified name,
// signature, first and last line, depth) with the same imports; in the others, every symbol of
// the walk's outside the error regions must be held.
//
// The scanner was written against the committed corpus, testdata/corpus/scala (Scala 2.11's
// library), and the fixtures. READMAP_SCALA_SRC adds other Scala (folders separated by ':') as
// "extra", compared by hand. Checkouts chosen before the scanner was written: scopt mapped
// equally on its first run; cats did for 737 of 816 clean files (a def's or val's type on the
// line after its name, a `{ type T }` refinement after a return type, `= ???` ending a line)
// and was then tuned on. First runs after that: Scala 2.13's library (529 of 537), upickle (121
// of 125), and of scala/scala the compiler (695 of 704), test/files/pos (1881 of 1908) and
// test/files/run (2239 of 2264); what they showed was fixed (a class's `(implicit ...)`
// parameters on the next line, "= ..." on the line after `val a, b`, `_: T =>`, `this.type`,
// Ⅰ as a letter, do-while). What still differs is the walk's: tree-sitter-scala reads `package
// a { package b { ... } }` and a package object in a package block as expressions, loses a
// body's members after a self-type on its header line (`trait A { self: B =>`), maps one def
// of an indented extension, ends a def whose multi-line interpolated string ends it at the
// string's last `$x`, not at its closing quotes, and reads `a +` at a line's end as a postfix
// expression where scalac reads an infix one going on to the next line; the scanner maps these
// as scalac does.

// scalaScanDiffCorpora are the fixtures, the corpus, and the folders READMAP_SCALA_SRC lists.
func scalaScanDiffCorpora() []scanDiffCorpus {
	fixtures, _ := filepath.Glob("../../testdata/langs/*.scala")
	out := []scanDiffCorpus{
		{name: "testdata", roots: fixtures},
		{name: "corpus", roots: []string{"../../testdata/corpus/scala"}},
	}
	return withExtra(out, "READMAP_SCALA_SRC")
}

// TestScalaScannerAgainstTreeSitter compares the Scala scanner's maps with the tree-sitter Scala
// mapper's on the fixtures and the corpus. Run with -v for the table, READMAP_SHOW_MISSES=1
// for every difference.
func TestScalaScannerAgainstTreeSitter(t *testing.T) {
	runScannerDiff(t, "Scala", ".scala", "", scalaScanDiffCorpora(), func() *tsMapper { return newTSMapper(scalaGrammar()).(*tsMapper) }, scalaScanDiffAdd)
}

// scalaScanDiffAdd compares the two maps of one file.
func scalaScanDiffAdd(st *scannerDiff, path string, src []byte, ts *tsMapper) {
	ref, hadErrors, err := ts.mapOnce(context.Background(), src, src)
	st.compareFile(path, src, ref, hadErrors, err, newScalaScanner(), func() [][2]int { return scalaErrorLines(ts, src) })
}

// scalaContainers are the node types whose children the walk maps: an error inside one of them
// leaves the rest of its children mapped.
var scalaContainers = map[string]bool{
	"package_clause": true, "template_body": true, "class_definition": true, "object_definition": true,
	"trait_definition": true, "package_object": true, "enum_definition": true, "enum_body": true,
	"given_definition": true, "extension_definition": true, "block": true,
}

// scalaErrorLines returns the line spans of the statements of tree-sitter's parse of src that
// hold syntax errors, looking into the containers its walk enters.
func scalaErrorLines(ts *tsMapper, src []byte) [][2]int {
	tree, err := ts.parse(context.Background(), src)
	if err != nil {
		return [][2]int{{1, CountLines(src)}}
	}
	defer tree.Close()
	return errorSpans(tree.RootNode(), 1, func(ch *sitter.Node) *sitter.Node {
		if scalaContainers[ch.Type()] && !ch.IsMissing() {
			return ch
		}
		return nil
	})
}

// TestScalaScannerDiffFile logs both maps of the file READMAP_SCALA_FILE names side by side,
// differences marked "!", to debug a difference the comparison reports.
func TestScalaScannerDiffFile(t *testing.T) {
	logScannerDiffFile(t, "READMAP_SCALA_FILE", newTSMapper(scalaGrammar()).(*tsMapper), newScalaScanner(),
		func(src []byte) []byte { return src })
}
