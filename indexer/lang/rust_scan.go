package lang

// The Rust mapper: a hand-written item scanner. It reads a file's tokens once (rsLex: comments
// nested as Rust nests them, raw and byte strings, chars told from lifetimes) and recognises items
// where Rust puts them: in the file, in inline modules, in impl and trait bodies and in extern
// blocks, with struct fields and enum variants. Function bodies are skipped token by token,
// looking only at statement starts for nested items (a Visitor impl inside a function, as serde
// writes them): those are mapped too, as children of their function.
//
// What it maps, and how, is what the tree-sitter walk (treesitter.go with rust.go's table, Rust's
// mapper before this one and now the reference of the differential test, rust_diff_test.go)
// makes of a file the grammar parses without errors: the same symbols with the same names, kinds,
// signatures, ranges and nesting, and the same imports. The one difference by design is the items
// inside function bodies, which the tree-sitter walk never entered.
//
// A comment, string or raw string left open, or a bracket still open at the end of the file, is
// a syntax error that takes what follows: the scanner reports the lines from it to the end as
// Unparsed, for the line heuristics to map (design section 5).

import (
	"bytes"
	"context"
	"unicode/utf8"

	"github.com/readmap/readmap/store"
)

// rsMaxNest bounds how many containers (modules, impls, traits, function bodies) the scanner
// enters, as tsMaxNest bounds the tree-sitter walk: past it a body is skipped whole.
const rsMaxNest = 48

// rsMapperName names the scanner in `map --json` output.
const rsMapperName = "rust-scanner"

// rsMapper maps Rust files with the scanner. It keeps no state between files.
type rsMapper struct{}

// Map returns the items of one Rust file.
func (rsMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	s := &rsScan{scanStop: scanStop{ctx: ctx}, lx: rsLex{src: src, line: 1}}
	s.items(-1, rsInFile, false, false)
	if s.err != nil {
		return nil, s.err
	}
	lines := CountLines(src)
	clampToParents(s.res.Symbols, lines)
	s.res.Unparsed = s.lx.unparsed(lines)
	return &s.res, nil
}

// Token kinds.
const (
	rsEOF      = iota
	rsIdent    // identifiers and keywords, raw identifiers (r#type) included
	rsLifetime // 'a, also loop labels
	rsLit      // strings, chars, numbers
	rsPunct    // one punctuation byte, or "->", "=>", "::"
)

// rsTok is one token: its kind, its bytes and its first and last lines (1-based). It has four
// fields in 32 bytes: the compiler keeps such a struct in registers, and copies a larger one
// through memory at every call that returns it, a stall on each token.
type rsTok struct {
	kind int
	s, e int
	rsLines
}

// rsLines are a token's first and last lines, 32-bit so that rsTok keeps to four words.
type rsLines struct{ line, eline int32 }

// rsLex reads tokens from src; pos and line are where the next token's search starts. depth
// counts the brackets open, and unclosedAt is the line of a comment or string that ran to the end
// of the file: what a compiler stops at, and the scan reads as one token (0: none). Its state is
// integers, so a lookahead saves and restores it by value.
type rsLex struct {
	src        []byte
	pos        int
	line       int32
	depth      int
	unclosedAt int32
}

// unparsed returns the lines a compiler could not read, once the lexer has read the whole file
// of lines lines: from a comment or string left open, or else from the innermost bracket still
// open, to the end.
func (l *rsLex) unparsed(lines int) [][2]int {
	return unclosedToEnd(int(l.unclosedAt), l.depth, lines, l.src, rsOpenAtEnd)
}

// rsOpenAtEnd returns the line of the innermost bracket still open at the end of src, or 0.
func rsOpenAtEnd(src []byte) int {
	lx := rsLex{src: src, line: 1}
	return innermostOpen(func() (int, int8, bool) {
		t := lx.next()
		if t.kind != rsPunct {
			return int(t.line), 0, t.kind != rsEOF
		}
		return int(t.line), bracketDepth[src[t.s]], true
	})
}

// next returns the next token, skipping whitespace and comments. Its loop keeps the position
// and the line in locals, which the compiler holds in registers.
func (l *rsLex) next() rsTok {
	src := l.src
	pos, line := l.pos, l.line
	for pos < len(src) {
		switch src[pos] {
		case '\n':
			line++
			pos++
		case ' ', '\t', '\r', '\f', '\v':
			pos++
		case '/':
			l.pos, l.line = pos, line
			if l.comment() {
				pos, line = l.pos, l.line
				continue
			}
			fallthrough
		default:
			kind, end, eline := l.token(pos, line)
			l.pos, l.line = end, eline
			return rsTok{kind: kind, s: pos, e: end, rsLines: rsLines{line, eline}}
		}
	}
	l.pos, l.line = pos, line
	return rsTok{kind: rsEOF, s: len(src), e: len(src), rsLines: rsLines{line, line}}
}

// comment skips the comment that starts at pos, if one does, and reports whether one did.
func (l *rsLex) comment() bool {
	src := l.src
	if l.pos+1 >= len(src) {
		return false
	}
	switch src[l.pos+1] {
	case '/':
		if i := bytes.IndexByte(src[l.pos:], '\n'); i >= 0 {
			l.pos += i
		} else {
			l.pos = len(src)
		}
		return true
	case '*':
		l.blockComment()
		return true
	}
	return false
}

// blockComment skips a block comment at pos; Rust's nest. Every "/*" and "*/" holds a '*', so
// the scan jumps from one '*' to the next.
func (l *rsLex) blockComment() {
	src := l.src
	start := l.pos
	i := l.pos
	depth := 0
	for {
		k := bytes.IndexByte(src[i:], '*')
		if k < 0 {
			break
		}
		k += i
		switch {
		case k > i && src[k-1] == '/':
			depth++
			i = k + 1
		case k+1 < len(src) && src[k+1] == '/':
			depth--
			i = k + 2
			if depth == 0 {
				l.pos = i
				l.line += int32(bytes.Count(src[start:i], []byte{'\n'}))
				return
			}
		default:
			i = k + 1
		}
	}
	l.unclosedAt = l.line
	l.pos = len(src)
	l.line += int32(bytes.Count(src[start:], []byte{'\n'}))
}

// token reads the token at pos, on line line, which is not whitespace or a comment: its kind, the
// offset after it and its last line. It takes and returns the position rather than moving the
// lexer's, so that the compiler keeps it in registers for the tokens that are most of a file
// (identifiers, punctuation, numbers).
func (l *rsLex) token(pos int, line int32) (kind, end int, eline int32) {
	src := l.src
	c := src[pos]
	switch {
	case c == '"':
		l.pos, l.line = pos+1, line
		l.quoted('"')
		return rsLit, l.pos, l.line
	case c == '\'':
		l.pos, l.line = pos, line
		kind := l.quote()
		return kind, l.pos, l.line
	case c >= '0' && c <= '9':
		i := pos + 1
		for i < len(src) {
			d := src[i]
			if isIdentByte(d) || d == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9' {
				i++
				continue
			}
			break
		}
		return rsLit, i, line
	case rsIdentByte[c]:
		if c == 'b' || c == 'c' || c == 'r' { // the letters that prefix literals
			l.pos, l.line = pos, line
			if l.prefixedLiteral() {
				return rsLit, l.pos, l.line
			}
		}
		i := pos
		if c == 'r' && i+2 < len(src) && src[i+1] == '#' && rsIdentByte[src[i+2]] {
			i += 2 // a raw identifier: r#type
		}
		for i < len(src) && rsIdentByte[src[i]] {
			i++
		}
		return rsIdent, i, line
	}
	l.depth += int(bracketDepth[c])
	i := pos + 1
	if i < len(src) {
		n := src[i]
		if c == '-' && n == '>' || c == '=' && n == '>' || c == ':' && n == ':' {
			i++
		}
	}
	return rsPunct, i, line
}

// prefixedLiteral reads a literal with a letter prefix at pos (b"", br#""#, r"", c"", b'x'),
// reporting whether there was one.
func (l *rsLex) prefixedLiteral() bool {
	src := l.src
	i := l.pos
	if src[i] == 'b' || src[i] == 'c' {
		i++
		if i < len(src) && src[i] == '\'' && src[l.pos] == 'b' {
			l.pos = i
			l.quote()
			return true
		}
	}
	raw := i < len(src) && src[i] == 'r'
	if raw {
		i++
	}
	hashes := 0
	for raw && i < len(src) && src[i] == '#' {
		hashes++
		i++
	}
	if i >= len(src) || src[i] != '"' || i == l.pos {
		return false
	}
	l.pos = i + 1
	if !raw {
		l.quoted('"')
		return true
	}
	opened := l.line
	// A raw string ends at a quote followed by as many hashes as it opened with.
	for l.pos < len(src) {
		c := src[l.pos]
		l.pos++
		if c == '\n' {
			l.line++
		} else if c == '"' {
			n := 0
			for n < hashes && l.pos+n < len(src) && src[l.pos+n] == '#' {
				n++
			}
			if n == hashes {
				l.pos += n
				return true
			}
		}
	}
	l.unclosedAt = opened
	return true
}

// quoted reads up to and past the closing quote q, after backslash escapes.
func (l *rsLex) quoted(q byte) {
	src := l.src
	opened := l.line
	for l.pos < len(src) {
		c := src[l.pos]
		l.pos++
		switch c {
		case '\\':
			if l.pos < len(src) {
				if src[l.pos] == '\n' {
					l.line++
				}
				l.pos++
			}
		case '\n':
			l.line++
		case q:
			return
		}
	}
	l.unclosedAt = opened
}

// quote reads what starts with a single quote at pos: a char literal ('x', '\n', '\u{1F600}')
// or a lifetime or label ('a, 'static). A char holds one character before its closing quote;
// anything else is a lifetime.
func (l *rsLex) quote() int {
	src := l.src
	i := l.pos + 1
	if i < len(src) && src[i] == '\\' {
		// The escaped character, unless the line or the file ends there: the line break is
		// counted by the caller, and no token runs past the file.
		l.pos = i + 1
		if l.pos < len(src) && src[l.pos] != '\n' {
			l.pos++
		}
		for l.pos < len(src) && src[l.pos] != '\'' && src[l.pos] != '\n' {
			l.pos++
		}
		if l.pos < len(src) && src[l.pos] == '\'' {
			l.pos++
		}
		return rsLit
	}
	if i < len(src) {
		_, size := utf8.DecodeRune(src[i:])
		if i+size < len(src) && src[i+size] == '\'' && src[i] != '\n' {
			l.pos = i + size + 1
			return rsLit
		}
	}
	l.pos = i
	for l.pos < len(src) && (isIdentByte(src[l.pos]) || src[l.pos] >= 0x80) {
		l.pos++
	}
	return rsLifetime
}

// Containers: where a list of items is read.
const (
	rsInFile = iota
	rsInMod
	rsInImpl
	rsInTrait
	rsInFn // a function body, read for nested items only
)

// rsScan is the state of one file's scan.
type rsScan struct {
	scanStop
	lx   rsLex
	res  Result
	nest int
	// seenImports holds the imports recorded, which are recorded once.
	seenImports map[string]bool
}

// text returns a token's bytes as a string.
func (s *rsScan) text(t rsTok) string { return string(s.lx.src[t.s:t.e]) }

// is reports whether t is the punctuation or keyword word.
func (s *rsScan) is(t rsTok, word string) bool {
	return t.kind != rsEOF && t.kind != rsLit && t.e-t.s == len(word) && string(s.lx.src[t.s:t.e]) == word
}

// peek returns the next token without taking it.
func (s *rsScan) peek() rsTok {
	save := s.lx
	t := s.lx.next()
	s.lx = save
	return t
}

// peek2 returns the token after the next one without taking either.
func (s *rsScan) peek2() rsTok {
	save := s.lx
	s.lx.next()
	t := s.lx.next()
	s.lx = save
	return t
}

// isOpen reports whether t opens a group.
func (s *rsScan) isOpen(t rsTok) bool {
	if t.kind != rsPunct || t.e-t.s != 1 {
		return false
	}
	c := s.lx.src[t.s]
	return c == '(' || c == '[' || c == '{'
}

// punct returns t's byte when it is one-byte punctuation, else 0.
func (s *rsScan) punct(t rsTok) byte {
	if t.kind != rsPunct || t.e-t.s != 1 {
		return 0
	}
	return s.lx.src[t.s]
}

// skipGroup skips the rest of a group whose opening token was just read and returns its closing
// token. Only ( [ { count: a closer of another kind closes the groups opened inside it, as a
// parser's recovery would.
func (s *rsScan) skipGroup() rsTok {
	depth := 1
	for {
		if s.tick() {
			return rsTok{kind: rsEOF}
		}
		t := s.lx.next()
		switch s.punct(t) {
		case 0:
			if t.kind == rsEOF {
				return t
			}
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth == 0 {
				return t
			}
		}
	}
}

// items reads a list of items into parent until the closing brace of its body (closed: the
// '{' was read) or the end of the file. in says where the list is (functions in impls and traits
// are methods); underFn says it is inside a function body, whose imports are not recorded.
func (s *rsScan) items(parent, in int, underFn, closed bool) rsTok {
	if s.nest >= rsMaxNest {
		return s.skipGroup()
	}
	s.nest++
	defer func() { s.nest-- }()
	attrLine := -1
	for {
		if s.tick() {
			return rsTok{kind: rsEOF}
		}
		t := s.lx.next()
		switch s.punct(t) {
		case 0:
			if t.kind == rsEOF {
				return t
			}
		case '}':
			if closed {
				return t
			}
			attrLine = -1
			continue
		case '#':
			if n := s.peek(); s.punct(n) == '[' {
				s.lx.next()
				s.skipGroup()
				if attrLine < 0 {
					attrLine = int(t.line)
				}
				continue
			}
		}
		s.item(t, attrLine, parent, in, underFn)
		attrLine = -1
	}
}

// item reads one item whose first token (after its attributes, which start at attrLine, or -1)
// is first, or skips what is not one.
func (s *rsScan) item(first rsTok, attrLine, parent, in int, underFn bool) {
	start := int(first.line)
	if attrLine >= 0 {
		start = attrLine
	}
	t := first
	// Visibility and qualifiers.
	for {
		switch {
		case s.is(t, "pub"):
			if n := s.peek(); s.punct(n) == '(' {
				if w := s.peek2(); s.is(w, "crate") || s.is(w, "self") || s.is(w, "super") || s.is(w, "in") {
					s.lx.next()
					s.skipGroup()
				}
			}
		case s.is(t, "unsafe"), s.is(t, "async"), s.is(t, "safe"), s.is(t, "auto"):
			if n := s.peek(); n.kind != rsIdent {
				s.skipOther(t)
				return
			}
		case s.is(t, "default"):
			if n := s.peek(); n.kind != rsIdent || s.is(n, "union") {
				s.skipOther(t)
				return
			}
		case s.is(t, "const"):
			n := s.peek()
			if !s.is(n, "fn") && !s.is(n, "unsafe") && !s.is(n, "async") && !s.is(n, "extern") && !s.is(n, "impl") {
				s.valueItem(first, start, parent, store.KindConst)
				return
			}
		case s.is(t, "extern"):
			n := s.peek()
			if n.kind == rsLit {
				s.lx.next()
				n = s.peek()
			}
			switch {
			case s.punct(n) == '{':
				// An extern block's items are its container's.
				s.lx.next()
				s.items(parent, in, underFn, true)
				return
			case s.is(n, "crate"):
				s.lx.next()
				name := s.lx.next()
				s.toSemi()
				if name.kind == rsIdent && !underFn {
					s.addImport(s.text(name))
				}
				return
			}
		default:
			goto keyword
		}
		t = s.lx.next()
	}
keyword:
	switch {
	case s.is(t, "fn"):
		s.function(first, start, parent, in)
	case s.is(t, "struct"):
		s.structItem(first, start, parent, store.KindStruct)
	case s.is(t, "union") && s.peek().kind == rsIdent:
		s.structItem(first, start, parent, store.KindUnion)
	case s.is(t, "enum"):
		s.enumItem(first, start, parent)
	case s.is(t, "trait"):
		s.container(first, start, parent, store.KindTrait, rsInTrait, underFn)
	case s.is(t, "impl"):
		s.container(first, start, parent, store.KindImpl, rsInImpl, underFn)
	case s.is(t, "mod"):
		s.container(first, start, parent, store.KindModule, rsInMod, underFn)
	case s.is(t, "type"):
		s.valueItem(first, start, parent, store.KindType)
	case s.is(t, "static"):
		s.valueItem(first, start, parent, store.KindVar)
	case s.is(t, "use"):
		from := s.peek()
		end := s.toSemi()
		if !underFn && from.s < end.s {
			s.addImport(foldName(s.lx.src[from.s:end.s]))
		}
	case s.is(t, "macro_rules") && s.punct(s.peek()) == '!':
		s.lx.next()
		name := s.lx.next()
		if name.kind != rsIdent {
			s.skipOther(name)
			return
		}
		end := name
		if n := s.peek(); s.isOpen(n) {
			s.lx.next()
			end = s.skipGroup()
			if n := s.peek(); s.punct(n) == ';' {
				end = s.lx.next()
			}
		}
		s.add(store.Symbol{Name: s.name(name), Kind: store.KindMacro, Signature: "macro_rules! " + s.name(name),
			StartLine: start, EndLine: int(end.eline), Parent: parent})
	default:
		s.skipOther(t)
	}
}

// skipOther skips what starts with t and is not an item: a macro invocation with its
// arguments, a group, a stray token.
func (s *rsScan) skipOther(t rsTok) {
	if t.kind == rsIdent {
		for {
			n := s.peek()
			if s.is(n, "::") {
				s.lx.next()
				if w := s.peek(); w.kind == rsIdent {
					s.lx.next()
				}
				continue
			}
			if s.punct(n) == '!' {
				s.lx.next()
				if g := s.peek(); s.isOpen(g) {
					s.lx.next()
					s.skipGroup()
					if n := s.peek(); s.punct(n) == ';' {
						s.lx.next()
					}
				}
			}
			return
		}
	}
	if s.isOpen(t) {
		s.skipGroup()
	}
}

// toSemi skips to the ';' that ends an item at its own bracket depth, or to a closing bracket
// that ends its container (left unread), and returns the last token taken.
func (s *rsScan) toSemi() rsTok {
	last := rsTok{kind: rsEOF}
	for {
		if s.tick() {
			return last
		}
		save := s.lx
		n := s.lx.next()
		switch s.punct(n) {
		case 0:
			if n.kind == rsEOF {
				return last
			}
		case ')', ']', '}':
			s.lx = save
			return last
		case ';':
			return n
		case '(', '[', '{':
			last = s.skipGroup()
			continue
		}
		last = n
	}
}

// header reads a declaration's head up to its body or its end: the first '{' or ';' outside
// brackets and generic arguments (`-> Foo<{ N }>` has a brace inside angles), or a closing
// bracket that ends the container. It returns that token, not read when it closes the container.
// With stopAtParen, an opening parenthesis outside angles also stops it (a tuple struct's
// fields). forAt, when not nil, receives the position of a `for` outside angles (an impl's
// self type follows it) and whereAt of a `where`.
func (s *rsScan) header(stopAtParen bool, forAt, whereAt *rsTok) rsTok {
	angles := 0
	for {
		if s.tick() {
			return rsTok{kind: rsEOF}
		}
		save := s.lx
		n := s.lx.next()
		switch s.punct(n) {
		case 0:
			if n.kind == rsEOF {
				return n
			}
			if angles == 0 && forAt != nil && forAt.kind == rsEOF && s.is(n, "for") && s.punct(s.peek2()) != '<' {
				*forAt = n
			}
			if angles == 0 && whereAt != nil && whereAt.kind == rsEOF && s.is(n, "where") {
				*whereAt = n
			}
		case '<':
			angles++
		case '>':
			if angles > 0 {
				angles--
			}
		case ';':
			if angles == 0 {
				return n
			}
		case ')', ']', '}':
			s.lx = save
			return n
		case '{':
			if angles == 0 {
				return n
			}
			s.skipGroup()
			continue
		case '(':
			if stopAtParen && angles == 0 {
				return n
			}
			s.skipGroup()
			continue
		case '[':
			s.skipGroup()
			continue
		}
	}
}

// function reads a function from its name on; `fn` was read.
func (s *rsScan) function(first rsTok, start, parent, in int) {
	name := s.peek()
	if name.kind != rsIdent {
		return
	}
	s.lx.next()
	end := s.header(false, nil, nil)
	kind := store.KindFunction
	if in == rsInImpl || in == rsInTrait {
		kind = store.KindMethod
	}
	sym := store.Symbol{Name: s.name(name), Kind: kind, StartLine: start, Parent: parent}
	switch s.punct(end) {
	case '{':
		sym.Signature = s.sig(first.s, end.s)
		idx := s.add(sym)
		s.res.Symbols[idx].EndLine = s.endLine(s.body(idx))
	case ';':
		sym.Signature, sym.EndLine = s.sig(first.s, end.e), int(end.eline)
		s.add(sym)
	default:
		// The file or the container ended first.
		sym.Signature, sym.EndLine = s.sig(first.s, s.lastEnd(end)), int(max(name.eline, s.lx.line))
		s.add(sym)
	}
}

// endLine is the line of a body's closing brace, or the last line when the file ended first.
func (s *rsScan) endLine(close rsTok) int {
	if close.kind == rsEOF {
		return int(s.lx.line)
	}
	return int(close.eline)
}

// lastEnd is the offset where an unfinished declaration ends: before the token that ended it.
func (s *rsScan) lastEnd(stop rsTok) int {
	if stop.kind == rsEOF {
		return len(s.lx.src)
	}
	return stop.s
}

// body reads a function body whose '{' was read, mapping the items at its statement starts as
// children of fn, and returns its closing brace.
func (s *rsScan) body(fn int) rsTok {
	if s.nest >= rsMaxNest {
		return s.skipGroup()
	}
	s.nest++
	defer func() { s.nest-- }()
	depth := 1
	stmt := true
	attrLine := -1
	for {
		if s.tick() {
			return rsTok{kind: rsEOF}
		}
		t := s.lx.next()
		switch s.punct(t) {
		case 0:
			if t.kind == rsEOF {
				return t
			}
			if t.kind == rsIdent {
				if stmt && s.startsItem(t) {
					s.item(t, attrLine, fn, rsInFn, true)
					stmt, attrLine = true, -1
					continue
				}
				if s.bangAfter(t) {
					// A macro's arguments are not code to look into: quote! { impl ... }.
					s.lx.next()
					if g := s.peek(); s.isOpen(g) {
						s.lx.next()
						s.skipGroup()
						stmt, attrLine = s.punct(g) == '{', -1
						continue
					}
				}
			}
		case '{':
			depth++
			stmt, attrLine = true, -1
			continue
		case '}':
			depth--
			if depth == 0 {
				return t
			}
			stmt, attrLine = true, -1
			continue
		case ';':
			stmt, attrLine = true, -1
			continue
		case '#':
			if n := s.peek(); s.punct(n) == '[' {
				s.lx.next()
				s.skipGroup()
				if stmt && attrLine < 0 {
					attrLine = int(t.line)
				}
				continue
			}
		}
		stmt, attrLine = false, -1
	}
}

// bangAfter reports whether a '!' follows the identifier t (a macro call), looking at the bytes
// after it rather than lexing the next token: most identifiers in a body are followed by
// punctuation, and this is the body's hottest path.
func (s *rsScan) bangAfter(t rsTok) bool {
	src := s.lx.src
	i := t.e
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	if i < len(src) && src[i] == '/' {
		return s.punct(s.peek()) == '!'
	}
	return i < len(src) && src[i] == '!' && (i+1 >= len(src) || src[i+1] != '=')
}

// startsItem reports whether t, at a statement start in a function body, starts an item that is
// mapped there: a function, a type, a trait, an impl, a module or a macro definition.
func (s *rsScan) startsItem(t rsTok) bool {
	switch s.text(t) {
	case "fn", "struct", "enum", "trait", "impl", "mod", "pub":
		return true
	case "union":
		return s.peek().kind == rsIdent
	case "macro_rules":
		return s.punct(s.peek()) == '!'
	case "unsafe", "async", "const", "extern":
		save := s.lx
		defer func() { s.lx = save }()
		for n := t; ; {
			switch {
			case s.is(n, "fn"), s.is(n, "impl"), s.is(n, "trait"):
				return true
			case s.is(n, "unsafe"), s.is(n, "async"), s.is(n, "const"), s.is(n, "extern"), n.kind == rsLit && s.is(t, "extern"):
				n = s.lx.next()
			default:
				return false
			}
		}
	}
	return false
}

// structItem reads a struct or union from its name on, with its fields.
func (s *rsScan) structItem(first rsTok, start, parent int, kind store.Kind) {
	name := s.peek()
	if name.kind != rsIdent {
		return
	}
	s.lx.next()
	end := s.header(true, nil, nil)
	sym := store.Symbol{Name: s.name(name), Kind: kind, StartLine: start, Parent: parent}
	switch s.punct(end) {
	case '{':
		sym.Signature = s.sig(first.s, end.s)
		idx := s.add(sym)
		s.res.Symbols[idx].EndLine = s.endLine(s.fields(idx))
	case '(':
		// A tuple struct: its fields are not mapped; its head ends at them.
		sym.Signature = s.sig(first.s, end.s)
		s.skipGroup()
		last := s.toSemi()
		sym.EndLine = int(max(last.eline, end.eline))
		s.add(sym)
	case ';':
		sym.Signature, sym.EndLine = s.sig(first.s, end.e), int(end.eline)
		s.add(sym)
	default:
		sym.Signature, sym.EndLine = s.sig(first.s, s.lastEnd(end)), int(name.eline)
		s.add(sym)
	}
}

// nextMember reads on to the next struct field or enum variant, past commas, its attributes and
// its visibility: its name's token, the token it starts with, and the line its range starts on
// (its first attribute's). done is set, with the token, at the body's closing brace or the end.
func (s *rsScan) nextMember() (t, first rsTok, start int, done bool) {
	attrLine := -1
	for {
		if s.tick() {
			return rsTok{kind: rsEOF}, rsTok{}, 0, true
		}
		t = s.lx.next()
		switch s.punct(t) {
		case 0:
			if t.kind == rsEOF {
				return t, rsTok{}, 0, true
			}
		case '}':
			return t, rsTok{}, 0, true
		case ',':
			attrLine = -1
			continue
		case '#':
			if n := s.peek(); s.punct(n) == '[' {
				s.lx.next()
				s.skipGroup()
				if attrLine < 0 {
					attrLine = int(t.line)
				}
				continue
			}
		}
		start = int(t.line)
		if attrLine >= 0 {
			start = attrLine
		}
		first = t
		if s.is(t, "pub") {
			if n := s.peek(); s.punct(n) == '(' {
				s.lx.next()
				s.skipGroup()
			}
			t = s.lx.next()
		}
		return t, first, start, false
	}
}

// fields reads a struct body's named fields into parent up to its closing brace.
func (s *rsScan) fields(parent int) rsTok {
	for {
		t, first, start, done := s.nextMember()
		if done {
			return t
		}
		if t.kind != rsIdent || s.punct(s.peek()) != ':' {
			if s.isOpen(t) {
				s.skipGroup()
			}
			continue
		}
		last := s.member(true)
		if last.kind == rsEOF {
			last = t
		}
		s.add(store.Symbol{Name: s.name(t), Kind: store.KindField, Signature: s.sig(first.s, last.e),
			StartLine: start, EndLine: int(last.eline), Parent: parent})
	}
}

// member reads a field's type or a variant's value up to the ',' or '}' that ends it (left
// unread) and returns its last token. Angles count in types (a comma in `HashMap<K, V>`), not in
// values (`A = 1 << 2`).
func (s *rsScan) member(types bool) rsTok {
	last := rsTok{kind: rsEOF}
	angles := 0
	for {
		if s.tick() {
			return last
		}
		save := s.lx
		n := s.lx.next()
		switch s.punct(n) {
		case 0:
			if n.kind == rsEOF {
				return last
			}
		case ',':
			if angles == 0 {
				s.lx = save
				return last
			}
		case '<':
			if types {
				angles++
			}
		case '>':
			if angles > 0 {
				angles--
			}
		case ')', ']', '}':
			s.lx = save
			return last
		case '(', '[', '{':
			last = s.skipGroup()
			continue
		}
		last = n
	}
}

// enumItem reads an enum from its name on, with its variants.
func (s *rsScan) enumItem(first rsTok, start, parent int) {
	name := s.peek()
	if name.kind != rsIdent {
		return
	}
	s.lx.next()
	end := s.header(false, nil, nil)
	sym := store.Symbol{Name: s.name(name), Kind: store.KindEnum, StartLine: start, Parent: parent}
	if s.punct(end) != '{' {
		sym.Signature, sym.EndLine = s.sig(first.s, s.lastEnd(end)), int(max(name.eline, end.eline))
		if s.punct(end) != ';' {
			sym.EndLine = int(name.eline)
		}
		s.add(sym)
		return
	}
	sym.Signature = s.sig(first.s, end.s)
	idx := s.add(sym)
	s.res.Symbols[idx].EndLine = s.endLine(s.variants(idx))
}

// variants reads an enum body's variants into parent up to its closing brace.
func (s *rsScan) variants(parent int) rsTok {
	for {
		t, first, start, done := s.nextMember()
		if done {
			return t
		}
		if t.kind != rsIdent {
			if s.isOpen(t) {
				s.skipGroup()
			}
			continue
		}
		sym := store.Symbol{Name: s.name(t), Kind: store.KindEnumMember, StartLine: start, Parent: parent}
		last := t
		sigEnd := -1
		if n := s.peek(); s.punct(n) == '(' || s.punct(n) == '{' {
			sigEnd = n.s
			s.lx.next()
			last = s.skipGroup()
		}
		if n := s.peek(); s.punct(n) == '=' {
			if l := s.member(false); l.kind != rsEOF {
				last = l
			}
		}
		if sigEnd < 0 {
			sigEnd = last.e
		}
		sym.Signature, sym.EndLine = s.sig(first.s, sigEnd), int(last.eline)
		s.add(sym)
	}
}

// container reads a trait, an impl or a module from after its keyword, with its items.
func (s *rsScan) container(first rsTok, start, parent int, kind store.Kind, in int, underFn bool) {
	var name string
	var end rsTok
	if kind == store.KindImpl {
		from := s.peek()
		if s.punct(from) == '<' {
			// The impl's generic parameters.
			s.lx.next()
			s.angles()
			from = s.peek()
		}
		forAt, whereAt := rsTok{kind: rsEOF}, rsTok{kind: rsEOF}
		end = s.header(false, &forAt, &whereAt)
		if forAt.kind != rsEOF {
			from = s.afterFor(forAt)
		}
		to := end.s
		if whereAt.kind != rsEOF {
			to = whereAt.s
		}
		name = s.implName(from, to)
	} else {
		n := s.peek()
		if n.kind != rsIdent {
			return
		}
		s.lx.next()
		name = s.name(n)
		end = s.header(false, nil, nil)
	}
	if name == "" {
		if s.punct(end) == '{' {
			s.skipGroup()
		}
		return
	}
	sym := store.Symbol{Name: name, Kind: kind, StartLine: start, Parent: parent}
	switch s.punct(end) {
	case '{':
		sym.Signature = s.sig(first.s, end.s)
		idx := s.add(sym)
		s.res.Symbols[idx].EndLine = s.endLine(s.items(idx, in, underFn, true))
	case ';':
		sym.Signature, sym.EndLine = s.sig(first.s, end.e), int(end.eline)
		s.add(sym)
	default:
		sym.Signature, sym.EndLine = s.sig(first.s, s.lastEnd(end)), int(first.eline)
		s.add(sym)
	}
}

// angles skips generic parameters whose '<' was read, up to the matching '>'.
func (s *rsScan) angles() {
	depth := 1
	for {
		if s.tick() {
			return
		}
		save := s.lx
		n := s.lx.next()
		switch s.punct(n) {
		case 0:
			if n.kind == rsEOF {
				return
			}
		case '<':
			depth++
		case '>':
			depth--
			if depth == 0 {
				return
			}
		case '{', ';', ')', ']', '}':
			if s.punct(n) != '{' {
				s.lx = save
				return
			}
			s.skipGroup()
			continue
		case '(', '[':
			s.skipGroup()
			continue
		}
	}
}

// afterFor returns the token after the `for` at forAt.
func (s *rsScan) afterFor(forAt rsTok) rsTok {
	l := rsLex{src: s.lx.src, pos: forAt.e, line: forAt.eline}
	return l.next()
}

// implName names an impl by the type it implements for, as rust.go's rsImplName reads its
// node: through references and pointers, the last segment of a path without its generic
// arguments, or any other type as written (`()`, `[u8]`, `dyn Error`). The type's tokens run from
// from up to the offset to.
func (s *rsScan) implName(from rsTok, to int) string {
	l := rsLex{src: s.lx.src, pos: from.s, line: from.line}
	t := l.next()
	for t.kind != rsEOF && t.s < to {
		switch {
		case s.punct(t) == '&' || s.punct(t) == '*' || t.kind == rsLifetime || s.is(t, "mut") || s.is(t, "const") && s.punct(from) == '*':
			t = l.next()
			continue
		}
		break
	}
	if t.kind == rsEOF || t.s >= to {
		return ""
	}
	if t.kind != rsIdent && !s.is(t, "::") || s.is(t, "dyn") || s.is(t, "impl") || s.is(t, "fn") || s.is(t, "unsafe") || s.is(t, "extern") || s.is(t, "for") {
		return s.typeText(t.s, to)
	}
	// A path: its last segment before generic arguments.
	var name rsTok
	for t.kind != rsEOF && t.s < to {
		switch {
		case t.kind == rsIdent:
			name = t
		case s.is(t, "::"):
		case s.punct(t) == '<':
			// Generic arguments: skipped; a segment after them (`A<T>::B`) is not Rust.
			depth := 1
			for depth > 0 {
				t = l.next()
				if t.kind == rsEOF || t.s >= to {
					return s.name(name)
				}
				switch s.punct(t) {
				case '<':
					depth++
				case '>':
					depth--
				}
			}
		default:
			// Something else follows the path (`Trait + 'a`): the type is written out.
			return s.typeText(from.s, to)
		}
		t = l.next()
	}
	return s.name(name)
}

// typeText returns the source of a type from offset a to before offset b, its whitespace folded
// as tree-sitter's node text is.
func (s *rsScan) typeText(a, b int) string {
	for b > a && rsSpace(s.lx.src[b-1]) {
		b--
	}
	// Comments before the body are not part of the type.
	l := rsLex{src: s.lx.src, pos: a}
	end := a
	for t := l.next(); t.kind != rsEOF && t.s < b; t = l.next() {
		end = t.e
	}
	return foldName(s.lx.src[a:end])
}

// valueItem reads a const, static or type alias, its keyword read: its signature is its first
// line.
func (s *rsScan) valueItem(first rsTok, start, parent int, kind store.Kind) {
	n := s.lx.next()
	if kind == store.KindVar && s.is(n, "mut") {
		n = s.lx.next()
	}
	if n.kind != rsIdent {
		if s.punct(n) != ';' {
			s.toSemi()
		}
		return
	}
	end := s.toSemi()
	if end.kind == rsEOF {
		end = n
	}
	s.add(store.Symbol{Name: s.name(n), Kind: kind, Signature: s.sigLine(first.s, end.e),
		StartLine: start, EndLine: int(max(end.eline, n.eline)), Parent: parent})
}

// add appends sym, its depth set from its parent, and returns its index.
func (s *rsScan) add(sym store.Symbol) int {
	if sym.Parent >= 0 {
		sym.Depth = s.res.Symbols[sym.Parent].Depth + 1
	}
	s.res.Symbols = append(s.res.Symbols, sym)
	return len(s.res.Symbols) - 1
}

// addImport records an import once, as written.
func (s *rsScan) addImport(path string) {
	s.res.Imports = addImportOnce(s.res.Imports, &s.seenImports, path)
}

// raw returns the source between two offsets, capped for signatures as the tree-sitter walk's
// raw is.
func (s *rsScan) raw(from, to int) string {
	to = s.rawEnd(from, to)
	if from >= to {
		return ""
	}
	return string(s.lx.src[from:to])
}

// rawEnd is where raw's source ends.
func (s *rsScan) rawEnd(from, to int) int {
	src := s.lx.src
	to = min(to, len(src))
	if to-from > tsMaxSigSource {
		to = from + tsMaxSigSource
		for to > from && !utf8.RuneStart(src[to]) {
			to--
		}
	}
	return to
}

// sig is the source between two offsets as a one-line signature.
func (s *rsScan) sig(from, to int) string { return joinSig(s.raw(from, to)) }

// sigLine is sig cut at the end of the first line. It cuts before copying: the first line of a
// table is all of it that is kept.
func (s *rsScan) sigLine(from, to int) string {
	to = s.rawEnd(from, to)
	if from >= to {
		return ""
	}
	r := s.lx.src[from:to]
	if i := bytes.IndexByte(r, '\n'); i >= 0 {
		r = r[:i]
	}
	return trimSig(foldSignature(validUTF8(string(r))))
}

// name returns an identifier token's text as a symbol's name, capped as the tree-sitter walk's
// text is.
func (s *rsScan) name(t rsTok) string { return foldName(s.lx.src[t.s:t.e]) }

// rsIdentByte says which bytes continue an identifier: ASCII letters, digits and '_', and every
// byte of a multi-byte UTF-8 character (Rust allows Unicode identifiers).
var rsIdentByte = func() (t [256]bool) {
	for c := range 256 {
		t[c] = isIdentByte(byte(c)) || c >= 0x80
	}
	return t
}()

// rsSpace reports whether c is whitespace to the lexer.
func rsSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}
