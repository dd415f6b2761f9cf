package lang

import (
	"bytes"
	"context"
	"html"
	"strings"

	"github.com/readmap/readmap/store"
)

// htmlMapper maps HTML with a tolerant tokenizer: landmark elements (html, head, body, header,
// nav, main, section, article, aside, footer, form, table, template, dialog, inline script and
// style, h1 to h6) and every element with an id, nested, each from its start tag to its end tag.
// An element left open ends where the HTML parser would end it (a new <li> ends the last, </ul>
// ends its open items), at the last text before that point. Comments, doctype and the raw text of
// script, style and textarea never open elements.
type htmlMapper struct{}

// htmlLandmarks are the elements shown with or without an id.
var htmlLandmarks = map[string]bool{
	"html": true, "head": true, "body": true, "header": true, "nav": true, "main": true,
	"section": true, "article": true, "aside": true, "footer": true, "form": true, "table": true,
	"template": true, "dialog": true, "script": true, "style": true, "search": true,
	"h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true,
}

// htmlVoid are the elements that never have content or an end tag.
var htmlVoid = map[string]bool{
	"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true, "img": true,
	"input": true, "link": true, "meta": true, "param": true, "source": true, "track": true,
	"wbr": true, "keygen": true, "basefont": true, "bgsound": true, "frame": true, "image": true,
}

// htmlRawText are the elements whose content is text up to their end tag, never markup.
var htmlRawText = map[string]bool{
	"script": true, "style": true, "textarea": true, "title": true, "xmp": true, "iframe": true,
	"noembed": true, "noframes": true, "plaintext": true,
}

// htmlClosesP are the start tags that end an open <p>.
var htmlClosesP = map[string]bool{
	"address": true, "article": true, "aside": true, "blockquote": true, "details": true, "dialog": true,
	"div": true, "dl": true, "fieldset": true, "figcaption": true, "figure": true, "footer": true,
	"form": true, "h1": true, "h2": true, "h3": true, "h4": true, "h5": true, "h6": true, "header": true,
	"hgroup": true, "hr": true, "main": true, "menu": true, "nav": true, "ol": true, "p": true,
	"pre": true, "section": true, "table": true, "ul": true, "search": true,
}

// htmlImplied lists, for start tags that end open siblings, the tags they end and the tags that
// bound the search (an <li> ends the open <li> of its own list, not that of an outer one).
var htmlImplied = map[string]struct{ ends, bounds []string }{
	"li":       {[]string{"li"}, []string{"ul", "ol", "menu"}},
	"dt":       {[]string{"dt", "dd"}, []string{"dl"}},
	"dd":       {[]string{"dt", "dd"}, []string{"dl"}},
	"tr":       {[]string{"tr", "td", "th"}, []string{"table", "thead", "tbody", "tfoot"}},
	"td":       {[]string{"td", "th"}, []string{"tr", "table"}},
	"th":       {[]string{"td", "th"}, []string{"tr", "table"}},
	"thead":    {[]string{"thead", "tbody", "tfoot", "tr", "td", "th"}, []string{"table"}},
	"tbody":    {[]string{"thead", "tbody", "tfoot", "tr", "td", "th"}, []string{"table"}},
	"tfoot":    {[]string{"thead", "tbody", "tfoot", "tr", "td", "th"}, []string{"table"}},
	"option":   {[]string{"option"}, []string{"select", "datalist", "optgroup"}},
	"optgroup": {[]string{"optgroup", "option"}, []string{"select"}},
	"body":     {[]string{"head"}, []string{"html"}},
}

type htmlElem struct {
	tag     string
	sym     int // -1 when not shown
	near    int // the innermost shown element at or around it, -1 for none
	start   int // offset of its "<"
	content int // offset after its start tag
}

type htmlScan struct {
	src      []byte
	lc       lineCursor
	stack    []htmlElem
	openTags map[string]int // how many elements of each tag the stack holds
	res      Result
	title    string
}

// htmlTag is a parsed start tag.
type htmlTag struct {
	name                      string
	id, class, src, href, rel []byte
	selfClosing               bool
	end                       int // offset after its ">"
}

// Map returns the landmark elements and elements with an id of an HTML file; its imports are the
// scripts and stylesheets it loads, its summary its title.
func (htmlMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	h := &htmlScan{src: src, lc: lineCursor{src: src, line: 1}, openTags: map[string]int{}}
	for i, n := 0, 0; i < len(src); n++ {
		if n%markupCheckEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		lt := bytes.IndexByte(src[i:], '<')
		if lt < 0 {
			break
		}
		i += lt
		i = h.markup(i)
	}
	h.closeAbove(0, len(src))
	if h.title != "" {
		h.res.Summary = "title: " + h.title
	}
	return &h.res, nil
}

// markup handles what starts with the "<" at i and returns the offset to go on from.
func (h *htmlScan) markup(i int) int {
	src := h.src
	rest := src[i:]
	switch {
	case bytes.HasPrefix(rest, []byte("<!--")):
		return markupSkipPast(src, i+4, "-->")
	case bytes.HasPrefix(rest, []byte("<![CDATA[")):
		return markupSkipPast(src, i+9, "]]>")
	case bytes.HasPrefix(rest, []byte("<!")):
		return markupSkipPast(src, i+2, ">")
	case bytes.HasPrefix(rest, []byte("<?")):
		if end := bytes.Index(rest, []byte("?>")); end >= 0 {
			return i + end + 2
		}
		return markupSkipPast(src, i+2, ">")
	case len(rest) > 2 && rest[1] == '/' && markupLetter(rest[2]):
		name, j := htmlName(src, i+2)
		end := markupSkipPast(src, j, ">")
		h.endTag(name, i, end)
		return end
	case len(rest) > 1 && markupLetter(rest[1]):
		t := h.startTag(i)
		return h.open(t, i)
	}
	return i + 1
}

// htmlName reads a tag name at i, lower-cased, and returns it with the offset after it.
func htmlName(src []byte, i int) (string, int) {
	j := i
	upper := false
	for j < len(src) {
		c := src[j]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '/' || c == '>' {
			break
		}
		if c >= 'A' && c <= 'Z' {
			upper = true
		}
		j++
	}
	b := src[i:j]
	if upper {
		b = bytes.ToLower(b)
	}
	if j-i > 64 {
		b = b[:64]
	}
	if name, ok := htmlTagNames[string(b)]; ok {
		return name, j
	}
	return string(b), j
}

// htmlTagNames interns the common tag names, so most tags cost no allocation.
var htmlTagNames = func() map[string]string {
	m := map[string]string{}
	for _, set := range []map[string]bool{htmlLandmarks, htmlVoid, htmlRawText, htmlClosesP} {
		for t := range set {
			m[t] = t
		}
	}
	for _, t := range []string{"a", "b", "i", "u", "s", "em", "strong", "span", "code", "li", "dt", "dd",
		"tr", "td", "th", "thead", "tbody", "tfoot", "option", "optgroup", "select", "button", "label",
		"small", "sup", "sub", "svg", "path", "g", "use", "symbol", "kbd", "var", "abbr", "summary",
		"picture", "video", "audio", "canvas", "caption", "colgroup", "datalist", "output", "q", "cite",
		"mark", "time", "data", "del", "ins", "tt", "font", "center", "big", "nobr", "object"} {
		m[t] = t
	}
	return m
}()

// startTag parses the start tag at i and its attributes.
func (h *htmlScan) startTag(i int) htmlTag {
	src := h.src
	var t htmlTag
	t.name, i = htmlName(src, i+1)
	for i < len(src) {
		c := src[i]
		switch c {
		case '>':
			t.end = i + 1
			t.selfClosing = i > 0 && src[i-1] == '/'
			return t
		case ' ', '\t', '\n', '\r', '\f', '/':
			i++
			continue
		}
		nameStart := i
		for i < len(src) && !bytes.ContainsRune([]byte(" \t\n\r\f/>="), rune(src[i])) {
			i++
		}
		attr := src[nameStart:i]
		for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
			i++
		}
		var value []byte
		if i < len(src) && src[i] == '=' {
			i++
			for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
				i++
			}
			if i < len(src) && (src[i] == '"' || src[i] == '\'') {
				q := src[i]
				end := bytes.IndexByte(src[i+1:], q)
				if end < 0 {
					t.end = len(src)
					return t
				}
				value = src[i+1 : i+1+end]
				i += end + 2
			} else {
				vs := i
				for i < len(src) && !bytes.ContainsRune([]byte(" \t\n\r\f>"), rune(src[i])) {
					i++
				}
				value = src[vs:i]
			}
		}
		switch {
		case bytes.EqualFold(attr, []byte("id")):
			t.id = value
		case bytes.EqualFold(attr, []byte("class")):
			t.class = value
		case bytes.EqualFold(attr, []byte("src")):
			t.src = value
		case bytes.EqualFold(attr, []byte("href")):
			t.href = value
		case bytes.EqualFold(attr, []byte("rel")):
			t.rel = value
		}
	}
	t.end = len(src)
	return t
}

// open handles a start tag at offset at and returns the offset to go on from: after the tag, or
// after the end tag of a raw text element.
func (h *htmlScan) open(t htmlTag, at int) int {
	switch {
	case t.name == "script" && len(t.src) > 0:
		h.res.Imports = append(h.res.Imports, markupText(t.src))
	case t.name == "link" && len(t.href) > 0 && (markupContainsFold(t.rel, "stylesheet") || markupContainsFold(t.rel, "import") || markupContainsFold(t.rel, "modulepreload")):
		h.res.Imports = append(h.res.Imports, markupText(t.href))
	}
	h.implyEnds(t.name, at)
	if htmlVoid[t.name] {
		if len(t.id) > 0 {
			h.emit(t, at)
			h.close(len(h.stack)-1, t.end, t.end)
		}
		return t.end
	}
	sym := -1
	if len(t.id) > 0 || (htmlLandmarks[t.name] && !(t.name == "script" && len(t.src) > 0)) {
		sym = h.emitSym(t, at)
	}
	h.push(htmlElem{tag: t.name, sym: sym, start: at, content: t.end})
	if t.selfClosing && !htmlLandmarks[t.name] {
		h.close(len(h.stack)-1, t.end, t.end)
		return t.end
	}
	if htmlRawText[t.name] {
		end := len(h.src)
		closeAt := len(h.src)
		if k := markupIndexFold(h.src[t.end:], "</"+t.name); k >= 0 {
			closeAt = t.end + k
			end = markupSkipPast(h.src, closeAt, ">")
		}
		if t.name == "title" && h.title == "" {
			h.title = markupText([]byte(html.UnescapeString(string(h.src[t.end:closeAt]))))
		}
		h.close(len(h.stack)-1, end, closeAt)
		return end
	}
	return t.end
}

func (h *htmlScan) emit(t htmlTag, at int) {
	sym := h.emitSym(t, at)
	h.push(htmlElem{tag: t.name, sym: sym, start: at, content: t.end})
}

// emitSym adds the symbol of an element, tag#id or tag.class for a landmark without an id, and
// returns its index; -1 past markupMaxDepth.
func (h *htmlScan) emitSym(t htmlTag, at int) int {
	name := strings.ToValidUTF8(t.name, "\uFFFD")
	if len(t.id) > 0 {
		name += "#" + markupText(t.id)
	} else if f := bytes.Fields(t.class); len(f) > 0 {
		name += "." + markupText(f[0])
	}
	parent, depth := -1, 0
	if n := len(h.stack); n > 0 && h.stack[n-1].near >= 0 {
		parent = h.stack[n-1].near
		depth = h.res.Symbols[parent].Depth + 1
	}
	if depth >= markupMaxDepth {
		return -1
	}
	line := h.lc.at(at)
	h.res.Symbols = append(h.res.Symbols, store.Symbol{
		Name: name, Kind: store.KindElement, StartLine: line, EndLine: line, Parent: parent, Depth: depth,
	})
	return len(h.res.Symbols) - 1
}

func (h *htmlScan) push(e htmlElem) {
	e.near = e.sym
	if n := len(h.stack); e.sym < 0 && n > 0 {
		e.near = h.stack[n-1].near
	}
	h.stack = append(h.stack, e)
	h.openTags[e.tag]++
}

// implyEnds ends the elements a start tag of name closes by the HTML rules of implied end tags.
func (h *htmlScan) implyEnds(name string, at int) {
	if htmlClosesP[name] {
		if n := len(h.stack); n > 0 && h.stack[n-1].tag == "p" {
			h.closeAbove(n-1, at)
		}
	}
	rule, ok := htmlImplied[name]
	if !ok {
		return
	}
	open := 0
	for _, tag := range rule.ends {
		open += h.openTags[tag]
	}
	if open == 0 {
		return
	}
	for i := len(h.stack) - 1; i >= 0; i-- {
		tag := h.stack[i].tag
		if htmlIn(tag, rule.bounds) {
			return
		}
		if htmlIn(tag, rule.ends) {
			h.closeAbove(i, at)
			return
		}
	}
}

func htmlIn(tag string, set []string) bool {
	for _, s := range set {
		if s == tag {
			return true
		}
	}
	return false
}

// endTag closes the innermost open element named name, and every element left open inside it;
// an end tag with no open element of its name is ignored.
func (h *htmlScan) endTag(name string, at, end int) {
	if h.openTags[name] == 0 {
		return // a flood of stray end tags under deep nesting costs no search
	}
	for i := len(h.stack) - 1; i >= 0; i-- {
		if h.stack[i].tag == name {
			h.closeAbove(i+1, at)
			h.close(i, end, at)
			return
		}
	}
}

// closeAbove ends the elements at stack positions >= k, left open before offset at: each ends at
// the last non-blank byte before at.
func (h *htmlScan) closeAbove(k int, at int) {
	last := at - 1
	for last >= 0 && isHTMLSpace(h.src[last]) {
		last--
	}
	for len(h.stack) > k {
		h.close(len(h.stack)-1, max(last+1, h.stack[len(h.stack)-1].start+1), at)
	}
}

// close ends the element at stack position i (the top), its last byte just before end and its
// content just before contentEnd.
func (h *htmlScan) close(i, end, contentEnd int) {
	e := h.stack[i]
	h.stack = h.stack[:i]
	h.openTags[e.tag]--
	if e.sym < 0 {
		return
	}
	s := &h.res.Symbols[e.sym]
	s.EndLine = max(h.lc.at(max(end-1, 0)), s.StartLine)
	if len(e.tag) == 2 && e.tag[0] == 'h' && e.tag[1] >= '1' && e.tag[1] <= '6' {
		if text := htmlText(h.src[e.content:max(e.content, min(contentEnd, len(h.src)))]); text != "" {
			s.Name += ": " + text
		}
	}
}

// htmlText returns the text of a fragment: tags dropped, entities decoded, whitespace folded.
func htmlText(b []byte) string {
	if len(b) > 16*markupNameWidth {
		b = b[:16*markupNameWidth]
	}
	var out []byte
	for i := 0; i < len(b); i++ {
		if b[i] != '<' {
			out = append(out, b[i])
			continue
		}
		// A tag: inline ones join the text around them, a line break or block separates it.
		end := bytes.IndexByte(b[i:], '>')
		if end < 0 {
			break
		}
		j := i + 1
		if j < len(b) && b[j] == '/' {
			j++
		}
		name, _ := htmlName(b[:i+end], j)
		if name == "br" || htmlClosesP[name] {
			out = append(out, ' ')
		}
		i += end
	}
	return markupText([]byte(html.UnescapeString(string(out))))
}
