package edit

import (
	"bytes"
	"unicode/utf8"
)

// Step is the rung of the matching ladder that found an --old text, or SymbolRange for a --symbol
// target. The ladder goes from exact bytes to ever looser comparisons; a looser step is tried
// only when every step before it found nothing, and it counts only when it finds exactly one
// match. No step is a similarity ratio: each compares text made equal by one stated rule.
type Step int

// The steps, in the order they are tried.
const (
	// Exact compares bytes as they are.
	Exact Step = iota
	// LineEndings compares with CRLF taken as LF in the file and in --old.
	LineEndings
	// TrailingSpace compares whole lines, with the spaces and tabs at their ends left out.
	TrailingSpace
	// Indentation compares whole lines that differ by one indentation prefix, the same on every
	// line that is not blank; the new text is re-indented by the same prefix.
	Indentation
	// Punctuation compares lines (or a part of one line) with typographic quotes, dashes, spaces
	// and ellipses folded to their ASCII forms, and an indentation offset allowed.
	Punctuation
	// SymbolRange is a --symbol target: the lines of the symbol in the map, as read --symbol
	// shows them.
	SymbolRange
)

var stepNames = [...]string{"exact", "line-endings", "trailing-whitespace", "indentation", "punctuation", "symbol"}

// String is the step's name in answers: "exact", "line-endings", "trailing-whitespace",
// "indentation", "punctuation" or "symbol".
func (s Step) String() string { return stepNames[s] }

// describe says in words how the step compares.
func (s Step) describe() string {
	return [...]string{"exact bytes", "line endings normalised", "trailing whitespace ignored",
		"a uniform indentation offset", "Unicode punctuation folded", "the symbol's range"}[s]
}

// span is a range of bytes of a text, [start, end).
type span struct{ start, end int }

// shift is how a match by indentation moves its lines: the file's lines carry by more (add) or
// less than --old's.
type shift struct {
	add bool
	by  string
}

// found is what the ladder found: the step that matched, and its matches.
type found struct {
	step  Step
	spans []span
	shift shift
}

// line is one line of a text: where it starts, where its content ends (before "\r\n" or "\n"),
// and where the next line starts.
type line struct{ start, end, next int }

// lines splits text[lo:hi] into lines. A last line without a line ending counts; the empty rest
// after a final line ending does not.
func lines(text []byte, lo, hi int) []line {
	var out []line
	for off := lo; off < hi; {
		i := bytes.IndexByte(text[off:hi], '\n')
		if i < 0 {
			end := hi
			out = append(out, line{off, end, hi})
			break
		}
		end := off + i
		if end > off && text[end-1] == '\r' {
			end--
		}
		out = append(out, line{off, end, off + i + 1})
		off += i + 1
	}
	return out
}

// find runs the ladder for old in text[lo:hi] and returns the first step that found anything
// with all it found (the caller decides what several matches mean), or a found without spans.
func find(text []byte, lo, hi int, old []byte) found {
	if s := exactSpans(text, lo, hi, old); len(s) > 0 {
		return found{step: Exact, spans: s}
	}
	if s := lineEndingSpans(text, lo, hi, old); len(s) > 0 {
		return found{step: LineEndings, spans: s}
	}
	ol, endsNL := splitOld(old)
	if len(ol) == 0 {
		return found{}
	}
	fl := lines(text, lo, hi)
	for _, step := range []Step{TrailingSpace, Indentation, Punctuation} {
		if f := lineSpans(text, fl, hi, ol, endsNL, step); len(f.spans) > 0 {
			return f
		}
	}
	if len(ol) == 1 && !endsNL {
		if s := foldedPartSpans(text, fl, ol[0]); len(s) > 0 {
			return found{step: Punctuation, spans: s}
		}
	}
	return found{}
}

// exactSpans returns the places old occurs in text[lo:hi], each after the one before.
func exactSpans(text []byte, lo, hi int, old []byte) []span {
	var out []span
	for off := lo; off < hi; {
		i := bytes.Index(text[off:hi], old)
		if i < 0 {
			break
		}
		out = append(out, span{off + i, off + i + len(old)})
		off += i + len(old)
	}
	return out
}

// lineEndingSpans finds old in text[lo:hi] with every CRLF of both taken as LF, as byte ranges of
// text: a match that ends with a line ending takes its CR along.
func lineEndingSpans(text []byte, lo, hi int, old []byte) []span {
	region := text[lo:hi]
	if bytes.IndexByte(old, '\r') < 0 && bytes.IndexByte(region, '\r') < 0 {
		return nil // nothing to normalise: exact found what there is
	}
	on := bytes.ReplaceAll(old, []byte("\r\n"), []byte("\n"))
	var nt []byte
	var removed []int // offsets in nt of the '\n' whose CR was removed, ascending
	if bytes.Contains(region, []byte("\r\n")) {
		nt = make([]byte, 0, len(region))
		for i := 0; i < len(region); i++ {
			if region[i] == '\r' && i+1 < len(region) && region[i+1] == '\n' {
				removed = append(removed, len(nt))
				continue
			}
			nt = append(nt, region[i])
		}
	} else {
		nt = region
	}
	if bytes.Equal(on, old) && len(removed) == 0 {
		return nil // neither changed: exact said no
	}
	orig := func(o int) int {
		n := 0
		for n < len(removed) && removed[n] < o {
			n++
		}
		return lo + o + n
	}
	var out []span
	for off := 0; off < len(nt); {
		i := bytes.Index(nt[off:], on)
		if i < 0 {
			break
		}
		out = append(out, span{orig(off + i), orig(off + i + len(on))})
		off += i + len(on)
	}
	return out
}

// splitOld splits --old into its lines (without their endings) and says whether it ends with a
// line ending.
func splitOld(old []byte) ([][]byte, bool) {
	parts := bytes.Split(old, []byte{'\n'})
	endsNL := len(parts) > 1 && len(parts[len(parts)-1]) == 0
	if endsNL {
		parts = parts[:len(parts)-1]
	}
	for i, p := range parts {
		parts[i] = bytes.TrimSuffix(p, []byte{'\r'})
	}
	return parts, endsNL
}

// rstrip leaves out the spaces, tabs and other ASCII whitespace at the end of b.
func rstrip(b []byte) []byte { return bytes.TrimRight(b, " \t\r\v\f") }

// indentOf returns b's leading spaces and tabs.
func indentOf(b []byte) []byte {
	i := 0
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return b[:i]
}

// lineSpans finds runs of whole lines of the file (fl, inside text[:hi]) equal to ol under step.
// endsNL says whether --old ends with a line ending: the match then takes the last line's ending.
func lineSpans(text []byte, fl []line, hi int, ol [][]byte, endsNL bool, step Step) found {
	norm := func(b []byte) []byte { return rstrip(b) }
	if step == Punctuation {
		norm = func(b []byte) []byte { return rstrip(fold(b)) }
	}
	want := make([][]byte, len(ol))
	first := -1 // the first line of --old that is not blank: it gives the indentation offset
	for k, l := range ol {
		want[k] = norm(l)
		if first < 0 && len(want[k]) > 0 {
			first = k
		}
	}
	if first < 0 && step != TrailingSpace {
		return found{} // blank lines only: no indentation to offset, no punctuation to fold
	}
	f := found{step: step}
	for i := 0; i+len(ol) <= len(fl); i++ {
		sh, ok := shift{}, true
		if step != TrailingSpace {
			if sh, ok = offsetOf(norm(text[fl[i+first].start:fl[i+first].end]), want[first]); !ok ||
				(step == Indentation && sh.by == "") {
				continue
			}
		}
		for k := range ol {
			got := norm(text[fl[i+k].start:fl[i+k].end])
			if !sameUnder(got, want[k], sh) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		if len(f.spans) == 0 {
			f.shift = sh
		}
		last := fl[i+len(ol)-1]
		end := last.end
		if endsNL {
			end = last.next
		}
		f.spans = append(f.spans, span{fl[i].start, end})
		i += len(ol) - 1
	}
	return f
}

// offsetOf returns how the file's line got differs in indentation from --old's line want: got's
// indentation is want's plus a prefix (add), or want's is got's plus one.
func offsetOf(got, want []byte) (shift, bool) {
	gi, wi := indentOf(got), indentOf(want)
	switch {
	case !bytes.Equal(got[len(gi):], want[len(wi):]):
		return shift{}, false
	case bytes.HasPrefix(gi, wi):
		return shift{add: true, by: string(gi[len(wi):])}, true
	case bytes.HasPrefix(wi, gi):
		return shift{add: false, by: string(wi[len(gi):])}, true
	}
	return shift{}, false
}

// sameUnder reports whether the file's line got equals --old's line want moved by sh. Blank lines
// match blank lines.
func sameUnder(got, want []byte, sh shift) bool {
	switch {
	case len(want) == 0 || len(got) == 0:
		return len(want) == len(got)
	case sh.by == "":
		return bytes.Equal(got, want)
	case sh.add:
		return len(got) == len(sh.by)+len(want) && bytes.HasPrefix(got, []byte(sh.by)) && bytes.Equal(got[len(sh.by):], want)
	default:
		return len(want) == len(sh.by)+len(got) && bytes.HasPrefix(want, []byte(sh.by)) && bytes.Equal(want[len(sh.by):], got)
	}
}

// reindent moves every line of text that is not blank by sh: adds the prefix, or takes it (or as
// much of it as the line's indentation holds) away.
func reindent(text []byte, sh shift) []byte {
	if sh.by == "" {
		return text
	}
	var out []byte
	for len(text) > 0 {
		i := bytes.IndexByte(text, '\n')
		var l []byte
		if i < 0 {
			l, text = text, nil
		} else {
			l, text = text[:i+1], text[i+1:]
		}
		if len(rstrip(l)) == 0 {
			out = append(out, l...)
			continue
		}
		if sh.add {
			out = append(append(out, sh.by...), l...)
			continue
		}
		n := 0
		for n < len(sh.by) && n < len(l) && l[n] == sh.by[n] {
			n++
		}
		out = append(out, l[n:]...)
	}
	return out
}

// foldedPartSpans finds a one-line --old inside lines of the file with punctuation folded in
// both, as byte ranges of the file.
func foldedPartSpans(text []byte, fl []line, old []byte) []span {
	want := fold(old)
	if len(want) == 0 {
		return nil
	}
	var out []span
	for _, l := range fl {
		content := text[l.start:l.end]
		if isASCII(content) && bytes.Equal(want, old) {
			continue // nothing to fold on either side: exact said no
		}
		folded, offs := foldOffsets(content)
		for off := 0; off < len(folded); {
			i := bytes.Index(folded[off:], want)
			if i < 0 {
				break
			}
			out = append(out, span{l.start + offs[off+i], l.start + offs[off+i+len(want)]})
			off += i + len(want)
		}
	}
	return out
}

// folds maps typographic punctuation to the ASCII an agent types: quotes, primes, dashes, minus,
// the Unicode spaces, and the ellipsis.
var folds = map[rune]string{
	'\u2018': "'", '\u2019': "'", '\u201a': "'", '\u201b': "'", '\u2032': "'", '\u2035': "'",
	'\u201c': `"`, '\u201d': `"`, '\u201e': `"`, '\u201f': `"`, '\u2033': `"`, '\u2036': `"`,
	'\u00ab': `"`, '\u00bb': `"`,
	'\u2010': "-", '\u2011': "-", '\u2012': "-", '\u2013': "-", '\u2014': "-", '\u2015': "-", '\u2212': "-",
	'\u00a0': " ", '\u2002': " ", '\u2003': " ", '\u2004': " ", '\u2005': " ", '\u2006': " ",
	'\u2007': " ", '\u2008': " ", '\u2009': " ", '\u200a': " ", '\u202f': " ", '\u205f': " ", '\u3000': " ",
	'\u2026': "...",
}

// fold returns b with the punctuation of folds made ASCII; bytes that are not UTF-8 stay.
func fold(b []byte) []byte {
	if isASCII(b) {
		return b
	}
	out, _ := foldOffsets(b)
	return out
}

// foldOffsets folds b and returns, for each byte of the result and one past its end, the offset
// in b it comes from.
func foldOffsets(b []byte) ([]byte, []int) {
	out := make([]byte, 0, len(b))
	offs := make([]int, 0, len(b)+1)
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if f, ok := folds[r]; ok && size > 1 {
			for range len(f) {
				offs = append(offs, i)
			}
			out = append(out, f...)
		} else {
			for k := range size {
				offs = append(offs, i+k)
			}
			out = append(out, b[i:i+size]...)
		}
		i += size
	}
	return out, append(offs, len(b))
}
