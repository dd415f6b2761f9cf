package query

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// Encoding is the form in which an answer reaches its reader. A budget counts the bytes the
// reader gets, so it counts them in this form: a byte that is not UTF-8 takes three once replaced
// by U+FFFD, a newline two once escaped in a JSON string.
type Encoding uint8

// The encodings of answers.
const (
	// EncodingRaw writes a file's bytes as they are: the command line's text answers.
	EncodingRaw Encoding = iota
	// EncodingUTF8 writes valid UTF-8, each run of bytes that is not UTF-8 replaced by U+FFFD:
	// the MCP server's text answers, which travel in JSON strings and so must be UTF-8.
	EncodingUTF8
	// EncodingJSON writes JSON whose strings hold the text as EncodingUTF8 makes it: answers under
	// --json, from the command line or the MCP server.
	EncodingJSON
)

// text returns s as the encoding carries it: as it is, or as valid UTF-8.
func (e Encoding) text(s string) string {
	if e == EncodingRaw || utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// lossy reports whether the encoding changes b: it is not valid UTF-8 and the encoding replaces
// what is not.
func (e Encoding) lossy(b []byte) bool {
	return e != EncodingRaw && !utf8.Valid(b)
}

// jsonSize is the length of v as readmap writes JSON (without HTML escapes, as the encoders of
// every --json answer are set), without the final newline. v holds only strings, numbers, slices
// and structs of those, which always encode.
func jsonSize(v any) int {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return b.Len() - 1
}

// jsonASCII is what each ASCII byte takes in a JSON string as encoding/json writes it without
// HTML escapes: two for the escapes \" \\ \b \f \n \r \t, six for the other controls (\u00XX).
var jsonASCII = func() (t [utf8.RuneSelf]uint8) {
	for c := range t {
		switch {
		case c == '"' || c == '\\' || c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t':
			t[c] = 2
		case c < 0x20:
			t[c] = 6
		default:
			t[c] = 1
		}
	}
	return t
}()

// costWalker adds up what a text costs in an encoding, rune by rune: a run of bytes that is not
// UTF-8 costs the three bytes of one U+FFFD (as strings.ToValidUTF8 replaces it), and in JSON the
// escapes cost what they take.
type costWalker struct {
	enc Encoding
	bad bool // the last byte was not UTF-8: the next such byte joins its replacement
}

// step returns the cost of the character at the start of b and its length in b. b must hold the
// whole character when one starts there (utf8.FullRune), or end where the text ends.
func (w *costWalker) step(b []byte) (cost, size int) {
	if c := b[0]; c < utf8.RuneSelf {
		w.bad = false
		if w.enc == EncodingJSON {
			return int(jsonASCII[c]), 1
		}
		return 1, 1
	}
	r, size := utf8.DecodeRune(b)
	switch {
	case w.enc == EncodingRaw:
		return size, size
	case r == utf8.RuneError && size == 1:
		if w.bad {
			return 0, 1
		}
		w.bad = true
		return len("\uFFFD"), 1
	}
	w.bad = false
	if w.enc == EncodingJSON && (r == '\u2028' || r == '\u2029') {
		return 6, size
	}
	return size, size
}

// textCost is what s costs written in encoding enc (in JSON, inside its quotes).
func textCost(s string, enc Encoding) int {
	if enc == EncodingRaw {
		return len(s)
	}
	w := costWalker{enc: enc}
	n := 0
	b := []byte(s)
	for len(b) > 0 {
		c, size := w.step(b)
		n += c
		b = b[size:]
	}
	return n
}
