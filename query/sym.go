package query

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

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
	Limit  int // most hits, 1 or more
}

// NewSymQuery returns a lookup of text with the defaults of `readmap sym`.
func NewSymQuery(text string) SymQuery {
	return SymQuery{Text: text, Limit: DefaultSymLimit}
}

// Validate checks q against the rules of a lookup: a limit of 1 or more, and a kind filter that
// names one of store.Kinds. A query that breaks one is a CodeUsage *Error.
func (q SymQuery) Validate() error {
	if err := atLeast("limit", q.Limit, 1); err != nil {
		return err
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

// Sym looks q up in st. No hit in any tier is an *Error with the closest names, and so is a query
// Validate refuses.
func Sym(ctx context.Context, st *store.Store, q SymQuery) ([]SymHit, error) {
	if err := q.Validate(); err != nil {
		return nil, err
	}
	text := strings.TrimSpace(q.Text)
	if text == "" {
		return nil, userError(CodeBadQuery, "empty query", "give a symbol name, for example readmap sym NewReader")
	}
	c := &collector{limit: q.Limit, seen: map[hitKey]bool{}}
	name := lastComponent(text)
	dotted := name != text

	named, err := st.SymbolsNamed(ctx, name, q.Filter, 0)
	if err != nil {
		return nil, err
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
	names, err := st.SymbolNames(ctx)
	if err != nil {
		return nil, err
	}
	if !dotted {
		if err := c.addNamed(ctx, st, "substring", namesContaining(names, name, c.limit), q.Filter); err != nil {
			return nil, err
		}
	}
	if len(c.hits) == 0 { // typos only when nothing matched as written
		if err := c.addNamed(ctx, st, "fuzzy", closestNames(names, name, maxEdits(name), c.limit), q.Filter); err != nil {
			return nil, err
		}
	}
	if len(c.hits) == 0 {
		hint := "no similar names in the store; is it indexed? run readmap index"
		if near := closestNames(names, name, maxEdits(name)+2, 5); len(near) > 0 {
			for i, n := range near {
				near[i] = Printable(n)
			}
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

// lastComponent is the name part of a qualified query: "Builder.WriteString" gives "WriteString".
func lastComponent(q string) string {
	if i := strings.LastIndexAny(q, ".:"); i >= 0 && i < len(q)-1 {
		return q[i+1:]
	}
	return q
}

// namesContaining returns up to n names that contain sub (ignoring case), shortest first: the
// closer a name's length is to the query's, the more of it the query names.
func namesContaining(names []string, sub string, n int) []string {
	lower := strings.ToLower(sub)
	var out []string
	for _, name := range names {
		if len(name) > len(sub) && strings.Contains(strings.ToLower(name), lower) {
			out = append(out, name)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) < len(out[j]) })
	return out[:min(n, len(out))]
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

// closestNames returns up to n names within maxDist edits of q (ignoring case), nearest first.
func closestNames(names []string, q string, maxDist, n int) []string {
	type cand struct {
		name string
		dist int
	}
	var cands []cand
	for _, name := range names {
		if d := boundedEdits(q, name, maxDist); d <= maxDist {
			cands = append(cands, cand{name, d})
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
	return out
}

// WriteSymText prints hits one a line: path:start-end  kind  qualname  signature.
func WriteSymText(w io.Writer, hits []SymHit) error {
	var b strings.Builder
	for _, h := range hits {
		fmt.Fprintf(&b, "%s:%d-%d  %s  %s", DisplayPath(h.Path), h.StartLine, h.EndLine, h.Kind, Printable(h.Qualname))
		if h.Signature != "" {
			b.WriteString("  " + Printable(h.Signature))
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteSymJSON prints hits as one JSON array.
func WriteSymJSON(w io.Writer, hits []SymHit) error {
	out := make([]SymHitJSON, len(hits))
	for i, h := range hits {
		out[i] = SymHitJSON{Path: h.Path, Qualname: h.Qualname, Name: h.Name, Kind: h.Kind.String(),
			Signature: h.Signature, StartLine: h.StartLine, EndLine: h.EndLine, Language: h.Language}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(out)
}
