package lang

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// pySyms renders symbols as "kind qualname start-end depth" for comparison.
func pySyms(t *testing.T, src string) ([]string, *Result) {
	t.Helper()
	res, err := (&pyMapper{}).Map(context.Background(), []byte(src))
	if err != nil {
		t.Fatalf("Map(%q): %v", src, err)
	}
	lines := CountLines([]byte(src))
	if err := CheckSymbols(res.Symbols, lines); err != nil {
		t.Fatalf("Map(%q): %v", src, err)
	}
	syms := normalize(append(res.Symbols[:0:0], res.Symbols...), lines)
	got := []string{}
	for _, s := range syms {
		got = append(got, fmt.Sprintf("%s %s %d-%d %d", s.Kind, s.Qualname, s.StartLine, s.EndLine, s.Depth))
	}
	return got, res
}

func TestPythonMapper(t *testing.T) {
	for _, tc := range []struct {
		name    string
		src     string
		want    []string
		sigs    map[string]string // name -> signature, for the symbols named
		imports []string
	}{
		{
			name: "class methods and ranges",
			src: `class A(Base):
    """Doc."""

    def __init__(self, x):
        self.x = x
        # trailing comment

    async def run(self) -> int:
        return [1,
                2]  # ends on the bracket


def f():
    pass
# after
`,
			want: []string{"class A 1-10 0", "method A.__init__ 4-5 1", "method A.run 8-10 1", "function f 13-14 0"},
			sigs: map[string]string{"A": "class A(Base):", "__init__": "def __init__(self, x):", "run": "async def run(self) -> int:", "f": "def f():"},
		},
		{
			name: "decorators start the range",
			src: `@dataclass(
    frozen=True,
)
# a comment between decorators
@other
class P:
    x: int
    y: int = 0

    @property
    def norm(self): return 1
`,
			want: []string{"class P 1-11 0", "field P.x 7-7 1", "field P.y 8-8 1", "method P.norm 10-11 1"},
			sigs: map[string]string{"P": "class P:", "norm": "def norm(self):", "x": "x: int", "y": "y: int = ..."},
		},
		{
			name: "nested classes to any depth",
			src: `class A:
    class B:
        class C: pass
        def m(self):
            pass
    def n(self): pass
`,
			want: []string{"class A 1-6 0", "class A.B 2-5 1", "class A.B.C 3-3 2", "method A.B.m 4-5 2", "method A.n 6-6 1"},
		},
		{
			name: "definitions inside compound statements",
			src: `import sys
if sys.platform == "win32":
    def f(): pass
elif sys.platform == "darwin":
    def f(): pass
else:
    try:
        def g(): pass
    except ImportError:
        def g(): pass
    finally:
        def h(): pass
with lock:
    class W: pass
for i in range(2):
    def loop(): pass
while False:
    def wh(): pass
match x:
    case [a, b]:
        def m1(): pass
    case {"k": 1}:
        def m2(): pass
class K:
    if True:
        def k(self): pass
    try:
        X = 1
    except Exception:
        X = 2
`,
			want: []string{
				"function f 3-3 0", "function f 5-5 0", "function g 8-8 0", "function g 10-10 0",
				"function h 12-12 0", "class W 14-14 0", "function loop 16-16 0", "function wh 18-18 0",
				"function m1 21-21 0", "function m2 23-23 0",
				"class K 24-30 0", "method K.k 26-26 1", "field K.X 28-28 1", "field K.X 30-30 1",
			},
			imports: []string{"sys"},
		},
		{
			name: "nothing local to a function",
			src: `def outer():
    def inner():
        class Hidden:
            def deep(self): pass
    X = 1
    import os
    return inner
class C:
    def m(self):
        def local(): pass
        self.y = 2
`,
			want: []string{"function outer 1-7 0", "class C 8-11 0", "method C.m 9-11 1"},
		},
		{
			name: "module assignments",
			src: `MAX_WORKERS = 8
name: str = "x"
count: int
A = B = 1
a, (b, [c, *d]) = 1, (2, [3, 4, 5])
X += 1
obj.attr = 2
arr[0] = 3
f = lambda x=1: x
__all__ = [
    "A",
]
type Alias[T] = list[T]
x == 1
print(end="")
`,
			want: []string{
				"const MAX_WORKERS 1-1 0", "var name 2-2 0", "var count 3-3 0", "const A 4-4 0", "const B 4-4 0",
				"var a 5-5 0", "var b 5-5 0", "var c 5-5 0", "var d 5-5 0", "var f 9-9 0", "var __all__ 10-12 0",
				"var Alias 13-13 0",
			},
			sigs: map[string]string{
				"MAX_WORKERS": "MAX_WORKERS = ...", "name": "name: str = ...", "count": "count: int",
				"A": "A = ...", "B": "B = ...", "c": "a, (b, [c, *d]) = ...", "Alias": "type Alias[T] = ...",
			},
		},
		{
			name: "assignments in blocks",
			src: `try:
    import json
except ImportError:
    json = None
if TYPE_CHECKING: T = 1; u = 2
for i in range(3):
    LOOP = i
else:
    AFTER = 1
while False: W = 1
with open("f") as fh:
    data = fh.read()
if __name__ == "__main__":
    args = parse()
    def main(): pass
`,
			want:    []string{"var json 4-4 0", "const T 5-5 0", "var u 5-5 0", "var data 12-12 0", "function main 15-15 0"},
			imports: []string{"json"},
		},
		{
			name: "imports",
			src: `import os, sys as system
import os.path
from .config import x
from . import y
from ...pkg.mod import (a,
    b)
from __future__ import annotations
import os
def f():
    import inner
class C:
    import in_class
if x:
    import in_if
`,
			want:    []string{"function f 9-10 0", "class C 11-12 0"},
			imports: []string{"os", "sys", "os.path", ".config", ".", "...pkg.mod", "__future__", "in_if"},
		},
		{
			name: "one-line bodies",
			src: `class E: pass
class F: a = 1; b: int = 2
def g(): return 1
if x: pass
`,
			want: []string{"class E 1-1 0", "class F 2-2 0", "field F.a 2-2 1", "field F.b 2-2 1", "function g 3-3 0"},
		},
		{
			name: "multi-line signature with comments",
			src: `async def run(
    self,
    items: List[Item],  # the work
    *,
    limit: int = 10,
) -> BatchResult:
    pass
`,
			want: []string{"function run 1-7 0"},
			sigs: map[string]string{"run": "async def run(self, items: List[Item], *, limit: int = 10) -> BatchResult:"},
		},
		{
			name: "strings that look like code",
			src: `x = """
def fake():
    pass
"""
s = f"{x["key"]}"
t = f"{'}'}" f'{a:{b}}'
u = f"""{
    x  # a comment inside a 3.12 f-string
}
def fake2(): pass
"""
v = f"{f"{f"{1}"}"}"
w = "a\
def fake3(): pass"
y = f"\N{BULLET} {x!r:>{width}} {{literal}} {z=}"
z = rf"\{x}" '\'' "\"" b'\\' Rb'''
def fake4(): pass'''
def real(): pass
`,
			want: []string{"var x 1-4 0", "var s 5-5 0", "var t 6-6 0", "var u 7-11 0", "var v 12-12 0", "var w 13-14 0", "var y 15-15 0", "var z 16-17 0", "function real 18-18 0"},
		},
		{
			name: "header colons after lambdas, slices and dicts",
			src: `if (lambda: 1)():
    def l1(): pass
if lambda: 1:
    def l2(): pass
def g(x=lambda: 1, *, y: "a:b" = {1: 2}, z=s[1:2]) -> dict[str, int]: return x
class K(
    Base,  # why
): pass
def h(): \
    return 1
`,
			want: []string{"function l1 2-2 0", "function l2 4-4 0", "function g 5-5 0", "class K 6-8 0", "function h 9-10 0"},
			sigs: map[string]string{"g": `def g(x=lambda: 1, *, y: "a:b" = {1: 2}, z=s[1:2]) -> dict[str, int]:`, "K": "class K(Base):"},
		},
		{
			name: "soft keywords as names",
			src: `match = 1
case = 2
type = 3
match(x)
match[x]: int = 1
match x:
    case 1: pass
`,
			want: []string{"var match 1-1 0", "var case 2-2 0", "var type 3-3 0"},
		},
		{
			name: "python 2",
			src:  "print \"hello\"\nexec code in ns\nclass Old:\n    def m(self, (a, b)):\n        print >>sys.stderr, `a`\nx = ur'raw'\n",
			want: []string{"class Old 3-5 0", "method Old.m 4-5 1", "var x 6-6 0"},
		},
		{
			name:    "CRLF, BOM, tabs and form feeds",
			src:     "\xef\xbb\xbfimport os\r\nclass A:\r\n\tdef f(self):\r\n\t\treturn 1\r\n\f\r\n        def g(self): pass\r\n\fX = 1\r\n",
			want:    []string{"class A 2-6 0", "method A.f 3-4 1", "method A.g 6-6 1", "const X 7-7 0"},
			imports: []string{"os"},
		},
		{
			name: "unclosed bracket before a def",
			src: `x = foo(1,
def f():
    pass
class C:
    y = [1,
    def m(self): pass
`,
			want: []string{"var x 1-1 0", "function f 2-3 0", "class C 4-6 0", "field C.y 5-5 1", "method C.m 6-6 1"},
		},
		{
			name: "unterminated strings",
			src:  "s = 'abc\ndef f():\n    pass\nt = f\"{x\ndef g(): pass\nu = \"\"\"never closed\ndef h(): pass\n",
			want: []string{"var s 1-1 0", "function f 2-3 0", "var t 4-4 0", "function g 5-5 0", "var u 6-7 0"},
		},
		{
			name: "junk",
			src:  "\x00\xff\xfe{{{((([[[\ndef\nclass\n@\n)))]]]\n\xc3(\ndef \xe9t\xe9(): pass\n",
			want: []string{"function \xe9t\xe9 7-7 0"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, res := pySyms(t, tc.src)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("Map symbols mismatch (-want +got):\n%s", diff)
			}
			for _, s := range res.Symbols {
				if want, ok := tc.sigs[s.Name]; ok && s.Signature != want {
					t.Errorf("Map: %s signature %q, want %q", s.Name, s.Signature, want)
				}
			}
			if tc.imports != nil || len(res.Imports) > 0 {
				if diff := cmp.Diff(tc.imports, res.Imports); diff != "" {
					t.Errorf("Map imports mismatch (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// TestPythonHostile: extreme inputs finish, never panic, and keep the invariants.
func TestPythonHostile(t *testing.T) {
	for _, tc := range []struct{ name, src string }{
		{"deep brackets", strings.Repeat("(", 10000) + "\n" + strings.Repeat(")", 10000) + "\ndef f(): pass\n"},
		{"deep target", strings.Repeat("(", 5000) + "a" + strings.Repeat(")", 5000) + " = 1\n"},
		{"deep f-strings", strings.Repeat(`f"{`, 5000) + "\ndef f(): pass\n"},
		{"deep classes", func() string {
			var b strings.Builder
			for i := range 2000 {
				fmt.Fprintf(&b, "%sclass C%d:\n", strings.Repeat(" ", i), i)
			}
			return b.String()
		}()},
		{"long line", "x = [" + strings.Repeat("1, ", 1<<18) + "]\n"},
		{"long signature", "def f(" + strings.Repeat("a, ", 1<<16) + "): pass\n"},
		{"only continuations", strings.Repeat("\\\n", 1000)},
		{"lone CRs", "class A:\r    def f(self): pass\rx = 1\r"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pySyms(t, tc.src)
		})
	}
}

// TestPythonDetect: files are recognised by extension and by shebang.
func TestPythonDetect(t *testing.T) {
	for _, tc := range []struct{ name, head string }{
		{"a.py", ""}, {"b.pyi", ""}, {"c.pyw", ""},
		{"script", "#!/usr/bin/env python3\n"}, {"tool", "#!/usr/bin/python3.12 -u\n"}, {"old", "#!/usr/bin/python\n"},
	} {
		if l := Detect(tc.name, []byte(tc.head)); l == nil || l.Name != "Python" {
			t.Errorf("Detect(%q, %q) = %v, want Python", tc.name, tc.head, l)
		}
	}
}

// FuzzPythonMapper feeds the Python mapper mutations of Python-shaped input: it must not panic,
// must keep the invariants, and must give the same map twice (the mapper reuses its buffers).
func FuzzPythonMapper(f *testing.F) {
	if src, err := os.ReadFile("../../testdata/langs/processor.py"); err == nil {
		f.Add(src)
	}
	for _, s := range []string{
		"class A:\n    def f(self):\n        pass\n",
		"@d\nasync def f(a,\n  b): return f\"{a[\"k\"]:{b}}\"\n",
		"if x:\n\tdef f(): pass\r\nelse: Y = 1\n",
		"match x:\n    case [a]: pass\ntype T[U] = list[U]\n",
		"x = (1,\ndef f(): '''\n",
		"a, (b, [*c]) = d = 1; e: int\nfrom ..m import (n)\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		m := &pyMapper{}
		first, err := m.Map(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckSymbols(first.Symbols, CountLines(src)); err != nil {
			t.Fatal(err)
		}
		again, _ := m.Map(context.Background(), src)
		if diff := cmp.Diff(first, again); diff != "" {
			t.Fatalf("second Map differs (-first +second):\n%s", diff)
		}
	})
}
