(* A tiny expression parser. *)
open Printf
open Lexer

(** The syntax tree. *)
type expr =
  | Num of int
  | Add of expr * expr
  | Mul of expr * expr

and token = Plus | Times | Int of int

type position = { line : int; column : int }

exception Parse_error of string * position

let max_depth = 64

(** Evaluates an expression. *)
let rec eval = function
  | Num n -> n
  | Add (a, b) -> eval a + eval b
  | Mul (a, b) -> eval a * eval b

and show e =
  match e with
  | Num n -> string_of_int n
  | Add (a, b) -> sprintf "(%s + %s)" (show a) (show b)
  | Mul (a, b) -> sprintf "(%s * %s)" (show a) (show b)

let parse tokens =
  let rec go depth = function
    | [] -> raise (Parse_error ("empty", { line = 0; column = 0 }))
    | Int n :: rest -> (Num n, rest)
    | _ :: rest -> go (depth + 1) rest
  in
  fst (go 0 tokens)

module type PRINTER = sig
  val print : expr -> unit
end

module Printer : PRINTER = struct
  let print e = print_endline (show e)
end

module Make (P : PRINTER) = struct
  let run tokens = P.print (parse tokens)
end

class evaluator = object
  val mutable count = 0
  method eval e = count <- count + 1; eval e
end

external now : unit -> float = "caml_sys_time"

let () = Printer.print (Num 1)
