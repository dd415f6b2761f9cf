package lang

// What the JavaScript scanner (js_scan.go) needs to know of an expression, told from its tokens
// without parsing it whole: whether it is a function, an arrow function, a class, a call, a
// parenthesized or unary expression around another, an object literal.

import "github.com/readmap/readmap/store"

// Expression shapes, as tree-sitter's node types name them.
const (
	jsShapeNone     = iota // no expression
	jsShapeOther           // any expression the handlers do not look into
	jsShapeFunction        // function_expression, generator_function
	jsShapeArrow           // arrow_function
	jsShapeClass           // class
	jsShapeCall            // call_expression
	jsShapeParen           // parenthesized_expression
	jsShapeUnary           // unary_expression: ! ~ + - typeof void delete
	jsShapeAwait           // await_expression
	jsShapeObject          // object
)

// jsShape is the shape of the expression of tokens [s, e].
type jsShape struct {
	kind      uint8
	generator bool
	s, e      int
	body      int    // a function's or class's body: its '{', or an arrow's expression; -1
	name      int    // a function or class expression's name, -1
	inner     [2]int // what a parenthesized, unary or await expression holds; a call's callee
	args      int    // a call's '(' (-1 for a tagged template)
}

// functionKind reports the kind of a value that declares a function or a class, or KindUnknown
// (jsFunctionValue).
func (v jsShape) functionKind() store.Kind {
	switch v.kind {
	case jsShapeFunction, jsShapeArrow:
		return store.KindFunction
	case jsShapeClass:
		return store.KindClass
	}
	return store.KindUnknown
}

// shape returns the shape of the expression of tokens [a, b].
func (s *jsScan) shape(a, b int) jsShape {
	v := jsShape{kind: jsShapeOther, s: a, e: b, body: -1, name: -1, args: -1}
	if a > b {
		v.kind, v.e = jsShapeNone, a
		return v
	}
	switch {
	case s.is(a, "("):
		m := s.partner(a, b+1)
		if m == b {
			v.kind, v.inner = jsShapeParen, [2]int{a + 1, b - 1}
			return v
		}
		if s.ts != jsDialectJS {
			if r := s.tsArrowAfter(v, m); r.kind == jsShapeArrow {
				return r
			}
		} else if m+1 <= b && s.is(m+1, "=>") {
			return s.arrow(v, m+1)
		}
	case s.ts != jsDialectJS && s.is(a, "<"):
		return s.tsGenericArrow(v, a)
	case s.is(a, "{"):
		if s.partner(a, b+1) == b {
			v.kind = jsShapeObject
			return v
		}
	case s.keyword(a, "function"):
		return s.functionShape(v, a)
	case s.keyword(a, "async") && a+1 <= b:
		switch {
		case s.is(a+1, "function") && !s.t[a+1].nl:
			return s.functionShape(v, a+1)
		case s.isWord(a+1) && a+2 <= b && s.is(a+2, "=>"):
			return s.arrow(v, a+2)
		case s.is(a+1, "("):
			if m := s.partner(a+1, b+1); s.ts != jsDialectJS {
				if r := s.tsArrowAfter(v, m); r.kind == jsShapeArrow {
					return r
				}
			} else if m+1 <= b && s.is(m+1, "=>") {
				return s.arrow(v, m+1)
			}
		case s.ts != jsDialectJS && s.is(a+1, "<"):
			return s.tsGenericArrow(v, a+1)
		}
	case s.keyword(a, "class"):
		return s.classShape(v, a)
	case s.is(a, "@"):
		if k := s.decorators(a, b+1); k <= b && s.keyword(k, "class") {
			return s.classShape(v, k)
		}
	case s.isWord(a) && a+1 <= b && s.is(a+1, "=>"):
		return s.arrow(v, a+1)
	case s.unaryOp(a) || s.keyword(a, "await"):
		if s.unaryEnd(a+1, b) == b || s.ts != jsDialectJS && a+1 <= b && s.shape(a+1, b).kind == jsShapeArrow {
			v.kind, v.inner = jsShapeUnary, [2]int{a + 1, b}
			if s.is(a, "await") {
				v.kind = jsShapeAwait
			}
		}
		return v
	}
	return s.callShape(v)
}

// arrow returns the shape of an arrow function whose "=>" is at arrow: its body is a block that
// ends the expression, or an expression that runs to its end.
func (s *jsScan) arrow(v jsShape, arrow int) jsShape {
	body := arrow + 1
	if body > v.e || s.is(body, "{") && s.partner(body, v.e+1) != v.e {
		if s.ts != jsDialectJS && body <= v.e {
			s.unsure("arrow function: a block body that does not end the expression")
		}
		return v
	}
	v.kind, v.body = jsShapeArrow, body
	return v
}

// functionShape returns the shape of an expression that starts with a function whose keyword
// "function" is at kw: the function, or a call or other expression it starts.
func (s *jsScan) functionShape(v jsShape, kw int) jsShape {
	if s.functionEnd(kw, v.e+1) != v.e {
		return s.callShape(v)
	}
	v.kind, v.generator = jsShapeFunction, kw+1 <= v.e && s.is(kw+1, "*")
	v.name, v.body = s.functionName(kw, v.e+1), s.bodyOf(kw, v.e)
	return v
}

// classShape returns the shape of an expression that starts with a class (after decorators)
// whose keyword is at kw.
func (s *jsScan) classShape(v jsShape, kw int) jsShape {
	body := s.classBody(kw, v.e+1)
	if body < 0 || s.partner(body, v.e+1) != v.e {
		return s.callShape(v)
	}
	v.kind, v.body = jsShapeClass, body
	if kw+1 < body && s.isWord(kw+1) && !s.is(kw+1, "extends") {
		v.name = kw + 1
	}
	return v
}

// callShape returns the shape of an expression that is a call when it is a chain of member
// accesses and calls ending in a call, and another otherwise.
func (s *jsScan) callShape(v jsShape) jsShape {
	end, call := s.chain(v.s, v.e)
	if end != v.e || call == -1 {
		return v
	}
	v.kind = jsShapeCall
	if call >= 0 {
		v.inner, v.args = [2]int{v.s, s.calleeEnd(v.s, call)}, call
	} else {
		v.inner = [2]int{v.s, v.e - 1}
	}
	return v
}

// calleeEnd returns the last token of the function a call whose '(' is at call calls, the chain
// from a: before the call's type arguments in TypeScript (`f<T>(x)` calls f).
func (s *jsScan) calleeEnd(a, call int) int {
	if s.ts == jsDialectJS || !s.is(call-1, ">") && !tsRun(s.bytes(call-1), '>') {
		return call - 1
	}
	for j := a; j < call; j++ {
		switch {
		case s.opens(j):
			j = s.partner(j, call)
		case s.is(j, "<") && s.angleEnd(j, call) == call-1:
			return j - 1
		}
	}
	return call - 1
}

// unaryOp reports whether token a is a prefix operator of a unary expression.
func (s *jsScan) unaryOp(a int) bool {
	t := s.t[a]
	if t.kind == jsPunct {
		return t.e-t.s == 1 && bytesHas("!~+-", s.src[t.s])
	}
	return s.keyword(a, "typeof") || s.keyword(a, "void") || s.keyword(a, "delete")
}

// unaryEnd returns the last token of the unary-level expression that starts at a (prefix
// operators, then a chain), or -1.
func (s *jsScan) unaryEnd(a, b int) int {
	for a <= b && (s.unaryOp(a) || s.keyword(a, "await") || s.is(a, "++") || s.is(a, "--")) {
		a++
	}
	if a > b {
		return -1
	}
	end, _ := s.chain(a, b)
	return end
}

// chainEnd returns the last token of the chain of member accesses and calls that starts at a.
func (s *jsScan) chainEnd(a, b int) int {
	end, _ := s.chain(a, b)
	return end
}

// chain reads a primary expression at a and the member accesses, calls and tagged templates
// after it, up to b. It returns the last token read, and the '(' of the call that ends the
// chain, -2 when a tagged template ends it, -1 when no call does.
func (s *jsScan) chain(a, b int) (end, call int) {
	k := s.primaryEnd(a, b)
	if k < 0 {
		return a - 1, -1
	}
	call = -1
	for k+1 <= b {
		n := k + 1
		switch {
		case (s.is(n, ".") || s.is(n, "?.")) && n+1 <= b && s.t[n+1].kind == jsIdent:
			k, call = n+1, -1
		case s.is(n, "?.") && n+1 <= b && (s.is(n+1, "(") || s.is(n+1, "[")):
			k, call = s.partner(n+1, b+1), -1
			if s.is(n+1, "(") {
				call = n + 1
			}
		case s.is(n, "["):
			k, call = s.partner(n, b+1), -1
		case s.is(n, "("):
			k, call = s.partner(n, b+1), n
		case s.t[n].kind == jsTmpl:
			k, call = n, -2
		case s.ts != jsDialectJS && s.is(n, "!") && !s.t[n].nl:
			k, call = n, -1 // x!: the non-null assertion
		case s.ts != jsDialectJS && s.is(n, "<"):
			c := s.angleEnd(n, b+1)
			if c < 0 || c+1 > b || s.holds(n, c, "=") || !s.is(c+1, "(") && s.t[c+1].kind != jsTmpl {
				return k, call
			}
			k = c // f<T>(x): the call's type arguments
		default:
			return k, call
		}
	}
	return k, call
}

// primaryEnd returns the last token of the primary expression at a (a name, a literal, a
// bracketed expression, a function, a class, a new expression), or -1.
func (s *jsScan) primaryEnd(a, b int) int {
	switch t := s.t[a]; {
	case s.opens(a):
		return s.partner(a, b+1)
	case s.keyword(a, "function"):
		return s.functionEnd(a, b+1)
	case s.keyword(a, "async") && a+1 <= b && s.is(a+1, "function"):
		return s.functionEnd(a+1, b+1)
	case s.keyword(a, "class"):
		return s.classEnd(a, b+1)
	case s.keyword(a, "new") && a+1 <= b:
		if s.is(a+1, ".") {
			return min(a+2, b)
		}
		k := s.primaryEnd(a+1, b)
		for k >= 0 && k+1 <= b {
			if (s.is(k+1, ".") || s.is(k+1, "?.")) && k+2 <= b && s.t[k+2].kind == jsIdent {
				k += 2
			} else if s.is(k+1, "[") {
				k = s.partner(k+1, b+1)
			} else {
				break
			}
		}
		if s.ts != jsDialectJS && k >= 0 && k+1 <= b && s.is(k+1, "<") {
			if c := s.angleEnd(k+1, b+1); c > 0 && c+1 <= b && s.is(c+1, "(") && !s.holds(k+1, c, "=") {
				k = c // new Map<K, V>(): the constructor's type arguments
			}
		}
		if k >= 0 && k+1 <= b && s.is(k+1, "(") {
			k = s.partner(k+1, b+1)
		}
		return k
	case t.kind == jsPunct || t.kind == jsEOF:
		return -1
	}
	return a
}

// unwrap returns the expression inside parentheses and unary operators (`(f)`, `!f`, `void f`).
// A comment just inside a parenthesis is what the walk finds there (its first named child), so
// `( /** doc */ function () {...})` unwraps to no function.
func (s *jsScan) unwrap(v jsShape) jsShape {
	for v.kind == jsShapeParen || v.kind == jsShapeUnary {
		if v.kind == jsShapeParen && s.commentAfter(v.s) {
			v.kind = jsShapeOther
			return v
		}
		v = s.shape(v.inner[0], v.inner[1])
	}
	return v
}

// commentAfter reports whether a comment comes between token i and the next.
func (s *jsScan) commentAfter(i int) bool {
	if i+1 >= len(s.t) {
		return false
	}
	for _, c := range s.src[s.t[i].e:s.t[i+1].s] {
		if !jsSpace(c) {
			return true
		}
	}
	return false
}
