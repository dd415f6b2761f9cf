package query

import (
	"bufio"
	"container/heap"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/agnivade/levenshtein"
	"github.com/readmap/readmap/store"
)

// Search defaults: what `readmap search` does without flags.
const (
	DefaultContext        = 2
	DefaultMaxHits        = 50
	DefaultFuzzyThreshold = 0.8
	// searchWindow is how much of a long line a hit shows, around the match.
	searchWindow = 160
)

// SearchRequest is one `search` of one file. The command line and the MCP search tool fill it from
// their flags and parameters alike, starting from NewSearchRequest, and Validate holds the rules
// both enforce.
type SearchRequest struct {
	File      *store.File // the fresh row: its symbols give each hit's breadcrumb
	Source    io.ReaderAt // the file's content
	Size      int64
	Pattern   string
	Regex     bool
	Fuzzy     bool
	Threshold float64 // least similarity of a fuzzy hit, in (0, 1]
	Context   int     // lines around each hit, 0 to MaxContext
	Max       int     // most hits, 1 to MaxHits
	Skip      int     // hits to pass over, in the order shown, 0 to MaxSearchSkip
	// Encoding is the form the answer is written in; Budget, the most bytes it may take in that
	// form (0 means MaxAnswerBytes).
	Encoding Encoding
	Budget   int
}

// NewSearchRequest returns a search for pattern with the defaults of `readmap search`.
func NewSearchRequest(pattern string) SearchRequest {
	return SearchRequest{Pattern: pattern, Threshold: DefaultFuzzyThreshold, Context: DefaultContext, Max: DefaultMaxHits}
}

// Validate checks req against the rules of a search: --regex and --fuzzy exclude each other, the
// threshold is a similarity in (0, 1], and the pattern, context, max and skip keep within their
// bounds. A request that breaks one is a CodeUsage *Error.
func (req SearchRequest) Validate() error {
	if req.Regex && req.Fuzzy {
		return usageError("--regex and --fuzzy exclude each other", "pass one of them")
	}
	if !(req.Threshold > 0 && req.Threshold <= 1) { // also refuses NaN
		return usageError(fmt.Sprintf("--threshold %g is not a similarity in (0, 1]", req.Threshold),
			fmt.Sprintf("pass a --threshold above 0 and at most 1, such as %g", DefaultFuzzyThreshold))
	}
	if err := shortArg("pattern", req.Pattern); err != nil {
		return err
	}
	if err := within("context", req.Context, 0, MaxContext); err != nil {
		return err
	}
	if err := within("max", req.Max, 1, MaxHits); err != nil {
		return err
	}
	return within("skip", req.Skip, 0, MaxSearchSkip)
}

// SearchHit is one matching line with its context and enclosing symbol.
type SearchHit struct {
	Line       int      `json:"line"`
	Column     int      `json:"column"` // 1-based byte column of the match; 0 for fuzzy hits
	Text       string   `json:"text"`   // the line, or a window around the match for a long line
	Score      float64  `json:"score,omitempty"`
	Breadcrumb string   `json:"symbol"`       // "BatchProcessor > run", "" at top level
	SymbolLine [2]int   `json:"symbol_lines"` // the innermost symbol's range, or [0,0]
	Before     []string `json:"before"`
	After      []string `json:"after"`
}

// SearchAnswer is what a search shows: the hits that fit the answer's budget, and where the next
// one is when more follow. Its JSON form, `search --json`, is the array of hits; a cut answer's
// notice goes beside it (stderr, or a block of its own from the MCP server).
type SearchAnswer struct {
	Hits      []SearchHit
	Truncated bool        // more hits follow those shown
	Next      *SearchNext // where the next hit is, when Truncated
	Notice    string      // what was cut and how to see the rest, when Truncated
	// Passed counts the hits passed over for Skip (all there were, when no hit is shown).
	Passed int
}

// SearchNext is the hit that follows those shown.
type SearchNext struct {
	Skip int `json:"skip"` // the --skip that shows hits from it on
	Line int `json:"line"`
}

// noticeReserve is what a search or sym answer keeps of its budget for its notice and, in JSON,
// the brackets around its hits.
const noticeReserve = 512

// Search finds the lines of a file that match the pattern: as plain text (case-insensitive when
// the pattern has no upper-case letter), as a regular expression, or by whole-line similarity
// (best first). It shows the hits from Skip on until Max are shown or the next would take the
// answer past its budget, and says where the next hit is. The file is streamed and each hit is
// built only when it is shown, so memory follows the answer, not the file or the parameters.
// Failures the user can act on, a request Validate refuses included, are *Error.
func Search(ctx context.Context, req SearchRequest) (*SearchAnswer, error) {
	if err := req.Validate(); err != nil {
		return nil, err
	}
	match, err := matcher(req)
	if err != nil {
		return nil, err
	}
	budget := req.Budget
	if budget <= 0 {
		budget = MaxAnswerBytes
	}
	s := &searcher{req: req, match: match, limit: budget - noticeReserve, ans: &SearchAnswer{Hits: []SearchHit{}}}
	if req.Fuzzy {
		err = s.fuzzy(ctx)
	} else {
		err = s.plain(ctx)
	}
	if err != nil {
		return nil, err
	}
	s.ans.Notice = s.notice()
	return s.ans, nil
}

// searcher is one search under way.
type searcher struct {
	req    SearchRequest
	match  func(string) (int, float64, bool)
	limit  int // bytes the hits may take
	used   int
	ans    *SearchAnswer
	full   bool // the budget is spent: the next hit is not shown
	cut    bool // the first hit's context was cut to fit
	scores int  // fuzzy: hits found in all
}

// plain shows the hits in file order.
func (s *searcher) plain(ctx context.Context) error {
	ring := newLineRing(s.req.Context)
	return scanLines(ctx, s.req.Source, s.req.Size, func(line int, off int64, text string) bool {
		defer ring.push(line, off)
		col, _, ok := s.match(text)
		if !ok {
			return true
		}
		if s.ans.Passed < s.req.Skip {
			s.ans.Passed++
			return true
		}
		if s.full || len(s.ans.Hits) == s.req.Max {
			s.more(line, s.req.Skip+len(s.ans.Hits))
			return false
		}
		firstLine, firstOff := ring.first(line, off)
		if !s.add(s.hitAt(firstLine, firstOff, line, col, 0)) {
			s.more(line, s.req.Skip+len(s.ans.Hits))
			return false
		}
		return true
	})
}

// fuzzy shows the hits best first. One pass keeps the best Skip+Max+1 hits (a line number and two
// offsets each); their text is read only for those shown.
func (s *searcher) fuzzy(ctx context.Context) error {
	ring := newLineRing(s.req.Context)
	keep := s.req.Skip + s.req.Max + 1
	best := &fuzzyHeap{}
	err := scanLines(ctx, s.req.Source, s.req.Size, func(line int, off int64, text string) bool {
		defer ring.push(line, off)
		if _, score, ok := s.match(text); ok {
			s.scores++
			firstLine, firstOff := ring.first(line, off)
			heap.Push(best, fuzzyHit{score: score, line: line, firstLine: firstLine, firstOff: firstOff})
			if best.Len() > keep {
				heap.Pop(best)
			}
		}
		return true
	})
	if err != nil {
		return err
	}
	ranked := make([]fuzzyHit, best.Len())
	for i := len(ranked) - 1; i >= 0; i-- {
		ranked[i] = heap.Pop(best).(fuzzyHit)
	}
	s.ans.Passed = min(s.req.Skip, len(ranked))
	for i, f := range ranked[s.ans.Passed:] {
		if i == s.req.Max || !s.add(s.hitAt(f.firstLine, f.firstOff, f.line, 0, f.score)) {
			s.more(f.line, s.req.Skip+i)
			break
		}
	}
	return nil
}

// more records that hits follow those shown, the next at line, shown by --skip skip.
func (s *searcher) more(line, skip int) {
	s.ans.Truncated = true
	s.ans.Next = &SearchNext{Skip: skip, Line: line}
}

// add shows h when it fits the budget, and reports whether it did. A first hit too large for the
// budget (wide context in JSON) loses context lines, the farthest first, until it fits.
func (s *searcher) add(h SearchHit) bool {
	cost := s.cost(h)
	for len(s.ans.Hits) == 0 && s.used+cost > s.limit && len(h.Before)+len(h.After) > 0 {
		if len(h.Before) >= len(h.After) {
			h.Before = h.Before[1:]
		} else {
			h.After = h.After[:len(h.After)-1]
		}
		s.cut = true
		cost = s.cost(h)
	}
	if s.used+cost > s.limit && len(s.ans.Hits) > 0 {
		s.full = true
		return false
	}
	s.ans.Hits = append(s.ans.Hits, h)
	s.used += cost
	return true
}

// cost is what h adds to the answer as written: its text and the line between it and the one
// before, or its JSON object and the comma before it.
func (s *searcher) cost(h SearchHit) int {
	sep := 0
	if len(s.ans.Hits) > 0 {
		sep = 1
	}
	if s.req.Encoding == EncodingJSON {
		return sep + jsonSize(h)
	}
	return sep + len(hitText(h))
}

// notice says what the answer leaves out and how to see it, or "" when it shows every hit.
func (s *searcher) notice() string {
	var b strings.Builder
	shown := len(s.ans.Hits)
	if s.ans.Truncated {
		first := s.req.Skip + 1
		switch {
		case shown == 0:
		case s.req.Fuzzy:
			fmt.Fprintf(&b, "readmap: the hits ranked %s-%s shown of %s", Thousands(first), Thousands(s.req.Skip+shown), Thousands(s.scores))
		default:
			fmt.Fprintf(&b, "readmap: hits %s-%s shown", Thousands(first), Thousands(s.req.Skip+shown))
		}
		if s.full {
			fmt.Fprintf(&b, "; the answer stops at its %s-byte budget", Thousands(s.limit+noticeReserve))
		} else {
			fmt.Fprintf(&b, " (--max %d)", s.req.Max)
		}
		fmt.Fprintf(&b, ". More follow; the next is at line %s", Thousands(s.ans.Next.Line))
		if s.ans.Next.Skip <= MaxSearchSkip {
			fmt.Fprintf(&b, ": go on with --skip %d", s.ans.Next.Skip)
		} else {
			fmt.Fprintf(&b, ", past what --skip reaches (%s): narrow the pattern", Thousands(MaxSearchSkip))
		}
	}
	if s.cut {
		if b.Len() == 0 {
			b.WriteString("readmap: ")
		} else {
			b.WriteString(". ")
		}
		b.WriteString("The context of the first hit was cut to fit the answer's budget")
	}
	if b.Len() == 0 {
		return ""
	}
	b.WriteString(".")
	return b.String()
}

// hitAt builds the hit on line (at byte column col, with score), reading its context from the
// file: the lines from firstLine (at offset firstOff) up to it, and Context lines after it.
func (s *searcher) hitAt(firstLine int, firstOff int64, line, col int, score float64) SearchHit {
	enc := s.req.Encoding
	br := bufio.NewReaderSize(io.NewSectionReader(s.req.Source, firstOff, s.req.Size-firstOff), 16<<10)
	h := SearchHit{Line: line, Column: col, Score: score, Before: []string{}, After: []string{}}
	for range line - firstLine {
		head, _ := readLineHead(br)
		h.Before = append(h.Before, enc.text(head))
	}
	text, _, _ := readLine(br)
	h.Text = enc.text(clipLine(text, col))
	for range s.req.Context {
		head, err := readLineHead(br)
		if err == io.EOF && head == "" {
			break
		}
		h.After = append(h.After, enc.text(head))
		if err != nil {
			break
		}
	}
	h.Breadcrumb, h.SymbolLine = breadcrumb(s.req.File.Symbols, line)
	return h
}

// lineRing remembers where the last n lines started, for the context before a hit.
type lineRing struct {
	lines []int
	offs  []int64
	n     int
}

func newLineRing(n int) *lineRing { return &lineRing{n: n} }

func (r *lineRing) push(line int, off int64) {
	if r.n == 0 {
		return
	}
	if len(r.lines) == r.n {
		r.lines, r.offs = r.lines[1:], r.offs[1:]
	}
	r.lines, r.offs = append(r.lines, line), append(r.offs, off)
}

// first returns where the context of a hit on line (at off) starts.
func (r *lineRing) first(line int, off int64) (int, int64) {
	if len(r.lines) == 0 {
		return line, off
	}
	return r.lines[0], r.offs[0]
}

// fuzzyHit is a fuzzy hit kept for ranking: where it is and where its context starts.
type fuzzyHit struct {
	score     float64
	line      int
	firstLine int
	firstOff  int64
}

// fuzzyHeap holds fuzzy hits with the worst on top: lower score, then later line.
type fuzzyHeap []fuzzyHit

func (h fuzzyHeap) Len() int { return len(h) }
func (h fuzzyHeap) Less(i, j int) bool {
	if h[i].score != h[j].score {
		return h[i].score < h[j].score
	}
	return h[i].line > h[j].line
}
func (h fuzzyHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *fuzzyHeap) Push(x any)   { *h = append(*h, x.(fuzzyHit)) }
func (h *fuzzyHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// scanLines calls fn with each line of the file (1-based number, start offset, text without its
// line ending, at most 1 MiB of it) until fn returns false or the file ends. It checks ctx every
// few thousand lines.
func scanLines(ctx context.Context, src io.ReaderAt, size int64, fn func(line int, off int64, text string) bool) error {
	br := bufio.NewReaderSize(io.NewSectionReader(src, 0, size), 64<<10)
	off := int64(0)
	for line := 1; ; line++ {
		text, n, err := readLine(br)
		if n == 0 && err != nil {
			break
		}
		if line%4096 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		if !fn(line, off, text) {
			return nil
		}
		off += n
		if err != nil {
			break
		}
	}
	return nil
}

// readLine returns the next line without its line ending, at most 1 MiB of it, and how many bytes
// of the file it took.
func readLine(br *bufio.Reader) (string, int64, error) {
	var b []byte
	var n int64
	for {
		chunk, err := br.ReadSlice('\n')
		n += int64(len(chunk))
		if len(b) < 1<<20 {
			b = append(b, chunk[:min(len(chunk), 1<<20-len(b))]...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		s := strings.TrimSuffix(strings.TrimSuffix(string(b), "\n"), "\r")
		return s, n, err
	}
}

// readLineHead returns the next line as a context line shows it: the head of a long line, cut as
// clipLine cuts it. It holds no more of the line than that.
func readLineHead(br *bufio.Reader) (string, error) {
	const keep = 4 * searchWindow // more than the window: a line cut here is still cut by clipLine
	var b []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(b) < keep {
			b = append(b, chunk[:min(len(chunk), keep-len(b))]...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		s := strings.TrimSuffix(strings.TrimSuffix(string(b), "\n"), "\r")
		return clipLine(s, 0), err
	}
}

// matcher returns the test of one line: the byte column of the match, the fuzzy score, and
// whether the line matches.
func matcher(req SearchRequest) (func(string) (int, float64, bool), error) {
	switch {
	case req.Regex:
		re, err := regexp.Compile(req.Pattern)
		if err != nil {
			return nil, userError(CodeBadPattern, "bad regular expression: "+err.Error(), "see https://pkg.go.dev/regexp/syntax, or drop --regex to search plain text")
		}
		return func(line string) (int, float64, bool) {
			loc := re.FindStringIndex(line)
			if loc == nil {
				return 0, 0, false
			}
			return loc[0] + 1, 0, true
		}, nil
	case req.Fuzzy:
		want := foldSpace(req.Pattern)
		return func(line string) (int, float64, bool) {
			got := foldSpace(line)
			longest := max(len(want), len(got))
			if longest == 0 || float64(abs(len(want)-len(got)))/float64(longest) > 1-req.Threshold {
				return 0, 0, false // too different in length to be similar enough
			}
			score := 1 - float64(levenshtein.ComputeDistance(want, got))/float64(longest)
			return 0, score, score >= req.Threshold
		}, nil
	default:
		pattern := req.Pattern
		if pattern == "" {
			return nil, userError(CodeBadPattern, "empty pattern", "give the text to find")
		}
		if strings.ContainsFunc(pattern, unicode.IsUpper) {
			return func(line string) (int, float64, bool) {
				i := strings.Index(line, pattern)
				return i + 1, 0, i >= 0
			}, nil
		}
		// Case-blind, with offsets into the line as it is: lower-casing the line first would move
		// them (an invalid byte becomes a 3-byte U+FFFD, the Kelvin sign K shrinks to k).
		re := regexp.MustCompile("(?i)" + regexp.QuoteMeta(pattern))
		return func(line string) (int, float64, bool) {
			loc := re.FindStringIndex(line)
			if loc == nil {
				return 0, 0, false
			}
			return loc[0] + 1, 0, true
		}, nil
	}
}

// foldSpace trims a line and folds its runs of white space to one space, so indentation does not
// count against similarity.
func foldSpace(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// clipLine shows a long line as a window of about searchWindow bytes around col (1-based; 0 means
// the start), with "…" where it was cut.
func clipLine(line string, col int) string {
	if len(line) <= searchWindow {
		return line
	}
	start := min(max(0, col-1-searchWindow/3), len(line)-1)
	for start > 0 && !utf8.RuneStart(line[start]) {
		start--
	}
	end := min(len(line), start+searchWindow)
	for end < len(line) && !utf8.RuneStart(line[end]) {
		end++
	}
	out := line[start:end]
	if start > 0 {
		out = "…" + out
	}
	if end < len(line) {
		out += "…"
	}
	return out
}

// Breadcrumb names the chain of symbols that encloses line, outermost first ("BatchProcessor >
// run"), as search heads its hits, with the innermost one's range ("BatchProcessor > run
// [67-180]"); "" when no symbol encloses the line. Names are shown as Printable makes them.
func Breadcrumb(syms []store.Symbol, line int) string {
	crumb, r := breadcrumb(syms, line)
	if crumb == "" {
		return ""
	}
	return Printable(crumb) + " " + lineRange(r[0], r[1])
}

// breadcrumb names the chain of symbols that encloses line, outermost first ("BatchProcessor >
// run"), and the innermost one's range.
func breadcrumb(syms []store.Symbol, line int) (string, [2]int) {
	inner := -1
	for i, s := range syms {
		if s.Kind == store.KindLandmark || line < s.StartLine || line > s.EndLine {
			continue
		}
		// Later symbols in source order that still contain the line are nested deeper (or are
		// siblings sharing a declaration line): prefer the deepest.
		if inner < 0 || s.Depth >= syms[inner].Depth {
			inner = i
		}
	}
	if inner < 0 {
		return "", [2]int{}
	}
	var names []string
	for i := inner; i >= 0; i = syms[i].Parent {
		names = append(names, syms[i].Name)
	}
	for l, r := 0, len(names)-1; l < r; l, r = l+1, r-1 {
		names[l], names[r] = names[r], names[l]
	}
	if s := syms[inner]; s.Parent < 0 && s.Qualname != s.Name && s.Qualname != "" {
		names = strings.Split(s.Qualname, ".") // a Go method: Server > Handle
	}
	return strings.Join(names, " > "), [2]int{syms[inner].StartLine, syms[inner].EndLine}
}

// WriteText prints each hit headed by its line number and breadcrumb, with numbered context
// lines (the matching line is marked with '>'), then the notice.
func (a *SearchAnswer) WriteText(w io.Writer) error {
	var b strings.Builder
	for i, h := range a.Hits {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(hitText(h))
	}
	if a.Notice != "" {
		if len(a.Hits) > 0 {
			b.WriteString("\n")
		}
		b.WriteString("[" + a.Notice + "]\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// hitText is one hit as text.
func hitText(h SearchHit) string {
	var b strings.Builder
	b.WriteString("── line " + strconv.Itoa(h.Line))
	if h.Breadcrumb != "" {
		fmt.Fprintf(&b, " in %s %s", Printable(h.Breadcrumb), lineRange(h.SymbolLine[0], h.SymbolLine[1]))
	}
	if h.Score > 0 {
		fmt.Fprintf(&b, " (similarity %.2f)", h.Score)
	}
	b.WriteString("\n")
	for j, text := range h.Before {
		fmt.Fprintf(&b, "  %d\t%s\n", h.Line-len(h.Before)+j, text)
	}
	fmt.Fprintf(&b, "> %d\t%s\n", h.Line, h.Text)
	for j, text := range h.After {
		fmt.Fprintf(&b, "  %d\t%s\n", h.Line+1+j, text)
	}
	return b.String()
}

// WriteJSON prints the hits as one JSON array; the notice is the caller's to show beside it.
func (a *SearchAnswer) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(a.Hits)
}
