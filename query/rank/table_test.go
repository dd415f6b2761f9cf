package rank

import (
	"math/rand/v2"
	"testing"
)

// TestIDTable: what put sets get returns, through every growth, for keys of any bits (0 and the
// largest too); keys never put are not found.
func TestIDTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	want := map[uint64]int32{}
	table := newIDTable(0)
	keys := []uint64{0, 1, 1 << 32, ^uint64(0)}
	for range 20000 {
		keys = append(keys, rng.Uint64()>>uint(rng.IntN(64)))
	}
	for i, k := range keys {
		table.put(k, int32(i))
		want[k] = int32(i)
		if i%7 == 0 { // a key set again keeps the last id
			table.put(keys[i/2], int32(i))
			want[keys[i/2]] = int32(i)
		}
	}
	for k, id := range want {
		if got, ok := table.get(k); !ok || got != id {
			t.Fatalf("get(%#x) = %d, %v; want %d", k, got, ok, id)
		}
	}
	if table.count != len(want) {
		t.Errorf("count %d, want %d", table.count, len(want))
	}
	for range 20000 {
		k := rng.Uint64()
		if _, put := want[k]; !put {
			if _, ok := table.get(k); ok {
				t.Fatalf("get(%#x) found a key never put", k)
			}
		}
	}
}
