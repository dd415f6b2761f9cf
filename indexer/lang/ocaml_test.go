package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestOCamlOperatorsAndUnitBindings: `let ( ^ ) a b = ...` and `val ( @ ) : ...` define the
// operators ^ and @ (as OCaml's own tools name them; ctags tags them so), a keyword operator keeps
// its parentheses (`( mod )`), and `let () = ...` and `let _ = ...` define nothing; for the
// scanner and for the tree-sitter mapper it replaced alike.
func TestOCamlOperatorsAndUnitBindings(t *testing.T) {
	src := `let ( ^ ) s1 s2 = s1
let (@) l1 l2 = l1
let ( mod ) a b = a
let () = print_string "x"
let _ = 1
external ( +. ) : float -> float -> float = "%addfloat"
let f x = x
`
	want := []string{
		"function ^ [1-1] let (^) s1 s2",
		"function @ [2-2] let (@) l1 l2",
		"function ( mod ) [3-3] let (mod) a b",
		`function +. [6-6] external (+.) : float -> float -> float = "%addfloat"`,
		"function f [7-7] let f x",
	}
	for name, m := range map[string]Mapper{"scanner": mlMapper{}, "tree-sitter": newTSMapper(ocamlGrammar())} {
		if diff := cmp.Diff(want, scannerLines(t, m, src)); diff != "" {
			t.Errorf("%s map (-want +got):\n%s", name, diff)
		}
	}
}
