package lang

// Tests of the Swift scanner (swift_scan.go) by itself: the constructs easy to misread, the
// syntax errors it reports, its worst inputs, a fuzz test, and its speed against the tree-sitter
// mapper it replaced.

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/readmap/readmap/store"
)

// swCases cover the lexical traps of Swift and the declarations the scanner reads.
var swCases = []scannerCase{
	{name: "comments nest, strings interpolate and run over lines", src: `/* outer /* inner */ still a comment
class NotAClass {}
*/
let greeting = "hello \(name.map { "\($0) }" }) {"
let block = """
    func notAFunction() {
    \(items.map { "\"\($0)\"" }.joined(separator: "}"))
    """
let raw = #"a "quoted" \(not) } string"#
let rawInterp = ##"x \##(value) "# }"##
let url = URL(string: "https://example.com/*")!
func after() -> String { "}" }
`, want: []string{
		"const greeting [4-4] let greeting = \"hello \\(name.map { \"\\($0)}\"}) {\"",
		"const block [5-8] let block = \"\"\"",
		"const raw [9-9] let raw = #\"a \"quoted\" \\(not)} string\"#",
		"const rawInterp [10-10] let rawInterp = ##\"x \\##(value) \"#}\"##",
		"const url [11-11] let url = URL(string: \"https://example.com/*\")!",
		"function after [12-12] func after() -> String",
	}},
	{name: "a class with every kind of member, attributes and #if blocks", src: `import Foundation
@testable import MyKit
import struct Swift.Array

#if os(iOS)
import UIKit
#elseif os(macOS)
import AppKit
#endif

@objc(MYThing)
@available(iOS 13.0, macOS 10.15, *)
public final class Thing<T: Codable>: NSObject, Sendable where T: Hashable {
    public private(set) var count = 0
    static let shared = Thing<Int>()
    var a = 1, b = 2
    let (x, y) = (1, 2)
    lazy var lazyValue: Int = {
        return 42
    }()
    var computed: Int {
        get { count }
        set { count = newValue }
    }
    var observed: Int = 0 {
        didSet { print(oldValue) }
    }
#if DEBUG
    func debugOnly() {}
#else
    func releaseOnly() {}
#endif
    init?(value: T) {
        super.init()
    }
    convenience init() { self.init(value: 0)! }
    deinit {}
    subscript(index: Int) -> T? {
        get { nil }
        set {}
    }
    class func make() -> Thing { Thing() }
    class var name: String { "Thing" }
    @discardableResult
    public func map<U>(_ f: (T) throws -> U) rethrows -> U
        where U: Equatable
    {
        fatalError()
    }
    struct Inner {
        enum Deep { case a }
    }
}
`, want: []string{
		"class Thing [11-53] public final class Thing<T: Codable>: NSObject, Sendable where T: Hashable",
		"  property Thing.count [14-14] public private(set) var count = 0",
		"  property Thing.shared [15-15] static let shared = Thing<Int>()",
		"  property Thing.a [16-16] var a = 1, b = 2",
		"  property Thing.(x, y) [17-17] let (x, y) = (1, 2)",
		"  property Thing.lazyValue [18-20] lazy var lazyValue: Int",
		"  property Thing.computed [21-24] var computed: Int",
		"  property Thing.observed [25-27] var observed: Int = 0",
		"  method Thing.debugOnly [29-29] func debugOnly()",
		"  method Thing.releaseOnly [31-31] func releaseOnly()",
		"  constructor Thing.init [33-35] init?(value: T)",
		"  constructor Thing.init [36-36] convenience init()",
		"  method Thing.deinit [37-37] deinit",
		"  method Thing.subscript [38-41] subscript(index: Int) -> T?",
		"  method Thing.make [42-42] class func make() -> Thing",
		"  property Thing.name [43-43] class var name: String { \"Thing\"}",
		"  method Thing.map [44-49] public func map<U>(_ f: (T) throws -> U) rethrows -> U where U: Equatable",
		"  struct Thing.Inner [50-52] struct Inner",
		"    enum Thing.Inner.Deep [51-51] enum Deep",
		"      enum_member Thing.Inner.Deep.a [51-51] case a",
		"import Foundation",
		"import MyKit",
		"import Swift.Array",
		"import UIKit",
		"import AppKit",
	}},
	{name: "protocols, extensions, enums and actors", src: `public protocol Store: AnyObject {
    associatedtype Value: Codable
        where Value: Hashable
    var value: Value { get set }
    static var name: String { get }
    init(value: Value)
    func load() async throws -> Value
    mutating func save(_ value: Value)
    subscript(key: String) -> Value? { get }
}

extension Store where Value == Int {
    func increment() {}
}

extension [String] {
    var joined: String { joined(separator: ",") }
}

extension Dictionary.Keys {
    func sortedKeys() {}
}

indirect enum Tree<T> {
    case leaf(T), node(Tree, Tree)
    case empty
    case labelled(value: T, name: String = "x")
    var isEmpty: Bool { if case .empty = self { return true }; return false }
    static func make() -> Tree { .empty }
}

enum Code: Int { case ok = 200, notFound = 404 }

actor Counter {
    nonisolated(unsafe) static var shared = Counter()
    private var n = 0
    func increment() { n += 1 }
}
`, want: []string{
		"interface Store [1-10] public protocol Store: AnyObject",
		"  type Store.Value [2-3] associatedtype Value: Codable where Value: Hashable",
		"  property Store.value [4-4] var value: Value { get set}",
		"  property Store.name [5-5] static var name: String { get}",
		"  constructor Store.init [6-6] init(value: Value)",
		"  method Store.load [7-7] func load() async throws -> Value",
		"  method Store.save [8-8] mutating func save(_ value: Value)",
		"  method Store.subscript [9-9] subscript(key: String) -> Value?",
		"impl Store [12-14] extension Store where Value == Int",
		"  method Store.increment [13-13] func increment()",
		"impl [String] [16-18] extension [String]",
		"  property [String].joined [17-17] var joined: String { joined(separator: \",\")}",
		"impl Dictionary.Keys [20-22] extension Dictionary.Keys",
		"  method Dictionary.Keys.sortedKeys [21-21] func sortedKeys()",
		"enum Tree [24-30] indirect enum Tree<T>",
		"  enum_member Tree.leaf [25-25] case leaf(T), node(Tree, Tree)",
		"  enum_member Tree.node [25-25] case leaf(T), node(Tree, Tree)",
		"  enum_member Tree.empty [26-26] case empty",
		"  enum_member Tree.labelled [27-27] case labelled(value: T, name: String = \"x\")",
		"  property Tree.isEmpty [28-28] var isEmpty: Bool { if case .empty = self { return true}; return false}",
		"  method Tree.make [29-29] static func make() -> Tree",
		"enum Code [32-32] enum Code: Int",
		"  enum_member Code.ok [32-32] case ok = 200, notFound = 404",
		"  enum_member Code.notFound [32-32] case ok = 200, notFound = 404",
		"class Counter [34-38] actor Counter",
		"  property Counter.shared [35-35] nonisolated(unsafe) static var shared = Counter()",
		"  property Counter.n [36-36] private var n = 0",
		"  method Counter.increment [37-37] func increment()",
	}},
	{name: "operators, top-level statements and lines that go on", src: `infix operator ~> : AdditionPrecedence
prefix operator √
precedencegroup Forward {
    associativity: left
}
public func ~> <T>(lhs: T, rhs: T) -> Bool { true }
prefix func √(x: Double) -> Double { x.squareRoot() }
static func == (lhs: A, rhs: A) -> Bool { true }

let chained = [1, 2, 3]
    .map { $0 * 2 }
    .filter { $0 > 2 }
let sum = 1
    + 2
    - 3
let cond = flag
    ? "yes"
    : "no"
var optionalValue: Int? = nil
var generic: Array<Dictionary<String, Int>>
let cast = value as? Int ?? 0

print("top-level statement")
if let x = optionalValue {
    let inner = x
}
for i in 0..<10 { print(i) }
typealias Handler = (Result<Int, Error>) -> Void
typealias Multi = (
    Int, String
)
@attached(member)
public macro Observable() = #externalMacro(module: "M", type: "T")
func last() {}
`, want: []string{
		"function ~> [6-6] public func ~> <T>(lhs: T, rhs: T) -> Bool",
		"function √ [7-7] prefix func √(x: Double) -> Double",
		"function == [8-8] static func == (lhs: A, rhs: A) -> Bool",
		"const chained [10-12] let chained = [1, 2, 3]",
		"const sum [13-15] let sum = 1",
		"const cond [16-18] let cond = flag",
		"var optionalValue [19-19] var optionalValue: Int? = nil",
		"var generic [20-20] var generic: Array<Dictionary<String, Int>>",
		"const cast [21-21] let cast = value as? Int ?? 0",
		"type Handler [28-28] typealias Handler = (Result<Int, Error>) -> Void",
		"type Multi [29-31] typealias Multi = (",
		"macro Observable [32-33] public macro Observable()",
		"function last [34-34] func last()",
	}},
	{name: "quotes in comments, raw multi-line strings, cases in #if, modifiers with arguments", src: "// it's a comment with a quote \" and a brace {\n" +
		"@available(*, deprecated, message: \"use } instead\")\n" +
		"func deprecated() {}\n" +
		"let escaped = \"a\\\\\"\n" +
		"let unicode = \"\\u{1F600} \\\"}\\\"\"\n" +
		"let rawBlock = #\"\"\"\n" +
		"    still \"\" raw \\(x) \"\"\" not the end\n" +
		"    \"\"\"#\n" +
		"enum Platform {\n" +
		"#if os(iOS)\n" +
		"    case phone\n" +
		"#endif\n" +
		"    case desktop\n" +
		"}\n" +
		"struct Point { var x = 0.5e-3; var y = 0x1F }\n" +
		"class Box<T> where T: Equatable, T: Sendable {\n" +
		"    weak var delegate: AnyObject?\n" +
		"    unowned(safe) let owner: AnyObject\n" +
		"    fileprivate(set) var names: [String: [Int]] = [:]\n" +
		"    override func `default`() {}\n" +
		"}\n" +
		"var body: some View {\n" +
		"    VStack {\n" +
		"        Text(\"}\")\n" +
		"    }\n" +
		"}\n", want: []string{
		"function deprecated [2-3] func deprecated()",
		"const escaped [4-4] let escaped = \"a\\\\\"",
		"const unicode [5-5] let unicode = \"\\u{1F600} \\\"}\\\"\"",
		"const rawBlock [6-8] let rawBlock = #\"\"\"",
		"enum Platform [9-14] enum Platform",
		"  enum_member Platform.phone [11-11] case phone",
		"  enum_member Platform.desktop [13-13] case desktop",
		"struct Point [15-15] struct Point",
		"  property Point.x [15-15] var x = 0.5e-3",
		"  property Point.y [15-15] var y = 0x1F",
		"class Box [16-21] class Box<T> where T: Equatable, T: Sendable",
		"  property Box.delegate [17-17] weak var delegate: AnyObject?",
		"  property Box.owner [18-18] unowned(safe) let owner: AnyObject",
		"  property Box.names [19-19] fileprivate(set) var names: [String: [Int]] = [:]",
		"  method Box.`default` [20-20] override func `default`()",
		"var body [22-26] var body: some View",
	}},
	{name: "property wrappers, result builders, generic members, doc comments, one-line statements", src: `import SwiftUI

@resultBuilder
struct Builder {
    static func buildBlock(_ parts: String...) -> String { parts.joined() }
}

struct ContentView: View {
    @State private var count = 0
    @Published var items: [String] = []
    @Environment(\.colorScheme) var scheme
    var body: some View {
        Button("Tap \(count)") { count += 1 }
            .padding()
    }
    var asyncValue: Int {
        get async throws { 1 }
    }
    static subscript<T>(key: T) -> Int { 0 }
    init<T: Sequence>(items: T) where T.Element == String {}
    func nested() {
        func inner() {}
        let local = 1
    }
}

typealias Pair<T> = (T, T)
protocol Legacy: class {}
@frozen public enum Mode: String, CaseIterable {
    case on = "}", off = "{"
}
/** doc /* nested */ */
/// line doc
fileprivate extension String {
    static let empty = ""; static let space = " "
}
@MainActor public extension Array where Element: Equatable {
    func unique() -> [Element] { [] }
}
let escapedParen = "\\(notInterpolated)"
let continued = """
    one \
    two
    """
let keyPath = \ContentView.count
let selector = #selector(ContentView.nested)
if #available(iOS 15, *) {
    print("new")
}
async let notTopLevel = 1
#warning("check this")
infix operator <> : AdditionPrecedence
func <> (a: Int, b: Int) -> Int { a + b }
let a = 1; let b = 2
`, want: []string{
		"struct Builder [3-6] struct Builder",
		"  method Builder.buildBlock [5-5] static func buildBlock(_ parts: String...) -> String",
		"struct ContentView [8-25] struct ContentView: View",
		"  property ContentView.count [9-9] private var count = 0",
		"  property ContentView.items [10-10] var items: [String] = []",
		"  property ContentView.scheme [11-11] var scheme",
		"  property ContentView.body [12-15] var body: some View",
		"  property ContentView.asyncValue [16-18] var asyncValue: Int",
		"  method ContentView.subscript [19-19] static subscript<T>(key: T) -> Int",
		"  constructor ContentView.init [20-20] init<T: Sequence>(items: T) where T.Element == String",
		"  method ContentView.nested [21-24] func nested()",
		"type Pair [27-27] typealias Pair<T> = (T, T)",
		"interface Legacy [28-28] protocol Legacy: class",
		"enum Mode [29-31] public enum Mode: String, CaseIterable",
		"  enum_member Mode.on [30-30] case on = \"}\", off = \"{\"",
		"  enum_member Mode.off [30-30] case on = \"}\", off = \"{\"",
		"impl String [34-36] fileprivate extension String",
		"  property String.empty [35-35] static let empty = \"\"",
		"  property String.space [35-35] static let space = \" \"",
		"impl Array [37-39] public extension Array where Element: Equatable",
		"  method Array.unique [38-38] func unique() -> [Element]",
		"const escapedParen [40-40] let escapedParen = \"\\\\(notInterpolated)\"",
		"const continued [41-44] let continued = \"\"\"",
		"const keyPath [45-45] let keyPath = \\ContentView.count",
		"const selector [46-46] let selector = #selector(ContentView.nested)",
		"const notTopLevel [50-50] async let notTopLevel = 1",
		"function <> [53-53] func <> (a: Int, b: Int) -> Int",
		"const a [54-54] let a = 1",
		"const b [54-54] let b = 2",
		"import SwiftUI",
	}},
	{name: "which operators first on a line go on with the statement before", src: `let call = foo
(1, 2)
let sub = bar
[0]
let coalesce = a
    ?? b
let equal = a
    == b
let notEqual = a
    != b
let greaterEq = a
    >= b
let and = a
    && b
let cast = a
    as! Int
let neg = a
-b
let plus = a
+b
var later: Int
    = 5
func arrow()
    -> Int { 1 }
func throwing() throws
    -> Int { 1 }
class Split
    : Base, P
{
    var x = 1
}
let closure = { (a: Int) -> Int in
    a + 1
}
let custom = a
    <> b
let pipe = a
    |> b
let range = a
    ..< b
let dots = a
    ... b
let bang = a
    ! b
let tilde = a
    ~= b
let last = 1
`, want: []string{
		"const call [1-1] let call = foo",
		"const sub [3-3] let sub = bar",
		"const coalesce [5-6] let coalesce = a",
		"const equal [7-8] let equal = a",
		"const notEqual [9-10] let notEqual = a",
		"const greaterEq [11-12] let greaterEq = a",
		"const and [13-14] let and = a",
		"const cast [15-16] let cast = a",
		"const neg [17-17] let neg = a",
		"const plus [19-19] let plus = a",
		"var later [21-22] var later: Int",
		"function arrow [23-24] func arrow() -> Int",
		"function throwing [25-26] func throwing() throws -> Int",
		"class Split [27-31] class Split : Base, P",
		"  property Split.x [30-30] var x = 1",
		"const closure [32-34] let closure = { (a: Int) -> Int in",
		"const custom [35-36] let custom = a",
		"const pipe [37-38] let pipe = a",
		"const range [39-39] let range = a",
		"const dots [41-41] let dots = a",
		"const bang [43-43] let bang = a",
		"const tilde [45-46] let tilde = a",
		"const last [47-47] let last = 1",
	}},
	{name: "regex literals and division", src: `let r = /a"b/
func after() {}
let q = /[{]+/
func after2() {}
let d = 4 / 2 / 1
func after3() {}
let extended = #/(?<year>\d{4})-"{"/#
func after4() {}
`, want: []string{
		"const r [1-1] let r = /a\"b/",
		"function after [2-2] func after()",
		"const q [3-3] let q = /[{]+/",
		"function after2 [4-4] func after2()",
		"const d [5-5] let d = 4 / 2 / 1",
		"function after3 [6-6] func after3()",
		"const extended [7-7] let extended = #/(?<year>\\d{4})-\"{\"/#",
		"function after4 [8-8] func after4()",
	}},
	{name: "a macro expansion the grammar does not read", src: `import SwiftUI

#Preview {
    ContentView()
}

struct ContentView: View {
    var body: some View { Text("}") }
}
`, differs: "the grammar reads #Preview { } with a syntax error", want: []string{
		"struct ContentView [7-9] struct ContentView: View",
		"  property ContentView.body [8-8] var body: some View { Text(\"}\")}",
		"import SwiftUI",
	}},
}

// TestSwiftScanner covers the lexical traps of Swift and the declarations the scanner reads;
// each case is also mapped by the tree-sitter reference, which must agree exactly.
func TestSwiftScanner(t *testing.T) {
	walk := newTSMapper(swiftGrammar()).(*tsMapper)
	runScannerCases(t, swCases, swMapper{}, "case.swift", func(st *scannerDiff, path string, src []byte) { swScanDiffAdd(st, path, src, walk) })
}

// TestSwiftScannerUnparsed: a comment, string or interpolation that runs to the end of the
// file, or brackets still open there, are reported from the line the damage starts on, and the
// definition after the break stays in the file's map (the line heuristics give what the
// scanner lost), with the header saying so; a valid file reports nothing.
func TestSwiftScannerUnparsed(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      [][2]int
	}{
		{"unclosed comment", "class A {\n    func a() {}\n}\n/* never /* closed */\nfunc b() {}\n", [][2]int{{4, 5}}},
		{"unclosed multi-line string", "let s = \"\"\"\n  text\nfunc b() {}\n", [][2]int{{1, 3}}},
		{"unclosed raw string", "let s = #\"\"\"\n  \"\"\"\nfunc b() {}\n", [][2]int{{1, 3}}},
		{"unclosed interpolation", "let s = \"\\(foo(\nfunc b() {}\n", [][2]int{{1, 2}}},
		{"unclosed block", "func a() {\n    if x {\n    }\n    while y {\nfunc b() {}\n", [][2]int{{4, 5}}},
		{"unclosed block after an interpolation", "let s = \"\\(a)\"\nfunc a() {\n    if x {\nfunc b() {}\n", [][2]int{{3, 4}}},
		{"a block opened in one branch of #if only", "#if os(iOS)\nimport UIKit\n#else\n{\nimport AppKit\n#endif\nfunc b() {}\n", [][2]int{{3, 7}}},
		{"valid", "/* a /* nested */ comment */\nlet s = \"\"\"\n  \\(x)\n  \"\"\"\nfunc b() {}\n", nil},
		{"valid, a class opened in both branches of #if", "#if os(iOS)\nclass A: UIView {\n#elseif os(macOS)\nclass A: NSView {\n#else\nclass A {\n#endif\n}\nfunc b() {}\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := swMapper{}.Map(context.Background(), []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, res.Unparsed); diff != "" {
				t.Errorf("Unparsed (-want +got):\n%s", diff)
			}
			f := Map(context.Background(), "x.swift", []byte(tc.src), Options{})
			if !hasSymbolAt(f.Symbols, "b", CountLines([]byte(tc.src))) {
				t.Errorf("Map(x.swift) lost b: %+v", f.Symbols)
			}
			if broken := strings.HasPrefix(f.Summary, "syntax errors"); broken != (tc.want != nil) {
				t.Errorf("Map(x.swift).Summary = %q", f.Summary)
			}
		})
	}
}

// hasSymbolAt reports whether syms hold a symbol named name starting on line.
func hasSymbolAt(syms []store.Symbol, name string, line int) bool {
	for _, s := range syms {
		if s.Name == name && s.StartLine == line {
			return true
		}
	}
	return false
}

// swOneLongLine is a valid Swift line of more than 1 MiB.
func swOneLongLine(int) string {
	unit := "struct A { var a = \"}\"; func b() {} }; "
	return strings.Repeat(unit, 1<<20/len(unit)+1)
}

// swPathological are sources built to be the scanner's worst case: deep nesting of everything
// it enters or skips, input that never closes, a line of more than 1 MiB, invalid UTF-8.
var swPathological = map[string]func(n int) string{
	"types in types":         func(n int) string { return strings.Repeat("struct A {\n", n) + strings.Repeat("}\n", n) },
	"bodies in bodies":       func(n int) string { return "func f() " + strings.Repeat("{ if x ", n) + strings.Repeat("}", n) + "\n" },
	"brackets":               func(n int) string { return "let x = " + strings.Repeat("([{", n) + strings.Repeat("}])", n) + "\n" },
	"interpolations":         func(n int) string { return "let x = " + strings.Repeat(`"\(`, n) + strings.Repeat(`)"`, n) + "\n" },
	"unclosed interpolation": func(n int) string { return "let x = " + strings.Repeat(`"\(`, n) },
	"nested comments":        func(n int) string { return strings.Repeat("/*", n) + strings.Repeat("*/", n) + "\nfunc a() {}\n" },
	"unclosed comment":       func(n int) string { return strings.Repeat("/* func a() {}\n", n) },
	"unclosed strings":       func(n int) string { return strings.Repeat("let x = \"\"\"\n", n) },
	"unclosed raw strings":   func(n int) string { return strings.Repeat("let x = ##\"a\"# ", n) },
	"unclosed types":         func(n int) string { return strings.Repeat("class A {\n func b() {\n", n) },
	"unclosed attributes":    func(n int) string { return strings.Repeat("@a(", n) },
	"one long line":          swOneLongLine,
	"continued lines":        func(n int) string { return "let x = foo\n" + strings.Repeat("    .bar // c\n", n) },
	"invalid UTF-8":          func(n int) string { return strings.Repeat("class \xff\xfe {\n func \xc3() {}\n var \x80 = 1\n}\n", n) },
	"modifiers":              func(n int) string { return strings.Repeat("public ", n) + "func a() {}\n" },
	"directives": func(n int) string {
		return strings.Repeat("#if X\n", n) + "func a() {}\n" + strings.Repeat("#endif\n", n)
	},
	"semicolons and closers":  func(n int) string { return strings.Repeat(";\n)]}\n", n) },
	"directives out of place": func(n int) string { return strings.Repeat("#else\n{\n#endif\n#endif\n#elseif X\n", n) },
	"branches in branches": func(n int) string {
		return strings.Repeat("#if A\n{\n#else\n{\n", n) + strings.Repeat("#endif\n", n) + strings.Repeat("}\n", n)
	},
	"enum cases": func(n int) string { return "enum E {\ncase " + strings.Repeat("a, ", n) + "b\n}\n" },
}

// TestSwiftScannerPathological: the worst cases map, and their maps keep the invariants and
// come out the same twice; an empty file maps to nothing. Durations are not asserted.
func TestSwiftScannerPathological(t *testing.T) {
	for name, gen := range swPathological {
		t.Run(name, func(t *testing.T) { swCheckRun(t, []byte(gen(20000))) })
	}
	res, err := swMapper{}.Map(context.Background(), nil)
	if err != nil || len(res.Symbols) != 0 || len(res.Imports) != 0 || len(res.Unparsed) != 0 {
		t.Errorf("Map(empty) = %+v, %v, want nothing", res, err)
	}
}

// swCheckRun maps src twice: the map must keep the invariants (ranges inside the file, members
// inside their parents, spans of syntax errors inside the file) and equal the other.
func swCheckRun(t *testing.T, src []byte) {
	t.Helper()
	res, err := swMapper{}.Map(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	lines := CountLines(src)
	if err := CheckSymbols(res.Symbols, lines); err != nil {
		t.Fatal(err)
	}
	for _, sp := range res.Unparsed {
		if sp[0] < 1 || sp[0] > sp[1] || sp[1] > max(lines, 1) {
			t.Fatalf("Unparsed span %v outside the file's %d lines", sp, lines)
		}
	}
	again, err := swMapper{}.Map(context.Background(), src)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(res, again) {
		t.Fatalf("two maps of one file differ:\n%+v\n%+v", res, again)
	}
}

// FuzzSwiftScanner feeds the scanner random sources: it must not panic, must keep every range
// inside the file and every member inside its parent, and must map a file the same each time.
func FuzzSwiftScanner(f *testing.F) {
	for _, tc := range swCases {
		f.Add([]byte(tc.src))
	}
	for _, seed := range []string{
		`"unclosed`, `"""`, `#"`, `##"""`, `"\(`, `"\("\(`, `#"\#(`, "/*", "/* /*", "`", "@", "@a(", "#if", "#", "\\",
		"func", "func (", "init?", "class", "class func", "extension", "extension [", "protocol P {", "enum E { case",
		"var", "let (", "import", "import struct", "operator", "infix operator", "macro", "}}}", ")))", "\x00\xff\xfe",
		"let x = a\n.b", "let x = a\n+ b", "var x: Int\n{ get }",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, src []byte) { swCheckRun(t, src) })
}

// BenchmarkSwiftMapper maps the fixtures and the Swift corpus with the scanner and with the
// tree-sitter mapper it replaced, and reports MB/s and files/s:
//
//	go test ./indexer/lang -run '^$' -bench SwiftMapper -benchtime 5x
func BenchmarkSwiftMapper(b *testing.B) {
	for _, m := range []struct {
		name string
		new  func() Mapper
	}{{"scanner", func() Mapper { return swMapper{} }}, {"tree-sitter", func() Mapper { return newTSMapper(swiftGrammar()) }}} {
		b.Run(m.name, func(b *testing.B) {
			var roots []string
			for _, c := range swScanDiffCorpora()[:2] {
				roots = append(roots, c.roots...)
			}
			files, total := readBenchFiles(b, filesUnder(roots, ".swift"))
			benchMapper(b, m.new(), files, total)
		})
	}
}

// TestSwiftScannerDeepNesting: past tsMaxNest containers, the scanner maps the types nested
// deepest without their members, as the tree-sitter walk does.
func TestSwiftScannerDeepNesting(t *testing.T) {
	var b strings.Builder
	for i := range tsMaxNest + 4 {
		fmt.Fprintf(&b, "struct S%d {\n", i)
	}
	b.WriteString("var x = 1\n" + strings.Repeat("}\n", tsMaxNest+4))
	st := &scannerDiff{}
	swScanDiffAdd(st, "deep.swift", []byte(b.String()), newTSMapper(swiftGrammar()).(*tsMapper))
	if st.clean != 1 || st.equal != 1 {
		t.Errorf("tree-sitter maps it otherwise (clean %d, equal %d): %v %v", st.clean, st.equal, st.diffs, st.failures)
	}
}
