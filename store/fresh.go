package store

import "unsafe"

// MakeWritten returns a zeroed slice of n elements, each 4 KB page of which has been written once
// before anything reads it. Memory fresh from the system that a hash table reads first (to find
// its slots empty) is mapped to the kernel's shared zero page, and the table's first write to each
// page then faults a second time, to copy the page and flush the TLB of every core the process
// runs on: those second faults were a twentieth of the CPU of an index of koreader's Lua, where
// the tables of the identifier sets grow.
func MakeWritten[T any](n int) []T {
	s := make([]T, n)
	var zero T
	step := max(1, 4096/int(unsafe.Sizeof(zero)))
	for i := 0; i < n; i += step {
		s[i] = zero
	}
	return s
}
