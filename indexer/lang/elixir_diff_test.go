package lang

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/readmap/readmap/store"
)

// exDefKinds are readmap's kinds of the parser's.
var exDefKinds = map[string]store.Kind{
	"defmodule": store.KindModule, "defprotocol": store.KindInterface, "defimpl": store.KindImpl,
	"def": store.KindFunction, "defp": store.KindFunction, "defdelegate": store.KindFunction,
	"defmacro": store.KindMacro, "defmacrop": store.KindMacro, "defguard": store.KindMacro, "defguardp": store.KindMacro,
	"@type": store.KindType, "@typep": store.KindType, "@opaque": store.KindType,
	"defstruct": store.KindStruct, "defexception": store.KindStruct, "@attr": store.KindConst,
}

// TestElixirAgainstElixir checks readmap's Elixir map against Elixir 1.14's parser
// (Code.string_to_quoted) on the real files of testdata/corpus/elixir: every module, protocol,
// impl, function and macro clause, guard, delegate, type, struct and module attribute the parser
// finds in a module body (or in a macro's quote block) must be a symbol of the same name and
// kind whose range holds the definition's first line, for at least 95% of them, and at least 99%
// must have exactly the parser's range; at most 1% of the map's symbols may be ones the parser
// does not list. Run with -v for the table, with READMAP_SHOW_MISSES=1 for
// the misses, with READMAP_ELIXIR_GLOB=PATTERN on other files (such as all of Elixir's library).
func TestElixirAgainstElixir(t *testing.T) {
	if _, err := exec.LookPath("elixir"); err != nil {
		t.Skip("SKIP: elixir is not installed (apt-get install elixir)")
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "corpus", "elixir", "*.ex"))
	if g := os.Getenv("READMAP_ELIXIR_GLOB"); g != "" {
		files, _ = filepath.Glob(g)
	}
	if len(files) == 0 {
		t.Fatal("no files under testdata/corpus/elixir")
	}
	sort.Strings(files)
	start := time.Now()
	defs := elixirDefs(t, files)
	elapsed := time.Since(start)

	maps := refMapFiles(t, files, "Elixir")
	same := func(d refDef, s *store.Symbol) bool { return s.Name == d.Name && s.Kind == exDefKinds[d.Kind] }
	// The other way round, every symbol counts but landmarks, the lines readmap shows of a script
	// without definitions: they are not definitions.
	r := refCompare(maps, defs, same, func(s *store.Symbol) bool { return s.Kind != store.KindLandmark })
	t.Logf("readmap against Elixir's parser on %d files (elixir %s):\n%s\nreadmap symbols the parser does not list: %d",
		len(files), elapsed.Round(time.Millisecond), r.table("parser"), len(r.extra))
	r.logMisses(t, "the parser")
	r.wantMatched(t, "parser definitions", 95)
	// Every range is exactly the parser's on this corpus, as on all of Elixir 1.14's library and
	// tests (12,644 definitions). 99% leaves room for a dozen of another Elixir version's
	// different positions and still fails any regression of a common construct: the @spec lines
	// before a function, a do-block's end, a multi-line keyword body.
	r.wantExact(t, "parser definitions", 99)
	r.wantFewExtra(t, "the parser", 1)
}

// elixirDefs runs testdata/tools/exdefs.exs once over files: the definitions Elixir's own parser
// reports, each of the kind of its defining macro or attribute, its start line counting the
// @spec, @impl and @deprecated annotations before it.
func elixirDefs(t *testing.T, files []string) []refDef {
	var stderr bytes.Buffer
	cmd := exec.Command("elixir", append([]string{filepath.Join("..", "..", "testdata", "tools", "exdefs.exs")}, files...)...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil || stderr.Len() > 0 {
		t.Fatalf("exdefs.exs: %v\n%s", err, stderr.Bytes())
	}
	return refReadTSV(t, "exdefs.exs", out)
}
