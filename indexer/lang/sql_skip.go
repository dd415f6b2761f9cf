package lang

// Most of a script maps to nothing: INSERT, SELECT, GRANT, COMMENT, DO, ALTER EXTENSION, ...
// Once its first words show that a statement is one of those, the mapper steps over the rest of
// it up to its ";" without making tokens (skipStatement). It must read the bytes exactly as the
// tokens would, so that the same ";" ends the statement: TestSQLSkip and FuzzSQLSkip hold it to
// the token path.

// mapsNothing looks at a CREATE statement's kind twice: at its third token, which follows the
// kind in CREATE kind name, and at its sqlSkipDecidedBy-th, past OR REPLACE and the like. A
// statement whose kind comes later still is read token by token.
const sqlSkipDecidedBy = 8

// mapsNothing reports whether the statement whose tokens so far are s.tokens maps nothing, so
// that skipStatement may pass over the rest of it: it starts with neither CREATE, ALTER nor
// COPY; or with ALTER not followed by TABLE; or it creates what create leaves out (an operator,
// a cast, a role, ...). The kind's word is known for good once a token follows it, since
// skipModifiers looks one token ahead. Once mapsNothing has decided to read a statement token by
// token, it says so at once (s.tokenwise). Only statements ended by ";" are skipped, as another
// delimiter may start inside a word, and no routine, whose body holds ";" of its own.
func (s *sqlScan) mapsNothing() bool {
	n := len(s.tokens)
	if s.tokenwise || s.delim != ";" || n > 3 && n != sqlSkipDecidedBy {
		return false // undecided yet, or decided
	}
	st := sqlStmt{src: s.src, toks: s.tokens}
	switch {
	case st.is(0, "ALTER"):
		if n < 2 {
			return false
		}
		s.tokenwise = true
		return !st.is(1, "TABLE")
	case st.is(0, "CREATE"):
		if n < 3 {
			return false
		}
		i := st.skipModifiers(1)
		if i+1 >= n && n < sqlSkipDecidedBy && s.routine != 1 {
			return false // the kind is not known yet
		}
		s.tokenwise = true
		return i+1 < n && s.routine != 1 && !st.isAny(i, sqlCreated)
	}
	s.tokenwise = true
	return !st.is(0, "COPY")
}

// sqlCreated are the kinds of CREATE that create maps, and those that isRoutine reads to their
// END.
var sqlCreated = []string{"TABLE", "VIEW", "FUNCTION", "AGGREGATE", "PROCEDURE", "INDEX", "TYPE", "DOMAIN",
	"TRIGGER", "SCHEMA", "DATABASE", "SEQUENCE", "EXTENSION", "EVENT"}

// sqlSkipStops marks the bytes skipStatement stops at: those that may start a string, a quoted
// identifier, a dollar-quoted body or a comment, and ";". Every other byte is a blank, a byte of
// a word or number, or a one-byte token, and none of those can hide a ";".
var sqlSkipStops = [256]bool{';': true, '\'': true, '"': true, '`': true, '$': true, '-': true, '/': true}

// skipStatement moves s.pos past the ";" that ends the statement, or to the end of the script,
// as next would, from a token boundary. It jumps from stop to stop (sqlSkipStops); a stop right
// after a byte of a word or number may belong to that token ("a$b", "1.$x", E'...'), so the run
// of such bytes before it is read again token by token.
func (s *sqlScan) skipStatement() {
	src := s.src
	for s.pos < len(src) {
		k := s.pos
		for k < len(src) && !sqlSkipStops[src[k]] {
			k++
		}
		if k == len(src) {
			s.pos = k
			return
		}
		if k > s.pos && (sqlWordByte(src[k-1]) || src[k-1] == '.') {
			s.pos = s.tokensTo(k)
			continue
		}
		c := src[k]
		switch {
		case c == ';':
			s.pos = k + 1
			return
		case c == '-' && k+1 < len(src) && src[k+1] == '-':
			s.pos = markupLineEnd(src, k)
		case c == '/' && k+1 < len(src) && src[k+1] == '*':
			s.pos = s.blockCommentEnd(k)
		default:
			s.pos = s.token(k).end
		}
	}
}

// tokensTo reads the run of word and number bytes (and dots) before the stop at k, which no
// blank or other stop interrupts since s.pos, token by token, and returns the end of the token
// that reaches k or beyond: k itself when the stop starts a token of its own.
func (s *sqlScan) tokensTo(k int) int {
	src := s.src
	i := k
	for i > s.pos && (sqlWordByte(src[i-1]) || src[i-1] == '.') {
		i--
	}
	for i < k {
		i = s.token(i).end
	}
	return i
}
