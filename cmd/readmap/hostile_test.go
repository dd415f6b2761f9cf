package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/readmap/readmap/query"
)

// controlByte returns the first byte of s a terminal would act on (a control character other than
// newline and tab, or DEL), and whether there is one.
func controlByte(s string) (byte, bool) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f {
			return c, true
		}
	}
	return 0, false
}

// TestHostileNamesAreEscaped maps a file whose headings hold terminal escapes: map, sym and the
// breadcrumbs of search show them as \xNN, never raw.
func TestHostileNamesAreEscaped(t *testing.T) {
	doc := "# Intro \x1b]0;pwned\x07\n\ntext\n\n## Setup \x1b[2J\x1b[31mred\n\nneedle here\n"
	root := repo(t, map[string]string{"doc.md": doc})
	for _, args := range [][]string{
		{"map", "doc.md"},
		{"sym", "Setup"},
		{"read", "doc.md", "--symbol", "## Setup \x1b[2J\x1b[31mred", "--map"},
	} {
		out, errOut, code := cli(t, root, args...)
		if code != 0 {
			t.Fatalf("readmap %q: exit %d, %s", args, code, errOut)
		}
		if args[0] == "read" {
			out = strings.Replace(out, "## Setup \x1b[2J\x1b[31mred\n", "", 1) // the body: the file's own bytes
		}
		if c, ok := controlByte(out); ok {
			t.Errorf("readmap %q prints control byte %#x:\n%q", args, c, out)
		}
		if !strings.Contains(out, `\x1b`) {
			t.Errorf("readmap %q does not show the escape as \\x1b:\n%q", args, out)
		}
	}
	out, errOut, code := cli(t, root, "search", "doc.md", "needle")
	if code != 0 {
		t.Fatalf("search: exit %d, %s", code, errOut)
	}
	head, _, _ := strings.Cut(out, "\n")
	if _, ok := controlByte(head); ok || !strings.Contains(head, `Setup \x1b[2J\x1b[31mred`) {
		t.Errorf("search breadcrumb = %q, want the heading escaped", head)
	}
}

// TestOddFileNamesStayOneLineAndGoBack indexes files whose names hold a newline, an escape and a
// byte that is not UTF-8: sym and map print them quoted on one line, and readmap reads them back
// from that quoted form, as a shell passes it and as an MCP client does.
func TestOddFileNamesStayOneLineAndGoBack(t *testing.T) {
	names := map[string]string{
		"a\nb.py":        `"a\nb.py"`,
		"caf\xe9.py":     `"caf\xe9.py"`,
		"esc\x1b[2J.py":  `"esc\x1b[2J.py"`,
		"plain name .py": "plain name .py",
	}
	files := map[string]string{}
	for name := range names {
		files[name] = "def oddity():\n    pass\n"
	}
	root := repo(t, files)
	if _, errOut, code := cli(t, root, "index"); code != 0 {
		t.Fatalf("index: %s", errOut)
	}
	out, errOut, code := cli(t, root, "sym", "oddity")
	if code != 0 {
		t.Fatalf("sym oddity: exit %d, %s", code, errOut)
	}
	if lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n"); len(lines) != len(names) {
		t.Errorf("sym oddity: %d lines for %d hits:\n%s", len(lines), len(names), out)
	}
	if c, ok := controlByte(out); ok {
		t.Errorf("sym oddity prints control byte %#x: %q", c, out)
	}
	cs := mcpClient(t, root, false)
	for name, shown := range names {
		if !strings.Contains(out, shown+":1-2  function  oddity") {
			t.Errorf("sym oddity lacks %q:\n%s", shown+":1-2", out)
		}
		mapped, _, _ := cli(t, root, "map", name)
		if !strings.Contains(mapped, "File Map: "+shown+"\n") {
			t.Errorf("map %q does not head with %q:\n%s", name, shown, mapped)
		}
		// Back to readmap: quoted as shown (an MCP client), and with the quotes a shell takes off.
		for _, arg := range []string{shown, strings.Trim(shown, `"`)} {
			got, errOut, code := cli(t, root, "read", arg)
			if code != 0 || got != files[name] {
				t.Errorf("read %q = %q (exit %d, %s), want the file", arg, got, code, errOut)
			}
			res := callTool(t, cs, "read", map[string]any{"path": arg})
			if blocks := texts(res); res.IsError || len(blocks) != 1 || blocks[0] != files[name] {
				t.Errorf("MCP read %q = %q, want the file", arg, blocks)
			}
		}
	}
}

// TestSearchAndSymAnswersFitTheBudget asks search and sym for as much as their bounds allow, from
// the command line and the MCP server, as text and as JSON: every answer fits 28,000 bytes and
// ends with a notice that says how to go on, and going on shows the next hit.
func TestSearchAndSymAnswersFitTheBudget(t *testing.T) {
	root := repo(t, map[string]string{"big.go": largeGo(600)})
	if _, errOut, code := cli(t, root, "index"); code != 0 {
		t.Fatalf("index: %s", errOut)
	}
	cs := mcpClient(t, root, false)
	for _, tc := range []struct {
		cli  []string
		tool string
		args map[string]any
	}{
		{[]string{"search", "big.go", "e", "--max", "1000", "--context", "50"}, "search", map[string]any{"path": "big.go", "pattern": "e", "max": 1000, "context": 50}},
		{[]string{"search", "big.go", "Println", "--max", "1000", "--context", "0"}, "search", map[string]any{"path": "big.go", "pattern": "Println", "max": 1000, "context": 0}},
		{[]string{"search", "big.go", "fmt.Println(a, b, 5) // line 5 of the body", "--fuzzy", "--max", "1000", "--context", "3"}, "search", map[string]any{"path": "big.go", "pattern": "fmt.Println(a, b, 5) // line 5 of the body", "fuzzy": true, "max": 1000, "context": 3}},
		{[]string{"sym", "Func", "--limit", "1000"}, "sym", map[string]any{"query": "Func", "limit": 1000}},
	} {
		for _, asJSON := range []bool{false, true} {
			args := tc.cli
			if asJSON {
				args = append(args[:len(args):len(args)], "--json")
			}
			out, errOut, code := cli(t, root, args...)
			notice := out // the text answer ends with its notice; JSON keeps the array whole and says it on stderr
			if asJSON {
				notice = errOut
			}
			if code != 0 || len(out)+len(errOut) > 28000 || !strings.Contains(notice, "go on with --skip ") {
				t.Errorf("readmap %q: exit %d, %d bytes (%s), want at most 28,000 with a notice:\n%.300s", args, code, len(out), errOut, out)
			}
			mcpArgs := map[string]any{"json": asJSON}
			for k, v := range tc.args {
				mcpArgs[k] = v
			}
			res := callTool(t, cs, tc.tool, mcpArgs)
			if text := strings.Join(texts(res), ""); res.IsError || len(text) > 28000 || !strings.Contains(text, "go on with --skip ") {
				t.Errorf("MCP %s %v: error %v, %d bytes, want at most 28,000 with a notice", tc.tool, mcpArgs, res.IsError, len(text))
			}
			if !asJSON {
				continue
			}
			var hits []json.RawMessage
			if err := json.Unmarshal([]byte(out), &hits); err != nil || !strings.Contains(errOut, fmt.Sprintf("go on with --skip %d", len(hits))) {
				t.Fatalf("readmap %q: %v; notice %q after %d hits", args, err, errOut, len(hits))
			}
			if tc.cli[0] == "search" && !strings.Contains(tc.cli[2], " ") { // hits in file order: the next starts there
				line := regexp.MustCompile(`the next is at line ([0-9,]+)`).FindStringSubmatch(errOut)
				next, _, _ := cli(t, root, append(args, "--skip", fmt.Sprint(len(hits)))...)
				if line == nil || !strings.HasPrefix(next, fmt.Sprintf(`[{"line":%s,`, strings.ReplaceAll(line[1], ",", ""))) {
					t.Errorf("readmap %q --skip %d starts %.60q, want the hit the notice %q names", args, len(hits), next, errOut)
				}
			}
		}
	}
}

// TestMCPReadOfTextThatIsNotUTF8 reads Latin-1 text over MCP, where each byte that is not UTF-8
// becomes a three-byte U+FFFD: page 1 and the map still fit 28,000 bytes, and the answer says the
// text was converted. The command line keeps the bytes as they are.
func TestMCPReadOfTextThatIsNotUTF8(t *testing.T) {
	var big strings.Builder
	for i := range 1500 {
		fmt.Fprintf(&big, "num\xe9ro %d: %s\n", i, strings.Repeat("\xe9\xe8", 40))
	}
	small := "d\xe9j\xe0 vu\n"
	root := repo(t, map[string]string{"latin1.txt": big.String(), "small.txt": small})
	cs := mcpClient(t, root, false)
	for _, args := range []map[string]any{
		{"path": "latin1.txt"},
		{"path": "latin1.txt", "page": 2},
		{"path": "latin1.txt", "lines": "10-900", "numbers": true},
		{"path": "small.txt"},
	} {
		res := callTool(t, cs, "read", args)
		text := strings.Join(texts(res), "")
		if res.IsError || len(text) > 28000 || !utf8.ValidString(text) || !strings.Contains(text, "is not valid UTF-8: its invalid bytes are shown as U+FFFD") {
			t.Errorf("MCP read %v: error %v, %d bytes, want at most 28,000 of UTF-8 saying so:\n%.300s", args, res.IsError, len(text), text)
		}
		args["json"] = true
		res = callTool(t, cs, "read", args)
		var ans struct{ Lossy bool }
		if text := strings.Join(texts(res), ""); res.IsError || len(text) > 28000 || json.Unmarshal([]byte(text), &ans) != nil || !ans.Lossy {
			t.Errorf("MCP read %v: error %v, %d bytes, lossy %v", args, res.IsError, len(text), ans.Lossy)
		}
	}
	if out, _, code := cli(t, root, "read", "small.txt"); code != 0 || out != small {
		t.Errorf("read small.txt = %q, want its bytes as they are", out)
	}
}

// TestWholeAnswersHaveABound: the answers that ask for everything (a full read, every symbol as
// JSON) are refused over 1 MiB by the MCP server, which builds them whole before it sends them;
// the command line, asked explicitly, gives the whole file, as text or JSON.
func TestWholeAnswersHaveABound(t *testing.T) {
	huge := largeGo(8000) // 3.5 MB, 8,000 functions
	root := repo(t, map[string]string{"huge.go": huge})
	cs := mcpClient(t, root, false)
	for _, args := range []map[string]any{
		{"path": "huge.go", "full": true},
		{"path": "huge.go", "full": true, "json": true},
	} {
		if e := toolErrorOf(t, "MCP read full", callTool(t, cs, "read", args)); e.Code != query.CodeTooLarge {
			t.Errorf("MCP read %v: code %q, want %q", args, e.Code, query.CodeTooLarge)
		}
	}
	if e := toolErrorOf(t, "MCP map json", callTool(t, cs, "map", map[string]any{"path": "huge.go", "json": true})); e.Code != query.CodeTooLarge {
		t.Errorf("MCP map json of 8,000 functions: code %q, want %q", e.Code, query.CodeTooLarge)
	}
	var whole struct{ Content string }
	if out, _, code := cli(t, root, "read", "huge.go", "--full", "--json"); code != 0 || json.Unmarshal([]byte(out), &whole) != nil || whole.Content != huge {
		t.Errorf("read --full --json of 3.5 MB: exit %d, %d bytes of content, want the file", code, len(whole.Content))
	}
	if out, _, code := cli(t, root, "read", "huge.go", "--full"); code != 0 || out != huge {
		t.Errorf("read --full of 3.5 MB: exit %d, %d bytes, want the file", code, len(out))
	}
}
