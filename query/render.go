package query

import (
	"io"
	"strings"
	"unicode/utf8"

	"github.com/readmap/readmap/store"
)

// Map budgets, in bytes, on the whole text of a map: the default (READMAP_MAP_BUDGET), and the
// smallest that leaves room for the map's frame and a few entries.
const (
	DefaultMapBudget = 10 << 10
	MinMapBudget     = 256
)

// ValidateMapBudget refuses a map budget outside [MinMapBudget, MaxMapBudget], as a CodeUsage
// *Error.
func ValidateMapBudget(budget int) error {
	return within("budget", budget, MinMapBudget, MaxMapBudget)
}

// The map is rendered at the first level whose whole text fits the budget:
//
//	full     every symbol, its signature as written (folded to one line)
//	compact  every symbol, keyword and name only
//	minimal  depth 0 and 1, compact
//	outline  top level only, compact
//	elided   the first and last top-level symbols, "… N more symbols [a-b] …" between
//
// When even the outline does not fit (too many top-level symbols: a generated file), the levels
// are tried again with runs of similar siblings folded ("1,468 functions rewriteValueAMD64_Op*
// [6414-77113]"), listing as many members at each end of a run as the budget allows ("… 1,380
// more functions rewriteValueAMD64_Op* [6500-76900] …" between them), before resorting to
// elision. Every entry ends in its 1-based
// inclusive range and is indented two spaces per nesting level. The budget is a hard cap: when
// even the elided map does not fit, the text is cut at the last whole line within it.
type level int

const (
	levelFull level = iota
	levelCompact
	levelMinimal
	levelOutline
	levelElided
)

var levelNames = [...]string{"full", "compact", "minimal", "outline", "elided"}

// maxDepth is the deepest nesting a level shows; -1 means all.
func (l level) maxDepth() int {
	switch l {
	case levelMinimal:
		return 1
	case levelOutline, levelElided:
		return 0
	}
	return -1
}

// Folding needs at least foldMinRun siblings of one kind whose names share a prefix of at least
// foldMinPrefix bytes.
const (
	foldMinRun    = 4
	foldMinPrefix = 3
)

// maxImportsLine caps the imports line in bytes.
const maxImportsLine = 400

const frameRule = "───────────────────────────────────────"

// RenderMap writes the map of f, at most budget bytes, to w.
func RenderMap(w io.Writer, f *store.File, budget int) error {
	_, err := io.WriteString(w, MapText(f, budget))
	return err
}

// MapText returns the map of f within budget bytes.
func MapText(f *store.File, budget int) string {
	r := newMapRenderer(f)
	for lvl := levelFull; lvl < levelElided; lvl++ {
		if text, ok := r.render(lvl, noFolding, budget); ok {
			return text
		}
	}
	for lvl := levelFull; lvl < levelElided; lvl++ {
		best, ok := r.render(lvl, 0, budget)
		if !ok {
			continue
		}
		// Keep as many members at each end of every folded run as the budget allows: the more
		// exact ranges, the better the map; more kept never makes the text shorter.
		for lo, hi := 1, maxKept; lo <= hi; {
			keep := (lo + hi) / 2
			if text, ok := r.render(lvl, keep, budget); ok {
				best, lo = text, keep+1
			} else {
				hi = keep - 1
			}
		}
		return best
	}
	return clipToBudget(r.elided(budget), budget)
}

// noFolding renders every sibling on its own line; maxKept bounds how many members of a folded
// run are listed at each of its ends.
const (
	noFolding = -1
	maxKept   = 1000
)

type mapRenderer struct {
	f        *store.File
	children [][]int // children[i+1] lists the children of symbol i; children[0] the top level
}

func newMapRenderer(f *store.File) *mapRenderer {
	r := &mapRenderer{f: f, children: make([][]int, len(f.Symbols)+1)}
	for i, s := range f.Symbols {
		r.children[s.Parent+1] = append(r.children[s.Parent+1], i)
	}
	return r
}

// render builds the map at one level; ok is false when it does not fit the budget. With keep >=
// 0, runs of similar siblings are folded, keep members listed at each end.
func (r *mapRenderer) render(lvl level, keep, budget int) (string, bool) {
	var body strings.Builder
	b := &bodyWriter{sb: &body, limit: budget}
	r.emit(b, r.children[0], 0, lvl, keep)
	if b.over {
		return "", false
	}
	text := r.frame(lvl, b.shown, b.folded, body.String())
	return text, len(text) <= budget
}

// bodyWriter collects entries and gives up once the text passes the limit, so a level that cannot
// fit costs no more than the budget to try.
type bodyWriter struct {
	sb     *strings.Builder
	limit  int
	shown  int // symbols listed one per line
	folded int // symbols summarised in folded runs
	over   bool
}

func (b *bodyWriter) line(depth int, text string) {
	if b.over {
		return
	}
	for range depth {
		b.sb.WriteString("  ")
	}
	b.sb.WriteString(text)
	b.sb.WriteByte('\n')
	b.over = b.sb.Len() > b.limit
}

func (r *mapRenderer) emit(b *bodyWriter, ids []int, depth int, lvl level, keep int) {
	previous := ""
	for i := 0; i < len(ids) && !b.over; {
		if keep >= 0 {
			if end, prefix := r.run(ids, i); end-i >= foldMinRun && end-i > 2*keep {
				for _, id := range ids[i : i+keep] {
					r.entry(b, id, depth, lvl, keep, &previous)
				}
				mid := ids[i+keep : end-keep]
				first, last := r.f.Symbols[mid[0]], r.f.Symbols[mid[len(mid)-1]]
				fold := Thousands(len(mid)) + " " + plural(first.Kind) + " " + Printable(prefix) + "* " +
					lineRange(first.StartLine, maxEnd(r.f.Symbols, mid, last.EndLine))
				if keep > 0 {
					fold = "… " + Thousands(len(mid)) + " more " + strings.TrimPrefix(fold, Thousands(len(mid))+" ") + " …"
				}
				b.line(depth, fold)
				b.folded += len(mid)
				for _, id := range ids[end-keep : end] {
					r.entry(b, id, depth, lvl, keep, &previous)
				}
				i = end
				continue
			}
		}
		r.entry(b, ids[i], depth, lvl, keep, &previous)
		i++
	}
}

// entry writes one symbol and, as deep as the level goes, what it holds.
func (r *mapRenderer) entry(b *bodyWriter, id, depth int, lvl level, keep int, previous *string) {
	s := r.f.Symbols[id]
	text := compactText(s)
	if lvl == levelFull {
		text = fullText(s)
	}
	line := Printable(text) + " " + lineRange(s.StartLine, s.EndLine)
	// Names declared together ("var a, b int") share one declaration: show it once.
	if line != *previous {
		b.line(depth, line)
	}
	*previous = line
	b.shown++
	if max := lvl.maxDepth(); max < 0 || depth < max {
		r.emit(b, r.children[id+1], depth+1, lvl, keep)
	}
}

// run returns the end (exclusive) of the run of similar siblings starting at ids[i], and the
// prefix their names share.
func (r *mapRenderer) run(ids []int, i int) (int, string) {
	first := r.f.Symbols[ids[i]]
	prefix := first.Name
	end := i + 1
	for ; end < len(ids); end++ {
		s := r.f.Symbols[ids[end]]
		if s.Kind != first.Kind {
			break
		}
		// A run may narrow its prefix ("…_OpAdd" to "…_Op") but not lose most of it ("rewrite"
		// would swallow unrelated functions).
		p := commonPrefix(prefix, s.Name)
		if len(p) < foldMinPrefix || (end-i > 1 && 2*len(p) < len(prefix)) {
			break
		}
		prefix = p
	}
	return end, prefix
}

// maxEnd returns the furthest end line among ids, at least end.
func maxEnd(syms []store.Symbol, ids []int, end int) int {
	for _, id := range ids {
		end = max(end, syms[id].EndLine)
	}
	return end
}

func commonPrefix(a, b string) string {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	for n > 0 && n < len(a) && !utf8.RuneStart(a[n]) {
		n--
	}
	return a[:n]
}

// plural names a kind in the plural for folded runs: "functions", "classes", "properties".
func plural(k store.Kind) string {
	name := strings.ReplaceAll(k.String(), "_", " ")
	switch {
	case strings.HasSuffix(name, "s"), strings.HasSuffix(name, "x"):
		return name + "es"
	case strings.HasSuffix(name, "y") && !strings.HasSuffix(name, "ey"): // "keys", "properties"
		return name[:len(name)-1] + "ies"
	}
	return name + "s"
}

// nameKinds are shown by their name alone: the name is the whole text a reader needs. (Keys are
// not: their signatures carry the value's type and size, "users: [](2450) of object".)
var nameKinds = map[store.Kind]bool{
	store.KindHeading: true, store.KindLandmark: true,
	store.KindCodeBlock: true, store.KindElement: true, store.KindRule: true,
}

// memberKinds need no kind word before a bare name: "replicas", not "key replicas".
var memberKinds = map[store.Kind]bool{
	store.KindKey: true, store.KindField: true, store.KindColumn: true, store.KindProperty: true,
	store.KindEnumMember: true,
}

// fullText is a symbol at the full level: its signature, or its compact text without one.
func fullText(s store.Symbol) string {
	if s.Signature != "" && !nameKinds[s.Kind] {
		return s.Signature
	}
	return compactText(s)
}

// compactText is the keyword and name of a symbol: its signature cut after the name ("def run",
// "type Server"), or the kind and name.
func compactText(s store.Symbol) string {
	if nameKinds[s.Kind] || s.Name == "" || (s.Signature == "" && memberKinds[s.Kind]) {
		return s.Name
	}
	if i := wordIndex(s.Signature, s.Name); i >= 0 {
		end := i + len(s.Name)
		if i > 0 && end < len(s.Signature) && s.Signature[end] == s.Signature[i-1] && strings.IndexByte("\"'`", s.Signature[end]) >= 0 {
			end++ // a quoted name keeps its closing quote: variable "region"
		}
		return s.Signature[:closeParens(s.Signature, end)]
	}
	return s.Kind.String() + " " + s.Name
}

// maxParenTail is the most bytes closeParens adds after a name.
const maxParenTail = 40

// closeParens returns where a cut of sig at end should be for the brackets the cut leaves open
// to close: a name declared inside a macro's arguments, "static DEFINE_MUTEX(lock" or
// "DEFINE_PER_CPU(int, counter", keeps the rest of them up to the closing bracket, when that is
// near; otherwise end.
func closeParens(sig string, end int) int {
	depth := 0
	for i := range end {
		switch sig[i] {
		case '(':
			depth++
		case ')':
			depth--
		}
	}
	if depth <= 0 {
		return end
	}
	for i := end; i < len(sig) && i-end <= maxParenTail; i++ {
		switch sig[i] {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return end
}

// wordIndex returns the index of the first occurrence of word in s that is not part of a longer
// identifier ("Serve" in "func (s *Server) Serve(" is the second one), or -1.
func wordIndex(s, word string) int {
	for from := 0; from <= len(s)-len(word); {
		i := strings.Index(s[from:], word)
		if i < 0 {
			return -1
		}
		i += from
		end := i + len(word)
		if (i == 0 || !isIdentByte(s[i-1])) && (end == len(s) || !isIdentByte(s[end])) {
			return i
		}
		from = i + 1
	}
	return -1
}

func isIdentByte(b byte) bool {
	return b == '_' || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= 0x80
}

// frame wraps a body in the header, imports and footer. The header names the level and, below
// full, how many symbols are listed (and folded into runs) of how many.
func (r *mapRenderer) frame(lvl level, shown, folded int, body string) string {
	f := r.f
	var b strings.Builder
	path := DisplayPath(f.Path)
	b.WriteString(frameRule + "\nFile Map: " + path + "\n")
	lang := f.Language
	if lang == "" {
		lang = "text"
	}
	b.WriteString(Thousands(f.Lines) + " lines │ " + HumanBytes(f.Size) + " │ " + lang + " │ map: " + levelNames[lvl])
	switch {
	case folded > 0:
		b.WriteString(" (" + Thousands(shown) + " listed and " + Thousands(folded) + " in folded runs, of " + Thousands(len(f.Symbols)) + " symbols)")
	case lvl != levelFull:
		b.WriteString(" (" + Thousands(shown) + " of " + Thousands(len(f.Symbols)) + " symbols)")
	}
	b.WriteString("\n" + frameRule + "\n\n")
	if f.Summary != "" {
		b.WriteString(Printable(f.Summary) + "\n\n")
	}
	if len(f.Imports) > 0 {
		b.WriteString(importsLine(f.Imports) + "\n\n")
	}
	b.WriteString(body)
	b.WriteString("\n" + frameRule + "\nRead a symbol: readmap read " + path + " --lines A-B\n" + frameRule + "\n")
	return b.String()
}

// importsLine lists imports on one line of at most maxImportsLine bytes.
func importsLine(imports []string) string {
	line := "imports: "
	for i, imp := range imports {
		imp = Printable(imp)
		sep := ", "
		if i == 0 {
			sep = ""
		}
		more := " … " + Thousands(len(imports)-i) + " more"
		if len(line)+len(sep)+len(imp)+len(more) > maxImportsLine && i < len(imports)-1 {
			return line + more
		}
		line += sep + imp
	}
	return line
}

// elided renders the top level's first and last symbols, as many as the budget allows, with the
// count and span of what lies between. It grows the shown ends alternately, one symbol at a time
// (the head first), and stops before the first step whose text would not fit; the first text, with
// every top-level symbol elided, is kept even when it does not. Each step is measured, not built:
// the text is built once, for the step kept.
func (r *mapRenderer) elided(budget int) string {
	top := r.children[0]
	entries := make([]string, len(top)) // entries[i] lists top[i]; made when first measured
	entry := func(i int) string {
		if entries[i] == "" {
			s := r.f.Symbols[top[i]]
			entries[i] = Printable(compactText(s)) + " " + lineRange(s.StartLine, s.EndLine) + "\n"
		}
		return entries[i]
	}
	// within[i] counts the symbols of top[:i], each with everything nested in it. top lists the
	// top-level symbols in order, and a symbol comes after its parent.
	topIndex := make([]int, len(r.f.Symbols)) // the index in top of each symbol's top-level one
	within := make([]int, len(top)+1)
	next := 0
	for i, s := range r.f.Symbols {
		if s.Parent < 0 {
			topIndex[i], next = next, next+1
		} else {
			topIndex[i] = topIndex[s.Parent]
		}
		within[topIndex[i]+1]++
	}
	for i := range top {
		within[i+1] += within[i]
	}
	gap := func(from, to int) string { // the omitted top-level symbols top[from:to]
		if from >= to {
			return ""
		}
		start := r.f.Symbols[top[from]].StartLine
		end := maxEnd(r.f.Symbols, top[from:to], 0)
		return "… " + Thousands(within[to]-within[from]) + " more symbols " + lineRange(start, end) + " …\n"
	}
	// The frame's length changes with the shown count's digits alone ("211 of 523 symbols").
	frameLens := map[int]int{}
	frameLen := func(shown int) int {
		digits := len(Thousands(shown))
		if _, ok := frameLens[digits]; !ok {
			frameLens[digits] = len(r.frame(levelElided, shown, 0, ""))
		}
		return frameLens[digits]
	}
	build := func(head, tail int) string {
		var body strings.Builder
		for i := range head {
			body.WriteString(entry(i))
		}
		body.WriteString(gap(head, tail))
		for i := tail; i < len(top); i++ {
			body.WriteString(entry(i))
		}
		return r.frame(levelElided, head+len(top)-tail, 0, body.String())
	}
	// listed is the length of the entries of top[:head] and top[tail:].
	head, tail, listed := 0, len(top), 0
	for head < tail {
		next, nextTail := head, tail
		if head <= len(top)-tail {
			next++
			listed += len(entry(head))
		} else {
			nextTail--
			listed += len(entry(nextTail))
		}
		if frameLen(next+len(top)-nextTail)+listed+len(gap(next, nextTail)) > budget {
			break
		}
		head, tail = next, nextTail
	}
	return build(head, tail)
}

// clipToBudget cuts text at the last line break within budget bytes, as a last resort for a
// budget too small for even the elided map's frame.
func clipToBudget(text string, budget int) string {
	if len(text) <= budget {
		return text
	}
	if budget <= 0 {
		return ""
	}
	cut := strings.LastIndexByte(text[:budget], '\n')
	if cut < 0 {
		cut = budget
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut--
		}
		return text[:cut]
	}
	return text[:cut+1]
}
