package lang

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzFoldSignature: foldSignature, its shortcut included, gives what the full folding gives,
// and what signatureFolded lets pass as it is the full folding returns as it is.
func FuzzFoldSignature(f *testing.F) {
	for _, seed := range []string{"f(a int) error", "f( a )", "f(a,\n)", "a  b", " a", "a ", "x\u00a0y", "g[ ]", "h{ }", "",
		"func f() ", "\tclass A extends B\n", "\u00a0f()\u2028", "f(a, )  "} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := foldSignature(s), foldFields(s); got != want {
			t.Errorf("foldSignature(%q) = %q, the folding gives %q", s, got, want)
		}
		if signatureFolded(s) && foldFields(s) != s {
			t.Errorf("signatureFolded(%q) but the folding gives %q", s, foldFields(s))
		}
	})
}

// clipWhole is clip as the whole string converted gives it: the reference of FuzzClip.
func clipWhole(s string, width int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if utf8.RuneCountInString(s) <= width {
		return s
	}
	return string([]rune(s)[:width-1]) + "…"
}

// FuzzClip: clip, which reads only the characters it keeps, gives what converting the whole
// string gives, at every width, invalid bytes and their runs included.
func FuzzClip(f *testing.F) {
	for _, seed := range []string{"", "a", "abc", "héllo wörld", "\xff\xfe\xfd abc", "ab\xffcd", "\uFFFD\xff\uFFFD",
		"日本語のテキスト", "a\xe6\x97b", strings.Repeat("x", 200)} {
		f.Add(seed, uint8(3))
	}
	f.Fuzz(func(t *testing.T, s string, w uint8) {
		width := 1 + int(w)%80
		if got, want := clip(s, width), clipWhole(s, width); got != want {
			t.Errorf("clip(%q, %d) = %q; converting it whole gives %q", s, width, got, want)
		}
	})
}
