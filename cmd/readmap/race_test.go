package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestMCPNeverServesOutsideThroughARacedLink swaps a symbolic link inside the root between a file
// inside it and a secret outside it, as fast as it can, while an MCP client reads, maps and
// searches the link: no answer may ever hold a byte of the secret, and the store must not keep it.
func TestMCPNeverServesOutsideThroughARacedLink(t *testing.T) {
	const secret = "SECRET_OUTSIDE"
	var inside, outside strings.Builder
	inside.WriteString("package inside\n\n")
	outside.WriteString("package secret\n\n")
	for i := range 40 {
		inside.WriteString("// needle inside the root\nfunc Inside" + string(rune('A'+i%26)) + "() {}\n\n")
		outside.WriteString("// needle " + secret + "\nfunc " + secret + string(rune('A'+i%26)) + "() {}\n\n")
	}
	root := repo(t, map[string]string{"inside.go": inside.String()})
	secretPath := filepath.Join(t.TempDir(), "secret.go")
	if err := os.WriteFile(secretPath, []byte(outside.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(root, "link.go")
	if err := os.Symlink("inside.go", link); err != nil {
		t.Fatal(err)
	}

	stop := make(chan struct{})
	var swaps sync.WaitGroup
	swaps.Add(1)
	go func() { // swap the link atomically: a new link renamed over the old one
		defer swaps.Done()
		tmp := filepath.Join(root, "link.tmp")
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			target := "inside.go"
			if i%2 == 1 {
				target = secretPath
			}
			os.Remove(tmp)
			if os.Symlink(target, tmp) == nil {
				os.Rename(tmp, link)
			}
		}
	}()

	cs := mcpClient(t, root, false)
	calls := []struct {
		tool string
		args map[string]any
	}{
		{"read", map[string]any{"path": "link.go"}},
		{"read", map[string]any{"path": "link.go", "json": true}},
		{"read", map[string]any{"path": "link.go", "lines": "3-9"}},
		{"map", map[string]any{"path": "link.go"}},
		{"map", map[string]any{"path": "link.go", "json": true}},
		{"search", map[string]any{"path": "link.go", "pattern": "needle"}},
		{"sym", map[string]any{"query": secret + "A"}},
	}
	served, refused := 0, 0
	deadline := time.Now().Add(3 * time.Second)
	for round := 0; round < 400 && time.Now().Before(deadline); round++ {
		for _, c := range calls {
			res := callTool(t, cs, c.tool, c.args)
			text := strings.Join(texts(res), "\n")
			if q, ok := c.args["query"].(string); ok {
				text = strings.ReplaceAll(text, q, "") // a message may repeat the query
			}
			if strings.Contains(text, secret) {
				close(stop)
				swaps.Wait()
				t.Fatalf("round %d: %s %v served the outside file:\n%.300s", round, c.tool, c.args, text)
			}
			if res.IsError {
				refused++
			} else {
				served++
			}
		}
	}
	close(stop)
	swaps.Wait()
	t.Logf("%d answers from inside the root, %d refusals", served, refused)
	if served == 0 {
		t.Error("no call was answered: the race never had the link inside the root")
	}
	// The store holds nothing of the secret either.
	if out, _, code := cli(t, root, "sym", secret+"A"); code == 0 || strings.Contains(strings.ReplaceAll(out, secret+"A", ""), secret) {
		t.Errorf("the store holds the outside file's symbols: sym %sA = %q", secret, out)
	}
}

// TestMapsDescribeTheBytesServed: a file rewritten with the same size and mtime keeps a row that
// looks fresh; the answers check the row against the bytes they serve and map those instead.
func TestMapsDescribeTheBytesServed(t *testing.T) {
	root := repo(t, map[string]string{"a.py": "def old_name():\n    pass\n"})
	if _, errOut, code := cli(t, root, "index"); code != 0 {
		t.Fatalf("index: %s", errOut)
	}
	path := filepath.Join(root, "a.py")
	before, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("def new_name():\n    pass\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, before.ModTime(), before.ModTime()); err != nil {
		t.Fatal(err)
	}
	out, _, code := cli(t, root, "map", "a.py")
	if code != 0 || !strings.Contains(out, "def new_name") || strings.Contains(out, "old_name") {
		t.Errorf("map a.py = %q, want the map of the bytes on disk", out)
	}
	res := callTool(t, mcpClient(t, root, false), "read", map[string]any{"path": "a.py", "symbol": "new_name"})
	if blocks := texts(res); res.IsError || !strings.Contains(blocks[0], "def new_name():\n    pass\n") {
		t.Errorf("MCP read --symbol new_name = %q", blocks)
	}
}

// TestReadSaysTheFileChanged: a page past the first, or a range, read after the file changed
// since its row was written says so, in text and in JSON ("changed"); read --json and map --json
// carry the hash of the bytes read.
func TestReadSaysTheFileChanged(t *testing.T) {
	content := largeGo(600)
	root := repo(t, map[string]string{"big.go": content})
	path := filepath.Join(root, "big.go")
	if out, _, code := cli(t, root, "read", "big.go"); code != 0 || strings.Contains(out, "changed since") {
		t.Fatalf("first read: exit %d, %.200q", code, out)
	}
	change := func(text string) {
		t.Helper()
		content = text + content
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const notice = "[readmap: big.go changed since it was last read: pages and lines from before may not join with these."
	change("// a new first line\n")
	out, _, _ := cli(t, root, "read", "big.go", "--page", "2")
	if !strings.HasPrefix(out, notice) {
		t.Errorf("read --page 2 after a change = %.300q, want the notice first", out)
	}
	if out, _, _ := cli(t, root, "read", "big.go", "--page", "3"); strings.Contains(out, "changed since") {
		t.Errorf("read --page 3, the file unchanged since page 2 = %.300q, want no notice", out)
	}
	change("// another\n")
	if out, _, _ := cli(t, root, "read", "big.go", "--lines", "40-60"); !strings.HasPrefix(out, notice) {
		t.Errorf("read --lines after a change = %.300q, want the notice first", out)
	}
	change("// and another\n")
	res := callTool(t, mcpClient(t, root, false), "read", map[string]any{"path": "big.go", "page": 2, "json": true})
	var ans struct {
		Changed bool
		Hash    string
	}
	sum := sha256.Sum256([]byte(content))
	if err := json.Unmarshal([]byte(texts(res)[0]), &ans); err != nil || !ans.Changed || ans.Hash != hex.EncodeToString(sum[:]) {
		t.Errorf("MCP read page 2 as JSON after a change: changed %v, hash %q (%v), want true and %x", ans.Changed, ans.Hash, err, sum)
	}
	out, _, _ = cli(t, root, "map", "big.go", "--json")
	if err := json.Unmarshal([]byte(out), &ans); err != nil || ans.Hash != hex.EncodeToString(sum[:]) {
		t.Errorf("map --json hash = %q (%v), want %x", ans.Hash, err, sum)
	}
}

// TestPagesOfARewrittenLargeFile: the page starts of a large file are kept in the store by size
// and mtime; a file rewritten with the same size and mtime must not be cut by the old ones.
func TestPagesOfARewrittenLargeFile(t *testing.T) {
	const size = 5 << 20 // over the 4 MiB from which page starts are kept
	lines := func(width int) string {
		line := strings.Repeat("x", width-1) + "\n"
		text := strings.Repeat(line, size/width)
		return text + strings.Repeat("y", size-len(text))
	}
	root := repo(t, map[string]string{"big.log": lines(100)})
	path := filepath.Join(root, "big.log")
	if _, errOut, code := cli(t, root, "read", "big.log", "--page", "2", "--json"); code != 0 {
		t.Fatal(errOut)
	}
	before, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(lines(30)), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, before.ModTime(), before.ModTime()); err != nil {
		t.Fatal(err)
	}
	var pages [2]struct {
		StartLine int `json:"start_line"`
		EndLine   int `json:"end_line"`
		Content   string
	}
	for i := range pages {
		out, errOut, code := cli(t, root, "read", "big.log", "--page", fmt.Sprint(i+1), "--json")
		if code != 0 || json.Unmarshal([]byte(out), &pages[i]) != nil {
			t.Fatalf("read --page %d: exit %d, %s", i+1, code, errOut)
		}
	}
	if !strings.HasSuffix(pages[0].Content, "\n") || pages[1].StartLine != pages[0].EndLine+1 || pages[0].EndLine != strings.Count(pages[0].Content, "\n") {
		t.Errorf("pages 1 and 2 of the rewritten file: lines %d-%d (%d bytes), then from %d", pages[0].StartLine, pages[0].EndLine, len(pages[0].Content), pages[1].StartLine)
	}
}
