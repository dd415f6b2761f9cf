package query

import (
	"context"
	"strings"
	"testing"

	"github.com/readmap/readmap/store"
)

const searchSrc = `import os

class BatchProcessor(Base):
    def __init__(self, config):
        self.config = config

    def run(self, items):
        for item in items:
            if item.retry_count > MAX_RETRIES:
                raise TooManyRetries(item)
        return BatchResult(items)

def main():
    BatchProcessor(load()).run([])
`

var searchSyms = []store.Symbol{
	{Name: "BatchProcessor", Qualname: "BatchProcessor", Kind: store.KindClass, StartLine: 3, EndLine: 11, Parent: -1},
	{Name: "__init__", Qualname: "BatchProcessor.__init__", Kind: store.KindMethod, StartLine: 4, EndLine: 5, Depth: 1, Parent: 0},
	{Name: "run", Qualname: "BatchProcessor.run", Kind: store.KindMethod, StartLine: 7, EndLine: 11, Depth: 1, Parent: 0},
	{Name: "main", Qualname: "main", Kind: store.KindFunction, StartLine: 13, EndLine: 14, Parent: -1},
}

func search(t *testing.T, req SearchRequest) []SearchHit {
	t.Helper()
	req.File = &store.File{Symbols: searchSyms}
	req.Source = strings.NewReader(searchSrc)
	hits, err := Search(context.Background(), req)
	if err != nil {
		t.Fatalf("Search(%q) = %v", req.Pattern, err)
	}
	return hits
}

func TestSearchPlainRegexFuzzy(t *testing.T) {
	for _, tc := range []struct {
		name         string
		pattern      string
		regex, fuzzy bool
		max          int // 0: the default
		lines        []int
		crumb        string
	}{
		{"plain smart case", "retr", false, false, 0, []int{9, 10}, "BatchProcessor > run"},
		{"plain exact case", "Retr", false, false, 0, []int{10}, "BatchProcessor > run"},
		{"regex", `def \w+\(self`, true, false, 0, []int{4, 7}, "BatchProcessor > __init__"},
		{"fuzzy two typos", "if item.retry_cont > MAX_RETRIE:", false, true, 0, []int{9}, "BatchProcessor > run"},
		{"top level", "import", false, false, 0, []int{1}, ""},
		{"max", "self", false, false, 2, []int{4, 5}, "BatchProcessor > __init__"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := NewSearchRequest(tc.pattern)
			req.Regex, req.Fuzzy = tc.regex, tc.fuzzy
			if tc.max > 0 {
				req.Max = tc.max
			}
			hits := search(t, req)
			var lines []int
			for _, h := range hits {
				lines = append(lines, h.Line)
			}
			if len(lines) != len(tc.lines) || (len(lines) > 0 && lines[0] != tc.lines[0]) || lines[len(lines)-1] != tc.lines[len(tc.lines)-1] {
				t.Fatalf("Search(%q) lines = %v, want %v", tc.pattern, lines, tc.lines)
			}
			if hits[0].Breadcrumb != tc.crumb {
				t.Errorf("Search(%q) breadcrumb = %q, want %q", tc.pattern, hits[0].Breadcrumb, tc.crumb)
			}
		})
	}
}

func TestSearchContextAndText(t *testing.T) {
	hits := search(t, NewSearchRequest("raise"))
	if len(hits) != 1 {
		t.Fatalf("hits = %v", hits)
	}
	h := hits[0]
	if len(h.Before) != 2 || len(h.After) != 2 || h.SymbolLine != [2]int{7, 11} || h.Column != 17 {
		t.Errorf("hit = %+v; want 2 lines before and after, symbol [7-11], column 17", h)
	}
	var out strings.Builder
	if err := WriteSearchText(&out, hits); err != nil {
		t.Fatal(err)
	}
	want := "── line 10 in BatchProcessor > run [7-11]\n  8\t        for item in items:\n  9\t            if item.retry_count > MAX_RETRIES:\n> 10\t                raise TooManyRetries(item)\n  11\t        return BatchResult(items)\n  12\t\n"
	if out.String() != want {
		t.Errorf("WriteSearchText =\n%s\nwant\n%s", out.String(), want)
	}
}

func TestSearchLongLineWindow(t *testing.T) {
	line := strings.Repeat("a", 5000) + "NEEDLE" + strings.Repeat("b", 5000)
	req := NewSearchRequest("NEEDLE")
	req.File, req.Source = &store.File{}, strings.NewReader(line)
	hits, err := Search(context.Background(), req)
	if err != nil || len(hits) != 1 {
		t.Fatalf("Search = %v, %v", hits, err)
	}
	if len(hits[0].Text) > searchWindow+10 || !strings.Contains(hits[0].Text, "NEEDLE") {
		t.Errorf("long-line hit text = %d bytes %q", len(hits[0].Text), hits[0].Text)
	}
}

// TestSearchColumnsOfUnusualText is the regression test for a panic: case-blind matching must
// keep byte offsets of the line as it is, whatever lower-casing would do to its length.
func TestSearchColumnsOfUnusualText(t *testing.T) {
	for _, tc := range []struct {
		name, line string
		col        int
	}{
		{"latin-1 bytes", strings.Repeat("\xc9t\xe9 ", 100) + "zzz target", 405},
		{"kelvin sign", "\u212a\u212a\u212a\u212a target", 14},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := NewSearchRequest("target")
			req.File, req.Source = &store.File{}, strings.NewReader(tc.line)
			hits, err := Search(context.Background(), req)
			if err != nil || len(hits) != 1 || hits[0].Column != tc.col || !strings.Contains(hits[0].Text, "target") {
				t.Fatalf("Search = %+v, %v; want one hit at column %d", hits, err, tc.col)
			}
		})
	}
}
