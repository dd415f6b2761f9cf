package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/readmap/readmap/query"
)

// refsRepo is a repository holding copies of GOROOT/src/strings, bufio and bytes.
func refsRepo(t *testing.T) string {
	t.Helper()
	files := map[string]string{}
	for _, pkg := range []string{"strings", "bufio", "bytes"} {
		paths, _ := filepath.Glob(filepath.Join(gorootSrc(), pkg, "*.go"))
		for _, p := range paths {
			files[pkg+"/"+filepath.Base(p)] = string(mustRead(t, p))
		}
	}
	if len(files) < 20 {
		t.Skip("GOROOT/src/strings, bufio and bytes not found")
	}
	return repo(t, files)
}

// declaredIdents returns the positions of the identifiers that name what a Go file declares at
// the level the map shows it: functions, methods, types, top-level constants and variables,
// struct fields and interface methods.
func declaredIdents(f *ast.File) map[*ast.Ident]bool {
	out := map[*ast.Ident]bool{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			out[d.Name] = true
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					out[s.Name] = true
				case *ast.ValueSpec:
					for _, n := range s.Names {
						out[n] = true
					}
				}
			}
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.StructType:
			for _, fl := range n.Fields.List {
				for _, name := range fl.Names {
					out[name] = true
				}
			}
		case *ast.InterfaceType:
			for _, fl := range n.Methods.List {
				for _, name := range fl.Names {
					out[name] = true
				}
			}
		}
		return true
	})
	return out
}

// TestRefsMatchGoParser: for every exported function and type of strings, bufio and bytes, the
// references `refs NAME` finds are the lines where go/parser finds an identifier of that name
// that is not a declaration's own name: recall at least 99%, precision at least 95% (issue 15).
func TestRefsMatchGoParser(t *testing.T) {
	root := refsRepo(t)
	want := map[string]map[string]bool{} // name → path:line
	fset := token.NewFileSet()
	paths, _ := filepath.Glob(filepath.Join(root, "*", "*.go"))
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, p, src, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		declared := declaredIdents(f)
		rel, _ := filepath.Rel(root, p)
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && !declared[id] && ast.IsExported(id.Name) {
				if want[id.Name] == nil {
					want[id.Name] = map[string]bool{}
				}
				want[id.Name][fmt.Sprintf("%s:%d", filepath.ToSlash(rel), fset.Position(id.Pos()).Line)] = true
			}
			return true
		})
	}
	var names []string
	for name := range want {
		names = append(names, name)
	}
	sort.Strings(names)
	var sample []string
	for i, name := range names {
		if i%3 == 0 { // every third name keeps the test short
			sample = append(sample, name)
		}
	}
	checkRefs(t, root, "go/parser", want, sample, 0.99, 0.95)
}

// referenceUses reads what a reference tool (JavaRefs.java, tsrefs.js) printed about the files
// under root: lines "use|decl TAB FILE TAB LINE TAB NAME". It returns the uses by name ("path:line",
// path relative to root) and every nth of the declared names that keep accepts, in order, after
// checking that there are at least least of them.
func referenceUses(t *testing.T, tool, root string, out []byte, keep func(name string) bool, nth, least int) (map[string]map[string]bool, []string) {
	t.Helper()
	want := map[string]map[string]bool{}
	declared := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 4 {
			t.Fatalf("%s printed %q", tool, sc.Text())
		}
		kind, path, line, name := f[0], f[1], f[2], f[3]
		if kind == "decl" {
			if keep(name) {
				declared[name] = true
			}
			continue
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			t.Fatal(err)
		}
		if want[name] == nil {
			want[name] = map[string]bool{}
		}
		want[name][filepath.ToSlash(rel)+":"+line] = true
	}
	if len(declared) < least {
		t.Fatalf("%s found %d declared names; want %d or more", tool, len(declared), least)
	}
	names := slices.Sorted(maps.Keys(declared))
	var sample []string
	for i := 0; i < len(names); i += nth {
		sample = append(sample, names[i])
	}
	return want, sample
}

// checkRefs runs `refs --json --limit 0` for each of names in root and compares the lines of its
// references with want (name → "path:line" of each use the reference parser found): recall and
// precision at least those given.
func checkRefs(t *testing.T, root, reference string, want map[string]map[string]bool, names []string, minRecall, minPrecision float64) {
	t.Helper()
	wanted, found, got, extra := 0, 0, 0, 0
	var misses, extras []string
	for _, name := range names {
		out, stderr, code := cli(t, root, "refs", "--json", "--limit", "0", "--", name)
		if code != 0 && len(want[name]) > 0 {
			t.Fatalf("refs %s: exit %d: %s", name, code, stderr)
		}
		var hits []query.RefHit
		if code == 0 {
			if err := json.Unmarshal([]byte(out), &hits); err != nil {
				t.Fatalf("refs %s --json: %v", name, err)
			}
		}
		mine := map[string]bool{}
		for _, h := range hits {
			if h.Kind == "reference" {
				mine[fmt.Sprintf("%s:%d", h.Path, h.Line)] = true
			}
		}
		for k := range want[name] {
			wanted++
			if mine[k] {
				found++
			} else if len(misses) < 10 {
				misses = append(misses, name+" "+k)
			}
		}
		for k := range mine {
			got++
			if !want[name][k] {
				extra++
				if len(extras) < 10 {
					extras = append(extras, name+" "+k)
				}
			}
		}
	}
	recall, precision := float64(found)/float64(wanted), float64(got-extra)/float64(got)
	t.Logf("%d names: %d uses by %s, %d found (recall %.4f); %d found, %d not %s's (precision %.4f)",
		len(names), wanted, reference, found, recall, got, extra, reference, precision)
	if recall < minRecall || precision < minPrecision {
		t.Errorf("recall %.4f, precision %.4f; want >= %.2f and >= %.2f; missed: %v; not %s's: %v",
			recall, precision, minRecall, minPrecision, misses, reference, extras)
	}
}

// TestRefsAnswer: definitions come first, each use names its enclosing symbol, Class.method keeps
// member accesses, --path and --limit narrow, JSON has its fields, an unknown name exits 1 with
// the closest names, and no answer exceeds 28,000 bytes.
func TestRefsAnswer(t *testing.T) {
	root := refsRepo(t)
	out, _, code := cli(t, root, "refs", "NewReader", "--limit", "0")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) < 10 || !strings.HasPrefix(lines[0], "bufio/bufio.go:") || !strings.Contains(lines[0], "in NewReader  func NewReader(") {
		t.Fatalf("refs NewReader: exit %d:\n%.600s", code, out)
	}
	if !strings.Contains(out, "in TestReaderSimple  b := NewReader(strings.NewReader(data))") {
		t.Errorf("refs NewReader does not show a use with its enclosing test:\n%.2000s", out)
	}
	out, _, _ = cli(t, root, "refs", "NewReader", "--path", "strings/*", "--limit", "0")
	if strings.Contains(out, "bufio/") || !strings.Contains(out, "strings/reader.go:") {
		t.Errorf("refs --path strings/*:\n%.600s", out)
	}
	out, _, _ = cli(t, root, "refs", "Builder.WriteString", "--limit", "0", "--json")
	var hits []query.RefHit
	if err := json.Unmarshal([]byte(out), &hits); err != nil || len(hits) < 5 || hits[0].Kind != "definition" || hits[0].Symbol != "Builder.WriteString" || hits[0].Column == 0 {
		t.Fatalf("refs Builder.WriteString --json: %v %+v", err, hits[:min(2, len(hits))])
	}
	for _, h := range hits[1:] {
		if h.Kind != "reference" || h.Line == 0 || h.Column == 0 || !strings.Contains(h.Text, "WriteString") {
			t.Errorf("hit %+v", h)
		}
	}
	out, _, _ = cli(t, root, "refs", "String", "--limit", "2")
	if n := strings.Count(out, "\n"); n != 3 || !strings.Contains(out, "more hits left out") {
		t.Errorf("refs String --limit 2: %d lines:\n%s", n, out)
	}
	out, _, _ = cli(t, root, "refs", "n", "--limit", "100000")
	if len(out) > query.MaxAnswerBytes || !strings.Contains(out, "more hits left out") {
		t.Errorf("refs n --limit 100000: %d bytes, want a cut answer within %d", len(out), query.MaxAnswerBytes)
	}
	_, stderr, code := cli(t, root, "refs", "NewRedaer")
	if code != 1 || !strings.Contains(stderr, "did you mean") || !strings.Contains(stderr, "NewReader") {
		t.Errorf("refs NewRedaer: exit %d, %q", code, stderr)
	}
}

// TestRefsStopsAtTheLimit: refs reads files only until the hits pass --limit, and what it shows
// is then the start of the whole answer, in the same order; the last line says that more files
// may hold uses. Reading every file says exactly how many hits were left out.
func TestRefsStopsAtTheLimit(t *testing.T) {
	root := refsRepo(t)
	all := refsJSON(t, root, "refs", "len", "--limit", "0", "--json")
	if len(all) < 200 {
		t.Fatalf("refs len --limit 0: %d hits, want hundreds in strings, bufio and bytes", len(all))
	}
	for _, limit := range []int{1, 7, 40, 150} {
		some := refsJSON(t, root, "refs", "len", "--limit", fmt.Sprint(limit), "--json")
		if !reflect.DeepEqual(some, all[:limit]) {
			t.Errorf("refs len --limit %d is not the start of the whole answer:\n%+v\nwant\n%+v", limit, some, all[:limit])
		}
	}
	out, _, _ := cli(t, root, "refs", "len", "--limit", "7")
	last := out[strings.LastIndex(strings.TrimSuffix(out, "\n"), "\n")+1:]
	if !strings.Contains(last, "more files may use the name") {
		t.Errorf("refs len --limit 7 ends with %q, want a count of files not read", last)
	}
	n := len(refsJSON(t, root, "refs", "NewReader", "--limit", "0", "--json"))
	out, _, _ = cli(t, root, "refs", "NewReader", "--limit", fmt.Sprint(n-1))
	if want := "[readmap: 1 more hits left out;"; !strings.Contains(out, want) {
		t.Errorf("refs NewReader --limit %d: want %q at the end:\n%s", n-1, want, out[max(0, len(out)-300):])
	}
}

// refsJSON runs refs with args (--json among them) in root and decodes its hits.
func refsJSON(t *testing.T, root string, args ...string) []query.RefHit {
	t.Helper()
	out, stderr, code := cli(t, root, args...)
	var hits []query.RefHit
	if err := json.Unmarshal([]byte(out), &hits); err != nil || code != 0 {
		t.Fatalf("%v: exit %d, %v, %s", args, code, err, stderr)
	}
	return hits
}
