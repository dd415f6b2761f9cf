package query

import (
	"context"
	"fmt"
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
	req.Source, req.Size = strings.NewReader(searchSrc), int64(len(searchSrc))
	ans, err := Search(context.Background(), req)
	if err != nil {
		t.Fatalf("Search(%q) = %v", req.Pattern, err)
	}
	return ans.Hits
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
	if err := (&SearchAnswer{Hits: hits}).WriteText(&out); err != nil {
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
	req.File, req.Source, req.Size = &store.File{}, strings.NewReader(line), int64(len(line))
	ans, err := Search(context.Background(), req)
	if err != nil || len(ans.Hits) != 1 {
		t.Fatalf("Search = %v, %v", ans, err)
	}
	if h := ans.Hits[0]; len(h.Text) > searchWindow+10 || !strings.Contains(h.Text, "NEEDLE") {
		t.Errorf("long-line hit text = %d bytes %q", len(h.Text), h.Text)
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
			req.File, req.Source, req.Size = &store.File{}, strings.NewReader(tc.line), int64(len(tc.line))
			ans, err := Search(context.Background(), req)
			if err != nil || len(ans.Hits) != 1 || ans.Hits[0].Column != tc.col || !strings.Contains(ans.Hits[0].Text, "target") {
				t.Fatalf("Search = %+v, %v; want one hit at column %d", ans, err, tc.col)
			}
		})
	}
}

// searchAll runs req over src and writes the answer in its encoding.
func searchAll(t *testing.T, req SearchRequest, src string) (*SearchAnswer, string) {
	t.Helper()
	req.File = &store.File{}
	req.Source, req.Size = strings.NewReader(src), int64(len(src))
	ans, err := Search(context.Background(), req)
	if err != nil {
		t.Fatalf("Search(%q) = %v", req.Pattern, err)
	}
	var out strings.Builder
	if req.Encoding == EncodingJSON {
		err = ans.WriteJSON(&out)
	} else {
		err = ans.WriteText(&out)
	}
	if err != nil {
		t.Fatal(err)
	}
	return ans, out.String()
}

// TestSearchStaysWithinItsBudget searches files where every line matches, with the largest max
// and contexts up to the largest, in each encoding: every answer fits MaxAnswerBytes, says where
// the next hit is, and going on with --skip shows every matching line exactly once, in order. The
// hostile lines take six bytes a byte in JSON, so a hit with the widest context does not fit
// whole and loses context lines.
func TestSearchStaysWithinItsBudget(t *testing.T) {
	var plain, hostile strings.Builder
	for i := range 1500 {
		fmt.Fprintf(&plain, "line %d: e %s\n", i+1, strings.Repeat("word ", 30))
	}
	for range 150 {
		fmt.Fprintf(&hostile, "e\"\\%s\xff\n", strings.Repeat("\x01", 200))
	}
	for _, tc := range []struct {
		name    string
		src     string
		context int
	}{
		{"plain", plain.String(), 0},
		{"plain", plain.String(), 2},
		{"plain", plain.String()[:40000], MaxContext},
		{"hostile", hostile.String(), 2},
		{"hostile", hostile.String()[:20000], MaxContext},
	} {
		lines := strings.Count(strings.TrimSuffix(tc.src, "\n"), "\n") + 1
		for _, enc := range []Encoding{EncodingRaw, EncodingUTF8, EncodingJSON} {
			what := fmt.Sprintf("%s lines, encoding %d, context %d", tc.name, enc, tc.context)
			req := NewSearchRequest("e")
			req.Max, req.Context, req.Encoding = MaxHits, tc.context, enc
			seen := 0
			for {
				ans, out := searchAll(t, req, tc.src)
				if len(out) > MaxAnswerBytes {
					t.Fatalf("%s, skip %d: answer of %d bytes", what, req.Skip, len(out))
				}
				if len(ans.Hits) == 0 {
					t.Fatalf("%s, skip %d: no hit shown", what, req.Skip)
				}
				for _, h := range ans.Hits {
					if seen++; h.Line != seen {
						t.Fatalf("%s: hit on line %d, want %d", what, h.Line, seen)
					}
				}
				if !ans.Truncated {
					break
				}
				if ans.Next.Line != seen+1 || !strings.Contains(ans.Notice, fmt.Sprintf("go on with --skip %d", ans.Next.Skip)) {
					t.Fatalf("%s: next = %+v, notice %q after line %d", what, ans.Next, ans.Notice, seen)
				}
				req.Skip = ans.Next.Skip
			}
			if seen != lines {
				t.Errorf("%s: %d lines seen through --skip, want %d", what, seen, lines)
			}
		}
	}
}

func TestSearchFuzzyRanksAcrossSkips(t *testing.T) {
	var src strings.Builder
	for i := range 200 {
		fmt.Fprintf(&src, "if err := srv.ListenAndServe(); err != nil { // %03d\n", i)
	}
	req := NewSearchRequest("if err := srv.ListenAndServe(); err != nil { // 100")
	req.Fuzzy, req.Max, req.Context = true, 5, 1
	ans, out := searchAll(t, req, src.String())
	if len(ans.Hits) != 5 || ans.Hits[0].Line != 101 || !ans.Truncated || ans.Next.Skip != 5 {
		t.Fatalf("fuzzy answer: %d hits, first on line %d, next %+v", len(ans.Hits), ans.Hits[0].Line, ans.Next)
	}
	if !strings.Contains(out, "hits ranked 1-5 shown of 200") || len(ans.Hits[0].Before) != 1 || len(ans.Hits[0].After) != 1 {
		t.Errorf("fuzzy answer:\n%s", out)
	}
	req.Skip = 5
	next, _ := searchAll(t, req, src.String())
	if next.Hits[0].Line != ans.Next.Line || next.Hits[0].Score > ans.Hits[4].Score {
		t.Errorf("--skip 5 starts at line %d (score %.3f), want line %d after score %.3f", next.Hits[0].Line, next.Hits[0].Score, ans.Next.Line, ans.Hits[4].Score)
	}
	req.Skip = 200
	past, _ := searchAll(t, req, src.String())
	if len(past.Hits) != 0 || past.Passed != 200 || past.Truncated {
		t.Errorf("--skip 200 of 200 hits = %+v", past)
	}
}

// TestSearchNoticePastTheSkipBound: hits beyond what --skip can reach are announced with the
// next one's line and a request to narrow the pattern, not a --skip that would be refused.
func TestSearchNoticePastTheSkipBound(t *testing.T) {
	src := strings.Repeat("e\n", MaxSearchSkip+DefaultMaxHits+5)
	req := NewSearchRequest("e")
	req.Skip, req.Context = MaxSearchSkip, 0
	ans, _ := searchAll(t, req, src)
	if !ans.Truncated || ans.Next.Line != MaxSearchSkip+DefaultMaxHits+1 || !strings.HasSuffix(ans.Notice, "past what --skip reaches (100,000): narrow the pattern.") {
		t.Errorf("notice past the --skip bound = %q, next %+v", ans.Notice, ans.Next)
	}
}
