package lang

import (
	"context"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/readmap/readmap/store"
)

// scalaCases are sources with the Scala scanner's exact maps; the tree-sitter walk must map them
// the same, but where a case says why not.
var scalaCases = []scannerCase{
	{name: "nested comments", src: `/* a /* b */ still a comment, class X */
object A {
  /** doc /* nested */ */
  def f = 1
}
`, want: []string{"object A [2-5] object A", "  method A.f [4-4] def f"},
		differs: "tree-sitter-scala ends a comment at the first */"},
	{name: "strings and interpolation", src: `object A {
  val s = s"a ${ "}" + b.map { x => s"${x}}" } } c"
  val t = """ { " "" class X
  def g = 1 """
  val u = f"$x%d $$ {"
  val c = '{'
  val q = '"'
  val sym = 'sym
  def h = 2
}
`, want: []string{"object A [1-10] object A",
		`  field A.s [2-2] val s = s"a ${ "}" + b.map { x => s"${x}}"}} c"`,
		`  field A.t [3-4] val t = """ { " "" class X`,
		`  field A.u [5-5] val u = f"$x%d $$ {"`,
		"  field A.c [6-6] val c = '{'", `  field A.q [7-7] val q = '"'`, "  field A.sym [8-8] val sym = 'sym",
		"  method A.h [9-9] def h"}},
	{name: "backquoted identifiers and operators", src: "object A {\n  def `type`(x: Int) = x\n  val `my val` = 1\n" +
		"  def +(x: A): A = this\n  def unary_! : Boolean = false\n  def hash = x.##\n  class <:<[-A, +B]\n  type ::[A] = List[A]\n}\n",
		want: []string{"object A [1-9] object A", "  method A.`type` [2-2] def `type`(x: Int)", "  field A.`my val` [3-3] val `my val` = 1",
			"  method A.+ [4-4] def +(x: A): A", "  method A.unary_! [5-5] def unary_! : Boolean", "  method A.hash [6-6] def hash",
			"  class A.<:< [7-7] class <:<[-A, +B]", "  type A.:: [8-8] type ::[A] = List[A]"}},
	{name: "classes, traits, objects, defs", src: `package a.b
package c

import scala.collection.{mutable, immutable => im}
import a.b._, c.d

/** Doc. */
@SerialVersionUID(1L)
sealed abstract class Shape[+A <: AnyRef](val name: String)(implicit ord: Ordering[A])
  extends Product
  with Serializable {
  def area: Double
  def scale[B >: A](by: Double)(implicit ev: B <:< AnyRef): Shape[B] =
    this
  private[this] var count = 0
  lazy val id: Int = 1
  type T
  val (p, q) = (1, 2)
}

final case class Circle(r: Double) extends Shape[String]("circle") { def area = 3.14 * r * r }
case object Empty
trait Named { self: Shape[_] =>
  def label = name
}
package object util {
  val Version = "1"
  var debug = false
  def helper(x: Int) = x
}
package d {
  object E
}
`, want: []string{
		"class Shape [8-19] sealed abstract class Shape[+A <: AnyRef](val name: String)(implicit ord: Ordering[A]) extends Product with Serializable",
		"  method Shape.area [12-12] def area: Double",
		"  method Shape.scale [13-14] def scale[B >: A](by: Double)(implicit ev: B <:< AnyRef): Shape[B]",
		"  field Shape.count [15-15] private[this] var count = 0", "  field Shape.id [16-16] lazy val id: Int = 1", "  type Shape.T [17-17] type T",
		"class Circle [21-21] final case class Circle(r: Double) extends Shape[String](\"circle\")", "  method Circle.area [21-21] def area",
		"object Empty [22-22] case object Empty", "trait Named [23-25] trait Named", "  method Named.label [24-24] def label",
		"object util [26-30] package object util", "  field util.Version [27-27] val Version = \"1\"", "  field util.debug [28-28] var debug = false",
		"  method util.helper [29-29] def helper(x: Int)", "object E [32-32] object E",
		"import scala.collection.{mutable, immutable => im}", "import a.b._, c.d"}},
	{name: "statements over lines", src: `object A {
  def f(a: Int)
       (b: Int): Int =
    a +
      b
  implicit def g[F[_]]
    : Monad[F] & Traverse[F] =
    new Monad[F] {}
  val h = xs
    .map(_ + 1)
    .sum
  def i = if (a) 1
    else 2
  def j = 1 // postfix ops end a line: x ++
  def k = y ++
  class B[T](x: T)
            (implicit o: Ordering[T]) extends C
  def l(x: Int): Unit =
  {
    x
  }
  val m = 1
}
`, want: []string{"object A [1-23] object A", "  method A.f [2-5] def f(a: Int) (b: Int): Int", "  method A.g [6-8] implicit def g[F[_]] : Monad[F] & Traverse[F]",
		"  field A.h [9-11] val h = xs", "  method A.i [12-13] def i", "  method A.j [14-14] def j", "  method A.k [15-15] def k",
		"  class A.B [16-17] class B[T](x: T) (implicit o: Ordering[T]) extends C", "  method A.l [18-21] def l(x: Int): Unit", "  field A.m [22-22] val m = 1"}},
	{name: "infix operator at a line's end", src: "object A {\n  def s = \"(\" + a + \",\" +\n    b + \")\"\n  val q = '\\''\n  def t: Int = macro ???\n  def u = xs --|\n  val v = 1\n}\n",
		want: []string{"object A [1-8] object A", "  method A.s [2-3] def s", "  field A.q [4-4] val q = '\\''", "  method A.t [5-5] def t: Int",
			"  method A.u [6-6] def u", "  field A.v [7-7] val v = 1"},
		differs: "tree-sitter-scala reads `+` at a line's end as a postfix operator, scalac as an infix one"},
	{name: "class body on the line after the header", src: "class HashMap[A, +B] extends AbstractMap[A, B]\n    with Serializable\n{\n  def get(key: A) = 1\n}\nobject B\n",
		want: []string{"class HashMap [1-5] class HashMap[A, +B] extends AbstractMap[A, B] with Serializable", "  method HashMap.get [4-4] def get(key: A)",
			"object B [6-6] object B"}},
	{name: "Scala 3 indentation", src: `enum Mode:
  case Batch, Stream
  case Custom(name: String) extends Mode

class Box(x: Int):
  def get: Int =
    val y = x
    y

  def put = 1

given intOrd: Ordering[Int] with
  def compare(a: Int, b: Int) = a - b

extension (p: Box)
  def total: Int = p.get

def main(args: Array[String]): Unit =
  println(1)
`, want: []string{"enum Mode [1-3] enum Mode", "  enum_member Mode.Batch [2-2] Batch", "  enum_member Mode.Stream [2-2] Stream",
		"  enum_member Mode.Custom [3-3] Custom", "class Box [5-10] class Box(x: Int)", "  method Box.get [6-8] def get: Int", "  method Box.put [10-10] def put",
		"object intOrd [12-13] given intOrd: Ordering[Int] with", "  method intOrd.compare [13-13] def compare(a: Int, b: Int)",
		"impl Box [15-16] extension (p: Box)", "  method Box.total [16-16] def total: Int", "function main [18-19] def main(args: Array[String]): Unit"}},
}

// TestScalaScanner maps each case and compares it with the tree-sitter walk.
func TestScalaScanner(t *testing.T) {
	walk := newTSMapper(scalaGrammar()).(*tsMapper)
	runScannerCases(t, scalaCases, newScalaScanner(), "case.scala", func(st *scannerDiff, path string, src []byte) { scalaScanDiffAdd(st, path, src, walk) })
}

// TestScalaScannerUnparsed checks the spans the scanner reports for what runs to the end of the
// file, and that Map then gives the definitions after the break from the line heuristics.
func TestScalaScannerUnparsed(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      [][2]int
	}{
		{"valid", "object A {\n  val s = \"\"\" } \"\"\"\n  /* { */\n}\n", nil},
		{"comment", "object A {\n  def a = 1\n}\n/* never closed /* nested */\nobject B {\n  def b = 2\n}\n", [][2]int{{4, 7}}},
		{"multi-line string", "object A {\n  def a = 1\n}\nval s = \"\"\"\nobject B {\n  def b = 2\n}\n", [][2]int{{4, 7}}},
		{"brace", "object A {\n  def a = 1\n\n  {\n  def b = 2\n}\n", [][2]int{{1, 6}}},
		{"interpolation", "object A {\n  val s = s\"${ x \n  def b = 2\n}\n", [][2]int{{1, 4}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := newScalaScanner().Map(context.Background(), []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, res.Unparsed); diff != "" {
				t.Errorf("Unparsed (-want +got):\n%s", diff)
			}
			f := Map(context.Background(), "x.scala", []byte(tc.src), Options{})
			if tc.want == nil {
				if f.Summary != "" {
					t.Errorf("summary of a valid file = %q", f.Summary)
				}
				return
			}
			if !strings.HasPrefix(f.Summary, "syntax errors") {
				t.Errorf("summary = %q, want syntax errors", f.Summary)
			}
			if !slices.ContainsFunc(f.Symbols, func(s store.Symbol) bool { return s.Name == "b" }) {
				t.Errorf("Map lost def b after the break: %+v", f.Symbols)
			}
		})
	}
}

// scalaPathological are sources built to be the scanner's worst case, 20,000 units each.
var scalaPathological = map[string]func(n int) string{
	"nested objects":  func(n int) string { return strings.Repeat("object A {\n", n) + strings.Repeat("}\n", n) },
	"nested comments": func(n int) string { return strings.Repeat("/*", n) + "def f = 1" + strings.Repeat("*/", n) + "\n" },
	"nested interpolation": func(n int) string {
		return "val x = " + strings.Repeat(`s"${`, n) + "1" + strings.Repeat(`}"`, n) + "\ndef f = 1\n"
	},
	"unclosed everything": func(n int) string {
		return strings.Repeat("object A { def f(x: Int = { (\"\"\" ", n/4) + "/* s\"${ '"
	},
	"indented blocks": func(n int) string {
		var b strings.Builder
		for i := range n / 10 {
			b.WriteString(strings.Repeat(" ", i%200) + "def f =\n")
		}
		return b.String()
	},
	"one long line": func(n int) string {
		return strings.Repeat("class A { def f(x: Int): Int = x + 1; val y = s\"${x}\" }; ", (1<<20)/56)
	},
	"invalid UTF-8": func(n int) string {
		return strings.Repeat("def \xff\xfe(x: \xc3) = '\xe2\x82'\nclass \xf0\x9f { val `\xff` = 1 }\n", n/10)
	},
}

// TestScalaScannerPathological maps each pathological source and checks the invariants.
func TestScalaScannerPathological(t *testing.T) {
	for name, gen := range scalaPathological {
		t.Run(name, func(t *testing.T) { checkScalaScan(t, []byte(gen(20000))) })
	}
	res, err := newScalaScanner().Map(context.Background(), nil)
	if err != nil || len(res.Symbols) != 0 || len(res.Imports) != 0 || res.Unparsed != nil {
		t.Errorf("Map(empty) = %+v, %v, want nothing", res, err)
	}
}

// FuzzScalaScanner feeds the scanner random sources: it must not panic, must keep every range
// inside the file and every member inside its parent, its spans inside the file, and must map a
// file the same each time.
func FuzzScalaScanner(f *testing.F) {
	for _, tc := range scalaCases {
		f.Add([]byte(tc.src))
	}
	for _, seed := range []string{
		"/*", "/* /*", `"`, `"""`, `s"${`, `s"""${"`, "'", "'\\", "`", "object", "object A {", "class A(", "def", "def f(",
		"def f =\n", "val", "val (", "enum E:\n  case", "extension (", "given", "given x:", "package", "package object",
		"import", "@", "@a(", "private[", "case class", "trait T { self =>", "}}}", ")]}", "\x00\xff\xfe",
		"object A { f( s\"${ ) }\" ) }\ndef g = 1", "(((s\"${ ]]] }\")))", "((((s\"${))))}\"\n{",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) { checkScalaScan(t, src) })
}

// checkScalaScan maps src twice with new scanners: each map must keep the invariants, report
// spans inside the file, and equal the other. It is not timed.
func checkScalaScan(t *testing.T, src []byte) {
	t.Helper()
	res, err := newScalaScanner().Map(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	lines := CountLines(src)
	if err := CheckSymbols(res.Symbols, lines); err != nil {
		t.Fatal(err)
	}
	for _, sp := range res.Unparsed {
		if sp[0] < 1 || sp[0] > sp[1] || sp[1] > max(lines, 1) {
			t.Fatalf("span %v outside the file's %d lines", sp, lines)
		}
	}
	again, err := newScalaScanner().Map(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(res, again) {
		t.Fatalf("two maps of one file differ:\n%+v\n%+v", res, again)
	}
}

// BenchmarkScalaMapper times the scanner and the tree-sitter walk on the fixtures and the corpus
// (or the folders READMAP_SCALA_SRC lists).
func BenchmarkScalaMapper(b *testing.B) {
	var roots []string
	for _, c := range scalaScanDiffCorpora()[:2] {
		roots = append(roots, c.roots...)
	}
	if src := os.Getenv("READMAP_SCALA_SRC"); src != "" {
		roots = strings.Split(src, ":")
	}
	for _, m := range []struct {
		name string
		new  func() Mapper
	}{{"scanner", newScalaScanner}, {"tree-sitter", func() Mapper { return newTSMapper(scalaGrammar()) }}} {
		b.Run(m.name, func(b *testing.B) {
			paths := filesUnder(roots, ".scala")
			if len(paths) == 0 {
				b.Skipf("SKIP: no Scala under %v", roots)
			}
			files, total := readBenchFiles(b, paths)
			benchMapper(b, m.new(), files, total)
		})
	}
}
