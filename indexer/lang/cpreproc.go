package lang

// C preprocessor conditionals, rewritten so that a grammar without a preprocessor (C, C++, C#)
// can parse each branch. Every rewrite keeps lines and columns where they are.

import (
	"bytes"
	"slices"
)

// cFlattenConditionals blanks the directive lines of preprocessor conditionals (#if, #ifdef,
// #ifndef, #elif, #else, #endif, with their continuation lines) and keeps every branch's text,
// lines and columns unchanged. libstdc++ wraps whole files in "#if ... #else namespace std { ...
// #endif", which the C++ grammar reads as one ERROR node; flattened, every branch parses as
// ordinary code.
func cFlattenConditionals(src []byte) []byte {
	return cBlankLines(src, func(line []byte, isDirective bool) bool {
		for _, w := range []string{"if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else", "endif"} {
			if isDirective && hasWord(line, w) {
				return true
			}
		}
		return false
	})
}

// cFirstBranches blanks every branch of a preprocessor conditional but the first (the #else of
// an "#if 0"), keeping lines and columns. The C++ grammar cannot follow some constructs split
// across branches, such as a class header that differs between them; with one branch it can.
func cFirstBranches(src []byte) []byte {
	type cond struct{ dropping, ifZero bool }
	var stack []cond
	return cBlankLines(src, func(line []byte, isDirective bool) bool {
		blank := slices.ContainsFunc(stack, func(c cond) bool { return c.dropping })
		if !isDirective {
			return blank
		}
		switch w := line; {
		case hasWord(w, "if") || hasWord(w, "ifdef") || hasWord(w, "ifndef"):
			zero := hasWord(w, "if") && string(bytes.TrimSpace(w[2:])) == "0"
			stack = append(stack, cond{dropping: zero, ifZero: zero})
		case len(stack) > 0 && (hasWord(w, "else") || hasWord(w, "elif") || hasWord(w, "elifdef") || hasWord(w, "elifndef")):
			top := &stack[len(stack)-1]
			top.dropping = !top.ifZero // after "#if 0" the next branch is the live one
			top.ifZero = false
			return true
		case len(stack) > 0 && hasWord(w, "endif"):
			stack = stack[:len(stack)-1]
		}
		return blank
	})
}

// cBlankLines copies src, blanking (to spaces, newlines kept) the lines decide asks for. decide
// gets a directive's text after '#' (isDirective true) or a plain line, in order. A blanked
// directive's continuation lines are blanked with it.
func cBlankLines(src []byte, decide func(line []byte, isDirective bool) bool) []byte {
	out := append([]byte(nil), src...)
	continued := false
	for off := 0; off < len(src); {
		end := off
		for end < len(src) && src[end] != '\n' {
			end++
		}
		line := src[off:end]
		blank := continued
		if !continued {
			if d := bytes.TrimLeft(line, " \t"); len(d) > 0 && d[0] == '#' {
				blank = decide(bytes.TrimLeft(d[1:], " \t"), true)
				continued = blank && bytes.HasSuffix(bytes.TrimRight(line, "\r"), []byte("\\"))
			} else {
				blank = decide(line, false)
			}
		} else {
			continued = bytes.HasSuffix(bytes.TrimRight(line, "\r"), []byte("\\"))
		}
		if blank {
			for i := off; i < end; i++ {
				if out[i] != '\r' {
					out[i] = ' '
				}
			}
		}
		off = end + 1
	}
	return out
}

// afterIf reports whether the keyword `if` comes right before offset i, blanks aside.
func afterIf(src []byte, i int) bool {
	j := i - 1
	for j >= 0 && (src[j] == ' ' || src[j] == '\t') {
		j--
	}
	return j >= 1 && src[j-1] == 'i' && src[j] == 'f' && (j < 2 || !isIdentByte(src[j-2]))
}

// hasWord reports whether s starts with the word w followed by a non-identifier byte or its end.
func hasWord(s []byte, w string) bool {
	return bytes.HasPrefix(s, []byte(w)) && (len(s) == len(w) || !isIdentByte(s[len(w)]))
}
