package query

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Text output goes to terminals. A file's own bytes (a page, a search hit's line) are shown as
// they are: that is the read contract. What readmap says about a file (symbol names, signatures,
// breadcrumbs, paths) is shown so that no byte of a hostile file can drive the terminal: control
// characters (C0, DEL and C1, whose CSI starts escape sequences on some terminals) and bytes that
// are not UTF-8 are written as \xNN escapes, and a path that holds any of them is quoted.

// Printable returns s with every control character and every byte that is not valid UTF-8 shown
// as a \xNN escape (C1 controls as their UTF-8 bytes, "\xc2\x9b"), so that the text stays on one
// line and sends nothing but printable characters to a terminal. Text without such bytes is
// returned as it is.
func Printable(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || isControl(r) {
			for _, c := range []byte(s[i : i+size]) {
				b.WriteString(`\x`)
				b.WriteByte("0123456789abcdef"[c>>4])
				b.WriteByte("0123456789abcdef"[c&15])
			}
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// DisplayPath returns a path as output shows it: as it is when it holds only printable UTF-8,
// otherwise quoted with Go's escapes ("a\nb.go", "caf\xe9.txt"), so that it stays on one line
// and can be given back to readmap, which reads such a quoted path (see UnquotePath).
func DisplayPath(p string) string {
	if !needsEscape(p) {
		return p
	}
	return strconv.Quote(p)
}

// UnquotePath returns the path that arg, as DisplayPath printed it, stands for: arg with its
// escapes read, whether it kept its double quotes (an MCP client passes the string as shown) or a
// shell took them off (`readmap read "a\nb.go"` passes a\nb.go). ok is false when arg holds no
// escape to read. Callers try it only when arg, taken as it is, names no file.
func UnquotePath(arg string) (string, bool) {
	tries := []string{arg}
	if len(arg) < 2 || arg[0] != '"' || arg[len(arg)-1] != '"' {
		if !strings.Contains(arg, `\`) {
			return "", false
		}
		// A shell turned \" into " inside the double quotes: put the escapes back.
		tries = []string{`"` + arg + `"`, `"` + strings.ReplaceAll(arg, `"`, `\"`) + `"`}
	}
	for _, quoted := range tries {
		if p, err := strconv.Unquote(quoted); err == nil && p != arg {
			return p, true
		}
	}
	return "", false
}

// needsEscape reports whether s holds a control character or a byte that is not valid UTF-8.
func needsEscape(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c == 0x7f {
			return true
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if (r == utf8.RuneError && size == 1) || isControl(r) {
				return true
			}
			i += size - 1
		}
	}
	return false
}

// isControl reports whether r is a C0 or C1 control character or DEL.
func isControl(r rune) bool {
	return r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f)
}
