package lang

import (
	"context"
	"fmt"
	"go/build"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/readmap/readmap/store"
)

// The Protobuf scanner (proto_scan.go) against the tree-sitter walk with protobuf.go's table, the
// mapper it replaced, kept as the reference and as the fallback. Every file the grammar parses
// without errors (after protoPrepare, as the walk reads it) that the scanner maps itself must map
// equally: name, qualified name, kind, signature, first and last line, depth and parent of every
// symbol, and the imports. The files it hands to the walk are counted, with why. Of the files the
// grammar cannot parse (proto2's groups, extensions and extend blocks, editions, option values in
// the text format the grammar lacks) that the scanner maps, each of the walk's symbols outside its
// error regions must be in the scanner's map, by name and first line.
//
// The corpora: the fixtures, protobuf's own .proto files (/usr/include/google/protobuf) and
// gogo/protobuf's in the Go module cache, which the scanner was debugged against; held out,
// chosen before the first run and never debugged against: the .proto files of bufbuild's, jhump's
// and envoyproxy's modules in the module cache. Large corpora are sampled, every stride-th file,
// unless READMAP_PROTO_ALL is set.

// protoDiffCorpus is a set of .proto files to compare on: those under roots whose paths match
// one of globs, every stride-th of them unless all are asked for.
type protoDiffCorpus struct {
	name   string
	globs  []string
	stride int
	why    string // how to get the corpus, for the skip message
}

// protoModCache returns the Go module cache.
func protoModCache() string {
	if dir := os.Getenv("GOMODCACHE"); dir != "" {
		return dir
	}
	return filepath.Join(build.Default.GOPATH, "pkg", "mod")
}

// protoDiffCorpora returns the corpora, tuned first, then held out.
func protoDiffCorpora() []protoDiffCorpus {
	gh := filepath.Join(protoModCache(), "github.com")
	return []protoDiffCorpus{
		{name: "testdata", globs: []string{"../../testdata/langs"}, stride: 1},
		{name: "google/protobuf", globs: []string{"/usr/include/google/protobuf"}, stride: 1,
			why: "apt-get install libprotobuf-dev"},
		{name: "gogo/protobuf", globs: []string{filepath.Join(gh, "gogo", "protobuf@*")}, stride: 1,
			why: "a build that fetches github.com/gogo/protobuf"},
		{name: "held out: bufbuild", globs: []string{filepath.Join(gh, "bufbuild", "*")}, stride: 3,
			why: "a build that fetches github.com/bufbuild/buf"},
		{name: "held out: jhump", globs: []string{filepath.Join(gh, "jhump", "*")}, stride: 1,
			why: "a build that fetches github.com/jhump/protoreflect"},
		{name: "held out: envoyproxy", globs: []string{filepath.Join(gh, "envoyproxy", "*")}, stride: 1,
			why: "a build that fetches github.com/envoyproxy/protoc-gen-validate"},
	}
}

// files returns the corpus's .proto files, sorted, every stride-th unless all.
func (c protoDiffCorpus) files(all bool) []string {
	var roots []string
	for _, g := range c.globs {
		m, _ := filepath.Glob(g)
		roots = append(roots, m...)
	}
	out := filesUnder(roots, ".proto")
	if all {
		return out
	}
	return everyNth(out, c.stride)
}

// protoDiffStats is what the comparison counted on one corpus.
type protoDiffStats struct {
	files, clean, equal, unequal int
	fallbacks, cleanFallbacks    int
	beyond                       int // files with grammar errors the scanner maps
	holdSyms, held               int // the walk's symbols outside its error regions there, and those held
	reasons                      map[string]int
	diffs, misses, failures      []string
	unsure                       []string
}

// add compares the two maps of one file.
func (st *protoDiffStats) add(path string, src []byte, ts *tsMapper, scanner *protoScanMapper) {
	st.files++
	prepared := protoPrepare(src)
	ref, hadErrors, err := ts.mapOnce(context.Background(), prepared, src)
	if err != nil {
		st.failures = append(st.failures, fmt.Sprintf("%s: tree-sitter: %v", path, err))
		return
	}
	got, why, err := scanner.scan(context.Background(), src)
	if err != nil {
		st.failures = append(st.failures, fmt.Sprintf("%s: %v", path, err))
		return
	}
	if !hadErrors {
		st.clean++
	}
	if why != "" {
		st.fallbacks++
		st.reasons[why]++
		st.unsure = append(st.unsure, fmt.Sprintf("  %s: %s", path, why))
		if !hadErrors {
			st.cleanFallbacks++
		}
		return
	}
	lines := CountLines(src)
	have := normalize(slices.Clone(got.Symbols), lines)
	if err := CheckSymbols(have, lines); err != nil {
		st.failures = append(st.failures, fmt.Sprintf("%s: %v", path, err))
	}
	want := normalize(slices.Clone(ref.Symbols), lines)
	if hadErrors {
		st.beyond++
		st.holdOutside(path, want, have, protoErrorLines(ts, prepared))
		return
	}
	wk, hk := tsKeys(want), tsKeys(have)
	if slices.Equal(wk, hk) && slices.Equal(ref.Imports, got.Imports) {
		st.equal++
		return
	}
	st.unequal++
	st.diffs = append(st.diffs, firstDiff(path, wk, hk, ref.Imports, got.Imports))
}

// holdOutside counts the walk's symbols (want) outside the line spans errs of a file with
// grammar errors, and those of them the scanner's map (have) holds by name and first line.
func (st *protoDiffStats) holdOutside(path string, want, have []store.Symbol, errs [][2]int) {
	starts := map[string]bool{}
	for _, s := range have {
		starts[fmt.Sprintf("%s\x00%d", s.Name, s.StartLine)] = true
	}
	for _, s := range want {
		if slices.ContainsFunc(errs, func(e [2]int) bool { return e[0] <= s.EndLine && s.StartLine <= e[1] }) {
			continue
		}
		st.holdSyms++
		if starts[fmt.Sprintf("%s\x00%d", s.Name, s.StartLine)] {
			st.held++
		} else {
			st.misses = append(st.misses, fmt.Sprintf("  %s:%d %s %q %q", path, s.StartLine, s.Kind, s.Name, s.Signature))
		}
	}
}

// protoErrorLines returns the line spans of the declarations of tree-sitter's parse of the
// prepared source that hold syntax errors, looking into the bodies the walk enters.
func protoErrorLines(ts *tsMapper, prepared []byte) [][2]int {
	tree, err := ts.parse(context.Background(), prepared)
	if err != nil {
		return [][2]int{{1, CountLines(prepared)}}
	}
	defer tree.Close()
	return errorSpans(tree.RootNode(), 1, func(ch *sitter.Node) *sitter.Node {
		switch ch.Type() {
		case "message", "enum", "service", "oneof", "message_body", "enum_body":
			return ch
		}
		return nil
	})
}

// TestProtobufScannerAgainstTreeSitter compares the Protobuf scanner's maps with the tree-sitter
// walk's on the corpora. Run with -v for the table and the fallback reasons, READMAP_PROTO_ALL=1
// to compare every file of the large corpora (by default a deterministic sample),
// READMAP_SHOW_MISSES=1 for every difference.
func TestProtobufScannerAgainstTreeSitter(t *testing.T) {
	all := os.Getenv("READMAP_PROTO_ALL") != ""
	var rows []string
	for _, c := range protoDiffCorpora() {
		t.Run(c.name, func(t *testing.T) {
			files := c.files(all)
			if len(files) == 0 {
				t.Skipf("SKIP: no .proto files under %v (%s)", c.globs, c.why)
			}
			ts := newTSMapper(protobufGrammar()).(*tsMapper)
			scanner := &protoScanMapper{}
			st := &protoDiffStats{reasons: map[string]int{}}
			for _, f := range files {
				src, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				st.add(f, src, ts, scanner)
			}
			rows = append(rows, fmt.Sprintf("| %-22s | %5d | %5d | %5d | %7d | %9d (%5.1f%%) | %15d | %6d | %6d of %6d | %s",
				c.name, st.files, st.clean, st.equal, st.unequal, st.fallbacks, share(st.fallbacks, st.files), st.cleanFallbacks,
				st.beyond, st.held, st.holdSyms, topReasons(st.reasons, 4)))
			st.report(t)
		})
	}
	t.Logf("Protobuf scanner against tree-sitter (clean: files the grammar parses without errors; fallbacks: files the scanner hands to the walk, and why; beyond: files with grammar errors the scanner maps, where the walk's symbols outside its error regions must be held):\n"+
		"| corpus                 | files | clean | equal | unequal | fallbacks         | clean fallbacks | beyond | walk's symbols held | top reasons\n%s", strings.Join(rows, "\n"))
}

// report fails t for what the comparison found wrong.
func (st *protoDiffStats) report(t *testing.T) {
	t.Helper()
	for _, f := range st.failures {
		t.Error(f)
	}
	if os.Getenv("READMAP_SHOW_MISSES") != "" {
		t.Logf("differences:\n%s", strings.Join(st.diffs, "\n"))
		t.Logf("fallbacks:\n%s", strings.Join(st.unsure, "\n"))
		t.Logf("the walk's symbols the scanner lacks, in files with grammar errors:\n%s", strings.Join(st.misses, "\n"))
	}
	if st.unequal > 0 {
		t.Errorf("%d of %d clean files the scanner maps map otherwise than the walk; first:\n%s", st.unequal, st.clean-st.cleanFallbacks, st.diffs[0])
	}
	if st.held < st.holdSyms {
		t.Errorf("%d of the walk's %d symbols outside its error regions are not in the scanner's maps; first:\n%s",
			st.holdSyms-st.held, st.holdSyms, st.misses[0])
	}
}

// protoGenHeads, protoGenTop and protoGenMembers are the pieces TestProtobufScannerGenerated
// builds files of: a head, then top-level declarations whose `@` holds members and whose `~` are
// separators (protoGenSeps), some of which no grammar accepts where they land.
var (
	protoGenHeads = []string{"syntax = \"proto3\";\n", "syntax = \"proto2\";\n", "syntax='proto3';\n", "",
		"\n  syntax = \"proto2\" ;\n", "required int32 a = 1;\n"}
	protoGenTop = []string{
		"message~M~{~@~}~", "enum~E~{~option allow_alias = true;~X~=~-~0x1~;~message = 2;~reserved~=~3~;~}~",
		"service~S~{~rpc~R~(~stream~.A~)~returns~(~B.C~)~;~rpc Q(A) returns (B) {}~rpc T(A) returns (B) { option a = 1; ; }~}~",
		"option (foo).bar = { a: \"}\" b~{~c: [1, 2]~} };~", "import public \"a/b.proto\";~", "import 'c.proto';~",
		"package a.b;~", ";~", "message LLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLLL {~int32 ffffffffffffffff = 1; }~",
	}
	protoGenMembers = []string{
		"message~N~{~@~}~", "int32 f = 1;~", "~optional~repeated~.a~.~B~f~=~2~[~(x).y~=~{a:1;b:2,c{d:'}'}}~,~z=-inf]~;~",
		"\nrequired int32 r = 4;\n", "\n  required\tFoo.Bar rr = 5 ;\n", "x = 1; required foo = 6;\n", "\n required\n .a.B c = 1;~",
		"oneof~o~{~Foo a = 1~int32 b = 2 [c = 3]~;~option x = 1;~}~", "map~<~string~,~Foo~>~m~=~3~;~",
		"enum~E~{~A~=~0~;~}~", "reserved 5, 9 to max;~", "option (o) = { a: \"{\" };~",
	}
	protoGenSeps = []string{" ", " ", "\n", " // c { ; \n", " /* ; { */ ", "\n/*\n required x\n*/\n", "\t", "\r\n", "\n\n  "}
	protoGenJunk = []string{"message", "enum", "rpc", "oneof", "map", "optional", "required", "extend", "extensions", "group",
		"stream", "Foo", "_y", "{", "}", ";", "=", "(", ")", "[", "]", "<", ">", ",", ".", "-", "1", "0x1F", "\"s\"", "'q'", "//c\n", "/*{*/"}
)

// protoGenerate returns a generated file: a head, then top-level declarations with members down
// to a few levels, and now and then a run of junk tokens.
func protoGenerate(r *rand.Rand) string {
	var b strings.Builder
	b.WriteString(protoGenHeads[r.Intn(len(protoGenHeads))])
	var expand func(template string, depth int)
	expand = func(template string, depth int) {
		for _, c := range template {
			switch c {
			case '~':
				b.WriteString(protoGenSeps[r.Intn(len(protoGenSeps))])
			case '@':
				for range r.Intn(4 - min(depth, 3)) {
					expand(protoGenMembers[r.Intn(len(protoGenMembers))], depth+1)
				}
			default:
				b.WriteRune(c)
			}
		}
	}
	for range r.Intn(5) {
		expand(protoGenTop[r.Intn(len(protoGenTop))], 0)
		if r.Intn(16) == 0 {
			b.WriteString(protoGenJunk[r.Intn(len(protoGenJunk))] + " ")
		}
	}
	return b.String()
}

// TestProtobufScannerGenerated compares the scanner with the walk on generated files (a fixed
// seed; READMAP_PROTO_ALL=1 makes ten times as many): every one the grammar parses without errors
// that the scanner maps must map equally, and every map the scanner makes keeps the invariants.
func TestProtobufScannerGenerated(t *testing.T) {
	n := 2000
	if os.Getenv("READMAP_PROTO_ALL") != "" {
		n *= 10
	}
	ts := newTSMapper(protobufGrammar()).(*tsMapper)
	scanner := &protoScanMapper{}
	st := &protoDiffStats{reasons: map[string]int{}}
	r := rand.New(rand.NewSource(1))
	for i := range n {
		st.add(fmt.Sprintf("generated file %d", i), []byte(protoGenerate(r)), ts, scanner)
	}
	t.Logf("%d generated files: %d clean (%d equal, %d unequal, %d handed to the walk), %d with grammar errors the scanner maps",
		st.files, st.clean, st.equal, st.unequal, st.cleanFallbacks, st.beyond)
	for _, f := range st.failures {
		t.Error(f)
	}
	if st.unequal > 0 {
		t.Errorf("%d of %d clean files the scanner maps map otherwise than the walk; first:\n%s", st.unequal, st.clean-st.cleanFallbacks, st.diffs[0])
	}
}

// TestProtobufScannerFile logs both maps of the file READMAP_PROTO_FILE names, to debug a
// difference the comparison reports.
func TestProtobufScannerFile(t *testing.T) {
	logScannerDiffFile(t, "READMAP_PROTO_FILE", newTSMapper(protobufGrammar()).(*tsMapper), protoScanOnly{}, protoPrepare)
}

// protoScanOnly is the scanner alone as a Mapper: a file it is unsure of is an error.
type protoScanOnly struct{}

// Map maps src with the scanner.
func (protoScanOnly) Map(ctx context.Context, src []byte) (*Result, error) {
	res, why, err := (&protoScanMapper{}).scan(ctx, src)
	if why != "" {
		return nil, fmt.Errorf("scanner unsure: %s", why)
	}
	return res, err
}
