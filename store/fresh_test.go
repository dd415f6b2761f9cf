package store

import "testing"

func TestMakeWrittenIsZeroed(t *testing.T) {
	for _, n := range []int{0, 1, 511, 512, 513, 1024, 5000} {
		checkZeroed(t, MakeWritten[byte](n), n)
		checkZeroed(t, MakeWritten[int32](n), n)
		checkZeroed(t, MakeWritten[float64](n), n)
		checkZeroed(t, MakeWritten[[3]string](n), n)
		checkZeroed(t, MakeWritten[[8192]byte](min(n, 3)), min(n, 3)) // larger than a page
	}
}

func checkZeroed[T comparable](t *testing.T, s []T, n int) {
	t.Helper()
	if len(s) != n {
		t.Fatalf("MakeWritten[%T](%d) has length %d", s, n, len(s))
	}
	var zero T
	for i, v := range s {
		if v != zero {
			t.Fatalf("MakeWritten[%T](%d)[%d] = %v, not zero", s, n, i, v)
		}
	}
}
