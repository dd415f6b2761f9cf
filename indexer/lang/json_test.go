package lang

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"bytes"
	"encoding/json"
	"io"

	"github.com/readmap/readmap/store"
)

// dataSymLines renders symbols one a line, indented by depth: "name [a-b] kind signature".
func dataSymLines(syms []store.Symbol) []string {
	out := []string{}
	for _, s := range syms {
		line := fmt.Sprintf("%s%s [%d-%d] %s", strings.Repeat("  ", s.Depth), s.Name, s.StartLine, s.EndLine, s.Kind)
		if s.Signature != "" {
			line += " " + s.Signature
		}
		out = append(out, line)
	}
	return out
}

// dataMapWith runs a mapper on src and checks the symbol invariants.
func dataMapWith(t *testing.T, m Mapper, src string) *Result {
	t.Helper()
	res, err := m.Map(context.Background(), []byte(src))
	if err != nil {
		t.Fatalf("Map(%q): %v", src, err)
	}
	if err := CheckSymbols(res.Symbols, CountLines([]byte(src))); err != nil {
		t.Fatalf("Map(%q): %v", src, err)
	}
	return res
}

func TestJSONMapper(t *testing.T) {
	for _, tc := range []struct {
		name, src, summary string
		want               []string
	}{
		{
			name:    "object",
			src:     "{\n  \"name\": \"demo\",\n  \"n\": -1.5e3,\n  \"ok\": true,\n  \"none\": null\n}\n",
			summary: "object with 4 keys",
			want: []string{
				"name [2-2] key name: string", "n [3-3] key n: number",
				"ok [4-4] key ok: bool", "none [5-5] key none: null",
			},
		},
		{
			name:    "nested and empty",
			src:     "{\"a\": {\n \"b\": {},\n \"c\": [],\n \"d\": [[1, 2], [3]],\n \"e\": {\"f\": [1, \"x\", null]}\n}}",
			summary: "object with 1 key",
			want: []string{
				"a [1-6] key a: {}(4)", "  b [2-2] key b: {}", "  c [3-3] key c: []",
				"  d [4-4] key d: [](2) of array", "  e [5-5] key e: {}(1)", "    f [5-5] key f: [](3) of mixed",
			},
		},
		{
			name:    "escapes",
			src:     `{"say \"hi\"": "a \"quoted\" \\ value", "\u00e9t\u00e9": 1, "tab\tkey": 2, "": 3, "back\\": {"x": "}"}}`,
			summary: "object with 5 keys",
			want: []string{
				`say "hi" [1-1] key say "hi": string`, "été [1-1] key été: number",
				`tab\tkey [1-1] key tab\tkey: number`, `"" [1-1] key "": number`,
				`back\ [1-1] key back\: {}(1)`, `  x [1-1] key x: string`,
			},
		},
		{
			name:    "CRLF and BOM",
			src:     "\xef\xbb\xbf{\r\n  \"a\": [\r\n    1,\r\n    2\r\n  ],\r\n  \"b\": \"x\"\r\n}\r\n",
			summary: "object with 2 keys",
			want:    []string{"a [2-5] key a: [](2) of number", "b [6-6] key b: string"},
		},
		{
			name:    "comments and trailing commas",
			src:     "// settings\n{\n  /* the editor */\n  \"editor\": {\"tabs\": 4,}, // inline {[\n  \"files\": [\"a\", \"b\",],\n}\n",
			summary: "object with 2 keys",
			want:    []string{"editor [4-4] key editor: {}(1)", "  tabs [4-4] key tabs: number", "files [5-5] key files: [](2) of string"},
		},
		{
			name:    "array of objects",
			src:     "[\n {\"id\": 1, \"tags\": [\"a\"]},\n {\"id\": 2, \"tags\": [], \"extra\": null},\n {\"id\": \"3\"}\n]\n",
			summary: "array of 3 objects",
			want: []string{
				"[] [1-5] key [](3) of object", "  id [2-2] key id: number|string",
				"  tags [2-2] key tags?: [](1) of string", "  extra [3-3] key extra?: null",
			},
		},
		{
			name:    "array of scalars",
			src:     "[1, 2, 3]",
			summary: "array of 3 numbers",
			want:    []string{"[] [1-1] key [](3) of number"},
		},
		{
			name:    "empty array",
			src:     "[]\n",
			summary: "empty array",
			want:    []string{"[] [1-1] key []"},
		},
		{
			name:    "empty object",
			src:     "{}\n",
			summary: "empty object",
		},
		{
			name:    "scalar",
			src:     "\"just a string\"\n",
			summary: "JSON string",
		},
		{
			name:    "missing comma",
			src:     "{\n \"a\": 1,\n \"b\": [1, 2\n  3],\n \"c\": 4\n}\n",
			summary: "object with 2 keys; invalid JSON at line 4: expected ',' or ']'",
			want:    []string{"a [2-2] key a: number", "b [3-4] key b: [](2) of number"},
		},
		{
			name:    "truncated",
			src:     "{\n \"a\": {\n  \"b\": [\n   {\"c\": 1",
			summary: "object with 1 key; invalid JSON at line 4: unterminated object",
			want:    []string{"a [2-4] key a: {}(1)", "  b [3-4] key b: [](1) of object", "    c [4-4] key c: number"},
		},
		{
			name:    "unterminated string",
			src:     "{\"a\": 1, \"b\": \"oops\n}\n",
			summary: "object with 2 keys; invalid JSON at line 1: unterminated string",
			want:    []string{"a [1-1] key a: number", "b [1-2] key b: string"},
		},
		{
			name:    "bad literal",
			src:     "{\"a\": nope}",
			summary: "object with 1 key; invalid JSON at line 1: unexpected \"nope\"",
			want:    []string{"a [1-1] key a"},
		},
		{
			name:    "content after value",
			src:     "{\"a\": 1} x\n",
			summary: "object with 1 key; invalid JSON at line 1: content after the top-level value",
			want:    []string{"a [1-1] key a: number"},
		},
		{
			name:    "JSON Lines in a .json file",
			src:     "{\"id\": 1, \"msg\": \"a\"}\n{\"id\": 2, \"msg\": \"b\", \"err\": \"x\"}\n",
			summary: "2 records; fields: id, msg, err",
			want:    []string{"id [1-1] field id: number", "msg [1-1] field msg: string", "err [2-2] field err?: string", `line 1: {"id": 1, "msg": "a"} [1-1] landmark`, `line 2: {"id": 2, "msg": "b", "err": "x"} [2-2] landmark`},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := dataMapWith(t, jsonMapper{}, tc.src)
			if res.Summary != tc.summary {
				t.Errorf("summary = %q, want %q", res.Summary, tc.summary)
			}
			want := tc.want
			if want == nil {
				want = []string{}
			}
			if diff := cmp.Diff(want, dataSymLines(res.Symbols)); diff != "" {
				t.Errorf("Map(%q) symbols (-want +got):\n%s", tc.src, diff)
			}
		})
	}
}

// TestJSONDeep: deep nesting costs no stack and is shown to the depth cap only.
func TestJSONDeep(t *testing.T) {
	deep := strings.Repeat(`{"k":`, 10000) + "1" + strings.Repeat("}", 10000)
	res := dataMapWith(t, jsonMapper{}, deep)
	if len(res.Symbols) != jsonMaxDepth {
		t.Errorf("%d symbols for 10,000 nested objects, want %d (the depth cap)", len(res.Symbols), jsonMaxDepth)
	}
	res = dataMapWith(t, jsonMapper{}, strings.Repeat("[", 100000))
	if !strings.Contains(res.Summary, "invalid JSON") {
		t.Errorf("summary %q of 100,000 open brackets does not say invalid", res.Summary)
	}
}

// TestJSONCaps: a huge object shows a bounded number of keys, the rest folded into one symbol.
func TestJSONCaps(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\"big\": {\n")
	for i := range 2000 {
		fmt.Fprintf(&b, "  \"k%d\": %d,\n", i, i)
	}
	b.WriteString("  \"last\": 0\n}}\n")
	res := dataMapWith(t, jsonMapper{}, b.String())
	got := dataSymLines(res.Symbols)
	if len(got) != jsonMaxKeys+2 {
		t.Fatalf("%d symbols, want %d", len(got), jsonMaxKeys+2)
	}
	if want := fmt.Sprintf("  … 1,501 more keys [%d-2002] key … 1,501 more keys", jsonMaxKeys+2); got[len(got)-1] != want {
		t.Errorf("fold = %q, want %q", got[len(got)-1], want)
	}
	if got[0] != "big [1-2003] key big: {}(2001)" {
		t.Errorf("first = %q", got[0])
	}
}

// TestJSONSingleLine: a 5 MB minified file on one line.
func TestJSONSingleLine(t *testing.T) {
	src := genJSONArray(20000, false)
	res := dataMapWith(t, jsonMapper{}, string(src))
	if res.Summary != "array of 20,000 objects" {
		t.Errorf("summary = %q", res.Summary)
	}
	for _, s := range res.Symbols {
		if s.StartLine != 1 || s.EndLine != 1 {
			t.Fatalf("symbol %q [%d-%d] in a one-line file", s.Name, s.StartLine, s.EndLine)
		}
	}
}

// genJSONArray returns an array of n objects of eight keys, indented one key a line (10 lines an
// object, the first at line 2) or minified.
func genJSONArray(n int, indent bool) []byte {
	nl, sp := "\n", "    "
	if !indent {
		nl, sp = "", ""
	}
	b := make([]byte, 0, n*220)
	b = append(b, "["+nl...)
	num := func(k int) { b = strconv.AppendInt(b, int64(k), 10) }
	for i := range n {
		if i > 0 {
			b = append(b, ","+nl...)
		}
		b = append(b, "  {"+nl+sp+`"id": `...)
		num(i)
		b = append(b, ","+nl+sp+`"name": "user `...)
		num(i)
		b = append(b, ` \"q\"",`+nl+sp+`"email": "u`...)
		num(i)
		b = append(b, `@example.com",`+nl+sp+`"active": `...)
		b = strconv.AppendBool(b, i%2 == 0)
		b = append(b, ","+nl+sp+`"score": `...)
		num(i)
		b = append(b, ".5,"+nl+sp+`"tags": ["a", "b"],`+nl+sp+`"address": {"city": "X", "zip": "`...)
		num(10000 + i%90000)
		b = append(b, `"},`+nl+sp+`"note": null`+nl+"  }"...)
	}
	return append(b, nl+"]"+nl...)
}

// TestJSONLarge maps a ~20 MB array of 100,000 objects: exact length, item schema and lines, and
// a small map.
func TestJSONLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the 20 MB JSON test in -short mode")
	}
	src := genJSONArray(100000, true)
	res, err := jsonMapper{}.Map(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	lines := CountLines(src)
	if err := CheckSymbols(res.Symbols, lines); err != nil {
		t.Fatal(err)
	}
	if res.Summary != "array of 100,000 objects" {
		t.Errorf("summary = %q", res.Summary)
	}
	got := dataSymLines(res.Symbols)
	want := []string{
		fmt.Sprintf("[] [1-%d] key [](100000) of object", lines),
		"  id [3-3] key id: number", "  name [4-4] key name: string", "  email [5-5] key email: string",
		"  active [6-6] key active: bool", "  score [7-7] key score: number",
		"  tags [8-8] key tags: [](2) of string", "  address [9-9] key address: {}(2)",
		"    city [9-9] key city: string", "    zip [9-9] key zip: string", "  note [10-10] key note: null",
	}
	if len(got) < len(want) || len(got) > len(want)+jsonMarks {
		t.Fatalf("%d symbols, want %d to %d:\n%s", len(got), len(want), len(want)+jsonMarks, strings.Join(got, "\n"))
	}
	if diff := cmp.Diff(want, got[:len(want)]); diff != "" {
		t.Errorf("schema (-want +got):\n%s", diff)
	}
	// Item k spans lines 2+10k to 11+10k.
	for _, s := range res.Symbols[len(want):] {
		var k int
		if _, err := fmt.Sscanf(s.Name, "[%d]", &k); err != nil || s.StartLine != 2+10*k || s.EndLine != 11+10*k {
			t.Errorf("marker %s [%d-%d], want [%d-%d]", s.Name, s.StartLine, s.EndLine, 2+10*k, 11+10*k)
		}
	}
}

// TestJSONNestedArrayMarkers: markers of an array under a key carry its path.
func TestJSONNestedArrayMarkers(t *testing.T) {
	src := "{\"meta\": {\"v\": 1},\n\"users\": " + string(genJSONArray(50, true)) + "}\n"
	res := dataMapWith(t, jsonMapper{}, src)
	var marks []string
	for _, s := range res.Symbols {
		if strings.HasPrefix(s.Name, "[") {
			marks = append(marks, s.Qualname)
		}
	}
	if len(marks) == 0 || !strings.HasPrefix(marks[0], "users[") {
		t.Errorf("markers %v, want users[N]", marks)
	}
}

// FuzzJSON: never a panic, and every range inside the file, for any bytes and for any
// truncation of valid documents.
func FuzzJSON(f *testing.F) {
	for _, s := range []string{
		`{"a": [1, 2, {"b": null}], "c": {"d": "e\"f"}}`,
		"[\n {\"id\": 1},\n {\"id\": 2, \"x\": [[]]}\n]\n",
		"{\"k\": \"\\u00e9\\\\\", // c\n \"l\": [/* x */ 1,]}",
		"{\"a\":1}\n{\"b\":2}\n",
		string(genJSONArray(30, true)),
	} {
		f.Add([]byte(s), uint16(0))
		f.Add([]byte(s), uint16(len(s)/2))
	}
	f.Fuzz(func(t *testing.T, src []byte, cut uint16) {
		if int(cut) > 0 && int(cut) < len(src) {
			src = src[:cut]
		}
		for _, m := range []Mapper{jsonMapper{}, jsonlMapper{}} {
			res, err := m.Map(context.Background(), src)
			if err != nil {
				t.Fatal(err)
			}
			if err := CheckSymbols(res.Symbols, CountLines(src)); err != nil {
				t.Fatalf("%T: %v", m, err)
			}
		}
	})
}

// BenchmarkJSON measures the scanner on a ~20 MB indented array of 100,000 objects; bytes/op
// against the file's size shows the memory it keeps.
func BenchmarkJSON(b *testing.B) {
	for _, indent := range []bool{true, false} {
		src := genJSONArray(100000, indent)
		b.Run(fmt.Sprintf("indent=%t", indent), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := (jsonMapper{}).Map(context.Background(), src); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(src))/(1<<20), "file-MB")
		})
	}
}

// BenchmarkJSONDecoderTokens is the baseline the scanner was chosen over: encoding/json's token
// stream with offsets, on the same input.
func BenchmarkJSONDecoderTokens(b *testing.B) {
	src := genJSONArray(100000, true)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		dec := json.NewDecoder(bytes.NewReader(src))
		for {
			if _, err := dec.Token(); err == io.EOF {
				break
			} else if err != nil {
				b.Fatal(err)
			}
			_ = dec.InputOffset()
		}
	}
}

func TestJSONLMapper(t *testing.T) {
	for _, tc := range []struct {
		name, src, summary string
		want               []string
	}{
		{
			name:    "records",
			src:     "{\"id\": 1, \"level\": \"info\", \"user\": {\"name\": \"a\"}}\n\n{\"id\": 2, \"level\": \"warn\", \"err\": null}\r\n{\"id\": 3, \"level\": \"error\", \"err\": \"boom\"}\n",
			summary: "3 records; fields: id, level, user, err",
			want: []string{
				"id [1-1] field id: number", "level [1-1] field level: string",
				"user [1-1] field user?: {}(1)", "  name [1-1] field name: string",
				"err [3-3] field err?: string|null", `line 1: {"id": 1, "level": "info", "user": {"name": "a"}} [1-1] landmark`, `line 3: {"id": 2, "level": "warn", "err": null} [3-3] landmark`, `line 4: {"id": 3, "level": "error", "err": "boom"} [4-4] landmark`,
			},
		},
		{
			name:    "arrays",
			src:     "[1, 2]\n[3]\n",
			summary: "2 records of array",
			want:    []string{"line 1: [1, 2] [1-1] landmark", "line 2: [3] [2-2] landmark"},
		},
		{
			name:    "some invalid",
			src:     "{\"a\": 1}\nnot json\n{\"a\": 2\n",
			summary: "3 records; fields: a; 2 of 3 sampled lines are not valid JSON",
			want:    []string{"a [1-1] field a: number", `line 1: {"a": 1} [1-1] landmark`},
		},
		{
			name:    "no valid line",
			src:     "hello\nworld\n",
			summary: "2 lines; the sampled lines are not JSON",
			want:    []string{},
		},
		{
			name:    "BOM and no final newline",
			src:     "\xef\xbb\xbf{\"a\": true}\n{\"a\": false}",
			summary: "2 records; fields: a",
			want:    []string{"a [1-1] field a: bool", `line 1: {"a": true} [1-1] landmark`, `line 2: {"a": false} [2-2] landmark`},
		},
		{
			name:    "empty",
			src:     "\n\n",
			summary: "",
			want:    []string{},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := dataMapWith(t, jsonlMapper{}, tc.src)
			if res.Summary != tc.summary {
				t.Errorf("summary = %q, want %q", res.Summary, tc.summary)
			}
			if diff := cmp.Diff(tc.want, dataSymLines(res.Symbols)); diff != "" {
				t.Errorf("Map(%q) symbols (-want +got):\n%s", tc.src, diff)
			}
		})
	}
}

// genJSONL returns n log records; those of the second half have a "trace" field.
func genJSONL(n int) []byte {
	b := make([]byte, 0, n*120)
	for i := range n {
		b = append(b, `{"id": `...)
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, `, "ts": "2024-05-01T12:00:00Z", "level": "info", "msg": "request served in 12 ms", "bytes": 5120`...)
		if i >= n/2 {
			b = append(b, `, "trace": {"span": "ab12"}`...)
		}
		b = append(b, "}\n"...)
	}
	return b
}

// TestJSONLSampling: records are all counted, and a field that appears only in the second half of
// the file is found by the spread sample.
func TestJSONLSampling(t *testing.T) {
	src := genJSONL(100000)
	res := dataMapWith(t, jsonlMapper{}, string(src))
	if want := "100,000 records; fields: id, ts, level, msg, bytes, trace"; res.Summary != want {
		t.Errorf("summary = %q, want %q", res.Summary, want)
	}
	got := dataSymLines(res.Symbols)
	last := got[len(got)-2-jsonlSamples] // before its child and the samples
	if !strings.HasPrefix(last, "trace [") || !strings.HasSuffix(last, "field trace?: {}(1)") {
		t.Errorf("symbols %v: want a trace field", got)
	}
	var line int
	if _, err := fmt.Sscanf(last, "trace [%d", &line); err != nil || line <= 50000 {
		t.Errorf("trace found at line %d, want one past 50,000", line)
	}
}

func BenchmarkJSONL(b *testing.B) {
	src := genJSONL(200000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (jsonlMapper{}).Map(context.Background(), src); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(src))/(1<<20), "file-MB")
}
