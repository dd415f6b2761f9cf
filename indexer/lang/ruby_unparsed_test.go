package lang

import "testing"

// TestRubyUnparsed: what the Ruby scanner finds open at the end of the file (an =begin comment,
// a string, a heredoc, a class or def missing its `end`) is reported from its line on.
func TestRubyUnparsed(t *testing.T) {
	testPastBreak(t, rbMapper{}, []pastBreakCase{
		{"=begin", "def a\nend\n=begin\ndef b\nend\n", [][2]int{{3, 5}}, "b"},
		{"string", "x = \"open\ndef b\nend\n", [][2]int{{1, 3}}, "b"},
		{"heredoc", "x = <<~EOS\n  text\ndef b\nend\n", [][2]int{{1, 4}}, "b"},
		{"begin", "class A\n  def a\n    begin\n  end\n\n  def b\n  end\nend\n", [][2]int{{1, 8}}, "b"},
		{"do", "def a\n  [1].each do |x|\nend\n\ndef b\nend\n", [][2]int{{1, 6}}, "b"},
		{"valid", "x = <<~EOS\n  =begin\nEOS\n\"#{1}\" # \"\ndef b\nend\n", nil, "b"},
	})
}
