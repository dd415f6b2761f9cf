package query

import (
	"bytes"
	"context"
	"io"
	"strconv"
	"unicode/utf8"
)

// Pages. A file is cut into pages, each the longest run of whole lines whose text fits
// the page budget in bytes and in lines. A single line longer than the byte budget is cut into
// budget-sized pieces at UTF-8 boundaries, one piece a page. The pages of every layout join back
// to the file byte for byte. Under the numbered layout (-n) a line costs what it prints: its
// number, a tab and the line without its trailing CR; so a numbered page holds fewer lines and
// the answer still fits the same budget. Likewise a page's bytes cost what they take in the form
// the answer is written in (Layout.Encoding): the MCP server's text replaces bytes that are not
// UTF-8 with U+FFFD (three bytes), and JSON escapes quotes, backslashes and controls; so a page of
// such text holds fewer bytes of the file, and the answer as sent still fits.

// Budgets of a read: together a page and a map stay under 28,000 bytes, what an agent's shell
// tool keeps (READMAP_PAGE_BYTES and READMAP_MAX_LINES set the page's).
const (
	DefaultPageBytes = 16 << 10
	DefaultMaxLines  = 2000
	// MaxAnswerBytes is the most a default read or map may print, notices included: shell tools
	// keep about 30,000 characters of a command's output.
	MaxAnswerBytes = 28000
)

// Smallest useful page budgets: a page must hold a numbered line's prefix and some text, and at
// least one line.
const (
	MinPageBytes = 64
	MinMaxLines  = 1
)

// Layout is how a file is cut into pages.
type Layout struct {
	PageBytes int  // the most bytes a page's text may take, written in Encoding
	MaxLines  int  // the most lines a page may have
	Numbered  bool // costs are those of -n output
	// Encoding is the form the page is written in: a byte that is not UTF-8 costs three once
	// replaced by U+FFFD, and in JSON an escaped byte what its escape takes.
	Encoding Encoding
}

// Key names the layout in the store's page cache: "16384/2000", "16384/2000/n", "16384/2000/j".
func (l Layout) Key() string {
	k := strconv.Itoa(l.PageBytes) + "/" + strconv.Itoa(l.MaxLines)
	if l.Numbered {
		k += "/n"
	}
	switch l.Encoding {
	case EncodingUTF8:
		k += "/u"
	case EncodingJSON:
		k += "/j"
	}
	return k
}

// Validate refuses budgets outside [MinPageBytes, MaxPageBytes] and [MinMaxLines, MaxMaxLines],
// as a CodeUsage *Error.
func (l Layout) Validate() error {
	if err := within("page-bytes", l.PageBytes, MinPageBytes, MaxPageBytes); err != nil {
		return err
	}
	return within("max-lines", l.MaxLines, MinMaxLines, MaxMaxLines)
}

// PageStart is where a page begins: a byte offset and the 1-based line that holds it.
type PageStart struct {
	Offset int64
	Line   int
}

// chunkSize is how much of a file the scanner reads at a time.
const chunkSize = 1 << 20

// scanner walks the lines of a file through an io.ReaderAt, a chunk at a time, so a 1 GB log
// costs a few MB of memory.
type scanner struct {
	r      io.ReaderAt
	size   int64
	buf    []byte
	bufOff int64 // file offset of buf[0]
	err    error
}

func newScanner(r io.ReaderAt, size int64) *scanner {
	return &scanner{r: r, size: size}
}

// load makes buf hold the file from off on (at least one byte when off < size).
func (s *scanner) load(off int64) bool {
	if off >= s.bufOff && off < s.bufOff+int64(len(s.buf)) {
		return true
	}
	return s.fill(off)
}

// span returns the bytes of the file from off up to end (at most a chunk), holding a whole UTF-8
// character at least when one starts at off; nil when they cannot be read.
func (s *scanner) span(off, end int64) []byte {
	if !s.load(off) {
		return nil
	}
	if bufEnd := s.bufOff + int64(len(s.buf)); bufEnd-off < utf8.UTFMax && bufEnd < end && !s.fill(off) {
		return nil
	}
	return s.buf[off-s.bufOff : min(end, s.bufOff+int64(len(s.buf)))-s.bufOff]
}

// fill reads a chunk of the file from off into buf.
func (s *scanner) fill(off int64) bool {
	n := int(min(chunkSize, s.size-off))
	if n <= 0 {
		return false
	}
	if cap(s.buf) < n {
		s.buf = make([]byte, chunkSize)
	}
	s.buf = s.buf[:n]
	got, err := s.r.ReadAt(s.buf, off)
	if got < n {
		if err == nil || err == io.EOF {
			err = io.ErrUnexpectedEOF // the file shrank while being read
		}
		s.err = err
		s.buf = s.buf[:got]
		s.bufOff = off
		return got > 0
	}
	s.bufOff = off
	return true
}

// lineEnd returns the offset just past the line that starts at off (past its '\n', or the end of
// the file).
func (s *scanner) lineEnd(off int64) int64 {
	for off < s.size {
		if !s.load(off) {
			return s.size
		}
		rel := off - s.bufOff
		if i := bytes.IndexByte(s.buf[rel:], '\n'); i >= 0 {
			return off + int64(i) + 1
		}
		off = s.bufOff + int64(len(s.buf))
		if s.err != nil {
			return off
		}
	}
	return s.size
}

// byteAt returns the byte at off.
func (s *scanner) byteAt(off int64) byte {
	if !s.load(off) {
		return 0
	}
	return s.buf[off-s.bufOff]
}

// runeStart moves off back to the start of the UTF-8 sequence it falls in (at most 3 bytes, and
// never before floor).
func (s *scanner) runeStart(off, floor int64) int64 {
	for back := 0; back < utf8.UTFMax-1 && off > floor && !utf8.RuneStart(s.byteAt(off)); back++ {
		off--
	}
	return off
}

// lineCost is what the line [start, end) (its '\n' included when it has one) costs a page under
// l: its bytes as written in l's encoding, or under -n its number, a tab, its text without the
// line ending, and a newline.
func (s *scanner) lineCost(start, end int64, line int, l Layout) int {
	if !l.Numbered {
		return s.cost(start, end, l.Encoding)
	}
	text := end
	if text > start && s.byteAt(text-1) == '\n' {
		text--
		if text > start && s.byteAt(text-1) == '\r' {
			text--
		}
	}
	return numberWidth(line) + 1 + s.cost(start, text, l.Encoding) + 1
}

// cost is what the bytes [start, end) take written in enc.
func (s *scanner) cost(start, end int64, enc Encoding) int {
	if enc == EncodingRaw {
		return int(end - start)
	}
	n := 0
	s.walk(start, end, enc, func(c int) bool { n += c; return true })
	return n
}

// walk calls step with the cost of each character of [start, end) written in enc, until step
// returns false, and returns the offset where it stopped: end, or the start of the character
// step refused.
func (s *scanner) walk(start, end int64, enc Encoding, step func(cost int) bool) int64 {
	w := costWalker{enc: enc}
	off := start
	for off < end {
		b := s.span(off, end)
		if len(b) == 0 {
			return end // unreadable: s.err says why
		}
		i := 0
		for i < len(b) && (utf8.FullRune(b[i:]) || off+int64(len(b)) == end) {
			c, size := w.step(b[i:])
			if !step(c) {
				return off + int64(i)
			}
			i += size
		}
		if i == 0 {
			return end // a character cut by a failed read: s.err says why
		}
		off += int64(i)
	}
	return end
}

// pieceEnd returns where the piece of a long line that starts at p ends: at the last character
// boundary before end whose text up to it costs at most budget written in enc, and at least one
// character on.
func (s *scanner) pieceEnd(p, end int64, budget int, enc Encoding) int64 {
	if enc == EncodingRaw {
		next := min(p+int64(budget), end)
		if next < end {
			if cut := s.runeStart(next, p+1); cut > p {
				next = cut
			}
		}
		return next
	}
	used, first := 0, true
	return s.walk(p, end, enc, func(c int) bool {
		if used+c > budget && !first {
			return false
		}
		used, first = used+c, false
		return true
	})
}

func numberWidth(line int) int {
	w := 1
	for line >= 10 {
		line /= 10
		w++
	}
	return w
}

// Paginate cuts the file read through r (size bytes) into pages and counts its lines. It checks
// ctx between pages.
func Paginate(ctx context.Context, r io.ReaderAt, size int64, l Layout) ([]PageStart, int, error) {
	l = l.normalized()
	s := newScanner(r, size)
	var pages []PageStart
	off, line := int64(0), 1
	pageBytes, pageLines := 0, 0
	for off < size {
		end := s.lineEnd(off)
		if s.err != nil {
			return nil, 0, s.err
		}
		cost := s.lineCost(off, end, line, l)
		if cost > l.PageBytes {
			// A line longer than a page: one piece a page.
			piece := l.PageBytes
			if l.Numbered {
				piece = max(l.PageBytes-numberWidth(line)-2, 4)
			}
			for p := off; p < end; {
				if len(pages)%4096 == 0 && ctx.Err() != nil {
					return nil, 0, ctx.Err()
				}
				pages = append(pages, PageStart{Offset: p, Line: line})
				p = s.pieceEnd(p, end, piece, l.Encoding)
			}
			pageBytes, pageLines = l.PageBytes, l.MaxLines // the next line starts a new page
		} else {
			if len(pages) == 0 || pageBytes+cost > l.PageBytes || pageLines+1 > l.MaxLines {
				if len(pages)%4096 == 0 && ctx.Err() != nil {
					return nil, 0, ctx.Err()
				}
				pages = append(pages, PageStart{Offset: off, Line: line})
				pageBytes, pageLines = 0, 0
			}
			pageBytes += cost
			pageLines++
		}
		off = end
		line++
	}
	if len(pages) == 0 {
		pages = append(pages, PageStart{Offset: 0, Line: 1}) // an empty file has one empty page
	}
	lines := line - 1
	return pages, lines, nil
}

// normalized replaces budgets too small to make progress with the smallest that do, so that
// pagination ends whatever layout it is given. JSON carries a page's bytes as they are (-n numbers
// only the text answer), so a JSON layout is never numbered.
func (l Layout) normalized() Layout {
	l.PageBytes = max(l.PageBytes, MinPageBytes)
	l.MaxLines = max(l.MaxLines, MinMaxLines)
	if l.Encoding == EncodingJSON {
		l.Numbered = false
	}
	return l
}

// lineOffset returns the byte offset of the start of line n (1-based), scanning from the nearest
// checkpoint before it: every page start is one, and so is every entry of a line index (the
// offset of line 1+k*step at position k). It returns size when the file has fewer lines.
func lineOffset(s *scanner, n int, pages []PageStart, lineIndex []int64, step int) int64 {
	off, line := int64(0), 1
	if k := (n - 1) / max(step, 1); step > 0 && k > 0 && len(lineIndex) > 0 {
		k = min(k, len(lineIndex)-1)
		off, line = lineIndex[k], 1+k*step
	}
	for _, p := range pages {
		if p.Line > n {
			break
		}
		if p.Line > line || (p.Line == line && p.Offset < off) {
			off, line = p.Offset, p.Line
		}
	}
	// A page may start inside a long line: go back to that line's start.
	for off > 0 && s.byteAt(off-1) != '\n' {
		// Only pieces of a cut line start mid-line; their line's start is an earlier page.
		prev := int64(0)
		for _, p := range pages {
			if p.Offset >= off {
				break
			}
			prev = p.Offset
		}
		off = prev
	}
	for line < n && off < s.size {
		off = s.lineEnd(off)
		line++
	}
	return off
}
