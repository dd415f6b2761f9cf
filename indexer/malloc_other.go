//go:build !linux

package indexer

// releaseCMemory does nothing where the C allocator returns memory by itself.
func releaseCMemory() {}
