package lang

import (
	"bytes"
	"context"
	"fmt"
	"strconv"

	"github.com/readmap/readmap/store"
)

// YAML keys are shown this many levels deep, fewer in a huge file, where the deep keys would be
// hundreds of thousands of rows no map could show.
const (
	yamlMaxDepth     = 8
	yamlHugeDepth    = 4
	yamlHugeFile     = 1 << 20
	yamlItemValueMax = 60 // runes of a first key's value kept in a sequence item's name
)

// yamlMapper maps YAML's block structure line by line: mapping keys nested by indentation, each
// with the range of its whole value; sequence items that hold mappings, named by their first key
// ("- name: Build"); and, in a file of several documents, one symbol per document. Block scalars,
// flow collections and quoted scalars that span lines are passed over, so their lines never look
// like keys.
type yamlMapper struct{}

// Map returns the key tree of a YAML file.
func (yamlMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	depth := yamlMaxDepth
	if len(src) > yamlHugeFile {
		depth = yamlHugeDepth
	}
	y := newYAMLScan(src, depth)
	if err := y.run(ctx); err != nil {
		return nil, err
	}
	return y.result(), nil
}

// yamlKeys returns the keys of a YAML text down to maxDepth levels, without document symbols (for
// front matter).
func yamlKeys(ctx context.Context, src []byte, maxDepth int) []store.Symbol {
	y := newYAMLScan(src, maxDepth)
	if y.run(ctx) != nil {
		return nil
	}
	return y.syms
}

// yamlNode is an open key or sequence item.
type yamlNode struct {
	indent int  // column of the key, or of the item's dash
	item   bool // a sequence item
	open   bool // a key with no value on its line: its block may be a sequence at its own column
	// explicit marks a "? key", whose value follows on a ": value" line at its own column.
	explicit bool
	named    bool   // an item whose content is known (a mapping, emitted, or a scalar, not)
	sym      int    // index in syms, -1 when not shown
	last     int    // last line with content in it
	line     int    // its first line
	qual     string // its path: "jobs.build.steps[2]"
	items    int    // sequence items seen in its block
}

// yamlDoc is one document of the stream.
type yamlDoc struct {
	start, last int // first line ("---" or first content), last content line
	first       int // index of its first symbol
	kind, name  string
	content     bool
}

type yamlScan struct {
	src      []byte
	maxDepth int
	syms     []store.Symbol
	stack    []yamlNode
	docs     []yamlDoc
	num      int // current line
	items    int // sequence items seen at the top level of the document

	// Multi-line constructs: a block scalar's parent indentation, a flow collection's bracket
	// depth, an unclosed quoted scalar's quote.
	scalar     bool
	scalarFrom int
	flow       int
	quote      byte
}

func newYAMLScan(src []byte, maxDepth int) *yamlScan {
	return &yamlScan{src: src, maxDepth: maxDepth, docs: []yamlDoc{{first: 0}}, syms: markupSymbols(src)}
}

func (y *yamlScan) run(ctx context.Context) error {
	lines := &markupLines{src: y.src}
	for {
		line, ok := lines.next()
		if !ok {
			break
		}
		y.num = lines.num
		if y.num%markupCheckEvery == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		y.line(line)
	}
	y.closeAll()
	return nil
}

// result wraps the documents of a multi-document stream in symbols of their own.
func (y *yamlScan) result() *Result {
	var docs []yamlDoc
	for _, d := range y.docs {
		if d.content {
			docs = append(docs, d)
		}
	}
	if len(docs) < 2 {
		return &Result{Symbols: y.syms}
	}
	out := make([]store.Symbol, 0, len(y.syms)+len(docs))
	for i, d := range docs {
		next := len(y.syms)
		if i+1 < len(docs) {
			next = docs[i+1].first
		}
		name := fmt.Sprintf("document %d", i+1)
		switch {
		case d.kind != "" && d.name != "":
			name = d.kind + "/" + d.name
		case d.kind != "":
			name = d.kind
		}
		at := len(out)
		out = append(out, store.Symbol{
			Name: name, Kind: store.KindBlock, Signature: "--- " + name,
			StartLine: d.start, EndLine: max(d.last, d.start), Parent: -1,
		})
		for _, s := range y.syms[d.first:next] {
			if s.Parent < 0 {
				s.Parent = at
			} else {
				s.Parent += at + 1 - d.first
			}
			s.Depth++
			s.Qualname = name + "." + s.Qualname
			out = append(out, s)
		}
	}
	return &Result{Symbols: out, Summary: fmt.Sprintf("%d documents", len(docs))}
}

func (y *yamlScan) doc() *yamlDoc { return &y.docs[len(y.docs)-1] }

// content marks the current line as holding content of the current document.
func (y *yamlScan) content() {
	d := y.doc()
	if !d.content {
		d.content = true
		if d.start == 0 {
			d.start = y.num
		}
	}
	d.last = y.num
}

func (y *yamlScan) line(line []byte) {
	col, at := markupIndent(line)
	rest := line[at:]
	if col == 0 && (yamlMarker(rest, "---") || yamlMarker(rest, "...")) {
		y.scalar, y.flow, y.quote = false, 0, 0 // a document marker ends anything left open
	}
	switch {
	case y.scalar:
		if len(rest) == 0 {
			return // blank lines belong to the scalar only if content follows
		}
		if col > y.scalarFrom {
			y.extend()
			return
		}
		y.scalar = false
	case y.quote != 0:
		y.extend()
		if markupCloseQuote(line, 0, y.quote) >= 0 {
			y.quote = 0
		}
		return
	case y.flow > 0:
		y.extend()
		y.flow = yamlFlowDepth(line, y.flow)
		return
	}
	if len(rest) == 0 || rest[0] == '#' {
		return
	}
	if col == 0 && yamlMarker(rest, "---") {
		y.closeAll()
		y.items = 0
		y.docs = append(y.docs, yamlDoc{start: y.num, first: len(y.syms)})
		if v := bytes.TrimSpace(rest[3:]); len(v) > 0 && v[0] != '#' {
			y.content()
			y.value(v, -1)
		}
		return
	}
	if col == 0 && (yamlMarker(rest, "...") || rest[0] == '%') {
		y.closeAll()
		if rest[0] == '.' {
			y.docs = append(y.docs, yamlDoc{first: len(y.syms)})
		}
		return
	}
	for len(y.stack) > 0 && !y.holds(&y.stack[len(y.stack)-1], col, rest) {
		y.pop()
	}
	y.content()
	y.extend()
	// Sequence items, "- - x" holding one another.
	for len(rest) > 0 && rest[0] == '-' && (len(rest) == 1 || rest[1] == ' ' || rest[1] == '\t') {
		index := &y.items
		qual := ""
		if t := y.top(); t != nil {
			index, qual = &t.items, t.qual
		}
		y.push(yamlNode{indent: col, item: true, sym: -1, line: y.num, qual: qual + "[" + strconv.Itoa(*index) + "]"})
		*index++
		n := 1
		for n < len(rest) && (rest[n] == ' ' || rest[n] == '\t') {
			n++
		}
		col += n
		rest = rest[n:]
		if len(rest) > 0 && rest[0] == '#' {
			rest = nil
		}
	}
	if len(rest) == 0 {
		return
	}
	if t := y.top(); t != nil && t.explicit && t.indent == col && rest[0] == ':' {
		// The value of a "? key": what follows the colon is read like an item's content.
		n := 1
		for n < len(rest) && (rest[n] == ' ' || rest[n] == '\t') {
			n++
		}
		col += n
		if rest = rest[n:]; len(rest) == 0 || rest[0] == '#' {
			return
		}
	}
	top := y.top()
	if rest[0] == '?' && (len(rest) == 1 || rest[1] == ' ' || rest[1] == '\t') {
		name := yamlScalar(yamlStripComment(bytes.TrimSpace(rest[1:])))
		if name == "" {
			name = "?"
		}
		if top != nil && top.item && !top.named {
			y.nameItem(top, []byte(name), nil)
		}
		y.addKey(name, col, nil)
		y.top().explicit = true
		return
	}
	if rest[0] == '&' || rest[0] == '!' {
		// Properties of the node that follows: "&base key: value", "!!map".
		if rest = yamlSkipProps(rest); len(rest) == 0 {
			return
		}
	}
	key, after, ok := yamlKey(rest)
	if !ok {
		if top != nil && top.item && !top.named && top.line == y.num {
			top.named = true // a scalar item: no symbol
		}
		y.value(rest, y.ownerIndent())
		return
	}
	value := yamlStripComment(bytes.TrimSpace(rest[after:]))
	if top != nil && top.item && !top.named {
		y.nameItem(top, key, value)
	}
	y.addKey(clip(string(key), maxSignature), col, value)
	y.value(value, col)
}

// addKey opens the key name at column col, whose value on its line is value.
func (y *yamlScan) addKey(name string, col int, value []byte) {
	node := yamlNode{indent: col, sym: -1, line: y.num, open: len(yamlSkipProps(value)) == 0, qual: name}
	if top := y.top(); top != nil {
		node.qual = top.qual + "." + name
	}
	if parent, depth := y.parentSym(); depth < y.maxDepth {
		node.sym = len(y.syms)
		y.syms = append(y.syms, store.Symbol{
			Name: name, Qualname: node.qual, Kind: store.KindKey,
			StartLine: y.num, EndLine: y.num, Parent: parent, Depth: depth,
		})
		if depth == 0 {
			y.noteDocName(name, value)
		} else if depth == 1 && y.syms[parent].Name == "metadata" && name == "name" {
			y.noteDocName("metadata.name", value)
		}
	}
	y.push(node)
}

// noteDocName remembers a Kubernetes-style document's kind and metadata.name to name it by.
func (y *yamlScan) noteDocName(key string, value []byte) {
	v := yamlScalar(value)
	if v == "" {
		return
	}
	switch key {
	case "kind":
		y.doc().kind = v
	case "metadata.name":
		y.doc().name = v
	}
}

// nameItem gives a sequence item whose content is a mapping its symbol, named by its first key
// and, when it is a scalar, that key's value: "- name: Build".
func (y *yamlScan) nameItem(item *yamlNode, key, value []byte) {
	item.named = true
	parent, depth := y.parentSymBelow(len(y.stack) - 1)
	if depth >= y.maxDepth {
		return
	}
	name := "- " + clip(string(key), markupNameWidth)
	if v := yamlScalar(value); v != "" {
		name += ": " + clip(v, yamlItemValueMax)
	}
	item.sym = len(y.syms)
	y.syms = append(y.syms, store.Symbol{
		Name: name, Qualname: item.qual, Kind: store.KindKey,
		StartLine: item.line, EndLine: y.num, Parent: parent, Depth: depth,
	})
}

// value looks at what follows a key or a dash: a block scalar indicator, or the start of a flow
// collection or quoted scalar that does not end on this line. owner is the column its content
// must pass (the key's or the dash's).
func (y *yamlScan) value(v []byte, owner int) {
	v = yamlSkipProps(v)
	if len(v) == 0 {
		return
	}
	switch v[0] {
	case '|', '>':
		rest := bytes.TrimLeft(v[1:], "0123456789+-")
		if rest = bytes.TrimSpace(rest); len(rest) == 0 || rest[0] == '#' {
			y.scalar, y.scalarFrom = true, owner
		}
	case '[', '{':
		y.flow = yamlFlowDepth(v, 0)
	case '"', '\'':
		if markupCloseQuote(v, 1, v[0]) < 0 {
			y.quote = v[0]
		}
	}
}

// ownerIndent is the column a multi-line value of the current line must pass: that of the
// innermost open node.
func (y *yamlScan) ownerIndent() int {
	if t := y.top(); t != nil {
		return t.indent
	}
	return -1
}

// holds reports whether a line at col starting with rest is inside node's block.
func (y *yamlScan) holds(n *yamlNode, col int, rest []byte) bool {
	if col > n.indent {
		return true
	}
	if col != n.indent || n.item {
		return false
	}
	c := rest[0]
	return (c == '-' && n.open || c == ':' && n.explicit) && (len(rest) == 1 || rest[1] == ' ' || rest[1] == '\t')
}

func (y *yamlScan) top() *yamlNode {
	if len(y.stack) == 0 {
		return nil
	}
	return &y.stack[len(y.stack)-1]
}

// parentSym returns the innermost shown node's symbol and the depth a child of it gets.
func (y *yamlScan) parentSym() (int, int) { return y.parentSymBelow(len(y.stack)) }

// parentSymBelow is parentSym among the first n open nodes.
func (y *yamlScan) parentSymBelow(n int) (int, int) {
	for i := n - 1; i >= 0; i-- {
		if s := y.stack[i].sym; s >= 0 {
			return s, y.syms[s].Depth + 1
		}
	}
	return -1, 0
}

func (y *yamlScan) push(n yamlNode) {
	n.last = y.num
	y.stack = append(y.stack, n)
}

// extend records the current line as content of the innermost node (and so of its ancestors,
// which learn it when it closes).
func (y *yamlScan) extend() {
	if t := y.top(); t != nil {
		t.last = y.num
	}
	y.doc().last = y.num
}

func (y *yamlScan) pop() {
	n := y.stack[len(y.stack)-1]
	y.stack = y.stack[:len(y.stack)-1]
	if n.sym >= 0 {
		y.syms[n.sym].EndLine = n.last
	}
	if t := y.top(); t != nil {
		t.last = max(t.last, n.last)
	}
}

func (y *yamlScan) closeAll() {
	for len(y.stack) > 0 {
		y.pop()
	}
	y.scalar, y.flow, y.quote = false, 0, 0
}

// yamlMarker reports whether rest is a document marker ("---" or "...") alone or followed by a
// blank.
func yamlMarker(rest []byte, marker string) bool {
	return bytes.HasPrefix(rest, []byte(marker)) && (len(rest) == 3 || rest[3] == ' ' || rest[3] == '\t')
}

// yamlKey parses a mapping key at the start of rest: a plain key up to ": " (or ":" at the end),
// or a quoted one. It returns the key without quotes and the offset after its colon.
func yamlKey(rest []byte) ([]byte, int, bool) {
	switch rest[0] {
	case '"', '\'':
		end := markupCloseQuote(rest, 1, rest[0])
		if end < 0 {
			return nil, 0, false
		}
		i := end + 1
		for i < len(rest) && (rest[i] == ' ' || rest[i] == '\t') {
			i++
		}
		if i < len(rest) && rest[i] == ':' {
			return rest[1:end], i + 1, true
		}
		return nil, 0, false
	case '[', '{', '#', '&', '*', '!', '|', '>', '%', '@', '`', ',', '?':
		return nil, 0, false
	}
	for i := 0; i < len(rest); i++ {
		switch rest[i] {
		case ':':
			if i+1 == len(rest) || rest[i+1] == ' ' || rest[i+1] == '\t' {
				return bytes.TrimRight(rest[:i], " \t"), i + 1, i > 0
			}
		case '#':
			if i > 0 && (rest[i-1] == ' ' || rest[i-1] == '\t') {
				return nil, 0, false
			}
		}
	}
	return nil, 0, false
}

// yamlFlowDepth returns the bracket depth of a flow collection after line, starting from depth,
// skipping quoted scalars and comments.
func yamlFlowDepth(line []byte, depth int) int {
	for i := 0; i < len(line); i++ {
		switch c := line[i]; c {
		case '[', '{':
			depth++
		case ']', '}':
			depth--
			if depth <= 0 {
				return 0
			}
		case '"', '\'':
			// A quote opens a scalar only where a value may start.
			if i == 0 || bytes.IndexByte([]byte(" \t[{,:"), line[i-1]) >= 0 {
				end := markupCloseQuote(line, i+1, c)
				if end < 0 {
					return depth // a quoted scalar spanning lines: rare enough to count as closed
				}
				i = end
			}
		case '#':
			if i == 0 || line[i-1] == ' ' || line[i-1] == '\t' {
				return depth
			}
		}
	}
	return depth
}

// yamlSkipProps drops a value's leading tag ("!!str") and anchor ("&base") properties.
func yamlSkipProps(v []byte) []byte {
	for len(v) > 0 && (v[0] == '!' || v[0] == '&') {
		i := bytes.IndexAny(v, " \t")
		if i < 0 {
			return nil
		}
		v = bytes.TrimLeft(v[i:], " \t")
	}
	return v
}

// yamlStripComment drops a trailing " # comment" from a value, outside quotes.
func yamlStripComment(v []byte) []byte {
	if len(v) > 0 && v[0] == '#' {
		return nil
	}
	var quote byte
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case quote != 0:
			if c == '\\' && quote == '"' {
				i++
			} else if c == quote {
				quote = 0
			}
		case (c == '"' || c == '\'') && (i == 0 || v[i-1] == ' '):
			quote = c
		case c == '#' && (v[i-1] == ' ' || v[i-1] == '\t'):
			return bytes.TrimRight(v[:i], " \t")
		}
	}
	return v
}

// yamlScalar returns a one-line scalar value as text, quotes removed, or "" for anything else (a
// block scalar, a flow collection, nothing).
func yamlScalar(v []byte) string {
	v = yamlSkipProps(v)
	if len(v) == 0 {
		return ""
	}
	switch v[0] {
	case '|', '>', '[', '{':
		return ""
	case '"', '\'':
		end := markupCloseQuote(v, 1, v[0])
		if end < 0 {
			return ""
		}
		v = v[1:end]
	}
	return markupText(v)
}
