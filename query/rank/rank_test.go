package rank

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/readmap/readmap/store"
)

// hashes returns the sorted store.NameHash values of names.
func hashes(names ...string) []uint32 {
	var hs []uint32
	for _, n := range names {
		hs = append(hs, store.NameHash([]byte(n)))
	}
	return store.SortedHashes(hs)
}

// order returns "path name" of the ranking's definitions, best first.
func order(sets []store.NameSet, r *Ranking, names ...string) []string {
	byHash := map[uint32]string{}
	for _, n := range names {
		byHash[store.NameHash([]byte(n))] = n
	}
	var out []string
	for _, d := range r.Best(func(Definition) bool { return true }, 0) {
		out = append(out, sets[d.File].Path+" "+byHash[d.Name])
	}
	return out
}

func before(t *testing.T, got []string, a, b string) {
	t.Helper()
	i, j := slices.Index(got, a), slices.Index(got, b)
	if i < 0 || j < 0 || i > j {
		t.Errorf("want %q before %q; order %q", a, b, got)
	}
}

// TestRankPrefersWhatMoreFilesUse: a definition three files use ranks above one a single file uses.
func TestRankPrefersWhatMoreFilesUse(t *testing.T) {
	sets := []store.NameSet{
		{Path: "lib/a.go", Language: "Go", Defined: hashes("Popular", "Rare")},
		{Path: "u1/x.go", Language: "Go", Imports: []string{"example.com/lib"}, Used: hashes("Popular")},
		{Path: "u2/x.go", Language: "Go", Imports: []string{"example.com/lib"}, Used: hashes("Popular")},
		{Path: "u3/x.go", Language: "Go", Imports: []string{"example.com/lib"}, Used: hashes("Popular", "Rare")},
	}
	r := Rank(sets, Options{})
	got := order(sets, r, "Popular", "Rare")
	before(t, got, "lib/a.go Popular", "lib/a.go Rare")
	for _, d := range r.Definitions {
		if want := map[uint32]int32{hashes("Popular")[0]: 3, hashes("Rare")[0]: 1}[d.Name]; d.Users != want {
			t.Errorf("%s: %d users, want %d", sets[d.File].Path, d.Users, want)
		}
	}
}

// TestRankResolvesByImportAndFolder: of two definitions of New, a file means the one in the package
// it imports (or its own folder), not the other.
func TestRankResolvesByImportAndFolder(t *testing.T) {
	sets := []store.NameSet{
		{Path: "errors/errors.go", Language: "Go", Defined: hashes("New")},
		{Path: "other/new.go", Language: "Go", Defined: hashes("New")},
		{Path: "app/a.go", Language: "Go", Imports: []string{"errors"}, Used: hashes("New")},
		{Path: "app/b.go", Language: "Go", Imports: []string{"errors"}, Used: hashes("New")},
		{Path: "other/use.go", Language: "Go", Used: hashes("New")},
	}
	r := Rank(sets, Options{})
	users := map[string]int32{}
	for _, d := range r.Definitions {
		users[sets[d.File].Path] = d.Users
	}
	if users["errors/errors.go"] != 2 || users["other/new.go"] != 1 {
		t.Errorf("users %v; want errors.go 2 (the importers) and other/new.go 1 (its folder)", users)
	}
	before(t, order(sets, r, "New"), "errors/errors.go New", "other/new.go New")
}

// TestRankIgnoresOwnUsesAndOtherLanguages: a file's uses of its own definitions, and a Python file's
// use of a name a Go file defines, give nothing.
func TestRankIgnoresOwnUsesAndOtherLanguages(t *testing.T) {
	sets := []store.NameSet{
		{Path: "a.go", Language: "Go", Defined: hashes("helper"), Used: hashes("helper")},
		{Path: "b.py", Language: "Python", Used: hashes("helper")},
	}
	r := Rank(sets, Options{})
	if len(r.Definitions) != 1 || r.Definitions[0].Rank != 0 || r.Definitions[0].Users != 0 {
		t.Errorf("definitions %+v; want helper unused", r.Definitions)
	}
}

// TestRankSpreadsUnresolvedUses: a use no folder or import explains goes to every definition of
// the name, at a discount against a resolved one.
func TestRankSpreadsUnresolvedUses(t *testing.T) {
	sets := []store.NameSet{
		{Path: "p/a.go", Language: "Go", Defined: hashes("Close")},
		{Path: "q/b.go", Language: "Go", Defined: hashes("Close")},
		{Path: "r/c.go", Language: "Go", Defined: hashes("Open")},
		{Path: "s/u.go", Language: "Go", Used: hashes("Close", "Open"), Imports: []string{"r"}},
	}
	r := Rank(sets, Options{})
	rank := map[string]float64{}
	for _, d := range r.Definitions {
		rank[sets[d.File].Path] = d.Rank
	}
	if rank["p/a.go"] == 0 || rank["p/a.go"] != rank["q/b.go"] || rank["p/a.go"] >= rank["r/c.go"] {
		t.Errorf("ranks %v; want Close's two alike, above 0 and below the imported Open", rank)
	}
}

// TestRankFocusAndMention: focusing on a file lifts what it uses; mentioning a name lifts its
// definitions.
func TestRankFocusAndMention(t *testing.T) {
	sets := []store.NameSet{
		{Path: "lib/a.go", Language: "Go", Defined: hashes("Alpha")},
		{Path: "lib/b.go", Language: "Go", Defined: hashes("Beta")},
		{Path: "u/one.go", Language: "Go", Imports: []string{"lib"}, Used: hashes("Alpha")},
		{Path: "u/two.go", Language: "Go", Imports: []string{"lib"}, Used: hashes("Alpha")},
		{Path: "v/three.go", Language: "Go", Imports: []string{"lib"}, Used: hashes("Beta")},
	}
	names := []string{"Alpha", "Beta"}
	before(t, order(sets, Rank(sets, Options{}), names...), "lib/a.go Alpha", "lib/b.go Beta")
	before(t, order(sets, Rank(sets, Options{Focus: []string{"v/three.go"}}), names...), "lib/b.go Beta", "lib/a.go Alpha")
	before(t, order(sets, Rank(sets, Options{Mention: []string{"Beta"}}), names...), "lib/b.go Beta", "lib/a.go Alpha")
}

// TestRankPutsTestHelpersLast: of two namesakes used alike, the one in a test file comes last.
func TestRankPutsTestHelpersLast(t *testing.T) {
	sets := []store.NameSet{
		{Path: "pkg/helper_test.go", Language: "Go", Defined: hashes("Setup")},
		{Path: "pkg/setup.go", Language: "Go", Defined: hashes("Setup")},
		{Path: "pkg/use.go", Language: "Go", Used: hashes("Setup")},
	}
	before(t, order(sets, Rank(sets, Options{}), "Setup"), "pkg/setup.go Setup", "pkg/helper_test.go Setup")
}

// TestBestKeepsTheOrder: Best(keep, n) is the first n of Best(keep, 0).
func TestBestKeepsTheOrder(t *testing.T) {
	var sets []store.NameSet
	for i := range 40 {
		name := string(rune('A'+i%26)) + string(rune('a'+i/26))
		sets = append(sets, store.NameSet{Path: "d/" + name + ".go", Language: "Go", Defined: hashes(name)})
		for j := 0; j <= i%7; j++ {
			sets = append(sets, store.NameSet{Path: "u" + name + string(rune('0'+j)) + "/x.go", Language: "Go", Imports: []string{"d"}, Used: hashes(name)})
		}
	}
	r := Rank(sets, Options{})
	all := r.Best(func(Definition) bool { return true }, 0)
	for _, n := range []int{1, 5, 17, 40} {
		if got := r.Best(func(Definition) bool { return true }, n); !slices.Equal(got, all[:n]) {
			t.Errorf("Best(%d) is not the first %d of Best(0)", n, n)
		}
	}
}

func TestImportKey(t *testing.T) {
	for _, tc := range []struct{ language, imp, want string }{
		{"Go", "net/http", "net/http"},
		{"C", "linux/slab.h", "linux/slab"},
		{"C", "<linux/slab.h>", "linux/slab"},
		{"C++", `"../util/strings.hpp"`, "util/strings"},
		{"Python", "os.path", "os/path"},
		{"Python", "..pkg.mod", "pkg/mod"},
		{"Java", "java.util.*", "java/util"},
		{"TypeScript", "./components/Button", "components/Button"},
		{"JavaScript", "@scope/pkg", "scope/pkg"},
		{"Rust", "crate::store::Writer", "crate/store/Writer"},
		{"PHP", `App\Models\User`, "App/Models/User"},
		{"Lua", "kong.tools.utils", "kong/tools/utils"},
		{"Lua", "pl.path", "pl/path"},
	} {
		if got := importKey(tc.language, tc.imp); got != tc.want {
			t.Errorf("importKey(%s, %q) = %q, want %q", tc.language, tc.imp, got, tc.want)
		}
	}
}

func TestIsTestPath(t *testing.T) {
	for p, want := range map[string]bool{
		"strings/builder_test.go": true, "tests/test_api.py": true, "pkg/test_util.py": true,
		"src/app.spec.ts": true, "src/Button.test.jsx": true, "src/FooTest.java": true,
		"internal/testdata/x.go": true, "testing/testing.go": false, "src/contest.go": false,
		"lib/latest.py": false, "spec/models/user_spec.rb": true,
	} {
		if IsTestPath(p) != want {
			t.Errorf("IsTestPath(%q) = %v, want %v", p, !want, want)
		}
	}
}

// TestAnImportMeansTheBestPlacedMatch: <linux/slab.h> matches include/linux/slab.h and a copy
// under tools/virtio: every file means the first (the shortest path); "slab.h", relative to the
// file, means the copy beside it. Go's "syscall" is the folder syscall, not internal/syscall,
// even for a file in internal/.
func TestAnImportMeansTheBestPlacedMatch(t *testing.T) {
	sets := []store.NameSet{
		{Path: "fs/inode.c", Language: "C", Imports: []string{"<linux/slab.h>"}, Used: hashes("kmalloc")},
		{Path: "include/linux/slab.h", Language: "C", Defined: hashes("kmalloc")},
		{Path: "internal/poll/fd.go", Language: "Go", Imports: []string{`"syscall"`}, Used: hashes("Errno")},
		{Path: "internal/syscall/unix.go", Language: "Go", Defined: hashes("Errno")},
		{Path: "mm/util.c", Language: "C", Imports: []string{"<linux/slab.h>"}, Used: hashes("kmalloc")},
		{Path: "os/file.go", Language: "Go", Imports: []string{`"syscall"`}, Used: hashes("Errno")},
		{Path: "syscall/syscall.go", Language: "Go", Defined: hashes("Errno")},
		{Path: "tools/virtio/linux/slab.h", Language: "C", Defined: hashes("kmalloc")},
		{Path: "tools/virtio/linux/test.c", Language: "C", Imports: []string{`"slab.h"`}, Used: hashes("kmalloc")},
		{Path: "tools/virtio/ringtest.c", Language: "C", Imports: []string{"<linux/slab.h>"}, Used: hashes("kmalloc")},
	}
	r := Rank(sets, Options{})
	users := map[string]int32{}
	for _, d := range r.Definitions {
		users[sets[d.File].Path] = d.Users
	}
	want := map[string]int32{"include/linux/slab.h": 3, "tools/virtio/linux/slab.h": 1, "syscall/syscall.go": 2, "internal/syscall/unix.go": 0}
	for p, n := range want {
		if users[p] != n {
			t.Errorf("%s: %d users, want %d (all users %v)", p, users[p], n, users)
		}
	}
}

// TestUsersOfAgreesWithRank: scoring one name's definitions among the files that use it gives
// each the users the whole ranking finds (an import means the best placed match, a file in the
// same folder means its neighbour, another language's file means neither), a tenth of a user to a
// definition in a test folder, and nothing to a defining file's own use.
func TestUsersOfAgreesWithRank(t *testing.T) {
	set := func(p, language string, imports ...string) store.NameSet {
		return store.NameSet{Path: p, Language: language, Imports: imports}
	}
	kmallocUsers := []store.NameSet{
		set("fs/inode.c", "C", "<linux/slab.h>"),
		set("mm/util.c", "C", "<linux/slab.h>"),
		set("tools/virtio/linux/test.c", "C", `"slab.h"`),
		set("tools/virtio/ringtest.c", "C", "<linux/slab.h>"),
		set("rust/kernel/alloc.rs", "Rust", "linux/slab"),
		set("include/linux/slab.h", "C"),
	}
	kmallocDefs := []store.NameSet{set("include/linux/slab.h", "C"), set("tools/virtio/linux/slab.h", "C")}
	if got, want := UsersOf(kmallocDefs, kmallocUsers), []float64{3, 1}; !slices.Equal(got, want) {
		t.Errorf("kmalloc: %v, want %v", got, want)
	}
	errnoUsers := []store.NameSet{set("internal/poll/fd.go", "Go", `"syscall"`), set("os/file.go", "Go", `"syscall"`)}
	errnoDefs := []store.NameSet{set("internal/syscall/unix.go", "Go"), set("syscall/syscall.go", "Go")}
	if got, want := UsersOf(errnoDefs, errnoUsers), []float64{0, 2}; !slices.Equal(got, want) {
		t.Errorf("Errno: %v, want %v", got, want)
	}
	shimDefs := []store.NameSet{set("lib/slab.c", "C"), set("lib/testdata/slab.c", "C")}
	shimUsers := []store.NameSet{set("lib/a.c", "C", `"testdata/slab.c"`), set("lib/b.c", "C")}
	if got, want := UsersOf(shimDefs, shimUsers), []float64{2, 0.1}; !slices.Equal(got, want) {
		t.Errorf("a test folder's definition: %v, want %v", got, want)
	}
}

// TestMeantByScopeAgreesWithTheScan: for every use of every file of random trees (names defined in
// many folders, files importing folders and files, of two language families), looking the
// file's scopes up finds the clusters the scan of the name's clusters and definitions finds, in
// the same order.
func TestMeantByScopeAgreesWithTheScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	folders := []string{"a", "a/b", "a/b/c", "d", "d/e", "f", "g/h", "g/h/i", "j"}
	names := []string{"new", "get", "init", "run", "x", "y", "z", "util", "handler", "schema"}
	checked := 0
	for tree := range 40 {
		var sets []store.NameSet
		for i := range 30 + rng.IntN(60) {
			language, ext := "Lua", ".lua"
			if rng.IntN(4) == 0 {
				language, ext = "Python", ".py"
			}
			folder := folders[rng.IntN(len(folders))]
			s := store.NameSet{Path: fmt.Sprintf("%s/m%d%s", folder, i, ext), Language: language}
			var defined, used []string
			for range rng.IntN(6) {
				defined = append(defined, names[rng.IntN(len(names))])
			}
			for range 1 + rng.IntN(8) {
				used = append(used, names[rng.IntN(len(names))])
			}
			for range rng.IntN(4) { // a folder, or a file of the tree by its module name
				imp := strings.ReplaceAll(folders[rng.IntN(len(folders))], "/", ".")
				if rng.IntN(2) == 0 && len(sets) > 0 {
					imp = strings.ReplaceAll(stripExt(sets[rng.IntN(len(sets))].Path), "/", ".")
				}
				s.Imports = append(s.Imports, imp)
			}
			s.Defined, s.Used = hashes(defined...), hashes(used...)
			sets = append(sets, s)
		}
		slices.SortFunc(sets, func(a, b store.NameSet) int { return strings.Compare(a.Path, b.Path) })
		g := newGraph(sets)
		g.countUses()
		index := newScopeIndex(g)
		stamp := make([]int32, g.folders+len(sets))
		for i, s := range sets {
			mine := append([]int32{g.folderOf[i]}, index.resolve(s)...)
			for _, scope := range mine {
				stamp[scope] = int32(i + 1)
			}
			for _, grp := range g.uses[g.useStart[i]:g.useStart[i+1]] {
				scan := g.meantByScan(nil, i, grp, len(mine) > 1, stamp)
				byScope := g.meantByScope(nil, i, grp, g.defName[g.defsOf(int(grp))[0]], mine)
				if !slices.Equal(scan, byScope) {
					t.Fatalf("tree %d, %s (scopes %v), group %d: the scan means clusters %v, the look-up %v", tree, s.Path, mine, grp, scan, byScope)
				}
				checked += len(scan)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no use meant a cluster: the trees test nothing")
	}
}
