package lang

import (
	"context"
	"math"
	"strings"

	"github.com/readmap/readmap/store"
)

// hclScanMapperName names the hand-written HCL scanner in rows and stats.
const hclScanMapperName = "hcl-scanner"

// hclScanner maps HCL (Terraform, Packer, Nomad) as the tree-sitter walk does, in one pass over
// the bytes: blocks named by their labels joined with dots (or by their type), nested blocks as
// their children, the attributes at the top of a file and in `locals` blocks, and a module
// block's source as an import. The walk (hcl.go) stays the reference of its differential test.
type hclScanner struct{}

// Map returns the blocks, attributes and imports of one HCL file.
func (hclScanner) Map(ctx context.Context, src []byte) (*Result, error) {
	if len(src) > math.MaxInt32 {
		return nil, errTooLargeToParse
	}
	s := &hclScan{scanStop: scanStop{ctx: ctx}, src: src, line: 1, lines: CountLines(src), w: tsWalk{src: src, lastOverload: -1}}
	s.pos = bomLen(src)
	s.body()
	if s.err != nil {
		return nil, s.err
	}
	s.w.res.Unparsed = joinSpans(s.unparsed, s.lines)
	return &s.w.res, nil
}

// hclScan is the state of one scan.
type hclScan struct {
	scanStop
	src      []byte
	pos      int
	line     int       // the 1-based line of pos
	lines    int       // the file's line count
	open     []hclOpen // the blocks whose `}` is still to come, innermost last
	unparsed [][2]int
	w        tsWalk // the symbols and imports, added as the walk adds them
}

// hclOpen is a block whose `}` is still to come: its symbol and its type.
type hclOpen struct {
	sym int
	typ string
}

// body reads the file's items: attributes, blocks and the braces that close them.
func (s *hclScan) body() {
	for !s.tick() {
		s.skipBlank(true)
		if s.pos >= len(s.src) {
			s.closeAtEnd()
			return
		}
		switch c := s.src[s.pos]; {
		case c == '}':
			s.closeBlock()
		case hclIdentStart(c):
			s.item()
		default:
			s.junk()
		}
	}
}

// item reads an attribute or a block, from the identifier it starts with.
func (s *hclScan) item() {
	start, line := s.pos, s.line
	typ := foldName(s.src[start:s.ident()])
	s.skipBlank(false)
	if s.at('=') && !s.atPair('=', '=') {
		s.pos++
		s.attribute(typ, start, line)
		return
	}
	var labels []string
	for s.pos < len(s.src) {
		switch c := s.src[s.pos]; {
		case c == '{':
			s.block(typ, labels, start, line)
			return
		case c == '"':
			from := s.pos
			s.skipExpr(true)
			labels = append(labels, hclString(foldName(s.src[from:s.pos])))
		case hclIdentStart(c):
			from := s.pos
			labels = append(labels, foldName(s.src[from:s.ident()]))
		default:
			s.junkFrom(line)
			return
		}
		s.skipBlank(false)
	}
	s.junkFrom(line)
}

// attribute reads `name = expression`, at pos just after the `=`, and maps it at the top of the
// file and in a `locals` block; a `source` in a module block is the module's import.
func (s *hclScan) attribute(name string, start, line int) {
	s.skipBlank(false)
	from := s.pos
	end, endLine := s.skipExpr(false)
	parent := -1
	if n := len(s.open); n > 0 {
		parent = s.open[n-1].sym
		if s.open[n-1].typ == "module" && name == "source" && from < end {
			s.w.addImport(hclString(foldName(s.src[from:end])))
		}
		if s.w.res.Symbols[parent].Signature != "locals" {
			return
		}
	}
	s.w.add(store.Symbol{
		Name: name, Kind: store.KindVar, Signature: s.w.sigLine(uint32(start), uint32(end)),
		StartLine: line, EndLine: max(endLine, line), Parent: parent,
	})
}

// block opens a block at its `{` and maps it; its body is read next, and its end line set at
// its `}`.
func (s *hclScan) block(typ string, labels []string, start, line int) {
	name := typ
	if len(labels) > 0 {
		name = strings.Join(labels, ".")
	}
	parent := -1
	if n := len(s.open); n > 0 {
		parent = s.open[n-1].sym
	}
	idx := s.w.add(store.Symbol{
		Name: name, Kind: store.KindBlock, Signature: s.w.sig(uint32(start), uint32(s.pos)),
		StartLine: line, EndLine: math.MaxInt32, Parent: parent,
	})
	s.pos++
	s.open = append(s.open, hclOpen{idx, typ})
}

// closeBlock ends the innermost open block at its `}`; a `}` with no block open is an error.
func (s *hclScan) closeBlock() {
	n := len(s.open)
	if n == 0 {
		s.junk()
		return
	}
	s.w.res.Symbols[s.open[n-1].sym].EndLine = s.line
	s.open = s.open[:n-1]
	s.pos++
}

// closeAtEnd ends the blocks still open at the end of the file there, and reports the lines from
// the innermost one's start as unparsed.
func (s *hclScan) closeAtEnd() {
	n := len(s.open)
	if n == 0 {
		return
	}
	last := s.lines
	for _, o := range s.open {
		sym := &s.w.res.Symbols[o.sym]
		sym.EndLine = max(last, sym.StartLine)
	}
	s.markUnparsed(s.w.res.Symbols[s.open[n-1].sym].StartLine, last)
	s.open = nil
}

// junk skips what cannot start an item (a syntax error) to the end of its line, and reports
// the line as unparsed.
func (s *hclScan) junk() { s.junkFrom(s.line) }

// junkFrom skips to the end of the line, strings and comments read as such, and reports the
// lines from line as unparsed.
func (s *hclScan) junkFrom(line int) {
	for s.pos < len(s.src) && s.src[s.pos] != '\n' && !s.tick() {
		switch {
		case s.at('"'):
			s.skipExpr(true)
		case s.at('#') || s.atPair('/', '/') || s.atPair('/', '*'):
			s.skipBlank(false)
		default:
			s.pos++
		}
	}
	s.markUnparsed(line, s.line)
}

// markUnparsed adds the lines from..to to the unparsed spans.
func (s *hclScan) markUnparsed(from, to int) {
	s.unparsed = appendSpan(s.unparsed, from, to)
}

// ident moves past an identifier (letters, digits, `_` and `-`; any non-ASCII byte counts as a
// letter) and returns where it ends.
func (s *hclScan) ident() int {
	for s.pos < len(s.src) && (isNameByte(s.src[s.pos]) || s.src[s.pos] == '-') {
		s.pos++
	}
	return s.pos
}

// hclIdentStart reports whether c can start an identifier.
func hclIdentStart(c byte) bool {
	return c == '_' || c|0x20 >= 'a' && c|0x20 <= 'z' || c >= 0x80
}

// at reports whether the byte at pos is c.
func (s *hclScan) at(c byte) bool { return s.pos < len(s.src) && s.src[s.pos] == c }

// atPair reports whether the bytes at pos are a then b.
func (s *hclScan) atPair(a, b byte) bool {
	return s.pos+1 < len(s.src) && s.src[s.pos] == a && s.src[s.pos+1] == b
}

// skipBlank moves past spaces and comments, and past newlines too when newlines is set. A
// comment left open at the end of the file is reported as unparsed.
func (s *hclScan) skipBlank(newlines bool) {
	for s.pos < len(s.src) {
		switch c := s.src[s.pos]; {
		case c == ' ' || c == '\t' || c == '\r':
			s.pos++
		case c == '\n':
			if !newlines {
				return
			}
			s.pos++
			s.line++
		case c == '#' || s.atPair('/', '/'):
			for s.pos < len(s.src) && s.src[s.pos] != '\n' {
				s.pos++
			}
		case s.atPair('/', '*'):
			s.blockComment()
		default:
			return
		}
	}
}

// blockComment moves past a /* comment */, counting its lines.
func (s *hclScan) blockComment() {
	line := s.line
	s.pos += 2
	for s.pos < len(s.src) {
		switch {
		case s.src[s.pos] == '\n':
			s.line++
		case s.atPair('*', '/'):
			s.pos += 2
			return
		}
		s.pos++
	}
	s.markUnparsed(line, s.line)
}

// Contexts of an expression: open brackets, a quoted template and an interpolation in one.
const (
	hclInBracket  = iota // ( [ {
	hclInTemplate        // "..."
	hclInInterp          // ${ ... } or %{ ... } in a template
)

// skipExpr moves past an expression: to the newline that ends it outside brackets, to a `}` that
// closes the block it is in (not consumed), or, with oneString, past the one quoted string at
// pos. It returns the offset after its last byte and that byte's line. Quoted strings end at
// their line's end when left open; brackets, interpolations, heredocs and comments left open at
// the file's end are reported as unparsed from the expression's line.
func (s *hclScan) skipExpr(oneString bool) (end, endLine int) {
	first := s.line
	end, endLine = s.pos, s.line
	var stack []byte
	for s.pos < len(s.src) && !s.tick() {
		c := s.src[s.pos]
		if n := len(stack); n > 0 && stack[n-1] == hclInTemplate {
			if s.templateByte(c, &stack) {
				end, endLine = s.pos, s.line
				if oneString && len(stack) == 0 {
					return end, endLine
				}
			}
			continue
		}
		switch {
		case c == '\n':
			if len(stack) == 0 {
				return end, endLine
			}
			s.pos++
			s.line++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			s.pos++
			continue
		case c == '#' || s.atPair('/', '/') || s.atPair('/', '*'):
			s.skipBlank(false)
			continue
		case c == '(' || c == '[' || c == '{':
			stack = append(stack, hclInBracket)
		case c == ')' || c == ']' || c == '}':
			if len(stack) == 0 {
				if c == '}' {
					return end, endLine
				}
			} else {
				stack = stack[:len(stack)-1]
			}
		case c == '"':
			stack = append(stack, hclInTemplate)
		case s.atPair('<', '<'):
			if s.heredoc() {
				end, endLine = s.pos, s.line
				continue
			}
			s.pos++
		}
		s.pos++
		end, endLine = s.pos, s.line
	}
	if len(stack) > 0 {
		s.markUnparsed(first, s.line)
	}
	return end, endLine
}

// templateByte reads one step of a quoted template at pos (c is its byte): an escape, the
// closing quote, an interpolation's start, or a newline, which ends a quoted string left open
// (a syntax error on its line). It reports whether the step ends on part of the string.
func (s *hclScan) templateByte(c byte, stack *[]byte) bool {
	switch {
	case c == '\\':
		s.pos = min(s.pos+2, len(s.src))
	case c == '"':
		*stack = (*stack)[:len(*stack)-1]
		s.pos++
	case c == '\n':
		*stack = (*stack)[:len(*stack)-1]
		s.markUnparsed(s.line, s.line)
		return false
	case (c == '$' || c == '%') && s.pos+2 < len(s.src) && s.src[s.pos+1] == c && s.src[s.pos+2] == '{':
		s.pos += 3 // `$${` and `%%{` are the text `${` and `%{`
	case (c == '$' || c == '%') && s.pos+1 < len(s.src) && s.src[s.pos+1] == '{':
		*stack = append(*stack, hclInInterp)
		s.pos += 2
	default:
		s.pos++
	}
	return true
}

// heredoc moves past a heredoc template (`<<EOT` or `<<-EOT` to a line holding only EOT, with
// spaces before it) when one starts at pos, and reports whether one did; one left open runs to
// the end of the file and is reported as unparsed.
func (s *hclScan) heredoc() bool {
	p := s.pos + 2
	if p < len(s.src) && s.src[p] == '-' {
		p++
	}
	from := p
	for p < len(s.src) && (isNameByte(s.src[p]) || s.src[p] == '-') {
		p++
	}
	marker := s.src[from:p]
	if len(marker) == 0 || !hclIdentStart(marker[0]) {
		return false
	}
	if p < len(s.src) && s.src[p] == '\r' {
		p++
	}
	if p >= len(s.src) || s.src[p] != '\n' {
		return false
	}
	line := s.line
	s.pos = p
	for s.pos < len(s.src) {
		s.pos++ // past the newline
		s.line++
		lineEnd := s.pos
		for lineEnd < len(s.src) && s.src[lineEnd] != '\n' {
			lineEnd++
		}
		if strings.TrimSpace(string(s.src[s.pos:lineEnd])) == string(marker) {
			s.pos = lineEnd
			return true
		}
		s.pos = lineEnd
	}
	s.markUnparsed(line, s.line)
	return true
}
