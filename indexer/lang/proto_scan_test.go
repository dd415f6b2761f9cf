package lang

import (
	"context"
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// protoScanCases are sources that exercise the Protobuf scanner, with their maps; where the
// grammar parses a case without errors, the tree-sitter walk must agree on it.
var protoScanCases = []scannerCase{
	{name: "proto3", src: `syntax = "proto3";
package shop.v1;

import "google/protobuf/timestamp.proto";
import public 'other.proto';
import weak "google/protobuf/timestamp.proto";
option go_package = "example.com/shop";

message Order {
  string id = 1;
  repeated Item items = 2 [packed = true, (my.opt) = "x"];
  map<string, .shop.v1.Money> prices = 3;
  optional int64 created = 4;
  reserved 5, 9 to 11, 20 to max;
  reserved foo, bar;
  message Item {
    string sku = 1;
  }
  enum Status {
    option allow_alias = true;
    STATUS_UNSPECIFIED = 0;
    DONE = 1 [deprecated = true];
    GONE = -1;
  }
  oneof payment {
    string card = 6;
    Cash cash = 7 [json_name = "c"]
    ;
    option (x) = 1;
  }
}
`, want: []string{
		"message Order [9-31] message Order",
		"  field Order.id [10-10] string id = 1",
		"  field Order.items [11-11] repeated Item items = 2 [packed = true, (my.opt) = \"x\"]",
		"  field Order.prices [12-12] map<string, .shop.v1.Money> prices = 3",
		"  field Order.created [13-13] optional int64 created = 4",
		"  message Order.Item [16-18] message Item",
		"    field Order.Item.sku [17-17] string sku = 1",
		"  enum Order.Status [19-24] enum Status",
		"    enum_member Order.Status.STATUS_UNSPECIFIED [21-21] STATUS_UNSPECIFIED = 0",
		"    enum_member Order.Status.DONE [22-22] DONE = 1 [deprecated = true]",
		"    enum_member Order.Status.GONE [23-23] GONE = -1",
		"  union Order.payment [25-30] oneof payment",
		"    field Order.payment.card [26-26] string card = 6",
		"    field Order.payment.cash [27-27] Cash cash = 7 [json_name = \"c\"]",
		"import google/protobuf/timestamp.proto",
		"import other.proto",
	}},
	{name: "services with streams", src: `syntax = "proto3";
service Shop {
  option (svc) = true;
  rpc Get(GetRequest) returns (Order);
  rpc Watch(stream .shop.Req) returns (stream Event) {}
  rpc Tail ( stream Req )
      returns ( Resp ) {
    option (google.api.http) = { get: "/v1/{name=orders/*}" body: "*" };
    ;
  };
}
`, want: []string{
		"service Shop [2-11] service Shop",
		"  rpc Shop.Get [4-4] rpc Get(GetRequest) returns (Order)",
		"  rpc Shop.Watch [5-5] rpc Watch(stream .shop.Req) returns (stream Event)",
		"  rpc Shop.Tail [6-10] rpc Tail (stream Req) returns (Resp)",
	}},
	{name: "aggregate option values", src: `syntax = "proto3";
option (file_opt) = { a: 1; b: "}" c { d: [1, 2, 3] e: -inf } f: 'x;' };
message M {
  option (msg_opt) = { name: "{" nested { list: ["]", "[", "\"{"] } };
  int32 a = 1 [(f) = { x: 1, y: "a;b" }, deprecated = true];
}
`, want: []string{
		"message M [3-6] message M",
		"  field M.a [5-5] int32 a = 1 [(f) = { x: 1, y: \"a;b\"}, deprecated = true]",
	}},
	{name: "comments everywhere", src: `// a { comment
syntax = "proto3" /* ; */ ; // {
/* message Fake {
   int32 x = 1;
} */
message /* { */ Commented // ;
{ // }
  int32 /* } */ a // x
    = 1; // ;
  /* { */ string b = 2; /* } */
}
enum E // {
{
  A /* ; */ = 0;
}
`, want: []string{
		"message Commented [6-11] message /*",
		"  field Commented.a [8-9] int32 /*} */ a // x",
		"  field Commented.b [10-10] string b = 2",
		"enum E [12-15] enum E //",
		"  enum_member E.A [14-14] A /* ; */ = 0",
	}},
	{name: "strings with braces and quotes", src: `syntax = "proto3";
import "a{b}.proto";
import 'c\'d.proto';
option (o) = "message X { } \" // not a comment";
message S {
  string s = 1 [default = "}", (q) = 'it\'s {'];
  string t = 2 [(u) = "\\"];
}
`, want: []string{
		"message S [5-8] message S",
		"  field S.s [6-6] string s = 1 [default = \"}\", (q) = 'it\\'s {']",
		"  field S.t [7-7] string t = 2 [(u) = \"\\\\\"]",
		"import a{b}.proto",
		"import c\\'d.proto",
	}},
	{name: "proto2 with required blanked", src: `syntax = "proto2";
message P {
  required int32 a = 1;
  optional string b = 2 [default = "x"];
    required
    Q c = 3;
  repeated int32 d = 4;
}
`, want: []string{
		"message P [2-8] message P",
		"  field P.a [3-3] int32 a = 1",
		"  field P.b [4-4] optional string b = 2 [default = \"x\"]",
		"  field P.c [6-6] Q c = 3",
		"  field P.d [7-7] repeated int32 d = 4",
	}},
	{name: "no syntax statement", src: `package legacy;
message L {
  required int32 a = 1;
  optional int32 b = 2;
}
`, want: []string{
		"message L [2-5] message L",
		"  field L.a [3-3] int32 a = 1",
		"  field L.b [4-4] optional int32 b = 2",
	}},
	{name: "one-line and multi-line declarations", src: `syntax = "proto3";
message A { int32 x = 1; message B { int32 y = 2; } enum C { Z = 0; } }
message D {
  map<
    string,
    int32> m =
    1;
  repeated
    string names = 2 [
      deprecated = true
    ];
}
`, want: []string{
		"message A [2-2] message A",
		"  field A.x [2-2] int32 x = 1",
		"  message A.B [2-2] message B",
		"    field A.B.y [2-2] int32 y = 2",
		"  enum A.C [2-2] enum C",
		"    enum_member A.C.Z [2-2] Z = 0",
		"message D [3-12] message D",
		"  field D.m [4-7] map<",
		"  field D.names [8-11] repeated",
	}},
	{name: "keywords as names", src: `syntax = "proto3";
message message {
  string message = 1;
  optional optional option = 2;
  stream returns = 3;
  group service = 4;
  .rpc.to max = 5;
}
enum enum { message = 0; reserved = 1; }
`, want: []string{
		"message message [2-8] message message",
		"  field message.message [3-3] string message = 1",
		"  field message.option [4-4] optional optional option = 2",
		"  field message.returns [5-5] stream returns = 3",
		"  field message.service [6-6] group service = 4",
		"  field message.max [7-7] .rpc.to max = 5",
		"enum enum [9-9] enum enum",
		"  enum_member enum.message [9-9] message = 0",
		"  enum_member enum.reserved [9-9] reserved = 1",
	}},
	{name: "deep nesting stops where the walk does", src: "syntax = \"proto3\";\n" +
		strings.Repeat("message M {\n", 50) + "int32 x = 1;\n" + strings.Repeat("}\n", 50), want: protoNested(50, tsMaxNest)},
	{name: "long names", src: "syntax = \"proto3\";\nimport \"" + strings.Repeat("p", 210) + "\";\nmessage " +
		strings.Repeat("N", 205) + " { int32 " + strings.Repeat("f", 201) + " = 1; }\n", want: []string{
		"message " + strings.Repeat("N", tsMaxName) + " [3-3] message " + strings.Repeat("N", 205),
		"  field " + strings.Repeat("N", tsMaxName) + "." + strings.Repeat("f", tsMaxName) + " [3-3] int32 " + strings.Repeat("f", 201) + " = 1",
		"import \"" + strings.Repeat("p", tsMaxName-1), // cut at the name's cap, its quote is kept
	}},
	{name: "proto2 groups", src: `syntax = "proto2";
message G {
  optional group Result = 1 {
    required string url = 2;
    repeated group Inner = 3 [deprecated = true] {
      optional int32 x = 4;
    }
  }
  oneof o {
    group Choice = 5 { optional int32 y = 6; }
  }
}
`, want: []string{
		"message G [2-12] message G",
		"  message G.Result [3-8] optional group Result = 1",
		"    field G.Result.url [4-4] string url = 2",
		"    message G.Result.Inner [5-7] repeated group Inner = 3 [deprecated = true]",
		"      field G.Result.Inner.x [6-6] optional int32 x = 4",
		"  union G.o [9-11] oneof o",
		"    message G.o.Choice [10-10] group Choice = 5",
		"      field G.o.Choice.y [10-10] optional int32 y = 6",
	}, differs: "the grammar knows no groups"},
	{name: "extend blocks and extensions", src: `syntax = "proto2";
package ext;
import "google/protobuf/descriptor.proto";
extend google.protobuf.FieldOptions {
  optional bool nullable = 65001;
  repeated string tags = 65002 [packed = false];
}
message Base {
  extensions 100 to 199, 500 to max;
  extensions 1000 to 2000 [declaration = { number: 1000, full_name: ".ext.x", type: "int32" }];
  extend .ext.Base {
    optional Base child = 100;
    optional group Extra = 101 { optional int32 v = 1; }
  }
}
`, want: []string{
		"block google.protobuf.FieldOptions [4-7] extend google.protobuf.FieldOptions",
		"  field nullable [5-5] optional bool nullable = 65001",
		"  field tags [6-6] repeated string tags = 65002 [packed = false]",
		"message Base [8-15] message Base",
		"  block Base.ext.Base [11-14] extend .ext.Base",
		"    field Base.child [12-12] optional Base child = 100",
		"    message Base.Extra [13-13] optional group Extra = 101",
		"      field Base.Extra.v [13-13] optional int32 v = 1",
		"import google/protobuf/descriptor.proto",
	}, differs: "the grammar knows no extend blocks nor extension ranges"},
	{name: "edition", src: `edition = "2023";
package ed;
option features.field_presence = IMPLICIT;
message E {
  reserved "old", "older";
  int32 _private = 1;
  string s = 2 [features.(pb.cpp).string_type = VIEW];
  option (x) = { [ext.name]: 1 sub < a: 2 > list: [] s: "a" "b" };
}
enum F { reserved 2, 3; reserved "X"; A = 0; }
`, want: []string{
		"message E [4-9] message E",
		"  field E._private [6-6] int32 _private = 1",
		"  field E.s [7-7] string s = 2 [features.(pb.cpp).string_type = VIEW]",
		"enum F [10-10] enum F",
		"  enum_member F.A [10-10] A = 0",
	}, differs: "the grammar knows proto3 only"},
	{name: "required where it is not blanked", src: `syntax = "proto2";
message R { required int32 a = 1; optional int32 b = 2; }
`, want: []string{
		"message R [2-2] message R",
		"  field R.a [2-2] required int32 a = 1",
		"  field R.b [2-2] optional int32 b = 2",
	}, differs: "the grammar reads a required label it is given as a type"},
}

// TestProtobufScanner maps each case with the scanner and compares the map with the expected
// one and, unless the case says why not, with the tree-sitter walk's.
func TestProtobufScanner(t *testing.T) {
	ts := newTSMapper(protobufGrammar()).(*tsMapper)
	runScannerCases(t, protoScanCases, protoScanOnly{}, "case.proto", func(st *scannerDiff, path string, src []byte) {
		protoScanDiffAdd(st, path, src, ts)
	})
}

// TestProtobufScannerDiffers: the cases not compared with the walk are ones the grammar cannot
// parse, which the scanner reads as protoc does.
func TestProtobufScannerDiffers(t *testing.T) {
	ts := newTSMapper(protobufGrammar()).(*tsMapper)
	for _, tc := range protoScanCases {
		if tc.differs == "" {
			continue
		}
		src := []byte(tc.src)
		if _, hadErrors, err := ts.mapOnce(context.Background(), protoPrepare(src), src); err != nil || !hadErrors {
			t.Errorf("%s: the grammar parses it (%v), compare it with the walk", tc.name, err)
		}
	}
}

// protoFallbacks are sources the scanner is unsure of, with why: the mapper hands them to the
// walk.
var protoFallbacks = []struct{ name, src, why string }{
	{"unclosed comment", "syntax = \"proto3\";\nmessage A {}\n/* x\nmessage B {}\n", "an unclosed comment"},
	{"unclosed string", "syntax = \"proto3\";\noption x = \"abc", "an unclosed string"},
	{"string over a line's end", "syntax = \"proto3\";\noption x = \"a\nb\";\nmessage A {}\n", "a string over a line's end"},
	{"unclosed block", "syntax = \"proto3\";\nmessage A {\n  int32 a = 1;\n", "a block never closed"},
	{"stray closer", "syntax = \"proto3\";\nmessage A {}\n}\nmessage B {}\n", "a } that closes nothing"},
	{"brace in a message", "syntax = \"proto3\";\nmessage A {\n  {\n  int32 a = 1;\n}\n", "a message member it does not know"},
	{"stray slash", "syntax = \"proto3\";\nmessage A { int32 a = 1; / }\n", "a stray /"},
	{"byte order mark", "\uFEFFsyntax = \"proto3\";\nmessage A {}\n", "a byte order mark"},
	{"NUL in a comment", "syntax = \"proto3\";\n// a\x00 message X {}\n", "a NUL byte"},
	{"non-ASCII outside strings", "syntax = \"proto3\";\nmessage \u00c4 {}\n", "a byte no token starts with"},
	{"keyword run into a name", "syntax = \"proto3\";\nmessageA {}\n", "a top-level statement it does not know"},
	{"edition 2024 visibility", "edition = \"2024\";\nexport message A {}\n", "a top-level statement it does not know"},
	{"option without its end", "syntax = \"proto3\";\noption (a) = { b: [1, 2 };\n", "brackets that do not match"},
	{"field without a number", "syntax = \"proto3\";\nmessage A { int32 a = ; }\n", "a field it does not know"},
	{"rpc without returns", "syntax = \"proto3\";\nservice S { rpc R(A) (B); }\n", "an rpc it does not know"},
}

// TestProtobufScannerFallback: what the scanner is unsure of, it says why, and the mapper's map
// of it is the walk's.
func TestProtobufScannerFallback(t *testing.T) {
	ts := newTSMapper(protobufGrammar())
	mapper := protoScanner(protobufGrammar())()
	for _, tc := range protoFallbacks {
		t.Run(tc.name, func(t *testing.T) {
			_, why, err := (&protoScanMapper{}).scan(context.Background(), []byte(tc.src))
			if err != nil || why != tc.why {
				t.Errorf("scan(%q) is unsure because %q (%v), want %q", tc.src, why, err, tc.why)
			}
			want, err := ts.Map(context.Background(), []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			got, err := mapper.Map(context.Background(), []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Map(%q) is not the walk's (-walk +mapper):\n%s", tc.src, diff)
			}
		})
	}
}

// FuzzProtobufScanner: the mapper never panics and keeps the invariants, and where the grammar
// parses an input without errors and the scanner maps it, the two maps are equal.
func FuzzProtobufScanner(f *testing.F) {
	for _, tc := range protoScanCases {
		f.Add([]byte(tc.src))
	}
	for _, tc := range protoFallbacks {
		f.Add([]byte(tc.src))
	}
	for _, s := range []string{"message A {", "}}}", "/*", "\"", "option x = {{{[[[", "syntax = 'proto2';\nrequired", "rpc", "\xff\xfe{"} {
		f.Add([]byte(s))
	}
	ts := newTSMapper(protobufGrammar()).(*tsMapper)
	mapper := protoScanner(protobufGrammar())()
	f.Fuzz(func(t *testing.T, src []byte) {
		res, err := mapper.Map(context.Background(), src)
		if err != nil {
			return // too large for the walk, say: the fallback map serves
		}
		lines := CountLines(src)
		if err := CheckSymbols(res.Symbols, lines); err != nil {
			t.Fatal(err)
		}
		got, why, err := (&protoScanMapper{}).scan(context.Background(), src)
		ref, hadErrors, refErr := ts.mapOnce(context.Background(), protoPrepare(src), src)
		if err != nil || why != "" || refErr != nil || hadErrors {
			return
		}
		want, have := tsKeys(normalize(ref.Symbols, lines)), tsKeys(normalize(got.Symbols, lines))
		if !slices.Equal(want, have) || !slices.Equal(ref.Imports, got.Imports) {
			t.Fatalf("%q maps otherwise than the walk:\n%s", src, firstDiff("input", want, have, ref.Imports, got.Imports))
		}
	})
}

// protoPathological are inputs built to break a scanner: deep nesting, everything unclosed, one
// long line, invalid UTF-8.
var protoPathological = map[string]func(n int) string{
	"nested messages": func(n int) string {
		return "syntax = \"proto3\";\n" + strings.Repeat("message M {\n", n) + strings.Repeat("}\n", n)
	},
	"nested aggregates": func(n int) string {
		return "option (o) = " + strings.Repeat("{ a ", n) + strings.Repeat("}", n) + ";\n"
	},
	"unclosed messages": func(n int) string { return strings.Repeat("message M {\n", n) },
	"unclosed options":  func(n int) string { return "message M { int32 a = 1 " + strings.Repeat("[", n) },
	"unclosed comments": func(n int) string { return strings.Repeat("/* message M {\n", n) },
	"unclosed strings":  func(n int) string { return strings.Repeat("option a = \"{;\n", n) },
	"stray closers":     func(n int) string { return strings.Repeat("}", n) },
	"one long line": func(n int) string {
		return "syntax = \"proto3\"; " + strings.Repeat("message M { int32 a = 1 [(b) = { c: \"}\" }]; } ", n)
	},
	"invalid UTF-8": func(n int) string { return strings.Repeat("message \xff\xfe { int32 \xc0 = 1; }\n", n) },
	"invalid UTF-8 in strings and comments": func(n int) string {
		return strings.Repeat("message M { string a = 1 [default = \"\xff\xfe\"]; } // \xc0\n/* \xe2\x82 */", n)
	},
}

// TestProtobufScannerPathological maps the pathological inputs with the mapper (the scanner, and
// the walk for what the scanner is unsure of): no panic, an end, and the invariants hold. The
// long line is a MiB. Not timed (BenchmarkProtobufMapper measures speed).
func TestProtobufScannerPathological(t *testing.T) {
	checkScannerPathological(t, protoScanner(protobufGrammar()), protoPathological)
	t.Run("a MiB on one line", func(t *testing.T) {
		src := []byte(protoPathological["one long line"](1 << 20 / 50))
		res, err := protoScanner(protobufGrammar())().Map(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckSymbols(res.Symbols, CountLines(src)); err != nil || len(res.Symbols) == 0 {
			t.Fatalf("%d symbols: %v", len(res.Symbols), err)
		}
	})
}

// TestProtobufPrepareEmulated: the scanner reads the file as protoPrepare rewrites it without
// rewriting it. On generated text, protoSyntaxDigit finds protoSyntax's version, and where
// protoPrepare blanks `required` in place, protoBlanked says so, and nowhere else.
func TestProtobufPrepareEmulated(t *testing.T) {
	pieces := []string{"syntax", "required", "proto", "2", "3", "=", "\"", "'", " ", "\t", "\n", "\r", "\f", "\v", "x", ";", "required "}
	r := rand.New(rand.NewSource(1))
	for range 20000 {
		var b strings.Builder
		for range r.Intn(16) {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		src := []byte(b.String())
		var want byte
		if m := protoSyntax().FindSubmatchIndex(src); m != nil {
			want = src[m[2]]
		}
		if got := protoSyntaxDigit(src); got != want {
			t.Fatalf("protoSyntaxDigit(%q) = %q, want %q", src, got, want)
		}
		prepared := protoPrepare(src)
		if want == 0 || want == '3' {
			continue
		}
		for i := range src {
			if !strings.HasPrefix(string(src[i:]), "required") {
				continue
			}
			blanked := string(prepared[i:i+len("required")]) == strings.Repeat(" ", len("required"))
			if got := protoBlanked(src, i, i+len("required")); got != blanked {
				t.Fatalf("protoBlanked(%q, %d) = %v, protoPrepare blanks it: %v", src, i, got, blanked)
			}
		}
	}
}

// protoScanDiffAdd compares the scanner's map of one file with the walk's (scannerDiff).
func protoScanDiffAdd(st *scannerDiff, path string, src []byte, ts *tsMapper) {
	prepared := protoPrepare(src)
	ref, hadErrors, err := ts.mapOnce(context.Background(), prepared, src)
	st.compareFile(path, src, ref, hadErrors, err, protoScanOnly{}, func() [][2]int { return protoErrorLines(ts, prepared) })
}

// protoNested is the map of depth messages M nested in each other (a line each), of which the
// walk maps the outer mapped ones.
func protoNested(depth, mapped int) []string {
	var out []string
	for i := range mapped {
		out = append(out, fmt.Sprintf("%smessage %s [%d-%d] message M", strings.Repeat("  ", i),
			strings.TrimSuffix(strings.Repeat("M.", i+1), "."), i+2, 2*depth+2-i))
	}
	return out
}

// BenchmarkProtobufMapper maps protobuf's own .proto files (/usr/include/google/protobuf) with
// the Protobuf mapper (the scanner, with the walk for the files it is unsure of) and with the
// walk alone.
func BenchmarkProtobufMapper(b *testing.B) {
	paths := filesUnder([]string{"/usr/include/google/protobuf"}, ".proto")
	if len(paths) == 0 {
		b.Skip("SKIP: no .proto files under /usr/include/google/protobuf (apt-get install libprotobuf-dev)")
	}
	files, total := readBenchFiles(b, paths)
	b.Run("scanner", func(b *testing.B) { benchMapper(b, protoScanner(protobufGrammar())(), files, total) })
	b.Run("walk", func(b *testing.B) { benchMapper(b, newTSMapper(protobufGrammar()), files, total) })
}
