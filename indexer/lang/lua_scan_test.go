package lang

// Tests of the Lua scanner (lua_scan.go) on its own: the shapes issue 14 found missing, no keyword
// or bracket as a name over every Lua file of the corpus, a fuzz test and a benchmark against the
// tree-sitter mapper it replaces.

import (
	"context"
	"fmt"
	"github.com/readmap/readmap/store"
	"math/rand/v2"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestLuaScannerShapes maps the constructs the tree-sitter mapper lost (issue 14).
func TestLuaScannerShapes(t *testing.T) {
	src := `local M = {}
do
  local x = 1
  function M.a() end
end
local template_cache do
  local cache = {}
  function template_cache(templ)
    return cache[templ]
  end
end
local mt = {
  __index = function(t, k)
    return k
  end,
  name = function() end,
}
M.b = function(x) --[==[ end ]==] return "end" end
local s = [[
function fake() end
]]
function M:c(...)
  local function inner() end
end
if x then
  local y = 2
end
return M
`
	res, err := newLuaMapper().Map(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range res.Symbols {
		got = append(got, strings.Repeat("  ", s.Depth)+fmt.Sprint(s.Kind)+" "+s.Name+" "+s.Qualname+" "+itoa(s.StartLine)+"-"+itoa(s.EndLine))
	}
	want := []string{
		"var M  1-1",
		"function a M.a 4-4",
		"var template_cache  6-6",
		"function template_cache  8-10",
		"var mt  12-17",
		"  function __index mt.__index 13-15",
		"  function name mt.name 16-16",
		"function b M.b 18-18",
		"var s  19-21",
		"method c M.c 22-24",
		"  function inner  23-23",
		"var y  26-26",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// itoa formats n.
func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// TestLuaRequireValues checks what a `require` assigned to a local makes: the module is an import
// in every form; the local is a variable of the file's when the value is made from the module (a
// call, or a larger expression), not when it is the module or a field of it.
func TestLuaRequireValues(t *testing.T) {
	src := `local a = require "a"
local b = require("b").field
local c = require("c").new()
local d = require 'd' (cfg)
local e = require("e"):open "x"
local f = require "f" or {}
local g, h = require("g"), require("h").sub.new {}
local i = require("i")[1]
local j = require(name)
function k()
  local l = require("l").new()
end
`
	res, err := newLuaMapper().Map(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var vars []string
	for _, s := range res.Symbols {
		if s.Kind == store.KindVar {
			vars = append(vars, s.Name)
		}
	}
	if want := []string{"c", "d", "e", "f", "h", "j"}; !slices.Equal(vars, want) {
		t.Errorf("variables %q, want %q", vars, want)
	}
	// l is inside a function: neither its variable nor its module is the file's.
	if want := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i"}; !slices.Equal(res.Imports, want) {
		t.Errorf("imports %q, want %q", res.Imports, want)
	}
}

// luaBadName matches what may never be a symbol's name: a bracket anywhere, or spaces.
var luaBadName = regexp.MustCompile(`[][(){}\s]`)

// TestLuaScannerNoKeywordNames checks every Lua file of the corpus: no keyword, bracket or empty
// string is ever a symbol name (issue 14 saw `end` as a variable).
func TestLuaScannerNoKeywordNames(t *testing.T) {
	files := luaCorpus()
	if len(files) == 0 {
		t.Skip("SKIPPED LOUDLY: no Lua files installed")
	}
	m := newLuaMapper()
	n := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		res, err := m.Map(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range res.Symbols {
			n++
			if s.Name == "" || luaKeyword([]byte(s.Name)) != luaKwNone || luaBadName.MatchString(s.Name) {
				t.Errorf("%s:%d: %q as a symbol name", f, s.StartLine, s.Name)
			}
		}
		if err := CheckSymbols(res.Symbols, CountLines(src)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	t.Logf("%d symbols over %d Lua files, no keyword or bracket as a name", n, len(files))
}

// FuzzLuaScanner checks that the scanner never panics, keeps ranges inside the file and children
// inside parents, and maps alike with a reused mapper.
func FuzzLuaScanner(f *testing.F) {
	for _, seed := range []string{
		"local x do local function f() end end\nfunction a.b:c(...) end\n",
		"M = { f = function() end, g = function() end }\nlocal t = setmetatable({}, {__index = function() end})\n",
		"--[==[ unclosed", "[[", "\"unclosed\\", "'\\z\n  x'", "repeat until x", "while true do end for i=1,2 do end",
		"function function function (", "end end end ) ) }", "if a then elseif b then else end",
		"local x <const> = 1\nlocal y <close> = f()\n", "a = function(x, function, y) end",
		"#!/usr/bin/lua\nreturn 0x1p4, 1e-3, .5", "x = require 'a'.b\ny = require('c')()\n",
	} {
		f.Add([]byte(seed))
	}
	reused := newLuaMapper()
	f.Fuzz(func(t *testing.T, src []byte) {
		fresh, err := newLuaMapper().Map(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckSymbols(fresh.Symbols, CountLines(src)); err != nil {
			t.Fatal(err)
		}
		again, err := reused.Map(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(fresh, again) {
			t.Fatalf("a mapper that mapped other files maps otherwise:\n%+v\n%+v", fresh, again)
		}
		if filter, names := Uses("Lua", src); !slices.Equal(fresh.Uses.Filter, filter) || !slices.Equal(fresh.Uses.Names, names) {
			t.Fatalf("the mapper's uses %x, %x; Uses gives %x, %x", fresh.Uses.Filter, fresh.Uses.Names, filter, names)
		}
	})
}

// TestLuaIdentifiers: Lua's identifiers are its tokenizer's names that are not reserved words, at
// their line and byte column; none in a comment or a string of any kind.
func TestLuaIdentifiers(t *testing.T) {
	src := "#!/usr/bin/lua x\nlocal a = b.c --[==[ d\n]] e ]==] .. [[ f\n]] .. g\n" +
		"--[[ h ]] i = 'j' .. \"k\\\nl\" m --n\nfunction o:p(q, ...) return r[\"s\"] end\n  _t2 = 0x1p4 ü\n"
	var got []string
	EachIdentifier("Lua", []byte(src), func(name []byte, line, col int) {
		got = append(got, fmt.Sprintf("%d:%d:%s", line, col, name))
	})
	want := []string{"2:7:a", "2:11:b", "2:13:c", "4:7:g", "5:11:i", "6:4:m",
		"7:10:o", "7:12:p", "7:14:q", "7:29:r", "8:3:_t2", "8:15:ü"}
	if !slices.Equal(got, want) {
		t.Errorf("identifiers\n%q\nwant\n%q", got, want)
	}
}

// TestLuaMapperGivesUses: the uses the mapper gathers from its tokens are those Uses gives, on
// every Lua file of the corpus.
func TestLuaMapperGivesUses(t *testing.T) {
	files := luaCorpus()
	if len(files) == 0 {
		t.Skip("no Lua files installed")
	}
	m := newLuaMapper()
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		res, err := m.Map(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		filter, names := Uses("Lua", src)
		if res.Uses == nil || !slices.Equal(res.Uses.Filter, filter) || !slices.Equal(res.Uses.Names, names) {
			t.Fatalf("%s: the mapper's uses are not those Uses gives", f)
		}
	}
}

// luaPathological are inputs of n units built to make a scanner slow (unclosed calls, chains,
// nested function tables).
func luaPathological(n int) map[string][]byte {
	out := map[string][]byte{}
	for _, unit := range []string{"function f(", "x = (", "a = b ", "local function f() ", "{ f = function() ", "x = { y = "} {
		out[unit] = []byte(strings.Repeat(unit, n))
	}
	return out
}

// TestLuaScannerPathologicalLarge maps 100,000 units of each pathological input: no panic, and
// the invariants hold. How the time grows with the size is BenchmarkPathological's (a test does
// not time: a slow machine must not fail it).
func TestLuaScannerPathologicalLarge(t *testing.T) {
	for unit, src := range luaPathological(100_000) {
		res, err := newLuaMapper().Map(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckSymbols(normalize(res.Symbols, CountLines(src)), CountLines(src)); err != nil {
			t.Errorf("%q: %v", unit, err)
		}
	}
}

// luaBenchFiles returns the penlight and other Lua files of the corpus (one copy per Lua version).
func luaBenchFiles(b *testing.B) [][]byte {
	var files [][]byte
	for _, f := range luaCorpus() {
		if !strings.Contains(f, "/5.4/") {
			continue
		}
		src, err := os.ReadFile(f)
		if err == nil {
			files = append(files, src)
		}
	}
	if len(files) == 0 {
		b.Skip("no Lua files installed")
	}
	return files
}

// BenchmarkLuaMapper measures the scanner ("scanner") against the tree-sitter mapper it replaced.
func BenchmarkLuaMapper(b *testing.B) {
	files := luaBenchFiles(b)
	total := 0
	for _, f := range files {
		total += len(f)
	}
	for _, bc := range []struct {
		name string
		m    Mapper
	}{{"scanner", newLuaMapper()}, {"tree-sitter", newTSMapper(luaGrammar())}} {
		b.Run(bc.name, func(b *testing.B) {
			ctx := context.Background()
			b.SetBytes(int64(total))
			b.ReportAllocs()
			for b.Loop() {
				for _, f := range files {
					bc.m.Map(ctx, f)
				}
			}
		})
	}
}

func TestLuaKeyword(t *testing.T) {
	want := map[string]luaCode{"and": luaKwAnd, "break": luaKwBreak, "do": luaKwDo, "else": luaKwElse,
		"elseif": luaKwElseif, "end": luaKwEnd, "false": luaKwFalse, "for": luaKwFor, "function": luaKwFunction,
		"goto": luaKwGoto, "if": luaKwIf, "in": luaKwIn, "local": luaKwLocal, "nil": luaKwNil, "not": luaKwNot,
		"or": luaKwOr, "repeat": luaKwRepeat, "return": luaKwReturn, "then": luaKwThen, "true": luaKwTrue,
		"until": luaKwUntil, "while": luaKwWhile}
	for w, code := range want {
		if got := luaKeyword([]byte(w)); got != code {
			t.Errorf("luaKeyword(%q) = %d, want %d", w, got, code)
		}
		// Near misses: longer, shorter, another case, a byte changed in the middle.
		for _, miss := range []string{w + "_", w[:len(w)-1], strings.ToUpper(w), "_" + w, w[:1] + "x" + w[2:]} {
			if _, isWord := want[miss]; !isWord && luaKeyword([]byte(miss)) != luaKwNone {
				t.Errorf("luaKeyword(%q) = %d, want none", miss, luaKeyword([]byte(miss)))
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100_000 {
		w := make([]byte, 1+rng.IntN(9))
		for i := range w {
			w[i] = "abcdefghilnoprstuvwx_"[rng.IntN(21)]
		}
		if code := luaKeyword(w); code != want[string(w)] {
			t.Fatalf("luaKeyword(%q) = %d, want %d", w, code, want[string(w)])
		}
	}
}
