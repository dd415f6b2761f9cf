package edit

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agnivade/levenshtein"
	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/store"
)

// maxListed bounds the matches an "ambiguous" hint lists.
const maxListed = 20

// ambiguous is the failure of an --old that matches several places: each is listed with its line
// and enclosing symbol.
func ambiguous(text []byte, f found, syms []store.Symbol, within string, all bool) error {
	msg := fmt.Sprintf("--old matches %d places%s", len(f.spans), within)
	if f.step != Exact {
		msg += " with " + f.step.describe()
	}
	idx := newLineIndex(text)
	var places []string
	for _, sp := range f.spans[:min(len(f.spans), maxListed)] {
		places = append(places, place(idx.lineAt(sp.start), syms))
	}
	if len(f.spans) > maxListed {
		places = append(places, fmt.Sprintf("… %d more", len(f.spans)-maxListed))
	}
	hint := "matches at " + strings.Join(places, ", ") + "; "
	switch {
	case f.step != Exact && all:
		hint += "--all replaces exact matches only: give --old as the file has it (read the lines first)"
	case f.step != Exact:
		hint += "give --old as the file has it (read the lines first), with lines around it that make it unique"
	default:
		hint += "add lines around --old to make it unique, name its symbol with --within SYMBOL, or pass --all to change every one"
	}
	return editError(query.CodeAmbiguous, msg, hint)
}

// place names a line and the symbol that encloses it: "line 12 (in Server > Handle [10-40])".
func place(line int, syms []store.Symbol) string {
	s := "line " + query.Thousands(line)
	if crumb := query.Breadcrumb(syms, line); crumb != "" {
		s += " (in " + crumb + ")"
	}
	return s
}

// noMatch is the failure of an --old that no step of the ladder finds: the hint names the three
// nearest blocks of lines (line, enclosing symbol, similarity), where the nearest first differs
// from --old, and whether the new text is already in the file.
func noMatch(text []byte, lo, hi int, old, repl []byte, syms []store.Symbol, display, within string) error {
	msg := "--old not found" + within + " (tried exact bytes, line endings normalised, trailing whitespace ignored, a uniform indentation offset, Unicode punctuation folded)"
	var parts []string
	blocks := nearest(text, lo, hi, old, 3)
	if len(blocks) > 0 {
		var names []string
		for _, b := range blocks {
			names = append(names, fmt.Sprintf("%s (similarity %.2f)", placeSpan(b.first, b.last, syms), b.sim))
		}
		parts = append(parts, "nearest: "+strings.Join(names, ", "))
		if b := blocks[0]; b.diffLine > 0 {
			parts = append(parts, fmt.Sprintf("at line %s the file has %s where --old has %s",
				query.Thousands(b.diffLine), quoteLine(b.got), quoteLine(b.want)))
		}
	}
	if !utf8.Valid(text) && bytes.Contains(old, []byte("\uFFFD")) {
		parts = append(parts, "the file is not valid UTF-8 and --old holds U+FFFD, which stands for bytes it does not have: leave those characters out of --old, or edit by --symbol")
	}
	parts = append(parts, alreadyThere(text, lo, hi, repl, syms))
	if len(blocks) > 0 {
		parts = append(parts, fmt.Sprintf("read the nearest with: readmap read %s --lines %d-%d", query.DisplayPath(display), blocks[0].first, blocks[0].last))
	}
	return editError(query.CodeNoMatch, msg, clip(strings.Join(parts, "; "), 4000))
}

// placeSpan names lines first-last and the symbol that encloses the first.
func placeSpan(first, last int, syms []store.Symbol) string {
	s := "lines " + query.Thousands(first) + "-" + query.Thousands(last)
	if first == last {
		s = "line " + query.Thousands(first)
	}
	if crumb := query.Breadcrumb(syms, first); crumb != "" {
		s += " in " + crumb
	}
	return s
}

// quoteLine shows a line in Go's quotes (tabs and other controls visible), cut to 120 bytes.
func quoteLine(b []byte) string {
	return strconv.Quote(clip(string(b), 120))
}

// alreadyThere says whether the new text is in the text already, and where.
func alreadyThere(text []byte, lo, hi int, repl []byte, syms []store.Symbol) string {
	if len(bytes.TrimSpace(repl)) == 0 {
		return "--new is empty: if the text was removed already, there is nothing left to do"
	}
	var f found
	if t := bytes.TrimSpace(repl); len(t) < 8 && bytes.IndexByte(t, '\n') < 0 {
		// A short text is in most files somewhere: only a whole line of it tells.
		ol, endsNL := splitOld(t)
		fl := lines(text, lo, hi)
		for _, step := range []Step{TrailingSpace, Indentation} {
			if f = lineSpans(text, fl, hi, ol, endsNL, step); len(f.spans) > 0 {
				break
			}
		}
	} else {
		f = find(text, lo, hi, repl)
	}
	if len(f.spans) == 0 {
		return "the new text is not in the file either"
	}
	line := newLineIndex(text).lineAt(f.spans[0].start)
	how := ""
	if f.step != Exact {
		how = " (" + f.step.describe() + ")"
	}
	return fmt.Sprintf("the new text is already in the file at %s%s: the edit may have been made already", place(line, syms), how)
}

// block is a run of lines of the file near --old.
type block struct {
	first, last int     // 1-based lines of the file
	sim         float64 // 0 to 1
	diffLine    int     // the first line that differs from --old's, 0 when none does
	got, want   []byte  // that line of the file, and of --old
}

// nearest returns up to k runs of lines of text[lo:hi], as many as --old has, most similar to
// --old first, without overlaps. Candidates come cheaply (lines equal to one of --old's, and lines
// whose character pairs resemble --old's longest line); each is then scored line by line with
// edit distances.
func nearest(text []byte, lo, hi int, old []byte, k int) []block {
	ol, _ := splitOld(old)
	fl := lines(text, lo, hi)
	if len(ol) == 0 || len(fl) == 0 {
		return nil
	}
	n := min(len(ol), len(fl))
	starts := map[int]bool{}
	for _, s := range votedStarts(text, fl, ol, 8) {
		starts[s] = true
	}
	for _, s := range anchorStarts(text, fl, ol, 8) {
		starts[s] = true
	}
	firstLine := newLineIndex(text).lineAt(lo)
	var blocks []block
	for s := range starts {
		s = min(max(s, 0), len(fl)-n)
		b := score(text, fl[s:s+n], ol)
		b.first, b.last = firstLine+s, firstLine+s+n-1
		if b.diffLine > 0 {
			b.diffLine += firstLine + s - 1
		}
		blocks = append(blocks, b)
	}
	sort.Slice(blocks, func(i, j int) bool {
		if blocks[i].sim != blocks[j].sim {
			return blocks[i].sim > blocks[j].sim
		}
		return blocks[i].first < blocks[j].first
	})
	var out []block
	for _, b := range blocks {
		if len(out) == k || b.sim <= 0 {
			break
		}
		overlaps := false
		for _, o := range out {
			if b.first <= o.last && o.first <= b.last {
				overlaps = true
			}
		}
		if !overlaps {
			out = append(out, b)
		}
	}
	return out
}

// votedStarts returns the starts (indexes into fl) that most lines of the file equal to a line of
// --old, trimmed, point at. Short lines ("}", "end") and lines the file has very often say little
// and are left out.
func votedStarts(text []byte, fl []line, ol [][]byte, k int) []int {
	at := map[string][]int{}
	for i, l := range ol {
		if t := bytes.TrimSpace(l); len(t) >= 4 {
			at[string(t)] = append(at[string(t)], i)
		}
	}
	if len(at) == 0 {
		return nil
	}
	seen := map[string]int{}
	votes := map[int]int{}
	for j, l := range fl {
		t := bytes.TrimSpace(text[l.start:l.end])
		ks, ok := at[string(t)]
		if !ok {
			continue
		}
		if seen[string(t)]++; seen[string(t)] > 1000 {
			continue
		}
		for _, i := range ks {
			votes[j-i]++
		}
	}
	return topK(votes, k)
}

// anchorStarts returns starts aligning --old's longest line with the lines of the file most like
// it, by the share of character pairs they have in common.
func anchorStarts(text []byte, fl []line, ol [][]byte, k int) []int {
	anchor, at := []byte(nil), -1
	for i, l := range ol {
		if t := bytes.TrimSpace(l); len(t) > len(anchor) {
			anchor, at = t, i
		}
	}
	if len(anchor) < 2 {
		return nil
	}
	anchor = anchor[:min(len(anchor), 200)]
	var table [1 << 16]uint16
	pairs := 0
	for i := 0; i+1 < len(anchor); i++ {
		table[pair(anchor, i)]++
		pairs++
	}
	scores := map[int]int{} // start -> score in thousandths
	var touched []uint16
	for j, l := range fl {
		t := bytes.TrimSpace(text[l.start:l.end])
		if len(t) < 2 || len(t) < len(anchor)/3 || len(t) > 3*len(anchor) {
			continue
		}
		t = t[:min(len(t), 600)]
		common := 0
		touched = touched[:0]
		for i := 0; i+1 < len(t); i++ {
			p := pair(t, i)
			if table[p] > 0 {
				table[p]--
				touched = append(touched, p)
				common++
			}
		}
		for _, p := range touched {
			table[p]++
		}
		if dice := 2000 * common / (pairs + len(t) - 1); dice > 300 {
			if s := j - at; dice > scores[s] {
				scores[s] = dice
			}
		}
	}
	return topK(scores, k)
}

// pair is the two bytes at b[i:i+2], ASCII letters lower-cased.
func pair(b []byte, i int) uint16 {
	lower := func(c byte) byte {
		if c >= 'A' && c <= 'Z' {
			return c + 'a' - 'A'
		}
		return c
	}
	return uint16(lower(b[i]))<<8 | uint16(lower(b[i+1]))
}

// topK returns the k keys of m with the highest values, ties to the lower key.
func topK(m map[int]int, k int) []int {
	keys := make([]int, 0, len(m))
	for key := range m {
		keys = append(keys, key)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	return keys[:min(k, len(keys))]
}

// score compares the lines win of the file with --old's lines: the similarity is one minus the
// edit distance over the length of the longer, summed over the lines (trailing whitespace left
// out, at most 300 lines of at most 500 bytes each).
func score(text []byte, win []line, ol [][]byte) block {
	var b block
	dist, total := 0, 0
	for i := range min(len(win), len(ol), 300) {
		got := rstrip(text[win[i].start:win[i].end])
		want := rstrip(ol[i])
		if b.diffLine == 0 && !bytes.Equal(got, want) {
			b.diffLine, b.got, b.want = i+1, got, want
		}
		g, w := string(got[:min(len(got), 500)]), string(want[:min(len(want), 500)])
		longer := max(utf8.RuneCountInString(g), utf8.RuneCountInString(w))
		if longer == 0 {
			longer = 1 // two blank lines: equal
		}
		dist += levenshtein.ComputeDistance(g, w)
		total += longer
	}
	if total > 0 {
		b.sim = 1 - float64(dist)/float64(total)
	}
	return b
}
