package lang

// Tests of the C# scanner (csharp_scan.go) by itself: the constructs easy to misread, its worst
// inputs, a fuzz test, and its speed against the tree-sitter walk it replaced.

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
)

// csCases are sources with the scanner's exact map; each is also mapped by the tree-sitter walk,
// which must agree unless the case says why not.
var csCases = []scannerCase{
	{name: "lexical traps: strings of every form, chars, comments and directives that hold braces", src: `using System;
namespace Lex
{
    class L
    {
        string a = "}\"{", b = @"a""}
{", c = $"x{1}y{{z}}{(a ? "}" : "{")}", d = $@"{a:N2}""{{";
        char e = '{', f = '\'', g = '}';
        string h = """
            {"a": "}"}
            """;
        /* } */ // {
#if X // {
        void F() { }
#else
        void F(int x) { }
#endif
        string i = $"{new[] { 1 }.Length}";
        void G() { }
    }
}
`, want: []string{
		"namespace Lex [2-21] namespace Lex",
		"  class Lex.L [4-20] class L",
		"    field Lex.L.a [6-6] string a = \"}\\\"{\"",
		"    field Lex.L.b [6-7] string b = @\"a\"\"}",
		"    field Lex.L.c [7-7] string c = $\"x{1}y{{z}}{(a ? \"}\" : \"{\")}\"",
		"    field Lex.L.d [7-7] string d = $@\"{a:N2}\"\"{{\"",
		"    field Lex.L.e [8-8] char e = '{'",
		"    field Lex.L.f [8-8] char f = '\\''",
		"    field Lex.L.g [8-8] char g = '}'",
		"    field Lex.L.h [9-11] string h = \"\"\"",
		"    method Lex.L.F [14-14] void F()",
		"    method Lex.L.F [16-16] void F(int x)",
		"    field Lex.L.i [18-18] string i = $\"{new[] { 1}.Length}\"",
		"    method Lex.L.G [19-19] void G()",
		"import System",
	}, differs: "the grammar reads it with errors; it parses without any one of lines 12, 13 and 19"},
	{name: "members of every kind", src: `using static System.Math;
using IO = System.IO;
global using X.Y;
[assembly: InternalsVisibleTo("x")]
namespace A.B
{
    /// doc
    [Serializable]
    [Foo, Bar(1)]
    public sealed partial class C<T> : Base<T>, IDisposable where T : class, new()
    {
        public int P { get; set; } = 5;
        public int Q
        {
            get => 1;
            set { }
        }
        public int R => 1
            + 2;
        int a = 1, b, c = M(1,
            2);
        const string S = "x";
        static readonly Dictionary<string, List<int>> D = new Dictionary<string, List<int>>() { { "a", new List<int>() } };
        Func<int, int, int> Add = Create<int, int, int>(), Sub;
        public event EventHandler E1, E2;
        public event EventHandler E3 { add { } remove { } }
        public C() : base() { }
        static C() { }
        ~C() { }
        public static C operator +(C a, C b) => a;
        public static bool operator ==(C a, C b) { return true; }
        public static implicit operator int(C c) => 1;
        public int this[int i] => i;
        [return: NotNull]
        public T M<U>(U u) where U : struct
        {
            int Local(int x) => x;
            return default;
        }
        public abstract (int a, string b) N(int[] x, List<int>? y);
        void IDisposable.Dispose() { }
        public delegate void D1(int x);
        enum E : byte { A, B = 2, [Obsolete] C, }
        interface I { void F(); int G { get; } }
        record R1(int A, int B);
        record struct R3(int A);
        unsafe fixed byte buf[10];
    }
}
`, want: []string{
		"namespace A.B [5-49] namespace A.B",
		"  class A.B.C [8-48] public sealed partial class C<T> : Base<T>, IDisposable where T : class, new()",
		"    property A.B.C.P [12-12] public int P",
		"    property A.B.C.Q [13-17] public int Q",
		"    property A.B.C.R [18-19] public int R",
		"    field A.B.C.a [20-20] int a = 1",
		"    field A.B.C.b [20-20] int b",
		"    field A.B.C.c [20-21] int c = M(1",
		"    const A.B.C.S [22-22] const string S = \"x\"",
		"    field A.B.C.D [23-23] static readonly Dictionary<string, List<int>> D = new Dictionary<string, List<int>>() { { \"a\", new List<int>()}}",
		"    field A.B.C.Add [24-24] Func<int, int, int> Add = Create<int, int, int>()",
		"    field A.B.C.Sub [24-24] Func<int, int, int> Sub",
		"    field A.B.C.E1 [25-25] public event EventHandler E1",
		"    field A.B.C.E2 [25-25] public event EventHandler E2",
		"    property A.B.C.E3 [26-26] public event EventHandler E3",
		"    constructor A.B.C.C [27-27] public C() : base()",
		"    constructor A.B.C.C [28-28] static C()",
		"    method A.B.C.~C [29-29] ~C()",
		"    method A.B.C.operator + [30-30] public static C operator +(C a, C b)",
		"    method A.B.C.operator == [31-31] public static bool operator ==(C a, C b)",
		"    method A.B.C.operator int [32-32] public static implicit operator int(C c)",
		"    property A.B.C.this[] [33-33] public int this[int i]",
		"    method A.B.C.M [34-39] public T M<U>(U u) where U : struct",
		"    method A.B.C.N [40-40] public abstract (int a, string b) N(int[] x, List<int>? y)",
		"    method A.B.C.Dispose [41-41] void IDisposable.Dispose()",
		"    type A.B.C.D1 [42-42] public delegate void D1(int x)",
		"    enum A.B.C.E [43-43] enum E : byte",
		"      enum_member A.B.C.E.A [43-43] A",
		"      enum_member A.B.C.E.B [43-43] B = 2",
		"      enum_member A.B.C.E.C [43-43] C",
		"    interface A.B.C.I [44-44] interface I",
		"      method A.B.C.I.F [44-44] void F()",
		"      property A.B.C.I.G [44-44] int G",
		"    class A.B.C.R1 [45-45] record R1(int A, int B)",
		"    struct A.B.C.R3 [46-46] record struct R3(int A)",
		"    field A.B.C.buf [47-47] unsafe fixed byte buf[10]",
		"import System.Math",
		"import System.IO",
		"import X.Y",
	}},
	{name: "a file-scoped namespace holds what follows; top-level statements are not mapped", src: "\xEF\xBB\xBF#nullable enable\nnamespace N;\n\nusing System.Linq;\n\nclass A {}\n\nvar x = 1;\nvoid Local() { }\n#endregion\n", want: []string{
		"namespace N [2-10] namespace N",
		"  class N.A [6-6] class A",
		"import System.Linq",
	}},
	{name: "directives among attributes: a pragma starts the signature, a conditional ends the attributes", src: `class T
{
    [Theory]
#pragma warning disable X1
    [MemberData(nameof(D))]
#pragma warning restore X1
    public void F(int a) { }

#if !NET
    [Serializable]
#endif
    public class G { }
}
`, want: []string{
		"class T [1-13] class T",
		"  method T.F [3-7] #pragma warning disable X1 [MemberData(nameof(D))] #pragma warning restore X1 public void F(int a)",
		"  class T.G [12-12] public class G",
	}, differs: "the grammar reads the conditional around the attribute with errors"},
	{name: "newer syntax: primary constructors, required and init, collection expressions, explicit interface members, operators", src: `extern alias Old;
using System;
namespace N
{
    #region Types
    public class C<T>(int x) : Base(x) where T : IEnumerable<List<T>>
    {
        [Attr("]")] public int A { get; init; }
        public required string B { get; set; }
        static abstract int Z { get; }
        public static C<T> operator >>(C<T> a, int b) => a;
        public static bool operator true(C<T> a) => true;
        public int[]? Arr = null;
        public (int, string)[] Tuples;
        unsafe int* Ptr;
        int IList.this[int i] { get => 0; set { } }
        event EventHandler INotify.Changed { add { } remove { } }
        global::System.String G() => "";
        public List<int> L = [1, 2, 3];
        public Dictionary<int, int> M2 = new() { [1] = 2 };
        public int N2 = 1 < 2 ? 3 : 4, N3 = 5;
        public T Get<U>() where U : new() => default;
        public delegate TResult Fn<in T1, out TResult>(T1 a);
        public ref struct RS { }
        public readonly struct RO { }
        file class F { }
        public partial int PP { get; }
    }
    #endregion
    public record B(int X) : A(X);
    public enum E { A = -1, B = (int)F(1, 2), C = 1 << 2 | 3, }
    public enum Empty { }
    public interface I2 { void M(); event Action E; int this[int i] { get; } }
}
`, want: []string{
		"namespace N [3-34] namespace N",
		"  class N.C [6-28] public class C<T>(int x) : Base(x) where T : IEnumerable<List<T>>",
		"    property N.C.A [8-8] public int A",
		"    property N.C.B [9-9] public required string B",
		"    property N.C.Z [10-10] static abstract int Z",
		"    method N.C.operator >> [11-11] public static C<T> operator >>(C<T> a, int b)",
		"    method N.C.operator true [12-12] public static bool operator true(C<T> a)",
		"    field N.C.Arr [13-13] public int[]? Arr = null",
		"    field N.C.Tuples [14-14] public (int, string)[] Tuples",
		"    field N.C.Ptr [15-15] unsafe int* Ptr",
		"    property N.C.this[] [16-16] int IList.this[int i]",
		"    property N.C.Changed [17-17] event EventHandler INotify.Changed",
		"    method N.C.G [18-18] global::System.String G()",
		"    field N.C.L [19-19] public List<int> L = [1, 2, 3]",
		"    field N.C.M2 [20-20] public Dictionary<int, int> M2 = new() { [1] = 2}",
		"    field N.C.N2 [21-21] public int N2 = 1 < 2 ? 3 : 4",
		"    field N.C.N3 [21-21] public int N3 = 5",
		"    method N.C.Get [22-22] public T Get<U>() where U : new()",
		"    type N.C.Fn [23-23] public delegate TResult Fn<in T1, out TResult>(T1 a)",
		"    struct N.C.RS [24-24] public ref struct RS",
		"    struct N.C.RO [25-25] public readonly struct RO",
		"    class N.C.F [26-26] file class F",
		"    property N.C.PP [27-27] public partial int PP",
		"  class N.B [30-30] public record B(int X) : A(X)",
		"  enum N.E [31-31] public enum E",
		"    enum_member N.E.A [31-31] A = -1",
		"    enum_member N.E.B [31-31] B = (int)F(1, 2)",
		"    enum_member N.E.C [31-31] C = 1 << 2 | 3",
		"  enum N.Empty [32-32] public enum Empty",
		"  interface N.I2 [33-33] public interface I2",
		"    method N.I2.M [33-33] void M()",
		"    field N.I2.E [33-33] event Action E",
		"    property N.I2.this[] [33-33] int this[int i]",
		"import System",
	}},
	{name: "a brace opened in both branches of a conditional: the first branch is read", src: `namespace N
{
    class A
    {
        int F(object o)
        {
#if X
            if (o is int i)
            {
#else
            {
                int i = 0;
#endif
                return i;
            }
        }

        void G() {}
    }
}
`, want: []string{
		"namespace N [1-20] namespace N",
		"  class N.A [3-19] class A",
		"    method N.A.F [5-16] int F(object o)",
		"    method N.A.G [18-18] void G()",
	}, differs: "the grammar reads both branches with errors; the walk's retry with the first branch maps it so"},
}

// TestCSharpScanner maps each case and compares it with the walk's map.
func TestCSharpScanner(t *testing.T) {
	ts := newTSMapper(csharpGrammar()).(*tsMapper)
	runScannerCases(t, csCases, csMapper{}, "a.cs", func(st *scannerDiff, path string, src []byte) { csScanDiffAdd(st, path, src, ts) })
}

// TestCSharpScannerUnparsed: a comment, verbatim or raw string, or a block left open runs to
// the end of the file, from its line; a regular string its line ends does not.
func TestCSharpScannerUnparsed(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      [][2]int
	}{
		{"valid", "class A {\n  string s = @\"\n\";\n}\n", nil},
		{"comment", "class A {\n}\n/* x\nclass B {}\n", [][2]int{{3, 4}}},
		{"verbatim string", "class A {\n  string s = @\"\n}\n", [][2]int{{2, 3}}},
		{"raw string", "class A {\n  string s = \"\"\"\n}\n", [][2]int{{2, 3}}},
		{"block", "class A {\n  void F() {\n}\nclass B {}\n", [][2]int{{1, 4}}},
		{"regular string", "class A {\n  string s = \"x;\n}\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := csMapper{}.Map(context.Background(), []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(res.Unparsed, tc.want) {
				t.Errorf("Unparsed = %v, want %v", res.Unparsed, tc.want)
			}
		})
	}
}

// csOneLongLine is a file of one line of about n*50 bytes: members without a newline.
func csOneLongLine(n int) string {
	return "class C { " + strings.Repeat("int a = 1; void f() { g(\"}\"); } ", n) + "}"
}

// csPathological are sources built to be the scanner's worst case: deep nesting of everything
// it enters or skips, long runs of lookahead, and input that never closes.
var csPathological = map[string]func(n int) string{
	"types in types": func(n int) string { return strings.Repeat("class A {\n", n) + strings.Repeat("}\n", n) },
	"namespaces":     func(n int) string { return strings.Repeat("namespace A {\n", n) + strings.Repeat("}\n", n) },
	"bodies in bodies": func(n int) string {
		return "class C { void f() " + strings.Repeat("{ if (x) ", n) + strings.Repeat("}", n) + " }\n"
	},
	"brackets": func(n int) string {
		return "class C { int x = " + strings.Repeat("([{", n) + strings.Repeat("}])", n) + "; }\n"
	},
	"interpolations": func(n int) string {
		return "class C { string x = " + strings.Repeat(`$"{`, n) + strings.Repeat(`}"`, n) + "; }\n"
	},
	"unclosed interpolations": func(n int) string { return "class C { string x = " + strings.Repeat(`$"{`, n) },
	"unclosed comment":        func(n int) string { return strings.Repeat("/* class A {}\n", n) },
	"unclosed verbatim":       func(n int) string { return strings.Repeat("class A { string x = @\"\n", n) },
	"unclosed raw strings":    func(n int) string { return strings.Repeat("class A { string x = \"\"\"\n", n) },
	"unclosed types":          func(n int) string { return strings.Repeat("class A {\n void b() {\n", n) },
	"unclosed attributes":     func(n int) string { return strings.Repeat("[a(", n) },
	"type arguments":          func(n int) string { return "class C { " + strings.Repeat("A<", n) + strings.Repeat(">", n) + " f; }\n" },
	"unclosed type arguments": func(n int) string { return "class C { int x = a" + strings.Repeat("<b, c", n) + "; }\n" },
	"many declarators": func(n int) string {
		return "class C {\n" + strings.Repeat("Dictionary<A, B> m = new Dictionary<A, B>(), n;\n", n) + "}\n"
	},
	"one long line": csOneLongLine,
	"invalid UTF-8": func(n int) string { return strings.Repeat("class \xff\xfe {\n void \xc3() {}\n int \x80 = 1;\n}\n", n) },
	"modifiers":     func(n int) string { return "class C { " + strings.Repeat("public ", n) + "void a() {} }\n" },
	"directives": func(n int) string {
		return strings.Repeat("#if X\n", n) + "class A {}\n" + strings.Repeat("#endif\n", n)
	},
	"branches with braces": func(n int) string {
		return strings.Repeat("#if A\nclass B {\n#else\nclass C {\n#endif\n", n) + strings.Repeat("}\n", n)
	},
	"semicolons and closers": func(n int) string { return strings.Repeat(";\n)]}\n", n) },
	"enum members":           func(n int) string { return "enum E {\n" + strings.Repeat("a = 1 << 2, ", n) + "b\n}\n" },
}

// TestCSharpScannerPathological: the worst cases map, and their maps keep the invariants and
// come out the same twice; an empty file maps to nothing. Durations are not asserted.
func TestCSharpScannerPathological(t *testing.T) {
	for name, gen := range csPathological {
		t.Run(name, func(t *testing.T) { csCheckRun(t, []byte(gen(20000))) })
	}
	t.Run("a 1 MiB line", func(t *testing.T) { csCheckRun(t, []byte(csOneLongLine(1<<20/50))) })
	res, err := csMapper{}.Map(context.Background(), nil)
	if err != nil || len(res.Symbols) != 0 || len(res.Imports) != 0 || len(res.Unparsed) != 0 {
		t.Errorf("Map(empty) = %+v, %v, want nothing", res, err)
	}
}

// csCheckRun maps src twice: the map must keep the invariants (ranges inside the file, members
// inside their parents, spans of syntax errors inside the file) and equal the other.
func csCheckRun(t *testing.T, src []byte) {
	t.Helper()
	res, err := csMapper{}.Map(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	lines := CountLines(src)
	if err := CheckSymbols(res.Symbols, lines); err != nil {
		t.Fatal(err)
	}
	for _, sp := range res.Unparsed {
		if sp[0] < 1 || sp[0] > sp[1] || sp[1] > max(lines, 1) {
			t.Fatalf("Unparsed span %v outside the file's %d lines", sp, lines)
		}
	}
	again, err := csMapper{}.Map(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(res, again) {
		t.Fatalf("two maps of one file differ:\n%+v\n%+v", res, again)
	}
}

// FuzzCSharpScanner feeds the scanner random sources: it must not panic, must keep every range
// inside the file and every member inside its parent, and must map a file the same each time.
func FuzzCSharpScanner(f *testing.F) {
	for _, tc := range csCases {
		f.Add([]byte(tc.src))
	}
	for _, seed := range []string{
		`"unclosed`, `@"`, `$"{`, `$@"{"`, `"""`, `$$"""{{`, `'`, "/*", "#if", "#", "@", "$", "[", "[a(",
		"class", "class C {", "namespace", "namespace N;", "using", "using static", "using A =", "enum E {",
		"delegate", "event", "operator", "implicit operator", "~", "this[", "record", "}}}", ")))", "\x00\xff\xfe",
		"\xEF\xBB\xBF", "class C { int a = b<c, d> e; }",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) { csCheckRun(t, src) })
}

// BenchmarkCSharpMapper maps the fixtures and the C# corpus with the scanner and with the
// tree-sitter walk it replaced, and reports MB/s and files/s:
//
//	go test ./indexer/lang -run '^$' -bench CSharpMapper -benchtime 5x
func BenchmarkCSharpMapper(b *testing.B) {
	for _, m := range []struct {
		name string
		new  func() Mapper
	}{{"scanner", func() Mapper { return csMapper{} }}, {"tree-sitter", func() Mapper { return newTSMapper(csharpGrammar()) }}} {
		b.Run(m.name, func(b *testing.B) {
			var roots []string
			for _, c := range csScanDiffCorpora()[:2] {
				roots = append(roots, c.roots...)
			}
			files, total := readBenchFiles(b, filesUnder(roots, ".cs"))
			benchMapper(b, m.new(), files, total)
		})
	}
}

// TestCSharpScannerDeepNesting: past tsMaxNest bodies, the scanner maps the types nested deepest
// without their members, as the tree-sitter walk does.
func TestCSharpScannerDeepNesting(t *testing.T) {
	var b strings.Builder
	b.WriteString("namespace N\n{\n")
	for i := range tsMaxNest + 4 {
		fmt.Fprintf(&b, "class C%d {\n", i)
	}
	b.WriteString("int x = 1;\n" + strings.Repeat("}\n", tsMaxNest+5))
	st := &scannerDiff{}
	csScanDiffAdd(st, "deep.cs", []byte(b.String()), newTSMapper(csharpGrammar()).(*tsMapper))
	if st.clean != 1 || st.equal != 1 {
		t.Errorf("tree-sitter maps it otherwise (clean %d, equal %d): %v %v", st.clean, st.equal, st.diffs, st.failures)
	}
}
