package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/readmap/readmap/query"
)

// TestMCPEditSession drives `readmap mcp` through a real MCP client session, as an agent would:
// read a large file (page and map), pick a symbol from the map, read it, edit it by symbol with the
// hash it read, read it back, and undo; then the file is its original bytes again.
func TestMCPEditSession(t *testing.T) {
	orig := largeGo(600)
	root := repo(t, map[string]string{"big.go": orig})
	cs := mcpClient(t, root, false)

	res := callTool(t, cs, "read", map[string]any{"path": "big.go"})
	blocks := texts(res)
	if res.IsError || len(blocks) != 2 || !strings.Contains(blocks[1], "File Map: big.go") {
		t.Fatalf("read big.go = %v blocks, error %v", len(blocks), res.IsError)
	}
	res = callTool(t, cs, "map", map[string]any{"path": "big.go", "json": true})
	var m struct {
		Hash    string
		Symbols []symbolJSON
	}
	if err := json.Unmarshal([]byte(texts(res)[0]), &m); err != nil {
		t.Fatal(err)
	}
	target := m.Symbols[len(m.Symbols)/2]
	if !strings.HasPrefix(target.Name, "Func") {
		t.Fatalf("the symbol in the middle of the map is %+v", target)
	}
	res = callTool(t, cs, "read", map[string]any{"path": "big.go", "symbol": target.Qualname})
	shown := texts(res)[0]
	header, rest, _ := strings.Cut(shown, "\n")
	body, _, found := strings.Cut(rest, "[End of "+target.Qualname+".]")
	if res.IsError || !strings.HasPrefix(header, "["+target.Qualname+" (function): lines ") || !found {
		t.Fatalf("read symbol %s = %q", target.Qualname, shown)
	}
	newBody := strings.Replace(body, "\treturn a + b\n", "\treturn a - b\n", 1)
	res = callTool(t, cs, "edit", map[string]any{"path": "big.go", "symbol": target.Qualname, "new": newBody, "if_hash": m.Hash})
	answer := strings.Join(texts(res), "")
	if res.IsError || !strings.Contains(answer, "-\treturn a + b\n+\treturn a - b\n") || !strings.Contains(answer, "[Edited big.go: lines ") ||
		len(answer) > query.MaxAnswerBytes {
		t.Fatalf("edit = %q", answer)
	}
	res = callTool(t, cs, "read", map[string]any{"path": "big.go", "symbol": target.Qualname})
	if again := texts(res)[0]; !strings.Contains(again, newBody) {
		t.Errorf("read symbol after the edit = %q", again)
	}
	// The same hash again is stale now: refused, and nothing changes.
	edited := mustRead(t, filepath.Join(root, "big.go"))
	res = callTool(t, cs, "edit", map[string]any{"path": "big.go", "symbol": target.Qualname, "delete": true, "if_hash": m.Hash})
	if text := strings.Join(texts(res), ""); !res.IsError || !strings.Contains(text, "it changed since it was read") {
		t.Errorf("edit with a stale hash = %q", text)
	}
	if !bytes.Equal(mustRead(t, filepath.Join(root, "big.go")), edited) {
		t.Error("a refused edit changed the file")
	}
	res = callTool(t, cs, "edit", map[string]any{"path": "big.go", "undo": true, "json": true})
	var undone struct{ Restored, Hash string }
	if err := json.Unmarshal([]byte(texts(res)[0]), &undone); err != nil || undone.Restored == "" {
		t.Fatalf("undo = %q (%v)", texts(res), err)
	}
	if got := mustRead(t, filepath.Join(root, "big.go")); string(got) != orig {
		t.Error("after undo the file is not its original bytes")
	}
	// A batch over MCP: all or nothing.
	res = callTool(t, cs, "edit", map[string]any{"path": "big.go", "batch": []any{
		map[string]any{"symbol": "Func1", "delete": true},
		map[string]any{"old": "no such text", "new": "x"},
	}})
	if text := strings.Join(texts(res), ""); !res.IsError || !strings.Contains(text, "edit 2 of 2: --old not found") {
		t.Errorf("a failing batch = %q", text)
	}
	if got := mustRead(t, filepath.Join(root, "big.go")); string(got) != orig {
		t.Error("a failing batch changed the file")
	}
}

// TestMCPEditStaysInsideTheRoot: the edit tool refuses paths outside the root (through .., an
// absolute path, a link), and with --allow-outside-root edits a file a link leads to while its
// backup stays under the root.
func TestMCPEditStaysInsideTheRoot(t *testing.T) {
	root := repo(t, map[string]string{"in.txt": "inside\n"})
	outDir := t.TempDir()
	outside := filepath.Join(outDir, "secret.txt")
	mustWrite(t, outside, []byte("secret\n"), 0o644)
	if err := os.Symlink(outside, filepath.Join(root, "link.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outDir, filepath.Join(root, "outdir")); err != nil {
		t.Fatal(err)
	}
	cs := mcpClient(t, root, false)
	for _, path := range []string{"link.txt", "outdir/secret.txt", outside, "../" + filepath.Base(outDir) + "/secret.txt"} {
		res := callTool(t, cs, "edit", map[string]any{"path": path, "old": "secret", "new": "changed"})
		if text := strings.Join(texts(res), ""); !res.IsError || !strings.Contains(text, "outside the repository root") {
			t.Errorf("edit %s = %q, want refused", path, text)
		}
	}
	if got := mustRead(t, outside); string(got) != "secret\n" {
		t.Fatalf("the file outside the root is now %q", got)
	}
	allowed := mcpClient(t, root, true)
	res := callTool(t, allowed, "edit", map[string]any{"path": "link.txt", "old": "secret", "new": "changed"})
	if res.IsError || string(mustRead(t, outside)) != "changed\n" {
		t.Errorf("edit link.txt with --allow-outside-root = %q", texts(res))
	}
	if entries, _ := os.ReadDir(outDir); len(entries) != 1 {
		t.Errorf("the folder outside holds %d entries: a backup or a temporary file was left there", len(entries))
	}
	if backupsUnder(root) != 1 {
		t.Errorf("%d backups under the root, want 1", backupsUnder(root))
	}
}

// TestMCPEditNeverWritesThroughARacedLink: while the edits run, the folder holding the file is
// swapped again and again with a link to a folder outside the root that holds a file of the same
// name and content, so that the folder checked when the file is opened may be the link when it is
// written. Every edit either lands inside the root or is refused: the outside file never changes,
// and nothing is ever created outside.
func TestMCPEditNeverWritesThroughARacedLink(t *testing.T) {
	root := repo(t, nil)
	outDir := t.TempDir()
	content := []byte("value = 1\n")
	mustWrite(t, filepath.Join(outDir, "f.txt"), content, 0o644)
	real := filepath.Join(root, "real")
	mustWrite(t, filepath.Join(real, "f.txt"), content, 0o644)

	stop := make(chan struct{})
	var swaps sync.WaitGroup
	swaps.Add(1)
	go func() { // real/ is, in turn, the folder and a link to the folder outside
		defer swaps.Done()
		aside, tmp := filepath.Join(root, "real.dir"), filepath.Join(root, "real.tmp")
		for {
			select {
			case <-stop:
				os.Remove(real)
				os.Rename(aside, real)
				return
			default:
			}
			if os.Rename(real, aside) == nil {
				os.Remove(tmp)
				if os.Symlink(outDir, tmp) == nil {
					os.Rename(tmp, real)
				}
				time.Sleep(300 * time.Microsecond)
				os.Remove(real)
				os.Rename(aside, real)
				time.Sleep(600 * time.Microsecond)
			}
		}
	}()
	cs := mcpClient(t, root, false)
	edited, refused := 0, 0
	why := map[string]int{}
	deadline := time.Now().Add(3 * time.Second)
	for i := 0; i < 300 && time.Now().Before(deadline); i++ {
		res := callTool(t, cs, "edit", map[string]any{"path": "real/f.txt", "old": "value = ", "new": "value = x"})
		if res.IsError {
			refused++
			why[strings.SplitN(strings.Join(texts(res), ""), "\n", 2)[0]]++
		} else {
			edited++
		}
		if got := mustRead(t, filepath.Join(outDir, "f.txt")); !bytes.Equal(got, content) {
			close(stop)
			swaps.Wait()
			t.Fatalf("edit %d wrote the file outside the root: %q", i, got)
		}
	}
	close(stop)
	swaps.Wait()
	if entries, _ := os.ReadDir(outDir); len(entries) != 1 {
		t.Errorf("the folder outside holds %d entries", len(entries))
	}
	t.Logf("%d edits inside the root, %d refused: %v", edited, refused, why)
	if edited == 0 {
		t.Error("no edit went through: the test swapped too fast to say anything")
	}
}
