package main

import (
	"context"
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/readmap/readmap/indexer/lang"
	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/query/tags"
	"github.com/readmap/readmap/store"
	"github.com/sourcegraph/scip/bindings/go/scip"
	"google.golang.org/protobuf/proto"
)

// exportRepo is a repository of every language fixture and the Go files of GOROOT/src/net/http,
// for the export tests.
func exportRepo(t *testing.T) string {
	t.Helper()
	files := map[string]string{}
	entries, err := os.ReadDir(filepath.Join("..", "..", "testdata", "langs"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		files["langs/"+e.Name()] = string(fixture(t, "langs/"+e.Name()))
	}
	http, _ := filepath.Glob(filepath.Join(gorootSrc(), "net", "http", "*.go"))
	for _, p := range http {
		files["http/"+filepath.Base(p)] = string(mustRead(t, p))
	}
	return repo(t, files)
}

// TestExportTagsReadtagsFindsWhatSymFinds: `readtags -t tags NAME`, universal-ctags' own reader,
// finds in the exported file what `sym NAME` finds (every definition named NAME exactly, at the
// same file and line), for every fourth name of the repository (over a thousand).
func TestExportTagsReadtagsFindsWhatSymFinds(t *testing.T) {
	readtags, err := exec.LookPath("readtags")
	if err != nil {
		t.Skip("readtags (Debian's universal-ctags) is not installed")
	}
	root := exportRepo(t)
	if _, stderr, code := cli(t, root, "export", "--format", "ctags"); code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	paths, _ := filepath.Glob(filepath.Join(root, "*", "*"))
	names := map[string]bool{}
	for _, p := range paths {
		rel, _ := filepath.Rel(root, p)
		out, _, code := cli(t, root, "map", "--json", rel)
		if code != 0 {
			continue // a binary fixture
		}
		var f struct{ Symbols []struct{ Name, Kind string } }
		if err := json.Unmarshal([]byte(out), &f); err != nil {
			t.Fatal(err)
		}
		for _, s := range f.Symbols {
			if s.Kind != "landmark" && !strings.ContainsAny(s.Name, "\t\n\r") && !strings.HasPrefix(s.Name, "!") {
				names[s.Name] = true
			}
		}
	}
	if len(names) < 4000 {
		t.Fatalf("only %d names in the repository", len(names))
	}
	// Every fourth name in order, so the test stays short under the race detector.
	var sample []string
	for name := range names {
		sample = append(sample, name)
	}
	sort.Strings(sample)
	compared := 0
	for i, name := range sample {
		if i%4 != 0 {
			continue
		}
		symOut, _, _ := cli(t, root, "sym", "--json", "--limit", "1000", "--", name)
		var hits []struct {
			Path, Name, Kind string
			StartLine        int `json:"start_line"`
		}
		if err := json.Unmarshal([]byte(symOut), &hits); err != nil {
			t.Fatalf("sym %q --json: %v", name, err)
		}
		var want []string
		for _, h := range hits {
			if h.Name == name && h.Kind != "landmark" {
				want = append(want, h.Path+":"+itoa(h.StartLine))
			}
		}
		cmd := exec.Command(readtags, "-t", "tags", "-e", "-n", "-", name)
		cmd.Dir = root
		got, err := cmd.Output()
		if err != nil {
			t.Fatalf("readtags %q: %v", name, err)
		}
		var found []string
		for _, l := range strings.Split(strings.TrimSpace(string(got)), "\n") {
			fields := strings.Split(l, "\t")
			if len(fields) < 3 {
				continue
			}
			for _, f := range fields[3:] {
				if line, ok := strings.CutPrefix(f, "line:"); ok {
					found = append(found, fields[1]+":"+line)
				}
			}
		}
		sort.Strings(want)
		sort.Strings(found)
		if strings.Join(found, " ") != strings.Join(want, " ") {
			t.Errorf("%q: readtags finds %v, sym %v", name, found, want)
		}
		compared++
	}
	t.Logf("%d names compared", compared)
}

// TestExportTagsFile: the file is sorted byte by byte after its pseudo-tags, written over an
// older tags file, to standard output with -o -, and never over a file that is not a tags file.
func TestExportTagsFile(t *testing.T) {
	root := repo(t, map[string]string{"server.go": string(fixture(t, "langs/server.go")), "notes.txt": "keep me\n"})
	out, _, code := cli(t, root, "export", "--format", "ctags", "-o", "-")
	if code != 0 || !strings.HasPrefix(out, tags.Header+"\n") {
		t.Fatalf("export -o -: exit %d:\n%.300s", code, out)
	}
	var body []string
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if !strings.HasPrefix(l, "!_TAG_") {
			body = append(body, l)
		}
	}
	if len(body) < 10 || !sort.StringsAreSorted(body) {
		t.Errorf("%d tag lines, sorted %v", len(body), sort.StringsAreSorted(body))
	}
	if _, stderr, code := cli(t, root, "export", "--format", "ctags"); code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	if got := string(mustRead(t, filepath.Join(root, "tags"))); got != out {
		t.Error("the tags file differs from what -o - printed")
	}
	if _, _, code := cli(t, root, "export", "--format", "ctags"); code != 0 {
		t.Error("a second export over its own tags file failed")
	}
	_, stderr, code := cli(t, root, "export", "--format", "ctags", "-o", "notes.txt")
	if code != 1 || !strings.Contains(stderr, "not a tags file") || string(mustRead(t, filepath.Join(root, "notes.txt"))) != "keep me\n" {
		t.Errorf("export -o notes.txt: exit %d, %q; want exit 1 and the file kept", code, stderr)
	}
	if _, stderr, code := cli(t, root, "export", "--format", "etags"); code != 2 || !strings.Contains(stderr, "--format") {
		t.Errorf("export --format etags: exit %d, %q; want a usage error", code, stderr)
	}
	leftovers, _ := filepath.Glob(filepath.Join(root, ".tags.*"))
	if len(leftovers) > 0 {
		t.Errorf("temporary files left: %v", leftovers)
	}
}

// TestExportSCIPDecodes: the SCIP file decodes with Sourcegraph's bindings and holds one document
// per mapped file, and each document one definition per symbol but landmarks, at the symbol's
// first line, over the name itself where the line holds it, with a symbol string the bindings
// parse and the symbol's information.
func TestExportSCIPDecodes(t *testing.T) {
	root := exportRepo(t)
	if _, stderr, code := cli(t, root, "export", "--format", "scip"); code != 0 {
		t.Fatalf("export --format scip: exit %d: %s", code, stderr)
	}
	var index scip.Index
	if err := proto.Unmarshal(mustRead(t, filepath.Join(root, "index.scip")), &index); err != nil {
		t.Fatalf("index.scip does not decode: %v", err)
	}
	st, err := store.Open(context.Background(), filepath.Join(root, ".readmap", "index.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rows := map[string]*store.File{}
	err = st.EachFile(context.Background(), func(f *store.File) error {
		if f.Skip.HasMap() {
			rows[f.Path] = f
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if index.Metadata.GetToolInfo().GetName() != "readmap" || len(index.Documents) != len(rows) {
		t.Fatalf("%d documents by %q; want %d, one per mapped file", len(index.Documents), index.Metadata.GetToolInfo().GetName(), len(rows))
	}
	placed := 0
	defined := map[string]string{} // symbol → the document that defines it
	for _, doc := range index.Documents {
		for _, info := range doc.Symbols {
			defined[info.Symbol] = doc.RelativePath
		}
	}
	var references []refOccurrence
	for _, doc := range index.Documents {
		f := rows[doc.RelativePath]
		if f == nil {
			t.Fatalf("document %s is no mapped file", doc.RelativePath)
		}
		text, _ := lang.ShownText(f.Path, mustRead(t, filepath.Join(root, filepath.FromSlash(f.Path))))
		src := strings.Split(string(text), "\n") // a notebook's cells, as its map's lines count them
		infos := map[string]string{}             // symbol → display name
		for _, info := range doc.Symbols {
			infos[info.Symbol] = info.DisplayName
		}
		var want int
		for _, s := range f.Symbols {
			if s.Kind != store.KindLandmark {
				want++
			}
		}
		definitions := 0
		for _, occ := range doc.Occurrences {
			if occ.SymbolRoles == 0 {
				references = append(references, checkReference(t, doc, occ, src, defined))
				continue
			}
			definitions++
			name, ok := infos[occ.Symbol]
			if _, err := scip.ParseSymbol(occ.Symbol); err != nil || !ok || occ.SymbolRoles != int32(scip.SymbolRole_Definition) {
				t.Fatalf("%s: occurrence %q: %v, information %v", f.Path, occ.Symbol, err, ok)
			}
			line, start, end := int(occ.Range[0]), int(occ.Range[1]), int(occ.Range[2])
			if end > start {
				if line >= len(src) || end > len(src[line]) || src[line][start:end] != name {
					t.Fatalf("%s: occurrence %q at %v is not over its name %q", f.Path, occ.Symbol, occ.Range, name)
				}
				if f.Language == "Go" {
					placed++
				}
			}
		}
		if definitions != want {
			t.Errorf("%s: %d definition occurrences for %d symbols", f.Path, definitions, want)
		}
	}
	if placed < 1000 {
		t.Errorf("only %d Go definitions placed over their names", placed)
	}
	checkReferences(t, root, references)
}

// refOccurrence is a reference occurrence of a SCIP document.
type refOccurrence struct {
	path, name, symbol, definedIn string
	line                          int // 1-based
}

// checkReference checks that occ, a reference occurrence of doc, is over a name that a
// definition of the index has (src: doc's lines), and returns it.
func checkReference(t *testing.T, doc *scip.Document, occ *scip.Occurrence, src []string, defined map[string]string) refOccurrence {
	t.Helper()
	line, start, end := int(occ.Range[0]), int(occ.Range[1]), int(occ.Range[2])
	if line >= len(src) || start >= end || end > len(src[line]) {
		t.Fatalf("%s: reference %q at %v is outside the text", doc.RelativePath, occ.Symbol, occ.Range)
	}
	name := src[line][start:end]
	sym, err := scip.ParseSymbol(occ.Symbol)
	if err != nil || defined[occ.Symbol] == "" || sym.Descriptors[len(sym.Descriptors)-1].Name != name {
		t.Fatalf("%s: reference %q at %v over %q: %v; defined in %q", doc.RelativePath, occ.Symbol, occ.Range, name, err, defined[occ.Symbol])
	}
	return refOccurrence{path: doc.RelativePath, name: name, symbol: occ.Symbol, definedIn: defined[occ.Symbol], line: line + 1}
}

// checkReferences checks the reference occurrences of the export of root: many reach across
// files, a known one is there, and each is a use that `refs NAME` lists too (for a sample of
// names).
func checkReferences(t *testing.T, root string, references []refOccurrence) {
	t.Helper()
	across := 0
	byName := map[string][]refOccurrence{}
	for _, r := range references {
		if r.definedIn != r.path {
			across++
		}
		byName[r.name] = append(byName[r.name], r)
	}
	if across < 1000 {
		t.Errorf("%d references of %d reach another file; want the uses across net/http's files", across, len(references))
	}
	want := refOccurrence{path: "http/client.go", name: "NewRequest", line: 485, definedIn: "http/request.go"}
	if !slices.ContainsFunc(byName["NewRequest"], func(r refOccurrence) bool {
		return r.path == want.path && r.line == want.line && r.definedIn == want.definedIn
	}) {
		t.Errorf("no reference from %s:%d to NewRequest in %s among %+v", want.path, want.line, want.definedIn, byName["NewRequest"])
	}
	names := slices.Sorted(maps.Keys(byName))
	t.Logf("%d references, %d to another file, %d names; every 25th name checked against refs", len(references), across, len(names))
	for k := 0; k < len(names); k += 25 {
		hits := refsJSON(t, root, "refs", names[k], "--limit", "0", "--json")
		for _, r := range byName[names[k]] {
			if !slices.ContainsFunc(hits, func(h query.RefHit) bool { return h.Path == r.path && h.Line == r.line }) {
				t.Errorf("the reference of %s at %s:%d is not among refs' hits", r.name, r.path, r.line)
			}
		}
	}
}
