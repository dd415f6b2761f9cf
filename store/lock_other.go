//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package store

// lockDir does nothing: this system offers no folder lock readmap knows.
func lockDir(string) (unlock func()) { return func() {} }
