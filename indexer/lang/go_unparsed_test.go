package lang

import (
	"strings"
	"testing"
)

// TestGoUnparsed: a comment, raw string or brace left open loses go/parser what follows, and the
// mapper says from where. Another syntax error makes unparsed the declaration that holds it, or
// what go/parser skipped to resync at the next const, type or var: a string its line ends loses
// nothing after its declaration, but left between declarations it loses the funcs up to the next
// const, type or var. Where go/parser gives up after ten errors, what precedes the damage stays
// mapped. A valid file reports nothing, also one the scanner leaves to go/parser.
func TestGoUnparsed(t *testing.T) {
	manyErrors := "package p\n\nfunc a() {}\n\nfunc b() {\n\t{\n}\n" + strings.Repeat("func c() {}\n", 12)
	testPastBreak(t, goMapper{}, []pastBreakCase{
		{"comment left open", "package p\n\nfunc a() {}\n/* open\nfunc b() {}\n", [][2]int{{4, 5}}, "b"},
		{"raw string left open", "package p\n\nvar s = `open\nfunc b() {}\n", [][2]int{{3, 4}}, "b"},
		{"brace left open in a body", "package p\n\nfunc a() {\n\t{\n}\n\nfunc b() {}\n", [][2]int{{3, 7}}, "b"},
		{"brace left open in the file", "package p\n\nfunc a() {}\n{\nfunc b() {}\n", [][2]int{{4, 5}}, "b"},
		{"string its line ends in a body", "package p\n\nfunc a() {\n\ts := \"open\n\t_ = s\n}\n\nfunc b() {}\n", [][2]int{{3, 6}}, "b"},
		{"string its line ends in the file", "package p\n\nfunc a() {}\n\"\nfunc b() {}\n", [][2]int{{4, 5}}, "b"},
		{"error at the end of the file", "package p\n\nfunc a() {}\nfunc\n", [][2]int{{4, 4}}, "a"},
		{"go/parser gives up", manyErrors, [][2]int{{5, 19}}, "a"},
		{"valid", "package p\n\nfunc a() { s := \"/*{\"; _ = '{'; _ = s }\n\nfunc b() {}\n", nil, "b"},
		{"valid, left to go/parser", "package p\n\nfunc (r (T)) a() {}\n\nfunc b() {}\n", nil, "b"},
	})
}
