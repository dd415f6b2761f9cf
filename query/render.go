package query

import (
	"io"
	"strings"
	"unicode/utf8"

	"github.com/readmap/readmap/store"
)

// DefaultMapBudget is the default cap, in bytes, on the whole text of a map (READMAP_MAP_BUDGET).
const DefaultMapBudget = 10 << 10

// The map (design 4) is rendered at the first level whose whole text fits the budget:
//
//	full     every symbol, its signature as written (folded to one line)
//	compact  every symbol, keyword and name only
//	minimal  depth 0 and 1, compact
//	outline  top level only, compact
//	elided   the first and last top-level symbols, "… N more symbols [a-b] …" between
//
// When even the outline does not fit (too many top-level symbols: a generated file), the levels
// are tried again with runs of similar siblings folded into one line ("1,468 functions
// rewriteValueAMD64_Op* [6414-77113]"), before resorting to elision. Every entry ends in its 1-based
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

// MapText returns the map of f within budget bytes (design 4).
func MapText(f *store.File, budget int) string {
	r := newMapRenderer(f)
	for _, fold := range []bool{false, true} {
		for lvl := levelFull; lvl < levelElided; lvl++ {
			if text, ok := r.render(lvl, fold, budget); ok {
				return text
			}
		}
	}
	return clipToBudget(r.elided(budget), budget)
}

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

// render builds the map at one level; ok is false when it does not fit the budget.
func (r *mapRenderer) render(lvl level, fold bool, budget int) (string, bool) {
	var body strings.Builder
	b := &bodyWriter{sb: &body, limit: budget}
	r.emit(b, r.children[0], 0, lvl, fold)
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

func (r *mapRenderer) emit(b *bodyWriter, ids []int, depth int, lvl level, fold bool) {
	previous := ""
	for i := 0; i < len(ids) && !b.over; {
		if fold {
			if end, prefix := r.run(ids, i); end-i >= foldMinRun {
				first, last := r.f.Symbols[ids[i]], r.f.Symbols[ids[end-1]]
				b.line(depth, Thousands(end-i)+" "+plural(first.Kind)+" "+prefix+"* "+
					lineRange(first.StartLine, maxEnd(r.f.Symbols, ids[i:end], last.EndLine)))
				b.folded += end - i
				i = end
				continue
			}
		}
		id := ids[i]
		s := r.f.Symbols[id]
		text := compactText(s)
		if lvl == levelFull {
			text = fullText(s)
		}
		entry := text + " " + lineRange(s.StartLine, s.EndLine)
		// Names declared together ("var a, b int") share one declaration: show it once.
		if entry != previous {
			b.line(depth, entry)
		}
		previous = entry
		b.shown++
		if max := lvl.maxDepth(); max < 0 || depth < max {
			r.emit(b, r.children[id+1], depth+1, lvl, fold)
		}
		i++
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
		return s.Signature[:i+len(s.Name)]
	}
	return s.Kind.String() + " " + s.Name
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
	b.WriteString(frameRule + "\nFile Map: " + f.Path + "\n")
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
		b.WriteString(f.Summary + "\n\n")
	}
	if len(f.Imports) > 0 {
		b.WriteString(importsLine(f.Imports) + "\n\n")
	}
	b.WriteString(body)
	b.WriteString("\n" + frameRule + "\nRead a symbol: readmap read " + f.Path + " --lines A-B\n" + frameRule + "\n")
	return b.String()
}

// importsLine lists imports on one line of at most maxImportsLine bytes.
func importsLine(imports []string) string {
	line := "imports: "
	for i, imp := range imports {
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
// count and span of what lies between.
func (r *mapRenderer) elided(budget int) string {
	top := r.children[0]
	entry := func(id int) string {
		s := r.f.Symbols[id]
		return compactText(s) + " " + lineRange(s.StartLine, s.EndLine) + "\n"
	}
	gap := func(from, to int) string { // the omitted top-level symbols top[from:to]
		if from >= to {
			return ""
		}
		omitted := len(r.f.Symbols) - (from + len(top) - to)
		start := r.f.Symbols[top[from]].StartLine
		end := maxEnd(r.f.Symbols, top[from:to], 0)
		return "… " + Thousands(omitted) + " more symbols " + lineRange(start, end) + " …\n"
	}
	head, tail := 0, len(top) // top[:head] and top[tail:] are shown
	build := func() string {
		var body strings.Builder
		for _, id := range top[:head] {
			body.WriteString(entry(id))
		}
		body.WriteString(gap(head, tail))
		for _, id := range top[tail:] {
			body.WriteString(entry(id))
		}
		return r.frame(levelElided, head+len(top)-tail, 0, body.String())
	}
	head, tail = 0, len(top)
	if len(top) == 0 {
		return build()
	}
	// Grow from both ends while the whole text still fits.
	best := ""
	head, tail = 0, len(top)
	for {
		text := build()
		if len(text) > budget && best != "" {
			return best
		}
		best = text
		if head >= tail {
			return best
		}
		if head <= len(top)-tail {
			head++
		} else {
			tail--
		}
	}
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
