package lang

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/build"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/readmap/readmap/store"
)

// ctagsCorpus is a set of real files of one language that Debian packages install, with the
// universal-ctags kinds that define things (functions, classes, ...: not variables or fields,
// which the two tools scope differently).
type ctagsCorpus struct {
	lang    string   // readmap's language name
	label   string   // the subtest's name when a language has several corpora ("Rust untuned")
	ctags   string   // --language-force value
	pkg     string   // the Debian package that installs the corpus, for the skip message
	globs   []string // absolute globs; "**" descends one or more folders
	zip     string   // a zip file to read instead (src.zip), with globs matched inside it
	ext     string   // extension given to the copies ("" keeps the file's own)
	kinds   []string // ctags kind names counted
	flags   []string // more ctags options
	maxFile int      // files taken at most
	want    float64  // the share of ctags' definitions the map must hold, in percent (95 when 0)
	// wantEnds, when set, is the share of ctags' end lines (of matched definitions) the map's
	// symbols must end on, in percent: set for the parsers whose ends are right. Ruby's are not
	// (a module "ends" at an inner `end`), nor Elixir's (a module ends where the next begins).
	wantEnds float64
	// skip, when set, leaves out tags the comparison cannot be fair about (ctags' own misreads).
	skip func(tag ctagsTag) bool
	// skipLine, when set, leaves out tags on lines ctags should not have read as code.
	skipLine func(src []byte, line int) bool
	// elsewhere, when set, reports a tag ctags places on a line that refers to a definition made
	// elsewhere in the file: a symbol of its name anywhere in the map holds it.
	elsewhere func(tag ctagsTag) bool
	// dotted says readmap names definitions by their dotted path where ctags gives the last part
	// (Elixir's `defmodule Inspect.Algebra`: "Inspect.Algebra" and "Algebra").
	dotted bool
}

var ctagsCorpora = []ctagsCorpus{
	// ctags names glibc's `__NTH (f (...))` "__NTH": such reserved macro names are never definitions.
	{lang: "C", ctags: "C", pkg: "libc6-dev", globs: []string{"/usr/include/*.h"}, kinds: []string{"function", "prototype", "struct", "union", "enum"},
		flags: []string{"--kinds-C=+p"}, maxFile: 120, wantEnds: 99,
		skip: func(tag ctagsTag) bool { return reservedMacro.MatchString(tag.Name) }},
	// Linux code no C test was tuned on (the differential tests read kernel/ and fs/ext4), when a
	// source tree is found (READMAP_LINUX_SRC, or /usr/src/linux-source-*): memory management,
	// the network core, a driver. ctags names a line that calls a macro after the macro.
	{lang: "C", label: "C untuned (Linux)", ctags: "C", pkg: "linux-source-6.12 (or READMAP_LINUX_SRC)",
		globs: ctagsUnder(linuxSource(), "mm/*.c", "mm/*.h", "net/core/*.c", "drivers/net/ethernet/intel/e1000e/*.c"),
		kinds: []string{"function", "prototype", "struct", "union", "enum"}, flags: []string{"--kinds-C=+p"}, maxFile: 400,
		want: 98, wantEnds: 99, skip: func(tag ctagsTag) bool { return reservedMacro.MatchString(tag.Name) || cCtagsMacroCall(tag) }},
	// libstdc++ wraps whole headers in preprocessor conditionals the grammar reads as one ERROR
	// node; the C mappers' retries (cFlattenConditionals, cFirstBranches) map them.
	{lang: "C++", ctags: "C++", pkg: "libstdc++-12-dev", globs: []string{"/usr/include/c++/*/bits/*.h"}, ext: ".cpp",
		kinds: []string{"function", "class", "struct", "union", "enum", "namespace"}, maxFile: 60, wantEnds: 99},
	// Files the C++ scanner was not tuned on (issue 14's bar): protobuf's C++ headers and its
	// generated .pb.h files.
	{lang: "C++", ctags: "C++", pkg: "libprotobuf-dev", globs: []string{"/usr/include/google/protobuf/**/*.h"}, ext: ".cpp",
		kinds: []string{"function", "class", "struct", "union", "enum", "namespace"}, maxFile: 150, want: 98, wantEnds: 99},
	// LLVM's headers, which the C++ scanner was never tuned on.
	{lang: "C++", label: "C++ untuned (LLVM)", ctags: "C++", pkg: "llvm-14-dev", ext: ".cpp",
		globs: []string{"/usr/include/llvm-14/llvm/ADT/*.h", "/usr/include/llvm-14/llvm/Support/*.h", "/usr/include/llvm-14/llvm/IR/*.h"},
		kinds: []string{"function", "class", "struct", "union", "enum", "namespace"}, maxFile: 200, want: 98, wantEnds: 99},
	{lang: "Java", ctags: "Java", pkg: "openjdk-17-source", zip: "/usr/lib/jvm/openjdk-17/lib/src.zip", globs: []string{"java.base/java/util/*.java"},
		kinds: []string{"class", "interface", "enum", "method", "annotation"}, maxFile: 120, wantEnds: 99},
	// Packages the Java scanner was not tuned on (its differential test holds them out).
	{lang: "Java", label: "Java untuned", ctags: "Java", pkg: "openjdk-17-source", zip: "/usr/lib/jvm/openjdk-17/lib/src.zip",
		globs: []string{"java.base/java/io/*.java", "java.base/java/net/*.java", "java.base/java/time/*.java", "java.sql/java/sql/*.java"},
		kinds: []string{"class", "interface", "enum", "method", "annotation"}, maxFile: 400, want: 98, wantEnds: 99},
	{lang: "JavaScript", ctags: "JavaScript", pkg: "node-semver node-commander", globs: []string{"/usr/share/nodejs/semver/**/*.js", "/usr/share/nodejs/commander/**/*.js"},
		kinds: []string{"function", "class", "method", "generator"}, maxFile: 120, skip: jsCtagsMisread, elsewhere: jsCtagsPrototypeClass},
	// Files the JavaScript mapper's object literals, module wrappers (UMD, IIFE) and ES5 classes
	// were not tuned on against ctags (TypeScript's parser is their reference in
	// typescript_diff_test.go, whose corpus holds most of them).
	{lang: "JavaScript", label: "JavaScript untuned", ctags: "JavaScript", pkg: "node-js-yaml node-yaml node-esprima node-argparse node-lru-cache node-acorn",
		globs: []string{"/usr/share/nodejs/js-yaml/**/*.js", "/usr/share/nodejs/argparse/**/*.js", "/usr/share/nodejs/esprima/**/*.js",
			"/usr/share/nodejs/yaml/**/*.js", "/usr/share/nodejs/lru-cache/**/*.js", "/usr/share/nodejs/acorn-walk/**/*.js", "/usr/share/nodejs/acorn-loose/**/*.js"},
		kinds: []string{"function", "class", "method", "generator"}, maxFile: 400, skip: jsCtagsMisread, elsewhere: jsCtagsPrototypeClass},
	{lang: "TypeScript", ctags: "TypeScript", pkg: "node-typescript", globs: []string{"/usr/share/nodejs/typescript/lib/lib.es20*.d.ts"},
		kinds: []string{"function", "class", "interface", "enum", "method", "namespace"}, maxFile: 80},
	// TypeScript no test was tuned on: the sources and declarations of the agents the end-to-end
	// tests install (READMAP_E2E_NODE_MODULES, or ~/.cache/readmap-e2e/node_modules).
	{lang: "TypeScript", label: "TypeScript untuned", ctags: "TypeScript", pkg: "the end-to-end tests' agents (make e2e)",
		globs: ctagsUnder(jsE2EModules(), "@anthropic-ai/sdk/**/*.ts", "openai/**/*.ts", "zod/**/*.ts", "@mariozechner/**/*.ts"),
		kinds: []string{"function", "class", "method", "interface", "enum", "namespace"}, maxFile: 400, want: 98},
	{lang: "Ruby", ctags: "Ruby", pkg: "ruby", globs: []string{"/usr/lib/ruby/3.*/*.rb", "/usr/lib/ruby/3.*/*/*.rb"},
		kinds: []string{"class", "method", "module", "singletonMethod"}, maxFile: 150},
	// The gems and vendored libraries the Ruby scanner was not tuned on (its differential test
	// holds them out).
	{lang: "Ruby", label: "Ruby untuned", ctags: "Ruby", pkg: "ruby", globs: []string{"/usr/lib/ruby/gems/**/*.rb", "/usr/lib/ruby/vendor_ruby/**/*.rb"},
		kinds: []string{"class", "method", "module", "singletonMethod"}, maxFile: 400, want: 98},
	{lang: "PHP", ctags: "PHP", pkg: "php-symfony-console", globs: []string{"/usr/share/php/Symfony/Component/Console/**/*.php"},
		kinds: []string{"class", "interface", "trait", "function", "namespace"}, maxFile: 150},
	// PHP the scanner was not tuned on (its differential test holds it out), where the Google
	// Cloud SDK is installed.
	{lang: "PHP", label: "PHP untuned", ctags: "PHP", pkg: "google-cloud-sdk",
		globs: []string{"/usr/lib/google-cloud-sdk/platform/google_appengine/php/**/*.php"},
		kinds: []string{"class", "interface", "trait", "function", "namespace"}, maxFile: 400, want: 98},
	// ctags' Lua parser has no scopes and takes "function" anywhere on a line, in comments and
	// strings too: a tag on a line without the keyword, or whose line is inside a comment or a
	// string, is its misread. Penlight tuned the scanner; the other packages did not.
	{lang: "Lua", ctags: "Lua", pkg: "lua-penlight", globs: []string{"/usr/share/lua/5.1/pl/*.lua"}, kinds: []string{"function"}, maxFile: 100,
		want: 98, skip: luaCtagsMisread, skipLine: luaOutsideCode},
	{lang: "Lua", label: "Lua untuned", ctags: "Lua", pkg: "lua-busted lua-luassert lua-ldoc lua-argparse lua-dkjson lua-inspect",
		globs: []string{"/usr/share/lua/5.4/*.lua", "/usr/share/lua/5.4/busted/**/*.lua", "/usr/share/lua/5.4/luassert/**/*.lua",
			"/usr/share/lua/5.4/ldoc/**/*.lua", "/usr/share/lua/5.4/cliargs/**/*.lua", "/usr/share/lua/5.4/lyaml/**/*.lua",
			"/usr/share/lua/5.4/say/**/*.lua", "/usr/share/lua/5.4/system/**/*.lua", "/usr/share/lua/5.4/term/**/*.lua"},
		kinds: []string{"function"}, maxFile: 200, want: 98, skip: luaCtagsMisread, skipLine: luaOutsideCode},
	// The Rust scanner was tuned on serde and regex-syntax; the other crates are new to it.
	{lang: "Rust", ctags: "Rust", pkg: "librust-serde-dev librust-regex-syntax-dev",
		globs: []string{"/usr/share/cargo/registry/serde-*/src/**/*.rs", "/usr/share/cargo/registry/regex-syntax-*/src/**/*.rs"},
		kinds: []string{"module", "struct", "interface", "implementation", "function", "enum", "method"}, maxFile: 120, want: 98},
	{lang: "Rust", label: "Rust untuned", ctags: "Rust", pkg: "librust-syn-dev librust-libc-dev librust-memchr-dev librust-smallvec-dev librust-bitflags-dev",
		globs: []string{"/usr/share/cargo/registry/syn-*/src/**/*.rs", "/usr/share/cargo/registry/libc-*/src/**/*.rs",
			"/usr/share/cargo/registry/memchr-*/src/**/*.rs", "/usr/share/cargo/registry/smallvec-*/src/**/*.rs",
			"/usr/share/cargo/registry/bitflags-*/src/**/*.rs", "/usr/share/cargo/registry/proc-macro2-*/src/**/*.rs",
			"/usr/share/cargo/registry/quote-*/src/**/*.rs"},
		kinds: []string{"module", "struct", "interface", "implementation", "function", "enum", "method"}, maxFile: 800, want: 98},
	{lang: "Protobuf", ctags: "Protobuf", pkg: "libprotobuf-dev", globs: []string{"/usr/include/google/protobuf/**/*.proto"},
		kinds: []string{"message", "enum", "service", "rpc"}, maxFile: 60, wantEnds: 99},
	// Protobuf no test was tuned on: buf's own API definitions, in the Go module cache when a
	// build has fetched them.
	{lang: "Protobuf", label: "Protobuf untuned", ctags: "Protobuf", pkg: "github.com/bufbuild/buf in the Go module cache",
		globs: ctagsUnder(filepath.Join(build.Default.GOPATH, "pkg", "mod", "github.com", "bufbuild"), "buf@*/proto/**/*.proto"),
		kinds: []string{"message", "enum", "service", "rpc"}, maxFile: 200, want: 98, wantEnds: 99},
	// The OCaml scanner was tuned on the standard library's own files; compiler-libs and threads
	// are new to it.
	{lang: "OCaml", ctags: "OCaml", pkg: "ocaml-nox", globs: []string{"/usr/lib/ocaml/*.ml", "/usr/lib/ocaml/*.mli"},
		kinds: []string{"function", "module", "class", "type", "val", "Exception", "method"}, maxFile: 140, skip: mlCtagsMisread},
	{lang: "OCaml", label: "OCaml untuned", ctags: "OCaml", pkg: "ocaml-nox",
		globs: []string{"/usr/lib/ocaml/compiler-libs/*.mli", "/usr/lib/ocaml/threads/*.mli"},
		kinds: []string{"function", "module", "class", "type", "val", "Exception", "method"}, maxFile: 300, want: 98, skip: mlCtagsMisread},
	// Committed excerpts (testdata/corpus/*/SOURCE.md says where each comes from), for languages
	// Debian ships no sources of.
	{lang: "C#", ctags: "C#", pkg: "the committed testdata/corpus/csharp", globs: []string{"../../testdata/corpus/csharp/*.cs"},
		kinds: []string{"class", "interface", "struct", "enum", "method", "namespace", "property"}, maxFile: 50, want: 98, wantEnds: 99},
	{lang: "Kotlin", ctags: "Kotlin", pkg: "the committed testdata/corpus/kotlin", globs: []string{"../../testdata/corpus/kotlin/*.kt"},
		kinds: []string{"class", "interface", "object", "method", "typealias"}, maxFile: 50, want: 99,
		// ctags' Kotlin parser tags some lambda arguments as methods named "<lambda>".
		skip: func(tag ctagsTag) bool { return tag.Name == "<lambda>" }},
	{lang: "Elixir", ctags: "Elixir", pkg: "the committed testdata/corpus/elixir", globs: []string{"../../testdata/corpus/elixir/*.ex"},
		kinds: []string{"module", "function", "macro", "protocol", "implementation", "delegate", "guard", "exception"}, maxFile: 50, want: 99,
		// ctags' Elixir parser is a set of regular expressions that also takes the examples in
		// @moduledoc and @doc heredocs for code (gen_server.ex's `defmodule Stack` at line 21).
		skipLine: inElixirHeredoc, dotted: true},
	// ctags' Sh parser takes `x=()` for a function and has no scopes: indented definitions are
	// nested in functions.
	{lang: "Bash", ctags: "Sh", pkg: "bash-completion", globs: []string{"/usr/share/bash-completion/bash_completion", "/usr/share/bash-completion/completions/*"},
		ext: ".sh", kinds: []string{"function"}, maxFile: 150,
		skip: func(tag ctagsTag) bool {
			line := strings.TrimPrefix(tag.Pattern, "/^")
			return strings.HasSuffix(tag.Name, "=") || strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t")
		}},
	// Shell no Bash test was tuned on: Linux's selftests and scripts, when a tree is found.
	{lang: "Bash", label: "Bash untuned (Linux)", ctags: "Sh", pkg: "linux-source-6.12 (or READMAP_LINUX_SRC)",
		globs: ctagsUnder(linuxSource(), "tools/testing/selftests/**/*.sh", "scripts/*.sh"), kinds: []string{"function"}, maxFile: 250,
		want: 98, skip: func(tag ctagsTag) bool {
			line := strings.TrimPrefix(tag.Pattern, "/^")
			return strings.HasSuffix(tag.Name, "=") || strings.HasPrefix(line, " ") || strings.HasPrefix(line, "\t")
		}},
}

// mlCtagsMisread reports an OCaml tag ctags misread, for something that defines nothing: each
// file as a module of its own name at line 1; `let _ =` and `let () =`, which bind no name; a
// keyword taken for a name (`type nonrec t` as "nonrec", `include module type of M` as a module
// "include"); the type or module a constraint refers to (`S with type key = t`, `and type 'a t
// := u`, `with module T := T`); the module type of a packed module (`(module Backend_intf.S)`);
// and the module `include module type of M` includes.
func mlCtagsMisread(tag ctagsTag) bool {
	file := filepath.Base(tag.Path)
	if tag.Name == "_" || tag.Name == "()" || slices.Contains(strings.Fields(reservedWords["OCaml"]), tag.Name) ||
		tag.Kind == "module" && tag.Line == 1 && strings.TrimSuffix(file, filepath.Ext(file)) == tag.Name {
		return true
	}
	name := regexp.QuoteMeta(tag.Name)
	refers := regexp.MustCompile(`\b(with|and)\s+(type|module)\s+([^=:]*\s)?` + name + `\b|\(module\s+` + name +
		`\b|\binclude\s+module\s+type\s+of\s+` + name + `\b`)
	return (tag.Kind == "type" || tag.Kind == "module") && refers.MatchString(tag.Pattern)
}

var reservedMacro = regexp.MustCompile(`^_{1,2}[A-Z][A-Z0-9_]*$`)

// cCtagsMacroCall reports a C tag ctags named after the macro its line calls
// (`EXPORT_SYMBOL(f);`, `static DEFINE_MUTEX(m);`, `SYSCALL_DEFINE3(read, ...) {`): a declaration
// has a type before its name, so a line that starts with the tag's name and a '(' (after
// `static`) invokes a macro, which declares what its arguments name, or nothing.
func cCtagsMacroCall(tag ctagsTag) bool {
	line := strings.TrimPrefix(tag.Pattern, "/^")
	return regexp.MustCompile(`^\s*(static\s+)?` + regexp.QuoteMeta(tag.Name) + `\s*\(`).MatchString(line)
}

// ctagsUnder returns the globs rel under root, or none when root is no folder.
func ctagsUnder(root string, rel ...string) []string {
	if info, err := os.Stat(root); err != nil || !info.IsDir() {
		return nil
	}
	var out []string
	for _, r := range rel {
		out = append(out, filepath.Join(root, r))
	}
	return out
}

// jsCtagsMisread reports a JavaScript tag ctags misread: a "class" it made of an object literal
// nested in something (`end: {line: 1}` in a function, `this.loc = {...}` in a constructor),
// whose line declares no class and no function; or a name its line calls a method of through
// apply or call (`Array.prototype.push.apply(a, b)` read as a class Array with a method push).
func jsCtagsMisread(tag ctagsTag) bool {
	line := strings.TrimPrefix(strings.TrimSuffix(tag.Pattern, "$/"), "/^")
	if tag.Kind == "class" && tag.Scope != "" && !jsDeclaringLine.MatchString(line) {
		return true
	}
	called := regexp.MustCompile(`\b` + regexp.QuoteMeta(tag.Name) + `(\.\w+)*\.(apply|call)\(`)
	return called.MatchString(line)
}

// jsCtagsPrototypeClass reports a "class" ctags infers from an assignment to its prototype
// (`Schema.prototype.extend = function ...`, `X.prototype._Section = _callable(class ...)`) and
// tags at that line: the constructor it names is defined elsewhere in the file (`function
// Schema`, `const HelpFormatter = ...`), where the map holds it.
func jsCtagsPrototypeClass(tag ctagsTag) bool {
	line := strings.TrimPrefix(strings.TrimSuffix(tag.Pattern, "$/"), "/^")
	return tag.Kind == "class" && regexp.MustCompile(`^\s*`+regexp.QuoteMeta(tag.Name)+`\.prototype\b`).MatchString(line)
}

// jsDeclaringLine matches a line with a class or function keyword.
var jsDeclaringLine = regexp.MustCompile(`\b(class|function)\b`)

var luaFunctionWord = regexp.MustCompile(`\bfunction\b`)

// luaCtagsMisread reports a Lua tag ctags misread: its line has no `function` at all; its name
// is no Lua name path (`Date[c]`, `{__call`, `%s*`, `.__mod` after a call); or no function on its
// line takes a name (`function a.b(` or `= function`), so the function is an anonymous argument
// (`local ls = makelist(pairmap(function (k,v) ...))`) and ctags named it after the assignment
// around the call, which luac shows as an anonymous prototype.
func luaCtagsMisread(tag ctagsTag) bool {
	line := strings.TrimPrefix(tag.Pattern, "/^")
	return !luaFunctionWord.MatchString(line) || !luaNamePath.MatchString(tag.Name) || !luaNamingFunction.MatchString(line)
}

// luaNamePath matches a function's written name: `a`, `a.b`, `a.b:c`.
var luaNamePath = regexp.MustCompile(`^[A-Za-z_][\w]*([.:][A-Za-z_]\w*)*$`)

// luaNamingFunction matches a line where a function takes a name.
var luaNamingFunction = regexp.MustCompile(`\bfunction\s+[A-Za-z_][\w.:]*\s*\(|=\s*function\b`)

// luaOutsideCode reports whether the 1-based line holds no `function` keyword of the code: the
// word is only in a comment or a string there (Lua's tokenizer, luaLex, decides).
func luaOutsideCode(src []byte, line int) bool {
	toks, _, _ := luaLex(src, nil, nil)
	for _, t := range toks {
		if int(t.line) == line && t.kind == luaTName && string(src[t.start:t.end]) == "function" {
			return false
		}
	}
	return true
}

// inElixirHeredoc reports whether the 1-based line is inside a triple-quoted string, as Elixir's
// documentation attributes are written.
func inElixirHeredoc(src []byte, line int) bool {
	inside := false
	for i, text := range bytes.Split(src, []byte("\n")) {
		if i+1 == line {
			return inside
		}
		if n := bytes.Count(text, []byte(`"""`)) + bytes.Count(text, []byte("'''")); n%2 == 1 {
			inside = !inside
		}
	}
	return false
}

// ctagsTag is one line of `ctags --output-format=json`.
type ctagsTag struct {
	Type      string `json:"_type"`
	Name      string `json:"name"`
	Path      string `json:"path"`
	Line      int    `json:"line"`
	Kind      string `json:"kind"`
	Pattern   string `json:"pattern"`
	Scope     string `json:"scope"` // the enclosing definition's path, "a.b"
	ScopeKind string `json:"scopeKind"`
	End       int    `json:"end"` // the last line, from the parsers that know it
}

// ctagsLocalScopes are the scopes whose definitions are locals, which the map leaves out.
var ctagsLocalScopes = map[string]bool{
	"function": true, "method": true, "getter": true, "setter": true, "generator": true,
	"singletonMethod": true, "macro": true,
}

// ctagsFair reports whether a tag is a definition the map should hold: not a local (a function
// nested in a function), not an anonymous function or type ctags names "AnonymousFunction..."
// or "__anon...".
func (c ctagsCorpus) fair(tag ctagsTag) bool {
	if ctagsLocalScopes[tag.ScopeKind] || strings.HasPrefix(tag.Name, "__anon") || strings.HasPrefix(tag.Name, "AnonymousFunction") {
		return false
	}
	return c.skip == nil || !c.skip(tag)
}

// ctagsFunctionPaths returns the paths ("a.b") of the functions and methods among one file's
// tags that ctags does not also tag as a class. A tag scoped in one of them is a local, in
// ctags' own view, whatever scope kind it gives: its JavaScript parser calls an object literal
// assigned in a method body (`this.last = {...}`) a class scoped in the method, with scope kind
// "class".
func ctagsFunctionPaths(tags []ctagsTag) map[string]bool {
	path := func(t ctagsTag) string {
		if t.Scope == "" {
			return t.Name
		}
		return t.Scope + "." + t.Name
	}
	functions, classes := map[string]bool{}, map[string]bool{}
	for _, t := range tags {
		switch t.Kind {
		case "function", "method", "generator", "getter", "setter":
			functions[path(t)] = true
		case "class":
			classes[path(t)] = true
		}
	}
	for p := range classes {
		delete(functions, p)
	}
	return functions
}

// TestCtagsAgreement checks that the definitions universal-ctags finds in real files are symbols
// of readmap's map: same name, with a range that holds ctags' line. Corpora come from Debian
// packages; a missing one is skipped with the package to install. Run with -v for the table.
func TestCtagsAgreement(t *testing.T) {
	if _, err := exec.LookPath("ctags"); err != nil {
		t.Skip("SKIP: universal-ctags is not installed (apt-get install universal-ctags)")
	}
	var rows []string
	start := time.Now()
	for _, c := range ctagsCorpora {
		t.Run(orDefault(c.label, c.lang), func(t *testing.T) {
			files := c.collect(t, t.TempDir())
			if len(files) == 0 {
				t.Skipf("SKIP: no %s corpus (apt-get install %s)", c.lang, c.pkg)
			}
			r := c.compare(t, files)
			defs, matched, ends, misses := r.defs, r.matched, r.ends, r.misses
			if r.skipped > 0 {
				t.Logf("%s: %d ctags tags on lines it should not have read as code were left out", c.lang, r.skipped)
			}
			pct := 100 * float64(matched) / float64(max(defs, 1))
			rows = append(rows, fmt.Sprintf("| %-10s | %5d | %6d | %6d | %5.1f%% | %6d of %6d |", orDefault(c.label, c.lang), len(files), defs, matched, pct, ends.same, ends.known))
			want := c.want
			if want == 0 {
				want = 95
			}
			if os.Getenv("READMAP_SHOW_MISSES") != "" {
				t.Logf("%s misses:\n%s", c.lang, strings.Join(misses[:min(len(misses), 60)], "\n"))
			}
			if endsPct := 100 * float64(ends.same) / float64(max(ends.known, 1)); c.wantEnds > 0 && endsPct < c.wantEnds {
				t.Errorf("%s: %d of %d ctags end lines equal the map's (%.1f%%), want >= %.0f%% (READMAP_SHOW_ENDS=1 lists them)",
					c.lang, ends.same, ends.known, endsPct, c.wantEnds)
			}
			if pct < want {
				t.Errorf("%s: %d of %d ctags definitions in the map (%.1f%%), want >= %.0f%%; first misses:\n%s",
					c.lang, matched, defs, pct, want, strings.Join(misses[:min(len(misses), 15)], "\n"))
			}
		})
	}
	t.Logf("ctags agreement (%s):\n| language   | files | ctags defs | matched | %% | same end line, of ctags' ends |\n%s", time.Since(start).Round(time.Millisecond), strings.Join(rows, "\n"))
}

// collect copies the corpus's files into dir (with the corpus's extension) and returns the copies.
func (c ctagsCorpus) collect(t *testing.T, dir string) []string {
	type source struct {
		name string
		read func() ([]byte, error)
	}
	var sources []source
	if c.zip != "" {
		zr, err := zip.OpenReader(c.zip)
		if err != nil {
			return nil
		}
		t.Cleanup(func() { zr.Close() })
		for _, f := range zr.File {
			for _, g := range c.globs {
				if ok, _ := filepath.Match(g, f.Name); ok {
					sources = append(sources, source{f.Name, func() ([]byte, error) {
						rc, err := f.Open()
						if err != nil {
							return nil, err
						}
						defer rc.Close()
						return io.ReadAll(rc)
					}})
				}
			}
		}
	} else {
		for _, g := range c.globs {
			for _, p := range globDeep(g) {
				if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
					sources = append(sources, source{p, func() ([]byte, error) { return os.ReadFile(p) }})
				}
			}
		}
	}
	sort.Slice(sources, func(i, j int) bool { return sources[i].name < sources[j].name })
	var out []string
	for i, s := range sources {
		if len(out) >= c.maxFile {
			break
		}
		src, err := s.read()
		if err != nil || len(src) > 2<<20 {
			continue
		}
		name := filepath.Base(s.name)
		ext := filepath.Ext(name)
		if c.ext != "" {
			name = strings.TrimSuffix(name, ext) + c.ext
		}
		dst := filepath.Join(dir, fmt.Sprintf("%04d_%s", i, name))
		if err := os.WriteFile(dst, src, 0o644); err != nil {
			t.Fatal(err)
		}
		out = append(out, dst)
	}
	return out
}

// globDeep is filepath.Glob where a "**" element matches one or more folders.
func globDeep(pattern string) []string {
	before, after, ok := strings.Cut(pattern, "/**/")
	if !ok {
		m, _ := filepath.Glob(pattern)
		return m
	}
	var out []string
	roots, _ := filepath.Glob(before)
	for _, root := range roots {
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				if ok, _ := filepath.Match(after, d.Name()); ok {
					out = append(out, p)
				}
			}
			return nil
		})
	}
	return out
}

// ctagsEnds counts, among matched definitions for which ctags gives an end line, those whose
// symbol ends on the same line.
type ctagsEnds struct{ known, same int }

// ctagsResult is what compare counted.
type ctagsResult struct {
	defs, matched int
	skipped       int // tags left out by skipLine
	ends          ctagsEnds
	misses        []string
}

// compare runs ctags on files and counts its definitions that the map holds.
func (c ctagsCorpus) compare(t *testing.T, files []string) ctagsResult {
	var r ctagsResult
	args := append([]string{"--output-format=json", "--fields=+neZ", "--language-force=" + c.ctags}, c.flags...)
	args = append(append(args, "-f", "-"), files...)
	out, err := exec.Command("ctags", args...).Output()
	if err != nil {
		t.Fatalf("ctags: %v", err)
	}
	kinds := map[string]bool{}
	for _, k := range c.kinds {
		kinds[k] = true
	}
	all := map[string][]ctagsTag{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var tag ctagsTag
		if json.Unmarshal(sc.Bytes(), &tag) == nil && tag.Type == "tag" {
			all[tag.Path] = append(all[tag.Path], tag)
		}
	}
	byFile := map[string][]ctagsTag{}
	for path, tags := range all {
		locals := ctagsFunctionPaths(tags)
		for _, tag := range tags {
			if kinds[tag.Kind] && c.fair(tag) && !locals[tag.Scope] {
				byFile[path] = append(byFile[path], tag)
			}
		}
	}
	for _, path := range files {
		tags := byFile[path]
		if len(tags) == 0 {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f := Map(context.Background(), path, src, Options{})
		if c.lang == "C" && (f.Language == "C++" || looksLikeCPP(src)) {
			continue // a C++ header among C's: ctags forced to C misreads it
		}
		if f.Language != c.lang {
			t.Errorf("%s: detected as %q, want %q", filepath.Base(path), f.Language, c.lang)
		}
		for _, tag := range tags {
			if c.skipLine != nil && c.skipLine(src, tag.Line) {
				r.skipped++
				continue
			}
			r.defs++
			// The innermost symbol of that name holding the line: a constructor, not its class.
			var found *store.Symbol
			for i, s := range f.Symbols {
				if s.StartLine <= tag.Line && tag.Line <= s.EndLine && c.sameName(tag.Name, s) &&
					(found == nil || s.EndLine-s.StartLine < found.EndLine-found.StartLine) {
					found = &f.Symbols[i]
				}
			}
			if found == nil && c.elsewhere != nil && c.elsewhere(tag) {
				for i, s := range f.Symbols {
					if c.sameName(tag.Name, s) {
						found = &f.Symbols[i]
						break
					}
				}
			}
			if found != nil && tag.End > 0 {
				r.ends.known++
				if found.EndLine == tag.End {
					r.ends.same++
				} else if os.Getenv("READMAP_SHOW_ENDS") != "" {
					t.Logf("end differs: %s:%d %s %s ctags end %d, readmap [%d-%d]", filepath.Base(path), tag.Line, tag.Kind, tag.Name, tag.End, found.StartLine, found.EndLine)
				}
			}
			if found != nil {
				r.matched++
			} else {
				if dump := os.Getenv("READMAP_CTAGS_MISSES"); dump != "" {
					if f, err := os.OpenFile(dump, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644); err == nil {
						fmt.Fprintf(f, "%s\t%s\t%d\t%s\t%s\t%s\n", c.lang, path, tag.Line, tag.Kind, tag.Name, tag.Pattern)
						f.Close()
					}
				}
				r.misses = append(r.misses, fmt.Sprintf("  %s:%d %s %s", filepath.Base(path), tag.Line, tag.Kind, tag.Name))
			}
		}
	}
	return r
}

// sameName reports whether ctags' name for a definition is the symbol's.
func (c ctagsCorpus) sameName(tag string, s store.Symbol) bool {
	if ctagsSameName(tag, s.Name, s.Qualname) {
		return true
	}
	last := tag[strings.LastIndexAny(tag, ".:#")+1:]
	return c.dotted && strings.HasSuffix(s.Name, "."+last)
}

// ctagsSameName reports whether ctags' name for a definition is readmap's: the same, or the
// same last part of a qualified name ("M.new", "Foo::bar", "self.load").
func ctagsSameName(tag, name, qualname string) bool {
	if tag == name || tag == qualname {
		return true
	}
	last := tag
	if i := strings.LastIndexAny(tag, ".:#"); i >= 0 {
		last = tag[i+1:]
	}
	return last == name || strings.ReplaceAll(last, " ", "") == strings.ReplaceAll(name, " ", "")
}
