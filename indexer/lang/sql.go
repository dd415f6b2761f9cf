package lang

import (
	"bytes"
	"context"
	"strings"

	"github.com/readmap/readmap/store"
)

// sqlMapper maps SQL scripts (PostgreSQL first; MySQL and SQLite tolerated) statement by
// statement with a lexer that knows comments (nested /* */ too), string literals (E'...' and, in
// MySQL files, backslash escapes), quoted identifiers and dollar-quoted bodies, so that no ";"
// inside them ends a statement. Routine bodies written with BEGIN ... END (SQLite triggers,
// MySQL procedures, SQL-standard function bodies) run to their END; MySQL's DELIMITER, psql
// meta-commands and COPY ... FROM stdin data are followed too.
//
// It shows CREATE TABLE (with its columns), ALTER TABLE (with the columns it adds), views,
// functions, procedures and aggregates (with their parameters and result in the signature),
// indexes, types (composite types with their attributes) and domains, triggers, schemas and
// sequences; CREATE EXTENSION gives the imports. A statement's range runs from its first keyword
// to its terminating ";".
type sqlMapper struct{}

// sqlToken kinds.
const (
	sqlWord   = 'w' // keyword or bare identifier
	sqlQuoted = 'q' // "identifier" or `identifier`
	sqlString = 's' // 'literal'
	sqlDollar = '$' // $tag$ ... $tag$
	sqlNumber = 'n'
	sqlPunct  = 'p' // one byte of anything else
	sqlDelim  = 'd' // the statement delimiter
)

type sqlToken struct {
	start, end int
	kind       byte
}

// sqlMaxTokens caps the tokens kept of one statement: enough for any table's columns, while a
// multi-megabyte INSERT costs no memory.
const sqlMaxTokens = 1 << 16

type sqlScan struct {
	src    []byte
	pos    int
	mysql  bool   // backslash escapes in strings, no dollar quotes
	delim  string // the statement delimiter, ";" unless DELIMITER changed it
	lc     lineCursor
	res    Result
	tokens []sqlToken
	// BEGIN/CASE ... END nesting in a routine's body, and whether the statement is a routine.
	depth   int
	routine int // 0 unknown, 1 yes, -1 no
	undoEnd bool
	// skip steps over the statements that map to nothing without making tokens (skipStatement);
	// the tests turn it off to hold it to the token path.
	skip bool
	// tokenwise: mapsNothing has decided to read the statement token by token.
	tokenwise bool
}

// Map returns the schema objects a SQL script creates or alters.
func (sqlMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	return sqlMap(ctx, src, true)
}

// sqlMap maps src, with skip as in sqlScan.
func sqlMap(ctx context.Context, src []byte, skip bool) (*Result, error) {
	s := &sqlScan{src: src, delim: ";", lc: lineCursor{src: src, line: 1}, mysql: sqlLooksMySQL(src), skip: skip}
	n := 0
	for {
		if n++; n%(markupCheckEvery*16) == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		t, ok := s.next()
		if !ok {
			break
		}
		if len(s.tokens) == 0 && s.directive(t) {
			continue
		}
		if t.kind == sqlDelim || (t.kind == sqlPunct && s.src[t.start] == ';' && s.delim == ";") {
			if s.depth > 0 && s.isRoutine() {
				s.appendToken(t)
				continue
			}
			s.statement(t.end)
			continue
		}
		s.appendToken(t)
		if t.kind == sqlWord && s.delim == ";" {
			s.nest(t)
		}
		if s.skip && !s.tokenwise && s.mapsNothing() {
			s.skipStatement()
			s.reset()
		}
	}
	if len(s.tokens) > 0 {
		s.statement(s.tokens[len(s.tokens)-1].end)
	}
	return &s.res, nil
}

// addSymbol appends sym to the map. The first makes room for as many as the script likely holds,
// one every 512 bytes and at most 256 (a data dump of megabytes may create nothing more), so that
// the slice is not copied again and again as it grows; a script that creates nothing keeps a
// nil slice.
func (s *sqlScan) addSymbol(sym store.Symbol) {
	if s.res.Symbols == nil {
		s.res.Symbols = make([]store.Symbol, 0, min(len(s.src)/512+1, 256))
	}
	s.res.Symbols = append(s.res.Symbols, sym)
}

// appendToken keeps t among the statement's tokens, up to sqlMaxTokens.
func (s *sqlScan) appendToken(t sqlToken) {
	if len(s.tokens) < sqlMaxTokens {
		s.tokens = append(s.tokens, t)
	}
}

// sqlLooksMySQL reports whether a script is MySQL's, whose strings escape with backslashes: its
// head uses /*! comments, or backquotes or ENGINE= outside its comments and strings (a
// PostgreSQL script's "-- run it with `psql`" must not make its dollar-quoted bodies end at
// their first ";").
func sqlLooksMySQL(src []byte) bool {
	head := src[:min(len(src), 64<<10)]
	if bytes.Contains(head, []byte("/*!")) {
		return true
	}
	if bytes.IndexByte(head, '`') < 0 && !sqlHasEngine(head) {
		return false // most scripts: no need to read their comments and strings
	}
	return sqlMySQLInCode(head)
}

// sqlMySQLInCode reports whether head holds a backquote or ENGINE= outside its comments (--
// and /* */) and single-quoted strings.
func sqlMySQLInCode(head []byte) bool {
	for i := 0; i < len(head); i++ {
		switch c := head[i]; {
		case c == '`':
			return true
		case c == '=' && sqlHasEngine(head[max(0, i-7):i+1]):
			return true
		case c == '-' && i+1 < len(head) && head[i+1] == '-':
			i = markupLineEnd(head, i)
		case c == '/' && i+1 < len(head) && head[i+1] == '*':
			end := bytes.Index(head[i+2:], []byte("*/"))
			if end < 0 {
				return false
			}
			i += 2 + end + 1
		case c == '\'':
			i = sqlQuoteEnd(head, i)
		}
	}
	return false
}

// sqlQuoteEnd returns the offset of the quote that closes the string opened at i, or len(b): a
// backslash escapes the next byte, as MySQL reads them; a doubled quote closes the string and
// opens another.
func sqlQuoteEnd(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '\'':
			return j
		}
	}
	return len(b)
}

// sqlHasEngine reports whether head holds "ENGINE=" or "ENGINE =" in any case. It looks behind
// each "=", which is rarer in a script than an E.
func sqlHasEngine(head []byte) bool {
	for off := 0; ; {
		k := bytes.IndexByte(head[off:], '=')
		if k < 0 {
			return false
		}
		i := off + k
		if i >= 6 && sqlKeyword(head[i-6:i], "ENGINE") ||
			i >= 7 && head[i-1] == ' ' && sqlKeyword(head[i-7:i-1], "ENGINE") {
			return true
		}
		off = i + 1
	}
}

// sqlKeyword reports whether the word b, not empty, is kw, a keyword in upper-case ASCII
// letters, ignoring case as bytes.EqualFold does, but in place. Its first byte settles most
// words, inline.
func sqlKeyword(b []byte, kw string) bool {
	return ((b[0]^kw[0])&^0x20 == 0 || b[0] >= 0x80) && sqlKeywordFold(b, kw)
}

// sqlKeywordFold is sqlKeyword past its first test: byte by byte while b's bytes are ASCII, and
// past a byte that is not, bytes.EqualFold reads the rest: a Kelvin sign or a long s fold to k
// and s, so a longer word may match.
func sqlKeywordFold(b []byte, kw string) bool {
	if len(b) < len(kw) {
		return false
	}
	for i := range len(kw) {
		if b[i] >= 0x80 {
			return bytes.EqualFold(b[i:], []byte(kw[i:]))
		}
		if b[i]|0x20 != kw[i]|0x20 {
			return false
		}
	}
	return len(b) == len(kw)
}

// directive handles what is not SQL at the start of a statement: a psql meta-command ("\i x",
// "\echo ...") or MySQL's DELIMITER; both run to the end of their line.
func (s *sqlScan) directive(t sqlToken) bool {
	text := s.src[t.start:t.end]
	switch {
	case t.kind == sqlPunct && text[0] == '\\':
	case t.kind == sqlWord && sqlKeyword(text, "DELIMITER"):
		rest := s.src[t.end:markupLineEnd(s.src, t.end)]
		if d := strings.TrimSpace(string(rest)); d != "" && !strings.ContainsAny(d, " \t") {
			s.delim = d
		}
	default:
		return false
	}
	s.pos = markupLineEnd(s.src, t.end)
	return true
}

// nest follows BEGIN/CASE ... END in routines, so the ";" inside their bodies go by.
func (s *sqlScan) nest(t sqlToken) {
	w := s.src[t.start:t.end]
	if s.undoEnd {
		s.undoEnd = false
		if sqlKeyword(w, "IF") || sqlKeyword(w, "LOOP") || sqlKeyword(w, "WHILE") ||
			sqlKeyword(w, "REPEAT") || sqlKeyword(w, "FOR") {
			s.depth++ // END IF and the like close blocks never counted
			return
		}
	}
	switch {
	case sqlKeyword(w, "BEGIN"), sqlKeyword(w, "CASE"):
		if s.isRoutine() {
			s.depth++
		}
	case sqlKeyword(w, "END"):
		if s.depth > 0 {
			s.depth--
			s.undoEnd = true
		}
	}
}

// isRoutine reports whether the statement creates a function, procedure, trigger or event, whose
// body may hold statements of its own.
func (s *sqlScan) isRoutine() bool {
	if s.routine == 0 {
		st := sqlStmt{src: s.src, toks: s.tokens}
		s.routine = -1
		if st.is(0, "CREATE") {
			i := st.skipModifiers(1)
			if st.is(i, "FUNCTION") || st.is(i, "PROCEDURE") || st.is(i, "TRIGGER") || st.is(i, "EVENT") {
				s.routine = 1
			}
		}
	}
	return s.routine == 1
}

// statement maps the statement whose tokens were collected, ending at offset end.
func (s *sqlScan) statement(end int) {
	if len(s.tokens) > 0 {
		st := sqlStmt{src: s.src, toks: s.tokens, s: s, end: end}
		st.mapIt()
		if st.is(0, "COPY") && sqlFromStdin(&st) {
			s.skipCopyData(end)
		}
	}
	s.reset()
}

// reset forgets the statement read so far, to read the next one.
func (s *sqlScan) reset() {
	s.tokens = s.tokens[:0]
	s.depth, s.routine, s.undoEnd, s.tokenwise = 0, 0, false, false
}

// sqlFromStdin reports whether a COPY statement reads its data from the script itself.
func sqlFromStdin(st *sqlStmt) bool {
	for i := range st.toks {
		if st.is(i, "FROM") && st.is(i+1, "STDIN") {
			return true
		}
	}
	return false
}

// skipCopyData passes over the data lines after COPY ... FROM stdin, up to the "\." line.
func (s *sqlScan) skipCopyData(end int) {
	lines := &markupLines{src: s.src, off: markupLineEnd(s.src, end)}
	lines.next() // the rest of the COPY line
	for {
		line, ok := lines.next()
		if !ok || string(line) == `\.` {
			s.pos = lines.off
			return
		}
	}
}

// next returns the next token, skipping blanks and comments.
func (s *sqlScan) next() (sqlToken, bool) {
	src := s.src
	for s.pos < len(src) {
		i := s.pos
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			s.pos++
			continue
		case c == '-' && i+1 < len(src) && src[i+1] == '-':
			s.pos = markupLineEnd(src, i)
			continue
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			s.pos = s.blockCommentEnd(i)
			continue
		}
		if s.delim != ";" && bytes.HasPrefix(src[i:], []byte(s.delim)) {
			s.pos = i + len(s.delim)
			return sqlToken{i, s.pos, sqlDelim}, true
		}
		t := s.token(i)
		s.pos = t.end
		return t, true
	}
	return sqlToken{}, false
}

// token returns the token that starts at i, where no blank, comment or delimiter does.
func (s *sqlScan) token(i int) sqlToken {
	src := s.src
	c := src[i]
	t := sqlToken{start: i}
	switch {
	case c == '\'':
		t.kind, t.end = sqlString, s.stringEnd(i, s.mysql)
	case c == '"' || c == '`':
		t.kind, t.end = sqlQuoted, s.quotedEnd(i, c)
	case c == '$' && !s.mysql:
		if end, ok := s.dollarEnd(i); ok {
			t.kind, t.end = sqlDollar, end
		} else {
			t.kind, t.end = sqlPunct, i+1
		}
	case sqlWordStart(c):
		j := i + 1
		for j < len(src) && sqlWordByte(src[j]) {
			j++
		}
		if j == i+1 && (c == 'E' || c == 'e') && j < len(src) && src[j] == '\'' {
			t.kind, t.end = sqlString, s.stringEnd(j, true)
		} else {
			t.kind, t.end = sqlWord, j
		}
	case c >= '0' && c <= '9':
		j := i + 1
		for j < len(src) && (sqlWordByte(src[j]) || src[j] == '.') {
			j++
		}
		t.kind, t.end = sqlNumber, j
	default:
		t.kind, t.end = sqlPunct, i+1
	}
	return t
}

// blockCommentEnd returns the offset after the comment opened at i; PostgreSQL nests them.
func (s *sqlScan) blockCommentEnd(i int) int {
	depth := 0
	src := s.src
	for j := i; j+1 < len(src); j++ {
		switch {
		case src[j] == '/' && src[j+1] == '*':
			depth++
			j++
		case src[j] == '*' && src[j+1] == '/':
			depth--
			j++
			if depth == 0 || s.mysql {
				return j + 1
			}
		}
	}
	return len(src)
}

// stringEnd returns the offset after the literal whose quote is at i: a doubled quote escapes it, and a
// backslash escapes any byte where backslashes count.
func (s *sqlScan) stringEnd(i int, backslash bool) int {
	src := s.src
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			if backslash {
				j++
			}
		case '\'':
			if j+1 < len(src) && src[j+1] == '\'' {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(src)
}

// quotedEnd returns the offset after the identifier quoted by q at i (a doubled q escapes it).
func (s *sqlScan) quotedEnd(i int, q byte) int {
	src := s.src
	for j := i + 1; j < len(src); j++ {
		if src[j] == q {
			if j+1 < len(src) && src[j+1] == q {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(src)
}

// dollarEnd returns the offset after the dollar-quoted string opened at i ($$ or $tag$), and
// false when i does not open one ($1 is a parameter, a$b an identifier).
func (s *sqlScan) dollarEnd(i int) (int, bool) {
	src := s.src
	if i > 0 && sqlWordByte(src[i-1]) {
		return 0, false
	}
	j := i + 1
	if j < len(src) && sqlWordStart(src[j]) {
		for j < len(src) && sqlWordByte(src[j]) && src[j] != '$' {
			j++
		}
	}
	if j >= len(src) || src[j] != '$' {
		return 0, false
	}
	tag := src[i : j+1]
	if k := bytes.Index(src[j+1:], tag); k >= 0 {
		return j + 1 + k + len(tag), true
	}
	return len(src), true
}

// sqlWordStart reports whether c may start a word: a letter, "_" or a byte of UTF-8 beyond ASCII.
func sqlWordStart(c byte) bool { return sqlByteClass[c] == sqlStartByte }

// sqlWordByte reports whether c may continue a word: what starts one, a digit or "$".
func sqlWordByte(c byte) bool { return sqlByteClass[c] != 0 }

// The classes of sqlByteClass.
const (
	sqlStartByte = 1 // starts and continues a word
	sqlInnerByte = 2 // continues a word
)

// sqlByteClass classes every byte for sqlWordStart and sqlWordByte: a table reads faster than
// their tests, once a byte.
var sqlByteClass = func() (class [256]byte) {
	for c := range 256 {
		switch {
		case markupLetter(byte(c)) || c == '_' || c >= 0x80:
			class[c] = sqlStartByte
		case c >= '0' && c <= '9' || c == '$':
			class[c] = sqlInnerByte
		}
	}
	return class
}()

// sqlStmt is one statement's tokens, read by position.
type sqlStmt struct {
	src  []byte
	toks []sqlToken
	s    *sqlScan
	end  int // offset after its terminator
}

func (st *sqlStmt) text(i int) []byte {
	if i < 0 || i >= len(st.toks) {
		return nil
	}
	return st.src[st.toks[i].start:st.toks[i].end]
}

// is reports whether token i is the keyword kw (case-insensitive).
func (st *sqlStmt) is(i int, kw string) bool {
	return i < len(st.toks) && st.toks[i].kind == sqlWord && sqlKeyword(st.text(i), kw)
}

// punct reports whether token i is the one-byte token c.
func (st *sqlStmt) punct(i int, c byte) bool {
	return i < len(st.toks) && st.toks[i].kind == sqlPunct && st.src[st.toks[i].start] == c
}

// line returns the line of token i's first byte.
func (st *sqlStmt) line(i int) int { return st.s.lc.at(st.toks[i].start) }

// lastLine returns the line of the statement's terminator (or last token).
func (st *sqlStmt) lastLine() int { return st.s.lc.at(max(st.end-1, 0)) }

// join returns tokens [a, b) as written, with the whitespace and comments between two tokens
// folded to one space.
func (st *sqlStmt) join(a, b int) string {
	b = min(b, len(st.toks))
	if a >= b {
		return ""
	}
	var sb strings.Builder
	// Gaps fold to one byte, so the text is no longer than its span in the source; the loop stops
	// past 2*maxSignature bytes.
	sb.Grow(min(st.toks[b-1].end-st.toks[a].start, 2*maxSignature+64))
	for i := a; i < b && sb.Len() <= 2*maxSignature; i++ {
		if i > a && st.toks[i].start > st.toks[i-1].end {
			sb.WriteByte(' ')
		}
		sb.Write(st.text(i))
	}
	return markupSignature(sb.String())
}

// skipModifiers passes the words between CREATE and the object's kind: OR REPLACE, TEMPORARY,
// UNIQUE, MySQL's DEFINER = user@host, and the like.
func (st *sqlStmt) skipModifiers(i int) int {
	for i < len(st.toks) {
		switch {
		case st.is(i, "OR") && (st.is(i+1, "REPLACE") || st.is(i+1, "ALTER")):
			i += 2
		case st.is(i, "DEFINER") || st.is(i, "ALGORITHM"):
			i++
			if st.punct(i, '=') {
				i++
			}
			i++
			for st.punct(i, '@') || (i < len(st.toks) && st.toks[i-1].kind == sqlPunct && st.src[st.toks[i-1].start] == '@') {
				i++
			}
		case st.is(i, "SQL") && st.is(i+1, "SECURITY"):
			i += 3
		case st.isAny(i, sqlModifiers):
			i++
		default:
			return i
		}
	}
	return i
}

// isAny reports whether token i is one of the keywords kws.
func (st *sqlStmt) isAny(i int, kws []string) bool {
	if i >= len(st.toks) || st.toks[i].kind != sqlWord {
		return false
	}
	w := st.text(i)
	for _, kw := range kws {
		if sqlKeyword(w, kw) {
			return true
		}
	}
	return false
}

var sqlModifiers = []string{"TEMP", "TEMPORARY", "GLOBAL", "LOCAL", "UNLOGGED", "RECURSIVE", "UNIQUE",
	"CONSTRAINT", "VIRTUAL", "FOREIGN", "EXTERNAL", "TRUSTED", "PROCEDURAL", "DEFAULT", "CLUSTERED",
	"NONCLUSTERED", "FULLTEXT", "SPATIAL", "BITMAP", "MATERIALIZED"}

// ifExists skips IF [NOT] EXISTS.
func (st *sqlStmt) ifExists(i int) int {
	if st.is(i, "IF") && st.is(i+1, "NOT") && st.is(i+2, "EXISTS") {
		return i + 3
	}
	if st.is(i, "IF") && st.is(i+1, "EXISTS") {
		return i + 2
	}
	return i
}

// name reads a possibly schema-qualified name at i: its parts unquoted, and the index after it.
func (st *sqlStmt) name(i int) ([]string, int) {
	var parts []string
	for i < len(st.toks) {
		t := st.toks[i]
		if t.kind != sqlWord && t.kind != sqlQuoted {
			break
		}
		parts = append(parts, sqlIdent(st.text(i)))
		i++
		if !st.punct(i, '.') {
			break
		}
		i++
	}
	return parts, i
}

// sqlIdent unquotes an identifier: "My ""Table""" gives My "Table".
func sqlIdent(b []byte) string {
	if len(b) >= 2 && (b[0] == '"' || b[0] == '`') && b[len(b)-1] == b[0] {
		q := string(b[:1])
		return clip(strings.ReplaceAll(string(b[1:len(b)-1]), q+q, q), markupNameWidth)
	}
	return clip(string(b), markupNameWidth)
}

// closeParen returns the index of the ")" matching the "(" at i, or the last token.
func (st *sqlStmt) closeParen(i int) int {
	depth := 0
	for j := i; j < len(st.toks); j++ {
		switch {
		case st.punct(j, '('):
			depth++
		case st.punct(j, ')'):
			depth--
			if depth == 0 {
				return j
			}
		}
	}
	return len(st.toks) - 1
}

// add appends a symbol for the whole statement and returns its index.
func (st *sqlStmt) add(kind store.Kind, parts []string, sig string) int {
	name := parts[len(parts)-1]
	s := store.Symbol{
		Name: name, Kind: kind, Signature: sig,
		StartLine: st.line(0), EndLine: st.lastLine(), Parent: -1,
	}
	if len(parts) > 1 {
		s.Qualname = strings.Join(parts, ".")
	}
	st.s.addSymbol(s)
	return len(st.s.res.Symbols) - 1
}

func (st *sqlStmt) mapIt() {
	switch {
	case st.is(0, "CREATE"):
		st.create()
	case st.is(0, "ALTER") && st.is(1, "TABLE"):
		st.alterTable()
	}
}

func (st *sqlStmt) create() {
	i := st.skipModifiers(1)
	var kind store.Kind
	switch {
	case st.is(i, "TABLE"):
		kind = store.KindTable
	case st.is(i, "VIEW"):
		kind = store.KindView
	case st.is(i, "FUNCTION"), st.is(i, "AGGREGATE"):
		kind = store.KindFunction
	case st.is(i, "PROCEDURE"):
		kind = store.KindProcedure
	case st.is(i, "INDEX"):
		st.index(i + 1)
		return
	case st.is(i, "TYPE"), st.is(i, "DOMAIN"):
		kind = store.KindType
	case st.is(i, "TRIGGER"):
		kind = store.KindTrigger
	case st.is(i, "SCHEMA"), st.is(i, "DATABASE"):
		kind = store.KindSchema
	case st.is(i, "SEQUENCE"):
		kind = store.KindSequence
	case st.is(i, "EXTENSION"):
		if parts, _ := st.name(st.ifExists(i + 1)); len(parts) > 0 {
			st.s.res.Imports = append(st.s.res.Imports, parts[len(parts)-1])
		}
		return
	default:
		return
	}
	i = st.ifExists(i + 1)
	if kind == store.KindSchema && st.is(i, "AUTHORIZATION") {
		// CREATE SCHEMA AUTHORIZATION role: the schema is named after the role.
		i++
	}
	parts, after := st.name(i)
	if len(parts) == 0 {
		return
	}
	switch kind {
	case store.KindTable:
		sym := st.add(kind, parts, st.join(0, after))
		if st.punct(after, '(') {
			st.columns(after, sym)
		}
	case store.KindFunction, store.KindProcedure:
		st.add(kind, parts, st.join(0, st.routineHeadEnd(after)))
	case store.KindType:
		sym := st.add(kind, parts, st.join(0, len(st.toks)))
		if st.is(after, "AS") && st.punct(after+1, '(') {
			st.columns(after+1, sym)
		}
	case store.KindTrigger:
		end := len(st.toks)
		for j := after; j < len(st.toks); j++ {
			if st.is(j, "BEGIN") || st.is(j, "EXECUTE") || st.is(j, "WHEN") {
				end = j
				break
			}
		}
		st.add(kind, parts, st.join(0, end))
	default: // views, schemas, sequences
		st.add(kind, parts, st.join(0, after))
	}
}

// routineHeadEnd returns the end of a routine's signature: its parameters and RETURNS clause,
// up to the first option (AS, LANGUAGE, IMMUTABLE, ...) or body.
func (st *sqlStmt) routineHeadEnd(i int) int {
	if st.punct(i, '(') {
		i = st.closeParen(i) + 1
	}
	if !st.is(i, "RETURNS") {
		return i
	}
	for j := i + 1; j < len(st.toks); j++ {
		if st.punct(j, '(') {
			j = st.closeParen(j)
			continue
		}
		t := st.toks[j]
		if t.kind == sqlString || t.kind == sqlDollar || t.kind == sqlDelim || (t.kind == sqlPunct && st.src[t.start] == ';') {
			return j
		}
		if st.isAny(j, sqlRoutineOptions) {
			return j
		}
	}
	return len(st.toks)
}

var sqlRoutineOptions = []string{"AS", "LANGUAGE", "IMMUTABLE", "STABLE", "VOLATILE", "STRICT", "CALLED",
	"SECURITY", "COST", "ROWS", "PARALLEL", "SET", "WINDOW", "LEAKPROOF", "NOT", "SUPPORT", "TRANSFORM",
	"BEGIN", "RETURN", "DETERMINISTIC", "NO", "READS", "MODIFIES", "CONTAINS", "COMMENT", "EXTERNAL",
	"WITH", "IS"}

// index maps CREATE INDEX: [CONCURRENTLY] [IF NOT EXISTS] [name] ON table ...
func (st *sqlStmt) index(i int) {
	if st.is(i, "CONCURRENTLY") {
		i++
	}
	i = st.ifExists(i)
	var parts []string
	if !st.is(i, "ON") {
		parts, i = st.name(i)
	}
	if len(parts) == 0 {
		if !st.is(i, "ON") {
			return
		}
		j := i + 1
		if st.is(j, "ONLY") {
			j++
		}
		table, _ := st.name(j)
		if len(table) == 0 {
			return
		}
		parts = []string{"ON " + table[len(table)-1]}
	}
	st.add(store.KindIndex, parts, st.join(0, len(st.toks)))
}

// sqlConstraintWords start the elements of a table body that are not columns.
var sqlConstraintWords = []string{"CONSTRAINT", "PRIMARY", "FOREIGN", "UNIQUE", "CHECK", "EXCLUDE",
	"INDEX", "KEY", "FULLTEXT", "SPATIAL", "LIKE", "PERIOD", "CONSTRAINTS"}

// columns adds the columns of the parenthesized body at open as children of table.
func (st *sqlStmt) columns(open, table int) {
	end := st.closeParen(open)
	start := open + 1
	depth := 0
	for j := open + 1; j <= end && j < len(st.toks); j++ {
		switch {
		case st.punct(j, '('):
			depth++
		case st.punct(j, ')') && depth > 0:
			depth--
		case depth == 0 && (st.punct(j, ',') || j == end):
			st.column(start, j, table)
			start = j + 1
		}
	}
}

// column adds the table element in tokens [a, b) when it is a column.
func (st *sqlStmt) column(a, b, table int) {
	if a >= b {
		return
	}
	t := st.toks[a]
	if t.kind != sqlWord && t.kind != sqlQuoted {
		return
	}
	if st.isAny(a, sqlConstraintWords) {
		return
	}
	st.s.addSymbol(store.Symbol{
		Name: sqlIdent(st.text(a)), Kind: store.KindColumn, Signature: st.join(a, b),
		StartLine: st.line(a), EndLine: st.s.lc.at(st.toks[b-1].end - 1), Parent: table, Depth: 1,
	})
}

// alterTable maps ALTER TABLE [IF EXISTS] [ONLY] name actions..., with the columns it adds;
// ownership changes are left out.
func (st *sqlStmt) alterTable() {
	i := st.ifExists(2)
	if st.is(i, "ONLY") {
		i++
	}
	parts, after := st.name(i)
	if len(parts) == 0 {
		return
	}
	if st.is(after, "OWNER") {
		return
	}
	sym := st.add(store.KindTable, parts, st.join(0, len(st.toks)))
	start, depth := after, 0
	for j := after; j <= len(st.toks); j++ {
		switch {
		case j < len(st.toks) && st.punct(j, '('):
			depth++
		case j < len(st.toks) && st.punct(j, ')'):
			depth--
		case j == len(st.toks) || (depth == 0 && st.punct(j, ',')):
			if st.is(start, "ADD") {
				k := start + 1
				if st.is(k, "COLUMN") {
					k++
				}
				k = st.ifExists(k)
				st.column(k, j, sym)
			}
			start = j + 1
		}
	}
}
