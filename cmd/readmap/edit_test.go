package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/readmap/readmap/query"
)

// cliIn runs readmap with args in dir, standard input holding stdin.
func cliIn(t *testing.T, dir, stdin string, args ...string) (string, string, int) {
	t.Helper()
	t.Chdir(dir)
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(stdin), &stdout, &stderr)
	return stdout.String(), stderr.String(), code
}

// snapshot returns every file and link under root but .readmap/, with its mode and content (a
// link's target), to tell that nothing changed.
func snapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		if d.IsDir() && (rel == ".readmap" || rel == ".git") {
			return filepath.SkipDir
		}
		info, err := os.Lstat(p)
		if err != nil || d.IsDir() {
			return nil
		}
		if info.Mode()&fs.ModeSymlink != 0 {
			target, _ := os.Readlink(p)
			out[rel] = "link " + target
			return nil
		}
		content, _ := os.ReadFile(p)
		out[rel] = info.Mode().String() + " " + string(content)
		return nil
	})
	return out
}

// backupsUnder counts the backups kept under root.
func backupsUnder(root string) int {
	n := 0
	_ = filepath.WalkDir(filepath.Join(root, ".readmap", "backups"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return nil
	})
	return n
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func mustWrite(t *testing.T, path string, content []byte, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, content, mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

// symbolJSON is a symbol of map --json.
type symbolJSON struct {
	Name, Qualname, Kind string
	StartLine            int `json:"start_line"`
	EndLine              int `json:"end_line"`
}

// symbolsOf returns the symbols map --json gives for path.
func symbolsOf(t *testing.T, root, path string) ([]symbolJSON, string) {
	t.Helper()
	out, errOut, code := cli(t, root, "map", "--json", path)
	if code != 0 {
		t.Fatalf("map --json %s: exit %d, %s", path, code, errOut)
	}
	var fj struct {
		Hash    string
		Symbols []symbolJSON
	}
	if err := json.Unmarshal([]byte(out), &fj); err != nil {
		t.Fatal(err)
	}
	return fj.Symbols, fj.Hash
}

// linesOf returns lines a-b (1-based, inclusive, with their endings) of src and the bytes before
// and after them.
func linesOf(src []byte, a, b int) (before, mid, after []byte) {
	lines := bytes.SplitAfter(src, []byte{'\n'})
	before = bytes.Join(lines[:a-1], nil)
	mid = bytes.Join(lines[a-1:b], nil)
	after = bytes.Join(lines[b:], nil)
	return
}

// editOK runs an edit that must succeed and returns its output.
func editOK(t *testing.T, root string, args ...string) string {
	t.Helper()
	out, errOut, code := cli(t, root, append([]string{"edit"}, args...)...)
	if code != 0 {
		t.Fatalf("readmap edit %q: exit %d\n%s%s", args, code, out, errOut)
	}
	return out
}

// undoOK undoes the last edit of path and checks that the file holds want again, byte for byte.
func undoOK(t *testing.T, root, path string, want []byte) {
	t.Helper()
	out := editOK(t, root, path, "--undo")
	if !strings.Contains(out, "[Restored "+path+" from ") {
		t.Errorf("edit --undo %s: %q", path, out)
	}
	if got := mustRead(t, filepath.Join(root, path)); !bytes.Equal(got, want) {
		t.Errorf("after --undo %s differs from the original (%d bytes, want %d)", path, len(got), len(want))
	}
}

// bigGoFile returns a Go file of GOROOT/src with 5,000 to 9,000 lines.
func bigGoFile(t *testing.T) []byte {
	t.Helper()
	for _, p := range []string{"cmd/internal/obj/riscv/obj.go", "cmd/internal/obj/s390x/asmz.go", "cmd/internal/obj/ppc64/asm9.go",
		"crypto/internal/fips140/nistec/fiat/p521_fiat64.go", "cmd/compile/internal/ssagen/ssa.go", "go/types/expr.go"} {
		src, err := os.ReadFile(filepath.Join(gorootSrc(), p))
		if n := bytes.Count(src, []byte{'\n'}); err == nil && n >= 5000 && n <= 9000 {
			t.Logf("GOROOT/src/%s: %d lines", p, n)
			return src
		}
	}
	t.Skip("no Go file of 5,000 to 9,000 lines found in GOROOT/src")
	return nil
}

// TestEditGoFileBySymbol: in a 5,000-line Go file of GOROOT, replace a function in the middle by
// its symbol, as an agent would after read --symbol: only its lines change, map and sym see the
// new ranges at once, --json reports the hash and the symbols, and --undo gives back every byte.
func TestEditGoFileBySymbol(t *testing.T) {
	orig := bigGoFile(t)
	root := repo(t, map[string]string{"big.go": string(orig)})
	syms, hash := symbolsOf(t, root, "big.go")
	if hash != hex.EncodeToString(sha256Of(orig)) {
		t.Fatalf("map --json hash %s is not the file's", hash)
	}
	var target symbolJSON
	counts := map[string]int{}
	for _, s := range syms {
		counts[s.Qualname]++
	}
	for _, s := range syms[len(syms)/2:] {
		if (s.Kind == "function" || s.Kind == "method") && s.EndLine-s.StartLine >= 4 && counts[s.Qualname] == 1 {
			target = s
			break
		}
	}
	if target.Qualname == "" {
		t.Fatal("no function to edit in the second half of the file")
	}
	// What read --symbol shows is what --symbol replaces.
	out, _, code := cli(t, root, "read", "big.go", "--symbol", target.Qualname)
	before, body, after := linesOf(orig, target.StartLine, target.EndLine)
	if code != 0 || !strings.Contains(out, string(body)) {
		t.Fatalf("read --symbol %s: exit %d, does not show lines %d-%d", target.Qualname, code, target.StartLine, target.EndLine)
	}
	first, rest, _ := bytes.Cut(body, []byte{'\n'})
	newBody := string(first) + "\n\t// Edited by readmap.\n" + strings.TrimSuffix(string(rest), "\n") // no final newline: it is added
	newFile := filepath.Join(t.TempDir(), "new.go")
	mustWrite(t, newFile, []byte(newBody), 0o644)
	out = editOK(t, root, "big.go", "--symbol", target.Qualname, "--new-file", newFile, "--json")
	var ans struct {
		Path, Diff, Match, Hash, Backup string
		Lines                           []int
		Symbols                         []struct {
			Qualname, Change string
			StartLine        int `json:"start_line"`
			EndLine          int `json:"end_line"`
			Was              []int
		}
	}
	if err := json.Unmarshal([]byte(out), &ans); err != nil {
		t.Fatalf("edit --json: %v\n%s", err, out)
	}
	got := mustRead(t, filepath.Join(root, "big.go"))
	want := append(append(append([]byte{}, before...), newBody+"\n"...), after...)
	if !bytes.Equal(got, want) {
		t.Fatalf("the file is not the old one with lines %d-%d replaced", target.StartLine, target.EndLine)
	}
	if ans.Path != "big.go" || ans.Match != "symbol" || ans.Hash != hex.EncodeToString(sha256Of(got)) ||
		!strings.Contains(ans.Diff, "+\t// Edited by readmap.\n") || len(out) > query.MaxAnswerBytes {
		t.Errorf("edit --json = %+v", ans)
	}
	if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(ans.Backup))); err != nil {
		t.Errorf("backup %q: %v", ans.Backup, err)
	}
	changed := false
	for _, s := range ans.Symbols {
		if s.Qualname == target.Qualname && s.Change == "changed" && s.EndLine == target.EndLine+1 {
			changed = true
		}
	}
	if !changed {
		t.Errorf("symbols = %+v, want %s changed to end at %d", ans.Symbols, target.Qualname, target.EndLine+1)
	}
	// The store already has the new ranges: sym answers from it.
	out, _, _ = cli(t, root, "sym", target.Qualname, "--path", "big.go")
	if !strings.Contains(out, "big.go:"+itoa(target.StartLine)+"-"+itoa(target.EndLine+1)) {
		t.Errorf("sym %s = %q, want the new range %d-%d", target.Qualname, out, target.StartLine, target.EndLine+1)
	}
	// --undo gives back every byte; a second --undo undoes the undo.
	undoOK(t, root, "big.go", orig)
	out = editOK(t, root, "big.go", "--undo")
	if !bytes.Equal(mustRead(t, filepath.Join(root, "big.go")), got) {
		t.Errorf("a second --undo did not give back the edit: %q", out)
	}
	// --if-hash takes the hash edit reported; a stale one is refused.
	editOK(t, root, "big.go", "--old", "// Edited by readmap.", "--new", "// Edited twice.", "--if-hash", ans.Hash)
	_, errOut, code := cli(t, root, "edit", "big.go", "--old", "// Edited twice.", "--new", "x", "--if-hash", ans.Hash)
	if code != 1 || !strings.Contains(errOut, "it changed since it was read") {
		t.Errorf("a stale --if-hash: exit %d, %s", code, errOut)
	}
}

func sha256Of(b []byte) []byte {
	s := sha256.Sum256(b)
	return s[:]
}

func itoa(n int) string { return strconv.Itoa(n) }

// fixture reads a file of the repository's testdata.
func fixture(t *testing.T, rel string) []byte {
	t.Helper()
	return mustRead(t, filepath.Join("..", "..", "testdata", filepath.FromSlash(rel)))
}

// TestEditPythonDecorators: a decorated function's range starts at its first decorator, so
// --symbol replaces, deletes or adds lines around it with its decorators; each round trip gives
// back the file.
func TestEditPythonDecorators(t *testing.T) {
	orig := fixture(t, "langs/processor.py")
	root := repo(t, map[string]string{"processor.py": string(orig)})
	path := filepath.Join(root, "processor.py")
	for _, tc := range []struct {
		name string
		args []string
		want func(string) string
	}{
		{"replace with the decorators", []string{"--symbol", "upper", "--new", "@register(\"upper\")\ndef upper(item: Item) -> bytes:\n    return item.payload.upper().strip()"},
			func(s string) string {
				return strings.Replace(s, "@register(\"upper\")\n@metrics.timed\ndef upper(item: Item) -> bytes:\n    return item.payload.upper()\n",
					"@register(\"upper\")\ndef upper(item: Item) -> bytes:\n    return item.payload.upper().strip()\n", 1)
			}},
		{"insert before the decorators", []string{"--symbol", "upper", "--insert-before", "# Upper-cases.\n"},
			func(s string) string {
				return strings.Replace(s, "@register(\"upper\")\n@metrics.timed\n", "# Upper-cases.\n@register(\"upper\")\n@metrics.timed\n", 1)
			}},
		{"insert after a method", []string{"--symbol", "BatchProcessor.busy", "--insert-after", "\n    @property\n    def idle(self) -> bool:\n        return not self.busy"},
			func(s string) string {
				return strings.Replace(s, "        return self.state == self.State.RUNNING\n",
					"        return self.state == self.State.RUNNING\n\n    @property\n    def idle(self) -> bool:\n        return not self.busy\n", 1)
			}},
		{"delete a decorated class", []string{"--symbol", "Item", "--delete"},
			func(s string) string {
				return strings.Replace(s, "@dataclass(frozen=True)\nclass Item:\n    key: str\n    payload: bytes = b\"\"\n    attempts: int = 0\n    tags: list[str] = field(default_factory=list)\n", "", 1)
			}},
		{"a method's body by indentation", []string{"--old", "batch = []\nfor item in items:\n    batch.append(item)\n", "--new", "batch = list()\nfor item in items:\n    batch.append(item)\n"},
			func(s string) string {
				return strings.Replace(s, "        batch = []\n        for item in items:\n            batch.append(item)\n",
					"        batch = list()\n        for item in items:\n            batch.append(item)\n", 1)
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := editOK(t, root, append([]string{"processor.py"}, tc.args...)...)
			if tc.args[0] == "--old" && !strings.Contains(out, "match: indentation (indented by 8 spaces more") {
				t.Errorf("the body matched otherwise: %s", out)
			}
			want := tc.want(string(orig))
			if want == string(orig) {
				t.Fatal("the expected file is the original: the test's replacement did not apply")
			}
			if got := string(mustRead(t, path)); got != want {
				t.Errorf("after edit %q:\n%s", tc.args, out)
			}
			undoOK(t, root, "processor.py", orig)
		})
	}
	// The map sees an added method at once.
	editOK(t, root, "processor.py", "--symbol", "BatchProcessor.busy", "--insert-after", "\n    def added_method(self):\n        pass\n")
	if out, _, code := cli(t, root, "sym", "added_method"); code != 0 || !strings.Contains(out, "processor.py:") {
		t.Errorf("sym added_method after the edit = %q, exit %d", out, code)
	}
}

// TestEditCSharpCRLFAndBOM: a C# file with a byte order mark and CRLF endings keeps both; --old
// given with LF matches with line endings normalised, and every new line takes CRLF.
func TestEditCSharpCRLFAndBOM(t *testing.T) {
	src := fixture(t, "corpus/csharp/QueryExpression.cs")
	if !bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		t.Fatal("QueryExpression.cs lost its byte order mark")
	}
	orig := bytes.ReplaceAll(bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n")), []byte("\n"), []byte("\r\n"))
	root := repo(t, map[string]string{"Query.cs": string(orig)})
	path := filepath.Join(root, "Query.cs")
	out := editOK(t, root, "Query.cs", "--old", "            if (value.Equals(queryValue))\n            {\n                return true;\n            }\n",
		"--new", "            if (value.Equals(queryValue))\n            {\n                return true; // equal\n            }\n")
	got := mustRead(t, path)
	want := bytes.Replace(orig, []byte("                return true;\r\n            }\r\n\r\n            // Handle comparing an integer"),
		[]byte("                return true; // equal\r\n            }\r\n\r\n            // Handle comparing an integer"), 1)
	if !strings.Contains(out, "match: line-endings") || !bytes.HasPrefix(got, []byte("\xef\xbb\xbf")) || bytes.Count(got, []byte("\n")) != bytes.Count(got, []byte("\r\n")) {
		t.Errorf("edit with LF text: %s", out)
	}
	if bytes.Equal(want, orig) {
		t.Log("(the neighbouring comment moved; comparing line counts only)")
	} else if !bytes.Equal(got, want) {
		t.Errorf("the edited file differs from the original with that one line changed")
	}
	undoOK(t, root, "Query.cs", orig)
	// By symbol, with LF text and no final newline: CRLF lines, BOM kept.
	editOK(t, root, "Query.cs", "--symbol", "BooleanQueryExpression.RegexEquals", "--new",
		"        private static bool RegexEquals(JValue input, JValue pattern)\n        {\n            return false;\n        }")
	got = mustRead(t, path)
	if !bytes.Contains(got, []byte("        private static bool RegexEquals(JValue input, JValue pattern)\r\n        {\r\n            return false;\r\n        }\r\n\r\n")) ||
		!bytes.HasPrefix(got, []byte("\xef\xbb\xbf")) || bytes.Count(got, []byte("\n")) != bytes.Count(got, []byte("\r\n")) {
		t.Errorf("edit --symbol of a CRLF file did not write CRLF lines")
	}
	undoOK(t, root, "Query.cs", orig)
}

// TestEditLatin1: a file that is not UTF-8 is edited as bytes: the answer says so, and every byte
// outside the match stays.
func TestEditLatin1(t *testing.T) {
	orig := []byte("/* Copyright \xa9 2001 J\xfcrgen M\xfcller */\n#include <stdio.h>\n\nint gr\xfc\xdfe(void)\n{\n    return printf(\"Gr\xfc\xdfe aus K\xf6ln\\n\");\n}\n")
	root := repo(t, map[string]string{"gruss.c": string(orig)})
	out := editOK(t, root, "gruss.c", "--old", "aus K", "--new", "from K")
	if !strings.Contains(out, "not valid UTF-8: edited as bytes") {
		t.Errorf("edit of a Latin-1 file: %q", out)
	}
	want := bytes.Replace(orig, []byte("aus K"), []byte("from K"), 1)
	if got := mustRead(t, filepath.Join(root, "gruss.c")); !bytes.Equal(got, want) {
		t.Errorf("the file is %q, want %q", got, want)
	}
	undoOK(t, root, "gruss.c", orig)
}

// TestEditUTF16: a UTF-16 file is edited as the UTF-8 text read shows and written back as UTF-16
// with its byte order mark; the answer says so.
func TestEditUTF16(t *testing.T) {
	text := "[settings]\r\nname = caf\u00e9\r\n"
	orig := []byte{0xff, 0xfe}
	for _, r := range text {
		orig = append(orig, byte(r), byte(r>>8))
	}
	root := repo(t, map[string]string{"settings.ini": string(orig)})
	out := editOK(t, root, "settings.ini", "--old", "caf\u00e9", "--new", "th\u00e9")
	want := []byte{0xff, 0xfe}
	for _, r := range "[settings]\r\nname = th\u00e9\r\n" {
		want = append(want, byte(r), byte(r>>8))
	}
	if got := mustRead(t, filepath.Join(root, "settings.ini")); !bytes.Equal(got, want) || !strings.Contains(out, "written back as UTF-16LE") {
		t.Errorf("the file is % x (%s), want % x", got, out, want)
	}
	undoOK(t, root, "settings.ini", orig)
}

// TestEditExecutableScript: the file keeps its mode through an edit and an undo.
func TestEditExecutableScript(t *testing.T) {
	orig := fixture(t, "langs/deploy.sh")
	root := repo(t, nil)
	path := filepath.Join(root, "deploy.sh")
	mustWrite(t, path, orig, 0o755)
	editOK(t, root, "deploy.sh", "--symbol", "usage", "--new", "usage() {\n  echo \"usage: $0 HOST [ENV]\" >&2\n  exit 2\n}")
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o755 {
		t.Errorf("mode after the edit = %v, want 0755", fi.Mode())
	}
	if !bytes.Contains(mustRead(t, path), []byte("usage: $0 HOST [ENV]")) {
		t.Error("the edit is not in the file")
	}
	undoOK(t, root, "deploy.sh", orig)
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o755 {
		t.Errorf("mode after the undo = %v, want 0755", fi.Mode())
	}
}

// TestEditThroughASymlink: a link is followed: the file it leads to changes, the link stays a
// link, and an undo through the link restores the file.
func TestEditThroughASymlink(t *testing.T) {
	orig := fixture(t, "langs/server.go")
	root := repo(t, map[string]string{"pkg/server.go": string(orig)})
	if err := os.Symlink("pkg/server.go", filepath.Join(root, "server.go")); err != nil {
		t.Fatal(err)
	}
	syms, _ := symbolsOf(t, root, "server.go")
	name := ""
	for _, s := range syms {
		if s.Kind == "function" || s.Kind == "method" {
			name = s.Qualname
			break
		}
	}
	out := editOK(t, root, "server.go", "--symbol", name, "--insert-before", "// Added through the link.\n")
	if fi, _ := os.Lstat(filepath.Join(root, "server.go")); fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("server.go is no longer a link: %v", fi.Mode())
	}
	if !bytes.Contains(mustRead(t, filepath.Join(root, "pkg", "server.go")), []byte("// Added through the link.\n")) ||
		!strings.Contains(out, "--- a/pkg/server.go") {
		t.Errorf("the file the link leads to did not change: %s", out)
	}
	undoOK(t, root, "server.go", orig)
	if fi, _ := os.Lstat(filepath.Join(root, "server.go")); fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("server.go is no longer a link after the undo")
	}
}

// TestEditFailuresChangeNothing: every input edit cannot apply exits 1 with the reason and a hint
// (the matches with their lines and symbols, the nearest blocks, the candidates), as text and as
// the JSON error object, and leaves every file byte for byte as it was, with no backup kept.
func TestEditFailuresChangeNothing(t *testing.T) {
	py := string(fixture(t, "langs/processor.py"))
	for _, tc := range []struct {
		name   string
		args   []string
		setup  func(t *testing.T, root string)
		code   query.Code
		reason string
		hint   string
	}{
		{name: "no match", args: []string{"processor.py", "--old", "def load_itemz(path: str) -> list[Item]:", "--new", "x"},
			code: query.CodeNoMatch, reason: "--old not found",
			hint: `nearest: line 196 in load_items [196-199] (similarity 0.97)`},
		{name: "several matches", args: []string{"processor.py", "--old", "return item.payload", "--new", "x"},
			code: query.CodeAmbiguous, reason: "--old matches 2 places", hint: "matches at line 187 (in echo [185-187]), line 193 (in upper [190-193])"},
		{name: "a stale hash", args: []string{"processor.py", "--old", "MAX_WORKERS", "--new", "X", "--all", "--if-hash", "0123456789abcdef"},
			code: query.CodeHashMismatch, reason: "it changed since it was read", hint: "read it again"},
		{name: "no such symbol", args: []string{"processor.py", "--symbol", "lod_items", "--delete"},
			code: query.CodeNoSymbol, reason: `no symbol "lod_items"`, hint: "did you mean: load_items [196-199]"},
		{name: "an ambiguous symbol", args: []string{"processor.py", "--symbol", "_open", "--delete"},
			code: query.CodeAmbiguous, reason: `symbol "_open" matches 2 symbols`, hint: "candidates:"},
		{name: "a batch whose third edit fails", args: []string{"processor.py", "--batch", "batch.json"},
			setup: func(t *testing.T, root string) {
				mustWrite(t, filepath.Join(root, "batch.json"), []byte(`[{"old":"MAX_WORKERS","new":"WORKERS","all":true},{"symbol":"echo","delete":true},{"old":"no such text","new":"x"}]`), 0o644)
			},
			code: query.CodeNoMatch, reason: "edit 3 of 3: --old not found", hint: "nothing was written"},
		{name: "a binary file", args: []string{"logo.png", "--old", "PNG", "--new", "JPG"},
			setup: func(t *testing.T, root string) {
				mustWrite(t, filepath.Join(root, "logo.png"), []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), 0o644)
			},
			code: query.CodeBinary, reason: "binary file", hint: "text files only"},
		{name: "a missing file", args: []string{"procesor.py", "--old", "a", "--new", "b"},
			code: query.CodeNotFound, reason: "no such file", hint: "similar: processor.py"},
		{name: "a folder", args: []string{"sub", "--old", "a", "--new", "b"},
			setup: func(t *testing.T, root string) {
				mustWrite(t, filepath.Join(root, "sub", "x.txt"), []byte("a\n"), 0o644)
			},
			code: query.CodeIsDirectory, reason: "is a directory", hint: "entries: x.txt"},
		{name: "a read-only file", args: []string{"ro.py", "--old", "a = 1", "--new", "a = 2"},
			setup: func(t *testing.T, root string) { mustWrite(t, filepath.Join(root, "ro.py"), []byte("a = 1\n"), 0o444) },
			code:  query.CodePermission, reason: "read-only (mode 0444)", hint: "chmod u+w"},
		{name: "a read-only folder", args: []string{"ro/x.py", "--old", "a = 1", "--new", "a = 2"},
			setup: func(t *testing.T, root string) {
				mustWrite(t, filepath.Join(root, "ro", "x.py"), []byte("a = 1\n"), 0o644)
				if err := os.Chmod(filepath.Join(root, "ro"), 0o555); err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { os.Chmod(filepath.Join(root, "ro"), 0o755) })
			},
			code: query.CodePermission, reason: "its folder is read-only", hint: "chmod u+w"},
		{name: "an undo without a backup", args: []string{"processor.py", "--undo"},
			code: query.CodeNoBackup, reason: "no backup to restore", hint: ".readmap/backups/"},
		{name: "UTF-16 with an unpaired surrogate", args: []string{"u16.txt", "--old", "a", "--new", "b"},
			setup: func(t *testing.T, root string) {
				mustWrite(t, filepath.Join(root, "u16.txt"), []byte{0xff, 0xfe, 'a', 0, 0x00, 0xd8, '\n', 0}, 0o644)
			},
			code: query.CodeNotEditable, reason: "unpaired surrogate", hint: "convert it to UTF-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := repo(t, map[string]string{"processor.py": py})
			if tc.setup != nil {
				tc.setup(t, root)
			}
			before := snapshot(t, root)
			for _, asJSON := range []bool{false, true} {
				args := append([]string{"edit"}, tc.args...)
				if asJSON {
					args = append(args, "--json")
				}
				out, errOut, code := cli(t, root, args...)
				if code != exitFailed || !strings.Contains(errOut, tc.reason) || !strings.Contains(errOut, "\nhint: ") || !strings.Contains(errOut, tc.hint) {
					t.Errorf("edit %q: exit %d, stderr:\n%s\nwant exit 1, %q and a hint with %q", tc.args, code, errOut, tc.reason, tc.hint)
				}
				if asJSON {
					var e errorJSON
					if err := json.Unmarshal([]byte(out), &e); err != nil || e.Error.Code != tc.code {
						t.Errorf("edit %q --json: %q, want the error code %s", tc.args, out, tc.code)
					}
				}
			}
			if after := snapshot(t, root); !mapsEqual(before, after) {
				t.Errorf("files changed: before %d, after %d entries", len(before), len(after))
			}
			if n := backupsUnder(root); n != 0 {
				t.Errorf("%d backups kept by a failed edit", n)
			}
		})
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestEditTextsFromStdinAndFiles: "-" reads standard input (once), --old-file and --new-file read
// files, --batch - reads a batch from standard input; two texts from standard input are refused.
func TestEditTextsFromStdinAndFiles(t *testing.T) {
	root := repo(t, map[string]string{"a.py": "def f():\n    return 1\n\n\ndef g():\n    return 2\n"})
	path := filepath.Join(root, "a.py")
	if _, errOut, code := cliIn(t, root, "def f():\n    return 10\n", "edit", "a.py", "--symbol", "f", "--new", "-"); code != 0 {
		t.Fatalf("--new -: exit %d, %s", code, errOut)
	}
	mustWrite(t, filepath.Join(root, "old.txt"), []byte("return 2"), 0o644)
	mustWrite(t, filepath.Join(root, "new.txt"), []byte("return 20"), 0o644)
	editOK(t, root, "a.py", "--old-file", "old.txt", "--new-file", "new.txt")
	if _, errOut, code := cliIn(t, root, `[{"old":"return 10","new":"return 100"},{"symbol":"g","insert_after":"\n\ndef h():\n    return 3"}]`, "edit", "a.py", "--batch", "-"); code != 0 {
		t.Fatalf("--batch -: exit %d, %s", code, errOut)
	}
	want := "def f():\n    return 100\n\n\ndef g():\n    return 20\n\n\ndef h():\n    return 3\n"
	if got := string(mustRead(t, path)); got != want {
		t.Errorf("a.py = %q, want %q", got, want)
	}
	for _, args := range [][]string{
		{"a.py", "--old", "-", "--new", "-"},
		{"a.py", "--old", "x", "--old-file", "old.txt", "--new", "y"},
		{"a.py", "--batch", "-", "--old", "x", "--new", "y"},
		{"a.py", "--old", "x"},
		{"a.py"},
		{"a.py", "--symbol", "f", "--delete", "--new", "x"},
		{"a.py", "--undo", "--symbol", "f", "--delete"},
		{"a.py", "--old", "x", "--new", "y", "--if-hash", "nothex!!"},
	} {
		if _, errOut, code := cliIn(t, root, "x", append([]string{"edit"}, args...)...); code != exitUsage || !strings.Contains(errOut, "hint: ") {
			t.Errorf("edit %q: exit %d, %s; want a usage error", args, code, errOut)
		}
	}
	if got := string(mustRead(t, path)); got != want {
		t.Errorf("a refused edit changed a.py: %q", got)
	}
}

// TestEditDryRunAndNoOp: --dry-run shows the diff and writes nothing; an edit that changes
// nothing (--old equal to --new) warns, exits 0 and writes nothing.
func TestEditDryRunAndNoOp(t *testing.T) {
	root := repo(t, map[string]string{"a.go": "package a\n\nfunc A() int { return 1 }\n"})
	before := snapshot(t, root)
	out := editOK(t, root, "a.go", "--old", "return 1", "--new", "return 2", "--dry-run")
	if !strings.Contains(out, "-func A() int { return 1 }\n+func A() int { return 2 }\n") || !strings.Contains(out, "[Dry run: a.go would change at line 3") {
		t.Errorf("--dry-run: %q", out)
	}
	out, errOut, code := cli(t, root, "edit", "a.go", "--old", "return 1", "--new", "return 1")
	if code != 0 || !strings.Contains(errOut, "warning: a.go: nothing written: --old equals --new") || !strings.Contains(out, "[Unchanged a.go") {
		t.Errorf("--old equal to --new: exit %d, %q, %q", code, out, errOut)
	}
	if !mapsEqual(before, snapshot(t, root)) || backupsUnder(root) != 0 {
		t.Error("a dry run or a no-op edit changed the repository")
	}
}

// TestEditAnswersFitTheBudget: a change far larger than an answer cuts its diff, with a notice
// naming the lines to read, in text and in JSON.
func TestEditAnswersFitTheBudget(t *testing.T) {
	root := repo(t, map[string]string{"big.go": largeGo(600)})
	for _, asJSON := range []bool{false, true} {
		args := []string{"edit", "big.go", "--old", "\tfmt.Println(a, b, ", "--new", "\tfmt.Println(b, a, ", "--all"}
		if asJSON {
			args = append(args, "--json")
		}
		out, errOut, code := cli(t, root, args...)
		if code != 0 || len(out) > query.MaxAnswerBytes || !strings.Contains(out, "diff cut to fit the answer") {
			t.Errorf("edit --all (json %v): exit %d, %d bytes, %s", asJSON, code, len(out), errOut)
		}
		if asJSON {
			var ans map[string]any
			if err := json.Unmarshal([]byte(out), &ans); err != nil || ans["match"] != "exact" || ans["cut"] == nil {
				t.Errorf("edit --json: %v, %.300s", err, out)
			}
		}
		editOK(t, root, "big.go", "--undo")
	}
}

// TestEditStoresTheRowIndexWould: an edit stores the new content's map, made while the file was
// written, without reading the file again. That row must be the one a forced index run writes
// for the file (same map, hash and lines, as map --json shows them), and its stat data the
// file's (index --check finds nothing changed). Over every language fixture, a notebook and a
// UTF-16 file among them, each edited where one of its lines occurs only once.
func TestEditStoresTheRowIndexWould(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join("..", "..", "testdata", "langs"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{"settings-utf16.ini": "\xff\xfe[\x00a\x00]\x00\r\x00\n\x00k\x00e\x00y\x00 \x00=\x00 \x00v\x00\r\x00\n\x00"}
	for _, e := range entries {
		files[e.Name()] = string(fixture(t, "langs/"+e.Name()))
	}
	root := repo(t, files)
	if _, stderr, code := cli(t, root, "index", "-q"); code != 0 {
		t.Fatalf("index: exit %d: %s", code, stderr)
	}
	mapJSON := func(name string) string {
		out, stderr, code := cli(t, root, "map", name, "--json")
		if code != 0 {
			t.Fatalf("map %s --json: exit %d: %s", name, code, stderr)
		}
		return out
	}
	edited := map[string]string{}
	for name, content := range files {
		args := []string{name, "--old", "v", "--new", "value"}
		if !strings.HasPrefix(content, "\xff\xfe") {
			old := uniqueLine(content)
			if old == "" {
				t.Logf("%s: no line occurs only once; not edited", name)
				continue
			}
			args = []string{name, "--old", old, "--new", old + " "}
		}
		editOK(t, root, args...)
		edited[name] = mapJSON(name)
	}
	if len(edited) < len(files)-3 {
		t.Fatalf("only %d of %d files edited", len(edited), len(files))
	}
	if out, stderr, code := cli(t, root, "index", "--check"); code != 0 {
		t.Errorf("index --check after the edits: exit %d: %s%s", code, out, stderr)
	}
	if _, stderr, code := cli(t, root, "index", "-q", "--force"); code != 0 {
		t.Fatalf("index --force: exit %d: %s", code, stderr)
	}
	for name, afterEdit := range edited {
		if fresh := mapJSON(name); fresh != afterEdit {
			t.Errorf("%s: the row the edit stored differs from a fresh index's:\nedit:  %.600s\nindex: %.600s", name, afterEdit, fresh)
		}
	}
}

// uniqueLine returns the first line of content, without its ending, of at least 8 bytes of
// printable ASCII or tabs that occurs only once in content; "" when there is none.
func uniqueLine(content string) string {
	for line := range strings.Lines(content) {
		line = strings.TrimRight(line, "\r\n")
		printable := len(line) >= 8
		for i := 0; i < len(line) && printable; i++ {
			printable = line[i] == '\t' || line[i] >= ' ' && line[i] < 0x7f
		}
		if printable && strings.Count(content, line) == 1 {
			return line
		}
	}
	return ""
}
