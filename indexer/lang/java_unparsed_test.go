package lang

import "testing"

// TestJavaUnparsed: a comment, text block or brace left open loses the Java scanner what
// follows, and it says where; a string its line ends loses nothing, as javac reads on after it.
func TestJavaUnparsed(t *testing.T) {
	testPastBreak(t, jvMapper{}, []pastBreakCase{
		{"comment left open", "class A {\n  void a() {}\n/* open\n  void b() {}\n}\nclass B {}\n", [][2]int{{3, 6}}, "B"},
		{"text block left open", "class A {\n  String s = \"\"\"\n    text\n}\nclass B {}\n", [][2]int{{2, 5}}, "B"},
		{"brace left open", "class A {\n  void a() {\n  {\n  }\n  class C {}\n}\ninterface B {}\n", [][2]int{{1, 7}}, "C"},
		{"brace left open in the file", "class A {}\n{\nclass B {}\n", [][2]int{{2, 3}}, "B"},
		{"string its line ends", "class A {}\n\"\nclass B {}\n", nil, "B"},
		{"valid", "class A {\n  String s = \"/*{\";\n  char c = '{';\n}\nclass B {}\n", nil, "B"},
	})
}
