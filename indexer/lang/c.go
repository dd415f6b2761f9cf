package lang

import (
	"bytes"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

// looksLikeCPP reports whether a header's head has C++ constructs, once comments and strings
// are set aside (see cppMarked).
func looksLikeCPP(head []byte) bool {
	return cppMarked(stripCComments(head))
}

// cppHeaders are the C++ standard headers whose #include marks a header as C++.
var cppHeaders = map[string]bool{}

func init() {
	for _, h := range strings.Fields("iostream string vector memory map unordered_map algorithm functional utility cstdint " +
		"cstddef cstdio cstdlib cstring type_traits optional tuple array set thread mutex atomic chrono sstream fstream " +
		"initializer_list stdexcept exception limits new") {
		cppHeaders[h] = true
	}
}

// cppMarked reports whether text has one of the constructs of C++ that C headers do not have
// (`extern "C"` is not one: C headers wrap themselves in it for C++ callers):
//
//   - a class or struct with a base or an access specifier: `struct S : public B`,
//     `class C {` ... `public:` (the keyword first on its line), or an access specifier first on
//     a line;
//   - `namespace N {`, `template <`, `std::`, `using namespace`, `a::b` and `::~`;
//   - an #include of a C++ standard header (cppHeaders);
//   - one of the words constexpr, nullptr, noexcept, static_assert, virtual, typename.
//
// It reads as the regular expression it replaced (kept as the reference of its test), in one
// pass over the words of the text: that expression cost more than the C scanner's whole map of a
// header.
func cppMarked(text []byte) bool {
	n := len(text)
	for i := 0; i < n; {
		c := text[i]
		switch {
		case cppWord(c):
			j := i
			for j < n && cppWord(text[j]) {
				j++
			}
			if cppMarkedWord(text, i, j) {
				return true
			}
			if j+1 < n && text[j] == ':' && text[j+1] == ':' && cppScope(text, j) {
				return true
			}
			i = j
		case c == '#' && cppInclude(text, i+1):
			return true
		default:
			i++
		}
	}
	return false
}

// cppMarkedWord reports whether the word text[i:j], which starts at a word boundary, begins one
// of cppMarked's constructs.
func cppMarkedWord(text []byte, i, j int) bool {
	switch w := string(text[i:j]); w {
	case "constexpr", "nullptr", "noexcept", "static_assert", "virtual", "typename":
		return true
	case "std":
		return j+1 < len(text) && text[j] == ':' && text[j+1] == ':'
	case "template":
		k := cppSpaces(text, j)
		return k < len(text) && text[k] == '<'
	case "using":
		k := cppSpaces(text, j)
		return k > j && bytes.HasPrefix(text[k:], []byte("namespace")) && (k+9 == len(text) || !cppWord(text[k+9]))
	case "namespace":
		k := cppSpaces(text, j)
		if k == j {
			return false
		}
		for k < len(text) && (cppWord(text[k]) || text[k] == ':') {
			k++
		}
		k = cppSpaces(text, k)
		return k < len(text) && text[k] == '{'
	case "public", "private", "protected":
		k := cppSpaces(text, j)
		return cppFirstOnLine(text, i) && k < len(text) && text[k] == ':'
	case "class", "struct":
		return cppFirstOnLine(text, i) && cppClassHead(text, j, w == "class")
	}
	return false
}

// cppClassHead reports whether what follows `class` or `struct` (first on their line) from j
// makes a C++ class: a name, then a base (`: public`), or a body whose access specifier shows
// before its first '}'; or for a class, a name and any run of blanks, names, ':', ',', '<'
// and '>' before a '{'.
func cppClassHead(text []byte, j int, class bool) bool {
	n := len(text)
	k := cppSpaces(text, j)
	if k == j || k == n || !cppWord(text[k]) {
		return false
	}
	for k < n && cppWord(text[k]) {
		k++
	}
	if class {
		m := k
		for m < n && (cppSpace(text[m]) || cppWord(text[m]) || bytes.IndexByte([]byte(":,<>"), text[m]) >= 0) {
			m++
		}
		if m < n && text[m] == '{' {
			return true
		}
	}
	k = cppSpaces(text, k)
	if bytes.HasPrefix(text[k:], []byte("final")) {
		k = cppSpaces(text, k+len("final"))
	}
	switch {
	case k < n && text[k] == ':':
		k = cppSpaces(text, k+1)
		return cppAccess(text[k:])
	case k < n && text[k] == '{':
		for m := k + 1; m < n && text[m] != '}'; m++ {
			if cppWord(text[m]) && !cppWord(text[m-1]) && cppAccess(text[m:]) {
				a := m + 6
				if text[m+1] == 'r' && text[m+2] == 'o' {
					a = m + 9 // protected
				} else if text[m+1] == 'r' {
					a = m + 7 // private
				}
				if a = cppSpaces(text, a); a < n && text[a] == ':' {
					return true
				}
			}
		}
	}
	return false
}

// cppAccess reports whether text starts with an access specifier.
func cppAccess(text []byte) bool {
	return bytes.HasPrefix(text, []byte("public")) || bytes.HasPrefix(text, []byte("private")) || bytes.HasPrefix(text, []byte("protected"))
}

// cppScope reports whether the "::" at j, after a word character, is followed by one (maybe
// after a '~'): `a::b`, `A::~A`.
func cppScope(text []byte, j int) bool {
	k := j + 2
	if k < len(text) && text[k] == '~' {
		k++
	}
	return k < len(text) && cppWord(text[k])
}

// cppInclude reports whether the text after a '#' at i is `include <h>` for a C++ standard
// header h.
func cppInclude(text []byte, i int) bool {
	i = cppSpaces(text, i)
	if !bytes.HasPrefix(text[i:], []byte("include")) {
		return false
	}
	i = cppSpaces(text, i+len("include"))
	if i >= len(text) || text[i] != '<' {
		return false
	}
	end := bytes.IndexByte(text[i:], '>')
	return end > 0 && cppHeaders[string(text[i+1:i+end])]
}

// cppFirstOnLine reports whether only blanks stand between a line start (or the text's start)
// and i, blank lines included.
func cppFirstOnLine(text []byte, i int) bool {
	for k := i - 1; k >= 0; k-- {
		switch text[k] {
		case '\n':
			return true
		case ' ', '\t', '\f', '\r':
		default:
			return false
		}
	}
	return true
}

// cppSpaces returns the index of the first byte at or after i that is not a blank (as the
// regular expression's \s: space, tab, newline, form feed, carriage return).
func cppSpaces(text []byte, i int) int {
	for i < len(text) && cppSpace(text[i]) {
		i++
	}
	return i
}

func cppSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' }

// cppWord reports whether c is a word character (as \w: ASCII letters, digits, underscore).
func cppWord(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// stripCComments blanks comments, string literals and preprocessor lines other than #include,
// so that "the class of" in a comment, "std::" in a message or `#define x noexcept` for C++
// callers does not make a C header C++.
func stripCComments(src []byte) []byte {
	out := make([]byte, 0, len(src))
	lineStart := true
	for i := 0; i < len(src); i++ {
		c := src[i]
		if lineStart && c == '#' && !bytes.HasPrefix(bytes.TrimLeft(src[i+1:min(len(src), i+32)], " \t"), []byte("include")) {
			for i < len(src) && (src[i] != '\n' || src[i-1] == '\\') {
				i++
			}
			out = append(out, '\n')
			continue
		}
		if c != ' ' && c != '\t' {
			lineStart = c == '\n'
		}
		switch {
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			out = append(out, '\n')
			lineStart = true
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			i += 2
			for i+1 < len(src) && !(src[i] == '*' && src[i+1] == '/') {
				if src[i] == '\n' {
					out = append(out, '\n')
				}
				i++
			}
			i++
			out = append(out, ' ')
		case c == '"':
			i++
			for i < len(src) && src[i] != '"' && src[i] != '\n' {
				if src[i] == '\\' {
					i++
				}
				i++
			}
			out = append(out, '"', '"')
		default:
			out = append(out, c)
		}
	}
	return out
}

// glibcAttrMacro reports whether name is one of glibc's lower-case attribute macros, which
// follow prototypes in every system header: `__THROW __nonnull ((1)) __wur;`.
func glibcAttrMacro(name string) bool {
	switch name {
	case "__nonnull", "__wur", "__returns_nonnull", "__fortified_attr_access", "__attr_access",
		"__attr_access_none", "__attr_dealloc", "__attr_dealloc_free", "__attribute_maybe_unused__":
		return true
	}
	return strings.HasPrefix(name, "__attribute_") && strings.HasSuffix(name, "__") && name != "__attribute__"
}

// matchParen returns the index of the parenthesis closing the one at open, on the same line, or
// -1.
func matchParen(src []byte, open int) int {
	depth := 0
	for i := open; i < len(src) && i < open+512; i++ {
		switch src[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return i
			}
		case '\n':
			return -1
		}
	}
	return -1
}

// fieldChildren returns n's children in field.
func (w *tsWalk) fieldChildren(n *sitter.Node, field string) []*sitter.Node {
	c := w.leafCursor(n)
	var out []*sitter.Node
	for ok := c.GoToFirstChild(); ok; ok = c.GoToNextSibling() {
		if c.CurrentFieldName() == field {
			out = append(out, c.CurrentNode())
		}
	}
	return out
}
