package indexer

import (
	"sync"

	"github.com/readmap/readmap/store"
)

// sameContent remembers the analysis of a run's recent files by their content, so that a file
// whose bytes another file of the run had (a symbolic or hard link, a copy) is not mapped, its
// uses gathered and its row packed again. Debian's Lua modules are one tree of files seen four
// times, once per Lua version, through links; bash-completion links 280 of its 880 names.
// A file's analysis depends on its bytes and, through its name, on its language and on whether
// it is shown as a notebook: the key holds those, so two names the analysis tells apart (a.h and
// a.c of the same bytes) are each mapped. It keeps the latest analyses up to a number of symbols,
// so a kernel-sized run's memory does not grow with it. Its methods may be called from several
// workers at once.
type sameContent struct {
	mu      sync.Mutex
	known   map[sameKey]store.Packed
	order   []sameKey // oldest first, for forgetting
	symbols int       // of the analyses known
}

// sameKey is what a file's analysis depends on: its content hash, its language and how it is
// shown (lang.ShownText's second result).
type sameKey struct {
	hash     [hashSize]byte
	language string
	shown    string
}

// sameContentSymbols bounds the symbols of the analyses a run remembers: links in a tree point a
// few hundred files back, and 64,000 symbols are about 10 MB.
const sameContentSymbols = 64_000

func newSameContent() *sameContent {
	return &sameContent{known: map[sameKey]store.Packed{}}
}

// get returns the packed analysis of a file with key's content, if one is remembered.
func (c *sameContent) get(key sameKey) (store.Packed, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	p, ok := c.known[key]
	return p, ok
}

// put remembers p, the packed analysis of a file with key's content, forgetting the oldest ones
// past sameContentSymbols.
func (c *sameContent) put(key sameKey, p store.Packed) {
	n := len(p.File().Symbols) + 1
	if n > sameContentSymbols {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.known[key]; ok {
		return
	}
	for c.symbols+n > sameContentSymbols {
		old := c.order[0]
		c.order = c.order[1:]
		c.symbols -= len(c.known[old].File().Symbols) + 1
		delete(c.known, old)
	}
	c.known[key] = p
	c.order = append(c.order, key)
	c.symbols += n
}

// copyAnalysis sets the content-derived fields of dst, a file of the same content as src, to
// src's: every field worker.analyze fills. The slices are shared; rows are never changed once
// analysed.
func copyAnalysis(dst, src *store.File) {
	dst.Language, dst.Mapper, dst.MappersVersion, dst.Lines = src.Language, src.Mapper, src.MappersVersion, src.Lines
	dst.Symbols, dst.Imports, dst.Summary = src.Symbols, src.Imports, src.Summary
	dst.Skip, dst.SkipDetail = src.Skip, src.SkipDetail
	dst.Uses, dst.UsedNames = src.Uses, src.UsedNames
	dst.LineIndex = src.LineIndex
}
