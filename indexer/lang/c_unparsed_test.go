package lang

import "testing"

// TestCUnparsed: a comment, a brace or a parenthesis left open runs to the end of a C file, and
// the scanner says from where; a string or character literal its line ends loses nothing, as the
// compiler drops the stray quote and reads on; a valid file, `extern "C"` under `#ifdef
// __cplusplus` and a function head written in two branches among them, reports nothing.
func TestCUnparsed(t *testing.T) {
	testPastBreak(t, &cMapper{}, []pastBreakCase{
		{"comment left open", "int a(void);\n/* open\nstruct b { int y; };\n", [][2]int{{2, 3}}, "b"},
		{"brace left open in a body", "void a(void) {\n  {\n}\n\nstruct b { int y; };\n", [][2]int{{1, 5}}, "b"},
		{"brace left open in the file", "struct a { int x; };\n{\nstruct b { int y; };\n", [][2]int{{2, 3}}, "b"},
		{"struct left open", "struct s {\n  int x;\n  struct t { int y; } z;\n\nint b(void) { return 0; }\n", [][2]int{{1, 5}}, "b"},
		{"parenthesis left open", "int a;\nint f(int x,\n\nstruct b { int y; };\n", [][2]int{{2, 4}}, "b"},
		{"string its line ends", "int a;\n\"\nint b(void);\n", nil, "b"},
		{"character its line ends", "int a;\n'\nstruct b { int y; };\n", nil, "b"},
		{"valid", "#ifdef __cplusplus\nextern \"C\" {\n#endif\nconst char *s = \"/*{\";\nchar c = '{';\n" +
			"#ifdef X\nint f(int a) {\n#else\nint f(void) {\n#endif\n  return 0;\n}\nint b(void);\n" +
			"#ifdef __cplusplus\n}\n#endif\n", nil, "b"},
	})
}

// TestCppUnparsed: the same for the C++ scanner, whose namespaces and classes a brace too many
// leaves open: in a method, it makes the method's body end at the class's '}', and the class is
// what the end of the file finds open.
func TestCppUnparsed(t *testing.T) {
	testPastBreak(t, &cppMapper{}, []pastBreakCase{
		{"comment left open", "class A {};\n/* open\nclass B {};\n", [][2]int{{2, 3}}, "B"},
		{"brace left open in a method", "class A {\n  void a() {\n  {\n  }\n};\nclass B {};\n", [][2]int{{1, 6}}, "B"},
		{"namespace left open", "namespace n {\nclass A {};\n\nclass B {};\n", [][2]int{{1, 4}}, "B"},
		{"string its line ends", "class A {};\n\"\nnamespace n {\nclass B {};\n}\n", nil, "B"},
		{"valid", "extern \"C\" {\nint f(void);\n}\nnamespace n {\nconst char *s = \"*/{\";\n" +
			"class B { char c = '}'; };\n}\n", nil, "B"},
	})
}
