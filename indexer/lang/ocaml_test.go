package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestOCamlOperatorsAndUnitBindings: `let ( ^ ) a b = ...` and `val ( @ ) : ...` define the
// operators ^ and @ (as OCaml's own tools name them; ctags tags them so), a keyword operator keeps
// its parentheses (`( mod )`), and `let () = ...` and `let _ = ...` define nothing.
func TestOCamlOperatorsAndUnitBindings(t *testing.T) {
	src := `let ( ^ ) s1 s2 = s1
let (@) l1 l2 = l1
let ( mod ) a b = a
let () = print_string "x"
let _ = 1
external ( +. ) : float -> float -> float = "%addfloat"
let f x = x
`
	got := scannerLines(t, newTSMapper(ocamlGrammar()), src)
	want := []string{
		"function ^ [1-1] let (^) s1 s2",
		"function @ [2-2] let (@) l1 l2",
		"function ( mod ) [3-3] let (mod) a b",
		`function +. [6-6] external (+.) : float -> float -> float = "%addfloat"`,
		"function f [7-7] let f x",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("map (-want +got):\n%s", diff)
	}
}
