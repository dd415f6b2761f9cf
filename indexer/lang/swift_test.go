package lang

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSwiftDeclarations covers what the Swift mapper once got wrong on real files: macro
// declarations and associated types were left out, and `nonisolated(unsafe)` became a property
// named "(unsafe)".
func TestSwiftDeclarations(t *testing.T) {
	src := `protocol View {
    associatedtype Props: ViewProps
    func render() -> Props
}

final class Registry {
    nonisolated(unsafe) static var shared: Registry?
    nonisolated func count() -> Int { 0 }
}

nonisolated(unsafe) private let pattern = Regex {
    OneOrMore(.digit)
}

@attached(peer)
public macro JS(_ name: String? = nil) =
  #externalMacro(module: "Macros", type: "JSMacro")
`
	want := []string{
		"interface View [1-4]",
		"  type View.Props [2-2]",
		"  method View.render [3-3]",
		"class Registry [6-9]",
		"  property Registry.shared [7-7]",
		"  method Registry.count [8-8]",
		"const pattern [11-13]",
		"macro JS [15-17]",
	}
	if diff := cmp.Diff(want, mapLines(t, "a.swift", src)); diff != "" {
		t.Errorf("Map(a.swift) (-want +got):\n%s", diff)
	}
	// The grammar is given `nonisolated` alone, but signatures show the file as written.
	f := Map(context.Background(), "a.swift", []byte(src), Options{})
	if got, want := f.Symbols[4].Signature, "nonisolated(unsafe) static var shared: Registry?"; got != want {
		t.Errorf("signature of Registry.shared = %q, want %q", got, want)
	}
}
