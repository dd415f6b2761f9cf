package lang

import "testing"

// TestOCamlUnparsed: a comment (which nests, and whose strings count), a string, a quoted string,
// a bracket or a struct left open runs to the end of an OCaml file, and the scanner says from
// where; a valid file reports nothing.
func TestOCamlUnparsed(t *testing.T) {
	testPastBreak(t, mlMapper{}, []pastBreakCase{
		{"comment left open", "let a = 1\n(* open (* *) \"*)\"\ntype b = int\n", [][2]int{{2, 3}}, "b"},
		{"string left open", "let a = 1\nlet s = \"open\ntype b = int\n", [][2]int{{2, 3}}, "b"},
		{"quoted string left open", "let a = 1\nlet s = {id|open |}\ntype b = int\n", [][2]int{{2, 3}}, "b"},
		{"paren left open", "let a = 1\n(\ntype b = int\n", [][2]int{{2, 3}}, "b"},
		{"struct left open", "let a = 1\nmodule M = struct\n  type b = int\n", [][2]int{{2, 3}}, "b"},
		{"valid", "let f = ( * )\nlet s = {|(*|} (* \"(*\" *)\nmodule M = struct let x = begin 1 end end\ntype b = int\n", nil, "b"},
	})
}
