// Package scipexport turns the store's rows into a SCIP index (Sourcegraph's code intelligence
// format, through its Go bindings), so that an organisation can load readmap's definitions into
// the code search cluster it already runs.
//
// Every mapped file is one document. Every symbol but landmarks is one definition occurrence at
// its name (the first place the name appears on its first line, else the line's start), with the
// symbol's whole range as its enclosing range, and one symbol information with its display name,
// kind, signature and enclosing symbol. Symbol strings are global: scheme "readmap", no package,
// then the file's path as namespaces and the qualified name as types, terms and methods, so the
// same definition gets the same string in every export. Positions are of the text the map was
// made of: a UTF-16 file's UTF-8, a notebook's cells as read shows them.
package scipexport

import (
	"bytes"
	"strings"

	"github.com/sourcegraph/scip/bindings/go/scip"

	"github.com/readmap/readmap/store"
)

// Builder gathers the documents of an index.
type Builder struct {
	index *scip.Index
}

// NewBuilder returns a builder for an index of the repository at root (absolute), made by
// readmap's version.
func NewBuilder(root, version string) *Builder {
	return &Builder{index: &scip.Index{Metadata: &scip.Metadata{
		ToolInfo:             &scip.ToolInfo{Name: "readmap", Version: version},
		ProjectRoot:          "file://" + root,
		TextDocumentEncoding: scip.TextEncoding_UTF8,
	}}}
}

// Add adds f as a document; src is the file's text as it was mapped (nil when unknown: names are
// then placed at the start of their line).
func (b *Builder) Add(f *store.File, src []byte) {
	doc := &scip.Document{
		RelativePath:     f.Path,
		Language:         strings.ToLower(f.Language),
		PositionEncoding: scip.PositionEncoding_UTF8CodeUnitOffsetFromLineStart,
	}
	lines := newLines(src)
	names := make([]string, len(f.Symbols))
	for i, s := range f.Symbols {
		if s.Kind == store.KindLandmark {
			continue
		}
		names[i] = symbolString(f, i)
		col := lines.column(s.StartLine, s.Name)
		nameRange := []int32{int32(s.StartLine - 1), int32(col), int32(col + len(s.Name))}
		if col < 0 {
			nameRange = []int32{int32(s.StartLine - 1), 0, 0}
		}
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
	b.index.Documents = append(b.index.Documents, doc)
}

// Index returns the index built.
func (b *Builder) Index() *scip.Index { return b.index }

// symbolString is the global symbol of f's symbol i: its file as namespaces, then its enclosing
// symbols and itself as descriptors.
func symbolString(f *store.File, i int) string {
	var chain []store.Symbol
	for j := i; j >= 0 && j < len(f.Symbols) && len(chain) <= len(f.Symbols); j = f.Symbols[j].Parent {
		chain = append(chain, f.Symbols[j])
	}
	sym := &scip.Symbol{Scheme: "readmap", Package: &scip.Package{Manager: ".", Name: ".", Version: "."}}
	for _, part := range strings.Split(f.Path, "/") {
		sym.Descriptors = append(sym.Descriptors, &scip.Descriptor{Name: part, Suffix: scip.Descriptor_Namespace})
	}
	// A Go method sits at depth 0 with its receiver in its qualified name: its type comes first.
	if top := chain[len(chain)-1]; top.Parent < 0 && top.Qualname != top.Name && strings.HasSuffix(top.Qualname, "."+top.Name) {
		owner := strings.TrimSuffix(top.Qualname, "."+top.Name)
		sym.Descriptors = append(sym.Descriptors, &scip.Descriptor{Name: owner, Suffix: scip.Descriptor_Type})
	}
	for k := len(chain) - 1; k >= 0; k-- {
		sym.Descriptors = append(sym.Descriptors, &scip.Descriptor{Name: chain[k].Name, Suffix: suffixOf(chain[k].Kind)})
	}
	return scip.VerboseSymbolFormatter.FormatSymbol(sym)
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

// column returns the byte offset of name on line n (1-based), or -1.
func (l *lines) column(n int, name string) int {
	if l.src == nil || n < 1 || n > len(l.starts) || name == "" {
		return -1
	}
	end := len(l.src)
	if n < len(l.starts) {
		end = l.starts[n]
	}
	return bytes.Index(l.src[l.starts[n-1]:end], []byte(name))
}
