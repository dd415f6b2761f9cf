package edit

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/store"
)

// Options are what applying edits needs besides the file's content.
type Options struct {
	// Display is the path as messages name it.
	Display string
	// Symbols are the file's symbols, fresh for its bytes.
	Symbols []store.Symbol
	// Remap maps an edited text, for an edit of a batch that names a symbol after an edit before
	// it changed the text: its ranges must be the text's as it then is. Nil refuses such a batch.
	Remap func(text []byte) []store.Symbol
}

// Change is edits applied in memory: the new text and bytes, how each edit matched, and the
// regions that changed.
type Change struct {
	Doc   *Document
	Text  []byte // the edited text (Document.Text's form)
	Bytes []byte // the file's new bytes
	// Steps says how each edit found its target; Counts how many places it changed.
	Steps  []Step
	Counts []int
	// Shifts describes, for an edit matched by indentation, the offset it applied ("" otherwise).
	Shifts    []string
	Notes     []string
	Unchanged bool // the edits leave the file as it was
	regions   []region
}

// region is a part of the text that edits changed: [start, end) in the current text, which held
// end-start-delta bytes before.
type region struct{ start, end, delta int }

// Apply applies edits to doc in order, in memory, all or nothing: the first that cannot be
// applied fails the whole request with a *query.Error saying which edit, why, and what to do.
func Apply(doc *Document, edits []Edit, opt Options) (*Change, error) {
	c := &Change{Doc: doc}
	text := doc.Text
	syms, fresh := opt.Symbols, true
	symbols := func() ([]store.Symbol, error) {
		if !fresh {
			if opt.Remap == nil {
				return nil, editError(query.CodeFailed, "the symbols of the edited text are not known", "apply this edit in a batch of its own")
			}
			syms, fresh = opt.Remap(text), true
		}
		return syms, nil
	}
	var newTexts [][]byte
	for i, e := range edits {
		var err error
		var next []byte
		step, count, how := Exact, 0, ""
		if e.Symbol != "" {
			next, err = c.applySymbol(text, e, symbols, opt.Display)
			step, count = SymbolRange, 1
		} else {
			next, step, count, how, err = c.applyText(text, e, symbols, opt.Display, len(edits) > 1)
		}
		if err != nil {
			if len(edits) > 1 {
				return nil, inBatch(err, i, len(edits))
			}
			return nil, err
		}
		for _, t := range []*string{e.New, e.InsertBefore, e.InsertAfter} {
			if t != nil {
				newTexts = append(newTexts, []byte(*t))
			}
		}
		if !bytes.Equal(next, text) {
			fresh = false
		}
		text = next
		c.Steps, c.Counts, c.Shifts = append(c.Steps, step), append(c.Counts, count), append(c.Shifts, how)
	}
	text = c.keepFinalEOL(doc.Text, text)
	c.Text = text
	c.Unchanged = bytes.Equal(text, doc.Text)
	c.Notes = doc.notes(newTexts)
	if c.Unchanged {
		c.Bytes = doc.Source()
		return c, nil
	}
	out, err := doc.Encode(text)
	if err != nil {
		return nil, editError(query.CodeNotEditable, err.Error(), "give the new text as UTF-8")
	}
	c.Bytes = out
	return c, nil
}

// inBatch names the edit of a batch that failed.
func inBatch(err error, i, n int) error {
	qe, ok := err.(*query.Error)
	if !ok {
		return fmt.Errorf("edit %d of %d: %w", i+1, n, err)
	}
	msg := fmt.Sprintf("edit %d of %d: %s", i+1, n, qe.Msg)
	if i > 0 {
		msg += " (in the text as the edits before it left it)"
	}
	return editError(qe.Code, msg, qe.Hint+"; nothing was written: a batch applies all its edits or none")
}

// replace puts repl in place of text[s:e] and records the region.
func (c *Change) replace(text []byte, s, e int, repl []byte) []byte {
	return c.replaceAll(text, []span{{s, e}}, [][]byte{repl})
}

// replaceAll puts repls[i] in place of text[spans[i]] (spans in order, apart) in one pass, and
// records the regions.
func (c *Change) replaceAll(text []byte, spans []span, repls [][]byte) []byte {
	size := len(text)
	for i, sp := range spans {
		size += len(repls[i]) - (sp.end - sp.start)
	}
	out := make([]byte, 0, size)
	last := 0
	for i, sp := range spans {
		out = append(append(out, text[last:sp.start]...), repls[i]...)
		last = sp.end
	}
	out = append(out, text[last:]...)
	c.track(spans, repls)
	return out
}

// track records that the spans of the current text became repls: the regions of earlier edits
// (in the current text) and the new ones merge where they touch, and every region moves to the
// new text's offsets. One pass over both, in order.
func (c *Change) track(spans []span, repls [][]byte) {
	type item struct {
		start, end int
		span       bool // a new replacement, else an earlier region
		delta      int  // span: its length change; region: its own delta
	}
	items := make([]item, 0, len(spans)+len(c.regions))
	i, j := 0, 0
	for i < len(c.regions) || j < len(spans) {
		if j == len(spans) || (i < len(c.regions) && c.regions[i].start <= spans[j].start) {
			r := c.regions[i]
			items = append(items, item{r.start, r.end, false, r.delta})
			i++
			continue
		}
		sp := spans[j]
		items = append(items, item{sp.start, sp.end, true, len(repls[j]) - (sp.end - sp.start)})
		j++
	}
	var out []region
	shift := 0 // the length change of the spans before the open group
	for k := 0; k < len(items); {
		start, end := items[k].start, items[k].end
		spanD, delta := 0, 0
		for ; k < len(items) && items[k].start <= end; k++ {
			end = max(end, items[k].end)
			delta += items[k].delta
			if items[k].span {
				spanD += items[k].delta
			}
		}
		out = append(out, region{start: start + shift, end: end + shift + spanD, delta: delta})
		shift += spanD
	}
	c.regions = out
}

// applyText applies an --old/--new edit: the ladder finds --old (inside --within's symbol when
// given), and --new, in the file's line ending (and indentation, for a match by indentation),
// takes its place.
func (c *Change) applyText(text []byte, e Edit, symbols func() ([]store.Symbol, error), display string, batch bool) ([]byte, Step, int, string, error) {
	old, repl := []byte(*e.Old), []byte(*e.New)
	lo, hi := 0, len(text)
	within := ""
	if e.Within != "" {
		syms, err := symbols()
		if err != nil {
			return nil, 0, 0, "", err
		}
		sym, err := query.FindSymbol(syms, e.Within, display)
		if err != nil {
			return nil, 0, 0, "", withinError(err)
		}
		lo, hi = lineOffsets(text, sym.StartLine, sym.EndLine)
		within = fmt.Sprintf(" inside %s (lines %d-%d)", query.Printable(sym.Qualname), sym.StartLine, sym.EndLine)
	}
	f := find(text, lo, hi, old)
	switch {
	case len(f.spans) == 0:
		syms, _ := symbols()
		return nil, 0, 0, "", noMatch(text, lo, hi, old, repl, syms, display, within)
	case len(f.spans) > 1 && (f.step != Exact || !e.All):
		syms, _ := symbols()
		return nil, 0, 0, "", ambiguous(text, f, syms, within, e.All)
	}
	how := ""
	if f.shift.by != "" {
		how = describeShift(f.shift)
	}
	repls := make([][]byte, len(f.spans))
	for i, sp := range f.spans {
		repls[i] = reindent(withEOL(repl, EOL(text, sp.start)), f.shift)
	}
	return c.replaceAll(text, f.spans, repls), f.step, len(f.spans), how, nil
}

// withinError says that the --within name is the problem, not --symbol's.
func withinError(err error) error {
	if qe, ok := err.(*query.Error); ok {
		return editError(qe.Code, "--within: "+qe.Msg, qe.Hint)
	}
	return err
}

// describeShift says how a match by indentation moved the new text.
func describeShift(sh shift) string {
	what := fmt.Sprintf("%d spaces", len(sh.by))
	if strings.Trim(sh.by, "\t") == "" {
		what = fmt.Sprintf("%d tabs", len(sh.by))
	} else if strings.Trim(sh.by, " ") != "" {
		what = fmt.Sprintf("%q", sh.by)
	}
	if sh.add {
		return "indented by " + what + " more, as the file has it"
	}
	return "indented by " + what + " less, as the file has it"
}

// applySymbol applies a --symbol edit: the symbol's lines (as read --symbol shows them) are
// replaced, deleted, or get whole lines before or after them, in the file's line ending.
func (c *Change) applySymbol(text []byte, e Edit, symbols func() ([]store.Symbol, error), display string) ([]byte, error) {
	syms, err := symbols()
	if err != nil {
		return nil, err
	}
	sym, err := query.FindSymbol(syms, e.Symbol, display)
	if qe, ok := err.(*query.Error); ok && qe.Code == query.CodeAmbiguous {
		return nil, editError(qe.Code, qe.Msg, qe.Hint+"; or change one with --old TEXT, its lines as read --lines A-B shows them")
	}
	if err != nil {
		return nil, err
	}
	s, end := lineOffsets(text, sym.StartLine, sym.EndLine)
	eol := EOL(text, s)
	switch {
	case e.New != nil:
		return c.replace(text, s, end, wholeLines([]byte(*e.New), eol)), nil
	case e.Delete:
		return c.replace(text, s, end, nil), nil
	case e.InsertBefore != nil:
		return c.replace(text, s, s, wholeLines([]byte(*e.InsertBefore), eol)), nil
	default:
		ins := wholeLines([]byte(*e.InsertAfter), eol)
		if len(ins) > 0 && end == len(text) && !endsWithEOL(text) {
			ins = append([]byte(eol), ins...) // after a last line without an ending
		}
		return c.replace(text, end, end, ins), nil
	}
}

// keepFinalEOL gives text the final line ending orig has, or takes away the one it has not: an
// edit never adds or removes the last newline of a file.
func (c *Change) keepFinalEOL(orig, text []byte) []byte {
	switch {
	case len(orig) == 0 || len(text) == 0:
		return text
	case endsWithEOL(orig) && !endsWithEOL(text):
		return c.replace(text, len(text), len(text), []byte(EOL(orig, len(orig))))
	case !endsWithEOL(orig) && endsWithEOL(text):
		n := 1
		if len(text) > 1 && text[len(text)-2] == '\r' {
			n = 2
		}
		return c.replace(text, len(text)-n, len(text), nil)
	}
	return text
}

// lineOffsets returns the byte range of lines first to last (1-based, inclusive) of text: from
// the start of the first to the start of the line after the last (its line ending included), or
// the end of the text.
func lineOffsets(text []byte, first, last int) (int, int) {
	start, end := -1, len(text)
	line, off := 1, 0
	for {
		if line == first {
			start = off
		}
		if line == last+1 {
			end = off
			break
		}
		i := bytes.IndexByte(text[off:], '\n')
		if i < 0 {
			break
		}
		off += i + 1
		line++
	}
	if start < 0 {
		start = len(text)
	}
	return start, max(start, end)
}

// Region is a changed part of the file: lines OldFirst-OldLast of the old text became lines
// NewFirst-NewLast of the new one. A range with Last < First is empty: lines were inserted
// (old) or removed (new) before line First.
type Region struct {
	OldFirst, OldLast, NewFirst, NewLast int
	oldStart, oldEnd, newStart, newEnd   int // byte offsets
}

// Regions returns the changed regions in order, with their byte ranges in the old and the new
// text and their whole lines.
func (c *Change) Regions() []Region {
	var out []Region
	shift := 0
	newIdx, oldIdx := newLineIndex(c.Text), newLineIndex(c.Doc.Text)
	for _, r := range c.regions {
		oldStart := r.start - shift
		oldEnd := oldStart + (r.end - r.start) - r.delta
		shift += r.delta
		g := Region{oldStart: oldStart, oldEnd: oldEnd, newStart: r.start, newEnd: r.end}
		g.OldFirst, g.OldLast = oldIdx.span(oldStart, oldEnd)
		g.NewFirst, g.NewLast = newIdx.span(r.start, r.end)
		out = append(out, g)
	}
	return out
}

// lineIndex answers the line of an offset in a text, counting from the last answer when asked in
// order.
type lineIndex struct {
	text       []byte
	off, lines int // lines is the number of '\n' before off
}

func newLineIndex(text []byte) *lineIndex { return &lineIndex{text: text} }

// lineAt returns the 1-based line of offset off.
func (x *lineIndex) lineAt(off int) int {
	off = min(max(off, 0), len(x.text))
	if off < x.off {
		x.off, x.lines = 0, 0
	}
	x.lines += bytes.Count(x.text[x.off:off], []byte{'\n'})
	x.off = off
	return x.lines + 1
}

// span returns the lines [first, last] that bytes [s, e) touch; last < first when the range is
// empty and sits at the start of line first.
func (x *lineIndex) span(s, e int) (int, int) {
	first := x.lineAt(s)
	if e <= s {
		return first, first - 1
	}
	last := x.lineAt(e - 1)
	return first, last
}
