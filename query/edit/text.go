package edit

import (
	"bytes"
	"errors"
	"fmt"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/readmap/readmap/indexer/lang"
	"github.com/readmap/readmap/query"
)

// Document is a file's content as edits see it. Edits work on Text: the bytes after a UTF-8 byte
// order mark, or the UTF-8 that UTF-16 text decodes to (what read shows). Encode turns an edited
// Text back into the file's bytes: the same mark, the same character set.
//
// A UTF-16 file is edited as the UTF-8 that readmap shows and written back as UTF-16 with its
// mark, provided that decoding it and encoding it again gives back its bytes exactly; one with an
// unpaired surrogate or an odd last byte is refused, since writing it would change bytes outside
// the edit. Text that is not valid UTF-8 (Latin-1, Windows-1252) is edited as bytes: only the
// bytes of the match change.
type Document struct {
	src     []byte
	BOM     []byte // the byte order mark, kept as it is; nil when there is none
	Charset string // lang.CharsetUTF16LE or lang.CharsetUTF16BE, or "" for UTF-8 and other bytes
	Text    []byte
	UTF8    bool // Text is valid UTF-8
}

var utf8BOM = []byte{0xef, 0xbb, 0xbf}

// Parse reads a file's bytes into a Document.
func Parse(src []byte) (*Document, error) {
	d := &Document{src: src}
	switch charset := lang.Charset(src); {
	case charset != "":
		text, got := lang.DecodeText(src)
		if got == "" {
			return nil, editError(query.CodeBinary, "UTF-16 text that decodes to NUL characters is binary", "readmap edits text files only")
		}
		d.BOM, d.Charset, d.Text, d.UTF8 = src[:2], got, text, true
		if back, err := d.Encode(text); err != nil || !bytes.Equal(back, src) {
			return nil, editError(query.CodeNotEditable, got+" text with an unpaired surrogate or an odd last byte: writing it back would change bytes outside the edit",
				"edit it with a tool that keeps its bytes, or convert it to UTF-8 first")
		}
	case bytes.HasPrefix(src, utf8BOM):
		d.BOM, d.Text = src[:3], src[3:]
		d.UTF8 = utf8.Valid(d.Text)
	default:
		d.Text = src
		d.UTF8 = utf8.Valid(src)
	}
	return d, nil
}

// Source is the file's bytes as parsed.
func (d *Document) Source() []byte { return d.src }

// Encode returns the file's bytes for text: the byte order mark, then text, encoded as UTF-16
// again for a UTF-16 file (text must then be valid UTF-8). Without either, the bytes are text
// itself, not a copy.
func (d *Document) Encode(text []byte) ([]byte, error) {
	if d.Charset == "" && len(d.BOM) == 0 {
		return text, nil
	}
	if d.Charset == "" {
		out := make([]byte, 0, len(d.BOM)+len(text))
		return append(append(out, d.BOM...), text...), nil
	}
	if !utf8.Valid(text) {
		return nil, errors.New("the text is not valid UTF-8, so it cannot be written as " + d.Charset)
	}
	units := utf16.Encode([]rune(string(text)))
	out := make([]byte, 0, len(d.BOM)+2*len(units))
	out = append(out, d.BOM...)
	for _, u := range units {
		if d.Charset == lang.CharsetUTF16LE {
			out = append(out, byte(u), byte(u>>8))
		} else {
			out = append(out, byte(u>>8), byte(u))
		}
	}
	return out, nil
}

// EOL returns the line ending new text takes at offset off of text: the ending of the line off is
// on, else of the line before it, else the first one of the text, else "\n".
func EOL(text []byte, off int) string {
	off = min(max(off, 0), len(text))
	if i := bytes.IndexByte(text[off:], '\n'); i >= 0 {
		return endingAt(text, off+i)
	}
	if i := bytes.LastIndexByte(text[:off], '\n'); i >= 0 {
		return endingAt(text, i)
	}
	return "\n"
}

// endingAt is the line ending whose '\n' is at text[i].
func endingAt(text []byte, i int) string {
	if i > 0 && text[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

// endsWithEOL reports whether text ends with a line ending.
func endsWithEOL(text []byte) bool {
	return len(text) > 0 && text[len(text)-1] == '\n'
}

// withEOL returns s with every line ending (CRLF, LF) made eol.
func withEOL(s []byte, eol string) []byte {
	if bytes.IndexByte(s, '\n') < 0 {
		return s
	}
	out := make([]byte, 0, len(s)+bytes.Count(s, []byte{'\n'}))
	for len(s) > 0 {
		i := bytes.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s...)
			break
		}
		line := bytes.TrimSuffix(s[:i], []byte{'\r'})
		out = append(append(out, line...), eol...)
		s = s[i+1:]
	}
	return out
}

// wholeLines returns s as whole lines in eol: every line ending made eol, and a missing final one
// added. The empty text stays empty.
func wholeLines(s []byte, eol string) []byte {
	s = withEOL(s, eol)
	if len(s) > 0 && !endsWithEOL(s) {
		s = append(s, eol...)
	}
	return s
}

// notes returns what an answer says about how the file was edited.
func (d *Document) notes(newTexts [][]byte) []string {
	var out []string
	switch {
	case d.Charset != "":
		out = append(out, fmt.Sprintf("%s file: edited as the UTF-8 text read shows and written back as %s with its byte order mark", d.Charset, d.Charset))
	case !d.UTF8:
		note := "the file is not valid UTF-8: edited as bytes; the bytes outside the edit are kept as they were"
		for _, t := range newTexts {
			if !isASCII(t) && utf8.Valid(t) {
				note += "; the new text's non-ASCII characters were written as UTF-8"
				break
			}
		}
		out = append(out, note)
	}
	return out
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
