package lang

// Tests of the OCaml scanner (ocaml_scan.go) by itself: the constructs easy to misread, its
// worst inputs, a fuzz test, and its speed against the tree-sitter mapper it replaced.

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// mlCase is a source and the scanner's map of it; iface marks an interface (.mli). differs,
// when set, says why the tree-sitter reference maps it otherwise.
type mlCase struct {
	name, src string
	iface     bool
	want      []string
	differs   string
}

// mlCases cover the lexical traps of OCaml and the items the scanner reads.
var mlCases = []mlCase{
	{name: "comments, strings, quoted strings and chars that hold keywords and brackets; opens", src: `(* a "string *)" in a comment, (* nested *), 'x', '"' and don't *)
open Printf (* } *)
open! Stdlib.List
open F(X)
let s = "let x = 1 (* no comment *)"
let q = {|let y = 2 "|}
let r = {id|a |} b|id}
let c = '"'
let d = '\''
let e = 'a' and f = '\n'
let g (x : 'a) = x
let h x = (* let *) x
let s' = "\"" ^ "end"
let i = {%ext|let j = 1|}
`, want: []string{
		`var s [5-5] let s = "let x = 1 (* no comment *)"`,
		`var q [6-6] let q = {|let y = 2 "|}`,
		`var r [7-7] let r = {id|a |} b|id}`,
		`var c [8-8] let c = '"'`,
		`var d [9-9] let d = '\''`,
		`var e [10-10] let e = 'a'`,
		`var f [10-10] and f = '\n'`,
		`function g [11-11] let g (x : 'a)`,
		`function h [12-12] let h x = (* let *)`,
		`var s' [13-13] let s' = "\"" ^ "end"`,
		`var i [14-14] let i = {%ext|let j = 1|}`,
		"import Printf",
		"import Stdlib.List",
	}},
	{name: "local definitions are not mapped; where an expression ends", src: `let f x =
  let y = x + 1 in
  let rec g z = z and k = 2 in
  match y with
  | 0 -> let a = 1 in a
  | exception Not_found -> 0
  | _ -> g y
let v = begin let w = 1 in w end
let w = f 1;;
let x = 1 in print_int x;;
let module_ = let module M = struct let m = 1 end in M.m
let o = let open List in length [] ; 3
let z = fun x ->
  x
and u = function
  | _ -> ()
let (a, b) = (1, 2)
let () = ()
let _ = 1
let t : int = 3
let p ~x ?(y = 1) ~z:(w, _) (type a) = x
let abstract (type a) = fun (x : a) -> x
let abs2 (type a) = 3
`, want: []string{
		"function f [1-7] let f x",
		"var v [8-8] let v = begin let w = 1 in w end",
		"var w [9-9] let w = f 1",
		"var module_ [11-11] let module_ = let module M = struct let m = 1 end in M.m",
		"var o [12-12] let o = let open List in length [] ; 3",
		"function z [13-14] let z",
		"function u [15-16] and u",
		"var t [20-20] let t : int = 3",
		"function p [21-21] let p ~x ?(y = 1) ~z:(w, _) (type a)",
		"function abstract [22-22] let abstract (type a)",
		"var abs2 [23-23] let abs2 (type a) = 3",
	}},
	{name: "operators and keyword operators", src: `let ( ^ ) s1 s2 = s1
let (@) l1 l2 = l1
let ( mod ) a b = a
let ( let* ) x f = f x
let ( .%{} ) t i = t
let ( .%{}<- ) t i v = ()
external ( +. ) : float -> float -> float = "%addfloat"
let f x = x
`, want: []string{
		"function ^ [1-1] let (^) s1 s2",
		"function @ [2-2] let (@) l1 l2",
		"function ( mod ) [3-3] let (mod) a b",
		"function ( let* ) [4-4] let (let*) x f",
		"function .%{} [5-5] let (.%{}) t i",
		"function .%{}<- [6-6] let (.%{}<-) t i v",
		`function +. [7-7] external (+.) : float -> float -> float = "%addfloat"`,
		"function f [8-8] let f x",
	}},
	{name: "types: parameters, variants, records, objects, extensions, constraints", src: `type 'a t = 'a list
type ('a, 'b) u =
  | A of 'a
  | B : int -> ('a, int) u
and +'a v = { mutable x : 'a; y : int }
and _ w = W
type nonrec t = t
type t += C | D of int
type M.ext += E
type o = < m : int -> int; .. >
type p = [ ` + "`A | `B of int ]" + `
type 'a c = 'a list constraint 'a = int
exception Error of string * int
exception Alias = Error
type abstract
`, want: []string{
		"type t [1-1] type 'a t = 'a list",
		"type u [2-4] type ('a, 'b) u",
		"type v [5-5] and +'a v = { mutable x : 'a; y : int}",
		"type w [6-6] and _ w = W",
		"type t [7-7] type nonrec t = t",
		"type t [8-8] type t += C | D of int",
		"type M.ext [9-9] type M.ext += E",
		"type o [10-10] type o = < m : int -> int; .. >",
		"type p [11-11] type p = [`A | `B of int]",
		"type c [12-12] type 'a c = 'a list constraint 'a = int",
		"type Error [13-13] exception Error of string * int",
		"type Alias [14-14] exception Alias = Error",
		"type abstract [15-15] type abstract",
	}},
	{name: "modules: structures, signatures, functors, module types, recursion", src: `module M = struct
  let x = 1
  module N = struct type t = int end
  open Inner
end
module S : sig val size : int end = struct
  let size = 3
end
module type T = sig
  type t
  val f : t -> t
  module type U = sig end
end
module type W = sig type t end with type t = int
module F (X : T) : T with type t = X.t = struct
  type t = X.t
  let f x = x
end
module G = functor (X : T) -> struct let g = 1 end
module rec A : sig type a end = struct type a = int end
and B : sig end = struct end
module Alias = M
module _ = struct end
include M
`, want: []string{
		"module M [1-5] module M",
		"  var M.x [2-2] let x = 1",
		"  module M.N [3-3] module N",
		"    type M.N.t [3-3] type t = int",
		"module S [6-8] module S : sig val size : int end",
		"  var S.size [6-6] val size : int",
		"  var S.size [7-7] let size = 3",
		"interface T [9-13] module type T",
		"  type T.t [10-10] type t",
		"  function T.f [11-11] val f : t -> t",
		"  interface T.U [12-12] module type U",
		"interface W [14-14] module type W",
		"module F [15-18] module F (X : T) : T with type t = X.t",
		"  type F.t [16-16] type t = X.t",
		"  function F.f [17-17] let f x",
		"module G [19-19] module G",
		"module A [20-20] module rec A : sig type a end",
		"  type A.a [20-20] type a",
		"  type A.a [20-20] type a = int",
		"module B [21-21] and B : sig end",
		"module Alias [22-22] module Alias",
		"module _ [23-23] module _",
		"import Inner",
	}},
	{name: "classes: methods, instance variables, class types", src: `class counter init = object (self)
  inherit base as super
  val mutable count = init
  val virtual v : int
  method incr = count <- count + 1; self#get
  method private get = count
  method virtual name : string
  method! to_string () = "x"
  initializer print_string "new"
  constraint 'a = int
end
and virtual ['a] holder = object
  method virtual get : 'a
end
class type printable = object
  method print : unit
end
`, want: []string{
		"class counter [1-11] class counter init",
		"  field counter.count [3-3] val mutable count",
		"  field counter.v [4-4] val virtual v : int",
		"  method counter.incr [5-5] method incr",
		"  method counter.get [6-6] method private get",
		"  method counter.name [7-7] method virtual name : string",
		"  method counter.to_string [8-8] method! to_string ()",
		"class holder [12-14] and virtual ['a] holder",
		"  method holder.get [13-13] method virtual get : 'a",
		"class printable [15-17] class type printable",
	}},
	{name: "a class's local definition is no member", src: `class made = let x = 1 in object method x = x end
`, want: []string{
		"class made [1-1] class made",
	}, differs: "the walk maps the definitions of a class's `let ... in` as members (made.x)"},
	{name: "an interface: values, externals, specifications, doc comments, attributes", iface: true, src: `(** The interface. *)

type t
(** A thing. *)

val make : int -> t
(** [make n] makes one. *)

val zero : t
val poly : 'a. 'a -> 'a
val paren : (int -> int)
external length : t -> int = "t_length" [@@noalloc]
val deprecated : t -> unit
  [@@ocaml.deprecated "Use something else."]
exception Failed of string
  [@ocaml.warn_on_literal_pattern]
module Sub : sig
  val inner : int
end
module Same = Stdlib.List
module type S = sig val s : t end
module Make (X : S) : S with type t = int
class c : int -> object method m : int end
class type ct = object method m : int end
type u := t
module M := Stdlib
open Stdlib
include S
`, want: []string{
		"type t [3-3] type t",
		"function make [6-6] val make : int -> t",
		"var zero [9-9] val zero : t",
		"var poly [10-10] val poly : 'a. 'a -> 'a",
		"var paren [11-11] val paren : (int -> int)",
		`function length [12-12] external length : t -> int = "t_length" [@@noalloc]`,
		`function deprecated [13-14] val deprecated : t -> unit [@@ocaml.deprecated "Use something else."]`,
		"type Failed [15-16] exception Failed of string",
		"module Sub [17-19] module Sub : sig",
		"  var Sub.inner [18-18] val inner : int",
		"module Same [20-20] module Same",
		"interface S [21-21] module type S",
		"  var S.s [21-21] val s : t",
		"module Make [22-22] module Make (X : S) : S with type t = int",
		"class c [23-23] class c : int -> object method m : int end",
		"class ct [24-24] class type ct",
		"type u [25-25] type u := t",
		"module M [26-26] module M :",
		"import Stdlib",
	}},
	{name: "raw identifiers (OCaml 5.2) are names, not keywords", src: `type \#begin = \#end
let \#if x = x
`, want: []string{
		`type \#begin [1-1] type \#begin = \#end`,
		`function \#if [2-2] let \#if x`,
	}},
	{name: "attributes, extensions and directives", src: `#!/usr/bin/env ocaml
let[@inline] f x = x
let g x = x [@@inline always]
[@@@warning "-32"]
[%%ext let hidden = 1]
let%lwt h = return 1
# 12 "generated.ml"
let k = 1 [@attr]
let l = 2
`, want: []string{
		"function f [2-2] let[@inline] f x",
		"function g [3-3] let g x",
		"var h [6-6] let%lwt h = return 1",
		"var k [8-8] let k = 1 [@attr]",
		"var l [9-9] let l = 2",
	}},
}

// TestOCamlScanner covers the lexical traps of OCaml and the items the scanner reads; each case
// is also mapped by the tree-sitter reference, which must agree exactly (attributes [@...]
// aside, which the reference leaves out of ranges: see ocaml_diff_test.go).
func TestOCamlScanner(t *testing.T) {
	for _, tc := range mlCases {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, scannerLines(t, mlMapper{}, tc.src)); diff != "" {
				t.Errorf("map (-want +got):\n%s", diff)
			}
			if tc.differs != "" {
				t.Logf("not compared with tree-sitter: %s", tc.differs)
				return
			}
			path := "case.ml"
			if tc.iface {
				path = "case.mli"
			}
			st := &mlDiffStats{}
			st.add(mlFile{path, []byte(tc.src)}, newTSMapper(ocamlGrammar()).(*tsMapper))
			if st.clean != 1 || st.equal != 1 {
				t.Errorf("tree-sitter maps it otherwise (clean %d, equal %d): %v %v", st.clean, st.equal, st.diffs, st.failures)
			}
		})
	}
}

// mlPathological are sources built to be the scanner's worst case: deep nesting of everything
// it enters or skips, long runs of lookahead, and input that never closes.
var mlPathological = map[string]func(n int) string{
	"modules in modules":    func(n int) string { return strings.Repeat("module M = struct\n", n) + strings.Repeat("end\n", n) },
	"signatures in modules": func(n int) string { return strings.Repeat("module M : sig\n", n) + strings.Repeat("end\n", n) },
	"signatures with": func(n int) string {
		return strings.Repeat("module M : sig ", n) + strings.Repeat("end with type t = int ", n)
	},
	"objects in classes": func(n int) string { return strings.Repeat("class c = object method m = object\n", n) },
	"brackets in a body": func(n int) string {
		return "let f x = " + strings.Repeat("(", n) + strings.Repeat(")", n) + "\n"
	},
	"local lets": func(n int) string { return "let f x =\n" + strings.Repeat("let y = x in\n", n) + "y\n" },
	"lets that never end": func(n int) string {
		return strings.Repeat("let x = let y = ", n)
	},
	"and chains":     func(n int) string { return "let a = 1" + strings.Repeat(" and b = 2", n) + "\n" },
	"unclosed":       func(n int) string { return "let f = " + strings.Repeat("f (", n) },
	"comments":       func(n int) string { return strings.Repeat("(* (* ", n) },
	"strings":        func(n int) string { return strings.Repeat("\"\\", n) },
	"quoted strings": func(n int) string { return strings.Repeat("{id|", n) },
	"quotes":         func(n int) string { return strings.Repeat("'\\", n) },
	"operator lookahead": func(n int) string {
		return strings.Repeat("let ( .%{ ", n)
	},
	"polymorphic lookahead": func(n int) string { return "val f : " + strings.Repeat("'a ", n) + "-> int\n" },
	"with constraints": func(n int) string {
		return "module M : S with type t = int" + strings.Repeat(" and type u = int", n) + " = struct end\n"
	},
	"one long line": func(n int) string {
		return strings.Repeat("let f x = x module M = struct type t = A end class c = object method m = 1 end ", n)
	},
	"attributes": func(n int) string { return "let x = 1" + strings.Repeat(" [@a]", n) + "\n" },
	"paths":      func(n int) string { return "open " + strings.Repeat("M.", n) + "N\n" },
}

// TestOCamlScannerPathological: the worst cases finish quickly, and their maps keep the
// invariants.
func TestOCamlScannerPathological(t *testing.T) {
	checkScannerPathological(t, func() Mapper { return mlMapper{} }, mlPathological)
}

// FuzzOCamlScanner feeds the scanner random sources: it must not panic or run on, must keep every
// range inside the file and every member inside its parent, and must map a file the same each
// time.
func FuzzOCamlScanner(f *testing.F) {
	for _, tc := range mlCases {
		f.Add([]byte(tc.src))
	}
	for _, seed := range []string{
		"(* unclosed", "\"unclosed", "{id|unclosed", "'", "'\\", "let", "let (", "let ( .%{", "module M : sig",
		"module type S = sig end with", "class c = object", "type t = {", "end end ;; in and", "\x00\xff\xfe(*)",
		"let x = let y = let z =", "val f : 'a 'b", "# 1 \"x\"\nlet x = 1", "#!", "{%%ext|", "[@@@", "[%%x",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) { checkScannerRun(t, func() Mapper { return mlMapper{} }, src) })
}

// BenchmarkOCamlMapper maps the differential test's corpora of the OCaml standard library with
// the scanner and with the tree-sitter mapper it replaced, and reports MB/s and files/s. The
// tree-sitter grammar reads implementations only: its runs map the .ml files, and so do the
// scanner's that are compared with them.
//
//	go test ./indexer/lang -run '^$' -bench OCamlMapper -benchtime 3x
func BenchmarkOCamlMapper(b *testing.B) {
	for _, c := range mlDiffCorpora[1:] {
		for _, m := range []struct {
			name string
			new  func() Mapper
			ext  string
		}{
			{"scanner .ml", func() Mapper { return mlMapper{} }, ".ml"},
			{"tree-sitter .ml", func() Mapper { return newTSMapper(ocamlGrammar()) }, ".ml"},
			{"scanner .mli", func() Mapper { return mlMapper{} }, ".mli"},
		} {
			b.Run(c.name+"/"+m.name, func(b *testing.B) {
				all, skip := c.files()
				if skip != "" {
					b.Skipf("SKIP: %s", skip)
				}
				var files [][]byte
				var total int64
				for _, f := range all {
					if strings.HasSuffix(f.path, m.ext) {
						files = append(files, f.src)
						total += int64(len(f.src))
					}
				}
				if len(files) == 0 {
					b.Skipf("SKIP: no %s files", m.ext)
				}
				benchMapper(b, m.new(), files, total)
			})
		}
	}
}
