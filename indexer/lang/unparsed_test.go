package lang

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/readmap/readmap/store"
)

// pastBreakCase is a source with or without a syntax error: the lines its mapper reports it
// could not read, and a definition after the error that the map must still list.
type pastBreakCase struct {
	name string
	src  string
	want [][2]int // the mapper's Unparsed
	kept string   // a symbol's name the map must list; "" for none
}

// testPastBreak maps each case's source with m: m must report the case's spans and, once the
// line heuristics are given them (withHeuristicsIn, as Map does), the map must list the kept
// definition, keep its invariants and, where there are spans, say in its summary that the file
// holds syntax errors.
func testPastBreak(t *testing.T, m Mapper, cases []pastBreakCase) {
	t.Helper()
	ctx := context.Background()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src := []byte(tc.src)
			res, err := m.Map(ctx, src)
			if err != nil {
				t.Fatalf("Map(%q): %v", tc.src, err)
			}
			if diff := cmp.Diff(tc.want, res.Unparsed); diff != "" {
				t.Errorf("Map(%q).Unparsed (-want +got):\n%s", tc.src, diff)
			}
			lines := CountLines(src)
			out := withHeuristicsIn(res, src, lines)
			syms := normalize(slices.Clone(out.Symbols), lines)
			if tc.kept != "" && !slices.ContainsFunc(syms, func(s store.Symbol) bool { return s.Name == tc.kept }) {
				t.Errorf("map of %q = %v, want a symbol %q", tc.src, syms, tc.kept)
			}
			if got := strings.HasPrefix(out.Summary, "syntax errors"); got != (len(tc.want) > 0) {
				t.Errorf("map of %q: summary %q, want syntax errors: %v", tc.src, out.Summary, len(tc.want) > 0)
			}
			if err := CheckSymbols(syms, lines); err != nil {
				t.Errorf("map of %q: %v", tc.src, err)
			}
		})
	}
}
