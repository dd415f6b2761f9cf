package lang

// Helpers of the markup and config scanners (Markdown, HTML, CSS, YAML, TOML, SQL, Dockerfile):
// line iteration with offsets, indentation, names taken from free text, case-folded search.

import (
	"bytes"
	"strings"

	"github.com/readmap/readmap/store"
)

// markupCheckEvery is how many lines (or statements) a markup scanner handles between two looks at
// its context.
const markupCheckEvery = 4096

// markupMaxDepth is the deepest nesting the HTML and CSS maps show: deeper levels are machine-made
// or pathological, and each level lengthens every qualified name below it.
const markupMaxDepth = 32

// markupNameWidth caps a name taken from free text (a heading, a selector, a list item), in runes.
const markupNameWidth = 120

// markupLines walks src line by line. A line comes without its "\n" and without a "\r" before it.
type markupLines struct {
	src  []byte
	off  int // start of the next line
	num  int // number of the line last returned, 1-based
	from int // offset of the line last returned
}

// next returns the next line, or false at the end of src.
func (l *markupLines) next() ([]byte, bool) {
	if l.off >= len(l.src) {
		return nil, false
	}
	l.from = l.off
	rest := l.src[l.off:]
	i := bytes.IndexByte(rest, '\n')
	var line []byte
	if i < 0 {
		line = rest
		l.off = len(l.src)
	} else {
		line = rest[:i]
		l.off += i + 1
	}
	l.num++
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return line, true
}

// markupIndent returns the width of line's leading blanks, a tab reaching the next multiple of
// four, and the offset of its first other byte.
func markupIndent(line []byte) (cols, at int) {
	for at < len(line) {
		switch line[at] {
		case ' ':
			cols++
		case '\t':
			cols += 4 - cols%4
		default:
			return cols, at
		}
		at++
	}
	return cols, at
}

// markupBlank reports whether line holds only blanks.
func markupBlank(line []byte) bool {
	_, at := markupIndent(line)
	return at == len(line)
}

// lineCursor turns byte offsets into 1-based lines, counting from the last offset asked, so
// that a scanner moving forward pays only for the bytes it passes (the markup, SQL and Bash
// scanners).
type lineCursor struct {
	src  []byte
	off  int
	line int
}

func (c *lineCursor) at(off int) int {
	off = min(max(off, 0), len(c.src))
	if off >= c.off {
		c.line += bytes.Count(c.src[c.off:off], []byte{'\n'})
	} else {
		c.line -= bytes.Count(c.src[off:c.off], []byte{'\n'})
	}
	c.off = off
	return c.line
}

// markupSymbols returns an empty symbol slice with room for a key-per-line format's symbols:
// half its lines, at most 64k, so that a large file's slice is not copied again and again.
func markupSymbols(src []byte) []store.Symbol {
	return make([]store.Symbol, 0, min(bytes.Count(src, []byte{'\n'})/2, 1<<16))
}

// markupSignature is foldSignature for text that may not be valid UTF-8.
func markupSignature(s string) string {
	return foldSignature(strings.ToValidUTF8(s, "\uFFFD"))
}

// markupText folds whitespace in free text and caps it to markupNameWidth runes of valid UTF-8.
func markupText(b []byte) string {
	if len(b) > 4*markupNameWidth {
		b = b[:4*markupNameWidth]
	}
	return clip(strings.Join(strings.Fields(string(b)), " "), markupNameWidth)
}

func markupLetter(b byte) bool { return b|0x20 >= 'a' && b|0x20 <= 'z' }

// markupContainsFold reports whether s holds the ASCII text sub, ignoring case.
func markupContainsFold(s []byte, sub string) bool { return markupIndexFold(s, sub) >= 0 }

// markupCloseQuote returns the offset of the quote that closes a scalar opened by quote before from,
// or -1: a double-quoted scalar escapes with backslashes, a single-quoted one doubles the quote.
func markupCloseQuote(s []byte, from int, quote byte) int {
	for i := from; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if quote == '"' {
				i++
			}
		case quote:
			if quote == '\'' && i+1 < len(s) && s[i+1] == '\'' {
				i++
				continue
			}
			return i
		}
	}
	return -1
}

// markupSkipPast returns the offset just after the first marker at or after from, or the end of src.
func markupSkipPast(src []byte, from int, marker string) int {
	if from >= len(src) {
		return len(src)
	}
	if k := bytes.Index(src[from:], []byte(marker)); k >= 0 {
		return from + k + len(marker)
	}
	return len(src)
}

// markupIndexFold returns the offset of the ASCII text sub in s, ignoring case, or -1.
func markupIndexFold(s []byte, sub string) int {
	n, first := len(sub), sub[0]
	for i := 0; i+n <= len(s); i++ {
		if !markupLetter(first) {
			// Jump to the next candidate: the first byte has one case only.
			k := bytes.IndexByte(s[i:len(s)-n+1], first)
			if k < 0 {
				return -1
			}
			i += k
		} else if s[i]|0x20 != first|0x20 {
			continue
		}
		if bytes.EqualFold(s[i:i+n], []byte(sub)) {
			return i
		}
	}
	return -1
}

// markupLineEnd returns the offset of the end of the line holding i.
func markupLineEnd(src []byte, i int) int {
	if k := bytes.IndexByte(src[i:], '\n'); k >= 0 {
		return i + k
	}
	return len(src)
}

func isHTMLSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }
