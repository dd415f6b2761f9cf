package lang

import (
	"bytes"
	"strings"
)

// The Bash scanner's lexing: blanks and comments, words with their quotes and expansions,
// redirections and here-documents, read as bash reads them. The commands are bash_scan.go's.

// bashMaxDepth bounds how deep expansions, quotes and compound commands may nest before the
// scanner gives up on the rest of the file (reported as a syntax error).
const bashMaxDepth = 1000

// bashWord is one word of a command: its bytes, whether it is literal text (no quote, escape or
// expansion), and where an assignment's name ends (0 when the word is no assignment).
type bashWord struct {
	start, end int
	plain      bool
	nameEnd    int
}

// bashHeredoc is a here-document whose body starts after the next newline.
type bashHeredoc struct {
	delim     []byte
	stripTabs bool
	expands   bool // its delimiter is unquoted: its body's expansions are expanded
	line      int  // the line of its redirection
}

// at returns the byte i after pos, or 0 past the end.
func (s *bashScan) at(i int) byte {
	if s.pos+i < len(s.src) {
		return s.src[s.pos+i]
	}
	return 0
}

// blank skips blanks, escaped newlines and a comment up to (not over) the line's end.
func (s *bashScan) blank() {
	for s.pos < len(s.src) {
		switch s.src[s.pos] {
		case ' ', '\t', '\r', '\f', '\v':
			s.pos++
		case '\\':
			if s.at(1) == '\n' {
				s.pos += 2
			} else if s.at(1) == '\r' && s.at(2) == '\n' {
				s.pos += 3
			} else {
				return
			}
		case '#':
			if i := bytes.IndexByte(s.src[s.pos:], '\n'); i >= 0 {
				s.pos += i
			} else {
				s.pos = len(s.src)
			}
		default:
			return
		}
	}
}

// linebreaks skips blanks, comments and newlines, reading the here-documents due.
func (s *bashScan) linebreaks() {
	for {
		s.blank()
		if s.pos >= len(s.src) || s.src[s.pos] != '\n' {
			return
		}
		s.newline()
	}
}

// newline steps over a newline that ends a command line, then over the bodies of the
// here-documents that line opened.
func (s *bashScan) newline() {
	s.pos++
	for i := range s.docs {
		s.heredoc(&s.docs[i])
	}
	s.docs = s.docs[:0]
}

// heredoc skips one here-document's body and the line of its delimiter.
func (s *bashScan) heredoc(d *bashHeredoc) {
	body := s.pos
	for s.pos < len(s.src) {
		end := bytes.IndexByte(s.src[s.pos:], '\n')
		next := s.pos + end + 1
		if end < 0 {
			end, next = len(s.src)-s.pos, len(s.src)
		}
		line := s.src[s.pos : s.pos+end]
		if d.stripTabs {
			line = bytes.TrimLeft(line, "\t")
		}
		line = bytes.TrimSuffix(line, []byte{'\r'})
		if bytes.Equal(line, d.delim) {
			s.bodyUses(d, body, s.pos)
			s.pos = next
			return
		}
		s.pos = next
	}
	s.bodyUses(d, body, len(s.src))
	s.unclosed(d.line)
}

// bodyUses gathers the names used in the body src[from:to] of here-document d when the scan
// gathers them: those of its expansions and command substitutions, read as inside "..." (the
// rest of a body is text, as a string's is), and none when its delimiter is quoted. A scan of
// its own reads them, so that nothing of the body reaches the map.
func (s *bashScan) bodyUses(d *bashHeredoc, from, to int) {
	if d.expands && s.gathers() {
		s.subScan(from, to).expansions(false)
	}
}

// gathers reports whether the scan gathers the names the script uses.
func (s *bashScan) gathers() bool { return s.names != nil || s.spans != nil }

// subScan returns a scan of src[from:to] alone that gathers names as s does and maps nothing
// into s: for the names of text that s steps over. Its line cursor starts at from, where s's is
// moved first: copied from where s last asked, each scan of a long string's many substitutions
// counted the lines from its start again.
func (s *bashScan) subScan(from, to int) *bashScan {
	s.lc.at(from)
	return &bashScan{scanStop: scanStop{ctx: s.ctx}, src: s.src[:to], pos: from, depth: s.depth, lc: s.lc,
		w: tsWalk{src: s.src, lastOverload: -1}, names: s.names, spans: s.spans}
}

// use records that the script uses the name src[from:to], when the scan gathers names.
func (s *bashScan) use(from, to int) {
	if s.names != nil {
		s.names.add(s.src[from:to])
	}
	if s.spans != nil {
		*s.spans = append(*s.spans, [2]int{from, to})
	}
}

// step steps over the byte at pos or, when it is a name byte (a letter, a digit, '_', a byte from
// 0x80), over the run of them it starts, which is a use unless it starts with a digit: a number,
// or a positional parameter.
func (s *bashScan) step() {
	from := s.pos
	if !bashNameBytes[s.src[from]] {
		s.pos++
		return
	}
	for s.pos++; s.pos < len(s.src) && bashNameBytes[s.src[s.pos]]; s.pos++ {
	}
	if c := s.src[from]; c < '0' || c > '9' {
		s.use(from, s.pos)
	}
}

// bashNameBytes are the bytes of the names a script uses, as every language's identifiers.
var bashNameBytes = func() (t [256]bool) {
	for c := range t {
		t[c] = isNameByte(byte(c))
	}
	return t
}()

// bashMeta are the bytes that end an unquoted word.
var bashMeta = [256]bool{' ': true, '\t': true, '\r': true, '\n': true, '\f': true, '\v': true,
	';': true, '&': true, '|': true, '(': true, ')': true, '<': true, '>': true}

// bashLiteral are the bytes that stand for themselves wherever they are in a word.
var bashLiteral = func() (t [256]bool) {
	for c := range t {
		t[c] = !bashMeta[c] && !strings.ContainsRune("'\"`$\\=+[(", rune(c))
	}
	return t
}()

// bashExtglob are the bytes that, before "(", open an extended glob pattern in a word.
var bashExtglob = [256]bool{'@': true, '!': true, '+': true, '*': true, '?': true}

// word reads a word: up to an unquoted blank or operator, through quotes, expansions,
// extended globs, an assignment's subscript and an array's parentheses.
func (s *bashScan) word() bashWord {
	w := bashWord{start: s.pos, plain: true}
	ident := s.identEnd(s.pos)
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		if bashLiteral[c] {
			s.step()
			continue
		}
		switch {
		case c == '(':
			if !s.wordParen(&w) {
				return s.endWord(w)
			}
		case bashMeta[c]:
			return s.endWord(w)
		case c == '=' && w.nameEnd == 0 && s.isName(w.start, ident, s.pos):
			w.nameEnd = s.pos
			s.pos++
		case c == '+' && s.at(1) == '=' && w.nameEnd == 0 && s.isName(w.start, ident, s.pos):
			w.nameEnd = s.pos
			s.pos += 2
		case c == '[' && w.nameEnd == 0 && s.pos == ident && ident > w.start:
			s.subscript()
		default:
			if !s.wordByte(c) {
				w.plain = false
			}
		}
	}
	return s.endWord(w)
}

// endWord returns w ended at pos.
func (s *bashScan) endWord(w bashWord) bashWord {
	w.end = s.pos
	return w
}

// wordParen reads the "(" met inside a word when it opens an extended glob or an assignment's
// array, and reports whether it did; any other "(" ends the word.
func (s *bashScan) wordParen(w *bashWord) bool {
	if s.pos > w.start && bashExtglob[s.src[s.pos-1]] {
		w.plain = false
		s.parens(false)
		return true
	}
	if w.nameEnd > 0 && s.pos > w.start && s.src[s.pos-1] == '=' && s.pos-1 <= w.nameEnd+1 {
		w.plain = false
		s.parens(true)
		return true
	}
	return false
}

// wordByte steps over one piece of a word that starts with c: a quote, an expansion, an escape,
// a run of name bytes or a literal byte; it reports whether the piece was literal.
func (s *bashScan) wordByte(c byte) bool {
	switch c {
	case '\'':
		s.squote()
	case '"':
		s.dquote()
	case '`':
		s.backquote()
	case '$':
		return s.dollar(false)
	case '\\':
		s.pos = min(s.pos+2, len(s.src))
		return false
	default:
		s.step()
		return true
	}
	return false
}

// isName reports whether src[from:to] is an assignment's name: the identifier that ends at
// ident, maybe with a subscript.
func (s *bashScan) isName(from, ident, to int) bool {
	return ident > from && (to == ident || s.src[ident] == '[' && s.src[to-1] == ']')
}

// identEnd returns where the identifier that starts at from ends, or from when none does.
func (s *bashScan) identEnd(from int) int {
	if from < len(s.src) && s.src[from] >= '0' && s.src[from] <= '9' {
		return from
	}
	i := from
	for i < len(s.src) && isIdentByte(s.src[i]) {
		i++
	}
	return i
}

// isIdent reports whether src[from:to] is an identifier.
func (s *bashScan) isIdent(from, to int) bool {
	if from >= to || s.src[from] >= '0' && s.src[from] <= '9' {
		return false
	}
	for _, c := range s.src[from:to] {
		if !isIdentByte(c) {
			return false
		}
	}
	return true
}

// subscript steps over an array subscript "[...]" after a name, blanks included, when it closes
// on its line; otherwise over the "[" alone.
func (s *bashScan) subscript() {
	depth := 0
	for i := s.pos; i < len(s.src); i++ {
		switch s.src[i] {
		case '[':
			depth++
		case ']':
			if depth--; depth == 0 {
				for s.pos++; s.pos < i; { // the names of the subscript's expression
					s.step()
				}
				s.pos = i + 1
				return
			}
		case '\n', '\'', '"', '$', '`', '\\':
			s.pos++
			return
		}
	}
	s.pos++
}

// parens steps over a parenthesized group inside a word: an extended glob's pattern, or with
// array set an array's words, which may run over lines and hold comments.
func (s *bashScan) parens(array bool) {
	open := s.line(s.pos)
	s.pos++
	if !s.enter() {
		return
	}
	defer s.leave()
	for !s.tick() {
		if array {
			s.linebreaks()
		}
		if s.pos >= len(s.src) {
			s.unclosed(open)
			return
		}
		switch c := s.src[s.pos]; {
		case c == ')':
			s.pos++
			return
		case c == '(':
			s.parens(array)
		case bashMeta[c]:
			s.pos++
		case array:
			s.word()
		default:
			s.wordByte(c)
		}
	}
}

// squote steps over a '...' string, which has no escapes.
func (s *bashScan) squote() {
	if i := bytes.IndexByte(s.src[s.pos+1:], '\''); i >= 0 {
		s.pos += i + 2
		return
	}
	s.unclosed(s.line(s.pos))
	s.pos = len(s.src)
}

// cquote steps over a $'...' string, whose backslashes escape.
func (s *bashScan) cquote() {
	open := s.pos
	for s.pos += 2; s.pos < len(s.src); s.pos++ {
		switch s.src[s.pos] {
		case '\\':
			s.pos++
		case '\'':
			s.pos++
			return
		}
	}
	s.pos = len(s.src)
	s.unclosed(s.line(open))
}

// dquote steps over a "..." string, with the expansions and command substitutions inside it.
func (s *bashScan) dquote() {
	open := s.pos
	s.pos++
	if !s.expansions(true) {
		s.pos = len(s.src)
		s.unclosed(s.line(open))
	}
}

// expansions steps over text with the expansions and command substitutions inside it, as
// inside "...": up to and over a closing '"' when quoted is set (reporting false when there is
// none), else to the end of src.
func (s *bashScan) expansions(quoted bool) bool {
	for s.pos < len(s.src) {
		switch s.src[s.pos] {
		case '"':
			s.pos++
			if quoted {
				return true
			}
		case '\\':
			s.pos += 2
		case '`':
			s.backquote()
		case '$':
			s.dollar(true)
		default:
			s.pos++
		}
	}
	return !quoted
}

// backquote steps over a `...` command substitution, which ends at the first backquote not
// escaped; the names of its commands are read by a scan of their own.
func (s *bashScan) backquote() {
	open := s.pos
	for s.pos++; s.pos < len(s.src); s.pos++ {
		switch s.src[s.pos] {
		case '\\':
			s.pos++
		case '`':
			if s.gathers() {
				s.subScan(open+1, s.pos).list(bashEndEOF, false)
			}
			s.pos++
			return
		}
	}
	s.pos = len(s.src)
	if s.gathers() {
		s.subScan(open+1, len(s.src)).list(bashEndEOF, false)
	}
	s.unclosed(s.line(open))
}

// dollar steps over what a "$" starts: a command substitution, an arithmetic or parameter
// expansion, a $'...' or $"..." string, or the "$" alone; inDQ says it is inside "...". It
// reports whether the "$" was literal.
func (s *bashScan) dollar(inDQ bool) bool {
	if !s.enter() {
		return false
	}
	defer s.leave()
	switch s.at(1) {
	case '(':
		if s.at(2) == '(' {
			s.pos++
			s.arith()
		} else {
			s.pos += 2
			s.commandSubst(s.line(s.pos - 2))
		}
	case '{':
		s.param(inDQ)
	case '[':
		s.pos++
		s.brackets('[', ']')
	case '\'':
		if inDQ {
			s.pos++
			return true
		}
		s.cquote()
	case '"':
		s.pos++
		if !inDQ {
			s.dquote()
		}
	default:
		s.pos++
		if s.pos < len(s.src) && bashNameBytes[s.src[s.pos]] {
			s.step() // $name, whose name is a use inside "..." too
		}
		return true
	}
	return false
}

// commandSubst reads the commands of a $(...) or <(...) whose "(" is behind pos, up to its ")".
func (s *bashScan) commandSubst(open int) {
	if !s.enter() {
		return
	}
	defer s.leave()
	if s.list(bashEndParen, false) != bashClosed {
		s.unclosed(open)
	}
}

// arith steps over an arithmetic expression "((...))" at pos.
func (s *bashScan) arith() {
	s.brackets('(', ')')
}

// brackets steps over a group opened by the byte at pos and closed by its match, through
// quotes and expansions.
func (s *bashScan) brackets(open, close byte) {
	from := s.line(s.pos)
	depth := 0
	for s.pos < len(s.src) && !s.tick() {
		switch c := s.src[s.pos]; c {
		case open:
			depth++
			s.pos++
		case close:
			s.pos++
			if depth--; depth == 0 {
				return
			}
		case '\n':
			s.pos++
		default:
			s.wordByte(c)
		}
	}
	s.unclosed(from)
}

// param steps over a ${...} expansion: it ends at the first "}" outside quotes and nested
// expansions, as bash reads it, and single quotes quote in it even inside "...".
func (s *bashScan) param(inDQ bool) {
	open := s.line(s.pos)
	s.pos += 2
	for s.pos < len(s.src) && !s.tick() {
		switch c := s.src[s.pos]; c {
		case '}':
			s.pos++
			return
		case '\'':
			s.squote()
		case '"':
			s.dquote()
		case '$':
			s.dollar(inDQ)
		case '`':
			s.backquote()
		case '\\':
			s.pos += 2
		default:
			s.step()
		}
	}
	s.pos = min(s.pos, len(s.src))
	s.unclosed(open)
}

// redirection reads a redirection whose operator is at pos (the file descriptor before it is
// read): its target word, or a here-document's delimiter. It returns the end of its last word.
func (s *bashScan) redirection() int {
	op := s.pos
	switch {
	case s.at(0) == '&' && s.at(1) == '>':
		s.pos += 2
	case s.at(0) == '<' && s.at(1) == '<' && s.at(2) == '<':
		s.pos += 3
	case s.at(0) == '<' && s.at(1) == '<':
		s.pos += 2
		strip := s.at(0) == '-'
		if strip {
			s.pos++
		}
		s.blank()
		w := s.word()
		expands := !bytes.ContainsAny(s.src[w.start:w.end], `'"\`)
		s.docs = append(s.docs, bashHeredoc{delim: s.delimiter(w), stripTabs: strip, expands: expands, line: s.line(op)})
		return w.end
	default:
		s.pos++
	}
	if c := s.at(0); c == '>' || c == '&' || c == '|' {
		s.pos++
	}
	s.blank()
	if c := s.at(0); (c == '<' || c == '>') && s.at(1) == '(' {
		s.pos += 2
		s.commandSubst(s.line(s.pos - 2))
		return s.pos
	}
	w := s.word()
	return max(w.end, op+1)
}

// delimiter returns a here-document's delimiter as written in word w, its quotes removed.
func (s *bashScan) delimiter(w bashWord) []byte {
	out := make([]byte, 0, w.end-w.start)
	for i := w.start; i < w.end; i++ {
		switch c := s.src[i]; c {
		case '\'', '"':
		case '\\':
			if i+1 < w.end {
				i++
				out = append(out, s.src[i])
			}
		default:
			out = append(out, c)
		}
	}
	return out
}

// atRedirection reports whether a redirection operator starts at pos: "<", ">" (not a process
// substitution) or "&>".
func (s *bashScan) atRedirection() bool {
	switch s.at(0) {
	case '<', '>':
		return s.at(1) != '('
	case '&':
		return s.at(1) == '>'
	}
	return false
}

// isDescriptor reports whether word w, just before a redirection, is its file descriptor: digits
// or "{name}".
func (s *bashScan) isDescriptor(w bashWord) bool {
	if w.end != s.pos || !w.plain || w.end == w.start || (s.at(0) != '<' && s.at(0) != '>') {
		return false
	}
	b := s.src[w.start:w.end]
	if b[0] == '{' && b[len(b)-1] == '}' {
		return s.isIdent(w.start+1, w.end-1)
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
