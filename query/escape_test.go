package query

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestPrintable(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"plain name", "plain name"},
		{"café ✓", "café ✓"},
		{"red\x1b[31mtext\x07", `red\x1b[31mtext\x07`},
		{"a\nb\tc\rd", `a\x0ab\x09c\x0dd`},
		{"del\x7f", `del\x7f`},
		{"csi\u009b2J", `csi\xc2\x9b2J`},
		{"bad\xffbyte\xe2\x82", `bad\xffbyte\xe2\x82`},
	} {
		if got := Printable(tc.in); got != tc.want {
			t.Errorf("Printable(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestDisplayPathGoesBack(t *testing.T) {
	for _, tc := range []struct{ path, shown string }{
		{"src/server.go", "src/server.go"},
		{`dir\with\backslashes.go`, `dir\with\backslashes.go`},
		{"a\nb.go", `"a\nb.go"`},
		{"caf\xe9.txt", `"caf\xe9.txt"`},
		{"esc\x1b[2J.go", `"esc\x1b[2J.go"`},
		{"quote\"and\nnewline", `"quote\"and\nnewline"`},
	} {
		shown := DisplayPath(tc.path)
		if shown != tc.shown {
			t.Errorf("DisplayPath(%q) = %q, want %q", tc.path, shown, tc.shown)
		}
		if shown == tc.path {
			continue
		}
		// As an MCP client passes it (quotes kept) and as a shell passes "..." (quotes taken off,
		// \" read as ").
		stripped := strings.ReplaceAll(shown[1:len(shown)-1], `\"`, `"`)
		for _, arg := range []string{shown, stripped} {
			if got, ok := UnquotePath(arg); !ok || got != tc.path {
				t.Errorf("UnquotePath(%q) = %q, %v; want %q", arg, got, ok, tc.path)
			}
		}
	}
	for _, arg := range []string{"plain.go", `"unterminated`, `bad\q`} {
		if got, ok := UnquotePath(arg); ok {
			t.Errorf("UnquotePath(%q) = %q, want no path", arg, got)
		}
	}
}

// FuzzPrintable checks that Printable leaves nothing a terminal acts on, and that every quoted
// path reads back to itself.
func FuzzPrintable(f *testing.F) {
	for _, s := range []string{"", "a", "\x1b[31m", "\xff\xfe", "\u009b", "name\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := Printable(s)
		if !utf8.ValidString(p) {
			t.Fatalf("Printable(%q) = %q: not UTF-8", s, p)
		}
		for _, r := range p {
			if isControl(r) {
				t.Fatalf("Printable(%q) = %q: holds control %U", s, p, r)
			}
		}
		if d := DisplayPath(s); d != s {
			if got, ok := UnquotePath(d); !ok || got != s {
				t.Fatalf("UnquotePath(DisplayPath(%q)) = %q, %v", s, got, ok)
			}
		}
	})
}

// FuzzTextCost checks what the page budgets count against what the answers write: the JSON
// encoder's own output, and strings.ToValidUTF8.
func FuzzTextCost(f *testing.F) {
	for _, s := range []string{"", "plain", "tab\there \"q\" \\", "\x00\x01\x1f\x7f", "\xff\xfe\xc3", "\u2028\u2029é✓", "a\xe2\x82b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := textCost(s, EncodingUTF8), len(strings.ToValidUTF8(s, "\uFFFD")); got != want {
			t.Fatalf("textCost(%q, UTF-8) = %d, want %d", s, got, want)
		}
		if got, want := textCost(s, EncodingJSON), jsonSize(strings.ToValidUTF8(s, "\uFFFD"))-2; got != want {
			t.Fatalf("textCost(%q, JSON) = %d, want %d", s, got, want)
		}
	})
}
