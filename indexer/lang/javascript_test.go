package lang

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestTypeScriptMembers covers what TypeScript's own parser showed the mapper got wrong on
// lib.dom.d.ts and lib.es5.d.ts (see TestTypeScriptAgainstTSC): quoted member names, overloaded
// construct signatures, accessor pairs in interfaces, enum members written as strings.
func TestTypeScriptMembers(t *testing.T) {
	for _, tc := range []struct {
		name, file, src string
		want            []string
	}{
		{"quoted names are the names without their quotes", "a.ts", `interface AbortSignalEventMap {
    "abort": Event;
    "$&": string;
    'q'(): void;
}
class C {
    "lit" = 1;
    'm'() {}
}
`, []string{"interface AbortSignalEventMap [1-5]", "  property AbortSignalEventMap.abort [2-2]",
			"  property AbortSignalEventMap.$& [3-3]", "  method AbortSignalEventMap.q [4-4]",
			"class C [6-9]", "  field C.lit [7-7]", "  method C.m [8-8]"}},
		{"construct signatures overload like methods", "a.ts", `interface ArrayConstructor {
    new(arrayLength?: number): any[];
    new <T>(arrayLength: number): T[];
    new <T>(...items: T[]): T[];
    isArray(arg: any): arg is any[];
}
`, []string{"interface ArrayConstructor [1-6]", "  method ArrayConstructor.new [2-4]", "  method ArrayConstructor.isArray [5-5]"}},
		{"an interface's getter and setter are two symbols, not overloads", "a.ts", `interface Document {
    get location(): Location;
    set location(href: string | Location);
    f(a: string): void;
    f(a: number): void;
}
`, []string{"interface Document [1-6]", "  method Document.location [2-2]", "  method Document.location [3-3]",
			"  method Document.f [4-5]"}},
		{"enum members written as strings, with and without values", "a.ts", `enum E {
    "a-b",
    C,
    "d" = 2,
}
`, []string{"enum E [1-5]", "  enum_member E.a-b [2-2]", "  enum_member E.C [3-3]", "  enum_member E.d [4-4]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, mapLines(t, tc.file, tc.src)); diff != "" {
				t.Errorf("map (-want +got):\n%s", diff)
			}
		})
	}
}
