package query

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/agnivade/levenshtein"
)

// TestBoundedEditsAgreesWithLevenshtein compares the banded distance with a plain one on random
// short strings: equal when within k, k+1 beyond.
func TestBoundedEditsAgreesWithLevenshtein(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	word := func() string {
		n := rng.IntN(12)
		b := make([]byte, n)
		for i := range b {
			b[i] = "abcAB_"[rng.IntN(6)]
		}
		return string(b)
	}
	for range 20000 {
		a, b, k := word(), word(), rng.IntN(4)
		want := levenshtein.ComputeDistance(strings.ToLower(a), strings.ToLower(b))
		if want > k {
			want = k + 1
		}
		if got := boundedEdits(a, b, k); got != want {
			t.Fatalf("boundedEdits(%q, %q, %d) = %d, want %d", a, b, k, got, want)
		}
	}
}
