package edit

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/readmap/readmap/store"
)

// changedSymbolsByKeys is ChangedSymbols written plainly, as the specification the fast one is
// checked against: every symbol is keyed by its qualified name, kind and rank among those of the
// same name and kind, over the whole of both lists. (The first version of ChangedSymbols was this,
// with one slip: from the third symbol of a name and kind on, ranks repeated, so the third of
// three namesakes could be matched with a symbol it is not. The random rounds below found it.)
func changedSymbolsByKeys(before, after []store.Symbol, span []int) []SymbolChange {
	type key struct {
		qual string
		kind store.Kind
		nth  int
	}
	keys := func(syms []store.Symbol) ([]key, map[key]int) {
		count := map[key]int{}
		ks := make([]key, len(syms))
		at := map[key]int{}
		for i, s := range syms {
			if s.Kind == store.KindLandmark {
				continue
			}
			k := key{s.Qualname, s.Kind, count[key{s.Qualname, s.Kind, 0}]}
			count[key{s.Qualname, s.Kind, 0}]++
			ks[i], at[k] = k, i
		}
		return ks, at
	}
	oldKeys, old := keys(before)
	newKeys, cur := keys(after)
	holds := func(s, was store.Symbol) bool {
		if len(span) != 2 {
			return false
		}
		if span[1] < span[0] {
			return s.StartLine <= span[0]-1 && span[0]-1 <= s.EndLine && s.EndLine-s.StartLine < was.EndLine-was.StartLine
		}
		return s.StartLine <= span[1] && span[0] <= s.EndLine
	}
	var changed, removed, moved []SymbolChange
	for i, s := range after {
		if s.Kind == store.KindLandmark {
			continue
		}
		sc := SymbolChange{Qualname: s.Qualname, Kind: s.Kind.String(), StartLine: s.StartLine, EndLine: s.EndLine}
		j, had := old[newKeys[i]]
		switch {
		case !had:
			sc.Change = "added"
			changed = append(changed, sc)
		case holds(s, before[j]):
			sc.Change, sc.Was = "changed", []int{before[j].StartLine, before[j].EndLine}
			changed = append(changed, sc)
		case before[j].StartLine != s.StartLine || before[j].EndLine != s.EndLine:
			sc.Change, sc.Was = "moved", []int{before[j].StartLine, before[j].EndLine}
			moved = append(moved, sc)
		}
	}
	for j, s := range before {
		if s.Kind == store.KindLandmark {
			continue
		}
		if _, ok := cur[oldKeys[j]]; !ok {
			removed = append(removed, SymbolChange{Qualname: s.Qualname, Kind: s.Kind.String(), StartLine: s.StartLine, EndLine: s.EndLine, Change: "removed"})
		}
	}
	return append(append(append([]SymbolChange{}, changed...), removed...), moved...)
}

// TestChangedSymbolsMatchesItsSpecification compares ChangedSymbols with the plain keyed
// comparison on random edits of random symbol lists: few names, so that ranks among namesakes
// matter; landmarks; symbols added, removed, renamed and moved anywhere, the first included.
func TestChangedSymbolsMatchesItsSpecification(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	names := []string{"a", "b", "C.run", "C.stop"}
	kinds := []store.Kind{store.KindFunction, store.KindClass, store.KindLandmark}
	symbol := func(line int) store.Symbol {
		length := r.IntN(4)
		return store.Symbol{Qualname: names[r.IntN(len(names))], Kind: kinds[r.IntN(len(kinds))], StartLine: line, EndLine: line + length}
	}
	for round := range 5000 {
		var before []store.Symbol
		for i := range r.IntN(12) {
			before = append(before, symbol(1+3*i))
		}
		after := append([]store.Symbol(nil), before...)
		for range r.IntN(4) {
			i := r.IntN(len(after) + 1)
			switch r.IntN(4) {
			case 0: // insert
				after = append(after[:i], append([]store.Symbol{symbol(1 + 3*i)}, after[i:]...)...)
			case 1: // remove
				if i < len(after) {
					after = append(after[:i], after[i+1:]...)
				}
			case 2: // move the rest
				for j := i; j < len(after); j++ {
					after[j].StartLine, after[j].EndLine = after[j].StartLine+2, after[j].EndLine+2
				}
			default: // rename
				if i < len(after) {
					after[i].Qualname = names[r.IntN(len(names))]
				}
			}
		}
		first := 1 + r.IntN(30)
		span := []int{first, first + r.IntN(5) - 1}
		if r.IntN(5) == 0 {
			span = nil
		}
		want := changedSymbolsByKeys(before, after, span)
		if got := ChangedSymbols(before, after, span); !cmp.Equal(got, want) {
			t.Fatalf("round %d: ChangedSymbols(%v, %v, %v) differs (-spec +got):\n%s", round, before, after, span, cmp.Diff(want, got))
		}
	}
}
