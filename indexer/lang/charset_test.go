package lang

import (
	"testing"
	"unicode/utf16"
)

// utf16Bytes encodes s as UTF-16 with a byte order mark, little or big endian.
func utf16Bytes(s string, little bool) []byte {
	out := []byte{0xfe, 0xff}
	if little {
		out = []byte{0xff, 0xfe}
	}
	for _, u := range utf16.Encode([]rune(s)) {
		if little {
			out = append(out, byte(u), byte(u>>8))
		} else {
			out = append(out, byte(u>>8), byte(u))
		}
	}
	return out
}

func TestDecodeText(t *testing.T) {
	const text = "class Größe {\r\n  void f() {}\r\n}\r\n// 😀\r\n"
	for _, tc := range []struct {
		name    string
		src     []byte
		want    string
		charset string
	}{
		{"UTF-16LE", utf16Bytes(text, true), text, CharsetUTF16LE},
		{"UTF-16BE", utf16Bytes(text, false), text, CharsetUTF16BE},
		{"odd trailing byte", append(utf16Bytes("ab", true), 'c'), "ab\uFFFD", CharsetUTF16LE},
		{"unpaired surrogate", append(utf16Bytes("a", true), 0x00, 0xd8, 'b', 0), "a\uFFFDb", CharsetUTF16LE},
		{"UTF-8 stays", []byte(text), text, ""},
		{"UTF-32LE is not UTF-16", []byte{0xff, 0xfe, 0, 0, 'a', 0, 0, 0}, "\xff\xfe\x00\x00a\x00\x00\x00", ""},
		{"NUL characters: binary after all", utf16Bytes("a\x00b", true), string(utf16Bytes("a\x00b", true)), ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, charset := DecodeText(tc.src)
			if string(got) != tc.want || charset != tc.charset {
				t.Errorf("DecodeText(%q) = %q, %q; want %q, %q", tc.src, got, charset, tc.want, tc.charset)
			}
		})
	}
}
