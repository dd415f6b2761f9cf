package lang

import (
	"bytes"
	"math"
)

// This file holds the reader of the Lisp family (Clojure, ClojureScript, cljc, EDN): it cuts a
// source into a tree of forms, each with its byte extent and its first and last line, following
// the rules of Clojure's LispReader where they decide extents: strings and regexes with their
// escapes, character literals (\( \) \space \u0041), comments (; and #!), #_ discards (stacked
// ones too), metadata ^ and #^, quote, syntax-quote, unquote, deref, var-quote, anonymous
// functions #(...), sets #{...}, reader conditionals #? and #?@, namespaced maps #:a{...},
// symbolic values ##Inf, tagged literals and #= forms. The tree is built with an explicit stack,
// so no nesting depth can exhaust Go's stack, and in one pass, so time is linear in the source.

// cljKind is the class of a form.
type cljKind uint8

const (
	cljRoot cljKind = iota // the file: the parent of the top-level forms
	cljList
	cljVector
	cljMap
	cljSet
	cljFn            // #(...)
	cljMeta          // ^meta target: two children, the metadata and the form it is on
	cljQuote         // 'form
	cljSyntaxQuote   // `form
	cljUnquote       // ~form
	cljUnquoteSplice // ~@form
	cljDeref         // @form
	cljVar           // #'form
	cljTagged        // #tag form (#inst, #uuid, #js ...)
	cljEval          // #=form
	cljNSMap         // #:ns{...}: the map is its child
	cljCond          // #?(...): the list of platform and form pairs is its child
	cljCondSplice    // #?@(...)
	cljSymbol
	cljKeyword
	cljString
	cljRegex
	cljChar
	cljNumber
	cljSymbolic // ##Inf, ##NaN
)

// cljNode is one form. Children are linked: first is the first child, next the following
// sibling (-1 for none).
type cljNode struct {
	start, end    int32 // byte extent, end exclusive
	line, endLine int32 // 1-based lines of the first and last byte
	first, next   int32
	kind          cljKind
}

// cljFrame is an open collection, or a prefix (^, ', #_, #?, ...) waiting for its forms.
type cljFrame struct {
	node  int32 // -1 for a #_ discard, whose form is dropped
	last  int32 // the last child linked, -1 while none
	need  int8  // forms a prefix still waits for; 0 for a collection
	close byte  // the closing bracket of a collection
}

// cljMaxSource is the largest source the reader takes; offsets and lines are 32-bit.
const cljMaxSource = math.MaxInt32

// cljMaxNodes caps the forms read from one file (at 28 bytes a form, about 120 MB): a 64 MB file
// of tiny forms would otherwise take a gigabyte. Reading stops there and the map says so.
const cljMaxNodes = 1 << 22

// cljKeepNodes is the node capacity a mapper keeps between files; a bigger buffer, grown for a
// huge file, is dropped after it.
const cljKeepNodes = 1 << 18

// cljTerminating marks the bytes that end a token (a symbol, keyword, number or character
// literal): whitespace, the comma, and the terminating macro characters of LispReader.
var cljTerminating = func() (t [256]bool) {
	for _, c := range []byte(" \t\n\r\f\v,\";@^`~()[]{}\\") {
		t[c] = true
	}
	return t
}()

// cljReader reads a source into nodes. nodes[0] is the root.
type cljReader struct {
	src   []byte
	nodes []cljNode
	stack []cljFrame
	line  int32
	// lastLine is the line of the last byte of the last token read: where forms still open at
	// the end of a recovery chunk are closed.
	lastLine int32
	// errLine is the line of the first syntax error (an unmatched or missing closing bracket, an
	// unterminated string, a prefix with no form), 0 while none.
	errLine int32
	// chunked says the source was read again in top-level chunks after an error.
	chunked bool
	// unterminated says the last string read ran to the end without its closing quote, which
	// was on line strLine.
	unterminated bool
	strLine      int32
	// unparsed are the line spans of the chunks (readAll) that a string or form left open at
	// their end: from its line to the chunk's last line.
	unparsed [][2]int
	// full says reading stopped at cljMaxNodes forms, on line fullLine.
	full     bool
	fullLine int32
}

// reset prepares the reader for src, keeping its buffers.
func (r *cljReader) reset(src []byte) {
	if cap(r.nodes) > cljKeepNodes {
		r.nodes = nil
	}
	r.src = src
	r.nodes = append(r.nodes[:0], cljNode{kind: cljRoot, line: 1, endLine: 1, first: -1, next: -1, end: int32(len(src))})
	r.stack = append(r.stack[:0], cljFrame{node: 0, last: -1})
	r.line, r.lastLine, r.errLine, r.chunked = 1, 1, 0, false
	r.unparsed = r.unparsed[:0]
	r.full, r.fullLine = false, 0
}

// readAll reads the whole source. When it is not well formed, the source is read again in chunks
// that each start at a line opening a form at the left margin, the convention of every Lisp for a
// top-level form: a missing or stray bracket then costs only its own chunk's structure, not the
// rest of the file.
func (r *cljReader) readAll() {
	src := r.src
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		r.read(3, len(src)) // a UTF-8 byte order mark
	} else {
		r.read(0, len(src))
	}
	if r.full {
		r.fullLine = r.line
		r.finish()
		return // not a syntax error: reading again in chunks would not hold more
	}
	r.finish()
	if r.errLine == 0 {
		return
	}
	errLine := r.errLine
	r.reset(src)
	r.errLine, r.chunked = errLine, true
	from, fromLine, line := 0, int32(1), int32(1)
	for off := 0; off < len(src); line++ {
		if off > from && cljTopLevelStart(src[off:]) {
			r.line = fromLine
			r.readChunk(from, off)
			from, fromLine = off, line
		}
		nl := bytes.IndexByte(src[off:], '\n')
		if nl < 0 {
			break
		}
		off += nl + 1
	}
	r.line = fromLine
	r.readChunk(from, len(src))
}

// readChunk reads src[from:to], a chunk of a source that is not well formed, and records the
// lines it could not read: from a string its end leaves open, or else from the innermost form
// still open, to its last line.
func (r *cljReader) readChunk(from, to int) {
	r.unterminated = false
	r.read(from, to)
	open := r.innermostOpen()
	if r.unterminated {
		open = r.strLine
	}
	if open > 0 {
		r.unparsed = appendSpan(r.unparsed, int(open), int(max(open, r.lastLine)))
	}
	r.finish()
}

// innermostOpen returns the line of the innermost collection still open, or 0.
func (r *cljReader) innermostOpen() int32 {
	for k := len(r.stack) - 1; k > 0; k-- {
		if f := r.stack[k]; f.need == 0 {
			return r.nodes[f.node].line
		}
	}
	return 0
}

// cljTopLevelStart reports whether a line opens a form at the left margin: "(", "#?(", "#_(",
// "^" metadata or a "#(" form.
func cljTopLevelStart(line []byte) bool {
	if len(line) == 0 {
		return false
	}
	switch line[0] {
	case '(', '^':
		return true
	case '#':
		return len(line) > 1 && (line[1] == '?' || line[1] == '(' || line[1] == '_')
	}
	return false
}

// add appends a node and returns its index.
func (r *cljReader) add(kind cljKind, start, end int, line, endLine int32) int32 {
	r.nodes = append(r.nodes, cljNode{start: int32(start), end: int32(end), line: line, endLine: endLine, first: -1, next: -1, kind: kind})
	if len(r.nodes) >= cljMaxNodes {
		r.full = true
	}
	return int32(len(r.nodes) - 1)
}

// form hands a finished form to the innermost open frame; a prefix that has all its forms is
// finished in turn, so one form may finish a chain of prefixes ("^:a ^:b 'x").
func (r *cljReader) form(n int32) {
	for {
		f := &r.stack[len(r.stack)-1]
		if f.node >= 0 {
			if f.last < 0 {
				r.nodes[f.node].first = n
			} else {
				r.nodes[f.last].next = n
			}
			f.last = n
		}
		if f.need == 0 {
			return
		}
		f.need--
		if f.need > 0 {
			return
		}
		p := f.node
		r.stack = r.stack[:len(r.stack)-1]
		if p < 0 {
			return // a discarded form
		}
		r.nodes[p].end, r.nodes[p].endLine = r.nodes[n].end, r.nodes[n].endLine
		n = p
	}
}

// open starts a collection at i.
func (r *cljReader) open(kind cljKind, i int, close byte) {
	n := r.add(kind, i, i+1, r.line, r.line)
	r.stack = append(r.stack, cljFrame{node: n, last: -1, close: close})
}

// prefix starts a prefix form at i that takes the next need forms.
func (r *cljReader) prefix(kind cljKind, i int, need int8) {
	n := r.add(kind, i, i+1, r.line, r.line)
	r.stack = append(r.stack, cljFrame{node: n, last: -1, need: need})
}

// fail records a syntax error on the current line.
func (r *cljReader) fail() {
	if r.errLine == 0 {
		r.errLine = r.line
	}
}

// closeColl handles the closing bracket c at i.
func (r *cljReader) closeColl(c byte, i int) {
	// Prefixes still waiting for a form are dropped: "(a ')" does not read.
	for len(r.stack) > 1 && r.stack[len(r.stack)-1].need > 0 {
		r.fail()
		r.stack = r.stack[:len(r.stack)-1]
	}
	f := r.stack[len(r.stack)-1]
	if len(r.stack) == 1 || f.close != c {
		r.fail() // a stray or mismatched bracket: passed over
		return
	}
	r.stack = r.stack[:len(r.stack)-1]
	nd := &r.nodes[f.node]
	nd.end, nd.endLine = int32(i+1), r.line
	r.lastLine = r.line
	r.form(f.node)
}

// finish closes what is still open at the end of a read: collections end at the last token
// read, prefixes without their forms are dropped. Either is a syntax error.
func (r *cljReader) finish() {
	for len(r.stack) > 1 {
		r.fail()
		f := r.stack[len(r.stack)-1]
		r.stack = r.stack[:len(r.stack)-1]
		if f.need > 0 {
			continue
		}
		nd := &r.nodes[f.node]
		nd.endLine = max(r.lastLine, nd.line)
		nd.end = max(nd.start+1, r.nodes[f.node].end)
		if l := nd.first; l >= 0 {
			for r.nodes[l].next >= 0 {
				l = r.nodes[l].next
			}
			nd.end = max(nd.end, r.nodes[l].end)
		}
		r.form(f.node)
	}
}

// token returns the end of the token starting at i.
func (r *cljReader) token(i int) int {
	src := r.src
	for i < len(src) && !cljTerminating[src[i]] {
		i++
	}
	return i
}

// str returns the offset after the closing quote of the string whose body starts at i, counting
// its lines; an unterminated string runs to the end.
func (r *cljReader) str(i int) int {
	src := r.src
	r.unterminated, r.strLine = false, r.line
	for {
		j := bytes.IndexAny(src[i:], "\"\\\n")
		if j < 0 {
			r.fail()
			r.unterminated = true
			return len(src)
		}
		i += j
		switch src[i] {
		case '"':
			return i + 1
		case '\n':
			r.line++
			i++
		default: // a backslash escapes the next byte, a newline too
			if i+1 < len(src) && src[i+1] == '\n' {
				r.line++
			}
			i += 2
			if i > len(src) {
				r.fail()
				r.unterminated = true
				return len(src)
			}
		}
	}
}

// strEnd returns the last line of a string that str read up to j, and makes it the last line
// read: the line of its closing quote, or of its last non-blank byte when it is unterminated.
func (r *cljReader) strEnd(j int) int32 {
	end := r.line
	if r.unterminated {
		for k := j - 1; k >= 0 && (r.src[k] == '\n' || r.src[k] == ' ' || r.src[k] == '\t' || r.src[k] == '\r'); k-- {
			if r.src[k] == '\n' {
				end--
			}
		}
	}
	r.lastLine = end
	return end
}

// atom reads a token-like form from start to end, on the current line.
func (r *cljReader) atom(kind cljKind, start, end int) {
	r.lastLine = r.line
	r.form(r.add(kind, start, end, r.line, r.line))
}

// read reads src[from:to] into the tree under the open frames.
func (r *cljReader) read(from, to int) {
	src := r.src[:to]
	saved := r.src
	r.src = src
	defer func() { r.src = saved }()
	i := from
	for i < len(src) && !r.full {
		c := src[i]
		switch c {
		case '\n':
			r.line++
			i++
		case ' ', '\t', '\r', ',', '\f', '\v':
			i++
		case ';':
			j := bytes.IndexByte(src[i:], '\n')
			if j < 0 {
				return
			}
			i += j
		case '(':
			r.open(cljList, i, ')')
			i++
		case '[':
			r.open(cljVector, i, ']')
			i++
		case '{':
			r.open(cljMap, i, '}')
			i++
		case ')', ']', '}':
			r.closeColl(c, i)
			i++
		case '"':
			line := r.line
			j := r.str(i + 1)
			r.form(r.add(cljString, i, j, line, r.strEnd(j)))
			i = j
		case '\\':
			// A character literal: the next character whatever it is ("\(", "\;", "\ "), then
			// token characters ("\newline", "\u0041").
			j := i + 1
			if j >= len(src) {
				r.fail()
				return
			}
			if src[j] == '\n' {
				// A newline character (invalid, but read): it ends its line, not the next.
				r.atom(cljChar, i, j+1)
				r.line++
				i = j + 1
				continue
			}
			j++
			for j < len(src) && !isRuneStart(src[j]) {
				j++
			}
			j = r.token(j)
			r.atom(cljChar, i, j)
			i = j
		case '\'':
			r.prefix(cljQuote, i, 1)
			i++
		case '`':
			r.prefix(cljSyntaxQuote, i, 1)
			i++
		case '~':
			if i+1 < len(src) && src[i+1] == '@' {
				r.prefix(cljUnquoteSplice, i, 1)
				i += 2
			} else {
				r.prefix(cljUnquote, i, 1)
				i++
			}
		case '@':
			r.prefix(cljDeref, i, 1)
			i++
		case '^':
			r.prefix(cljMeta, i, 2)
			i++
		case '#':
			i = r.dispatch(i)
		default:
			j := r.token(i)
			kind := cljSymbol
			switch {
			case c == ':':
				kind = cljKeyword
			case c >= '0' && c <= '9', (c == '+' || c == '-') && i+1 < j && src[i+1] >= '0' && src[i+1] <= '9':
				kind = cljNumber
			}
			if j == i {
				j++ // cannot happen: every terminating byte has its case; never loop
			}
			r.atom(kind, i, j)
			i = j
		}
	}
}

// dispatch reads the form that starts with '#' at i and returns where reading goes on.
func (r *cljReader) dispatch(i int) int {
	src := r.src
	if i+1 >= len(src) {
		r.fail()
		return len(src)
	}
	switch src[i+1] {
	case '(':
		r.open(cljFn, i, ')')
		return i + 2
	case '{':
		r.open(cljSet, i, '}')
		return i + 2
	case '"':
		line := r.line
		j := r.str(i + 2)
		r.form(r.add(cljRegex, i, j, line, r.strEnd(j)))
		return j
	case '\'':
		r.prefix(cljVar, i, 1)
		return i + 2
	case '_':
		r.stack = append(r.stack, cljFrame{node: -1, last: -1, need: 1})
		return i + 2
	case '=':
		r.prefix(cljEval, i, 1)
		return i + 2
	case '^':
		r.prefix(cljMeta, i, 2)
		return i + 2
	case '!':
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			return len(src)
		}
		return i + j
	case '?':
		if i+2 < len(src) && src[i+2] == '@' {
			r.prefix(cljCondSplice, i, 1)
			return i + 3
		}
		r.prefix(cljCond, i, 1)
		return i + 2
	case ':':
		// #:ns{...} and #::{...}, #::alias{...}: the map that follows is the form.
		r.prefix(cljNSMap, i, 1)
		return r.token(i + 2)
	case '#':
		j := r.token(i + 2)
		r.atom(cljSymbolic, i, j)
		return j
	}
	if cljTerminating[src[i+1]] {
		r.fail() // "#" before whitespace or a bracket it does not dispatch on
		return i + 1
	}
	// A tagged literal: #inst "...", #uuid "...", #js {...}; the tag is part of the form.
	r.prefix(cljTagged, i, 1)
	return r.token(i + 1)
}
