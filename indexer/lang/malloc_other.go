//go:build !linux

package lang

// releaseCMemory does nothing where the C allocator returns memory by itself.
func releaseCMemory() {}
