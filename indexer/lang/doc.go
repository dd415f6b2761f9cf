// Package lang maps a file's bytes into symbols: its language from the name and the head, then
// that language's mapper (tree-sitter, a hand-written scanner, or the language's own parser), the
// fallback heuristics where no mapper serves, and landmarks where nothing else finds structure.
//
// Everything here is a pure function of the bytes: no file system access, no store, no walking.
// The table of languages (languages.go) is the one list of what readmap maps; each language's
// mapper lives in a file of its own (go.go, python.go, …), and what several languages share lives
// in files named for what it does (text.go, markup.go, data.go, cpreproc.go, treesitter.go), so
// that no language file defines what another uses. The indexer imports this package; never the
// other way.
package lang
