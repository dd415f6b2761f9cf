package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLinkOutOfTheRootIsNotServedByTheStore: .env, a link to a file outside the root, is recorded
// by index as outside-root and none of its content reaches the store, so neither sym nor the MCP
// sym tool can answer with it; the CLI still reads the path a user names (mapped in memory), and
// that read stores nothing either.
func TestLinkOutOfTheRootIsNotServedByTheStore(t *testing.T) {
	const secret = "AWS_SECRET_ACCESS_KEY=abc123-outside"
	root := repo(t, map[string]string{"a.go": "package a\n\nfunc A() {}\n"})
	outside := filepath.Join(t.TempDir(), ".env")
	if err := os.WriteFile(outside, []byte(secret+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(root, ".env")); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := cli(t, root, "index", "-q"); code != 0 {
		t.Fatal(errOut)
	}
	if out, _, code := cli(t, root, "sym", "AWS_SECRET_ACCESS_KEY"); code != 1 || strings.Contains(out, "abc123") {
		t.Errorf("sym AWS_SECRET_ACCESS_KEY after index = %q (exit %d), want no hit", out, code)
	}
	if out, errOut, code := cli(t, root, "read", ".env"); code != 0 || out != secret+"\n" {
		t.Errorf("read .env from the command line = %q, %q (exit %d), want the file", out, errOut, code)
	}
	if out, _, code := cli(t, root, "sym", "AWS_SECRET_ACCESS_KEY"); code != 1 || strings.Contains(out, "abc123") {
		t.Errorf("sym AWS_SECRET_ACCESS_KEY after read .env = %q (exit %d), want no hit", out, code)
	}
	res := callTool(t, mcpClient(t, root, false), "sym", map[string]any{"query": "AWS_SECRET_ACCESS_KEY"})
	if blocks := texts(res); !res.IsError || strings.Contains(strings.Join(blocks, ""), "abc123") {
		t.Errorf("MCP sym AWS_SECRET_ACCESS_KEY = %q, want no hit", blocks)
	}
	if stats, _, _ := cli(t, root, "stats", "--json"); !strings.Contains(stats, `"skipped":{"outside-root":1}`) {
		t.Errorf("stats = %s, want .env skipped as outside-root", stats)
	}
	db, err := os.ReadFile(filepath.Join(root, ".readmap", "index.db"))
	if err != nil || strings.Contains(string(db), "abc123") {
		t.Errorf("the store file holds the secret (read error %v)", err)
	}
}
