package store

import (
	"fmt"
	"strings"
)

// Kind is what a symbol is, one set for every language.
type Kind uint8

// The kinds of symbols. Every mapper picks the nearest one; the zero value means unknown.
const (
	KindUnknown Kind = iota
	KindFunction
	KindMethod
	KindConstructor
	KindClass
	KindStruct
	KindInterface
	KindTrait
	KindEnum
	KindEnumMember
	KindUnion
	KindType
	KindConst
	KindVar
	KindField
	KindProperty
	KindModule
	KindNamespace
	KindPackage
	KindImpl
	KindMacro
	KindObject
	KindHeading
	KindCodeBlock
	KindKey
	KindTable
	KindView
	KindIndex
	KindTrigger
	KindColumn
	KindSchema
	KindProcedure
	KindSequence
	KindElement
	KindRule
	KindAtRule
	KindStage
	KindMessage
	KindService
	KindRPC
	KindBlock
	KindLandmark
	kindCount
)

var kindNames = [kindCount]string{
	KindUnknown:     "unknown",
	KindFunction:    "function",
	KindMethod:      "method",
	KindConstructor: "constructor",
	KindClass:       "class",
	KindStruct:      "struct",
	KindInterface:   "interface",
	KindTrait:       "trait",
	KindEnum:        "enum",
	KindEnumMember:  "enum_member",
	KindUnion:       "union",
	KindType:        "type",
	KindConst:       "const",
	KindVar:         "var",
	KindField:       "field",
	KindProperty:    "property",
	KindModule:      "module",
	KindNamespace:   "namespace",
	KindPackage:     "package",
	KindImpl:        "impl",
	KindMacro:       "macro",
	KindObject:      "object",
	KindHeading:     "heading",
	KindCodeBlock:   "code_block",
	KindKey:         "key",
	KindTable:       "table",
	KindView:        "view",
	KindIndex:       "index",
	KindTrigger:     "trigger",
	KindColumn:      "column",
	KindSchema:      "schema",
	KindProcedure:   "procedure",
	KindSequence:    "sequence",
	KindElement:     "element",
	KindRule:        "rule",
	KindAtRule:      "at_rule",
	KindStage:       "stage",
	KindMessage:     "message",
	KindService:     "service",
	KindRPC:         "rpc",
	KindBlock:       "block",
	KindLandmark:    "landmark",
}

// String returns the kind's name as stored and shown ("function", "class", ...).
func (k Kind) String() string {
	if k < kindCount {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// ParseKind returns the kind named s, ignoring case, and whether the name is known.
func ParseKind(s string) (Kind, bool) {
	s = strings.ToLower(s)
	for k, name := range kindNames {
		if name == s {
			return Kind(k), true
		}
	}
	return KindUnknown, false
}

// Kinds lists every kind name, in declaration order.
func Kinds() []string {
	return append([]string(nil), kindNames[1:]...)
}

// Symbol is one structural element of a file: a function, a class, a heading, a JSON key.
type Symbol struct {
	Name      string // as written: "run", "Handle", "## Install"
	Qualname  string // enclosing names joined with '.': "BatchProcessor.run", "Server.Handle"
	Kind      Kind
	Signature string // the declaration on one line, whitespace folded; may be empty
	StartLine int    // 1-based, the first decorator, attribute or annotation line
	EndLine   int    // 1-based, inclusive
	Depth     int    // nesting level, 0 at top
	Parent    int    // index of the enclosing symbol in the same slice, -1 at top
}

// SkipReason says why a file has no map. The empty reason means the file was mapped.
type SkipReason string

// The reasons a file is recorded without a map.
const (
	SkipNone       SkipReason = ""
	SkipBinary     SkipReason = "binary"
	SkipTooLarge   SkipReason = "too-large"
	SkipUnreadable SkipReason = "unreadable"
	SkipDisabled   SkipReason = "disabled"
	// SkipOutsideRoot marks a path under the root that a symbolic link (its own, or a folder's on
	// the way) leads outside it: nothing of the file it reaches is stored.
	SkipOutsideRoot SkipReason = "outside-root"
	// SkipMapperPanic and SkipMapperTimeout mark files that carry a fallback map because their
	// language's mapper panicked or ran out of time on them.
	SkipMapperPanic   SkipReason = "mapper-panic"
	SkipMapperTimeout SkipReason = "mapper-timeout"
)

// HasMap reports whether a file with this reason still carries symbols: mapped files and files
// whose mapper failed (they get a fallback map).
func (r SkipReason) HasMap() bool {
	return r == SkipNone || r == SkipMapperPanic || r == SkipMapperTimeout || r == SkipDisabled
}

// Stamp is what tells, without reading a file, whether it changed since its row was written: the
// stat data git compares. Size and mtime alone miss a change whose writer restored them (touch -r,
// cp -p, rsync -t, an editor's save by rename); that moves the ctime, which no one can set, or the
// inode.
type Stamp struct {
	Size      int64
	ModTimeNS int64 // modification time, Unix nanoseconds
	CTimeNS   int64 // inode change time, Unix nanoseconds; 0 where the system has none
	Inode     int64 // 0 where the system has none
}

// File is one file's row: where it is, what it held when mapped, and its map.
type File struct {
	Path       string // relative to the root, '/' separators
	Size       int64
	ModTimeNS  int64
	CTimeNS    int64
	Inode      int64
	Hash       []byte // first 16 bytes of the SHA-256 of the content
	Language   string
	Mapper     string
	Lines      int
	Summary    string
	Skip       SkipReason
	SkipDetail string
	// LineIndex holds the byte offset of the start of line 1+k*LineIndexStep at position k, for
	// files of more than LineIndexStep lines; nil otherwise.
	LineIndex []int64
	IndexedAt int64 // Unix seconds
	// MappersVersion is the lang.RowVersion of the mappers that made the row.
	MappersVersion int
	Imports        []string
	Symbols        []Symbol
	// Uses is a Bloom filter of the identifiers the file uses (lang.Uses); nil for none. Written
	// with the row; read only by FilesMaybeUsing.
	Uses []byte
	// UsedNames are the NameHash values of the identifiers the file uses, sorted and distinct
	// (lang.Uses); kept, with its symbols' names, for the repository map when Uses is not nil.
	UsedNames []uint32
}

// Stamp returns the stat data the row was written for.
func (f *File) Stamp() Stamp {
	return Stamp{Size: f.Size, ModTimeNS: f.ModTimeNS, CTimeNS: f.CTimeNS, Inode: f.Inode}
}

// SetStamp records the stat data of the file the row describes.
func (f *File) SetStamp(s Stamp) {
	f.Size, f.ModTimeNS, f.CTimeNS, f.Inode = s.Size, s.ModTimeNS, s.CTimeNS, s.Inode
}

// LineIndexStep is the distance in lines between two checkpoints of File.LineIndex.
const LineIndexStep = 1000
