(* A tiny expression parser: its interface. *)

(** The syntax tree. *)
type expr =
  | Num of int
  | Add of expr * expr
  | Mul of expr * expr

and token = Plus | Times | Int of int

(** A place in the input. *)
type position = { line : int; column : int }

exception Parse_error of string * position
(** Raised by {!parse} on input it cannot read. *)

val max_depth : int
(** How deep expressions may nest. *)

val eval : expr -> int
(** [eval e] is the value of [e]. *)

val show : expr -> string

val parse : token list -> expr
(** [parse tokens] reads one expression.
    @raise Parse_error when [tokens] hold none. *)

(** What prints expressions. *)
module type PRINTER = sig
  val print : expr -> unit
end

module Printer : PRINTER

(** Parses with {!parse} and prints with [P]. *)
module Make (P : PRINTER) : sig
  val run : token list -> unit
end

(** What evaluates expressions and counts them. *)
class type evaluating = object
  val mutable count : int
  method eval : expr -> int
end

class evaluator : evaluating

external now : unit -> float = "caml_sys_time"
