package lang

// The members of TypeScript's classes, interfaces and object literals, for the TypeScript
// scanner (ts_scan.go): modifiers, optional and definite marks, type parameters, type
// annotations, method signatures and their overloads, index signatures.

import "github.com/readmap/readmap/store"

// tsModifiers are the words that modify a class member before its key.
var tsModifiers = map[string]bool{
	"public": true, "private": true, "protected": true, "readonly": true, "abstract": true,
	"override": true, "declare": true, "accessor": true,
}

// tsMember reads the member of a class body or an object literal that starts at i, before limit
// (member): decorators, modifiers, a key, '?' or '!', then type parameters, parameters, a return
// type and a body or none (a signature), or a type annotation and a value.
func (s *jsScan) tsMember(i, limit int, inClass bool) (jsMember, bool) {
	m := jsMember{s: i, body: -1, value: -1}
	k := s.decorators(i, limit)
	m.head = k
	for k+1 < limit {
		if s.t[k+1].nl && s.keyFollows(k) && (s.is(k, "async") || s.is(k, "get") || s.is(k, "set") || s.is(k, "static")) {
			s.unsure("member: a modifier or a key before a line break")
			return m, false
		}
		if s.modifier(k, inClass) {
			m.accessor = m.accessor || s.is(k, "get") || s.is(k, "set")
			k++
			continue
		}
		if !inClass || !s.isWord(k) || !tsModifiers[string(s.bytes(k))] || !s.keyFollows(k) {
			break
		}
		if s.t[k+1].nl {
			s.unsure("class: a modifier before a line break")
			return m, false
		}
		k++
	}
	if k >= limit {
		return m, false
	}
	if inClass && s.indexSignature(k, limit) {
		if k != m.head {
			s.unsure("class: an index signature with modifiers")
			return m, false
		}
		m.index, m.e = true, s.annotationEnd(s.partner(k, limit)+1, limit)
		return m, true
	}
	m.key, m.keyEnd = k, k
	switch t := s.t[k]; {
	case s.is(k, "["):
		m.keyEnd = s.partner(k, limit)
	case t.kind == jsIdent || t.kind == jsStr || t.kind == jsNum:
	default:
		return m, false
	}
	next := m.keyEnd + 1
	if inClass && next < limit && (s.is(next, "?") || s.is(next, "!")) {
		next++
	}
	if next < limit && s.t[next].nl && (s.is(next, "(") || s.is(next, "<")) {
		s.unsure("member: parameters after a line break")
		return m, false
	}
	if p := s.typeParamsEnd(next, limit); p != next {
		if p >= limit || !s.is(p, "(") {
			s.unsure("member: type parameters without parameters")
			return m, false
		}
		next = p
	}
	switch {
	case next < limit && s.is(next, "("):
		return s.tsMethodParts(m, next, limit, inClass)
	case !inClass && next < limit && s.is(next, ":"):
		m.pair, m.value = true, next+1
		return m, next+1 < limit
	case inClass:
		m.headEnd = s.annotationEnd(next, limit)
		if m.headEnd+1 < limit && s.is(m.headEnd+1, "=") {
			m.value = m.headEnd + 2
		}
	}
	return m, true
}

// keyFollows reports whether the token after k can be a member's key (so that k is a modifier).
func (s *jsScan) keyFollows(k int) bool {
	switch s.t[k+1].kind {
	case jsIdent, jsStr, jsNum:
		return true
	}
	return s.is(k+1, "[") || s.is(k+1, "*")
}

// indexSignature reports whether an index signature `[key: type]: type` starts at k.
func (s *jsScan) indexSignature(k, limit int) bool {
	return k+2 < limit && s.is(k, "[") && s.isWord(k+1) && s.is(k+2, ":")
}

// tsMethodParts completes member m at its parameters' '(' at open: a return type, and a body or,
// in a class, none.
func (s *jsScan) tsMethodParts(m jsMember, open, limit int, inClass bool) (jsMember, bool) {
	r := s.annotationEnd(s.partner(open, limit)+1, limit)
	if r+1 < limit && s.is(r+1, "{") {
		m.method, m.body = true, r+1
		m.e = s.partner(r+1, limit)
		return m, true
	}
	if !inClass {
		return m, false
	}
	m.signature, m.e = true, r
	return m, true
}

// tsClassMembers maps the members of the class body [open, close] as children of parent
// (classMembers): methods and their signatures (jsMethod), fields (jsField); index signatures and
// static blocks map nothing.
func (s *jsScan) tsClassMembers(open, close int, at tsAt) {
	for j := open + 1; ; {
		var more bool
		if j, more = s.nextClassMember(j, close); !more {
			return
		}
		m, ok := s.tsMember(j, close, true)
		if !ok {
			s.unsure("class: a member the scanner does not read")
			return
		}
		switch {
		case m.index:
			j = s.memberEnd(m.e, close)
		case m.method:
			s.tsMethod(m, at)
			j = m.e + 1
		case m.signature:
			s.tsMethod(m, at)
			j = s.memberEnd(m.e, close)
		case m.value >= 0:
			end := s.expressionEndBy(m.value-1, close, true) // a ',' ends a member too
			m.e, j = end, end+1
			if s.is(end, ";") {
				m.e = max(end-1, m.keyEnd)
			} else if j < close && s.is(j, ",") {
				j++
			}
			s.tsField(m, at)
		default:
			m.e = m.headEnd
			s.tsField(m, at)
			j = s.memberEnd(m.e, close)
		}
	}
}

// memberEnd returns the index after a member whose last token is e: past its ';' or ','; a
// member that neither ends its line nor the body makes the file unsure.
func (s *jsScan) memberEnd(e, close int) int {
	j := e + 1
	switch {
	case j >= close:
		return close
	case s.is(j, ";") || s.is(j, ","):
		return j + 1
	case !s.t[j].nl:
		s.unsure("member: a token after a member on its line")
		return close
	}
	return j
}

// tsMethod maps a method or a method signature (jsMethod): consecutive overloads of one name
// and the implementation after them are one symbol; accessors are never overloads.
func (s *jsScan) tsMethod(m jsMember, at tsAt) int {
	name := s.nameOf(m)
	if name == "" {
		return -1
	}
	kind := store.KindMethod
	if name == "constructor" {
		kind = store.KindConstructor
	}
	return s.declareOverload(m.s, m.e, at, name, kind, s.sigFrom(m.head, at), m.body, !m.accessor)
}

// tsField maps a class field (jsField), named as jsNameOf names it; one holding a function is a
// method.
func (s *jsScan) tsField(m jsMember, at tsAt) int {
	name := s.nameOf(m)
	if m.value >= 0 && m.value <= m.e {
		if v := s.shape(m.value, m.e); v.functionKind() == store.KindFunction {
			return s.declare(m.s, m.e, at, name, store.KindMethod, s.sigFrom(m.head, at), v.body)
		}
	}
	return s.span(m.s, m.e, at, name, store.KindField, s.w.sigLine(s.sigFrom(m.head, at), uint32(s.t[m.e].e)))
}

// typeMembers maps the members of the interface body [open, close] as children of parent:
// properties (jsTypeMember), method signatures (jsMethod) and construct signatures; call and
// index signatures map nothing.
func (s *jsScan) typeMembers(open, close, parent int) {
	if s.nest >= tsMaxNest || parent < 0 {
		return
	}
	s.nest++
	defer func() { s.nest-- }()
	at := tsAt{parent: parent, start: -1, sig: -1}
	for j := open + 1; j < close; {
		if s.tick() {
			return
		}
		if s.is(j, ";") || s.is(j, ",") {
			j++
			continue
		}
		e := s.typeMember(j, close, at)
		if e < j {
			s.unsure("interface: a member the scanner does not read")
			return
		}
		j = s.memberEnd(e, close)
	}
}

// typeMember maps the member of an interface that starts at j and returns its last token, or -1.
func (s *jsScan) typeMember(j, close int, at tsAt) int {
	switch {
	case s.is(j, "(") || s.is(j, "<"):
		return s.signatureEnd(j, close)
	case s.is(j, "new") && j+1 < close && (s.is(j+1, "(") || s.is(j+1, "<")):
		if s.t[j+1].nl {
			return -1 // a property named new, or a construct signature
		}
		e := s.signatureEnd(j+1, close)
		if e > j {
			s.declareOverload(j, e, at, "new", store.KindMethod, uint32(s.t[j].s), -1, true)
		}
		return e
	}
	if s.is(j, "abstract") && j+1 < close && s.is(j+1, "new") {
		return -1
	}
	m := jsMember{s: j, head: j, body: -1, value: -1}
	k := j
	for k+1 < close && (s.is(k, "readonly") || s.is(k, "get") || s.is(k, "set")) && s.keyFollows(k) {
		if s.t[k+1].nl {
			return -1
		}
		m.accessor = m.accessor || !s.is(k, "readonly")
		k++
	}
	if s.indexSignature(k, close) {
		return s.annotationEnd(s.partner(k, close)+1, close)
	}
	m.key, m.keyEnd = k, k
	switch t := s.t[k]; {
	case s.is(k, "["):
		m.keyEnd = s.partner(k, close)
		if s.holds(k, m.keyEnd, "in") {
			return -1 // a mapped type's key
		}
	case t.kind == jsIdent || t.kind == jsStr || t.kind == jsNum:
	default:
		return -1
	}
	next := m.keyEnd + 1
	if next < close && s.is(next, "?") {
		next++
	}
	if next < close && s.t[next].nl && (s.is(next, "(") || s.is(next, "<")) {
		return -1 // the grammar's scanner ends a property there
	}
	if next < close && (s.is(next, "(") || s.is(next, "<")) {
		m.e = s.signatureEnd(next, close)
		if m.e >= next {
			s.tsMethod(m, at)
		}
		return m.e
	}
	m.e = s.annotationEnd(next, close)
	if name := s.nameOf(m); name != "" {
		s.span(j, m.e, at, name, store.KindProperty, s.w.sigLine(uint32(s.t[j].s), uint32(s.t[m.e].e)))
	}
	return m.e
}

// signatureEnd returns the last token of the call signature at k: type parameters, parameters,
// a return type; or -1.
func (s *jsScan) signatureEnd(k, close int) int {
	k = s.typeParamsEnd(k, close)
	if k >= close || !s.is(k, "(") {
		return -1
	}
	return s.annotationEnd(s.partner(k, close)+1, close)
}
