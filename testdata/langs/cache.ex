defmodule MyApp.Cache do
  @moduledoc """
  A time-limited cache.
  """
  use GenServer
  import Logger, only: [info: 1]
  alias MyApp.{Clock, Store}
  require Logger

  @default_ttl 60_000
  @type key :: String.t()
  @typep entry :: {term(), integer()}

  defstruct entries: %{}, ttl: @default_ttl

  @doc "Starts the cache."
  @spec start_link(keyword()) :: GenServer.on_start()
  def start_link(opts \\ []) do
    GenServer.start_link(__MODULE__, opts, name: __MODULE__)
  end

  @impl true
  def init(opts), do: {:ok, %__MODULE__{ttl: Keyword.get(opts, :ttl, @default_ttl)}}

  def get(key) when is_binary(key) do
    GenServer.call(__MODULE__, {:get, key})
  end

  defp expired?({_value, at}, now), do: now > at

  defmacro cached(key, do: block) do
    quote do: unquote(block)
  end

  defguard is_key(k) when is_binary(k)

  defprotocol Sizable do
    def size(value)
  end

  defimpl Sizable, for: Map do
    def size(map), do: map_size(map)
  end
end
