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

// The differential tests of Ruby, Scala, Elixir, JavaScript and TypeScript share this: each runs
// its language's own parser over a corpus and turns what it prints into refDefs; refCompare
// measures the maps against them both ways, and refResult renders the -v table and checks the
// bars each test sets.

// refDef is one definition a language's own parser reports; lines are 1-based and inclusive.
type refDef struct {
	Path, Kind, Name string
	Start, End       int
	// Lang, when set, is the language the definition is counted under, for a test that measures
	// several (TypeScript's: the map's language of the file).
	Lang string
	// RunStart and RunEnd, when set, are the lines of the run of overloads the definition belongs
	// to: the map holds one symbol for the run, and must have its lines.
	RunStart, RunEnd int
}

// lines returns the lines the map's symbol for d must have exactly: its run's, or its own.
func (d refDef) lines() (start, end int) {
	if d.RunStart > 0 {
		return d.RunStart, d.RunEnd
	}
	return d.Start, d.End
}

// refTally counts the definitions of one kind: how many the reference lists, how many are in the
// map (a symbol of the same name holds their first line), how many with exactly their lines.
type refTally struct{ defs, matched, exact int }

// refResult is what refCompare measures.
type refResult struct {
	tallies map[string]map[string]*refTally // by refDef.Lang, then kind ("all" for every kind)
	// misses are the definitions not in the map, inexact those in it with other lines, extra the
	// counted symbols of the map that no definition of the same name starts in; one line each.
	misses, inexact, extra []string
	counted                int // the map's symbols measured for extra
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

// refSameName is refCompare's same for a reference that names definitions as ctags does (see
// ctagsSameName).
func refSameName(d refDef, s *store.Symbol) bool { return ctagsSameName(d.Name, s.Name, s.Qualname) }

// refKinds returns refCompare's counted for symbols of kinds.
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

// refCompare measures maps (by path) against the reference's definitions. A definition is in the
// map when a symbol of the same name (by same) holds its first line, and exact when that symbol
// has its lines. The other way round, each symbol for which counted holds must hold the first
// line of a definition of the same name: the others would be made up.
func refCompare(maps map[string]*FileMap, defs []refDef, same func(d refDef, s *store.Symbol) bool,
	counted func(s *store.Symbol) bool) *refResult {
	r := &refResult{tallies: map[string]map[string]*refTally{}}
	// Indexes by line, that keep a corpus of large files from costing its definitions times its
	// symbols: the symbols of each file by first line, the definitions by first line.
	starting := map[string]map[int][]*store.Symbol{}
	for path, f := range maps {
		starting[path] = map[int][]*store.Symbol{}
		for i := range f.Symbols {
			s := &f.Symbols[i]
			starting[path][s.StartLine] = append(starting[path][s.StartLine], s)
		}
	}
	listed := map[string][]refDef{}
	for _, d := range defs {
		listed[d.Path] = append(listed[d.Path], d)
		start, end := d.lines()
		// Most definitions have a symbol with exactly their lines; only the others need the names
		// and lines of every symbol of the same name, for their line in the misses.
		if slices.ContainsFunc(starting[d.Path][start], func(s *store.Symbol) bool {
			return s.EndLine == end && s.StartLine <= d.Start && d.Start <= s.EndLine && same(d, s)
		}) {
			r.tally(d.Lang, d.Kind, true, true, "")
			continue
		}
		matched, exact := false, false
		var near []string
		for i := range maps[d.Path].Symbols {
			s := &maps[d.Path].Symbols[i]
			if !same(d, s) {
				continue
			}
			if s.StartLine <= d.Start && d.Start <= s.EndLine {
				matched = true
			}
			if s.StartLine == start && s.EndLine == end {
				exact = true
			}
			near = append(near, fmt.Sprintf("%d-%d", s.StartLine, s.EndLine))
		}
		r.tally(d.Lang, d.Kind, matched, exact,
			fmt.Sprintf("  %s:%d-%d %s %s readmap %s", d.Path, start, end, d.Kind, d.Name, strings.Join(near, ",")))
	}
	paths := make([]string, 0, len(maps))
	for path := range maps {
		paths = append(paths, path)
		slices.SortStableFunc(listed[path], func(a, b refDef) int { return a.Start - b.Start })
	}
	sort.Strings(paths)
	for _, path := range paths {
		for i := range maps[path].Symbols {
			s := &maps[path].Symbols[i]
			if !counted(s) {
				continue
			}
			r.counted++
			// listed[path] is by first line: the definitions s holds the first line of are a run.
			in := listed[path][sort.Search(len(listed[path]), func(j int) bool { return listed[path][j].Start >= s.StartLine }):]
			found := false
			for _, d := range in {
				if d.Start > s.EndLine {
					break
				}
				if same(d, s) {
					found = true
					break
				}
			}
			if !found {
				name := s.Name
				if s.Qualname != s.Name {
					name += " (" + s.Qualname + ")"
				}
				r.extra = append(r.extra, fmt.Sprintf("  %s:%d-%d %s %s", path, s.StartLine, s.EndLine, s.Kind, name))
			}
		}
	}
	return r
}

// tally counts a definition of kind under lang, found in the map or not, with exactly its lines
// or not; where says which in the misses or other ranges.
func (r *refResult) tally(lang, kind string, matched, exact bool, where string) {
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
		if matched {
			c.matched++
		}
		if exact {
			c.exact++
		}
	}
	switch {
	case !matched:
		r.misses = append(r.misses, where)
	case !exact:
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
// definitions have one; ref names the reference in the header ("Ruby defs").
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
	rows := []string{fmt.Sprintf("%s %s | matched |      %% | same lines |      %% |", lead("language", "kind"), defs)}
	for _, l := range r.langs() {
		for _, k := range r.kinds(l) {
			c := r.tallies[l][k]
			rows = append(rows, fmt.Sprintf("%s %*d | %7d | %5.1f%% | %10d | %5.1f%% |", lead(l, k), len(defs), c.defs,
				c.matched, refPct(c.matched, c.defs), c.exact, refPct(c.exact, c.defs)))
		}
	}
	return strings.Join(rows, "\n")
}

// logMisses logs every miss, other range and extra symbol when READMAP_SHOW_MISSES is set; ref
// names the reference.
func (r *refResult) logMisses(t *testing.T, ref string) {
	t.Helper()
	if os.Getenv("READMAP_SHOW_MISSES") != "" {
		t.Logf("misses:\n%s\nother ranges:\n%s\nnot listed by %s:\n%s",
			strings.Join(r.misses, "\n"), strings.Join(r.inexact, "\n"), ref, strings.Join(r.extra, "\n"))
	}
}

// wantMatched fails t when less than pct percent of a language's definitions are in the map,
// with the first misses; what names the definitions ("Ruby definitions").
func (r *refResult) wantMatched(t *testing.T, what string, pct float64) {
	t.Helper()
	for _, l := range r.langs() {
		if c := r.tallies[l]["all"]; refPct(c.matched, c.defs) < pct {
			t.Errorf("%s%d of %d %s in the map (%.1f%%), want >= %g%%; first misses:\n%s", refLangPrefix(l),
				c.matched, c.defs, what, refPct(c.matched, c.defs), pct, refFirst(r.misses))
		}
	}
}

// wantExact fails t when less than pct percent of a language's definitions have exactly the
// reference's lines in the map, with the first others; what names the definitions.
func (r *refResult) wantExact(t *testing.T, what string, pct float64) {
	t.Helper()
	for _, l := range r.langs() {
		if c := r.tallies[l]["all"]; refPct(c.exact, c.defs) < pct {
			t.Errorf("%s%d of %d %s with the reference's lines (%.1f%%), want >= %g%%; first others:\n%s", refLangPrefix(l),
				c.exact, c.defs, what, refPct(c.exact, c.defs), pct, refFirst(r.inexact))
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
				t.Errorf("%s%d of %d %s of kind %s with the reference's lines (%.1f%%), want >= %g%%", refLangPrefix(l),
					c.exact, c.defs, what, k, refPct(c.exact, c.defs), pct)
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

// refLangPrefix starts a message about lang's definitions ("TypeScript: "), or is empty.
func refLangPrefix(lang string) string {
	if lang == "" {
		return ""
	}
	return lang + ": "
}

// refFirst returns the first 15 lines of a list, for a failure message.
func refFirst(lines []string) string { return strings.Join(lines[:min(len(lines), 15)], "\n") }

// refPct is part as a percentage of whole (0 for an empty whole).
func refPct(part, whole int) float64 { return 100 * float64(part) / float64(max(whole, 1)) }
