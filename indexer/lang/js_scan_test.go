package lang

// Tests of the JavaScript scanner (js_scan.go) by itself: the lexical traps of JavaScript and
// the declarations the scanner reads, each also held equal to the tree-sitter walk's map; its
// worst inputs; a fuzz test; and its speed against the walk it replaced.

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/smacker/go-tree-sitter/javascript"

	"github.com/readmap/readmap/store"
)

// jsCase is a source and the scanner's map of it, one symbol a line (jsSymbolLines) and then
// the imports.
type jsCase struct {
	name, src string
	want      []string
}

// jsCases cover the lexical hazards of JavaScript and the declarations the scanner maps.
var jsCases = []jsCase{
	{name: "regex or division by the token before", src: `var a = b / c / d;
var re = /[/]}"'` + "`" + `/g, n = 1;
function f() { return /}/.test(x) }
var g = x => typeof /re/ === "object";
if (x) /a/.exec(y)
var h = (a) / 2 / (b);
var i = a++ / 2;
var j = {} / 2;
`, want: []string{
		"var a [1-1] var a = b / c / d",
		"var re [2-2] var re = /[/]}\"'`/g",
		"var n [2-2] var n = 1",
		"function f [3-3] function f()",
		"function g [4-4] var g = x =>",
		"var h [6-6] var h = (a) / 2 / (b)",
		"var i [7-7] var i = a++ / 2",
		"var j [8-8] var j = {} / 2",
	}},
	{name: "templates with nested substitutions", src: "const t = `a ${b ? `c ${d({e: '}'})}` : `}`} f`;\n" +
		"function g() { return `${`${`}`}`}` }\n" +
		"const u = `line\n${ {a: 1}.a }\nend`, v = 2;\n" +
		"const w = tag`x${y}`;\n",
		want: []string{
			"const t [1-1] const t = `a ${b ? `c ${d({e: '}'})}` : `}`} f`",
			"function g [2-2] function g()",
			"const u [3-5] const u = `line",
			"const v [5-5] const v = 2",
			"const w [6-6] const w = tag`x${y}`",
		}},
	{name: "comments, strings and a shebang", src: `#!/usr/bin/env node
// function no() {}
/* class No {} */
var s = "function no() {} \" /*", q = 'it\'s';
/** doc */
function yes(a /* ) { */) {}
`, want: []string{
		`var s [4-4] var s = "function no() {} \" /*"`,
		`var q [4-4] var q = 'it\'s'`,
		"function yes [6-6] function yes(a /*) { */)",
	}},
	{name: "automatic semicolons", src: `var a = 1
var b = a
  + 2
var c = b
(function () {})
let d = 1 // c
  .toFixed()
const e = x
++y
const f = 3
export default function () {}
`, want: []string{
		"var a [1-1] var a = 1",
		"var b [2-3] var b = a",
		"var c [4-5] var c = b",
		"var d [6-7] let d = 1 // c",
		"const e [8-8] const e = x",
		"const f [10-10] const f = 3",
		"function default [11-11] export default function ()",
	}},
	{name: "JSX elements, fragments, attributes and text", src: `const App = () => (
  <div className="a" onClick={() => { if (x) { y() } }} {...rest}>
    it's text with } and { braces } inside {/* a comment */}
    <Item key={i} render={<b>bold</b>} label='a "b"' />
    <>
      {items.map(i => <li>{i / 2}</li>)}
    </>
  </div>
);
function Card(props) { return <section><h1>{props.title}</h1></section> }
const el = cond ? <a href="/x">x</a> : <br/>;
const n = a < b;
`, want: []string{
		"function App [1-9] const App = () =>",
		"function Card [10-10] function Card(props)",
		`const el [11-11] const el = cond ? <a href="/x">x</a> : <br/>`,
		"const n [12-12] const n = a < b",
	}},
	{name: "classes: fields, accessors, static blocks, private names, computed keys", src: `class A extends B {
  static count = 0;
  #secret = 1
  name
  handler = (e) => { this.x = e }
  static { A.count++ }
  constructor(x) { super(x) }
  get value() { return this.#secret }
  set value(v) {}
  static async *gen() {}
  [Symbol.iterator]() {}
  'quoted'() {}
  #hidden() {}
  @dec
  decorated() {}
}
`, want: []string{
		"class A [1-16] class A extends B",
		"field A.count [2-2] static count = 0",
		"field A.#secret [3-3] #secret = 1",
		"field A.name [4-4] name",
		"method A.handler [5-5] handler = (e) =>",
		"constructor A.constructor [7-7] constructor(x)",
		"method A.value [8-8] get value()",
		"method A.value [9-9] set value(v)",
		"method A.gen [10-10] static async *gen()",
		"method A.[Symbol.iterator] [11-11] [Symbol.iterator]()",
		"method A.quoted [12-12] 'quoted'()",
		"method A.#hidden [13-13] #hidden()",
		"method A.decorated [14-15] decorated()",
	}},
	{name: "object literals of functions", src: `var api = {
  get: function (id) {},
  put(id, v) {},
  async del(id) {},
  *ids() {},
  'quoted-key': () => 1,
  [computed]: function () {},
  nested: { inner: function () {} },
  plain: 1,
};
module.exports = { api, helper: function () {} };
`, want: []string{
		"var api [1-10] var api",
		"method api.get [2-2] get: function (id)",
		"method api.put [3-3] put(id, v)",
		"method api.del [4-4] async del(id)",
		"method api.ids [5-5] *ids()",
		"method api.quoted-key [6-6] 'quoted-key': () =>",
		"property api.nested [8-8] nested: { inner: function () {}}",
		"method api.nested.inner [8-8] inner: function ()",
		"var exports [11-11] module.exports = { api, helper: function () {}}",
		"method exports.helper [11-11] helper: function ()",
	}},
	{name: "UMD and IIFE wrappers", src: `(function (root, factory) {
  if (typeof define === 'function') define(['exports'], factory);
  else factory(root.lib = {});
}(this, function (exports) {
  function helper() {}
  exports.run = function (x) {};
  var VERSION = '1.0';
}));
!function () { function bang() {} }();
(() => { const arrow = 1 })();
define(['a'], function (a) { function amd() {} });
`, want: []string{
		"function helper [5-5] function helper()",
		"function run [6-6] exports.run = function (x)",
		"var VERSION [7-7] var VERSION = '1.0'",
		"function bang [9-9] function bang()",
		"const arrow [10-10] const arrow = 1",
		"function amd [11-11] function amd()",
	}},
	{name: "the module pattern and prototypes", src: `var Point = (function () {
  function Point(x) { this.x = x; }
  Point.prototype.norm = function () {};
  Point.origin = function () {};
  return Point;
}());
Shape.prototype.area = function () {};
Shape.prototype = { perimeter: function () {} };
lib.util.Shape.prototype = { scale: function () {} };
`, want: []string{
		"class Point [1-6] var Point = (function ()",
		"function Point.Point [2-2] function Point(x)",
		"method Point.norm [3-3] Point.prototype.norm = function ()",
		"function Point.Point.origin [4-4] Point.origin = function ()",
		"method Shape.area [7-7] Shape.prototype.area = function ()",
		"var Shape [8-8] Shape.prototype = { perimeter: function () {}}",
		"method Shape.perimeter [8-8] perimeter: function ()",
		"var Shape [9-9] lib.util.Shape.prototype = { scale: function () {}}",
		"method Shape.scale [9-9] scale: function ()",
	}},
	{name: "exports.X and module.exports.X", src: `"use strict";
exports.a = exports.b = void 0;
exports.c = void 0;
exports.d = 42 // the answer
module.exports.e = 'e';
exports.f = function f() {};
module.exports.g = class G {};
other.h = 1;
`, want: []string{
		"var a [2-2] exports.a = exports.b = void 0",
		"var d [4-4] exports.d = 42 // the answer",
		"var e [5-5] module.exports.e = 'e'",
		"function f [6-6] exports.f = function f()",
		"class g [7-7] module.exports.g = class G",
	}},
	{name: "ES modules: imports, exports, require", src: `import def, { a as b } from "./a.js";
import * as ns from './ns';
import './side';
export * from "./all";
export { x } from './x';
export { y };
const fs = require('fs'), path = require("path");
const { join } = require('path');
const lazy = await require('lazy');
export const k = 1, m = () => {};
export class C {}
export default class extends C {}
@decorator export class D {}
`, want: []string{
		"const k [10-10] export const k = 1",
		"function m [10-10] export const m = () =>",
		"class C [11-11] export class C",
		"class default [12-12] export default class extends C",
		"class D [13-13] export class D",
		"import ./a.js",
		"import ./ns",
		"import ./side",
		"import ./all",
		"import ./x",
		"import fs",
		"import path",
		"import lazy",
	}},
	{name: "generators, async functions and arrows", src: `async function a() {}
function* b() {}
async function* c() {}
const d = async () => {}, e = async x => x;
let f = function* () {};
var g = class {};
`, want: []string{
		"function a [1-1] async function a()",
		"function b [2-2] function* b()",
		"function c [3-3] async function* c()",
		"function d [4-4] const d = async () =>",
		"function e [4-4] const e = async x =>",
		"function f [5-5] let f = function* ()",
		"class g [6-6] var g = class",
	}},
	{name: "tree-sitter's readings of odd code", src: `const bar =
  @deco
  class {}
class A extends {} {}
class B extends mixin({ a: 1 }) { m() {} }
class C extends class {} {}
( /** @scope */ function () { function hidden() {} })();
var r = require(/* c */ 'r');
let
  notDeclared = 1
class S {
  static
  a() {}
}
var caf\u{e9} = 1
`, want: []string{
		"class bar [1-3] const bar = @deco class",
		"class A [4-4] class A extends {}",
		"class B [5-5] class B extends mixin({ a: 1})",
		"method B.m [5-5] m()",
		"class C [6-6] class C extends class {}",
		"var r [8-8] var r = require(/* c */ 'r')",
		"class S [11-14] class S",
		"field S.static [12-12] static",
		"method S.a [13-13] a()",
		"var caf\\u{e9} [15-15] var caf\\u{e9} = 1",
	}},
}

// TestJavaScriptScanner maps each case and compares with the listed map and with the
// tree-sitter walk's.
func TestJavaScriptScanner(t *testing.T) {
	ts := newTSMapper(jsGrammar(javascript.GetLanguage))
	for _, tc := range jsCases {
		t.Run(tc.name, func(t *testing.T) {
			src := []byte(tc.src)
			got, err := jsScanFile(context.Background(), src)
			if err != nil {
				t.Fatalf("Map: %v", err)
			}
			if diff := cmp.Diff(tc.want, jsListing(got, src)); diff != "" {
				t.Errorf("Map(%q) (-want +got):\n%s", tc.src, diff)
			}
			ref, err := ts.Map(context.Background(), src)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(jsListing(ref, src), jsListing(got, src)); diff != "" {
				t.Errorf("scanner against tree-sitter (-tree-sitter +scanner):\n%s", diff)
			}
		})
	}
}

// jsListing renders a map as the cases list it: the symbols, then the imports.
func jsListing(res *Result, src []byte) []string {
	out := jsSymbolLines(normalize(append([]store.Symbol(nil), res.Symbols...), CountLines(src)))
	for _, imp := range res.Imports {
		out = append(out, "import "+imp)
	}
	return out
}

// TestJavaScriptMapperFallback: a file the scanner is unsure of (a JSX element that never
// closes) is mapped by the tree-sitter walk, up to the walk's size limit.
func TestJavaScriptMapperFallback(t *testing.T) {
	src := []byte("function f() {}\nconst x = <div>\nfunction g() {}\n")
	if _, err := jsScanFile(context.Background(), src); err != errJSUnsure {
		t.Fatalf("jsScanFile = %v, want errJSUnsure", err)
	}
	m := jsScanner(javascript.GetLanguage)()
	got, err := m.Map(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	ref, _ := newTSMapper(jsGrammar(javascript.GetLanguage)).Map(context.Background(), src)
	if diff := cmp.Diff(jsListing(ref, src), jsListing(got, src)); diff != "" {
		t.Errorf("fallback map (-tree-sitter +mapper):\n%s", diff)
	}
}

// jsPathological are inputs of n units built to break a scanner or make it slow.
var jsPathological = map[string]func(n int) []byte{
	"empty":             func(int) []byte { return nil },
	"deep brackets":     func(n int) []byte { return []byte(strings.Repeat("(", n) + strings.Repeat(")", n)) },
	"deep blocks":       func(n int) []byte { return []byte(strings.Repeat("{", n) + strings.Repeat("}", n)) },
	"unclosed brackets": func(n int) []byte { return []byte(strings.Repeat("([{", n)) },
	"stray closers":     func(n int) []byte { return []byte(strings.Repeat("([{", n) + strings.Repeat(")]}", n*2)) },
	"deep templates":    func(n int) []byte { return []byte(strings.Repeat("`${", n) + strings.Repeat("}`", n)) },
	"deep JSX":          func(n int) []byte { return []byte("x = " + strings.Repeat("<a>{", n) + strings.Repeat("}</a>", n)) },
	"deep IIFEs":        func(n int) []byte { return []byte(strings.Repeat("(function () {", n) + strings.Repeat("})();", n)) },
	"deep objects": func(n int) []byte {
		return []byte("var a = " + strings.Repeat("{b: function () {}, c: ", n) + strings.Repeat("}", n))
	},
	"deep ifs":              func(n int) []byte { return []byte(strings.Repeat("if (a) ", n) + "b()") },
	"deep classes":          func(n int) []byte { return []byte(strings.Repeat("class A { m() { ", n) + strings.Repeat("} }", n)) },
	"class keywords":        func(n int) []byte { return []byte(strings.Repeat("class ", n)) },
	"unary chain":           func(n int) []byte { return []byte("x = " + strings.Repeat("!", n) + "function () {}()") },
	"huge single line":      func(n int) []byte { return bytes.Repeat([]byte("var a = function () { return 1 / 2 }, "), n) },
	"unterminated string":   func(n int) []byte { return []byte("var s = '" + strings.Repeat("a", n)) },
	"unterminated template": func(n int) []byte { return []byte("var s = `${" + strings.Repeat("a\n", n)) },
	"unterminated regex":    func(n int) []byte { return []byte("var r = /" + strings.Repeat("[", n)) },
	"unterminated comment":  func(n int) []byte { return []byte("/*" + strings.Repeat("function f() {}\n", n)) },
	"invalid UTF-8":         func(n int) []byte { return bytes.Repeat([]byte("function \xff\xfe() {} var \xc3 = 1;\n"), n) },
	"many statements":       func(n int) []byte { return bytes.Repeat([]byte("exports.a = function () {};\n"), n) },
}

// TestJavaScriptScannerPathological maps 32,000 units of each pathological input: no panic, and
// the invariants hold. How the time grows with the size is BenchmarkPathological's (a test does
// not time: a slow machine must not fail it).
func TestJavaScriptScannerPathological(t *testing.T) {
	for name, gen := range jsPathological {
		src := gen(32000)
		res, err := jsScanFile(context.Background(), src)
		if err != nil && err != errJSUnsure {
			t.Fatalf("%s: %v", name, err)
		}
		if res == nil {
			continue
		}
		if err := CheckSymbols(normalize(res.Symbols, CountLines(src)), CountLines(src)); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// FuzzJavaScriptScanner: the scanner never panics, keeps every range inside the file and puts
// parents before their children.
func FuzzJavaScriptScanner(f *testing.F) {
	for _, tc := range jsCases {
		f.Add([]byte(tc.src))
	}
	f.Add([]byte("x = `${`${<a b={`}`}>{/}/}</a>}`}`"))
	f.Add([]byte("class A { static { } #x = 1; get [a]() {} }"))
	f.Fuzz(func(t *testing.T, src []byte) {
		res, err := jsScanFile(context.Background(), src)
		if err != nil && err != errJSUnsure {
			t.Fatalf("Map: %v", err)
		}
		lines := CountLines(src)
		for i, s := range res.Symbols {
			if s.StartLine < 1 || s.EndLine > max(lines, 1) || s.StartLine > s.EndLine {
				t.Fatalf("symbol %d %q: range [%d-%d] outside [1-%d]", i, s.Name, s.StartLine, s.EndLine, lines)
			}
			if s.Parent >= i || s.Parent < -1 {
				t.Fatalf("symbol %d %q: parent %d does not precede it", i, s.Name, s.Parent)
			}
		}
		if err := CheckSymbols(normalize(res.Symbols, lines), lines); err != nil {
			t.Fatal(err)
		}
	})
}

// BenchmarkJavaScriptMapper compares the scanner's throughput with the tree-sitter walk's on the
// JavaScript of Debian's node packages (files up to 1 MiB, so that both can map them).
func BenchmarkJavaScriptMapper(b *testing.B) {
	var files [][]byte
	size := 0
	for _, p := range jsFiles([]string{"/usr/share/nodejs"}, false) {
		src, err := os.ReadFile(p)
		if err != nil || len(src) > 1<<20 || filepath.Ext(p) == "" {
			continue
		}
		files = append(files, src)
		size += len(src)
	}
	if len(files) == 0 {
		b.Skip("SKIP: no JavaScript under /usr/share/nodejs")
	}
	mappers := map[string]func() Mapper{
		"scanner":     func() Mapper { return jsScanOnly{new(int)} },
		"tree-sitter": treeSitter(jsGrammar(javascript.GetLanguage)),
	}
	for _, name := range []string{"scanner", "tree-sitter"} {
		b.Run(name, func(b *testing.B) {
			m := mappers[name]()
			b.ReportAllocs()
			b.SetBytes(int64(size))
			start, n := time.Now(), 0
			for b.Loop() {
				for _, src := range files {
					if _, err := m.Map(context.Background(), src); err != nil {
						b.Fatal(err)
					}
				}
				n++
			}
			b.ReportMetric(float64(n*len(files))/time.Since(start).Seconds(), "files/s")
		})
	}
}
