package lang

// Tests of the Elixir scanner (elixir_scan.go) by itself: the constructs easy to misread, its
// worst inputs, a fuzz test, and its speed against the tree-sitter walk it replaced.

import (
	"context"
	"strings"
	"testing"
)

// exCases cover the lexical traps of Elixir and the declarations the scanner reads.
var exCases = []scannerCase{
	{name: "strings, charlists, characters and atoms", src: `defmodule A do
  @a "#{"end" <> "#{:do}"} do"
  @b 'do end'
  @c ?"
  @d ?\n
  @e :"end do"
  @f [do: 1, end: 2, "do": 3]
  @g x.end
  def a(x), do: {:end, x.do}
  def b?, do: ?#
  def c!, do: ~r/end"/i
end
`, want: []string{
		"module A [1-12] defmodule A",
		`  const A.a [2-2] @a "#{"end" <> "#{:do}"} do"`,
		"  const A.b [3-3] @b 'do end'",
		`  const A.c [4-4] @c ?"`,
		`  const A.d [5-5] @d ?\n`,
		`  const A.e [6-6] @e :"end do"`,
		`  const A.f [7-7] @f [do: 1, end: 2, "do": 3]`,
		"  const A.g [8-8] @g x.end",
		"  function A.a [9-9] def a(x)",
		"  function A.b? [10-10] def b?",
		"  function A.c! [11-11] def c!",
	}},
	{name: "sigils and heredocs", src: `defmodule S do
  @moduledoc """
  end
    """
  @a ~S"""
  def nope, do: 1
  """
  @b ~s(end)
  @c ~w[do end]a
  @d ~r{do}
  @e ~S|a\|end|
  @f ~c<do>
  @g ~HTML"""
  <end>
  """
  def real, do: '''
  end
  '''
end
`, want: []string{
		"module S [1-19] defmodule S",
		`  const S.a [5-7] @a ~S"""`,
		"  const S.b [8-8] @b ~s(end)",
		"  const S.c [9-9] @c ~w[do end]a",
		"  const S.d [10-10] @d ~r{do}",
		`  const S.e [11-11] @e ~S|a\|end|`,
		"  const S.f [12-12] @f ~c<do>",
		`  const S.g [13-15] @g ~HTML"""`,
		"  function S.real [16-18] def real",
	}},
	{name: "blocks", src: `defmodule B do
  use GenServer
  import Kernel, except: [def: 2]
  alias B.{C, D}
  require Logger

  @spec f(term) :: :ok
  # a comment between
  @impl true
  def f(x) do
    fn y -> y end
    case x do
      :a -> :ok
      _ -> if x, do: :ok, else: :error
    end
  rescue
    e -> e
  after
    :ok
  end

  @doc "g"
  @spec g() ::
          :ok
          | :error
  defp g,
    do: :ok

  x = quote do
    def inside_assignment, do: 1
  end

  for {name, value} <- [a: 1] do
    def unquote(name)(), do: unquote(value)
  end

  defstruct [:a,
    :b]
end
`, want: []string{
		"module B [1-39] defmodule B",
		"  function B.f [7-20] def f(x)",
		"  function B.g [23-27] defp g",
		"  function B.unquote(name) [34-34] def unquote(name)()",
		"  struct B.defstruct [37-38] defstruct [:a",
		"import GenServer",
		"import Kernel",
		"import B.{C, D}",
		"import Logger",
	}},
	{name: "macros and their quotes", src: `defmodule M do
  defmacro __using__(opts) do
    quote location: :keep, bind_quoted: [opts: opts] do
      @behaviour M
      import M.Helpers
      def child_spec(arg), do: arg
      defoverridable child_spec: 1
    end
  end

  defmacrop helper(x) do
    case x do
      :a -> quote(do: def(a, do: 1))
      _ -> y = quote do
        def b, do: 2
      end
      y
    end
  end

  defmacro left ~>> right, do: {left, right}
  defguard is_ok(x) when x == :ok
end
`, want: []string{
		"module M [1-23] defmodule M",
		"  macro M.__using__ [2-9] defmacro __using__(opts)",
		"    function M.__using__.child_spec [6-6] def child_spec(arg)",
		"  macro M.helper [11-19] defmacrop helper(x)",
		"    function M.helper.a [13-13] def(a",
		"    function M.helper.b [15-15] def b",
		"  macro M.~>> [21-21] defmacro left ~>> right",
		"  macro M.is_ok [22-22] defguard is_ok(x) when x == :ok",
		"import M.Helpers",
	}},
	{name: "protocols, implementations, delegates and exceptions", src: `defprotocol P do
  @fallback_to_any true
  def size(value)
end

defimpl P, for: [Map, List] do
  def size(v), do: length(v)
end

defmodule E do
  defexception message: "boom"
  defdelegate fetch(a, b), to: Map
  @type t :: %__MODULE__{message: String.t()}
  @typep u(a) :: [a]
  @opaque o
end
`, want: []string{
		"interface P [1-4] defprotocol P",
		"  const P.fallback_to_any [2-2] @fallback_to_any true",
		"  function P.size [3-3] def size(value)",
		"impl P [6-8] defimpl P, for: [Map, List]",
		"  function P.size [7-7] def size(v)",
		"module E [10-16] defmodule E",
		`  struct E.defexception [11-11] defexception message: "boom"`,
		"  function E.fetch [12-12] defdelegate fetch(a, b)",
		"  type E.t [13-13] @type t :: %__MODULE__{message: String.t()}",
		"  type E.u [14-14] @typep u(a) :: [a]",
		"  type E.o [15-15] @opaque o",
	}},
	{name: "operators in heads and continued lines", src: `defmodule O do
  def a
      |> b, do: 1

  def c(x)
      when x > 1
      when x < 9 do
    x
  end

  def d(x) when x in [1,
                      2], do: x
  def -x, do: x
  def e(x) \\ 1
end
`, want: []string{
		"module O [1-15] defmodule O",
		"  function O.|> [2-3] def a |> b",
		"  function O.c [5-9] def c(x) when x > 1 when x < 9",
		"  function O.d [11-12] def d(x) when x in [1, 2]",
		"  function O.- [13-13] def -x",
		`  function O.\\ [14-14] def e(x) \\ 1`,
	}},
	{name: "tests and definitions in keyword forms", src: `defmodule T do
  use ExUnit.Case, async: true

  describe "a" do
    setup do
      :ok
    end

    test "b", %{conn: conn} do
      defmodule Inner, do: def(x, do: 1)
    end
  end

  if Code.ensure_loaded?(X), do: (def y, do: 1; def z, do: 2)
end
`, want: []string{
		"module T [1-15] defmodule T",
		"  module T.Inner [10-10] defmodule Inner, do: def(x, do: 1)",
		"    function T.Inner.x [10-10] def(x",
		"  function T.y [14-14] def y",
		"  function T.z [14-14] def z",
		"import ExUnit.Case",
	}},
	{name: "quotes deep in a macro", src: `defmodule Q do
  defmacro a(x) do
    if x do
      case x do
        1 ->
          for y <- x do
            if y do
              quote do
                def deep, do: 1
              end
            end
          end
      end
    end
  end
end
`, want: []string{
		"module Q [1-16] defmodule Q",
		"  macro Q.a [2-15] defmacro a(x)",
		"    function Q.a.deep [9-9] def deep",
	}, differs: "the walk looks for quote blocks 9 nodes deep into a macro (exQuoteDepth) and misses this one; Elixir's parser (testdata/tools/exdefs.exs) lists deep/0 as the scanner does"},
}

// TestElixirScanner maps each case and compares it with the tree-sitter walk.
func TestElixirScanner(t *testing.T) {
	walk := newTSMapper(elixirGrammar()).(*tsMapper)
	runScannerCases(t, exCases, exMapper{}, "case.ex", func(st *scannerDiff, path string, src []byte) { exScanDiffAdd(st, path, src, walk) })
}

// exPathological are sources built to be the scanner's worst case: deep nesting of everything
// it enters or skips, and input that never closes.
var exPathological = map[string]func(n int) string{
	"modules in modules": func(n int) string { return strings.Repeat("defmodule A do\n", n) + strings.Repeat("end\n", n) },
	"ifs in modules": func(n int) string {
		return strings.Repeat("defmodule M do\nif x do\n", n) + strings.Repeat("end\nend\n", n)
	},
	"blocks in a body": func(n int) string {
		return "def f do\n" + strings.Repeat("x do\n", n) + strings.Repeat("end\n", n) + "end\n"
	},
	"quotes in macros": func(n int) string {
		return strings.Repeat("defmacro a do\nquote do\n", n) + strings.Repeat("end\nend\n", n)
	},
	"brackets":               func(n int) string { return "@x " + strings.Repeat("([{", n) + strings.Repeat("}])", n) + "\n" },
	"interpolations":         func(n int) string { return "@x " + strings.Repeat(`"#{`, n) + strings.Repeat(`}"`, n) + "\n" },
	"unclosed interpolation": func(n int) string { return "@x " + strings.Repeat(`"#{`, n) },
	"unterminated heredocs":  func(n int) string { return strings.Repeat("@x \"\"\"\n", n) },
	"unterminated string":    func(n int) string { return "@x \"" + strings.Repeat("a #{b} \\\" ", n) },
	"unterminated sigil":     func(n int) string { return "@x ~s(" + strings.Repeat("(a ", n) },
	"unclosed do":            func(n int) string { return strings.Repeat("def a do\n", n) },
	"unclosed parens":        func(n int) string { return strings.Repeat("def a(\n", n) },
	"keyword values":         func(n int) string { return strings.Repeat("if x, do: ", n) + "def a, do: 1\n" },
	"one long line": func(n int) string {
		return "defmodule A do " + strings.Repeat("def a(x), do: x; @b [1, %{c: 2}]; import D; ", n) + "end\n"
	},
	"continued lines": func(n int) string { return "@x foo\n" + strings.Repeat("  # c\n  |> bar\n", n) },
	"invalid UTF-8":   func(n int) string { return strings.Repeat("defmodule \xff\xfe do\n def \xc3(x), do: 1\nend\n", n) },
	"separators":      func(n int) string { return strings.Repeat(";\n", n) + strings.Repeat("end ) ] }\n", n) },
	"clause arrows":   func(n int) string { return "case x do\n" + strings.Repeat("a -> b ->\n", n) + "end\n" },
}

// TestElixirScannerPathological: the worst cases keep the invariants, a single line of a MiB
// too; an empty file maps to nothing.
func TestElixirScannerPathological(t *testing.T) {
	checkScannerPathological(t, func() Mapper { return exMapper{} }, exPathological)
	line := "defmodule A do " + strings.Repeat("def a(x), do: \"#{x}\"; ", 1<<20/24) + "end"
	checkScannerRun(t, func() Mapper { return exMapper{} }, []byte(line))
	res, err := exMapper{}.Map(context.Background(), nil)
	if err != nil || len(res.Symbols) != 0 || len(res.Imports) != 0 {
		t.Errorf("Map(empty) = %+v, %v, want nothing", res, err)
	}
}

// TestElixirScannerUnparsed: what the file's end leaves open is reported from its line to the
// end, and a whole file is not.
func TestElixirScannerUnparsed(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want [][2]int
	}{
		{"defmodule A do\n  def a, do: 1\nend\n", nil},
		{"defmodule A do\n  @doc \"\"\"\n  x\nend\n", [][2]int{{2, 4}}},
		{"defmodule A do\n  @a \"x\n  def a, do: 1\nend\n", [][2]int{{2, 4}}},
		{"defmodule A do\n  def a do\n    1\nend\n", [][2]int{{1, 4}}}, // the module's end closes the function
		{"defmodule A do\n  def a(x, do: 1\nend\n", [][2]int{{1, 3}}},
		{"defmodule A do\nend\nend\n", [][2]int{{3, 3}}},
	} {
		res, err := exMapper{}.Map(context.Background(), []byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Unparsed) != len(tc.want) || len(tc.want) > 0 && res.Unparsed[0] != tc.want[0] {
			t.Errorf("%q: unparsed %v, want %v", tc.src, res.Unparsed, tc.want)
		}
	}
}

// FuzzElixirScanner feeds the scanner random sources: it must not panic or run on, must keep
// every range inside the file and every member inside its parent, and must map a file the same
// each time.
func FuzzElixirScanner(f *testing.F) {
	for _, tc := range exCases {
		f.Add([]byte(tc.src))
	}
	for _, seed := range []string{
		`"unclosed`, "'", `"""`, "'''", "~s(", "~S\"\"\"", "~r/", "?", "?\\", ":\"", "#{", `"#{"#{"`, "@", "@spec",
		"def", "def(", "defmodule A do", "defmacro a do quote do", "do:", "end end end", ")))", "fn ->", "->",
		"case x do a ->", "\x00\xff\xfe", "quote", "a |>", "\\\\\n", "%{", "<<", ">>", "defmodule (000000000",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) { checkScannerRun(t, func() Mapper { return exMapper{} }, src) })
}

// BenchmarkElixirMapper maps the tuned corpus (testdata/corpus/elixir) with the scanner and with
// the tree-sitter walk it replaced, and reports MB/s and files/s:
//
//	go test ./indexer/lang -run '^$' -bench ElixirMapper -benchtime 5x
func BenchmarkElixirMapper(b *testing.B) {
	for _, m := range []struct {
		name string
		new  func() Mapper
	}{{"scanner", func() Mapper { return exMapper{} }}, {"tree-sitter", func() Mapper { return newTSMapper(elixirGrammar()) }}} {
		b.Run(m.name, func(b *testing.B) {
			files, total := readBenchFiles(b, filesUnder(exScanDiffCorpora()[1].roots, ".ex"))
			benchMapper(b, m.new(), files, total)
		})
	}
}
