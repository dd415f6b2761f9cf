package lang

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/readmap/readmap/store"
)

// Identifiers, for `refs`: every identifier a file uses outside its comments and strings, found
// by a lexer that knows each language family's comments, strings and identifier characters, not
// its grammar. A file's distinct identifiers are kept in the store as a Bloom filter (Uses),
// which tells which files may use a name; those files are then lexed again to find the lines.

// lexRules are what a language family's lexer needs to know.
type lexRules struct {
	lineComments   []string    // "//", "#", "--", ";"
	blockComments  [][2]string // {"/*", "*/"}; nested ones listed in nestedComments
	nested         bool        // block comments nest (OCaml, Swift, Rust, Scala, Kotlin)
	quotes         string      // string delimiters with backslash escapes
	rawQuotes      string      // string delimiters without escapes (Go's `)
	charQuote      bool        // ' starts a literal only when it closes within a few bytes ('a', '\n'); else it is a lifetime, a type variable or a quote
	triple         bool        // """ and ''' strings (Python)
	hashAfterSpace bool        // # starts a comment only at a line's start or after a blank (Bash)
	templates      bool        // `...` strings hold ${...} substitutions of code (JavaScript)
	regexps        bool        // a / where an operand may start begins a regular expression literal (JavaScript)
	extra          string      // identifier characters besides letters, digits and '_'
	keywords       *wordSet
	// memberKeywords are keywords that name a member after a dot (JavaScript's `map.delete(k)`,
	// `p.catch(f)`, `exports.default`) or as an object literal's key: elsewhere they are no
	// identifier.
	memberKeywords *wordSet
}

// wordSet is a set of keywords that tells most identifiers apart by their length and first byte
// before it looks them up: looking every identifier up in a map was a quarter of Uses' time.
type wordSet struct {
	firsts [maxKeywordLen + 1][4]uint64 // bit b of firsts[n]: a word of n bytes starts with byte b
	words  map[string]bool
}

// maxKeywordLen is the length of the longest word a wordSet holds.
const maxKeywordLen = 16

// wordSetOf returns the set of the words of m, none longer than maxKeywordLen.
func wordSetOf(m map[string]bool) *wordSet {
	ws := &wordSet{words: m}
	for w := range m {
		if len(w) == 0 || len(w) > maxKeywordLen {
			panic("wordSetOf: a word of " + strconv.Itoa(len(w)) + " bytes")
		}
		ws.firsts[len(w)][w[0]>>6] |= 1 << (w[0] & 63)
	}
	return ws
}

// has reports whether name is one of the set's words; a nil set has none.
func (ws *wordSet) has(name []byte) bool {
	if ws == nil || len(name) == 0 || len(name) > maxKeywordLen {
		return false
	}
	if c := name[0]; ws.firsts[len(name)][c>>6]&(1<<(c&63)) == 0 {
		return false
	}
	return ws.words[string(name)]
}

func words(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

var (
	// jsReserved are JavaScript's reserved words, which no binding is named; the contextual
	// ones (let, static, yield, await, async, of, get, set) can be names.
	jsReserved = words(`break case catch class const continue debugger default delete do else export extends
		false finally for function if import in instanceof new null return super switch this throw true try
		typeof var void while with`)
	cLike      = [][2]string{{"/*", "*/"}}
	goKeywords = wordSetOf(words(`break case chan const continue default defer else fallthrough for func go goto if
		import interface map package range return select struct switch type var`))
	jsReservedSet = wordSetOf(jsReserved)
	pyKeywordSet  = wordSetOf(pyKeywords)
)

// lexRulesOf returns the rules of language, and false for a language without code identifiers
// (data, markup, prose).
func lexRulesOf(language string) (lexRules, bool) {
	switch language {
	case "Go":
		return lexRules{lineComments: []string{"//"}, blockComments: cLike, quotes: `"'`, rawQuotes: "`", keywords: goKeywords}, true
	case "C", "C++", "Java", "C#", "Protobuf":
		return lexRules{lineComments: []string{"//"}, blockComments: cLike, quotes: `"'`}, true
	case "JavaScript", "TypeScript", "TSX":
		return lexRules{lineComments: []string{"//"}, blockComments: cLike, quotes: `"'`, templates: true, regexps: true, extra: "$",
			memberKeywords: jsReservedSet}, true
	case "Rust", "Swift", "Kotlin", "Scala":
		return lexRules{lineComments: []string{"//"}, blockComments: cLike, nested: true, quotes: `"`, charQuote: true}, true
	case "PHP":
		return lexRules{lineComments: []string{"//", "#"}, blockComments: cLike, quotes: `"'` + "`", extra: "$"}, true
	case "Python":
		return lexRules{lineComments: []string{"#"}, quotes: `"'`, triple: true, keywords: pyKeywordSet}, true
	case "Ruby", "Elixir":
		return lexRules{lineComments: []string{"#"}, quotes: `"'`, extra: "?!"}, true
	case "Dockerfile":
		return lexRules{lineComments: []string{"#"}, hashAfterSpace: true, quotes: `"'`}, true
	case "SQL":
		return lexRules{lineComments: []string{"--"}, blockComments: cLike, quotes: `'"`}, true
	case "OCaml":
		return lexRules{blockComments: [][2]string{{"(*", "*)"}}, nested: true, quotes: `"`, charQuote: true, extra: "'"}, true
	case "HCL":
		return lexRules{lineComments: []string{"#", "//"}, blockComments: cLike, quotes: `"`}, true
	case "Clojure", "ClojureScript", "CLJC", "EDN":
		return lexRules{lineComments: []string{";"}, quotes: `"`, extra: "-?!*+<>=/.:&"}, true
	}
	return lexRules{}, false
}

// EachIdentifier calls fn for every identifier of src outside comments and strings, as language
// spells identifiers (its keywords left out where they are known), with its 1-based line and
// 1-based byte column. It calls nothing for a language without code identifiers. name is a view
// of src, valid during the call.
func EachIdentifier(language string, src []byte, fn func(name []byte, line, column int)) {
	switch language {
	case "Lua": // its mapper's tokenizer knows its long strings and comments
		luaEachIdentifier(src, fn)
		return
	case "Bash": // its scanner knows quotes, expansions and here-documents
		bashEachIdentifier(src, fn)
		return
	}
	r, ok := lexRulesOf(language)
	if !ok {
		return
	}
	l := &identLexer{src: src, r: r, line: 1}
	for c := range 256 {
		l.extra[c] = strings.IndexByte(r.extra, byte(c)) >= 0
		l.ident[c] = isNameByte(byte(c)) || l.extra[c]
	}
	for _, lc := range r.lineComments {
		l.special[lc[0]] = true
	}
	for _, b := range r.blockComments {
		l.special[b[0][0]] = true
	}
	for _, q := range r.quotes + r.rawQuotes + "'" {
		l.special[q] = true
	}
	l.special['`'] = l.special['`'] || r.templates
	l.special['/'] = l.special['/'] || r.regexps
	l.run(fn)
}

// identLexer walks a file once.
type identLexer struct {
	src       []byte
	r         lexRules
	ident     [256]bool // bytes of identifiers
	extra     [256]bool // the bytes of lexRules.extra
	special   [256]bool // first bytes of comments and strings
	i         int
	line      int
	lineStart int

	// For JavaScript: the braces open in each ${...} substitution the lexer is in, innermost
	// last; and the last token outside comments, which tells a regular expression from a
	// division.
	substitutions []int
	prev          tokenKind
	// last is the last byte of the last token outside comments ('.' before a member's name), or
	// a stand-in for it ('"' after a string, '0' after a number, 'a' after a name).
	last byte
}

// tokenKind is the kind of the last token seen, as far as the lexer needs it.
type tokenKind int

const (
	tokenNone     tokenKind = iota // the start of the file
	tokenOperand                   // a name, a number, a string, or ")", "]", "}": an operand ends
	tokenOperator                  // anything else, operandKeywords included: an operand may start
)

// operandKeywords are the JavaScript keywords after which an operand starts: "/" after them
// begins a regular expression.
var operandKeywords = wordSetOf(words("return typeof instanceof in of new delete void throw case do else yield await"))

func (l *identLexer) run(fn func(name []byte, line, column int)) {
	src := l.src
	for l.i < len(src) {
		c := src[l.i]
		switch {
		case c == '\n':
			l.newline(l.i)
			l.i++
		case c == ' ' || c == '\t' || c == '\r':
			l.i++
		case l.special[c] && l.comment():
		case c == '`' && l.r.templates:
			l.i++
			l.template()
			l.last = '`'
		case c == '/' && l.r.regexps:
			if l.regexpAllowed() && l.regexp() {
				l.prev = tokenOperand
			} else {
				l.i++
				l.prev = tokenOperator
			}
			l.last = '/'
		case l.special[c] && l.str():
			l.prev, l.last = tokenOperand, '"'
		case c >= '0' && c <= '9':
			for l.i < len(src) && (isNameByte(src[l.i]) || src[l.i] == '.') {
				l.i++
			}
			l.prev, l.last = tokenOperand, '0'
		case l.ident[c]:
			start := l.i
			for l.i < len(src) && l.ident[src[l.i]] {
				l.i++
			}
			name := src[start:l.i]
			member := l.last == '.'
			l.prev, l.last = tokenOperand, 'a'
			if l.r.regexps && operandKeywords.has(name) {
				l.prev = tokenOperator // return /re/
			}
			if l.r.triple && l.i < len(src) && (src[l.i] == '"' || src[l.i] == '\'') && isStringPrefix(name) {
				continue // Python's r"", b'', f"": the prefix is not a name
			}
			if l.r.memberKeywords.has(name) && !member && !l.objectKey(start) {
				continue
			}
			if !l.r.keywords.has(name) && !l.onlyExtra(name) {
				fn(name, l.line, start-l.lineStart+1)
			}
		case (c == '{' || c == '}') && len(l.substitutions) > 0:
			l.i++
			l.prev, l.last = tokenOperator, c
			top := &l.substitutions[len(l.substitutions)-1]
			switch {
			case c == '{':
				*top++
			case *top > 0:
				*top--
				l.prev = tokenOperand
			default: // the end of a ${...}: the template goes on
				l.substitutions = l.substitutions[:len(l.substitutions)-1]
				l.template()
			}
		default:
			l.prev, l.last = tokenOperator, c
			if c == ')' || c == ']' || c == '}' {
				l.prev = tokenOperand
			}
			l.i++
		}
	}
}

// objectKey reports whether the name just read, from offset start, is the key of an object
// literal's property after the first (`{a: 1, default: 2}`: after a comma, before a colon),
// which names a member; a switch's `default:` follows no comma.
func (l *identLexer) objectKey(start int) bool {
	i := start - 1
	for i >= 0 && isBlank(l.src[i]) {
		i--
	}
	if i < 0 || l.src[i] != ',' {
		return false
	}
	j := l.i
	for j < len(l.src) && isBlank(l.src[j]) {
		j++
	}
	return j < len(l.src) && l.src[j] == ':' && (j+1 == len(l.src) || l.src[j+1] != ':')
}

// isBlank reports whether b is a space, a tab or a line break.
func isBlank(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// template skips the text of a template literal from here to its closing backquote, or to a
// ${ whose code the lexer then reads (run comes back here at its closing brace).
func (l *identLexer) template() {
	for l.i < len(l.src) {
		switch c := l.src[l.i]; {
		case c == '\\':
			if l.i+1 < len(l.src) && l.src[l.i+1] == '\n' {
				l.newline(l.i + 1)
			}
			l.i += 2
			continue
		case c == '`':
			l.i++
			l.prev = tokenOperand
			return
		case c == '$' && l.i+1 < len(l.src) && l.src[l.i+1] == '{':
			l.i += 2
			l.substitutions = append(l.substitutions, 0)
			l.prev = tokenOperator
			return
		case c == '\n':
			l.newline(l.i)
		}
		l.i++
	}
}

// regexpAllowed reports whether a "/" here may begin a regular expression: an operand may start
// (after an operator, an opening bracket, a keyword such as return, or at the file's start).
func (l *identLexer) regexpAllowed() bool { return l.prev != tokenOperand }

// regexp skips a regular expression literal starting here (/re/flags) and reports whether there
// was one: it must close on its line, "/" inside a [class] or after a backslash not closing it.
func (l *identLexer) regexp() bool {
	inClass := false
	for j := l.i + 1; j < len(l.src); j++ {
		switch l.src[j] {
		case '\n':
			return false
		case '\\':
			j++
		case '[':
			inClass = true
		case ']':
			inClass = false
		case '/':
			if inClass {
				continue
			}
			j++
			for j < len(l.src) && l.ident[l.src[j]] { // the flags
				j++
			}
			l.i = j
			return true
		}
	}
	return false
}

// isNameByte reports whether c may be part of an identifier: ASCII letters, digits, '_', and
// any byte of a multi-byte UTF-8 character (letters of other scripts).
func isNameByte(c byte) bool { return c >= 0x80 || isIdentByte(c) }

// onlyExtra reports whether name holds extra characters only ("-", "?" in Clojure): an operator.
func (l *identLexer) onlyExtra(name []byte) bool {
	for _, c := range name {
		if !l.extra[c] {
			return false
		}
	}
	return true
}

func isStringPrefix(name []byte) bool {
	switch strings.ToLower(string(name)) {
	case "r", "b", "f", "u", "rb", "br", "fr", "rf", "t", "tr", "rt":
		return true
	}
	return false
}

func (l *identLexer) newline(at int) {
	l.line++
	l.lineStart = at + 1
}

// skipTo moves past the first end after the current position, counting lines, or to the end.
func (l *identLexer) skipTo(end string) {
	for l.i < len(l.src) {
		if l.src[l.i] == end[0] && hasPrefix(l.src[l.i:], end) {
			l.i += len(end)
			return
		}
		if l.src[l.i] == '\n' {
			l.newline(l.i)
		}
		l.i++
	}
}

// comment skips a comment starting here, and reports whether there was one.
func (l *identLexer) comment() bool {
	rest := l.src[l.i:]
	for _, b := range l.r.blockComments {
		if hasPrefix(rest, b[0]) {
			l.i += len(b[0])
			if !l.r.nested {
				l.skipTo(b[1])
				return true
			}
			for depth := 1; depth > 0 && l.i < len(l.src); {
				switch r := l.src[l.i:]; {
				case r[0] == b[1][0] && hasPrefix(r, b[1]):
					depth--
					l.i += len(b[1])
				case r[0] == b[0][0] && hasPrefix(r, b[0]):
					depth++
					l.i += len(b[0])
				default:
					if l.src[l.i] == '\n' {
						l.newline(l.i)
					}
					l.i++
				}
			}
			return true
		}
	}
	for _, lc := range l.r.lineComments {
		if !hasPrefix(rest, lc) {
			continue
		}
		if lc == "#" && l.r.hashAfterSpace && l.i > l.lineStart && l.src[l.i-1] != ' ' && l.src[l.i-1] != '\t' {
			return false // $#, ${#var}: not a comment
		}
		if n := bytes.IndexByte(l.src[l.i:], '\n'); n >= 0 {
			l.i += n
		} else {
			l.i = len(l.src)
		}
		return true
	}
	return false
}

// str skips a string or character literal starting here, and reports whether there was one.
func (l *identLexer) str() bool {
	c := l.src[l.i]
	if l.r.triple && (c == '"' || c == '\'') && hasPrefix(l.src[l.i:], strings.Repeat(string(c), 3)) {
		l.i += 3
		l.skipEscaped(strings.Repeat(string(c), 3))
		return true
	}
	if strings.IndexByte(l.r.rawQuotes, c) >= 0 {
		l.i++
		l.skipTo(string(c))
		return true
	}
	if c == '\'' && l.r.charQuote {
		// 'a', '\n', '\u{1F600}': a literal; 'a (a lifetime, a type variable): the quote alone.
		src, j := l.src, l.i+1
		if j < len(src) && src[j] == '\\' {
			for k := j + 2; k < len(src) && k < l.i+14 && src[k] != '\n'; k++ {
				if src[k] == '\'' {
					l.i = k + 1
					return true
				}
			}
		} else if j < len(src) {
			_, size := utf8.DecodeRune(src[j:])
			if j+size < len(src) && src[j+size] == '\'' {
				l.i = j + size + 1
				return true
			}
		}
		l.i++
		return true
	}
	if strings.IndexByte(l.r.quotes, c) < 0 {
		return false
	}
	l.i++
	l.skipEscaped(string(c))
	return true
}

// skipEscaped moves past end, skipping backslash escapes, counting lines.
func (l *identLexer) skipEscaped(end string) {
	for l.i < len(l.src) {
		switch {
		case l.src[l.i] == '\\':
			if l.i+1 < len(l.src) && l.src[l.i+1] == '\n' {
				l.newline(l.i + 1)
			}
			l.i += 2
			continue
		case l.src[l.i] == end[0] && hasPrefix(l.src[l.i:], end):
			l.i += len(end)
			return
		case l.src[l.i] == '\n':
			l.newline(l.i)
		}
		l.i++
	}
}

func hasPrefix(b []byte, s string) bool {
	return len(b) >= len(s) && string(b[:len(s)]) == s
}

// useFilterHashes is how many bit positions each identifier sets in a use filter.
const useFilterHashes = 7

// AfterMember reports whether the identifier at 1-based byte column col of line follows a
// member access: ".", "->" or "::" (spaces between allowed).
func AfterMember(line []byte, col int) bool {
	before := bytes.TrimRight(line[:min(col-1, len(line))], " \t")
	return bytes.HasSuffix(before, []byte(".")) || bytes.HasSuffix(before, []byte("->")) || bytes.HasSuffix(before, []byte("::"))
}

// Uses returns what the store keeps of the distinct identifiers language's src uses: a Bloom
// filter of them (about 10 bits each, so that one name in a hundred that the file does not use
// still passes it), for refs; and their store.NameHash values, sorted, for the repository map.
// Both are nil when there are none.
func Uses(language string, src []byte) (filter []byte, names []uint32) {
	set := identSets.Get().(*identSet)
	defer identSets.Put(set)
	set.reset(len(src))
	EachIdentifier(language, src, func(name []byte, _, _ int) { set.add(name) })
	return set.uses()
}

// FileUses is what Uses returns for a file, when its mapper gathered it from its own tokens
// (Result.Uses): equal to what Uses gives for the file.
type FileUses struct {
	Filter []byte
	Names  []uint32
}

// uses returns Uses of the names added since reset, and leaves the set empty with its room kept
// for the next file.
func (s *identSet) uses() (filter []byte, names []uint32) {
	defer s.release()
	if len(s.names) == 0 {
		return nil, nil
	}
	width := max(64, (len(s.names)*10+7)/8*8)     // in bits
	filter = store.MakeWritten[byte](1 + width/8) // its bits are set by reading and writing
	filter[0] = useFilterHashes
	names = make([]uint32, 0, len(s.names))
	for _, name := range s.names {
		h1, h2 := nameHashes(name)
		for k := range uint64(useFilterHashes) {
			bit := (h1 + k*h2) % uint64(width)
			filter[1+bit/8] |= 1 << (bit % 8)
		}
		names = append(names, store.NameHash(name))
	}
	return filter, store.SortedHashes(names)
}

// identSets keeps the sets Uses gathers identifiers in, for the next file.
var identSets = sync.Pool{New: func() any { return new(identSet) }}

// identSet gathers the distinct identifiers of one source: the names are slices of it, found
// again through an open-addressing table of their indexes by a hash of their bytes. A
// map[string]bool made for each file, and a string copied for each new name, had been two fifths
// of what Uses cost (on the bash completions, Lua modules and Rust crates).
type identSet struct {
	slots  []int32  // 1 + an index of names, 0 where empty; its length a power of two
	hashes []uint64 // hashes[i] is names[i]'s
	names  [][]byte
}

// identSeed seeds the hashes of identSet, which never leave the process.
var identSeed = maphash.MakeSeed()

// identHash hashes a name for identSet: one of up to 16 bytes (nearly all) from loads that cover
// all its bytes, its length and a multiplication, in line; a longer one by maphash. (maphash's
// call was a tenth of gathering a file's uses.)
func identHash(name []byte) uint64 {
	const k1, k2, k3 = 0x9e3779b97f4a7c15, 0xbf58476d1ce4e5b9, 0x94d049bb133111eb
	n := len(name)
	var a, b uint64
	switch {
	case n > 16:
		return maphash.Bytes(identSeed, name)
	case n >= 8: // the first and the last eight bytes, which overlap below 16
		a, b = binary.LittleEndian.Uint64(name), binary.LittleEndian.Uint64(name[n-8:])
	case n >= 4:
		a, b = uint64(binary.LittleEndian.Uint32(name)), uint64(binary.LittleEndian.Uint32(name[n-4:]))
	case n > 0:
		a = uint64(name[0]) | uint64(name[n/2])<<8 | uint64(name[n-1])<<16
	}
	hi, lo := bits.Mul64(a^k1, b^k2^uint64(n)*k3)
	return hi ^ lo
}

// reset empties the set for the names of a source of size bytes, with room for about one name in
// 64 bytes (at most 4,096) before it grows. The names added must stay unchanged until uses.
func (s *identSet) reset(size int) {
	expected := min(size/64, 4096)
	n := 64
	for n < 2*expected {
		n <<= 1
	}
	s.hashes, s.names = s.hashes[:0], s.names[:0]
	s.size(n)
}

// size empties the table and makes it n slots long, reusing its room when it has enough; the
// names get room for as many as the table holds before it grows (half its slots), so they are
// never copied between two sizes (appending grew a data file's tens of thousands of names by
// a quarter at a time, each time into new memory).
func (s *identSet) size(n int) {
	if cap(s.slots) >= n {
		s.slots = s.slots[:n]
		clear(s.slots)
	} else {
		s.slots = store.MakeWritten[int32](n)
	}
	if room := n/2 + 1; cap(s.names) < room {
		s.names = slices.Grow(s.names, room-len(s.names))
		s.hashes = slices.Grow(s.hashes, room-len(s.hashes))
	}
}

// release drops the set's hold on the source its names are slices of.
func (s *identSet) release() {
	clear(s.names)
}

// add puts name in the set; it keeps the slice, which must not change while the set is used.
func (s *identSet) add(name []byte) {
	h := identHash(name)
	mask := len(s.slots) - 1
	for i := int(h) & mask; ; i = (i + 1) & mask {
		j := s.slots[i]
		if j == 0 {
			s.names = append(s.names, name)
			s.hashes = append(s.hashes, h)
			s.slots[i] = int32(len(s.names))
			if 2*len(s.names) > len(s.slots) {
				s.grow()
			}
			return
		}
		if s.hashes[j-1] == h && bytes.Equal(s.names[j-1], name) {
			return
		}
	}
}

// grow doubles the table, placing every name again.
func (s *identSet) grow() {
	s.size(2 * len(s.slots))
	mask := len(s.slots) - 1
	for k, h := range s.hashes {
		i := int(h) & mask
		for s.slots[i] != 0 {
			i = (i + 1) & mask
		}
		s.slots[i] = int32(k + 1)
	}
}

// MayUse reports whether the file whose use filter is filter may use name: false means it does
// not; true that it does, or (about one time in a hundred) that it does not.
func MayUse(filter []byte, name string) bool { return UseTest(name)(filter) }

// UseTest returns MayUse for name, its hashes taken once: for testing every file's filter.
func UseTest(name string) func(filter []byte) bool {
	h1, h2 := nameHashes(name)
	return func(filter []byte) bool {
		if len(filter) < 2 {
			return false
		}
		bits := uint64(len(filter)-1) * 8
		for k := range uint64(filter[0]) {
			bit := (h1 + k*h2) % bits
			if filter[1+bit/8]&(1<<(bit%8)) == 0 {
				return false
			}
		}
		return true
	}
}

// nameHashes are the two hashes a name's filter positions are made of: the two halves of its
// FNV-128a hash, as hash/fnv's Sum gives its bytes and little-endian reads them, computed without
// the hash's allocations (TestNameHashesAreFNV128a holds them to hash/fnv).
func nameHashes[T string | []byte](name T) (uint64, uint64) {
	hi, lo := uint64(0x6c62272e07bb0142), uint64(0x62b821756295c58d) // the offset basis
	for i := 0; i < len(name); i++ {
		lo ^= uint64(name[i])
		// Times the FNV-128 prime, 2^88 + 0x13b, modulo 2^128.
		carry, low := bits.Mul64(lo, 0x13b)
		hi = carry + lo<<24 + hi*0x13b
		lo = low
	}
	return bits.ReverseBytes64(hi), bits.ReverseBytes64(lo) | 1
}
