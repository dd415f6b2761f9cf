package lang

import "testing"

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
