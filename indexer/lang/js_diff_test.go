package lang

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/javascript"

	"github.com/readmap/readmap/store"
)

// The JavaScript scanner (js_scan.go) against the tree-sitter walk with javascript.go's table,
// the mapper it replaced, kept for this comparison. Where tree-sitter parses a file without
// syntax errors its map is the reference, symbol for symbol (name, kind, qualified name,
// signature, first and last line, depth) with the same imports; where it has errors the scanner
// must hold each of its symbols outside the error regions (same name, same first line).
//
// The corpora are Debian's node packages (/usr/share/nodejs), npm's own tree
// (/usr/lib/node_modules) and the agents the end-to-end tests install, split before any
// debugging into the packages the scanner was tuned on and the packages it never was.

// jsDiffCorpus is a set of JavaScript files to compare on: those under roots up to
// maxTreeSitterBytes, or with large set those over it (which the walk maps here, outside the
// mapper, to check the scanner's maps of the files only the scanner maps).
type jsDiffCorpus struct {
	name  string
	roots []string
	large bool
}

// jsTunedPackages are the packages of /usr/share/nodejs the scanner was debugged against.
var jsTunedPackages = []string{"acorn", "acorn-bigint", "acorn-class-fields", "acorn-dynamic-import",
	"acorn-export-ns-from", "acorn-globals", "acorn-import-assertions", "acorn-import-meta", "acorn-jsx",
	"acorn-loose", "acorn-node", "acorn-numeric-separator", "acorn-private-class-elements",
	"acorn-private-methods", "acorn-static-class-features", "acorn-walk", "commander", "esprima", "semver",
	"typescript"}

// jsHeldOutPackages are the packages of /usr/share/nodejs never debugged against, chosen up front.
var jsHeldOutPackages = []string{"argparse", "js-yaml", "lru-cache", "sprintf-js", "xtend", "yallist", "yaml"}

// jsDiffCorpora returns the corpora: the fixtures, the tuned packages, the held-out packages and
// npm's tree (held out too).
func jsDiffCorpora() []jsDiffCorpus {
	fixtures, _ := filepath.Glob("../../testdata/langs/*.js")
	under := func(pkgs []string) []string {
		var out []string
		for _, p := range pkgs {
			out = append(out, filepath.Join("/usr/share/nodejs", p))
		}
		return out
	}
	return []jsDiffCorpus{
		{name: "testdata", roots: fixtures},
		{name: "tuned", roots: under(jsTunedPackages)},
		{name: "held out", roots: under(jsHeldOutPackages)},
		{name: "held out: npm", roots: []string{"/usr/lib/node_modules"}},
		{name: "held out: e2e", roots: []string{jsE2EModules()}},
		{name: "over 8 MiB", roots: []string{"/usr/share/nodejs", "/usr/lib/node_modules", jsE2EModules()}, large: true},
	}
}

// jsE2EModules returns the node_modules the end-to-end tests install their agents into (the
// bundles of Claude Code, Codex, Gemini CLI, pi, opencode and their dependencies), held out too.
func jsE2EModules() string {
	if dir := os.Getenv("READMAP_E2E_NODE_MODULES"); dir != "" {
		return dir
	}
	home, _ := os.UserHomeDir()
	return filepath.Join(home, ".cache", "readmap-e2e", "node_modules")
}

// jsFiles returns the JavaScript files under roots up to maxTreeSitterBytes (over it with
// large), sorted.
func jsFiles(roots []string, large bool) []string {
	var out []string
	for _, root := range roots {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !d.Type().IsRegular() {
				return nil
			}
			switch filepath.Ext(p) {
			case ".js", ".mjs", ".cjs", ".jsx":
				if info, err := d.Info(); err == nil && (info.Size() > maxTreeSitterBytes) == large {
					out = append(out, p)
				}
			}
			return nil
		})
	}
	sort.Strings(out)
	return out
}

// jsDiffStats is what the comparison counted on one corpus.
type jsDiffStats struct {
	scannerDiff
	fallbacks int // files the scanner was unsure of, which the mapper hands to tree-sitter
}

// TestJavaScriptScannerAgainstTreeSitter compares the JavaScript scanner's maps with the
// tree-sitter walk's on every file of the corpora. Run with -v for the table,
// READMAP_SHOW_MISSES=1 for every difference, READMAP_JS_LARGE=1 for the files over 8 MiB too.
func TestJavaScriptScannerAgainstTreeSitter(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: the corpora take a minute")
	}
	var rows []string
	for _, c := range jsDiffCorpora() {
		t.Run(c.name, func(t *testing.T) {
			if c.large && os.Getenv("READMAP_JS_LARGE") == "" {
				t.Skip("SKIP: set READMAP_JS_LARGE=1 to compare the files over 8 MiB (a minute, and 400 MB for a tree)")
			}
			files := jsFiles(c.roots, c.large)
			if len(files) == 0 {
				t.Skipf("SKIP: no JavaScript files under %v (apt-get install node-acorn node-semver ... npm)", c.roots)
			}
			st := &jsDiffStats{}
			ts := newTSMapper(jsGrammar(javascript.GetLanguage)).(*tsMapper)
			for _, f := range files {
				src, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				st.add(f, src, ts)
			}
			rows = append(rows, st.row(c.name)+fmt.Sprintf(" %9d |", st.fallbacks))
			st.report(t, "JavaScript", 0)
		})
	}
	t.Logf("JavaScript scanner against tree-sitter (clean: files tree-sitter parses without errors; fallbacks: files the scanner hands to tree-sitter):\n"+
		strings.TrimSuffix(scannerDiffHeader, "\n")+" fallbacks |\n%s", strings.Join(rows, "\n"))
}

// add compares the two maps of one file.
func (st *jsDiffStats) add(path string, src []byte, ts *tsMapper) {
	ref, hadErrors, err := ts.mapOnce(context.Background(), src, src)
	st.compareFile(path, src, ref, hadErrors, err, jsScanOnly{&st.fallbacks}, func() [][2]int { return jsErrorLines(ts, src) })
}

// jsScanOnly is the scanner alone as a Mapper, counting the files it is unsure of.
type jsScanOnly struct{ unsure *int }

// Map maps src with the scanner, whose map of a file it is unsure of is still compared.
func (m jsScanOnly) Map(ctx context.Context, src []byte) (*Result, error) {
	res, err := jsScanFile(ctx, src)
	if errors.Is(err, errJSUnsure) {
		*m.unsure++
		return res, nil
	}
	return res, err
}

// jsErrorContainers are the node types jsErrorLines looks into for the statements with errors:
// those the walk maps the declarations of (module wrappers, class bodies, objects, exports).
var jsErrorContainers = map[string]bool{
	"expression_statement": true, "call_expression": true, "parenthesized_expression": true,
	"unary_expression": true, "arguments": true, "function_expression": true, "function": true,
	"arrow_function": true, "statement_block": true, "class_declaration": true, "class_body": true,
	"class": true, "export_statement": true, "assignment_expression": true, "object": true,
}

// jsErrorLines returns the line spans of the statements and members of tree-sitter's parse of src
// that hold syntax errors, looking into the containers the walk enters.
func jsErrorLines(ts *tsMapper, src []byte) [][2]int {
	tree, err := ts.parse(context.Background(), src)
	if err != nil {
		return nil
	}
	defer tree.Close()
	return errorSpans(tree.RootNode(), 1, func(ch *sitter.Node) *sitter.Node {
		if jsErrorContainers[ch.Type()] && !ch.IsMissing() {
			return ch
		}
		return nil
	})
}

// jsSymbolLines renders symbols as the unit tests list them: kind, qualified name, lines and
// signature.
func jsSymbolLines(syms []store.Symbol) []string {
	var out []string
	for _, s := range syms {
		out = append(out, fmt.Sprintf("%s %s [%d-%d] %s", s.Kind, s.Qualname, s.StartLine, s.EndLine, s.Signature))
	}
	return out
}
