# rubydefs prints the definitions Ruby's own parser (RubyVM::AbstractSyntaxTree, Ruby 3.1) finds in
# the files named on the command line, one JSON object per line:
#
#   {"f": file, "k": kind, "n": name, "s": first line, "e": last line}
#
# or {"f": file, "err": message} for a file Ruby cannot parse. Lines are 1-based, "e" inclusive.
#
# Listed are what readmap maps (indexer/lang_ruby.go): classes (CLASS, named by their path as
# written: `A::B`, `::C`), modules (MODULE), methods (DEFN, and DEFS `def self.x` named x, as
# readmap names it), constants (CDECL `NAME = value`, not `A::NAME = ...`, `A, B = ...` or
# `NAME ||= ...`) and attributes (the names of attr_reader, attr_writer and attr_accessor, in a
# class, module or `class << x` body). `class << self` is not a definition of its own: readmap
# maps its members as the enclosing class's, and so are they listed here.
#
# Definitions are looked for at the top of the file, in class, module and `class << x` bodies, in
# the branches of if, unless, case, begin, rescue and ensure there (as Python's differential
# walks if and try bodies), and in the arguments of a call without a receiver (`private def x`,
# `ruby2_keywords def y`: the method is defined there all the same; its range starts at the
# call). Not inside a method body nor a block (`Struct.new do def x ... end end`, `included do
# ... end`): those definitions run when the code runs, on a receiver the text does not settle.
#
# A method, constant or attribute after Sorbet signatures (`sig { ... }`) starts at the first
# of them, as readmap's ranges do.
#
# Run: ruby rubydefs.rb FILE...
require "json"

$VERBOSE = nil # the parser's warnings are not the corpus's definitions

# RubyDefs walks one file's tree and writes its definitions to out.
class RubyDefs
  # ATTRS are the calls that declare attributes.
  ATTRS = %i[attr_reader attr_writer attr_accessor].freeze

  def initialize(path, out)
    @path = path
    @out = out
  end

  # emit writes one definition.
  def emit(kind, name, first, last)
    @out.puts(JSON.generate({ "f" => @path, "k" => kind, "n" => name, "s" => first, "e" => last }))
  end

  # statements returns the statements of a body node: a BLOCK's children, or the node itself.
  def statements(node)
    return [] if node.nil?
    return node.children.compact if node.type == :BLOCK
    [node]
  end

  # scope_body returns the body of a SCOPE node.
  def scope_body(scope)
    scope.children[2]
  end

  # path_name spells a class or module path (CONST, COLON2, COLON3) as written.
  def path_name(node)
    case node&.type
    when :CONST then node.children[0].to_s
    when :COLON3 then "::#{node.children[0]}"
    when :COLON2
      recv, name = node.children
      recv.nil? ? name.to_s : "#{path_name(recv)}::#{name}"
    else "?"
    end
  end

  # sig? reports whether node is a Sorbet signature: `sig { ... }` without a receiver.
  def sig?(node)
    node.type == :ITER && node.children[0].type == :FCALL && node.children[0].children[0] == :sig
  end

  # body walks the statements of body at declaration level; in_class says they are in a class,
  # module or `class << x` body.
  def body(node, in_class)
    sig_start = nil
    statements(node).each do |n|
      if sig?(n)
        sig_start ||= n.first_lineno
        next
      end
      statement(n, in_class, sig_start || n.first_lineno)
      sig_start = nil
    end
  end

  # statement maps one statement at declaration level, its range starting at line start.
  def statement(n, in_class, start)
    c = n.children
    case n.type
    when :CLASS
      emit("class", path_name(c[0]), start, n.last_lineno)
      body(scope_body(c[2]), true)
    when :MODULE
      emit("module", path_name(c[0]), start, n.last_lineno)
      body(scope_body(c[1]), true)
    when :SCLASS
      body(scope_body(c[1]), true)
    when :DEFN
      emit("method", c[0].to_s, start, n.last_lineno)
    when :DEFS
      emit("method", c[1].to_s, start, n.last_lineno)
    when :CDECL
      emit("const", c[0].to_s, start, n.last_lineno) if c[0].is_a?(Symbol)
    when :FCALL
      if ATTRS.include?(c[0]) && in_class && c[1]&.type == :LIST
        c[1].children.compact.each do |a|
          name = a.children[0]
          emit("attr", name.to_s, start, n.last_lineno) if %i[LIT STR].include?(a.type) && (name.is_a?(Symbol) || name.is_a?(String))
        end
      elsif c[1]&.type == :LIST
        c[1].children.compact.each { |a| statement(a, in_class, start) if %i[DEFN DEFS].include?(a.type) }
      end
    when :IF, :UNLESS
      body(c[1], in_class)
      body(c[2], in_class)
    when :BEGIN
      body(c[0], in_class)
    when :RESCUE
      body(c[0], in_class)
      body(c[1], in_class)
      body(c[2], in_class)
    when :RESBODY
      body(c[1], in_class)
      body(c[2], in_class) if c[2]&.type == :RESBODY
    when :ENSURE
      body(c[0], in_class)
      body(c[1], in_class)
    when :CASE, :CASE2
      body(c[1], in_class)
    when :WHEN
      body(c[1], in_class)
      body(c[2], in_class)
    end
  end
end

ARGV.each do |path|
  begin
    tree = RubyVM::AbstractSyntaxTree.parse_file(path)
  rescue SyntaxError, ArgumentError, EncodingError, SystemCallError => e
    puts JSON.generate({ "f" => path, "err" => e.message.lines.first.to_s.strip })
    next
  end
  RubyDefs.new(path, $stdout).body(tree.children[2], false)
end
