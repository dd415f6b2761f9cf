package query

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agnivade/levenshtein"
	"github.com/readmap/readmap/indexer/lang"
	"github.com/readmap/readmap/store"
)

// ReadRequest says what to read of one file. The command line and the MCP read tool fill it from
// their flags and parameters alike, and Validate holds the rules both enforce.
type ReadRequest struct {
	File      *store.File // the file's fresh row: language, lines, symbols, line index
	Display   string      // the path as the user named it, used in notices and next commands
	Source    io.ReaderAt // the file's content
	Size      int64
	Layout    Layout // page budgets and the answer's encoding; Numbered is taken from Numbers
	MapBudget int
	Numbers   bool // -n
	Full      bool
	Charset   string    // the file's character set when it is not UTF-8 ("UTF-16LE"): Source is its UTF-8
	View      string    // lang.ViewNotebook when Source is a notebook's cells, not its JSON
	FullLimit int64     // the largest file a full read returns (MCP's MaxFullBytes); 0: no limit
	WithMap   bool      // --map: the map after any answer that has a page
	Page      int       // --page N; 0 or below reads page 1 and says so
	PageSet   bool      // --page was given
	Offset    int       // --offset N: the first line of a range
	OffsetSet bool      // --offset was given
	Limit     int       // --limit M: lines from Offset (from line 1 without it); 0 means as many as fit a page
	Range     LineRange // --lines A-B; the zero value means not asked
	Symbol    string
	// Changed says the file changed since its row was last written, so pages and ranges read
	// before may not join with this answer's.
	Changed bool
	// Hash is the hex SHA-256 of the file's bytes as read, for the JSON form; "" when not known.
	Hash string
	// Pages, when set, are the file's page starts under Layout (from the store's cache), with
	// Lines its line count; otherwise Read computes them.
	Pages []PageStart
	Lines int
}

// LineRange is the lines A-B of --lines A-B: 1-based, inclusive.
type LineRange struct {
	First, Last int
}

// ParseLines reads --lines "A-B", or "A" for one line.
func ParseLines(s string) (LineRange, error) {
	if err := shortArg("lines", s); err != nil {
		return LineRange{}, err
	}
	a, b, ranged := strings.Cut(s, "-")
	first, err1 := strconv.Atoi(strings.TrimSpace(a))
	last := first
	var err2 error
	if ranged {
		last, err2 = strconv.Atoi(strings.TrimSpace(b))
	}
	r := LineRange{First: first, Last: last}
	if err1 != nil || err2 != nil || r.validate() != nil {
		return LineRange{}, usageError(fmt.Sprintf("--lines %q: want A-B with 1 <= A <= B", s), "for example --lines 67-180")
	}
	return r, nil
}

func (r LineRange) validate() error {
	if r.First < 1 || r.Last < r.First {
		return usageError(fmt.Sprintf("--lines %d-%d: want A-B with 1 <= A <= B", r.First, r.Last), "for example --lines 67-180")
	}
	return nil
}

// Validate checks req against the rules of a read: budgets a page and a map can work with
// (Layout.Validate, ValidateMapBudget), lines counted from 1, a --limit of 0 or more, a symbol
// name of at most MaxArgBytes, and one way of reading at a time. A request that breaks one is a
// CodeUsage *Error.
func (req ReadRequest) Validate() error {
	if err := req.Layout.Validate(); err != nil {
		return err
	}
	if err := ValidateMapBudget(req.MapBudget); err != nil {
		return err
	}
	if req.OffsetSet && req.Offset < 1 {
		return usageError(fmt.Sprintf("--offset %d: lines start at 1", req.Offset), "pass --offset N with N >= 1")
	}
	if err := atLeast("limit", req.Limit, 0); err != nil {
		return err
	}
	if err := shortArg("symbol", req.Symbol); err != nil {
		return err
	}
	if req.Range != (LineRange{}) {
		if err := req.Range.validate(); err != nil {
			return err
		}
	}
	return req.oneWay()
}

// oneWay refuses a request for more than one of a range (--lines, or --offset with --limit), a
// page, a symbol and the whole file: each is a different answer, and none should win silently.
func (req ReadRequest) oneWay() error {
	var ways []string
	if req.Range != (LineRange{}) {
		ways = append(ways, "--lines")
	}
	switch {
	case req.OffsetSet:
		ways = append(ways, "--offset")
	case req.Limit > 0:
		ways = append(ways, "--limit")
	}
	if req.PageSet {
		ways = append(ways, "--page")
	}
	if req.Symbol != "" {
		ways = append(ways, "--symbol")
	}
	if req.Full {
		ways = append(ways, "--full")
	}
	if len(ways) < 2 {
		return nil
	}
	return usageError(joinAnd(ways)+" exclude each other",
		"read one way at a time: --lines A-B, --offset N [--limit M], --page N, --symbol NAME or --full")
}

// joinAnd joins two or more words as a list in prose: "a and b", "a, b and c".
func joinAnd(words []string) string {
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// ranged reports whether req asks for a range of lines.
func (req ReadRequest) ranged() bool {
	return req.Range != (LineRange{}) || req.OffsetSet || req.Limit > 0
}

// Next is where to go on reading: {"page": N} or {"offset": N}.
type Next struct {
	Page   int `json:"page,omitempty"`
	Offset int `json:"offset,omitempty"`
}

// Answer is the result of a read. Its JSON form is `read --json`; its text form is head, body,
// tail and map in that order.
type Answer struct {
	Path       string `json:"path"`
	Language   string `json:"language"`
	TotalLines int    `json:"total_lines"`
	TotalBytes int64  `json:"total_bytes"`
	Hash       string `json:"hash,omitempty"`
	StartLine  int    `json:"start_line"`
	EndLine    int    `json:"end_line"`
	Page       int    `json:"page"`
	Pages      int    `json:"pages"`
	Truncated  bool   `json:"truncated"`
	Next       *Next  `json:"next"`
	Content    string `json:"content"`
	Lossy      bool   `json:"lossy,omitempty"`
	Charset    string `json:"charset,omitempty"` // "UTF-16LE" or "UTF-16BE": content is its UTF-8
	View       string `json:"view,omitempty"`    // "notebook": content is the notebook's cells
	Changed    bool   `json:"changed,omitempty"`
	Map        string `json:"map,omitempty"`

	head, tail string // notices of the text form
	body       []byte
	numbered   bool
	enc        Encoding
	lossyNoted bool // the tail says the body was made valid UTF-8
	// PageStarts are the page starts the read computed or was given, for the caller to cache.
	PageStarts []PageStart `json:"-"`
}

// Read answers req. Failures the user can act on, a request Validate refuses included, are *Error.
func Read(ctx context.Context, req ReadRequest) (*Answer, error) {
	if err := req.Validate(); err != nil {
		return nil, err
	}
	req.Layout = req.PageLayout()
	if req.Full && req.FullLimit > 0 && req.Size > req.FullLimit {
		return nil, userError(CodeTooLarge, fmt.Sprintf("the whole file is %s, over the %s a full read returns here", HumanBytes(req.Size), HumanBytes(req.FullLimit)),
			fmt.Sprintf("read it by pages (readmap read %s --page 2) or by --lines A-B from its map", DisplayPath(req.Display)))
	}
	pages, lines := req.Pages, req.Lines
	if pages == nil {
		var err error
		if pages, lines, err = Paginate(ctx, req.Source, req.Size, req.Layout); err != nil {
			return nil, fmt.Errorf("read %s: %w", req.Display, err)
		}
	}
	r := &reader{req: req, s: newScanner(req.Source, req.Size), pages: pages, lines: lines}
	a := &Answer{
		Path: req.File.Path, Language: req.File.Language, TotalLines: lines, TotalBytes: req.Size, Hash: req.Hash, Charset: req.Charset, View: req.View,
		Pages: len(pages), PageStarts: pages, numbered: req.Layout.Numbered, enc: req.Layout.Encoding,
	}
	var err error
	switch {
	case req.Full:
		err = r.whole(a)
	case req.Symbol != "":
		err = r.symbol(a)
	case req.ranged():
		err = r.rangeRead(a)
	case req.PageSet:
		err = r.page(a)
	case r.small(a):
	default:
		err = r.firstPage(a)
	}
	if err != nil {
		return nil, err
	}
	if r.s.err != nil {
		return nil, fmt.Errorf("read %s: %w", req.Display, r.s.err)
	}
	r.lossyNotice(a) // a whole file read with --full
	a.setContent()
	return a, nil
}

// PageLayout is the layout of the pages req reads: its Layout, numbered under -n except in JSON,
// which carries the bytes as they are.
func (req ReadRequest) PageLayout() Layout {
	l := req.Layout
	l.Numbered = req.Numbers
	return l.normalized()
}

// setContent fills the JSON form's content, and marks it lossy when the body is not UTF-8.
func (a *Answer) setContent() {
	a.Content = string(a.body)
	if !utf8.Valid(a.body) {
		a.Content, a.Lossy = strings.ToValidUTF8(a.Content, "\uFFFD"), true
	}
}

type reader struct {
	req   ReadRequest
	s     *scanner
	pages []PageStart
	lines int
}

// small answers with the whole file, and reports whether it did: when the file has at most
// MaxLines lines and fits a page and a map together, and the answer as written fits its limit.
func (r *reader) small(a *Answer) bool {
	if r.req.Size > int64(r.req.Layout.PageBytes+r.req.MapBudget) || r.lines > r.req.Layout.MaxLines {
		return false
	}
	_ = r.whole(a)
	r.lossyNotice(a)
	if a.size() <= r.limit() {
		return true
	}
	*a = Answer{Path: a.Path, Language: a.Language, TotalLines: a.TotalLines, TotalBytes: a.TotalBytes,
		Pages: a.Pages, PageStarts: a.PageStarts, numbered: a.numbered, enc: a.enc}
	return false
}

// limit is the most a default answer may take as written: a page, a map and the notices' allowance
// (MaxAnswerBytes at the default budgets).
func (r *reader) limit() int {
	return r.req.Layout.PageBytes + r.req.MapBudget + noticeAllowance
}

// lossyNotice adds, to an answer written as UTF-8 whose body is not, a notice that its invalid
// bytes are shown as U+FFFD.
func (r *reader) lossyNotice(a *Answer) {
	if a.lossyNoted || !a.enc.lossy(a.body) || a.enc == EncodingJSON { // JSON says so in "lossy"
		return
	}
	a.lossyNoted = true
	a.tail += fmt.Sprintf("[readmap: %s is not valid UTF-8: its invalid bytes are shown as U+FFFD here; readmap read %s on the command line prints them as they are.]\n",
		DisplayPath(r.req.Display), DisplayPath(r.req.Display))
}

// size is what the answer takes as written in its encoding: its text (page, then map after a
// blank line), its two blocks for the MCP server, or its JSON object and a newline.
func (a *Answer) size() int {
	switch a.enc {
	case EncodingJSON:
		a.setContent()
		return jsonSize(a) + 1
	case EncodingUTF8:
		return len(a.PageText()) + len(a.Map)
	}
	n := len(a.PageText())
	if a.Map != "" {
		n += 1 + len(a.Map)
	}
	return n
}

// slice returns the file's bytes in [from, to).
func (r *reader) slice(from, to int64) []byte {
	buf := make([]byte, to-from)
	n, err := r.req.Source.ReadAt(buf, from)
	if n < len(buf) && r.s.err == nil {
		if err == nil || err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		r.s.err = err
	}
	return buf[:n]
}

// pageEnd returns where page i (0-based) ends.
func (r *reader) pageEnd(i int) int64 {
	if i+1 < len(r.pages) {
		return r.pages[i+1].Offset
	}
	return r.req.Size
}

// lastLine returns the line that holds the byte just before end.
func (r *reader) lastLine(start PageStart, end int64) int {
	line := start.Line
	body := r.slice(start.Offset, end)
	line += bytes.Count(body, []byte{'\n'})
	if len(body) > 0 && body[len(body)-1] == '\n' {
		line--
	}
	return line
}

func (r *reader) whole(a *Answer) error {
	a.body = r.slice(0, r.req.Size)
	a.StartLine, a.EndLine, a.Page = min(1, r.lines), r.lines, 1
	if len(r.pages) > 1 {
		a.Page = 0 // the whole file, not one page
	}
	return nil
}

// setPage fills a with page i (0-based).
func (r *reader) setPage(a *Answer, i int) {
	start, end := r.pages[i], r.pageEnd(i)
	a.body = r.slice(start.Offset, end)
	a.Page = i + 1
	a.StartLine, a.EndLine = start.Line, r.lastLine(start, end)
	a.Truncated = len(r.pages) > 1
	if i+1 < len(r.pages) {
		a.Next = &Next{Page: i + 2}
	}
}

func (r *reader) firstPage(a *Answer) error {
	r.setPage(a, 0)
	d, lines := DisplayPath(r.req.Display), Thousands(r.lines)
	a.head = fmt.Sprintf("[readmap: %s: %s lines, %s, %s%s. Partial view: %s of %s; the map of the whole file follows.]\n",
		d, lines, HumanBytes(r.req.Size), r.language(), r.fileNotes(), r.span(a), lines)
	a.tail = fmt.Sprintf("[Showing %s of %s. Read a symbol with: readmap read %s --lines A-B (ranges from the map below), or go on with --page 2. Do not conclude from this page alone.]\n",
		r.span(a), lines, d)
	r.lossyNotice(a)
	// The notices repeat the path, and escapes lengthen a JSON answer: what they take comes out of
	// the map's share, so the whole answer as written stays within the page and map budgets plus
	// the allowance for notices (28,000 bytes at the defaults).
	a.Map = r.fitMap(a)
	return nil
}

// fitMap returns the map of the file for a, within the map budget and within what the rest of
// the answer leaves of its limit, as written in a's encoding.
func (r *reader) fitMap(a *Answer) string {
	a.Map = ""
	room := r.limit() - a.size()
	switch a.enc {
	case EncodingRaw:
		room-- // the blank line before the map
	case EncodingJSON:
		room -= len(`,"map":""`)
	}
	budget := min(r.req.MapBudget, room)
	for {
		text := r.mapTextWithin(max(budget, 0))
		over := textCost(text, a.enc) - room
		if over <= 0 || budget <= 0 {
			return text
		}
		budget -= over // escapes lengthen the text: shrink the budget by what it is over
	}
}

// noticeAllowance is what the banner and the notice of a default read may take beside a full page
// and a full map: 28,000 - 16,384 - 10,240 bytes.
const noticeAllowance = MaxAnswerBytes - DefaultPageBytes - DefaultMapBudget

func (r *reader) page(a *Answer) error {
	n := r.req.Page
	note := ""
	if n < 1 {
		note = fmt.Sprintf(" (--page %d is before the first page: showing page 1)", n)
		n = 1
	}
	if n > len(r.pages) {
		return userError(CodePastEnd, fmt.Sprintf("page %s is past the end", Thousands(n)),
			fmt.Sprintf("the last page is %s: readmap read %s --page %d", Thousands(len(r.pages)), DisplayPath(r.req.Display), len(r.pages)))
	}
	r.setPage(a, n-1)
	a.head = fmt.Sprintf("[Page %s of %s%s: %s of %s%s]\n", Thousands(n), Thousands(len(r.pages)), note, r.span(a), Thousands(r.lines), r.fileNotes())
	if n > 1 {
		r.changedNotice(a)
	}
	if a.Next != nil {
		a.tail = fmt.Sprintf("[Next: readmap read %s --page %d]\n", DisplayPath(r.req.Display), n+1)
	} else {
		a.tail = "[End of file.]\n"
	}
	r.lossyNotice(a)
	if r.req.WithMap {
		a.Map = r.fitMap(a)
	}
	return nil
}

// rangeRead answers --offset/--limit and --lines A-B.
func (r *reader) rangeRead(a *Answer) error {
	first, last := max(r.req.Offset, 1), r.lines
	asked := true // the range has an end the user chose
	switch {
	case r.req.Range != (LineRange{}):
		first, last = r.req.Range.First, min(r.req.Range.Last, r.lines)
	case r.req.Limit > 0:
		last = min(first+r.req.Limit-1, r.lines)
	default:
		asked = false
	}
	if first > r.lines {
		return userError(CodePastEnd, fmt.Sprintf("line %s is past the end", Thousands(first)),
			fmt.Sprintf("the file has %s lines", Thousands(r.lines)))
	}
	shown := r.fillRange(a, first, last)
	r.changedNotice(a)
	if a.EndLine < last || a.Truncated {
		a.tail = fmt.Sprintf("[%s of %s%s; cut at the page budget. Next: readmap read %s %s]\n",
			capitalize(shown), Thousands(r.lines), r.fileNotes(), DisplayPath(r.req.Display), r.nextRange(a, last, asked))
	} else {
		a.tail = fmt.Sprintf("[%s of %s%s.]\n", capitalize(shown), Thousands(r.lines), r.fileNotes())
	}
	r.lossyNotice(a)
	if r.req.WithMap {
		a.Map = r.fitMap(a)
	}
	return nil
}

// nextRange is the flag that continues a cut range read.
func (r *reader) nextRange(a *Answer, last int, asked bool) string {
	if a.Next != nil && a.Next.Page > 0 {
		return fmt.Sprintf("--page %d", a.Next.Page)
	}
	next := a.EndLine + 1
	if asked {
		return fmt.Sprintf("--lines %d-%d", next, last)
	}
	return fmt.Sprintf("--offset %d", next)
}

// fillRange fills a with lines first..last, cut at one page's budget, and describes what it holds.
// A first line longer than a page is shown by its first piece and continued by page.
func (r *reader) fillRange(a *Answer, first, last int) string {
	l := r.req.Layout
	start := lineOffset(r.s, first, r.pages, r.req.File.LineIndex, store.LineIndexStep)
	off, line, cost := start, first, 0
	for line <= last && off < r.req.Size {
		end := r.s.lineEnd(off)
		c := r.s.lineCost(off, end, line, l)
		if c > l.PageBytes && line == first {
			// The first line alone is over a page: show the page that holds its start.
			i := sort.Search(len(r.pages), func(i int) bool { return r.pages[i].Offset > start }) - 1
			r.setPage(a, max(i, 0))
			a.Truncated = true
			return fmt.Sprintf("Line %s is %s long; showing its first %s", Thousands(first), HumanBytes(end-start), HumanBytes(int64(len(a.body))))
		}
		if cost+c > l.PageBytes || line-first+1 > l.MaxLines {
			a.Truncated = true
			break
		}
		cost += c
		off = end
		line++
	}
	a.body = r.slice(start, off)
	a.StartLine, a.EndLine = first, line-1
	if a.EndLine < last {
		a.Next = &Next{Offset: line}
	}
	return r.span(a)
}

// symbol answers --symbol NAME.
func (r *reader) symbol(a *Answer) error {
	sym, err := FindSymbol(r.req.File.Symbols, r.req.Symbol, r.req.Display)
	if err != nil {
		return err
	}
	qual := Printable(sym.Qualname)
	label := qual + " (" + sym.Kind.String() + ")"
	shown := r.fillRange(a, sym.StartLine, sym.EndLine)
	a.head = fmt.Sprintf("[%s: lines %d-%d of %s%s]\n", label, sym.StartLine, sym.EndLine, Thousands(r.lines), r.fileNotes())
	if a.EndLine < sym.EndLine || a.Truncated {
		a.tail = fmt.Sprintf("[%s; %s continues to line %d. Next: readmap read %s %s]\n",
			capitalize(shown), qual, sym.EndLine, DisplayPath(r.req.Display), r.nextRange(a, sym.EndLine, true))
	} else {
		a.tail = fmt.Sprintf("[End of %s.]\n", qual)
	}
	r.lossyNotice(a)
	if r.req.WithMap {
		a.Map = r.fitMap(a)
	}
	return nil
}

// changedNotice tells, ahead of a page past the first or a range, that the file changed since it
// was last read: what was read before may not join with this.
func (r *reader) changedNotice(a *Answer) {
	if !r.req.Changed {
		return
	}
	a.Changed = true
	d := DisplayPath(r.req.Display)
	a.head = fmt.Sprintf("[readmap: %s changed since it was last read: pages and lines from before may not join with these. Read it again from --page 1, or take a fresh map: readmap map %s]\n", d, d) + a.head
}

// span describes the lines an answer holds: "lines 1-412", or "line 7" for one.
func (r *reader) span(a *Answer) string {
	if a.StartLine == a.EndLine {
		return "line " + Thousands(a.StartLine)
	}
	return "lines " + Thousands(a.StartLine) + "-" + Thousands(a.EndLine)
}

// capitalize upper-cases the first letter of a notice.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func (r *reader) language() string {
	if r.req.File.Language == "" {
		return "text"
	}
	return r.req.File.Language
}

// fileNotes says what the text shown does not: that it was decoded from another character set,
// and under -n that the file ends lines with CRLF.
func (r *reader) fileNotes() string {
	note := ""
	if r.req.Charset != "" {
		note = ", " + r.req.Charset + " shown as UTF-8"
	}
	if r.req.View == lang.ViewNotebook {
		note = ", shown as cells (--raw: its JSON)"
	}
	return note + r.crlfNote()
}

// crlfNote says the file ends lines with CRLF, which -n output does not show.
func (r *reader) crlfNote() string {
	if !r.req.Numbers {
		return ""
	}
	end := r.s.lineEnd(0)
	if end >= 2 && r.s.byteAt(end-1) == '\n' && r.s.byteAt(end-2) == '\r' {
		return ", CRLF"
	}
	return ""
}

// mapTextWithin renders the map of the file as the reader named it, within budget bytes.
func (r *reader) mapTextWithin(budget int) string {
	f := *r.req.File
	f.Path, f.Lines, f.Size = r.req.Display, r.lines, r.req.Size
	return MapText(&f, budget)
}

// WriteText prints the answer as text: head notice, body (raw, or numbered under -n), tail notice,
// then the map.
func (a *Answer) WriteText(w io.Writer) error {
	text := a.PageText()
	if a.Map != "" {
		if text != "" {
			text += "\n"
		}
		text += a.Map
	}
	_, err := io.WriteString(w, text)
	return err
}

// PageText is the answer's text without the map: head notice, body, tail notice. A small file
// read whole is its bytes alone.
func (a *Answer) PageText() string {
	var b bytes.Buffer
	b.WriteString(a.head)
	body := a.body
	if a.enc.lossy(body) {
		body = bytes.ToValidUTF8(body, []byte("\uFFFD"))
	}
	if a.numbered {
		writeNumbered(&b, body, a.StartLine)
	} else {
		b.Write(body)
		if a.tail != "" && len(body) > 0 && body[len(body)-1] != '\n' {
			b.WriteByte('\n') // the notice starts on a line of its own
		}
	}
	b.WriteString(a.tail)
	return b.String()
}

// WriteJSON prints the answer as one JSON object.
func (a *Answer) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(a)
}

// writeNumbered writes body as N<TAB>line lines, the CR of CRLF endings removed.
func writeNumbered(b *bytes.Buffer, body []byte, first int) {
	line := first
	for len(body) > 0 {
		i := bytes.IndexByte(body, '\n')
		var text []byte
		if i < 0 {
			text, body = body, nil
		} else {
			text, body = body[:i], body[i+1:]
		}
		text = bytes.TrimSuffix(text, []byte{'\r'})
		b.WriteString(strconv.Itoa(line))
		b.WriteByte('\t')
		b.Write(text)
		b.WriteByte('\n')
		line++
	}
}

// FindSymbol picks the symbol NAME names in syms: one whose qualname equals it wins;
// otherwise one whose name equals it; otherwise, for a dotted NAME, one whose qualname ends with
// it after a dot (C.Run for N.C.Run: C# and Java qualify names by their namespace). Several: an
// "ambiguous" error listing them with their ranges. None: a "no_symbol" error with the closest
// names.
func FindSymbol(syms []store.Symbol, name, display string) (store.Symbol, error) {
	var byQual, byName, bySuffix []store.Symbol
	dotted := strings.Contains(name, ".")
	for _, s := range syms {
		if s.Kind == store.KindLandmark {
			continue
		}
		switch {
		case s.Qualname == name:
			byQual = append(byQual, s)
		case s.Name == name:
			byName = append(byName, s)
		case dotted && strings.HasSuffix(s.Qualname, "."+name):
			bySuffix = append(bySuffix, s)
		}
	}
	matches := byQual
	if len(matches) == 0 {
		matches = byName
	}
	if len(matches) == 0 {
		matches = bySuffix
	}
	switch len(matches) {
	case 1:
		return matches[0], nil
	case 0:
		return store.Symbol{}, userError(CodeNoSymbol, fmt.Sprintf("no symbol %q", name), closestSymbols(syms, name, display))
	}
	var list []string
	for _, s := range matches[:min(len(matches), 10)] {
		list = append(list, Printable(s.Qualname)+" "+lineRange(s.StartLine, s.EndLine))
	}
	if len(matches) > 10 {
		list = append(list, fmt.Sprintf("… %d more", len(matches)-10))
	}
	return store.Symbol{}, userError(CodeAmbiguous, fmt.Sprintf("symbol %q matches %d symbols", name, len(matches)),
		"candidates: "+strings.Join(list, ", ")+"; pass a qualified name or read one with --lines A-B")
}

// closestSymbols names up to five symbols whose names are nearest to name: by edit distance, a
// prefix or substring match counting as one edit, ties to the closest length.
func closestSymbols(syms []store.Symbol, name, display string) string {
	type cand struct {
		s          store.Symbol
		dist, diff int
	}
	var cands []cand
	lower := strings.ToLower(name)
	for _, s := range syms {
		if s.Kind == store.KindLandmark {
			continue
		}
		n := strings.ToLower(s.Name)
		d := min(levenshtein.ComputeDistance(lower, n), levenshtein.ComputeDistance(lower, strings.ToLower(s.Qualname)))
		if strings.Contains(n, lower) {
			d = min(d, 1)
		}
		cands = append(cands, cand{s, d, abs(len(n) - len(lower))})
	}
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].dist != cands[j].dist {
			return cands[i].dist < cands[j].dist
		}
		return cands[i].diff < cands[j].diff
	})
	var names []string
	for _, c := range cands[:min(5, len(cands))] {
		if c.dist > max(3, len(name)/2) {
			break
		}
		names = append(names, Printable(c.s.Qualname)+" "+lineRange(c.s.StartLine, c.s.EndLine))
	}
	if len(names) == 0 {
		return "see the symbols with: readmap map " + DisplayPath(display)
	}
	return "did you mean: " + strings.Join(names, ", ")
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
