package query

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/readmap/readmap/store"
)

// wantUsage checks that err is a CodeUsage *Error whose message holds msg, or nil when msg is "".
func wantUsage(t *testing.T, call string, err error, msg string) {
	t.Helper()
	if msg == "" {
		if err != nil {
			t.Errorf("%s = %v, want no error", call, err)
		}
		return
	}
	var qe *Error
	if !errors.As(err, &qe) || qe.Code != CodeUsage || !strings.Contains(qe.Msg, msg) || qe.Hint == "" {
		t.Errorf("%s = %#v, want a usage error with a hint saying %q", call, err, msg)
	}
}

func validRead() ReadRequest {
	return ReadRequest{Layout: Layout{PageBytes: DefaultPageBytes, MaxLines: DefaultMaxLines}, MapBudget: DefaultMapBudget}
}

func TestReadRequestValidate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*ReadRequest)
		msg    string // "" when valid
	}{
		{"defaults", func(*ReadRequest) {}, ""},
		{"smallest budgets", func(r *ReadRequest) { r.Layout, r.MapBudget = Layout{PageBytes: 64, MaxLines: 1}, 256 }, ""},
		{"page bytes", func(r *ReadRequest) { r.Layout.PageBytes = 63 }, "--page-bytes 63 is below 64"},
		{"max lines", func(r *ReadRequest) { r.Layout.MaxLines = 0 }, "--max-lines 0 is below 1"},
		{"map budget", func(r *ReadRequest) { r.MapBudget = 1 }, "--budget 1 is below 256"},
		{"offset 0", func(r *ReadRequest) { r.Offset, r.OffsetSet = 0, true }, "--offset 0: lines start at 1"},
		{"negative offset", func(r *ReadRequest) { r.Offset, r.OffsetSet = -3, true }, "--offset -3: lines start at 1"},
		{"negative limit", func(r *ReadRequest) { r.Limit = -1 }, "--limit -1 is below 0"},
		{"offset and limit", func(r *ReadRequest) { r.Offset, r.OffsetSet, r.Limit = 5, true, 10 }, ""},
		{"limit alone", func(r *ReadRequest) { r.Limit = 10 }, ""},
		{"lines backwards", func(r *ReadRequest) { r.Range = LineRange{9, 3} }, "--lines 9-3: want A-B with 1 <= A <= B"},
		{"lines from 0", func(r *ReadRequest) { r.Range = LineRange{0, 3} }, "want A-B with 1 <= A <= B"},
		{"lines and offset", func(r *ReadRequest) { r.Range, r.Offset, r.OffsetSet = LineRange{1, 3}, 2, true }, "--lines and --offset exclude each other"},
		{"lines and limit", func(r *ReadRequest) { r.Range, r.Limit = LineRange{1, 3}, 2 }, "--lines and --limit exclude each other"},
		{"limit and page", func(r *ReadRequest) { r.Limit, r.Page, r.PageSet = 5, 2, true }, "--limit and --page exclude each other"},
		{"page and symbol", func(r *ReadRequest) { r.PageSet, r.Symbol = true, "Run" }, "--page and --symbol exclude each other"},
		{"three ways", func(r *ReadRequest) { r.Range, r.Symbol, r.Full = LineRange{1, 1}, "Run", true }, "--lines, --symbol and --full exclude each other"},
		{"page 0", func(r *ReadRequest) { r.PageSet = true }, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := validRead()
			tc.change(&req)
			wantUsage(t, "ReadRequest.Validate", req.Validate(), tc.msg)
		})
	}
}

// TestReadRefusesInvalidRequests: Read applies the rules itself, so no caller can skip them; a
// page and a symbol asked together used to read the symbol silently.
func TestReadRefusesInvalidRequests(t *testing.T) {
	src := "func Run() {}\n"
	req := validRead()
	req.File = &store.File{Path: "a.go", Symbols: []store.Symbol{{Name: "Run", Qualname: "Run", Kind: store.KindFunction, StartLine: 1, EndLine: 1, Parent: -1}}}
	req.Display, req.Source, req.Size = "a.go", strings.NewReader(src), int64(len(src))
	req.Symbol, req.Page, req.PageSet = "Run", 1, true
	_, err := Read(context.Background(), req)
	wantUsage(t, "Read(--page 1 --symbol Run)", err, "--page and --symbol exclude each other")
}

func TestParseLines(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want LineRange
		ok   bool
	}{
		{"5-7", LineRange{5, 7}, true},
		{" 5 - 7 ", LineRange{5, 7}, true},
		{"12", LineRange{12, 12}, true},
		{"9-3", LineRange{}, false},
		{"0-2", LineRange{}, false},
		{"-3", LineRange{}, false},
		{"3-", LineRange{}, false},
		{"abc", LineRange{}, false},
		{"", LineRange{}, false},
	} {
		got, err := ParseLines(tc.in)
		if got != tc.want || (err == nil) != tc.ok {
			t.Errorf("ParseLines(%q) = %v, %v; want %v, ok %v", tc.in, got, err, tc.want, tc.ok)
		}
		if !tc.ok {
			wantUsage(t, "ParseLines("+tc.in+")", err, "want A-B with 1 <= A <= B")
		}
	}
}

func TestSearchRequestValidate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*SearchRequest)
		msg    string
	}{
		{"defaults", func(*SearchRequest) {}, ""},
		{"regex and fuzzy", func(r *SearchRequest) { r.Regex, r.Fuzzy = true, true }, "--regex and --fuzzy exclude each other"},
		{"threshold 0", func(r *SearchRequest) { r.Threshold = 0 }, "--threshold 0 is not a similarity in (0, 1]"},
		{"threshold 5", func(r *SearchRequest) { r.Threshold = 5 }, "--threshold 5 is not a similarity in (0, 1]"},
		{"threshold NaN", func(r *SearchRequest) { r.Threshold = math.NaN() }, "is not a similarity"},
		{"threshold 1", func(r *SearchRequest) { r.Threshold = 1 }, ""},
		{"negative context", func(r *SearchRequest) { r.Context = -1 }, "--context -1 is below 0"},
		{"no context", func(r *SearchRequest) { r.Context = 0 }, ""},
		{"max 0", func(r *SearchRequest) { r.Max = 0 }, "--max 0 is below 1"},
		{"max a billion", func(r *SearchRequest) { r.Max = 1_000_000_000 }, "--max 1,000,000,000 is above 1,000"},
		{"context a million", func(r *SearchRequest) { r.Context = 1_000_000 }, "--context 1,000,000 is above 50"},
		{"negative skip", func(r *SearchRequest) { r.Skip = -1 }, "--skip -1 is below 0"},
		{"skip too far", func(r *SearchRequest) { r.Skip = MaxSearchSkip + 1 }, "--skip 100,001 is above 100,000"},
		{"pattern too long", func(r *SearchRequest) { r.Pattern = strings.Repeat("x", MaxArgBytes+1) }, "pattern of 1,025 bytes is over 1,024"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := NewSearchRequest("x")
			tc.change(&req)
			wantUsage(t, "SearchRequest.Validate", req.Validate(), tc.msg)
			if tc.msg != "" {
				req.File, req.Source, req.Size = &store.File{}, strings.NewReader("x\n"), 2
				_, err := Search(context.Background(), req)
				wantUsage(t, "Search", err, tc.msg)
			}
		})
	}
}

func TestSymQueryValidate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*SymQuery)
		msg    string
	}{
		{"defaults", func(*SymQuery) {}, ""},
		{"limit 0", func(q *SymQuery) { q.Limit = 0 }, "--limit 0 is below 1"},
		{"unknown kind", func(q *SymQuery) { q.Filter.Kind = "funktion" }, "unknown kind funktion"},
		{"kind in capitals", func(q *SymQuery) { q.Filter.Kind = "Method" }, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := NewSymQuery("Run")
			tc.change(&q)
			wantUsage(t, "SymQuery.Validate", q.Validate(), tc.msg)
		})
	}
}

func TestValidateMapBudget(t *testing.T) {
	wantUsage(t, "ValidateMapBudget(255)", ValidateMapBudget(MinMapBudget-1), "--budget 255 is below 256")
	wantUsage(t, "ValidateMapBudget(256)", ValidateMapBudget(MinMapBudget), "")
}
