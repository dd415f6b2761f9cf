package query

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/readmap/readmap/store"
)

// randomFile builds a file row with a random symbol tree of n symbols, in source order.
func randomFile(rng *rand.Rand, n int, nameLen int) *store.File {
	f := &store.File{Path: "pkg/" + strings.Repeat("d/", rng.IntN(5)) + "file.go", Language: "Go", Size: int64(rng.IntN(1 << 30))}
	line := 1
	var open []int // the chain of symbols that may still take children
	for i := range n {
		for len(open) > 0 && rng.IntN(3) == 0 {
			open = open[:len(open)-1]
		}
		parent := -1
		if len(open) > 0 {
			parent = open[len(open)-1]
		}
		name := fmt.Sprintf("%s%d", strings.Repeat("n", 1+rng.IntN(nameLen)), rng.IntN(50))
		s := store.Symbol{Name: name, Kind: store.Kind(1 + rng.IntN(10)), StartLine: line, EndLine: line + rng.IntN(5),
			Parent: parent, Signature: "func " + name + "(" + strings.Repeat("x int, ", rng.IntN(30)) + ")"}
		if parent >= 0 {
			s.Depth = f.Symbols[parent].Depth + 1
		}
		f.Symbols = append(f.Symbols, s)
		if rng.IntN(2) == 0 {
			open = append(open, i)
		}
		line += 1 + rng.IntN(3)
	}
	f.Lines = line + 10
	for range rng.IntN(40) {
		f.Imports = append(f.Imports, strings.Repeat("m", 1+rng.IntN(30)))
	}
	return f
}

// FuzzMapBudget: whatever the symbols and the budget, the whole map text stays within the budget,
// and a budget that fits the frame still lists at least one symbol.
func FuzzMapBudget(f *testing.F) {
	f.Add(uint64(1), 300, 10240, 8)
	f.Add(uint64(2), 5000, 4096, 40)
	f.Add(uint64(3), 0, 200, 1)
	f.Fuzz(func(t *testing.T, seed uint64, n, budget, nameLen int) {
		rng := rand.New(rand.NewPCG(seed, 7))
		file := randomFile(rng, abs(n)%20000, 1+abs(nameLen)%60)
		budget = abs(budget) % 50000
		text := MapText(file, budget)
		if len(text) > budget {
			t.Fatalf("MapText(%d symbols, budget %d) = %d bytes", len(file.Symbols), budget, len(text))
		}
		if budget >= 2048 && len(file.Symbols) > 0 && !strings.Contains(text, "[") {
			t.Fatalf("MapText(budget %d) lists no symbol:\n%s", budget, text)
		}
	})
}

// nestedFile has 60 classes of 5 methods of 3 nested functions each: every level drops a layer.
func nestedFile() *store.File {
	f := &store.File{Path: "pkg/nested.py", Language: "Python", Lines: 20000, Size: 800 << 10}
	line := 1
	for c := range 60 {
		cls := len(f.Symbols)
		f.Symbols = append(f.Symbols, store.Symbol{Name: fmt.Sprintf("Class%d", c), Kind: store.KindClass,
			Signature: fmt.Sprintf("class Class%d(Base, metaclass=Meta):", c), StartLine: line, EndLine: line + 300, Parent: -1})
		for m := range 5 {
			meth := len(f.Symbols)
			f.Symbols = append(f.Symbols, store.Symbol{Name: fmt.Sprintf("method_%d", m), Kind: store.KindMethod,
				Signature: fmt.Sprintf("def method_%d(self, first: int, second: str = 'x') -> bool:", m),
				StartLine: line + 1 + m*50, EndLine: line + 40 + m*50, Depth: 1, Parent: cls})
			for n := range 3 {
				f.Symbols = append(f.Symbols, store.Symbol{Name: fmt.Sprintf("inner%d", n), Kind: store.KindClass,
					Signature: fmt.Sprintf("class inner%d:", n), StartLine: line + 2 + m*50 + n*10,
					EndLine: line + 8 + m*50 + n*10, Depth: 2, Parent: meth})
			}
		}
		line += 310
	}
	return f
}

func TestMapLevels(t *testing.T) {
	file := nestedFile()
	seen := map[string]bool{}
	for budget := 1 << 17; budget >= 256; budget = budget * 9 / 10 {
		text := MapText(file, budget)
		if len(text) > budget {
			t.Fatalf("budget %d: %d bytes", budget, len(text))
		}
		for _, name := range levelNames {
			if strings.Contains(text, "map: "+name) {
				seen[name] = true
			}
		}
	}
	for _, name := range levelNames {
		if !seen[name] {
			t.Errorf("no budget from 128 KiB down to 256 B rendered the %s level", name)
		}
	}
}

func TestFoldRunsOfSimilarSiblings(t *testing.T) {
	f := &store.File{Path: "rewriteAMD64.go", Language: "Go", Lines: 80000, Size: 3 << 20}
	line := 10
	for i := range 1468 {
		name := fmt.Sprintf("rewriteValueAMD64_Op%s%d", []string{"Add", "Sub", "Mul"}[i%3], i)
		f.Symbols = append(f.Symbols, store.Symbol{Name: name, Kind: store.KindFunction,
			Signature: "func " + name + "(v *Value) bool", StartLine: line, EndLine: line + 40, Parent: -1})
		line += 50
	}
	f.Symbols = append(f.Symbols, store.Symbol{Name: "rewriteBlockAMD64", Kind: store.KindFunction,
		Signature: "func rewriteBlockAMD64(b *Block) bool", StartLine: line, EndLine: line + 900, Parent: -1})
	text := MapText(f, DefaultMapBudget)
	for _, want := range []string{
		"map: full (159 listed and 1,310 in folded runs, of 1,469 symbols)",
		"func rewriteValueAMD64_OpAdd0(v *Value) bool [10-50]\n", // the run's first members are listed
		"… 1,310 more functions rewriteValueAMD64_Op* [3960-69450] …\n",
		"func rewriteValueAMD64_OpAdd1467(v *Value) bool [73360-73400]\n", // and its last
		"func rewriteBlockAMD64(b *Block) bool [73410-74310]\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("MapText of a generated file lacks %q:\n%s", want, text)
		}
	}
	if len(text) > DefaultMapBudget || len(text) < DefaultMapBudget*9/10 {
		t.Errorf("folded map is %d bytes; the budget of %d should be nearly used", len(text), DefaultMapBudget)
	}
}

func TestMapNeverEmptyForLandmarks(t *testing.T) {
	f := &store.File{Path: "notes.txt", Lines: 3, Size: 20, Symbols: []store.Symbol{
		{Name: "first words", Kind: store.KindLandmark, StartLine: 1, EndLine: 3, Parent: -1}}}
	if text := MapText(f, DefaultMapBudget); !strings.Contains(text, "first words [1-3]") {
		t.Errorf("landmark missing from map:\n%s", text)
	}
}

// TestCompactTextClosesMacroArguments: a name declared inside a macro's arguments keeps the
// rest of them to the closing bracket, when it is near; other cuts stay after the name.
func TestCompactTextClosesMacroArguments(t *testing.T) {
	for _, tc := range []struct{ sig, name, want string }{
		{"static DEFINE_MUTEX(sched_core_mutex);", "sched_core_mutex", "static DEFINE_MUTEX(sched_core_mutex)"},
		{"DEFINE_PER_CPU(struct rq, runqueues);", "runqueues", "DEFINE_PER_CPU(struct rq, runqueues)"},
		{"static DECLARE_BITMAP(cpu_mask, NR_CPUS);", "cpu_mask", "static DECLARE_BITMAP(cpu_mask, NR_CPUS)"},
		{"void (*handler)(int sig) = default_handler;", "handler", "void (*handler)"},
		{"func (s *Server) Serve(l net.Listener) error", "Serve", "func (s *Server) Serve"},
		{"int counter = compute(1, 2);", "counter", "int counter"},
		{"X(name, " + strings.Repeat("a", 60) + ")", "name", "X(name"},
	} {
		s := store.Symbol{Name: tc.name, Kind: store.KindVar, Signature: tc.sig}
		if got := compactText(s); got != tc.want {
			t.Errorf("compactText(%q) = %q, want %q", tc.sig, got, tc.want)
		}
	}
}

// elidedByBuilding is the elided map built the plain way, as an oracle: every step's whole text is
// built and measured.
func elidedByBuilding(r *mapRenderer, budget int) string {
	top := r.children[0]
	under := map[int]int{} // under[id] counts top-level symbol id and the symbols nested in it
	for i, s := range r.f.Symbols {
		root := i
		for s.Parent >= 0 {
			root, s = s.Parent, r.f.Symbols[s.Parent]
		}
		under[root]++
	}
	text := func(head, tail int) string {
		var body strings.Builder
		for _, id := range top[:head] {
			s := r.f.Symbols[id]
			body.WriteString(Printable(compactText(s)) + " " + lineRange(s.StartLine, s.EndLine) + "\n")
		}
		if head < tail {
			omitted := 0
			for _, id := range top[head:tail] {
				omitted += under[id]
			}
			body.WriteString("… " + Thousands(omitted) + " more symbols " +
				lineRange(r.f.Symbols[top[head]].StartLine, maxEnd(r.f.Symbols, top[head:tail], 0)) + " …\n")
		}
		for _, id := range top[tail:] {
			s := r.f.Symbols[id]
			body.WriteString(Printable(compactText(s)) + " " + lineRange(s.StartLine, s.EndLine) + "\n")
		}
		return r.frame(levelElided, head+len(top)-tail, 0, body.String())
	}
	head, tail := 0, len(top)
	best := text(head, tail)
	for head < tail {
		if head <= len(top)-tail {
			head++
		} else {
			tail--
		}
		next := text(head, tail)
		if len(next) > budget {
			break
		}
		best = next
	}
	return best
}

// FuzzElidedMeasuresWhatItBuilds: the elided map, which measures each step instead of building
// it, equals the one built step by step.
func FuzzElidedMeasuresWhatItBuilds(f *testing.F) {
	f.Add(uint64(1), 300, 2048, 8)
	f.Add(uint64(2), 3000, 10240, 40)
	f.Add(uint64(3), 0, 300, 1)
	f.Add(uint64(4), 500, 3000, 12)
	f.Add(uint64(5), 2000, 1500, 3)
	f.Add(uint64(0), 370, 1948, -100)
	f.Fuzz(func(t *testing.T, seed uint64, n, budget, nameLen int) {
		rng := rand.New(rand.NewPCG(seed, 9))
		file := randomFile(rng, abs(n)%3000, 1+abs(nameLen)%60)
		if seed%2 == 0 { // a flat file: every symbol at the top level, the most an elision can show
			for i := range file.Symbols {
				file.Symbols[i].Parent, file.Symbols[i].Depth = -1, 0
			}
		}
		budget = abs(budget) % 20000
		r := newMapRenderer(file)
		if got, want := r.elided(budget), elidedByBuilding(r, budget); got != want {
			t.Fatalf("elided(%d symbols, budget %d):\n%s\nbuilt step by step:\n%s", len(file.Symbols), budget, got, want)
		}
	})
}
