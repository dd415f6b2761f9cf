package lang

import (
	"context"
	"fmt"
	"sort"
	"testing"
)

// BenchmarkPathological maps the scanners' pathological inputs at two sizes, n and 4n units, and
// reports bytes per second: a linear scanner shows about the same rate at both, a quadratic one a
// quarter at 4n. This is where their growth is measured (`go test -run '^$' -bench Pathological
// ./indexer/lang`); the tests only check that such inputs map without breaking an invariant.
func BenchmarkPathological(b *testing.B) {
	type input struct {
		scan func(src []byte) error
		gen  func(n int) []byte
	}
	mapWith := func(m func() Mapper) func([]byte) error {
		return func(src []byte) error { _, err := m().Map(context.Background(), src); return err }
	}
	inputs := map[string]input{}
	for name, gen := range jsPathological {
		scan := func(src []byte) error {
			if _, err := jsScanFile(context.Background(), src); err != nil && err != errJSUnsure {
				return err
			}
			return nil
		}
		inputs["JavaScript/"+name] = input{scan, gen}
	}
	for unit := range luaPathological(1) {
		inputs["Lua/"+unit] = input{mapWith(newLuaMapper), func(n int) []byte { return luaPathological(n)[unit] }}
	}
	for name := range cljPathological(1) {
		inputs["Clojure/"+name] = input{mapWith(func() Mapper { return &cljMapper{} }), func(n int) []byte { return cljPathological(n)[name] }}
	}
	names := make([]string, 0, len(inputs))
	for name := range inputs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		in := inputs[name]
		for _, n := range []int{25_000, 100_000} {
			src := in.gen(n)
			b.Run(fmt.Sprintf("%s/%d", name, n), func(b *testing.B) {
				b.SetBytes(int64(len(src)))
				for range b.N {
					if err := in.scan(src); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
