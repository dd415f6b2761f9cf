// Package scipexport turns the store's rows into a SCIP index (Sourcegraph's code intelligence
// format, through its Go bindings), so that an organisation can load readmap's index into the code
// search cluster it already runs.
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
	"io"
	"strings"

	"github.com/sourcegraph/scip/bindings/go/scip"
	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	"github.com/readmap/readmap/store"
)

// Writer writes a SCIP index one document at a time: the index message's fields, each encoded
// as proto.Marshal would encode it within the whole, so the bytes decode as one scip.Index.
type Writer struct {
	w io.Writer
}

// The field numbers of scip.Index.
const (
	indexMetadata  = 1
	indexDocuments = 2
)

// NewWriter writes the metadata of an index of the repository at root (absolute), made by
// readmap's version, to w, and returns the writer of its documents.
func NewWriter(w io.Writer, root, version string) (*Writer, error) {
	x := &Writer{w: w}
	return x, x.field(indexMetadata, &scip.Metadata{
		ToolInfo:             &scip.ToolInfo{Name: "readmap", Version: version},
		ProjectRoot:          "file://" + root,
		TextDocumentEncoding: scip.TextEncoding_UTF8,
	})
}

// Add writes doc.
func (x *Writer) Add(doc *scip.Document) error { return x.field(indexDocuments, doc) }

// field writes m as the length-delimited field number of the index.
func (x *Writer) field(number protowire.Number, m proto.Message) error {
	body, err := proto.Marshal(m)
	if err != nil {
		return err
	}
	b := protowire.AppendTag(nil, number, protowire.BytesType)
	b = protowire.AppendVarint(b, uint64(len(body)))
	if _, err := x.w.Write(b); err != nil {
		return err
	}
	_, err = x.w.Write(body)
	return err
}

// Document returns the document of f; src is the file's text as it was mapped (nil when unknown:
// names are then placed at the start of their line, and no uses are found). With refs, the
// document also holds the reference occurrences of the names f uses.
func Document(f *store.File, src []byte, refs *References) *scip.Document {
	doc := &scip.Document{
		RelativePath:     f.Path,
		Language:         strings.ToLower(f.Language),
		PositionEncoding: scip.PositionEncoding_UTF8CodeUnitOffsetFromLineStart,
	}
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
		doc.Occurrences = append(doc.Occurrences, &scip.Occurrence{
			Range:          nameRange,
			Symbol:         names[i],
			SymbolRoles:    int32(scip.SymbolRole_Definition),
			EnclosingRange: []int32{int32(s.StartLine - 1), 0, int32(s.EndLine), 0},
		})
		info := &scip.SymbolInformation{Symbol: names[i], DisplayName: s.Name, Kind: scipKinds[s.Kind]}
		if s.Signature != "" {
			info.SignatureDocumentation = &scip.Document{Language: doc.Language, Text: s.Signature}
		}
		if s.Parent >= 0 && s.Parent < i && names[s.Parent] != "" {
			info.EnclosingSymbol = names[s.Parent]
		}
		doc.Symbols = append(doc.Symbols, info)
	}
	if refs != nil && src != nil {
		doc.Occurrences = append(doc.Occurrences, refs.uses(f, lines, defined)...)
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
	sym := &scip.Symbol{Scheme: "readmap", Package: &scip.Package{Manager: ".", Name: ".", Version: "."}}
	for _, part := range strings.Split(path, "/") {
		sym.Descriptors = append(sym.Descriptors, &scip.Descriptor{Name: part, Suffix: scip.Descriptor_Namespace})
	}
	return scip.VerboseSymbolFormatter.FormatSymbol(sym)
}

// symbolTail is the rest of the global symbol of f's symbol i after its file's: its enclosing
// symbols and itself as descriptors (descriptors are formatted one after another, so the two
// parts join into the whole).
func symbolTail(f *store.File, i int) string {
	var chain []store.Symbol
	for j := i; j >= 0 && j < len(f.Symbols) && len(chain) <= len(f.Symbols); j = f.Symbols[j].Parent {
		chain = append(chain, f.Symbols[j])
	}
	var descriptors []*scip.Descriptor
	// A Go method sits at depth 0 with its receiver in its qualified name: its type comes first.
	if top := chain[len(chain)-1]; top.Parent < 0 && top.Qualname != top.Name && strings.HasSuffix(top.Qualname, "."+top.Name) {
		owner := strings.TrimSuffix(top.Qualname, "."+top.Name)
		descriptors = append(descriptors, &scip.Descriptor{Name: owner, Suffix: scip.Descriptor_Type})
	}
	for k := len(chain) - 1; k >= 0; k-- {
		descriptors = append(descriptors, &scip.Descriptor{Name: chain[k].Name, Suffix: suffixOf(chain[k].Kind)})
	}
	return scip.VerboseSymbolFormatter.FormatDescriptors(descriptors)
}

// suffixOf is the descriptor suffix of a kind: methods and functions take "()." , types "#",
// macros "!", the rest ".".
func suffixOf(k store.Kind) scip.Descriptor_Suffix {
	switch k {
	case store.KindFunction, store.KindMethod, store.KindConstructor, store.KindProcedure, store.KindRPC:
		return scip.Descriptor_Method
	case store.KindClass, store.KindStruct, store.KindInterface, store.KindEnum, store.KindTrait,
		store.KindType, store.KindUnion, store.KindObject, store.KindMessage, store.KindService, store.KindImpl:
		return scip.Descriptor_Type
	case store.KindMacro:
		return scip.Descriptor_Macro
	case store.KindModule, store.KindNamespace, store.KindPackage:
		return scip.Descriptor_Namespace
	}
	return scip.Descriptor_Term
}

// scipKinds is the SCIP kind of each readmap kind that has one.
var scipKinds = map[store.Kind]scip.SymbolInformation_Kind{
	store.KindFunction: scip.SymbolInformation_Function, store.KindProcedure: scip.SymbolInformation_Function,
	store.KindRPC: scip.SymbolInformation_Function, store.KindMethod: scip.SymbolInformation_Method,
	store.KindConstructor: scip.SymbolInformation_Constructor, store.KindClass: scip.SymbolInformation_Class,
	store.KindObject: scip.SymbolInformation_Class, store.KindStruct: scip.SymbolInformation_Struct,
	store.KindInterface: scip.SymbolInformation_Interface, store.KindService: scip.SymbolInformation_Interface,
	store.KindEnum: scip.SymbolInformation_Enum, store.KindEnumMember: scip.SymbolInformation_EnumMember,
	store.KindTrait: scip.SymbolInformation_Trait, store.KindImpl: scip.SymbolInformation_Trait,
	store.KindType: scip.SymbolInformation_Type, store.KindUnion: scip.SymbolInformation_Union,
	store.KindMessage: scip.SymbolInformation_Message, store.KindField: scip.SymbolInformation_Field,
	store.KindColumn: scip.SymbolInformation_Field, store.KindProperty: scip.SymbolInformation_Property,
	store.KindConst: scip.SymbolInformation_Constant, store.KindVar: scip.SymbolInformation_Variable,
	store.KindMacro: scip.SymbolInformation_Macro, store.KindModule: scip.SymbolInformation_Module,
	store.KindNamespace: scip.SymbolInformation_Namespace, store.KindPackage: scip.SymbolInformation_Package,
	store.KindKey: scip.SymbolInformation_Key,
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
