# exdefs prints the definitions Elixir's own parser (Code.string_to_quoted/2) finds in the files
# named on the command line, one per line, tab-separated:
#
#   file  kind  name  startLine  endLine
#
# kind is the defining macro: defmodule, defprotocol, defimpl, def, defp, defmacro, defmacrop,
# defguard, defguardp, defdelegate, defstruct, defexception, @type, @typep, @opaque, or @attr for
# a module attribute set to a value (`@name value`, not one of Module.reserved_attributes/0).
# A module's members are the definitions in its body, nested modules included, also inside the
# do/else/after/rescue/catch blocks (or keywords) of other calls there: `if`, `for`, `case`, a
# test's. A definition's own body is not searched, except that the definitions inside a
# defmacro's `quote` are listed as the code the macro writes into its caller. Each clause of a function is a line.
# Documentation heredocs are strings to the parser, so the code examples in them are not listed.
#
# startLine is the first line of the @spec/@impl/@deprecated annotations right before a
# definition, or its own line; endLine (inclusive) is the line of a do-block's `end`, or else the
# last line any token of the definition is on. Lines are 1-based.
#
# Run it with Elixir 1.14 (Debian package elixir): elixir exdefs.exs FILE...
# Parse errors and self-check failures go to stderr with exit status 1.

defmodule ExDefs do
  @modules [:defmodule, :defprotocol, :defimpl]
  @functions [:def, :defp, :defmacro, :defmacrop, :defguard, :defguardp, :defdelegate]
  @annotations [:spec, :impl, :deprecated]
  @types [:type, :typep, :opaque]
  @closing %{"(" => ")", "[" => "]", "{" => "}", "<" => ">"}

  def main(paths) do
    ok =
      Enum.map(paths, fn path ->
        src = File.read!(path)
        lines = String.split(src, "\n") |> List.to_tuple()

        opts = [
          token_metadata: true,
          columns: true,
          file: path,
          literal_encoder: &{:ok, {:__block__, &2, [&1]}}
        ]

        case Code.string_to_quoted(src, opts) do
          {:ok, ast} ->
            ctx = %{path: path, lines: lines}
            members(ctx, exprs(ast))
            :ok

          {:error, {meta, msg, token}} ->
            IO.puts(:stderr, "#{path}:#{inspect(meta)}: #{inspect(msg)} #{inspect(token)}")
            :error
        end
      end)

    if Enum.any?(ok, &(&1 == :error)) or Process.get(:failed), do: System.halt(1)
  end

  # exprs returns the expressions of a body: a block's (also a parenthesized one), or the one
  # expression.
  defp exprs({:__block__, _, list}) when is_list(list), do: list
  defp exprs(nil), do: []
  defp exprs(expr), do: [expr]

  # members lists the definitions among the expressions of a module body (or a quote's).
  defp members(ctx, list) do
    Enum.reduce(list, nil, fn expr, annotated -> member(ctx, expr, annotated) end)
  end

  # member lists the definition expr is, if any, and returns the line of the annotations that
  # start the next definition's range (nil when there are none).
  defp member(ctx, {:@, meta, [{name, _, [value]}]} = expr, annotated) when is_atom(name) do
    cond do
      name in @annotations ->
        annotated || meta[:line]

      name in @types ->
        emit(ctx, "@#{name}", type_name(value), expr, annotated)
        nil

      Map.has_key?(Module.reserved_attributes(), name) ->
        nil

      true ->
        emit(ctx, "@attr", Atom.to_string(name), expr, annotated)
        nil
    end
  end

  defp member(ctx, {kind, _, [name | rest]} = expr, annotated) when kind in @modules do
    emit(ctx, Atom.to_string(kind), Macro.to_string(name), expr, annotated)
    members(ctx, exprs(do_body(rest)))
    nil
  end

  defp member(ctx, {kind, _, [head | rest]} = expr, annotated) when kind in @functions do
    emit(ctx, Atom.to_string(kind), function_name(head), expr, annotated)
    if kind in [:defmacro, :defmacrop], do: quotes(ctx, do_body(rest))
    nil
  end

  defp member(ctx, {kind, _, args} = expr, annotated)
       when kind in [:defstruct, :defexception] and is_list(args) do
    emit(ctx, Atom.to_string(kind), Atom.to_string(kind), expr, annotated)
    nil
  end

  # Definitions in the blocks of other calls (if, unless, for, case, a test's) are the module's
  # too.
  defp member(ctx, {_, _, args}, _annotated) when is_list(args) do
    with [_ | _] = kw <- List.last(args), true <- Keyword.keyword?(unwrap_keys(kw)) do
      for {key, body} <- unwrap_keys(kw), key in [:do, :else, :after, :rescue, :catch] do
        case body do
          [{:->, _, _} | _] -> for {:->, _, [_, clause]} <- body, do: members(ctx, exprs(clause))
          _ -> members(ctx, exprs(body))
        end
      end
    end

    nil
  end

  defp member(_ctx, _expr, _annotated), do: nil

  # unwrap_keys drops the literal encoder's blocks around a keyword list's keys.
  defp unwrap_keys(kw) do
    Enum.map(kw, fn
      {{:__block__, _, [key]}, v} -> {key, v}
      other -> other
    end)
  end

  # quotes lists the definitions in the `quote do ... end` blocks of a macro's body, the macro's
  # own code around them and nested quotes aside.
  defp quotes(ctx, {:quote, _, args}) when is_list(args),
    do: members(ctx, exprs(do_body(args)))

  defp quotes(ctx, {a, _, b}), do: Enum.each([a, b], &quotes(ctx, &1))
  defp quotes(ctx, {a, b}), do: Enum.each([a, b], &quotes(ctx, &1))
  defp quotes(ctx, list) when is_list(list), do: Enum.each(list, &quotes(ctx, &1))
  defp quotes(_ctx, _), do: :ok

  # do_body returns the do: body in a call's trailing keyword list, or nil.
  defp do_body(args) do
    case List.last(args) do
      kw when is_list(kw) ->
        Enum.find_value(kw, fn
          {{:__block__, _, [:do]}, body} -> {:found, body}
          {:do, body} -> {:found, body}
          _ -> nil
        end)
        |> case do
          {:found, body} -> body
          nil -> nil
        end

      _ ->
        nil
    end
  end

  # function_name names a function head: f(x), f(x) when g(x), f, a + b, unquote(n)(x).
  defp function_name({:when, _, [head | _]}), do: function_name(head)
  defp function_name({name, _, args}) when is_atom(name) and (is_list(args) or is_atom(args)),
    do: Atom.to_string(name)

  defp function_name({name, _, _}), do: Macro.to_string(name)

  # type_name names a type: t :: ..., t(a) :: ..., t.
  defp type_name({:"::", _, [head, _]}), do: type_name(head)
  defp type_name({name, _, _}) when is_atom(name), do: Atom.to_string(name)

  # emit prints one definition.
  defp emit(ctx, kind, name, {_, meta, _} = expr, annotated) do
    line = meta[:line]
    last = last_line(ctx, expr)
    # The parser's own note of where the expression ends (the line of the newline after it)
    # checks last_line where there is one.
    case meta[:end_of_expression] do
      nil -> :ok
      eoe -> if eoe[:line] != last, do: fail(ctx, meta, "#{name} ends at #{last}, end_of_expression at #{eoe[:line]}")
    end

    IO.puts(Enum.join([ctx.path, kind, name, min(annotated || line, line), last], "\t"))
  end

  # last_line is the line of a do-block's end, or the greatest line of any token in the node.
  defp last_line(ctx, {_, meta, _} = node) do
    case meta[:end] do
      nil -> max_line(ctx, node, 0)
      e -> e[:line]
    end
  end

  defp max_line(ctx, {a, meta, b}, acc) when is_list(meta) do
    acc =
      [meta[:line], meta[:closing][:line], meta[:end][:line], string_end(ctx, a, meta)]
      |> Enum.reject(&is_nil/1)
      |> Enum.reduce(acc, &max/2)

    max_line(ctx, b, max_line(ctx, a, acc))
  end

  defp max_line(ctx, {a, b}, acc), do: max_line(ctx, b, max_line(ctx, a, acc))
  defp max_line(ctx, list, acc) when is_list(list), do: Enum.reduce(list, acc, &max_line(ctx, &1, &2))
  defp max_line(_ctx, _, acc), do: acc

  # string_end is the line a string literal or sigil, written from meta's line, closes on, or nil
  # for other nodes: a heredoc closes on the first later line that starts with its delimiter,
  # another string where its closing delimiter is, past escapes and interpolations.
  defp string_end(ctx, name, meta) do
    sigil = is_atom(name) and String.starts_with?(Atom.to_string(name), "sigil_")

    case meta[:delimiter] do
      d when d in [~s("""), ~s(''')] ->
        Enum.find(meta[:line]+1..tuple_size(ctx.lines), fn n ->
          String.starts_with?(String.trim_leading(elem(ctx.lines, n - 1)), d)
        end)

      d when is_binary(d) and (sigil or d in [~s("), ~s(')]) ->
        # The column is the opening quote's, or a sigil's ~ two characters before its delimiter.
        skip = if sigil, do: meta[:column] + 2, else: meta[:column]
        line = elem(ctx.lines, meta[:line] - 1)
        rest = line |> String.codepoints() |> Enum.drop(skip)
        close_quote(ctx, rest, meta[:line], Map.get(@closing, d, d), 0)

      _ ->
        nil
    end
  end

  # close_quote scans a quoted string's characters for its closing quote d and returns its line;
  # depth counts open interpolations.
  defp close_quote(ctx, [], n, d, depth) do
    if n >= tuple_size(ctx.lines), do: fail(ctx, [line: n], "unclosed string")
    close_quote(ctx, String.codepoints(elem(ctx.lines, n)), n + 1, d, depth)
  end

  defp close_quote(ctx, ["\\", _ | rest], n, d, depth), do: close_quote(ctx, rest, n, d, depth)
  defp close_quote(ctx, ["#", "{" | rest], n, d, depth), do: close_quote(ctx, rest, n, d, depth + 1)
  defp close_quote(ctx, ["}" | rest], n, d, depth) when depth > 0, do: close_quote(ctx, rest, n, d, depth - 1)
  defp close_quote(_ctx, [d | _], n, d, 0), do: n
  defp close_quote(ctx, [_ | rest], n, d, depth), do: close_quote(ctx, rest, n, d, depth)

  # fail reports a self-check failure and makes the exit status 1.
  defp fail(ctx, meta, msg) do
    IO.puts(:stderr, "#{ctx.path}:#{meta[:line]}: #{msg}")
    Process.put(:failed, true)
    nil
  end
end

ExDefs.main(System.argv())
