package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/readmap/readmap/store"
)

// asReader returns a function that runs readmap with args in a folder as a user who may read the
// store but not write its folder. Not as root, that is this process, and a folder's mode is
// enough. As root, who writes anywhere, it is a copy of the test binary run as user nobody; the
// folders from the root of the temporary tree down are opened to others for it.
func asReader(t *testing.T, tree string) func(dir string, args ...string) (string, string, int) {
	t.Helper()
	if os.Geteuid() != 0 {
		return func(dir string, args ...string) (string, string, int) { return cli(t, dir, args...) }
	}
	for dir := tree; dir != filepath.Dir(dir) && strings.HasPrefix(dir, os.TempDir()+"/"); dir = filepath.Dir(dir) {
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(tree, "readmap.test")
	copyFile(t, os.Args[0], bin)
	return func(dir string, args ...string) (string, string, int) {
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "READMAP_TEST_MAIN=1")
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return stdout.String(), stderr.String(), code
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	src, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(dst, src); err != nil {
		t.Fatal(err)
	}
	if err := dst.Close(); err != nil {
		t.Fatal(err)
	}
}

// names lists a folder's entries.
func names(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}

// TestReadOnlyFolder: a store that may be read but whose folder may not be written answers sym,
// stats and index --check from its rows, read-only; sym says which of its hits' files changed
// since; index refuses with a hint; and nothing is written into the folder.
func TestReadOnlyFolder(t *testing.T) {
	root := repo(t, map[string]string{"a.go": "package a\n\nfunc Handler() {}\n", "b.py": "def beta():\n    return 1\n"})
	if _, errOut, code := cli(t, root, "index", "-q"); code != 0 {
		t.Fatal(errOut)
	}
	dir := filepath.Join(root, ".readmap")
	as := asReader(t, filepath.Dir(root))
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o755) })
	before := names(t, dir)

	if out, errOut, code := as(root, "sym", "Handler"); code != 0 || out != "a.go:3-3  function  Handler  func Handler()\n" {
		t.Errorf("sym Handler = %q, %q (exit %d)", out, errOut, code)
	}
	if out, errOut, code := as(root, "stats", "--json"); code != 0 || !strings.Contains(out, `"files":2`) {
		t.Errorf("stats = %q, %q (exit %d)", out, errOut, code)
	}
	if out, errOut, code := as(root, "index", "--check"); code != 0 {
		t.Errorf("index --check with nothing changed = %q, %q (exit %d)", out, errOut, code)
	}

	later := time.Now().Add(time.Minute)
	if err := os.WriteFile(filepath.Join(root, "b.py"), []byte("def gamma():\n    return 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(filepath.Join(root, "b.py"), later, later); err != nil {
		t.Fatal(err)
	}
	if out, _, code := as(root, "index", "--check"); code != 1 || out != "changed\tb.py\n" {
		t.Errorf("index --check after b.py changed = %q (exit %d), want b.py changed", out, code)
	}
	out, errOut, code := as(root, "sym", "beta")
	if code != 0 || !strings.HasPrefix(out, "b.py:1-2  function  beta") ||
		!strings.Contains(errOut, "read-only: answered from it as it is, though b.py changed") {
		t.Errorf("sym beta after b.py changed = %q, %q (exit %d), want the stored hit and a warning naming b.py", out, errOut, code)
	}
	if out, _, code := as(root, "read", "b.py"); code != 0 || out != "def gamma():\n    return 2\n" {
		t.Errorf("read b.py = %q (exit %d), want the file as it is now", out, code)
	}
	if _, errOut, code := as(root, "index"); code != 1 || !strings.Contains(errOut, "store is read-only") ||
		!strings.Contains(errOut, "hint: its folder is read-only") {
		t.Errorf("index into a read-only store: exit %d, %q", code, errOut)
	}
	if after := names(t, dir); strings.Join(after, " ") != strings.Join(before, " ") {
		t.Errorf("the read-only folder held %v, now %v", before, after)
	}
}

// TestNewerSchemaIsRefused: sym, stats and index --check refuse a store a newer readmap wrote,
// with the hint to upgrade, and change nothing (read and map answer in memory: TestReadWithUnusableStore).
func TestNewerSchemaIsRefused(t *testing.T) {
	root := repo(t, map[string]string{"a.go": "package a\n\nfunc A() {}\n"})
	if _, errOut, code := cli(t, root, "index", "-q"); code != 0 {
		t.Fatal(errOut)
	}
	setUserVersion(t, filepath.Join(root, ".readmap", "index.db"), 99)
	for _, args := range [][]string{{"sym", "A"}, {"stats"}, {"index", "--check"}} {
		if _, errOut, code := cli(t, root, args...); code != 1 || !strings.Contains(errOut, "newer") ||
			!strings.Contains(errOut, "hint: a newer readmap wrote this store: upgrade readmap") {
			t.Errorf("%s on a newer store: exit %d, %q", strings.Join(args, " "), code, errOut)
		}
	}
}

// TestCheckLeavesACorruptStoreInPlace: index --check changes nothing, so it reports a corrupt
// store rather than moving it aside and checking against a new, empty one.
func TestCheckLeavesACorruptStoreInPlace(t *testing.T) {
	root := repo(t, map[string]string{"a.go": "package a\n", ".readmap/index.db": strings.Repeat("garbage ", 100)})
	out, errOut, code := cli(t, root, "index", "--check")
	if code != 1 || out != "" || !strings.Contains(errOut, "hint: run readmap index to move it aside and rebuild it") {
		t.Errorf("index --check of a corrupt store = %q, %q (exit %d)", out, errOut, code)
	}
	if got := names(t, filepath.Join(root, ".readmap")); strings.Join(got, " ") != ".gitignore index.db" && strings.Join(got, " ") != "index.db" {
		t.Errorf("after index --check the store's folder holds %v", got)
	}
}

// TestSymWhenTheWALWasRemoved: the WAL file removed while a process (here, this one) has the store
// open: sym fails, naming what happened, with the hint to rebuild; index then moves the store
// aside and rebuilds it, and sym answers again.
func TestSymWhenTheWALWasRemoved(t *testing.T) {
	ctx := context.Background()
	root := repo(t, map[string]string{"a.go": "package a\n\nfunc Handler() {}\n"})
	if _, errOut, code := cli(t, root, "index", "-q"); code != 0 {
		t.Fatal(errOut)
	}
	db := filepath.Join(root, ".readmap", "index.db")
	holder, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	w := holder.NewWriter() // a write whose pages only the WAL holds
	if err := w.Put(ctx, &store.File{Path: "b.go", Language: "Go", Symbols: []store.Symbol{
		{Name: "Handler", Qualname: "Handler", Kind: store.KindFunction, StartLine: 1, EndLine: 1, Parent: -1}}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(db + "-wal"); err != nil {
		t.Fatal(err)
	}
	cs := mcpClient(t, root, false)
	res := callTool(t, cs, "sym", map[string]any{"query": "Handler"})
	body := toolErrorOf(t, "MCP sym with the WAL removed", res)
	if body.Code != "store" || !strings.Contains(body.Message, "-wal file removed") || body.Hint != "run readmap index to move it aside and rebuild it" {
		t.Errorf("MCP sym with the WAL removed = %+v", body)
	}
	if _, errOut, code := cli(t, root, "index"); code != 0 || !strings.Contains(errOut, "was corrupt; moved it to") {
		t.Fatalf("index with the WAL removed: exit %d, %q", code, errOut)
	}
	res = callTool(t, cs, "sym", map[string]any{"query": "Handler", "json": true})
	var hits []struct{ Path string }
	if blocks := texts(res); res.IsError || json.Unmarshal([]byte(blocks[0]), &hits) != nil || len(hits) != 1 {
		t.Errorf("MCP sym after the rebuild = %q", blocks)
	}
}
