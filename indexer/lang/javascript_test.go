package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestTypeScriptMembers covers what TypeScript's own parser showed the mapper got wrong on
// lib.dom.d.ts and lib.es5.d.ts (see TestTypeScriptAgainstTSC): quoted member names, overloaded
// construct signatures, accessor pairs in interfaces, enum members written as strings.
func TestTypeScriptMembers(t *testing.T) {
	for _, tc := range []struct {
		name, file, src string
		want            []string
	}{
		{"quoted names are the names without their quotes", "a.ts", `interface AbortSignalEventMap {
    "abort": Event;
    "$&": string;
    'q'(): void;
}
class C {
    "lit" = 1;
    'm'() {}
}
`, []string{"interface AbortSignalEventMap [1-5]", "  property AbortSignalEventMap.abort [2-2]",
			"  property AbortSignalEventMap.$& [3-3]", "  method AbortSignalEventMap.q [4-4]",
			"class C [6-9]", "  field C.lit [7-7]", "  method C.m [8-8]"}},
		{"construct signatures overload like methods", "a.ts", `interface ArrayConstructor {
    new(arrayLength?: number): any[];
    new <T>(arrayLength: number): T[];
    new <T>(...items: T[]): T[];
    isArray(arg: any): arg is any[];
}
`, []string{"interface ArrayConstructor [1-6]", "  method ArrayConstructor.new [2-4]", "  method ArrayConstructor.isArray [5-5]"}},
		{"an interface's getter and setter are two symbols, not overloads", "a.ts", `interface Document {
    get location(): Location;
    set location(href: string | Location);
    f(a: string): void;
    f(a: number): void;
}
`, []string{"interface Document [1-6]", "  method Document.location [2-2]", "  method Document.location [3-3]",
			"  method Document.f [4-5]"}},
		{"enum members written as strings, with and without values", "a.ts", `enum E {
    "a-b",
    C,
    "d" = 2,
}
`, []string{"enum E [1-5]", "  enum_member E.a-b [2-2]", "  enum_member E.C [3-3]", "  enum_member E.d [4-4]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, mapLines(t, tc.file, tc.src)); diff != "" {
				t.Errorf("map (-want +got):\n%s", diff)
			}
		})
	}
}

// TestJavaScriptContainers covers the ways JavaScript written before modules and classes holds
// its functions, which ctags and TypeScript's parser showed the map left out: a whole file in a
// UMD or IIFE wrapper (its map held landmarks only), object literals of functions, the module
// pattern and TypeScript's ES5 classes, and CommonJS exports of plain values.
func TestJavaScriptContainers(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"a UMD wrapper's factory is the file's top level", `(function (global, factory) {
  typeof exports === 'object' ? factory(exports) : factory((global.lib = {}));
})(this, (function (exports) { 'use strict';
  var Parser = function Parser(input) {
    this.input = input;
  };
  Parser.prototype.next = function next () {
    return 1
  };
  function helper() {}
}));
`, []string{"function Parser [4-6]", "method Parser.next [7-9]", "function helper [10-10]"}},
		{"an IIFE and a negated one", `(function () {
  function a() {}
})();
!function () {
  const b = () => 1;
}();
`, []string{"function a [2-2]", "function b [5-5]"}},
		{"an object literal of functions", `var util = {
  trim: function (s) { return s.trim(); },
  'quoted-name': () => 1,
  short() {},
  count: 3,
  nested: {
    inner: function () {},
  },
};
`, []string{"var util [1-9]", "  method util.trim [2-2]", "  method util.quoted-name [3-3]", "  method util.short [4-4]",
			"  property util.nested [6-8]", "    method util.nested.inner [7-7]"}},
		{"TypeScript's ES5 class", `var ErrorHandler = /** @class */ (function () {
    function ErrorHandler() {
        this.errors = [];
    }
    ErrorHandler.prototype.recordError = function (error) {
        this.errors.push(error);
    };
    return ErrorHandler;
}());
`, []string{"class ErrorHandler [1-9]", "  function ErrorHandler.ErrorHandler [2-4]", "  method ErrorHandler.recordError [5-7]"}},
		{"exports of objects, prototypes and plain values", `exports.Character = void 0;
exports.Character = {
    isDigit: function (cp) { return cp >= 48; },
};
Stack.prototype = {
    push: function (x) {},
};
exports.VERSION = '1.0';
module.exports.limit = 10;
exports.Syntax = { A: 'a' };
`, []string{"var Character [2-4]", "  method Character.isDigit [3-3]", "var Stack [5-7]", "  method Stack.push [6-6]",
			"var VERSION [8-8]", "var limit [9-9]", "var Syntax [10-10]"}},
		{"a call's function argument inside a function is a local", `function f() {
  run(function () { function inner() {} });
}
`, []string{"function f [1-3]"}},
		{"module.exports of a named function is named by it", `module.exports = function sub(pattern) {
  return pattern;
};
`, []string{"function sub [1-3]"}},
		{"a prototype's plain values are its properties", `function Section(a) {}
Section.prototype.constructor = Section;
Formatter.prototype.Section = wrap(class Section {
  m() {}
});
`, []string{"function Section [1-1]", "property Section.constructor [2-2]", "property Formatter.Section [3-5]"}},
		{"top-level assignments to plain names of functions and objects, and a top-level if's branches", `options = {
  quiet: false,
};
handler = function (e) {};
count = 3;
if (typeof console === 'undefined') {
  console = { log: print };
  var shim = 1;
} else if (typeof process === 'undefined') {
  process = {
    on: function (evt, callback) {},
  };
}
function f() {
  inner = {};
  if (x) { var local = 1; }
}
`, []string{"var options [1-3]", "function handler [4-4]", "var console [7-7]", "var shim [8-8]", "var process [10-12]",
			"  method process.on [11-11]", "function f [14-17]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, mapLines(t, "a.js", tc.src)); diff != "" {
				t.Errorf("map (-want +got):\n%s", diff)
			}
		})
	}
}
