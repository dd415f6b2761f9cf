package lang

// The Lisp family: Clojure, ClojureScript and cljc files mapped by their definitions, EDN files
// by their key tree. Both read the source with the reader of clojure_reader.go.

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/readmap/readmap/store"
)

// cljMapper maps Clojure, ClojureScript and cljc: the ns form with its requires and imports, and
// every definition form (a list whose head is def, defn, defmacro, defprotocol, s/def, deftest
// or any other def* name, and a symbol or keyword name): top-level ones, ones inside do, when,
// comment or reader conditionals, and ones nested in other definitions as their children.
// Protocols, interfaces, records, types and extend-type/extend-protocol hold their methods.
// Quoted and syntax-quoted forms are data or templates, never definitions.
type cljMapper struct {
	r cljReader
	w cljWalk
}

// cljEntry is a sibling list being walked: the next child to look at and what it inherits.
type cljEntry struct {
	cur      int32  // next child, -1 when done
	parent   int32  // index of the enclosing symbol, -1 at the top
	metaLine int32  // when > 0, the line of the ^metadata the next form carries
	platform string // "#?(:clj)" inside a reader conditional's branch
	mode     uint8  // cljWalkForms, cljWalkCond, cljWalkCondSplice or cljWalkMethods
}

// The ways a list of children is walked.
const (
	cljWalkForms      uint8 = iota // every child is a form that may hold definitions
	cljWalkCond                    // a reader conditional: platform keywords and their forms
	cljWalkMethods                 // the body of a protocol or type: method lists are methods
	cljWalkCondSplice              // a splicing reader conditional
)

// cljWalk finds the definitions in a read tree.
type cljWalk struct {
	ctx     context.Context
	r       *cljReader
	syms    []store.Symbol
	stack   []cljEntry
	imports []string
	seen    map[string]bool
}

// Map returns the definitions of a Clojure source.
func (m *cljMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	if len(src) > cljMaxSource {
		return nil, errTooLargeToParse
	}
	m.r.reset(src)
	m.r.readAll()
	w := &m.w
	*w = cljWalk{ctx: ctx, r: &m.r, stack: w.stack[:0]}
	if err := w.walk(); err != nil {
		return nil, err
	}
	res := &Result{Symbols: w.syms, Imports: w.imports}
	res.Unparsed = joinSpans(slices.Clone(m.r.unparsed), CountLines(src))
	if m.r.full {
		res.Summary = fmt.Sprintf("more forms than the reader keeps: mapped up to line %d", m.r.fullLine)
	} else if m.r.errLine > 0 {
		res.Summary = fmt.Sprintf("unbalanced brackets from line %d: mapped form by form from the left margin", m.r.errLine)
	}
	return res, nil
}

// text returns the source of node n.
func (w *cljWalk) text(n int32) string {
	nd := &w.r.nodes[n]
	return string(w.r.src[nd.start:nd.end])
}

// unwrap returns the form under metadata (^meta x gives x), or n itself.
func (w *cljWalk) unwrap(n int32) int32 {
	for n >= 0 && w.r.nodes[n].kind == cljMeta {
		c := w.r.nodes[n].first
		if c < 0 || w.r.nodes[c].next < 0 {
			return -1
		}
		n = w.r.nodes[c].next
	}
	return n
}

// walk visits the tree in source order.
func (w *cljWalk) walk() error {
	nodes := w.r.nodes
	w.stack = append(w.stack, cljEntry{cur: nodes[0].first, parent: -1})
	steps := 0
	for len(w.stack) > 0 {
		e := &w.stack[len(w.stack)-1]
		n := e.cur
		if n < 0 {
			w.stack = w.stack[:len(w.stack)-1]
			continue
		}
		e.cur = nodes[n].next
		if steps++; steps&0xffff == 0 && w.ctx.Err() != nil {
			return w.ctx.Err()
		}
		in := *e // the entry may move when the stack grows
		cond := in.mode == cljWalkCond || in.mode == cljWalkCondSplice
		if cond && nodes[n].kind == cljKeyword {
			e.platform = w.text(n)
			continue
		}
		metaLine := in.metaLine
		e.metaLine = 0
		platform := in.platform
		switch in.mode {
		case cljWalkCond:
			platform = "#?(" + in.platform + ")"
		case cljWalkCondSplice:
			platform = "#?@(" + in.platform + ")"
		}
		switch nodes[n].kind {
		case cljList:
			if in.mode == cljWalkMethods && w.method(n, in.parent, metaLine, platform) {
				continue
			}
			w.list(n, in.parent, metaLine, platform)
		case cljMeta:
			// Only the form the metadata is on: definitions inside metadata maps are not code.
			if c := nodes[n].first; c >= 0 && nodes[c].next >= 0 {
				line := metaLine
				if line == 0 {
					line = nodes[n].line
				}
				mode := in.mode
				if cond {
					mode = cljWalkForms // the platform is decided: the form is a branch's
				}
				w.stack = append(w.stack, cljEntry{cur: nodes[c].next, parent: in.parent, metaLine: line, platform: platform, mode: mode})
			}
		case cljCond, cljCondSplice:
			c := nodes[n].first
			if c >= 0 && nodes[c].kind == cljList {
				mode := cljWalkCond
				if nodes[n].kind == cljCondSplice {
					mode = cljWalkCondSplice
				}
				w.stack = append(w.stack, cljEntry{cur: nodes[c].first, parent: in.parent, mode: mode})
			}
		case cljQuote, cljSyntaxQuote:
			// Data and templates: `(defn ~name ...) in a macro is not a definition of this file.
		case cljVector, cljMap, cljSet, cljFn, cljTagged, cljDeref, cljVar, cljUnquote, cljUnquoteSplice, cljEval, cljNSMap:
			if nodes[n].first >= 0 {
				w.stack = append(w.stack, cljEntry{cur: nodes[n].first, parent: in.parent, platform: platform})
			}
		}
	}
	return nil
}

// The kinds of the definition forms readmap knows by name; any other def* form is a function when
// an argument vector follows its name, a variable otherwise.
var cljDefKinds = map[string]store.Kind{
	"def": store.KindVar, "defonce": store.KindVar,
	"defn": store.KindFunction, "defn-": store.KindFunction, "definline": store.KindFunction,
	"defmacro": store.KindMacro, "defmulti": store.KindFunction, "defmethod": store.KindMethod,
	"defprotocol": store.KindInterface, "definterface": store.KindInterface,
	"defrecord": store.KindStruct, "defstruct": store.KindStruct,
	"deftype": store.KindClass, "deftype*": store.KindClass, "defrecord*": store.KindStruct,
	"deftest":     store.KindFunction,
	"extend-type": store.KindImpl, "extend-protocol": store.KindImpl,
	"ns": store.KindNamespace,
}

// cljHoldsMethods are the forms whose body lists are method definitions.
var cljHoldsMethods = map[string]bool{
	"defprotocol": true, "definterface": true, "defrecord": true, "deftype": true,
	"extend-type": true, "extend-protocol": true,
}

// cljCoreNS are the namespaces whose def forms are Clojure's own (clojure.core/defn is defn),
// where s/def or spec/def defines a spec.
var cljCoreNS = map[string]bool{"clojure.core": true, "cljs.core": true}

// cljHead returns the kind of the form a list's head symbol opens and the head's name without its
// namespace, or ok false for a list that defines nothing.
func cljHead(head string) (kind store.Kind, name string, ok bool) {
	ns, name := "", head
	if i := strings.IndexByte(head, '/'); i > 0 && i < len(head)-1 {
		ns, name = head[:i], head[i+1:]
	}
	if k, known := cljDefKinds[name]; known {
		if name == "ns" || name == "extend-type" || name == "extend-protocol" {
			if ns != "" && !cljCoreNS[ns] {
				return 0, "", false
			}
		}
		if name == "def" && ns != "" && !cljCoreNS[ns] {
			return store.KindType, name, true // s/def, spec/def: a spec
		}
		return k, name, true
	}
	// Other def* macros (defschema, defspec, defroutes, defstate ...), but not the words that
	// only begin like one (default, defer).
	if strings.HasPrefix(name, "def") && !strings.HasPrefix(name, "default") && !strings.HasPrefix(name, "defer") {
		return store.KindUnknown, name, true
	}
	return 0, "", false
}

// cljMaybeHead is a quick look at a list's head, without making a string of it: could it open
// a definition, an ns form or a require? Most lists are calls, which this turns away.
func cljMaybeHead(head []byte) bool {
	if i := bytes.IndexByte(head, '/'); i > 0 && i < len(head)-1 {
		head = head[i+1:]
	}
	if bytes.HasPrefix(head, []byte("def")) {
		return true
	}
	switch string(head) {
	case "ns", "extend-type", "extend-protocol", "require", "use", "import":
		return true
	}
	return false
}

// child returns the i-th child of n (0-based), or -1.
func (w *cljWalk) child(n int32, i int) int32 {
	c := w.r.nodes[n].first
	for ; c >= 0 && i > 0; i-- {
		c = w.r.nodes[c].next
	}
	return c
}

// defName returns the name of a definition from its name form: a symbol or keyword, under
// metadata or in a reader conditional's first branch; ok false for anything else.
func (w *cljWalk) defName(n int32) (string, bool) {
	nodes := w.r.nodes
	n = w.unwrap(n)
	if n >= 0 && (nodes[n].kind == cljCond || nodes[n].kind == cljCondSplice) {
		l := nodes[n].first
		if l < 0 || nodes[l].kind != cljList {
			return "", false
		}
		n = w.unwrap(w.child(l, 1))
	}
	if n < 0 || (nodes[n].kind != cljSymbol && nodes[n].kind != cljKeyword) {
		return "", false
	}
	return w.text(n), true
}

// list looks at a list form: a definition becomes a symbol, an ns form gives imports; the
// children of every list are walked for definitions inside it.
func (w *cljWalk) list(n, parent, metaLine int32, platform string) {
	nodes := w.r.nodes
	head := nodes[n].first
	if head < 0 {
		return
	}
	if nodes[head].kind == cljSymbol {
		hb := w.r.src[nodes[head].start:nodes[head].end]
		if string(hb) == "quote" {
			return
		}
		if !cljMaybeHead(hb) {
			w.stack = append(w.stack, cljEntry{cur: head, parent: parent, platform: platform})
			return
		}
		headText := string(hb)
		if kind, name, ok := cljHead(headText); ok {
			nameNode := nodes[head].next
			if defName, ok := w.defName(nameNode); ok {
				at := w.define(n, parent, metaLine, platform, kind, headText, name, defName, nameNode)
				mode := cljWalkForms
				if cljHoldsMethods[name] {
					mode = cljWalkMethods
				}
				if name == "ns" {
					w.nsImports(nameNode)
					return
				}
				if c := nodes[nameNode].next; c >= 0 {
					w.stack = append(w.stack, cljEntry{cur: c, parent: at, platform: platform, mode: mode})
				}
				return
			}
		}
		if parent < 0 && (headText == "require" || headText == "use" || headText == "import" ||
			headText == "clojure.core/require" || headText == "clojure.core/import") {
			w.libspecs(nodes[head].next, strings.HasSuffix(headText, "import"))
		}
	}
	w.stack = append(w.stack, cljEntry{cur: head, parent: parent, platform: platform})
}

// define appends the symbol of definition form n and returns its index.
func (w *cljWalk) define(n, parent, metaLine int32, platform string, kind store.Kind, headText, head, name string, nameNode int32) int32 {
	nodes := w.r.nodes
	start := nodes[n].line
	if metaLine > 0 {
		start = metaLine
	}
	sig := headText + " " + name
	rest := nodes[nameNode].next
	switch head {
	case "def", "defonce", "ns", "deftest", "extend-type", "extend-protocol", "defprotocol", "definterface":
	case "defmulti":
		if d := w.skipDoc(rest); d >= 0 {
			sig += " " + clip(foldSignature(w.text(d)), 60)
		}
	case "defmethod":
		if rest >= 0 {
			sig += " " + clip(foldSignature(w.text(rest)), 60)
			if args := w.arities(nodes[rest].next); args != "" {
				sig += " " + args
			}
		}
	case "defrecord", "deftype", "defstruct", "deftype*", "defrecord*":
		if v := w.unwrap(rest); v >= 0 && nodes[v].kind == cljVector {
			sig += " " + w.text(v)
		}
	default:
		if args := w.arities(w.skipDoc(rest)); args != "" {
			sig += " " + args
			if kind == store.KindUnknown {
				kind = store.KindFunction
			}
		}
	}
	if kind == store.KindUnknown {
		kind = store.KindVar
	}
	if platform != "" {
		sig = platform + " " + sig
	}
	return w.emit(name, kind, sig, start, nodes[n].endLine, parent)
}

// emit appends a symbol and returns its index.
func (w *cljWalk) emit(name string, kind store.Kind, sig string, start, end, parent int32) int32 {
	depth := 0
	if parent >= 0 {
		depth = w.syms[parent].Depth + 1
	}
	w.syms = append(w.syms, store.Symbol{
		Name: validUTF8(name), Kind: kind, Signature: foldSignature(validUTF8(sig)),
		StartLine: int(start), EndLine: int(end), Depth: depth, Parent: int(parent),
	})
	return int32(len(w.syms) - 1)
}

// skipDoc returns the first of the forms from n that is not a docstring or attribute map.
func (w *cljWalk) skipDoc(n int32) int32 {
	nodes := w.r.nodes
	if n >= 0 && nodes[n].kind == cljString {
		n = nodes[n].next
	}
	if n >= 0 && nodes[n].kind == cljMap {
		n = nodes[n].next
	}
	return n
}

// cljMaxArities caps the arities shown in a signature.
const cljMaxArities = 8

// arities returns the argument vectors of a function's body that starts at n: "[x]" for one
// arity, "([x] [x y])" for several written as lists, "" when n starts no function body.
func (w *cljWalk) arities(n int32) string {
	nodes := w.r.nodes
	if v := w.unwrap(n); v >= 0 && nodes[v].kind == cljVector {
		return w.text(n)
	}
	var out []string
	for ; n >= 0 && len(out) < cljMaxArities; n = nodes[n].next {
		if nodes[n].kind != cljList {
			break
		}
		v := nodes[n].first
		if u := w.unwrap(v); u < 0 || nodes[u].kind != cljVector {
			break
		}
		out = append(out, w.text(v))
	}
	switch len(out) {
	case 0:
		return ""
	case 1:
		return out[0]
	}
	return "(" + strings.Join(out, " ") + ")"
}

// method maps a list in the body of a protocol, interface, record, type or extension when it is a
// method: a name and argument vectors ("(area [this] [this unit] "doc")"), or a name and arity
// lists. Its body is walked for definitions inside it.
func (w *cljWalk) method(n, parent, metaLine int32, platform string) bool {
	nodes := w.r.nodes
	head := nodes[n].first
	if head < 0 || nodes[head].kind != cljSymbol {
		return false
	}
	rest := nodes[head].next
	var args []string
	for c := rest; c >= 0; c = nodes[c].next {
		if u := w.unwrap(c); u < 0 || nodes[u].kind != cljVector {
			break
		}
		if len(args) < cljMaxArities {
			args = append(args, w.text(c))
		}
	}
	if len(args) == 0 {
		a := w.arities(rest)
		if a == "" {
			return false
		}
		args = []string{a}
	}
	sig := args[0]
	if len(args) > 1 {
		sig = "(" + strings.Join(args, " ") + ")"
	}
	name := w.text(head)
	sig = name + " " + sig
	if platform != "" {
		sig = platform + " " + sig
	}
	start := nodes[n].line
	if metaLine > 0 {
		start = metaLine
	}
	at := w.emit(name, store.KindMethod, sig, start, nodes[n].endLine, parent)
	if rest >= 0 {
		w.stack = append(w.stack, cljEntry{cur: rest, parent: at, platform: platform})
	}
	return true
}

// cljMaxCondNest caps how deep reader conditionals inside reader conditionals are followed in an
// ns form.
const cljMaxCondNest = 8

// forms calls fn with each form of the sibling list from n, splicing in the branches of reader
// conditionals (#?(:clj x :cljs y) gives x and y; #?@(:clj [x y]) gives x and y) and unwrapping
// quotes ('[a.b :as c]).
func (w *cljWalk) forms(n int32, depth int, fn func(int32)) {
	nodes := w.r.nodes
	for ; n >= 0; n = nodes[n].next {
		c := n
		for c >= 0 && nodes[c].kind == cljQuote {
			c = nodes[c].first
		}
		if c < 0 {
			continue
		}
		switch nodes[c].kind {
		case cljCond, cljCondSplice:
			l := nodes[c].first
			if l < 0 || nodes[l].kind != cljList || depth >= cljMaxCondNest {
				continue
			}
			for b := nodes[l].first; b >= 0; b = nodes[b].next {
				if nodes[b].kind == cljKeyword {
					continue
				}
				if nodes[c].kind == cljCondSplice {
					if nodes[b].kind == cljVector || nodes[b].kind == cljList {
						w.forms(nodes[b].first, depth+1, fn)
					}
					continue
				}
				next := nodes[b].next
				nodes[b].next = -1 // one branch at a time
				w.forms(b, depth+1, fn)
				nodes[b].next = next
			}
		default:
			fn(c)
		}
	}
}

// nsImports collects the namespaces and classes an ns form brings in, from its clauses after the
// name n: (:require ...), (:use ...), (:require-macros ...), (:import ...).
func (w *cljWalk) nsImports(n int32) {
	nodes := w.r.nodes
	w.forms(nodes[n].next, 0, func(c int32) {
		if nodes[c].kind != cljList {
			return
		}
		head := nodes[c].first
		if head < 0 || nodes[head].kind != cljKeyword {
			return
		}
		switch w.text(head) {
		case ":require", ":use", ":require-macros", ":use-macros":
			w.libspecs(nodes[head].next, false)
		case ":import":
			w.libspecs(nodes[head].next, true)
		}
	})
}

// libspecs collects the libraries of require or use arguments from n (a.b, [a.b :as c], prefix
// lists (a [b :as c] d)), or the classes of import arguments (java.io.File, (java.util Date UUID)).
func (w *cljWalk) libspecs(n int32, classes bool) {
	nodes := w.r.nodes
	name := func(c int32) string {
		if c >= 0 && (nodes[c].kind == cljSymbol || nodes[c].kind == cljString) {
			return strings.Trim(w.text(c), `"`)
		}
		return ""
	}
	w.forms(n, 0, func(c int32) {
		switch nodes[c].kind {
		case cljSymbol, cljString:
			w.addImport(name(c))
		case cljVector, cljList:
			first := nodes[c].first
			lib := name(first)
			if lib == "" {
				return
			}
			rest := nodes[first].next
			if rest < 0 || nodes[rest].kind == cljKeyword {
				if !classes {
					w.addImport(lib)
				}
				return
			}
			// A prefix list: (java.util Date UUID), (clojure [set :as s] string).
			w.forms(rest, 0, func(m int32) {
				if s := name(m); s != "" {
					w.addImport(lib + "." + s)
				} else if (nodes[m].kind == cljVector || nodes[m].kind == cljList) && name(nodes[m].first) != "" {
					w.addImport(lib + "." + name(nodes[m].first))
				}
			})
		}
	})
}

// addImport records an import once.
func (w *cljWalk) addImport(s string) {
	if s == "" {
		return
	}
	if w.seen == nil {
		w.seen = map[string]bool{}
	}
	if !w.seen[s] {
		w.seen[s] = true
		w.imports = append(w.imports, validUTF8(s))
	}
}

// EDN maps are shown this many levels deep, fewer in a huge file (as YAML's are).
const (
	ednMaxDepth  = 8
	ednHugeDepth = 4
	ednHugeFile  = 1 << 20
	ednKeyWidth  = 60 // runes of a key shown as its name
)

// ednMapper maps EDN data as a key tree, like the JSON and YAML mappers: each key of a map with
// the range of its value and the value's type ("{}(3)", "[](2) of string", "keyword"), nested maps
// as children.
type ednMapper struct{ r cljReader }

// ednEntry is a map whose pairs are being walked.
type ednEntry struct {
	cur    int32 // next key, -1 when done
	parent int32 // the symbol of the map's key, -1 at the top
	depth  int
}

// Map returns the key tree of an EDN source.
func (m *ednMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	if len(src) > cljMaxSource {
		return nil, errTooLargeToParse
	}
	r := &m.r
	r.reset(src)
	r.readAll()
	maxDepth := ednMaxDepth
	if len(src) > ednHugeFile {
		maxDepth = ednHugeDepth
	}
	w := &cljWalk{ctx: ctx, r: r}
	nodes := r.nodes
	var tops []int32
	for n := nodes[0].first; n >= 0; n = nodes[n].next {
		tops = append(tops, n)
	}
	var stack []ednEntry
	summary := ""
	switch {
	case len(tops) == 1 && nodes[ednValue(nodes, tops[0])].kind == cljMap:
		mp := ednValue(nodes, tops[0])
		stack = append(stack, ednEntry{cur: nodes[mp].first, parent: -1})
		summary = "map with " + dataCountNoun(ednCount(nodes, mp)/2, "key", "keys")
	case len(tops) == 1:
		v := tops[0]
		w.emit("[]", store.KindKey, w.describe(v), nodes[v].line, nodes[v].endLine, -1)
		summary = "EDN " + w.describe(v)
	default:
		for _, v := range tops {
			w.emit(clip(foldSignature(w.text(ednValue(nodes, v))), ednKeyWidth), store.KindKey, w.describe(v), nodes[v].line, nodes[v].endLine, -1)
		}
		if len(tops) > 0 {
			summary = dataCountNoun(len(tops), "form", "forms")
		}
	}
	steps := 0
	for len(stack) > 0 {
		e := &stack[len(stack)-1]
		k := e.cur
		if k < 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		if steps++; steps&0xffff == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		v := nodes[k].next
		if v >= 0 {
			e.cur = nodes[v].next
		} else {
			e.cur = -1
		}
		in := *e
		name := clip(foldSignature(w.text(k)), ednKeyWidth)
		end := nodes[k].endLine
		desc := "nil"
		if v >= 0 {
			end, desc = nodes[v].endLine, w.describe(v)
		}
		at := w.emit(name, store.KindKey, name+" "+desc, nodes[k].line, end, in.parent)
		if v >= 0 && in.depth+1 < maxDepth {
			if mv := ednValue(nodes, v); nodes[mv].kind == cljMap && nodes[mv].first >= 0 {
				stack = append(stack, ednEntry{cur: nodes[mv].first, parent: at, depth: in.depth + 1})
			}
		}
	}
	if r.full {
		summary += fmt.Sprintf("; more forms than the reader keeps: mapped up to line %d", r.fullLine)
	} else if r.errLine > 0 {
		summary += fmt.Sprintf("; unbalanced brackets from line %d", r.errLine)
	}
	return &Result{Symbols: w.syms, Summary: strings.TrimPrefix(summary, "; ")}, nil
}

// ednValue returns the value under metadata, tags and namespace prefixes (#:a{...} gives the map).
func ednValue(nodes []cljNode, n int32) int32 {
	for {
		switch nodes[n].kind {
		case cljMeta:
			c := nodes[n].first
			if c < 0 || nodes[c].next < 0 {
				return n
			}
			n = nodes[c].next
		case cljNSMap, cljTagged:
			if nodes[n].first < 0 {
				return n
			}
			if nodes[n].kind == cljTagged {
				return n
			}
			n = nodes[n].first
		default:
			return n
		}
	}
}

// ednCount returns the number of children of n.
func ednCount(nodes []cljNode, n int32) int {
	c := 0
	for k := nodes[n].first; k >= 0; k = nodes[k].next {
		c++
	}
	return c
}

// describe returns the type of an EDN value: "{}(3)", "[](2) of string", "string", "#inst".
func (w *cljWalk) describe(n int32) string {
	nodes := w.r.nodes
	n = ednValue(nodes, n)
	switch nodes[n].kind {
	case cljMap:
		return fmt.Sprintf("{}(%d)", ednCount(nodes, n)/2)
	case cljVector, cljList, cljSet:
		open := map[cljKind]string{cljVector: "[]", cljList: "()", cljSet: "#{}"}[nodes[n].kind]
		count := ednCount(nodes, n)
		if count == 0 {
			return open
		}
		of := ""
		for k := nodes[n].first; k >= 0; k = nodes[k].next {
			t := w.scalar(ednValue(nodes, k))
			if of == "" {
				of = t
			} else if t != of {
				of = "mixed"
				break
			}
		}
		if of == "mixed" {
			return fmt.Sprintf("%s(%d)", open, count)
		}
		return fmt.Sprintf("%s(%d) of %s", open, count, of)
	}
	return w.scalar(n)
}

// scalar names the type of one value, collections by their bracket.
func (w *cljWalk) scalar(n int32) string {
	switch w.r.nodes[n].kind {
	case cljMap, cljNSMap:
		return "map"
	case cljVector:
		return "vector"
	case cljList:
		return "list"
	case cljSet:
		return "set"
	case cljString:
		return "string"
	case cljKeyword:
		return "keyword"
	case cljNumber, cljSymbolic:
		return "number"
	case cljChar:
		return "char"
	case cljRegex:
		return "regex"
	case cljTagged:
		t := w.text(n)
		if i := strings.IndexAny(t[1:], " \t\n\r,\"{[(#"); i > 0 {
			t = t[:i+1]
		}
		return clip(t, 20)
	case cljSymbol:
		switch w.text(n) {
		case "true", "false":
			return "bool"
		case "nil":
			return "nil"
		}
		return "symbol"
	}
	return "form"
}
