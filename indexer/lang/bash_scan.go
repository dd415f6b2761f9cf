package lang

import (
	"bytes"
	"context"
	"math"
	"slices"

	"github.com/readmap/readmap/store"
)

// bashScanMapperName names the hand-written Bash scanner in rows and stats.
const bashScanMapperName = "bash-scanner"

// bashScanner maps Bash as the tree-sitter walk does (bash.go), in one pass over the bytes: the
// functions, `NAME=value` assignments standing alone, and `export`, `readonly`, `declare`,
// `local` and `typeset` declarations at the top of a file (or in an `&&`/`||` list there), and
// the files `source` and `.` read, as imports. It reads the whole file as bash does, compound
// commands, case patterns, here-documents and extended globs included; the walk stays the
// reference of its differential test.
type bashScanner struct{}

// Map returns the functions, variables and imports of one shell script, and the names it uses
// (gathered as it reads them, where a pass of the shared lexer took a third of the analysis).
func (bashScanner) Map(ctx context.Context, src []byte) (*Result, error) {
	if len(src) > math.MaxInt32 {
		return nil, errTooLargeToParse
	}
	s := newBashScan(ctx, src)
	set := identSets.Get().(*identSet)
	defer identSets.Put(set)
	set.reset(len(src))
	s.names = set
	res, err := s.scan()
	if err != nil {
		set.release()
		return nil, err
	}
	filter, names := set.uses()
	res.Uses = &FileUses{Filter: filter, Names: names}
	return res, nil
}

// bashEachIdentifier is EachIdentifier for Bash: the names the scanner reads in words (command
// names, arguments, assignments), parameter expansions ($name, ${name...}), arithmetic and
// command substitutions, inside "..." and unquoted here-documents too; not the text of strings
// and quoted here-documents, nor comments.
func bashEachIdentifier(src []byte, fn func(name []byte, line, column int)) {
	if len(src) > math.MaxInt32 {
		return
	}
	var spans [][2]int
	s := newBashScan(context.Background(), src)
	s.spans = &spans
	if _, err := s.scan(); err != nil {
		return
	}
	// In the order of the source, once each: a word read twice (after "coproc") is one use.
	slices.SortFunc(spans, func(a, b [2]int) int { return a[0] - b[0] })
	spans = slices.Compact(spans)
	lc := lineCursor{src: src, line: 1}
	line, lineStart := 0, 0
	for _, sp := range spans {
		if l := lc.at(sp[0]); l != line { // a line's start looked for once, as luaEachIdentifier does
			line, lineStart = l, bytes.LastIndexByte(src[:sp[0]], '\n')+1
		}
		fn(src[sp[0]:sp[1]], line, sp[0]-lineStart+1)
	}
}

// newBashScan returns the state of a scan of src.
func newBashScan(ctx context.Context, src []byte) *bashScan {
	s := &bashScan{scanStop: scanStop{ctx: ctx}, src: src, lc: lineCursor{src: src, line: 1}, w: tsWalk{src: src, lastOverload: -1}}
	s.pos = bomLen(src)
	return s
}

// scan reads the file and returns its map.
func (s *bashScan) scan() (*Result, error) {
	s.list(bashEndEOF, true)
	if s.err != nil {
		return nil, s.err
	}
	s.w.res.Unparsed = joinSpans(s.unparsed, CountLines(s.src))
	return &s.w.res, nil
}

// bashScan is the state of one scan.
type bashScan struct {
	scanStop
	src      []byte
	pos      int
	depth    int           // how deep lists, expansions and groups nest at pos
	docs     []bashHeredoc // the here-documents whose bodies follow the next newline
	lc       lineCursor    // the lines of offsets
	cmd      bashCmd       // the top-level command being read
	unparsed [][2]int
	w        tsWalk // the symbols and imports, added as the walk adds them
	// commands, when set, gets the line span of each top-level list of commands: the
	// differential test tells by them what is inside a compound command.
	commands *[][2]int
	// names, when set, gathers the names the script uses (Result.Uses); spans, when set, gets
	// where each is (EachIdentifier).
	names *identSet
	spans *[][2]int
}

// bashEnd is what ends a list of commands.
type bashEnd uint8

const (
	bashEndEOF   bashEnd = iota // the file's end
	bashEndParen                // ")": a subshell, a command substitution
	bashEndBrace                // "}"
	bashEndFi                   // "fi"
	bashEndDone                 // "done"
	bashEndCase                 // ";;", ";&", ";;&" or "esac": a case item
)

// bashStop is how reading a list or a command stopped.
type bashStop uint8

const (
	bashOn     bashStop = iota // at a separator: more may follow
	bashClosed                 // at the list's closer, read
	bashEsac                   // at the "esac" that ends a case item and its case, read
	bashAtEnd                  // at the file's end
)

// bashCmd is a top-level command as far as the map needs it.
type bashCmd struct {
	start, end int // its first byte and the end of its last token
	words      []bashWord
	assigns    int // assignment words before the command's name
	redirect   bool
	compound   bool // a compound command: nothing of it is mapped
	negated    bool // after "!" or "time", or in a pipeline
	fn         bool // a function definition, named name, whose body starts at body
	name       bashWord
	body       int
}

// enter counts a level of nesting; past bashMaxDepth the rest of the file is given up, as a
// syntax error.
func (s *bashScan) enter() bool {
	if s.depth >= bashMaxDepth {
		s.unclosed(s.line(s.pos))
		s.pos = len(s.src)
		return false
	}
	s.depth++
	return true
}

// leave ends a level of nesting.
func (s *bashScan) leave() { s.depth-- }

// line returns the 1-based line of offset off, counting from the last offset asked for.
func (s *bashScan) line(off int) int { return s.lc.at(off) }

// unclosed records that what opened on line from runs to the end of the file.
func (s *bashScan) unclosed(from int) {
	s.unparsed = append(s.unparsed, [2]int{from, math.MaxInt32})
}

// stray records a token at off that nothing opened, a syntax error of its line.
func (s *bashScan) stray(off int) {
	l := s.line(off)
	s.unparsed = append(s.unparsed, [2]int{l, l})
}

// list reads commands up to end's closer, and reports how it stopped: bashClosed at it (read),
// bashEsac at a case item's "esac", bashAtEnd at the file's end. With top set, the commands are
// the file's and their declarations are mapped.
func (s *bashScan) list(end bashEnd, top bool) bashStop {
	if !s.enter() {
		return bashAtEnd
	}
	defer s.leave()
	for !s.tick() {
		s.linebreaks()
		if s.pos >= len(s.src) {
			return bashAtEnd
		}
		from := s.pos
		switch c := s.src[s.pos]; {
		case c == ')':
			if end == bashEndParen {
				s.pos++
				return bashClosed
			}
			s.stray(s.pos)
			s.pos++
		case c == ';' && (s.at(1) == ';' || s.at(1) == '&'):
			s.pos += 2
			if s.at(0) == '&' {
				s.pos++
			}
			if end == bashEndCase {
				return bashClosed
			}
			s.stray(from)
		default:
			st := s.andOr(end, top)
			if top && s.commands != nil {
				*s.commands = append(*s.commands, [2]int{s.line(from), s.line(s.pos)})
			}
			if st != bashOn {
				return st
			}
			if s.pos == from {
				s.pos++
			}
		}
	}
	return bashAtEnd
}

// andOr reads pipelines joined by "&&" and "||", and the separator after them; at the top, each
// pipeline of one command is mapped.
func (s *bashScan) andOr(end bashEnd, top bool) bashStop {
	for {
		n := 0
		for {
			if st := s.command(end, top && n == 0); st != bashOn {
				return st
			}
			n++
			s.blank()
			if s.at(0) != '|' || s.at(1) == '|' {
				break
			}
			s.pos++
			if s.at(0) == '&' {
				s.pos++
			}
			s.linebreaks()
		}
		if top && n == 1 {
			s.emit()
		}
		s.blank()
		if c := s.at(0); (c == '&' || c == '|') && s.at(1) == c {
			s.pos += 2
			s.linebreaks()
			continue
		}
		if c := s.at(0); c == '&' || c == ';' && s.at(1) != ';' && s.at(1) != '&' {
			s.pos++
		}
		return bashOn
	}
}

// command reads one command, simple or compound, with its redirections; rec says it is a
// top-level one, recorded in s.cmd. It stops at end's closer when that is the command's first
// word, reporting bashClosed (or bashEsac).
func (s *bashScan) command(end bashEnd, rec bool) bashStop {
	s.blank()
	c := &s.cmd
	if rec {
		*c = bashCmd{start: s.pos, end: s.pos, words: c.words[:0]}
	}
	words, named := 0, false // the words read, and whether one was the command's name
	for !s.tick() {
		s.blank()
		if s.pos >= len(s.src) {
			break
		}
		if s.atRedirection() {
			e := s.redirection()
			if rec {
				c.redirect, c.end = true, e
			}
			continue
		}
		ch := s.src[s.pos]
		if ch == '(' && words == 0 {
			s.group()
			if rec {
				c.compound, c.end = true, s.pos
			}
			continue
		}
		if (ch == '<' || ch == '>') && s.at(1) == '(' {
			s.pos += 2
			s.commandSubst(s.line(s.pos - 2))
			words, named = words+1, true
			if rec {
				c.end = s.pos
			}
			continue
		}
		if bashMeta[ch] {
			break
		}
		w := s.word()
		if s.isDescriptor(w) {
			continue
		}
		if rec {
			c.end = w.end
		}
		if words == 0 && w.plain {
			if st, ok := s.reserved(w, end, rec); ok {
				if st != bashOn {
					return st
				}
				continue
			}
		}
		words++
		assign := !named && w.nameEnd > 0
		if rec {
			c.words = append(c.words, w)
			if assign {
				c.assigns++
			}
		}
		if !assign && !named {
			named = true
			if s.functionHead() {
				s.functionDef(w, w.start, rec)
			}
		}
	}
	return bashOn
}

// reserved handles a command's first word when it is a reserved word: the closer of end
// (bashClosed or bashEsac, read), a compound command (read whole), "function", or a keyword
// that leaves the next word a command's first. It reports false for any other word.
func (s *bashScan) reserved(w bashWord, end bashEnd, rec bool) (bashStop, bool) {
	text := s.src[w.start:w.end]
	switch string(text) {
	case "}", "fi", "done", "esac":
		if string(text) == bashClosers[end] {
			if end == bashEndCase {
				return bashEsac, true
			}
			return bashClosed, true
		}
		s.stray(w.start)
		return bashOn, true
	case "!", "time", "then", "do", "else", "elif":
		if rec {
			c := &s.cmd
			c.negated = c.negated || string(text) == "!" || string(text) == "time"
		}
		return bashOn, true
	case "coproc":
		if rec {
			s.cmd.negated = true
		}
		s.coprocName()
		return bashOn, true
	case "function":
		s.blank()
		name := s.word()
		s.blank()
		if s.at(0) == '(' {
			s.pos++
			s.blank()
			if s.at(0) == ')' {
				s.pos++
			}
		}
		s.functionDef(name, w.start, rec)
		return bashOn, true
	}
	if !s.compound(w) {
		return bashOn, false
	}
	if rec {
		s.cmd.compound, s.cmd.end = true, s.pos
	}
	return bashOn, true
}

// coprocName reads the name after "coproc" when a compound command follows it: `coproc NAME {
// ...; }`; otherwise the word after "coproc" is the command's first.
func (s *bashScan) coprocName() {
	s.blank()
	save := s.pos
	if w := s.word(); w.plain && w.end > w.start {
		s.blank()
		if s.at(0) == '(' || bashCompound[string(s.src[s.pos:s.pos+bashWordLen(s.src[s.pos:])])] {
			return
		}
	}
	s.pos = save
}

// bashCompound are the reserved words that open compound commands.
var bashCompound = map[string]bool{"{": true, "if": true, "while": true, "until": true, "for": true, "select": true, "case": true, "[[": true}

// bashWordLen returns the length of the run of bytes b starts with that are not blanks or
// operators.
func bashWordLen(b []byte) int {
	for i, c := range b {
		if bashMeta[c] {
			return i
		}
	}
	return len(b)
}

// bashClosers are the reserved words that end lists, by the end they are.
var bashClosers = [...]string{bashEndBrace: "}", bashEndFi: "fi", bashEndDone: "done", bashEndCase: "esac"}

// compound reads the compound command that reserved word w opens, and reports whether w opens
// one.
func (s *bashScan) compound(w bashWord) bool {
	open := s.line(w.start)
	end := bashEndEOF
	switch string(s.src[w.start:w.end]) {
	case "{":
		end = bashEndBrace
	case "if":
		end = bashEndFi
	case "while", "until":
		end = bashEndDone
	case "for", "select":
		s.forHead()
		end = bashEndDone
	case "case":
		s.caseClause(open)
		return true
	case "[[":
		s.test(open)
		return true
	default:
		return false
	}
	if s.list(end, false) != bashClosed {
		s.unclosed(open)
	}
	return true
}

// group reads a subshell "( ... )" or an arithmetic command "(( ... ))" at pos.
func (s *bashScan) group() {
	if s.at(1) == '(' {
		s.arith()
		return
	}
	open := s.line(s.pos)
	s.pos++
	if s.list(bashEndParen, false) != bashClosed {
		s.unclosed(open)
	}
}

// functionHead reports whether "()" follows, which makes the word before it a function's name,
// and reads it.
func (s *bashScan) functionHead() bool {
	s.blank()
	if s.at(0) != '(' {
		return false
	}
	save := s.pos
	s.pos++
	s.blank()
	if s.at(0) != ')' {
		s.pos = save
		return false
	}
	s.pos++
	return true
}

// functionDef reads the body of a function named name whose definition starts at start, with
// its head read; at the top it is recorded.
func (s *bashScan) functionDef(name bashWord, start int, rec bool) {
	s.linebreaks()
	body := s.pos
	ok := false
	switch {
	case s.at(0) == '(':
		s.group()
		ok = true
	case s.pos < len(s.src) && !bashMeta[s.src[s.pos]]:
		w := s.word()
		ok = w.plain && s.compound(w)
	}
	if !ok {
		s.stray(body)
	}
	if rec {
		c := &s.cmd
		c.start, c.end = start, s.pos
		c.fn, c.name, c.body = ok, name, body
	}
}

// forHead reads what follows "for" or "select" up to the list: a name and the words after
// "in", or an arithmetic "((...))".
func (s *bashScan) forHead() {
	s.blank()
	if s.at(0) == '(' && s.at(1) == '(' {
		s.arith()
		return
	}
	s.word()
	s.linebreaks()
	if !s.keyword("in") {
		return
	}
	for s.blank(); s.pos < len(s.src) && !bashMeta[s.src[s.pos]] && !s.tick(); s.blank() {
		s.word()
	}
}

// keyword reads kw when it is the word at pos, and reports whether it was.
func (s *bashScan) keyword(kw string) bool {
	if !bytes.HasPrefix(s.src[s.pos:], []byte(kw)) {
		return false
	}
	if e := s.pos + len(kw); e < len(s.src) && !bashMeta[s.src[e]] {
		return false
	}
	s.use(s.pos, s.pos+len(kw)) // a word, as the other reserved words are
	s.pos += len(kw)
	return true
}

// caseClause reads a case command after "case", up to its "esac"; open is its line.
func (s *bashScan) caseClause(open int) {
	s.blank()
	s.word()
	s.linebreaks()
	if !s.keyword("in") {
		s.stray(s.pos)
	}
	for !s.tick() {
		s.linebreaks()
		if s.pos >= len(s.src) {
			s.unclosed(open)
			return
		}
		if s.keyword("esac") {
			return
		}
		s.patterns()
		switch s.list(bashEndCase, false) {
		case bashEsac:
			return
		case bashAtEnd:
			s.unclosed(open)
			return
		}
	}
}

// patterns reads a case item's patterns, "(a|b)" or "a|b)".
func (s *bashScan) patterns() {
	if s.at(0) == '(' {
		s.pos++
	}
	for !s.tick() {
		s.blank()
		switch c := s.at(0); {
		case c == ')':
			s.pos++
			return
		case c == '|':
			s.pos++
		case s.pos >= len(s.src) || bashMeta[c]:
			s.stray(s.pos)
			return
		default:
			s.word()
		}
	}
}

// test reads a "[[ ... ]]" test after its "[[", whose "=~" takes a regular expression; open is
// its line.
func (s *bashScan) test(open int) {
	for !s.tick() {
		s.linebreaks()
		if s.pos >= len(s.src) {
			s.unclosed(open)
			return
		}
		if bashMeta[s.src[s.pos]] {
			s.pos++
			continue
		}
		w := s.word()
		switch string(s.src[w.start:w.end]) {
		case "]]":
			return
		case "=~":
			s.regex()
		}
	}
}

// regex reads the regular expression after "=~": a word in which parentheses group, blanks
// inside them included, and "|" is a byte of the word.
func (s *bashScan) regex() {
	s.blank()
	depth := 0
	for s.pos < len(s.src) && !s.tick() {
		c := s.src[s.pos]
		switch {
		case c == '(':
			depth++
			s.pos++
		case c == ')' && depth > 0:
			depth--
			s.pos++
		case c == '|' || depth > 0 && (c == ' ' || c == '\t' || bashMeta[c] && c != '\n' && c != ')'):
			s.pos++
		case bashMeta[c]:
			return
		default:
			s.wordByte(c)
		}
	}
}

// bashDeclarers are the commands whose arguments declare variables.
var bashDeclarers = map[string]bool{"export": true, "readonly": true, "declare": true, "local": true, "typeset": true}

// emit maps the top-level command just read, as the walk does: a function, an assignment
// standing alone, a declaration, or a `source` or `.` as an import. A command in a pipeline or
// after "!" or "time", a compound one, and a declaration or `source` with a redirection are
// not mapped.
func (s *bashScan) emit() {
	c := &s.cmd
	switch {
	case c.negated:
	case c.fn:
		s.w.add(store.Symbol{Name: foldName(s.src[c.name.start:c.name.end]), Kind: store.KindFunction,
			Signature: s.w.sig(uint32(c.start), uint32(c.body)), StartLine: s.line(c.start), EndLine: s.line(c.end - 1), Parent: -1})
	case c.compound:
	case c.assigns == len(c.words):
		if len(c.words) == 1 && !c.redirect {
			w := c.words[0]
			s.variable(s.src[w.start:w.nameEnd], store.KindVar)
		}
	default:
		s.commandWords()
	}
}

// commandWords maps a top-level simple command with a name: a declaration, or a file read.
func (s *bashScan) commandWords() {
	c := &s.cmd
	name := c.words[c.assigns]
	text := s.src[name.start:name.end]
	if c.redirect || !name.plain {
		return
	}
	if c.assigns == 0 && bashDeclarers[string(text)] {
		s.declaration(string(text) == "readonly")
		return
	}
	if (string(text) == "source" || string(text) == ".") && len(c.words) > c.assigns+1 {
		arg := c.words[c.assigns+1]
		s.w.addImport(unquote(foldName(s.src[arg.start:arg.end])))
	}
}

// declaration maps the names a declaration command declares: constants when it is `readonly`
// or has an option with "r" ("-r", "-ar").
func (s *bashScan) declaration(readonly bool) {
	c := &s.cmd
	kind := store.KindVar
	for _, w := range c.words[1:] {
		if b := s.src[w.start:w.end]; readonly || w.plain && len(b) > 1 && b[0] == '-' && bytes.IndexByte(b, 'r') >= 0 {
			kind = store.KindConst
		}
	}
	for _, w := range c.words[1:] {
		switch {
		case w.nameEnd > 0:
			s.variable(s.src[w.start:w.nameEnd], kind)
		case w.plain && bashWordName(s.src[w.start:w.end]):
			s.variable(s.src[w.start:w.end], kind)
		}
	}
}

// bashWordName reports whether b is what the grammar takes for a variable's name among a
// declaration's arguments: word bytes only.
func bashWordName(b []byte) bool {
	for _, c := range b {
		if !isIdentByte(c) {
			return false
		}
	}
	return len(b) > 0
}

// variable adds a variable of the current command named name, with the command's first line
// as its signature.
func (s *bashScan) variable(name []byte, kind store.Kind) {
	c := &s.cmd
	s.w.add(store.Symbol{Name: foldName(name), Kind: kind, Signature: s.w.sigLine(uint32(c.start), uint32(c.end)),
		StartLine: s.line(c.start), EndLine: s.line(c.end - 1), Parent: -1})
}
