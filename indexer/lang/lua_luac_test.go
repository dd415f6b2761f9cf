package lang

// This file checks the Lua scanner against Lua's own compiler: `luac5.4 -p -l` lists every
// function prototype with the lines of its `function` keyword and its `end`; every named function
// the scanner maps must be one of those ranges, and every prototype whose `function` line carries
// a name the scanner should see must be mapped. Files luac5.4 rejects (5.1/5.2-only syntax) are
// skipped and counted. No keyword or bracket may ever be a symbol name.

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"testing"

	"github.com/readmap/readmap/store"
)

// luaCorpus returns the Lua files Debian packages installed by .ci/run ship, or, when
// READMAP_LUA_SRC lists folders (separated by ':'), the .lua files under them instead: trees the
// scanner was not written against, such as Kong's or APISIX's.
func luaCorpus() []string {
	if dirs := os.Getenv("READMAP_LUA_SRC"); dirs != "" {
		return filesUnder(filepath.SplitList(dirs), ".lua")
	}
	var files []string
	for _, g := range []string{"/usr/share/lua/*/*.lua", "/usr/share/lua/*/*/*.lua", "/usr/share/lua/*/*/*/*.lua",
		"/usr/lib/x86_64-linux-gnu/lua/*/*.lua", "../../testdata/langs/*.lua"} {
		m, _ := filepath.Glob(g)
		files = append(files, m...)
	}
	sort.Strings(files)
	return files
}

// luacProto matches a prototype header of `luac -l`: "function <FILE:LINE,LASTLINE>".
var luacProto = regexp.MustCompile(`(?m)^(?:main|function) <[^>]*:(\d+),(\d+)>`)

// luacRanges returns the line ranges of every function prototype luac5.4 finds in path, or ok
// false when luac5.4 rejects the file.
func luacRanges(t *testing.T, luac, path string) (map[[2]int]bool, bool) {
	out, err := exec.Command(luac, "-p", "-l", path).Output()
	if err != nil {
		return nil, false
	}
	r := map[[2]int]bool{}
	for _, m := range luacProto.FindAllStringSubmatch(string(out), -1) {
		var a, b int
		for _, c := range m[1] {
			a = a*10 + int(c-'0')
		}
		for _, c := range m[2] {
			b = b*10 + int(c-'0')
		}
		if a > 0 {
			r[[2]int{a, b}] = true
		}
	}
	return r, true
}

// TestLuaScannerAgainstLuac compares the scanner's function ranges with luac's prototypes.
func TestLuaScannerAgainstLuac(t *testing.T) {
	luac, err := exec.LookPath("luac5.4")
	if err != nil {
		t.Skip("SKIPPED LOUDLY: luac5.4 not installed (apt-get install lua5.4)")
	}
	files := luaCorpus()
	if len(files) == 0 {
		t.Skip("SKIPPED LOUDLY: no Lua files installed")
	}
	m := newLuaMapper()
	var parsed, rejected, fns, bad, protos, named, missing int
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		res, err := m.Map(context.Background(), src)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, s := range res.Symbols {
			if luaKeyword([]byte(s.Name)) != luaKwNone || s.Name == "" || regexp.MustCompile(`[][(){}]`).MatchString(s.Name) {
				t.Errorf("%s:%d: keyword or bracket as a name: %q", f, s.StartLine, s.Name)
			}
		}
		want, ok := luacRanges(t, luac, f)
		if !ok {
			rejected++
			continue
		}
		parsed++
		got := map[int]bool{}
		for _, s := range res.Symbols {
			if s.Kind != store.KindFunction && s.Kind != store.KindMethod {
				continue
			}
			fns++
			// The range starts at `local` or the assignment; luac's at `function`, on that line
			// in every file of the corpus.
			found := false
			for r := range want {
				if r[1] == s.EndLine && r[0] >= s.StartLine && r[0] <= s.StartLine+1 {
					found = true
					got[r[0]*1000003+r[1]] = true
				}
			}
			if !found {
				bad++
				if bad <= 20 {
					t.Errorf("%s: %s %q [%d-%d] is no luac prototype", f, s.Kind, s.Qualname+"/"+s.Name, s.StartLine, s.EndLine)
				}
			}
		}
		lines := splitLinesLua(src)
		for r := range want {
			protos++
			if r[0]-1 >= len(lines) || !luaNamedFunctionLine.MatchString(lines[r[0]-1]) {
				continue
			}
			named++
			if !got[r[0]*1000003+r[1]] {
				missing++
				if missing <= 20 {
					t.Errorf("%s:%d-%d: named prototype not mapped: %s", f, r[0], r[1], lines[r[0]-1])
				}
			}
		}
	}
	t.Logf("luac differential: %d files parsed, %d rejected by luac5.4; %d scanner functions, %d not luac ranges; %d prototypes, %d named on their line, %d of those missing",
		parsed, rejected, fns, bad, protos, named, missing)
}

// luaNamedFunctionLine matches a line where a function gets a name: `function a.b(`,
// `local function f(`, `x = function(`, `name = function(` (one function on the line).
var luaNamedFunctionLine = regexp.MustCompile(`^\s*(local\s+)?function\s+[\w.:]+\s*\(|^\s*(local\s+)?[\w.]+\s*=\s*function\s*\(`)

// splitLinesLua splits src into lines without their newlines.
func splitLinesLua(src []byte) []string {
	var lines []string
	start := 0
	for i, c := range src {
		if c == '\n' {
			lines = append(lines, string(src[start:i]))
			start = i + 1
		}
	}
	return append(lines, string(src[start:]))
}
