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
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/readmap/readmap/store"
)

// pyASTScript walks the Python standard library (sys.argv[1], or sysconfig's stdlib path) and
// prints one JSON line per .py file (every sys.argv[2]-th when sampling): the definitions that are
// not inside a function body, as ast sees them ([name, first line counting decorators,
// end_lineno]), and the imports outside functions and classes, as written. A file ast cannot parse
// gets {"p": path, "err": reason}. The first line is {"root": path}.
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
            defs.append([node.name, start, node.end_lineno])
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
	Root   string   `json:"root"`
	Path   string   `json:"p"`
	Err    string   `json:"err"`
	Defs   [][]any  `json:"d"`
	RawImp []string `json:"i"`
}

// pyDef is a definition's identity in the comparison: name and range.
type pyDef struct {
	name       string
	start, end int
}

// TestPythonAgainstAST maps every file of the Python standard library that Python's own ast
// parses and requires the mapper to find at least 99.5% of ast's classes and functions outside
// function bodies with exactly the same name and range. -short samples one file in ten.
// READMAP_PYTHON names another interpreter (its own stdlib and grammar version);
// READMAP_PY_STDLIB another tree of .py files.
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
		m                           = &pyMapper{}
		files, skipped, bytes       int
		total, matched, extras      int
		importFiles, importsEqual   int
		misses, extraList, impDiffs []string
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
		res, err := m.Map(context.Background(), src)
		if err != nil {
			t.Fatalf("Map(%s): %v", f.Path, err)
		}
		if err := CheckSymbols(res.Symbols, CountLines(src)); err != nil {
			t.Errorf("%s: %v", f.Path, err)
		}
		rel := strings.TrimPrefix(f.Path, root+"/")
		got := map[pyDef]int{}
		byName := map[string][]store.Symbol{}
		for _, s := range res.Symbols {
			if s.Kind == store.KindClass || s.Kind == store.KindFunction || s.Kind == store.KindMethod {
				got[pyDef{s.Name, s.StartLine, s.EndLine}]++
				byName[s.Name] = append(byName[s.Name], s)
			}
		}
		for _, d := range f.Defs {
			want := pyDef{d[0].(string), int(d[1].(float64)), int(d[2].(float64))}
			total++
			if got[want] > 0 {
				got[want]--
				matched++
				continue
			}
			have := []string{}
			for _, s := range byName[want.name] {
				have = append(have, fmt.Sprintf("%d-%d", s.StartLine, s.EndLine))
			}
			misses = append(misses, fmt.Sprintf("%s: %s [%d-%d], mapper has %v", rel, want.name, want.start, want.end, have))
		}
		for d, n := range got {
			for range n {
				extras++
				extraList = append(extraList, fmt.Sprintf("%s: %s [%d-%d]", rel, d.name, d.start, d.end))
			}
		}
		importFiles++
		if want, have := pyDedup(f.RawImp), res.Imports; strings.Join(want, " ") == strings.Join(have, " ") {
			importsEqual++
		} else {
			impDiffs = append(impDiffs, fmt.Sprintf("%s: ast %v, mapper %v", rel, want, have))
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
	sort.Strings(extraList)
	pct := 100 * float64(matched) / float64(max(total, 1))
	t.Logf("python ast differential over %s (every %d. file): %d files (%.1f MB) mapped, %d that ast rejects skipped, in %s",
		root, step, files, float64(bytes)/1e6, skipped, time.Since(began).Round(time.Millisecond))
	t.Logf("definitions: %d of %d matched (%.3f%%), %d missed, %d extra", matched, total, pct, total-matched, extras)
	t.Logf("imports: %d of %d files equal to ast's (%.2f%%)", importsEqual, importFiles, 100*float64(importsEqual)/float64(max(importFiles, 1)))
	for i, s := range misses {
		if i == 30 {
			t.Logf("... %d more misses", len(misses)-30)
			break
		}
		t.Logf("miss: %s", s)
	}
	for i, s := range extraList {
		if i == 30 {
			t.Logf("... %d more extras", len(extraList)-30)
			break
		}
		t.Logf("extra: %s", s)
	}
	for i, s := range impDiffs {
		if i == 10 {
			t.Logf("... %d more files with other imports", len(impDiffs)-10)
			break
		}
		t.Logf("imports differ: %s", s)
	}
	if pct < 99.5 {
		t.Errorf("matched %.3f%% of ast's definitions, want >= 99.5%%", pct)
	}
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
