package lang

// How the C scanner (cscan.go) reads one statement's tokens as a declaration: its specifiers (the
// type, storage class, qualifiers and attributes), where its declarators start, and what each
// declarator declares, mirroring what the tree-sitter walk with c.go's table (cDeclaration,
// cTypedef, cFunction, cDeclarator) makes of the same declaration, to the signature. Then the kernel's and glibc's idioms that the C grammar alone
// cannot read: annotation macros (`__init`, `__printf(1, 2)`), declarations made by macros
// (`static DEFINE_MUTEX(m);`), functions defined by macros (`SYSCALL_DEFINE3(...) {`), and
// macro calls at file level (`EXPORT_SYMBOL(f);`), which declare nothing.

import (
	"strings"

	"github.com/readmap/readmap/store"
)

// cStmt is one statement as the scanner read it: its tokens are s.toks[base:].
type cStmt struct {
	base, holes, pending int     // where the statement starts in s.toks, s.holes and s.pending
	firstSym             int     // the first of its symbols in s.res.Symbols
	parent               int     // the symbol its declarations belong to, or -1
	end                  clexTok // its last token: its ';', its function body's '}', or where it stopped
	macros               bool    // it is macro invocations that need no ';' (see macroLine)
	fn                   bool    // a function definition, whose body opens at body
	body                 clexTok // the function body's '{'
	// spec is the index in s.toks of the struct, union or enum keyword whose body the statement
	// holds, or -1; specBody the index of that body's token. specSym is the symbol made for it at
	// its '{' (so that it precedes its members), or -1 for an anonymous type whose members belong
	// to the container. reserved says specSym is an anonymous type a typedef names (see declare).
	spec, specBody, specSym int
	reserved                bool
	// knr is the index (from base) of the '(' of an old-style parameter list whose declarations
	// the statement holds, or -1; knrOpen and knrClose are those of the list it may have, once
	// knrLooked.
	knr, knrOpen, knrClose int
	knrLooked              bool
}

// cWord classes the words the scanner reads specially; cwNone is any other identifier.
type cWord uint8

const (
	cwNone      cWord = iota
	cwTypedef         // typedef
	cwExtern          // extern, which `extern "C"` follows with a string
	cwStorage         // static, inline, ...: storage classes and function specifiers
	cwConst           // const, constexpr: what makes a declaration's kind const
	cwQualifier       // volatile, restrict, ...
	cwAtomic          // _Atomic: a qualifier, or a type specifier with parentheses
	cwPrimitive       // the types the C grammar knows by name: int, size_t, uint8_t, ...
	cwSized           // signed, unsigned, long, short
	cwTag             // struct, union, enum
	cwAttribute       // __attribute__, __declspec: with their parenthesised arguments
	cwAlignas         // alignas, _Alignas, with parentheses
	cwAsm             // asm, __asm__: an asm label after a declarator
	cwTypeof          // typeof, __typeof__, __typeof: a type specifier with parentheses
	cwOther           // the other keywords: none starts or continues a declaration
)

// cReserved are the words C reserves, which no declaration can be named by: where one stands in
// a declarator's place, a macro wrapped the declaration (`typedef PNG_CALLBACK(void, *png_rw_ptr,
// ...)`, `__extern_inline int __NTH (atoi (...))`) and no name is read rather than a keyword.
var cReserved = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields("auto break case char const continue default do double else enum extern float for goto if inline int long register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while _Bool bool true false") {
		m[w] = true
	}
	return m
}()

// cKeywords are the words of cWord's classes, as tree-sitter's C grammar knows them.
var cKeywords = func() map[string]cWord {
	m := map[string]cWord{"typedef": cwTypedef, "extern": cwExtern, "const": cwConst, "constexpr": cwConst,
		"_Atomic": cwAtomic, "__attribute__": cwAttribute, "__declspec": cwAttribute,
		"alignas": cwAlignas, "_Alignas": cwAlignas, "asm": cwAsm, "__asm__": cwAsm,
		"typeof": cwTypeof, "__typeof__": cwTypeof, "__typeof": cwTypeof}
	for _, w := range []string{"static", "auto", "register", "inline", "__inline", "__inline__", "__forceinline",
		"thread_local", "__thread"} {
		m[w] = cwStorage
	}
	for _, w := range []string{"volatile", "restrict", "__restrict__", "_Noreturn", "noreturn", "__extension__",
		"__based", "__cdecl", "__clrcall", "__stdcall", "__fastcall", "__thiscall", "__vectorcall", "_unaligned", "__unaligned"} {
		m[w] = cwQualifier
	}
	for _, w := range []string{"bool", "char", "int", "float", "double", "void", "size_t", "ssize_t", "ptrdiff_t",
		"intptr_t", "uintptr_t", "charptr_t", "nullptr_t", "max_align_t", "int8_t", "int16_t", "int32_t", "int64_t",
		"uint8_t", "uint16_t", "uint32_t", "uint64_t", "char8_t", "char16_t", "char32_t", "char64_t"} {
		m[w] = cwPrimitive
	}
	for _, w := range []string{"signed", "unsigned", "long", "short"} {
		m[w] = cwSized
	}
	for _, w := range []string{"struct", "union", "enum"} {
		m[w] = cwTag
	}
	for _, w := range []string{"if", "else", "switch", "case", "default", "while", "do", "for", "return", "break",
		"continue", "goto", "sizeof", "_Generic", "offsetof", "NULL", "nullptr"} {
		m[w] = cwOther
	}
	return m
}()

// cTagKinds are the kinds of struct, union and enum.
var cTagKinds = map[string]store.Kind{"struct": store.KindStruct, "union": store.KindUnion, "enum": store.KindEnum}

// wordOf returns the class of token t: cwNone for an identifier that is no keyword, cwOther for
// a token that is no identifier.
func (s *cScan) wordOf(t clexTok) cWord {
	if t.kind != clexIdent {
		return cwOther
	}
	return cKeywords[string(s.word(t))]
}

// specifierAt returns the index in s.toks of the struct, union or enum keyword whose body a '{'
// after the statement's tokens so far (from base) opens, or -1: the keyword may be followed by
// attributes, annotation macros, a name, and an enum's underlying type.
func (s *cScan) specifierAt(base int) int {
	for i := len(s.toks) - 1; i >= base; i-- {
		t := s.toks[i]
		switch {
		case t.kind == clexIdent:
			switch s.wordOf(t) {
			case cwTag:
				return i
			case cwNone, cwAttribute, cwAlignas, cwSized, cwPrimitive:
			default:
				return -1
			}
		case s.is(t, ')') || s.is(t, ']'):
			// Arguments of an attribute or an annotation macro (`__aligned(8)`).
			open := s.openOf(base, i)
			if open <= base || s.toks[open-1].kind != clexIdent {
				return -1
			}
			if !s.annotation(s.toks[open-1]) || s.paramsLike(s.toks, open+1, i) {
				return -1 // `struct s f(void) {`: a function returning a struct
			}
			i = open
		case s.is(t, ':'):
		case s.is(t, '['):
		default:
			return -1
		}
	}
	return -1
}

// openOf returns the index of the bracket that the ')' or ']' at close closes, searching back to
// base, or -1.
func (s *cScan) openOf(base, close int) int {
	depth := 0
	for i := close; i >= base; i-- {
		if s.toks[i].kind != clexPunct {
			continue
		}
		switch s.src[s.toks[i].start] {
		case ')', ']':
			depth++
		case '(', '[':
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// tagName returns the index of the name of the struct, union or enum whose keyword is at kw: the
// last identifier before the body that is not an attribute or annotation call, or -1 when there
// is none.
func (s *cScan) tagName(kw int) int {
	name := -1
	for i := kw + 1; i < len(s.toks); i++ {
		t := s.toks[i]
		switch {
		case s.is(t, ':'):
			return name // an enum's underlying type follows
		case t.kind == clexIdent && s.wordOf(t) == cwNone && !(i+1 < len(s.toks) && s.is(s.toks[i+1], '(')):
			name = i
		case s.is(t, '(') || s.is(t, '['):
			depth := 0
			for ; i < len(s.toks); i++ {
				if s.is(s.toks[i], '(') || s.is(s.toks[i], '[') {
					depth++
				} else if s.is(s.toks[i], ')') || s.is(s.toks[i], ']') {
					if depth--; depth == 0 {
						break
					}
				}
			}
		}
	}
	return name
}

// matchBrackets fills s.match for toks: for each '(' and '[' the index of the bracket that closes
// it (len(toks) when none does), so that the readers below jump over groups in one step.
func (s *cScan) matchBrackets(toks []clexTok) []int32 {
	match := s.match[:0]
	stack := s.stack[:0]
	for i, t := range toks {
		match = append(match, int32(len(toks)))
		if t.kind != clexPunct {
			continue
		}
		switch s.src[t.start] {
		case '(', '[':
			stack = append(stack, int32(i))
		case ')', ']':
			if len(stack) > 0 {
				match[stack[len(stack)-1]] = int32(i)
				stack = stack[:len(stack)-1]
			}
		}
	}
	s.match, s.stack = match, stack
	return match
}

// cSpecs is what the specifiers of a declaration say.
type cSpecs struct {
	typedef, isConst bool
	linkage          bool // it starts with `extern "C"`
	call             bool // not a declaration: a macro call or an expression
	macroFunc        bool // a function definition that starts with a name and its arguments
	sigFrom          int  // the first token after leading attributes: where signatures start
	typeName         int  // the token of a type that is an identifier, or -1
	declStart        int  // the first token of the first declarator (len(toks) when none)
}

// specifiers reads the specifiers of the statement's tokens, up to its first declarator.
func (s *cScan) specifiers(toks []clexTok, match []int32, st *cStmt) cSpecs {
	n := len(toks)
	knr := st.knr // the '(' of an old-style parameter list
	sp := cSpecs{typeName: -1, declStart: n}
	i := 0
	for i < n && s.leadingAttr(toks, i) {
		end := match[i+1] // `__attribute__((...))`: the group after the keyword
		if s.is(toks[i], '[') {
			end = match[i] // `[[...]]`: the outer bracket
		}
		i = min(int(end)+1, n)
	}
	sp.sigFrom = i
	// What of the type has been read: nothing, only signed/unsigned/long/short, or a type (a
	// primitive, a name, a struct, ...), after which a primitive's name is the declarator's.
	const (
		typeNone = iota
		typeSized
		typeFull
	)
	typ := typeNone
	storage := false // a storage class was read
	for i < n {
		t := toks[i]
		if t.kind == clexBody {
			i++
			continue
		}
		if t.kind != clexIdent {
			if t.kind == clexPunct {
				switch c := s.src[t.start]; {
				case c == '[' && i+1 < n && s.is(toks[i+1], '['):
					i = int(match[i]) + 1
					continue
				case typ != typeNone && (c == '*' || c == '('), c == '*' && storage:
					// `extern __FILE *f(void);`: a type the reserved names took away still
					// leaves a declaration after a storage class.
					sp.declStart = i
					return sp
				}
			}
			sp.call = true
			return sp
		}
		switch s.wordOf(t) {
		case cwTypedef:
			sp.typedef = true
		case cwConst:
			sp.isConst = true
		case cwExtern:
			storage = true
			if i+1 < n && toks[i+1].kind == clexString {
				sp.linkage = sp.linkage || i == sp.sigFrom
				i++
			}
		case cwStorage:
			storage = true
		case cwQualifier:
		case cwSized:
			typ = max(typ, typeSized)
		case cwPrimitive:
			// `typedef short int16_t;`: the grammar takes a primitive's name after a type for
			// the declarator, when nothing but the declaration's end follows.
			if typ != typeNone && (i+1 == n || strings.IndexByte(";,=[)", s.src[toks[i+1].start]) >= 0) {
				sp.declStart = i
				return sp
			}
			typ = typeFull
		case cwTag:
			typ = typeFull
			i = s.tagEnd(toks, match, st, i)
			continue
		case cwAttribute, cwAlignas, cwAsm:
			i = s.groupEnd(toks, match, i)
			continue
		case cwTypeof:
			typ = typeFull
			i = s.groupEnd(toks, match, i)
			continue
		case cwAtomic:
			if i+1 < n && s.is(toks[i+1], '(') {
				typ = typeFull
				i = s.groupEnd(toks, match, i)
				continue
			}
		case cwOther:
			sp.call = true
			return sp
		default: // an identifier
			group := i+1 < n && s.is(toks[i+1], '(')
			after := i + 1
			if group {
				after = int(match[i+1]) + 1
			}
			switch {
			case typ == typeNone && group && st.fn && after >= n:
				// `SYSCALL_DEFINE3(read, ...) {`, `main() {`: a function a macro defines (see
				// function), or an old one of implicit type.
				sp.declStart, sp.macroFunc = i, true
				return sp
			case typ == typeNone && group && i == sp.sigFrom && !s.inType && s.callOnly(toks, match, after):
				sp.call = true // `EXPORT_SYMBOL(f);`, `module_init(f);`
				return sp
			case typ == typeNone && group && s.annotation(t) && after < n && s.declaratorFollows(toks, after):
				i = after // `__printf(1, 2) int f(...)`
				continue
			case typ == typeNone && group && after < n && (s.declaratorFollows(toks, after) || s.is(toks[after], '(') && !s.declaratorIn(toks, i+2, int(match[i+1]))):
				// `STACK_OF(X509) *certs;`, `PyAPI_FUNC(int) f(void);`,
				// `PyAPI_DATA(int) (*hook)(void);`: a macro that makes the type, as the
				// grammar's macro_type_specifier.
				typ = typeFull
				sp.typeName = i
				i = after
				continue
			case typ == typeNone:
				// A type's name; `static DEFINE_MUTEX(m);`: the C grammar reads a type and a
				// parenthesised declarator, and so does the scanner.
				typ = typeFull
				sp.typeName = i
				i++
				continue
			case typ == typeSized && !group && i+1 < n && s.declaratorFollows(toks, i+1):
				// `unsigned __int8 uint8_t`: the grammar's sized type takes a name; `unsigned
				// x` declares x.
				typ = typeFull
				i++
				continue
			case sp.typeName >= 0 && s.annotation(toks[sp.typeName]) && !s.annotation(t) && i+1 < n &&
				(s.wordOf(toks[i+1]) == cwNone || group && s.declaratorIn(toks, i+2, int(match[i+1]))):
				// `__read_mostly u64 __offset;`, `static __maybe_unused u64 (*fns[])(void)`:
				// the name taken for the type was an annotation, and this is the type.
				sp.typeName = i
				i++
				continue
			case group && s.annotation(t) && i+2 < n && s.is(toks[i+2], '*') && !s.paramsLike(toks, i+2, int(match[i+1])):
				i++ // `void __weak (*hook)(void);`: the parentheses hold the declarator
				continue
			case group && (i+1 == knr || s.paramsLike(toks, i+2, int(match[i+1]))):
				// The function: `int f(a, b) int a;`, `void __f(int a) __releases(x)`.
			case s.declaratorAhead(toks, match, after):
				// An annotation macro, as the kernel writes them between the type and the
				// name: `int __init f(void)`, `void __iomem *p`, `int __section(".x") f(void)`,
				// `Py_DEPRECATED(3.0) PyAPI_FUNC(int) f(void)`.
				i = after
				continue
			}
			sp.declStart = i
			return sp
		}
		i++
	}
	return sp
}

// declaratorIn reports whether toks[i:end], the inside of parentheses, can be a declarator: a
// pointer, more parentheses, or a name that is no keyword (`Boolean (*proc)(void)`,
// `DECL(name)(int a)`), rather than the type a macro takes (`PyAPI_DATA(int)`).
func (s *cScan) declaratorIn(toks []clexTok, i, end int) bool {
	if i >= end {
		return false
	}
	return s.is(toks[i], '*') || s.is(toks[i], '(') || s.wordOf(toks[i]) == cwNone && (i+1 == end || s.is(toks[i+1], '[') || s.is(toks[i+1], '('))
}

// callOnly reports whether a statement that starts with `name(...)` and goes on at after reads
// as a call, as the grammar prefers it: nothing more, or more parenthesised groups none of which
// declares parameters (`T(x)(y);`, but not `DECL(f)(int a);`).
func (s *cScan) callOnly(toks []clexTok, match []int32, after int) bool {
	for after < len(toks) {
		if !s.is(toks[after], '(') {
			return false
		}
		close := int(match[after])
		for i := after + 1; i < close; i++ {
			if w := s.wordOf(toks[i]); w != cwNone && w != cwOther ||
				toks[i].kind == clexIdent && i+1 < close && (toks[i+1].kind == clexIdent || s.is(toks[i+1], '*') && i+2 < close && toks[i+2].kind == clexIdent) {
				return false
			}
		}
		after = close + 1
	}
	return true
}

// leadingAttr reports whether an attribute the tree-sitter walk leaves out of signatures starts
// at toks[i]: `__attribute__((...))`, `__declspec(...)` or `[[...]]`.
func (s *cScan) leadingAttr(toks []clexTok, i int) bool {
	if i+1 >= len(toks) || !s.is(toks[i+1], '(') && !s.is(toks[i+1], '[') {
		return false
	}
	if s.is(toks[i], '[') {
		return s.is(toks[i+1], '[')
	}
	return s.wordOf(toks[i]) == cwAttribute && s.is(toks[i+1], '(')
}

// groupEnd returns the index after the keyword at i and its parenthesised group, if one follows.
func (s *cScan) groupEnd(toks []clexTok, match []int32, i int) int {
	if i+1 < len(toks) && s.is(toks[i+1], '(') {
		return int(match[i+1]) + 1
	}
	return i + 1
}

// tagEnd returns the index after a struct, union or enum type whose keyword is at i: its
// attributes, its name, and its body when the statement holds it.
func (s *cScan) tagEnd(toks []clexTok, match []int32, st *cStmt, i int) int {
	if st.spec-st.base == i {
		return st.specBody - st.base + 1
	}
	i++
	for i < len(toks) {
		switch {
		case s.wordOf(toks[i]) == cwAttribute:
			i = s.groupEnd(toks, match, i)
		case toks[i].kind == clexIdent && s.wordOf(toks[i]) == cwNone:
			return i + 1
		default:
			return i
		}
	}
	return i
}

// annotation reports whether identifier t is named as the kernel names its annotation macros
// (`__init`, `__percpu`, `__printf`): with two leading underscores.
func (s *cScan) annotation(t clexTok) bool {
	w := s.word(t)
	return len(w) > 2 && w[0] == '_' && w[1] == '_'
}

// declaratorFollows reports whether toks[i] can continue the specifiers of a declaration after
// an annotation: an identifier that is no attribute or asm label, or a '*'.
func (s *cScan) declaratorFollows(toks []clexTok, i int) bool {
	if s.is(toks[i], '*') {
		return true
	}
	switch s.wordOf(toks[i]) {
	case cwNone, cwStorage, cwQualifier, cwConst, cwPrimitive, cwSized, cwTag, cwTypeof, cwAtomic, cwExtern:
		return true
	}
	return false
}

// declaratorAhead reports whether a declarator lies ahead of toks[i] past annotation macros
// (names with two leading underscores, with their arguments) and attributes: then what stands
// before i is an annotation too. `int __init f(void)` has f ahead of __init; `struct s v
// __cacheline_aligned;` has nothing ahead of v, which is the declarator.
func (s *cScan) declaratorAhead(toks []clexTok, match []int32, i int) bool {
	// A run of annotations is short; looking a bounded way keeps a pathological run linear.
	for end := min(len(toks), i+64); i < end; {
		t := toks[i]
		if s.is(t, '*') {
			return true
		}
		switch s.wordOf(t) {
		case cwAttribute, cwAlignas:
			i = s.groupEnd(toks, match, i)
			continue
		case cwNone:
		case cwStorage, cwQualifier, cwConst, cwPrimitive, cwSized, cwTag, cwTypeof, cwAtomic, cwExtern, cwTypedef:
			return true
		default:
			return false
		}
		if !s.annotation(t) {
			return true
		}
		if i+1 < len(toks) && s.is(toks[i+1], '(') {
			if s.paramsLike(toks, i+2, int(match[i+1])) {
				return true // a function of a name with underscores: `int __init __f(void)`
			}
			i = int(match[i+1]) + 1
			continue
		}
		i++
	}
	return false
}

// paramsLike reports whether toks[from:to], the inside of parentheses, reads as a function's
// parameters rather than a macro's arguments: empty, or with a type's keyword, two names in a
// row, a name and a '*', or "...", outside inner brackets.
func (s *cScan) paramsLike(toks []clexTok, from, to int) bool {
	if from >= to {
		return true
	}
	depth := 0
	for i := from; i < to; i++ {
		t := toks[i]
		switch {
		case s.is(t, '(') || s.is(t, '['):
			depth++
		case s.is(t, ')') || s.is(t, ']'):
			depth--
		case depth > 0:
		case t.kind == clexIdent:
			if w := s.wordOf(t); w != cwNone && w != cwOther {
				return true
			}
			if i+1 < to && (toks[i+1].kind == clexIdent || s.is(toks[i+1], '*')) {
				return true
			}
		case s.is(t, '.') && i+2 < to && s.is(toks[i+1], '.') && s.is(toks[i+2], '.'):
			return true
		}
	}
	return false
}

// cDeclr is what one declarator declares, as cDeclarator reads it from a tree.
type cDeclr struct {
	name   int // the token of its name, or -1
	isFunc bool
}

// declarator reads the declarator in toks[i:n] as the tree-sitter walk's cDeclarator does:
// through pointers, parentheses, function parameters and array sizes to the name, noting whether
// it declares a function (a function declarator whose declarator is not parenthesised: `f(void)`
// but not `(*fp)(void)`).
func (s *cScan) declarator(toks []clexTok, match []int32, i, n int) cDeclr {
	d := cDeclr{name: -1}
	sawFunc := false
	for level := 0; i < n && level < 256; level++ {
		i = s.pointers(toks, match, i, n)
		if i >= n {
			return d
		}
		innerStart, innerEnd := -1, -1
		switch t := toks[i]; {
		case s.is(t, '('):
			innerStart, innerEnd = i+1, int(match[i])
			i = innerEnd + 1
		case t.kind == clexIdent && (s.wordOf(t) == cwNone || s.wordOf(t) == cwPrimitive):
			d.name = i
			i++
		default:
			return d
		}
		hasFunc := false
	suffixes:
		for i < n {
			switch {
			case s.is(toks[i], '('):
				hasFunc = true
				i = int(match[i]) + 1
			case s.is(toks[i], '['):
				i = int(match[i]) + 1
			default:
				break suffixes
			}
		}
		if hasFunc && !sawFunc {
			sawFunc, d.isFunc = true, true
		}
		if innerStart < 0 {
			return d
		}
		if sawFunc {
			d.isFunc = false // int (*fp)(int): a pointer to a function
		}
		i, n = innerStart, min(innerEnd, n)
	}
	return d
}

// pointers returns the index after the pointers that start a declarator at i, with their
// qualifiers, attributes and annotation macros.
func (s *cScan) pointers(toks []clexTok, match []int32, i, n int) int {
	for i < n {
		t := toks[i]
		if s.is(t, '*') {
			i++
			continue
		}
		if t.kind != clexIdent {
			return i
		}
		switch s.wordOf(t) {
		case cwConst, cwQualifier, cwAtomic:
			i++
		case cwAttribute:
			i = s.groupEnd(toks, match, i)
		case cwNone:
			if after := s.groupEnd(toks, match, i); s.annotation(t) && s.declaratorAhead(toks, match, after) && !(after > i+1 && s.paramsLike(toks, i+2, after-1)) {
				i = after // `char * __rcu p`
				continue
			}
			return i
		default:
			return i
		}
	}
	return i
}

// declare maps the statement st as a declaration: a function definition, a typedef, or a
// declaration of types, functions and variables (fields in a struct), as the tree-sitter walk's
// cFunction, cTypedef and cDeclaration do.
func (s *cScan) declare(st *cStmt) {
	toks := s.toks[st.base:]
	if len(toks) == 0 {
		s.dropSpec(st)
		return
	}
	match := s.matchBrackets(toks)
	sp := s.specifiers(toks, match, st)
	if sp.call || st.macros && len(toks) > 1 {
		// A run of macro invocations without a ';' declares nothing; a name alone on its line
		// (G_BEGIN_DECLS) does not either, and is read as a type without a declarator.
		s.dropSpec(st)
		return
	}
	start := int(toks[0].line)
	end := int(st.end.endLine)
	sigFrom := toks[min(sp.sigFrom, len(toks)-1)].start
	// The declarators, split at the commas outside brackets.
	var decls [][2]int
	for i := sp.declStart; i < len(toks); {
		j := i
		for j < len(toks) && !s.is(toks[j], ',') {
			if s.is(toks[j], '(') || s.is(toks[j], '[') {
				j = int(match[j])
			}
			j++
		}
		decls = append(decls, [2]int{i, min(j, len(toks))})
		i = j + 1
	}
	switch {
	case st.fn:
		s.function(st, toks, match, sp, decls, start, sigFrom)
	case sp.typedef:
		s.typedef(st, toks, match, decls, start, end, sigFrom)
	default:
		s.declaration(st, toks, match, sp, decls, start, end, sigFrom)
	}
}

// dropSpec removes the type a statement that declares nothing made at its '{' (a typedef without
// a name, a macro call with a struct inside): tree-sitter maps neither.
func (s *cScan) dropSpec(st *cStmt) {
	if st.reserved || st.specSym >= 0 && st.fn {
		s.res.Symbols = s.res.Symbols[:st.specSym]
	}
}

// declEnd returns the index after the tokens of declarator [from, to) that tree-sitter's
// declarator node covers: with an initializer, all of them; else the declarator itself, and
// after a function's parameters its attributes and asm label, but not a variable's trailing
// attributes or a field's bit width.
func (s *cScan) declEnd(toks []clexTok, match []int32, from, to int) int {
	for i := from; i < to; i++ {
		switch {
		case s.is(toks[i], '(') || s.is(toks[i], '['):
			i = int(match[i])
		case s.is(toks[i], '='):
			return to
		}
	}
	i := s.pointers(toks, match, from, to)
	if i >= to {
		return to
	}
	if s.is(toks[i], '(') || s.is(toks[i], '[') {
		i = int(match[i]) + 1
	} else {
		i++
	}
	fn := false
	for i < to && (s.is(toks[i], '(') || s.is(toks[i], '[')) {
		fn = fn || s.is(toks[i], '(')
		i = int(match[i]) + 1
	}
	if fn {
		// `int f(void) __attribute__((noreturn)) __acquires(x)`
		for i < to && toks[i].kind == clexIdent {
			i = s.groupEnd(toks, match, i)
		}
	}
	return min(i, to)
}

// cWrapped matches what follows the keyword of `__extern_inline int __NTH (atoi (...)) {`: a
// macro named in reserved capitals (one or two underscores) wrapping the function's declarator.
var cWrapped = lazyRegexp(`^\s*_{1,2}[A-Z][A-Z0-9_]*\s*\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(`)

// function maps a function definition (cFunction): its signature runs to the body.
func (s *cScan) function(st *cStmt, toks []clexTok, match []int32, sp cSpecs, decls [][2]int, start int, sigFrom int32) {
	s.dropSpec(st)
	if len(decls) == 0 {
		return
	}
	dn := decls[0]
	d := s.declarator(toks, match, dn[0], dn[1])
	if d.name < 0 {
		return
	}
	if sp.macroFunc {
		d.name = s.macroFuncName(toks, d.name)
	}
	name := s.name(toks[d.name])
	if cReserved[name] {
		// `__extern_inline int __NTH (atoi (const char *__nptr)) {`: glibc wraps the declarator
		// in a macro, and the keyword before it stands where a name would.
		m := cWrapped().FindSubmatch(s.src[toks[d.name].end:st.body.start])
		if m == nil || cReserved[string(m[1])] {
			return
		}
		d.isFunc, name = true, clip(string(m[1]), tsMaxName)
	}
	if !d.isFunc {
		dnEnd := s.declEnd(toks, match, dn[0], dn[1])
		prefix := s.raw(sigFrom, toks[dn[0]].start)
		s.variable(st, sp, name, false, start, int(st.end.endLine), prefix+" ", toks[dn[0]].start, toks[dnEnd-1].end)
		return
	}
	s.add(store.Symbol{Name: name, Kind: s.kindIn(st.parent, name), Parent: st.parent,
		Signature: joinSig(s.raw(sigFrom, st.body.start)), StartLine: start, EndLine: int(st.end.endLine)})
}

// macroFuncName returns the token that names a function defined as `NAME(args) {`: a macro's
// first argument, when the macro is named in capitals as macros are and that argument is a name
// (`SYSCALL_DEFINE3(read, ...)` defines read, `BPF_CALL_0(bpf_jiffies64)` bpf_jiffies64: what
// the kernel and a reader call them); else NAME itself (`main() {` of old C).
func (s *cScan) macroFuncName(toks []clexTok, name int) int {
	for _, c := range s.word(toks[name]) {
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return name
		}
	}
	if arg := name + 2; arg+1 < len(toks) && s.wordOf(toks[arg]) == cwNone && (s.is(toks[arg+1], ',') || s.is(toks[arg+1], ')')) {
		return arg
	}
	return name
}

// kindIn returns the kind of a function declared directly in the symbol at parent (cKindIn): a
// method in a struct or union (a constructor when named after it), else a function.
func (s *cScan) kindIn(parent int, name string) store.Kind {
	if parent < 0 {
		return store.KindFunction
	}
	p := s.res.Symbols[parent]
	switch p.Kind {
	case store.KindStruct, store.KindUnion:
		if name == p.Name {
			return store.KindConstructor
		}
		return store.KindMethod
	}
	return store.KindFunction
}

// typedef maps `typedef ... Name;` (cTypedef): a typedef of an anonymous struct, union or enum is
// that type under the typedef's name; a named one is mapped as itself, then as the typedef.
func (s *cScan) typedef(st *cStmt, toks []clexTok, match []int32, decls [][2]int, start, end int, sigFrom int32) {
	named := false
	for _, dn := range decls {
		d := s.declarator(toks, match, dn[0], dn[1])
		if d.name < 0 || cReserved[s.name(toks[d.name])] {
			continue
		}
		name := s.name(toks[d.name])
		text := s.raw(toks[dn[0]].start, toks[max(s.declEnd(toks, match, dn[0], dn[1])-1, dn[0])].end)
		switch {
		case st.reserved && !named:
			head := s.raw(sigFrom, toks[st.specBody-st.base].start)
			sym := &s.res.Symbols[st.specSym]
			sym.Name, sym.Signature = name, joinSig(head, "{…}", text)
			sym.StartLine, sym.EndLine = start, max(end, start)
		case st.specSym >= 0 || st.reserved:
			head := s.raw(sigFrom, toks[st.specBody-st.base].start)
			s.add(store.Symbol{Name: name, Kind: store.KindType, Parent: st.parent,
				Signature: joinSig(head, "{…}", text), StartLine: start, EndLine: end})
		default:
			s.add(store.Symbol{Name: name, Kind: store.KindType, Parent: st.parent,
				Signature: joinSig(s.raw(sigFrom, st.end.end)), StartLine: start, EndLine: end})
		}
		named = true
	}
	if !named && st.specSym >= 0 {
		s.res.Symbols = s.res.Symbols[:st.specSym]
	}
}

// declaration maps a declaration (cDeclaration): the type it defines with a body (made at its
// '{'), then each declarator as a function prototype, a variable, or in a struct a field or
// method. One declarator is ranged over the whole declaration, several each over its own.
func (s *cScan) declaration(st *cStmt, toks []clexTok, match []int32, sp cSpecs, decls [][2]int, start, end int, sigFrom int32) {
	if st.reserved {
		s.dropSpec(st)
	}
	if len(decls) == 0 {
		return
	}
	var prefix string
	if st.spec < 0 {
		prefix = s.raw(sigFrom, toks[decls[0][0]].start)
	} else {
		kw, body := toks[st.spec-st.base].start, toks[st.specBody-st.base].start
		prefix = s.raw(sigFrom, kw) + " " + s.raw(kw, body) + " {…}"
	}
	first := decls[0][0]
	macroArgs := sp.typeName >= 0 && sp.typeName+1 == first && s.is(toks[first], '(') && s.hasComma(toks, match, first)
	// `static DEFINE_MUTEX(m);` is written without a space, and its signature too (the grammar's
	// reading, a type and a parenthesised declarator, joins them with one).
	glued := first > 0 && s.is(toks[first], '(') && toks[first].start == toks[first-1].end && st.spec < 0
	for i, dn := range decls {
		d := s.declarator(toks, match, dn[0], dn[1])
		if i == 0 && macroArgs {
			// `static DEFINE_PER_CPU(int, x);`: which argument is the name only the macro knows,
			// so the declaration is named after the macro, as ctags names it.
			d = cDeclr{name: sp.typeName}
		}
		if d.name < 0 || cReserved[s.name(toks[d.name])] {
			continue // no declarator, or a keyword a macro's arguments put where one stands
		}
		dnEnd := s.declEnd(toks, match, dn[0], dn[1])
		from, to := start, end
		if len(decls) > 1 {
			from, to = int(toks[dn[0]].line), int(toks[max(dnEnd-1, dn[0])].endLine)
			if i == 0 && sp.linkage {
				from = start
			}
		}
		p := prefix
		if i > 0 || !glued {
			p += " "
		}
		s.variable(st, sp, s.name(toks[d.name]), d.isFunc, from, to, p, toks[dn[0]].start, toks[max(dnEnd-1, dn[0])].end)
	}
}

// hasComma reports whether the group opened at toks[open] has a comma outside inner brackets: a
// macro's arguments, not a parenthesised declarator.
func (s *cScan) hasComma(toks []clexTok, match []int32, open int) bool {
	for i := open + 1; i < int(match[open]) && i < len(toks); i++ {
		switch {
		case s.is(toks[i], '(') || s.is(toks[i], '['):
			i = int(match[i])
		case s.is(toks[i], ','):
			return true
		}
	}
	return false
}

// variable adds a declarator of a declaration (cVariable): a function prototype (a method in a
// struct), a field, a const or a variable, its signature the declaration's type (prefix, with
// the space that joins it to the declarator) and the declarator's text from dnStart to dnEnd
// (only its first line, unless it declares a function).
func (s *cScan) variable(st *cStmt, sp cSpecs, name string, isFunc bool, from, to int, prefix string, dnStart, dnEnd int32) {
	inType := false
	if st.parent >= 0 {
		switch s.res.Symbols[st.parent].Kind {
		case store.KindStruct, store.KindUnion:
			inType = true
		}
	}
	var kind store.Kind
	switch {
	case isFunc:
		kind = s.kindIn(st.parent, name)
	case inType:
		kind = store.KindField
	case sp.isConst:
		kind = store.KindConst
	default:
		kind = store.KindVar
	}
	decl := s.rawLine(dnStart, dnEnd)
	if isFunc {
		decl = joinSig(s.raw(dnStart, dnEnd))
	}
	s.add(store.Symbol{Name: name, Kind: kind, Parent: st.parent, Signature: joinSig(prefix + decl),
		StartLine: from, EndLine: max(to, from)})
}
