package lang

import (
	"fmt"
	"slices"
	"strings"

	"github.com/readmap/readmap/store"
)

// withHeuristicsIn adds to res the definitions the line heuristics find in the spans its mapper
// could not read (res.Unparsed: syntax errors), on lines where no symbol of the mapper's starts,
// and says so in the summary the map's header shows: a parse with syntax errors never drops
// declarations silently (design section 5). The heuristics' definitions come in as top-level
// symbols (a method the mapper lost is not put back in its class), cut short of the next line a
// symbol of the mapper's starts on.
func withHeuristicsIn(res *Result, src []byte, lines int) *Result {
	if len(res.Unparsed) == 0 {
		return res
	}
	starts := make([]bool, lines+2) // lines a symbol of the mapper's starts on
	for _, s := range res.Symbols {
		if s.StartLine >= 1 && s.StartLine <= lines {
			starts[s.StartLine] = true
		}
	}
	inUnparsed := func(line int) bool {
		return slices.ContainsFunc(res.Unparsed, func(sp [2]int) bool { return sp[0] <= line && line <= sp[1] })
	}
	var added []store.Symbol
	for _, h := range fallbackHeuristics(src, lines) {
		if h.Kind == store.KindLandmark || h.StartLine < 1 || h.StartLine > lines ||
			starts[h.StartLine] || !inUnparsed(h.StartLine) {
			continue
		}
		end := h.StartLine
		for end < min(h.EndLine, lines) && !starts[end+1] {
			end++
		}
		h.EndLine, h.Parent, h.Depth, h.Qualname = end, -1, 0, h.Name
		added = append(added, h)
	}
	out := *res
	out.Summary = orDefault(res.Summary, unparsedSummary(res.Unparsed, len(added)))
	if len(added) > 0 {
		out.Symbols = mergeTopLevel(res.Symbols, added)
	}
	return &out
}

// mergeTopLevel returns syms with the top-level symbols added placed in source order: each goes
// before the first top-level symbol of syms that starts after it, its children kept behind it.
func mergeTopLevel(syms, added []store.Symbol) []store.Symbol {
	out := make([]store.Symbol, 0, len(syms)+len(added))
	newIndex := make([]int, len(syms))
	a := 0
	for i, s := range syms {
		if s.Parent == -1 {
			for a < len(added) && added[a].StartLine < s.StartLine {
				out = append(out, added[a])
				a++
			}
		}
		newIndex[i] = len(out)
		if s.Parent >= 0 {
			s.Parent = newIndex[s.Parent]
		}
		out = append(out, s)
	}
	return append(out, added[a:]...)
}

// unparsedSummary says which lines held syntax errors and how many definitions the heuristics
// found there.
func unparsedSummary(spans [][2]int, found int) string {
	var parts []string
	for i, sp := range spans {
		if i == 3 {
			parts = append(parts, fmt.Sprintf("and %d more", len(spans)-i))
			break
		}
		if sp[0] == sp[1] {
			parts = append(parts, fmt.Sprint(sp[0]))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", sp[0], sp[1]))
		}
	}
	at := "syntax errors at lines " + strings.Join(parts, ", ")
	if found == 0 {
		return at
	}
	return fmt.Sprintf("%s; %d definitions there are the line heuristics'", at, found)
}

// maxUnparsedSpans bounds the syntax error spans a scanner reports, so that a file broken on every
// other line cannot make the map's look-ups of them quadratic: past it, one span runs on from the
// last one kept to the end of the last one reported.
const maxUnparsedSpans = 64

// appendSpan appends the span from line from to line to to spans, joined with the last one when
// they overlap or touch: a scanner meets its syntax errors in the order of their lines, and a file
// broken on every line keeps one span.
func appendSpan(spans [][2]int, from, to int) [][2]int {
	if n := len(spans); n > 0 && from-1 <= spans[n-1][1] && from >= spans[n-1][0] {
		spans[n-1][1] = max(spans[n-1][1], to)
		return spans
	}
	return append(spans, [2]int{from, to})
}

// joinSpans returns the syntax error spans (1-based lines, inclusive) of a scanner in the order
// of their starts, with the spans that overlap or touch joined and every end cut at last, the
// file's last line.
func joinSpans(spans [][2]int, last int) [][2]int {
	if len(spans) == 0 {
		return nil
	}
	slices.SortFunc(spans, func(a, b [2]int) int { return a[0] - b[0] })
	last = max(last, 1)
	for i := range spans {
		// The end of a file after its last newline is on the line after it.
		spans[i][0] = min(spans[i][0], last)
		spans[i][1] = max(min(spans[i][1], last), spans[i][0])
	}
	out := spans[:1]
	for _, sp := range spans[1:] {
		if prev := &out[len(out)-1]; sp[0]-1 <= prev[1] || len(out) == maxUnparsedSpans {
			prev[1] = max(prev[1], sp[1])
		} else {
			out = append(out, sp)
		}
	}
	return out
}

// bracketDepth is what each byte adds to the count of brackets open: ( [ { open, ) ] } close.
var bracketDepth = [256]int8{'(': 1, '[': 1, '{': 1, ')': -1, ']': -1, '}': -1}

// unclosedToEnd is what a lexer that counts its open brackets (depth) reports as unparsed once
// it has read the whole of src, a file of lines lines: from unclosedAt, the line of a comment or
// string left open, or else, with brackets still open, from the innermost of them, which
// openAtEnd finds by reading src again; to the end. Nothing when neither.
func unclosedToEnd(unclosedAt, depth, lines int, src []byte, openAtEnd func([]byte) int) [][2]int {
	if unclosedAt == 0 && depth > 0 {
		unclosedAt = openAtEnd(src)
	}
	return toEnd(unclosedAt, lines)
}

// toEnd is the span from line from to the file's last line (lines), or none when from is 0: what
// a scanner that met a comment, string or bracket left open at the end could not read.
func toEnd(from, lines int) [][2]int {
	if from == 0 {
		return nil
	}
	return [][2]int{{from, max(lines, from)}}
}

// innermostOpen reads a file's tokens with step, which gives each token's line and what it adds
// to the depth (1 opens, -1 closes, 0 neither), until it reports the end; it returns the line of
// the innermost opener still open then, or 0. A scanner runs it only when its count of open
// brackets ended above zero, to say where the file's damage starts.
func innermostOpen(step func() (line int, depth int8, more bool)) int {
	var open []int
	for line, d, more := step(); more; line, d, more = step() {
		switch {
		case d > 0:
			open = append(open, line)
		case d < 0 && len(open) > 0:
			open = open[:len(open)-1]
		}
	}
	if len(open) == 0 {
		return 0
	}
	return open[len(open)-1]
}
