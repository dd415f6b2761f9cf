package lang

import (
	"bytes"
	"context"
	"strings"

	"github.com/readmap/readmap/store"
)

// tomlMapper maps TOML line by line: tables ([a.b]) and array tables ([[bin]]) at the top level,
// each from its header to its last key, and keys (dotted or quoted as written) under them, each
// with the lines of its value. Multi-line strings, arrays and inline tables are followed through
// their brackets and quotes, so their lines never look like headers or keys.
type tomlMapper struct{}

// Map returns the tables and keys of a TOML file.
func (tomlMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	syms, err := tomlScanAll(ctx, src)
	if err != nil {
		return nil, err
	}
	return &Result{Symbols: syms}, nil
}

// tomlTopKeys returns the keys before the first table of a TOML text (for front matter).
func tomlTopKeys(ctx context.Context, src []byte) []store.Symbol {
	syms, _ := tomlScanAll(ctx, src)
	var keys []store.Symbol
	for _, s := range syms {
		if s.Kind != store.KindKey || s.Parent != -1 {
			break
		}
		keys = append(keys, s)
	}
	return keys
}

// tomlValue follows a value across lines: its bracket depth and the string it is inside.
type tomlValue struct {
	depth int
	str   string // `"`, `'`, `"""`, `'''`, or "" outside strings
}

// more reports whether the value goes on to the next line.
func (v *tomlValue) more() bool { return v.depth > 0 || len(v.str) == 3 }

// feed reads the rest of a line of a value.
func (v *tomlValue) feed(line []byte) {
	for i := 0; i < len(line); i++ {
		c := line[i]
		if v.str != "" {
			switch {
			case c == '\\' && v.str[0] == '"':
				i++
			case c == v.str[0]:
				if len(v.str) == 1 {
					v.str = ""
				} else if i+2 < len(line) && line[i+1] == c && line[i+2] == c {
					i += 2
					for i+1 < len(line) && line[i+1] == c { // up to two quotes end the content
						i++
					}
					v.str = ""
				}
			}
			continue
		}
		switch c {
		case '#':
			return
		case '"', '\'':
			if i+2 < len(line) && line[i+1] == c && line[i+2] == c {
				v.str = string([]byte{c, c, c})
				i += 2
			} else {
				v.str = string(c)
			}
		case '[', '{':
			v.depth++
		case ']', '}':
			if v.depth > 0 {
				v.depth--
			}
		}
	}
	if len(v.str) == 1 {
		v.str = "" // a one-line string cannot go on
	}
}

func tomlScanAll(ctx context.Context, src []byte) ([]store.Symbol, error) {
	syms := markupSymbols(src)
	table := -1         // the open table's symbol
	key := -1           // the symbol of the key whose value is being read
	var value tomlValue // the value being read
	lines := &markupLines{src: src}
	for {
		line, ok := lines.next()
		if !ok {
			break
		}
		num := lines.num
		if num%markupCheckEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if value.more() {
			value.feed(line)
			syms[key].EndLine = num
			if table >= 0 {
				syms[table].EndLine = num
			}
			continue
		}
		_, at := markupIndent(line)
		rest := line[at:]
		if len(rest) == 0 || rest[0] == '#' {
			continue
		}
		if rest[0] == '[' {
			name, array, ok := tomlHeader(rest)
			if !ok {
				continue
			}
			shown := "[" + name + "]"
			if array {
				shown = "[" + shown + "]"
			}
			syms = append(syms, store.Symbol{
				Name: shown, Qualname: name, Kind: store.KindTable, Signature: shown,
				StartLine: num, EndLine: num, Parent: -1,
			})
			table = len(syms) - 1
			continue
		}
		name, after, ok := tomlKey(rest)
		if !ok {
			continue
		}
		s := store.Symbol{Name: name, Kind: store.KindKey, StartLine: num, EndLine: num, Parent: table}
		if table >= 0 {
			s.Depth = 1
			s.Qualname = syms[table].Qualname + "." + name
			syms[table].EndLine = num
		}
		syms = append(syms, s)
		key = len(syms) - 1
		value = tomlValue{}
		value.feed(rest[after:])
	}
	return syms, nil
}

// tomlHeader parses "[a.b]" or "[[a.b]]" (with a comment after, perhaps) into its name, whitespace
// around dots and brackets removed, quoted parts kept as written.
func tomlHeader(rest []byte) (string, bool, bool) {
	array := bytes.HasPrefix(rest, []byte("[["))
	i := 1
	if array {
		i = 2
	}
	var b strings.Builder
	for ; i < len(rest); i++ {
		c := rest[i]
		switch c {
		case '"', '\'':
			end := markupCloseQuote(rest, i+1, c)
			if c == '\'' { // literal strings have no escapes
				end = bytes.IndexByte(rest[i+1:], c)
				if end >= 0 {
					end += i + 1
				}
			}
			if end < 0 {
				return "", false, false
			}
			b.Write(rest[i : end+1])
			i = end
		case ' ', '\t':
		case ']':
			if array && (i+1 >= len(rest) || rest[i+1] != ']') {
				return "", false, false
			}
			if b.Len() == 0 {
				return "", false, false
			}
			return clip(b.String(), markupNameWidth), array, true
		default:
			b.WriteByte(c)
		}
	}
	return "", false, false
}

// tomlKey parses "key = value" at the start of rest: the key as written (dotted, quoted), with
// whitespace around its dots removed, and the offset after the "=".
func tomlKey(rest []byte) (string, int, bool) {
	// Most keys are bare: letters, digits, "-", "_" and dots, then blanks and "=".
	n := 0
	for n < len(rest) && tomlBare(rest[n]) {
		n++
	}
	if n > 0 {
		j := n
		for j < len(rest) && (rest[j] == ' ' || rest[j] == '\t') {
			j++
		}
		if j < len(rest) && rest[j] == '=' && bytes.IndexByte(rest[:n], '.') < 0 {
			return clip(string(rest[:n]), markupNameWidth), j + 1, true
		}
	}
	var b strings.Builder
	for i := 0; i < len(rest); i++ {
		c := rest[i]
		switch c {
		case '"', '\'':
			end := markupCloseQuote(rest, i+1, c)
			if c == '\'' {
				end = bytes.IndexByte(rest[i+1:], c)
				if end >= 0 {
					end += i + 1
				}
			}
			if end < 0 {
				return "", 0, false
			}
			b.Write(rest[i : end+1])
			i = end
		case ' ', '\t':
		case '=':
			if b.Len() == 0 {
				return "", 0, false
			}
			return clip(b.String(), markupNameWidth), i + 1, true
		case '#', '[', ']', '{', '}', ',':
			return "", 0, false
		default:
			b.WriteByte(c)
		}
	}
	return "", 0, false
}

func tomlBare(c byte) bool {
	return markupLetter(c) || c >= '0' && c <= '9' || c == '-' || c == '_'
}
