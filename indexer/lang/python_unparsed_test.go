package lang

import "testing"

// TestPythonUnparsed: a triple-quoted string or a bracket left open loses the scanner what
// follows, to the end of the file or, for a bracket, to the def or class that ends its logical
// line, and the mapper says from where; a string its line ends loses nothing (the scanner reads
// on, as Python's tokenizer does), and a valid file reports nothing.
func TestPythonUnparsed(t *testing.T) {
	testPastBreak(t, &pyMapper{}, []pastBreakCase{
		{"string left open", "def a():\n    pass\n\"\"\"\ndef b():\n    pass\n", [][2]int{{3, 5}}, "b"},
		{"f-string left open", "def a():\n    pass\nx = f'''{a}\nclass B:\n    pass\n", [][2]int{{3, 5}}, "B"},
		{"bracket left open", "def a():\n    pass\nX = (\nY = 1\n", [][2]int{{3, 4}}, "Y"},
		{"bracket a def ends", "X = [\n    1,\nY = 2\ndef b():\n    pass\n", [][2]int{{1, 3}}, "Y"},
		{"string its line ends", "def a():\n    pass\n\"\ndef b():\n    pass\n", nil, "b"},
		{"valid", "s = '''(\n'''\nt = f\"{x!r:>{w}}\" # (\ndef b(): pass\n", nil, "b"},
	})
}
