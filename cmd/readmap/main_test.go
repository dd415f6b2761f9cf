package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/readmap/readmap/indexer/lang"
	"github.com/readmap/readmap/query/rank"
	"github.com/readmap/readmap/store"
)

// cli runs readmap with args in dir and returns stdout, stderr and the exit code.
func cli(t *testing.T, dir string, args ...string) (string, string, int) {
	t.Helper()
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &stdout, &stderr)
	return stdout.String(), stderr.String(), code
}

// repo makes a temporary repository (a folder with .git) holding files.
func repo(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for p, content := range files {
		abs := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// largeGo returns a Go file of about n functions, each a dozen lines: well over a page.
func largeGo(n int) string {
	var b strings.Builder
	b.WriteString("package big\n\nimport \"fmt\"\n\n")
	for i := range n {
		fmt.Fprintf(&b, "// Func%d prints.\nfunc Func%d(a, b int) int {\n", i, i)
		for j := range 10 {
			fmt.Fprintf(&b, "\tfmt.Println(a, b, %d) // line %d of the body\n", j, j)
		}
		b.WriteString("\treturn a + b\n}\n\n")
	}
	b.WriteString("type Server struct {\n\tAddr string\n}\n\nfunc (s *Server) Run() error { return nil }\n\nfunc Run() {}\n")
	return b.String()
}

func TestReadSmallFileIsByteExact(t *testing.T) {
	for _, content := range []string{"package p\r\n\r\nfunc A() {}\r\n", "no final newline", "", "tabs\tand\u00e9\n"} {
		root := repo(t, map[string]string{"f.go": content})
		out, errOut, code := cli(t, root, "read", "f.go")
		if code != 0 || out != content {
			t.Errorf("read f.go = %q (exit %d, stderr %q), want the file %q", out, code, errOut, content)
		}
	}
}

func TestReadLargeFileDefault(t *testing.T) {
	root := repo(t, map[string]string{"big.go": largeGo(600)})
	out, errOut, code := cli(t, root, "read", "big.go")
	if code != 0 {
		t.Fatalf("read big.go: exit %d, %s", code, errOut)
	}
	if len(out) > 28000 {
		t.Errorf("default read is %d bytes, over 28,000", len(out))
	}
	for _, want := range []string{
		"[readmap: big.go: 9,011 lines, ", ", Go. Partial view: lines 1-",
		"Read a symbol with: readmap read big.go --lines A-B (ranges from the map below), or go on with --page 2. Do not conclude from this page alone.]",
		"File Map: big.go", "func (s *Server) Run", "Read a symbol: readmap read big.go --lines A-B",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("default read lacks %q", want)
		}
	}
	if !strings.HasPrefix(out, "[readmap: big.go:") {
		t.Errorf("default read does not start with the banner: %.80q", out)
	}

	var ans map[string]any
	jsonOut, _, code := cli(t, root, "read", "big.go", "--json")
	if code != 0 || json.Unmarshal([]byte(jsonOut), &ans) != nil {
		t.Fatalf("read --json: exit %d, %.200s", code, jsonOut)
	}
	for _, key := range []string{"path", "language", "total_lines", "total_bytes", "start_line", "end_line", "page", "pages", "truncated", "next", "content", "map"} {
		if _, ok := ans[key]; !ok {
			t.Errorf("read --json lacks %q", key)
		}
	}
	if next, _ := ans["next"].(map[string]any); next["page"] != float64(2) || ans["truncated"] != true {
		t.Errorf("read --json next = %v, truncated = %v; want page 2, true", ans["next"], ans["truncated"])
	}
}

func TestReadPagesJoinBackToTheFile(t *testing.T) {
	content := largeGo(300)
	root := repo(t, map[string]string{"big.go": content})
	var joined strings.Builder
	for page := 1; ; page++ {
		out, errOut, code := cli(t, root, "read", "big.go", "--page", fmt.Sprint(page), "--json")
		if code != 0 {
			t.Fatalf("--page %d: exit %d %s", page, code, errOut)
		}
		var ans struct {
			Content string
			Next    *struct{ Page int }
		}
		if err := json.Unmarshal([]byte(out), &ans); err != nil {
			t.Fatal(err)
		}
		joined.WriteString(ans.Content)
		if ans.Next == nil {
			break
		}
	}
	if joined.String() != content {
		t.Errorf("joined pages (%d bytes) differ from the file (%d bytes)", joined.Len(), len(content))
	}
}

func TestReadFlags(t *testing.T) {
	root := repo(t, map[string]string{"big.go": largeGo(600), "crlf.txt": "one\r\ntwo\r\n"})
	for _, tc := range []struct {
		name     string
		args     []string
		code     int
		contains []string
		stderr   []string
	}{
		{"page 2", []string{"--page", "2"}, 0, []string{"[Page 2 of ", "[Next: readmap read big.go --page 3]"}, nil},
		{"page 0", []string{"--page", "0"}, 0, []string{"(--page 0 is before the first page: showing page 1)"}, nil},
		{"page past end", []string{"--page", "999"}, 1, nil, []string{"readmap: big.go: page 999 is past the end", "hint: the last page is "}},
		{"lines", []string{"--lines", "5-7"}, 0, []string{"// Func0 prints.\nfunc Func0(a, b int) int {\n\tfmt.Println(a, b, 0)", "[Lines 5-7 of 9,011.]"}, nil},
		{"offset limit", []string{"--offset", "6", "--limit", "2"}, 0, []string{"[Lines 6-7 of 9,011.]"}, nil},
		{"offset cut at a page", []string{"--offset", "10"}, 0, []string{"cut at the page budget. Next: readmap read big.go --offset "}, nil},
		{"offset past end", []string{"--offset", "20000"}, 1, nil, []string{"readmap: big.go: line 20,000 is past the end", "hint: the file has 9,011 lines"}},
		{"symbol qualified", []string{"--symbol", "Server.Run"}, 0, []string{"[Server.Run (method): lines ", "[End of Server.Run.]"}, nil},
		{"symbol exact qualname wins", []string{"--symbol", "Run"}, 0, []string{"[Run (function): lines "}, nil},
		{"symbol missing", []string{"--symbol", "Func9999x"}, 1, nil, []string{`no symbol "Func9999x"`, "hint: did you mean: Func"}},
		{"numbers", []string{"--lines", "5-6", "-n"}, 0, []string{"5\t// Func0 prints.\n6\tfunc Func0(a, b int) int {\n"}, nil},
		{"map after a range", []string{"--lines", "1-2", "--map"}, 0, []string{"[Lines 1-2 of 9,011.]", "File Map: big.go"}, nil},
		{"bad lines", []string{"--lines", "9-3"}, 2, nil, []string{"want A-B with 1 <= A <= B"}},
		{"full", []string{"--full"}, 0, []string{"func Run() {}\n"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := cli(t, root, append([]string{"read", "big.go"}, tc.args...)...)
			if code != tc.code {
				t.Fatalf("read big.go %v: exit %d, want %d (stderr %q)", tc.args, code, tc.code, errOut)
			}
			for _, want := range tc.contains {
				if !strings.Contains(out, want) {
					t.Errorf("read big.go %v lacks %q:\n%.600s", tc.args, want, out)
				}
			}
			for _, want := range tc.stderr {
				if !strings.Contains(errOut, want) {
					t.Errorf("read big.go %v: stderr %q lacks %q", tc.args, errOut, want)
				}
			}
		})
	}
	out, _, _ := cli(t, root, "read", "crlf.txt", "-n", "--lines", "1-2")
	if !strings.HasPrefix(out, "1\tone\n2\ttwo\n") {
		t.Errorf("read -n of a CRLF file = %q, want numbered lines without CR", out)
	}
}

func TestReadAmbiguousSymbol(t *testing.T) {
	src := "class A:\n    def run(self):\n        pass\n\nclass B:\n    def run(self):\n        pass\n"
	root := repo(t, map[string]string{"m.py": src})
	_, errOut, code := cli(t, root, "read", "m.py", "--symbol", "run")
	if code != 1 || !strings.Contains(errOut, `symbol "run" matches 2 symbols`) || !strings.Contains(errOut, "A.run [2-3], B.run [6-7]") {
		t.Errorf("ambiguous --symbol: exit %d, stderr %q", code, errOut)
	}
}

func TestReadErrors(t *testing.T) {
	root := repo(t, map[string]string{
		"logo.png":        "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
		"src/handler.go":  "package src\n",
		"src/handlers.go": "package src\n",
	})
	for _, tc := range []struct {
		name, path string
		want       []string
	}{
		{"binary", "logo.png", []string{"readmap: logo.png: binary file (PNG image, 16 B); not shown"}},
		{"missing", "src/handlr.go", []string{"readmap: src/handlr.go: no such file", "hint: similar: ", "handler.go"}},
		{"directory", "src", []string{"readmap: src: is a directory", "hint: entries: handler.go (1 lines, 12 B)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, errOut, code := cli(t, root, "read", tc.path)
			if code != 1 {
				t.Errorf("read %s: exit %d, want 1", tc.path, code)
			}
			for _, w := range tc.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("read %s: stderr %q lacks %q", tc.path, errOut, w)
				}
			}
		})
	}
	out, _, code := cli(t, root, "read", "nope.txt", "--json")
	var e struct {
		Error struct{ Code, Message, Hint string }
	}
	if code != 1 || json.Unmarshal([]byte(out), &e) != nil || e.Error.Code != "not_found" {
		t.Errorf("read --json of a missing file: exit %d, stdout %q", code, out)
	}
}

func TestReadIsNeverStale(t *testing.T) {
	root := repo(t, map[string]string{"a.py": "def old():\n    pass\n"})
	if _, errOut, code := cli(t, root, "index"); code != 0 {
		t.Fatalf("index: %s", errOut)
	}
	time.Sleep(10 * time.Millisecond) // a new mtime even on coarse clocks
	if err := os.WriteFile(filepath.Join(root, "a.py"), []byte("def new():\n    pass\n\ndef newer():\n    pass\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, code := cli(t, root, "map", "a.py")
	if code != 0 || !strings.Contains(out, "new") || strings.Contains(out, "old") || !strings.Contains(out, "newer") {
		t.Errorf("map after a change = %q, want the new functions", out)
	}
	out, _, _ = cli(t, root, "read", "a.py")
	if !strings.HasPrefix(out, "def new():") {
		t.Errorf("read after a change = %q", out)
	}
	stats, _, _ := cli(t, root, "stats", "--json")
	var st store.Stats
	if err := json.Unmarshal([]byte(stats), &st); err != nil || st.Symbols != 2 {
		t.Errorf("stats after the read = %s (%v); want the re-mapped 2 symbols stored", stats, err)
	}
}

func TestReadWithUnusableStore(t *testing.T) {
	content := "def f():\n    return 1\n"
	t.Run("corrupt", func(t *testing.T) {
		root := repo(t, map[string]string{"a.py": content, ".readmap/index.db": strings.Repeat("garbage ", 100)})
		out, errOut, code := cli(t, root, "read", "a.py")
		if code != 0 || out != content || strings.Count(errOut, "warning") != 1 {
			t.Errorf("read with a corrupt store: exit %d, out %q, stderr %q", code, out, errOut)
		}
		_, errOut, code = cli(t, root, "index")
		if code != 0 || !strings.Contains(errOut, "was corrupt; moved it to ") {
			t.Errorf("index of a corrupt store: exit %d, stderr %q", code, errOut)
		}
	})
	t.Run("newer schema", func(t *testing.T) {
		root := repo(t, map[string]string{"a.py": content})
		if _, _, code := cli(t, root, "index"); code != 0 {
			t.Fatal("index failed")
		}
		setUserVersion(t, filepath.Join(root, ".readmap", "index.db"), 99)
		out, errOut, code := cli(t, root, "map", "a.py")
		if code != 0 || !strings.Contains(out, "def f():") || !strings.Contains(errOut, "newer") {
			t.Errorf("map with a newer store: exit %d, out %q, stderr %q", code, out, errOut)
		}
		_, errOut, code = cli(t, root, "index")
		if code != 1 || !strings.Contains(errOut, "hint: a newer readmap wrote this store") {
			t.Errorf("index with a newer store: exit %d, stderr %q", code, errOut)
		}
	})
	t.Run("outside the root", func(t *testing.T) {
		root := repo(t, nil)
		outside := filepath.Join(t.TempDir(), "dep.py")
		if err := os.WriteFile(outside, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		out, errOut, code := cli(t, root, "map", "--json", outside)
		if code != 0 || !strings.Contains(out, `"name":"f"`) {
			t.Errorf("map of a file outside the root: exit %d, %q %q", code, out, errOut)
		}
		stats, _, _ := cli(t, root, "stats", "--json")
		if !strings.Contains(stats, `"files":0`) {
			t.Errorf("a file outside the root was stored: %s", stats)
		}
	})
}

func TestUsageErrors(t *testing.T) {
	root := repo(t, map[string]string{"a.go": "package a\n"})
	_, errOut, code := cli(t, root, "raed", "a.go")
	if code != 2 || !strings.Contains(errOut, "did you mean read?") {
		t.Errorf("unknown command: exit %d, stderr %q", code, errOut)
	}
	_, errOut, code = cli(t, root, "read", "a.go", "--pgae", "2")
	if code != 2 || !strings.Contains(errOut, "did you mean --page?") {
		t.Errorf("unknown flag: exit %d, stderr %q", code, errOut)
	}
}

func TestIndexCheckAndJSON(t *testing.T) {
	root := repo(t, map[string]string{"a.go": "package a\n\nfunc A() {}\n"})
	out, _, code := cli(t, root, "index", "--json")
	var sum struct{ Seen, Mapped, Symbols int }
	if code != 0 || json.Unmarshal([]byte(out), &sum) != nil || sum.Seen != 1 || sum.Mapped != 1 || sum.Symbols != 1 {
		t.Errorf("index --json = %q (exit %d)", out, code)
	}
	if err := os.WriteFile(filepath.Join(root, "b.go"), []byte("package a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := cli(t, root, "index", "--check")
	if code != 1 || !strings.Contains(out, "new\tb.go") || !strings.Contains(errOut, "1 files are stale") {
		t.Errorf("index --check: exit %d, out %q, stderr %q", code, out, errOut)
	}
	if _, _, code := cli(t, root, "index"); code != 0 {
		t.Fatal("index failed")
	}
	if _, _, code := cli(t, root, "index", "--check"); code != 0 {
		t.Errorf("index --check after index: exit %d, want 0", code)
	}
}

// TestIndexProgressLine: the line index draws on a terminal, and its redraws at most every 100 ms.
func TestIndexProgressLine(t *testing.T) {
	for _, tc := range []struct {
		done, found int
		elapsed     time.Duration
		want        string
	}{
		{0, 0, 0, "indexing   0% |                    | (0/0, 0 files/s)"},
		{450, 1000, time.Second, "indexing  45% |█████████           | (450/1,000, 450 files/s)"},
		{1000, 1000, 2 * time.Second, "indexing 100% |████████████████████| (1,000/1,000, 500 files/s)"},
		{12, 10, time.Second, "indexing 100% |████████████████████| (12/12, 12 files/s)"}, // the walk counts behind
	} {
		if got := progressText(tc.done, tc.found, tc.elapsed); got != tc.want {
			t.Errorf("progressText(%d, %d, %v) = %q, want %q", tc.done, tc.found, tc.elapsed, got, tc.want)
		}
	}
	var b strings.Builder
	p := &progressLine{w: &b, start: time.Now()}
	p.show(1, 10)
	p.show(2, 10) // within 100 ms of the first: not drawn
	p.finish()
	if got := b.String(); strings.Count(got, "indexing") != 1 || !strings.HasPrefix(got, "\r\x1b[Kindexing  10%") || !strings.HasSuffix(got, "\r\x1b[K") {
		t.Errorf("the progress line wrote %q", got)
	}
}

func TestMapJSONLines(t *testing.T) {
	root := repo(t, map[string]string{"a.go": "package a\n\nfunc A() {}\n", "b.py": "class B:\n    x = 1\n"})
	out, _, code := cli(t, root, "map", "--json", "a.go", "b.py")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 2 {
		t.Fatalf("map --json a.go b.py: exit %d, %d lines", code, len(lines))
	}
	var f struct {
		Path    string
		Symbols []struct {
			Name, Qualname, Kind string
			StartLine            int `json:"start_line"`
			Parent               int
		}
	}
	if err := json.Unmarshal([]byte(lines[0]), &f); err != nil || f.Path != "a.go" || len(f.Symbols) != 1 || f.Symbols[0].StartLine != 3 || f.Symbols[0].Parent != -1 {
		t.Errorf("map --json a.go = %s (%v)", lines[0], err)
	}
}

// setUserVersion stamps a closed store with a schema version, as a newer readmap would: SQLite
// keeps PRAGMA user_version as a big-endian integer at byte 60 of the database header.
func setUserVersion(t *testing.T, path string, v int) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteAt([]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}, 60); err != nil {
		t.Fatal(err)
	}
}

func TestSymIsNeverStale(t *testing.T) {
	root := repo(t, map[string]string{"a.go": "package a\n\nfunc Target() {}\n", "b.go": "package a\n\ntype Other struct{}\n"})
	if _, errOut, code := cli(t, root, "index"); code != 0 {
		t.Fatal(errOut)
	}
	out, _, code := cli(t, root, "sym", "Target")
	if code != 0 || out != "a.go:3-3  function  Target  func Target()\n" {
		t.Errorf("sym Target = %q (exit %d)", out, code)
	}
	// The function moves down; sym must answer with its new lines, not the stored ones.
	if err := os.WriteFile(filepath.Join(root, "a.go"), []byte("package a\n\n// moved\n\nfunc Target(x int) {\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	future := time.Now().Add(time.Minute)
	if err := os.Chtimes(filepath.Join(root, "a.go"), future, future); err != nil {
		t.Fatal(err)
	}
	out, _, code = cli(t, root, "sym", "Target", "--json")
	var ans struct {
		Hits []struct {
			Path      string
			StartLine int `json:"start_line"`
			EndLine   int `json:"end_line"`
			Signature string
		}
	}
	if code != 0 || json.Unmarshal([]byte(out), &ans.Hits) != nil || len(ans.Hits) != 1 || ans.Hits[0].StartLine != 5 || ans.Hits[0].EndLine != 6 {
		t.Errorf("sym Target after the change = %q (exit %d), want lines 5-6", out, code)
	}
	_, errOut, code := cli(t, root, "sym", "Othr")
	if code != 0 {
		t.Errorf("sym Othr (a typo) = exit %d, %s", code, errOut)
	}
	_, errOut, code = cli(t, root, "sym", "Qqqqqqqq")
	if code != 1 || !strings.Contains(errOut, `no symbol matches "Qqqqqqqq"`) {
		t.Errorf("sym with no hit: exit %d, stderr %q", code, errOut)
	}
	_, errOut, code = cli(t, root, "sym", "Target", "--kind", "funktion")
	if code != 2 || !strings.Contains(errOut, "unknown kind funktion") {
		t.Errorf("sym --kind funktion: exit %d, stderr %q", code, errOut)
	}
}

func TestSearchCommand(t *testing.T) {
	root := repo(t, map[string]string{"s.go": "package s\n\nfunc Serve() error {\n\tif err := listen(); err != nil {\n\t\treturn err\n\t}\n\treturn nil\n}\n"})
	out, errOut, code := cli(t, root, "search", "s.go", "listen")
	if code != 0 || !strings.Contains(out, "── line 4 in Serve [3-8]\n") || !strings.Contains(out, "> 4\t\tif err := listen(); err != nil {\n") {
		t.Errorf("search s.go listen: exit %d, %q %q", code, out, errOut)
	}
	out, _, code = cli(t, root, "search", "s.go", "if er := listn(); err != nil {", "--fuzzy", "--json")
	var ans struct {
		Hits []struct {
			Line   int
			Symbol string
		}
	}
	if code != 0 || json.Unmarshal([]byte(out), &ans.Hits) != nil || len(ans.Hits) != 1 || ans.Hits[0].Line != 4 || ans.Hits[0].Symbol != "Serve" {
		t.Errorf("search --fuzzy with two typos = %q (exit %d)", out, code)
	}
	_, errOut, code = cli(t, root, "search", "s.go", "nothing like this")
	if code != 1 || !strings.Contains(errOut, `no line matches "nothing like this"`) {
		t.Errorf("search without a hit: exit %d, stderr %q", code, errOut)
	}
	_, errOut, code = cli(t, root, "search", "s.go", "(", "--regex")
	if code != 1 || !strings.Contains(errOut, "bad regular expression") {
		t.Errorf("search with a bad regex: exit %d, stderr %q", code, errOut)
	}
}

// TestStoreElsewhereKeepsItsRoot: a store given with --db maps the root it was built for, so a
// command run from another folder neither misplaces nor deletes its rows.
func TestStoreElsewhereKeepsItsRoot(t *testing.T) {
	root := repo(t, map[string]string{"lib/a.go": "package lib\n\nfunc Alpha() {}\n", "b.go": "package b\n\nfunc Beta() {}\n"})
	db := filepath.Join(t.TempDir(), "shared.db")
	if _, errOut, code := cli(t, root, "index", "--db", db); code != 0 {
		t.Fatal(errOut)
	}
	elsewhere := t.TempDir()
	out, errOut, code := cli(t, elsewhere, "sym", "Alpha", "--db", db)
	if code != 0 || !strings.HasPrefix(out, "lib/a.go:3-3") {
		t.Errorf("sym from another folder = %q (exit %d, %s)", out, code, errOut)
	}
	if _, errOut, code := cli(t, elsewhere, "index", "--db", db); code != 0 {
		t.Fatal(errOut)
	}
	stats, _, _ := cli(t, elsewhere, "stats", "--json", "--db", db)
	if !strings.Contains(stats, `"files":2`) {
		t.Errorf("after index from another folder the store holds %s, want the root's two files", stats)
	}
	_, errOut, code = cli(t, elsewhere, "sym", "Alpha", "--db", db, "--root", elsewhere)
	if code != 1 || !strings.Contains(errOut, "it maps "+root) {
		t.Errorf("sym with a mismatched --root: exit %d, %q", code, errOut)
	}
}

// TestSymAfterUpgrade stands in for an upgrade: the store's rows carry maps an older readmap's
// mappers made (here, a symbol the file no longer has), and sym must answer from the current
// mappers' maps without an index run first.
func TestSymAfterUpgrade(t *testing.T) {
	ctx := context.Background()
	root := repo(t, map[string]string{"a.go": "package a\n\nfunc Target() {}\n"})
	if _, errOut, code := cli(t, root, "index"); code != 0 {
		t.Fatal(errOut)
	}
	st, err := store.Open(ctx, filepath.Join(root, ".readmap", "index.db"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := st.File(ctx, "a.go")
	if err != nil {
		t.Fatal(err)
	}
	f.MappersVersion = lang.RowVersion("Go") - 1
	f.Symbols = []store.Symbol{{Name: "Gone", Qualname: "Gone", Kind: store.KindFunction, StartLine: 3, EndLine: 3, Parent: -1}}
	w := st.NewWriter()
	if err := w.Put(ctx, f); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	st.Close()

	if out, errOut, code := cli(t, root, "sym", "Target"); code != 0 || !strings.HasPrefix(out, "a.go:3-3  function  Target") {
		t.Errorf("sym Target over a row of older mappers = %q, %q (exit %d), want a.go:3-3", out, errOut, code)
	}
	if out, _, code := cli(t, root, "sym", "Gone"); code != 1 {
		t.Errorf("sym Gone, a symbol only the older map had = %q (exit %d), want no hit", out, code)
	}
}

// TestIndexRanksForSym: an index run ranks the definitions, so that sym lists first the
// definition of a name that more files use (the header four files include), not the shorter path.
func TestIndexRanksForSym(t *testing.T) {
	files := map[string]string{
		"include/linux/slab.h": "static inline void *kmalloc(unsigned long size, int flags)\n{\n\treturn 0;\n}\n",
		"tools/lib/slab.c":     "void *kmalloc(unsigned long size, int flags)\n{\n\treturn 0;\n}\n",
	}
	for _, user := range []string{"mm/util.c", "fs/inode.c", "net/core/sock.c", "kernel/fork.c"} {
		files[user] = "#include <linux/slab.h>\nvoid *make(void)\n{\n\treturn kmalloc(64, 0);\n}\n"
	}
	root := repo(t, files)
	if _, errOut, code := cli(t, root, "index"); code != 0 {
		t.Fatal(errOut)
	}
	st, err := store.Open(context.Background(), filepath.Join(root, ".readmap", "index.db"))
	if err != nil {
		t.Fatal(err)
	}
	state, err := st.RankState(context.Background())
	st.Close()
	if err != nil || !state.Fresh(rank.Rules) || state.Files != 6 {
		t.Fatalf("after index: ranking %+v, %v; want a fresh one of the 6 files", state, err)
	}
	out, errOut, code := cli(t, root, "sym", "kmalloc")
	if code != 0 || !strings.HasPrefix(out, "include/linux/slab.h:1-4  function  kmalloc") || strings.Count(out, "\n") != 2 {
		t.Errorf("sym kmalloc = %q, %s (exit %d); want include/linux/slab.h first, then tools/lib/slab.c", out, errOut, code)
	}
}

// TestIndexRanksAgainByNewRules: a ranking kept by other rules (an older readmap's) is computed
// again by the next index run, even one that changes no file or fewer than a tenth of them.
func TestIndexRanksAgainByNewRules(t *testing.T) {
	files := map[string]string{
		"lib/util.lua": "local M = {}\nfunction M.split(s) return s end\nreturn M\n",
		"app/main.lua": "local util = require \"lib.util\"\nreturn util.split(\"a\")\n",
	}
	for i := range 10 {
		files[fmt.Sprintf("app/more%d.lua", i)] = fmt.Sprintf("local function f%d() end\n", i)
	}
	root := repo(t, files)
	if _, errOut, code := cli(t, root, "index"); code != 0 {
		t.Fatal(errOut)
	}
	ctx := context.Background()
	path := filepath.Join(root, ".readmap", "index.db")
	rankState := func() store.RankState {
		t.Helper()
		st, err := store.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		state, err := st.RankState(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return state
	}
	for _, change := range []string{"", "lib/util.lua"} {
		// What an older readmap kept: a ranking of no files, by rules of a lower version.
		st, err := store.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.SaveRanks(ctx, rankState().Uses, rank.Rules-1, nil, nil); err != nil {
			t.Fatal(err)
		}
		st.Close()
		if state := rankState(); state.Fresh(rank.Rules) || state.Files != 0 {
			t.Fatalf("the older ranking: %+v", state)
		}
		if change != "" { // one file of twelve
			if err := os.WriteFile(filepath.Join(root, change), []byte(files[change]+"-- changed\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		if _, errOut, code := cli(t, root, "index"); code != 0 {
			t.Fatal(errOut)
		}
		if state := rankState(); !state.Fresh(rank.Rules) || state.Files != 12 {
			t.Fatalf("after an index that changed %q: ranking %+v; want today's, of the 12 files", change, state)
		}
	}
}
