package lang

// How the TypeScript scanner (ts_scan.go) skips types: a type annotation, a return type, the
// type of an alias, type arguments and parameters. A type is never read as a tree: the scanner
// only finds where it ends, as tree-sitter's grammar ends it, skipping brackets whole by their
// partners and angle brackets by counting them. What it cannot read so makes the file unsure.

// unsure marks the file as one the scanner cannot map exactly, for reason (the first kept).
func (s *jsScan) unsure(reason string) {
	if s.why == "" {
		s.why = reason
	}
}

// tsMaxAngle bounds how many tokens angleEnd reads for one list: a file of comparisons must not
// make every '<' read to its end.
const tsMaxAngle = 4096

// angleEnd returns the index of the token that closes the '<' at lt (a '>' of a run such as
// `>>` closing several), or -1 when the tokens after lt are not a list of types closed so:
// a comparison, or what the scanner does not read; -2 when the list runs past tsMaxAngle
// tokens, which the scanner does not read either.
func (s *jsScan) angleEnd(lt, limit int) int {
	depth, far := 0, -1
	if limit > lt+tsMaxAngle {
		limit, far = lt+tsMaxAngle, -2
	}
	for j := lt; j < limit; j++ {
		t := s.t[j]
		switch t.kind {
		case jsIdent, jsStr, jsNum, jsTmpl:
			continue
		case jsPunct:
		default:
			return -1
		}
		switch b := s.bytes(j); {
		case (s.is(j, "{") || s.is(j, "(")) && j > lt && s.valueEnds(j-1) && !s.is(j-1, ">") && !tsTypeWords[string(s.bytes(j-1))]:
			return -1 // `T{`, `T(`: no type
		case s.opens(j):
			m := int(s.t[j].match)
			if m <= j {
				return -1
			}
			if m >= limit {
				return far
			}
			j = m
		case s.closes(j):
			return -1
		case tsRun(b, '<'):
			depth += len(b)
		case b[0] == '>':
			if !tsRun(b, '>') || len(b) > depth {
				return -1 // `>=`, or more closers than openers
			}
			depth -= len(b)
			if depth == 0 {
				return j
			}
		case !tsTypePunct[string(b)]:
			return -1
		}
	}
	return far
}

// tsRun reports whether b is c repeated.
func tsRun(b []byte, c byte) bool {
	for _, x := range b {
		if x != c {
			return false
		}
	}
	return len(b) > 0
}

// tsTypeWords are the words of types that an operand follows: `keyof (A | B)`, `import("x")`.
var tsTypeWords = map[string]bool{
	"keyof": true, "typeof": true, "readonly": true, "infer": true, "extends": true, "is": true,
	"unique": true, "new": true, "asserts": true, "in": true, "as": true, "import": true, "abstract": true,
}

// tsTypePunct are the punctuators a type may hold outside brackets.
var tsTypePunct = map[string]bool{
	",": true, ".": true, "|": true, "&": true, "?": true, ":": true, "=>": true, "=": true, "-": true, "...": true,
}

// typeEnd returns the index of the last token of the type that starts at i, before limit: it
// ends where a token cannot continue it (`=`, `;`, `,`, `{` after a complete type, a closing
// bracket, `=>` that no parameter list heads), or at a line break where tree-sitter's scanner
// inserts a semicolon (in a type, before '(' and '[' too, where no binary operator could follow). A type it cannot read makes the file unsure.
func (s *jsScan) typeEnd(i, limit int) int {
	operand, params, cond := true, false, 0
	for j := i; j < limit; j++ {
		if !operand && cond == 0 && j > i && s.t[j].nl && (s.is(j, "(") || s.is(j, "[") || s.insertsSemicolon(j)) {
			return j - 1 // in a type, the scanner inserts a semicolon before '(' and '[' too
		}
		afterParams := params
		params = false
		t := s.t[j]
		switch t.kind {
		case jsIdent:
			if operand {
				switch string(s.bytes(j)) {
				case "keyof", "typeof", "unique", "readonly", "infer", "new", "abstract", "asserts":
					if s.typePrefix(j, limit) {
						continue // an operand follows
					}
				case "import":
					if j+1 < limit && s.is(j+1, "(") {
						j = s.partner(j+1, limit)
					}
				}
				operand = false
				continue
			}
			switch string(s.bytes(j)) {
			case "extends":
				operand, cond = true, cond+1
				continue
			case "is":
				operand = true
				continue
			}
			return j - 1
		case jsStr, jsNum, jsTmpl:
			if !operand {
				return j - 1
			}
			operand = false
			continue
		case jsPunct:
		default:
			if operand {
				s.unsure("type: an operand the scanner does not read")
			}
			return j - 1
		}
		switch b := s.bytes(j); {
		case s.is(j, "("):
			if !operand {
				return j - 1
			}
			j, operand, params = s.partner(j, limit), false, true
		case s.is(j, "["):
			j, operand = s.partner(j, limit), false
		case s.is(j, "{"):
			if !operand {
				return j - 1
			}
			j, operand = s.partner(j, limit), false
		case s.closes(j):
			if operand && j > i {
				s.unsure("type: a closing bracket where a type was expected")
			}
			return j - 1
		case tsRun(b, '<'):
			c := s.angleEnd(j, limit)
			if c < 0 {
				s.unsure("type: type arguments the scanner does not read")
				return j - 1
			}
			j = c // after a name its arguments, before a function type its parameters
		case s.is(j, "=>"):
			if !afterParams {
				return j - 1
			}
			operand = true
		case s.is(j, "|") || s.is(j, "&") || s.is(j, "."):
			operand = true
		case s.is(j, "-") && operand:
		case (s.is(j, "?") || s.is(j, ":")) && cond > 0 && !operand:
			if s.is(j, ":") {
				cond--
			}
			operand = true
		default:
			if operand {
				s.unsure("type: a token where a type was expected: " + string(s.bytes(j)))
			}
			return j - 1
		}
	}
	return limit - 1
}

// typePrefix reports whether the word at j is a type operator or keyword that an operand follows
// (`keyof T`, `new () => T`), not a name (`z.infer`).
func (s *jsScan) typePrefix(j, limit int) bool {
	if s.afterDot(j) || j+1 >= limit {
		return false
	}
	next := s.t[j+1].kind == jsIdent
	switch string(s.bytes(j)) {
	case "new":
		return s.is(j+1, "(") || s.is(j+1, "<")
	case "abstract":
		return s.is(j+1, "new")
	case "keyof", "readonly":
		return next || s.opens(j+1)
	}
	return next
}

// typeParamsEnd returns the index after the type parameters or arguments at k (k itself when
// none are there); unreadable ones make the file unsure.
func (s *jsScan) typeParamsEnd(k, limit int) int {
	if k >= limit || !tsRun(s.bytes(k), '<') || s.t[k].kind != jsPunct {
		return k
	}
	c := s.angleEnd(k, limit)
	if c < 0 {
		s.unsure("type parameters the scanner does not read")
		return k
	}
	return c + 1
}

// annotationEnd returns the last token of an optional `: type` at k, or k-1 without one.
func (s *jsScan) annotationEnd(k, limit int) int {
	if k < limit && s.is(k, ":") {
		if k+1 >= limit {
			s.unsure("type: an annotation without a type")
			return k
		}
		return max(s.typeEnd(k+1, limit), k)
	}
	return k - 1
}
