package indexer

import (
	"bytes"
	"context"
	"crypto/sha256"

	"golang.org/x/sync/semaphore"

	"github.com/readmap/readmap/indexer/lang"
	"github.com/readmap/readmap/store"
)

// Hash returns the content hash kept in the store: the first 16 bytes of SHA-256.
func Hash(src []byte) []byte {
	sum := sha256.Sum256(src)
	return sum[:hashSize]
}

// hashSize is how much of a SHA-256 the store keeps.
const hashSize = 16

// LineIndex returns the byte offsets of lines 1, 1+step, 1+2*step, ... for files longer than
// step lines, and nil for shorter ones.
func LineIndex(src []byte, step int) []int64 {
	var offsets []int64
	line, off := 0, 0
	for {
		if line%step == 0 {
			offsets = append(offsets, int64(off))
		}
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 || off+i+1 >= len(src) {
			break
		}
		off += i + 1
		line++
	}
	if len(offsets) <= 1 {
		return nil
	}
	return offsets
}

// mapGateBytes bounds the source bytes a run's workers map at once. A parser holds many times a
// file's size while it works (tree-sitter about 20x): two 11 MB generated JavaScript files mapped
// side by side took 860 MB, one at a time 240 MB. A larger file waits to run alone.
const mapGateBytes = 8 << 20

// newMapGate returns the semaphore a run's workers share.
func newMapGate() *semaphore.Weighted { return semaphore.NewWeighted(mapGateBytes) }

// worker maps files for one goroutine of a run: its own mappers, and the run's memory gate.
type worker struct {
	mappers *lang.Mappers
	gate    *semaphore.Weighted // nil maps without waiting
	raw     bool                // map the bytes, not the text readers see (Options.Raw)
	same    *sameContent        // the run's analyses by content; nil analyses every file
	// readRoom is the memory of the last file read, which the next is read into when it fits:
	// nothing of a file's analysis holds its bytes, and reading each into new memory cost the
	// memory's zeroing and first touch (a twentieth of an index of a tree of Lua).
	readRoom []byte
}

// keptReadRoom is the most memory a worker keeps for reading the next file.
const keptReadRoom = 8 << 20

// keepRoom keeps the memory src was read into for the next file, unless it is larger than
// keptReadRoom; a nil src (its mapper ran out of time and may still read it) keeps nothing.
func (w *worker) keepRoom(src []byte) {
	if cap(src) > 0 && cap(src) <= keptReadRoom {
		w.readRoom = src[:0]
	}
}

// newWorker returns a worker that maps a file or a few, each on a goroutine of its own.
func newWorker(opts Options, gate *semaphore.Weighted) *worker {
	return &worker{mappers: lang.NewMappers(lang.Options{Disabled: opts.Disabled, Timeout: opts.MapTimeout}), gate: gate, raw: opts.Raw}
}

// newRunWorker returns a worker of an index run: it maps at gate's pace on a goroutine it keeps
// from file to file until close, and takes the analyses of same.
func newRunWorker(opts Options, gate *semaphore.Weighted, same *sameContent) *worker {
	mappers := lang.NewMappers(lang.Options{Disabled: opts.Disabled, Timeout: opts.MapTimeout, KeepGoroutine: true})
	return &worker{mappers: mappers, gate: gate, raw: opts.Raw, same: same}
}

// close ends the goroutine the worker's mappers kept, if any.
func (w *worker) close() { w.mappers.Close() }

// analyze fills the content-derived fields of f from src but the hash, which is the caller's:
// lines, line index, language, map and use filter, all of the text the bytes decode to (UTF-16 with a byte
// order mark becomes UTF-8, and a notebook its cells, as readers see them). A file with a binary
// head is marked skipped. f.Path, Size, Hash and the stat data are the caller's. It reports false when the run ended while it waited for the
// memory gate; f is then incomplete. A worker of a run (w.same set) also packs the row, taking
// the analysis of a file of the same content when the run had one, and returns it packed; any
// other returns a zero Packed.
func (w *worker) analyze(ctx context.Context, f *store.File, src []byte) (store.Packed, bool) {
	if w.gate != nil {
		weight := min(int64(len(src)), mapGateBytes)
		if err := w.gate.Acquire(ctx, weight); err != nil {
			return store.Packed{}, false
		}
		defer w.gate.Release(weight)
	}
	// UTF-16 is mapped, and its lines indexed, as the UTF-8 it shows as; a notebook as its cells.
	var shown string
	if w.raw {
		src, shown = lang.DecodeText(src)
	} else {
		src, shown = lang.ShownText(f.Path, src)
	}
	language := lang.Detect(f.Path, src[:min(len(src), lang.SniffBytes)])
	var key sameKey
	if w.same != nil {
		key = sameKey{hash: [hashSize]byte(f.Hash), shown: shown}
		if language != nil {
			key.language = language.Name
		}
		if p, ok := w.same.get(key); ok {
			copyAnalysis(f, p.File())
			return p.For(f), true
		}
	}
	m := w.mappers.MapAs(ctx, language, src)
	f.Language, f.Mapper, f.MappersVersion, f.Lines = m.Language, m.MapperName, m.Version, m.Lines
	f.Symbols, f.Imports, f.Summary = m.Symbols, m.Imports, m.Summary
	f.Skip, f.SkipDetail = m.Skip, m.SkipDetail
	switch { // for refs and the repository map
	case m.Uses != nil:
		f.Uses, f.UsedNames = m.Uses.Filter, m.Uses.Names
	case f.Skip.HasMap():
		f.Uses, f.UsedNames = lang.Uses(f.Language, src)
	}
	if f.Lines > store.LineIndexStep { // shorter files have no checkpoint past line 1
		f.LineIndex = LineIndex(src, store.LineIndexStep)
	}
	if w.same == nil {
		return store.Packed{}, true
	}
	p := store.Pack(f)
	if f.Skip == store.SkipNone || f.Skip == store.SkipBinary {
		// A mapper that failed (a panic, the time limit) is tried again on the next file.
		w.same.put(key, p)
	}
	return p, true
}
