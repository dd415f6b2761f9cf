package edit

import (
	"bytes"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"
)

// diffContext is the number of unchanged lines shown around each change, as diff -u and git show.
const diffContext = 3

// Diff returns the unified diff of the change, labelled a/PATH and b/PATH as git writes them (so
// that git apply takes it from the root): the file's text, as Document.Text holds it (UTF-16 as
// its UTF-8). Only the lines around the changed regions are compared, so a change to a large
// file costs what its regions cost.
func (c *Change) Diff(label string) string {
	return diffRegions(label, c.Doc.Text, c.Text, c.Regions())
}

// diffRegions diffs old and new around regions, which say what changed: each window of lines
// around a group of nearby regions is diffed by the library, and its hunks are moved to the lines
// the window starts at.
func diffRegions(label string, old, new []byte, regions []Region) string {
	if len(regions) == 0 {
		return ""
	}
	oldSeek, newSeek := &lineSeeker{text: old}, &lineSeeker{text: new}
	oldCount, newCount := lineCount(old), lineCount(new)
	u := udiff.UnifiedDiff{From: "a/" + label, To: "b/" + label}
	for i := 0; i < len(regions); {
		// A group: regions whose windows of context touch.
		j := i + 1
		for j < len(regions) && regions[j].OldFirst-diffContext <= max(regions[j-1].OldLast, regions[j-1].OldFirst-1)+diffContext+1 {
			j++
		}
		first, last := regions[i], regions[j-1]
		oa := max(first.OldFirst-diffContext, 1)
		ob := min(max(last.OldLast, last.OldFirst-1)+diffContext, oldCount)
		na := max(first.NewFirst-diffContext, 1)
		nb := min(max(last.NewLast, last.NewFirst-1)+diffContext, newCount)
		ow := string(old[oldSeek.start(oa):oldSeek.start(max(ob, oa-1)+1)])
		nw := string(new[newSeek.start(na):newSeek.start(max(nb, na-1)+1)])
		hunks, err := udiff.ToUnifiedDiff("", "", ow, udiff.Lines(ow, nw), diffContext)
		if err == nil {
			for _, h := range hunks.Hunks {
				h.FromLine += oa - 1
				h.ToLine += na - 1
				u.Hunks = append(u.Hunks, h)
			}
		}
		i = j
	}
	return u.String()
}

// lineCount counts lines as wc -l does, plus one for a last line without a line ending.
func lineCount(text []byte) int {
	n := bytes.Count(text, []byte{'\n'})
	if len(text) > 0 && text[len(text)-1] != '\n' {
		n++
	}
	return n
}

// lineSeeker finds the offsets where lines start, moving forward from the last one it found.
type lineSeeker struct {
	text      []byte
	line, off int // off is where line starts; line 0 means nothing found yet
}

// start returns the offset where line n (1-based) starts, or the end of the text past its last
// line.
func (s *lineSeeker) start(n int) int {
	if s.line == 0 || n < s.line {
		s.line, s.off = 1, 0
	}
	for s.line < n {
		i := bytes.IndexByte(s.text[s.off:], '\n')
		if i < 0 {
			return len(s.text)
		}
		s.off += i + 1
		s.line++
	}
	return s.off
}

// cutDiff cuts diff to at most budget bytes at a line boundary and says so in a last line, with
// the command that shows the rest of the change; a diff that fits comes back as it is.
func cutDiff(diff string, budget int, more string) (string, bool) {
	if len(diff) <= budget {
		return diff, false
	}
	notice := "[diff cut to fit the answer: " + more + "]\n"
	keep := max(budget-len(notice), 0)
	if i := strings.LastIndexByte(diff[:keep], '\n'); i >= 0 {
		keep = i + 1
	} else {
		keep = 0
	}
	return diff[:keep] + notice, true
}
