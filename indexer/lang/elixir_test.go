package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestElixirDefinitions covers what Elixir's parser showed readmap got wrong on Elixir's own
// library (TestElixirAgainstElixir): operators named by their left operand, functions defined
// inside a module's `for` and `if` blocks or a test's helper block, quotes and modules in keyword
// form, and reserved attributes taken for constants.
func TestElixirDefinitions(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"operators", `defmodule Bitwise do
  @spec integer &&& integer :: integer
  def left &&& right do
    :erlang.band(left, right)
  end

  def left <> right when is_binary(left), do: left
  defmacro !value, do: value
  defmacro not value, do: value
  defmacro first..last//step, do: step
  defmacro (..) do
    :full
  end
  def unquote(:"~~~")(expr), do: expr
end
`, []string{"module Bitwise [1-15]", "  function Bitwise.&&& [2-5]", "  function Bitwise.<> [7-7]",
			"  macro Bitwise.! [8-8]", "  macro Bitwise.not [9-9]", "  macro Bitwise...// [10-10]",
			"  macro Bitwise... [11-13]", `  function Bitwise.unquote(:"~~~") [14-14]`}},
		{"definitions in blocks", `defmodule S do
  for char <- 0x20..0x7E do
    defp printable?(<<unquote(char), rest::binary>>), do: printable?(rest)
  end

  if System.otp_release() >= "25" do
    defp prune(stack), do: stack
  else
    @internals [:elixir]
    defp prune(stack) do
      stack
    end
  end

  case Code.ensure_loaded(M) do
    {:module, _} -> def loaded?, do: true
    _ -> def loaded?, do: false
  end

  test "defines?" do
    in_module do
      def foo, do: :ok
    end
  end
end
`, []string{"module S [1-25]", "  function S.printable? [3-3]", "  function S.prune [7-7]",
			"  const S.internals [9-9]", "  function S.prune [10-12]", "  function S.loaded? [16-16]",
			"  function S.loaded? [17-17]", "  function S.foo [22-22]"}},
		{"keyword forms", `defmodule K do
  defmacro __using__(_), do: quote(do: def(line, do: __ENV__.line))

  defmacro two do
    quote(do: (def a, do: 1; def b, do: 2))
  end

  defmodule Inner, do: def(g, do: 1)
  if Code.ensure_loaded?(M), do: def(m, do: M), else: def(m, do: nil)
end
`, []string{"module K [1-10]", "  macro K.__using__ [2-2]", "    function K.__using__.line [2-2]",
			"  macro K.two [4-6]", "    function K.two.a [5-5]", "    function K.two.b [5-5]",
			"  module K.Inner [8-8]", "    function K.Inner.g [8-8]", "  function K.m [9-9]", "  function K.m [9-9]"}},
		{"reserved attributes", `defmodule R do
  @vsn 2
  @on_load :load
  @file "r.ex"
  @limit 10
  @type t :: integer
  @spec f(t) :: t
  def f(x), do: x
end
`, []string{"module R [1-9]", "  const R.limit [5-5]", "  type R.t [6-6]", "  function R.f [7-8]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, mapLines(t, "a.ex", tc.src)); diff != "" {
				t.Errorf("MapFile(%q) (-want +got):\n%s", tc.src, diff)
			}
		})
	}
}
