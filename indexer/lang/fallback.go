package lang

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/readmap/readmap/store"
)

// fallbackMapperName names the map of a file no language mapper served: line heuristics, then
// landmarks when they find nothing (the symbols' kind tells which).
const fallbackMapperName = "heuristics"

// landmarkParts is how many slices of a file get a landmark: each twentieth.
const landmarkParts = 20

// landmarkWidth caps a landmark's text, in runes.
const landmarkWidth = 60

// fallbackMap maps a file no language mapper serves, by line heuristics (fallbackHeuristics). When
// they find nothing, or too little of a long file to navigate by, the result is empty and the
// indexer gives the file landmarks instead.
func fallbackMap(src []byte, lines int) *Result {
	return &Result{Symbols: fallbackHeuristics(src, lines)}
}

// landmarks cuts the file into twentieths and names each by its first non-blank line, so a file
// with no structure found still has a map to navigate by. Each landmark's range is its slice.
func landmarks(src []byte, lines int) []store.Symbol {
	parts := LandmarkSlices(lines)
	syms := make([]store.Symbol, 0, len(parts)) // grown one by one: a third of the time here
	line, off := 1, 0
	for _, slice := range parts {
		first, last := slice[0], slice[1]
		for line < first { // skip to the slice's first line
			off = nextLine(src, off)
			line++
		}
		for ; line <= last; line++ {
			end := nextLine(src, off)
			text := bytes.TrimSpace(src[off:end])
			off = end
			if len(text) > 0 {
				syms = append(syms, Landmark(text, line, last))
				line++
				break
			}
		}
	}
	if len(syms) == 0 {
		return nil // a file of blank lines has none
	}
	return syms
}

// LandmarkSlices returns the first and last lines of each slice of a file of lines lines that gets
// a landmark: twentieths, or single lines in a file of fewer than twenty.
func LandmarkSlices(lines int) [][2]int {
	parts := min(landmarkParts, lines)
	slices := make([][2]int, 0, max(parts, 0))
	for p := range parts {
		slices = append(slices, [2]int{1 + p*lines/parts, (p + 1) * lines / parts})
	}
	return slices
}

// Landmark returns the landmark of the slice that ends at line last and whose first non-blank line,
// trimmed to text, is line.
func Landmark(text []byte, line, last int) store.Symbol {
	return store.Symbol{Name: clip(string(text), landmarkWidth), Kind: store.KindLandmark,
		StartLine: line, EndLine: last, Parent: -1}
}

// nextLine returns the offset just past the line starting at off.
func nextLine(src []byte, off int) int {
	if i := bytes.IndexByte(src[off:], '\n'); i >= 0 {
		return off + i + 1
	}
	return len(src)
}

// The line heuristics find definitions by the words that open them in most languages, plus a few
// file shapes: Makefile rules, INI sections and their keys, assignments at the left margin, named
// brace blocks (Gradle, nginx), and underlined titles (reStructuredText, plain text). Each line is
// looked at once, from its start, so the whole pass stays well above 100 MB/s.
//
// A definition's range is, in order of preference: its brace block when its line ends in "{" and
// the braces balance; its indented body, up to a closing line at its own indentation ("end", "}",
// "fi"); or, when nothing under it is indented, everything up to the next definition at its
// indentation or shallower. Sections and titles run to the next one of their rank or above.
// Trailing blank lines are never part of a range.
const (
	fbMaxSymbols = 20000
	fbMaxDepth   = 3 // deepest nesting kept (0 is the top)
	fbMaxName    = 80
	fbMaxSig     = 120
	// A file of at least fbSparseLines lines whose top-level symbols cover less than a
	// fbSparseShare-th of it gets landmarks instead: a few stray matches are no map.
	fbSparseLines = 400
	fbSparseShare = 10
)

// fbGroup says which candidates end a flat range: code definitions end at the next definition at
// their indentation or shallower, sections at the next section, titles at the next title of their
// rank or above.
type fbGroup uint8

const (
	fbCode   fbGroup = iota
	fbAssign         // assignments end no flat range: they are often the body of one
	fbSection
	fbTitle
	fbUnit // packages and modules, whose flat ranges run to the next one
)

// fbContainer reports whether a definition of kind k holds the definitions after it, when nothing
// is indented under it (Perl's "package Foo;", Fortran's "module m").
func fbContainer(k store.Kind) bool {
	return k == store.KindPackage || k == store.KindModule || k == store.KindNamespace
}

// fbCand is a definition found on one line, with what the pass learns of its range.
type fbCand struct {
	sym      store.Symbol
	indent   int
	group    fbGroup
	rank     int  // indentation (code) or title level; sections all rank 0
	block    bool // a flat range runs to the next definition; otherwise it is the line alone
	target   bool // a Makefile rule, kept only when the file reads as a Makefile
	pending  bool // no non-blank line after it seen yet
	flat     bool // nothing under it was indented
	end      int  // from its indented body; 0 until known
	braceEnd int  // the line closing its brace block; 0 when none
	prevText int  // the last non-blank line before it and its leading comments (0 when none)
}

// fbBrace is an open brace block: its candidate, and the depth its "{" opened.
type fbBrace struct{ cand, depth int }

// fbKeywords maps the words that open a definition to the kind they define.
var fbKeywords = map[string]store.Kind{
	"function": store.KindFunction, "def": store.KindFunction, "fn": store.KindFunction,
	"func": store.KindFunction, "fun": store.KindFunction, "sub": store.KindFunction,
	"proc": store.KindFunction, "procedure": store.KindProcedure, "subroutine": store.KindFunction,
	"method": store.KindMethod, "task": store.KindFunction, "macro": store.KindMacro,
	"define": store.KindMacro, "defmacro": store.KindMacro, "defun": store.KindFunction,
	"class": store.KindClass, "object": store.KindClass, "struct": store.KindStruct,
	"union": store.KindUnion, "interface": store.KindInterface, "protocol": store.KindInterface,
	"trait": store.KindTrait, "enum": store.KindEnum, "type": store.KindType,
	"module": store.KindModule, "namespace": store.KindNamespace, "package": store.KindPackage,
	"program": store.KindModule, "impl": store.KindImpl, "const": store.KindConst,
}

// fbLispDefs are the Clojure forms that define, with the kind each defines: "(defn name".
var fbLispDefs = map[string]store.Kind{
	"def": store.KindVar, "defn": store.KindFunction, "defn-": store.KindFunction,
	"defmacro": store.KindMacro, "defprotocol": store.KindInterface, "defrecord": store.KindStruct,
	"deftype": store.KindClass, "defmulti": store.KindFunction, "defmethod": store.KindMethod,
	"ns": store.KindNamespace,
}

// fbModifiers may precede a definition's keyword.
var fbModifiers = map[string]bool{
	"export": true, "public": true, "private": true, "protected": true, "static": true,
	"async": true, "abstract": true, "final": true, "pub": true, "local": true, "inline": true,
	"override": true, "open": true, "internal": true, "sealed": true, "data": true,
	"partial": true, "virtual": true, "extern": true, "unsafe": true, "recursive": true,
}

// fbStopwords are words that, as a definition's name or the word after it, betray prose ("type of
// file", "class is").
var fbStopwords = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "is": true, "are": true, "was": true,
	"were": true, "be": true, "to": true, "in": true, "on": true, "for": true, "and": true,
	"or": true, "that": true, "this": true, "which": true, "with": true, "as": true, "at": true,
	"by": true, "from": true, "it": true, "can": true, "will": true, "has": true, "have": true,
	"not": true, "you": true, "we": true, "i": true, "if": true, "when": true, "but": true,
	"so": true, "all": true, "any": true, "my": true, "your": true, "its": true,
	"into": true, "onto": true, "about": true, "than": true, "then": true, "there": true,
	"these": true, "those": true, "such": true, "also": true, "only": true, "may": true,
	"must": true, "should": true, "would": true, "could": true, "our": true, "their": true,
	"here": true, "they": true, "he": true, "she": true, "no": true,
}

// fbControl are words that open a brace block that is not a definition.
var fbControl = map[string]bool{
	"if": true, "else": true, "for": true, "foreach": true, "while": true, "do": true,
	"switch": true, "case": true, "try": true, "catch": true, "finally": true, "return": true,
	"elif": true, "elsif": true, "until": true, "unless": true, "loop": true, "match": true,
	"select": true, "when": true, "with": true, "repeat": true,
}

// fbAdornments are the characters of title underlines.
const fbAdornments = "=-~^*+#\"'"

// fallbackHeuristics returns the definitions found in src (of lines lines), nested by their
// ranges, or nil when there are none worth a map.
func fallbackHeuristics(src []byte, lines int) []store.Symbol {
	h := fbPass{newBrace: -1}
	h.scan(src)
	return h.symbols(lines)
}

// fbPass is the state of one pass over a file's lines.
type fbPass struct {
	cands     []fbCand
	stack     []int     // open code candidates, by increasing indentation
	braces    []fbBrace // open brace blocks, innermost last
	newBrace  int       // a candidate on this line opening a brace block, or -1
	depth     int       // brace depth, counted while a brace block is open
	line      int
	nb        [3]int // the last non-blank lines before this one, latest first
	lastCode  int    // the last non-blank line before this one that is not a comment
	inSection bool   // an INI section has been seen: assignments are its keys
	// Makefile evidence: rules followed by a tab-indented recipe, make syntax ($(VAR) in a recipe,
	// ":=", .PHONY), and how many lines at the left margin are neither rules nor comments.
	recipes  int
	rules    int
	capRules int // rules named with a capital, as the fields of a Debian control file are
	plainTop int
	makeLike bool
	// Title underline styles in the order they first appear, which ranks them (as in
	// reStructuredText); and the two lines before this one when they were plain text.
	titleStyles    []string
	prev, prevPrev []byte
}

func (h *fbPass) scan(src []byte) {
	for off := 0; off < len(src); {
		end := bytes.IndexByte(src[off:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += off
		}
		text := src[off:end]
		off = end + 1
		h.line++
		if len(text) > 0 && text[len(text)-1] == '\r' {
			text = text[:len(text)-1]
		}
		i, indent := 0, 0
		for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
			if text[i] == '\t' {
				indent = indent/8*8 + 8
			} else {
				indent++
			}
			i++
		}
		if i == len(text) {
			h.prevPrev, h.prev = h.prev, nil
			continue
		}
		h.dedent(text, i, indent)
		plain := true
		if len(h.cands) < fbMaxSymbols {
			if h.title(text) {
				plain = false
			} else {
				n := len(h.cands)
				h.detect(text, i, indent)
				plain = len(h.cands) == n
			}
		}
		if len(h.braces) > 0 || h.newBrace >= 0 {
			h.countBraces(text)
		}
		h.prevPrev, h.prev = h.prev, nil
		if plain {
			h.prev = text
			if indent == 0 && !fbComment(text) {
				h.plainTop++
			}
		}
		if text[0] == '\t' && !h.makeLike && bytes.IndexByte(text, '$') >= 0 && fbMakeVar(text) {
			h.makeLike = true
		}
		h.nb = [3]int{h.line, h.nb[0], h.nb[1]}
		if !fbComment(text[i:]) {
			h.lastCode = h.line
		}
	}
	for len(h.stack) > 0 {
		h.pop(false)
	}
}

// dedent ends the open candidates that a non-blank line at indent closes, and opens the body of
// the innermost one left when the line is indented under it.
func (h *fbPass) dedent(text []byte, i, indent int) {
	if n := len(h.stack); n > 0 && text[i] == '{' && len(bytes.TrimSpace(text[i:])) == 1 {
		if c := &h.cands[h.stack[n-1]]; c.pending && c.indent == indent {
			// "main()" then "{" alone: the brace opens the definition's block.
			c.pending = false
			h.newBrace = h.stack[n-1]
			return
		}
	}
	first := true
	for len(h.stack) > 0 && h.cands[h.stack[len(h.stack)-1]].indent >= indent {
		top := &h.cands[h.stack[len(h.stack)-1]]
		h.pop(first && top.indent == indent && fbCloser(text[i:]))
		first = false
	}
	if len(h.stack) > 0 {
		if c := &h.cands[h.stack[len(h.stack)-1]]; c.pending {
			c.pending = false
			if c.target && text[0] == '\t' {
				h.recipes++
			}
		}
	}
}

// pop ends the innermost open candidate at the current line: on it when the line closes its body
// ("end", "}"), else at the last non-blank line before it, or flat when nothing was indented
// under it.
func (h *fbPass) pop(onCloser bool) {
	c := &h.cands[h.stack[len(h.stack)-1]]
	h.stack = h.stack[:len(h.stack)-1]
	switch {
	case onCloser:
		c.end = h.line
	case c.pending:
		c.flat = true
	default:
		c.end = h.nb[0]
	}
}

// fbCloser reports whether a line closes a block opened at its indentation.
func fbCloser(t []byte) bool {
	switch t[0] {
	case '}', ')', ']':
		return true
	}
	w := string(fbWord(t))
	return len(w) >= 3 && strings.EqualFold(w[:3], "end") || w == "fi" || w == "done" || w == "esac"
}

// fbMakeVar reports whether a recipe line uses a make variable: $(X), ${X}, $@, $<, $^.
func fbMakeVar(t []byte) bool {
	for i := bytes.IndexByte(t, '$'); i >= 0 && i+1 < len(t); {
		switch t[i+1] {
		case '(', '{', '@', '<', '^', '*', '?':
			return true
		}
		j := bytes.IndexByte(t[i+1:], '$')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// fbComment reports whether a line (from its first non-blank byte) is a comment in one of the
// common syntaxes: #, //, /*, *, ;, --, %, !.
func fbComment(t []byte) bool {
	switch t[0] {
	case '#', ';', '%', '!', '*':
		return true
	case '/':
		return len(t) > 1 && (t[1] == '/' || t[1] == '*')
	case '-':
		return len(t) > 1 && t[1] == '-'
	}
	return false
}

// add records a candidate found on the current line.
func (h *fbPass) add(c fbCand) {
	c.sym.StartLine, c.sym.Parent = h.line, -1
	c.prevText = h.lastCode
	h.cands = append(h.cands, c)
	if c.group == fbCode || c.group == fbAssign {
		h.cands[len(h.cands)-1].pending = true
		h.stack = append(h.stack, len(h.cands)-1)
	}
}

// detect looks for a definition on one line (text, its first non-blank byte at i).
func (h *fbPass) detect(text []byte, i, indent int) {
	t := text[i:]
	switch c := t[0]; {
	case c == '[' && indent == 0:
		h.section(t)
		return
	case c == '.' && indent == 0:
		h.rule(t)
		return
	case c == '(' && indent == 0:
		h.lispDef(t)
		return
	case !fbIdentStart(c):
		return
	}
	word := fbWord(t)
	// Keyword definitions, after any modifiers: "export async function load(", "class Foo:".
	kw, after := word, t[len(word):]
	for n := 0; fbModifiers[string(kw)] && n < 3; n++ {
		next := bytes.TrimLeft(after, " \t")
		w := fbWord(next)
		if len(next) == len(after) || len(w) == 0 {
			break
		}
		kw, after = w, next[len(w):]
	}
	if kind, ok := fbKeywords[string(kw)]; ok && len(after) > 0 && (after[0] == ' ' || after[0] == '\t') {
		if h.keywordDef(t, kind, bytes.TrimLeft(after, " \t"), indent) {
			return
		}
	}
	name := fbName(t)
	after = bytes.TrimLeft(t[len(name):], " \t")
	switch {
	case bytes.HasPrefix(after, []byte("()")): // shell: name() {
		if rest := bytes.TrimSpace(after[2:]); len(rest) == 0 && indent == 0 || len(rest) > 0 && (rest[0] == '{' || rest[0] == '(') {
			h.def(t, string(name), store.KindFunction, indent)
			return
		}
	case bytes.HasPrefix(after, []byte("<-")) || len(after) > 1 && after[0] == '=' && after[1] != '=':
		// R and friends: name <- function(x) {
		value := bytes.TrimLeft(after[2:], " \t")
		if after[0] == '=' {
			value = bytes.TrimLeft(after[1:], " \t")
		}
		if args, ok := bytes.CutPrefix(value, []byte("function")); ok {
			if args = bytes.TrimLeft(args, " \t"); len(args) > 0 && args[0] == '(' && (len(args) == 1 || args[1] != '\'' && args[1] != '"') {
				h.def(t, string(name), store.KindFunction, indent)
				// Without a brace on its line, an R function is one expression: its line, or its
				// indented continuation.
				h.cands[len(h.cands)-1].block = fbLast(t) == '{'
				return
			}
		}
	}
	if indent == 0 && (h.assignment(t) || h.rule(t)) {
		return
	}
	h.braceBlock(t, word, indent)
}

// lispDef records a Clojure definition at the left margin: "(" and a head of fbLispDefs, then
// a name, after metadata written as one token ("(defn ^:private name", "(def ^String s").
func (h *fbPass) lispDef(t []byte) {
	head := fbLispToken(t[1:])
	kind, ok := fbLispDefs[string(head)]
	if !ok {
		return
	}
	rest := t[1+len(head):]
	for {
		after := bytes.TrimLeft(rest, " \t")
		if len(after) == len(rest) || len(after) < 2 || after[0] != '^' || after[1] == '{' {
			rest = after
			break
		}
		rest = after[len(fbLispToken(after)):]
	}
	name := fbLispToken(rest)
	if len(name) == 0 || !fbIdentStart(name[0]) && strings.IndexByte("*+!-?<>=", name[0]) < 0 {
		return
	}
	h.def(t, string(name), kind, 0)
}

// fbLispToken is the Clojure token at the start of t: up to a blank, a bracket, a quote or a
// comment.
func fbLispToken(t []byte) []byte {
	n := 0
	for n < len(t) && strings.IndexByte(" \t()[]{}\",;", t[n]) < 0 {
		n++
	}
	return t[:n]
}

// keywordDef records "KEYWORD NAME ..." (after is the text after the keyword) unless it reads as
// prose. It reports whether it recorded one.
func (h *fbPass) keywordDef(t []byte, kind store.Kind, after []byte, indent int) bool {
	if kind == store.KindFunction && len(after) > 0 && after[0] == '(' {
		// A method after its receiver: Go's "func (p *parser) parseExpr() ast.Expr {".
		name := fbAfterReceiver(after)
		if len(name) == 0 {
			return false
		}
		h.def(t, string(name), store.KindMethod, indent)
		return true
	}
	name := fbName(after)
	if len(name) == 0 || fbStopwords[strings.ToLower(string(name))] || fbModifiers[string(name)] {
		return false
	}
	if _, ok := fbKeywords[string(name)]; ok {
		return false // "const struct point *p"
	}
	if len(name) == 1 && len(after) > 2 && after[1] == ':' && fbIdentStart(after[2]) {
		name = append(name[:1:1], ':') // Vim's "function s:name"
		name = append(name, fbName(after[2:])...)
	}
	if len(after) > len(name) && (after[len(name)] == '!' || after[len(name)] == '?') {
		name = after[:len(name)+1] // Ruby's "def save!"
	}
	next := bytes.TrimLeft(after[len(name):], " \t")
	if w := fbWord(next); len(w) > 0 && fbStopwords[strings.ToLower(string(w))] {
		return false
	}
	if len(next) > 0 && (next[0] == '*' || next[0] == '&') {
		return false // a declaration: "struct point *next;"
	}
	if (kind == store.KindStruct || kind == store.KindUnion || kind == store.KindEnum) && fbLast(t) == ';' && bytes.IndexByte(t, '{') < 0 {
		return false // "struct point p;", "struct point;"
	}
	if last := t[len(t)-1]; last == '.' || last == ',' || last == '?' {
		return false // a sentence
	}
	if bytes.Count(t, []byte{' '}) >= 6 && !bytes.ContainsAny(t, "(){}:=<[;") {
		return false // a line of prose that opens with a keyword: "program into multiple workers, ..."
	}
	h.def(t, strings.TrimRight(string(name), ".:"), kind, indent)
	if kind == store.KindConst || kind == store.KindType {
		h.cands[len(h.cands)-1].block = false // "const X = 1", "type A = B": one line unless indented
	}
	return true
}

// fbAfterReceiver returns the name that follows a receiver in parentheses at the start of t and
// opens a parameter or type parameter list ("(p *parser) parseExpr(" gives parseExpr), or none.
func fbAfterReceiver(t []byte) []byte {
	depth := 0
	for i, c := range t {
		switch c {
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				rest := bytes.TrimLeft(t[i+1:], " \t")
				name := fbName(rest)
				if len(name) == 0 || len(rest) == len(name) || rest[len(name)] != '(' && rest[len(name)] != '[' {
					return nil
				}
				return name
			}
		}
	}
	return nil
}

// def records a code definition named name on line t. One whose braces open and close on its
// line ("sub one { 1 }") is that line alone.
func (h *fbPass) def(t []byte, name string, kind store.Kind, indent int) {
	open := bytes.Count(t, []byte{'{'})
	oneLine := open > 0 && open == bytes.Count(t, []byte{'}'})
	h.add(fbCand{
		sym:    store.Symbol{Name: clip(name, fbMaxName), Kind: kind, Signature: fbSignature(t)},
		indent: indent, group: fbCode, rank: indent, block: !oneLine,
	})
	if fbLast(t) == '{' {
		h.newBrace = len(h.cands) - 1
	}
}

// countBraces follows the brace depth through one line, quoted text aside, ending the brace
// blocks that close on it and opening the one its candidate starts.
func (h *fbPass) countBraces(text []byte) {
	if bytes.IndexByte(text, '{') >= 0 || bytes.IndexByte(text, '}') >= 0 {
		var quote byte
		for _, b := range text {
			switch {
			case quote != 0:
				if b == quote {
					quote = 0
				}
			case b == '"' || b == '\'':
				quote = b
			case b == '{':
				h.depth++
			case b == '}':
				h.depth--
				for n := len(h.braces); n > 0 && h.braces[n-1].depth > h.depth; n-- {
					h.cands[h.braces[n-1].cand].braceEnd = h.line
					h.braces = h.braces[:n-1]
				}
			}
		}
	}
	if h.newBrace >= 0 {
		h.depth = max(h.depth, 1)
		h.braces = append(h.braces, fbBrace{cand: h.newBrace, depth: h.depth})
		h.newBrace = -1
	}
	if len(h.braces) == 0 {
		h.depth = 0
	}
}

// section records an INI section header "[name]" (or "[[name]]").
func (h *fbPass) section(t []byte) {
	end := bytes.IndexByte(t, ']')
	if end < 2 {
		return
	}
	for end+1 < len(t) && t[end+1] == ']' {
		end++
	}
	if tail := bytes.TrimSpace(t[end+1:]); len(tail) > 0 && tail[0] != ';' && tail[0] != '#' {
		return
	}
	name := bytes.TrimSpace(bytes.Trim(t[:end+1], "[]"))
	if len(name) == 0 || bytes.ContainsAny(name, "[]") {
		return
	}
	h.inSection = true
	h.add(fbCand{sym: store.Symbol{Name: clip(string(name), fbMaxName), Kind: store.KindTable}, group: fbSection, block: true})
}

// assignment records "NAME = value" at the left margin ("export NAME=", make's "NAME := value"):
// a variable, or a key within an INI section.
func (h *fbPass) assignment(t []byte) bool {
	s := t
	if w := string(fbWord(s)); (w == "export" || w == "readonly" || w == "override") && len(s) > len(w) && s[len(w)] == ' ' {
		s = bytes.TrimLeft(s[len(w):], " ")
	}
	name := fbName(s)
	if len(name) == 0 {
		return false
	}
	op := bytes.TrimLeft(s[len(name):], " \t")
	switch {
	case bytes.HasPrefix(op, []byte("::=")):
	case len(op) >= 2 && op[1] == '=' && (op[0] == ':' || op[0] == '?' || op[0] == '+'):
		h.makeLike = true
	case len(op) >= 1 && op[0] == '=' && (len(op) == 1 || op[1] != '='):
	default:
		return false
	}
	kind := store.KindVar
	if h.inSection {
		kind = store.KindKey
	}
	h.add(fbCand{sym: store.Symbol{Name: clip(string(name), fbMaxName), Kind: kind, Signature: fbSignature(t)}, group: fbAssign})
	return true
}

// rule records a Makefile rule "target [target...]: [prerequisites]". Whether rules are kept is
// decided at the end, from the evidence that the file is a Makefile.
func (h *fbPass) rule(t []byte) bool {
	colon := -1
	for j, b := range t {
		if b == ':' {
			colon = j
			break
		}
		if b == '=' || b == '#' || b == ';' || b == ',' || b == '"' || b == '\'' || b == '(' && (j == 0 || t[j-1] != '$') {
			return false
		}
	}
	if colon <= 0 {
		return false
	}
	rest := t[colon+1:]
	if len(rest) > 0 && rest[0] == ':' {
		rest = rest[1:]
	}
	if len(rest) > 0 && rest[0] != ' ' && rest[0] != '\t' && rest[0] != ';' && rest[0] != '|' {
		return false // "a:=b", "http://", "key:value"
	}
	targets := bytes.TrimSpace(t[:colon])
	if len(targets) > 1 && targets[0] == '.' && targets[1] >= 'A' && targets[1] <= 'Z' {
		h.makeLike = true // .PHONY, .SUFFIXES: special targets, not rules to show
		return true
	}
	if words := bytes.Fields(targets); len(words) > 4 {
		return false
	} else if len(words) > 1 {
		for _, w := range words {
			if fbStopwords[strings.ToLower(string(w))] {
				return false // "Table of contents:"
			}
		}
	}
	h.rules++
	if targets[0] >= 'A' && targets[0] <= 'Z' {
		h.capRules++
	}
	h.add(fbCand{
		sym:   store.Symbol{Name: clip(string(targets), fbMaxName), Kind: store.KindRule, Signature: fbSignature(t)},
		group: fbCode, target: true,
	})
	return true
}

// braceBlock records a named block: a line of a few words ending in "{" that is neither a call
// nor a control statement ("server {", "dependencies {", "location /api {"), at the left margin
// or inside another named block.
func (h *fbPass) braceBlock(t, word []byte, indent int) {
	if fbLast(t) != '{' || fbControl[string(word)] || bytes.ContainsAny(t, "(=;\"") {
		return
	}
	if indent > 0 && (len(h.braces) == 0 || h.cands[h.braces[len(h.braces)-1].cand].sym.Kind != store.KindBlock) {
		return // in code, "name {" is more often a call or a literal than a block
	}
	head := bytes.TrimRight(t, " \t{")
	if len(head) == 0 || bytes.Count(head, []byte{' '}) > 3 {
		return
	}
	h.def(t, foldSignature(string(head)), store.KindBlock, indent)
}

// title records the line before an underline ("Title" over "=====") as a title, from the overline
// when the line before it is one of the same character. It reports whether text was an underline.
func (h *fbPass) title(text []byte) bool {
	if h.prev == nil || len(text) < 3 || strings.IndexByte(fbAdornments, text[0]) < 0 || !fbAdornment(text) {
		return false
	}
	if len(h.prev) > 100 || fbAdornment(h.prev) || strings.IndexByte(";{}()", fbLast(h.prev)) >= 0 {
		return false
	}
	if text[0] != '=' && text[0] != '-' && len(bytes.TrimRight(text, " \t")) < utf8.RuneCount(bytes.TrimSpace(h.prev)) {
		// Only Markdown's "=" and "-" underlines may be shorter than their title; in
		// reStructuredText they never are, and a short "~~~" is a code fence.
		return false
	}
	style, start, prevText := string(text[0]), h.line-1, h.nb[1]
	if h.prevPrev != nil && fbAdornment(h.prevPrev) && h.prevPrev[0] == text[0] && h.nb[1] == h.line-2 {
		style, start, prevText = style+"/", h.line-2, h.nb[2]
	} else if h.prev[0] == ' ' || h.prev[0] == '\t' {
		return false // only an overlined title may be indented
	}
	rank := -1
	for r, s := range h.titleStyles {
		if s == style {
			rank = r
		}
	}
	if rank < 0 {
		rank = len(h.titleStyles)
		h.titleStyles = append(h.titleStyles, style)
	}
	h.cands = append(h.cands, fbCand{
		sym:   store.Symbol{Name: clip(strings.TrimSpace(string(h.prev)), fbMaxName), Kind: store.KindHeading, StartLine: start, Parent: -1},
		group: fbTitle, rank: rank, block: true, prevText: prevText,
	})
	return true
}

// fbAdornment reports whether a line is one character repeated, at least three times, from the
// title adornments (trailing blanks aside).
func fbAdornment(t []byte) bool {
	t = bytes.TrimRight(t, " \t")
	if len(t) < 3 || strings.IndexByte(fbAdornments, t[0]) < 0 {
		return false
	}
	for _, b := range t {
		if b != t[0] {
			return false
		}
	}
	return true
}

// symbols turns the candidates into symbols: Makefile rules dropped unless the file reads as a
// Makefile, ranges resolved, nesting by ranges (children clipped to their parent), and functions
// directly inside a class-like definition made methods.
func (h *fbPass) symbols(lines int) []store.Symbol {
	keepRules := h.recipes >= 1 && h.makeLike || h.recipes >= 2 && h.plainTop*4 <= h.rules && h.capRules*2 < h.rules
	cands := h.cands[:0]
	for _, c := range h.cands {
		if !c.target || keepRules {
			cands = append(cands, c)
		}
	}
	if len(cands) == 0 {
		return nil
	}
	// A flat range runs to the next candidate of its group at its rank or above; a flat package
	// or module, to the next package or module.
	next := make([]int, len(cands))
	var stacks [5][]int
	for i := len(cands) - 1; i >= 0; i-- {
		c := &cands[i]
		groups := []fbGroup{c.group}
		if fbContainer(c.sym.Kind) {
			groups = []fbGroup{fbUnit, fbCode}
		}
		for j, g := range groups {
			st := stacks[g]
			for len(st) > 0 && cands[st[len(st)-1]].rank > c.rank {
				st = st[:len(st)-1]
			}
			if j == 0 {
				next[i] = -1
				if len(st) > 0 {
					next[i] = st[len(st)-1]
				}
			}
			stacks[g] = append(st, i)
		}
	}
	lastText := h.nb[0]
	syms := make([]store.Symbol, 0, len(cands))
	var open []int // indices into syms of the enclosing symbols
	covered := 0
	for i, c := range cands {
		s := c.sym
		end := c.end
		switch {
		case c.braceEnd > 0:
			end = c.braceEnd
		case c.group == fbSection || c.group == fbTitle || c.flat:
			end = s.StartLine
			if c.block {
				end = lastText
				if next[i] >= 0 {
					end = cands[next[i]].prevText
				}
			}
		}
		s.EndLine = min(max(end, s.StartLine), max(lines, 1))
		for len(open) > 0 && syms[open[len(open)-1]].EndLine < s.StartLine {
			open = open[:len(open)-1]
		}
		if len(open) > fbMaxDepth {
			continue
		}
		if len(open) > 0 {
			p := open[len(open)-1]
			if s.Kind == store.KindVar && fbFunction(syms[p].Kind) {
				continue // a local variable of a function whose body is not indented
			}
			s.Parent, s.Depth = p, len(open)
			s.EndLine = min(s.EndLine, syms[p].EndLine)
			if s.Kind == store.KindFunction {
				switch syms[p].Kind {
				case store.KindClass, store.KindStruct, store.KindInterface, store.KindTrait, store.KindImpl:
					s.Kind = store.KindMethod
				}
			}
		} else {
			covered += s.EndLine - s.StartLine + 1
		}
		open = append(open, len(syms))
		syms = append(syms, s)
	}
	if lines >= fbSparseLines && covered*fbSparseShare < lines {
		return nil
	}
	return syms
}

func fbFunction(k store.Kind) bool {
	return k == store.KindFunction || k == store.KindMethod || k == store.KindProcedure
}

// fbSignature is a definition's line as its signature: folded, without a trailing "{" or ":",
// clipped.
func fbSignature(t []byte) string {
	return clip(foldSignature(strings.TrimRight(string(t), " \t{:;")), fbMaxSig)
}

// fbLast is the last non-blank byte of t, or 0.
func fbLast(t []byte) byte {
	t = bytes.TrimRight(t, " \t")
	if len(t) == 0 {
		return 0
	}
	return t[len(t)-1]
}

func fbIdentStart(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b == '_' || b == '$'
}

func fbIdentByte(b byte) bool {
	return fbIdentStart(b) || b >= '0' && b <= '9'
}

// fbWord is the run of identifier bytes at the start of t.
func fbWord(t []byte) []byte {
	n := 0
	for n < len(t) && fbIdentByte(t[n]) {
		n++
	}
	return t[:n]
}

// fbName is the name at the start of t: identifier bytes, dots, dashes and "::" (Foo::Bar,
// server.port, my-func), starting with an identifier byte.
func fbName(t []byte) []byte {
	if len(t) == 0 || !fbIdentStart(t[0]) {
		return nil
	}
	n := 0
	for n < len(t) {
		switch b := t[n]; {
		case fbIdentByte(b), b == '.', b == '-':
			n++
		case b == ':' && n+2 < len(t) && t[n+1] == ':' && fbIdentStart(t[n+2]):
			n += 2
		default:
			return bytes.TrimRight(t[:n], ".-")
		}
	}
	return bytes.TrimRight(t[:n], ".-")
}
