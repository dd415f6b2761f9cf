package lang

// Tests of the TypeScript scanner (ts_scan.go) by itself: the declarations TypeScript adds, each
// held equal to the tree-sitter walk's map too; the files it must be unsure of, which the mapper
// hands to the walk; syntax errors; its worst inputs; a fuzz test.

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/smacker/go-tree-sitter/typescript/tsx"
	"github.com/smacker/go-tree-sitter/typescript/typescript"
)

// tsCase is a source of a dialect and the scanner's map of it, one symbol a line (jsListing).
type tsCase struct {
	name    string
	dialect uint8
	src     string
	want    []string
}

// tsCases cover what TypeScript adds to JavaScript's declarations.
var tsCases = []tsCase{
	{name: "interface members and overloads", dialect: jsDialectTS, src: `interface I<T> extends J<T>, K {
  readonly a?: string; // doc
  b(x: number): void
  b(x: string): void
  (call: number): void;
  new (x: number): I<T>;
  [key: string]: any;
  get c(): number;
  set c(v: number);
  "quoted-name": number,
  readonly: boolean
}
`, want: []string{
		"interface I [1-12] interface I<T> extends J<T>, K",
		"property I.a [2-2] readonly a?: string",
		"method I.b [3-4] b(x: number): void",
		"method I.new [6-6] new (x: number): I<T>",
		"method I.c [8-8] get c(): number",
		"method I.c [9-9] set c(v: number)",
		"property I.quoted-name [10-10] \"quoted-name\": number",
		"property I.readonly [11-11] readonly: boolean",
	}},
	{name: "type aliases end as the grammar ends them", dialect: jsDialectTS, src: `type A<T> = T | string // comment
type F = () => void
type C<T> = T extends string ? "s" : T extends number ? "n" : never
type M<T> = { readonly [K in keyof T]?: T[K] }
type U =
  | "a"
  | "b"
type P = (x: unknown) => x is string
type N = z.infer<typeof schema>;
`, want: []string{
		"type A [1-1] type A<T> = T | string // comment",
		"type F [2-2] type F = () => void",
		"type C [3-3] type C<T> = T extends string ? \"s\" : T extends number ? \"n\" : never",
		"type M [4-4] type M<T> = { readonly [K in keyof T]?: T[K]}",
		"type U [5-7] type U",
		"type P [8-8] type P = (x: unknown) => x is string",
		"type N [9-9] type N = z.infer<typeof schema>",
	}},
	{name: "enums, namespaces, modules, declare", dialect: jsDialectTS, src: `declare const enum E { A = 1 << 0, B = A | 2, "c-d" }
export declare namespace N.M {
  const x: number
  function f(): void
  namespace Inner { type X = 1 }
}
namespace P { export class Q {} }
declare module "mod" { export function h(): void }
declare module "short";
declare global { interface Window { a: number } }
`, want: []string{
		"enum E [1-1] declare const enum E",
		"enum_member E.A [1-1] A = 1 << 0",
		"enum_member E.B [1-1] B = A | 2",
		"enum_member E.c-d [1-1] \"c-d\"",
		"namespace N.M [2-6] export declare namespace N.M",
		"const N.M.x [3-3] const x: number",
		"function N.M.f [4-4] function f(): void",
		"namespace N.M.Inner [5-5] namespace Inner",
		"type N.M.Inner.X [5-5] type X = 1",
		"namespace P [7-7] namespace P",
		"class P.Q [7-7] export class Q",
		"module mod [8-8] declare module \"mod\"",
		"function mod.h [8-8] export function h(): void",
		"module short [9-9] declare module \"short\"",
	}},
	{name: "function overloads and signatures", dialect: jsDialectTS, src: `export function f(x: string): string;
export function f(x: number): number // trailing
export function f(x: any) { return x }
declare function g<T extends object = {}>(this: Window, ...a: T[]): asserts a is T[];
function h(): void
const between = 1
function h(x?: number) {}
`, want: []string{
		"function f [1-3] export function f(x: string): string",
		"function g [4-4] declare function g<T extends object = {}>(this: Window, ...a: T[]): asserts a is T[]",
		"function h [5-5] function h(): void",
		"const between [6-6] const between = 1",
		"function h [7-7] function h(x?: number)",
	}},
	{name: "classes with modifiers, signatures and index signatures", dialect: jsDialectTS, src: `export abstract class C<T> extends D<T> implements K, L<T> {
  private readonly x: number = 1;
  protected y?: string
  static z!: Map<string, Array<number>>
  [key: string]: any;
  @Input() name: string;
  constructor(a: string);
  constructor(private a?: string) { super(); }
  abstract m(): void;
  n(): void;
  n(x?: number): void {}
  get v(): number { return 1 }
  set v(x: number) {}
  handler = async (e: Event): Promise<void> => {}
  'quoted': number = 2;
  declare w: number;
  accessor acc = 1;
}
`, want: []string{
		"class C [1-18] export abstract class C<T> extends D<T> implements K, L<T>",
		"field C.x [2-2] private readonly x: number = 1",
		"field C.y [3-3] protected y?: string",
		"field C.z [4-4] static z!: Map<string, Array<number>>",
		"field C.name [6-6] name: string",
		"constructor C.constructor [7-8] constructor(a: string)",
		"method C.m [9-9] abstract m(): void",
		"method C.n [10-11] n(): void",
		"method C.v [12-12] get v(): number",
		"method C.v [13-13] set v(x: number)",
		"method C.handler [14-14] handler = async (e: Event): Promise<void> =>",
		"field C.quoted [15-15] 'quoted': number = 2",
		"field C.w [16-16] declare w: number",
		"field C.acc [17-17] accessor acc = 1",
	}},
	{name: "variables with types, generic arrows, as and satisfies", dialect: jsDialectTS, src: `const a = b as Record<string, unknown>
export const c: Map<string, number> = new Map<string, number>(), d = 2
let e = f!
const g = <T,>(x: T): T => x
export const h = async <T = Record<string, unknown>>(x: T): Promise<T> => x
const o = { m<T>(x: T): T { return x }, p: (x: number): number => x } satisfies Api
let x = a < b, y = c > (d)
let typed: (a: string) => Promise<Map<string, number[]>>[]
let next = 1
`, want: []string{
		"const a [1-1] const a = b as Record<string, unknown>",
		"const c [2-2] export const c: Map<string, number> = new Map<string, number>()",
		"const d [2-2] export const d = 2",
		"var e [3-3] let e = f!",
		"function g [4-4] const g = <T,>(x: T): T =>",
		"function h [5-5] export const h = async <T = Record<string, unknown>>(x: T): Promise<T> =>",
		"const o [6-6] const o = { m<T>(x: T): T { return x}, p: (x: number): number => x} satisfies Api",
		"var x [7-7] let x = a < b",
		"var y [7-7] let y = c > (d)",
		"var typed [8-8] let typed: (a: string) => Promise<Map<string, number[]>>[]",
		"var next [9-9] let next = 1",
	}},
	{name: "imports and exports", dialect: jsDialectTS, src: `import x = require("not-an-import");
import type { A } from "types";
import { type B, C } from "bc";
export type { D } from "d";
export * as ns from "ns";
export = Foo;
export as namespace Lib;
export default interface Props { a: string }
`, want: []string{
		"interface Props [8-8] export default interface Props",
		"property Props.a [8-8] a: string",
		"import types",
		"import bc",
		"import d",
		"import ns",
	}},
	{name: "tsx: elements and generic arrows", dialect: jsDialectTSX, src: `import React from "react";
export const App = () => <div className="a">{items.map((i) => <Item key={i} />)}</div>
const id = <T,>(x: T) => x
const first = <T extends unknown[]>(xs: T) => xs[0]
export default function Page({ a }: { a: string }): JSX.Element {
  return <>{a}</>
}
`, want: []string{
		"function App [2-2] export const App = () =>",
		"function id [3-3] const id = <T,>(x: T) =>",
		"function first [4-4] const first = <T extends unknown[]>(xs: T) =>",
		"function Page [5-7] export default function Page({ a}: { a: string}): JSX.Element",
		"import react",
	}},
}

// TestTypeScriptScanner maps each case and compares with the listed map and with the
// tree-sitter walk's, which must parse the case without errors.
func TestTypeScriptScanner(t *testing.T) {
	walks := map[uint8]*tsMapper{
		jsDialectTS:  newTSMapper(jsGrammar(typescript.GetLanguage)).(*tsMapper),
		jsDialectTSX: newTSMapper(jsGrammar(tsx.GetLanguage)).(*tsMapper),
	}
	for _, tc := range tsCases {
		t.Run(tc.name, func(t *testing.T) {
			src := []byte(tc.src)
			got, why, err := jsScanDialect(context.Background(), src, tc.dialect)
			if err != nil {
				t.Fatalf("Map: %v (%s)", err, why)
			}
			if diff := cmp.Diff(tc.want, jsListing(got, src)); diff != "" {
				t.Errorf("Map(%q) (-want +got):\n%s", tc.src, diff)
			}
			ref, hadErrors, err := walks[tc.dialect].mapOnce(context.Background(), src, src)
			if err != nil || hadErrors {
				t.Fatalf("tree-sitter: %v, errors %v", err, hadErrors)
			}
			if diff := cmp.Diff(tsKeys(normalize(ref.Symbols, CountLines(src))), tsKeys(normalize(got.Symbols, CountLines(src)))); diff != "" {
				t.Errorf("scanner against tree-sitter (-tree-sitter +scanner):\n%s", diff)
			}
			if diff := cmp.Diff(ref.Imports, got.Imports); diff != "" {
				t.Errorf("imports against tree-sitter (-tree-sitter +scanner):\n%s", diff)
			}
		})
	}
}

// tsUnsureCases are sources the scanner must hand to the walk: what it cannot read exactly.
var tsUnsureCases = []struct{ name, src string }{
	{"an instantiation expression before a line break", "const m = new Map<string, number>\nconst n = 1\n"},
	{"a class member's modifier before a line break", "class A {\n  declare\n  x: number\n}\n"},
	{"an abstract before a line break", "abstract class A {\n  abstract\n  foo(): void\n}\n"},
	{"an index signature with modifiers", "class A {\n  static readonly [k: string]: any;\n}\n"},
	{"type arguments that never close", "type A = B<C\n"},
}

// TestTypeScriptScannerUnsure: the scanner is unsure of each case, and the mapper's map is the
// walk's.
func TestTypeScriptScannerUnsure(t *testing.T) {
	walk := newTSMapper(jsGrammar(typescript.GetLanguage))
	mapper := tsScanner(typescript.GetLanguage, jsDialectTS)()
	for _, tc := range tsUnsureCases {
		t.Run(tc.name, func(t *testing.T) {
			src := []byte(tc.src)
			if _, why, err := jsScanDialect(context.Background(), src, jsDialectTS); !errors.Is(err, errJSUnsure) || why == "" {
				t.Fatalf("jsScanDialect(%q) = %v %q, want errJSUnsure with a reason", tc.src, err, why)
			}
			ref, err := walk.Map(context.Background(), src)
			if err != nil {
				t.Fatal(err)
			}
			got, err := mapper.Map(context.Background(), src)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(jsListing(ref, src), jsListing(got, src)); diff != "" {
				t.Errorf("mapper against the walk (-walk +mapper):\n%s", diff)
			}
		})
	}
}

// TestTypeScriptScannerUnparsed: a file the scanner maps despite a syntax error reports the
// lines it could not read past, as the JavaScript scanner does.
func TestTypeScriptScannerUnparsed(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      [][2]int
	}{
		{"a class never closed", "type A = 1\nclass C {\n  m() {}\n", [][2]int{{2, 3}}},
		{"a call never closed", "const a = 1\nfunction f(): void {\n  g(\n}\ntype T = 1\n", [][2]int{{3, 5}}},
		{"a namespace never closed", "enum E { A }\nnamespace N {\n  const x = 1\n", [][2]int{{2, 3}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, why, err := jsScanDialect(context.Background(), []byte(tc.src), jsDialectTS)
			if err != nil {
				t.Fatalf("Map: %v (%s)", err, why)
			}
			if diff := cmp.Diff(tc.want, res.Unparsed); diff != "" {
				t.Errorf("Unparsed of %q (-want +got):\n%s", tc.src, diff)
			}
		})
	}
}

// tsPathological are the inputs that could make the scanner slow or deep, by size n.
var tsPathological = map[string]func(n int) []byte{
	"nested generics": func(n int) []byte {
		return []byte("type A = " + strings.Repeat("B<", n) + "C" + strings.Repeat(">", n) + "\n")
	},
	"nested generics, unclosed": func(n int) []byte {
		return []byte("let a: " + strings.Repeat("Array<", n) + "\nconst b = 1\n")
	},
	"nested object types": func(n int) []byte {
		return []byte("interface I { a: " + strings.Repeat("{ b: ", n) + "1" + strings.Repeat(" }", n) + " }\n")
	},
	"nested brackets, unclosed": func(n int) []byte {
		return []byte("type T = " + strings.Repeat("[(", n) + "\n")
	},
	"nested namespaces": func(n int) []byte {
		return []byte(strings.Repeat("namespace N {\n", n) + strings.Repeat("}\n", n))
	},
	"nested conditional types": func(n int) []byte {
		return []byte("type C<T> = " + strings.Repeat("T extends A ? ", n) + "1" + strings.Repeat(" : 2", n) + "\n")
	},
	"unclosed everything": func(n int) []byte {
		return []byte(strings.Repeat("class A<T extends { interface I { m(): Array<(`${", n/8))
	},
	"many angle brackets": func(n int) []byte {
		return bytes.Repeat([]byte("a < b > c < d\n"), n/4)
	},
	"one long line": func(int) []byte {
		return bytes.Repeat([]byte("let x: Map<string, number> = f<A>(y as B); "), (1<<20)/44)
	},
	"invalid UTF-8": func(n int) []byte {
		return bytes.Repeat([]byte("interface \xff\xfe { \xc3: \x80 }\nclass \xe2\x82 { m(): \xff }\n"), n/16)
	},
}

// TestTypeScriptScannerPathological: the worst inputs terminate, and the maps keep every range
// inside the file, parents first.
func TestTypeScriptScannerPathological(t *testing.T) {
	for name, gen := range tsPathological {
		for _, dialect := range []uint8{jsDialectTS, jsDialectTSX} {
			src := gen(32000)
			res, _, err := jsScanDialect(context.Background(), src, dialect)
			if err != nil && !errors.Is(err, errJSUnsure) {
				t.Fatalf("%s: %v", name, err)
			}
			if err := CheckSymbols(normalize(res.Symbols, CountLines(src)), CountLines(src)); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
	}
}

// FuzzTypeScriptScanner: the TypeScript mapper (the scanner, or the walk for what it is unsure
// of) never panics, and its maps keep every range inside the file, parents first.
func FuzzTypeScriptScanner(f *testing.F) {
	for _, tc := range tsCases {
		f.Add([]byte(tc.src))
	}
	for _, tc := range tsUnsureCases {
		f.Add([]byte(tc.src))
	}
	f.Add([]byte("class A<T> { m<U>(): U; [k: string]: T; #p?: A<B<C>> = x as D }"))
	mapper := tsScanner(typescript.GetLanguage, jsDialectTS)()
	mapperTSX := tsScanner(tsx.GetLanguage, jsDialectTSX)()
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, m := range []Mapper{mapper, mapperTSX} {
			res, err := m.Map(context.Background(), src)
			if err != nil || res == nil {
				continue // no map: the file gets the fallback map
			}
			lines := CountLines(src)
			for i, s := range res.Symbols {
				if s.Parent >= i || s.Parent < -1 {
					t.Fatalf("symbol %d %q: parent %d does not precede it", i, s.Name, s.Parent)
				}
			}
			if err := CheckSymbols(normalize(res.Symbols, lines), lines); err != nil {
				t.Fatal(err)
			}
		}
	})
}
