package query

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/bits"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/readmap/readmap/store"
)

// DefaultSymLimit is how many hits `sym` prints unless --limit says otherwise.
const DefaultSymLimit = 20

// Symbol lookup tries tiers in turn and fills the limit from the best down:
//
//	exact      name or qualname equal to the query, same case, then any case
//	prefix     name (or, for a dotted query, qualname) starting with the query
//	substring  name containing the query
//	fuzzy      names within a few edits of the query (typos)
//
// Within a tier, types and functions come before constants and variables, then members; then
// shorter paths (store.hitOrder).

// SymQuery is one `sym` lookup. The command line and the MCP sym tool fill it from their flags and
// parameters alike, starting from NewSymQuery, and Validate holds the rules both enforce.
type SymQuery struct {
	Text   string
	Filter store.LookupFilter
	Limit  int // most hits, 1 to MaxSymLimit
	Skip   int // hits to pass over, best first, 0 to MaxSymSkip
	// Suggest, when set, decides which names a lookup without a hit may suggest: the MCP server
	// suggests no name only files outside its root define.
	Suggest func(name string) bool
}

// NewSymQuery returns a lookup of text with the defaults of `readmap sym`.
func NewSymQuery(text string) SymQuery {
	return SymQuery{Text: text, Limit: DefaultSymLimit}
}

// Validate checks q against the rules of a lookup: the limit, the skip and the text parameters
// within their bounds, and a kind filter that names one of store.Kinds. A query that breaks one is
// a CodeUsage *Error.
func (q SymQuery) Validate() error {
	if err := within("limit", q.Limit, 1, MaxSymLimit); err != nil {
		return err
	}
	if err := within("skip", q.Skip, 0, MaxSymSkip); err != nil {
		return err
	}
	for _, arg := range []struct{ name, value string }{
		{"query", q.Text}, {"kind", q.Filter.Kind}, {"lang", q.Filter.Language}, {"path", q.Filter.PathGlob},
	} {
		if err := shortArg(arg.name, arg.value); err != nil {
			return err
		}
	}
	if k := q.Filter.Kind; k != "" {
		if _, ok := store.ParseKind(k); !ok {
			return usageError("unknown kind "+k, "kinds: "+strings.Join(store.Kinds(), ", "))
		}
	}
	return nil
}

// SymHit is one symbol found, with the tier that found it.
type SymHit struct {
	store.Hit
	Tier string
}

// SymHitJSON is a hit as `sym --json` prints it.
type SymHitJSON struct {
	Path      string `json:"path"`
	Qualname  string `json:"qualname"`
	Name      string `json:"name"`
	Kind      string `json:"kind"`
	Signature string `json:"signature"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	Language  string `json:"language"`
}

// Sym looks q up in st: the best Skip+Limit+1 hits, so that an answer can tell whether more
// follow those it shows. No hit in any tier is an *Error with the closest names, and so is a query
// Validate refuses.
func Sym(ctx context.Context, st *store.Store, q SymQuery) ([]SymHit, error) {
	if err := q.Validate(); err != nil {
		return nil, err
	}
	text := strings.TrimSpace(q.Text)
	if text == "" {
		return nil, userError(CodeBadQuery, "empty query", "give a symbol name, for example readmap sym NewReader")
	}
	c := &collector{limit: q.Skip + q.Limit + 1, seen: map[hitKey]bool{}}
	name := lastComponent(text)
	dotted := name != text

	named, err := st.SymbolsNamed(ctx, name, q.Filter, 0)
	if err != nil {
		return nil, err
	}
	if named, err = orderByUse(ctx, st, named, name); err != nil {
		return nil, err
	}
	if dotted {
		// A name may hold dots itself: an HCL resource ("aws_instance.web"), a YAML key.
		whole, err := st.SymbolsNamed(ctx, text, q.Filter, 0)
		if err != nil {
			return nil, err
		}
		named = append(whole, named...)
	}
	c.add("exact", named, func(h store.Hit) bool { return h.Name == text || h.Qualname == text })
	c.add("exact", named, func(h store.Hit) bool {
		return strings.EqualFold(h.Name, text) || strings.EqualFold(h.Qualname, text)
	})
	if dotted {
		// Builder.WriteString: then the other WriteStrings.
		c.add("name", named, func(store.Hit) bool { return true })
	}
	if !c.full() {
		prefixed, err := st.SymbolsWithPrefix(ctx, name, q.Filter, 0)
		if err != nil {
			return nil, err
		}
		lower := strings.ToLower(text)
		c.add("prefix", prefixed, func(h store.Hit) bool {
			if dotted {
				return strings.HasPrefix(strings.ToLower(h.Qualname), lower)
			}
			return true
		})
	}
	if c.full() || (dotted && len(c.hits) > 0) {
		return c.hits, nil
	}
	names := &nameSource{st: st, buckets: map[int][]byte{}}
	if !dotted {
		if err := c.addContaining(ctx, st, names, name, q.Filter); err != nil {
			return nil, err
		}
	}
	if len(c.hits) == 0 { // typos only when nothing matched as written
		found, err := names.closest(ctx, name, maxEdits(name), c.limit)
		if err != nil {
			return nil, err
		}
		if err := c.addNamed(ctx, st, "fuzzy", found, q.Filter); err != nil {
			return nil, err
		}
	}
	if len(c.hits) == 0 {
		hint := "no similar names in the store; is it indexed? run readmap index"
		var near []string
		found, err := names.closest(ctx, name, maxEdits(name)+2, 20)
		if err != nil {
			return nil, err
		}
		for _, n := range found {
			if len(near) < 5 && (q.Suggest == nil || q.Suggest(n)) {
				near = append(near, Printable(n))
			}
		}
		if len(near) > 0 {
			hint = "did you mean " + strings.Join(near, ", ") + "?"
		}
		return nil, userError(CodeNoHit, fmt.Sprintf("no symbol matches %q", text), hint)
	}
	return c.hits, nil
}

type hitKey struct {
	path string
	line int
	name string
}

// collector gathers hits tier by tier, without repeats, up to the limit.
type collector struct {
	hits  []SymHit
	seen  map[hitKey]bool
	limit int
}

func (c *collector) full() bool { return len(c.hits) >= c.limit }

func (c *collector) add(tier string, hits []store.Hit, keep func(store.Hit) bool) {
	for _, h := range hits {
		if c.full() {
			return
		}
		k := hitKey{h.Path, h.StartLine, h.Qualname}
		if c.seen[k] || h.Kind == store.KindLandmark || !keep(h) {
			continue
		}
		c.seen[k] = true
		c.hits = append(c.hits, SymHit{Hit: h, Tier: tier})
	}
}

// addNamed adds, in order, the symbols named by each of names.
func (c *collector) addNamed(ctx context.Context, st *store.Store, tier string, names []string, f store.LookupFilter) error {
	for _, n := range names {
		if c.full() {
			return nil
		}
		hits, err := st.SymbolsNamed(ctx, n, f, c.limit)
		if err != nil {
			return err
		}
		c.add(tier, hits, func(store.Hit) bool { return true })
	}
	return nil
}

// addContaining adds the hits of the names that contain sub, shortest first, until the collector
// is full. It asks for as many names as hits are missing, plus the names of hits it holds that
// contain sub too (the listing yields them again), and for twice as many while that is not
// enough (a filter may leave a name no hit): a substring few names hold is then looked for in
// the part of the listing that holds the names shown, not in all of it (`sym container_of` on
// the kernel, whose substring tier wanted one more hit: 0.19 s -> 0.04 s).
func (c *collector) addContaining(ctx context.Context, st *store.Store, ns *nameSource, sub string, f store.LookupFilter) error {
	lower := strings.ToLower(sub)
	held := map[string]bool{}
	for _, h := range c.hits {
		if len(h.Name) > len(sub) && strings.Contains(strings.ToLower(h.Name), lower) {
			held[strings.ToLower(h.Name)] = true
		}
	}
	for n := c.limit - len(c.hits) + len(held); ; n *= 2 {
		found, err := ns.containing(ctx, sub, n)
		if err != nil {
			return err
		}
		if err := c.addNamed(ctx, st, "substring", found, f); err != nil {
			return err
		}
		if c.full() || len(found) < n {
			return nil
		}
	}
}

// lastComponent is the name part of a qualified query: "Builder.WriteString" gives "WriteString".
func lastComponent(q string) string {
	if i := strings.LastIndexAny(q, ".:"); i >= 0 && i < len(q)-1 {
		return q[i+1:]
	}
	return q
}

// nameSource reads the store's distinct names by length, each length once per lookup: the
// substring and typo tiers scan them instead of the millions of symbol rows.
type nameSource struct {
	st      *store.Store
	buckets map[int][]byte // names of each length, joined by newlines
	read    [][2]int       // the ranges of lengths read
}

// lengths returns the buckets, having read those of lengths lo to hi unless read already.
func (ns *nameSource) lengths(ctx context.Context, lo, hi int) (map[int][]byte, error) {
	lo = max(lo, 0)
	for _, r := range ns.read {
		if r[0] <= lo && hi <= r[1] {
			return ns.buckets, nil
		}
	}
	got, err := ns.st.NameBuckets(ctx, lo, hi)
	if err != nil {
		return nil, err
	}
	for l, b := range got {
		ns.buckets[l] = b
	}
	ns.read = append(ns.read, [2]int{lo, hi})
	return ns.buckets, nil
}

// containing returns up to n names that contain sub (ignoring case), shortest first, then in the
// names' order: the closer a name's length is to the query's, the more of it the query names.
// The store's trigram index answers an ASCII query of three bytes or more; otherwise, or before
// the index is built, every longer name is scanned (case folded as strings.ToLower folds).
func (ns *nameSource) containing(ctx context.Context, sub string, n int) ([]string, error) {
	if names, ok, err := ns.st.NamesContaining(ctx, sub, n); ok || err != nil {
		return names, err
	}
	buckets, err := ns.lengths(ctx, len(sub)+1, math.MaxInt32)
	if err != nil {
		return nil, err
	}
	var lengths []int
	for l, b := range buckets {
		if l > len(sub) && len(b) > 0 {
			lengths = append(lengths, l)
		}
	}
	sort.Ints(lengths)
	lower := []byte(strings.ToLower(sub))
	var out []string
	for _, l := range lengths {
		if len(out) >= n {
			break
		}
		out = appendContaining(out, buckets[l], lower, n)
	}
	return out, nil
}

// appendContaining appends to out, in order, the names of bucket (joined by newlines) whose
// lower-case form contains lower, until out holds n.
func appendContaining(out []string, bucket, lower []byte, n int) []string {
	if bytes.IndexByte(lower, '\n') >= 0 {
		return out // no name holds a newline
	}
	low := lowerNames(bucket) // rune by rune, newlines kept: line i is name i lowered
	from, rest := 0, bucket   // from starts a line of low; rest starts the same line of bucket
	for len(out) < n {
		i := bytes.Index(low[from:], lower)
		if i < 0 {
			break
		}
		at := from + i
		for range bytes.Count(low[from:at], []byte{'\n'}) {
			rest = rest[bytes.IndexByte(rest, '\n')+1:]
		}
		name := rest
		if j := bytes.IndexByte(rest, '\n'); j >= 0 {
			name = rest[:j]
		}
		out = append(out, string(name))
		end := bytes.IndexByte(low[at:], '\n')
		if end < 0 {
			break
		}
		from = at + end + 1
		rest = rest[len(name)+1:]
	}
	return out
}

// lowerNames is bytes.ToLower of names joined by newlines, several times faster: a name of ASCII
// bytes only, which most are, is lowered byte by byte.
func lowerNames(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for len(b) > 0 {
		line := b
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			line = b[:i+1]
		}
		b = b[len(line):]
		ascii := true
		for _, c := range line {
			if c >= utf8.RuneSelf {
				ascii = false
				break
			}
		}
		if !ascii {
			out = append(out, bytes.ToLower(line)...)
			continue
		}
		for _, c := range line {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			out = append(out, c)
		}
	}
	return out
}

// maxEdits is how many typos a fuzzy match of q may have.
func maxEdits(q string) int {
	switch n := len(q); {
	case n <= 4:
		return 1
	case n <= 10:
		return 2
	default:
		return 3
	}
}

// closest returns up to n names within maxDist edits of q (ignoring ASCII case), nearest first,
// then shorter, then in the names' order. Only names within maxDist of q's length can be that
// close, and only those missing at most maxDist of q's characters (and with at most maxDist
// others): a mask of the characters present rules most names out before the edit distance runs.
func (ns *nameSource) closest(ctx context.Context, q string, maxDist, n int) ([]string, error) {
	const longest = 255 // boundedEdits gives up on names of 256 bytes or more
	buckets, err := ns.lengths(ctx, len(q)-maxDist, min(len(q)+maxDist, longest))
	if err != nil {
		return nil, err
	}
	type cand struct {
		name string
		dist int
	}
	var cands []cand
	qmask := charMask([]byte(q))
	for l := max(len(q)-maxDist, 0); l <= min(len(q)+maxDist, longest); l++ {
		b := buckets[l]
		for len(b) > 0 {
			name := b
			if i := bytes.IndexByte(b, '\n'); i >= 0 {
				name, b = b[:i], b[i+1:]
			} else {
				b = nil
			}
			m := charMask(name)
			if bits.OnesCount64(qmask&^m) > maxDist || bits.OnesCount64(m&^qmask) > maxDist {
				continue
			}
			if d := boundedEdits(q, string(name), maxDist); d <= maxDist {
				cands = append(cands, cand{string(name), d})
			}
		}
	}
	sort.SliceStable(cands, func(i, j int) bool {
		if cands[i].dist != cands[j].dist {
			return cands[i].dist < cands[j].dist
		}
		return len(cands[i].name) < len(cands[j].name)
	})
	var out []string
	for _, c := range cands[:min(n, len(cands))] {
		out = append(out, c.name)
	}
	return out, nil
}

// charMask has a bit for each kind of byte in s, ASCII letters folded: letters, digits and '_'
// each have their own; other bytes share the rest. Each edit adds or removes at most one kind.
func charMask(s []byte) uint64 {
	var m uint64
	for _, c := range s {
		switch {
		case 'a' <= c && c <= 'z':
			m |= 1 << (c - 'a')
		case 'A' <= c && c <= 'Z':
			m |= 1 << (c - 'A')
		case '0' <= c && c <= '9':
			m |= 1 << (26 + c - '0')
		case c == '_':
			m |= 1 << 36
		default:
			m |= 1 << (37 + c%27)
		}
	}
	return m
}

// SymAnswer is what sym shows: the hits from Skip on, as many as Limit and the answer's budget
// allow, and whether more follow. Its JSON form, `sym --json`, is the array of hits; a cut answer's
// notice goes beside it (stderr, or a block of its own from the MCP server).
type SymAnswer struct {
	Hits      []SymHitJSON
	Truncated bool     // more hits follow those shown
	Next      *SymNext // how to show them, when Truncated
	Notice    string   // what was cut and how to see the rest, when Truncated
	// Passed counts the hits passed over for Skip (all there were, when no hit is shown).
	Passed int
	text   []string
}

// SymNext is how to show the hits after those of an answer.
type SymNext struct {
	Skip int `json:"skip"`
}

// NewSymAnswer shows hits (best first, as Sym found them for q) in encoding enc: those from q.Skip
// on, until q.Limit are shown or the next would take the answer past budget bytes (0 means
// MaxAnswerBytes).
func NewSymAnswer(hits []SymHit, q SymQuery, enc Encoding, budget int) *SymAnswer {
	if budget <= 0 {
		budget = MaxAnswerBytes
	}
	a := &SymAnswer{Hits: []SymHitJSON{}, Passed: min(q.Skip, len(hits))}
	limit, used, full := budget-noticeReserve, 0, false
	for _, h := range hits[a.Passed:] {
		if len(a.Hits) == q.Limit {
			break
		}
		j := SymHitJSON{Path: h.Path, Qualname: h.Qualname, Name: h.Name, Kind: h.Kind.String(),
			Signature: h.Signature, StartLine: h.StartLine, EndLine: h.EndLine, Language: h.Language}
		line := symLine(j)
		cost := len(line)
		if enc == EncodingJSON {
			cost = jsonSize(j) + 1
		}
		if used+cost > limit && len(a.Hits) > 0 {
			full = true
			break
		}
		used += cost
		a.Hits, a.text = append(a.Hits, j), append(a.text, line)
	}
	if a.Passed+len(a.Hits) < len(hits) {
		a.Truncated = true
		a.Next = &SymNext{Skip: q.Skip + len(a.Hits)}
		why := fmt.Sprintf(" (--limit %d)", q.Limit)
		if full {
			why = fmt.Sprintf("; the answer stops at its %s-byte budget", Thousands(budget))
		}
		goOn := fmt.Sprintf("go on with --skip %d, or narrow", a.Next.Skip)
		if a.Next.Skip > MaxSymSkip {
			goOn = fmt.Sprintf("they are past what --skip reaches (%s): narrow", Thousands(MaxSymSkip))
		}
		a.Notice = fmt.Sprintf("readmap: hits %s-%s shown%s. More follow: %s with --path, --kind or --lang.",
			Thousands(q.Skip+1), Thousands(q.Skip+len(a.Hits)), why, goOn)
	}
	return a
}

// symLine is one hit as text: path:start-end  kind  qualname  signature.
func symLine(h SymHitJSON) string {
	line := fmt.Sprintf("%s:%d-%d  %s  %s", DisplayPath(h.Path), h.StartLine, h.EndLine, h.Kind, Printable(h.Qualname))
	if h.Signature != "" {
		line += "  " + Printable(h.Signature)
	}
	return line + "\n"
}

// WriteText prints the hits one a line, then the notice.
func (a *SymAnswer) WriteText(w io.Writer) error {
	text := strings.Join(a.text, "")
	if a.Notice != "" {
		text += "[" + a.Notice + "]\n"
	}
	_, err := io.WriteString(w, text)
	return err
}

// WriteJSON prints the hits as one JSON array; the notice is the caller's to show beside it.
func (a *SymAnswer) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(a.Hits)
}
