package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
)

// Line-based configuration (TOML, Markdown) is edited by appending a block at the end of the file
// and taking it out again. The block is added as "\n" plus its lines (or alone, to a file that is
// missing or empty), so removal deletes the block and the one newline before it, which gives back
// the original bytes whether or not the file ended in a newline. A file left empty that setup
// created (no newline came before the block) is deleted.

// textBlock finds readmap's block in a file: its first line and where it ends.
type textBlock struct {
	start *regexp.Regexp // matches the block's first line
	// end returns where the block that starts at from ends (past its last line's newline).
	end func(src []byte, from int) int
}

// find returns the span of the block in src, or -1, -1.
func (b textBlock) find(src []byte) (int, int) {
	for pos := 0; pos < len(src); {
		next := bytes.IndexByte(src[pos:], '\n')
		lineEnd := len(src)
		if next >= 0 {
			lineEnd = pos + next
		}
		if b.start.Match(src[pos:lineEnd]) {
			return pos, b.end(src, pos)
		}
		if next < 0 {
			break
		}
		pos = lineEnd + 1
	}
	return -1, -1
}

// add returns src with block in it, and whether anything changed: appended when src has none,
// replaced when src holds another version of it.
func (b textBlock) add(src []byte, block string) ([]byte, bool) {
	from, to := b.find(src)
	nl := lineEnding(src) // a CRLF file gets CRLF lines
	if from >= 0 {
		nl = lineEnding(src[from:to]) // as the block has them already
	}
	if nl != "\n" {
		block = strings.ReplaceAll(block, "\n", nl)
	}
	if from >= 0 {
		if string(src[from:to]) == block {
			return src, false
		}
		return splice(src, from, to, block), true
	}
	if len(src) == 0 {
		return []byte(block), true
	}
	return append(append(bytes.Clone(src), nl...), block...), true
}

// remove returns src without the block and the line ending before it (the block's own: "\r\n"
// when its lines end so), whether anything changed, and
// whether the file should be deleted (setup created it: nothing is left, and no newline came
// before the block).
func (b textBlock) remove(src []byte) (out []byte, changed, deleteFile bool) {
	from, to := b.find(src)
	if from < 0 {
		return src, false, false
	}
	switch nl := lineEnding(src[from:]); {
	case from >= len(nl) && string(src[from-len(nl):from]) == nl:
		from -= len(nl)
	case from > 0 && src[from-1] == '\n':
		from--
	case from == 0 && to == len(src):
		return nil, true, true
	}
	return splice(src, from, to, ""), true, false
}

// markdownBlock is a block between HTML comments, invisible in rendered Markdown.
func markdownBlock(body string) (textBlock, string) {
	const begin = "<!-- readmap: start -->"
	const end = "<!-- readmap: end -->"
	b := textBlock{
		start: regexp.MustCompile(`^<!-- readmap: start -->\s*$`),
		end: func(src []byte, from int) int {
			i := bytes.Index(src[from:], []byte(end))
			if i < 0 {
				return len(src)
			}
			to := from + i + len(end)
			if to < len(src) && src[to] == '\r' {
				to++
			}
			if to < len(src) && src[to] == '\n' {
				to++
			}
			return to
		},
	}
	return b, begin + "\n" + strings.TrimRight(body, "\n") + "\n" + end + "\n"
}

// tomlTableBlock is the TOML table [section.name]: from its header to the next table header (a
// line starting with "[") or the end of the file. Sub-tables [section.name.x] belong to it.
func tomlTableBlock(section, name string) textBlock {
	key := fmt.Sprintf(`%s\s*\.\s*(%s|"%s")`, regexp.QuoteMeta(section), regexp.QuoteMeta(name), regexp.QuoteMeta(name))
	header := regexp.MustCompile(`^\s*\[\s*` + key + `\s*\]\s*(#.*)?\r?$`)
	sub := regexp.MustCompile(`^\s*\[\s*` + key + `\s*\.`)
	return textBlock{
		start: header,
		end: func(src []byte, from int) int {
			pos := from
			if i := bytes.IndexByte(src[pos:], '\n'); i >= 0 {
				pos += i + 1
			} else {
				return len(src)
			}
			for pos < len(src) {
				lineEnd := len(src)
				if i := bytes.IndexByte(src[pos:], '\n'); i >= 0 {
					lineEnd = pos + i
				}
				line := src[pos:lineEnd]
				if t := bytes.TrimLeft(line, " \t"); len(t) > 0 && t[0] == '[' && !sub.Match(line) {
					return pos
				}
				pos = lineEnd + 1
			}
			return len(src)
		},
	}
}

// tomlString quotes s as a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
