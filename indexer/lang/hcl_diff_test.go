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

// hclKinds are the kinds of the map's symbols for the kinds of definition hclDefs lists.
var hclKinds = map[string]store.Kind{"block": store.KindBlock, "attribute": store.KindVar}

// hclDefs appends body's definitions in source order, as HCL's own parser sees them and named the
// way the map names them: every block (named by its labels joined with dots, or by its type when
// it has none, from its type keyword to its closing brace), and the attributes the map holds:
// those at the top of a file (.tfvars) and in `locals` blocks. Arguments of other blocks are
// settings, not definitions: the map leaves them out, and they are only counted in *args. parent
// is the index in defs of the block body is the body of, or -1 at the top.
func hclDefs(defs []refDef, body *hclsyntax.Body, parent int, attrs bool, args *int) []refDef {
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
			defs = append(defs, refDef{Kind: "attribute", Name: a.Name, Start: a.SrcRange.Start.Line, End: a.SrcRange.End.Line, Parent: parent})
			continue
		}
		b := it.block
		name := b.Type
		if len(b.Labels) > 0 {
			name = strings.Join(b.Labels, ".")
		}
		defs = append(defs, refDef{Kind: "block", Name: name, Start: b.TypeRange.Start.Line, End: b.CloseBraceRange.End.Line, Parent: parent})
		defs = hclDefs(defs, b.Body, len(defs)-1, b.Type == "locals" && len(b.Labels) == 0, args)
	}
	return defs
}

// TestHCLAgainstHCLSyntax maps every file of the HCL corpus and compares the map with what
// hclsyntax, HCL's own parser, parses: each block and each top-level or `locals` attribute must
// be a symbol of the same name, kind and exactly the same lines (a block from its type keyword to
// its closing brace, so leading comments are not in it, as the README's map contract says),
// nested under the symbol of its enclosing block and in source order, and the map may hold no
// block or attribute the parser has not. Run with -v for the table; READMAP_SHOW_MISSES=1 lists
// every difference; READMAP_HCL_CORPUS measures another tree of HCL files.
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
	r := &refResult{
		same:    func(d refDef, s *store.Symbol) bool { return s.Name == d.Name && s.Kind == hclKinds[d.Kind] },
		counts:  func(s *store.Symbol) bool { return s.Kind == store.KindBlock || s.Kind == store.KindVar },
		nesting: true,
		ordered: true,
	}
	var (
		files, args int
		rejected    []string
	)
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel := strings.TrimPrefix(p, root+"/")
		parsed, diags := hclsyntax.ParseConfig(src, rel, hcl.Pos{Line: 1, Column: 1, Byte: 0})
		if diags.HasErrors() {
			// The reference has no answer for a file it rejects.
			rejected = append(rejected, fmt.Sprintf("  %s: hclsyntax: %v", rel, diags))
			continue
		}
		files++
		f := Map(context.Background(), p, src, Options{})
		if f.Language != "HCL" {
			t.Fatalf("%s: mapped as %q", rel, f.Language)
		}
		if err := CheckSymbols(f.Symbols, CountLines(src)); err != nil {
			t.Errorf("%s: %v", rel, err)
		}
		r.add(rel, f.Symbols, hclDefs(nil, parsed.Body.(*hclsyntax.Body), -1, true, &args))
	}
	t.Logf("HCL map vs hclsyntax: %d files (%d left out: hclsyntax rejects them), %d block arguments not compared "+
		"(not definitions), %d of %d symbols the parser has not:\n%s",
		files, len(rejected), args, len(r.extra), r.counted, r.table("hclsyntax"))
	r.logMisses(t, "hclsyntax")
	if len(rejected) > 0 {
		t.Logf("files hclsyntax rejects:\n%s", strings.Join(rejected, "\n"))
	}
	// The parser is exact, the corpus fixed, and the map agrees with it on every definition, so
	// no difference is tolerated: each one is a bug to fix. The committed corpus holds only files
	// hclsyntax accepts (another tree, from READMAP_HCL_CORPUS, may hold rejected ones).
	if root == hclCorpus && len(rejected) > 0 {
		t.Errorf("hclsyntax rejects %d files of the committed corpus", len(rejected))
	}
	r.wantMatched(t, "hclsyntax definitions", 100)
	r.wantExact(t, "hclsyntax definitions", 100)
	r.wantFewExtra(t, "hclsyntax", 0)
	r.wantPlaced(t, "hclsyntax definitions")
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
		want = append(want, d.Name)
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
