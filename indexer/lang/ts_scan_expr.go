package lang

// Where TypeScript's expressions, functions, classes and variable declarations end, for the
// TypeScript scanner (ts_scan.go): as JavaScript's (js_scan.go), with types skipped where they
// may stand (after `as` and `satisfies`, in type arguments, in annotations and return types) and
// the non-null assertion `x!` ending a value.

// tsExpressionToken reads token j of an expression that starts at i where TypeScript differs
// from JavaScript (expressionEndBy): a type after `as` or `satisfies`, an arrow function's return
// type, a non-null assertion, type arguments, a conditional's ':' (cond counts the '?' awaiting
// theirs). It returns the token to go on from, and whether that token completes a value that
// completes() does not know.
func (s *jsScan) tsExpressionToken(i, j, limit int, cond *int) (int, bool) {
	switch {
	case (s.is(j, "as") || s.is(j, "satisfies")) && j > i && s.valueEnds(j-1):
		if j+1 >= limit {
			return limit - 1, false
		}
		start := j + 1
		j = s.typeEnd(start, limit)
		if s.asiWithin(start+1, j) && s.holds(start, j, "<") {
			s.unsure("expression: a type after as over lines") // `a as b < c`: a comparison?
		}
		if j+1 < limit && !s.t[j+1].nl && (s.is(j+1, "(") || s.is(j+1, "<")) {
			s.unsure("expression: a call after a type") // `x as T(y)`
		}
		return j, true
	case s.is(j, "?"):
		*cond++
	case s.is(j, ":"):
		if *cond > 0 {
			*cond--
		} else if j > i && s.is(j-1, ")") && j+1 < limit {
			return s.typeEnd(j+1, limit), false // an arrow function's return type
		}
	case s.is(j, "!") && j > i && s.valueEnds(j-1) && !s.t[j].nl:
		return j, true
	case s.is(j, "default") && j+1 < limit && s.t[j+1].nl:
		s.unsure("expression: default before a line break")
	case j > i && s.is(j, "export"):
		s.unsure("expression: export inside an expression")
	case s.t[j].kind == jsPunct && tsRun(s.bytes(j), '<'):
		return s.typeArguments(j, i, limit)
	}
	return j, false
}

// valueEnds reports whether token j may end a value, so that what follows it is an operator.
func (s *jsScan) valueEnds(j int) bool {
	return s.completes(j) || s.is(j, "!") || s.is(j, ">")
}

// typeArguments returns where to go on from the '<' at j of an expression that starts at i:
// past the type arguments of a call (`f<T>(x)`), a type assertion or a generic arrow function's
// type parameters (`<T>x`, `<T>(x) => x`); j itself for a comparison. complete says the type
// arguments end a value.
func (s *jsScan) typeArguments(j, i, limit int) (next int, complete bool) {
	operand := j == i || !s.valueEnds(j-1) || s.is(j-1, "async") // async <T>(x) => x
	c := s.angleEnd(j, limit)
	if c > j && (c+1 >= limit || s.asiWithin(j+1, c)) {
		s.unsure("expression: type arguments or a comparison over lines")
		return j, false
	}
	switch {
	case operand && c < 0, c == -2:
		s.unsure("expression: a '<' the scanner does not read")
		return j, false
	case operand:
		return c, false
	case c < 0 || c+1 >= limit || s.holds(j, c, "="):
		return j, false // `a < b, c = d > (e)`: comparisons
	case s.is(c+1, "(") || s.t[c+1].kind == jsTmpl:
		return c, false
	case s.t[c+1].nl || s.is(c+1, ")") || s.is(c+1, ",") || s.is(c+1, ";") || s.is(c+1, "."):
		s.unsure("expression: an instantiation expression or a comparison")
	}
	return j, false
}

// asiWithin reports whether a token of [a, b] starts a line after a complete value where
// the grammar's scanner would insert a semicolon: read as comparisons, `a < b` would end there.
func (s *jsScan) asiWithin(a, b int) bool {
	for k := a; k <= b; k++ {
		if s.t[k].nl && s.valueEnds(k-1) && s.insertsSemicolon(k) {
			return true
		}
	}
	return false
}

// holds reports whether a token of [a, b] is the word or punctuator text.
func (s *jsScan) holds(a, b int, text string) bool {
	for k := a; k <= b; k++ {
		if s.is(k, text) {
			return true
		}
	}
	return false
}

// tsSplit returns the items of tokens [from, to] separated by commas outside brackets (split),
// skipping type arguments and the types after `as`, `satisfies`, an arrow function's parameters
// and, with decls set, a declarator's name.
func (s *jsScan) tsSplit(from, to int, decls bool) [][2]int {
	var out [][2]int
	for start := from; start <= to; {
		end := to
		if decls {
			end = s.declaratorEnd(start, to+1)
		} else {
			end = s.expressionEndBy(start, to+1, true)
		}
		end = min(max(end, start), to)
		if s.is(end, ",") {
			if end > start {
				out = append(out, [2]int{start, end - 1})
			}
			start = end + 1
			continue
		}
		out = append(out, [2]int{start, end})
		k := end + 1
		for k <= to && !s.is(k, ",") {
			k = max(s.expressionEndBy(k, to+1, true), k) + 1 // what ASI cut: the item goes on
			out[len(out)-1][1] = min(k-1, to)
		}
		start = k + 1
	}
	return out
}

// declaratorEnd returns the last token of the variable declarator that starts at k: a name or
// a pattern, '!', a type annotation, '=' and a value.
func (s *jsScan) declaratorEnd(k, limit int) int {
	j := k
	if s.opens(j) {
		j = s.partner(j, limit)
	}
	if j+1 < limit && s.is(j+1, "!") {
		j++
	}
	j = s.annotationEnd(j+1, limit)
	if j+1 < limit && s.is(j+1, "=") {
		if j+2 >= limit {
			return j + 1
		}
		return s.expressionEndBy(j+2, limit, true)
	}
	return j
}

// tsDeclaratorValue returns the index of the '=' of declarator [ds, de], or -1 without a value,
// and the last token of its name and annotation.
func (s *jsScan) tsDeclaratorValue(ds, de int) (eq, head int) {
	j := ds
	if s.opens(j) {
		j = s.partner(j, de+1)
	}
	if j+1 <= de && s.is(j+1, "!") {
		j++
	}
	j = s.annotationEnd(j+1, de+1)
	if j+1 <= de && s.is(j+1, "=") {
		return j + 1, j
	}
	return -1, j
}

// tsVarsEnd returns the last token of the variable declaration whose keyword is at i: its
// declarators, then its ';' or where ASI ends it.
func (s *jsScan) tsVarsEnd(i, limit int) int {
	j := i
	for j+1 < limit {
		end := s.declaratorEnd(j+1, limit)
		if s.is(end, ";") {
			return end
		}
		if end+1 < limit && s.is(end+1, ",") {
			j = end + 1
			continue
		}
		if end+1 < limit && s.is(end+1, ";") {
			return end + 1
		}
		return s.afterASI(end, limit)
	}
	return min(j, limit-1)
}

// afterASI returns end, the last token of a statement that no ';' ends, after checking that a
// line break, a '}' or the file's end follows it; anything else makes the file unsure.
func (s *jsScan) afterASI(end, limit int) int {
	if end+1 < limit && !s.t[end+1].nl && !s.closes(end+1) && s.t[end+1].kind != jsEOF {
		s.unsure("statement: no semicolon and no line break after it")
	}
	return end
}

// tsFunctionParts reads the function whose keyword "function" is at kw: its name (or -1), its
// body's '{' (or -1 for a signature) and its last token, the body's '}' or the end of its head.
func (s *jsScan) tsFunctionParts(kw, limit int) (name, body, last int) {
	name, body = s.functionName(kw, limit), -1
	k := kw + 1
	if k < limit && s.is(k, "*") {
		k++
	}
	if name >= 0 {
		k = name + 1
	}
	k = s.typeParamsEnd(k, limit)
	if kw+1 < limit && (s.is(kw+1, ":") || s.is(kw+1, ",") || s.is(kw+1, "}")) {
		return -1, -1, kw // a key named function: `{ function: f }`
	}
	if k >= limit || !s.is(k, "(") {
		s.unsure("function: no parameters where expected")
		return name, -1, max(kw, min(k, limit)-1)
	}
	last = s.annotationEnd(s.partner(k, limit)+1, limit)
	if last+1 < limit && s.is(last+1, "{") {
		body = last + 1
		last = s.partner(body, limit)
	}
	return name, body, last
}

// tsClassBody returns the index of the '{' of the class whose keyword is at i, or -1: after its
// name, type parameters, the expression it extends with type arguments, the types it implements.
func (s *jsScan) tsClassBody(i, limit int) int {
	k := i + 1
	if k < limit && s.isWord(k) && !s.is(k, "extends") && !s.is(k, "implements") {
		k++
	}
	k = s.typeParamsEnd(k, limit)
	if k < limit && s.is(k, "extends") {
		if k+1 >= limit || s.depth >= jsMaxStatementNest {
			return -1
		}
		s.depth++
		k = s.chainEnd(k+1, limit-1) + 1
		s.depth--
		k = s.typeParamsEnd(k, limit)
	}
	if k < limit && s.is(k, "implements") {
		for {
			k = s.typeEnd(k+1, limit) + 1
			if k >= limit || !s.is(k, ",") {
				break
			}
		}
	}
	if k < limit && s.is(k, "{") {
		return k
	}
	s.unsure("class: a head the scanner does not read")
	return -1
}

// tsArrowAfter returns the shape of an arrow function whose parameters close at p (after type
// parameters or async): `=>` may follow a return type. v is returned as it is when no arrow
// follows.
func (s *jsScan) tsArrowAfter(v jsShape, p int) jsShape {
	if p+1 <= v.e && s.is(p+1, "=>") {
		return s.arrow(v, p+1)
	}
	if s.ts == jsDialectJS || p+1 > v.e || !s.is(p+1, ":") {
		return v
	}
	r := s.typeEnd(p+2, v.e+1)
	if r+1 <= v.e && s.is(r+1, "=>") {
		return s.arrow(v, r+1)
	}
	return v
}

// tsGenericArrow returns the shape of an expression [a, v.e] that starts with a '<' in
// TypeScript: a generic arrow function, or a type assertion (another expression).
func (s *jsScan) tsGenericArrow(v jsShape, a int) jsShape {
	c := s.angleEnd(a, v.e+1)
	if c < 0 {
		s.unsure("expression: a '<' the scanner does not read")
		return v
	}
	if c+1 <= v.e && s.is(c+1, "(") {
		return s.tsArrowAfter(v, s.partner(c+1, v.e+1))
	}
	return v
}
