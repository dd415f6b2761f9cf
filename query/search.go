package query

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"sort"
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
	Source    io.Reader
	Pattern   string
	Regex     bool
	Fuzzy     bool
	Threshold float64 // least similarity of a fuzzy hit, in (0, 1]
	Context   int     // lines around each hit, 0 or more
	Max       int     // most hits, 1 or more
}

// NewSearchRequest returns a search for pattern with the defaults of `readmap search`.
func NewSearchRequest(pattern string) SearchRequest {
	return SearchRequest{Pattern: pattern, Threshold: DefaultFuzzyThreshold, Context: DefaultContext, Max: DefaultMaxHits}
}

// Validate checks req against the rules of a search: --regex and --fuzzy exclude each other, the
// threshold is a similarity in (0, 1], context is 0 or more and max 1 or more. A request that
// breaks one is a CodeUsage *Error.
func (req SearchRequest) Validate() error {
	if req.Regex && req.Fuzzy {
		return usageError("--regex and --fuzzy exclude each other", "pass one of them")
	}
	if !(req.Threshold > 0 && req.Threshold <= 1) { // also refuses NaN
		return usageError(fmt.Sprintf("--threshold %g is not a similarity in (0, 1]", req.Threshold),
			fmt.Sprintf("pass a --threshold above 0 and at most 1, such as %g", DefaultFuzzyThreshold))
	}
	if err := atLeast("context", req.Context, 0); err != nil {
		return err
	}
	return atLeast("max", req.Max, 1)
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

// Search finds the lines of a file that match the pattern: as plain text (case-insensitive when
// the pattern has no upper-case letter), as a regular expression, or by whole-line similarity
// (best first). The file is streamed, so its size does not matter. Failures the user can act on,
// a request Validate refuses included, are *Error.
func Search(ctx context.Context, req SearchRequest) ([]SearchHit, error) {
	if err := req.Validate(); err != nil {
		return nil, err
	}
	match, err := matcher(req)
	if err != nil {
		return nil, err
	}
	var hits []SearchHit
	var recent []string // the last Context lines, for a new hit's "before"
	var pending []int   // hits still collecting their "after" lines
	br := bufio.NewReaderSize(req.Source, 64<<10)
	for line := 1; ; line++ {
		text, err := readLine(br)
		if err == io.EOF && text == "" {
			break
		}
		if line%4096 == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		kept := pending[:0]
		for _, i := range pending {
			hits[i].After = append(hits[i].After, clipLine(text, 0))
			if len(hits[i].After) < req.Context {
				kept = append(kept, i)
			}
		}
		pending = kept
		if !req.Fuzzy && len(hits) >= req.Max && len(pending) == 0 {
			break
		}
		if col, score, ok := match(text); ok && (req.Fuzzy || len(hits) < req.Max) {
			hits = append(hits, SearchHit{Line: line, Column: col, Text: clipLine(text, col), Score: score,
				Before: append([]string(nil), recent...)})
			if req.Context > 0 {
				pending = append(pending, len(hits)-1)
			}
		}
		if req.Context > 0 {
			recent = append(recent, clipLine(text, 0))
			if len(recent) > req.Context {
				recent = recent[1:]
			}
		}
		if err != nil {
			break
		}
	}
	if req.Fuzzy {
		sort.SliceStable(hits, func(i, j int) bool { return hits[i].Score > hits[j].Score })
		hits = hits[:min(len(hits), req.Max)]
	}
	for i := range hits {
		hits[i].Breadcrumb, hits[i].SymbolLine = breadcrumb(req.File.Symbols, hits[i].Line)
	}
	return hits, nil
}

// readLine returns the next line without its line ending; at most 1 MiB of it is kept.
func readLine(br *bufio.Reader) (string, error) {
	var b []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(b) < 1<<20 {
			b = append(b, chunk[:min(len(chunk), 1<<20-len(b))]...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		s := strings.TrimSuffix(strings.TrimSuffix(string(b), "\n"), "\r")
		return s, err
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

// WriteSearchText prints each hit headed by its line number and breadcrumb, with numbered
// context lines; the matching line is marked with '>'.
func WriteSearchText(w io.Writer, hits []SearchHit) error {
	var b strings.Builder
	for i, h := range hits {
		if i > 0 {
			b.WriteString("\n")
		}
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
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteSearchJSON prints the hits as one JSON array.
func WriteSearchJSON(w io.Writer, hits []SearchHit) error {
	if hits == nil {
		hits = []SearchHit{}
	}
	for i := range hits {
		if hits[i].Before == nil {
			hits[i].Before = []string{}
		}
		if hits[i].After == nil {
			hits[i].After = []string{}
		}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(hits)
}
