package lang

import (
	"cmp"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"

	"github.com/readmap/readmap/store"
)

// hclCorpus is the real HCL the mapper is measured on: Terraform's and HCL's own test
// configurations (see its SOURCE.md).
const hclCorpus = "../../testdata/corpus/hcl"

// hclDef is a definition as HCL's own parser sees it, named the way the map names it.
type hclDef struct {
	name       string
	kind       store.Kind // KindBlock for blocks, KindVar for attributes
	start, end int        // 1-based, inclusive
	parent     int        // index of the enclosing block's hclDef, -1 at top
}

// hclDefs appends body's definitions in source order: every block (named by its labels joined
// with dots, or by its type when it has none, from its type keyword to its closing brace), and
// the attributes the map holds: those at the top of a file (.tfvars) and in `locals` blocks.
// Arguments of other blocks are settings, not definitions: the map leaves them out, and they are
// only counted in *args.
func hclDefs(defs []hclDef, body *hclsyntax.Body, parent int, attrs bool, args *int) []hclDef {
	type item struct {
		at    int
		block *hclsyntax.Block
		attr  *hclsyntax.Attribute
	}
	var items []item
	for _, b := range body.Blocks {
		items = append(items, item{at: b.TypeRange.Start.Byte, block: b})
	}
	if !attrs {
		*args += len(body.Attributes)
	} else {
		for _, a := range body.Attributes {
			items = append(items, item{at: a.SrcRange.Start.Byte, attr: a})
		}
	}
	sort.Slice(items, func(i, j int) bool { return items[i].at < items[j].at })
	for _, it := range items {
		if a := it.attr; a != nil {
			defs = append(defs, hclDef{a.Name, store.KindVar, a.SrcRange.Start.Line, a.SrcRange.End.Line, parent})
			continue
		}
		b := it.block
		name := b.Type
		if len(b.Labels) > 0 {
			name = strings.Join(b.Labels, ".")
		}
		defs = append(defs, hclDef{name, store.KindBlock, b.TypeRange.Start.Line, b.CloseBraceRange.End.Line, parent})
		defs = hclDefs(defs, b.Body, len(defs)-1, b.Type == "locals" && len(b.Labels) == 0, args)
	}
	return defs
}

// hclTally counts one kind of definition in the comparison.
type hclTally struct {
	defs, exact, ranged, missing int
}

// row is the tally as a line of the -v table.
func (c hclTally) row(what string) string {
	return fmt.Sprintf("| %-10s | %5d | %5d | %6.2f%% | %13d | %7d |", what, c.defs, c.exact, c.pct(), c.ranged, c.missing)
}

// pct is the share of definitions found with exactly the parser's range.
func (c hclTally) pct() float64 { return 100 * float64(c.exact) / float64(max(c.defs, 1)) }

// TestHCLAgainstHCLSyntax maps every file of the HCL corpus and compares the map with what
// hclsyntax, HCL's own parser, parses: each block and each top-level or `locals` attribute must
// be a symbol of the same name, kind and exactly the same lines (a block from its type keyword
// to its closing brace, so leading comments are not in it, as the README's map contract says), nested under
// the symbol of its enclosing block, and the map may hold no block or attribute the parser has
// not. Run with -v for the table; READMAP_SHOW_MISSES=1 lists every difference;
// READMAP_HCL_CORPUS measures another tree of HCL files.
func TestHCLAgainstHCLSyntax(t *testing.T) {
	root := cmp.Or(os.Getenv("READMAP_HCL_CORPUS"), hclCorpus)
	var paths []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			switch filepath.Ext(p) {
			case ".tf", ".hcl", ".tfvars":
				paths = append(paths, p)
			}
		}
		return err
	})
	if err != nil || len(paths) == 0 {
		t.Fatalf("no HCL corpus under %s: %v", root, err)
	}
	var (
		blocks, attrs                 hclTally
		files, invalid, extras, args  int
		nested, nestedWrong, topWrong int
		diffs                         []string
	)
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel := strings.TrimPrefix(p, root+"/")
		parsed, diags := hclsyntax.ParseConfig(src, rel, hcl.Pos{Line: 1, Column: 1, Byte: 0})
		if diags.HasErrors() {
			invalid++ // the reference has no answer for a file it rejects
			diffs = append(diffs, fmt.Sprintf("%s: left out, hclsyntax: %v", rel, diags))
			continue
		}
		files++
		want := hclDefs(nil, parsed.Body.(*hclsyntax.Body), -1, true, &args)
		f := Map(context.Background(), p, src, Options{})
		if f.Language != "HCL" {
			t.Fatalf("%s: mapped as %q", rel, f.Language)
		}
		if err := CheckSymbols(f.Symbols, CountLines(src)); err != nil {
			t.Errorf("%s: %v", rel, err)
		}
		type key struct {
			name       string
			kind       store.Kind
			start, end int
		}
		exact := map[key][]int{} // the map's symbols by identity, in source order
		byName := map[string][]int{}
		used := make([]bool, len(f.Symbols))
		for i, s := range f.Symbols {
			k := key{s.Name, s.Kind, s.StartLine, s.EndLine}
			exact[k] = append(exact[k], i)
			byName[s.Name] = append(byName[s.Name], i)
		}
		match := make([]int, len(want)) // the symbol each definition matched exactly, or -1
		for i, d := range want {
			tally := &blocks
			if d.kind == store.KindVar {
				tally = &attrs
			}
			tally.defs++
			match[i] = -1
			k := key{d.name, d.kind, d.start, d.end}
			if c := exact[k]; len(c) > 0 {
				match[i], exact[k] = c[0], c[1:]
				used[c[0]] = true
				tally.exact++
				continue
			}
			var have []string
			for _, j := range byName[d.name] {
				have = append(have, fmt.Sprintf("%s [%d-%d]", f.Symbols[j].Kind, f.Symbols[j].StartLine, f.Symbols[j].EndLine))
			}
			if len(have) > 0 {
				tally.ranged++
			} else {
				tally.missing++
			}
			diffs = append(diffs, fmt.Sprintf("%s: %s %s [%d-%d], map has %v", rel, d.kind, d.name, d.start, d.end, have))
		}
		for i, d := range want {
			if match[i] < 0 {
				continue
			}
			got := f.Symbols[match[i]].Parent
			switch {
			case d.parent < 0 && got != -1:
				topWrong++
				diffs = append(diffs, fmt.Sprintf("%s: %s [%d] is top-level, map nests it in %s", rel, d.name, d.start, f.Symbols[got].Name))
			case d.parent >= 0 && match[d.parent] >= 0:
				nested++
				if got != match[d.parent] {
					nestedWrong++
					diffs = append(diffs, fmt.Sprintf("%s: %s [%d] is in %s, map's parent is %d", rel, d.name, d.start, want[d.parent].name, got))
				}
			}
		}
		for i, s := range f.Symbols {
			if !used[i] && (s.Kind == store.KindBlock || s.Kind == store.KindVar) {
				extras++
				diffs = append(diffs, fmt.Sprintf("%s: map has %s %s [%d-%d] that hclsyntax has not", rel, s.Kind, s.Name, s.StartLine, s.EndLine))
			}
		}
	}
	t.Logf("HCL map vs hclsyntax: %d files (%d left out: hclsyntax rejects them), %d block arguments not compared "+
		"(not definitions), %d symbols the parser has not, %d of %d nested definitions under the wrong parent, "+
		"%d top-level ones nested\n| definition | total | exact | %%       | range differs | missing |\n%s\n%s",
		files, invalid, args, extras, nestedWrong, nested, topWrong, blocks.row("blocks"), attrs.row("attributes"))
	if os.Getenv("READMAP_SHOW_MISSES") != "" {
		t.Logf("differences:\n%s", strings.Join(diffs, "\n"))
	}
	// The parser is exact, the corpus fixed, and the map agrees with it on every definition, so
	// no difference is tolerated: each one is a bug to fix. The committed corpus holds only files
	// hclsyntax accepts (another tree, from READMAP_HCL_CORPUS, may hold rejected ones).
	if blocks.exact < blocks.defs || attrs.exact < attrs.defs || extras > 0 || nestedWrong+topWrong > 0 || (root == hclCorpus && invalid > 0) {
		t.Errorf("HCL map differs from hclsyntax: %d of %d blocks and %d of %d attributes exact, %d extra symbols, "+
			"%d wrong parents, %d files rejected; first differences:\n%s",
			blocks.exact, blocks.defs, attrs.exact, attrs.defs, extras, nestedWrong+topWrong, invalid,
			strings.Join(diffs[:min(len(diffs), 20)], "\n"))
	}
}

// TestHCLLabelEscapes checks that quoted labels are named by their value, as hclsyntax decodes
// it, not as written: the corpus has no escaped label.
func TestHCLLabelEscapes(t *testing.T) {
	src := []byte("resource \"a\\\"b\" \"$${x}\" {\n}\n\nmodule \"\\u00e9\\\\%%{y}\" {\n  source = \"./m\\\\n\"\n}\n")
	parsed, diags := hclsyntax.ParseConfig(src, "escapes.tf", hcl.Pos{Line: 1, Column: 1})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	var args int
	var want, got []string
	for _, d := range hclDefs(nil, parsed.Body.(*hclsyntax.Body), -1, true, &args) {
		want = append(want, d.name)
	}
	f := Map(context.Background(), "escapes.tf", src, Options{})
	for _, s := range f.Symbols {
		got = append(got, s.Name)
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("names %q, hclsyntax's %q", got, want)
	}
	if len(f.Imports) != 1 || f.Imports[0] != `./m\n` {
		t.Errorf("imports %q, want [./m\\n]", f.Imports)
	}
}
