package lang

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/readmap/readmap/store"
)

// typescriptJS is Debian's node-typescript, the reference parser.
const typescriptJS = "/usr/share/nodejs/typescript/lib/typescript.js"

// tscCorpus is the real JavaScript and TypeScript the differential test reads, from the Debian
// packages .ci/run installs: a root folder and the file names taken under it (at any depth).
var tscCorpus = []struct {
	root  string
	match func(name string) bool
}{
	// TypeScript's declaration files: the standard library, the compiler's API and protocol.
	{"/usr/share/nodejs/typescript/lib", func(n string) bool {
		return strings.HasPrefix(n, "lib.") && strings.HasSuffix(n, ".d.ts") || n == "typescript.d.ts" || n == "protocol.d.ts"
	}},
	{"/usr/share/nodejs/@types", tscSuffix(".d.ts")},
	{"/usr/share/nodejs/commander/typings", tscSuffix(".d.ts")},
	{"/usr/share/nodejs/lru-cache", tscSuffix(".d.ts")},
	// JavaScript: ES classes and CommonJS (semver, commander), prototype assignments (yallist,
	// lru-cache), the compiler's small helper scripts, commander's examples.
	{"/usr/share/nodejs/semver", tscSuffix(".js")},
	{"/usr/share/nodejs/commander", tscSuffix(".js")},
	{"/usr/share/nodejs/lru-cache", tscSuffix(".js")},
	{"/usr/share/nodejs/yallist", tscSuffix(".js")},
	{"/usr/share/nodejs/typescript/lib", tscSuffix(".js")},
	{"/usr/share/doc/node-commander/examples", tscSuffix(".js")},
	// node-acorn: an ES module parser built of prototype assignments (pp.parseTopLevel = ...),
	// and the same code in UMD wrappers (.js).
	{"/usr/share/nodejs/acorn/dist", tscSuffix("js")},
	{"/usr/share/nodejs/acorn-loose/dist", tscSuffix("js")},
	{"/usr/share/nodejs/acorn-walk/dist", tscSuffix("js")},
	// node-js-yaml and its dependencies: CommonJS functions, a large ES class file (argparse),
	// TypeScript's ES5 output (esprima).
	{"/usr/share/nodejs/js-yaml/lib", tscSuffix(".js")},
	{"/usr/share/nodejs/argparse", tscSuffix(".js")},
	{"/usr/share/nodejs/esprima/src", tscSuffix(".js")},
	// node-yaml: TypeScript compiled to CommonJS classes, with its declaration files.
	{"/usr/share/nodejs/yaml/dist", func(n string) bool { return strings.HasSuffix(n, ".js") || strings.HasSuffix(n, ".d.ts") }},
	// readmap's own fixtures: decorators, JSDoc, TSX, which the packages above lack.
	{"../../testdata/langs", func(n string) bool { return n == "widget.ts" || n == "Dashboard.tsx" || n == "router.js" }},
}

// tscPackages are the Debian packages that hold the reference parser and the corpus.
const tscPackages = "nodejs node-typescript node-semver node-commander node-acorn node-js-yaml node-yaml"

// tscMaxFile leaves out TypeScript's bundled compiler (6 to 11 MB a file): one such file alone
// would take longer than the rest together, and past 8 MiB readmap maps with line heuristics.
const tscMaxFile = 2 << 20

// tscSuffix matches file names ending in suffix.
func tscSuffix(suffix string) func(string) bool {
	return func(n string) bool { return strings.HasSuffix(n, suffix) }
}

// tscDef is one declaration testdata/tools/tsdefs.js prints: lines are 1-based and inclusive;
// GroupStart and GroupEnd, when set, are the lines of the run of overloads it belongs to.
type tscDef struct {
	File       string `json:"file"`
	Kind       string `json:"kind"`
	Name       string `json:"name"`
	Start      int    `json:"start"`
	End        int    `json:"end"`
	GroupStart int    `json:"group_start"`
	GroupEnd   int    `json:"group_end"`
}

// TestTypeScriptAgainstTSC checks readmap's JavaScript and TypeScript maps against TypeScript's
// own parser (Debian's node-typescript, run by node) on real files. Every declaration the parser
// finds where readmap looks (see testdata/tools/tsdefs.js) must be a symbol of the same name whose
// range holds the declaration's first line (the ctags criterion), and have exactly its lines
// (first decorator or keyword to last token; a run of overloads as one). Imports must be in the
// file's imports. The other way round, readmap's functions, classes, methods and types that the
// parser does not declare there are counted. Run with -v for the table, with
// READMAP_SHOW_MISSES=1 for every miss.
//
// The map agrees with the parser on every declaration of the corpus, but the corpus is whatever
// Debian ships, so the bars leave a little room for a new release's constructs rather than asking
// for all: 99% found, 99.5% with exactly the parser's lines in each language and 98% in each kind
// of 20 or more (so that a kind gone wrong cannot hide among 10,000 properties), at most 0.5% made
// up. Before the fixes that came with this test, 97.4% of TypeScript's declarations had exact
// lines and 94.5% of its properties were found at all.
func TestTypeScriptAgainstTSC(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("SKIP: node is not installed (apt-get install " + tscPackages + ")")
	}
	if _, err := os.Stat(typescriptJS); err != nil {
		t.Skip("SKIP: TypeScript's parser is not installed (apt-get install " + tscPackages + ")")
	}
	var files []string
	for _, c := range tscCorpus {
		filepath.WalkDir(c.root, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !c.match(d.Name()) {
				return nil
			}
			if info, err := d.Info(); err == nil && info.Size() <= tscMaxFile && !slices.Contains(files, p) {
				files = append(files, p)
			}
			return nil
		})
	}
	if len(files) < 50 {
		t.Skipf("SKIP: only %d corpus files under /usr/share/nodejs (apt-get install %s)", len(files), tscPackages)
	}
	sort.Strings(files)
	start := time.Now()
	defs := tscDefs(t, node, files)
	elapsed := time.Since(start)

	var paths []string
	for _, d := range defs {
		if !slices.Contains(paths, d.File) {
			paths = append(paths, d.File)
		}
	}
	maps := refMapFiles(t, paths, "")
	var decls []refDef
	for _, d := range defs {
		if d.Kind != "import" {
			decls = append(decls, refDef{Path: d.File, Kind: d.Kind, Name: d.Name, Start: d.Start, End: d.End,
				Lang: maps[d.File].Language, RunStart: d.GroupStart, RunEnd: d.GroupEnd})
		}
	}
	// The other way round, readmap's declarations count; variables and members are left out: the
	// parser lists every one where readmap looks.
	r := refCompare(maps, decls, refSameName,
		refKinds(store.KindFunction, store.KindMethod, store.KindConstructor, store.KindClass, store.KindInterface,
			store.KindEnum, store.KindType, store.KindNamespace, store.KindModule))
	for _, d := range defs {
		if d.Kind == "import" {
			f := maps[d.File]
			found := refMissing
			if slices.Contains(f.Imports, d.Name) {
				found = refSameLines // an import has no lines: found is all there is to be
			}
			r.tally(f.Language, d.Kind, found, fmt.Sprintf("  %s: import %q", d.File, d.Name))
		}
	}
	t.Logf("readmap against TypeScript's parser on %d files (node %s):\n%s\nreadmap declarations the parser does not list: %d of %d (%.2f%%)",
		len(files), elapsed.Round(time.Millisecond), r.table("tsc"), len(r.extra), r.counted, refPct(len(r.extra), r.counted))
	r.logMisses(t, "the parser")
	r.wantMatched(t, "declarations", 99)
	r.wantExact(t, "declarations", 99.5)
	r.wantKindsExact(t, "declarations", 98, 20)
	if langs := r.langs(); !slices.Contains(langs, "JavaScript") || !slices.Contains(langs, "TypeScript") {
		t.Errorf("languages measured: %q, want JavaScript and TypeScript", langs)
	}
	r.wantFewExtra(t, "the parser", 0.5)
}

// tscDefs runs testdata/tools/tsdefs.js once over files.
func tscDefs(t *testing.T, node string, files []string) []tscDef {
	var stderr bytes.Buffer
	cmd := exec.Command(node, append([]string{filepath.Join("..", "..", "testdata", "tools", "tsdefs.js"), typescriptJS}, files...)...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("tsdefs.js: %v\n%s", err, stderr.Bytes())
	}
	if stderr.Len() > 0 {
		t.Errorf("TypeScript's parser reports errors in the corpus:\n%s", stderr.Bytes())
	}
	var defs []tscDef
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var d tscDef
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil || d.File == "" || d.Name == "" {
			t.Fatalf("tsdefs.js printed %q: %v", sc.Text(), err)
		}
		defs = append(defs, d)
	}
	if len(defs) == 0 {
		t.Fatal("tsdefs.js found no declarations")
	}
	return defs
}
