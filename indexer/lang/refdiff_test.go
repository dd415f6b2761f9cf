package lang

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/readmap/readmap/store"
)

// The differential tests share this: each runs an independent reference (a language's own
// parser, go/ast, hclsyntax, ctags) over a corpus and turns what it reports into refDefs; a
// refResult pairs them with the map's symbols file by file and measures the maps both ways, and
// renders the -v table and checks the bars each test sets. A test that holds every map at once
// calls refCompare; one that streams a large corpus adds each file as it is mapped (refResult.add)
// and keeps no map.

// refDef is one definition an independent reference reports.
type refDef struct {
	Path, Kind, Name string
	// Start and End are the definition's first and last lines, 1-based and inclusive. End is 0
	// when the reference gives only the line the definition is on (ctags): a symbol of its name
	// must hold that line, and there are no lines to be exact about.
	Start, End int
	// Lang, when set, is the language the definition is counted under, for a test that measures
	// several (TypeScript's: the map's language of the file).
	Lang string
	// RunStart and RunEnd, when set, are the lines of the run of overloads the definition belongs
	// to: the map holds one symbol for the run, and must have its lines.
	RunStart, RunEnd int
	// Parent is the index, among the definitions of its file given to refResult.add, of the
	// definition this one is nested in, or -1 at the top. Only a refResult that checks nesting
	// reads it, so the other references need not know it.
	Parent int
}

// lines returns the lines the map's symbol for d must have exactly: its run's, or its own.
func (d refDef) lines() (start, end int) {
	if d.RunStart > 0 {
		return d.RunStart, d.RunEnd
	}
	return d.Start, d.End
}

// at returns d's place in a message: path:start-end, or path:line for a reference that gives
// only the line.
func (d refDef) at(path string) string {
	start, end := d.lines()
	if end == 0 {
		return fmt.Sprintf("%s:%d", path, start)
	}
	return fmt.Sprintf("%s:%d-%d", path, start, end)
}

// refFound is how a definition is found in the map.
type refFound int

const (
	refMissing    refFound = iota // no symbol of its name holds its first line
	refOtherLines                 // one holds it, but none has exactly its lines
	refSameLines                  // a symbol of its name has exactly its lines
	refOnLine                     // one holds the only line the reference gives
)

// refTally counts the definitions of one kind: how many the reference lists, how many are in the
// map (a symbol of the same name holds their first line), how many with exactly their lines.
type refTally struct{ defs, matched, exact int }

// refResult pairs a reference's definitions with the map's symbols, file by file, and holds what
// that measures. Set same and counts (and nesting, ordered) before the first add.
type refResult struct {
	// same reports whether s can be d's symbol: its name as the reference writes it, and whatever
	// else the test requires (a kind, a depth).
	same func(d refDef, s *store.Symbol) bool
	// counts reports whether s is measured the other way round: such a symbol that no definition
	// is paired with is extra, made up by the map.
	counts func(s *store.Symbol) bool
	// nesting checks that each definition's symbol is nested in the symbol of the definition it
	// is nested in (refDef.Parent), and that a top-level one's is not nested at all.
	nesting bool
	// ordered checks that the symbols of a file's definitions come in the map in the order the
	// reference lists the definitions (source order), as Mapper promises.
	ordered bool

	tallies map[string]map[string]*refTally // by refDef.Lang, then kind ("all" for every kind)
	// misses are the definitions not in the map, inexact those in it with other lines, extra the
	// counted symbols of the map that no definition is paired with; one line each.
	misses, inexact, extra []string
	counted                int  // the map's symbols measured for extra
	withEnds               bool // some definition had an end line: the table shows same lines
	// misplaced are the paired definitions nested elsewhere in the map than in the reference
	// (with nesting) or out of the reference's order (with ordered). nested and topLevel count
	// the definitions whose nesting was checked, misnested those nested elsewhere, disordered
	// those out of order.
	misplaced                               []string
	nested, topLevel, misnested, disordered int
}

// refReadTSV reads the output of tool, a definition a line with its path, kind, name, first and
// last line separated by tabs, failing t on any other line or when there is none.
func refReadTSV(t *testing.T, tool string, out []byte) []refDef {
	t.Helper()
	var defs []refDef
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 5 {
			t.Fatalf("%s printed %q", tool, sc.Text())
		}
		start, err1 := strconv.Atoi(f[3])
		end, err2 := strconv.Atoi(f[4])
		if err1 != nil || err2 != nil {
			t.Fatalf("%s printed %q", tool, sc.Text())
		}
		defs = append(defs, refDef{Path: f[0], Kind: f[1], Name: f[2], Start: start, End: end})
	}
	if len(defs) == 0 {
		t.Fatalf("%s found no definitions", tool)
	}
	return defs
}

// refSameName is a refResult's same for a reference that names definitions as ctags does (see
// ctagsSameName).
func refSameName(d refDef, s *store.Symbol) bool { return ctagsSameName(d.Name, s.Name, s.Qualname) }

// refKinds returns a refResult's counts for symbols of kinds.
func refKinds(kinds ...store.Kind) func(s *store.Symbol) bool {
	return func(s *store.Symbol) bool { return slices.Contains(kinds, s.Kind) }
}

// refMapFiles maps paths, failing t on a file it cannot read, and reporting each file detected as
// another language than lang (any language when lang is empty).
func refMapFiles(t *testing.T, paths []string, lang string) map[string]*FileMap {
	t.Helper()
	maps := map[string]*FileMap{}
	for _, path := range paths {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f := Map(context.Background(), path, src, Options{})
		if lang != "" && f.Language != lang {
			t.Errorf("%s: detected as %q, want %s", path, f.Language, lang)
		}
		maps[path] = f
	}
	return maps
}

// refCompare measures maps (by path) against the reference's definitions, whose Paths are the
// maps' keys, with the pairing of refResult.add (same and counts as there).
func refCompare(maps map[string]*FileMap, defs []refDef, same func(d refDef, s *store.Symbol) bool,
	counts func(s *store.Symbol) bool) *refResult {
	r := &refResult{same: same, counts: counts}
	listed := map[string][]refDef{}
	for _, d := range defs {
		listed[d.Path] = append(listed[d.Path], d)
	}
	// Every path of either side: definitions of a file that has no map are all misses.
	var paths []string
	for path := range maps {
		paths = append(paths, path)
	}
	for path := range listed {
		if maps[path] == nil {
			paths = append(paths, path)
		}
	}
	sort.Strings(paths)
	for _, path := range paths {
		var syms []store.Symbol
		if f := maps[path]; f != nil {
			syms = f.Symbols
		}
		r.add(path, syms, listed[path])
	}
	return r
}

// add measures one file's map, syms, against defs, the reference's definitions of that file (in
// its order; their Path is not read: path names the file in the messages). It pairs each
// definition with a symbol of the same name (by same) that holds its first line: one with
// exactly its lines if there is one, else the smallest; and one no other definition has taken
// before one taken, so that a symbol the map holds twice is left over as extra, while the
// definitions of a run of overloads still share their one symbol. A definition without a symbol
// is a miss; a counted symbol no definition has is extra. add keeps nothing of syms, so that a
// streaming test can map and add one file at a time.
func (r *refResult) add(path string, syms []store.Symbol, defs []refDef) {
	// The symbols by first line, so that most definitions, which have a symbol with exactly their
	// lines, cost a lookup rather than a pass over the file's symbols.
	starting := map[int][]int{}
	for i := range syms {
		starting[syms[i].StartLine] = append(starting[syms[i].StartLine], i)
	}
	paired := make([]int, len(defs)) // the symbol of each definition, or -1
	taken := make([]bool, len(syms))
	for i, d := range defs {
		paired[i] = r.pair(path, syms, starting, taken, d)
	}
	r.place(path, syms, defs, paired)
	for i := range syms {
		s := &syms[i]
		if !r.counts(s) {
			continue
		}
		r.counted++
		if !taken[i] {
			r.extra = append(r.extra, fmt.Sprintf("  %s:%d-%d %s %s", path, s.StartLine, s.EndLine, s.Kind, refSymbolName(s)))
		}
	}
}

// pair returns the index of d's symbol in syms (see add), or -1, marks it taken and tallies d.
func (r *refResult) pair(path string, syms []store.Symbol, starting map[int][]int, taken []bool, d refDef) int {
	holds := func(s *store.Symbol) bool { return s.StartLine <= d.Start && d.Start <= s.EndLine && r.same(d, s) }
	// better reports whether symbol i is a better pair for d than symbol j (or none, -1): one no
	// other definition has, then the smaller, the innermost of nested namesakes.
	better := func(i, j int) bool {
		switch {
		case j < 0:
			return true
		case taken[i] != taken[j]:
			return !taken[i]
		}
		return syms[i].EndLine-syms[i].StartLine < syms[j].EndLine-syms[j].StartLine
	}
	start, end := d.lines()
	best := -1
	if end > 0 {
		r.withEnds = true
		for _, i := range starting[start] {
			if syms[i].EndLine == end && holds(&syms[i]) && better(i, best) {
				best = i
			}
		}
		if best >= 0 {
			taken[best] = true
			r.tally(d.Lang, d.Kind, refSameLines, "")
			return best
		}
	}
	// Only these need every symbol of the same name: for their pair, and for their line in the
	// misses.
	var near []string
	for i := range syms {
		s := &syms[i]
		if !r.same(d, s) {
			continue
		}
		near = append(near, fmt.Sprintf("%d-%d", s.StartLine, s.EndLine))
		if holds(s) && better(i, best) {
			best = i
		}
	}
	found := refMissing
	switch {
	case best >= 0 && end == 0:
		found = refOnLine
	case best >= 0:
		found = refOtherLines
	}
	if len(near) == 0 {
		near = []string{"none"}
	}
	r.tally(d.Lang, d.Kind, found, fmt.Sprintf("  %s %s %s readmap %s", d.at(path), d.Kind, d.Name, strings.Join(near, ",")))
	if best >= 0 {
		taken[best] = true
	}
	return best
}

// place checks, as r asks, that the paired symbols are nested as the definitions are and come in
// their order; paired holds the symbol of each of defs, or -1.
func (r *refResult) place(path string, syms []store.Symbol, defs []refDef, paired []int) {
	last := -1 // the last symbol in the map of the definitions so far
	for i, d := range defs {
		s := paired[i]
		if s < 0 {
			continue // a miss: no symbol to place
		}
		if r.ordered {
			// Definitions of a run share a symbol, so only a symbol before one seen is out of order.
			if s < last {
				r.disordered++
				r.misplaced = append(r.misplaced, fmt.Sprintf("  %s %s %s: the map has it before %s, the reference after",
					d.at(path), d.Kind, d.Name, refSymbolName(&syms[last])))
			}
			last = max(last, s)
		}
		if !r.nesting {
			continue
		}
		got := syms[s].Parent
		switch {
		case d.Parent < 0:
			r.topLevel++
			if got >= 0 {
				r.misnested++
				r.misplaced = append(r.misplaced, fmt.Sprintf("  %s %s %s: at the top, the map nests it in %s",
					d.at(path), d.Kind, d.Name, refSymbolName(&syms[got])))
			}
		case paired[d.Parent] >= 0: // an enclosing definition that is a miss has no symbol to be in
			r.nested++
			if want := paired[d.Parent]; got != want {
				r.misnested++
				in := "nothing"
				if got >= 0 {
					in = refSymbolName(&syms[got])
				}
				r.misplaced = append(r.misplaced, fmt.Sprintf("  %s %s %s: in %s, the map nests it in %s",
					d.at(path), d.Kind, d.Name, refSymbolName(&syms[want]), in))
			}
		}
	}
}

// refSymbolName names s in a message: its name, and its qualified name when that differs.
func refSymbolName(s *store.Symbol) string {
	if s.Qualname != "" && s.Qualname != s.Name {
		return s.Name + " (" + s.Qualname + ")"
	}
	return s.Name
}

// tally counts a definition of kind under lang as found; where says which in the misses or other
// ranges.
func (r *refResult) tally(lang, kind string, found refFound, where string) {
	if r.tallies == nil {
		r.tallies = map[string]map[string]*refTally{}
	}
	if r.tallies[lang] == nil {
		r.tallies[lang] = map[string]*refTally{}
	}
	for _, k := range []string{kind, "all"} {
		c := r.tallies[lang][k]
		if c == nil {
			c = &refTally{}
			r.tallies[lang][k] = c
		}
		c.defs++
		if found != refMissing {
			c.matched++
		}
		if found == refSameLines {
			c.exact++
		}
	}
	switch found {
	case refMissing:
		r.misses = append(r.misses, where)
	case refOtherLines:
		r.inexact = append(r.inexact, where)
	}
}

// langs returns the languages r counts under, sorted.
func (r *refResult) langs() []string {
	langs := make([]string, 0, len(r.tallies))
	for l := range r.tallies {
		langs = append(langs, l)
	}
	sort.Strings(langs)
	return langs
}

// kinds returns the kinds counted under lang, sorted, with "all" last.
func (r *refResult) kinds(lang string) []string {
	kinds := make([]string, 0, len(r.tallies[lang]))
	for k := range r.tallies[lang] {
		if k != "all" {
			kinds = append(kinds, k)
		}
	}
	sort.Strings(kinds)
	return append(kinds, "all")
}

// table renders the tallies as the -v table, a row a kind, with a language column when the
// definitions have one and the same-lines columns when they have end lines; ref names the
// reference in the header ("Ruby defs"). Lines under it give what nesting and ordered found.
func (r *refResult) table(ref string) string {
	_, oneLang := r.tallies[""]
	langWidth, kindWidth := len("language"), len("kind")
	for _, l := range r.langs() {
		langWidth = max(langWidth, len(l))
		for _, k := range r.kinds(l) {
			kindWidth = max(kindWidth, len(k))
		}
	}
	lead := func(lang, kind string) string {
		if oneLang {
			return fmt.Sprintf("| %-*s |", kindWidth, kind)
		}
		return fmt.Sprintf("| %-*s | %-*s |", langWidth, lang, kindWidth, kind)
	}
	defs := ref + " defs"
	head := fmt.Sprintf("%s %s | matched |      %% |", lead("language", "kind"), defs)
	if r.withEnds {
		head += " same lines |      % |"
	}
	rows := []string{head}
	for _, l := range r.langs() {
		for _, k := range r.kinds(l) {
			c := r.tallies[l][k]
			row := fmt.Sprintf("%s %*d | %7d | %6s |", lead(l, k), len(defs), c.defs, c.matched, refShare(c.matched, c.defs))
			if r.withEnds {
				row += fmt.Sprintf(" %10d | %6s |", c.exact, refShare(c.exact, c.defs))
			}
			rows = append(rows, row)
		}
	}
	if r.nesting {
		rows = append(rows, fmt.Sprintf("nesting: %d nested and %d top-level definitions checked, %d nested otherwise in the map",
			r.nested, r.topLevel, r.misnested))
	}
	if r.ordered {
		rows = append(rows, fmt.Sprintf("order: %d definitions in another order in the map", r.disordered))
	}
	return strings.Join(rows, "\n")
}

// logMisses logs every miss, other range, extra symbol and misplaced definition when
// READMAP_SHOW_MISSES is set, and says how to see them when it is not; ref names the reference.
func (r *refResult) logMisses(t *testing.T, ref string) {
	t.Helper()
	if os.Getenv("READMAP_SHOW_MISSES") == "" {
		if n := len(r.misses) + len(r.inexact) + len(r.extra) + len(r.misplaced); n > 0 {
			t.Logf("differences from %s: %d; READMAP_SHOW_MISSES=1 lists them", ref, n)
		}
		return
	}
	t.Logf("misses:\n%s", strings.Join(r.misses, "\n"))
	if r.withEnds { // a reference of lines only has no ranges to differ
		t.Logf("other ranges:\n%s", strings.Join(r.inexact, "\n"))
	}
	t.Logf("not listed by %s:\n%s", ref, strings.Join(r.extra, "\n"))
	if r.nesting || r.ordered {
		t.Logf("placed otherwise in the map:\n%s", strings.Join(r.misplaced, "\n"))
	}
}

// wantMatched fails t when less than pct percent of a language's definitions are in the map,
// with the first misses; what names the definitions ("Ruby definitions").
func (r *refResult) wantMatched(t *testing.T, what string, pct float64) {
	t.Helper()
	for _, l := range r.langs() {
		if c := r.tallies[l]["all"]; refPct(c.matched, c.defs) < pct {
			t.Errorf("%s%d of %d %s in the map (%s), want >= %g%%; first misses:\n%s", refLangPrefix(l),
				c.matched, c.defs, what, refShare(c.matched, c.defs), pct, refFirst(r.misses))
		}
	}
}

// wantExact fails t when less than pct percent of a language's definitions have exactly the
// reference's lines in the map, with the first others (those with other lines, then the misses);
// what names the definitions.
func (r *refResult) wantExact(t *testing.T, what string, pct float64) {
	t.Helper()
	for _, l := range r.langs() {
		if c := r.tallies[l]["all"]; refPct(c.exact, c.defs) < pct {
			t.Errorf("%s%d of %d %s with the reference's lines (%s), want >= %g%%; first others:\n%s", refLangPrefix(l),
				c.exact, c.defs, what, refShare(c.exact, c.defs), pct, refFirst(slices.Concat(r.inexact, r.misses)))
		}
	}
}

// wantKindsExact fails t for each kind of at least minDefs definitions of which less than pct
// percent have exactly the reference's lines in the map, so that a kind gone wrong cannot hide
// among the others; what names the definitions.
func (r *refResult) wantKindsExact(t *testing.T, what string, pct float64, minDefs int) {
	t.Helper()
	for _, l := range r.langs() {
		for _, k := range r.kinds(l) {
			if c := r.tallies[l][k]; k != "all" && c.defs >= minDefs && refPct(c.exact, c.defs) < pct {
				t.Errorf("%s%d of %d %s of kind %s with the reference's lines (%s), want >= %g%%", refLangPrefix(l),
					c.exact, c.defs, what, k, refShare(c.exact, c.defs), pct)
			}
		}
	}
}

// wantFewExtra fails t when more than pct percent of the symbols measured are not listed by the
// reference, which ref names, with the first of them.
func (r *refResult) wantFewExtra(t *testing.T, ref string, pct float64) {
	t.Helper()
	if p := refPct(len(r.extra), r.counted); p > pct {
		t.Errorf("%d of %d readmap symbols not listed by %s (%.2f%%), want <= %g%%; first:\n%s",
			len(r.extra), r.counted, ref, p, pct, refFirst(r.extra))
	}
}

// wantPlaced fails t when a definition's symbol is nested otherwise in the map than the
// definition in the reference, or comes in another order (as far as r checks either), with the
// first of them; what names the definitions. Nesting and order admit no difference: the
// reference is exact about both.
func (r *refResult) wantPlaced(t *testing.T, what string) {
	t.Helper()
	if len(r.misplaced) > 0 {
		t.Errorf("%d %s nested otherwise in the map, %d in another order; first:\n%s",
			r.misnested, what, r.disordered, refFirst(r.misplaced))
	}
}

// refLangPrefix starts a message about lang's definitions ("TypeScript: "), or is empty.
func refLangPrefix(lang string) string {
	if lang == "" {
		return ""
	}
	return lang + ": "
}

// refFirst returns the first 15 lines of a list, for a failure message.
func refFirst(lines []string) string { return strings.Join(lines[:min(len(lines), 15)], "\n") }

// refShare renders part as a percentage of whole with one decimal, rounded down, so that a
// table shows 100.0% only when part is whole, and never a bar met that is not.
func refShare(part, whole int) string {
	tenths := 1000 * part / max(whole, 1)
	return fmt.Sprintf("%d.%d%%", tenths/10, tenths%10)
}

// refPct is part as a percentage of whole (0 for an empty whole).
func refPct(part, whole int) float64 { return 100 * float64(part) / float64(max(whole, 1)) }
