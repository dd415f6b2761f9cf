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
