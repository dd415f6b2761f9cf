package lang

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// This file measures Go's maps against universal-ctags on Go code the scanner was not tuned on:
// the modules of Go's module cache (this project's dependencies: golang.org/x/..., github.com/...),
// where the scanner was held to go/parser on GOROOT/src only.

// goCtagsKinds are the ctags Go kinds that define something a map holds.
var goCtagsKinds = map[string]bool{
	"func": true, "type": true, "struct": true, "interface": true, "talias": true, "const": true,
	"var": true, "member": true, "anonMember": true, "methodSpec": true,
}

// goModuleFiles lists up to n Go files of the module cache, outside testdata folders, sampled
// evenly from the sorted list.
func goModuleFiles(n int) []string {
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		return nil
	}
	root := strings.TrimSpace(string(out))
	var files []string
	for _, top := range []string{"golang.org/x", "github.com", "go.uber.org", "gopkg.in", "honnef.co"} {
		for _, p := range goFiles(filepath.Join(root, top)) {
			if !strings.Contains(p, "/testdata/") && !strings.Contains(p, "/cache/") {
				files = append(files, p)
			}
		}
	}
	sort.Strings(files)
	if len(files) > n {
		files = sample(files, (len(files)+n-1)/n)
	}
	return files
}

// TestCtagsGoModules runs `ctags --fields=+ne --output-format=json` over Go files of the module
// cache and counts the definitions (funcs and methods, types, consts, vars, struct fields,
// interface methods) that a symbol of the same name holds by its range; ctags lists no locals
// of Go (a tag scoped to a func would be left out). Run with -v for the table, READMAP_SHOW_MISSES=1
// for the misses. It fails under 98% of the definitions outside nested structs.
func TestCtagsGoModules(t *testing.T) {
	if _, err := exec.LookPath("ctags"); err != nil {
		t.Skip("SKIP: universal-ctags is not installed (apt-get install universal-ctags)")
	}
	files := goModuleFiles(800)
	if len(files) < 100 {
		t.Skipf("SKIP: only %d Go files in the module cache (go mod download fills it)", len(files))
	}
	args := append([]string{"--fields=+ne", "--output-format=json", "--language-force=Go", "-f", "-"}, files...)
	out, err := exec.Command("ctags", args...).Output()
	if err != nil {
		t.Fatalf("ctags: %v", err)
	}
	tags := map[string][]ctagsTag{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var tag ctagsTag
		if json.Unmarshal(sc.Bytes(), &tag) == nil && tag.Type == "tag" && goCtagsKinds[tag.Kind] {
			tags[tag.Path] = append(tags[tag.Path], tag)
		}
	}
	type count struct{ all, matched int }
	byKind := map[string]*count{}
	var misses []string
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		syms := Map(context.Background(), path, src, Options{}).Symbols
		for _, tag := range tags[path] {
			if tag.ScopeKind == "func" {
				continue // a local
			}
			held := false
			for _, s := range syms {
				if s.Name == tag.Name && s.StartLine <= tag.Line && tag.Line <= s.EndLine {
					held = true
					break
				}
			}
			c := byKind[tag.Kind]
			if c == nil {
				c = &count{}
				byKind[tag.Kind] = c
			}
			c.all++
			if held {
				c.matched++
			} else {
				misses = append(misses, fmt.Sprintf("%s:%d %s %s", path, tag.Line, tag.Kind, tag.Name))
			}
		}
	}
	var total count
	var rows []string
	for kind, c := range byKind {
		total.all += c.all
		total.matched += c.matched
		rows = append(rows, fmt.Sprintf("  %-10s %6d of %6d", kind, c.matched, c.all))
	}
	sort.Strings(rows)
	share := 100 * float64(total.matched) / float64(max(total.all, 1))
	t.Logf("Go maps against ctags on %d files of the module cache: %.1f%% (%d of %d definitions)\n%s",
		len(files), share, total.matched, total.all, strings.Join(rows, "\n"))
	if os.Getenv("READMAP_SHOW_MISSES") != "" {
		for _, m := range misses {
			t.Log("miss: " + m)
		}
	}
	if share < 98 {
		t.Errorf("Go maps hold %.1f%% of ctags' definitions, want at least 98%%", share)
	}
}
