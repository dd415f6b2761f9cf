package lang

// Tests of the Ruby scanner (ruby_scan.go) by itself: the constructs easy to misread, its worst
// inputs, a fuzz test, and its speed against the tree-sitter mapper it replaced.

import (
	"context"
	"strings"
	"testing"
)

// rbCases cover the lexical traps of Ruby and the declarations the scanner reads.
var rbCases = []scannerCase{
	{name: "keywords that open a block only as statements", src: `class A
  def a
    return unless y
    x = 1 if y
    while x do
      z
    end
    until q
      r
    end while false
    for i in 1..3 do
      p i
    end
    loop do
      break if x
    end
    y = if x then 1 else 2 end
    begin
      1
    rescue => e
      2
    ensure
      3
    end
    case x
    when 1 then :a
    else :b
    end
  end
  def b; end
end
`, want: []string{
		"class A [1-31] class A",
		"  method A.a [2-29] def a",
		"  method A.b [30-30] def b",
	}},
	{name: "blocks, hashes, labels and keywords as method names", src: `module M
  def a
    [1].each { |v| { if: v, end: 2, class: 3 } }
    foo(if: 1, unless: 2, do: 3)
    x.class
    x.end
    obj.if.then
    x&.begin
    {a: 1}.each do |k, v| end
  end
  def b; end
end
`, want: []string{
		"module M [1-12] module M",
		"  method M.a [2-10] def a",
		"  method M.b [11-11] def b",
	}},
	{name: "heredocs", src: `X = <<~EOS + <<-'TWO' + <<"THREE"
  end
  class Nope
EOS
  def nope; end
  TWO
 if x
THREE
Y = foo(<<~A, <<~B) do |z|
    end
  A
    class
  B
  z
end
def a
  puts <<EOS
end
EOS
  return <<-TEXT
class
TEXT
end
Z = 1
`, want: []string{
		"const X [1-1] X = <<~EOS + <<-'TWO' + <<\"THREE\"",
		"const Y [9-15] Y = foo(<<~A, <<~B) do |z|",
		"function a [16-23] def a",
		"const Z [24-24] Z = 1",
	}},
	{name: "percent literals with any delimiter", src: `module M
  A = %w[end if] + %i(do begin) + %q{end {nested} } + %Q<a#{x}b<c>> + %|if|
  B = %(a (nested (end)) end)
  C = %r{end/#{1}}i + %x(ls) + %s(end) + %I[a#{1}] + %W[b]
  D = x % 3
  E = puts %w[end] if y
end
`, want: []string{
		"module M [1-7] module M",
		"  const M.A [2-2] A = %w[end if] + %i(do begin) + %q{end {nested}} + %Q<a#{x}b<c>> + %|if|",
		"  const M.B [3-3] B = %(a (nested (end)) end)",
		"  const M.C [4-4] C = %r{end/#{1}}i + %x(ls) + %s(end) + %I[a#{1}] + %W[b]",
		"  const M.D [5-5] D = x % 3",
		"  const M.E [6-6] E = puts %w[end]",
	}},
	{name: "strings and interpolation", src: `module M
  A = "a #{ "nested #{ 1 } end" } b"
  B = "#{ {a: "}"}[:a] }"
  C = "a\"#{'}'}b"
  D = 'it''s' + 'end\'s'
  E = ` + "`ls #{x}`" + `
  F = "multi
end
line"
end
`, want: []string{
		"module M [1-10] module M",
		`  const M.A [2-2] A = "a #{ "nested #{ 1} end"} b"`,
		`  const M.B [3-3] B = "#{ {a: "}"}[:a]}"`,
		`  const M.C [4-4] C = "a\"#{'}'}b"`,
		`  const M.D [5-5] D = 'it''s' + 'end\'s'`,
		"  const M.E [6-6] E = `ls #{x}`",
		`  const M.F [7-9] F = "multi`,
	}},
	{name: "regular expressions, division, characters, symbols, globals", src: `module M
  A = /end #{x} [\/]/i
  B = str.split /,/
  C = a / b / c
  D = [?a, ?\n, ?\C-a, ?", ?#, ?(]
  E = cond ? a : b
  F = [:end, :"sym end", :+, :[]=, :a?, :b=, :@iv, :$g]
  G = $" + $' + $/ + $;
  H = defined?(x) ? 1 : 2
  I = x.nil? ? 1 : 2
end
`, want: []string{
		"module M [1-11] module M",
		`  const M.A [2-2] A = /end #{x} [\/]/i`,
		"  const M.B [3-3] B = str.split /,/",
		"  const M.C [4-4] C = a / b / c",
		`  const M.D [5-5] D = [?a, ?\n, ?\C-a, ?", ?#, ?(]`,
		"  const M.E [6-6] E = cond ? a : b",
		`  const M.F [7-7] F = [:end, :"sym end", :+, :[]=, :a?, :b=, :@iv, :$g]`,
		`  const M.G [8-8] G = $" + $' + $/ + $`,
		"  const M.H [9-9] H = defined?(x) ? 1 : 2",
		"  const M.I [10-10] I = x.nil? ? 1 : 2",
	}},
	{name: "comments, =begin and __END__", src: `# class Nope
=begin
class InComment
end
=end
class A # end
  # def nope
  def a; end
end
__END__
class After
end
`, want: []string{
		"class A [6-9] class A # end # def nope",
		"  method A.a [8-8] def a",
	}},
	{name: "method names", src: `class A
  def ==(o) = true
  def []=(k, v); end
  def [](k) = 1
  def !=(o)
    false
  end
  def self.!=(o) = 1
  def <=>(o); end
  def ` + "`" + `(x); end
  def %(x); end
  def /(x); end
  def -@; end
  def d?; end
  def e!; end
  def x=(v)
    @x = v
  end
  def self.y= v
  end
  def self.f; end
  def obj.g; end
  def Const::h; end
  def end; end
  def self.class; end
end
`, want: []string{
		"class A [1-26] class A",
		"  method A.== [2-2] def ==(o)",
		"  method A.[]= [3-3] def []=(k, v)",
		"  method A.[] [4-4] def [](k)",
		"  method A.!= [5-7] def !=(o)",
		"  method A.!= [8-8] def self.!=(o)",
		"  method A.<=> [9-9] def <=>(o)",
		"  method A.` [10-10] def `(x)",
		"  method A.% [11-11] def %(x)",
		"  method A./ [12-12] def /(x)",
		"  method A.-@ [13-13] def -@",
		"  method A.d? [14-14] def d?",
		"  method A.e! [15-15] def e!",
		"  method A.x= [16-18] def x=(v)",
		"  method A.y= [19-20] def self.y= v",
		"  method A.f [21-21] def self.f",
		"  method A.g [22-22] def obj.g",
		"  method A.h [23-23] def Const::h",
		"  method A.end [24-24] def end",
		"  method A.class [25-25] def self.class",
	}},
	{name: "endless methods", src: `def a = 1
def b(x) = x +
  1
def c() = [
  1,
]
def d a, b = 1
end
class A
  def e = e
end
`, want: []string{
		"function a [1-1] def a",
		"function b [2-3] def b(x)",
		"function c [4-6] def c()",
		"function d [7-8] def d a, b = 1",
		"class A [9-11] class A",
		"  method A.e [10-10] def e",
	}},
	{name: "singleton classes, paths, superclasses and Struct.new blocks", src: `class << self
  def a; end
end
class Foo::Bar < Base
  class << self
    def b; end
  end
  S = Struct.new(:a, :b) do
    def x; end
  end
  def after; end
end
class ::C < Struct.new(:a, keyword_init: true); end
class D < Hash[a: 1]
  def e; end
end
module E; end
class F
  # only a comment
end
`, want: []string{
		"function a [2-2] def a",
		"class Foo::Bar [4-12] class Foo::Bar < Base",
		"  method Foo::Bar.b [6-6] def b",
		"  const Foo::Bar.S [8-10] S = Struct.new(:a, :b) do",
		"  method Foo::Bar.after [11-11] def after",
		"class ::C [13-13] class ::C < Struct.new(:a, keyword_init: true); end",
		"class D [14-16] class D < Hash[a: 1]",
		"  method D.e [15-15] def e",
		"module E [17-17] module E; end",
		"class F [18-20] class F # only a comment end",
	}},
	{name: "requires, attributes, methods in a call's arguments, signatures", src: `require "a"
require 'b' if c
require("c")
require "#{x}/e"
require 'f' rescue nil
load "g.rb"
autoload :H, "h"
class A
  attr_accessor :a, "b", :"c"
  attr_reader(
    :d,
    :e
  )
  attr_writer :f if x
  private attr_reader :g
  private def h(x)
    x
  end
  ruby2_keywords def i(*args) = args
  sig { void }
  def j; end
  sig do
    returns(Integer)
  end
  # comment
  private def k; end
  sig(:final) { void }
  L = 1
end
attr_reader :top
`, want: []string{
		"class A [8-29] class A",
		`  property A.a [9-9] attr_accessor :a, "b", :"c"`,
		`  property A.b [9-9] attr_accessor :a, "b", :"c"`,
		"  property A.d [10-13] attr_reader(",
		"  property A.e [10-13] attr_reader(",
		"  property A.f [14-14] attr_writer :f",
		"  method A.h [16-18] private def h(x)",
		"  method A.i [19-19] ruby2_keywords def i(*args)",
		"  method A.j [20-21] def j",
		"  method A.k [22-26] private def k",
		"  const A.L [27-28] L = 1",
		"import a",
		"import b",
		"import c",
		"import #{x}/e",
		"import g.rb",
		"import h",
	}},
	{name: "statements that what follows makes expressions", src: `class A
  begin
    def a; end
  end until true
  def b; end while false
  C = 1 until y
  D = 1 and 2
  E = 3 or 4
  F = 1 if a and b
  G = 1 unless a or b
  H = foo rescue nil
  def i; end unless method_defined?(:i)
  begin
    def j; end
  end if x
  if x
    def k; end
  elsif y
    def l; end
  else
    M = 1
  end
  unless z
    def n; end
  end
end
if __FILE__ == $0
  def main; end
end
`, want: []string{
		"class A [1-26] class A",
		"  const A.F [9-9] F = 1",
		"  const A.G [10-10] G = 1",
		"  const A.H [11-11] H = foo rescue nil",
		"  method A.i [12-12] def i",
		"  method A.j [14-14] def j",
		"  method A.k [17-17] def k",
		"  method A.l [19-19] def l",
		"  const A.M [21-21] M = 1",
		"  method A.n [24-24] def n",
		"function main [28-28] def main",
	}},
	{name: "case/when maps its branches, case/in none", src: `module M
  case RUBY_PLATFORM
  when /mswin/, /mingw/ then def a; end
  when "x"
    def b; end
  else
    def c; end
  end
  case y
  in [a, b]
    def d; end
  else
    def e; end
  end
end
`, want: []string{
		"module M [1-15] module M",
		"  method M.a [3-3] def a",
		"  method M.b [5-5] def b",
		"  method M.c [7-7] def c",
	}},
	{name: "what follows a method's parameters starts its body", src: `module M
  def a(s) /([#{s}])/n end
  def b(s) %w[end] end
  def c(s) = s / 2
  def d; end
end
`, want: []string{
		"module M [1-6] module M",
		"  method M.a [2-2] def a(s)",
		"  method M.b [3-3] def b(s)",
		"  method M.c [4-4] def c(s)",
		"  method M.d [5-5] def d",
	}},
	{name: "Rails and RSpec idioms", src: `class User < ApplicationRecord
  has_many :posts, dependent: :destroy
  scope :active, -> { where(active: true) }
  validates :name, presence: true, if: -> { name? }
  before_action :x, only: %i[show end]
  included do
    def nope; end
  end
  delegate :a, to: :b
  Error = Class.new(StandardError)
  A, B = 1, 2
  C ||= 3
  def self.find_by_name(name) = find_by(name:)
  def call(...) = run(...)
  def each(*, **, &) = nil
end
RSpec.describe User do
  describe "#x" do
    it { is_expected.to be_valid }
  end
end
describe User do
  def helper; end
end
`, want: []string{
		"class User [1-16] class User < ApplicationRecord",
		"  const User.Error [10-10] Error = Class.new(StandardError)",
		"  method User.find_by_name [13-13] def self.find_by_name(name)",
		"  method User.call [14-14] def call(...)",
		"  method User.each [15-15] def each(*, **, &)",
	}},
	{name: "method heads seldom written", src: `def (obj).a; end
def false.b; end
def c = d rescue e if f
def g a:
  return
end
def h ...
  i(...)
end
module J[]::K
end
foo(
  a:
    1,
  def l; end
)
`, want: []string{
		"function a [1-1] def (obj).a",
		"function b [2-2] def false.b",
		"function c [3-3] def c",
		"function g [4-6] def g a:",
		"function h [7-9] def h ...",
		"module J[]::K [10-11] module J[]::K end",
		"function l [12-15] foo(a: 1, def l",
	}},
	{name: "signatures start the ranges of what follows, through an if or class << self", src: `class A
  sig { void }
  # comment
  attr_reader :a
  sig { void }
  if x
    def b; end
    def c; end
  end
  sig { void }
  x = 1
  def d; end
  sig { void }
  class << self
    def e; end
  end
end
`, want: []string{
		"class A [1-17] class A",
		"  property A.a [2-4] attr_reader :a",
		"  method A.b [5-7] def b",
		"  method A.c [5-8] def c",
		"  method A.d [12-12] def d",
		"  method A.e [13-15] def e",
	}},
	{name: "a byte order mark", src: "\uFEFFclass Foo\n  def x; end\nend\n", want: []string{
		"class Foo [1-3] class Foo",
		"  method Foo.x [2-2] def x",
	}},
	{name: "a method chain continued on the next line, past comments", src: `X = foo
  # comment
  .bar
  &.baz
Y = [
  1,
].freeze
`, want: []string{
		"const X [1-4] X = foo",
		"const Y [5-7] Y = [",
	}},
}

// TestRubyScanner covers the lexical traps of Ruby and the declarations the scanner reads; each
// case is also mapped by the tree-sitter reference, which must agree exactly.
func TestRubyScanner(t *testing.T) {
	walk := newTSMapper(rubyGrammar()).(*tsMapper)
	runScannerCases(t, rbCases, rbMapper{}, "case.rb", func(st *scannerDiff, path string, src []byte) { rbScanDiffAdd(st, path, src, walk) })
}

// rbPathological are sources built to be the scanner's worst case: deep nesting of everything
// it enters or skips, and input that never closes.
var rbPathological = map[string]func(n int) string{
	"classes in classes": func(n int) string { return strings.Repeat("class A\n", n) + strings.Repeat("end\n", n) },
	"ifs in modules":     func(n int) string { return strings.Repeat("module M\nif x\n", n) + strings.Repeat("end\nend\n", n) },
	"defs in parameters": func(n int) string { return strings.Repeat("def a(x = def b(y = ", n) },
	"blocks in a body": func(n int) string {
		return "def f\n" + strings.Repeat("x do\n", n) + strings.Repeat("end\n", n) + "end\n"
	},
	"brackets":               func(n int) string { return "X = " + strings.Repeat("([{", n) + strings.Repeat("}])", n) + "\n" },
	"interpolations":         func(n int) string { return "X = " + strings.Repeat(`"#{`, n) + strings.Repeat(`}"`, n) + "\n" },
	"unclosed interpolation": func(n int) string { return "X = " + strings.Repeat(`"#{`, n) },
	"unterminated heredocs":  func(n int) string { return strings.Repeat("X = <<~EOS\n", n) },
	"heredocs on one line":   func(n int) string { return "X = [" + strings.Repeat("<<~A, ", n) + "]\n" + strings.Repeat("A\n", n) },
	"unterminated string":    func(n int) string { return "X = \"" + strings.Repeat("a #{b} \\\" ", n) },
	"unterminated percent":   func(n int) string { return "X = %w(" + strings.Repeat("(a ", n) },
	"unterminated regexp":    func(n int) string { return "X = /" + strings.Repeat("a", n) },
	"unclosed =begin":        func(n int) string { return "=begin\n" + strings.Repeat("class A\n", n) },
	"one long line": func(n int) string {
		return strings.Repeat("class A; def a(x) = x; B = [1, {c: 2}]; attr_reader :d; end; ", n)
	},
	"continued lines":  func(n int) string { return "X = foo\n" + strings.Repeat("  # c\n  .bar\n", n) },
	"invalid UTF-8":    func(n int) string { return strings.Repeat("class \xff\xfe\n def \xc3(x)\nend\n", n) },
	"empty statements": func(n int) string { return strings.Repeat(";\n", n) },
	"sigs":             func(n int) string { return strings.Repeat("sig { void }\n", n) + "def a; end\n" },
	"modifiers":        func(n int) string { return "def a; end" + strings.Repeat(" if x", n) + "\n" },
}

// TestRubyScannerPathological: the worst cases finish quickly, and their maps keep the
// invariants; an empty file maps to nothing.
func TestRubyScannerPathological(t *testing.T) {
	checkScannerPathological(t, func() Mapper { return rbMapper{} }, rbPathological)
	res, err := rbMapper{}.Map(context.Background(), nil)
	if err != nil || len(res.Symbols) != 0 || len(res.Imports) != 0 {
		t.Errorf("Map(empty) = %+v, %v, want nothing", res, err)
	}
}

// FuzzRubyScanner feeds the scanner random sources: it must not panic or run on, must keep every
// range inside the file and every member inside its parent, and must map a file the same each
// time.
func FuzzRubyScanner(f *testing.F) {
	for _, tc := range rbCases {
		f.Add([]byte(tc.src))
	}
	for _, seed := range []string{
		"\"unclosed", "'", "`", "%w(", "%q{", "/unclosed", "?", "?\\", "<<~EOS", "<<-'A'\n", "=begin", "__END__",
		"def", "def self.", "def x(", "class", "class <<", "module A::", "X =", "require", "attr_reader :", "sig {",
		"#{", "\"#{\"#{\"", ":\"", "$", "@", "end end end", "}}}", "if x then", "while x do", "case x\nin", "\x00\xff\xfe",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) { checkScannerRun(t, func() Mapper { return rbMapper{} }, src) })
}

// BenchmarkRubyMapper maps Ruby's standard library (the differential test's tuned corpus) with
// the scanner and with the tree-sitter mapper it replaced, and reports MB/s and files/s:
//
//	go test ./indexer/lang -run '^$' -bench RubyMapper -benchtime 3x
func BenchmarkRubyMapper(b *testing.B) {
	for _, m := range []struct {
		name string
		new  func() Mapper
	}{{"scanner", func() Mapper { return rbMapper{} }}, {"tree-sitter", func() Mapper { return newTSMapper(rubyGrammar()) }}} {
		b.Run(m.name, func(b *testing.B) {
			paths := filesUnder(rbScanDiffCorpora()[1].roots, ".rb")
			if len(paths) == 0 {
				b.Skip("SKIP: no Ruby standard library under /usr/lib/ruby (apt-get install ruby)")
			}
			files, total := readBenchFiles(b, paths)
			benchMapper(b, m.new(), files, total)
		})
	}
}
