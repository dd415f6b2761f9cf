package lang

// Tests of the PHP scanner (php_scan.go) by itself: the constructs easy to misread, its worst
// inputs, a fuzz test, and its speed against the tree-sitter mapper it replaced.

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// phpCases cover the lexical traps of PHP and the declarations the scanner reads.
var phpCases = []scannerCase{
	{name: "text outside PHP tags is not code", src: `<html><?php function notcode() {} ?> text
<?php
function a() {}
?>
<p>function b() {} class C {}</p>
<?= $x ?>
<?php
function c() {}
`, want: []string{
		"function notcode [1-1] function notcode()",
		"function a [3-3] function a()",
		"function c [8-8] function c()",
	}},
	{name: "strings and their interpolations", src: `<?php
$a = "x {$y["}"]} ${z} \" }";
$b = 'it\'s { ';
$c = ` + "`" + `ls {$d}` + "`" + `;
function a() { return "}"; }
$e = "{$f->g("{")}";
function b() {}
`, want: []string{
		"function a [5-5] function a()",
		"function b [7-7] function b()",
	}},
	{name: "heredocs and nowdocs", src: `<?php
$a = <<<EOT
  function x() {}
  }
  EOT;
function a() {}
$b = <<<'NOW'
class Y {}
NOW;
$c = <<<"Q"
{$a}
Q;
class B {}
`, want: []string{
		"function a [6-6] function a()",
		"class B [13-13] class B",
	}},
	{name: "comments and a close tag ending a line comment", src: `<?php
// function x() { ?>
function a() {}
# class Y {
#[Attr]
function b() {}
/* function z() {} */
function c() { /* } */ }
<?php
# comment ?> <?php function d() {}
// x
function e() { /* ?> */ }
`, want: []string{
		"function d [10-10] function d()",
		"function e [12-12] function e()",
	}},
	{name: "namespace A; holds what follows it up to the next", src: `<?php
namespace A\B;

use X\Y;
function a() {}

namespace C;
class D {}
// trailing
`, want: []string{
		"namespace A\\B [2-5] namespace A\\B",
		"  function A\\B.a [5-5] function a()",
		"namespace C [7-8] namespace C",
		"  class C.D [8-8] class D",
		"import X\\Y",
	}},
	{name: "braced and global namespaces", src: `<?php
namespace A {
  use X\Y as Z, W;
  function a() {}
}
namespace {
  function b() {}
}
`, want: []string{
		"namespace A [2-5] namespace A",
		"  function A.a [4-4] function a()",
		"function b [7-7] function b()",
		"import X\\Y",
		"import W",
	}},
	{name: "imports: use, grouped, functions, constants, require", src: `<?php
use A\{B, C as D};
use function E\f;
use const G\H;
use function I\{j, k};
use \L\M;
require 'a.php';
require_once "b.php";
include('c.php');
include_once __DIR__ . '/d.php';
`, want: []string{
		"import A\\B",
		"import A\\C",
		"import E\\f",
		"import G\\H",
		"import I\\j",
		"import I\\k",
		"import \\L\\M",
		"import a.php",
		"import b.php",
	}},
	{name: "classes, interfaces, traits, enums and their members", src: `<?php
/** doc */
#[A(1)]
#[B]
abstract class A extends B implements C, D
{
    use T1, T2 { T1::x insteadof T2; }
    public const X = 1, Y = [
        2,
    ];
    const Z = 3;
    private static ?int $a = null, $b;
    protected readonly array $c;
    var $d;
    public function __construct(private int $p, public readonly string $q = 'x') {}
    abstract protected function f(int $a): int;
    final public static function &g(): static
    {
        return new static();
    }
    #[Pure]
    public function list() {}
    public function new() {}
}
final class F {}
readonly class R {}
interface I extends J
{
    const K = 1;
    public function m(): void;
}
trait T
{
    public $x;
    public static function s() {}
}
enum E: string implements I
{
    case A = 'a';
    case B = 'b';
    public function label(): string { return match($this) { self::A => 'a', self::B => 'b' }; }
}
`, want: []string{
		"class A [3-24] abstract class A extends B implements C, D",
		"  const A.X [8-8] public const X = 1",
		"  const A.Y [8-10] public const Y = [",
		"  const A.Z [11-11] const Z = 3",
		"  property A.$a [12-12] private static ?int $a = null",
		"  property A.$b [12-12] private static ?int $b",
		"  property A.$c [13-13] protected readonly array $c",
		"  property A.$d [14-14] var $d",
		"  constructor A.__construct [15-15] public function __construct(private int $p, public readonly string $q = 'x')",
		"  method A.f [16-16] abstract protected function f(int $a): int",
		"  method A.g [17-20] final public static function &g(): static",
		"  method A.list [21-22] public function list()",
		"  method A.new [23-23] public function new()",
		"class F [25-25] final class F",
		"class R [26-26] readonly class R",
		"interface I [27-31] interface I extends J",
		"  const I.K [29-29] const K = 1",
		"  method I.m [30-30] public function m(): void",
		"trait T [32-36] trait T",
		"  property T.$x [34-34] public $x",
		"  method T.s [35-35] public static function s()",
		"enum E [37-42] enum E: string implements I",
		"  enum_member E.A [39-39] case A = 'a'",
		"  enum_member E.B [40-40] case B = 'b'",
		"  method E.label [41-41] public function label(): string",
	}},
	{name: "closures, arrow functions, anonymous classes, keywords after -> and ::", src: `<?php
$f = function ($x) use ($y) { function inner() {} return $x; };
$g = fn($x) => $x + 1;
$o = new class($a) extends B { public function m() {} };
$r = match ($x) { 1 => 'a', default => 'b' };
$h = $obj->class . $obj?->function . A::function() . B::class;
$i = static fn() => 1;
function after() {}
`, want: []string{
		"function after [8-8] function after()",
	}},
	{name: "an if body is mapped, its else branches and loops not", src: `<?php
if (!function_exists('a')) {
    function a() {}
} else {
    function b() {}
}
if (true):
    function c() {}
elseif (false):
    function d() {}
else:
    function e() {}
endif;
{
    function f() {}
}
while (true) { function g() {} }
foreach ($a as $b):
    echo $b;
endforeach;
function h() {}
`, want: []string{
		"function a [3-3] function a()",
		"function c [8-8] function c()",
		"function f [15-15] function f()",
		"function h [21-21] function h()",
	}},
	{name: "keywords in any case, a namespace holding HTML", src: `<?php
declare(strict_types=1);
namespace App;
CLASS Upper {
    PUBLIC FUNCTION Up() {}
    Public Static $s;
}
Function lower() {}
namespace\helper();
?>
<div>
  <?= $x ?>
</div>
`, want: []string{
		"namespace App [3-13] namespace App",
		"  class App.Upper [4-7] CLASS Upper",
		"    method App.Upper.Up [5-5] PUBLIC FUNCTION Up()",
		"    property App.Upper.$s [6-6] Public Static $s",
		"  function App.lower [8-8] Function lower()",
	}},
	{name: "modifiers, DNF types, methods named by keywords, a multi-line head", src: `<?php
final readonly class A
{
    #[Inject]
    public (B&C)|null $dnf = null;
    #[Deprecated] const OLD = 1;
    static function make(): self { return new self(); }
    protected function &ref() { return $this->x; }
    public function fn() { $a = fn() => [1, 2]; }
}
enum Suit
{
    case Hearts;
    case Spades;
}
$x = <<<EOT
    text }
    EOT . "a";
function z(
    int $a,
    string $b = "{",
): void {
}
`, want: []string{
		"class A [2-10] final readonly class A",
		"  property A.$dnf [4-5] public (B&C)|null $dnf = null",
		"  const A.OLD [6-6] const OLD = 1",
		"  method A.make [7-7] static function make(): self",
		"  method A.ref [8-8] protected function &ref()",
		"  method A.fn [9-9] public function fn()",
		"enum Suit [11-15] enum Suit",
		"  enum_member Suit.Hearts [13-13] case Hearts",
		"  enum_member Suit.Spades [14-14] case Spades",
		"function z [19-23] function z(int $a, string $b = \"{\"): void",
	}},
	{name: "a constant after an enum case", src: `<?php
enum Suit
{
    case Hearts;
    const Wild = self::Hearts;
}
`, want: []string{
		"enum Suit [2-6] enum Suit",
		"  enum_member Suit.Hearts [4-4] case Hearts",
		"  const Suit.Wild [5-5] const Wild = self::Hearts",
	}, differs: "the grammar reads a constant after an enum case as an error and maps it outside the enum"},
	{name: "a no-break space is a blank", src: `<?php
class Nil {
    public null $nil = null;
 
    public function foo(null $v): null { }
}
`, want: []string{
		"class Nil [2-6] class Nil",
		"  property Nil.$nil [3-3] public null $nil = null",
		"  method Nil.foo [5-5] public function foo(null $v): null",
	}},
	{name: "a namespace name with blanks, an attribute before a constant", src: `<?php

namespace Be \ ta {
    class A {}
}
#[Test]
const C = 1;
`, want: []string{
		"namespace Be \\ ta [3-5] namespace Be \\ ta",
		"  class Be \\ ta.A [4-4] class A",
		"const C [7-7] const C = 1",
	}, differs: "the grammar reads an attribute before a constant outside a class as an error"},
	{name: "a syntax error in a method body", src: `<?php
function a() {}
class B {
    public function c() {
        $x = ;
    }
    public function d() {}
}
function e() {}
`, want: []string{
		"function a [2-2] function a()",
		"class B [3-8] class B",
		"  method B.c [4-6] public function c()",
		"  method B.d [7-7] public function d()",
		"function e [9-9] function e()",
	}, differs: "the grammar recovers from the error; the scanner skips the body it is in"},
	{name: "words that open a type, called as functions", src: `<?php
enum($x);
readonly($y);
function f() {}
final class A {}
`, want: []string{
		"function f [4-4] function f()",
		"class A [5-5] final class A",
	}, differs: "the grammar reads enum and readonly as keywords only, and the calls as errors"},
	{name: "a parenthesis left open in a body", src: `<?php
class A {
    public function a() {
        foo(;
    }
    public function b() {}
}
`, want: []string{
		"class A [2-7] class A",
		"  method A.a [3-5] public function a()",
		"  method A.b [6-6] public function b()",
	}, differs: "the grammar recovers from the error; the scanner counts the body's braces only"},
}

// TestPHPScanner covers the lexical traps of PHP and the declarations the scanner reads; each
// case is also mapped by the tree-sitter reference, which must agree exactly.
func TestPHPScanner(t *testing.T) {
	walk := newTSMapper(phpGrammar()).(*tsMapper)
	runScannerCases(t, phpCases, phpScanOnly{}, "case.php", func(st *scannerDiff, path string, src []byte) { phpScanDiffAdd(st, path, src, walk) })
}

// phpPathological are sources built to be the scanner's worst case: deep nesting of everything
// it enters or skips, and input that never closes.
var phpPathological = map[string]func(n int) string{
	"classes in namespaces": func(n int) string {
		return "<?php\n" + strings.Repeat("namespace A {\nif (x) {\n", n) + strings.Repeat("}\n}\n", n)
	},
	"blocks": func(n int) string {
		return "<?php\n" + strings.Repeat("{\n", n) + "function f() {}\n" + strings.Repeat("}\n", n)
	},
	"brackets": func(n int) string {
		return "<?php\n$x = " + strings.Repeat("([{", n) + strings.Repeat("}])", n) + ";\n"
	},
	"bodies": func(n int) string {
		return "<?php\nfunction f() " + strings.Repeat("{ if (x) ", n) + strings.Repeat("}", n) + "\n"
	},
	"one long line": func(n int) string { return "<?php " + strings.Repeat("class A { public $a = 1; function b() {} } ", n) },
	"interpolations": func(n int) string {
		return "<?php\n$x = " + strings.Repeat(`"{$a[`, n) + strings.Repeat(`]}"`, n) + ";\n"
	},
	"unclosed interpolation": func(n int) string { return "<?php\n$x = " + strings.Repeat(`"{$a[`, n) },
	"unterminated heredocs":  func(n int) string { return "<?php\n" + strings.Repeat("$x = <<<EOT\n", n) },
	"unterminated string":    func(n int) string { return "<?php\n$x = \"" + strings.Repeat("a {$b} \\\" ", n) },
	"unterminated comment":   func(n int) string { return "<?php\n/*" + strings.Repeat("function f() {}\n", n) },
	"unclosed class":         func(n int) string { return "<?php\n" + strings.Repeat("class A {\n", n) },
	"invalid UTF-8":          func(n int) string { return "<?php\n" + strings.Repeat("class \xff\xfe { function \xc3() {} }\n", n) },
	"only HTML":              func(n int) string { return strings.Repeat("<p>function f() {}</p>\n", n) },
	"tags":                   func(n int) string { return strings.Repeat("<?php function f() {} ?>\n", n) },
	"attributes":             func(n int) string { return "<?php\n" + strings.Repeat("#[A(", n) },
	"namespaces":             func(n int) string { return "<?php\n" + strings.Repeat("namespace A;\nfunction f() {}\n", n) },
}

// TestPHPScannerPathological: the worst cases finish quickly, and their maps keep the
// invariants; an empty file maps to nothing.
func TestPHPScannerPathological(t *testing.T) {
	checkScannerPathological(t, func() Mapper { return phpScanOnly{} }, phpPathological)
	res, err := phpScanOnly{}.Map(context.Background(), nil)
	if err != nil || len(res.Symbols) != 0 || len(res.Imports) != 0 {
		t.Errorf("Map(empty) = %+v, %v, want nothing", res, err)
	}
}

// FuzzPHPScanner feeds the scanner random sources: it must not panic or run on, must keep every
// range inside the file and every member inside its parent, and must map a file the same each
// time.
func FuzzPHPScanner(f *testing.F) {
	for _, tc := range phpCases {
		f.Add([]byte(tc.src))
	}
	for _, seed := range []string{
		"<?php \"unclosed", "<?php '", "<?php `", "<?php <<<EOT", "<?php <<<'A'\n", "<?php /*", "<?php #[", "<?php ?>",
		"<?= ", "<?php namespace", "<?php namespace A;", "<?php use A\\{", "<?php class", "<?php class A {", "<?php enum E { case",
		"<?php function", "<?php function f(", "<?php const", "<?php if (x):", "<?php \"{$", "<?php \"${", "}}}", "\x00\xff\xfe",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) { checkScannerRun(t, func() Mapper { return phpScanOnly{} }, src) })
}

// BenchmarkPHPMapper maps Debian's PHP libraries (the differential test's tuned corpus) with the
// scanner and with the tree-sitter mapper it replaced, and reports MB/s and files/s:
//
//	go test ./indexer/lang -run '^$' -bench PHPMapper -benchtime 3x
//
// READMAP_PHP_SRC, as in the differential test, maps other PHP instead.
func BenchmarkPHPMapper(b *testing.B) {
	roots := phpScanDiffCorpora()[1].roots
	if src := os.Getenv("READMAP_PHP_SRC"); src != "" {
		roots = strings.Split(src, ":")
	}
	for _, m := range []struct {
		name string
		new  func() Mapper
	}{{"scanner", func() Mapper { return phpScanOnly{} }}, {"tree-sitter", func() Mapper { return newTSMapper(phpGrammar()) }}} {
		b.Run(m.name, func(b *testing.B) {
			paths := filesUnder(roots, ".php")
			if len(paths) == 0 {
				b.Skipf("SKIP: no PHP under %v", roots)
			}
			files, total := readBenchFiles(b, paths)
			benchMapper(b, m.new(), files, total)
		})
	}
}

// phpScanOnly is the scanner alone as a Mapper, without the walk that maps a file in which a
// string, heredoc or comment runs to the end.
type phpScanOnly struct{}

// Map maps src with the scanner only.
func (phpScanOnly) Map(ctx context.Context, src []byte) (*Result, error) {
	res, _, err := phpScanFile(ctx, src)
	return res, err
}

// TestPHPUnclosedFallsBackToTheWalk: in a file where a string runs to the end, the scanner alone
// loses what follows the quote; the mapper also walks tree-sitter's tree and keeps the map with
// more declarations, and keeps the scanner's where the walk finds fewer.
func TestPHPUnclosedFallsBackToTheWalk(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"<?php\nfunction a() { $s = \"unterminated; }\nfunction b() {}\nclass C { function m() {} }\n",
			[]string{"function a [2-2] function a()", "function b [3-3] function b()", "class C [4-4] class C", "  method C.m [4-4] function m()"}},
		{"<?php\nfunction a() { $s = 'single; }\nfunction b() {}\n", []string{"function a [2-3] function a()"}},
	} {
		if diff := cmp.Diff(tc.want, scannerLines(t, &phpMapper{}, tc.src)); diff != "" {
			t.Errorf("map of %q (-want +got):\n%s", tc.src, diff)
		}
	}
}
