package lang

// Text in UTF-16 with a byte order mark, which Windows tools write: it is text, not binary (its
// NUL bytes would say binary), and readmap maps and shows it as UTF-8 with the same lines.

import (
	"bytes"
	"unicode/utf16"
	"unicode/utf8"
)

// The character sets readmap decodes besides UTF-8, as answers name them.
const (
	CharsetUTF16LE = "UTF-16LE"
	CharsetUTF16BE = "UTF-16BE"
)

// Charset returns the character set a file's head declares with a UTF-16 byte order mark, or ""
// for anything else (UTF-8 and binary files alike). A UTF-32 mark, which starts like UTF-16LE's,
// is not UTF-16.
func Charset(head []byte) string {
	switch {
	case bytes.HasPrefix(head, []byte{0xff, 0xfe, 0, 0}):
		return ""
	case bytes.HasPrefix(head, []byte{0xff, 0xfe}):
		return CharsetUTF16LE
	case bytes.HasPrefix(head, []byte{0xfe, 0xff}):
		return CharsetUTF16BE
	}
	return ""
}

// DecodeText returns src as UTF-8 without its byte order mark, and its character set, when src
// is UTF-16 text with a mark; otherwise src itself and "". Unpaired surrogates and a trailing odd
// byte become U+FFFD. Text that decodes to NUL characters is not text: it comes back as it was,
// to be judged binary.
func DecodeText(src []byte) ([]byte, string) {
	charset := Charset(src)
	if charset == "" {
		return src, ""
	}
	units := make([]uint16, 0, len(src)/2)
	for i := 2; i+1 < len(src); i += 2 {
		if charset == CharsetUTF16LE {
			units = append(units, uint16(src[i])|uint16(src[i+1])<<8)
		} else {
			units = append(units, uint16(src[i])<<8|uint16(src[i+1]))
		}
	}
	out := make([]byte, 0, len(units)+len(units)/4)
	for _, r := range utf16.Decode(units) {
		if r == 0 {
			return src, ""
		}
		out = utf8.AppendRune(out, r)
	}
	if len(src)%2 == 1 {
		out = utf8.AppendRune(out, utf8.RuneError)
	}
	return out, charset
}
