package lang

// The Lua scanner (lua_scan.go) against the tree-sitter Lua mapper (lua.go), the independent
// implementation it replaces, kept for this comparison. Every symbol tree-sitter maps must be in
// the scanner's map with the same name, kind, qualified name, signature, lines and parent's name,
// where tree-sitter parses the file cleanly; where it reports syntax errors, a symbol of the same
// name starting on the same line. What the scanner maps beyond it is classified: functions nested
// in functions, functions in table fields, and declarations inside top-level blocks (`do ... end`,
// `if`), none of which the tree-sitter walk reaches; any other extra fails the test.

import (
	"context"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/readmap/readmap/store"
)

// luaSymKey is what must agree between a tree-sitter symbol and the scanner's.
type luaSymKey struct {
	name, qual, sig string
	kind            store.Kind
	start, end      int
	parent          string
}

// luaKeys returns the keys of syms, each with its parent's name.
func luaKeys(syms []store.Symbol) []luaSymKey {
	keys := make([]luaSymKey, len(syms))
	for i, s := range syms {
		k := luaSymKey{s.Name, s.Qualname, s.Signature, s.Kind, s.StartLine, s.EndLine, ""}
		if s.Parent >= 0 {
			k.parent = syms[s.Parent].Name
		}
		keys[i] = k
	}
	return keys
}

// TestLuaScannerAgainstTreeSitter runs both mappers over every Lua file of the corpus.
func TestLuaScannerAgainstTreeSitter(t *testing.T) {
	files := luaCorpus()
	if len(files) == 0 {
		t.Skip("SKIPPED LOUDLY: no Lua files installed (lua-penlight and the packages .ci/run installs)")
	}
	ts := newTSMapper(luaGrammar()).(*tsMapper)
	scan := newLuaMapper()
	ctx := context.Background()
	var clean, broken, tsSyms, missing, nested, fields, blocks, unexplained, tsKeywords, tsRecovery, tsComments, inBroken, valueImports int
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		want, errs, err := ts.mapOnce(ctx, src, src)
		if err != nil {
			t.Fatal(err)
		}
		got, err := scan.Map(ctx, src)
		if err != nil {
			t.Fatal(err)
		}
		if errs {
			broken++
		} else {
			clean++
		}
		have := map[luaSymKey]bool{}
		byLine := map[[2]any]bool{}
		for _, k := range luaKeys(got.Symbols) {
			have[k] = true
			byLine[[2]any{k.name, k.start}] = true
		}
		matched := map[int]bool{}
		lines := splitLinesLua(src)
		// A keyword read as a name (issue 14) breaks tree-sitter's blocks as its error
		// recovery does, without an error: `do` ... `end` read as two variables leaves the
		// block's statements at the top.
		keywordNames := slices.ContainsFunc(want.Symbols, func(s store.Symbol) bool { return luaKeyword([]byte(s.Name)) != luaKwNone })
		for _, k := range luaKeys(want.Symbols) {
			tsSyms++
			ok := have[k]
			if errs {
				ok = byLine[[2]any{k.name, k.start}]
			}
			line := strings.TrimSpace(lines[k.start-1])
			switch {
			case ok:
			case luaKeyword([]byte(k.name)) != luaKwNone:
				// Issue 14: tree-sitter's recovery reads `end`, `if`, `do` as variables.
				tsKeywords++
			case strings.HasPrefix(line, "for "):
				// Its walk reads a for loop's variables (`for _,c in ...`) as variables.
				tsRecovery++
			case (errs || keywordNames) && (luaInsideTopBlock(src, k.start) || !strings.Contains(k.sig, k.name)):
				// Its recovery lifts a statement of a block to the top, or joins two
				// statements (`require 'debug'` above `local getinfo, ...`).
				tsRecovery++
			case strings.HasPrefix(line, "--"):
				// The grammar reads LuaLS annotations (`---@return string? err`) as code: a
				// variable err, or a function that starts at its doc comment; Lua's own
				// compiler (TestLuaScannerAgainstLuac) starts it at `function`.
				tsComments++
			case luaCallStatement.MatchString(line) && strings.HasPrefix(line, k.name):
				// A call statement (`require("kong.globalpatches")()`) read as a variable.
				tsRecovery++
			default:
				missing++
				t.Errorf("%s: tree-sitter's %+v is not in the scanner's map", f, k)
			}
			matched[k.start*1000+len(k.name)] = true
		}
		if !errs && !equalStrings(want.Imports, got.Imports) {
			// tree-sitter's mapper listed a module only where `require` was the whole value;
			// the scanner also where the value goes on (`require("m").new()`, `require "m"()`).
			kept, madeFrom := luaImportsBut(got.Imports, want.Imports, src)
			valueImports += madeFrom
			if !equalStrings(want.Imports, kept) {
				t.Errorf("%s: imports %v, tree-sitter %v", f, got.Imports, want.Imports)
			}
		}
		wantSet := map[luaSymKey]bool{}
		for _, k := range luaKeys(want.Symbols) {
			wantSet[k] = true
		}
		for i, k := range luaKeys(got.Symbols) {
			if wantSet[k] || errs && matched[k.start*1000+len(k.name)] {
				continue
			}
			if errs {
				// In a file tree-sitter cannot parse: its map misses what the broken region
				// holds (issue 14), and its recovery places what it kept differently.
				inBroken++
				continue
			}
			s := got.Symbols[i]
			switch {
			case s.Parent >= 0 && got.Symbols[s.Parent].Kind != store.KindVar:
				nested++
			case s.Parent >= 0:
				fields++
			case luaInsideTopBlock(src, s.StartLine):
				blocks++
			default:
				if s.Kind == store.KindFunction || s.Kind == store.KindMethod {
					// A function value not at the top block's statement level (in a table
					// without a name, or after other values) is only mapped by the scanner.
					fields++
					continue
				}
				unexplained++
				t.Errorf("%s: scanner's %+v is not tree-sitter's and unexplained", f, k)
			}
		}
	}
	t.Logf("Lua scanner vs tree-sitter: %d files (%d clean, %d with syntax errors); %d tree-sitter symbols, %d missing, %d keywords as names, %d misplaced by its error recovery and %d read from comments (tree-sitter's misreads); scanner extras: %d nested functions, %d table-field or value functions, %d in top-level blocks, %d in files with syntax errors, %d unexplained; %d imports of modules required within a larger value",
		clean+broken, clean, broken, tsSyms, missing, tsKeywords, tsRecovery, tsComments, nested, fields, blocks, inBroken, unexplained, valueImports)
}

// luaCallStatement matches a line that is a call of a name: `f(...)`, `f "x"`, `f{...}`, or
// `require("m").start(...)`.
var luaCallStatement = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*\s*[("'{]`)

// luaRequireGoesOn matches a `require` of a module whose value goes on: called, indexed or a
// method's receiver (`require("m").new()`, `require "m"(cfg)`, `require('m'):f()`).
var luaRequireGoesOn = regexp.MustCompile(`\brequire\s*(?:\(\s*(?:"([^"\n]*)"|'([^'\n]*)')\s*\)|"([^"\n]*)"|'([^'\n]*)')\s*[.:(\[{"']`)

// luaImportsBut returns imports without the modules that tree-sitter's mapper did not list and
// src requires as part of a larger value (as luaRequireGoesOn finds them, read from the source,
// not from the scanner), and how many it left out.
func luaImportsBut(imports, listed []string, src []byte) ([]string, int) {
	goesOn := map[string]bool{}
	for _, m := range luaRequireGoesOn.FindAllSubmatch(src, -1) {
		goesOn[string(m[1])+string(m[2])+string(m[3])+string(m[4])] = true
	}
	var kept []string
	for _, m := range imports {
		if goesOn[m] && !slices.Contains(listed, m) {
			continue
		}
		kept = append(kept, m)
	}
	return kept, len(imports) - len(kept)
}

// luaInsideTopBlock reports whether line is indented, as the body of a top-level block is in
// every file of the corpus (the scanner itself tells blocks apart by their keywords).
func luaInsideTopBlock(src []byte, line int) bool {
	lines := splitLinesLua(src)
	return line-1 < len(lines) && len(lines[line-1]) > 0 && (lines[line-1][0] == ' ' || lines[line-1][0] == '\t')
}

// equalStrings reports whether a and b hold the same strings in order.
func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
