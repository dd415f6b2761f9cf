package lang

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func mapLines(t *testing.T, name, src string) []string {
	t.Helper()
	f := Map(context.Background(), name, []byte(src), Options{})
	if err := CheckSymbols(f.Symbols, f.Lines); err != nil {
		t.Fatalf("MapFile(%q): %v", name, err)
	}
	var out []string
	for _, s := range f.Symbols {
		out = append(out, fmt.Sprintf("%s%s %s [%d-%d]", strings.Repeat("  ", s.Depth), s.Kind, s.Qualname, s.StartLine, s.EndLine))
	}
	return out
}

// TestTreeSitterRanges covers the parts of the mappers that are easy to get wrong: attributes
// start ranges, doc comments never do, methods defined outside their types, overloads.
func TestTreeSitterRanges(t *testing.T) {
	for _, tc := range []struct {
		name, file, src string
		want            []string
	}{
		{"rust attributes and impl", "a.rs", `/// Doc.
#[derive(Debug)]
#[repr(C)]
pub struct P { x: i32 }

impl P {
    /// New.
    #[inline]
    pub fn new() -> Self { P { x: 0 } }
}
`, []string{"struct P [2-4]", "  field P.x [4-4]", "impl P [6-10]", "  method P.new [8-9]"}},
		{"java annotations", "A.java", `/** Doc. */
@Entity
public class A {
    /** Doc. */
    @Override
    @Deprecated
    public String toString() { return ""; }
}
`, []string{"class A [2-8]", "  method A.toString [5-7]"}},
		{"kotlin annotations", "a.kt", `/** Doc. */
@Serializable
class A {
    // comment
    @JvmStatic
    fun f() {}
}
`, []string{"class A [2-7]", "  method A.f [5-6]"}},
		{"csharp attributes", "a.cs", `/// <summary>Doc.</summary>
[Serializable]
public class A
{
    /// <summary>Doc.</summary>
    [HttpGet]
    [Route("x")]
    public int Get() => 1;
}
`, []string{"class A [2-9]", "  method A.Get [6-8]"}},
		{"typescript decorators, overloads, exports, arrows", "a.ts", `/** Doc. */
@Component({
  selector: "x",
})
export class A {
  @Input()
  name = "";

  f(a: string): void;
  f(a: number): void;
  f(a: any) {}
}
export function g(a: string): string;
export function g(a: any) { return a; }
export const h = (x: number) =>
  x * 2;
const K = 1, L = () => 2;
`, []string{"class A [2-12]", "  field A.name [6-7]", "  method A.f [9-11]", "function g [13-14]", "function h [15-16]",
			"const K [17-17]", "function L [17-17]"}},
		{"a function first in the file (regression: overload state before any symbol)", "a.js", "function f() {}\nfunction g() {}\n",
			[]string{"function f [1-1]", "function g [2-2]"}},
		{"php attributes", "a.php", `<?php
/** Doc. */
#[Entity]
class A {
    /** Doc. */
    #[Route('/x')]
    public function f() {}
}
`, []string{"class A [3-8]", "  method A.f [6-7]"}},
		{"cpp out-of-line methods", "a.cpp", `namespace ns {
class Foo {
    void bar();
};
}
void ns::Foo::bar() {
}
Foo::Foo() : x(1) {}
int ns::helper() { return 0; }
`, []string{"namespace ns [1-5]", "  class ns.Foo [2-4]", "    method ns.Foo.bar [3-3]", "method ns.Foo.bar [6-7]",
			"constructor Foo.Foo [8-8]", "function ns.helper [9-9]"}},
		{"elixir specs start ranges, docs do not", "a.ex", `defmodule A do
  @doc "Doc."
  @spec f(integer()) :: integer()
  def f(x), do: x
end
`, []string{"module A [1-5]", "  function A.f [3-4]"}},
		{"ruby sorbet signatures", "a.rb", `class A
  # Doc.
  sig { returns(Integer) }
  def f
    1
  end
end
`, []string{"class A [1-7]", "  method A.f [3-6]"}},
		{"c typedef of an anonymous struct", "a.c", `/* Doc. */
typedef struct {
    int a;
} T;
`, []string{"struct T [2-4]", "  field T.a [3-3]"}},
		{"lua doc blocks", "a.lua", `local M = {}

--- Doc.
-- @param x
function M.f(x)
end
`, []string{"var M [1-1]", "function M.f [5-6]"}},
		{"csharp file-scoped namespace", "a.cs", `namespace N;

class A {}

class B {}
`, []string{"namespace N [1-5]", "  class N.A [3-3]", "  class N.B [5-5]"}},
		{"proto2 without a syntax line", "a.proto", `message A {
  required int32 x = 1;
  optional string y = 2;
}
`, []string{"message A [1-4]", "  field A.x [2-2]", "  field A.y [3-3]"}},
		{"csharp conditionals: a whole file, and a base list split across branches", "a.cs", `#if !HAVE_LINQ
namespace N
{
    public class A : B
#if HAVE_C
        , IC
#endif
    {
        void F() {}
#if NET
        void G() {}
#else
        void G(int x) {}
#endif
    }
}
#endif
`, []string{"namespace N [2-16]", "  class N.A [4-15]", "    method N.A.F [9-9]", "    method N.A.G [11-11]", "    method N.A.G [13-13]"}},
		{"csharp brace opened in one branch: the error-free retry wins the tie", "a.cs", `namespace N
{
    class A
    {
        int F(object o)
        {
#if X
            if (o is int i)
            {
#else
                int i = 0;
#endif
                return i;
            }
        }

        void G() {}
    }
}
`, []string{"namespace N [1-19]", "  class N.A [3-18]", "    method N.A.F [5-15]", "    method N.A.G [17-17]"}},
		{"cpp reserved macro after if: the parentheses are the condition", "a.cpp", `namespace std {
  template<typename _CharT>
    _GLIBCXX20_CONSTEXPR
    typename traits<_CharT>::char_type*
    traits<_CharT>::
    assign(char_type* __s, std::size_t __n, char_type __a)
    {
      if _GLIBCXX17_CONSTEXPR (sizeof(_CharT) == 1 && __is_trivial(_CharT))
	{
	  unsigned char __c;
	  __builtin_memset(__s, __c, __n);
	}
      else
	{
	  for (std::size_t __i = 0; __i < __n; ++__i)
	    __s[__i] = __a;
	}
      return __s;
    }

int after() { return 0; }
}
`, []string{"namespace std [1-22]", "  method std.traits.assign [2-19]", "  function std.after [21-21]"}},
		{"elixir definitions a macro quotes", "a.ex", `defmodule A do
  defmacro __using__(opts) do
    quote do
      def child_spec(arg), do: arg
    end
  end
end
`, []string{"module A [1-7]", "  macro A.__using__ [2-6]", "    function A.__using__.child_spec [4-4]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := mapLines(t, tc.file, tc.src)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("MapFile(%q) (-want +got):\n%s", tc.file, diff)
			}
			// CRLF line ends give the same ranges.
			crlf := mapLines(t, tc.file, strings.ReplaceAll(tc.src, "\n", "\r\n"))
			if diff := cmp.Diff(got, crlf); diff != "" {
				t.Errorf("MapFile(%q) with CRLF differs (-LF +CRLF):\n%s", tc.file, diff)
			}
		})
	}
}

// TestCPPHeaderSniff: a .h file is C unless its head looks like C++.
func TestCPPHeaderSniff(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"c", "#include <stdio.h>\nint f(void);\nstruct s { int a; };\n", "C"},
		{"c for c++ callers", "/* the class of objects */\n#ifdef __cplusplus\nextern \"C\" {\n#endif\nint f(void);\n", "C"},
		{"c with std:: in a comment", "// like std::vector\nint f(void);\n", "C"},
		{"class", "#pragma once\nclass Foo {\npublic:\n  int x;\n};\n", "C++"},
		{"namespace", "namespace geo {\nint f();\n}\n", "C++"},
		{"template", "template <typename T>\nT max(T a, T b);\n", "C++"},
		{"std", "#include <vector>\nstd::vector<int> v;\n", "C++"},
		{"access specifier", "struct A {\nprivate:\n  int x;\n};\n", "C++"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := Detect("include/x.h", []byte(tc.src))
			if l == nil || l.Name != tc.want {
				t.Errorf("Detect(x.h, %q) = %v, want %s", tc.src, l, tc.want)
			}
		})
	}
	if l := Detect("x.cpp", []byte("int f(void);\n")); l == nil || l.Name != "C++" {
		t.Errorf("Detect(x.cpp) = %v, want C++", l)
	}
}

// cppMarkersRef is the regular expression cppMarked reads as, which it replaced for speed: the
// reference of TestCPPMarkedAsRegexp and FuzzCPPMarked.
var cppMarkersRef = regexp.MustCompile(`(?m)^\s*(class|struct)\s+\w+\s*(final\s*)?(:\s*(public|private|protected)|\{[^}]*\b(public|private|protected)\s*:)` +
	`|^\s*(public|private|protected)\s*:` +
	`|\bnamespace\s+[\w:]*\s*\{|\btemplate\s*<|\bstd::|\busing\s+namespace\b|^\s*class\s+\w+[\s\w:,<>]*\{` +
	`|#\s*include\s*<(iostream|string|vector|memory|map|unordered_map|algorithm|functional|utility|cstdint|cstddef|cstdio|cstdlib|cstring|type_traits|optional|tuple|array|set|thread|mutex|atomic|chrono|sstream|fstream|initializer_list|stdexcept|exception|limits|new)>` +
	`|\b(constexpr|nullptr|noexcept|static_assert|virtual|typename)\b|\w::~?\w`)

// TestCPPMarkedAsRegexp: cppMarked says what its reference expression says, on the head of every
// header under /usr/include (as looksLikeCPP gives it) and on cases made to tell them apart.
func TestCPPMarkedAsRegexp(t *testing.T) {
	cases := []string{"struct S : public B {", "struct S final : protected B", "class C {\n int a;\npublic:\n", "class C<T> : D {",
		"  private :", "namespace a::b {", "template<class T>", "std::vector", "using namespace std;", "a::~b", "x::", "::y",
		"#include <vector>", "#include <vector.h>", "# include<new>", "virtual", "virtually", "struct S {} ; public:",
		"struct S {\n}\npublic:", "int x; struct S : publicity", "struct finalizer : private", "class\tC\n{", "struct S { int publicx: 1; };"}
	var heads [][]byte
	for _, c := range cases {
		heads = append(heads, []byte(c))
	}
	headers := globDeep("/usr/include/**/*.h")
	if len(headers) == 0 {
		t.Log("no headers under /usr/include: the cases alone are compared")
	}
	for _, p := range headers {
		if src, err := os.ReadFile(p); err == nil {
			heads = append(heads, stripCComments(src[:min(len(src), SniffBytes)]))
		}
	}
	for _, h := range heads {
		if got, want := cppMarked(h), cppMarkersRef.Match(h); got != want {
			t.Errorf("cppMarked(%q) = %v, the expression says %v", h[:min(len(h), 200)], got, want)
		}
	}
	t.Logf("%d heads compared", len(heads))
}

// FuzzCPPMarked: cppMarked and its reference expression agree on any text.
func FuzzCPPMarked(f *testing.F) {
	for _, s := range []string{"struct S : public B {", "class C {\npublic:", "namespace a {", "a::~b", "#include <map>", "  protected:"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		if got, want := cppMarked(text), cppMarkersRef.Match(text); got != want {
			t.Fatalf("cppMarked(%q) = %v, the expression says %v", text, got, want)
		}
	})
}

// TestShebangs: files without an extension are recognised by their interpreter.
func TestShebangs(t *testing.T) {
	for _, tc := range []struct{ head, want string }{
		{"#!/bin/bash\n", "Bash"},
		{"#!/bin/sh -e\n", "Bash"},
		{"#!/usr/bin/env zsh\n", "Bash"},
		{"#!/usr/bin/env node\n", "JavaScript"},
		{"#!/usr/bin/env ruby\n", "Ruby"},
		{"#!/usr/bin/php\n", "PHP"},
		{"#!/usr/bin/env lua5.4\n", "Lua"},
		{"#!/usr/bin/env elixir\n", "Elixir"},
	} {
		l := Detect("bin/tool", []byte(tc.head))
		if l == nil || l.Name != tc.want {
			t.Errorf("Detect(bin/tool, %q) = %v, want %s", tc.head, l, tc.want)
		}
	}
}

// TestTreeSitterPathological: deep nesting and a huge single line neither crash a mapper nor
// break the invariants, and finish in reasonable time.
func TestTreeSitterPathological(t *testing.T) {
	deep := map[string]func(n int) string{
		"a.ts":    func(n int) string { return strings.Repeat("class A {\n m() {\n", n/2) + strings.Repeat("}\n}\n", n/2) },
		"a.js":    func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) },
		"a.cpp":   func(n int) string { return strings.Repeat("namespace a {\n", n) + strings.Repeat("}\n", n) },
		"a.c":     func(n int) string { return "int x = " + strings.Repeat("(", n) + strings.Repeat(")", n) + ";\n" },
		"a.rs":    func(n int) string { return strings.Repeat("mod a {\n", n) + strings.Repeat("}\n", n) },
		"A.java":  func(n int) string { return strings.Repeat("class A {\n", n) + strings.Repeat("}\n", n) },
		"a.cs":    func(n int) string { return strings.Repeat("namespace A {\n", n) + strings.Repeat("}\n", n) },
		"a.kt":    func(n int) string { return strings.Repeat("class A {\n", n) + strings.Repeat("}\n", n) },
		"a.swift": func(n int) string { return strings.Repeat("class A {\n", n) + strings.Repeat("}\n", n) },
		"a.scala": func(n int) string { return strings.Repeat("object A {\n", n) + strings.Repeat("}\n", n) },
		"a.rb":    func(n int) string { return strings.Repeat("class A\n", n) + strings.Repeat("end\n", n) },
		"a.php":   func(n int) string { return "<?php\n" + strings.Repeat("class A {\n", n) + strings.Repeat("}\n", n) },
		"a.lua":   func(n int) string { return strings.Repeat("function f()\n", n) + strings.Repeat("end\n", n) },
		"a.sh":    func(n int) string { return strings.Repeat("f() {\n", n) + strings.Repeat("}\n", n) },
		"a.ex":    func(n int) string { return strings.Repeat("defmodule A do\n", n) + strings.Repeat("end\n", n) },
		"a.ml":    func(n int) string { return strings.Repeat("module M = struct\n", n) + strings.Repeat("end\n", n) },
		"a.proto": func(n int) string { return strings.Repeat("message A {\n", n) + strings.Repeat("}\n", n) },
		"a.tf":    func(n int) string { return strings.Repeat("a {\n", n) + strings.Repeat("}\n", n) },
	}
	for name, gen := range deep {
		t.Run("deep "+name, func(t *testing.T) {
			checkPathological(t, name, gen(10000))
		})
	}
	t.Run("minified", func(t *testing.T) {
		if testing.Short() {
			t.Skip("a 5 MB parse; skipped with -short")
		}
		var b strings.Builder
		for i := 0; b.Len() < 5<<20; i++ {
			fmt.Fprintf(&b, "function f%d(a,b){return a+b*%d}var v%d={k:[1,2,3],s:\"x\"};", i, i, i)
		}
		checkPathological(t, "bundle.min.js", b.String())
	})
}

func checkPathological(t *testing.T, name, src string) {
	t.Helper()
	lang := Detect(name, []byte(src))
	if lang == nil {
		t.Fatalf("Detect(%q) = nil", name)
	}
	start := time.Now()
	res, err := lang.NewMapper().Map(context.Background(), []byte(src))
	if err != nil {
		t.Fatalf("Map(%s): %v", name, err)
	}
	if err := CheckSymbols(res.Symbols, CountLines([]byte(src))); err != nil {
		t.Fatalf("Map(%s): %v", name, err)
	}
	t.Logf("%s: %d bytes, %d symbols, %v", name, len(src), len(res.Symbols), time.Since(start).Round(time.Millisecond))
}

// TestTreeSitterRunaway: a parse that would never end (Swift's grammar on this input) stops at
// the parse limit, and the mapper still maps the next file.
func TestTreeSitterRunaway(t *testing.T) {
	m := ByName("Swift").NewMapper()
	start := time.Now()
	if _, err := m.Map(context.Background(), []byte("{var g{()>g\n")); err == nil {
		t.Log("the Swift grammar finished this input: the runaway case is gone")
	}
	if el := time.Since(start); el > parseLimit(12)+2*time.Second {
		t.Errorf("Map took %v, want about the parse limit %v", el, parseLimit(12))
	}
	res, err := m.Map(context.Background(), []byte("func f() {}\n"))
	if err != nil || len(res.Symbols) != 1 {
		t.Fatalf("Map after a runaway parse = %v, %v; want one symbol", res, err)
	}
}

// TestTreeSitterCancel: a cancelled parse returns an error, and the mapper still maps the next
// file.
func TestTreeSitterCancel(t *testing.T) {
	m := ByName("TypeScript").NewMapper()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := m.Map(ctx, []byte(strings.Repeat("function f() { return [1, 2, 3]; }\n", 50000))); err == nil {
		t.Error("Map with a cancelled context: no error")
	}
	res, err := m.Map(context.Background(), []byte("export function f() {}\n"))
	if err != nil || len(res.Symbols) != 1 {
		t.Fatalf("Map after a cancelled parse = %v, %v; want one symbol", res, err)
	}
}

// BenchmarkTreeSitterMappers maps real files of each language (the fixtures, the committed
// corpora, and Debian's corpora when installed) and reports MB/s, for the whole mapper and for the parse alone.
func BenchmarkTreeSitterMappers(b *testing.B) {
	corpora := map[string]ctagsCorpus{}
	for _, c := range ctagsCorpora {
		corpora[c.lang] = c
	}
	seen := map[string]bool{}
	for _, lang := range table {
		if lang.MapperName != tsMapperName || seen[lang.Name] {
			continue
		}
		seen[lang.Name] = true
		b.Run(lang.Name, func(b *testing.B) {
			var files [][]byte
			var total int64
			add := func(p string) {
				if src, err := os.ReadFile(p); err == nil && len(src) < 2<<20 {
					files = append(files, src)
					total += int64(len(src))
				}
			}
			if c, ok := corpora[lang.Name]; ok && c.zip == "" {
				for _, g := range c.globs {
					for _, p := range globDeep(g) {
						if len(files) < c.maxFile {
							add(p)
						}
					}
				}
			}
			fixtures, _ := filepath.Glob("../../testdata/langs/*")
			// The committed corpora of the languages Debian has no files of (testdata/corpus).
			fixtures = append(fixtures, globDeep("../../testdata/corpus/**/*")...)
			for _, p := range fixtures {
				if l := Detect(p, []byte("\n")); l != nil && l.Name == lang.Name {
					add(p)
				}
			}
			if len(files) == 0 {
				b.Skipf("no %s files", lang.Name)
			}
			m := lang.NewMapper().(*tsMapper)
			// map is the whole mapper; parse only the parse, so that map - parse is the walk.
			b.Run("map", func(b *testing.B) { benchMapper(b, m, files, total) })
			b.Run("parse", func(b *testing.B) {
				b.SetBytes(total)
				for b.Loop() {
					for _, src := range files {
						tree, err := m.parse(context.Background(), src)
						if err != nil {
							b.Fatal(err)
						}
						tree.Close()
					}
				}
			})
		})
	}
}

// TestCppConditionalWrappedHeader is the regression test for libstdc++ headers wrapped whole in
// "#if ... #else namespace std { ... #endif", which the grammar read as one ERROR node.
func TestCppConditionalWrappedHeader(t *testing.T) {
	src := "#if ! _GLIBCXX_USE_CXX11_ABI\n# include \"cow_string.h\"\n#else\nnamespace std\n{\n" +
		"  template<typename _CharT>\n    class basic_string\n    {\n#if __cpp_lib_constexpr_string < 201907L\n" +
		"      typedef int _Alloc_traits;\n#else\n      template<typename _T2>\n\tstruct _Alloc_traits_impl : _Base\n\t{ };\n#endif\n" +
		"    public:\n      void clear() { }\n    };\n} // namespace std\n#endif\n"
	f := Map(context.Background(), "basic_string.h.cpp", []byte(src), Options{})
	var names []string
	for _, s := range f.Symbols {
		names = append(names, s.Qualname)
	}
	got := strings.Join(names, " ")
	for _, want := range []string{"std", "std.basic_string", "std.basic_string.clear"} {
		if !strings.Contains(" "+got+" ", " "+want+" ") {
			t.Errorf("symbols = %q, want %s among them", got, want)
		}
	}
	if err := CheckSymbols(f.Symbols, f.Lines); err != nil {
		t.Error(err)
	}
}
