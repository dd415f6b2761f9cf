package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/readmap/readmap/query"
)

// fuzzSecret marks every line and symbol of the file outside the root: no answer may hold it.
const fuzzSecret = "OUTSIDE_SECRET_Q7"

// fuzzServer is one `readmap mcp` session, in process, spoken to in raw lines through the
// server's own line transport: a root with odd files and links out of it, a secret outside.
type fuzzServer struct {
	root, outside string
	in            io.WriteCloser
	replies       chan []byte
	next          int // request ids
	// outsideFiles is every file outside the root with its content, which no call may change.
	outsideFiles map[string]string
}

// listFiles returns every file under dir with its content.
func listFiles(dir string) map[string]string {
	files := map[string]string{}
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			content, _ := os.ReadFile(p)
			files[p] = string(content)
		}
		return nil
	})
	return files
}

// outsideChanged says what changed outside the root since the server started, or "".
func (s *fuzzServer) outsideChanged() string {
	now := listFiles(s.outside)
	for p, content := range now {
		if was, ok := s.outsideFiles[p]; !ok {
			return p + " was created"
		} else if was != content {
			return p + " was written"
		}
	}
	if len(now) != len(s.outsideFiles) {
		return "a file was removed"
	}
	return ""
}

// startFuzzServer builds the root and starts the server. The fuzzer runs its inputs one after the
// other against the same server, as an agent would over one session.
func startFuzzServer(f *testing.F) *fuzzServer {
	dir := f.TempDir()
	root, outside := filepath.Join(dir, "root"), filepath.Join(dir, "elsewhere")
	var secret strings.Builder
	secret.WriteString("package secret\n\n")
	for i := range 30 {
		fmt.Fprintf(&secret, "// %s line %d\nfunc %s%d() {}\n\n", fuzzSecret, i, fuzzSecret, i)
	}
	files := map[string]string{
		"root/.git/HEAD":            "ref: refs/heads/main\n",
		"root/small.go":             "package small\n\nfunc Small() {}\n",
		"root/big.go":               largeGo(400),
		"root/latin1.txt":           strings.Repeat("caf\xe9 cr\xe8me \xff\xfe\n", 3000),
		"root/ctl.md":               "# Title \x1b]0;x\x07\n\ntext \"quoted\" \\ back\n\n## Two\x1b[2J\n",
		"root/sub/nested.py":        "class A:\n    def run(self):\n        pass\n",
		"root/a\nnewline.go":        "package odd\n\nfunc Odd() {}\n",
		"root/logo.png":             "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
		"elsewhere/secret.go":       secret.String(),
		"elsewhere/secret_dir/x.go": secret.String(),
	}
	for p, content := range files {
		abs := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			f.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(content), 0o644); err != nil {
			f.Fatal(err)
		}
	}
	for link, target := range map[string]string{
		"link-out.go": filepath.Join(outside, "secret.go"),
		"outdir":      filepath.Join(outside, "secret_dir"),
		"rel-out.go":  "../elsewhere/secret.go",
		"link-in.go":  "small.go",
		"loop":        "loop",
	} {
		if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
			f.Fatal(err)
		}
	}
	// index follows links to files: the store holds the secret under link-out.go, which sym must
	// never show.
	var out, errOut strings.Builder
	if code := run(context.Background(), []string{"index", "-q", "--root", root}, strings.NewReader(""), &out, &errOut); code != 0 {
		f.Fatalf("index: %s", errOut.String())
	}
	cfg, err := resolveConfig(nil, func(string) string { return "" })
	if err != nil {
		f.Fatal(err)
	}
	a := &app{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, quiet: true, cfg: cfg}
	toServer, fromTest := io.Pipe()
	toTest, fromServer := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	go func() { _ = a.mcpServer(root, false).serve(ctx, toServer, fromServer) }()
	s := &fuzzServer{root: root, outside: outside, in: fromTest, replies: make(chan []byte, 64), outsideFiles: listFiles(outside)}
	go func() {
		sc := bufio.NewScanner(toTest)
		sc.Buffer(make([]byte, 1<<20), 64<<20)
		for sc.Scan() {
			s.replies <- append([]byte(nil), sc.Bytes()...)
		}
		close(s.replies)
	}()
	f.Cleanup(func() {
		cancel()
		fromTest.Close()
		toTest.Close()
	})
	reply := s.call(f, "initialize", `{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"fuzz","version":"1"}}`)
	if reply["result"] == nil {
		f.Fatalf("initialize = %v", reply)
	}
	s.send(f, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return s
}

func (s *fuzzServer) send(tb testing.TB, line string) {
	tb.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		tb.Fatalf("the server stopped reading: %v", err)
	}
}

// call sends a request and returns its reply, checking every reply that comes before it.
func (s *fuzzServer) call(tb testing.TB, method, params string) map[string]any {
	tb.Helper()
	s.next++
	id := fmt.Sprintf("fuzz-%d", s.next)
	line := fmt.Sprintf(`{"jsonrpc":"2.0","id":%q,"method":%q,"params":%s}`, id, method, params)
	s.send(tb, line)
	refused := len(line) > maxFrameBytes // refused unread: its reply has a null id
	deadline := time.After(30 * time.Second)
	for {
		select {
		case line, ok := <-s.replies:
			if !ok {
				tb.Fatal("the server closed its output")
			}
			var reply map[string]any
			if err := json.Unmarshal(line, &reply); err != nil || reply["jsonrpc"] != "2.0" {
				tb.Fatalf("a reply that is no JSON-RPC message: %.300q", line)
			}
			if reply["id"] == id || (refused && reply["id"] == nil) {
				return reply
			}
		case <-deadline:
			tb.Fatalf("no reply to %s within 30 s", method)
		}
	}
}

// fuzzArgs builds tool arguments from b: keys and values of every JSON type, drawn from the
// parameters readmap takes (edit's, for edit) and from paths that lead out of the root, with
// sizes up to 200 KB.
func fuzzArgs(s *fuzzServer, b []byte, edit bool) map[string]any {
	keys := []string{"path", "offset", "limit", "lines", "page", "symbol", "full", "map", "numbers", "json",
		"budget", "query", "kind", "lang", "pattern", "regex", "fuzzy", "threshold", "context", "max", "skip", "_meta", "",
		"name", "focus", "mention"}
	if edit {
		keys = []string{"path", "old", "new", "all", "within", "symbol", "insert_before", "insert_after", "delete",
			"batch", "if_hash", "dry_run", "undo", "json", "_meta", ""}
	}
	paths := []string{"small.go", "big.go", "latin1.txt", "ctl.md", "sub/nested.py", "sub", ".", "", "..",
		"link-out.go", "link-in.go", "rel-out.go", "outdir/x.go", "outdir/nope.go", "outdir", "loop", "logo.png",
		"../elsewhere/secret.go", filepath.Join(s.outside, "secret.go"), filepath.Join(s.root, "small.go"),
		"sub/../../elsewhere/secret.go", "small\x00.go", `"a\nnewline.go"`, `a\nnewline.go`, "a\nnewline.go",
		"/proc/self/environ", "/dev/zero", "/", ".readmap/index.db", "sub/../small.go", "nope.go"}
	texts := []string{"e", "func", "Small", "run", "A.run", "(", `\w+`, "[", "a*", fuzzSecret[:6], "%", "\x00",
		"if err := srv.ListenAndServe(); err != nil {", "# Title", "function", "Go", "*", "net/*", "1-5", "3-2", "x-y", "0",
		"0UTS1D3_S3CRET_Q7"} // too far from the secret's names for a hit, near enough for "did you mean"
	args := map[string]any{}
	next := func() int {
		if len(b) == 0 {
			return 0
		}
		c := int(b[0])
		b = b[1:]
		return c
	}
	for len(b) > 0 {
		key := keys[next()%len(keys)]
		if next()%16 == 0 { // a key of the input's own bytes
			n := next() % 12
			key = string(b[:min(n, len(b))])
			b = b[min(n, len(b)):]
		}
		var v any
		switch kind := next() % 13; kind {
		case 0, 1:
			v = paths[next()%len(paths)]
		case 2:
			v = texts[next()%len(texts)]
		case 3: // bytes of the input, repeated up to 200 KB
			n := next() % 8
			piece := string(b[:min(n, len(b))])
			b = b[min(n, len(b)):]
			v = strings.Repeat(piece, 1+next()*next()*3) // up to 1.3 MB: past the frame limit too
		case 4:
			v = next() - 20
		case 5:
			v = []int{0, 1, 2, 50, 1000, 1001, 100000, 1 << 20, 1 << 31, 1 << 62, -1 << 62}[next()%11]
		case 6:
			v = []float64{0.5, 0.01, 1, 1.5, -1, 1e308, 2.5e-300}[next()%7]
		case 7, 8:
			v = next()%2 == 0
		case 9:
			v = nil
		case 10:
			v = [][]any{{"small.go", 1, true}, {map[string]any{"old": "func", "new": "fn"}, map[string]any{"symbol": "Small", "delete": true}}}[next()%2]
		case 11: // a list of a path or a name, as the map tool's focus and mention take
			if next()%2 == 0 {
				v = []any{paths[next()%len(paths)]}
			} else {
				v = []any{texts[next()%len(texts)]}
			}
		default:
			v = map[string]any{"path": "small.go"}
		}
		args[key] = v
	}
	return args
}

// FuzzMCPServer drives the MCP server with a raw frame (anything: malformed JSON, batches,
// requests of its own) and a tool call built from the input (a random tool name or one of read,
// map (of a file, a folder or the repository, with focus and mention), sym, search, refs and
// edit, with parameters of random types and sizes, paths through ../, absolute paths, links out
// of the root, NUL bytes).
// The server must answer every request, never with a byte of the file outside the root, never
// changing anything outside the root (edit), and never with an answer over its budget: 28,000 bytes, or what the call asked for (a larger map
// budget, a full read or every symbol, at most 1 MiB).
func FuzzMCPServer(f *testing.F) {
	s := startFuzzServer(f)
	f.Add("read", []byte{0, 0, 0}, []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	f.Add("search", []byte{14, 1, 2, 0, 0, 1, 0, 19, 1, 5, 4, 20, 1, 5, 7}, []byte(`not json`))
	f.Add("sym", []byte{13, 1, 2, 3, 9}, []byte(`[{"jsonrpc":"2.0","id":2,"method":"ping"}]`))
	f.Add("map", []byte{0, 1, 0, 10, 9, 1, 7, 0}, []byte("\x00\xff{"))
	f.Add("nope", []byte{}, []byte(`{"jsonrpc":"2.0","id":{"a":1},"method":"tools/call"}`))
	// Arguments are key, 1, kind, value...: the first byte picks the tool too (see fuzzArgs).
	f.Add("refs", []byte{28, 1, 4, 70, 23, 1, 2, 2}, []byte{})                    // refs: limit 50, name "Small"
	f.Add("map", []byte{61, 1, 7, 1, 24, 1, 11, 0, 0, 25, 1, 11, 1, 2}, []byte{}) // the repository map: focus small.go, mention Small
	f.Add("map", []byte{61, 1, 7, 1, 0, 1, 0, 5, 10, 1, 5, 4}, []byte{})          // the repository map of the folder sub, budget 1000
	f.Fuzz(func(t *testing.T, tool string, args []byte, frame []byte) {
		if len(frame) > 0 {
			// Lines of the frame go as they are; a ping after them shows the server still answers.
			s.send(t, string(frame))
			if reply := s.call(t, "ping", "{}"); reply["result"] == nil {
				t.Fatalf("ping after the frame %q = %v", frame, reply)
			}
		}
		if len(args) > 0 && args[0]%6 < 5 {
			tool = []string{"read", "map", "sym", "search", "refs"}[args[0]%6]
		} else if len(args) > 0 && args[0]%12 == 11 {
			tool = "edit"
		}
		params := fuzzArgs(s, args, tool == "edit")
		call, err := json.Marshal(map[string]any{"name": tool, "arguments": params})
		if err != nil {
			t.Fatal(err)
		}
		reply := s.call(t, "tools/call", string(call))
		raw, _ := json.Marshal(reply)
		if strings.Contains(string(raw), fuzzSecret) && !strings.Contains(string(call), fuzzSecret) {
			t.Fatalf("tools/call %s served the file outside the root:\n%.500s", call, raw)
		}
		if changed := s.outsideChanged(); changed != "" {
			t.Fatalf("tools/call %.300s changed what is outside the root: %s", call, changed)
		}
		result, _ := reply["result"].(map[string]any)
		if result == nil {
			return // a protocol error: the call was refused before any tool ran
		}
		size := 0
		content, _ := result["content"].([]any)
		for _, c := range content {
			if block, _ := c.(map[string]any); block != nil {
				text, _ := block["text"].(string)
				size += len(text)
			}
		}
		limit := query.MaxAnswerBytes
		if budget, ok := params["budget"].(int); ok && tool == "map" {
			limit = max(limit, budget)
		}
		if full, _ := params["full"].(bool); full || (tool == "map" && params["json"] == true) {
			limit = query.MaxFullBytes + 2048 // the file or every symbol, and its notices
		}
		if size > limit {
			t.Fatalf("tools/call %.300s: an answer of %d bytes, over %d", call, size, limit)
		}
	})
}
