package lang

// The Protobuf mapper: a hand-written scanner (this file's declarations, proto_scan_lex.go's
// tokens) that maps a .proto file as the tree-sitter walk with protobuf.go's table does:
// messages, enums, services and oneofs with their members, rpcs, fields (map fields and a
// oneof's too), enum values and imports, with the walk's names, signatures, ranges and nesting
// (it reads no members deeper than tsMaxNest either). Where the grammar parses a file without
// errors, the two maps are equal (proto_diff_test.go).
//
// The grammar knows proto3 only; the scanner reads what protoc reads beyond it too, where the
// grammar reports errors and the walk maps what its recovery makes of them: proto2 groups (a
// message named by the group, holding the group's fields), `extend` blocks (a block named by the
// extended type, holding the extension fields, named as protobuf names them: in the scope around
// the block), `extensions` ranges and reserved names (not mapped, as reserved ranges are not),
// `edition` files, a `required` label where protoPrepare leaves it (a label that begins a line
// it blanks, as the walk reads it), identifiers that start with "_", and option values in any
// text format. What it does not know (a statement of another kind, a syntax error, brackets that
// do not balance, a string over a line's end, a keyword run into a name, which the grammar
// splits) it hands to the walk: a file the scanner maps is mapped as the walk maps it, a file it
// is unsure of costs only time.

import (
	"bytes"
	"context"
	"math"

	"github.com/readmap/readmap/store"
)

// protoScanMapperName names the Protobuf scanner in `map --json` output.
const protoScanMapperName = "proto-scanner"

// protoScanMapper maps .proto files with the scanner, and with the tree-sitter walk of grammar
// the files the scanner is unsure of; the walk's parser is made on first use. The token buffer is
// reused from file to file.
type protoScanMapper struct {
	grammar *tsGrammar
	ts      Mapper
	toks    []protoTok
}

// protoScanner returns the constructor of Protobuf mappers whose fallback walks g's trees; each
// worker's mapper makes its own parser.
func protoScanner(g *tsGrammar) func() Mapper {
	return func() Mapper { return &protoScanMapper{grammar: g} }
}

// Map returns the declarations and imports of one .proto file.
func (m *protoScanMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	res, why, err := m.scan(ctx, src)
	if err != nil || why == "" {
		return res, err
	}
	if m.ts == nil {
		m.ts = newTSMapper(m.grammar)
	}
	return m.ts.Map(ctx, src)
}

// scan maps src with the scanner alone: its map, or why it is unsure of the file.
func (m *protoScanMapper) scan(ctx context.Context, src []byte) (*Result, string, error) {
	if len(src) > math.MaxInt32-64 {
		return nil, "a file too large for 32-bit offsets", nil
	}
	if bomLen(src) > 0 {
		return nil, "a byte order mark", nil
	}
	if bytes.IndexByte(src, 0) >= 0 {
		return nil, "a NUL byte", nil // which the grammar reads as an error even in a comment
	}
	digit := protoSyntaxDigit(src)
	if digit == 0 && bytes.Contains(src, []byte("required")) {
		// The walk reads a file without a syntax statement with one put before its first line,
		// which keeps a `required` there from being blanked, and cuts names and signatures from
		// that text: so does the scanner. Without a `required`, the text after the statement is
		// the file's, and the scanner reads the file itself (edition files, say).
		src = protoPrepare(src)
	}
	var why string
	m.toks, why = protoLex(src, digit != '3', m.toks[:0])
	defer m.trim()
	if why != "" {
		return nil, why, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, "", err
	}
	s := protoScan{scanStop: scanStop{ctx: ctx}, toks: m.toks, w: tsWalk{src: src, lastOverload: -1}}
	s.run()
	switch {
	case s.err != nil:
		return nil, "", s.err
	case s.why != "":
		return nil, s.why, nil
	}
	return &s.w.res, "", nil
}

// trim lets a token buffer grown by a very large file go.
func (m *protoScanMapper) trim() {
	if cap(m.toks) > 1<<16 {
		m.toks = nil
	}
}

// protoBody is the kind of body a statement is read in.
type protoBody uint8

// The bodies: the file's top level, and those of declarations.
const (
	protoBodyTop protoBody = iota
	protoBodyMessage
	protoBodyEnum
	protoBodyOneof
	protoBodyService
	protoBodyRPC
	protoBodyExtend
)

// protoFrame is a body whose `}` is still to come.
type protoFrame struct {
	body protoBody
	sym  int // the symbol of the declaration it belongs to, or -1
	// level is the walk's nesting while it reads the body's members (1 at the top): beyond
	// tsMaxNest it reads none.
	level int
	// scope, in an extend block, is the qualified name of the scope around it, where the
	// extension fields are named.
	scope string
}

// mapped reports whether the walk maps the members of the body.
func (f protoFrame) mapped() bool { return f.level <= tsMaxNest }

// protoScan is the state of one file's scan.
type protoScan struct {
	scanStop
	toks     []protoTok
	k        int // the next token
	open     []protoFrame
	brackets []byte // the closers skipValue and closing expect
	w        tsWalk // the symbols and imports, added as the walk adds them
	why      string // why the file is unsure, or ""
}

// unsure records why the scanner cannot map the file as the walk does; the scan stops.
func (s *protoScan) unsure(why string) {
	if s.why == "" {
		s.why = why
	}
}

// is reports whether token k exists and is of kind kind.
func (s *protoScan) is(k int, kind byte) bool {
	return k < len(s.toks) && s.toks[k].kind == kind
}

// text returns the source of token k.
func (s *protoScan) text(k int) []byte {
	return s.w.src[s.toks[k].start:s.toks[k].end]
}

// isWord reports whether token k is the word word.
func (s *protoScan) isWord(k int, word string) bool {
	return s.is(k, protoWord) && string(s.text(k)) == word
}

// run reads the file's statements, body by body.
func (s *protoScan) run() {
	s.open = append(s.open, protoFrame{body: protoBodyTop, sym: -1, level: 1})
	for s.why == "" && !s.tick() {
		if s.k >= len(s.toks) {
			if len(s.open) > 1 {
				s.unsure("a block never closed")
			}
			return
		}
		s.statement()
	}
}

// statement reads one statement of the innermost open body.
func (s *protoScan) statement() {
	f := s.open[len(s.open)-1]
	switch s.toks[s.k].kind {
	case ';':
		s.k++
		return
	case '}':
		s.close()
		return
	}
	switch f.body {
	case protoBodyTop:
		s.topStatement(f)
	case protoBodyMessage:
		s.messageStatement(f)
	case protoBodyEnum:
		s.enumStatement(f)
	case protoBodyOneof:
		s.oneofStatement(f)
	case protoBodyService:
		s.serviceStatement(f)
	case protoBodyRPC:
		s.optionOnly("an rpc body")
	case protoBodyExtend:
		s.extendStatement(f)
	}
}

// close reads the `}` that ends the innermost body, which ends its declaration's range.
func (s *protoScan) close() {
	if len(s.open) == 1 {
		s.unsure("a } that closes nothing")
		return
	}
	f := s.open[len(s.open)-1]
	s.open = s.open[:len(s.open)-1]
	if f.sym >= 0 {
		s.w.res.Symbols[f.sym].EndLine = int(s.toks[s.k].line)
	}
	s.k++
}

// topStatement reads a statement of the file's top level.
func (s *protoScan) topStatement(f protoFrame) {
	if !s.is(s.k, protoWord) {
		s.unsure("a top-level statement it does not know")
		return
	}
	switch string(s.text(s.k)) {
	case "import":
		s.importStatement()
	case "package", "syntax", "edition":
		s.simpleStatement()
	case "option":
		s.option()
	case "message":
		s.block(f, store.KindMessage, protoBodyMessage)
	case "enum":
		s.block(f, store.KindEnum, protoBodyEnum)
	case "service":
		s.block(f, store.KindService, protoBodyService)
	case "extend":
		s.extend(f)
	default:
		s.unsure("a top-level statement it does not know")
	}
}

// messageStatement reads a statement of a message's (or group's) body. The words the grammar
// reads as keywords there start their statements; any other word starts a field, as it does in
// the grammar.
func (s *protoScan) messageStatement(f protoFrame) {
	if s.is(s.k, '.') {
		s.field(f)
		return
	}
	if !s.is(s.k, protoWord) {
		s.unsure("a message member it does not know")
		return
	}
	switch string(s.text(s.k)) {
	case "message":
		s.block(f, store.KindMessage, protoBodyMessage)
	case "enum":
		s.block(f, store.KindEnum, protoBodyEnum)
	case "oneof":
		s.block(f, store.KindUnion, protoBodyOneof)
	case "option":
		s.option()
	case "map":
		s.mapField(f)
	case "reserved":
		s.simpleStatement()
	case "extensions":
		if s.is(s.k+1, protoNumber) {
			s.option() // ranges, maybe with options
			return
		}
		s.field(f)
	case "extend":
		if end := s.typeEnd(s.k + 1); end > 0 && s.is(end, '{') {
			s.extend(f)
			return
		}
		s.field(f)
	default:
		s.field(f)
	}
}

// enumStatement reads a statement of an enum's body: a value, an option or reserved values.
func (s *protoScan) enumStatement(f protoFrame) {
	switch {
	case s.is(s.k, protoWord) && s.is(s.k+1, '='):
		s.enumValue(f)
	case s.isWord(s.k, "option"):
		s.option()
	case s.isWord(s.k, "reserved"):
		s.simpleStatement()
	default:
		s.unsure("an enum member it does not know")
	}
}

// oneofStatement reads a statement of a oneof's body: an option, a field or a group.
func (s *protoScan) oneofStatement(f protoFrame) {
	if s.isWord(s.k, "option") {
		s.option()
		return
	}
	s.field(f)
}

// serviceStatement reads a statement of a service's body: an rpc or an option.
func (s *protoScan) serviceStatement(f protoFrame) {
	switch {
	case s.isWord(s.k, "rpc"):
		s.rpc(f)
	case s.isWord(s.k, "option"):
		s.option()
	default:
		s.unsure("a service member it does not know")
	}
}

// extendStatement reads a statement of an extend block: an extension field or group.
func (s *protoScan) extendStatement(f protoFrame) {
	if s.is(s.k, protoWord) || s.is(s.k, '.') {
		s.field(f)
		return
	}
	s.unsure("an extend member it does not know")
}

// optionOnly reads a statement of a body that holds options only; what names the body in the
// reason the scanner gives when the statement is not one.
func (s *protoScan) optionOnly(what string) {
	if s.isWord(s.k, "option") {
		s.option()
		return
	}
	s.unsure("a statement in " + what + " it does not know")
}

// simpleStatement reads a statement without brackets up to its `;` (package, syntax, edition,
// reserved).
func (s *protoScan) simpleStatement() {
	for k := s.k + 1; k < len(s.toks); k++ {
		switch s.toks[k].kind {
		case ';':
			s.k = k + 1
			return
		case '{', '}', '[', ']':
			s.unsure("a bracket in a simple statement")
			return
		}
	}
	s.unsure("a statement never ended")
}

// option reads a statement up to the `;` that ends it, past the brackets of its value (an
// aggregate `{ ... }` holds `;` of its own).
func (s *protoScan) option() {
	if k := s.skipValue(s.k + 1); k >= 0 {
		if s.is(k, ';') {
			s.k = k + 1
			return
		}
		s.unsure("a statement never ended")
	}
}

// skipValue returns the index of the first token from k that is `;`, `{` or `}` outside
// brackets, or -1 when brackets do not balance before it. A `{` met first opens an aggregate
// only right after `=` or `:` or inside brackets; elsewhere it ends the value.
func (s *protoScan) skipValue(k int) int {
	s.brackets = s.brackets[:0]
	for ; k < len(s.toks); k++ {
		switch c := s.toks[k].kind; c {
		case '{':
			if len(s.brackets) == 0 && !s.is(k-1, '=') && !s.is(k-1, ':') {
				return k
			}
			s.brackets = append(s.brackets, '}')
		case '[':
			s.brackets = append(s.brackets, ']')
		case '}', ']':
			if len(s.brackets) == 0 {
				if c == '}' {
					return k
				}
				s.unsure("a ] that closes nothing")
				return -1
			}
			if s.brackets[len(s.brackets)-1] != c {
				s.unsure("brackets that do not match")
				return -1
			}
			s.brackets = s.brackets[:len(s.brackets)-1]
		case ';':
			if len(s.brackets) == 0 {
				return k
			}
		}
	}
	s.unsure("a value never ended")
	return -1
}

// options returns the index of the last token of a field's number (token k) and of the options
// in brackets that may follow it, or -1 when they do not close.
func (s *protoScan) options(k int) int {
	if !s.is(k+1, '[') {
		return k
	}
	return s.closing(k + 1)
}

// closing returns the index of the bracket that closes the one at token k, past the brackets
// and braces nested in between; -1 when they do not balance.
func (s *protoScan) closing(k int) int {
	s.brackets = s.brackets[:0]
	for ; k < len(s.toks); k++ {
		switch c := s.toks[k].kind; c {
		case '{':
			s.brackets = append(s.brackets, '}')
		case '[':
			s.brackets = append(s.brackets, ']')
		case '}', ']':
			if len(s.brackets) == 0 || s.brackets[len(s.brackets)-1] != c {
				s.unsure("brackets that do not match")
				return -1
			}
			if s.brackets = s.brackets[:len(s.brackets)-1]; len(s.brackets) == 0 {
				return k
			}
		}
	}
	s.unsure("a bracket never closed")
	return -1
}

// importStatement reads `import ["weak" | "public"] "path";`.
func (s *protoScan) importStatement() {
	k := s.k + 1
	if s.isWord(k, "weak") || s.isWord(k, "public") {
		k++
	}
	if !s.is(k, protoString) || !s.is(k+1, ';') {
		s.unsure("an import it does not know")
		return
	}
	s.w.addImport(unquote(foldName(s.text(k))))
	s.k = k + 2
}

// block reads the head of a message, enum, service or oneof (keyword, name, `{`) and opens
// its body.
func (s *protoScan) block(f protoFrame, kind store.Kind, body protoBody) {
	kw := s.k
	if !s.is(kw+1, protoWord) || !s.is(kw+2, '{') {
		s.unsure("a declaration it does not know")
		return
	}
	sym := -1
	if f.mapped() {
		sym = s.addBlock(f, kw, kw+2, foldName(s.text(kw+1)), kind, "")
	}
	s.open = append(s.open, protoFrame{body: body, sym: sym, level: f.level + 1})
	s.k = kw + 3
}

// addBlock adds the symbol of a declaration from token from to token head, the `{` or `;` that
// ends its head, named name; the range of one with a body ends where the body closes. Its
// signature is its head as protoHead cuts it from the declaration, which it cuts at that token
// or before. qual, when set, is its qualified name.
func (s *protoScan) addBlock(f protoFrame, from, head int, name string, kind store.Kind, qual string) int {
	t := s.toks[from]
	return s.w.add(store.Symbol{
		Name: name, Qualname: qual, Kind: kind, Parent: f.sym,
		StartLine: int(t.line), EndLine: math.MaxInt32,
		Signature: protoHead(&s.w, uint32(t.start), uint32(s.toks[head].end)),
	})
}

// addField adds the symbol of a field or enum value whose tokens run from first to last, named
// by token name; an extension field is named in the scope around its extend block.
func (s *protoScan) addField(f protoFrame, first, name, last int, kind store.Kind) {
	a, b := s.toks[first], s.toks[last]
	sym := store.Symbol{
		Name: foldName(s.text(name)), Kind: kind, Parent: f.sym,
		StartLine: int(a.line), EndLine: int(b.line),
		Signature: s.w.sigLine(uint32(a.start), uint32(b.end)),
	}
	if f.body == protoBodyExtend {
		sym.Qualname = protoScoped(f.scope, sym.Name)
	}
	s.w.add(sym)
}

// protoScoped is name's qualified name in the scope named scope ("" at the top).
func protoScoped(scope, name string) string {
	if scope == "" {
		return name
	}
	return joinQualname(scope, name)
}

// field reads a field (`[labels] type name = number [options];`) or a proto2 group (the same
// with the type `group` and a body instead of the `;`). A oneof's field ends before its `;`,
// which the grammar reads as a statement of its own.
func (s *protoScan) field(f protoFrame) {
	first := s.k
	name := s.fieldName(first)
	if name < 0 || !s.is(name+2, protoNumber) {
		s.unsure("a field it does not know")
		return
	}
	last := s.options(name + 2)
	if last < 0 {
		return
	}
	switch {
	case s.is(last+1, '{') && s.isWord(name-1, "group") && (name-1 == first || !s.is(name-2, '.')):
		s.group(f, first, name, last+1)
	case f.body == protoBodyOneof:
		if f.mapped() {
			s.addField(f, first, name, last, store.KindField)
		}
		s.k = last + 1
	case s.is(last+1, ';'):
		if f.mapped() {
			s.addField(f, first, name, last+1, store.KindField)
		}
		s.k = last + 2
	default:
		s.unsure("a field it does not know")
	}
}

// fieldName returns the index of the name of the field whose tokens start at first: labels, a
// type and a name followed by `=`; -1 when they are not. A label right before the name is the
// type, as the grammar reads `required foo = 1;`.
func (s *protoScan) fieldName(first int) int {
	k := first
	for s.is(k, protoWord) && s.is(k+1, protoWord) && !s.is(k+2, '=') && protoLabel(string(s.text(k))) {
		k++
	}
	end := s.typeEnd(k)
	if end < 0 || !s.is(end, protoWord) || !s.is(end+1, '=') {
		return -1
	}
	return end
}

// protoLabel reports whether word is a field's label.
func protoLabel(word string) bool {
	return word == "optional" || word == "repeated" || word == "required"
}

// typeEnd returns the index just after the type that starts at token k (`[.] word {. word}`),
// or -1 when none does.
func (s *protoScan) typeEnd(k int) int {
	if s.is(k, '.') {
		k++
	}
	if !s.is(k, protoWord) {
		return -1
	}
	for k++; s.is(k, '.') && s.is(k+1, protoWord); k += 2 {
	}
	return k
}

// group opens the body of a proto2 group, mapped as a message named by the group, whose head
// runs from token first to the `{` at token brace.
func (s *protoScan) group(f protoFrame, first, name, brace int) {
	sym := -1
	if f.mapped() {
		qual := ""
		if f.body == protoBodyExtend {
			qual = protoScoped(f.scope, foldName(s.text(name)))
		}
		sym = s.addBlock(f, first, brace, foldName(s.text(name)), store.KindMessage, qual)
	}
	s.open = append(s.open, protoFrame{body: protoBodyMessage, sym: sym, level: f.level + 1})
	s.k = brace + 1
}

// mapField reads `map<key, type> name = number [options];`.
func (s *protoScan) mapField(f protoFrame) {
	k := s.k + 1
	if !s.is(k, '<') {
		s.unsure("a map field it does not know")
		return
	}
	for k++; s.is(k, protoWord) || s.is(k, '.') || s.is(k, ','); k++ {
	}
	if !s.is(k, '>') || !s.is(k+1, protoWord) || !s.is(k+2, '=') || !s.is(k+3, protoNumber) {
		s.unsure("a map field it does not know")
		return
	}
	name, last := k+1, s.options(k+3)
	if last < 0 {
		return
	}
	if !s.is(last+1, ';') {
		s.unsure("a map field it does not know")
		return
	}
	if f.mapped() {
		s.addField(f, s.k, name, last+1, store.KindField)
	}
	s.k = last + 2
}

// enumValue reads `NAME = [-]number [options];`.
func (s *protoScan) enumValue(f protoFrame) {
	k := s.k + 2
	if s.is(k, '-') {
		k++
	}
	if !s.is(k, protoNumber) {
		s.unsure("an enum value it does not know")
		return
	}
	if k = s.options(k); k < 0 {
		return
	}
	if !s.is(k+1, ';') {
		s.unsure("an enum value it does not know")
		return
	}
	if f.mapped() {
		s.addField(f, s.k, s.k, k+1, store.KindEnumMember)
	}
	s.k = k + 2
}

// rpc reads `rpc Name ([stream] Type) returns ([stream] Type)` and the `;` or the body that
// ends it.
func (s *protoScan) rpc(f protoFrame) {
	kw := s.k
	k := -1
	if s.is(kw+1, protoWord) {
		if k = s.rpcType(kw + 2); k > 0 && s.isWord(k, "returns") {
			k = s.rpcType(k + 1)
		} else {
			k = -1
		}
	}
	if k < 0 || !s.is(k, ';') && !s.is(k, '{') {
		s.unsure("an rpc it does not know")
		return
	}
	sym := -1
	if f.mapped() {
		sym = s.addBlock(f, kw, k, foldName(s.text(kw+1)), store.KindRPC, "")
	}
	if s.is(k, '{') {
		s.open = append(s.open, protoFrame{body: protoBodyRPC, sym: sym, level: f.level + 1})
	} else if sym >= 0 {
		s.w.res.Symbols[sym].EndLine = int(s.toks[k].line)
	}
	s.k = k + 1
}

// rpcType reads `([stream] Type)` from token k and returns the index after it, or -1.
func (s *protoScan) rpcType(k int) int {
	if !s.is(k, '(') {
		return -1
	}
	k++
	if s.isWord(k, "stream") {
		k++
	}
	if k = s.typeEnd(k); k < 0 || !s.is(k, ')') {
		return -1
	}
	return k + 1
}

// extend opens an extend block: a block named by the extended type, whose fields are named in
// the scope around it.
func (s *protoScan) extend(f protoFrame) {
	kw := s.k
	end := s.typeEnd(kw + 1)
	if end < 0 || !s.is(end, '{') {
		s.unsure("an extend it does not know")
		return
	}
	sym := -1
	scope := s.qualname(f.sym)
	if f.mapped() {
		var name []byte
		for k := kw + 1; k < end; k++ {
			if k > kw+1 || !s.is(k, '.') { // the name of a type written fully qualified
				name = append(name, s.text(k)...)
			}
		}
		sym = s.addBlock(f, kw, end, foldName(name), store.KindBlock, "")
	}
	s.open = append(s.open, protoFrame{body: protoBodyExtend, sym: sym, level: f.level + 1, scope: scope})
	s.k = end + 1
}

// qualname returns the qualified name normalize gives symbol i ("" for -1): its own when set,
// else its parent's joined with its name.
func (s *protoScan) qualname(i int) string {
	if i < 0 {
		return ""
	}
	sym := s.w.res.Symbols[i]
	if sym.Qualname != "" {
		return sym.Qualname
	}
	return protoScoped(s.qualname(sym.Parent), sym.Name)
}
