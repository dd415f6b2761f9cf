package lang

// Tests of the Java scanner (java_scan.go) by itself: the constructs easy to misread, its worst
// inputs, a fuzz test, and its speed against the tree-sitter mapper it replaced.

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestJavaScanner covers the lexical traps of Java and the declarations the scanner reads; each
// case is also mapped by the tree-sitter reference, which must agree exactly.
func TestJavaScanner(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"comments, strings, chars and text blocks that hold braces; imports", `/* a { comment */ // and } one
package p; // }
import static java.util.Map.Entry;
import java.util.*;
import java.util.concurrent.atomic.AtomicInteger;
class Lex {
    String a = "}\"{", b = "// not a comment";
    char c = '{', d = '\'', e = '"', f = '}';
    String g = "\u007B";
    String h = """
        { " } "" \""" }
        class Fake {}
        """, i = """
        """;
    String j = "/* not a comment */";
    void after() {}
}
`, []string{
			"class Lex [6-17] class Lex",
			"  field Lex.a [7-7] String a = \"}\\\"{\"",
			"  field Lex.b [7-7] String b = \"// not a comment\"",
			"  field Lex.c [8-8] char c = '{'",
			"  field Lex.d [8-8] char d = '\\''",
			"  field Lex.e [8-8] char e = '\"'",
			"  field Lex.f [8-8] char f = '}'",
			"  field Lex.g [9-9] String g = \"\\u007B\"",
			"  field Lex.h [10-13] String h = \"\"\"",
			"  field Lex.i [13-14] String i = \"\"\"",
			"  field Lex.j [15-15] String j = \"/* not a comment */\"",
			"  method Lex.after [16-16] void after()",
			"import java.util.Map.Entry",
			"import java.util.*",
			"import java.util.concurrent.atomic.AtomicInteger",
		}},
		{"field initialisers: generics, comparisons, lambdas, arrays, method references; contextual keywords as names", `class Refs {
    Supplier<Map<A, B>> s = HashMap<A, B>::new, t;
    Map<A, B> m = Map.<A, B>of(), n;
    Object o = (Comparator<String> & Serializable) (a, b) -> 0, o2;
    java.util.@NonNull List<String> ann;
    String @NonNull [] arr;
    int record; int sealed; int permits; Object non = 1; int var;
    void record() {}
    ;;
    void f(/* } */ int a) // trailing {
    {
    }
    class /* c */ C /* { */ extends D // {
    {
    }
    int[] a1 = new int[] {1, 2}, a2;
    List<int[]> l = new ArrayList<int[]>(), l2;
    int shift = 1 << 2, gt = 4 >> 1, ugt = 8 >>> 1;
    boolean cmp = i < j && k > (m), c2 = false;
    Object g = new Outer<A, B>.Inner<C, D>(), g2;
    Object ga = new java.util.HashMap<A, B>(), ga2;
}
`, []string{
			"class Refs [1-22] class Refs",
			"  field Refs.s [2-2] Supplier<Map<A, B>> s = HashMap<A, B>::new",
			"  field Refs.t [2-2] Supplier<Map<A, B>> t",
			"  field Refs.m [3-3] Map<A, B> m = Map.<A, B>of()",
			"  field Refs.n [3-3] Map<A, B> n",
			"  field Refs.o [4-4] Object o = (Comparator<String> & Serializable) (a, b) -> 0",
			"  field Refs.o2 [4-4] Object o2",
			"  field Refs.ann [5-5] java.util.@NonNull List<String> ann",
			"  field Refs.arr [6-6] String @NonNull [] arr",
			"  field Refs.record [7-7] int record",
			"  field Refs.sealed [7-7] int sealed",
			"  field Refs.permits [7-7] int permits",
			"  field Refs.non [7-7] Object non = 1",
			"  field Refs.var [7-7] int var",
			"  method Refs.record [8-8] void record()",
			"  method Refs.f [10-12] void f(/*} */ int a) // trailing",
			"  class Refs.C [13-15] class /* c */ C /* { */ extends D //",
			"  field Refs.a1 [16-16] int[] a1 = new int[] {1, 2}",
			"  field Refs.a2 [16-16] int[] a2",
			"  field Refs.l [17-17] List<int[]> l = new ArrayList<int[]>()",
			"  field Refs.l2 [17-17] List<int[]> l2",
			"  field Refs.shift [18-18] int shift = 1 << 2",
			"  field Refs.gt [18-18] int gt = 4 >> 1",
			"  field Refs.ugt [18-18] int ugt = 8 >>> 1",
			"  field Refs.cmp [19-19] boolean cmp = i < j && k > (m)",
			"  field Refs.c2 [19-19] boolean c2 = false",
			"  field Refs.g [20-20] Object g = new Outer<A, B>.Inner<C, D>()",
			"  field Refs.g2 [20-20] Object g2",
			"  field Refs.ga [21-21] Object ga = new java.util.HashMap<A, B>()",
			"  field Refs.ga2 [21-21] Object ga2",
		}},
		{"annotations start ranges, not signatures; annotation types with defaults", `/** Doc. */
@A(x = "}", y = {1, 2})
@B
public
final class Ann {
    @Override
    // between
    public String toString() { return ""; }
    public @Nullable String f() { return null; }
    @Deprecated(since = "9") protected abstract void g();
}
public @interface Spec {
    String value() default "}";
    int[] ids() default {1, 2};
    Class<?> type() default Object.class;
    B nested() default @B(1);
    int MAX = 10;
    enum Mode { ON, OFF }
}
`, []string{
			"class Ann [2-11] public final class Ann",
			"  method Ann.toString [6-8] public String toString()",
			"  method Ann.f [9-9] public @Nullable String f()",
			"  method Ann.g [10-10] protected abstract void g()",
			"interface Spec [12-19] public @interface Spec",
			"  method Spec.value [13-13] String value() default \"}\"",
			"  method Spec.ids [14-14] int[] ids() default {1, 2}",
			"  method Spec.type [15-15] Class<?> type() default Object.class",
			"  method Spec.nested [16-16] B nested() default @B(1)",
			"  const Spec.MAX [17-17] int MAX = 10",
			"  enum Spec.Mode [18-18] enum Mode",
			"    enum_member Spec.Mode.ON [18-18] ON",
			"    enum_member Spec.Mode.OFF [18-18] OFF",
		}},
		{"enums: constants with arguments, bodies and annotations; members after the constants", `public enum Op implements IntBinaryOperator {
    @Deprecated
    PLUS("+") {
        public int applyAsInt(int a, int b) { return a + b; }
    },
    MINUS("-") { public int applyAsInt(int a, int b) { return a - b; } },
    NOOP,
    ;
    private final String sym;
    Op(String sym) { this.sym = sym; }
    public static Op of(String s) { return PLUS; }
}
enum Bare { A, B, C, }
enum Empty { }
enum OnlySemi { ; static int k; }
`, []string{
			"enum Op [1-12] public enum Op implements IntBinaryOperator",
			"  enum_member Op.PLUS [2-5] PLUS(\"+\")",
			"  enum_member Op.MINUS [6-6] MINUS(\"-\")",
			"  enum_member Op.NOOP [7-7] NOOP",
			"  field Op.sym [9-9] private final String sym",
			"  constructor Op.Op [10-10] Op(String sym)",
			"  method Op.of [11-11] public static Op of(String s)",
			"enum Bare [13-13] enum Bare",
			"  enum_member Bare.A [13-13] A",
			"  enum_member Bare.B [13-13] B",
			"  enum_member Bare.C [13-13] C",
			"enum Empty [14-14] enum Empty",
			"enum OnlySemi [15-15] enum OnlySemi",
			"  field OnlySemi.k [15-15] static int k",
		}},
		{"records, compact constructors, sealed hierarchies, interfaces, old-style arrays, initializer blocks, nesting", `public record Point<T extends Number>(@NonNull T x, T y) implements Comparable<Point<T>> {
    public Point {
        Objects.requireNonNull(x);
    }
    public Point(T x) { this(x, x); }
    static int count;
    record Inner(int a) {}
    public int compareTo(Point<T> o) { return 0; }
}
sealed interface Shape permits Circle, Square {}
final class Circle implements Shape {}
non-sealed class Square implements Shape {}
interface Api {
    int LIMIT = 1, OTHER = 2;
    void run() throws IOException, InterruptedException;
    default <T> T pick(T... ts) { return ts[0]; }
    static Api of() { return null; }
    private void helper() {}
}
abstract class Old {
    int legacy()[] { return null; }
    native long addr(long a);
    public static <T extends Comparable<? super T>> void sort(List<T> list, Comparator<? super T> c) throws Exception {}
    protected Old() throws Exception { super(); }
    static { init(); }
    { inst(); }
    class Inner { class Deeper { void m() {} } }
    synchronized strictfp void sync() {}
}
`, []string{
			"class Point [1-9] public record Point<T extends Number>(@NonNull T x, T y) implements Comparable<Point<T>>",
			"  constructor Point.Point [2-4] public Point",
			"  constructor Point.Point [5-5] public Point(T x)",
			"  field Point.count [6-6] static int count",
			"  class Point.Inner [7-7] record Inner(int a)",
			"  method Point.compareTo [8-8] public int compareTo(Point<T> o)",
			"interface Shape [10-10] sealed interface Shape permits Circle, Square",
			"class Circle [11-11] final class Circle implements Shape",
			"class Square [12-12] non-sealed class Square implements Shape",
			"interface Api [13-19] interface Api",
			"  const Api.LIMIT [14-14] int LIMIT = 1",
			"  const Api.OTHER [14-14] int OTHER = 2",
			"  method Api.run [15-15] void run() throws IOException, InterruptedException",
			"  method Api.pick [16-16] default <T> T pick(T... ts)",
			"  method Api.of [17-17] static Api of()",
			"  method Api.helper [18-18] private void helper()",
			"class Old [20-29] abstract class Old",
			"  method Old.legacy [21-21] int legacy()[]",
			"  method Old.addr [22-22] native long addr(long a)",
			"  method Old.sort [23-23] public static <T extends Comparable<? super T>> void sort(List<T> list, Comparator<? super T> c) throws Exception",
			"  constructor Old.Old [24-24] protected Old() throws Exception",
			"  class Old.Inner [27-27] class Inner",
			"    class Old.Inner.Deeper [27-27] class Deeper",
			"      method Old.Inner.Deeper.m [27-27] void m()",
			"  method Old.sync [28-28] synchronized strictfp void sync()",
		}},
		{"a module declaration maps nothing but its imports", `import java.util.List;
open module m.n {
    requires transitive java.base;
    exports p.q to x.y;
    provides A with B;
}
`, []string{
			"import java.util.List",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, scannerLines(t, jvMapper{}, tc.src)); diff != "" {
				t.Errorf("map (-want +got):\n%s", diff)
			}
			st := &jvDiffStats{}
			st.add(tc.name, []byte(tc.src), newTSMapper(javaGrammar()).(*tsMapper))
			if st.clean != 1 || st.equal != 1 {
				t.Errorf("tree-sitter maps it otherwise (clean %d, equal %d): %v %v", st.clean, st.equal, st.diffs, st.failures)
			}
		})
	}
}

// jvPathological are sources built to be the scanner's worst case: deep nesting of everything
// it enters or skips, long runs of lookahead, and input that never closes.
var jvPathological = map[string]func(n int) string{
	"classes in classes": func(n int) string { return strings.Repeat("class A {\n", n) + strings.Repeat("}\n", n) },
	"enums in enums":     func(n int) string { return strings.Repeat("enum E { X; ", n) + strings.Repeat("}\n", n) },
	"braces in a body": func(n int) string {
		return "class C { void f() " + strings.Repeat("{", n) + strings.Repeat("}", n) + " }\n"
	},
	"angles": func(n int) string {
		return "class C { <" + strings.Repeat("A<", n) + strings.Repeat(">", n) + "> void f() {} }\n"
	},
	"comparisons":          func(n int) string { return "class C { int a = " + strings.Repeat("a < ", n) + "b, c; }\n" },
	"declarator lookahead": func(n int) string { return "class C { int a = b" + strings.Repeat(", c[]", n) + "; }\n" },
	"commas in a type":     func(n int) string { return "class C { Object o = X<" + strings.Repeat("A, ", n) + "B>::new; }\n" },
	"unclosed":             func(n int) string { return "class C {\n" + strings.Repeat("int a = f(", n) },
	"unclosed parens":      func(n int) string { return "class C { void f(" + strings.Repeat("(", n) },
	"annotations":          func(n int) string { return "class C {\n" + strings.Repeat("@A(x = {1}) ", n) + "void f() {} }\n" },
	"modifiers":            func(n int) string { return "class C {\n" + strings.Repeat("public static ", n) + "void f() {} }\n" },
	"quotes":               func(n int) string { return strings.Repeat("'\\", n) },
	"text blocks":          func(n int) string { return strings.Repeat("\"\"\"\n", n) },
	"comments":             func(n int) string { return strings.Repeat("/* /* ", n) },
	"one long line":        func(n int) string { return strings.Repeat("class C { public <T> T f(T x) { return x; } } ", n) },
	"fields": func(n int) string {
		return "class C {\n" + strings.Repeat("Map<A, B> m = new HashMap<>(), n;\n", n) + "}\n"
	},
	"non-sealed lookahead":  func(n int) string { return "class C {" + strings.Repeat(" non -", n) + "}\n" },
	"enum constant bodies":  func(n int) string { return "enum E {" + strings.Repeat(" A(1) { },", n) + " }\n" },
	"annotation arguments":  func(n int) string { return "@A" + strings.Repeat("(", n) + "class C {}\n" },
	"qualified annotations": func(n int) string { return "@" + strings.Repeat("a.", n) + "b class C {}\n" },
}

// TestJavaScannerPathological: the worst cases finish quickly, and their maps keep the
// invariants.
func TestJavaScannerPathological(t *testing.T) {
	checkScannerPathological(t, func() Mapper { return jvMapper{} }, jvPathological)
}

// FuzzJavaScanner feeds the scanner random sources: it must not panic or run on, must keep every
// range inside the file and every member inside its parent, and must map a file the same each
// time.
func FuzzJavaScanner(f *testing.F) {
	for _, seed := range []string{
		"@Deprecated\npublic final class A<T extends Comparable<T>> extends B implements C { int a, b = 3; }\n",
		"enum E { X(1) { void h() {} }, @D Y, Z; int v; E() {} }\n",
		"record R(int x) { R { } static int s; }\n@interface An { int value() default 0; int[] v() default {1}; }\n",
		"interface I { int C = 1; default <T> T d(T... t) { return null; } }\nsealed interface S permits P {}\nnon-sealed class P {}\n",
		"class L { String t = \"\"\"\n { \" } \\\"\"\"\n \"\"\"; char c = '{', d = '\\''; Map<A, B> m = X<A, B>::new, n; }\n",
		"import static java.lang.Math.*;\npackage p;\nopen module m { requires x; }\n",
		"/* unclosed", "\"unclosed", "'", "\"\"\"", "}}}{{{((()))", "class <<<", "void f<>>>() {",
		"class a { class b { class c {", "\x00\xff\xfe@(\\\n", "non-sealed", "enum E { @", "record R(",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) { checkScannerRun(t, func() Mapper { return jvMapper{} }, src) })
}

// BenchmarkJavaMapper maps the differential test's corpora of the JDK's sources with the scanner
// and with the tree-sitter mapper it replaced, and reports MB/s and files/s:
//
//	go test ./indexer/lang -run '^$' -bench JavaMapper -benchtime 3x
func BenchmarkJavaMapper(b *testing.B) {
	for _, c := range jvDiffCorpora[1:] {
		for _, m := range []struct {
			name string
			new  func() Mapper
		}{{"scanner", func() Mapper { return jvMapper{} }}, {"tree-sitter", func() Mapper { return newTSMapper(javaGrammar()) }}} {
			b.Run(c.name+"/"+m.name, func(b *testing.B) {
				files, skip := c.files()
				if skip != "" {
					b.Skipf("SKIP: %s", skip)
				}
				srcs := make([][]byte, len(files))
				var total int64
				for i, f := range files {
					srcs[i] = f.src
					total += int64(len(f.src))
				}
				benchMapper(b, m.new(), srcs, total)
			})
		}
	}
}
