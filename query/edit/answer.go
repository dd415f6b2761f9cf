package edit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/store"
)

// Answer is the result of an edit or an undo. Its JSON form is `edit --json`:
// {"path","diff","match","hash","backup","symbols",...}; its text form is the diff, then one line
// [Edited PATH: lines A-B; match: STEP; hash H; backup B], then notes.
type Answer struct {
	Path string `json:"path"`
	Diff string `json:"diff"`
	// Match is the loosest step any edit needed ("exact", "line-endings", "trailing-whitespace",
	// "indentation", "punctuation", "symbol"); Matches has each edit's, for a batch.
	Match   string   `json:"match"`
	Matches []string `json:"matches,omitempty"`
	// Hash is the hex SHA-256 of the file as it now is on disk: what the next --if-hash passes.
	Hash string `json:"hash"`
	// Backup is the backup of the file as it was, relative to the root; "" when nothing was
	// written.
	Backup string `json:"backup"`
	// Lines are the lines of the file the change now covers, [A, B]; B < A when it only removed
	// lines (before line A).
	Lines []int `json:"lines"`
	// Symbols are the symbols whose range the edit changed or moved, or that it added or removed.
	Symbols []SymbolChange `json:"symbols"`
	// Restored is, for an undo, the backup whose content the file now has.
	Restored  string   `json:"restored,omitempty"`
	DryRun    bool     `json:"dry_run,omitempty"`
	Unchanged bool     `json:"unchanged,omitempty"`
	Notes     []string `json:"notes,omitempty"`
	// Cut says what was left out to keep the answer within its budget.
	Cut string `json:"cut,omitempty"`

	// Display is the path as notices name it; Steps describe each edit's match.
	Display string `json:"-"`
	steps   []string
}

// SymbolChange is a symbol whose range an edit changed, moved, added or removed.
type SymbolChange struct {
	Qualname  string `json:"qualname"`
	Kind      string `json:"kind"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	// Change is "changed" (its lines hold a change), "moved" (only its line numbers changed),
	// "added" or "removed" (StartLine and EndLine are then the old ones).
	Change string `json:"change"`
	// Was is the range before the edit, [start, end], for a changed or moved symbol.
	Was []int `json:"was,omitempty"`
}

// NewAnswer builds the answer of a change: its diff (labelled with label, the path relative to
// the root), how each edit matched, and the lines it covers.
func NewAnswer(display, label string, c *Change) *Answer {
	a := &Answer{Path: display, Display: display, Notes: c.Notes, Symbols: []SymbolChange{}}
	loosest := Exact
	for i, s := range c.Steps {
		name := s.String()
		if c.Shifts[i] != "" {
			name += " (" + c.Shifts[i] + ")"
		}
		if c.Counts[i] > 1 {
			name += fmt.Sprintf(" ×%d", c.Counts[i])
		}
		a.steps = append(a.steps, name)
		if len(c.Steps) > 1 {
			a.Matches = append(a.Matches, s.String())
		}
		if s > loosest || i == 0 {
			loosest = s
		}
	}
	a.Match = loosest.String()
	if c.Unchanged {
		a.Unchanged = true
		return a
	}
	regions := c.Regions()
	a.Diff = diffRegions(label, c.Doc.Text, c.Text, regions)
	a.Lines = spanOf(regions)
	return a
}

// UndoAnswer builds the answer of restoring backup over the text old (Document.Text's form) with
// new.
func UndoAnswer(display, label string, old, new []byte, backup string) *Answer {
	a := &Answer{Path: display, Display: display, Restored: backup, Match: "backup", Symbols: []SymbolChange{}}
	r := regionBetween(old, new)
	if r == nil {
		a.Unchanged = true
		return a
	}
	a.Diff = diffRegions(label, old, new, []Region{*r})
	a.Lines = spanOf([]Region{*r})
	return a
}

// DiffTexts returns the unified diff between two whole texts, labelled a/LABEL and b/LABEL.
func DiffTexts(label string, old, new []byte) string {
	r := regionBetween(old, new)
	if r == nil {
		return ""
	}
	return diffRegions(label, old, new, []Region{*r})
}

// regionBetween returns the one region between the common start and the common end of old and
// new, or nil when they are equal.
func regionBetween(old, new []byte) *Region {
	if bytes.Equal(old, new) {
		return nil
	}
	p := 0
	for p < len(old) && p < len(new) && old[p] == new[p] {
		p++
	}
	s := 0
	for s < len(old)-p && s < len(new)-p && old[len(old)-1-s] == new[len(new)-1-s] {
		s++
	}
	r := &Region{oldStart: p, oldEnd: len(old) - s, newStart: p, newEnd: len(new) - s}
	r.OldFirst, r.OldLast = newLineIndex(old).span(r.oldStart, r.oldEnd)
	r.NewFirst, r.NewLast = newLineIndex(new).span(r.newStart, r.newEnd)
	return r
}

// spanOf returns the lines [A, B] of the new text that the regions cover, from the first line of
// the first to the last line of the last.
func spanOf(regions []Region) []int {
	if len(regions) == 0 {
		return nil
	}
	first, last := regions[0], regions[len(regions)-1]
	return []int{first.NewFirst, max(last.NewLast, first.NewFirst-1)}
}

// SetSymbols records the symbols whose ranges changed between before and after, given the changed
// lines of the answer.
func (a *Answer) SetSymbols(before, after []store.Symbol) {
	a.Symbols = ChangedSymbols(before, after, a.Lines)
}

// ChangedSymbols compares the symbols of a file before and after an edit whose change covers the
// new lines span ([A, B], B < A for lines removed before A). A symbol is known again by its
// qualified name, kind and rank among those of the same name and kind. It is "changed" when its
// lines hold the change (or, for removed lines, when it held them and shrank), "moved" when only
// its line numbers changed. Changed and added symbols come first, in source order, then removed
// ones, then those that only moved.
func ChangedSymbols(before, after []store.Symbol, span []int) []SymbolChange {
	holds := func(s, was store.Symbol) bool {
		switch {
		case len(span) != 2:
			return false
		case span[1] < span[0]: // lines removed before span[0]
			return s.StartLine <= span[0]-1 && span[0]-1 <= s.EndLine && s.EndLine-s.StartLine < was.EndLine-was.StartLine
		}
		return s.StartLine <= span[1] && span[0] <= s.EndLine
	}
	change := func(s store.Symbol, how string, was *store.Symbol) SymbolChange {
		sc := SymbolChange{Qualname: s.Qualname, Kind: s.Kind.String(), StartLine: s.StartLine, EndLine: s.EndLine, Change: how}
		if was != nil {
			sc.Was = []int{was.StartLine, was.EndLine}
		}
		return sc
	}
	var changed, removed, moved []SymbolChange
	// The symbols before the first difference are the same in both lists, each its own match:
	// they can only hold the change. Leaving them out of the matching below changes no match, as
	// each name and kind loses as many of them on both sides.
	p := 0
	for ; p < len(before) && p < len(after); p++ {
		b, a := before[p], after[p]
		if b.Qualname != a.Qualname || b.Kind != a.Kind || b.StartLine != a.StartLine || b.EndLine != a.EndLine {
			break
		}
		if a.Kind != store.KindLandmark && holds(a, b) {
			changed = append(changed, change(a, "changed", &b))
		}
	}
	// The rest: the n-th symbol of a name and kind after matches the n-th one before.
	type key struct {
		qual string
		kind store.Kind
	}
	type group struct {
		old              []int // indexes in before, in order
		matched, counted int   // how many after has; how many of old the removal pass has seen
	}
	var groups []group
	at := make(map[key]int, len(before)-p)
	for j := p; j < len(before); j++ {
		if s := before[j]; s.Kind != store.KindLandmark {
			k := key{s.Qualname, s.Kind}
			g, ok := at[k]
			if !ok {
				g = len(groups)
				at[k] = g
				groups = append(groups, group{})
			}
			groups[g].old = append(groups[g].old, j)
		}
	}
	for i := p; i < len(after); i++ {
		s := after[i]
		if s.Kind == store.KindLandmark {
			continue
		}
		g, ok := at[key{s.Qualname, s.Kind}]
		if !ok || groups[g].matched >= len(groups[g].old) {
			if ok {
				groups[g].matched++
			}
			changed = append(changed, change(s, "added", nil))
			continue
		}
		was := before[groups[g].old[groups[g].matched]]
		groups[g].matched++
		switch {
		case holds(s, was):
			changed = append(changed, change(s, "changed", &was))
		case was.StartLine != s.StartLine || was.EndLine != s.EndLine:
			moved = append(moved, change(s, "moved", &was))
		}
	}
	for j := p; j < len(before); j++ {
		s := before[j]
		if s.Kind == store.KindLandmark {
			continue
		}
		g := &groups[at[key{s.Qualname, s.Kind}]]
		if g.counted >= g.matched {
			removed = append(removed, change(s, "removed", nil))
		}
		g.counted++
	}
	return append(append(append([]SymbolChange{}, changed...), removed...), moved...)
}

// lines renders the answer's span: "lines 10-14", "line 7", or "lines removed before line 9".
func (a *Answer) lines() string {
	switch {
	case len(a.Lines) != 2:
		return "no lines"
	case a.Lines[1] < a.Lines[0]:
		return "lines removed before line " + query.Thousands(a.Lines[0])
	case a.Lines[0] == a.Lines[1]:
		return "line " + query.Thousands(a.Lines[0])
	}
	return "lines " + query.Thousands(a.Lines[0]) + "-" + query.Thousands(a.Lines[1])
}

// status is the line that follows the diff.
func (a *Answer) status() string {
	d := query.DisplayPath(a.Display)
	match := strings.Join(a.steps, ", ")
	switch {
	case a.Unchanged && a.Restored != "":
		return fmt.Sprintf("[Unchanged %s: it is already as its newest backup %s; nothing written; hash %s]", d, a.Restored, a.Hash)
	case a.Unchanged:
		return fmt.Sprintf("[Unchanged %s: the edit leaves the file as it is; nothing written; hash %s]", d, a.Hash)
	case a.Restored != "" && a.DryRun:
		return fmt.Sprintf("[Dry run: %s would be restored from %s (%s); nothing written; hash %s]", d, a.Restored, a.lines(), a.Hash)
	case a.Restored != "":
		return fmt.Sprintf("[Restored %s from %s: %s; hash %s; backup %s]", d, a.Restored, a.lines(), a.Hash, a.Backup)
	case a.DryRun:
		return fmt.Sprintf("[Dry run: %s would change at %s; match: %s; nothing written; hash %s]", d, a.lines(), match, a.Hash)
	}
	return fmt.Sprintf("[Edited %s: %s; match: %s; hash %s; backup %s]", d, a.lines(), match, a.Hash, a.Backup)
}

// text renders the answer with diff as its diff.
func (a *Answer) text(diff string) string {
	var b strings.Builder
	b.WriteString(diff)
	b.WriteString(a.status())
	b.WriteByte('\n')
	for _, n := range a.Notes {
		b.WriteString("[Note: " + n + "]\n")
	}
	if a.Cut != "" {
		b.WriteString("[" + a.Cut + "]\n")
	}
	return b.String()
}

// Text is the answer as text, within budget bytes as enc carries it: a diff that would take it
// over is cut at a line, with a notice naming the lines to read instead.
func (a *Answer) Text(budget int, enc query.Encoding) string {
	diff := a.Diff
	for {
		t := a.text(diff)
		n := len(t)
		if enc != query.EncodingRaw {
			n = len(strings.ToValidUTF8(t, "\uFFFD"))
		}
		if n <= budget || diff == "" {
			if enc != query.EncodingRaw {
				return strings.ToValidUTF8(t, "\uFFFD")
			}
			return t
		}
		diff = a.cut(diff, len(diff)-(n-budget)-64)
	}
}

// cut cuts the diff to at most n bytes, saying so.
func (a *Answer) cut(diff string, n int) string {
	more := "read the changed lines with: readmap read " + query.DisplayPath(a.Display)
	if len(a.Lines) == 2 && a.Lines[1] >= a.Lines[0] {
		more += fmt.Sprintf(" --lines %d-%d", a.Lines[0], a.Lines[1])
	}
	out, _ := cutDiff(diff, max(n, 0), more)
	if len(out) >= len(diff) { // the notice alone is longer than what it replaces
		return ""
	}
	return out
}

// WriteJSON writes the answer as one JSON object within budget bytes: the symbols that only moved
// are left out past 50 entries, then the diff is cut, each saying so in "cut".
func (a *Answer) WriteJSON(w io.Writer, budget int) error {
	out := *a
	if len(out.Symbols) > 50 {
		kept := out.Symbols[:50]
		left := len(out.Symbols) - 50
		out.Symbols = kept
		out.Cut = fmt.Sprintf("%d more symbols changed or moved; see them with readmap map --json %s", left, query.DisplayPath(a.Display))
	}
	for {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(out); err != nil {
			return err
		}
		if b.Len() <= budget || (out.Diff == "" && len(out.Symbols) == 0) {
			_, err := w.Write(b.Bytes())
			return err
		}
		switch {
		case out.Diff != "":
			out.Diff = a.cut(out.Diff, len(out.Diff)-(b.Len()-budget)-64)
			if !strings.Contains(out.Cut, "diff cut") {
				out.Cut = strings.TrimPrefix(out.Cut+"; the diff is cut to fit the answer", "; ")
			}
		default:
			out.Symbols = out.Symbols[:len(out.Symbols)/2]
			out.Cut = strings.TrimPrefix(out.Cut+"; symbols left out to fit the answer", "; ")
		}
	}
}
