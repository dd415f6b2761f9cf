package lang

import (
	"bytes"
	"context"
	"strings"

	"github.com/readmap/readmap/store"
)

// The markup and config mappers (Markdown, YAML, TOML, HTML, CSS, SQL, Dockerfile) are hand-written
// scanners rather than tree-sitter grammars: each of these formats has a line or token structure
// that a few hundred lines of Go follow exactly, at 50 MB/s to over 1 GB/s and without cgo, where
// a grammar costs ~8 MB/s, a parser per worker, and, for Markdown, YAML and SQL, a tree whose
// shape still has to be turned into sections, key blocks and statements by hand. The helpers
// below (markup*) serve all of them.

// markdownMapper maps Markdown following CommonMark's block structure as far as headings depend
// on it: ATX and setext headings, fenced code blocks (whose lines are never headings), HTML
// blocks, indented code and front matter. A section runs from its heading to the line before the
// next heading of the same or a higher level, so it holds its subsections.
type markdownMapper struct {
	mdx bool // MDX: JSX instead of HTML blocks, and import lines
}

// mdHeading is an open section.
type mdHeading struct {
	level int
	sym   int
}

type mdScan struct {
	res      Result
	sections []mdHeading
	mdx      bool

	// The paragraph being read: its first line and its lines, for a setext underline to name.
	paraStart int
	para      [][]byte
	// container is set while lines may be lazy continuations of a list item or block quote,
	// which a setext underline cannot follow.
	container bool

	fence     bool
	fenceChar byte
	fenceLen  int
	fenceSym  int

	html    int    // the open HTML block's CommonMark type, 0 when none
	htmlEnd string // for types 1 to 5: the text that ends it
}

// Map returns the headings, nested by level, the code blocks under their sections, and the front
// matter of a Markdown file.
func (m markdownMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	s := &mdScan{mdx: m.mdx}
	lines := &markupLines{src: src}
	if end := s.frontMatter(ctx, src); end > 0 {
		for lines.num < end {
			lines.next()
		}
	}
	for {
		line, ok := lines.next()
		if !ok {
			break
		}
		if lines.num%markupCheckEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		s.line(line, lines.num)
	}
	last := CountLines(src)
	if s.fence {
		s.res.Symbols[s.fenceSym].EndLine = last
	}
	s.closeSections(1, last)
	return &s.res, nil
}

// frontMatter maps a "---" YAML or "+++" TOML block at the very top as one symbol with its
// top-level keys, and returns its last line (0 when there is none).
func (s *mdScan) frontMatter(ctx context.Context, src []byte) int {
	lines := &markupLines{src: src}
	first, _ := lines.next()
	delim := string(bytes.TrimRight(first, " \t"))
	if delim != "---" && delim != "+++" {
		return 0
	}
	bodyStart := lines.off
	for {
		line, ok := lines.next()
		if !ok {
			return 0
		}
		t := string(bytes.TrimRight(line, " \t"))
		if t == delim || (delim == "---" && t == "...") {
			break
		}
	}
	end := lines.num
	s.res.Symbols = append(s.res.Symbols, store.Symbol{
		Name: "front matter", Kind: store.KindBlock, Signature: delim + " front matter",
		StartLine: 1, EndLine: end, Parent: -1,
	})
	body := src[bodyStart:lines.from]
	var keys []store.Symbol
	if delim == "---" {
		keys = yamlKeys(ctx, body, 1)
	} else {
		keys = tomlTopKeys(ctx, body)
	}
	for _, k := range keys {
		k.StartLine++
		k.EndLine++
		k.Parent, k.Depth, k.Qualname = 0, 1, ""
		s.res.Symbols = append(s.res.Symbols, k)
	}
	return end
}

// closeSections ends every open section of level >= level at line end.
func (s *mdScan) closeSections(level, end int) {
	for len(s.sections) > 0 {
		top := s.sections[len(s.sections)-1]
		if top.level < level {
			return
		}
		sym := &s.res.Symbols[top.sym]
		sym.EndLine = max(end, sym.StartLine)
		s.sections = s.sections[:len(s.sections)-1]
	}
}

// parent returns the innermost open section, or -1.
func (s *mdScan) parent() (int, int) {
	if len(s.sections) == 0 {
		return -1, 0
	}
	p := s.sections[len(s.sections)-1].sym
	return p, s.res.Symbols[p].Depth + 1
}

func (s *mdScan) heading(level int, text []byte, start int) {
	s.closeSections(level, start-1)
	parent, depth := s.parent()
	name := strings.Repeat("#", level)
	if t := markupText(text); t != "" {
		name += " " + t
	}
	s.res.Symbols = append(s.res.Symbols, store.Symbol{
		Name: name, Kind: store.KindHeading, StartLine: start, EndLine: start, Parent: parent, Depth: depth,
	})
	s.sections = append(s.sections, mdHeading{level: level, sym: len(s.res.Symbols) - 1})
}

func (s *mdScan) endParagraph() {
	s.paraStart = 0
	s.para = s.para[:0]
}

// line handles one line of the document.
func (s *mdScan) line(line []byte, num int) {
	if s.fence {
		if s.closesFence(line) {
			s.res.Symbols[s.fenceSym].EndLine = num
			s.fence = false
		}
		return
	}
	if s.html != 0 {
		s.continueHTML(line)
		return
	}
	indent, at := markupIndent(line)
	if at == len(line) { // blank
		s.endParagraph()
		s.container = false
		return
	}
	rest := line[at:]
	if s.openFence(rest, num) {
		s.endParagraph()
		return
	}
	if indent >= 4 {
		// Indented code, or the continuation of a paragraph or list item: never a heading.
		if s.paraStart != 0 {
			s.para = append(s.para, rest)
		}
		return
	}
	if level, text, ok := mdATXHeading(rest); ok {
		s.endParagraph()
		s.container = false
		s.heading(level, text, num)
		return
	}
	if s.paraStart != 0 && !s.container {
		if level := mdSetextLevel(rest); level > 0 {
			s.heading(level, bytes.Join(s.para, []byte{' '}), s.paraStart)
			s.res.Symbols[len(s.res.Symbols)-1].EndLine = num
			s.endParagraph()
			return
		}
	}
	if mdThematicBreak(rest) {
		s.endParagraph()
		s.container = false
		return
	}
	if s.mdx {
		if s.paraStart == 0 && !s.container && bytes.HasPrefix(rest, []byte("import ")) {
			if mod := mdMDXImport(rest); mod != "" {
				s.res.Imports = append(s.res.Imports, mod)
			}
			return
		}
	} else if kind, end := mdHTMLBlockStart(rest, s.paraStart != 0 && !s.container); kind != 0 {
		s.endParagraph()
		s.html, s.htmlEnd = kind, end
		s.continueHTML(line)
		return
	}
	if rest[0] == '>' || mdListItem(rest) {
		s.endParagraph()
		s.container = true
		return
	}
	if s.paraStart == 0 {
		s.paraStart = num
	}
	s.para = append(s.para, rest)
}

// continueHTML handles a line inside an HTML block, which ends on the line that holds its end
// text (types 1 to 5) or at a blank line (types 6 and 7).
func (s *mdScan) continueHTML(line []byte) {
	if s.html >= 6 {
		if markupBlank(line) {
			s.html = 0
		}
		return
	}
	if markupContainsFold(line, s.htmlEnd) {
		s.html = 0
	}
}

// openFence starts a fenced code block when rest opens one: three or more backticks or tildes,
// and for backticks an info string without backticks.
func (s *mdScan) openFence(rest []byte, num int) bool {
	if len(rest) < 3 || (rest[0] != '`' && rest[0] != '~') {
		return false
	}
	c := rest[0]
	n := 0
	for n < len(rest) && rest[n] == c {
		n++
	}
	if n < 3 {
		return false
	}
	info := bytes.TrimSpace(rest[n:])
	if c == '`' && bytes.IndexByte(info, '`') >= 0 {
		return false // inline code such as ```x``` on one line
	}
	name := "code"
	if lang := mdFenceLanguage(info); lang != "" {
		name = "code: " + lang
	}
	parent, depth := s.parent()
	s.res.Symbols = append(s.res.Symbols, store.Symbol{
		Name: name, Kind: store.KindCodeBlock, StartLine: num, EndLine: num, Parent: parent, Depth: depth,
	})
	s.fence, s.fenceChar, s.fenceLen, s.fenceSym = true, c, n, len(s.res.Symbols)-1
	return true
}

// mdFenceLanguage returns the language word of a fence's info string: "go" for "go title=x",
// "python" for "{.python}", "r" for "{r setup}".
func mdFenceLanguage(info []byte) string {
	info = bytes.TrimLeft(info, "{. ")
	end := bytes.IndexAny(info, " \t{},=")
	if end >= 0 {
		info = info[:end]
	}
	return markupText(info)
}

// closesFence reports whether line closes the open fence: the same character, at least as many,
// nothing after but blanks.
func (s *mdScan) closesFence(line []byte) bool {
	_, at := markupIndent(line)
	rest := line[at:]
	n := 0
	for n < len(rest) && rest[n] == s.fenceChar {
		n++
	}
	return n >= s.fenceLen && markupBlank(rest[n:])
}

// mdATXHeading parses "## Title ##" (without its indentation) into its level and text.
func mdATXHeading(rest []byte) (int, []byte, bool) {
	level := 0
	for level < len(rest) && rest[level] == '#' {
		level++
	}
	if level == 0 || level > 6 {
		return 0, nil, false
	}
	if level < len(rest) && rest[level] != ' ' && rest[level] != '\t' {
		return 0, nil, false
	}
	text := bytes.TrimSpace(rest[level:])
	// A closing run of #s goes when a blank precedes it, or when it is all there is.
	end := len(text)
	for end > 0 && text[end-1] == '#' {
		end--
	}
	if end == 0 || text[end-1] == ' ' || text[end-1] == '\t' {
		text = bytes.TrimSpace(text[:end])
	}
	return level, text, true
}

// mdSetextLevel returns 1 for a "===" underline, 2 for a "---" one, 0 otherwise.
func mdSetextLevel(rest []byte) int {
	c := rest[0]
	if c != '=' && c != '-' {
		return 0
	}
	n := 0
	for n < len(rest) && rest[n] == c {
		n++
	}
	if !markupBlank(rest[n:]) {
		return 0
	}
	if c == '=' {
		return 1
	}
	return 2
}

// mdThematicBreak reports "***", "- - -", "___" and the like.
func mdThematicBreak(rest []byte) bool {
	c := rest[0]
	if c != '-' && c != '*' && c != '_' {
		return false
	}
	n := 0
	for _, b := range rest {
		switch b {
		case c:
			n++
		case ' ', '\t':
		default:
			return false
		}
	}
	return n >= 3
}

// mdListItem reports whether rest starts a list item: "- ", "* ", "+ ", "1. " or "1) ".
func mdListItem(rest []byte) bool {
	i := 0
	switch rest[0] {
	case '-', '*', '+':
		i = 1
	default:
		for i < len(rest) && i < 9 && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		if i == 0 || i >= len(rest) || (rest[i] != '.' && rest[i] != ')') {
			return false
		}
		i++
	}
	return i == len(rest) || rest[i] == ' ' || rest[i] == '\t'
}

// mdHTMLBlockTags are the tags that open a CommonMark HTML block of type 6.
var mdHTMLBlockTags = map[string]bool{
	"address": true, "article": true, "aside": true, "base": true, "basefont": true, "blockquote": true,
	"body": true, "caption": true, "center": true, "col": true, "colgroup": true, "dd": true,
	"details": true, "dialog": true, "dir": true, "div": true, "dl": true, "dt": true, "fieldset": true,
	"figcaption": true, "figure": true, "footer": true, "form": true, "frame": true, "frameset": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "head": true, "header": true,
	"hr": true, "html": true, "iframe": true, "legend": true, "li": true, "link": true, "main": true,
	"menu": true, "menuitem": true, "nav": true, "noframes": true, "ol": true, "optgroup": true,
	"option": true, "p": true, "param": true, "search": true, "section": true, "summary": true,
	"table": true, "tbody": true, "td": true, "tfoot": true, "th": true, "thead": true, "title": true,
	"tr": true, "track": true, "ul": true,
}

// mdHTMLBlockStart returns the CommonMark type (1 to 7) of the HTML block rest opens, 0 for none,
// and for types 1 to 5 the text that ends it. A type 7 block cannot interrupt a paragraph.
func mdHTMLBlockStart(rest []byte, inParagraph bool) (int, string) {
	if len(rest) < 2 || rest[0] != '<' {
		return 0, ""
	}
	switch {
	case bytes.HasPrefix(rest, []byte("<!--")):
		return 2, "-->"
	case bytes.HasPrefix(rest, []byte("<?")):
		return 3, "?>"
	case bytes.HasPrefix(rest, []byte("<![CDATA[")):
		return 5, "]]>"
	case rest[1] == '!' && len(rest) > 2 && markupLetter(rest[2]):
		return 4, ">"
	}
	closing := rest[1] == '/'
	i := 1
	if closing {
		i = 2
	}
	j := i
	for j < len(rest) && (markupLetter(rest[j]) || (j > i && (rest[j] >= '0' && rest[j] <= '9' || rest[j] == '-'))) {
		j++
	}
	if j == i {
		return 0, ""
	}
	tag := strings.ToLower(string(rest[i:j]))
	after := byte(' ')
	if j < len(rest) {
		after = rest[j]
	}
	switch tag {
	case "script", "pre", "style", "textarea":
		if !closing && (after == ' ' || after == '\t' || after == '>') {
			return 1, "</" + tag + ">"
		}
	}
	if mdHTMLBlockTags[tag] && (after == ' ' || after == '\t' || after == '>' || bytes.HasPrefix(rest[j:], []byte("/>"))) {
		return 6, ""
	}
	// Type 7: a complete open or closing tag alone on its line.
	if inParagraph || (after != ' ' && after != '\t' && after != '>' && after != '/') {
		return 0, ""
	}
	if t := bytes.TrimRight(rest, " \t"); t[len(t)-1] == '>' {
		return 7, ""
	}
	return 0, ""
}

// mdMDXImport returns the module of an MDX "import X from 'module'" line.
func mdMDXImport(rest []byte) string {
	q := bytes.LastIndexAny(rest, "'\"")
	if q <= 0 {
		return ""
	}
	open := bytes.LastIndexByte(rest[:q], rest[q])
	if open < 0 {
		return ""
	}
	return clip(string(rest[open+1:q]), markupNameWidth)
}
