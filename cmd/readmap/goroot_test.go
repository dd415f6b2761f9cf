package main

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/readmap/readmap/query"
)

// gorootSrc is the Go toolchain's own source, the large real corpus every Go machine has. A test
// binary runs where it was built, so the GOROOT it was built with is the one on this machine.
func gorootSrc() string {
	//lint:ignore SA1019 see above: a test binary is never copied to another machine
	return filepath.Join(runtime.GOROOT(), "src")
}

// TestRealFilesFitTheBudget reads every fifth file over 16 KiB of GOROOT/src (about 260: Go,
// assembly, JSON, text, testdata) as an agent would: `read --json` from the command line and a
// default MCP read, as text and as JSON. Every answer, as written, fits 28,000 bytes: JSON escapes
// and U+FFFD replacements count against the page. The store lives in a temporary folder.
func TestRealFilesFitTheBudget(t *testing.T) {
	root := gorootSrc()
	var files []string
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if info, err := d.Info(); err == nil && info.Size() > 16<<10 {
				files = append(files, p)
			}
		}
		return nil
	})
	if len(files) < 500 {
		t.Skipf("GOROOT/src not found: %d files over 16 KiB", len(files))
	}
	db := filepath.Join(t.TempDir(), "index.db")
	cfg, err := resolveConfig(nil, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	cfg.db = db
	a := &app{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, quiet: true, cfg: cfg}
	cs := mcpSession(t, a, root, false)
	checked := 0
	for i, path := range files {
		if i%5 != 0 {
			continue
		}
		rel, _ := filepath.Rel(root, path)
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), []string{"read", path, "--json", "--root", root, "--db", db, "-q"}, strings.NewReader(""), &stdout, &stderr)
		if code == 0 && stdout.Len() > query.MaxAnswerBytes {
			t.Errorf("read --json %s: %d bytes", rel, stdout.Len())
		}
		for _, asJSON := range []bool{false, true} {
			res := callTool(t, cs, "read", map[string]any{"path": rel, "json": asJSON})
			if n := len(strings.Join(texts(res), "")); n > query.MaxAnswerBytes {
				t.Errorf("MCP read %s (json %v): %d bytes", rel, asJSON, n)
			}
		}
		checked++
	}
	t.Logf("%d files read", checked)
}
