package indexer

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/readmap/readmap/store"
)

// alongsideTree holds code files with imports and uses of each other's names, two of the same
// content, and files that keep no name set (text, binary).
var alongsideTree = map[string]string{
	"a/a.go":      "package a\n\nimport \"example.com/b\"\n\nfunc A() int { return b.B() }\n",
	"a/copy.go":   "package a\n\nimport \"example.com/b\"\n\nfunc A() int { return b.B() }\n",
	"b/b.go":      "package b\n\n// B is used by a.\nfunc B() int { return 1 }\n\ntype T struct{ X int }\n",
	"py/m.py":     "import os\n\nclass Q:\n    def go(self):\n        return os.getcwd()\n",
	"README.md":   "# Title\n\nSome text.\n",
	"blob.bin":    "\x00\x01\x02binary",
	"js/x.js":     "export function x() { return y(); }\nfunction y() { return 2; }\n",
	"rs/lib.rs":   "pub fn r() -> u32 { 3 }\n",
	"empty/e.go":  "",
	"deep/c/c.go": "package c\n\nfunc C() {}\n",
}

// alongsideSeen is what a run gave Options.Alongside.
type alongsideSeen struct {
	calls       int
	sets        []store.NameSet
	setsGiven   bool
	definesOver bool
	sum         Summary
	err         error
	stored      []store.NameSet // the store's sets once committed
}

// recordAlongside returns an Options.Alongside that records what the run gives it into seen.
func recordAlongside(seen *alongsideSeen) func(context.Context, *store.Store, *Ending) error {
	return func(ctx context.Context, st *store.Store, end *Ending) error {
		seen.calls++
		seen.sets, seen.setsGiven, seen.definesOver = end.Sets, end.Sets != nil, end.DefinesOver
		sum, err := end.Committed()
		if seen.err = err; err != nil {
			return err
		}
		seen.sum = *sum
		return st.EachNameSet(ctx, func(s store.NameSet) error { seen.stored = append(seen.stored, s); return nil })
	}
}

func equalNameSets(a, b store.NameSet) bool {
	return a.Path == b.Path && a.Language == b.Language && slices.Equal(a.Imports, b.Imports) &&
		slices.Equal(a.Used, b.Used) && slices.Equal(a.Defined, b.Defined)
}

// TestAlongsideGetsABulkLoadsNameSets: a run that loads the whole root into an empty store gives
// Alongside the name sets of its code files, before its rows are committed, equal to those the
// store holds once they are; a run into a store that holds rows, a load whose sets define more
// than SetsUpTo names (which says so), and a run that checks give none.
func TestAlongsideGetsABulkLoadsNameSets(t *testing.T) {
	root := writeTree(t, alongsideTree)
	st := openStore(t, filepath.Join(t.TempDir(), "index.db"))
	var seen alongsideSeen
	sum := runIndex(t, st, Options{Root: root, SetsUpTo: 1000, Alongside: recordAlongside(&seen)})
	if seen.calls != 1 || seen.err != nil || seen.sum.Seen != sum.Seen || seen.sum.Mapped != sum.Mapped || seen.sum.Symbols != sum.Symbols {
		t.Fatalf("Alongside called %d times, committed = %+v, %v; want once, with the run's summary %+v", seen.calls, seen.sum, seen.err, *sum)
	}
	if len(seen.stored) < 6 || seen.definesOver {
		t.Fatalf("the store holds %d name sets, defines over %v; want those of the 7 code files, within the bound", len(seen.stored), seen.definesOver)
	}
	if !slices.EqualFunc(seen.sets, seen.stored, equalNameSets) {
		t.Fatalf("the bulk load gave the sets\n%+v\nthe store holds\n%+v", seen.sets, seen.stored)
	}

	// A second run meets a store that holds rows.
	if err := os.WriteFile(filepath.Join(root, "b", "b.go"), []byte("package b\n\nfunc B2() int { return 2 }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	seen = alongsideSeen{}
	runIndex(t, st, Options{Root: root, SetsUpTo: 1000, Alongside: recordAlongside(&seen)})
	if seen.calls != 1 || seen.setsGiven || seen.definesOver || seen.sum.Mapped != 1 {
		t.Fatalf("a run into a store with rows: %d calls, sets given %v, defines over %v, summary %+v; want one call, no sets, not over", seen.calls, seen.setsGiven, seen.definesOver, seen.sum)
	}

	// Over the bound.
	seen = alongsideSeen{}
	st = openStore(t, filepath.Join(t.TempDir(), "index.db"))
	runIndex(t, st, Options{Root: root, SetsUpTo: 3, Alongside: recordAlongside(&seen)})
	if seen.calls != 1 || seen.setsGiven || !seen.definesOver || len(seen.stored) < 6 {
		t.Fatalf("a load over SetsUpTo: %d calls, sets given %v, defines over %v, %d stored; want one call, no sets, over", seen.calls, seen.setsGiven, seen.definesOver, len(seen.stored))
	}

	// A check is not a load.
	seen = alongsideSeen{}
	st = openStore(t, filepath.Join(t.TempDir(), "index.db"))
	runIndex(t, st, Options{Root: root, Check: true, SetsUpTo: 1000, Alongside: recordAlongside(&seen)})
	if seen.calls != 0 {
		t.Fatalf("a check called Alongside %d times", seen.calls)
	}
}

// TestAlongsideLearnsOfAnInterrupt: when a run is interrupted, Alongside is not called or learns
// from Committed that the rows are not all committed; Run waits for it either way.
func TestAlongsideLearnsOfAnInterrupt(t *testing.T) {
	root := largeTree(t, 400)
	st := openStore(t, filepath.Join(t.TempDir(), "index.db"))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var seen alongsideSeen
	_, err := Run(ctx, st, Options{Root: root, Jobs: 2, SetsUpTo: 1 << 20, Alongside: recordAlongside(&seen),
		Progress: func(p Progress) {
			if p.Done == 300 {
				cancel()
			}
		}})
	if err == nil {
		t.Fatal("the interrupted run reported no error")
	}
	if seen.calls > 0 && seen.err == nil {
		t.Fatalf("Alongside learnt of a commit after an interrupt: %+v", seen.sum)
	}
}
