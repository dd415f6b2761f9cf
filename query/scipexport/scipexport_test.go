package scipexport

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/sourcegraph/scip/bindings/go/scip"
	"google.golang.org/protobuf/proto"

	"github.com/readmap/readmap/indexer"
	"github.com/readmap/readmap/indexer/lang"
	"github.com/readmap/readmap/store"
)

// gorootSrc is the Go toolchain's own source. A test binary runs where it was built, so the
// GOROOT it was built with is the one on this machine.
func gorootSrc() string {
	//lint:ignore SA1019 see above: a test binary is never copied to another machine
	return filepath.Join(runtime.GOROOT(), "src")
}

// trickyTree is a tree whose paths and names need escaping in symbols: spaces, backticks,
// non-ASCII letters, '#', '(' and operators.
var trickyTree = map[string]string{
	"dir with space/ünï/a b.go": "package p\n\nfunc Ünïcode() {}\n\ntype T struct{}\n\nfunc (T) M() {}\n\nfunc (t *T) String() string { return Ünïcode2() }\n\nfunc Ünïcode2() string { M(); return \"\" }\n",
	"a`b/x.py":                  "def f$x(): pass\nclass A:\n    def __init__(self): pass\n    def m(self): return f$x()\n",
	"a`b/c.cpp":                 "#define OP(x) x\nint operator_x;\nstruct S { int a; };\nclass C { public: C& operator<<(int); };\nC& C::operator<<(int) { return *this; }\n",
	"doc #1.md":                 "# Title with `ticks`\n\n## Über\n\ntext\n",
	"c(f).yaml":                 "key with space: 1\n\"quoted.key\": 2\n",
	"9lives/$-.go":              "package lives\n\nconst X = 1\n\nvar y = X\n",
}

// exportedDocuments indexes root into a new store and returns its documents as the export
// makes them (cmd/readmap's writeSCIP): every definition first, then each mapped file's document
// with its text.
func exportedDocuments(t *testing.T, root string) []*Document {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "index.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := indexer.Run(ctx, st, indexer.Options{Root: root}); err != nil {
		t.Fatal(err)
	}
	var sets []store.NameSet
	if err := st.EachNameSet(ctx, func(s store.NameSet) error { sets = append(sets, s); return nil }); err != nil {
		t.Fatal(err)
	}
	refs := NewReferences(sets)
	exported := func(f *store.File) bool { return f.Skip.HasMap() && !filepath.IsAbs(f.Path) }
	if err := st.EachFile(ctx, func(f *store.File) error {
		if exported(f) {
			refs.Define(f)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	var docs []*Document
	if err := st.EachFile(ctx, func(f *store.File) error {
		if !exported(f) {
			return nil
		}
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f.Path)))
		if err != nil || !bytes.HasPrefix(indexer.Hash(src), f.Hash) || len(f.Hash) == 0 {
			src = nil
		}
		if text, shown := lang.ShownText(f.Path, src); shown != "" {
			src = text
		}
		docs = append(docs, NewDocument(f, src, refs))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return docs
}

// toBindings is doc as the SCIP bindings' message, built as the export built it before it
// encoded its messages itself.
func toBindings(doc *Document) *scip.Document {
	d := &scip.Document{RelativePath: doc.RelativePath, Language: doc.Language,
		PositionEncoding: scip.PositionEncoding_UTF8CodeUnitOffsetFromLineStart}
	for _, o := range doc.Occurrences {
		occ := &scip.Occurrence{Range: o.Range, Symbol: o.Symbol, EnclosingRange: o.EnclosingRange}
		if o.Definition {
			occ.SymbolRoles = int32(scip.SymbolRole_Definition)
		}
		d.Occurrences = append(d.Occurrences, occ)
	}
	for _, s := range doc.Symbols {
		info := &scip.SymbolInformation{Symbol: s.Symbol, Kind: scip.SymbolInformation_Kind(s.Kind),
			DisplayName: s.DisplayName, EnclosingSymbol: s.EnclosingSymbol}
		if s.Signature != "" {
			info.SignatureDocumentation = &scip.Document{Language: doc.Language, Text: s.Signature}
		}
		d.Symbols = append(d.Symbols, info)
	}
	return d
}

// metadata is the bindings' metadata of an index as NewWriter writes it.
func metadata(root, version string) *scip.Metadata {
	return &scip.Metadata{ToolInfo: &scip.ToolInfo{Name: "readmap", Version: version},
		ProjectRoot: "file://" + root, TextDocumentEncoding: scip.TextEncoding_UTF8}
}

// encode writes docs as an index with Writer.
func encode(t *testing.T, root, version string, docs []*Document) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := NewWriter(&buf, root, version)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		if err := w.Add(d); err != nil {
			t.Fatalf("Add(%s) = %v", d.RelativePath, err)
		}
	}
	return buf.Bytes()
}

// checkEncoding requires that docs, written by Writer, are the bytes proto.Marshal writes for the
// bindings' index of the same content, and that those bytes decode back to it.
func checkEncoding(t *testing.T, root, version string, docs []*Document) {
	t.Helper()
	want := &scip.Index{Metadata: metadata(root, version)}
	for _, d := range docs {
		want.Documents = append(want.Documents, toBindings(d))
		// Document by document first, for a failure that names one.
		b, err := proto.MarshalOptions{Deterministic: true}.Marshal(want.Documents[len(want.Documents)-1])
		if err != nil {
			t.Fatalf("proto.Marshal(%s) = %v", d.RelativePath, err)
		}
		if got := d.append(nil); !bytes.Equal(got, b) {
			t.Fatalf("document %s: encoded as %d bytes, proto.Marshal writes %d:\n got %x\nwant %x", d.RelativePath, len(got), len(b), got, b)
		}
	}
	wantBytes, err := proto.MarshalOptions{Deterministic: true}.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	got := encode(t, root, version, docs)
	if !bytes.Equal(got, wantBytes) {
		t.Fatalf("index of %d documents: %d bytes, proto.Marshal writes %d", len(docs), len(got), len(wantBytes))
	}
	var decoded scip.Index
	if err := proto.Unmarshal(got, &decoded); err != nil {
		t.Fatalf("proto.Unmarshal of the written index = %v", err)
	}
	if !proto.Equal(&decoded, want) {
		t.Fatal("the written index decodes to another index than the one it was written from")
	}
}

// TestEncodingMatchesProtoMarshal: the documents of real trees (the language fixtures,
// GOROOT/src/net/http, paths and names that need escaping), written by hand, are byte for byte
// what proto.Marshal writes for the bindings' messages, and decode back to them; every symbol
// they hold parses, and formats back to itself.
func TestEncodingMatchesProtoMarshal(t *testing.T) {
	tricky := t.TempDir()
	for name, text := range trickyTree {
		p := filepath.Join(tricky, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct{ name, root string }{
		{"langs", filepath.Join("..", "..", "testdata", "langs")},
		{"net/http", filepath.Join(gorootSrc(), "net", "http")},
		{"tricky", tricky},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, err := filepath.Abs(tc.root)
			if err != nil {
				t.Fatal(err)
			}
			docs := exportedDocuments(t, root)
			occurrences, references := 0, 0
			for _, d := range docs {
				occurrences += len(d.Occurrences)
				references += len(d.Occurrences) - len(d.Symbols)
			}
			if len(docs) < len(trickyTree) || occurrences == 0 || references == 0 {
				t.Fatalf("%d documents, %d occurrences, %d references: too few to compare", len(docs), occurrences, references)
			}
			checkEncoding(t, root, "0.1.0", docs)
			for _, d := range docs {
				for _, o := range d.Occurrences {
					checkSymbol(t, o.Symbol)
				}
				for _, s := range d.Symbols {
					if s.EnclosingSymbol != "" {
						checkSymbol(t, s.EnclosingSymbol)
					}
				}
			}
		})
	}
}

// checkSymbol requires that scip.ParseSymbol accepts sym and that the bindings' formatter writes
// what it parses to as sym again.
func checkSymbol(t *testing.T, sym string) {
	t.Helper()
	parsed, err := scip.ParseSymbol(sym)
	if err != nil {
		t.Fatalf("scip.ParseSymbol(%q) = %v", sym, err)
	}
	if again := scip.VerboseSymbolFormatter.FormatSymbol(parsed); again != sym {
		t.Fatalf("scip.ParseSymbol(%q) formats back as %q", sym, again)
	}
}

// TestEncodingEdgeCases: what real documents seldom or never hold is encoded as proto.Marshal
// encodes it: negative and extreme numbers, empty and long strings, empty messages and fields.
func TestEncodingEdgeCases(t *testing.T) {
	long := strings.Repeat("x", 20000) // a length of three varint bytes
	for _, tc := range []struct {
		name, root, version string
		docs                []*Document
	}{
		{name: "no documents", root: "/", version: ""},
		{name: "empty document", root: "/r", version: "1", docs: []*Document{{}}},
		{name: "negative and extreme ranges", root: "/r", version: "1", docs: []*Document{{
			RelativePath: "a.go", Language: "go",
			Occurrences: []Occurrence{
				{Range: []int32{-1, 0, 0}, Symbol: "s", Definition: true, EnclosingRange: []int32{-1, 0, 0, 0}},
				{Range: []int32{-2147483648, 2147483647, 127, 128}, Symbol: ""},
				{EnclosingRange: []int32{0}},
				{},
			},
			Symbols: []SymbolInformation{
				{},
				{Symbol: "s", Kind: -5},
				{Kind: kindVariable, Signature: "sig"},
			},
		}}},
		{name: "no language for a signature", root: "/r", version: "1", docs: []*Document{{
			RelativePath: "a", Symbols: []SymbolInformation{{Symbol: "s", Signature: "x"}},
		}}},
		{name: "long strings", root: "/" + long, version: long, docs: []*Document{{
			RelativePath: long, Language: long,
			Occurrences: []Occurrence{{Range: make([]int32, 200), Symbol: long}},
			Symbols:     []SymbolInformation{{Symbol: long, DisplayName: long, Signature: long, EnclosingSymbol: long, Kind: 1 << 20}},
		}}},
		{name: "unicode", root: "/ünï côdé", version: "v—1", docs: []*Document{{
			RelativePath: "日本/語.go", Language: "go",
			Symbols: []SymbolInformation{{Symbol: "readmap . . . `日本`/", DisplayName: "語", Signature: "func 語()"}},
		}}},
	} {
		t.Run(tc.name, func(t *testing.T) { checkEncoding(t, tc.root, tc.version, tc.docs) })
	}
}

// TestNotUTF8Refused: a string that is not UTF-8 is refused, as proto.Marshal refuses it: SCIP's
// strings are proto3 strings, which a decoder rejects otherwise.
func TestNotUTF8Refused(t *testing.T) {
	bad := "a\xffb"
	for _, doc := range []*Document{
		{RelativePath: bad},
		{Language: bad},
		{Occurrences: []Occurrence{{Symbol: bad}}},
		{Symbols: []SymbolInformation{{Symbol: bad}}},
		{Symbols: []SymbolInformation{{DisplayName: bad}}},
		{Symbols: []SymbolInformation{{Signature: bad}}},
		{Symbols: []SymbolInformation{{EnclosingSymbol: bad}}},
	} {
		if _, err := proto.Marshal(toBindings(doc)); err == nil {
			t.Fatalf("proto.Marshal(%+v) takes a string that is not UTF-8", doc)
		}
		w, err := NewWriter(&bytes.Buffer{}, "/r", "1")
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Add(doc); err == nil {
			t.Errorf("Add(%+v) = nil, want an error", doc)
		}
	}
	if _, err := NewWriter(&bytes.Buffer{}, "/"+bad, "1"); err == nil {
		t.Error("NewWriter of a root that is not UTF-8 = nil error, want one")
	}
	if _, err := proto.Marshal(metadata("/"+bad, "1")); err == nil {
		t.Error("proto.Marshal takes a project root that is not UTF-8")
	}
}

// TestKindsAreSCIPs: the kind numbers written are those of SCIP's kinds of the same names.
func TestKindsAreSCIPs(t *testing.T) {
	for _, tc := range []struct {
		got  int32
		want scip.SymbolInformation_Kind
	}{
		{kindClass, scip.SymbolInformation_Class}, {kindConstant, scip.SymbolInformation_Constant},
		{kindConstructor, scip.SymbolInformation_Constructor}, {kindEnum, scip.SymbolInformation_Enum},
		{kindEnumMember, scip.SymbolInformation_EnumMember}, {kindField, scip.SymbolInformation_Field},
		{kindFunction, scip.SymbolInformation_Function}, {kindInterface, scip.SymbolInformation_Interface},
		{kindKey, scip.SymbolInformation_Key}, {kindMacro, scip.SymbolInformation_Macro},
		{kindMethod, scip.SymbolInformation_Method}, {kindMessage, scip.SymbolInformation_Message},
		{kindModule, scip.SymbolInformation_Module}, {kindNamespace, scip.SymbolInformation_Namespace},
		{kindPackage, scip.SymbolInformation_Package}, {kindProperty, scip.SymbolInformation_Property},
		{kindStruct, scip.SymbolInformation_Struct}, {kindTrait, scip.SymbolInformation_Trait},
		{kindType, scip.SymbolInformation_Type}, {kindUnion, scip.SymbolInformation_Union},
		{kindVariable, scip.SymbolInformation_Variable},
	} {
		if tc.got != int32(tc.want) {
			t.Errorf("the number of %v = %d, want %d", tc.want, tc.got, tc.want)
		}
	}
}

// suffixes are the descriptor suffixes readmap writes, and the bindings' of each.
var suffixes = []struct {
	s    suffix
	scip scip.Descriptor_Suffix
}{
	{namespace, scip.Descriptor_Namespace}, {typ, scip.Descriptor_Type}, {term, scip.Descriptor_Term},
	{method, scip.Descriptor_Method}, {macro, scip.Descriptor_Macro},
}

// bindingsSymbol is the symbol of readmap's scheme and empty package whose descriptors are names,
// each with suffix s, as the bindings format it.
func bindingsSymbol(s scip.Descriptor_Suffix, names ...string) string {
	sym := &scip.Symbol{Scheme: "readmap", Package: &scip.Package{Manager: ".", Name: ".", Version: "."}}
	for _, name := range names {
		sym.Descriptors = append(sym.Descriptors, &scip.Descriptor{Name: name, Suffix: s})
	}
	return scip.VerboseSymbolFormatter.FormatSymbol(sym)
}

// checkDescriptor requires that appendDescriptor writes name with each suffix as the bindings'
// formatter does, and, for a name the syntax can hold (UTF-8, not empty), that scip.ParseSymbol
// reads the symbol back as name with that suffix.
func checkDescriptor(t *testing.T, name string) {
	t.Helper()
	for _, s := range suffixes {
		got := string(appendDescriptor(nil, name, s.s))
		want := scip.VerboseSymbolFormatter.FormatDescriptors([]*scip.Descriptor{{Name: name, Suffix: s.scip}})
		if got != want {
			t.Fatalf("appendDescriptor(%q, %v) = %q, want %q", name, s.scip, got, want)
		}
		if got, want := symbolPrefix+got, bindingsSymbol(s.scip, name); got != want {
			t.Fatalf("the symbol of descriptor %q (%v) = %q, want %q", name, s.scip, got, want)
		}
		if name == "" || !utf8.ValidString(name) {
			continue
		}
		parsed, err := scip.ParseSymbol(symbolPrefix + got)
		if err != nil {
			t.Fatalf("scip.ParseSymbol(%q) = %v", symbolPrefix+got, err)
		}
		if len(parsed.Descriptors) != 1 || parsed.Descriptors[0].Name != name || parsed.Descriptors[0].Suffix != s.scip {
			t.Fatalf("scip.ParseSymbol(%q) = %v, want the descriptor %q (%v)", symbolPrefix+got, parsed.Descriptors, name, s.scip)
		}
	}
}

// descriptorNames are names that need escaping, or look as if they might.
var descriptorNames = []string{
	"", "a", "Name_1", "$", "-", "+", "_", "$-+_", "9lives", "0",
	" ", "with space", "two  spaces", " lead", "trail ",
	"`", "``", "back`tick", "`both`", "a``b",
	".", "dots.in.name", "a.b()", "#", "#hash", "C#", "f(x)", "()", "[T]", "a/b", "/", "!", "m!",
	"operator<<", "operator()", "operator==", "~Dtor", "a:b", "::", "a;b", "@decorator", "x'", "\"q\"",
	"ünïcode", "日本語", "emoji😀", "\u00a0", "a\tb", "line\nbreak", "\x00", "\x7f",
	"# Title with `ticks`", "key with space", "quoted.key",
}

func TestDescriptorMatchesFormatter(t *testing.T) {
	for _, name := range descriptorNames {
		checkDescriptor(t, name)
	}
	// Paths as fileSymbol writes them: each part a namespace.
	for _, path := range []string{"a.go", "dir with space/ünï/a b.go", "a`b/c.cpp", "doc #1.md", "9lives/$-.go", "x//y"} {
		if got, want := fileSymbol(path), bindingsSymbol(scip.Descriptor_Namespace, strings.Split(path, "/")...); got != want {
			t.Errorf("fileSymbol(%q) = %q, want %q", path, got, want)
		}
	}
}

func FuzzDescriptorMatchesFormatter(f *testing.F) {
	for _, name := range descriptorNames {
		f.Add(name)
	}
	f.Add("a\xffb")
	f.Fuzz(func(t *testing.T, name string) { checkDescriptor(t, name) })
}
