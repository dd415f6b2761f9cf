package main

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMain lets the test binary run as readmap itself (READMAP_TEST_MAIN=1), for the real stdio
// round trip of the MCP server.
func TestMain(m *testing.M) {
	if os.Getenv("READMAP_TEST_MAIN") == "1" {
		os.Exit(run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	code := m.Run()
	removeReadmapBinary()
	os.Exit(code)
}

// mcpClient connects the MCP SDK's client to the server of root.
func mcpClient(t *testing.T, root string, allowOutside bool) *mcp.ClientSession {
	t.Helper()
	return mcpSession(t, mcpTestApp(t), root, allowOutside)
}

// mcpSession connects the MCP SDK's client to the server a runs for root, over a pair of pipes:
// the SDK's client stands for the agents, so every test through it also checks that readmap's
// own server speaks the protocol as a real client expects it. When the test ends the client hangs
// up, and the server must then return nil.
func mcpSession(t *testing.T, a *app, root string, allowOutside bool) *mcp.ClientSession {
	t.Helper()
	return connectMCP(t, a.mcpServer(root, allowOutside))
}

// connectMCP connects the MCP SDK's client to s.
func connectMCP(t *testing.T, s *mcpServer) *mcp.ClientSession {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	toServer, fromClient := io.Pipe()
	toClient, fromServer := io.Pipe()
	served := make(chan error, 1)
	go func() {
		served <- s.serve(ctx, toServer, fromServer)
		fromServer.Close()
	}()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil).Connect(ctx, &mcp.IOTransport{Reader: toClient, Writer: fromClient}, nil)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		defer cancel()
		cs.Close()
		select {
		case err := <-served:
			if err != nil {
				t.Errorf("serve = %v when the client hung up, want nil", err)
			}
		case <-time.After(10 * time.Second):
			t.Error("serve did not return when the client hung up")
		}
	})
	return cs
}

func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any) *mcp.CallToolResult {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("CallTool(%s, %v) = %v", name, args, err)
	}
	return res
}

func texts(res *mcp.CallToolResult) []string {
	var out []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			out = append(out, tc.Text)
		}
	}
	return out
}

func TestMCPTools(t *testing.T) {
	root := repo(t, map[string]string{"big.go": largeGo(600), "small.go": "package small\n\nfunc S() {}\n"})
	cs := mcpClient(t, root, false)
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range tools.Tools {
		names = append(names, tool.Name)
		schema, _ := json.Marshal(tool.InputSchema)
		if !strings.Contains(string(schema), `"properties"`) || tool.Description == "" {
			t.Errorf("tool %s: schema %s, description %q", tool.Name, schema, tool.Description)
		}
	}
	if strings.Join(names, ",") != "edit,map,read,refs,search,sym" {
		t.Errorf("tools = %v, want edit, map, read, refs, search, sym", names)
	}

	res := callTool(t, cs, "read", map[string]any{"path": "big.go"})
	blocks := texts(res)
	if res.IsError || len(blocks) != 2 || !strings.HasPrefix(blocks[0], "[readmap: big.go:") || !strings.Contains(blocks[1], "File Map: big.go") {
		t.Errorf("read big.go: error %v, %d blocks", res.IsError, len(blocks))
	}
	res = callTool(t, cs, "read", map[string]any{"path": "small.go"})
	if blocks := texts(res); len(blocks) != 1 || blocks[0] != "package small\n\nfunc S() {}\n" {
		t.Errorf("read small.go = %q", blocks)
	}
	res = callTool(t, cs, "read", map[string]any{"path": "big.go", "lines": "5-6"})
	if blocks := texts(res); len(blocks) != 1 || !strings.Contains(blocks[0], "[Lines 5-6 of 9,011.]") {
		t.Errorf("read big.go lines 5-6 = %q", blocks)
	}
	res = callTool(t, cs, "map", map[string]any{"path": "big.go", "budget": 4096})
	if blocks := texts(res); len(blocks) != 1 || len(blocks[0]) > 4096 || !strings.Contains(blocks[0], "File Map: big.go") {
		t.Errorf("map big.go budget 4096 = %d bytes", len(blocks[0]))
	}
	res = callTool(t, cs, "map", map[string]any{"budget": 2048})
	if blocks := texts(res); res.IsError || len(blocks) != 1 || len(blocks[0]) > 2048 || !strings.Contains(blocks[0], "Repository Map: .") ||
		!strings.Contains(blocks[0], "big.go:") {
		t.Errorf("map without a path, budget 2048 = %q", blocks)
	}
	res = callTool(t, cs, "map", map[string]any{"focus": []string{"../outside.go"}})
	if blocks := texts(res); !res.IsError || !strings.Contains(blocks[0], "outside") {
		t.Errorf("map focused outside the root = %v %q", res.IsError, blocks)
	}
	res = callTool(t, cs, "sym", map[string]any{"query": "Func42"})
	if blocks := texts(res); res.IsError || !strings.HasPrefix(blocks[0], "big.go:") {
		t.Errorf("sym Func42 = %q", blocks)
	}
	res = callTool(t, cs, "refs", map[string]any{"name": "Func42"})
	if blocks := texts(res); res.IsError || !strings.HasPrefix(blocks[0], "big.go:") || !strings.Contains(blocks[0], "in Func42") {
		t.Errorf("refs Func42 = %q", blocks)
	}
	res = callTool(t, cs, "search", map[string]any{"path": "small.go", "pattern": "func S"})
	if blocks := texts(res); res.IsError || !strings.Contains(blocks[0], "── line 3 in S [3]") {
		t.Errorf("search small.go = %q", blocks)
	}
	res = callTool(t, cs, "read", map[string]any{"path": "missing.go"})
	if blocks := texts(res); !res.IsError || !strings.Contains(blocks[0], "readmap: missing.go: no such file") || !strings.Contains(blocks[0], "hint:") {
		t.Errorf("read missing.go = %v %q", res.IsError, blocks)
	}
}

func TestMCPRefusesPathsOutsideTheRoot(t *testing.T) {
	root := repo(t, map[string]string{"in.go": "package in\n"})
	outside := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(outside, []byte("secret\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, "link.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Dir(outside), filepath.Join(root, "outdir")); err != nil {
		t.Fatal(err)
	}
	cs := mcpClient(t, root, false)
	for _, path := range []string{"../" + filepath.Base(filepath.Dir(outside)) + "/secret.txt", outside, "link.txt", "outdir/secre"} {
		res := callTool(t, cs, "read", map[string]any{"path": path})
		blocks := texts(res)
		if !res.IsError || !strings.Contains(blocks[0], "outside the repository root") || strings.Contains(blocks[0], "secret\n") || strings.Contains(blocks[0], "similar") {
			t.Errorf("read %s = %v %q, want refused", path, res.IsError, blocks)
		}
	}
	allowed := mcpClient(t, root, true)
	if res := callTool(t, allowed, "read", map[string]any{"path": "link.txt"}); res.IsError || texts(res)[0] != "secret\n" {
		t.Errorf("read link.txt with --allow-outside-root = %q", texts(res))
	}
	// Nothing outside the store was written.
	entries, _ := os.ReadDir(filepath.Dir(outside))
	if len(entries) != 1 {
		t.Errorf("the folder outside the root now holds %d entries", len(entries))
	}
}

// TestMCPStdioRoundTrip runs `readmap mcp` as a process and talks JSON-RPC to it over its stdin
// and stdout: initialize, then tools/list.
func TestMCPStdioRoundTrip(t *testing.T) {
	p := startMCP(t, repo(t, map[string]string{"a.go": "package a\n"}))
	p.send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	list := p.recv()
	result, _ := list["result"].(map[string]any)
	tools, _ := result["tools"].([]any)
	if len(tools) != 6 {
		t.Errorf("tools/list over stdio = %v, want 6 tools", list)
	}
	if code := p.exit(); code != 0 {
		t.Errorf("readmap mcp exited %d at the end of its input, want 0", code)
	}
}

// TestMCPHintsAreRelativeToTheRoot: the names a hint suggests are paths relative to the root, as
// the tools take them, whatever the server's working directory.
func TestMCPHintsAreRelativeToTheRoot(t *testing.T) {
	root := repo(t, map[string]string{"src/handler.go": "package src\n", "src/deep/x.go": "package deep\n"})
	t.Chdir(filepath.Join(root, "src", "deep"))
	cs := mcpClient(t, root, false)
	for _, tc := range []struct{ path, want string }{
		{"src/handlr.go", "hint: similar: src/handler.go"},
		{"src/nothing-like-it.go", "hint: no similar names in src"},
	} {
		res := callTool(t, cs, "read", map[string]any{"path": tc.path})
		if blocks := texts(res); !res.IsError || !strings.HasSuffix(blocks[0], tc.want) {
			t.Errorf("read %s = %q, want a hint ending %q", tc.path, blocks, tc.want)
		}
	}
}

// TestMCPSymLeavesOutFilesOutsideTheRoot: index follows a link to a file outside the root and
// stores its symbols under the link's name; the MCP server's sym never names them.
func TestMCPSymLeavesOutFilesOutsideTheRoot(t *testing.T) {
	root := repo(t, map[string]string{"in.go": "package in\n\nfunc LeakInside() {}\n"})
	outside := filepath.Join(t.TempDir(), "secret.go")
	if err := os.WriteFile(outside, []byte("package secret\n\nfunc LeakOutside() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, "link.go")); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := cli(t, root, "index"); code != 0 {
		t.Fatalf("index: %s", errOut)
	}
	res := callTool(t, mcpClient(t, root, false), "sym", map[string]any{"query": "Leak"})
	if text := strings.Join(texts(res), "\n"); res.IsError || !strings.Contains(text, "LeakInside") || strings.Contains(text, "LeakOutside") {
		t.Errorf("sym Leak = %q, want LeakInside only", text)
	}
	// A query too far from any name for a hit gets a hint of close names: never the outside ones.
	res = callTool(t, mcpClient(t, root, false), "sym", map[string]any{"query": "QQaxOutsxde"})
	if text := strings.Join(texts(res), "\n"); !res.IsError || strings.Contains(text, "LeakOutside") {
		t.Errorf("sym QQaxOutsxde = %q, want no hit and no outside name", text)
	}
	// The index never stored the outside file, so even a server that may serve outside paths
	// has no symbol of it to give.
	res = callTool(t, mcpClient(t, root, true), "sym", map[string]any{"query": "Leak"})
	if text := strings.Join(texts(res), "\n"); res.IsError || strings.Contains(text, "LeakOutside") {
		t.Errorf("sym Leak with --allow-outside-root = %q, want LeakInside only (nothing outside is stored)", text)
	}
}

// TestMCPBoundsArgumentErrors: arguments that do not match a tool's schema are refused with the
// values given; the server cuts that text, so a huge value does not come back.
func TestMCPBoundsArgumentErrors(t *testing.T) {
	cs := mcpClient(t, repo(t, map[string]string{"a.go": "package a\n"}), false)
	for _, args := range []map[string]any{
		{"path": "a.go", "page": strings.Repeat("0", 40000)},
		{"path": "a.go", strings.Repeat("k", 40000): 1},
		{"path": "a.go", "lines": []string{strings.Repeat("é", 40000)}},
	} {
		res := callTool(t, cs, "read", args)
		if text := strings.Join(texts(res), ""); !res.IsError || len(text) > 1100 || !strings.Contains(text, "more bytes cut)") || !utf8.ValidString(text) {
			t.Errorf("read with a 40,000-byte argument = error %v, %d bytes: %.200q", res.IsError, len(text), text)
		}
	}
}
