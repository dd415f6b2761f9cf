package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// JSON and JSONC configuration files are edited in place: the file is scanned into objects with
// the byte spans of their members, and setup inserts or removes one member's text. Nothing else
// is re-serialised, so comments, key order, spacing and trailing commas stay as they were.
//
// An insertion is shaped so that removing it gives back the original bytes exactly:
//   - into an object with members: right after the last member's value, ",\n" plus the last
//     member's indentation (", " in a one-line object), then the member; removal deletes from the
//     comma after the previous value to the end of the member;
//   - into an empty object "{}": the member alone; into "{ WS }": "\n", the indentation of the
//     object's line plus one unit, then the member, before WS; removal deletes from after "{" to
//     the end of the member.
//
// A section setup creates (mcpServers, mcp) holds the entry on one line, "{ member }", and a file
// setup creates is newFile; --remove takes out the whole section, or deletes the file, only when
// it finds exactly those. The one original that cannot be told apart is a file that was exactly
// newFile with the entry's line missing (an empty section and nothing else): --remove deletes it.

// jsonValue is one scanned value: its span [start, end) and, for an object, its members.
type jsonValue struct {
	start, end int
	object     bool
	members    []jsonMember
}

// jsonMember is one member of an object: its key and the spans of the key and its value.
type jsonMember struct {
	key      string
	keyStart int
	value    *jsonValue
}

// jsonScanner reads JSON with the JSONC extensions editors accept: // and /* */ comments and
// trailing commas.
type jsonScanner struct {
	src []byte
	pos int
}

var errJSONSyntax = errors.New("not valid JSON")

func (s *jsonScanner) fail(what string) error {
	line := bytes.Count(s.src[:min(s.pos, len(s.src))], []byte("\n")) + 1
	return fmt.Errorf("%w: %s at line %d", errJSONSyntax, what, line)
}

// skip passes over whitespace and comments.
func (s *jsonScanner) skip() error {
	for s.pos < len(s.src) {
		switch c := s.src[s.pos]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			s.pos++
		case c == '/' && s.pos+1 < len(s.src) && s.src[s.pos+1] == '/':
			for s.pos < len(s.src) && s.src[s.pos] != '\n' {
				s.pos++
			}
		case c == '/' && s.pos+1 < len(s.src) && s.src[s.pos+1] == '*':
			end := bytes.Index(s.src[s.pos+2:], []byte("*/"))
			if end < 0 {
				return s.fail("unterminated comment")
			}
			s.pos += 2 + end + 2
		default:
			return nil
		}
	}
	return nil
}

// parseJSONC scans a whole document: one value, with nothing but whitespace and comments around
// it (and a byte order mark before it).
func parseJSONC(src []byte) (*jsonValue, error) {
	s := &jsonScanner{src: src}
	if bytes.HasPrefix(src, []byte("\xef\xbb\xbf")) {
		s.pos = 3
	}
	if err := s.skip(); err != nil {
		return nil, err
	}
	v, err := s.value(0)
	if err != nil {
		return nil, err
	}
	if err := s.skip(); err != nil {
		return nil, err
	}
	if s.pos != len(src) {
		return nil, s.fail("text after the value")
	}
	return v, nil
}

func (s *jsonScanner) value(depth int) (*jsonValue, error) {
	if depth > 200 {
		return nil, s.fail("nesting too deep")
	}
	if s.pos >= len(s.src) {
		return nil, s.fail("unexpected end")
	}
	v := &jsonValue{start: s.pos}
	switch c := s.src[s.pos]; c {
	case '{', '[':
		v.object = c == '{'
		closing := byte('}')
		if !v.object {
			closing = ']'
		}
		s.pos++
		for {
			if err := s.skip(); err != nil {
				return nil, err
			}
			if s.pos < len(s.src) && s.src[s.pos] == closing {
				s.pos++
				v.end = s.pos
				return v, nil
			}
			var m jsonMember
			if v.object {
				m.keyStart = s.pos
				if s.pos >= len(s.src) || s.src[s.pos] != '"' {
					return nil, s.fail("expected a key")
				}
				if err := s.str(); err != nil {
					return nil, err
				}
				if err := json.Unmarshal(s.src[m.keyStart:s.pos], &m.key); err != nil {
					return nil, s.fail("bad key")
				}
				if err := s.skip(); err != nil {
					return nil, err
				}
				if s.pos >= len(s.src) || s.src[s.pos] != ':' {
					return nil, s.fail(`expected ":"`)
				}
				s.pos++
				if err := s.skip(); err != nil {
					return nil, err
				}
			}
			elem, err := s.value(depth + 1)
			if err != nil {
				return nil, err
			}
			if v.object {
				m.value = elem
				v.members = append(v.members, m)
			}
			if err := s.skip(); err != nil {
				return nil, err
			}
			switch {
			case s.pos < len(s.src) && s.src[s.pos] == ',':
				s.pos++
			case s.pos < len(s.src) && s.src[s.pos] == closing:
			default:
				return nil, s.fail(`expected "," or "` + string(closing) + `"`)
			}
		}
	case '"':
		if err := s.str(); err != nil {
			return nil, err
		}
	default:
		for s.pos < len(s.src) && !strings.ContainsRune(",:]} \t\r\n/{[\"", rune(s.src[s.pos])) {
			s.pos++
		}
		if s.pos == v.start {
			return nil, s.fail("unexpected character")
		}
	}
	v.end = s.pos
	return v, nil
}

func (s *jsonScanner) str() error {
	s.pos++ // the opening quote
	for s.pos < len(s.src) {
		switch s.src[s.pos] {
		case '\\':
			s.pos += 2
		case '"':
			s.pos++
			return nil
		case '\n':
			return s.fail("newline in a string")
		default:
			s.pos++
		}
	}
	return s.fail("unterminated string")
}

// member returns the member of an object named key, and its index; nil and -1 when it has none.
func (v *jsonValue) member(key string) (*jsonMember, int) {
	if v == nil || !v.object {
		return nil, -1
	}
	for i := len(v.members) - 1; i >= 0; i-- { // the last one wins, as JSON.parse has it
		if v.members[i].key == key {
			return &v.members[i], i
		}
	}
	return nil, -1
}

// plainJSON is the text of a JSONC span as plain JSON: comments and trailing commas removed.
func plainJSON(src []byte) []byte {
	var out []byte
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j+1, len(src))
			out = append(out, src[i:j]...)
			i = j - 1
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := bytes.Index(src[i+2:], []byte("*/"))
			if end < 0 {
				return out
			}
			i += 2 + end + 1
		case c == ']' || c == '}':
			trimmed := bytes.TrimRight(out, " \t\r\n")
			if len(trimmed) > 0 && trimmed[len(trimmed)-1] == ',' {
				out = trimmed[:len(trimmed)-1]
			}
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return out
}

// sameJSON reports whether the JSONC span src holds the same value as want (key order aside).
func sameJSON(src []byte, want any) bool {
	var got any
	if err := json.Unmarshal(plainJSON(src), &got); err != nil {
		return false
	}
	wantJSON, err := json.Marshal(want)
	if err != nil {
		return false
	}
	var w any
	if err := json.Unmarshal(wantJSON, &w); err != nil {
		return false
	}
	return reflect.DeepEqual(got, w)
}

// lineIndent is the run of spaces and tabs that starts the line holding pos.
func lineIndent(src []byte, pos int) string {
	start := bytes.LastIndexByte(src[:pos], '\n') + 1
	end := start
	for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return string(src[start:end])
}

// multiline reports whether an object is laid out one member a line: a newline between its "{"
// and its first member (or its "}").
func (v *jsonValue) multiline(src []byte) bool {
	first := v.end - 1
	if len(v.members) > 0 {
		first = v.members[0].keyStart
	}
	return bytes.IndexByte(src[v.start:first], '\n') >= 0
}

// indentUnit is one level of the document's indentation: the indentation of the root object's
// first member line less that of the root's own line; two spaces when that tells nothing.
func indentUnit(src []byte, root *jsonValue) string {
	if len(root.members) > 0 && root.multiline(src) {
		if in := strings.TrimPrefix(lineIndent(src, root.members[0].keyStart), lineIndent(src, root.start)); in != "" {
			return in
		}
	}
	return "  "
}

// jsonMemberText is `"key": value`.
func jsonMemberText(key, value string) string {
	k, _ := json.Marshal(key)
	return string(k) + ": " + value
}

// insertJSONMember returns src with the member `"key": value` added to the object obj, in the
// shape the comment at the top of this file describes.
func insertJSONMember(src []byte, obj *jsonValue, key, value, unit string) []byte {
	text := jsonMemberText(key, value)
	var at int
	var insert string
	nl := lineEnding(src)
	if n := len(obj.members); n > 0 {
		last := obj.members[n-1]
		at = last.value.end
		if obj.multiline(src) {
			insert = "," + nl + lineIndent(src, last.keyStart) + text
		} else {
			insert = ", " + text
		}
	} else {
		at = obj.start + 1
		if obj.end-obj.start == 2 { // {}
			insert = text
		} else {
			insert = nl + lineIndent(src, obj.start) + unit + text
		}
	}
	return splice(src, at, at, insert)
}

// removeJSONMember returns src without the i-th member of obj: the exact inverse of
// insertJSONMember where that made it, and otherwise a removal that leaves valid JSONC.
func removeJSONMember(src []byte, obj *jsonValue, i int) []byte {
	m := obj.members[i]
	switch {
	case i > 0:
		// from the comma after the previous value to the end of this member
		s := &jsonScanner{src: src, pos: obj.members[i-1].value.end}
		_ = s.skip()
		return splice(src, s.pos, m.value.end, "")
	case len(obj.members) > 1:
		return splice(src, m.keyStart, obj.members[1].keyStart, "")
	default:
		from := m.keyStart
		if strings.TrimLeft(string(src[obj.start+1:m.keyStart]), " \t\r\n") == "" {
			from = obj.start + 1
		}
		to := m.value.end
		s := &jsonScanner{src: src, pos: to}
		_ = s.skip()
		if s.pos < len(src) && src[s.pos] == ',' { // a trailing comma of its own
			to = s.pos + 1
		}
		return splice(src, from, to, "")
	}
}

// lineEnding is "\r\n" for a file whose lines end so, else "\n".
func lineEnding(src []byte) string {
	if i := bytes.IndexByte(src, '\n'); i > 0 && src[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

// splice replaces src[from:to] with text, in a new slice.
func splice(src []byte, from, to int, text string) []byte {
	out := make([]byte, 0, len(src)-(to-from)+len(text))
	out = append(out, src[:from]...)
	out = append(out, text...)
	return append(out, src[to:]...)
}

// jsonEntry is readmap's entry in a JSON configuration file: the member name under section
// (mcpServers.readmap, mcp.readmap) and its value, as text in the order written and as data.
type jsonEntry struct {
	section string
	name    string
	value   string // the value's text, as inserted
	data    any    // the same value, to compare with what a file holds
	newFile string // the whole file setup creates when there is none
}

// sectionText is the section setup creates for the entry when the file has none: one line,
// "{ member }", a form no insertion into an existing section makes (that gives "{member}" or a
// member on a line of its own), so that --remove can tell a section setup made from one the user
// had.
func (e jsonEntry) sectionText() string {
	return "{ " + jsonMemberText(e.name, e.value) + " }"
}

// addJSONEntry returns src with the entry in it, and whether anything changed. A value of the
// entry that differs is replaced in place; src may be empty (a new file).
func addJSONEntry(src []byte, e jsonEntry) ([]byte, bool, error) {
	if len(bytes.TrimSpace(src)) == 0 {
		return []byte(e.newFile), e.newFile != string(src), nil
	}
	root, err := parseJSONC(src)
	if err != nil {
		return nil, false, err
	}
	if !root.object {
		return nil, false, fmt.Errorf("%w: the file holds no JSON object", errJSONSyntax)
	}
	unit := indentUnit(src, root)
	sec, _ := root.member(e.section)
	if sec == nil {
		return insertJSONMember(src, root, e.section, e.sectionText(), unit), true, nil
	}
	if !sec.value.object {
		return nil, false, fmt.Errorf("%q is not an object", e.section)
	}
	if m, _ := sec.value.member(e.name); m != nil {
		if sameJSON(src[m.value.start:m.value.end], e.data) {
			return src, false, nil
		}
		return splice(src, m.value.start, m.value.end, e.value), true, nil
	}
	return insertJSONMember(src, sec.value, e.name, e.value, unit), true, nil
}

// removeJSONEntry returns src without the entry (and without its section when setup made the
// section for it), and whether anything changed; deleteFile is set when what is left is the file
// setup would have created, so that removing the file restores what was there: nothing.
func removeJSONEntry(src []byte, e jsonEntry) (out []byte, changed, deleteFile bool, err error) {
	if len(bytes.TrimSpace(src)) == 0 {
		return src, false, false, nil
	}
	if string(src) == e.newFile {
		return nil, true, true, nil
	}
	root, err := parseJSONC(src)
	if err != nil {
		return nil, false, false, err
	}
	sec, si := root.member(e.section)
	if sec == nil || !sec.value.object {
		return src, false, false, nil
	}
	m, mi := sec.value.member(e.name)
	if m == nil {
		return src, false, false, nil
	}
	if string(src[sec.value.start:sec.value.end]) == e.sectionText() {
		return removeJSONMember(src, root, si), true, false, nil
	}
	return removeJSONMember(src, sec.value, mi), true, false, nil
}
