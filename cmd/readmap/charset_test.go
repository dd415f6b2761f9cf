package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf16"
)

// utf16LE encodes s as UTF-16LE with a byte order mark, as Windows tools write text.
func utf16LE(s string) string {
	out := []byte{0xff, 0xfe}
	for _, u := range utf16.Encode([]rune(s)) {
		out = append(out, byte(u), byte(u>>8))
	}
	return string(out)
}

// TestUTF16TextIsText: UTF-16 text with a byte order mark, which has a NUL in every other byte,
// is indexed, read, mapped and searched as the UTF-8 it decodes to, with the same lines; answers
// name the character set.
func TestUTF16TextIsText(t *testing.T) {
	small := "namespace Shop {\r\n  class Größe {\r\n    void Pack() {}\r\n  }\r\n}\r\n"
	var big strings.Builder
	big.WriteString("namespace Big {\r\n")
	for i := range 3000 {
		fmt.Fprintf(&big, "  class C%d { void M%d() {} }\r\n", i, i)
	}
	big.WriteString("}\r\n")
	root := repo(t, map[string]string{"small.cs": utf16LE(small), "big.cs": utf16LE(big.String())})
	if out, errOut, code := cli(t, root, "index", "--json"); code != 0 || !strings.Contains(out, `"skipped":0`) {
		t.Fatalf("index = %s, %s (exit %d), want nothing skipped as binary", out, errOut, code)
	}
	if out, errOut, code := cli(t, root, "read", "small.cs"); code != 0 || out != small {
		t.Errorf("read small.cs = %q, %q (exit %d), want its text as UTF-8", out, errOut, code)
	}
	var ans struct{ Charset, Content string }
	if out, _, code := cli(t, root, "read", "small.cs", "--json"); code != 0 || json.Unmarshal([]byte(out), &ans) != nil || ans.Charset != "UTF-16LE" || ans.Content != small {
		t.Errorf("read small.cs --json = %s (exit %d), want charset UTF-16LE and the UTF-8 text", out, code)
	}
	if out, _, code := cli(t, root, "map", "small.cs"); code != 0 || !strings.Contains(out, "class Größe [2-4]") {
		t.Errorf("map small.cs = %q (exit %d), want class Größe [2-4]", out, code)
	}
	if out, _, code := cli(t, root, "read", "big.cs"); code != 0 || !strings.Contains(out, "C#, UTF-16LE shown as UTF-8. Partial view") {
		t.Errorf("read big.cs banner = %.200q (exit %d), want it to name UTF-16LE", out, code)
	}
	if out, _, code := cli(t, root, "read", "big.cs", "--lines", "1001-1001"); code != 0 || !strings.HasPrefix(out, "  class C999 { void M999() {} }\r\n") {
		t.Errorf("read big.cs --lines 1001-1001 = %.200q (exit %d), want class C999", out, code)
	}
	if out, _, code := cli(t, root, "search", "big.cs", "M2999"); code != 0 || !strings.Contains(out, "line 3001") {
		t.Errorf("search big.cs M2999 = %.300q (exit %d), want line 3001", out, code)
	}
	if out, _, code := cli(t, root, "sym", "Größe"); code != 0 || !strings.HasPrefix(out, "small.cs:2-4  class  Shop.Größe") {
		t.Errorf("sym Größe = %q (exit %d)", out, code)
	}
}
