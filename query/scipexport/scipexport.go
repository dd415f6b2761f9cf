// Package scipexport turns the store's rows into a SCIP index (Sourcegraph's code intelligence
// format), so that an organisation can load readmap's index into the code search cluster it
// already runs. It writes SCIP's messages itself (index.go), without the format's Go bindings,
// whose protobuf runtime and dependencies would slow the start of every readmap command.
//
// Every mapped file is one document. Every symbol but landmarks is one definition occurrence at
// its name (the first place the name appears on its first line, else the line's start), with the
// symbol's whole range as its enclosing range, and one symbol information with its display name,
// kind, signature and enclosing symbol. Symbol strings are global: scheme "readmap", no package,
// then the file's path as namespaces and the qualified name as types, terms and methods, so the
// same definition gets the same string in every export. Uses of names are reference occurrences
// (References). Positions are of the text the map was made of: a UTF-16 file's UTF-8, a
// notebook's cells as read shows them. The index is written document by document (Writer), so
// its size in memory is one document's.
package scipexport

import (
	"bytes"
	"strings"

	"github.com/readmap/readmap/store"
)

// NewDocument returns the document of f; src is the file's text as it was mapped (nil when unknown:
// names are then placed at the start of their line, and no uses are found). With refs, the
// document also holds the reference occurrences of the names f uses.
func NewDocument(f *store.File, src []byte, refs *References) *Document {
	doc := &Document{RelativePath: f.Path, Language: strings.ToLower(f.Language)}
	lines := newLines(src)
	names := make([]string, len(f.Symbols))
	defined := map[[2]int32]bool{} // line and column of each definition occurrence
	for i, s := range f.Symbols {
		if s.Kind == store.KindLandmark {
			continue
		}
		names[i] = symbolString(f, i)
		line, col := lines.place(s)
		nameRange := []int32{int32(line - 1), int32(col), int32(col + len(s.Name))}
		if col < 0 {
			nameRange = []int32{int32(s.StartLine - 1), 0, 0}
		}
		defined[[2]int32{nameRange[0], nameRange[1]}] = true
		doc.Occurrences = append(doc.Occurrences, Occurrence{
			Range:          nameRange,
			Symbol:         names[i],
			Definition:     true,
			EnclosingRange: []int32{int32(s.StartLine - 1), 0, int32(s.EndLine), 0},
		})
		info := SymbolInformation{Symbol: names[i], DisplayName: s.Name, Kind: scipKinds[s.Kind], Signature: s.Signature}
		if s.Parent >= 0 && s.Parent < i && names[s.Parent] != "" {
			info.EnclosingSymbol = names[s.Parent]
		}
		doc.Symbols = append(doc.Symbols, info)
	}
	if refs != nil && src != nil {
		doc.Occurrences = refs.appendUses(doc.Occurrences, f, lines, defined)
	}
	return doc
}

// symbolString is the global symbol of f's symbol i: its file as namespaces, then its enclosing
// symbols and itself as descriptors.
func symbolString(f *store.File, i int) string {
	return fileSymbol(f.Path) + symbolTail(f, i)
}

// fileSymbol is the start of the global symbols of the file at path: the scheme, no package, and
// the path as namespaces.
func fileSymbol(path string) string {
	b := []byte(symbolPrefix)
	for part := range strings.SplitSeq(path, "/") {
		b = appendDescriptor(b, part, namespace)
	}
	return string(b)
}

// symbolTail is the rest of the global symbol of f's symbol i after its file's: its enclosing
// symbols and itself as descriptors (descriptors are written one after another, so the two
// parts join into the whole).
func symbolTail(f *store.File, i int) string {
	var chain []store.Symbol
	for j := i; j >= 0 && j < len(f.Symbols) && len(chain) <= len(f.Symbols); j = f.Symbols[j].Parent {
		chain = append(chain, f.Symbols[j])
	}
	var b []byte
	// A Go method sits at depth 0 with its receiver in its qualified name: its type comes first.
	if top := chain[len(chain)-1]; top.Parent < 0 && top.Qualname != top.Name && strings.HasSuffix(top.Qualname, "."+top.Name) {
		b = appendDescriptor(b, strings.TrimSuffix(top.Qualname, "."+top.Name), typ)
	}
	for k := len(chain) - 1; k >= 0; k-- {
		b = appendDescriptor(b, chain[k].Name, suffixOf(chain[k].Kind))
	}
	return string(b)
}

// suffixOf is the descriptor suffix of a kind: methods and functions take "().", types "#",
// macros "!", modules, namespaces and packages "/", the rest ".".
func suffixOf(k store.Kind) suffix {
	switch k {
	case store.KindFunction, store.KindMethod, store.KindConstructor, store.KindProcedure, store.KindRPC:
		return method
	case store.KindClass, store.KindStruct, store.KindInterface, store.KindEnum, store.KindTrait,
		store.KindType, store.KindUnion, store.KindObject, store.KindMessage, store.KindService, store.KindImpl:
		return typ
	case store.KindMacro:
		return macro
	case store.KindModule, store.KindNamespace, store.KindPackage:
		return namespace
	}
	return term
}

// SCIP's symbol kinds (SymbolInformation.Kind) that readmap's kinds are, by their numbers in
// scip.proto.
const (
	kindClass       = 7
	kindConstant    = 8
	kindConstructor = 9
	kindEnum        = 11
	kindEnumMember  = 12
	kindField       = 15
	kindFunction    = 17
	kindInterface   = 21
	kindKey         = 22
	kindMacro       = 25
	kindMethod      = 26
	kindMessage     = 28
	kindModule      = 29
	kindNamespace   = 30
	kindPackage     = 35
	kindProperty    = 41
	kindStruct      = 49
	kindTrait       = 53
	kindType        = 54
	kindUnion       = 59
	kindVariable    = 61
)

// scipKinds is the SCIP kind of each readmap kind that has one.
var scipKinds = map[store.Kind]int32{
	store.KindFunction: kindFunction, store.KindProcedure: kindFunction, store.KindRPC: kindFunction,
	store.KindMethod: kindMethod, store.KindConstructor: kindConstructor, store.KindClass: kindClass,
	store.KindObject: kindClass, store.KindStruct: kindStruct, store.KindInterface: kindInterface,
	store.KindService: kindInterface, store.KindEnum: kindEnum, store.KindEnumMember: kindEnumMember,
	store.KindTrait: kindTrait, store.KindImpl: kindTrait, store.KindType: kindType,
	store.KindUnion: kindUnion, store.KindMessage: kindMessage, store.KindField: kindField,
	store.KindColumn: kindField, store.KindProperty: kindProperty, store.KindConst: kindConstant,
	store.KindVar: kindVariable, store.KindMacro: kindMacro, store.KindModule: kindModule,
	store.KindNamespace: kindNamespace, store.KindPackage: kindPackage, store.KindKey: kindKey,
}

// lines finds a name on a line of a file's text.
type lines struct {
	src    []byte
	starts []int // the offset of each line's start
}

func newLines(src []byte) *lines {
	l := &lines{src: src, starts: []int{0}}
	for i, c := range src {
		if c == '\n' {
			l.starts = append(l.starts, i+1)
		}
	}
	return l
}

// line returns line n (1-based) without its ending, or nil.
func (l *lines) line(n int) []byte {
	if l.src == nil || n < 1 || n > len(l.starts) {
		return nil
	}
	end := len(l.src)
	if n < len(l.starts) {
		end = l.starts[n]
	}
	return bytes.TrimRight(l.src[l.starts[n-1]:end], "\r\n")
}

// maxNameLines is how far into a symbol place looks for its name: past its decorators and
// annotations, which its range starts with.
const maxNameLines = 16

// place returns where s's name is: the first of its lines (up to maxNameLines) where the name
// stands as a whole word, else its first line where it is part of one; and the byte offset in
// that line, -1 when neither is.
func (l *lines) place(s store.Symbol) (line, col int) {
	if s.Name == "" {
		return s.StartLine, -1
	}
	name := []byte(s.Name)
	for n := s.StartLine; n <= min(s.EndLine, s.StartLine+maxNameLines-1); n++ {
		text := l.line(n)
		for at := 0; ; {
			i := bytes.Index(text[at:], name)
			if i < 0 {
				break
			}
			start, end := at+i, at+i+len(name)
			if (start == 0 || !isWordByte(text[start-1])) && (end == len(text) || !isWordByte(text[end])) {
				return n, start
			}
			at = end
		}
	}
	return s.StartLine, bytes.Index(l.line(s.StartLine), name)
}

// isWordByte reports whether c may be part of a name: a letter, digit, underscore or a byte of a
// multi-byte character.
func isWordByte(c byte) bool {
	return c == '_' || c >= 0x80 || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}
