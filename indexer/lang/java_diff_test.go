package lang

import (
	"archive/zip"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
)

// The Java scanner (java_scan.go) against the tree-sitter Java mapper (java.go's table), the
// independent implementation it replaced, kept for this comparison. Where tree-sitter parses a
// file without syntax errors, its map is a reference to be equal to, symbol for symbol (name,
// kind, qualified name, signature, first and last line, depth) with the same imports. Where it
// has errors, the scanner must hold each of its symbols outside the error regions (same name,
// same first line); those inside them are what the parser's recovery made of the text, and are
// only counted.
//
// The corpus is the OpenJDK sources of the JDK installed (lib/src.zip), read in place. The
// scanner was written against java.base's java.util and its subpackages ("tuned"); java.io,
// java.net, java.time and java.sql were kept out of its making ("held out"), to say how it does
// on Java it has not seen.

// jvSrcZip is where Debian's openjdk-17-source puts the JDK's sources.
const jvSrcZip = "/usr/lib/jvm/openjdk-17/lib/src.zip"

// jvDiffCorpus is a set of files to compare on: the fixtures matching glob, or the directories
// of src.zip under prefixes.
type jvDiffCorpus struct {
	name     string
	glob     string
	prefixes []string
}

// jvDiffCorpora are the fixtures, the tuned corpus and the held-out one.
var jvDiffCorpora = []jvDiffCorpus{
	{name: "testdata", glob: "../../testdata/langs/*.java"},
	{name: "tuned", prefixes: []string{"java.base/java/util/"}},
	{name: "held-out", prefixes: []string{"java.base/java/io/", "java.base/java/net/", "java.base/java/time/", "java.sql/"}},
}

// files returns the corpus's files, sorted by path, or a reason to skip.
func (c jvDiffCorpus) files() ([]jvFile, string) {
	if c.glob == "" {
		return jvCorpusFiles(c.prefixes)
	}
	paths, _ := filepath.Glob(c.glob)
	var out []jvFile
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			return nil, err.Error()
		}
		out = append(out, jvFile{p, src})
	}
	return out, ""
}

// jvFile is one source file of the corpus.
type jvFile struct {
	path string
	src  []byte
}

// jvCorpusFiles returns the .java files of src.zip under prefixes, sorted by path, or a reason
// to skip.
func jvCorpusFiles(prefixes []string) ([]jvFile, string) {
	zr, err := zip.OpenReader(jvSrcZip)
	if err != nil {
		return nil, fmt.Sprintf("no JDK sources at %s (apt-get install openjdk-17-source): %v", jvSrcZip, err)
	}
	defer zr.Close()
	var out []jvFile
	for _, f := range zr.File {
		if !strings.HasSuffix(f.Name, ".java") || !slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(f.Name, p) }) {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return nil, fmt.Sprintf("read %s in %s: %v", f.Name, jvSrcZip, err)
		}
		src, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			return nil, fmt.Sprintf("read %s in %s: %v", f.Name, jvSrcZip, err)
		}
		out = append(out, jvFile{f.Name, src})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].path < out[j].path })
	return out, ""
}

// jvDiffStats tallies the Java scanner against tree-sitter (scannerDiff).
type jvDiffStats struct{ scannerDiff }

// TestJavaScannerAgainstTreeSitter compares the Java scanner's maps with the tree-sitter Java
// mapper's on the JDK's sources. Every file of the tuned corpus that tree-sitter parses cleanly
// must map equally; the held-out corpus is reported, and held to the same. Run with -v for the
// table, READMAP_SHOW_MISSES=1 for every difference.
func TestJavaScannerAgainstTreeSitter(t *testing.T) {
	var rows []string
	for _, c := range jvDiffCorpora {
		t.Run(c.name, func(t *testing.T) {
			files, skip := c.files()
			if skip != "" {
				t.Skipf("SKIP: %s", skip)
			}
			if len(files) == 0 {
				t.Skipf("SKIP: no Java files in %s%v", c.glob, c.prefixes)
			}
			st := &jvDiffStats{}
			ts := newTSMapper(javaGrammar()).(*tsMapper)
			for _, f := range files {
				st.add(f.path, f.src, ts)
			}
			rows = append(rows, st.row(c.name))
			st.report(t, "Java", 0)
		})
	}
	t.Logf("Java scanner against tree-sitter (clean: files tree-sitter parses without errors):\n"+scannerDiffHeader+"%s",
		strings.Join(rows, "\n"))
}

// add compares the two maps of one file.
func (st *jvDiffStats) add(path string, src []byte, ts *tsMapper) {
	ref, hadErrors, err := ts.mapOnce(context.Background(), src, src)
	st.compareFile(path, src, ref, hadErrors, err, jvMapper{}, func() [][2]int { return jvErrorLines(ts, src) })
}

// jvErrorLines returns the line spans of the declarations of tree-sitter's parse of src that
// hold syntax errors, looking into the bodies its walk enters.
func jvErrorLines(ts *tsMapper, src []byte) [][2]int {
	tree, err := ts.parse(context.Background(), src)
	if err != nil {
		return nil
	}
	defer tree.Close()
	return errorSpans(tree.RootNode(), 1, func(ch *sitter.Node) *sitter.Node {
		switch ch.Type() {
		case "class_declaration", "record_declaration", "interface_declaration", "annotation_type_declaration", "enum_declaration":
			if body := ch.ChildByFieldName("body"); body != nil && !body.IsMissing() && !ch.Child(0).HasError() {
				return body
			}
		case "enum_body_declarations":
			return ch
		}
		return nil
	})
}
