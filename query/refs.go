package query

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/sourcegraph/conc/pool"

	"github.com/readmap/readmap/indexer/lang"
	"github.com/readmap/readmap/store"
)

// RefsQuery is a request of `refs`: the name, optionally qualified (Class.method), the files to
// look in, and how many hits to show.
type RefsQuery struct {
	Name     string
	PathGlob string // SQLite GLOB syntax, as sym's --path
	Limit    int    // most hits; 0 for all
}

// DefaultRefsLimit is how many hits `refs` prints unless --limit says otherwise.
const DefaultRefsLimit = 100

// RefHit is one place a name occurs: its definition, or a use.
type RefHit struct {
	Path   string `json:"path"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Kind   string `json:"kind"`   // "definition" or "reference"
	Symbol string `json:"symbol"` // the enclosing symbol's qualname, "" at the top of the file
	Text   string `json:"text"`   // the line, without its line ending, cut at 200 bytes
}

// Validate checks the query's bounds.
func (q RefsQuery) Validate() error {
	if strings.TrimSpace(q.Name) == "" {
		return userError(CodeBadQuery, "empty name", "give a name, for example readmap refs NewReader")
	}
	return within("limit", q.Limit, 0, 100000)
}

// RefsResult is what Refs found: the hits, and how many files that may use the name were not read
// because the hits already passed the query's limit.
type RefsResult struct {
	Hits      []RefHit
	FilesLeft int // files whose use filter passes the name, not read; 0 when all were
}

// Refs finds the definitions of q's name and its uses across the store's files under root:
// definitions first (as sym finds them, same name), then uses in files in path order, each with
// its enclosing symbol. A use is an identifier of that name outside comments and strings
// (lang.EachIdentifier) that is not a definition's own name, one hit a line. Only the files whose
// use filter passes the name are read, in path order, and only until more than q.Limit hits are
// found (all of them with Limit 0): a common name's hundredth use is in its first few files.
// It also returns the paths it read, for the caller's staleness check.
func Refs(ctx context.Context, st *store.Store, root string, q RefsQuery) (RefsResult, []string, error) {
	name := q.Name
	owner := ""
	if i := strings.LastIndex(name, "."); i > 0 && i < len(name)-1 {
		owner, name = name[:i], name[i+1:]
	}
	defs, err := st.SymbolsNamed(ctx, name, store.LookupFilter{PathGlob: q.PathGlob}, 0)
	if err != nil {
		return RefsResult{}, nil, err
	}
	var hits []RefHit
	var read []string
	defAt := map[string]int{} // "path:start line" of each definition → its hit
	ownerFiles := map[string]bool{}
	for _, d := range defs {
		if d.Name != name || d.Kind == store.KindLandmark || (owner != "" && d.Qualname != q.Name && !strings.HasSuffix(d.Qualname, "."+q.Name)) {
			continue
		}
		ownerFiles[d.Path] = true
		defAt[fmt.Sprintf("%s:%d", d.Path, d.StartLine)] = len(hits)
		hits = append(hits, RefHit{Path: d.Path, Line: d.StartLine, Kind: "definition", Symbol: d.Qualname, Text: d.Signature})
		read = append(read, d.Path)
	}
	paths, err := st.FilesMaybeUsing(ctx, lang.UseTest(name), 0)
	if err != nil {
		return RefsResult{}, nil, err
	}
	// Files are read through the root opened once: a link swapped in since a file was mapped
	// cannot lead the read outside it.
	dir, err := os.OpenRoot(root)
	if err != nil {
		return RefsResult{}, nil, err
	}
	defer dir.Close()
	var candidates []string
	for _, p := range paths {
		if q.PathGlob == "" || globMatch(q.PathGlob, p) {
			candidates = append(candidates, p)
		}
	}
	l := &refsLexer{st: st, dir: dir, name: name, owner: owner, ownerFiles: ownerFiles}
	takeColumns := func(path string, f fileRefs) {
		for start, col := range f.defColumns {
			if k, ok := defAt[fmt.Sprintf("%s:%d", path, start)]; ok {
				hits[k].Column = col
			}
		}
	}
	// Batches of files in path order, growing, until the hits pass the limit.
	done := 0
	for batch := 4 * runtime.GOMAXPROCS(0); done < len(candidates) && (q.Limit == 0 || len(hits) <= q.Limit); batch = min(2*batch, 512) {
		next := candidates[done:min(done+batch, len(candidates))]
		found, err := l.files(ctx, next)
		if err != nil {
			return RefsResult{}, nil, err
		}
		for i, f := range found {
			if f.read {
				read = append(read, next[i])
				takeColumns(next[i], f)
				hits = append(hits, f.hits...)
			}
		}
		done += len(next)
	}
	// The files of the definitions shown are read for their columns even when their uses come
	// past the limit.
	shown := map[string]bool{}
	for _, h := range hits[:min(len(defAt), q.Limit)] {
		shown[h.Path] = true
	}
	if q.Limit == 0 {
		shown = ownerFiles
	}
	var defining []string
	for _, p := range candidates[done:] {
		if shown[p] {
			defining = append(defining, p)
		}
	}
	found, err := l.files(ctx, defining)
	if err != nil {
		return RefsResult{}, nil, err
	}
	for i, f := range found {
		takeColumns(defining[i], f)
	}
	if len(hits) == 0 {
		return RefsResult{}, read, refsNotFound(ctx, st, q)
	}
	return RefsResult{Hits: hits, FilesLeft: len(candidates) - done}, read, nil
}

// refsLexer finds the uses of a name in one file after another; file is safe for concurrent use.
type refsLexer struct {
	st         *store.Store
	dir        *os.Root
	name       string
	owner      string          // "Class" of a query "Class.method", else ""
	ownerFiles map[string]bool // the files that define the name
}

// files finds the uses of the name in paths: their rows are read here, on one connection, while
// the files are read and lexed on every core. The answer is in the order of paths.
func (l *refsLexer) files(ctx context.Context, paths []string) ([]fileRefs, error) {
	found := make([]fileRefs, len(paths))
	index := make(map[string]int, len(paths))
	for i, p := range paths {
		index[p] = i
	}
	work := pool.New().WithMaxGoroutines(runtime.GOMAXPROCS(0))
	err := l.st.EachSymbolRow(ctx, paths, func(row store.SymbolRow) {
		if i, ok := index[row.Path]; ok {
			work.Go(func() { found[i] = l.file(row) })
		}
	})
	work.Wait()
	return found, err
}

// fileRefs is what refsLexer found in one file.
type fileRefs struct {
	read       bool        // the file could be read
	hits       []RefHit    // its uses, in order
	defColumns map[int]int // start line of each of its symbols named name → column of that name
}

// file finds the uses of the name in the file of row f: every identifier of that name outside
// comments and strings (lang.EachIdentifier) that is not a definition's own name, one hit a line.
func (l *refsLexer) file(f store.SymbolRow) fileRefs {
	var out fileRefs
	src, err := l.dir.ReadFile(filepath.FromSlash(f.Path))
	if err != nil {
		return out
	}
	out.read = true
	text, _ := lang.ShownText(f.Path, src)
	last := bytes.LastIndex(text, []byte(l.name))
	if last < 0 {
		return out // the filter's one in a hundred
	}
	syms, err := f.Symbols()
	if err != nil {
		return out
	}
	// Past the line of the name's last occurrence there is nothing to find: identifiers do not
	// span lines, and what a comment or string there hides is hidden on that line too.
	if end := bytes.IndexByte(text[last:], '\n'); end >= 0 {
		text = text[:last+end+1]
	}
	lines := &lineCursor{text: text, line: 1}
	seenDef := map[int]bool{}
	lastLine := 0 // one hit a line: a line that uses the name twice is one use of it
	lang.EachIdentifier(f.Language, text, func(id []byte, line, col int) {
		if string(id) != l.name {
			return
		}
		// A definition's own name: the first occurrence of the name in a symbol of that name.
		if s := definingSymbol(syms, l.name, line); s >= 0 && !seenDef[s] {
			seenDef[s] = true
			if out.defColumns == nil {
				out.defColumns = map[int]int{}
			}
			out.defColumns[syms[s].StartLine] = col
			return
		}
		shown := lines.at(line)
		if (l.owner != "" && !l.ownerFiles[f.Path] && !lang.AfterMember(shown, col)) || line == lastLine {
			return
		}
		lastLine = line
		sym := ""
		if enclosing := innermost(syms, line); enclosing >= 0 {
			sym = syms[enclosing].Qualname
		}
		out.hits = append(out.hits, RefHit{Path: f.Path, Line: line, Column: col, Kind: "reference", Symbol: sym, Text: refText(shown)})
	})
	return out
}

// lineCursor finds lines of a text by number, in increasing order, without splitting it all.
type lineCursor struct {
	text  []byte
	line  int // the line that starts at start
	start int
}

// at returns line n (1-based, n not below the last asked) without its ending.
func (c *lineCursor) at(n int) []byte {
	for c.line < n {
		i := bytes.IndexByte(c.text[c.start:], '\n')
		if i < 0 {
			return nil
		}
		c.start += i + 1
		c.line++
	}
	line := c.text[c.start:]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	return line
}

// refsNotFound is the error of a name neither defined nor used, naming the closest names.
func refsNotFound(ctx context.Context, st *store.Store, q RefsQuery) error {
	hint := "check the spelling; readmap sym finds names by prefix and with typos"
	if near, err := Sym(ctx, st, SymQuery{Text: q.Name, Limit: 5}); err == nil && len(near) > 0 {
		var names []string
		seen := map[string]bool{}
		for _, h := range near {
			if !seen[h.Qualname] {
				seen[h.Qualname] = true
				names = append(names, Printable(h.Qualname))
			}
		}
		hint = "did you mean " + strings.Join(names, ", ") + "?"
	}
	return userError(CodeNoHit, fmt.Sprintf("no definition or use of %q", q.Name), hint)
}

// innermost returns the index of the deepest symbol whose lines hold line, or -1.
func innermost(syms []store.Symbol, line int) int {
	best := -1
	for i, s := range syms {
		if s.Kind == store.KindLandmark || s.StartLine > line || line > s.EndLine {
			continue
		}
		if best < 0 || s.Depth > syms[best].Depth || (s.Depth == syms[best].Depth && s.EndLine-s.StartLine < syms[best].EndLine-syms[best].StartLine) {
			best = i
		}
	}
	return best
}

// definingSymbol returns the index of the innermost symbol named name whose lines hold line, or
// -1: a constructor, not the class of the same name around it.
func definingSymbol(syms []store.Symbol, name string, line int) int {
	best := -1
	for i, s := range syms {
		if s.Name == name && s.Kind != store.KindLandmark && s.StartLine <= line && line <= s.EndLine &&
			(best < 0 || s.Depth > syms[best].Depth) {
			best = i
		}
	}
	return best
}

// refText is a line as a hit of refs shows it: trimmed, cut at 200 bytes.
func refText(line []byte) string {
	l := strings.TrimSpace(string(bytes.TrimRight(line, "\r")))
	if len(l) > 200 {
		l = strings.ToValidUTF8(l[:200], "") + "…"
	}
	return l
}

// globMatch matches a path against a GLOB pattern as SQLite's GLOB does for the patterns sym's
// --path takes ("net/*" matches everything under net/).
func globMatch(pattern, p string) bool {
	if ok, _ := path.Match(pattern, p); ok {
		return true
	}
	if prefix, ok := strings.CutSuffix(pattern, "*"); ok && !strings.ContainsAny(prefix, "*?[") {
		return strings.HasPrefix(p, prefix)
	}
	return false
}

// RefsAnswer is what refs shows: the hits as many as the limit and the budget allow.
type RefsAnswer struct {
	Hits      []RefHit
	Truncated int // hits found and left out
	FilesLeft int // files that may hold more hits, not read (RefsResult.FilesLeft)
}

// NewRefsAnswer cuts r's hits to q.Limit and to budget bytes of text; with Limit 0 it keeps them
// all, as asked.
func NewRefsAnswer(r RefsResult, q RefsQuery, budget int) *RefsAnswer {
	a := &RefsAnswer{FilesLeft: r.FilesLeft}
	size := 0
	for i, h := range r.Hits {
		line := h.textLine()
		if q.Limit > 0 && (i >= q.Limit || size+len(line)+200 > budget) {
			a.Truncated = len(r.Hits) - i
			break
		}
		size += len(line)
		a.Hits = append(a.Hits, h)
	}
	return a
}

// LeftOut says what the answer left out ("" for nothing) and how to see it; limit and glob name
// the options as the caller spells them ("--limit" and "--path", or the MCP tool's "limit" and
// "path").
func (a *RefsAnswer) LeftOut(limit, glob string) string {
	switch {
	case a.FilesLeft > 0:
		return fmt.Sprintf("[readmap: more hits left out: %d more in the files read, and %d more files may use the name (not read); narrow with %s, or raise %s (0 for all)]",
			a.Truncated, a.FilesLeft, glob, limit)
	case a.Truncated > 0:
		return fmt.Sprintf("[readmap: %d more hits left out; narrow with %s, or raise %s (0 for all)]", a.Truncated, glob, limit)
	}
	return ""
}

func (h RefHit) textLine() string {
	where := h.Symbol
	if where == "" {
		where = "(top level)"
	}
	return fmt.Sprintf("%s:%d  in %s  %s\n", DisplayPath(h.Path), h.Line, Printable(where), Printable(h.Text))
}

// Text is the answer as refs prints it: one hit a line, and a last line saying what was left out.
func (a *RefsAnswer) Text() string {
	var b strings.Builder
	for _, h := range a.Hits {
		b.WriteString(h.textLine())
	}
	if left := a.LeftOut("--limit", "--path"); left != "" {
		b.WriteString(left + "\n")
	}
	return b.String()
}
