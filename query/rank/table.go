package rank

import (
	"math/bits"

	"github.com/readmap/readmap/store"
)

// idTable maps uint64 keys to int32 ids: open addressing with linear probing over a power of two
// of slots, a key's first slot taken by multiplying it by a large odd constant. A name's group is
// looked up for every name every file uses, which Go's map made a fifth of a ranking.
type idTable struct {
	keys  []uint64
	ids   []int32 // 1 + the id, 0 where the slot is empty
	shift uint    // 64 - log2(len(keys))
	count int
}

// newIDTable returns a table with room for about expected keys before it grows.
func newIDTable(expected int) *idTable {
	t := &idTable{}
	t.resize(max(16, 2*expected))
	return t
}

// resize makes the table at least n slots long (a power of two) and places its keys again.
func (t *idTable) resize(n int) {
	size := 1 << bits.Len(uint(n-1))
	keys, ids := t.keys, t.ids
	t.keys, t.ids = store.MakeWritten[uint64](size), store.MakeWritten[int32](size)
	t.shift = uint(64 - bits.Len(uint(size-1)))
	for k, id := range ids {
		if id != 0 {
			i := t.slot(keys[k])
			t.keys[i], t.ids[i] = keys[k], id
		}
	}
}

// slot returns the slot of key, or of the empty slot where it would go.
func (t *idTable) slot(key uint64) int {
	mask := len(t.keys) - 1
	i := int((key * 0x9e3779b97f4a7c15) >> t.shift)
	for t.ids[i] != 0 && t.keys[i] != key {
		i = (i + 1) & mask
	}
	return i
}

// get returns the id of key, and whether the table holds it.
func (t *idTable) get(key uint64) (int32, bool) {
	i := t.slot(key)
	return t.ids[i] - 1, t.ids[i] != 0
}

// put sets the id of key.
func (t *idTable) put(key uint64, id int32) {
	i := t.slot(key)
	if t.ids[i] == 0 {
		t.count++
		if 2*t.count > len(t.keys) {
			t.resize(2 * len(t.keys))
			i = t.slot(key)
		}
	}
	t.keys[i], t.ids[i] = key, id+1
}
