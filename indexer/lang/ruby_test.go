package lang

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRubyRanges covers what Ruby's standard library showed the mapper missed against Ruby's own
// parser: definitions under conditions and in begin blocks, methods defined in a call's argument
// (`private def x`), and `def !=`, which the grammar misreads.
func TestRubyRanges(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"definitions under conditions", `class A
  if RUBY_ENGINE == "jruby"
    def a; end
  elsif defined?(B)
    def b
    end
  else
    C = 1
  end
  unless method_defined?(:d)
    def d; end
  end
  def e; end if true
  F = 2 unless defined?(F)
  case RUBY_PLATFORM
  when /mswin/ then def g; end
  else
    def h; end
  end
  begin
    require "x"
    class I; end
  rescue LoadError
    def j; end
  else
    def k; end
  ensure
    def l; end
  end
end
if __FILE__ == $0
  def main; end
end
`, []string{"class A [1-30]", "  method A.a [3-3]", "  method A.b [5-6]", "  const A.C [8-8]", "  method A.d [11-11]",
			"  method A.e [13-13]", "  const A.F [14-14]", "  method A.g [16-16]", "  method A.h [18-18]",
			"  class A.I [22-22]", "  method A.j [24-24]", "  method A.k [26-26]", "  method A.l [28-28]",
			"function main [32-32]"}},
		{"methods defined in a call's argument", `module M
  private def a(x)
    x
  end
  ruby2_keywords def b(*args) = args
  private_class_method def self.c
  end
  sig { void }
  private def d; end
  private :a
end
`, []string{"module M [1-11]", "  method M.a [2-4]", "  method M.b [5-5]", "  method M.c [6-7]", "  method M.d [8-9]"}},
		{"def != keeps its class whole", `class Delegator
  def !=(obj)
    !(self == obj)
  end

  def self.!=(other)
  end

  def !
    false
  end
end
`, []string{"class Delegator [1-12]", "  method Delegator.!= [2-4]", "  method Delegator.!= [6-7]",
			"  method Delegator.! [9-11]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := mapLines(t, "a.rb", tc.src)
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("MapFile(%q) (-want +got):\n%s", tc.src, diff)
			}
			crlf := mapLines(t, "a.rb", strings.ReplaceAll(tc.src, "\n", "\r\n"))
			if diff := cmp.Diff(got, crlf); diff != "" {
				t.Errorf("MapFile with CRLF differs (-LF +CRLF):\n%s", diff)
			}
		})
	}
}

// TestRubySignatures: a method defined in a call's argument keeps the call in its signature, and
// `def !=` is spelled as written.
func TestRubySignatures(t *testing.T) {
	src := "class A\n  private def a(x, y = 1)\n  end\n  def !=(other)\n  end\n  def self.!=(o) = false\nend\n"
	f := Map(context.Background(), "a.rb", []byte(src), Options{})
	var got []string
	for _, s := range f.Symbols {
		got = append(got, s.Signature)
	}
	want := []string{"class A", "private def a(x, y = 1)", "def !=(other)", "def self.!=(o)"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("signatures (-want +got):\n%s", diff)
	}
}
