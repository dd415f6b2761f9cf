package lang

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/readmap/readmap/store"
)

// The OCaml scanner (ocaml_scan.go) against the tree-sitter OCaml mapper (ocaml.go's table), the
// independent implementation it replaced, kept for this comparison. Where tree-sitter parses a
// file without syntax errors, its map is a reference to be equal to, symbol for symbol (name,
// kind, qualified name, signature, first and last line, depth) with the same imports. Where it
// has errors, the scanner must hold each of its symbols outside the error regions (same name,
// same first line); those inside them are what the parser's recovery made of the text, and are
// only counted.
//
// The grammar parses implementations only. An interface (.mli) is given to it as the signature
// of a module type, a line `module type M__ = sig` put before its first and `end` after its
// last; the wrapper is taken off its map again, and every line moved back up by one.
//
// The scanner differs from the walk by design (ocaml_scan.go says why) in ways the comparison
// takes out: both mappers are given the file with its attributes [@...] blanked (their bytes but
// newlines made spaces: the grammar leaves them out of ranges, OCaml's parser and the scanner do
// not, and ocaml_parser_test.go checks the scanner's ranges with them), and the two maps are
// compared as sets, each sorted by line, depth, name and the rest (the walk lists a module's
// struct members before its signature's); the scanner's own order, the file's, is checked
// apart. The third difference, a class's local `let ... in` that the walk maps as a member,
// does not occur in the corpus.
//
// The corpus is the OCaml standard library that Debian's ocaml-nox installs. The scanner was
// written against /usr/lib/ocaml's own files and the fixtures ("tuned"); compiler-libs and
// threads were kept out of its making ("held out"), to say how it does on OCaml it has not seen.

// mlLibDir is where Debian's ocaml-nox installs the standard library's sources.
const mlLibDir = "/usr/lib/ocaml"

// mlDiffCorpus is a set of files to compare on: the files matching globs.
type mlDiffCorpus struct {
	name  string
	globs []string
}

// mlDiffCorpora are the fixtures, the tuned corpus and the held-out one.
var mlDiffCorpora = []mlDiffCorpus{
	{name: "testdata", globs: []string{"../../testdata/langs/*.ml", "../../testdata/langs/*.mli"}},
	{name: "tuned", globs: []string{mlLibDir + "/*.ml", mlLibDir + "/*.mli"}},
	{name: "held-out", globs: []string{mlLibDir + "/compiler-libs/*.ml", mlLibDir + "/compiler-libs/*.mli",
		mlLibDir + "/threads/*.ml", mlLibDir + "/threads/*.mli"}},
}

// mlFile is one source file of a corpus.
type mlFile struct {
	path string
	src  []byte
}

// iface reports whether the file is an interface.
func (f mlFile) iface() bool { return strings.HasSuffix(f.path, ".mli") }

// files returns the corpus's files, sorted by path, or a reason to skip.
func (c mlDiffCorpus) files() ([]mlFile, string) {
	var paths []string
	for _, g := range c.globs {
		m, _ := filepath.Glob(g)
		paths = append(paths, m...)
	}
	if len(paths) == 0 {
		return nil, fmt.Sprintf("no OCaml sources match %v (apt-get install ocaml-nox)", c.globs)
	}
	sort.Strings(paths)
	out := make([]mlFile, 0, len(paths))
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			return nil, err.Error()
		}
		out = append(out, mlFile{p, src})
	}
	return out, ""
}

// mlDiffStats tallies the OCaml scanner against tree-sitter (scannerDiff).
type mlDiffStats struct{ scannerDiff }

// TestOCamlScannerAgainstTreeSitter compares the OCaml scanner's maps with the tree-sitter OCaml
// mapper's on the standard library's sources. Every file that tree-sitter parses cleanly must
// map equally, and every symbol of the others outside their error regions must be held. Run
// with -v for the table, READMAP_SHOW_MISSES=1 for every difference.
func TestOCamlScannerAgainstTreeSitter(t *testing.T) {
	var rows []string
	for _, c := range mlDiffCorpora {
		t.Run(c.name, func(t *testing.T) {
			files, skip := c.files()
			if skip != "" {
				t.Skipf("SKIP: %s", skip)
			}
			ts := newTSMapper(ocamlGrammar()).(*tsMapper)
			for _, ext := range []string{".ml", ".mli"} {
				st := &mlDiffStats{}
				for _, f := range files {
					if filepath.Ext(f.path) == ext {
						st.add(f, ts)
					}
				}
				if st.files == 0 {
					continue
				}
				rows = append(rows, st.row(c.name+" "+ext))
				st.report(t, ext, 0)
			}
		})
	}
	t.Logf("OCaml scanner against tree-sitter (clean: files tree-sitter parses without errors):\n"+
		scannerDiffHeader+"%s",
		strings.Join(rows, "\n"))
}

// mlWrapHead and mlWrapTail make an interface the signature of a module type, for the grammar.
const (
	mlWrapHead = "module type M__ = sig\n"
	mlWrapTail = "\nend\n"
)

// mlTreeSitter maps f with the tree-sitter mapper: an interface wrapped in a module type, whose
// symbol is then taken off. hadErrors says the parse had syntax errors.
func mlTreeSitter(ts *tsMapper, f mlFile) (res *Result, hadErrors bool, err error) {
	src := f.src
	if f.iface() {
		src = slices.Concat([]byte(mlWrapHead), f.src, []byte(mlWrapTail))
	}
	res, hadErrors, err = ts.mapOnce(context.Background(), src, src)
	if err != nil || !f.iface() {
		return res, hadErrors, err
	}
	syms := res.Symbols
	if len(syms) == 0 || syms[0].Name != "M__" {
		return &Result{Imports: res.Imports}, true, nil
	}
	out := make([]store.Symbol, 0, len(syms)-1)
	for _, s := range syms[1:] {
		s.Parent--
		s.Depth--
		s.StartLine--
		s.EndLine--
		out = append(out, s)
	}
	return &Result{Symbols: out, Imports: res.Imports}, hadErrors, nil
}

// mlSortedKeys returns the comparable fields of each symbol of a normalized map, sorted by
// first line, depth, qualified name, signature, kind and last line.
func mlSortedKeys(syms []store.Symbol) []rsKey {
	keys := rsKeys(syms)
	slices.SortFunc(keys, func(a, b rsKey) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.Depth, b.Depth), cmp.Compare(a.Qualname, b.Qualname),
			cmp.Compare(a.Signature, b.Signature), cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.End, b.End), cmp.Compare(a.Name, b.Name))
	})
	return keys
}

// mlBlankAttrs returns src with each attribute [@...] made spaces (newlines kept), found with
// the scanner's lexer; item attributes [@@...] and floating ones [@@@...] stay.
func mlBlankAttrs(src []byte) []byte {
	out := slices.Clone(src)
	s := &mlScan{scanStop: scanStop{ctx: context.Background()}, lx: mlLex{src: src, line: 1}}
	for t := s.next(); t.kind() != mlEOF; t = s.next() {
		if s.attr(t) != mlAttr {
			continue
		}
		end := s.skipGroup()
		for i := int(t.s); i < min(int(end.e), len(out)); i++ {
			if out[i] != '\n' {
				out[i] = ' '
			}
		}
	}
	return out
}

// add compares the two maps of one file, attributes [@...] blanked.
func (st *mlDiffStats) add(f mlFile, ts *tsMapper) {
	f.src = mlBlankAttrs(f.src)
	ref, hadErrors, err := mlTreeSitter(ts, f)
	want, have, got, ok := st.scan(f.path, f.src, ref, err, mlMapper{})
	if !ok {
		return
	}
	if !slices.IsSortedFunc(have, func(a, b store.Symbol) int { return a.StartLine - b.StartLine }) {
		st.fail(f.path, errors.New("the scanner's symbols are not in the file's order"))
	}
	if hadErrors {
		st.holdOutsideErrors(f.path, want, have, mlErrorLines(ts, f))
		return
	}
	// The walk's order is not the file's in one construct (see ocaml_scan.go): compared sorted.
	wk, hk := mlSortedKeys(want), mlSortedKeys(have)
	if !st.compareClean(wk, hk, ref.Imports, got.Imports) {
		st.diffs = append(st.diffs, firstDiff(f.path, wk, hk, ref.Imports, got.Imports))
	}
}

// mlContainers are the node types of the declarations the walk enters, and of the bodies it
// walks: an error inside one of their bodies leaves the rest of them mapped.
var mlContainers = map[string]bool{
	"module_definition": true, "module_binding": true, "module_type_definition": true, "structure": true,
	"signature": true, "class_definition": true, "class_binding": true, "object_expression": true,
}

// mlErrorLines returns the line spans of the items of tree-sitter's parse of f that hold syntax
// errors, looking into the bodies its walk enters.
func mlErrorLines(ts *tsMapper, f mlFile) [][2]int {
	src := f.src
	if f.iface() {
		src = slices.Concat([]byte(mlWrapHead), f.src, []byte(mlWrapTail))
	}
	tree, err := ts.parse(context.Background(), src)
	if err != nil {
		return [][2]int{{1, CountLines(f.src)}}
	}
	defer tree.Close()
	shift := 1 // 0-based rows to 1-based lines, and up a line in a wrapped interface
	if f.iface() {
		shift = 0
	}
	return errorSpans(tree.RootNode(), shift, func(ch *sitter.Node) *sitter.Node {
		if mlContainers[ch.Type()] && !ch.IsMissing() && mlNestedErrorsOnly(ch) {
			return ch
		}
		return nil
	})
}

// mlNestedErrorsOnly reports whether every child of n that holds an error is a container.
func mlNestedErrorsOnly(n *sitter.Node) bool {
	if t := n.Type(); t == "structure" || t == "signature" || t == "object_expression" {
		return true // a list of items: each is looked at apart
	}
	for i := range int(n.ChildCount()) {
		ch := n.Child(i)
		if (ch.HasError() || ch.IsMissing()) && (!mlContainers[ch.Type()] || ch.IsMissing()) {
			return false
		}
	}
	return true
}
