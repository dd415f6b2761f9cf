package lang

// The streaming JSON scanner that the JSON and JSON Lines mappers share: it reads the bytes once
// and builds symbols, never the value tree.

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/readmap/readmap/store"
)

// The map of one JSON file is bounded whatever its size: keys deeper than jsonMaxDepth are counted
// but not shown, an object shows at most jsonMaxKeys keys (jsonMaxRootKeys at the top) and folds
// the rest into one "… N more keys" symbol, and past jsonMaxSymbols only top-level keys are added.
const (
	jsonMaxDepth    = 5
	jsonMaxKeys     = 500
	jsonMaxRootKeys = 5000
	jsonMaxSymbols  = 10000
	// jsonSchemaItems is how many leading objects of an array make its item schema (the union of
	// their keys, each shown where it first appears).
	jsonSchemaItems = 10
	// An array spanning at least jsonMarkLines lines gets up to jsonMarks index markers ("[6250]")
	// spread through it, so a reader can jump to the middle of a long list.
	jsonMarkLines = 100
	jsonMarks     = 9
	// jsonMaxName caps a key's name, in runes.
	jsonMaxName = 120
)

// jsonType is a set of JSON value types.
type jsonType uint8

const (
	jsonObject jsonType = 1 << iota
	jsonArray
	jsonString
	jsonNumber
	jsonBool
	jsonNull
	jsonTypeCount = iota
)

var jsonTypeNames = [jsonTypeCount][2]string{
	{"object", "objects"}, {"array", "arrays"}, {"string", "strings"},
	{"number", "numbers"}, {"bool", "booleans"}, {"null", "nulls"},
}

// String names the types of t joined by "|": "string", "string|null".
func (t jsonType) String() string {
	var names []string
	for i := range jsonTypeCount {
		if t&(1<<i) != 0 {
			names = append(names, jsonTypeNames[i][0])
		}
	}
	return strings.Join(names, "|")
}

// describe names the item types of an array: one type, one type or null ("string|null"), or
// "mixed".
func (t jsonType) describe() string {
	if nonNull := t &^ jsonNull; nonNull&(nonNull-1) != 0 {
		return "mixed"
	}
	return t.String()
}

// plural names n items of types t: "objects", "string", "values" when mixed.
func (t jsonType) plural(n int) string {
	for i := range jsonTypeCount {
		if t == 1<<i {
			if n == 1 {
				return jsonTypeNames[i][0]
			}
			return jsonTypeNames[i][1]
		}
	}
	if n == 1 {
		return "value"
	}
	return "values"
}

// jsonScan walks JSON bytes, tracking line numbers lazily: lineAt counts newlines from the last
// offset asked, so offsets must be asked in increasing order (they are: the scan only moves on).
type jsonScan struct {
	ctx     context.Context
	src     []byte
	pos     int
	line    int // the line of lineOff
	lineOff int
	kind    store.Kind // KindKey for JSON, KindField for JSON Lines records
	syms    []store.Symbol
	err     string // the first syntax error, "" while none
	errLine int
	steps   int
	ctxErr  bool
}

func newJSONScan(ctx context.Context, src []byte, kind store.Kind) *jsonScan {
	s := &jsonScan{ctx: ctx, src: src, line: 1, kind: kind}
	if bytes.HasPrefix(src, dataBOM) {
		s.pos = len(dataBOM)
	}
	return s
}

// lineAt returns the 1-based line of the byte at off.
func (s *jsonScan) lineAt(off int) int {
	off = min(max(off, 0), len(s.src))
	if off < s.lineOff {
		s.line, s.lineOff = 1, 0
	}
	s.line += bytes.Count(s.src[s.lineOff:off], []byte{'\n'})
	s.lineOff = off
	return s.line
}

// fail records the first syntax error at the current position.
func (s *jsonScan) fail(msg string) {
	if s.err == "" {
		s.err = msg
		s.errLine = s.lineAt(min(s.pos, max(len(s.src)-1, 0)))
	}
}

// tick checks ctx every few thousand steps of the scan.
func (s *jsonScan) tick() bool {
	s.steps++
	if s.steps&4095 == 0 && s.ctx.Err() != nil {
		s.ctxErr = true
		s.fail("interrupted")
	}
	return s.err == ""
}

// skipSpace moves past whitespace and comments.
func (s *jsonScan) skipSpace() {
	for s.pos < len(s.src) {
		switch s.src[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		case '/':
			if !s.skipComment() {
				return
			}
		default:
			return
		}
	}
}

// skipComment moves past a // or /* */ comment at s.pos and reports whether there was one.
func (s *jsonScan) skipComment() bool {
	end, ok := jsonCommentEnd(s.src, s.pos)
	if ok {
		s.pos = end
	}
	return ok
}

// jsonCommentEnd returns the offset past the comment starting at src[i] ('/'), if one does.
func jsonCommentEnd(src []byte, i int) (int, bool) {
	if i+1 >= len(src) {
		return i, false
	}
	switch src[i+1] {
	case '/':
		if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
			return i + j, true
		}
		return len(src), true
	case '*':
		if j := bytes.Index(src[i+2:], []byte("*/")); j >= 0 {
			return i + 2 + j + 2, true
		}
		return len(src), true
	}
	return i, false
}

// jsonStringEnd returns the offset just past the string whose opening quote is at src[i], or -1
// when it is not closed.
func jsonStringEnd(src []byte, i int) int {
	open := i
	i++
	for {
		j := bytes.IndexByte(src[i:], '"')
		if j < 0 {
			return -1
		}
		i += j
		k := i - 1
		for k > open && src[k] == '\\' {
			k--
		}
		if (i-1-k)%2 == 0 { // an even run of backslashes escapes itself, not the quote
			return i + 1
		}
		i++
	}
}

// jsonStructural marks the bytes the nested-value skipper must look at.
var jsonStructural = [256]bool{'"': true, '{': true, '}': true, '[': true, ']': true, '/': true}

// skipValue moves past one value of any kind without looking inside it, and returns its type.
func (s *jsonScan) skipValue() jsonType {
	if s.pos >= len(s.src) {
		s.fail("unexpected end of input")
		return 0
	}
	switch c := s.src[s.pos]; {
	case c == '"':
		end := jsonStringEnd(s.src, s.pos)
		if end < 0 {
			s.fail("unterminated string")
			s.pos = len(s.src)
			return jsonString
		}
		s.pos = end
		return jsonString
	case c == '{' || c == '[':
		s.skipNested()
		if c == '{' {
			return jsonObject
		}
		return jsonArray
	case c == '-' || c >= '0' && c <= '9':
		s.word()
		return jsonNumber
	case c == 't' || c == 'f' || c == 'n':
		w := s.word()
		switch string(w) {
		case "true", "false":
			return jsonBool
		case "null":
			return jsonNull
		}
		s.pos -= len(w)
		s.fail("unexpected " + strconv.Quote(clip(string(w), 20)))
		return 0
	}
	_, size := utf8.DecodeRune(s.src[s.pos:])
	s.fail("unexpected " + strconv.Quote(string(s.src[s.pos:s.pos+size])))
	return 0
}

// word moves past a number or literal and returns it.
func (s *jsonScan) word() []byte {
	start := s.pos
	for s.pos < len(s.src) {
		c := s.src[s.pos]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' {
			s.pos++
			continue
		}
		break
	}
	return s.src[start:s.pos]
}

// skipNested moves past the object or array at s.pos by counting brackets outside strings and
// comments, without recursion, so any nesting depth costs no stack.
func (s *jsonScan) skipNested() {
	src := s.src
	depth := 0
	check := s.pos + 8<<20
	for i := s.pos; i < len(src); i++ {
		for i < len(src) && !jsonStructural[src[i]] {
			i++
		}
		if i >= len(src) {
			break
		}
		switch src[i] {
		case '"':
			end := jsonStringEnd(src, i)
			if end < 0 {
				s.pos = len(src)
				s.fail("unterminated string")
				return
			}
			i = end - 1
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				s.pos = i + 1
				return
			}
		case '/':
			if end, ok := jsonCommentEnd(src, i); ok {
				i = end - 1
			}
		}
		if i > check {
			if s.ctx.Err() != nil {
				s.pos = i
				s.ctxErr = true
				s.fail("interrupted")
				return
			}
			check = i + 8<<20
		}
	}
	s.pos = len(src)
	s.fail("unterminated object or array")
}

// jsonSchema collects the keys of the leading objects of one array (or of JSON Lines records):
// each key once, where it first appears, with every type it was seen with.
type jsonSchema struct {
	items   int // objects seen
	keys    map[string]int
	entries []jsonSchemaEntry
}

type jsonSchemaEntry struct {
	sym   int // index of the key's symbol
	name  string
	desc  string   // the first value's description: "string", "{}(3)", "[](5) of number"
	first jsonType // the first value's type
	more  jsonType // other types seen
	count int      // objects holding the key
}

func (sc *jsonSchema) seen(key []byte, t jsonType) bool {
	i, ok := sc.keys[string(key)]
	if !ok {
		return false
	}
	e := &sc.entries[i]
	e.count++
	if t != e.first {
		e.more |= t
	}
	return true
}

// signatures rewrites the schema keys' signatures once every sampled object is seen: a key missing
// from some is marked optional ("email?: string"), and other types seen are appended ("|null").
func (s *jsonScan) signatures(sc *jsonSchema) {
	for _, e := range sc.entries {
		sig := e.name
		if e.count < sc.items {
			sig += "?"
		}
		desc := e.desc
		if more := e.more &^ e.first; more != 0 && e.first == jsonNull {
			desc = (more | jsonNull).String() // null reads best last: "string|null"
		} else if more != 0 {
			desc += "|" + more.String()
		}
		sig += ": " + desc
		s.syms[e.sym].Signature = sig
	}
}

// object scans the object at s.pos, adding its keys as symbols at depth under parent, and returns
// how many keys it has. With a schema, keys already in it are counted there instead of added.
func (s *jsonScan) object(parent, depth int, sc *jsonSchema) int {
	s.pos++ // '{'
	limit := jsonMaxKeys
	if depth == 0 {
		limit = jsonMaxRootKeys
	}
	if sc != nil {
		sc.items++
	}
	keys, shown, folded := 0, 0, 0
	foldStart, foldEnd := 0, 0
	for first := true; s.tick() && s.elem('}', first); first = false {
		if c := s.src[s.pos]; c != '"' {
			s.fail("expected a key, found " + strconv.QuoteRune(rune(c)))
			break
		}
		keyStart := s.pos
		end := jsonStringEnd(s.src, s.pos)
		if end < 0 {
			s.fail("unterminated string")
			break
		}
		s.pos = end
		s.skipSpace()
		if s.pos >= len(s.src) || s.src[s.pos] != ':' {
			s.fail("expected ':' after a key")
			break
		}
		s.pos++
		s.skipSpace()
		keys++
		raw := s.src[keyStart+1 : end-1]
		if sc != nil && sc.seen(raw, s.peekType()) {
			s.skipValue()
			continue
		}
		if sc != nil {
			shown = len(sc.entries)
		}
		switch {
		case depth >= jsonMaxDepth:
			s.skipValue()
		case shown < limit && (depth == 0 || len(s.syms) < jsonMaxSymbols):
			shown++
			s.keyValue(parent, depth, raw, keyStart, sc)
		case sc != nil:
			s.skipValue()
		default:
			if folded == 0 {
				foldStart = s.lineAt(keyStart)
			}
			folded++
			s.skipValue()
			foldEnd = s.lineAt(s.pos - 1)
		}
		if s.err != "" {
			break
		}
	}
	if folded > 0 {
		name := "… " + dataCount(folded) + " more keys"
		s.syms = append(s.syms, store.Symbol{
			Name: name, Kind: s.kind, Signature: name,
			StartLine: foldStart, EndLine: max(foldEnd, foldStart), Depth: depth, Parent: parent,
		})
	}
	return keys
}

// elem moves to the next element of an object or array: past the comma before it, or past the
// closing bracket. One trailing comma is tolerated (JSONC). It reports whether an element follows.
func (s *jsonScan) elem(close byte, first bool) bool {
	s.skipSpace()
	if !first && s.pos < len(s.src) && s.src[s.pos] == ',' {
		s.pos++
		s.skipSpace()
	} else if !first && s.pos < len(s.src) && s.src[s.pos] != close {
		s.fail("expected ',' or '" + string(close) + "'")
		return false
	}
	if s.pos >= len(s.src) {
		if close == '}' {
			s.fail("unterminated object")
		} else {
			s.fail("unterminated array")
		}
		return false
	}
	if s.src[s.pos] == close {
		s.pos++
		return false
	}
	return true
}

// peekType is the type of the value at s.pos from its first byte.
func (s *jsonScan) peekType() jsonType {
	if s.pos >= len(s.src) {
		return 0
	}
	switch c := s.src[s.pos]; {
	case c == '{':
		return jsonObject
	case c == '[':
		return jsonArray
	case c == '"':
		return jsonString
	case c == 't' || c == 'f':
		return jsonBool
	case c == 'n':
		return jsonNull
	}
	return jsonNumber
}

// keyValue adds the symbol of one key and scans its value, whose keys become its children.
func (s *jsonScan) keyValue(parent, depth int, raw []byte, keyStart int, sc *jsonSchema) {
	name := jsonKeyName(raw)
	id := len(s.syms)
	s.syms = append(s.syms, store.Symbol{
		Name: name, Kind: s.kind, StartLine: s.lineAt(keyStart), Depth: depth, Parent: parent,
	})
	t, desc := s.value(id, depth+1)
	s.syms[id].EndLine = s.lineAt(max(s.pos-1, keyStart))
	s.syms[id].Signature = name
	if desc != "" {
		s.syms[id].Signature += ": " + desc
	}
	if sc != nil {
		if sc.keys == nil {
			sc.keys = map[string]int{}
		}
		sc.keys[string(raw)] = len(sc.entries)
		sc.entries = append(sc.entries, jsonSchemaEntry{sym: id, name: name, desc: desc, first: t, count: 1})
	}
}

// value scans the value at s.pos whose symbol is sym, and returns its type and description.
func (s *jsonScan) value(sym, depth int) (jsonType, string) {
	if s.pos >= len(s.src) {
		s.fail("unexpected end of input")
		return 0, ""
	}
	switch s.src[s.pos] {
	case '{':
		if n := s.object(sym, depth, nil); n > 0 {
			return jsonObject, "{}(" + strconv.Itoa(n) + ")"
		}
		return jsonObject, "{}"
	case '[':
		t, desc, _, _ := s.array(sym, depth)
		return t, desc
	}
	t := s.skipValue()
	return t, t.String()
}

// jsonMark is an array item kept as a candidate index marker.
type jsonMark struct {
	index, start, end int
	t                 jsonType
}

// array scans the array at s.pos whose symbol is sym. The keys of its leading objects become the
// children of sym at depth (its item schema), followed by index markers when the array is long.
// It returns the type, the description ("[](2450) of object"), the length and the item types.
func (s *jsonScan) array(sym, depth int) (jsonType, string, int, jsonType) {
	startLine := s.lineAt(s.pos)
	s.pos++ // '['
	n := 0
	var items jsonType
	var sc *jsonSchema
	schemaEnd := 0 // the items before it made the schema
	// Every stride-th item is kept as a candidate marker; when too many are kept, every other one
	// is dropped and the stride doubles, so the candidates stay spread over the whole array.
	stride := 1
	var marks []jsonMark
	for first := true; s.tick() && s.elem(']', first); first = false {
		c := s.src[s.pos]
		mark := n%stride == 0 && depth < jsonMaxDepth
		var m jsonMark
		if mark {
			m = jsonMark{index: n, start: s.lineAt(s.pos)}
		}
		var t jsonType
		if c == '{' && n < jsonSchemaItems && depth < jsonMaxDepth {
			if sc == nil {
				sc = &jsonSchema{}
			}
			s.object(sym, depth, sc)
			schemaEnd = n + 1
			t = jsonObject
		} else {
			t = s.skipValue()
		}
		items |= t
		n++ // an item cut short by an error still counts
		if s.err != "" {
			break
		}
		if mark {
			m.end, m.t = s.lineAt(s.pos-1), t
			marks = append(marks, m)
			if len(marks) >= 4*jsonMarks {
				kept := marks[:0]
				for _, m := range marks {
					if m.index%(2*stride) == 0 {
						kept = append(kept, m)
					}
				}
				marks = kept
				stride *= 2
			}
		}
	}
	if sc != nil {
		s.signatures(sc)
	}
	endLine := s.lineAt(max(s.pos-1, 0))
	if s.err == "" && endLine-startLine+1 >= jsonMarkLines && n > 1 {
		s.markers(sym, depth, marks, max(1, schemaEnd), n)
	}
	desc := "[]"
	if n > 0 {
		desc = "[](" + strconv.Itoa(n) + ") of " + items.describe()
	}
	return jsonArray, desc, n, items
}

// markers adds index markers under the array symbol sym: the kept items nearest to each tenth of
// its items from first on (those before it made the schema, which the map already shows).
func (s *jsonScan) markers(sym, depth int, marks []jsonMark, first, n int) {
	if sym < 0 || depth >= jsonMaxDepth || len(s.syms) >= jsonMaxSymbols {
		return
	}
	prefix := s.qualname(sym)
	last := -1
	for j := 1; j <= jsonMarks; j++ {
		target := first + (n-first)*j/(jsonMarks+1)
		best := -1
		for i, m := range marks {
			if m.index < first || m.index <= last {
				continue
			}
			if best < 0 || jsonAbs(m.index-target) < jsonAbs(marks[best].index-target) {
				best = i
			}
		}
		if best < 0 {
			break
		}
		m := marks[best]
		last = m.index
		name := "[" + strconv.Itoa(m.index) + "]"
		s.syms = append(s.syms, store.Symbol{
			Name: name, Qualname: prefix + name, Kind: s.kind, Signature: name + ": " + m.t.String(),
			StartLine: m.start, EndLine: m.end, Depth: depth, Parent: sym,
		})
	}
}

// qualname is the dotted path of symbol i, as normalize will fill it in; the root array is "".
func (s *jsonScan) qualname(i int) string {
	if i < 0 || s.syms[i].Name == "[]" && s.syms[i].Parent < 0 {
		return ""
	}
	if s.syms[i].Qualname != "" {
		return s.syms[i].Qualname
	}
	if p := s.qualname(s.syms[i].Parent); p != "" {
		return p + "." + s.syms[i].Name
	}
	return s.syms[i].Name
}

func jsonAbs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// jsonKeyName returns a key as a symbol name: escapes decoded, control characters and invalid
// UTF-8 shown escaped, long keys clipped, and the empty key as `""`.
func jsonKeyName(raw []byte) string {
	name := string(raw)
	if bytes.IndexByte(raw, '\\') >= 0 {
		var decoded string
		if json.Unmarshal(append(append([]byte{'"'}, raw...), '"'), &decoded) == nil {
			name = decoded
		}
	}
	if name == "" {
		return `""`
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError {
			q := strconv.Quote(name)
			name = q[1 : len(q)-1]
			break
		}
	}
	return clip(name, jsonMaxName)
}
