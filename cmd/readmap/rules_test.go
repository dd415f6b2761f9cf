package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/store"
)

// jsonError reads the error object {"error":{"code","message","hint"}} from out, or fails.
func jsonError(t *testing.T, what, out string) errorBody {
	t.Helper()
	var e errorJSON
	if err := json.Unmarshal([]byte(out), &e); err != nil || e.Error.Code == "" {
		t.Fatalf("%s: stdout %q is no JSON error object (%v)", what, out, err)
	}
	return e.Error
}

// toolErrorOf reads the error object a tool result carries as its structured content, and checks
// that the text content says the same.
func toolErrorOf(t *testing.T, what string, res *mcp.CallToolResult) errorBody {
	t.Helper()
	if !res.IsError {
		t.Fatalf("%s: not a tool error: %q", what, texts(res))
	}
	raw, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	e := jsonError(t, what+" (structured content)", string(raw))
	want := "readmap: " + e.Message
	if e.Hint != "" {
		want += "\nhint: " + e.Hint
	}
	if blocks := texts(res); len(blocks) != 1 || blocks[0] != want {
		t.Errorf("%s: text content %q, want %q", what, blocks, want)
	}
	return e
}

// TestSameRulesOnTheCommandLineAndOverMCP drives the same requests through `run` and through an
// MCP client session, and wants the same error code and message from both.
func TestSameRulesOnTheCommandLineAndOverMCP(t *testing.T) {
	root := repo(t, map[string]string{
		"a.go":           "package a\n\nfunc A() {}\n",
		"logo.png":       "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
		"src/handler.go": "package src\n",
	})
	outside := filepath.Base(t.TempDir())
	cs := mcpClient(t, root, false)
	allowed := mcpClient(t, root, true) // the command line serves files outside the root too
	for _, tc := range []struct {
		name    string
		cli     []string
		tool    string
		args    map[string]any
		code    query.Code
		outside bool // ask the server started with --allow-outside-root
	}{
		{"map budget too small", []string{"map", "a.go", "--budget", "1"}, "map", map[string]any{"path": "a.go", "budget": 1}, query.CodeUsage, false},
		{"map budget 0", []string{"map", "a.go", "--budget", "0"}, "map", map[string]any{"path": "a.go", "budget": 0}, query.CodeUsage, false},
		{"negative offset", []string{"read", "a.go", "--offset", "-3"}, "read", map[string]any{"path": "a.go", "offset": -3}, query.CodeUsage, false},
		{"offset 0", []string{"read", "a.go", "--offset", "0"}, "read", map[string]any{"path": "a.go", "offset": 0}, query.CodeUsage, false},
		{"negative limit", []string{"read", "a.go", "--limit", "-1"}, "read", map[string]any{"path": "a.go", "limit": -1}, query.CodeUsage, false},
		{"bad lines", []string{"read", "a.go", "--lines", "9-3"}, "read", map[string]any{"path": "a.go", "lines": "9-3"}, query.CodeUsage, false},
		{"lines not numbers", []string{"read", "a.go", "--lines", "x-y"}, "read", map[string]any{"path": "a.go", "lines": "x-y"}, query.CodeUsage, false},
		{"lines and offset", []string{"read", "a.go", "--lines", "1-2", "--offset", "2"}, "read", map[string]any{"path": "a.go", "lines": "1-2", "offset": 2}, query.CodeUsage, false},
		{"page and symbol", []string{"read", "a.go", "--page", "2", "--symbol", "A"}, "read", map[string]any{"path": "a.go", "page": 2, "symbol": "A"}, query.CodeUsage, false},
		{"fuzzy threshold out of range", []string{"search", "a.go", "func A", "--fuzzy", "--threshold", "5"}, "search", map[string]any{"path": "a.go", "pattern": "func A", "fuzzy": true, "threshold": 5}, query.CodeUsage, false},
		{"fuzzy threshold 0", []string{"search", "a.go", "func A", "--fuzzy", "--threshold", "0"}, "search", map[string]any{"path": "a.go", "pattern": "func A", "fuzzy": true, "threshold": 0}, query.CodeUsage, false},
		{"regex with fuzzy", []string{"search", "a.go", "A", "--regex", "--fuzzy"}, "search", map[string]any{"path": "a.go", "pattern": "A", "regex": true, "fuzzy": true}, query.CodeUsage, false},
		{"search max 0", []string{"search", "a.go", "A", "--max", "0"}, "search", map[string]any{"path": "a.go", "pattern": "A", "max": 0}, query.CodeUsage, false},
		{"negative context", []string{"search", "a.go", "A", "--context", "-1"}, "search", map[string]any{"path": "a.go", "pattern": "A", "context": -1}, query.CodeUsage, false},
		{"unknown sym kind", []string{"sym", "A", "--kind", "funktion"}, "sym", map[string]any{"query": "A", "kind": "funktion"}, query.CodeUsage, false},
		{"sym limit 0", []string{"sym", "A", "--limit", "0"}, "sym", map[string]any{"query": "A", "limit": 0}, query.CodeUsage, false},
		{"sym limit a hundred million", []string{"sym", "A", "--limit", "100000000"}, "sym", map[string]any{"query": "A", "limit": 100000000}, query.CodeUsage, false},
		{"sym skip negative", []string{"sym", "A", "--skip", "-1"}, "sym", map[string]any{"query": "A", "skip": -1}, query.CodeUsage, false},
		{"sym query too long", []string{"sym", strings.Repeat("A", 2000)}, "sym", map[string]any{"query": strings.Repeat("A", 2000)}, query.CodeUsage, false},
		{"search max a billion", []string{"search", "a.go", "e", "--max", "1000000000"}, "search", map[string]any{"path": "a.go", "pattern": "e", "max": 1000000000}, query.CodeUsage, false},
		{"search context a million", []string{"search", "a.go", "e", "--context", "1000000"}, "search", map[string]any{"path": "a.go", "pattern": "e", "context": 1000000}, query.CodeUsage, false},
		{"search skip too far", []string{"search", "a.go", "e", "--skip", "100001"}, "search", map[string]any{"path": "a.go", "pattern": "e", "skip": 100001}, query.CodeUsage, false},
		{"search skip past every hit", []string{"search", "a.go", "func", "--skip", "5"}, "search", map[string]any{"path": "a.go", "pattern": "func", "skip": 5}, query.CodeNoHit, false},
		{"map budget too large", []string{"map", "a.go", "--budget", "2000000"}, "map", map[string]any{"path": "a.go", "budget": 2000000}, query.CodeUsage, false},
		{"lines too long", []string{"read", "a.go", "--lines", strings.Repeat("1", 2000)}, "read", map[string]any{"path": "a.go", "lines": strings.Repeat("1", 2000)}, query.CodeUsage, false},
		{"path too long", []string{"read", strings.Repeat("p/", 2100)}, "read", map[string]any{"path": strings.Repeat("p/", 2100)}, query.CodeUsage, false},
		{"symbol name too long", []string{"read", "a.go", "--symbol", strings.Repeat("A", 2000)}, "read", map[string]any{"path": "a.go", "symbol": strings.Repeat("A", 2000)}, query.CodeUsage, false},
		{"missing file", []string{"read", "nope.go"}, "read", map[string]any{"path": "nope.go"}, query.CodeNotFound, false},
		{"a folder", []string{"read", "src"}, "read", map[string]any{"path": "src"}, query.CodeIsDirectory, false},
		{"a binary file", []string{"read", "logo.png"}, "read", map[string]any{"path": "logo.png"}, query.CodeBinary, false},
		{"map of a binary file", []string{"map", "logo.png"}, "map", map[string]any{"path": "logo.png"}, query.CodeBinary, false},
		{"line past the end", []string{"read", "a.go", "--offset", "99"}, "read", map[string]any{"path": "a.go", "offset": 99}, query.CodePastEnd, false},
		{"no such symbol", []string{"read", "a.go", "--symbol", "Zzz"}, "read", map[string]any{"path": "a.go", "symbol": "Zzz"}, query.CodeNoSymbol, false},
		{"bad regular expression", []string{"search", "a.go", "(", "--regex"}, "search", map[string]any{"path": "a.go", "pattern": "(", "regex": true}, query.CodeBadPattern, false},
		{"no line matches", []string{"search", "a.go", "zzzz"}, "search", map[string]any{"path": "a.go", "pattern": "zzzz"}, query.CodeNoHit, false},
		{"no symbol matches", []string{"sym", "Qqqqqqqq"}, "sym", map[string]any{"query": "Qqqqqqqq"}, query.CodeNoHit, false},
		{"a path outside the root", []string{"read", "../" + outside + "/nope.go"}, "read", map[string]any{"path": "../" + outside + "/nope.go"}, query.CodeNotFound, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := cli(t, root, append(tc.cli, "--json")...)
			got := jsonError(t, "readmap "+strings.Join(tc.cli, " "), out)
			if got.Code != tc.code || code != (&cliError{code: tc.code}).exitCode() {
				t.Errorf("readmap %s: code %q, exit %d (%s), want %q", strings.Join(tc.cli, " "), got.Code, code, errOut, tc.code)
			}
			session := cs
			if tc.outside {
				session = allowed
			}
			tool := toolErrorOf(t, "MCP "+tc.tool, callTool(t, session, tc.tool, tc.args))
			if tool.Code != got.Code || tool.Message != got.Message {
				t.Errorf("MCP %s %v = %q %q, want the command line's %q %q", tc.tool, tc.args, tool.Code, tool.Message, got.Code, got.Message)
			}
		})
	}
	// The server refuses a path outside the root unless started with --allow-outside-root; the
	// command line has no such limit.
	res := callTool(t, cs, "read", map[string]any{"path": "../" + outside + "/nope.go"})
	if e := toolErrorOf(t, "MCP read outside the root", res); e.Code != query.CodeOutsideRoot {
		t.Errorf("MCP read outside the root: code %q, want %q", e.Code, query.CodeOutsideRoot)
	}
}

// TestConfigFromTheEnvironment: a bad READMAP_* value is a usage error that names the variable
// and its value, never silently the default.
func TestConfigFromTheEnvironment(t *testing.T) {
	root := repo(t, map[string]string{"a.go": "package a\n\nfunc A() {}\n"})
	for _, tc := range []struct{ env, value, want string }{
		{"READMAP_PAGE_BYTES", "abc", `READMAP_PAGE_BYTES="abc": not a whole number`},
		{"READMAP_PAGE_BYTES", "1", "READMAP_PAGE_BYTES=1 is below 64"},
		{"READMAP_PAGE_BYTES", "2000000", "READMAP_PAGE_BYTES=2000000 is above 1048576"},
		{"READMAP_MAX_LINES", "0", "READMAP_MAX_LINES=0 is below 1"},
		{"READMAP_MAP_BUDGET", "100", "READMAP_MAP_BUDGET=100 is below 256"},
		{"READMAP_MAP_BUDGET", "4k", `READMAP_MAP_BUDGET="4k": not a whole number`},
		{"READMAP_JOBS", "0", "READMAP_JOBS=0 is below 1"},
		{"READMAP_JOBS", "-2", "READMAP_JOBS=-2 is below 1"},
		{"READMAP_DISABLE", "Go,Pyhton", `READMAP_DISABLE="Go,Pyhton": unknown language Pyhton`},
	} {
		t.Run(tc.env+"="+tc.value, func(t *testing.T) {
			t.Setenv(tc.env, tc.value)
			for _, args := range [][]string{{"read", "a.go"}, {"stats"}, {"mcp"}} {
				out, errOut, code := cli(t, root, args...)
				if code != exitUsage || !strings.Contains(errOut, "readmap: "+tc.want+"\nhint: ") || out != "" {
					t.Errorf("%s=%s readmap %v: exit %d, stdout %q, stderr %q; want exit 2 and %q with a hint",
						tc.env, tc.value, args, code, out, errOut, tc.want)
				}
			}
			out, _, _ := cli(t, root, "read", "a.go", "--json")
			if e := jsonError(t, "read --json", out); e.Code != query.CodeUsage {
				t.Errorf("%s=%s read --json: code %q, want usage", tc.env, tc.value, e.Code)
			}
		})
	}
	t.Run("a hint names the closest language", func(t *testing.T) {
		t.Setenv("READMAP_DISABLE", "pyhton")
		if _, errOut, _ := cli(t, root, "stats"); !strings.Contains(errOut, "hint: did you mean Python?") {
			t.Errorf("READMAP_DISABLE=pyhton: stderr %q", errOut)
		}
	})
}

func TestConfigPrecedence(t *testing.T) {
	none := func(string) string { return "" }
	env := map[string]string{"READMAP_PAGE_BYTES": "5000", "READMAP_MAX_LINES": "300", "READMAP_MAP_BUDGET": "4096",
		"READMAP_JOBS": "3", "READMAP_DISABLE": " go , Markdown ,", "READMAP_DB": "rel/index.db"}
	fromEnv := func(k string) string { return env[k] }

	c, err := resolveConfig(nil, none)
	want := config{pageBytes: query.DefaultPageBytes, maxLines: query.DefaultMaxLines, mapBudget: query.DefaultMapBudget}
	if err != nil || c.pageBytes != want.pageBytes || c.maxLines != want.maxLines || c.mapBudget != want.mapBudget ||
		c.jobs != 0 || c.db != "" || c.disabled != nil {
		t.Errorf("resolveConfig with no settings = %+v, %v; want the defaults %+v", c, err, want)
	}

	c, err = resolveConfig(nil, fromEnv)
	abs, _ := filepath.Abs("rel/index.db")
	if err != nil || c.pageBytes != 5000 || c.maxLines != 300 || c.mapBudget != 4096 || c.jobs != 3 || c.db != abs ||
		strings.Join(c.disabled, ",") != "go,Markdown" {
		t.Errorf("resolveConfig from the environment = %+v, %v", c, err)
	}

	cmd := (&app{}).rootCommand()
	read, _, _ := cmd.Find([]string{"read"})
	flags := read.Flags()
	flags.AddFlagSet(cmd.PersistentFlags())
	if err := flags.Parse([]string{"--page-bytes", "9000", "--budget", "1", "--db", "/x/flag.db"}); err != nil {
		t.Fatal(err)
	}
	c, err = resolveConfig(flags, fromEnv)
	if err != nil || c.pageBytes != 9000 || c.maxLines != 300 || c.mapBudget != 1 || c.db != "/x/flag.db" {
		t.Errorf("resolveConfig with flags = %+v, %v; want the flags over the environment (a flag's budget is the request's to check)", c, err)
	}
}

// TestFlagsWinOverTheEnvironment: the environment sets what no flag gives, over the defaults.
func TestFlagsWinOverTheEnvironment(t *testing.T) {
	root := repo(t, map[string]string{"big.go": largeGo(300)})
	pageOf := func(args ...string) int {
		t.Helper()
		out, errOut, code := cli(t, root, append([]string{"read", "big.go", "--page", "1", "--json"}, args...)...)
		var ans struct{ Content string }
		if code != 0 || json.Unmarshal([]byte(out), &ans) != nil {
			t.Fatalf("read %v: exit %d, %s", args, code, errOut)
		}
		return len(ans.Content)
	}
	if n := pageOf(); n <= 2000 || n > query.DefaultPageBytes {
		t.Errorf("page 1 by default is %d bytes", n)
	}
	t.Setenv("READMAP_PAGE_BYTES", "1000")
	if n := pageOf(); n > 1000 {
		t.Errorf("page 1 with READMAP_PAGE_BYTES=1000 is %d bytes", n)
	}
	if n := pageOf("--page-bytes", "2000"); n <= 1000 || n > 2000 {
		t.Errorf("page 1 with --page-bytes 2000 over READMAP_PAGE_BYTES=1000 is %d bytes", n)
	}
	t.Setenv("READMAP_PAGE_BYTES", "1")
	if n := pageOf("--page-bytes", "2000"); n <= 1000 || n > 2000 {
		t.Errorf("page 1 with --page-bytes 2000 over READMAP_PAGE_BYTES=1 is %d bytes: the flag should win", n)
	}
}

// TestMCPServerRefusesToStart: bad settings and a --root that is not a folder stop `readmap mcp`
// before it serves anything.
func TestMCPServerRefusesToStart(t *testing.T) {
	root := repo(t, map[string]string{"a.go": "package a\n"})
	for _, tc := range []struct {
		name string
		env  string
		args []string
		want string
	}{
		{"bad page bytes", "READMAP_PAGE_BYTES=1", []string{"mcp"}, "readmap: READMAP_PAGE_BYTES=1 is below 64"},
		{"bad map budget", "READMAP_MAP_BUDGET=x", []string{"mcp"}, `readmap: READMAP_MAP_BUDGET="x": not a whole number`},
		{"missing root", "", []string{"mcp", "--root", filepath.Join(root, "nope")}, "readmap: --root " + filepath.Join(root, "nope") + ": no such folder"},
		{"root is a file", "", []string{"mcp", "--root", filepath.Join(root, "a.go")}, "readmap: --root " + filepath.Join(root, "a.go") + ": not a folder"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if k, v, ok := strings.Cut(tc.env, "="); ok {
				t.Setenv(k, v)
			}
			out, errOut, code := cli(t, root, tc.args...)
			if code != exitUsage || out != "" || !strings.HasPrefix(errOut, tc.want+"\nhint: ") {
				t.Errorf("readmap %v: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, code, out, errOut, tc.want)
			}
		})
	}
}

func TestVersion(t *testing.T) {
	dir := t.TempDir()
	out, errOut, code := cli(t, dir, "--version")
	if code != 0 || out != "readmap "+version+"\n" || errOut != "" {
		t.Errorf("readmap --version = %q, %q (exit %d), want %q", out, errOut, code, "readmap "+version+"\n")
	}
	// -v stays --verbose.
	if out, _, code := cli(t, dir, "-v", "stats", "--json"); code != 0 || !strings.Contains(out, `"files":0`) {
		t.Errorf("readmap -v stats --json = %q (exit %d)", out, code)
	}
}

func TestFlagErrors(t *testing.T) {
	root := repo(t, map[string]string{"a.go": "package a\n"})
	for _, tc := range []struct {
		name   string
		args   []string
		stderr string
	}{
		{"unknown flag on readmap", []string{"--zzzzzz"}, "readmap: unknown flag: --zzzzzz\nhint: see readmap --help\n"},
		{"unknown flag on a command", []string{"read", "a.go", "--zzzzzz"}, "readmap: unknown flag: --zzzzzz\nhint: see readmap read --help\n"},
		{"unknown shorthand", []string{"read", "a.go", "-x"}, "readmap: unknown shorthand flag: 'x' in -x\nhint: see readmap read --help\n"},
		{"close to a flag", []string{"read", "a.go", "--pgae", "2"}, "readmap: unknown flag: --pgae\nhint: did you mean --page?\n"},
		{"not a whole number", []string{"read", "a.go", "--page", "abc"}, "readmap: --page \"abc\": not a whole number\nhint: see readmap read --help\n"},
		{"not a number", []string{"search", "a.go", "x", "--threshold", "high"}, "readmap: --threshold \"high\": not a number\nhint: see readmap search --help\n"},
		{"not a duration", []string{"index", "--map-timeout", "5"}, "readmap: --map-timeout \"5\": not a duration such as 10s or 2m\nhint: see readmap index --help\n"},
		{"no value", []string{"read", "a.go", "--page"}, "readmap: flag needs an argument: --page\nhint: see readmap read --help\n"},
		{"jobs below 1", []string{"index", "--jobs", "0"}, "readmap: --jobs 0 is below 1\nhint: pass --jobs 1 or more, or leave it out for the default\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := cli(t, root, tc.args...)
			if code != exitUsage || errOut != tc.stderr || out != "" {
				t.Errorf("readmap %v: exit %d, stdout %q, stderr %q; want exit 2 and stderr %q", tc.args, code, out, errOut, tc.stderr)
			}
		})
	}
}

// TestUsageErrorsUnderJSON: an error met before the flags are parsed (an unknown command or
// flag) still prints the JSON error object when --json was asked for.
func TestUsageErrorsUnderJSON(t *testing.T) {
	root := repo(t, map[string]string{"a.go": "package a\n"})
	for _, args := range [][]string{
		{"read", "a.go", "--pgae", "2", "--json"},
		{"--json", "raed", "a.go"},
		{"read", "--json"},
		{"read", "a.go", "--page", "abc", "--json=true"},
		{"help", "nosuch", "--json"},
	} {
		out, errOut, code := cli(t, root, args...)
		if e := jsonError(t, strings.Join(args, " "), out); code != exitUsage || e.Code != query.CodeUsage || e.Hint == "" ||
			!strings.Contains(errOut, "readmap: "+e.Message+"\n") {
			t.Errorf("readmap %v: exit %d, %+v, stderr %q", args, code, e, errOut)
		}
	}
	for _, args := range [][]string{{"read", "a.go", "--pgae", "2"}, {"read", "a.go", "--pgae", "2", "--json=false"}, {"read", "a.go", "--", "--json"}} {
		if out, _, _ := cli(t, root, args...); out != "" {
			t.Errorf("readmap %v printed %q on stdout, want nothing", args, out)
		}
	}
}

func TestHelpTopics(t *testing.T) {
	dir := t.TempDir()
	if out, _, code := cli(t, dir, "help"); code != 0 || !strings.Contains(out, "Available Commands:") {
		t.Errorf("readmap help: exit %d, %.200q", code, out)
	}
	if out, _, code := cli(t, dir, "help", "read"); code != 0 || !strings.Contains(out, "readmap read PATH") {
		t.Errorf("readmap help read: exit %d, %.200q", code, out)
	}
	_, errOut, code := cli(t, dir, "help", "raed")
	if code != exitUsage || errOut != "readmap: unknown help topic \"raed\"\nhint: did you mean read?\n" {
		t.Errorf("readmap help raed: exit %d, stderr %q", code, errOut)
	}
	_, errOut, code = cli(t, dir, "help", "nosuch")
	if code != exitUsage || !strings.Contains(errOut, "hint: commands: edit, export, index, map, mcp, read, refs, search, setup, stats, sym\n") {
		t.Errorf("readmap help nosuch: exit %d, stderr %q", code, errOut)
	}
	// Help works with a bad setting in the environment, so that the way to fix it can be read.
	t.Setenv("READMAP_JOBS", "many")
	if _, errOut, code := cli(t, dir, "help", "index"); code != 0 {
		t.Errorf("READMAP_JOBS=many readmap help index: exit %d, %q", code, errOut)
	}
}

// TestRootIsExactlyAsGiven: --root DIR maps DIR itself, even inside a repository; without it the
// root is the nearest ancestor with .readmap/ or .git, failing both the working directory.
func TestRootIsExactlyAsGiven(t *testing.T) {
	top := repo(t, map[string]string{"top.go": "package top\n\nfunc Top() {}\n", "lib/sub/deep.go": "package sub\n\nfunc Deep() {}\n"})
	sub := filepath.Join(top, "lib")

	// Without --root, from a folder below the top: the top, which holds .git.
	if _, errOut, code := cli(t, filepath.Join(sub, "sub"), "index"); code != 0 {
		t.Fatal(errOut)
	}
	out, _, code := cli(t, filepath.Join(sub, "sub"), "sym", "Deep")
	if code != 0 || !strings.HasPrefix(out, "lib/sub/deep.go:3-3") {
		t.Errorf("sym Deep from lib/sub = %q (exit %d), want the path from the top", out, code)
	}

	if _, errOut, code := cli(t, top, "index", "--root", sub); code != 0 {
		t.Fatal(errOut)
	}
	if _, err := os.Stat(filepath.Join(sub, ".readmap", "index.db")); err != nil {
		t.Errorf("index --root lib did not make lib/.readmap/index.db: %v", err)
	}
	out, _, code = cli(t, top, "sym", "Deep", "--root", sub)
	if code != 0 || !strings.HasPrefix(out, "sub/deep.go:3-3  function  Deep") {
		t.Errorf("sym Deep --root lib = %q (exit %d), want paths relative to lib", out, code)
	}
	if out, _, code := cli(t, top, "sym", "Top", "--root", sub); code != 1 {
		t.Errorf("sym Top --root lib = %q (exit %d): a file outside lib was mapped", out, code)
	}

	// Neither .git nor .readmap above: the working directory.
	bare := t.TempDir()
	if r, err := store.FindRoot(filepath.Dir(bare)); err != nil || r != filepath.Dir(bare) {
		t.Skipf("an ancestor of %s holds .git or .readmap (%s): cannot test the fallback", bare, r)
	}
	if err := os.WriteFile(filepath.Join(bare, "x.go"), []byte("package x\n\nfunc X() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := cli(t, bare, "index"); code != 0 {
		t.Fatal(errOut)
	}
	if out, errOut, code := cli(t, bare, "sym", "X"); code != 0 || !strings.HasPrefix(out, "x.go:3-3") {
		t.Errorf("sym X in a bare folder = %q, %q (exit %d)", out, errOut, code)
	}
	if _, err := os.Stat(filepath.Join(bare, ".readmap", "index.db")); err != nil {
		t.Errorf("no store in the working directory: %v", err)
	}
}

func TestRootMustBeAFolder(t *testing.T) {
	root := repo(t, map[string]string{"a.go": "package a\n"})
	for _, tc := range []struct{ root, why string }{{"nope", "no such folder"}, {"a.go", "not a folder"}} {
		out, errOut, code := cli(t, root, "stats", "--root", tc.root, "--json")
		if e := jsonError(t, "stats --root "+tc.root, out); code != exitUsage || e.Code != query.CodeUsage ||
			e.Message != "--root "+tc.root+": "+tc.why {
			t.Errorf("stats --root %s: exit %d, %+v, %q", tc.root, code, e, errOut)
		}
	}
}

// TestErrorsKeepTheirCause: a failure's cause stays reachable through errors.Is and errors.As.
func TestErrorsKeepTheirCause(t *testing.T) {
	dir := t.TempDir()
	a := &app{}
	missing := filepath.Join(dir, "nope.go")
	_, statErr := os.Stat(missing)
	if err := error(a.fileError(&session{}, "nope.go", missing, statErr, false)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("fileError of a missing file = %v, not fs.ErrNotExist underneath", err)
	}
	a.rootFlag = missing
	_, err := a.rootDir()
	var pe *fs.PathError
	if !errors.Is(err, fs.ErrNotExist) || !errors.As(err, &pe) || pe.Path != missing {
		t.Errorf("rootDir with a missing --root = %v, want the *fs.PathError underneath", err)
	}
	ce := asFailure("a.go", &query.Error{Code: query.CodePastEnd, Msg: "line 9 is past the end", Hint: "the file has 3 lines"})
	var qe *query.Error
	if !errors.As(ce, &qe) || ce.code != query.CodePastEnd || ce.Error() != "a.go: line 9 is past the end" {
		t.Errorf("asFailure of a query error = %v (%s), want its code and cause kept", ce, ce.code)
	}
}

// TestIndexRebuildsAStoreCorruptPastItsHeader: a store whose header and schema are sound but whose
// pages are damaged opens fine and fails only once the index run reads it; it is moved aside then,
// named in a warning, and the run starts afresh.
func TestIndexRebuildsAStoreCorruptPastItsHeader(t *testing.T) {
	files := map[string]string{}
	for i := range 300 {
		files[fmt.Sprintf("p/f%03d.go", i)] = fmt.Sprintf("package p\n\nfunc F%d() {}\n", i)
	}
	root := repo(t, files)
	if _, errOut, code := cli(t, root, "index", "-q"); code != 0 {
		t.Fatal(errOut)
	}
	db := filepath.Join(root, ".readmap", "index.db")
	src, err := os.ReadFile(db)
	if err != nil || len(src) < 3*4096 {
		t.Fatalf("store of %d bytes (%v): too small to damage past its first page", len(src), err)
	}
	for i := 4096; i < len(src); i++ {
		src[i] = 0xff
	}
	if err := os.WriteFile(db, src, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, errOut, code := cli(t, root, "stats"); code != 1 || !strings.Contains(errOut, "malformed") {
		t.Fatalf("stats of the damaged store: exit %d, %q; want it to open and fail on reading", code, errOut)
	}
	_, errOut, code := cli(t, root, "index", "-v")
	if code != 0 || !strings.Contains(errOut, "readmap: warning: store "+db+" was corrupt; moved it to "+db+".corrupt-") {
		t.Fatalf("index of the damaged store: exit %d, %q", code, errOut)
	}
	if stats, _, _ := cli(t, root, "stats", "--json"); !strings.Contains(stats, `"files":300`) {
		t.Errorf("after the rebuild the store holds %s, want 300 files", stats)
	}
	aside, _ := filepath.Glob(db + ".corrupt-*")
	if len(aside) != 1 {
		t.Errorf("moved-aside stores: %v, want one", aside)
	}
}

// TestMCPSymUsesTheServersRoot: the sym tool looks up in the store of the root the server was
// started with, whatever the working directory.
func TestMCPSymUsesTheServersRoot(t *testing.T) {
	root := repo(t, map[string]string{"lib/a.go": "package lib\n\nfunc Alpha() {}\n"})
	if _, errOut, code := cli(t, root, "index"); code != 0 {
		t.Fatal(errOut)
	}
	t.Chdir(t.TempDir())
	res := callTool(t, mcpClient(t, root, false), "sym", map[string]any{"query": "Alpha", "json": true})
	var ans struct{ Hits []struct{ Path string } }
	if blocks := texts(res); res.IsError || json.Unmarshal([]byte(blocks[0]), &ans.Hits) != nil || len(ans.Hits) != 1 || ans.Hits[0].Path != "lib/a.go" {
		t.Errorf("MCP sym Alpha from another folder = %q", blocks)
	}
}
