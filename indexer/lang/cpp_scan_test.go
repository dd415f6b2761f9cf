package lang

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// Tests of the C++ scanner (cppscan.go) on what the differential test's corpora hold little of:
// friend functions defined in a class body (issue 14), which tree-sitter's walk leaves out, and
// its worst cases.

// cppMapLines maps src as a C++ file with the scanner and renders each symbol with its kind,
// qualified name, lines and signature, indented by depth.
func cppMapLines(t *testing.T, src string) []string {
	t.Helper()
	syms, _ := mapChecked(t, &cppMapper{}, src)
	var out []string
	for _, s := range syms {
		out = append(out, fmt.Sprintf("%s%s %s %d-%d %q", strings.Repeat("  ", s.Depth), s.Kind, s.Qualname, s.StartLine, s.EndLine, s.Signature))
	}
	return out
}

// TestCppScannerMaps checks the scanner's reading of C++'s own constructs.
func TestCppScannerMaps(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"a #define inside a method's body is the method's",
			"namespace n {\nvoid A::run() {\n#define STEP(x) x + 1\n  STEP(1);\n}\n}\n",
			[]string{
				`namespace n 1-6 "namespace n"`,
				`  method n.A.run 2-5 "void A::run()"`,
				`    macro n.A.run.STEP 3-3 "#define STEP(x)"`,
			}},
		{"friend functions defined in a class (issue 14)",
			"template<typename T>\nclass A {\n  friend bool operator==(const A& x, const A& y)\n  { return true; }\n  friend class B;\n  friend void f(A&);\n};\n",
			[]string{
				`class A 1-7 "template<typename T> class A"`,
				`  function A.operator== 3-4 "friend bool operator==(const A& x, const A& y)"`,
			}},
		{"namespaces, nested, inline, anonymous, through a reserved macro",
			"namespace a::b {\ninline namespace v1 { int x; }\nnamespace { int y; }\n}\nnamespace std _GLIBCXX_VISIBILITY(default)\n{\n}\n",
			[]string{
				`namespace a.b 1-4 "namespace a::b"`,
				`  namespace a.b.v1 2-2 "inline namespace v1"`,
				`    var a.b.v1.x 2-2 "int x"`,
				`  var a.b.y 3-3 "int y"`,
				`namespace std 5-7 "namespace std _GLIBCXX_VISIBILITY(default)"`,
			}},
		{"members defined out of line, constructors, destructors, operators",
			"namespace n { void f(); }\nvoid n::f() {}\nA::A(int x) : a_(x), b_{x} {}\nA::~A() {}\nA& A::operator=(const A&) = default;\nA::operator bool() const { return true; }\n",
			[]string{
				`namespace n 1-1 "namespace n"`,
				`  function n.f 1-1 "void f()"`,
				`function n.f 2-2 "void n::f()"`,
				`constructor A.A 3-3 "A::A(int x)"`,
				`method A.~A 4-4 "A::~A()"`,
				`method A.operator= 5-5 "A& A::operator=(const A&) = default"`,
				`method A.operator bool 6-6 "A::operator bool() const"`,
			}},
		{"macros before a class's name and on lines of their own",
			"NS_OPEN\nclass API_EXPORT API_ALIGNAS(8) Arena final : public B {\n public:\n  API_INLINE static T* Create(int n) { return 0; }\n};\nNS_CLOSE\n",
			[]string{
				`class Arena 2-5 "class API_EXPORT API_ALIGNAS(8) Arena final : public B"`,
				`  method Arena.Create 4-4 "API_INLINE static T* Create(int n)"`,
			}},
		{"aliases, concepts, enums with template arguments",
			"template<class T> using V = std::vector<T>;\ntemplate<class T> concept C = true;\nenum class E : int { A = is_same<T, U>::value, B };\nusing namespace std;\n",
			[]string{
				`type V 1-1 "template<class T> using V = std::vector<T>"`,
				`type C 2-2 "template<class T> concept C = true"`,
				`enum E 3-3 "enum class E : int"`,
				`  enum_member E.A 3-3 "A = is_same<T, U>::value"`,
				`  enum_member E.B 3-3 "B"`,
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, cppMapLines(t, tc.src)); diff != "" {
				t.Errorf("map (-want +got):\n%s", diff)
			}
		})
	}
}

// cppPathological are sources built to be the C++ scanner's worst case, besides C's.
var cppPathological = map[string]func(n int) string{
	"namespaces in namespaces": func(n int) string { return strings.Repeat("namespace a {\n", n) + strings.Repeat("}\n", n) },
	"classes in classes":       func(n int) string { return strings.Repeat("class a : b<c> {\n", n) + strings.Repeat("};\n", n) },
	"template arguments":       func(n int) string { return "A" + strings.Repeat("<B", n) + strings.Repeat(">", n) + " x;\n" },
	"unclosed template":        func(n int) string { return "template" + strings.Repeat("<A, B", n) + " class C {};\n" },
	"qualified names":          func(n int) string { return "void " + strings.Repeat("a::", n) + "f() {}\n" },
	"operators":                func(n int) string { return strings.Repeat("bool operator<(A a) const;\n", n) },
	"declarators with angles":  func(n int) string { return "int " + strings.Repeat("a<b, ", n) + "c;\n" },
	"out-of-line members":      func(n int) string { return "namespace n {\n" + strings.Repeat("void A::B::f() {}\n", n) + "}\n" },
	"macro lines":              func(n int) string { return strings.Repeat("FOO_BAR\n", n) + "class X {};\n" },
	"enumerators with angles":  func(n int) string { return "enum e { A = " + strings.Repeat("f<", n) + " };\n" },
}

// TestCppScannerPathological: the worst cases finish quickly, and their maps keep the invariants.
func TestCppScannerPathological(t *testing.T) {
	gens := map[string]func(int) string{}
	for name, gen := range cPathological {
		gens["C: "+name] = gen
	}
	for name, gen := range cppPathological {
		gens[name] = gen
	}
	checkScannerPathological(t, func() Mapper { return (&cppMapper{}) }, gens)
}

// FuzzCppScanner feeds the scanner random sources: it must not panic or run on, must keep every
// range inside the file and every member inside its parent, and must map a file the same with a
// fresh mapper and with one that mapped other files before.
func FuzzCppScanner(f *testing.F) {
	for _, seed := range []string{
		"template<typename T> class A : public B<T> { friend bool operator==(A, A) { return 1; } };\n",
		"namespace a::b { inline namespace c { struct S { S() = default; ~S(); operator bool() const; }; } }\n",
		"A::A(int x) : a(x), b{x} {}\nvoid A::operator()(int) {}\n",
		"enum class E : int { A = f<1, 2>::v, B };\nusing V = std::vector<int>;\n",
		"extern \"C\" {\n#ifdef X\nint f(int a) {\n#else\nint f(void) {\n#endif\n}\n}\n",
		"template<class T> requires C<T> && D<T> void g(T) {}\n",
		"operator", "template<", "a::", "~", "class {", "<<<>>>", "friend", "\"unclosed", "}}}{{{((()))",
	} {
		f.Add([]byte(seed))
	}
	reused := &cppMapper{}
	f.Fuzz(func(t *testing.T, src []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		fresh, err := (&cppMapper{}).Map(ctx, src)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckSymbols(fresh.Symbols, CountLines(src)); err != nil {
			t.Fatal(err)
		}
		again, err := reused.Map(ctx, src)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(fresh, again) {
			t.Fatalf("a mapper that mapped other files maps otherwise:\n%+v\n%+v", fresh, again)
		}
	})
}
