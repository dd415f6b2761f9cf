package lang

// Text helpers every mapper shares: signatures folded to one line, names clipped at rune
// boundaries, identifier bytes, line counts, regexps compiled on first use.

import (
	"bytes"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"
)

// maxSignature caps a signature's length in bytes; a longer one ends in "…".
const maxSignature = 240

// foldSignature puts a declaration on one line: runs of whitespace become one space, none is kept
// just inside brackets, a trailing comma before a closing bracket goes ("f(\n\ta int,\n)" gives
// "f(a int)"), and the length is capped at maxSignature bytes at a UTF-8 boundary. Only the head
// of a long declaration is looked at, so a 3 MB table literal costs no more than a short one.
func foldSignature(s string) string {
	// Most declarations are written on one line: nothing to copy. The blanks around them (those
	// before a body's brace, say) are no field of the folding's.
	if t := strings.TrimSpace(s); signatureFolded(t) {
		return t
	}
	return foldFields(s)
}

// foldFields is foldSignature's folding: s's fields joined by single spaces, none just inside
// a bracket, a comma before a closing one dropped, cut at maxSignature bytes.
func foldFields(s string) string {
	out := make([]byte, 0, min(len(s), maxSignature+8))
	for field := range strings.FieldsSeq(s) {
		if len(out) > 0 {
			last, next := out[len(out)-1], field[0]
			switch {
			case next == ')' || next == ']' || next == '}':
				if last == ',' {
					out = out[:len(out)-1]
				}
			case last == '(' || last == '[':
			default:
				out = append(out, ' ')
			}
		}
		out = append(out, field...)
		if len(out) > maxSignature {
			break
		}
	}
	if len(out) <= maxSignature {
		return string(out)
	}
	cut := maxSignature
	for cut > 0 && !isRuneStart(out[cut]) {
		cut--
	}
	return string(out[:cut]) + "…"
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

// signatureFolded reports whether foldSignature would return s as it is: ASCII (other bytes may
// be Unicode spaces), within maxSignature bytes, spaces single and none at either end, just
// inside an opening bracket or before a closing one, and no other whitespace.
func signatureFolded(s string) bool {
	if len(s) > maxSignature {
		return false
	}
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x80 || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r':
			return false
		case c != ' ':
		case i == 0 || i == len(s)-1:
			return false
		case s[i-1] == '(' || s[i-1] == '[':
			return false
		case s[i+1] == ' ' || s[i+1] == ')' || s[i+1] == ']' || s[i+1] == '}':
			return false
		}
	}
	return true
}

// joinSig folds pieces of source into one signature.
func joinSig(parts ...string) string {
	return trimSig(foldSignature(validUTF8(strings.Join(parts, " "))))
}

// trimSig drops what opens a body or ends a statement from the end of a signature.
func trimSig(s string) string {
	for {
		t := strings.TrimRight(s, " \t")
		t = strings.TrimSuffix(t, "{")
		t = strings.TrimSuffix(t, ";")
		t = strings.TrimSuffix(t, ",")
		if strings.HasSuffix(t, "=") && !strings.HasSuffix(t, "==") && !strings.HasSuffix(t, "!=") &&
			!strings.HasSuffix(t, "<=") && !strings.HasSuffix(t, ">=") {
			t = t[:len(t)-1]
		}
		t = strings.TrimRight(t, " \t")
		if t == s {
			return s
		}
		s = t
	}
}

// validUTF8 returns s with each invalid byte sequence replaced by U+FFFD. Checking first costs
// a fraction of the rewrite, and almost every string from source is valid.
func validUTF8(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// clip returns s as valid UTF-8 of at most width runes, with "…" where it was cut.
func clip(s string, width int) string {
	// One pass over the first width+1 characters only: a line of a megabyte is not converted whole.
	// A run of invalid bytes counts as the one U+FFFD that strings.ToValidUTF8 makes of it.
	chars, cut := 0, 0 // cut: the bytes of the first width-1 characters
	for i := 0; i < len(s); chars++ {
		if r, size := utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError || size > 1 {
			i += size
		} else {
			for i++; i < len(s); i++ {
				if r, size := utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError || size > 1 {
					break
				}
			}
		}
		if chars+1 == width-1 {
			cut = i
		}
		if chars+1 > width {
			return strings.ToValidUTF8(s[:cut], "\uFFFD") + "…"
		}
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// bomLen returns the length of the UTF-8 byte order mark src starts with, or 0: the scanners
// start reading after it.
func bomLen(src []byte) int {
	if bytes.HasPrefix(src, []byte("\uFEFF")) {
		return 3
	}
	return 0
}

// CountLines counts lines as `wc -l` does, plus one for a last line without a newline.
func CountLines(src []byte) int {
	n := bytes.Count(src, []byte{'\n'})
	if len(src) > 0 && src[len(src)-1] != '\n' {
		n++
	}
	return n
}

// lazyRegexp returns expr's regexp, compiled on first use: a package-level regexp compiled at
// start-up costs every command, most of which never map a file that needs it (a quarter of the
// package's initialisation).
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
