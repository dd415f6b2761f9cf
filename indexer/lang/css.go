package lang

import (
	"bytes"
	"context"
	"strings"

	"github.com/readmap/readmap/store"
)

// cssMapper maps CSS (and SCSS and Less, which add "//" comments, interpolation and nesting) with
// a tokenizer that knows comments, strings, url(...) and interpolation, so that no brace inside
// them counts: rules named by their selector, at-rules (@media, @supports, @keyframes,
// @font-face, @layer, @mixin, ...) with the rules inside them, each from the first line of its
// prelude to its closing brace. @import, @use and @forward give the imports.
type cssMapper struct {
	lineComments bool // "//" starts a comment (SCSS, Less)
}

type cssScan struct {
	src          []byte
	lineComments bool
	lc           lineCursor
	res          Result
	stack        []cssBlock
	prelude      int // offset of the first byte of the current prelude, -1 when none
}

// Map returns the rules and at-rules of a style sheet.
func (m cssMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	c := &cssScan{src: src, lineComments: m.lineComments, lc: lineCursor{src: src, line: 1}, prelude: -1}
	n := 0
	for i := 0; i < len(src); {
		if n++; n%(markupCheckEvery*16) == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		i = c.step(i)
	}
	last := len(src) - 1
	for last >= 0 && isHTMLSpace(src[last]) {
		last--
	}
	for len(c.stack) > 0 {
		c.closeBlock(max(last, 0))
	}
	return &c.res, nil
}

// step handles the token at i and returns the offset after it.
func (c *cssScan) step(i int) int {
	src := c.src
	b := src[i]
	switch b {
	case ' ', '\t', '\n', '\r', '\f':
		for i++; i < len(src) && isHTMLSpace(src[i]); i++ {
		}
		return i
	case '/':
		if i+1 < len(src) && src[i+1] == '*' {
			return markupSkipPast(src, i+2, "*/")
		}
		if c.lineComments && i+1 < len(src) && src[i+1] == '/' {
			return markupLineEnd(src, i)
		}
	case '"', '\'':
		c.startPrelude(i)
		return cssStringEnd(src, i)
	case '{':
		c.openBlock(i)
		return i + 1
	case '}':
		if len(c.stack) > 0 {
			c.closeBlock(i)
		}
		c.prelude = -1
		return i + 1
	case ';':
		c.statement(i)
		c.prelude = -1
		return i + 1
	case '#', '@':
		// SCSS "#{...}" and Less "@{...}" interpolation: its braces open no block.
		if i+1 < len(src) && src[i+1] == '{' {
			c.startPrelude(i)
			return cssBalanced(src, i+1)
		}
	case 'u', 'U':
		if i+4 <= len(src) && bytes.EqualFold(src[i:i+4], []byte("url(")) && (i == 0 || !cssNameByte(src[i-1])) {
			c.startPrelude(i)
			j := i + 4
			for j < len(src) && isHTMLSpace(src[j]) {
				j++
			}
			if j < len(src) && (src[j] == '"' || src[j] == '\'') {
				return j // a quoted url is a string token
			}
			if k := bytes.IndexByte(src[j:], ')'); k >= 0 {
				return j + k + 1
			}
			return len(src)
		}
	}
	c.startPrelude(i)
	// The rest of a run of plain bytes needs no look.
	i++
	for i < len(src) && !cssSpecial[src[i]] {
		i++
	}
	return i
}

// cssSpecial marks the bytes that may start a token step must look at.
var cssSpecial = func() (t [256]bool) {
	for _, c := range []byte(" \t\n\r\f/\"'{};#@uU") {
		t[c] = true
	}
	return t
}()

func (c *cssScan) startPrelude(i int) {
	if c.prelude < 0 {
		c.prelude = i
	}
}

// openBlock starts the block of the prelude before the "{" at i: an at-rule when it starts
// with "@", a rule otherwise, nothing for an empty prelude.
func (c *cssScan) openBlock(i int) {
	sym := -1
	if c.prelude >= 0 {
		parent, depth := c.parent()
		if text := cssClean(c.src[c.prelude:i]); text != "" && depth < markupMaxDepth {
			line := c.lc.at(c.prelude)
			s := store.Symbol{Name: text, Kind: store.KindRule, StartLine: line, EndLine: line, Parent: parent, Depth: depth}
			if text[0] == '@' {
				s.Kind, s.Signature = store.KindAtRule, text
			}
			c.res.Symbols = append(c.res.Symbols, s)
			sym = len(c.res.Symbols) - 1
		}
	}
	near, _ := c.parent()
	if sym >= 0 {
		near = sym
	}
	c.stack = append(c.stack, cssBlock{sym: sym, near: near})
	c.prelude = -1
}

// cssBlock is an open block: its symbol (-1 for none) and the innermost symbol holding it.
type cssBlock struct{ sym, near int }

// parent returns the symbol a new block's symbol goes under, and the depth it gets.
func (c *cssScan) parent() (int, int) {
	if len(c.stack) == 0 {
		return -1, 0
	}
	near := c.stack[len(c.stack)-1].near
	if near < 0 {
		return -1, 0
	}
	return near, c.res.Symbols[near].Depth + 1
}

// closeBlock ends the innermost block at the "}" at i.
func (c *cssScan) closeBlock(i int) {
	sym := c.stack[len(c.stack)-1].sym
	c.stack = c.stack[:len(c.stack)-1]
	if sym >= 0 {
		s := &c.res.Symbols[sym]
		s.EndLine = max(c.lc.at(i), s.StartLine)
	}
}

// statement handles a prelude ended by ";" at i: an @import, @use or @forward gives imports.
func (c *cssScan) statement(i int) {
	if c.prelude < 0 || c.src[c.prelude] != '@' {
		return
	}
	text := c.src[c.prelude:i]
	for _, kw := range []string{"@import", "@use", "@forward"} {
		if len(text) > len(kw) && bytes.EqualFold(text[:len(kw)], []byte(kw)) && !cssNameByte(text[len(kw)]) {
			c.res.Imports = append(c.res.Imports, cssImports(text[len(kw):])...)
			return
		}
	}
}

// cssImports returns the quoted or url(...) targets of an import's arguments.
func cssImports(args []byte) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case '"', '\'':
			end := cssStringEnd(args, i)
			if t := bytes.TrimSpace(args[i+1 : max(i+1, end-1)]); len(t) > 0 {
				out = append(out, markupText(t))
			}
			i = end - 1
		case 'u', 'U':
			if i+4 <= len(args) && bytes.EqualFold(args[i:i+4], []byte("url(")) {
				k := bytes.IndexByte(args[i:], ')')
				if k < 0 {
					return out
				}
				t := bytes.Trim(bytes.TrimSpace(args[i+4:i+k]), `"'`)
				if len(t) > 0 {
					out = append(out, markupText(t))
				}
				i += k
			}
		case ' ', '\t', '\n', '\r', ',':
		default:
			if len(out) > 0 {
				return out // media queries and the like after the targets
			}
		}
	}
	return out
}

// cssClean turns a prelude into a name: comments dropped, whitespace folded, at most
// maxSignature runes (a selector list is its rule's whole name).
func cssClean(b []byte) string {
	if bytes.Contains(b, []byte("/*")) {
		var out []byte
		for len(b) > 0 {
			k := bytes.Index(b, []byte("/*"))
			if k < 0 {
				out = append(out, b...)
				break
			}
			out = append(out, b[:k]...)
			out = append(out, ' ')
			end := bytes.Index(b[k+2:], []byte("*/"))
			if end < 0 {
				break
			}
			b = b[k+2+end+2:]
		}
		b = out
	}
	if len(b) > 4*maxSignature {
		b = b[:4*maxSignature]
	}
	return clip(strings.ReplaceAll(strings.Join(strings.Fields(string(b)), " "), " ,", ","), maxSignature)
}

// cssStringEnd returns the offset after the string opened by the quote at i; a string ends at its
// quote or, unterminated, at the end of its line.
func cssStringEnd(src []byte, i int) int {
	q := src[i]
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case q:
			return j + 1
		case '\n':
			return j
		}
	}
	return len(src)
}

// cssBalanced returns the offset after the "}" that matches the "{" at i, skipping strings.
func cssBalanced(src []byte, i int) int {
	depth := 0
	for j := i; j < len(src); j++ {
		switch src[j] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return j + 1
			}
		case '"', '\'':
			j = cssStringEnd(src, j) - 1
		case '\n':
			return j // interpolation does not span lines; a stray one must not swallow the file
		}
	}
	return len(src)
}

func cssNameByte(b byte) bool {
	return b == '-' || b == '_' || b >= '0' && b <= '9' || markupLetter(b) || b >= 0x80
}
