package lang

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/readmap/readmap/store"
)

// The OCaml scanner against OCaml's own parser: `ocamlc -stop-after parsing -dparsetree` prints
// every item of a file (structure_item in an implementation, signature_item in an interface)
// with its location and what it declares. Each top-level item that names something must be a
// symbol of the scanner's map with the parser's name and the item's first and last lines. The
// parser's locations start at an item's keyword and end at its last token: a doc comment
// (** ... *) before or after an item is attached to it as an attribute but is not in its
// location, and the scanner's ranges leave it out likewise, in .ml and .mli files alike.
//
// How the parse tree is read: the printer's indentation wraps around in deep expressions, so
// the reading goes by the locations' byte offsets, not by indentation; and a line number
// directive (`# 17 "file.mli.c"`, in preprocessed sources) renumbers the lines it prints but
// not the offsets (bol+col), so an item's lines are counted from its offsets, in the file as it
// is. A line starts a top-level item when it is a structure_item or signature_item at the top's
// indentation that starts after the previous item ends; within an item, the parts that name
// something come in order, each starting after the one before ends, and what lies inside one (a
// nested `let`, a module's body) is skipped by its offsets.
//   - a `let` item (Pstr_value) has one <def> per binding; a binding names a value when its
//     pattern is a variable (Ppat_var), or the ghost constraint that `let f : t = ...` makes of one
//     (`let (x : t) = ...`, a constraint as written, binds no one name for the map, as for
//     tree-sitter); its range starts at the item (the first) or its pattern (the others) and ends
//     at its expression, the last at the item's end;
//   - type, class and class type declarations carry a location each, which for the bindings after
//     the first starts at their "and";
//   - a recursive module's bindings carry only their names: the bindings after the first start
//     there, and only the last one's end is known (the item's);
//   - every other item names one thing and has the item's range.
//
// `open M.N` items must be imports of the map. Items that name nothing (`let () = ...`,
// include, attributes, extensions, expressions) are not counted.

// mlLoc matches a location: file[line,bol+col]..[line,bol+col], where the end may name another
// file.
var mlLoc = regexp.MustCompile(`\[\d+,(\d+)\+(\d+)\]\.\.[^\[\]()]*\[\d+,(\d+)\+(\d+)\]\)`)

// mlQuoted matches a parse tree's quoted name.
var mlQuoted = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)

// mlSpan is a location: its byte offsets, the end's past its last byte.
type mlSpan struct{ start, end int }

// mlSpans returns the locations in s, in order.
func mlSpans(s string) []mlSpan {
	var out []mlSpan
	for _, m := range mlLoc.FindAllStringSubmatch(s, -1) {
		n := make([]int, 5)
		for i := 1; i < 5; i++ {
			n[i], _ = strconv.Atoi(m[i])
		}
		out = append(out, mlSpan{start: n[1] + n[2], end: n[3] + n[4]})
	}
	return out
}

// mlName returns the first quoted name in s.
func mlName(s string) string {
	if m := mlQuoted.FindStringSubmatch(s); m != nil {
		return m[1]
	}
	return ""
}

// mlItemName is one thing a top-level item names: its name and the offsets where its range
// starts and ends (-1: not known), then its lines (0: not known).
type mlItemName struct {
	name               string
	startOff, endOff   int
	startLine, endLine int
}

// mlItem is one top-level item of a parse tree.
type mlItem struct {
	kind  string // Pstr_value, Psig_type, ...
	span  mlSpan
	names []mlItemName
	open  string // the module path an `open` item opens
}

// mlTreeReader reads one item's lines.
type mlTreeReader struct {
	it     *mlItem
	cursor int    // the offset before which a line is inside a part already read
	want   string // what the next line must be for the current part: "pattern", "var", "inner", "expr", "body", "pci_name", "ident"
	ghost  bool   // the current binding's pattern is a ghost (`let f : t = ...`)
	patEnd int    // where the current binding's pattern ends
}

// mlParseTree parses `ocamlc -dparsetree` output into its top-level items.
func mlParseTree(out []byte) []mlItem {
	var items []mlItem
	var r mlTreeReader
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		body := strings.TrimLeft(line, " ")
		if len(line)-len(body) == 2 && (strings.HasPrefix(body, "structure_item (") || strings.HasPrefix(body, "signature_item (")) {
			if sp := mlSpans(body); len(sp) > 0 && (len(items) == 0 || sp[0].start >= items[len(items)-1].span.end) {
				items = append(items, mlItem{span: sp[0]})
				r = mlTreeReader{it: &items[len(items)-1], cursor: sp[0].start}
				continue
			}
		}
		if r.it != nil {
			r.line(body)
		}
	}
	for i := range items {
		items[i].finish()
	}
	return items
}

// line reads one line of an item's parse tree.
func (r *mlTreeReader) line(s string) {
	it := r.it
	if it.kind == "" {
		it.kind, _, _ = strings.Cut(s, " ")
		switch it.kind {
		case "Psig_module", "Psig_modsubst", "Pstr_modtype", "Psig_modtype", "Psig_modtypesubst":
			it.names = append(it.names, mlItemName{name: mlName(s), endOff: -1})
		case "Psig_open":
			it.open = mlName(s)
		case "Pstr_open":
			r.want = "module_expr"
		}
		return
	}
	spans := mlSpans(s)
	switch it.kind {
	case "Pstr_value":
		r.value(s, spans)
	case "Pstr_primitive", "Psig_value":
		r.first(s, "value_description ")
	case "Pstr_typext", "Psig_typext":
		r.first(s, "ptyext_path = ")
	case "Pstr_exception", "Psig_exception":
		r.first(s, "pext_name = ")
	case "Pstr_module":
		r.first(s, `"`)
	case "Pstr_type", "Psig_type", "Psig_typesubst":
		if strings.HasPrefix(s, "type_declaration ") && len(spans) == 2 && spans[1].start >= r.cursor {
			it.names = append(it.names, mlItemName{name: mlName(s), startOff: spans[1].start, endOff: spans[1].end})
			r.cursor = spans[1].end
		}
	case "Pstr_recmodule", "Psig_recmodule":
		r.recModule(s, spans)
	case "Pstr_class", "Psig_class", "Pstr_class_type", "Psig_class_type":
		r.class(s, spans)
	case "Pstr_open":
		r.openPath(s)
	}
}

// first takes the item's name from the first line that starts with prefix.
func (r *mlTreeReader) first(s, prefix string) {
	if len(r.it.names) == 0 && strings.HasPrefix(s, prefix) {
		r.it.names = append(r.it.names, mlItemName{name: mlName(s), endOff: -1})
	}
}

// openPath takes an `open` item's path: the module expression's, when it is an identifier.
func (r *mlTreeReader) openPath(s string) {
	switch {
	case r.want == "module_expr" && strings.HasPrefix(s, "module_expr ("):
		r.want = "ident"
	case r.want == "ident":
		if strings.HasPrefix(s, "Pmod_ident ") {
			r.it.open = mlName(s)
		}
		r.want = ""
	}
}

// value reads a line of a `let` item: each <def> after the one before ends is a binding, named
// when its pattern is a variable.
func (r *mlTreeReader) value(s string, spans []mlSpan) {
	it := r.it
	switch {
	case r.want == "" && s == "<def>":
		r.want = "pattern"
	case r.want == "pattern" && strings.HasPrefix(s, "pattern (") && len(spans) > 0:
		if spans[0].start < r.cursor {
			r.want = "" // a <def> of a nested let
			return
		}
		it.names = append(it.names, mlItemName{startOff: spans[0].start, endOff: -1})
		r.ghost, r.patEnd, r.want = strings.HasSuffix(s, " ghost"), spans[0].end, "var"
	case r.want == "var":
		r.want = "expr"
		switch {
		case strings.HasPrefix(s, "Ppat_var "):
			it.names[len(it.names)-1].name = mlName(s)
		case s == "Ppat_constraint" && r.ghost:
			r.want = "inner"
		}
	case r.want == "inner":
		if strings.HasPrefix(s, "Ppat_var ") {
			it.names[len(it.names)-1].name = mlName(s)
			r.want = "expr"
		}
	case r.want == "expr" && strings.HasPrefix(s, "expression (") && len(spans) > 0 && spans[0].start >= r.patEnd:
		it.names[len(it.names)-1].endOff = spans[0].end
		r.cursor, r.want = spans[0].end, ""
	}
}

// recModule reads a line of a recursive module item: each binding's name, after the binding
// before it ends (at the end of its module type or expression).
func (r *mlTreeReader) recModule(s string, spans []mlSpan) {
	switch {
	case r.want == "" && strings.HasPrefix(s, `"`) && len(spans) > 0 && spans[0].start >= r.cursor:
		r.it.names = append(r.it.names, mlItemName{name: mlName(s), startOff: spans[0].start, endOff: -1})
		r.want = "body"
	case r.want == "body" && (strings.HasPrefix(s, "module_expr (") || strings.HasPrefix(s, "module_type (")) && len(spans) > 0:
		r.cursor, r.want = spans[0].end, ""
	}
}

// class reads a line of a class or class type item: each declaration has a location, then its
// name.
func (r *mlTreeReader) class(s string, spans []mlSpan) {
	switch {
	case r.want == "" && len(spans) > 0 && spans[0].start >= r.cursor && (strings.HasPrefix(s, "class_declaration (") ||
		strings.HasPrefix(s, "class_description (") || strings.HasPrefix(s, "class_type_declaration (")):
		r.it.names = append(r.it.names, mlItemName{startOff: spans[0].start, endOff: spans[0].end})
		r.cursor, r.want = spans[0].end, "pci_name"
	case r.want == "pci_name" && strings.HasPrefix(s, "pci_name = "):
		r.it.names[len(r.it.names)-1].name = mlName(s)
		r.want = ""
	}
}

// finish gives an item's names the ranges they take from the item (the first starts with it,
// the last ends with it, a lone one has its range), and keeps those with a name.
func (it *mlItem) finish() {
	var named []mlItemName
	for i, n := range it.names {
		if i == 0 {
			n.startOff = it.span.start
		}
		if i == len(it.names)-1 {
			n.endOff = it.span.end
		}
		if n.name != "" && n.name != "_" {
			named = append(named, n)
		}
	}
	it.names = named
}

// lines sets the lines of each name from its offsets in src.
func (it *mlItem) lines(src []byte) {
	for i := range it.names {
		n := &it.names[i]
		n.startLine = mlLineAt(src, n.startOff)
		if n.endOff >= 0 {
			n.endLine = mlLineAt(src, n.endOff)
		}
	}
}

// mlLineAt returns the 1-based line of byte offset off of src.
func mlLineAt(src []byte, off int) int {
	return 1 + bytes.Count(src[:min(max(off, 0), len(src))], []byte("\n"))
}

// mlParserStats counts the items compared on the files of one kind of a corpus.
type mlParserStats struct {
	files, items, equal int
	opens, imported     int
	misses              []string
}

// TestOCamlScannerAgainstOCamlParser compares the scanner's top-level symbols with what OCaml's
// own parser (ocamlc 4.13's -dparsetree) says each item of each .ml and .mli of the standard
// library declares. Run with -v for the table, READMAP_SHOW_MISSES=1 for every difference.
func TestOCamlScannerAgainstOCamlParser(t *testing.T) {
	ocamlc, err := exec.LookPath("ocamlc")
	if err != nil {
		t.Skip("SKIP: ocamlc is not installed (apt-get install ocaml-nox)")
	}
	var rows []string
	for _, c := range mlDiffCorpora {
		t.Run(c.name, func(t *testing.T) {
			files, skip := c.files()
			if skip != "" {
				t.Skipf("SKIP: %s", skip)
			}
			trees := mlParseTrees(t, ocamlc, files)
			for _, ext := range []string{".ml", ".mli"} {
				st := &mlParserStats{}
				for i, f := range files {
					if filepath.Ext(f.path) == ext && trees[i] != nil {
						st.add(f, trees[i])
					}
				}
				if st.files == 0 {
					continue
				}
				rows = append(rows, fmt.Sprintf("| %-14s | %5d | %6d of %6d (%s) | %4d of %4d |", c.name+" "+ext, st.files,
					st.equal, st.items, refShare(st.equal, st.items), st.imported, st.opens))
				if os.Getenv("READMAP_SHOW_MISSES") != "" {
					t.Logf("%s differences:\n%s", ext, strings.Join(st.misses, "\n"))
				}
				if st.equal < st.items || st.imported < st.opens {
					t.Errorf("%d of %d items of %s files and %d of %d opens differ from OCaml's parser; first:\n%s",
						st.items-st.equal, st.items, ext, st.opens-st.imported, st.opens, refFirst(st.misses))
				}
			}
		})
	}
	t.Logf("OCaml scanner against ocamlc -dparsetree (top-level items with a name; opens of a module path):\n"+
		"| corpus         | files | items equal                 | opens mapped |\n%s", strings.Join(rows, "\n"))
}

// mlParseTrees runs ocamlc on every file, two at a time, and returns the items of each file's
// parse tree. A file it does not parse fails t: the corpora are sources it compiles.
func mlParseTrees(t *testing.T, ocamlc string, files []mlFile) [][]mlItem {
	out := make([][]mlItem, len(files))
	var wg sync.WaitGroup
	work := make(chan int)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				// -nopervasives: ocamlc opens Stdlib first, which stdlib.ml and stdlib.mli
				// themselves define ("Unbound module Stdlib"); a parse does not need it.
				dump, err := exec.Command(ocamlc, "-nopervasives", "-stop-after", "parsing", "-dparsetree", files[i].path).CombinedOutput()
				if err != nil {
					t.Errorf("%s: ocamlc: %v: %s", files[i].path, err, mlFirstLine(dump))
					continue
				}
				out[i] = mlParseTree(dump)
			}
		}()
	}
	for i := range files {
		work <- i
	}
	close(work)
	wg.Wait()
	return out
}

// mlFirstLine returns the first line of b.
func mlFirstLine(b []byte) string {
	line, _, _ := bytes.Cut(b, []byte("\n"))
	return string(line)
}

// add compares the scanner's map of one file with its parse tree's items.
func (st *mlParserStats) add(f mlFile, items []mlItem) {
	st.files++
	res, err := mlMapper{}.Map(context.Background(), f.src)
	if err != nil {
		st.misses = append(st.misses, fmt.Sprintf("  %s: %v", f.path, err))
		return
	}
	syms := normalize(slices.Clone(res.Symbols), CountLines(f.src))
	for _, it := range items {
		it.lines(f.src)
		for _, n := range it.names {
			st.items++
			if s := mlTopSymbol(syms, n); s != nil {
				st.equal++
				continue
			}
			st.misses = append(st.misses, fmt.Sprintf("  %s:%d %s %q [%d-%d]: %s", f.path, n.startLine, it.kind, n.name, n.startLine, n.endLine,
				mlNearest(syms, n)))
		}
		if it.open != "" {
			st.opens++
			if slices.Contains(res.Imports, it.open) {
				st.imported++
			} else {
				st.misses = append(st.misses, fmt.Sprintf("  %s:%d open %q: not an import", f.path, mlLineAt(f.src, it.span.start), it.open))
			}
		}
	}
}

// mlTopSymbol returns the top-level symbol with n's name and lines, or nil. A keyword operator
// keeps its parentheses in the map's name, "( mod )", where the parser says "mod".
func mlTopSymbol(syms []store.Symbol, n mlItemName) *store.Symbol {
	for i, s := range syms {
		if s.Depth == 0 && mlBareName(s.Name) == n.name && s.StartLine == n.startLine && (n.endLine == 0 || s.EndLine == n.endLine) {
			return &syms[i]
		}
	}
	return nil
}

// mlBareName strips a keyword operator's parentheses.
func mlBareName(name string) string {
	return strings.TrimSuffix(strings.TrimPrefix(name, "( "), " )")
}

// mlNearest describes the top-level symbol of n's name nearest to its line, for a failure.
func mlNearest(syms []store.Symbol, n mlItemName) string {
	var best *store.Symbol
	for i, s := range syms {
		if s.Depth == 0 && mlBareName(s.Name) == n.name && (best == nil || mlAbs(s.StartLine-n.startLine) < mlAbs(best.StartLine-n.startLine)) {
			best = &syms[i]
		}
	}
	if best == nil {
		return "no top-level symbol of that name"
	}
	return fmt.Sprintf("the map has %s %q [%d-%d]", best.Kind, best.Name, best.StartLine, best.EndLine)
}

// mlAbs returns the absolute value of n.
func mlAbs(n int) int { return max(n, -n) }
