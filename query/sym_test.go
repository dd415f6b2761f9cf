package query_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/readmap/readmap/indexer"
	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/store"
)

// gorootStore indexes the given folders of GOROOT/src (all of it when none are given) into a
// store in a temporary folder.
func gorootStore(tb testing.TB, paths ...string) *store.Store {
	tb.Helper()
	root := gorootSrc()
	if _, err := os.Stat(filepath.Join(root, "strings", "builder.go")); err != nil {
		tb.Skipf("GOROOT/src not found: %v", err)
	}
	st, err := store.Open(context.Background(), filepath.Join(tb.TempDir(), "index.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { st.Close() })
	var abs []string
	for _, p := range paths {
		abs = append(abs, filepath.Join(root, p))
	}
	if _, err := indexer.Run(context.Background(), st, indexer.Options{Root: root, Paths: abs}); err != nil {
		tb.Fatal(err)
	}
	return st
}

func TestSym(t *testing.T) {
	st := gorootStore(t, "strings", "bytes", "bufio", "io", "os")
	ctx := context.Background()
	for _, tc := range []struct {
		query      string
		limit      int
		wantFirst  []string // path:start of the first hits, in order
		wantAmong  string   // a path:start within the first ten
		wantTierOf string   // the tier of the first hit
	}{
		{query: "NewReader", wantAmong: "strings/reader.go:", wantTierOf: "exact"},
		{query: "Builder.WriteString", wantFirst: []string{"strings/builder.go:"}, wantTierOf: "exact"},
		{query: "newreader", wantAmong: "bufio/bufio.go:", wantTierOf: "exact"},
		{query: "NewReadr", wantAmong: "bytes/reader.go:", wantTierOf: "fuzzy"},
		{query: "WriteStr", wantAmong: "strings/builder.go:", wantTierOf: "prefix"},
		{query: "eadRune", wantAmong: "strings/reader.go:", wantTierOf: "substring"},
	} {
		t.Run(tc.query, func(t *testing.T) {
			hits, err := query.Sym(ctx, st, query.SymQuery{Text: tc.query, Limit: 10})
			if err != nil {
				t.Fatalf("Sym(%q) = %v", tc.query, err)
			}
			var got []string
			for _, h := range hits {
				got = append(got, h.Path+":"+h.Qualname)
			}
			if hits[0].Tier != tc.wantTierOf {
				t.Errorf("Sym(%q) first hit %s from tier %s, want %s", tc.query, got[0], hits[0].Tier, tc.wantTierOf)
			}
			for i, prefix := range tc.wantFirst {
				if !strings.HasPrefix(got[i], prefix) {
					t.Errorf("Sym(%q) hit %d = %s, want %s…", tc.query, i, got[i], prefix)
				}
			}
			if tc.wantAmong != "" && !strings.Contains(strings.Join(got, "\n"), tc.wantAmong) {
				t.Errorf("Sym(%q) = %v, want %s among the first ten", tc.query, got, tc.wantAmong)
			}
		})
	}
	// Exact hits carry the lines go/parser gives: strings.NewReader is one line.
	hits, err := query.Sym(ctx, st, query.SymQuery{Text: "NewReader", Filter: store.LookupFilter{PathGlob: "strings/*"}, Limit: query.DefaultSymLimit})
	if err != nil || len(hits) == 0 || hits[0].Path != "strings/reader.go" || hits[0].StartLine != hits[0].EndLine {
		t.Errorf("Sym(NewReader, strings/*) = %+v, %v", hits, err)
	}
	_, err = query.Sym(ctx, st, query.NewSymQuery("Zzqxv"))
	var qe *query.Error
	if !errors.As(err, &qe) || qe.Code != query.CodeNoHit {
		t.Errorf("Sym(Zzqxv) = %v, want a no_hit error", err)
	}
	hits, _ = query.Sym(ctx, st, query.SymQuery{Text: "Reader", Filter: store.LookupFilter{Kind: "struct"}, Limit: query.DefaultSymLimit})
	for _, h := range hits {
		if h.Kind != store.KindStruct {
			t.Errorf("Sym(Reader, --kind struct) gave a %s", h.Kind)
		}
	}
}

// TestSymShorterAnswerIsAPrefix: the substring tier asks the listing for only as many names as
// the answer still lacks, so an answer's first hits must not depend on its limit: for every
// limit, and with a filter that leaves some names no hit, the hits are the first of a longer
// answer.
func TestSymShorterAnswerIsAPrefix(t *testing.T) {
	st := gorootStore(t, "strings", "bytes", "bufio", "io", "os")
	ctx := context.Background()
	for _, tc := range []struct {
		query string
		kind  string
	}{{"eadRune", ""}, {"rite", ""}, {"rite", "method"}, {"Reader", ""}, {"Reader", "function"}, {"Seek", "interface"}} {
		long, err := query.Sym(ctx, st, query.SymQuery{Text: tc.query, Filter: store.LookupFilter{Kind: tc.kind}, Limit: 60})
		if err != nil {
			t.Fatalf("Sym(%q, %q, 60) = %v", tc.query, tc.kind, err)
		}
		substring := 0
		for _, h := range long {
			if h.Tier == "substring" {
				substring++
			}
		}
		if tc.kind == "" && substring == 0 {
			t.Errorf("Sym(%q, 60) has no substring hit: the case tests nothing", tc.query)
		}
		for limit := 1; limit < len(long); limit++ {
			short, err := query.Sym(ctx, st, query.SymQuery{Text: tc.query, Filter: store.LookupFilter{Kind: tc.kind}, Limit: limit})
			if err != nil {
				t.Fatalf("Sym(%q, %q, %d) = %v", tc.query, tc.kind, limit, err)
			}
			for i := range short {
				if short[i].Path != long[i].Path || short[i].StartLine != long[i].StartLine || short[i].Qualname != long[i].Qualname {
					t.Fatalf("Sym(%q, %q, %d) hit %d = %s:%d %s; the answer of limit 60 has %s:%d %s there", tc.query, tc.kind, limit, i,
						short[i].Path, short[i].StartLine, short[i].Qualname, long[i].Path, long[i].StartLine, long[i].Qualname)
				}
			}
			if len(short) < limit { // one more tells the caller there are more
				t.Fatalf("Sym(%q, %q, %d) gave %d hits; the answer of limit 60 has %d", tc.query, tc.kind, limit, len(short), len(long))
			}
		}
	}
}

// BenchmarkSym looks names up in an index of the whole of GOROOT/src (about 430,000 symbols):
// an exact name, a qualified name, and a name with a typo.
func BenchmarkSym(b *testing.B) {
	st := gorootStore(b)
	ctx := context.Background()
	for _, q := range []string{"NewReader", "Builder.WriteString", "NewReadr"} {
		b.Run(q, func(b *testing.B) {
			for b.Loop() {
				if _, err := query.Sym(ctx, st, query.SymQuery{Text: q, Limit: 20}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkSymbolNames(b *testing.B) {
	st := gorootStore(b)
	for b.Loop() {
		if _, err := st.SymbolNames(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSymAnswerFitsItsBudget shows a thousand hits with long, hostile signatures in each
// encoding: every answer fits MaxAnswerBytes, and going on with --skip shows each hit once.
func TestSymAnswerFitsItsBudget(t *testing.T) {
	var hits []query.SymHit
	for i := range query.MaxSymLimit + 1 {
		hits = append(hits, query.SymHit{Hit: store.Hit{Path: fmt.Sprintf("pkg/file%d.go", i), Language: "Go",
			Symbol: store.Symbol{Name: fmt.Sprint("F", i), Qualname: fmt.Sprint("F", i), Kind: store.KindFunction,
				Signature: "func F(" + strings.Repeat("\x1b\"\xff", 60) + ")", StartLine: i + 1, EndLine: i + 2}}})
	}
	for _, enc := range []query.Encoding{query.EncodingRaw, query.EncodingUTF8, query.EncodingJSON} {
		q := query.NewSymQuery("F")
		q.Limit = query.MaxSymLimit
		seen := 0
		for {
			ans := query.NewSymAnswer(hits, q, enc, 0)
			var out strings.Builder
			write := ans.WriteText
			if enc == query.EncodingJSON {
				write = ans.WriteJSON
			}
			if err := write(&out); err != nil {
				t.Fatal(err)
			}
			if out.Len()+len(ans.Notice) > query.MaxAnswerBytes || len(ans.Hits) == 0 {
				t.Fatalf("encoding %d, skip %d: %d hits in %d bytes", enc, q.Skip, len(ans.Hits), out.Len())
			}
			for _, h := range ans.Hits {
				if seen++; h.StartLine != seen {
					t.Fatalf("encoding %d: hit of line %d, want %d", enc, h.StartLine, seen)
				}
			}
			if !ans.Truncated {
				break
			}
			if !strings.Contains(out.String()+ans.Notice, fmt.Sprintf("go on with --skip %d", ans.Next.Skip)) {
				t.Fatalf("encoding %d: the answer does not say how to go on: %.300q", enc, out.String()+ans.Notice)
			}
			q.Skip = ans.Next.Skip
		}
		if seen != len(hits) {
			t.Errorf("encoding %d: %d hits seen through --skip, want %d", enc, seen, len(hits))
		}
	}
}

// TestSymNoticePastTheSkipBound: hits left out beyond what --skip can reach are named, and the
// notice asks to narrow the lookup instead of suggesting a --skip that would be refused.
func TestSymNoticePastTheSkipBound(t *testing.T) {
	hits := make([]query.SymHit, query.MaxSymSkip+query.MaxSymLimit+1)
	for i := range hits {
		hits[i] = query.SymHit{Hit: store.Hit{Path: "a.go", Symbol: store.Symbol{Name: "F", Qualname: "F", StartLine: i + 1, EndLine: i + 1}}}
	}
	q := query.NewSymQuery("F")
	q.Skip, q.Limit = query.MaxSymSkip, query.MaxSymLimit
	ans := query.NewSymAnswer(hits, q, query.EncodingRaw, 0)
	if !ans.Truncated || strings.Contains(ans.Notice, "go on with --skip") || !strings.Contains(ans.Notice, "past what --skip reaches (10,000): narrow") {
		t.Errorf("notice past the --skip bound = %q", ans.Notice)
	}
}
