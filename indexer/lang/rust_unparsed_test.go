package lang

import "testing"

// TestRustUnparsed: a comment (which nests), a string, a raw string or a brace left open runs to
// the end of a Rust file, and the scanner says from where; a valid file reports nothing.
func TestRustUnparsed(t *testing.T) {
	testPastBreak(t, rsMapper{}, []pastBreakCase{
		{"nested comment left open", "fn a() {}\n/* outer /* inner */\nfn b() {}\n", [][2]int{{2, 3}}, "b"},
		{"string left open", "fn a() {}\nconst S: &str = \"open;\nfn b() {}\n", [][2]int{{2, 3}}, "b"},
		{"raw string left open", "fn a() {}\nconst S: &str = r##\"open \"# still;\nfn b() {}\n", [][2]int{{2, 3}}, "b"},
		{"brace left open", "mod m {\n    fn a() {\n    {\n    }\n}\nfn c() {}\n", [][2]int{{1, 6}}, "c"},
		{"valid", "fn a<'a>(s: &'a str) -> char {\n    /* /* { */ */\n    let _ = r#\"\"{\"#;\n    '{'\n}\nfn b() {}\n", nil, "b"},
	})
}
