package lang

import "testing"

// FuzzFoldSignature: what signatureFolded lets foldSignature return as it is, the full folding
// returns too.
func FuzzFoldSignature(f *testing.F) {
	for _, seed := range []string{"f(a int) error", "f( a )", "f(a,\n)", "a  b", " a", "a ", "x\u00a0y", "g[ ]", "h{ }", ""} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !signatureFolded(s) {
			return
		}
		if got := foldSignatureSlowly(s); got != s {
			t.Errorf("signatureFolded(%q) but the folding gives %q", s, got)
		}
	})
}

// foldSignatureSlowly is foldSignature without its shortcut.
func foldSignatureSlowly(s string) string {
	return foldSignature(s + "\n")
}
