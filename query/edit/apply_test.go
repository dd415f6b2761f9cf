package edit

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/readmap/readmap/indexer"
	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/store"
)

func ptr(s string) *string { return &s }

// symbolsOf maps src as the indexer does, for the symbols an edit targets.
func symbolsOf(path string, src []byte) []store.Symbol {
	return indexer.MapFile(context.Background(), path, src, indexer.Options{}).Symbols
}

// applyTo applies edits to src (a file named path) and returns the change or the error.
func applyTo(t *testing.T, path, src string, edits ...Edit) (*Change, error) {
	t.Helper()
	doc, err := Parse([]byte(src))
	if err != nil {
		t.Fatalf("Parse(%q) = %v", src, err)
	}
	return Apply(doc, edits, Options{Display: path, Symbols: symbolsOf(path, []byte(src)),
		Remap: func(text []byte) []store.Symbol { return symbolsOf(path, text) }})
}

func codeOf(err error) query.Code {
	var qe *query.Error
	if errors.As(err, &qe) {
		return qe.Code
	}
	return ""
}

// TestLadder: each step of the ladder finds what the steps before it cannot, says so, and writes
// the new text in the file's line ending and indentation.
func TestLadder(t *testing.T) {
	for _, tc := range []struct {
		name, src, old, new string
		want                string
		step                Step
	}{
		{"exact", "a = 1\nb = 2\n", "b = 2", "b = 3", "a = 1\nb = 3\n", Exact},
		{"exact inside a line", "call(x, y)\n", "x, y", "y, x", "call(y, x)\n", Exact},
		{"line endings: LF given, CRLF file", "if x:\r\n    y()\r\n    z()\r\n", "if x:\n    y()\n", "if x:\n    w()\n",
			"if x:\r\n    w()\r\n    z()\r\n", LineEndings},
		{"line endings: CRLF given, LF file", "a\nb\nc\n", "a\r\nb\r\n", "A\r\nB\r\n", "A\nB\nc\n", LineEndings},
		{"trailing whitespace in the file", "def f():  \n    return 1\t\n", "def f():\n    return 1\n", "def f():\n    return 2\n",
			"def f():\n    return 2\n", TrailingSpace},
		{"trailing whitespace in --old", "x = 1\ny = 2\n", "x = 1   \ny = 2  \n", "x = 1\ny = 3\n", "x = 1\ny = 3\n", TrailingSpace},
		{"indentation: --old less indented", "class A:\n    def f(self):\n        return 1\n", "def f(self):\n    return 1\n",
			"def f(self):\n    return 2\n", "class A:\n    def f(self):\n        return 2\n", Indentation},
		{"indentation: --old more indented", "func f() {\n\tx := 1\n\n\treturn x\n}\n", "\t\tx := 1\n\n\t\treturn x\n", "\t\tx := 2\n\n\t\treturn x\n",
			"func f() {\n\tx := 2\n\n\treturn x\n}\n", Indentation},
		{"punctuation: curly quotes in the file", "msg = “don’t”\n", `msg = "don't"`, `msg = "do"`, "msg = \"do\"\n", Punctuation},
		{"punctuation: dashes over whole lines", "# a – b\n# c — d\n", "# a - b\n# c - d\n", "# ab\n# cd\n", "# ab\n# cd\n", Punctuation},
		{"punctuation with an indentation offset", "    s = “x”\n    t = 1\n", "s = \"x\"\nt = 1\n", "s = \"y\"\nt = 1\n", "    s = \"y\"\n    t = 1\n", Punctuation},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := applyTo(t, "f.py", tc.src, Edit{Old: ptr(tc.old), New: ptr(tc.new)})
			if err != nil {
				t.Fatalf("Apply: %v (%v)", err, codeOf(err))
			}
			if string(c.Text) != tc.want || c.Steps[0] != tc.step {
				t.Errorf("Apply(%q -> %q) on %q = %q by %s, want %q by %s", tc.old, tc.new, tc.src, c.Text, c.Steps[0], tc.want, tc.step)
			}
		})
	}
}

// TestLadderNeedsOneMatch: a step past exact that finds two matches is refused, with --all too;
// exact with two matches needs --all and then changes both.
func TestLadderNeedsOneMatch(t *testing.T) {
	for _, tc := range []struct{ name, src, old string }{
		{"exact", "x = 1\ny = 2\nx = 1\n", "x = 1"},
		{"line endings", "a\r\nb\r\n--\r\na\r\nb\r\n", "a\nb\n"},
		{"trailing whitespace", "a \nb\n--\na\t\nb\n", "a\nb\n"},
		{"indentation", "  a\n  b\n--\n  a\n  b\n", "a\nb\n"},
		{"punctuation", "“q”\n--\n“q”\n", `"q"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, all := range []bool{false, true} {
				c, err := applyTo(t, "f.txt", tc.src, Edit{Old: ptr(tc.old), New: ptr("Z"), All: all})
				if tc.name == "exact" && all {
					if err != nil || c.Counts[0] != 2 || string(c.Text) != "Z\ny = 2\nZ\n" {
						t.Errorf("--all: %q, %v", c.Text, err)
					}
					continue
				}
				if codeOf(err) != query.CodeAmbiguous || !strings.Contains(err.(*query.Error).Hint, "matches at line 1") {
					t.Errorf("all=%v: err = %v, want ambiguous listing line 1", all, err)
				}
			}
		})
	}
}

// TestNoMatch: the hint names the nearest blocks with their lines, symbols and similarity, where
// the nearest first differs, and whether the new text is there already.
func TestNoMatch(t *testing.T) {
	src := "class A:\n    def run(self):\n        total = compute(1, 2)\n        return total\n\n    def stop(self):\n        pass\n"
	_, err := applyTo(t, "a.py", src, Edit{Old: ptr("        total = compute(1, 3)\n        return total\n"), New: ptr("        return 0\n")})
	qe, _ := err.(*query.Error)
	if qe == nil || qe.Code != query.CodeNoMatch {
		t.Fatalf("err = %v, want no_match", err)
	}
	for _, want := range []string{"nearest: lines 3-4 in A > run [2-4] (similarity 0.9", `at line 3 the file has "        total = compute(1, 2)" where --old has "        total = compute(1, 3)"`,
		"the new text is not in the file either", "readmap read a.py --lines 3-4"} {
		if !strings.Contains(qe.Hint, want) {
			t.Errorf("hint %q lacks %q", qe.Hint, want)
		}
	}
	_, err = applyTo(t, "a.py", src, Edit{Old: ptr("total = compute(9, 9)"), New: ptr("total = compute(1, 2)")})
	if qe, _ := err.(*query.Error); qe == nil || !strings.Contains(qe.Hint, "the new text is already in the file at line 3 (in A > run [2-4])") {
		t.Errorf("err = %v, want the new text found at line 3", err)
	}
}

// TestWithin: --within looks only inside the symbol, so a text that occurs twice in the file
// occurs once there.
func TestWithin(t *testing.T) {
	src := "def a():\n    x = 1\n\ndef b():\n    x = 1\n"
	c, err := applyTo(t, "f.py", src, Edit{Old: ptr("x = 1"), New: ptr("x = 2"), Within: "b"})
	if err != nil || string(c.Text) != "def a():\n    x = 1\n\ndef b():\n    x = 2\n" {
		t.Fatalf("within b: %q, %v", c.Text, err)
	}
	_, err = applyTo(t, "f.py", src, Edit{Old: ptr("x = 1"), New: ptr("x = 2"), Within: "nope"})
	if codeOf(err) != query.CodeNoSymbol || !strings.HasPrefix(err.Error(), "--within:") {
		t.Errorf("within nope: %v", err)
	}
}

// TestSymbolTargets: --symbol replaces, deletes or adds whole lines at the symbol's range, in the
// file's line ending; a missing final newline is added to TEXT, and the file's own final newline
// (or its absence) stays.
func TestSymbolTargets(t *testing.T) {
	py := "import os\n\n\n@decorator\ndef f():\n    return 1\n\n\ndef g():\n    return 2\n"
	for _, tc := range []struct {
		name string
		src  string
		e    Edit
		want string
	}{
		{"replace, decorators included", py, Edit{Symbol: "f", New: ptr("def f():\n    return 10")},
			"import os\n\n\ndef f():\n    return 10\n\n\ndef g():\n    return 2\n"},
		{"the same with a final newline", py, Edit{Symbol: "f", New: ptr("def f():\n    return 10\n")},
			"import os\n\n\ndef f():\n    return 10\n\n\ndef g():\n    return 2\n"},
		{"insert before the first decorator", py, Edit{Symbol: "f", InsertBefore: ptr("X = 1\n")},
			"import os\n\n\nX = 1\n@decorator\ndef f():\n    return 1\n\n\ndef g():\n    return 2\n"},
		{"insert after", py, Edit{Symbol: "f", InsertAfter: ptr("\n\ndef h():\n    pass")},
			"import os\n\n\n@decorator\ndef f():\n    return 1\n\n\ndef h():\n    pass\n\n\ndef g():\n    return 2\n"},
		{"delete", py, Edit{Symbol: "g", Delete: true}, "import os\n\n\n@decorator\ndef f():\n    return 1\n\n\n"},
		{"CRLF file: the new lines take CRLF", "def f():\r\n    return 1\r\n", Edit{Symbol: "f", New: ptr("def f():\n    return 2\n")},
			"def f():\r\n    return 2\r\n"},
		{"no final newline: none added", "def f():\n    return 1", Edit{Symbol: "f", New: ptr("def f():\n    return 2\n")},
			"def f():\n    return 2"},
		{"no final newline: insert after the last line", "def f():\n    return 1", Edit{Symbol: "f", InsertAfter: ptr("def g():\n    pass\n")},
			"def f():\n    return 1\ndef g():\n    pass"},
		{"delete the last symbol of a file without a final newline", "def f():\n    pass\ndef g():\n    pass", Edit{Symbol: "g", Delete: true},
			"def f():\n    pass"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := applyTo(t, "f.py", tc.src, tc.e)
			if err != nil {
				t.Fatalf("Apply: %v", err)
			}
			if string(c.Text) != tc.want || c.Steps[0] != SymbolRange {
				t.Errorf("Apply = %q, want %q", c.Text, tc.want)
			}
		})
	}
	_, err := applyTo(t, "f.py", py, Edit{Symbol: "fx", Delete: true})
	if codeOf(err) != query.CodeNoSymbol || !strings.Contains(err.(*query.Error).Hint, "did you mean: f [4-6]") {
		t.Errorf("--symbol fx: %v", err)
	}
	_, err = applyTo(t, "f.py", "def f():\n    pass\n\ndef f():\n    pass\n", Edit{Symbol: "f", Delete: true})
	if codeOf(err) != query.CodeAmbiguous {
		t.Errorf("--symbol f of two: %v", err)
	}
}

// TestBatch: edits apply in order, each seeing the text the ones before left, symbols re-mapped;
// one that fails fails all, and says which.
func TestBatch(t *testing.T) {
	src := "def a():\n    return 1\n\n\ndef b():\n    return 2\n"
	c, err := applyTo(t, "f.py", src,
		Edit{Symbol: "a", InsertBefore: ptr("def z():\n    return 0\n\n\n")},
		Edit{Symbol: "b", New: ptr("def b():\n    return 20\n")},
		Edit{Old: ptr("return 1"), New: ptr("return 10")})
	want := "def z():\n    return 0\n\n\ndef a():\n    return 10\n\n\ndef b():\n    return 20\n"
	if err != nil || string(c.Text) != want {
		t.Fatalf("batch = %q, %v; want %q", c.Text, err, want)
	}
	if rs := c.Regions(); len(rs) != 3 {
		t.Errorf("regions = %+v, want 3", rs)
	}
	_, err = applyTo(t, "f.py", src,
		Edit{Old: ptr("return 1"), New: ptr("return 10")},
		Edit{Old: ptr("return 2"), New: ptr("return 20")},
		Edit{Old: ptr("return 3"), New: ptr("return 30")})
	if codeOf(err) != query.CodeNoMatch || !strings.HasPrefix(err.Error(), "edit 3 of 3: --old not found") ||
		!strings.Contains(err.(*query.Error).Hint, "nothing was written") {
		t.Errorf("a batch whose third edit fails: %v", err)
	}
}

// TestFinalNewlineKept: an --old/--new edit neither adds nor removes the file's last newline.
func TestFinalNewlineKept(t *testing.T) {
	for _, tc := range []struct{ src, old, new, want string }{
		{"a\nb\n", "b\n", "c", "a\nc\n"},
		{"a\nb", "b", "c\n", "a\nc"},
		{"a\r\nb\r\n", "b\r\n", "c", "a\r\nc\r\n"},
	} {
		c, err := applyTo(t, "f.txt", tc.src, Edit{Old: ptr(tc.old), New: ptr(tc.new)})
		if err != nil || string(c.Text) != tc.want {
			t.Errorf("%q: %q -> %q = %q, %v; want %q", tc.src, tc.old, tc.new, c.Text, err, tc.want)
		}
	}
}

// TestDocumentRoundTrip: every encoding edit reads comes back byte for byte; UTF-16 that would not
// is refused.
func TestDocumentRoundTrip(t *testing.T) {
	utf16le := []byte{0xff, 0xfe, 'h', 0, 'i', 0, '\r', 0, '\n', 0}
	utf16be := []byte{0xfe, 0xff, 0, 'h', 0, 'i', 0, '\n'}
	for _, src := range [][]byte{[]byte("\xef\xbb\xbfusing X;\r\n"), []byte("caf\xe9\n"), utf16le, utf16be, {}, []byte("x")} {
		d, err := Parse(src)
		if err != nil {
			t.Fatalf("Parse(%q) = %v", src, err)
		}
		if back, err := d.Encode(d.Text); err != nil || !bytes.Equal(back, src) {
			t.Errorf("Encode(Parse(%q)) = %q, %v", src, back, err)
		}
	}
	if d, _ := Parse(utf16le); string(d.Text) != "hi\r\n" || d.Charset != "UTF-16LE" {
		t.Errorf("UTF-16LE text = %q (%s)", d.Text, d.Charset)
	}
	if _, err := Parse([]byte{0xff, 0xfe, 0x00, 0xd8, 'a', 0}); codeOf(err) != query.CodeNotEditable {
		t.Errorf("UTF-16 with an unpaired surrogate: %v, want not_editable", err)
	}
	c, err := applyTo(t, "f.txt", string(utf16le), Edit{Old: ptr("hi"), New: ptr("h\u00e9\U0001F600")})
	if err != nil || !bytes.Equal(c.Bytes, []byte{0xff, 0xfe, 'h', 0, 0xe9, 0, 0x3d, 0xd8, 0x00, 0xde, '\r', 0, '\n', 0}) {
		t.Errorf("UTF-16 edit = % x, %v", c.Bytes, err)
	}
	if _, err := applyTo(t, "f.txt", string(utf16le), Edit{Old: ptr("hi"), New: ptr("\xff")}); codeOf(err) != query.CodeNotEditable {
		t.Errorf("bytes that are not UTF-8 into UTF-16: %v", err)
	}
	c, err = applyTo(t, "f.txt", "caf\xe9 cr\xe8me\n", Edit{Old: ptr("cr"), New: ptr("CR")})
	if err != nil || string(c.Bytes) != "caf\xe9 CR\xe8me\n" || len(c.Notes) != 1 || !strings.Contains(c.Notes[0], "not valid UTF-8: edited as bytes") {
		t.Errorf("Latin-1 edit = %q, %v, %q", c.Bytes, err, c.Notes)
	}
}

// TestRequestValidate: the rules both the command line and the MCP tool apply.
func TestRequestValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		req  Request
		want string // "" for valid
	}{
		{"old and new", Request{Edits: []Edit{{Old: ptr("a"), New: ptr("")}}}, ""},
		{"symbol delete", Request{Edits: []Edit{{Symbol: "f", Delete: true}}}, ""},
		{"undo", Request{Undo: true}, ""},
		{"nothing", Request{}, "no edit given"},
		{"old without new", Request{Edits: []Edit{{Old: ptr("a")}}}, "--old needs --new"},
		{"empty old", Request{Edits: []Edit{{Old: ptr(""), New: ptr("b")}}}, "--old is empty"},
		{"old and symbol", Request{Edits: []Edit{{Old: ptr("a"), New: ptr("b"), Symbol: "f"}}}, "exclude each other"},
		{"symbol alone", Request{Edits: []Edit{{Symbol: "f"}}}, "--symbol needs"},
		{"symbol two ways", Request{Edits: []Edit{{Symbol: "f", Delete: true, New: ptr("x")}}}, "--new and --delete exclude each other"},
		{"all with symbol", Request{Edits: []Edit{{Symbol: "f", Delete: true, All: true}}}, "--all and --within go with --old"},
		{"delete with old", Request{Edits: []Edit{{Old: ptr("a"), New: ptr("b"), Delete: true}}}, "go with --symbol"},
		{"undo and an edit", Request{Undo: true, Edits: []Edit{{Symbol: "f", Delete: true}}}, "exclude each other"},
		{"bad hash", Request{Undo: true, IfHash: "xyz12345"}, "not hexadecimal"},
		{"short hash", Request{Undo: true, IfHash: "abc"}, "--if-hash"},
		{"huge text", Request{Edits: []Edit{{Old: ptr("a"), New: ptr(strings.Repeat("x", MaxTextBytes+1))}}}, "is over"},
		{"batch edit", Request{Batch: true, Edits: []Edit{{Symbol: "f", Delete: true}, {Symbol: "g"}}}, "edit 2 of 2: --symbol needs"},
	} {
		err := tc.req.Validate()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || codeOf(err) != query.CodeUsage || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: %v, want a usage error with %q", tc.name, err, tc.want)
		}
	}
	edits, err := ParseBatch(strings.NewReader(`[{"old":"a","new":""},{"symbol":"f","insert_after":"x"}]`))
	if err != nil || len(edits) != 2 || *edits[0].New != "" || *edits[1].InsertAfter != "x" {
		t.Errorf("ParseBatch = %+v, %v", edits, err)
	}
	for _, bad := range []string{`{"old":"a"}`, `[{"olde":"a"}]`, `[{"old":1}]`, `[] []`, `null`} {
		if _, err := ParseBatch(strings.NewReader(bad)); codeOf(err) != query.CodeUsage {
			t.Errorf("ParseBatch(%s) = %v, want a usage error", bad, err)
		}
	}
}
