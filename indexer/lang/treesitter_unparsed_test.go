package lang

import (
	"testing"

	"github.com/smacker/go-tree-sitter/typescript/typescript"
)

// brokenSourceCase is a short broken source of one language: the span its mapper reports as
// unparsed, a definition after the break that the map must still hold, and a valid source of the
// language that reports no span.
type brokenSourceCase struct {
	lang      string
	newMapper func() Mapper
	src       string
	span      [2]int
	after     string
	valid     string
}

// runBrokenSourceCases checks each case with testPastBreak: the broken source and the valid one.
func runBrokenSourceCases(t *testing.T, cases []brokenSourceCase) {
	for _, tc := range cases {
		t.Run(tc.lang, func(t *testing.T) {
			testPastBreak(t, tc.newMapper(), []pastBreakCase{
				{"broken", tc.src, [][2]int{tc.span}, tc.after},
				{"valid", tc.valid, nil, ""},
			})
		})
	}
}

// TestTreeSitterUnparsed: the tree-sitter walks report the lines an unclosed block, comment or
// string took from them, whether the parser's error is an ERROR node at the file's end, a closer
// it made up there, an error far after the opener, or a block it dropped inside a class.
func TestTreeSitterUnparsed(t *testing.T) {
	runBrokenSourceCases(t, []brokenSourceCase{
		{lang: "TypeScript", newMapper: treeSitter(jsGrammar(typescript.GetLanguage)), // the block runs to the end: a made-up "}" closes it
			src:  "interface A {\n  a: number;\n}\n{\ninterface B {\n  b: string;\n}\n",
			span: [2]int{4, 7}, after: "B",
			valid: "interface A {\n  a: number;\n}\n"},
		{lang: "Kotlin", newMapper: treeSitter(kotlinGrammar()), // the string runs to the end: an ERROR node inside the class
			src:  "class A {\n    fun m() = 1\n    val s = \"\"\"\n    fun later() = 2\n}\n",
			span: [2]int{3, 5}, after: "later",
			valid: "class A {\n    fun m() = 1\n    val s = \"\"\"x\"\"\"\n}\n"},
		{lang: "C#", newMapper: treeSitter(csharpGrammar()), // the comment's opener is read as code: its line starts the span
			src:  "class A\n{\n    void M() { }\n    /*\n    void Later() { }\n}\n",
			span: [2]int{4, 6}, after: "Later",
			valid: "class A\n{\n    void M() { }\n}\n"},
		{lang: "Swift", newMapper: treeSitter(swiftGrammar()), // a made-up `"""` ends the string at the end
			src:  "class A {\n    func m() {\n    }\n}\nlet s = \"\"\"\nfunc later() {\n}\n",
			span: [2]int{5, 7}, after: "later",
			valid: "class A {\n    func m() {\n    }\n}\nlet s = \"\"\"\nx\n\"\"\"\n"},
		{lang: "Scala", newMapper: treeSitter(scalaGrammar()), // no error at the end: the parser skipped the opener alone
			src:  "object A {\n  def m = 1\n  val s = \"\"\"\n  def later = 2\n}\n",
			span: [2]int{3, 5}, after: "later",
			valid: "object A {\n  def m = 1\n}\n"},
		{lang: "Elixir", newMapper: treeSitter(elixirGrammar()), // a made-up "end" closes the module: the whole module
			src:  "defmodule A do\n  def m do\n    1\n  end\n\n  def n do\n    if x do\n      2\n  end\n\n  def later, do: 3\nend\n",
			span: [2]int{1, 12}, after: "later",
			valid: "defmodule A do\n  def m do\n    1\n  end\nend\n"},
		{lang: "Bash", newMapper: treeSitter(bashGrammar()), // a made-up "done" ends the loop at the end
			src:  "f() {\n  echo\n}\n\ng() {\n  for x in a b; do\n    echo\n}\n\nh() {\n  echo\n}\n",
			span: [2]int{5, 12}, after: "h",
			valid: "f() {\n  echo\n}\n"},
		{lang: "HCL", newMapper: treeSitter(hclGrammar()), // the comment's opener is read as code
			src:  "terraform {\n/*\n  required_providers {\n    aws = {}\n  }\n}\n\nvariable \"a\" {\n}\n",
			span: [2]int{2, 9}, after: "required_providers",
			valid: "terraform {\n  required_providers {\n    aws = {}\n  }\n}\n"},
		{lang: "Protobuf", newMapper: treeSitter(protobufGrammar()), // an error inside a message that opens a block
			src:  "syntax = \"proto3\";\n\nmessage A {\n  int32 a = 1;\n  {\n  message B {\n    int32 b = 1;\n  }\n}\n",
			span: [2]int{5, 5}, after: "B",
			valid: "syntax = \"proto3\";\n\nmessage A {\n  int32 a = 1;\n}\n"},
	})
}
