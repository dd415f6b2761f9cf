package lang

import (
	"context"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The PHP scanner steps over what lies between brackets without making tokens (phpLex.skip),
// which must read a file exactly as the tokens do: these tests map files both ways, with skip
// and reading every token, and want the same maps.

// TestPHPScannerSkip maps the fixtures, the differential test's corpora (those installed) and
// copies of their files cut at five points, where strings, heredocs, comments and brackets are
// left open, both ways.
func TestPHPScannerSkip(t *testing.T) {
	var roots []string
	for _, c := range phpScanDiffCorpora() {
		roots = append(roots, c.roots...)
	}
	files := 0
	for _, tc := range phpCases {
		checkPHPSkip(t, "case "+tc.name, []byte(tc.src))
	}
	for _, path := range filesUnder(roots, ".php") {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files++
		for k := 6; k >= 1; k-- {
			checkPHPSkip(t, path, src[:len(src)*k/6])
		}
	}
	t.Logf("%d files and their prefixes mapped equally", files)
}

// FuzzPHPScannerSkip maps random sources both ways.
func FuzzPHPScannerSkip(f *testing.F) {
	for _, tc := range phpCases {
		f.Add([]byte(tc.src))
	}
	for _, seed := range []string{
		"<?php function f() { '\\'}' }", "<?php function f() { \"{$a['}']}\" }", "<?php function f() { <<<A\n}\nA; }",
		"<?php function f() { # }\n }", "<?php function f() { ?> } <?php }", "<?php function f() { /* } */ }",
		"<?php #[A([1, #[B]])] function f() {}", "<?php function f() { $a?->b <<<<A\n}\nA; }", "<?php $x = [#[A] fn() => 1];",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) { checkPHPSkip(t, "fuzz", src) })
}

// checkPHPSkip fails t when src, named name, maps differently with skip and without.
func checkPHPSkip(t *testing.T, name string, src []byte) {
	t.Helper()
	want, wantUnclosed, wantErr := phpScanSrc(context.Background(), src, true)
	got, gotUnclosed, gotErr := phpScanSrc(context.Background(), src, false)
	if wantErr != nil || gotErr != nil {
		t.Fatalf("%s (%d bytes): errors %v with skip, %v without", name, len(src), gotErr, wantErr)
	}
	if diff := cmp.Diff(want, got); diff != "" || gotUnclosed != wantUnclosed {
		t.Errorf("%s (%d bytes): unclosed %v with skip, %v without; map (-without +with):\n%s",
			name, len(src), gotUnclosed, wantUnclosed, diff)
	}
}
