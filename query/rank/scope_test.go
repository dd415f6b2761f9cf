package rank

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func TestSharedFoldersCountsLeadingComponents(t *testing.T) {
	bySplit := func(a, b string) int {
		if a == "." || b == "." {
			return 0
		}
		as, bs := strings.Split(a, "/"), strings.Split(b, "/")
		n := 0
		for n < len(as) && n < len(bs) && as[n] == bs[n] {
			n++
		}
		return n
	}
	parts := []string{"a", "b", "ab", "", "src", "."}
	rng := rand.New(rand.NewPCG(3, 4))
	path := func() string {
		var comps []string
		for range 1 + rng.IntN(4) {
			comps = append(comps, parts[rng.IntN(len(parts))])
		}
		return strings.Join(comps, "/")
	}
	for range 20_000 {
		a, b := path(), path()
		if got, want := sharedFolders(a, b), bySplit(a, b); got != want {
			t.Fatalf("sharedFolders(%q, %q) = %d, want %d", a, b, got, want)
		}
	}
}
