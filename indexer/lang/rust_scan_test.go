package lang

// Tests of the Rust scanner (rust_scan.go) by itself: the constructs easy to misread, its worst
// inputs, a fuzz test, and its speed against the tree-sitter mapper it replaced.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// rsMapLines maps src with the Rust scanner, rendered as scannerLines renders it.
func rsMapLines(t *testing.T, src string) []string { return scannerLines(t, rsMapper{}, src) }

// TestRustScanner covers the lexical traps of Rust and the items the scanner reads; each case is
// also mapped by the tree-sitter reference, which must agree but for items in function bodies.
func TestRustScanner(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"function qualifiers and visibility", `pub(crate) const unsafe fn a() {}
pub async fn b<T: Fn(u8) -> u8>(f: T) -> impl Future<Output = Vec<Vec<u8>>> { todo!() }
extern "C" fn c(x: i32) -> i32 { x }
pub(in crate::x) unsafe extern "system" fn d() {}
`, []string{
			"function a [1-1] pub(crate) const unsafe fn a()",
			"function b [2-2] pub async fn b<T: Fn(u8) -> u8>(f: T) -> impl Future<Output = Vec<Vec<u8>>>",
			"function c [3-3] extern \"C\" fn c(x: i32) -> i32",
			"function d [4-4] pub(in crate::x) unsafe extern \"system\" fn d()",
		}},
		{"types, fields and variants; attributes start ranges, doc comments do not", `/// A point.
#[derive(Debug)]
pub struct P<T> where T: Copy {
    /// x.
    #[serde(skip)]
    pub x: HashMap<T, Vec<T>>,
    y: [u8; 1 << 2],
}
pub struct Unit;
struct Tuple(pub u8, Vec<u8>);
#[repr(C)]
union U { a: u32, b: f32 }
enum E {
    #[default]
    A,
    B(u8, u8),
    C { x: u8 },
    D = 1 << 3,
}
`, []string{
			"struct P [2-8] pub struct P<T> where T: Copy",
			"  field P.x [5-6] pub x: HashMap<T, Vec<T>>",
			"  field P.y [7-7] y: [u8; 1 << 2]",
			"struct Unit [9-9] pub struct Unit",
			"struct Tuple [10-10] struct Tuple",
			"union U [11-12] union U",
			"  field U.a [12-12] a: u32",
			"  field U.b [12-12] b: f32",
			"enum E [13-19] enum E",
			"  enum_member E.A [14-15] A",
			"  enum_member E.B [16-16] B",
			"  enum_member E.C [17-17] C",
			"  enum_member E.D [18-18] D = 1 << 3",
		}},
		{"traits, impls, modules, macros, aliases, consts, statics, imports", `use std::{
    fmt,
    io,
};
extern crate alloc as a;
mod outer;
pub mod inner {
    pub trait T: Clone {
        type Item;
        const N: usize;
        fn f(&self) -> Self::Item;
        fn g(&self) {}
    }
    impl<'a, T> super::Tr<T> for &'a mut crate::x::Vec<T> where T: Copy {
        type Item = u8;
        fn f(&self) -> u8 { 0 }
    }
    unsafe impl Send for [u8] {}
    impl dyn Error + Send {}
}
macro_rules! m {
    ($x:expr) => { fn $x() {} };
}
type R<T> = Result<T, Box<dyn Error>>;
pub const MAX: u32 = {
    1
};
static mut COUNT: usize = 0;
`, []string{
			"module outer [6-6] mod outer",
			"module inner [7-20] pub mod inner",
			"  trait inner.T [8-13] pub trait T: Clone",
			"    type inner.T.Item [9-9] type Item",
			"    const inner.T.N [10-10] const N: usize",
			"    method inner.T.f [11-11] fn f(&self) -> Self::Item",
			"    method inner.T.g [12-12] fn g(&self)",
			"  impl inner.Vec [14-17] impl<'a, T> super::Tr<T> for &'a mut crate::x::Vec<T> where T: Copy",
			"    type inner.Vec.Item [15-15] type Item = u8",
			"    method inner.Vec.f [16-16] fn f(&self) -> u8",
			"  impl inner.[u8] [18-18] unsafe impl Send for [u8]",
			"  impl inner.dyn Error + Send [19-19] impl dyn Error + Send",
			"macro m [21-23] macro_rules! m",
			"type R [24-24] type R<T> = Result<T, Box<dyn Error>>",
			"const MAX [25-27] pub const MAX: u32",
			"var COUNT [28-28] static mut COUNT: usize = 0",
			"import std::{ fmt, io, }",
			"import alloc",
		}},
		{"strings, chars, lifetimes and comments that hold braces", `const A: &str = r#"}"{ fn no() }"#;
const B: &[u8] = b"}\"{";
const C: char = '{';
const D: u8 = b'}';
/* outer /* nested } */ still a comment { */
fn f<'a>(x: &'a str) -> &'a str {
    let c = '}';
    let e = '\'';
    let u = '\u{7D}';
    'outer: loop { break 'outer; }
    let s = "}";
    x
}
fn after() {}
`, []string{
			"const A [1-1] const A: &str = r#\"}\"{ fn no()}\"#",
			"const B [2-2] const B: &[u8] = b\"}\\\"{\"",
			"const C [3-3] const C: char = '{'",
			"const D [4-4] const D: u8 = b'}'",
			"function f [6-13] fn f<'a>(x: &'a str) -> &'a str",
			"function after [14-14] fn after()",
		}},
		{"extern blocks: their items are the container's, the block's attributes are not theirs", `#[link(name = "c")]
extern "C" {
    pub fn abs(x: i32) -> i32;
    static errno: i32;
}
`, []string{
			"function abs [3-3] pub fn abs(x: i32) -> i32",
			"var errno [4-4] static errno: i32",
		}},
		{"items in function bodies; closures and macros are not items", `fn outer() {
    let c = |x: u32| { x + 1 };
    quote! { impl Fake for X {} }
    struct Visitor;
    #[allow(unused)]
    impl<'de> de::Visitor<'de> for Visitor {
        fn visit_str<E>(self, v: &str) -> Result<(), E> { Ok(()) }
    }
    fn helper() {}
    unsafe { call() };
    const fn k() {}
    use std::fmt;
}
`, []string{
			"function outer [1-13] fn outer()",
			"  struct outer.Visitor [4-4] struct Visitor",
			"  impl outer.Visitor [5-8] impl<'de> de::Visitor<'de> for Visitor",
			"    method outer.Visitor.visit_str [7-7] fn visit_str<E>(self, v: &str) -> Result<(), E>",
			"  function outer.helper [9-9] fn helper()",
			"  function outer.k [11-11] const fn k()",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, rsMapLines(t, tc.src)); diff != "" {
				t.Errorf("map (-want +got):\n%s", diff)
			}
			st := &rsDiffStats{reasons: map[string]int{}}
			st.add(tc.name, []byte(tc.src), newTSMapper(rustGrammar()).(*tsMapper))
			if st.clean != 1 || st.equal+st.explained != 1 {
				t.Errorf("tree-sitter maps it otherwise (clean %d, equal %d, explained %d): %v %v", st.clean, st.equal, st.explained, st.diffs, st.failures)
			}
		})
	}
}

// TestRustScannerCharEscapeAtLineEnd: a char literal whose backslash is the last byte of its line
// (not Rust, but a file being edited) leaves the line break to be counted, so the lines after it
// keep their numbers, and one at the file's very end stays inside the file.
func TestRustScannerCharEscapeAtLineEnd(t *testing.T) {
	src := "fn a() {}\nfn x() { let c = '\\\n'; }\nfn b() {}\nconst Z: char = '\\"
	want := []string{
		"function a [1-1] fn a()",
		"function x [2-3] fn x()",
		"function b [4-4] fn b()",
		"const Z [5-5] const Z: char = '\\",
	}
	if diff := cmp.Diff(want, rsMapLines(t, src)); diff != "" {
		t.Errorf("map (-want +got):\n%s", diff)
	}
}

// rsBenchFiles returns the files of a corpus of the differential test, read, and their size.
func rsBenchFiles(b *testing.B, corpus string) ([][]byte, int64) {
	b.Helper()
	for _, c := range rsDiffCorpora() {
		if c.name != corpus {
			continue
		}
		if c.skip != "" {
			b.Skipf("SKIP: %s", c.skip)
		}
		var files [][]byte
		var total int64
		for _, p := range filesUnder(c.roots, ".rs") {
			if src, err := os.ReadFile(p); err == nil {
				files = append(files, src)
				total += int64(len(src))
			}
		}
		return files, total
	}
	b.Fatalf("no corpus %s", corpus)
	return nil, 0
}

// BenchmarkRustMapper maps Debian's crates and, when a Linux tree is found, its Rust, with the
// scanner and with the tree-sitter mapper it replaced, and reports MB/s and files/s:
//
//	go test ./indexer/lang -run '^$' -bench RustMapper -benchtime 3x
func BenchmarkRustMapper(b *testing.B) {
	for _, corpus := range []string{"cargo-registry", "linux-rust"} {
		for _, m := range []struct {
			name string
			new  func() Mapper
		}{{"scanner", func() Mapper { return rsMapper{} }}, {"tree-sitter", func() Mapper { return newTSMapper(rustGrammar()) }}} {
			b.Run(filepath.Base(corpus)+"/"+m.name, func(b *testing.B) {
				files, total := rsBenchFiles(b, corpus)
				benchMapper(b, m.new(), files, total)
			})
		}
	}
}

// rsPathological are sources built to be the scanner's worst case: deep nesting of everything
// it enters or skips, long runs of lookahead, and input that never closes.
var rsPathological = map[string]func(n int) string{
	"modules in modules":   func(n int) string { return strings.Repeat("mod a {\n", n) + strings.Repeat("}\n", n) },
	"functions in bodies":  func(n int) string { return strings.Repeat("fn a() {\n", n) + strings.Repeat("}\n", n) },
	"braces in a body":     func(n int) string { return "fn f() " + strings.Repeat("{", n) + strings.Repeat("}", n) + "\n" },
	"angles":               func(n int) string { return "fn f<" + strings.Repeat("A<", n) + strings.Repeat(">", n) + ">() {}\n" },
	"impl generics":        func(n int) string { return "impl<" + strings.Repeat("<", n) + " X for Y {}\n" },
	"nested comments":      func(n int) string { return strings.Repeat("/*", n) + strings.Repeat("*/", n) + "fn f() {}\n" },
	"unclosed":             func(n int) string { return "struct s {\n" + strings.Repeat("a: [(", n) },
	"attributes":           func(n int) string { return strings.Repeat("#[a]\n", n) + "fn f() {}\n" },
	"qualifiers":           func(n int) string { return strings.Repeat("unsafe ", n) + "fn f() {}\n" },
	"quotes":               func(n int) string { return strings.Repeat("'\\", n) },
	"raw strings":          func(n int) string { return strings.Repeat("r#\"", n) },
	"one long line":        func(n int) string { return strings.Repeat("pub fn f<'a>(x: &'a [u8]) -> u8 { x[0] } ", n) },
	"fields":               func(n int) string { return "struct S {\n" + strings.Repeat("a: Vec<u8>,\n", n) + "}\n" },
	"paths of macro calls": func(n int) string { return strings.Repeat("a::", n) + "b! {}\n" },
}

// TestRustScannerPathological: the worst cases finish quickly, and their maps keep the
// invariants.
func TestRustScannerPathological(t *testing.T) {
	checkScannerPathological(t, func() Mapper { return rsMapper{} }, rsPathological)
}

// FuzzRustScanner feeds the scanner random sources: it must not panic or run on, must keep every
// range inside the file and every member inside its parent, and must map a file the same each
// time.
func FuzzRustScanner(f *testing.F) {
	for _, seed := range []string{
		"#[derive(Debug)]\npub struct P<T> where T: Copy { pub x: HashMap<T, Vec<T>>, }\n",
		"impl<'a, T> Tr<T> for &'a mut Vec<T> where T: Copy { fn f(&self) -> u8 { 0 } }\n",
		"enum E { A = 1 << 2, B(u8), C { x: u8 } }\nunion U { a: u32 }\n",
		"const A: &str = r#\"}\"#; const C: char = '{'; fn f<'a>(x: &'a str) {}\n",
		"/* /* */ */ macro_rules! m { ($x:expr) => { fn $x() {} }; }\n",
		"#[link(name = \"c\")]\nextern \"C\" { fn abs(x: i32) -> i32; }\n",
		"fn outer() { struct V; impl X for V { fn g() {} } let c = |x| { x }; }\n",
		"/* unclosed", "\"unclosed", "'", "r##\"", "b'", "}}}{{{((()))", "impl<<<", "fn f<>>>() {",
		"mod a { mod b { mod c {", "\x00\xff\xfe#[\\\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) { checkScannerRun(t, func() Mapper { return rsMapper{} }, src) })
}
