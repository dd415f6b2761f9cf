package query

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/readmap/readmap/store"
)

// checkPages cuts src into pages under l and checks the page invariants: pages join back to src
// byte for byte, no page is empty, each fits the budget unless it is one piece of a longer line,
// pieces are cut at UTF-8 boundaries, and the line count is that of wc -l plus a last partial line.
func checkPages(t *testing.T, src []byte, l Layout) []PageStart {
	t.Helper()
	pages, lines, err := Paginate(context.Background(), bytes.NewReader(src), int64(len(src)), l)
	if err != nil {
		t.Fatalf("Paginate: %v", err)
	}
	wantLines := bytes.Count(src, []byte{'\n'})
	if len(src) > 0 && src[len(src)-1] != '\n' {
		wantLines++
	}
	if lines != wantLines {
		t.Errorf("Paginate lines = %d, want %d", lines, wantLines)
	}
	l = l.normalized()
	var joined []byte
	for i, p := range pages {
		end := int64(len(src))
		if i+1 < len(pages) {
			end = pages[i+1].Offset
		}
		page := src[p.Offset:end]
		if len(page) == 0 && len(src) > 0 {
			t.Fatalf("page %d is empty", i+1)
		}
		if wantLine := 1 + bytes.Count(src[:p.Offset], []byte{'\n'}); p.Line != wantLine {
			t.Errorf("page %d starts at line %d, want %d", i+1, p.Line, wantLine)
		}
		cost := pageCost(page, p.Line, l)
		isPiece := (p.Offset > 0 && src[p.Offset-1] != '\n') || (end < int64(len(src)) && src[end-1] != '\n')
		if isPiece {
			if bytes.Count(page, []byte{'\n'}) > 1 {
				t.Errorf("page %d is a piece of a long line but holds several lines", i+1)
			}
			// Pieces of valid UTF-8 are cut at rune boundaries; invalid text may be cut anywhere.
			if utf8.Valid(src) && !utf8.Valid(page) {
				t.Errorf("page %d: a piece cut inside a UTF-8 sequence", i+1)
			}
			if pieceCost := pageCost(page, p.Line, Layout{Encoding: l.Encoding}); pieceCost > l.PageBytes {
				t.Errorf("page %d: a piece of %d bytes, budget %d", i+1, pieceCost, l.PageBytes)
			}
		} else if cost > l.PageBytes || bytes.Count(page, []byte{'\n'}) > l.MaxLines {
			t.Errorf("page %d costs %d bytes and %d lines; budget %d bytes, %d lines", i+1, cost,
				bytes.Count(page, []byte{'\n'}), l.PageBytes, l.MaxLines)
		}
		joined = append(joined, page...)
	}
	if !bytes.Equal(joined, src) {
		t.Fatalf("pages do not join back to the file (%d bytes joined, %d in the file)", len(joined), len(src))
	}
	return pages
}

// pageCost is what a page prints: its bytes, or under -n its numbered lines, written in the
// layout's encoding.
func pageCost(page []byte, first int, l Layout) int {
	if l.Encoding != EncodingRaw {
		page = bytes.ToValidUTF8(page, []byte("\uFFFD"))
	}
	if l.Numbered {
		var b bytes.Buffer
		writeNumbered(&b, page, first)
		page = b.Bytes()
	}
	return textCost(string(page), l.Encoding)
}

func TestPaginate(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  string
		l    Layout
	}{
		{"empty", "", Layout{PageBytes: 100, MaxLines: 10}},
		{"one line no newline", "hello", Layout{PageBytes: 100, MaxLines: 10}},
		{"crlf and tabs", strings.Repeat("a\tb\r\n", 100), Layout{PageBytes: 64, MaxLines: 1000}},
		{"no final newline", strings.Repeat("line\n", 50) + "last", Layout{PageBytes: 100, MaxLines: 7}},
		{"line limit", strings.Repeat("x\n", 5000), Layout{PageBytes: 1 << 20, MaxLines: 2000}},
		{"multibyte long line", strings.Repeat("é€😀", 500) + "\nshort\n", Layout{PageBytes: 100, MaxLines: 10}},
		{"numbered", strings.Repeat("abc\r\n", 300), Layout{PageBytes: 100, MaxLines: 50, Numbered: true}},
		{"numbered long line", "a\n" + strings.Repeat("z", 1000) + "\nb\n", Layout{PageBytes: 100, MaxLines: 50, Numbered: true}},
		{"invalid utf8", "\xff\xfe\xfd" + strings.Repeat("\xc3", 300), Layout{PageBytes: 64, MaxLines: 5}},
		{"invalid utf8 as MCP text", strings.Repeat("\xe9t\xe9\n\xff", 300), Layout{PageBytes: 64, MaxLines: 50, Encoding: EncodingUTF8}},
		{"invalid long line as MCP text", strings.Repeat("a\xff", 300), Layout{PageBytes: 64, MaxLines: 50, Encoding: EncodingUTF8}},
		{"escapes in JSON", strings.Repeat("\"q\"\t\\\x01\u2028\n", 200), Layout{PageBytes: 100, MaxLines: 50, Encoding: EncodingJSON}},
		{"long line of controls in JSON", strings.Repeat("\x01", 1000), Layout{PageBytes: 64, MaxLines: 50, Encoding: EncodingJSON}},
		{"numbered MCP text", strings.Repeat("\xff\xfe\r\n", 300), Layout{PageBytes: 100, MaxLines: 50, Numbered: true, Encoding: EncodingUTF8}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkPages(t, []byte(tc.src), tc.l)
		})
	}
}

// FuzzPages: for any content and budget, pages join back to the file and keep their budgets.
func FuzzPages(f *testing.F) {
	f.Add([]byte("a\r\nb\tc\n\nlast"), 64, 3, false, uint8(0))
	f.Add([]byte(strings.Repeat("€", 100)), 70, 10, true, uint8(1))
	f.Add([]byte(""), 1, 1, false, uint8(0))
	f.Add([]byte("\xff\x01\"\n\u2028"), 64, 3, false, uint8(EncodingJSON))
	f.Fuzz(func(t *testing.T, src []byte, pageBytes, maxLines int, numbered bool, enc uint8) {
		l := Layout{PageBytes: pageBytes % 5000, MaxLines: maxLines % 300, Numbered: numbered, Encoding: Encoding(enc % 3)}
		checkPages(t, src, l)
	})
}

// TestDefaultReadFitsWithLongPaths is the regression test for answers over 28,000 bytes when the
// path, repeated in the notices, is long.
func TestDefaultReadFitsWithLongPaths(t *testing.T) {
	var src strings.Builder
	for i := range 3000 {
		src.WriteString("func F" + strings.Repeat("x", i%40) + "() {}\n")
	}
	syms := make([]store.Symbol, 0, 3000)
	for i := range 3000 {
		syms = append(syms, store.Symbol{Name: "F" + strings.Repeat("x", i%40), Kind: store.KindFunction,
			Signature: "func F" + strings.Repeat("x", i%40) + "()", StartLine: i + 1, EndLine: i + 1, Parent: -1})
	}
	for _, numbers := range []bool{false, true} {
		path := strings.Repeat("very-long-folder-name/", 30) + "file.go"
		ans, err := Read(context.Background(), ReadRequest{File: &store.File{Path: path, Symbols: syms},
			Display: path, Source: strings.NewReader(src.String()), Size: int64(src.Len()), Numbers: numbers,
			Layout: Layout{PageBytes: DefaultPageBytes, MaxLines: DefaultMaxLines}, MapBudget: DefaultMapBudget})
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := ans.WriteText(&out); err != nil {
			t.Fatal(err)
		}
		if out.Len() > MaxAnswerBytes || ans.Map == "" {
			t.Errorf("default read (-n %v) with a %d-byte path: %d bytes, map %d bytes", numbers, len(path), out.Len(), len(ans.Map))
		}
	}
}
