package lang

// Mapping a whole file: language detection, the language's mapper under a recover and a time
// limit, the fallback map and landmarks, and the normalisation every map gets.

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/readmap/readmap/store"
)

// Options says how to map files.
type Options struct {
	// Disabled names languages not to map (case-insensitive): their files are recorded as
	// skipped, with their language.
	Disabled []string
	// Timeout is how long one file may take to map before it gets the fallback map; <= 0 means
	// DefaultMapTimeout.
	Timeout time.Duration
	// KeepGoroutine has the mappers run on one goroutine kept from file to file until Close,
	// for a caller that maps many files; without it each file is mapped on a goroutine of its
	// own, and Close has nothing to do.
	KeepGoroutine bool
}

// Mappers holds one worker's mappers, made on first use per language. A mapper may keep a parser,
// so a Mappers serves one goroutine at a time; concurrent workers each make their own.
type Mappers struct {
	mappers  map[*Language]Mapper
	disabled map[string]bool // lower-case language names
	timeout  time.Duration
	keep     bool       // Options.KeepGoroutine
	runner   *mapRunner // the goroutine kept, once started
}

// NewMappers returns an empty set of mappers that maps as opts says.
func NewMappers(opts Options) *Mappers {
	ms := &Mappers{mappers: map[*Language]Mapper{}, disabled: map[string]bool{}, timeout: opts.Timeout,
		keep: opts.KeepGoroutine}
	for _, name := range opts.Disabled {
		if name = strings.TrimSpace(strings.ToLower(name)); name != "" {
			ms.disabled[name] = true
		}
	}
	if ms.timeout <= 0 {
		ms.timeout = DefaultMapTimeout
	}
	return ms
}

// Disabled reports whether the language named name is not to be mapped.
func (ms *Mappers) Disabled(name string) bool { return ms.disabled[strings.ToLower(name)] }

// FileMap is what readmap makes of one file's content: the fields of its row that come from the
// bytes alone.
type FileMap struct {
	Language   string // "" when no language claims the file
	MapperName string // the mapper that made Symbols: a language's, or the fallback's
	Version    int    // RowVersion of Language
	Lines      int    // as CountLines; 0 for a binary file
	Symbols    []store.Symbol
	Imports    []string
	Summary    string
	// Skip is SkipBinary for a binary file (nothing else is set then), SkipDisabled for a
	// language not to map, SkipMapperPanic or SkipMapperTimeout for a mapper that failed (the
	// symbols then come from the fallback map); SkipDetail says more.
	Skip       store.SkipReason
	SkipDetail string
	// Uses is what Uses gives for the file when its mapper gathered it (Result.Uses), else nil.
	Uses *FileUses
}

// Map maps src, the content of the file named path (the name and the head decide the language).
// The symbols are never empty for a file with a line: what no mapper finds, the fallback map and
// then landmarks provide. Their ranges lie inside the file, parents precede their children and
// every qualname is filled in.
func (ms *Mappers) Map(ctx context.Context, path string, src []byte) *FileMap {
	return ms.MapAs(ctx, Detect(path, src[:min(len(src), SniffBytes)]), src)
}

// MapAs maps src as Map does, in the language lang that Detect gave for its name and head (nil:
// none claims it), for a caller that needed the language before mapping.
func (ms *Mappers) MapAs(ctx context.Context, lang *Language, src []byte) *FileMap {
	m := &FileMap{Version: RowVersion("")}
	if kind, binary := BinaryKind(src[:min(len(src), SniffBytes)]); binary {
		m.Skip, m.SkipDetail = store.SkipBinary, kind
		return m
	}
	m.Lines = CountLines(src)
	var res *Result
	m.MapperName = fallbackMapperName
	if lang != nil {
		m.Language, m.Version = lang.Name, RowVersion(lang.Name)
		switch {
		case ms.Disabled(lang.Name):
			m.Skip, m.SkipDetail = store.SkipDisabled, "READMAP_DISABLE"
		case lang.NewMapper != nil:
			res = ms.run(ctx, lang, m, src)
		}
	}
	if res == nil {
		res = fallbackMap(src, m.Lines)
	} else {
		m.MapperName = lang.MapperName
		res = withHeuristicsIn(res, src, m.Lines)
	}
	syms := res.Symbols
	if len(syms) == 0 && m.Lines > 0 {
		syms = landmarks(src, m.Lines)
	}
	m.Symbols = normalize(syms, m.Lines)
	m.Imports = res.Imports
	m.Summary = res.Summary
	m.Uses = res.Uses
	return m
}

// run maps src with the worker's mapper for lang, recording a panic or timeout on m.
func (ms *Mappers) run(ctx context.Context, lang *Language, m *FileMap, src []byte) *Result {
	mapper, ok := ms.mappers[lang]
	if !ok {
		mapper = lang.NewMapper()
		ms.mappers[lang] = mapper
	}
	if ms.keep && ms.runner == nil {
		ms.runner = newMapRunner()
	}
	out := runMapper(ctx, mapper, src, ms.timeout, ms.runner)
	if out.reason != store.SkipNone {
		// The mapper may still be running on another goroutine: never hand it another file.
		delete(ms.mappers, lang)
		m.Skip, m.SkipDetail = out.reason, out.detail
		if out.reason == store.SkipMapperTimeout {
			ms.Close() // the runner is busy with it: the next file gets another
		}
	}
	return out.result
}

// Close lets the goroutine the mappers kept (Options.KeepGoroutine) end, once it has mapped the
// file it may still be mapping; a later Map starts another.
func (ms *Mappers) Close() {
	if ms.runner != nil {
		ms.runner.stop()
		ms.runner = nil
	}
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

// Map maps src, the content of the file named path, with mappers made for this one file: what a
// caller that maps a single file uses, where a worker keeps its Mappers for the next.
func Map(ctx context.Context, path string, src []byte, opts Options) *FileMap {
	return NewMappers(opts).Map(ctx, path, src)
}

// CheckSymbols returns the first invariant that syms, the map of a file of lines lines, breaks, or
// nil: ranges inside the file with start <= end, parents before their children, children inside
// their parent's range, depth one more than the parent's. Every mapper keeps them; the tests and
// fuzzers of the mappers and of the store hold them to it.
func CheckSymbols(syms []store.Symbol, lines int) error {
	for i, s := range syms {
		if s.StartLine < 1 || s.EndLine > max(lines, 1) || s.StartLine > s.EndLine {
			return fmt.Errorf("symbol %d %q: range [%d-%d] outside [1-%d] or reversed", i, s.Qualname, s.StartLine, s.EndLine, lines)
		}
		if s.Parent < -1 || s.Parent >= i {
			return fmt.Errorf("symbol %d %q: parent %d does not precede it", i, s.Qualname, s.Parent)
		}
		if s.Parent >= 0 {
			p := syms[s.Parent]
			if s.StartLine < p.StartLine || s.EndLine > p.EndLine {
				return fmt.Errorf("symbol %d %q [%d-%d]: outside its parent %q [%d-%d]", i, s.Qualname, s.StartLine, s.EndLine, p.Qualname, p.StartLine, p.EndLine)
			}
			if s.Depth != p.Depth+1 {
				return fmt.Errorf("symbol %d %q: depth %d under a parent of depth %d", i, s.Qualname, s.Depth, p.Depth)
			}
		}
	}
	return nil
}
