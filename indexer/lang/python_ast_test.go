package lang

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/readmap/readmap/store"
)

// pyASTScript walks the Python standard library (sys.argv[1], or sysconfig's stdlib path) and
// prints one JSON line per .py file (every sys.argv[2]-th when sampling): the definitions that are
// not inside a function body, in source order, as ast sees them (node type, name, first line
// counting decorators, end_lineno), and the imports outside functions and classes, as written. A
// file ast cannot parse gets {"p": path, "err": reason}. The first line is {"root": path}.
const pyASTScript = `
import ast, json, os, sys, sysconfig

root = sys.argv[1] or sysconfig.get_paths()["stdlib"]
step = int(sys.argv[2])
out = sys.stdout
out.write(json.dumps({"root": root}) + "\n")

def walk(body, in_class, defs, imports):
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            start = node.decorator_list[0].lineno if node.decorator_list else node.lineno
            defs.append({"k": type(node).__name__, "n": node.name, "s": start, "e": node.end_lineno})
            if isinstance(node, ast.ClassDef):
                walk(node.body, True, defs, imports)
            continue
        if not in_class:
            if isinstance(node, ast.Import):
                imports.extend(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                imports.append("." * node.level + (node.module or ""))
        for field in ("body", "handlers", "orelse", "finalbody", "cases"):
            sub = getattr(node, field, None)
            if isinstance(sub, list):
                walk(sub, in_class, defs, imports)

paths = []
for dirpath, dirnames, filenames in os.walk(root):
    dirnames.sort()
    for name in sorted(filenames):
        if name.endswith(".py"):
            paths.append(os.path.join(dirpath, name))
for i, path in enumerate(paths):
    if i % step:
        continue
    try:
        with open(path, "rb") as f:
            src = f.read()
        tree = ast.parse(src)
    except (SyntaxError, ValueError, OSError, RecursionError, MemoryError) as e:
        out.write(json.dumps({"p": path, "err": type(e).__name__}) + "\n")
        continue
    defs, imports = [], []
    walk(tree.body, False, defs, imports)
    out.write(json.dumps({"p": path, "d": defs, "i": imports}) + "\n")
`

// pyASTFile is one line of pyASTScript's output.
type pyASTFile struct {
	Root string `json:"root"`
	Path string `json:"p"`
	Err  string `json:"err"`
	Defs []struct {
		Kind  string `json:"k"` // ClassDef, FunctionDef or AsyncFunctionDef
		Name  string `json:"n"`
		Start int    `json:"s"`
		End   int    `json:"e"`
	} `json:"d"`
	RawImp []string `json:"i"`
}

// pyCounts reports whether s is of a kind ast lists: a class, function or method.
func pyCounts(s *store.Symbol) bool {
	return s.Kind == store.KindClass || s.Kind == store.KindFunction || s.Kind == store.KindMethod
}

// pySame reports whether s can be d's symbol: d's name, a class for a ClassDef, a function or
// method for the others.
func pySame(d refDef, s *store.Symbol) bool {
	if s.Name != d.Name || !pyCounts(s) {
		return false
	}
	return (d.Kind == "ClassDef") == (s.Kind == store.KindClass)
}

// TestPythonAgainstAST maps every file of the Python standard library that Python's own ast
// parses and requires the mapper to find at least 99.5% of ast's classes and functions outside
// function bodies with exactly the same name and range; it reports the classes and functions of
// the map ast does not list, and compares each file's imports with ast's. It streams: each file
// is mapped and measured as the ast script prints it, and no map is kept. -short samples one file
// in ten. READMAP_PYTHON names another interpreter (its own stdlib and grammar version);
// READMAP_PY_STDLIB another tree of .py files. Run with -v for the table, READMAP_SHOW_MISSES=1
// for every difference.
func TestPythonAgainstAST(t *testing.T) {
	t.Parallel() // most of its time is the python process, on another core
	// READMAP_PYTHON picks another interpreter (and so another stdlib and grammar version).
	python, err := exec.LookPath(cmp.Or(os.Getenv("READMAP_PYTHON"), "python3"))
	if err != nil {
		t.Skip("SKIPPED: python3 is not on PATH, so the Python mapper was NOT checked against Python's ast module")
	}
	step := 1
	if testing.Short() {
		step = 10
	}
	script := filepath.Join(t.TempDir(), "defs.py")
	if err := os.WriteFile(script, []byte(pyASTScript), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, script, os.Getenv("READMAP_PY_STDLIB"), strconv.Itoa(step))
	cmd.Stderr = os.Stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	began := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()

	var (
		r                     = &refResult{same: pySame, counts: pyCounts}
		files, skipped, bytes int
		importsEqual          int
		impDiffs              []string
	)
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 256<<20)
	root := ""
	for sc.Scan() {
		var f pyASTFile
		if err := json.Unmarshal(sc.Bytes(), &f); err != nil {
			t.Fatalf("bad line from the ast script: %v", err)
		}
		if f.Root != "" {
			root = f.Root
			continue
		}
		if f.Err != "" {
			skipped++
			continue
		}
		src, err := os.ReadFile(f.Path)
		if err != nil {
			t.Fatal(err)
		}
		files++
		bytes += len(src)
		res := Map(context.Background(), f.Path, src, Options{})
		if res.Language != "Python" || res.Skip != store.SkipNone {
			t.Errorf("%s: mapped as %q (skip %q %s), want Python", f.Path, res.Language, res.Skip, res.SkipDetail)
		}
		if err := CheckSymbols(res.Symbols, CountLines(src)); err != nil {
			t.Errorf("%s: %v", f.Path, err)
		}
		rel := strings.TrimPrefix(f.Path, root+"/")
		defs := make([]refDef, len(f.Defs))
		for i, d := range f.Defs {
			defs[i] = refDef{Path: rel, Kind: d.Kind, Name: d.Name, Start: d.Start, End: d.End}
		}
		r.add(rel, res.Symbols, defs)
		if want, have := pyDedup(f.RawImp), res.Imports; strings.Join(want, " ") == strings.Join(have, " ") {
			importsEqual++
		} else {
			impDiffs = append(impDiffs, fmt.Sprintf("  %s: ast %v, mapper %v", rel, want, have))
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("ast script: %v", err)
	}
	if files == 0 {
		t.Skipf("SKIPPED: no Python files that ast parses under %q", root)
	}
	t.Logf("python ast differential over %s (every %d. file): %d files (%.1f MB) mapped, %d that ast rejects skipped, in %s:\n%s\n"+
		"readmap classes and functions ast does not list: %d of %d (%.3f%%)\nimports: %d of %d files equal to ast's (%s)",
		root, step, files, float64(bytes)/1e6, skipped, time.Since(began).Round(time.Millisecond), r.table("ast"),
		len(r.extra), r.counted, refPct(len(r.extra), r.counted), importsEqual, files, refShare(importsEqual, files))
	r.logMisses(t, "ast")
	// No bar holds the extras and imports yet: they are reported, the first ones on every run
	// (logMisses lists every extra when asked).
	if len(r.extra) > 0 {
		t.Logf("first readmap classes and functions ast does not list:\n%s", refFirst(r.extra))
	}
	switch {
	case len(impDiffs) > 0 && os.Getenv("READMAP_SHOW_MISSES") != "":
		t.Logf("files whose imports differ from ast's:\n%s", strings.Join(impDiffs, "\n"))
	case len(impDiffs) > 0:
		t.Logf("first files whose imports differ from ast's:\n%s", refFirst(impDiffs))
	}
	r.wantExact(t, "ast definitions", 99.5)
}

// pyDedup returns names without repeats, in first-seen order.
func pyDedup(names []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, n := range names {
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	return out
}
