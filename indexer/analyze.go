package indexer

import (
	"bytes"
	"context"
	"crypto/sha256"
	"strings"
	"time"

	"golang.org/x/sync/semaphore"
	"unicode/utf8"

	"github.com/readmap/readmap/store"
)

// Hash returns the content hash kept in the store: the first 16 bytes of SHA-256.
func Hash(src []byte) []byte {
	sum := sha256.Sum256(src)
	return sum[:16]
}

// CountLines counts lines as `wc -l` does, plus one for a last line without a newline.
func CountLines(src []byte) int {
	n := bytes.Count(src, []byte{'\n'})
	if len(src) > 0 && src[len(src)-1] != '\n' {
		n++
	}
	return n
}

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

// mapperSet holds one worker's mappers, made on first use per language.
type mapperSet struct {
	mappers  map[*Language]Mapper
	disabled map[string]bool // lower-case language names
	timeout  time.Duration
	gate     *semaphore.Weighted // shared by a run's workers; nil maps without waiting
}

// mapGateBytes bounds the source bytes a run's workers map at once. A parser holds many times a
// file's size while it works (tree-sitter about 20x): two 11 MB generated JavaScript files mapped
// side by side took 860 MB, one at a time 240 MB. A larger file waits to run alone.
const mapGateBytes = 8 << 20

// newMapGate returns the semaphore a run's mapper sets share.
func newMapGate() *semaphore.Weighted { return semaphore.NewWeighted(mapGateBytes) }

func newMapperSet(disabled []string, timeout time.Duration) *mapperSet {
	ms := &mapperSet{mappers: map[*Language]Mapper{}, disabled: map[string]bool{}, timeout: timeout}
	for _, name := range disabled {
		if name = strings.TrimSpace(strings.ToLower(name)); name != "" {
			ms.disabled[name] = true
		}
	}
	if ms.timeout <= 0 {
		ms.timeout = DefaultMapTimeout
	}
	return ms
}

// analyze fills every content-derived field of f from src: hash (unless the caller has it),
// lines, line index, language and map. A file with a binary head is marked skipped. f.Path, Size
// and ModTimeNS are the caller's.
func (ms *mapperSet) analyze(ctx context.Context, f *store.File, src []byte) {
	if f.Hash == nil {
		f.Hash = Hash(src)
	}
	f.MappersVersion = MappersVersion
	if kind, binary := BinaryKind(src[:min(len(src), sniffBytes)]); binary {
		f.Skip, f.SkipDetail = store.SkipBinary, kind
		return
	}
	f.Lines = CountLines(src)
	if f.Lines > store.LineIndexStep { // shorter files have no checkpoint past line 1
		f.LineIndex = LineIndex(src, store.LineIndexStep)
	}
	lang := Detect(f.Path, src[:min(len(src), sniffBytes)])
	var res *Result
	f.Mapper = fallbackMapperName
	if lang != nil {
		f.Language = lang.Name
		switch {
		case ms.disabled[strings.ToLower(lang.Name)]:
			f.Skip, f.SkipDetail = store.SkipDisabled, "READMAP_DISABLE"
		case lang.NewMapper != nil:
			res = ms.run(ctx, lang, f, src)
		}
	}
	if res == nil {
		res = fallbackMap(src, f.Lines)
	} else {
		f.Mapper = lang.MapperName
	}
	syms := res.Symbols
	if len(syms) == 0 && f.Lines > 0 {
		syms = landmarks(src, f.Lines)
	}
	f.Symbols = normalize(syms, f.Lines)
	f.Imports = res.Imports
	f.Summary = res.Summary
}

// run maps src with the worker's mapper for lang, recording a panic or timeout on f.
func (ms *mapperSet) run(ctx context.Context, lang *Language, f *store.File, src []byte) *Result {
	m, ok := ms.mappers[lang]
	if !ok {
		m = lang.NewMapper()
		ms.mappers[lang] = m
	}
	if ms.gate != nil {
		weight := min(int64(len(src)), mapGateBytes)
		if err := ms.gate.Acquire(ctx, weight); err != nil {
			return nil // interrupted while waiting: the run is ending
		}
		defer ms.gate.Release(weight)
	}
	out := runMapper(ctx, m, src, ms.timeout)
	if out.reason != store.SkipNone {
		// The mapper may still be running on another goroutine: never hand it another file.
		delete(ms.mappers, lang)
		f.Skip, f.SkipDetail = out.reason, out.detail
	}
	return out.result
}

// normalize makes a mapper's symbols safe to store: ranges inside [1, lines] with start <= end,
// parents that precede their children, depths that follow the parents, and qualnames filled in
// from the parent chain where the mapper left them empty.
func normalize(syms []store.Symbol, lines int) []store.Symbol {
	if lines < 1 {
		lines = 1
	}
	for i := range syms {
		s := &syms[i]
		s.StartLine = min(max(s.StartLine, 1), lines)
		s.EndLine = min(max(s.EndLine, s.StartLine), lines)
		if s.Parent >= i || s.Parent < -1 {
			s.Parent = -1
		}
		if s.Parent >= 0 {
			s.Depth = syms[s.Parent].Depth + 1
		} else if s.Depth < 0 {
			s.Depth = 0
		}
		if s.Qualname == "" {
			s.Qualname = s.Name
			if s.Parent >= 0 {
				s.Qualname = joinQualname(syms[s.Parent].Qualname, s.Name)
			}
		}
	}
	return syms
}

// maxQualname caps the length of a qualname built from the parent chain. Without it a chain
// 10,000 levels deep would cost memory quadratic in its depth; past the cap the outer names give
// way to "…".
const maxQualname = 512

// joinQualname appends name to its parent's qualname with a dot, keeping at most maxQualname
// bytes of the tail.
func joinQualname(parent, name string) string {
	q := parent + "." + name
	if len(q) <= maxQualname {
		return q
	}
	cut := len(q) - maxQualname
	for cut < len(q) && !utf8.RuneStart(q[cut]) {
		cut++
	}
	return "…" + q[cut:]
}
