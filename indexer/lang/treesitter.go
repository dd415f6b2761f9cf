package lang

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/readmap/readmap/store"
)

// The tree-sitter mappers share one walk. Each language gives a table (tsGrammar): which node
// types are symbols and of what kind, where their name and body are, which node types are
// attributes that start a symbol's range, and custom handlers where a table cannot say enough.
// The walk visits only the nodes that can hold declarations (the file, class bodies, namespaces,
// modules): it never enters a function body, which is most of a file. Walking the tree directly
// costs about a tenth of the parse; tags queries would cost half of it again.

// tsMapperName names these mappers in `map --json` output.
const tsMapperName = "tree-sitter"

// tsMaxNest bounds how deep the walk descends through containers (classes in classes, namespaces,
// #if blocks, export wrappers), so that pathological nesting cannot exhaust the stack or the time.
const tsMaxNest = 48

// tsMaxSigSource caps the source handed to foldSignature: a signature is cut at maxSignature
// bytes anyway, and a declaration head in a minified file can be megabytes long.
const tsMaxSigSource = 4096

// tsMaxName caps a symbol's name in bytes.
const tsMaxName = 200

// tsGrammar is one language's table for the walk.
type tsGrammar struct {
	language func() *sitter.Language
	// rules maps node types to what they declare. A node type without a rule is skipped, with
	// everything under it.
	rules map[string]*tsRule
	// attrs are node types of attributes, decorators and annotations. Met as siblings before a
	// symbol, they start its range; met first among a symbol's children, they are left out of its
	// signature.
	attrs map[string]bool
	// isAttr, when set, recognises attributes that are ordinary nodes, such as Elixir's @spec.
	isAttr func(w *tsWalk, n *sitter.Node, typ string) bool
	// comments are node types of documentation that are not named "*comment*" (Lua's
	// emmy_documentation): like comments, they are never in a range.
	comments map[string]bool
	// repair, when set, runs after the walk of a tree with syntax errors, to find by other means
	// what the grammar lost.
	repair func(w *tsWalk)
	// prepare, when set, rewrites a file before the parse into text the grammar understands. It
	// must keep every line where it is; when it keeps the length too (it blanks bytes in place),
	// names and signatures are still cut from the file as written.
	prepare func(src []byte) []byte
	// retries, when set, rewrite a prepared file whose parse has errors (same rule: every line
	// stays where it is); the walk that finds the most symbols is kept, on a tie one without
	// syntax errors.
	retries []func(src []byte) []byte
	// modifiers are node types that hold attributes together with keywords (Java's "modifiers"):
	// a signature starts at their first child that is not an attribute.
	modifiers map[string]bool
	// unclosed are the comments and strings that may run over lines ("/*", `"""`). Unclosed,
	// one runs to the end of the file, but the parser's recovery may put its error far after
	// the opener, or none at all (unclosedFrom).
	unclosed []tsDelims

	once    sync.Once
	types   []string // node type names by symbol id
	comment []bool   // whether a symbol id is a comment
}

// tsDelims are the opener and the closer of a comment or string.
type tsDelims struct{ open, close string }

// tsRule says what one node type declares. With handle set, the handler does everything; without
// it the node is a symbol of kind kind, named by its name field and with its members, when
// members is set, in its body field.
type tsRule struct {
	kind store.Kind
	// name is the field holding the name ("name" when empty); nameOf, when set, replaces it.
	name   string
	nameOf func(w *tsWalk, n *sitter.Node) string
	// body is the field holding the body ("body" when empty; alternatives separated by "|"): the
	// signature stops where it starts.
	body    string
	members bool
	// overload marks declarations that may come as several bodiless signatures followed by the
	// implementation (TypeScript overloads): consecutive ones with one name become one symbol.
	overload bool
	// scopes marks a declaration that holds the siblings after it, up to the next one of its kind
	// (C#'s `namespace X;`, PHP's `namespace X;`).
	scopes bool
	handle func(w *tsWalk, n *sitter.Node, at tsAt) int
}

// tsAt is where a node is met: the parent for its symbols, and where its range and signature
// start when an enclosing wrapper ("export", "template <...>") or attributes moved them.
type tsAt struct {
	parent int
	start  int // 0-based row of the range's start; -1: the node's own
	sig    int // byte offset of the signature's start; -1: the node's own
}

// top is the place of a file's top-level declarations.
var tsTop = tsAt{parent: -1, start: -1, sig: -1}

// init fills the per-language tables of node type names, once.
func (g *tsGrammar) init() {
	g.once.Do(func() {
		if g.rules["ERROR"] == nil {
			// Declarations the parser could not fit are still declarations.
			g.rules["ERROR"] = &tsRule{handle: tsTransparent}
		}
		lang := g.language()
		n := int(lang.SymbolCount())
		g.types = make([]string, n)
		g.comment = make([]bool, n)
		for i := range n {
			name := lang.SymbolName(sitter.Symbol(i))
			g.types[i] = name
			g.comment[i] = strings.Contains(name, "comment") || g.comments[name]
		}
	})
}

// tsMapper maps one language with its own parser. Tree-sitter parsers are not safe for concurrent
// use, and each index worker makes its own mapper.
type tsMapper struct {
	g      *tsGrammar
	parser *sitter.Parser
}

func newTSMapper(g *tsGrammar) Mapper {
	g.init()
	return &tsMapper{g: g, parser: g.newParser()}
}

func (g *tsGrammar) newParser() *sitter.Parser {
	p := sitter.NewParser()
	p.SetLanguage(g.language())
	return p
}

// Map parses src and walks its declarations. A file with syntax errors is mapped as far as the
// parser's recovery allows, or as the grammar's retry rewrites allow, whichever finds more (on a
// tie, a rewrite that parses without errors).
func (m *tsMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	if len(src) > maxTreeSitterBytes {
		return nil, errTooLargeToParse
	}
	if len(src) >= 1<<20 {
		defer releaseCMemory() // deferred first, so it runs after every tree is closed
	}
	text := src
	if m.g.prepare != nil {
		src = m.g.prepare(src)
	}
	res, hadErrors, err := m.mapOnce(ctx, src, text)
	if err != nil || !hadErrors {
		return res, err
	}
	for _, rewrite := range m.g.retries {
		again, errorsLeft, err := m.mapOnce(ctx, rewrite(src), text)
		// An error-free rewrite wins a tie: the same symbols with their true nesting, where the
		// parser's recovery may have closed a class early (a brace opened in one #if branch).
		if err == nil && (len(again.Symbols) > len(res.Symbols) || !errorsLeft && len(again.Symbols) == len(res.Symbols)) {
			res = again
		}
		if err == nil && !errorsLeft {
			break
		}
	}
	return res, nil
}

// mapOnce parses src and walks it; hadErrors says the tree holds ERROR nodes. Names and
// signatures are cut from text, the file as written, when src is a rewrite of the same length
// (every rewrite blanks bytes in place): a signature shows what the file says.
func (m *tsMapper) mapOnce(ctx context.Context, src, text []byte) (*Result, bool, error) {
	tree, err := m.parse(ctx, src)
	if err != nil {
		return nil, false, err
	}
	defer tree.Close()
	w := &tsWalk{ctx: ctx, g: m.g, src: src, lastOverload: -1}
	defer func() {
		if w.leaf != nil {
			w.leaf.Close()
		}
	}()
	if len(text) == len(src) {
		w.src = text
	}
	root := tree.RootNode()
	w.members(root, tsTop)
	hadErrors := root.HasError()
	if m.g.repair != nil && w.err == nil && hadErrors {
		m.g.repair(w)
	}
	if w.err != nil {
		return nil, false, w.err
	}
	if hadErrors {
		w.res.Unparsed = w.errorSpans(root)
	}
	return &w.res, hadErrors, nil
}

// errorSpans returns the line spans of a tree's syntax errors that the walk could not read
// past: the ERROR nodes it met among declarations (noteError), and a block, bracket, comment or
// string that the file's end leaves open (tsTrailingError, unclosedFrom), which runs to the last
// line. An error inside a declaration that closes before the file ends (a function body the
// grammar misreads) leaves the declaration mapped, and its span out.
func (w *tsWalk) errorSpans(root *sitter.Node) [][2]int {
	if root.IsError() { // nothing parsed at all
		return [][2]int{{int(root.StartPoint().Row) + 1, int(root.EndPoint().Row) + 1}}
	}
	lines := CountLines(w.src)
	more := w.deepErrs
	if from, ok := tsTrailingError(root); ok {
		more = append(more, [2]int{from, lines})
	}
	if from, ok := w.unclosedFrom(root); ok {
		more = append(more, [2]int{from, lines})
	}
	if len(more) == 0 {
		return w.errs // the top level's errors as the parser gives them, as they always were
	}
	return joinSpans(append(w.errs, more...), lines)
}

// tsTrailingError returns the first line (1-based) of an error that nothing but closers follows
// up to the file's end: a closer the parser had to make up there (a MISSING "}" or `"""`), or
// an ERROR node. An unclosed block or string takes every declaration after its opener into a
// node the walk does not read as declarations (a statement block, a string, the parser's
// error); a made-up closer ends the node its opener started, so the damage is the innermost node
// still open at the end, whole.
func tsTrailingError(root *sitter.Node) (int, bool) {
	line := 0
	c := sitter.NewTreeCursor(root)
	defer c.Close()
	for n := root; n.HasError(); n = c.CurrentNode() {
		var last *sitter.Node // the last child that is neither a token nor extra (a comment)
		missing := false      // a made-up closer follows it
		closers := true       // and every token after it closes something
		for ok := c.GoToFirstChild(); ok; ok = c.GoToNextSibling() {
			switch ch := c.CurrentNode(); {
			case ch.IsMissing():
				missing = true
			case ch.IsNamed() && (!ch.IsExtra() || ch.IsError()):
				last, missing, closers = ch, false, true
			case !ch.IsNamed() && !tsClosers[ch.Type()]:
				closers = false
			}
		}
		switch {
		case !closers:
			return line, line > 0
		case missing:
			line = int(n.StartPoint().Row) + 1 // unless a node inside is still open too
		case last != nil && last.IsError():
			return int(last.StartPoint().Row) + 1, true
		}
		if last == nil || last.IsError() {
			break
		}
		c.Reset(last)
	}
	return line, line > 0
}

// tsClosers are the tokens that end blocks and brackets in the grammars walked.
var tsClosers = map[string]bool{
	"}": true, ")": true, "]": true, "end": true, "fi": true, "done": true, "esac": true,
}

// tsMaxOpeners bounds how many openers of one kind unclosedFrom looks at, from the file's end.
const tsMaxOpeners = 16

// unclosedFrom returns the line (1-based) of an opener of the grammar's unclosed comments and
// strings that no closer follows, and that the tree does not read as text of a comment or string
// begun before it: the comment or string runs to the end of the file. Of several, the first.
func (w *tsWalk) unclosedFrom(root *sitter.Node) (int, bool) {
	from := -1
	for _, d := range w.g.unclosed {
		end := len(w.src)
		for range tsMaxOpeners {
			i := bytes.LastIndex(w.src[:end], []byte(d.open))
			if i < 0 || bytes.Contains(w.src[i+len(d.open):], []byte(d.close)) {
				break
			}
			if !w.inText(root, i, len(d.open)) {
				if from < 0 || i < from {
					from = i
				}
				break
			}
			end = i
		}
	}
	if from < 0 {
		return 0, false
	}
	return bytes.Count(w.src[:from], []byte("\n")) + 1, true
}

// inText reports whether the tree reads the size bytes at offset off as part of a comment or a
// string that starts before them.
func (w *tsWalk) inText(root *sitter.Node, off, size int) bool {
	row := bytes.Count(w.src[:off], []byte("\n"))
	col := off - (bytes.LastIndexByte(w.src[:off], '\n') + 1)
	n := root.NamedDescendantForPointRange(
		sitter.Point{Row: uint32(row), Column: uint32(col)},
		sitter.Point{Row: uint32(row), Column: uint32(col + size)})
	for ; n != nil && !n.IsNull(); n = n.Parent() {
		if int(n.StartByte()) < off && tsTextType(w.typeOf(n)) {
			return true
		}
	}
	return false
}

// tsTextTypes are words of the node types that hold text rather than code: comments, strings,
// regular expressions, heredocs, HCL's quoted templates (not "template": Scala's template_body
// is a class's).
var tsTextTypes = [...]string{"comment", "string", "regex", "heredoc", "quoted_template", "template_literal"}

// tsTextType reports whether nodes of type typ hold text rather than code.
func tsTextType(typ string) bool {
	for _, t := range tsTextTypes {
		if strings.Contains(typ, t) {
			return true
		}
	}
	return false
}

// maxTreeSitterBytes is the largest file given to a tree-sitter parser: its tree costs about 20
// bytes of memory per byte of source, and files this large are generated or minified. Larger
// files get the line heuristics.
const maxTreeSitterBytes = 8 << 20

var errTooLargeToParse = errors.New("too large for a syntax tree")

// parse parses src, cancelled with ctx and stopped after parseLimit. A failed parse leaves the
// parser unusable: a cancelled one would resume on the next call, and go-tree-sitter can leave
// the cancellation flag set when ctx ends just as a parse finishes, failing every later parse at
// once. So a failure replaces the parser, and a quick failure that neither ctx nor the limit
// explains is retried once with the new one.
func (m *tsMapper) parse(ctx context.Context, src []byte) (*sitter.Tree, error) {
	limit := parseLimit(len(src))
	m.parser.SetOperationLimit(int(limit.Microseconds()))
	start := time.Now()
	tree, err := m.parser.ParseCtx(ctx, nil, src)
	if err == nil {
		return tree, nil
	}
	m.parser.Close()
	m.parser = m.g.newParser()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if time.Since(start) >= limit {
		return nil, fmt.Errorf("parse: no tree after %s", limit)
	}
	m.parser.SetOperationLimit(int(limit.Microseconds()))
	return m.parser.ParseCtx(ctx, nil, src)
}

// parseLimit is how long a parse of size bytes may run: a second, and two more per megabyte,
// several times what a sane file needs. Some grammars never finish on some broken input (Swift's
// on `{var g{()>g`); the limit frees the core well before the mapper's own time limit.
func parseLimit(size int) time.Duration {
	return time.Second + time.Duration(size)*2*time.Microsecond
}

// tsWalk is the state of one file's walk.
type tsWalk struct {
	ctx   context.Context
	g     *tsGrammar
	src   []byte
	res   Result
	nest  int
	steps int
	err   error
	// lastOverload is the index of the last symbol added by an overload rule without a body,
	// which the next declaration of the same name joins; -1 after any other symbol.
	lastOverload int
	seenImports  map[string]bool
	// leaf is the cursor of the helpers that look at one node's children without mapping them;
	// one per walk saves a C allocation per call.
	leaf       *sitter.TreeCursor
	namespaces map[string]bool // C++ namespaces declared so far, by their last name
	// errs and deepErrs are the line spans (1-based) of the ERROR nodes met among the top-level
	// declarations and, that noteError keeps, deeper.
	errs, deepErrs [][2]int
}

// leafCursor returns the walk's helper cursor on n. Its callers must not call one another
// while they use it.
func (w *tsWalk) leafCursor(n *sitter.Node) *sitter.TreeCursor {
	if w.leaf == nil {
		w.leaf = sitter.NewTreeCursor(n)
	} else {
		w.leaf.Reset(n)
	}
	return w.leaf
}

// typeOf returns n's node type without a cgo string conversion.
func (w *tsWalk) typeOf(n *sitter.Node) string {
	s := int(n.Symbol())
	if s < len(w.g.types) {
		return w.g.types[s]
	}
	return "ERROR"
}

func (w *tsWalk) isComment(n *sitter.Node) bool {
	s := int(n.Symbol())
	return s < len(w.g.comment) && w.g.comment[s]
}

func (w *tsWalk) isAttr(n *sitter.Node, typ string) bool {
	return w.g.attrs[typ] || (w.g.isAttr != nil && w.g.isAttr(w, n, typ))
}

// tick counts a step of the walk and reports whether the walk must stop: ctx is checked every
// few hundred steps.
func (w *tsWalk) tick() bool {
	if w.err != nil {
		return true
	}
	w.steps++
	if w.steps&255 == 0 {
		w.err = w.ctx.Err()
	}
	return w.err != nil
}

// members walks the children of container as declarations at at: attributes before a symbol
// start its range, rules map the rest.
func (w *tsWalk) members(container *sitter.Node, at tsAt) {
	if container == nil || w.nest >= tsMaxNest || w.err != nil {
		return
	}
	w.nest++
	defer func() { w.nest-- }()
	c := sitter.NewTreeCursor(container)
	defer c.Close()
	attrStart := -1
	scope, scopeRule := -1, (*tsRule)(nil)
	for ok := c.GoToFirstChild(); ok; ok = c.GoToNextSibling() {
		if w.tick() {
			return
		}
		n := c.CurrentNode()
		sym := int(n.Symbol())
		if sym < len(w.g.comment) && w.g.comment[sym] {
			continue // attributes before a comment still start the next symbol's range
		}
		typ := "ERROR"
		if sym < len(w.g.types) {
			typ = w.g.types[sym]
		}
		if typ == "ERROR" {
			w.noteError(container, n)
		}
		if w.isAttr(n, typ) {
			if attrStart < 0 {
				attrStart, _ = w.startOf(n)
			}
			continue
		}
		r := w.g.rules[typ]
		if scope >= 0 {
			if r == scopeRule {
				scope = -1
			} else {
				w.extendTo(scope, w.endRow(n)+1)
			}
		}
		if r == nil {
			attrStart = -1
			continue
		}
		a := at
		if scope >= 0 {
			a = tsAt{parent: scope, start: -1, sig: -1}
		}
		if attrStart >= 0 && (a.start < 0 || attrStart < a.start) {
			a.start = attrStart
		}
		attrStart = -1
		idx := w.node(n, r, a)
		if r.scopes && idx >= 0 {
			scope, scopeRule = idx, r
		}
	}
}

// noteError records the span of an ERROR node n met among container's declarations, where the
// walk may have lost some: at the top level, text the parser could attach to no declaration;
// deeper, an error that opens a bracket it does not close (the parser dropped a block, and with
// it what the block held). Other errors inside a declaration (a class member the grammar does
// not know) leave it mapped, and their spans out; an ERROR node inside another is counted with
// it (opensMore).
func (w *tsWalk) noteError(container, n *sitter.Node) {
	span := [2]int{int(n.StartPoint().Row) + 1, int(n.EndPoint().Row) + 1}
	switch {
	case w.nest == 1:
		w.errs = append(w.errs, span)
	case w.typeOf(container) != "ERROR" && w.opensMore(n):
		w.deepErrs = append(w.deepErrs, span)
	}
}

// opensMore reports whether the tokens of ERROR node n, with those of the ERROR nodes inside it,
// open more brackets of a kind ("{", "(", "[") than they close.
func (w *tsWalk) opensMore(n *sitter.Node) bool {
	var open [3]int
	var walk func(n *sitter.Node, depth int)
	walk = func(n *sitter.Node, depth int) {
		c := sitter.NewTreeCursor(n)
		defer c.Close()
		for ok := c.GoToFirstChild(); ok; ok = c.GoToNextSibling() {
			ch := c.CurrentNode()
			switch typ := w.typeOf(ch); {
			case typ == "ERROR" && depth < tsMaxNest:
				walk(ch, depth+1)
			case len(typ) == 1 && !ch.IsMissing():
				if i := strings.IndexByte("{([", typ[0]); i >= 0 {
					open[i]++
				} else if i := strings.IndexByte("})]", typ[0]); i >= 0 {
					open[i]--
				}
			}
		}
	}
	walk(n, 0)
	return open[0] > 0 || open[1] > 0 || open[2] > 0
}

// extendTo makes symbol i and its ancestors end no earlier than line (1-based).
func (w *tsWalk) extendTo(i, line int) {
	for ; i >= 0; i = w.res.Symbols[i].Parent {
		if w.res.Symbols[i].EndLine >= line {
			return
		}
		w.res.Symbols[i].EndLine = line
	}
}

// node maps one declaration node with its rule and returns the index of its symbol, or -1.
func (w *tsWalk) node(n *sitter.Node, r *tsRule, at tsAt) int {
	if r.handle != nil {
		return r.handle(w, n, at)
	}
	return w.def(n, r, at)
}

// def maps a node the table describes fully: named, with a kind, maybe with members.
func (w *tsWalk) def(n *sitter.Node, r *tsRule, at tsAt) int {
	var name string
	if r.nameOf != nil {
		name = r.nameOf(w, n)
	} else {
		name = w.fieldText(n, orDefault(r.name, "name"))
	}
	if name == "" {
		return -1
	}
	var body *sitter.Node
	for _, f := range strings.Split(orDefault(r.body, "body"), "|") {
		if body = n.ChildByFieldName(f); body != nil {
			break
		}
	}
	idx := w.declare(n, at, name, r.kind, body, r.overload)
	if r.members && body != nil && idx >= 0 {
		w.members(body, tsAt{parent: idx, start: -1, sig: -1})
	}
	return idx
}

// declare adds the symbol of node n named name, its signature running up to body (or the whole
// node without one). With overload set, a bodiless declaration waits to be joined by the next one
// of the same name and kind, which extends it instead of adding a symbol.
func (w *tsWalk) declare(n *sitter.Node, at tsAt, name string, kind store.Kind, body *sitter.Node, overload bool) int {
	s := w.symbol(n, at, name, kind, body)
	if overload && w.lastOverload >= 0 {
		prev := &w.res.Symbols[w.lastOverload]
		if prev.Name == s.Name && prev.Kind == s.Kind && prev.Parent == s.Parent {
			prev.EndLine = max(prev.EndLine, s.EndLine)
			idx := w.lastOverload
			if body != nil {
				w.lastOverload = -1
			}
			return idx
		}
	}
	idx := w.add(s)
	if overload && body == nil {
		w.lastOverload = idx
	}
	return idx
}

// symbol builds the symbol of node n: its range from at or the node, its signature from the
// start of the declaration (after attributes) to body.
func (w *tsWalk) symbol(n *sitter.Node, at tsAt, name string, kind store.Kind, body *sitter.Node) store.Symbol {
	s := w.place(n, at, name, kind)
	sigFrom := w.sigStartAt(n, at)
	sigTo := n.EndByte()
	if body != nil && body.StartByte() >= sigFrom {
		sigTo = body.StartByte()
	}
	s.Signature = w.sig(sigFrom, sigTo)
	return s
}

// place builds the symbol of node n without a signature: its range from at or the node.
func (w *tsWalk) place(n *sitter.Node, at tsAt, name string, kind store.Kind) store.Symbol {
	start, _ := w.startOf(n)
	if at.start >= 0 && at.start < start {
		start = at.start
	}
	end := max(w.endRow(n), start)
	return store.Symbol{
		Name: name, Kind: kind, StartLine: start + 1, EndLine: end + 1, Parent: at.parent,
	}
}

// sigStartAt is where n's signature starts at at.
func (w *tsWalk) sigStartAt(n *sitter.Node, at tsAt) uint32 {
	if at.sig >= 0 {
		return uint32(at.sig)
	}
	return w.sigStart(n)
}

// span adds a symbol whose range is rangeNode's (or starts earlier at at.start) and whose
// signature is given.
func (w *tsWalk) span(rangeNode *sitter.Node, at tsAt, name string, kind store.Kind, sig string) int {
	start, _ := w.startOf(rangeNode)
	if at.start >= 0 && at.start < start {
		start = at.start
	}
	end := max(w.endRow(rangeNode), start)
	return w.add(store.Symbol{
		Name: name, Kind: kind, Signature: sig,
		StartLine: start + 1, EndLine: end + 1, Parent: at.parent,
	})
}

// add appends s with its depth set from its parent, and returns its index.
func (w *tsWalk) add(s store.Symbol) int {
	if s.Parent >= len(w.res.Symbols) {
		s.Parent = -1
	}
	if s.Parent >= 0 {
		p := w.res.Symbols[s.Parent]
		s.Depth = p.Depth + 1
		// Ranges stretched by attributes or wrappers must stay inside the parent's.
		s.StartLine = max(s.StartLine, p.StartLine)
		s.EndLine = min(s.EndLine, p.EndLine)
		s.EndLine = max(s.EndLine, s.StartLine)
	}
	w.res.Symbols = append(w.res.Symbols, s)
	w.lastOverload = -1
	return len(w.res.Symbols) - 1
}

// qualname returns symbol i's qualified name as normalize will fill it: its own Qualname when
// set, else the parent chain's names joined with dots.
func (w *tsWalk) qualname(i int) string {
	if i < 0 || i >= len(w.res.Symbols) {
		return ""
	}
	s := w.res.Symbols[i]
	if s.Qualname != "" {
		return s.Qualname
	}
	if s.Parent >= 0 {
		return w.qualname(s.Parent) + "." + s.Name
	}
	return s.Name
}

// addImport records an import once, as written.
func (w *tsWalk) addImport(path string) {
	w.res.Imports = addImportOnce(w.res.Imports, &w.seenImports, path)
}

// startOf returns the 0-based row and byte offset where n's text starts: after leading
// whitespace (some grammars put it into tokens) and leading comments (some attach them inside).
func (w *tsWalk) startOf(n *sitter.Node) (int, uint32) {
	if n.ChildCount() > 0 && w.isComment(n.Child(0)) {
		c := w.leafCursor(n)
		for ok := c.GoToFirstChild(); ok; ok = c.GoToNextSibling() {
			ch := c.CurrentNode()
			if !w.isComment(ch) {
				return w.skipSpace(ch.StartByte(), int(ch.StartPoint().Row), n.EndByte())
			}
		}
	}
	return w.skipSpace(n.StartByte(), int(n.StartPoint().Row), n.EndByte())
}

// skipSpace moves from byte b on row row past whitespace, not beyond limit.
func (w *tsWalk) skipSpace(b uint32, row int, limit uint32) (int, uint32) {
	limit = min(limit, uint32(len(w.src)))
	for b < limit {
		switch w.src[b] {
		case '\n':
			row++
		case ' ', '\t', '\r', '\f', '\v':
		default:
			return row, b
		}
		b++
	}
	return row, b
}

// endRow returns the 0-based row of n's last character that is not whitespace.
func (w *tsWalk) endRow(n *sitter.Node) int {
	b, row := n.EndByte(), int(n.EndPoint().Row)
	start := n.StartByte()
	b = min(b, uint32(len(w.src)))
	for b > start {
		switch w.src[b-1] {
		case '\n':
			row--
		case ' ', '\t', '\r', '\f', '\v':
		default:
			return max(row, 0)
		}
		b--
	}
	return max(row, 0)
}

// sigStart returns where n's signature starts: at its first child that is not an attribute or a
// comment, looking into modifier lists that hold attributes.
func (w *tsWalk) sigStart(n *sitter.Node) uint32 {
	if first := n.Child(0); first != nil {
		typ := w.typeOf(first)
		if !w.isComment(first) && !w.isAttr(first, typ) && !w.g.modifiers[typ] {
			_, b := w.skipSpace(first.StartByte(), 0, first.EndByte())
			return b
		}
	}
	c := w.leafCursor(n)
	for ok := c.GoToFirstChild(); ok; ok = c.GoToNextSibling() {
		ch := c.CurrentNode()
		typ := w.typeOf(ch)
		if w.isComment(ch) || w.isAttr(ch, typ) {
			continue
		}
		if w.g.modifiers[typ] {
			if b, ok := w.firstNonAttr(ch); ok {
				return b
			}
			continue
		}
		_, b := w.skipSpace(ch.StartByte(), 0, ch.EndByte())
		return b
	}
	_, b := w.skipSpace(n.StartByte(), 0, n.EndByte())
	return b
}

// firstNonAttr returns the start of the first child of a modifier list that is not an attribute.
func (w *tsWalk) firstNonAttr(n *sitter.Node) (uint32, bool) {
	c := sitter.NewTreeCursor(n) // called from sigStart, which holds the leaf cursor
	defer c.Close()
	for ok := c.GoToFirstChild(); ok; ok = c.GoToNextSibling() {
		ch := c.CurrentNode()
		if w.isComment(ch) || w.isAttr(ch, w.typeOf(ch)) {
			continue
		}
		_, b := w.skipSpace(ch.StartByte(), 0, ch.EndByte())
		return b, true
	}
	return 0, false
}

// sig returns the source between two offsets as a one-line signature, without the punctuation
// that opens a body ("{", "=", "do", ";").
func (w *tsWalk) sig(from, to uint32) string {
	return joinSig(w.raw(from, to))
}

// raw returns the source between two offsets, capped for signatures.
func (w *tsWalk) raw(from, to uint32) string {
	to = min(to, uint32(len(w.src)))
	if from >= to {
		return ""
	}
	if to-from > tsMaxSigSource {
		to = from + tsMaxSigSource
		for to > from && !utf8.RuneStart(w.src[to]) {
			to--
		}
	}
	return string(w.src[from:to])
}

// sigLine is sig cut at the end of the first line: the head of a declaration whose value may
// run for pages ("const config = {").
func (w *tsWalk) sigLine(from, to uint32) string {
	s := w.raw(from, to)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return trimSig(foldSignature(validUTF8(s)))
}

// text returns n's source folded to one line and capped, for names and import paths.
func (w *tsWalk) text(n *sitter.Node) string {
	if n == nil {
		return ""
	}
	a, b := n.StartByte(), min(n.EndByte(), uint32(len(w.src)))
	if a >= b {
		return ""
	}
	return foldName(w.src[a:b])
}

// foldName folds source text to one line and caps it at tsMaxName bytes, at a character's
// start, as maps show names and import paths; it reads the first tsMaxName*4 bytes only. The
// hand-written scanners name what they map with it too, as the walk does.
func foldName(b []byte) string {
	if len(b) > tsMaxName*4 {
		b = b[:tsMaxName*4]
	}
	s := string(b)
	if strings.ContainsAny(s, "\n\r\t") || strings.Contains(s, "  ") {
		s = strings.Join(strings.Fields(s), " ")
	}
	if len(s) > tsMaxName {
		cut := tsMaxName
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut]
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// fieldText returns the text of n's child in field.
func (w *tsWalk) fieldText(n *sitter.Node, field string) string {
	return w.text(n.ChildByFieldName(field))
}

// children returns n's children, named or not. Use it on small nodes only (headers, not bodies).
func (w *tsWalk) children(n *sitter.Node) []*sitter.Node {
	if n == nil {
		return nil
	}
	c := w.leafCursor(n)
	var out []*sitter.Node
	for ok := c.GoToFirstChild(); ok; ok = c.GoToNextSibling() {
		out = append(out, c.CurrentNode())
	}
	return out
}

// childOfType returns n's first child of one of types, or nil.
func (w *tsWalk) childOfType(n *sitter.Node, types ...string) *sitter.Node {
	if n == nil {
		return nil
	}
	c := w.leafCursor(n)
	for ok := c.GoToFirstChild(); ok; ok = c.GoToNextSibling() {
		ch := c.CurrentNode()
		typ := w.typeOf(ch)
		for _, t := range types {
			if typ == t {
				return ch
			}
		}
	}
	return nil
}

// hasChild reports whether n has a child (a keyword, say) of type typ.
func (w *tsWalk) hasChild(n *sitter.Node, typ string) bool {
	return w.childOfType(n, typ) != nil
}

// unquote strips one pair of matching quotes from s.
func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'' || s[0] == '`') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// Common handlers.

// tsWrap maps the declaration a wrapper holds ("export", "template <...>", "declare") with the
// range and signature starting at the wrapper.
func tsWrap(w *tsWalk, n *sitter.Node, at tsAt) int {
	start, _ := w.startOf(n)
	if at.start < 0 || start < at.start {
		at.start = start
	}
	if at.sig < 0 {
		at.sig = int(w.sigStart(n))
	}
	before := len(w.res.Symbols)
	w.members(n, at)
	if len(w.res.Symbols) > before {
		return before
	}
	return -1
}

// tsTransparent maps the declarations inside a node that is not one itself (#if blocks,
// `extern "C" {}`, syntax errors) as if they were the container's.
func tsTransparent(w *tsWalk, n *sitter.Node, at tsAt) int {
	w.members(n, at)
	return -1
}

// tsInBody maps the declarations in n's body field as the container's.
func tsInBody(field string) func(w *tsWalk, n *sitter.Node, at tsAt) int {
	return func(w *tsWalk, n *sitter.Node, at tsAt) int {
		w.members(n.ChildByFieldName(field), at)
		return -1
	}
}

// tsFunction maps a function node with "name" and "body" fields (Scala, Swift).
func tsFunction(w *tsWalk, n *sitter.Node, at tsAt) int {
	return w.declareFunction(n, at, w.fieldText(n, "name"), n.ChildByFieldName("body"))
}

// declareFunction declares a named function: a method inside a type, a function elsewhere. A
// function without a name is not mapped.
func (w *tsWalk) declareFunction(n *sitter.Node, at tsAt, name string, body *sitter.Node) int {
	if name == "" {
		return -1
	}
	kind := store.KindFunction
	if w.inType(at.parent) {
		kind = store.KindMethod
	}
	return w.declare(n, at, name, kind, body, false)
}

// jsQual prefixes a written qualified name with the enclosing symbols' qualified name.
func jsQual(w *tsWalk, parent int, qual string) string {
	if parent >= 0 {
		return w.qualname(parent) + "." + qual
	}
	return qual
}
