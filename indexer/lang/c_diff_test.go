package lang

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/c"

	"github.com/readmap/readmap/store"
)

// The C scanner (cscan.go) against the tree-sitter C mapper (c.go), the independent
// implementation it replaced, kept for this comparison. Where tree-sitter parses a file without
// syntax errors, as written or with its preprocessor conditionals flattened (every branch kept,
// which is what the scanner reads), its map is a reference to be equal to, symbol for symbol:
// name, kind, qualified name, signature, first and last line, parent, and the imports. Where it
// has errors, its map is what its recovery made of the file: the scanner must hold each of its
// symbols (a symbol of the same name starting on the same line), and the others are reported.

// cTable is the tree-sitter walk's table over tree-sitter's C grammar: the C mapper before the
// scanner, and the reference the scanner is compared with.
var cTable = cGrammar(c.GetLanguage)

// cDiffCorpus is a set of C files to compare on.
type cDiffCorpus struct {
	name  string
	roots []string // files or folders (walked for .c and .h files)
	// skip, when set, says why the corpus is not there (the test logs it).
	skip string
}

// cDiffCorpora returns the corpora: the fixtures, the system headers (libc6-dev and the other
// -dev packages CI installs), and Linux's kernel/ and fs/ext4 when a Linux source tree is found
// (READMAP_LINUX_SRC, or an extracted /usr/src/linux-source-*).
func cDiffCorpora() []cDiffCorpus {
	fixtures, _ := filepath.Glob("../../testdata/langs/*.c")
	out := []cDiffCorpus{{name: "testdata", roots: fixtures}, {name: "usr-include", roots: []string{"/usr/include"}}}
	if _, err := os.Stat("/usr/include/stdio.h"); err != nil {
		out[1].skip = "no /usr/include/stdio.h (apt-get install libc6-dev)"
	}
	linux := linuxSource()
	for _, sub := range []string{"kernel", "fs/ext4"} {
		c := cDiffCorpus{name: "linux-" + strings.ReplaceAll(sub, "/", "-"), roots: []string{filepath.Join(linux, sub)}}
		if linux == "" {
			c.skip = "no Linux source tree (set READMAP_LINUX_SRC to one, or extract Debian's linux-source under /usr/src)"
		}
		out = append(out, c)
	}
	// Held out: the folders READMAP_C_SRC lists (separated by ':'), such as other parts of the
	// Linux tree (mm, net/ipv4, drivers/...), which the scanner was not written against.
	if dirs := os.Getenv("READMAP_C_SRC"); dirs != "" {
		out = append(out, cDiffCorpus{name: "held-out", roots: filepath.SplitList(dirs)})
	}
	return out
}

// linuxSource returns the root of a Linux source tree to measure on, or "".
func linuxSource() string {
	if dir := os.Getenv("READMAP_LINUX_SRC"); dir != "" {
		return dir
	}
	dirs, _ := filepath.Glob("/usr/src/linux-source-*/kernel")
	if len(dirs) == 0 {
		return ""
	}
	return filepath.Dir(dirs[len(dirs)-1])
}

// files returns the corpus's C files (as Detect decides: C++ headers are left out), sorted.
func (c cDiffCorpus) files(t testing.TB) []string {
	var out []string
	for _, root := range c.roots {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !d.Type().IsRegular() {
				return nil
			}
			if ext := filepath.Ext(p); ext != ".c" && ext != ".h" {
				return nil
			}
			head := make([]byte, SniffBytes)
			f, err := os.Open(p)
			if err != nil {
				return nil
			}
			n, _ := f.Read(head)
			f.Close()
			if l := Detect(p, head[:n]); l != nil && l.Name == "C" {
				out = append(out, p)
			}
			return nil
		})
	}
	sort.Strings(out)
	return out
}

// cTSRef is tree-sitter's map of a file, and how it was made.
type cTSRef struct {
	res *Result
	// clean says the map comes from a parse without syntax errors, of the file as written or,
	// with flattened, of the file with its conditionals flattened.
	clean, flattened bool
	// errLines are the lines of the syntax errors of the parse the map comes from, when not
	// clean: the symbols there are what the parser's recovery made of them.
	errLines [][2]int
}

// cTSReference maps src with the tree-sitter C mapper, as tsMapper.Map does (the file as
// prepared, then its retries, keeping the walk that finds most), noting which parse the map
// comes from. With verify, it checks that Map makes the same map.
func cTSReference(m *tsMapper, src []byte, verify bool) (cTSRef, error) {
	ctx := context.Background()
	prepared := cTable.prepare(src)
	res, errs, err := m.mapOnce(ctx, prepared, src)
	if err != nil || !errs {
		return cTSRef{res: res, clean: true}, err
	}
	flat := cFlattenConditionals(prepared)
	again, errorsLeft, err := m.mapOnce(ctx, flat, src)
	if err != nil || !errorsLeft {
		return cTSRef{res: again, clean: true, flattened: true}, err
	}
	// Map's retries are the flattening, then the first branches.
	kept := prepared
	for i, rewrite := range cTable.retries {
		text := flat
		if i > 0 {
			text = rewrite(prepared)
			if again, errorsLeft, err = m.mapOnce(ctx, text, src); err != nil {
				return cTSRef{}, err
			}
		}
		if len(again.Symbols) > len(res.Symbols) || !errorsLeft && len(again.Symbols) == len(res.Symbols) {
			res, kept = again, text
		}
		if !errorsLeft {
			break
		}
	}
	if verify {
		if mapped, err := m.Map(ctx, src); err != nil || !slices.EqualFunc(mapped.Symbols, res.Symbols, func(a, b store.Symbol) bool { return a == b }) {
			return cTSRef{}, fmt.Errorf("the test's reading of tsMapper.Map's retries no longer gives its map (%v)", err)
		}
	}
	return cTSRef{res: res, errLines: cErrorLines(m, kept)}, nil
}

// cErrorLines returns the lines of the items (declarations, definitions, directives) of
// tree-sitter's parse of text that hold syntax errors: what its mapper maps there comes from the
// parser's recovery. The walk goes into the containers the mapper walks.
func cErrorLines(ts *tsMapper, text []byte) [][2]int {
	tree, err := ts.parse(context.Background(), text)
	if err != nil {
		return nil
	}
	defer tree.Close()
	var out [][2]int
	c := sitter.NewTreeCursor(tree.RootNode())
	defer c.Close()
	if !c.GoToFirstChild() {
		return nil
	}
	for {
		n := c.CurrentNode()
		descend := false
		if n.HasError() || n.IsMissing() {
			switch n.Type() {
			case "preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef", "declaration_list":
				descend = true
			case "linkage_specification":
				// Into its body, when that is a block of declarations.
				descend = n.ChildByFieldName("body") != nil && n.ChildByFieldName("body").Type() == "declaration_list"
			}
			if !descend {
				out = append(out, [2]int{int(n.StartPoint().Row) + 1, int(n.EndPoint().Row) + 1})
			}
		}
		if descend && c.GoToFirstChild() {
			continue
		}
		for !c.GoToNextSibling() {
			if !c.GoToParent() || c.CurrentNode().Type() == "translation_unit" {
				return out
			}
		}
	}
}

// cDiffStats is what the comparison counted on one corpus.
type cDiffStats struct {
	files int
	// Files tree-sitter parses without errors as written: their maps must be equal, or differ
	// only where tree-sitter cannot be right (cDiffReason); symbols counts theirs, and equal the
	// symbols equal in every field.
	clean, equal, explained int
	cleanSyms, equalSyms    int
	reasons                 map[string]int // explained differences by reason
	// Files tree-sitter parses without errors only with their conditionals flattened (its
	// signatures then hold the directives between their lines), and files with errors: the
	// scanner must hold tree-sitter's symbols.
	flat, flatEqual, errFiles int
	// Symbols outside the lines of syntax errors, which the scanner must hold, and those inside
	// them (the parser's recovery), which are only counted.
	holdSyms, held               int
	recoveredSyms, recoveredHeld int
	inMacros                     int // tree-sitter's symbols inside the bodies of #defines
	inBodies                     int // and inside the bodies of the scanner's functions
	diffs, misses                []string
	failures                     []string // maps that break the invariants
	noRef                        []string // files tree-sitter made no map of
}

// merge adds the counts and lines of o to st.
func (st *cDiffStats) merge(o *cDiffStats) {
	st.files += o.files
	st.clean, st.equal, st.explained = st.clean+o.clean, st.equal+o.equal, st.explained+o.explained
	st.cleanSyms, st.equalSyms = st.cleanSyms+o.cleanSyms, st.equalSyms+o.equalSyms
	for r, n := range o.reasons {
		st.reasons[r] += n
	}
	st.flat, st.flatEqual, st.errFiles = st.flat+o.flat, st.flatEqual+o.flatEqual, st.errFiles+o.errFiles
	st.holdSyms, st.held = st.holdSyms+o.holdSyms, st.held+o.held
	st.recoveredSyms, st.recoveredHeld = st.recoveredSyms+o.recoveredSyms, st.recoveredHeld+o.recoveredHeld
	st.inMacros, st.inBodies = st.inMacros+o.inMacros, st.inBodies+o.inBodies
	st.diffs = append(st.diffs, o.diffs...)
	st.misses = append(st.misses, o.misses...)
	st.failures = append(st.failures, o.failures...)
	st.noRef = append(st.noRef, o.noRef...)
}

// TestCScannerAgainstTreeSitter compares the C scanner's maps with the tree-sitter C mapper's on
// every C file of the corpora. Run with -v for the table, READMAP_SHOW_MISSES=1 for every
// difference.
func TestCScannerAgainstTreeSitter(t *testing.T) {
	var rows []string
	for _, c := range cDiffCorpora() {
		t.Run(c.name, func(t *testing.T) {
			if c.skip != "" {
				t.Skipf("SKIP: %s", c.skip)
			}
			files := c.files(t)
			if len(files) == 0 {
				t.Skipf("SKIP: no C files under %v", c.roots)
			}
			st := cDiffFiles(files)
			for _, f := range st.failures {
				t.Error(f)
			}
			if len(st.noRef) > 0 {
				t.Logf("%s: %d files without tree-sitter's map, left out: %s", c.name, len(st.noRef), strings.Join(st.noRef, "; "))
			}
			rows = append(rows, fmt.Sprintf("| %-13s | %5d | %5d | %5d | %9d | %8d of %8d | %5d of %5d | %5d | %8d of %8d (%s) | %7d of %7d |", c.name, st.files,
				st.clean, st.equal, st.explained, st.equalSyms, st.cleanSyms, st.flatEqual, st.flat, st.errFiles, st.held, st.holdSyms, refShare(st.held, st.holdSyms),
				st.recoveredHeld, st.recoveredSyms))
			var reasons []string
			for _, r := range sortedKeys(st.reasons) {
				reasons = append(reasons, fmt.Sprintf("%d %s", st.reasons[r], r))
			}
			if st.inMacros+st.inBodies > 0 {
				t.Logf("%s: symbols tree-sitter maps inside the bodies of #defines (%d) and of functions (%d, its recovery's) are not the file's and left out",
					c.name, st.inMacros, st.inBodies)
			}
			if len(reasons) > 0 {
				t.Logf("%s: differences from tree-sitter's clean parses that are its own: %s", c.name, strings.Join(reasons, "; "))
			}
			if os.Getenv("READMAP_SHOW_MISSES") != "" {
				t.Logf("differences on clean files:\n%s", strings.Join(st.diffs, "\n"))
				t.Logf("tree-sitter symbols the scanner lacks, in files with errors or flattened:\n%s", strings.Join(st.misses, "\n"))
			} else if n := len(st.diffs) + len(st.misses); n > 0 {
				t.Logf("%d differences; READMAP_SHOW_MISSES=1 lists them", n)
			}
			if n := st.clean - st.equal - st.explained; n > 0 {
				t.Errorf("%d of %d files tree-sitter parses cleanly map otherwise; first:\n%s", n, st.clean, refFirst(st.diffs))
			}
		})
	}
	t.Logf("C scanner against tree-sitter (clean: files tree-sitter parses without errors as written; flattened: only with their conditionals flattened):\n"+
		"| corpus        | files | clean | equal | explained | equal symbols         | flattened equal | with errors | symbols held          | held on error lines |\n%s",
		strings.Join(rows, "\n"))
}

// cDiffFiles compares the maps of files, on as many cores as there are, each worker with its own
// mappers; the result is the same as one worker's.
func cDiffFiles(files []string) *cDiffStats {
	per := make([]cDiffStats, len(files))
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ts, scan := newTSMapper(cTable).(*tsMapper), &cMapper{}
			for i := range next {
				per[i].reasons = map[string]int{}
				src, err := os.ReadFile(files[i])
				if err != nil {
					per[i].noRef = append(per[i].noRef, err.Error())
					continue
				}
				// Checking the reading of Map's retries on every 50th file costs little.
				per[i].add(files[i], src, ts, scan, i%50 == 0)
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	st := &cDiffStats{reasons: map[string]int{}}
	for i := range per {
		st.merge(&per[i])
	}
	return st
}

// add compares the two maps of one file; verify checks the test's reading of tsMapper.Map on it.
func (st *cDiffStats) add(path string, src []byte, ts *tsMapper, scan *cMapper, verify bool) {
	st.files++
	r, err := cTSReference(ts, src, verify)
	if err != nil {
		// A parse past its time limit on a loaded machine leaves no reference: a gap in the
		// measure, not a failure of the scanner.
		st.noRef = append(st.noRef, fmt.Sprintf("%s: %v", path, err))
		return
	}
	ref, clean, flattened := r.res, r.clean, r.flattened
	got, err := scan.Map(context.Background(), src)
	if err != nil {
		st.failures = append(st.failures, fmt.Sprintf("%s: %v", path, err))
		return
	}
	lines := CountLines(src)
	want := normalize(slices.Clone(ref.Symbols), lines)
	have := normalize(slices.Clone(got.Symbols), lines)
	if err := CheckSymbols(have, lines); err != nil {
		st.failures = append(st.failures, fmt.Sprintf("%s: %v", path, err))
	}
	d := cCompare(want, have)
	if clean && !flattened {
		st.clean++
		st.cleanSyms += len(want)
		st.equalSyms += d.equal
		if len(d.diffs) == 0 && slices.Equal(ref.Imports, got.Imports) {
			st.equal++
			return
		}
		reasons, unexplained := cExplain(src, want, d, ref.Imports, got, ts)
		if len(unexplained) == 0 {
			st.explained++
			for _, r := range reasons {
				st.reasons[r]++
			}
			return
		}
		for _, u := range unexplained[:min(len(unexplained), 5)] {
			st.diffs = append(st.diffs, fmt.Sprintf("  %s: %s", path, u))
		}
		return
	}
	if clean {
		st.flat++
		if len(d.diffs) == 0 && slices.Equal(ref.Imports, got.Imports) {
			st.flatEqual++
		}
	} else {
		st.errFiles++
	}
	starts := map[string]bool{}
	for _, s := range have {
		starts[fmt.Sprintf("%s\x00%d", s.Name, s.StartLine)] = true
	}
	// The lines of the multi-line #defines: tree-sitter's recovery maps the declarations a macro's
	// body holds as the file's.
	// And the lines of function bodies, whose locals its recovery maps when a definition fails.
	var macros, bodies [][2]int
	for _, s := range have {
		switch {
		case s.Kind == store.KindMacro && s.EndLine > s.StartLine:
			macros = append(macros, [2]int{s.StartLine, s.EndLine})
		case s.Kind == store.KindFunction && s.EndLine > s.StartLine:
			bodies = append(bodies, [2]int{s.StartLine, s.EndLine})
		}
	}
	for _, s := range want {
		recovered := slices.ContainsFunc(r.errLines, func(e [2]int) bool { return e[0] <= s.EndLine && s.StartLine <= e[1] })
		held := starts[fmt.Sprintf("%s\x00%d", s.Name, s.StartLine)]
		switch {
		case s.Kind != store.KindMacro && slices.ContainsFunc(macros, func(m [2]int) bool { return m[0] <= s.StartLine && s.EndLine <= m[1] }):
			st.inMacros++
		case !held && slices.ContainsFunc(bodies, func(b [2]int) bool { return b[0] < s.StartLine && s.EndLine <= b[1] }):
			st.inBodies++
		case recovered:
			st.recoveredSyms++
			if held {
				st.recoveredHeld++
			}
		case held:
			st.holdSyms++
			st.held++
		default:
			st.holdSyms++
			st.misses = append(st.misses, fmt.Sprintf("  %s:%d %s %q %q", path, s.StartLine, s.Kind, s.Name, s.Signature))
		}
	}
}

// cDiff is how two maps of a file differ: the symbols in both with every field equal, and one
// line per difference: a symbol of one map only, or one in both that differs.
type cDiff struct {
	equal int
	diffs []cDiffItem
}

// cDiffItem is one difference: want is tree-sitter's symbol, have the scanner's (nil when the
// map has no such symbol).
type cDiffItem struct{ want, have *store.Symbol }

func (d cDiffItem) String() string {
	switch {
	case d.have == nil:
		return "missing " + cSymbolLine(*d.want)
	case d.want == nil:
		return "extra " + cSymbolLine(*d.have)
	}
	return fmt.Sprintf("want %s\n      got  %s", cSymbolLine(*d.want), cSymbolLine(*d.have))
}

// cCompare pairs the symbols of two maps in source order by name and first line (looking a little
// ahead in each where one has a symbol the other lacks) and compares the pairs field by field.
func cCompare(want, have []store.Symbol) cDiff {
	key := func(s store.Symbol) string { return fmt.Sprintf("%s\x00%d", s.Name, s.StartLine) }
	// A symbol's parent by key, so that a symbol one map lacks does not shift the others'.
	parentKey := func(syms []store.Symbol, s store.Symbol) string {
		if s.Parent < 0 {
			return ""
		}
		return key(syms[s.Parent])
	}
	same := func(w, h store.Symbol) bool {
		return cSymbolLine(w) == cSymbolLine(h) && parentKey(want, w) == parentKey(have, h)
	}
	const window = 64
	find := func(syms []store.Symbol, from int, k string) int {
		for i := from; i < min(len(syms), from+window); i++ {
			if key(syms[i]) == k {
				return i
			}
		}
		return -1
	}
	var d cDiff
	i, j := 0, 0
	for i < len(want) || j < len(have) {
		switch {
		case i >= len(want):
			d.diffs = append(d.diffs, cDiffItem{have: &have[j]})
			j++
		case j >= len(have):
			d.diffs = append(d.diffs, cDiffItem{want: &want[i]})
			i++
		case key(want[i]) == key(have[j]):
			if same(want[i], have[j]) {
				d.equal++
			} else {
				d.diffs = append(d.diffs, cDiffItem{want: &want[i], have: &have[j]})
			}
			i++
			j++
		default:
			wi, hj := find(want, i, key(have[j])), find(have, j, key(want[i]))
			if hj >= 0 && (wi < 0 || hj-j <= wi-i) {
				for ; j < hj; j++ {
					d.diffs = append(d.diffs, cDiffItem{have: &have[j]})
				}
			} else {
				d.diffs = append(d.diffs, cDiffItem{want: &want[i]})
				i++
			}
		}
	}
	return d
}

// lineOffset returns the offset of the 1-based line in src.
func lineOffset(src []byte, line int) int {
	off := 0
	for ; line > 1 && off < len(src); line-- {
		i := bytes.IndexByte(src[off:], '\n')
		if i < 0 {
			return len(src)
		}
		off += i + 1
	}
	return off
}

// cWrappedAt reports whether the function s is named inside a glibc wrapper macro on its lines.
func cWrappedAt(src []byte, s *store.Symbol) bool {
	from, to := lineOffset(src, s.StartLine), lineOffset(src, s.EndLine+1)
	return bytes.Contains(src[from:to], []byte("("+s.Name+" (")) || bytes.Contains(src[from:to], []byte("("+s.Name+"("))
}

// cBlankEndedDefine reports whether line (1-based) of src is a #define without a body that ends in
// blanks, and no backslash (`#define Trace(x) `): the directive ends with its line, as the C
// preprocessor reads it, where tree-sitter's grammar takes the next line for its body.
func cBlankEndedDefine(src []byte, line int) bool {
	if line < 1 {
		return false
	}
	lines := bytes.Split(src, []byte("\n"))
	return line <= len(lines) && cBlankEndedDefineLine.Match(lines[line-1])
}

// cBlankEndedDefineLine matches a #define of a name, with or without parameters, and no body but
// blanks.
var cBlankEndedDefineLine = regexp.MustCompile(`^\s*#\s*define\s+\w+(\([^)]*\))?[ \t]+\r?$`)

// cExplain sorts the differences of a clean file's maps into those tree-sitter's own reading
// explains (returned as reasons) and the others (returned as lines):
//   - a signature spaced as written where the tree-sitter walk adds a space;
//   - a name the C standard reserves (`struct _ARRAY8`, an enumerator `__IFLA_MAX`): the
//     tree-sitter mapper blanks them before parsing (cBlankReserved), and maps what is left;
//   - a declaration the grammar reads as an expression (`T* M(x)(y);`, a call multiplied);
//   - a #define or #include where the grammar takes no such directive (inside an enum or a
//     struct body), which it reads as an unknown directive;
//   - a #define inside a function's body or a variable's initializer, which the scanner maps
//     under the function or the variable and the tree-sitter walk never looks into;
//   - a #define without a body whose line ends in blanks (`#define Trace(x) `), which the
//     grammar runs on to the next line (cBlankEndedDefine);
//   - a function glibc wraps in a macro (`__extern_inline int __NTH (atoi (...)) {`), which the
//     grammar reads as a variable named by the keyword before it ("int"), and the scanner as the
//     function: the keyword is missing, the function extra, at the same lines.
func cExplain(src []byte, want []store.Symbol, d cDiff, wantImports []string, got *Result, ts *tsMapper) (reasons, unexplained []string) {
	reserved := func(s *store.Symbol) bool {
		for _, part := range strings.Split(s.Qualname, ".") {
			if cReservedName([]byte(part)) {
				return true
			}
		}
		return false
	}
	reservedAt := map[int]bool{}
	for i := range got.Symbols {
		if s := &got.Symbols[i]; cReservedName([]byte(s.Name)) {
			reservedAt[s.StartLine] = true
		}
	}
	// reservedAbove reports whether tree-sitter's symbol s or one it is nested in starts where
	// the scanner has a reserved name: its struct is named by the typedef because the tag was
	// blanked.
	reservedAbove := func(s *store.Symbol) bool {
		for {
			if reservedAt[s.StartLine] {
				return true
			}
			if s.Parent < 0 {
				return false
			}
			s = &want[s.Parent]
		}
	}
	var nodes map[string][][2]int
	within := func(typ string, line int) bool {
		if nodes == nil {
			nodes = cTreeNodes(ts, src, "expression_statement", "preproc_call")
		}
		return slices.ContainsFunc(nodes[typ], func(r [2]int) bool { return r[0] <= line && line <= r[1] })
	}
	for _, item := range d.diffs {
		switch {
		case item.have != nil && item.want != nil && cSameButSpaces(*item.want, *item.have):
			reasons = append(reasons, "a signature spaced as written (`static DEFINE_MUTEX(m)`)")
		case item.have != nil && reserved(item.have), item.want != nil && reservedAbove(item.want):
			reasons = append(reasons, "reserved names tree-sitter's mapper blanks")
		case item.want != nil && item.have == nil && cReserved[item.want.Name] && strings.Contains(item.want.Signature, "__") ||
			item.have != nil && item.want == nil && item.have.Kind == store.KindFunction && cWrappedAt(src, item.have):
			reasons = append(reasons, "a function wrapped in __NTH (…) that the grammar names by a keyword")
		case item.want == nil && item.have.Kind == store.KindMacro && within("preproc_call", item.have.StartLine):
			reasons = append(reasons, "#define where the grammar takes no definition")
		case item.want == nil && within("expression_statement", item.have.StartLine):
			reasons = append(reasons, "declarations tree-sitter reads as expressions")
		case item.want == nil && item.have.Kind == store.KindMacro && slices.ContainsFunc(want, func(o store.Symbol) bool {
			bodied := o.Kind == store.KindFunction || o.Kind == store.KindMethod || o.Kind == store.KindConstructor || o.Kind == store.KindVar
			return bodied && o.StartLine < item.have.StartLine && item.have.EndLine <= o.EndLine
		}):
			reasons = append(reasons, "a #define inside a function's body or an initializer, where the tree-sitter walk does not look")
		case item.have != nil && item.have.Kind == store.KindMacro && item.want != nil && item.want.StartLine == item.have.StartLine &&
			item.want.EndLine > item.have.EndLine && cBlankEndedDefine(src, item.have.StartLine),
			item.want == nil && item.have.Kind == store.KindMacro && slices.ContainsFunc(want, func(m store.Symbol) bool {
				return m.Kind == store.KindMacro && m.StartLine < item.have.StartLine && item.have.StartLine <= m.EndLine && cBlankEndedDefine(src, m.StartLine)
			}):
			reasons = append(reasons, "a #define without a body whose line ends in blanks, run on to the next line")
		default:
			unexplained = append(unexplained, item.String())
		}
	}
	for _, imp := range got.Imports {
		if slices.Contains(wantImports, imp) {
			continue
		}
		if within("preproc_call", cIncludeLine(src, imp)) {
			reasons = append(reasons, "#include where the grammar takes no include")
		} else {
			unexplained = append(unexplained, fmt.Sprintf("import %q, want %q", imp, wantImports))
		}
	}
	for _, imp := range wantImports {
		if !slices.Contains(got.Imports, imp) {
			unexplained = append(unexplained, fmt.Sprintf("missing import %q", imp))
		}
	}
	return reasons, unexplained
}

// cSameButSpaces reports whether two symbols differ at most in the spaces of their signatures:
// the tree-sitter walk joins a declaration's type and declarator with a space, the scanner not
// where the file has none (`static DEFINE_MUTEX(m)`).
func cSameButSpaces(a, b store.Symbol) bool {
	a.Signature, b.Signature = strings.ReplaceAll(a.Signature, " ", ""), strings.ReplaceAll(b.Signature, " ", "")
	return cSymbolLine(a) == cSymbolLine(b)
}

// cTreeNodes returns the lines of the nodes of the given types in tree-sitter's parse of src
// (prepared as its mapper prepares it), outside function bodies.
func cTreeNodes(ts *tsMapper, src []byte, types ...string) map[string][][2]int {
	out := map[string][][2]int{}
	tree, err := ts.parse(context.Background(), cTable.prepare(src))
	if err != nil {
		return out
	}
	defer tree.Close()
	var walk func(n *sitter.Node)
	walk = func(n *sitter.Node) {
		for i := 0; i < int(n.NamedChildCount()); i++ {
			c := n.NamedChild(i)
			typ := c.Type()
			if slices.Contains(types, typ) {
				out[typ] = append(out[typ], [2]int{int(c.StartPoint().Row) + 1, int(c.EndPoint().Row) + 1})
			}
			if typ != "compound_statement" {
				walk(c)
			}
		}
	}
	walk(tree.RootNode())
	return out
}

// cIncludeLine returns the line of the #include of path in src, or 0.
func cIncludeLine(src []byte, path string) int {
	for i, line := range strings.Split(string(src), "\n") {
		if t := strings.TrimSpace(line); strings.HasPrefix(t, "#") && strings.Contains(t, "include") && strings.Contains(t, path) {
			return i + 1
		}
	}
	return 0
}

// cSymbolLine renders the fields of s the comparison holds equal (the parent is compared apart).
func cSymbolLine(s store.Symbol) string {
	return fmt.Sprintf("%d-%d %s %q (%q) depth %d: %q", s.StartLine, s.EndLine, s.Kind, s.Name, s.Qualname, s.Depth, s.Signature)
}
