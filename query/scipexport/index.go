package scipexport

import (
	"encoding/binary"
	"fmt"
	"io"
	"unicode/utf8"
)

// The messages readmap writes are SCIP's own (scip.proto of github.com/sourcegraph/scip v0.6.1),
// cut down to the fields readmap fills and encoded here by hand in protobuf's wire format: the
// bindings would link protobuf's runtime, cockroachdb/errors and sentry-go into the binary, and
// their package inits would slow every command's start. The bytes are those proto.Marshal writes
// for the same messages (TestEncodingMatchesProtoMarshal): fields in ascending number; proto3's
// rules (a zero number, an empty string or an empty list is left out, a message that is present
// is written even when empty); repeated int32 packed; enums and int32 as varints, a negative one
// sign-extended to ten bytes; strings and messages as their length, then their bytes. The fields,
// by number:
//
//	Index              1 metadata: Metadata, 2 documents: Document (repeated)
//	Metadata           2 tool_info: ToolInfo, 3 project_root, 4 text_document_encoding (UTF8 = 1)
//	ToolInfo           1 name, 2 version
//	Document           1 relative_path, 2 occurrences: Occurrence (repeated),
//	                   3 symbols: SymbolInformation (repeated), 4 language, 5 text,
//	                   6 position_encoding (UTF8CodeUnitOffsetFromLineStart = 1)
//	Occurrence         1 range (packed), 2 symbol, 3 symbol_roles (Definition = 1),
//	                   7 enclosing_range (packed)
//	SymbolInformation  1 symbol, 5 kind, 6 display_name, 7 signature_documentation: Document
//	                   (its language and text), 8 enclosing_symbol
const (
	indexMetadata  = 1
	indexDocuments = 2

	metadataToolInfo             = 2
	metadataProjectRoot          = 3
	metadataTextDocumentEncoding = 4

	toolInfoName    = 1
	toolInfoVersion = 2

	documentRelativePath     = 1
	documentOccurrences      = 2
	documentSymbols          = 3
	documentLanguage         = 4
	documentText             = 5
	documentPositionEncoding = 6

	occurrenceRange          = 1
	occurrenceSymbol         = 2
	occurrenceSymbolRoles    = 3
	occurrenceEnclosingRange = 7

	symbolSymbol                 = 1
	symbolKind                   = 5
	symbolDisplayName            = 6
	symbolSignatureDocumentation = 7
	symbolEnclosingSymbol        = 8
)

// The values of SCIP's enums that readmap writes.
const (
	textEncodingUTF8                  = 1 // TextEncoding.UTF8
	positionEncodingUTF8FromLineStart = 1 // PositionEncoding.UTF8CodeUnitOffsetFromLineStart
	symbolRoleDefinition              = 1 // SymbolRole.Definition
)

// The wire types of the fields readmap writes.
const (
	wireVarint = 0
	wireBytes  = 2
)

// Document is SCIP's Document: one file of the index, with the occurrences of symbols in it and
// what its own symbols are.
type Document struct {
	RelativePath string // slash-separated, from the project root
	Language     string
	Occurrences  []Occurrence
	Symbols      []SymbolInformation
}

// Occurrence is SCIP's Occurrence: a definition or a reference of a symbol.
type Occurrence struct {
	// Range is where the name is: its 0-based line, start column and end column (UTF-8
	// bytes), as SCIP writes a range within one line.
	Range      []int32
	Symbol     string
	Definition bool // the Definition role; a reference has none
	// EnclosingRange is a definition's whole symbol, as SCIP writes a range over lines: start
	// line and column, end line and column.
	EnclosingRange []int32
}

// SymbolInformation is SCIP's SymbolInformation: what a symbol defined in the document is.
type SymbolInformation struct {
	Symbol      string
	Kind        int32 // SCIP's SymbolInformation.Kind, by its number (scipKinds)
	DisplayName string
	// Signature is the text of its signature documentation, a document in the language of the
	// one the symbol is defined in.
	Signature       string
	EnclosingSymbol string
}

// Writer writes a SCIP index one document at a time: the index message's fields one after
// another, which decode as one Index.
type Writer struct {
	w   io.Writer
	buf []byte // the field being written: room for its head, then its message
}

// maxFieldHead is the room left for the head of a field of the index: its tag (one byte for
// fields 1 and 2) and its length.
const maxFieldHead = 1 + binary.MaxVarintLen64

// NewWriter writes the metadata of an index of the repository at root (absolute), made by
// readmap's version, to w, and returns the writer of its documents.
func NewWriter(w io.Writer, root, version string) (*Writer, error) {
	x := &Writer{w: w}
	projectRoot := "file://" + root
	if !utf8.ValidString(projectRoot) || !utf8.ValidString(version) {
		return nil, fmt.Errorf("scip metadata: project root %q or version %q is not UTF-8", projectRoot, version)
	}
	b := x.start()
	b = appendTag(b, metadataToolInfo, wireBytes)
	at := len(b)
	b = appendString(b, toolInfoName, "readmap")
	b = appendString(b, toolInfoVersion, version)
	b = prefixLength(b, at)
	b = appendString(b, metadataProjectRoot, projectRoot)
	b = appendVarint(b, metadataTextDocumentEncoding, textEncodingUTF8)
	return x, x.write(b, indexMetadata)
}

// Add writes doc, or refuses it when one of its strings is not UTF-8.
func (x *Writer) Add(doc *Document) error {
	if !doc.valid() {
		return fmt.Errorf("scip document %q: a path, name or signature is not UTF-8", doc.RelativePath)
	}
	return x.write(doc.append(x.start()), indexDocuments)
}

// start returns x's buffer with the room for a field's head.
func (x *Writer) start() []byte {
	return append(x.buf[:0], make([]byte, maxFieldHead)...)
}

// write writes b, a message after the room start left for its head, as field number of the
// index, in one write: its head goes into the end of that room.
func (x *Writer) write(b []byte, number int) error {
	x.buf = b
	var head [maxFieldHead]byte
	h := binary.AppendUvarint(appendTag(head[:0], number, wireBytes), uint64(len(b)-maxFieldHead))
	at := maxFieldHead - len(h)
	copy(b[at:], h)
	_, err := x.w.Write(b[at:])
	return err
}

// valid reports whether d's strings are UTF-8, as SCIP's (proto3 strings) must be: a decoder
// refuses the index otherwise, as proto.Marshal refuses to write it.
func (d *Document) valid() bool {
	ok := utf8.ValidString(d.RelativePath) && utf8.ValidString(d.Language)
	for i := range d.Occurrences {
		ok = ok && utf8.ValidString(d.Occurrences[i].Symbol)
	}
	for i := range d.Symbols {
		s := &d.Symbols[i]
		ok = ok && utf8.ValidString(s.Symbol) && utf8.ValidString(s.DisplayName) &&
			utf8.ValidString(s.Signature) && utf8.ValidString(s.EnclosingSymbol)
	}
	return ok
}

// append appends d's fields to b.
func (d *Document) append(b []byte) []byte {
	b = appendString(b, documentRelativePath, d.RelativePath)
	for i := range d.Occurrences {
		b = appendTag(b, documentOccurrences, wireBytes)
		at := len(b)
		b = prefixLength(d.Occurrences[i].append(b), at)
	}
	for i := range d.Symbols {
		b = appendTag(b, documentSymbols, wireBytes)
		at := len(b)
		b = prefixLength(d.Symbols[i].append(b, d.Language), at)
	}
	b = appendString(b, documentLanguage, d.Language)
	return appendVarint(b, documentPositionEncoding, positionEncodingUTF8FromLineStart)
}

// append appends o's fields to b.
func (o *Occurrence) append(b []byte) []byte {
	b = appendPacked(b, occurrenceRange, o.Range)
	b = appendString(b, occurrenceSymbol, o.Symbol)
	if o.Definition {
		b = appendVarint(b, occurrenceSymbolRoles, symbolRoleDefinition)
	}
	return appendPacked(b, occurrenceEnclosingRange, o.EnclosingRange)
}

// append appends s's fields to b; language is its document's.
func (s *SymbolInformation) append(b []byte, language string) []byte {
	b = appendString(b, symbolSymbol, s.Symbol)
	b = appendVarint(b, symbolKind, s.Kind)
	b = appendString(b, symbolDisplayName, s.DisplayName)
	if s.Signature != "" {
		b = appendTag(b, symbolSignatureDocumentation, wireBytes)
		at := len(b)
		b = appendString(b, documentLanguage, language)
		b = prefixLength(appendString(b, documentText, s.Signature), at)
	}
	return appendString(b, symbolEnclosingSymbol, s.EnclosingSymbol)
}

// appendTag appends the tag of field number with wire type wire.
func appendTag(b []byte, number, wire int) []byte {
	return binary.AppendUvarint(b, uint64(number)<<3|uint64(wire))
}

// appendString appends s as field number, unless it is empty.
func appendString(b []byte, number int, s string) []byte {
	if s == "" {
		return b
	}
	b = binary.AppendUvarint(appendTag(b, number, wireBytes), uint64(len(s)))
	return append(b, s...)
}

// appendVarint appends v (an int32 or an enum) as field number, unless it is zero.
func appendVarint(b []byte, number int, v int32) []byte {
	if v == 0 {
		return b
	}
	return appendInt32(appendTag(b, number, wireVarint), v)
}

// appendPacked appends vs as the packed repeated field number, unless it is empty.
func appendPacked(b []byte, number int, vs []int32) []byte {
	if len(vs) == 0 {
		return b
	}
	b = appendTag(b, number, wireBytes)
	at := len(b)
	for _, v := range vs {
		b = appendInt32(b, v)
	}
	return prefixLength(b, at)
}

// appendInt32 appends v as protobuf's int32 varint: a negative one is sign-extended to 64 bits,
// so it takes ten bytes.
func appendInt32(b []byte, v int32) []byte {
	return binary.AppendUvarint(b, uint64(int64(v)))
}

// prefixLength puts the length of b[at:], a message or a packed field appended after its tag,
// before it: the length is known only once it is appended, and moving it by the length's few
// bytes costs less than encoding it twice.
func prefixLength(b []byte, at int) []byte {
	n := len(b) - at
	var length [binary.MaxVarintLen64]byte
	k := len(binary.AppendUvarint(length[:0], uint64(n)))
	b = append(b, length[:k]...)
	copy(b[at+k:], b[at:at+n])
	copy(b[at:], length[:k])
	return b
}
