package lang

import (
	"encoding/binary"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/readmap/readmap/store"
)

// identsOf returns the identifiers EachIdentifier finds in src, as "line:column:name".
func identsOf(language string, src []byte) map[string]bool {
	out := map[string]bool{}
	EachIdentifier(language, src, func(name []byte, line, col int) {
		out[fmt.Sprintf("%d:%d:%s", line, col, name)] = true
	})
	return out
}

// compareIdents adds to the counts how many of want were found, and how many of got were wanted,
// and returns a few of the misses and of the extras.
func compareIdents(want, got map[string]bool, found, extra *int, misses, extras *[]string, file string) {
	for k := range want {
		if got[k] {
			*found++
		} else if len(*misses) < 10 {
			*misses = append(*misses, file+":"+k)
		}
	}
	for k := range got {
		if !want[k] {
			*extra++
			if len(*extras) < 10 {
				*extras = append(*extras, file+":"+k)
			}
		}
	}
}

// checkRecall reports the figures of a comparison and fails below recall 0.99 or precision 0.95
// (issue 15's bar).
func checkRecall(t *testing.T, what string, wanted, found, got, extra int, misses, extras []string) {
	t.Helper()
	recall, precision := float64(found)/float64(wanted), float64(got-extra)/float64(got)
	t.Logf("%s: %d wanted, %d found (recall %.4f); %d found in all, %d not wanted (precision %.4f)",
		what, wanted, found, recall, got, extra, precision)
	if recall < 0.99 || precision < 0.95 {
		t.Errorf("recall %.4f, precision %.4f; want >= 0.99 and >= 0.95\nmissed: %v\nextra: %v", recall, precision, misses, extras)
	}
}

// TestGoIdentifiersMatchGoParser: over every fifth Go file of GOROOT/src that go/parser reads
// without an error, the identifiers EachIdentifier finds are the ast.Ident nodes go/parser finds,
// at the same line and byte column: recall at least 99%, precision at least 95% (issue 15's bar
// for refs; the lexer is what refs finds uses with).
func TestGoIdentifiersMatchGoParser(t *testing.T) {
	files := goFiles(gorootSrc())
	if len(files) < 1000 {
		t.Skipf("only %d Go files under GOROOT/src", len(files))
	}
	var wanted, found, got, extra int
	var misses, extras []string
	for i, path := range files {
		if i%5 != 0 {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		want := map[string]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				p := fset.Position(id.Pos())
				want[fmt.Sprintf("%d:%d:%s", p.Line, p.Column, id.Name)] = true
			}
			return true
		})
		mine := identsOf("Go", src)
		wanted += len(want)
		got += len(mine)
		compareIdents(want, mine, &found, &extra, &misses, &extras, path)
	}
	checkRecall(t, "Go, against go/parser's identifiers", wanted, found, got, extra, misses, extras)
}

// pyNames is Python's own tokenizer listing the NAME tokens (not keywords) of each file given.
const pyNames = `
import keyword, sys, tokenize
for path in sys.argv[1:]:
    try:
        with open(path, 'rb') as f:
            toks = list(tokenize.tokenize(f.readline))
    except Exception:
        continue
    print("F " + path)
    for t in toks:
        if t.type == tokenize.NAME and not keyword.iskeyword(t.string):
            print("%d:%d:%s" % (t.start[0], len(t.line[:t.start[1]].encode()) + 1, t.string))
`

// TestPythonIdentifiersMatchTokenize: over Python's standard library (every tenth file), the
// identifiers EachIdentifier finds are the NAME tokens of Python's own tokenizer (keywords left
// out), at the same line and byte column.
func TestPythonIdentifiersMatchTokenize(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed")
	}
	matches, _ := filepath.Glob("/usr/lib/python3.[0-9]*")
	if len(matches) == 0 {
		t.Skip("no /usr/lib/python3.N")
	}
	var files []string
	_ = filepath.Walk(matches[0], func(p string, info os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(p, ".py") && !strings.Contains(p, "/test") && !strings.Contains(p, "site-packages") {
			files = append(files, p)
		}
		return nil
	})
	var sample []string
	for i, f := range files {
		if i%10 == 0 {
			sample = append(sample, f)
		}
	}
	if len(sample) < 50 {
		t.Skipf("only %d Python files", len(sample))
	}
	out, err := exec.Command(py, append([]string{"-c", pyNames}, sample...)...).Output()
	if err != nil {
		t.Fatalf("python3 tokenize: %v", err)
	}
	byFile := map[string]map[string]bool{}
	var cur map[string]bool
	for _, line := range strings.Split(string(out), "\n") {
		if path, ok := strings.CutPrefix(line, "F "); ok {
			cur = map[string]bool{}
			byFile[path] = cur
		} else if line != "" && cur != nil {
			cur[line] = true
		}
	}
	var wanted, found, got, extra int
	var misses, extras []string
	for path, want := range byFile {
		src, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		mine := identsOf("Python", src)
		wanted += len(want)
		got += len(mine)
		compareIdents(want, mine, &found, &extra, &misses, &extras, path)
	}
	checkRecall(t, fmt.Sprintf("Python, %d files, against tokenize's NAME tokens", len(byFile)), wanted, found, got, extra, misses, extras)
}

// TestUses: a filter holds every identifier of the file, and few others; the name hashes are
// those of the file's identifiers exactly.
func TestUses(t *testing.T) {
	src := []byte("package p\n\n// notInComment\nfunc Alpha(beta int) string { return \"notInString\" + gamma }\n")
	f, names := Uses("Go", src)
	for _, name := range []string{"p", "Alpha", "beta", "int", "string", "gamma"} {
		if !MayUse(f, name) {
			t.Errorf("MayUse(%q) = false for a name the file uses", name)
		}
	}
	var want []uint32
	for _, name := range []string{"p", "Alpha", "beta", "int", "string", "gamma"} {
		want = append(want, store.NameHash([]byte(name)))
	}
	if want = store.SortedHashes(want); !slices.Equal(names, want) {
		t.Errorf("name hashes %x, want %x (the six identifiers, sorted)", names, want)
	}
	passed := 0
	for i := range 10000 {
		if MayUse(f, fmt.Sprintf("absent%d", i)) {
			passed++
		}
	}
	if passed > 300 {
		t.Errorf("%d of 10,000 absent names pass the filter; want about 1%%", passed)
	}
	if f, n := Uses("JSON", []byte(`{"a": 1}`)); f != nil || n != nil || MayUse(nil, "a") {
		t.Error("a file without identifiers has a filter that passes a name")
	}
}

// TestJavaScriptTemplatesAndRegexps: the code in a template literal's ${...} (nested templates
// and braces too) is read, its text is not; a regular expression literal is skipped, quotes and
// slashes in it included, where an operand may start, and a "/" after an operand divides.
func TestJavaScriptTemplatesAndRegexps(t *testing.T) {
	src := "const a = `textOne ${b + `textTwo ${c}`} textThree ${ {d: e}.d } `;\n" +
		"s.replace(/'/g, \"''\"); f(arg)\n" +
		"x = y / z / w; // division\n" +
		"function t() { return /[/]reText'/i.test(h) }\n" +
		"const u = v\n"
	type at struct {
		name string
		line int
	}
	var got []at
	EachIdentifier("JavaScript", []byte(src), func(name []byte, line, _ int) { got = append(got, at{string(name), line}) })
	want := []at{{"a", 1}, {"b", 1}, {"c", 1}, {"d", 1}, {"e", 1}, {"d", 1},
		{"s", 2}, {"replace", 2}, {"f", 2}, {"arg", 2},
		{"x", 3}, {"y", 3}, {"z", 3}, {"w", 3},
		{"t", 4}, {"test", 4}, {"h", 4},
		{"u", 5}, {"v", 5}}
	if !slices.Equal(got, want) {
		t.Errorf("identifiers\n%v\nwant\n%v", got, want)
	}
}

// TestJavaScriptKeywords: a reserved word is no identifier, but for a member's name after a
// dot (comments between them left out) and an object literal's key after a comma, as
// TypeScript's parser reads them: `map.delete(k)`, `p.catch(f)`, `{a: 1, default: 2}`.
func TestJavaScriptKeywords(t *testing.T) {
	src := "switch (x) { case 1: break; default: m.default(); }\n" +
		"const o = {a: 1, default: 2}; p.catch(f).finally(g); delete o.new;\n" +
		"q. /* comment */ delete(k); if (r) return this;\n"
	var got []string
	EachIdentifier("JavaScript", []byte(src), func(name []byte, _, _ int) { got = append(got, string(name)) })
	want := []string{"x", "m", "default", "o", "a", "default", "p", "catch", "f", "finally", "g", "o", "new", "q", "delete", "k", "r"}
	if !slices.Equal(got, want) {
		t.Errorf("identifiers\n%q\nwant\n%q", got, want)
	}
}

// BenchmarkUses makes the use filters and name sets of net/http's Go files and of the
// JavaScript fixture, as every indexed code file's worker does.
func BenchmarkUses(b *testing.B) {
	paths, _ := filepath.Glob(filepath.Join(gorootSrc(), "net", "http", "*.go"))
	if len(paths) == 0 {
		b.Skip("GOROOT/src not found")
	}
	var srcs [][]byte
	size := 0
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, src)
		size += len(src)
	}
	b.SetBytes(int64(size))
	for b.Loop() {
		for _, src := range srcs {
			Uses("Go", src)
		}
	}
}

// TestNameHashesAreFNV128a: the filter positions' hashes are those hash/fnv's 128-bit FNV-1a gives,
// its sum's two halves read little-endian, for any bytes: use filters written before stay valid.
func TestNameHashesAreFNV128a(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	inputs := []string{"", "a", "kmalloc", "Ünïcode", "\x00\xff"}
	for range 2000 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		inputs = append(inputs, string(b))
	}
	for _, in := range inputs {
		h := fnv.New128a()
		h.Write([]byte(in))
		sum := h.Sum(nil)
		want1, want2 := binary.LittleEndian.Uint64(sum[:8]), binary.LittleEndian.Uint64(sum[8:])|1
		if g1, g2 := nameHashes(in); g1 != want1 || g2 != want2 {
			t.Fatalf("nameHashes(%q) = %x, %x; hash/fnv gives %x, %x", in, g1, g2, want1, want2)
		}
		if g1, g2 := nameHashes([]byte(in)); g1 != want1 || g2 != want2 {
			t.Fatalf("nameHashes([]byte(%q)) = %x, %x; hash/fnv gives %x, %x", in, g1, g2, want1, want2)
		}
	}
}

// usesByMap is Uses as a map of the identifiers gives it, the reference of FuzzUsesGathersEach.
func usesByMap(language string, src []byte) ([]byte, []uint32) {
	seen := map[string]bool{}
	EachIdentifier(language, src, func(name []byte, _, _ int) { seen[string(name)] = true })
	if len(seen) == 0 {
		return nil, nil
	}
	width := max(64, (len(seen)*10+7)/8*8)
	filter := make([]byte, 1+width/8)
	filter[0] = useFilterHashes
	var names []uint32
	for name := range seen {
		h := fnv.New128a()
		h.Write([]byte(name))
		sum := h.Sum(nil)
		h1, h2 := binary.LittleEndian.Uint64(sum[:8]), binary.LittleEndian.Uint64(sum[8:])|1
		for k := range uint64(useFilterHashes) {
			bit := (h1 + k*h2) % uint64(width)
			filter[1+bit/8] |= 1 << (bit % 8)
		}
		names = append(names, store.NameHash([]byte(name)))
	}
	return filter, store.SortedHashes(names)
}

// FuzzUsesGathersEach: Uses, which gathers the identifiers in a table of its own, gives the filter
// and name hashes a map of them gives, on any text in any language's lexer, and on the corpus.
func FuzzUsesGathersEach(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "corpus", "*", "*"))
	for i, path := range files {
		if src, err := os.ReadFile(path); err == nil && len(src) < 1<<20 {
			f.Add(uint8(i), src)
		}
	}
	f.Add(uint8(0), []byte("a b a c A a_b b"))
	languages := []string{"Go", "Python", "JavaScript", "C", "Rust", "Lua", "Bash", "PHP", "Ruby", "SQL", "JSON"}
	f.Fuzz(func(t *testing.T, lang uint8, src []byte) {
		language := languages[int(lang)%len(languages)]
		gotFilter, gotNames := Uses(language, src)
		wantFilter, wantNames := usesByMap(language, src)
		if !slices.Equal(gotFilter, wantFilter) || !slices.Equal(gotNames, wantNames) {
			t.Fatalf("Uses(%s) = %x, %x; a map of the identifiers gives %x, %x", language, gotFilter, gotNames, wantFilter, wantNames)
		}
	})
}

// TestIdentHashSpreads: identHash, which places names in identSet's table, gives distinct values
// to distinct names of every length it reads in line (up to 16 bytes) and spreads them over the
// table's low bits, where a bad spread would make each lookup a long probe (correctness does not
// hang on it: FuzzUsesGathersEach holds the sets).
func TestIdentHashSpreads(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"
	seen := map[string]bool{}
	hashes := map[uint64]string{}
	buckets := make([]int, 1<<12)
	for len(seen) < 100000 {
		name := make([]byte, 1+rng.IntN(16))
		for i := range name {
			name[i] = alphabet[rng.IntN(len(alphabet))]
		}
		if seen[string(name)] {
			continue
		}
		seen[string(name)] = true
		h := identHash(name)
		if other, ok := hashes[h]; ok {
			t.Fatalf("identHash(%q) = identHash(%q) = %#x", name, other, h)
		}
		hashes[h] = string(name)
		buckets[h&(1<<12-1)]++
	}
	// 100,000 names in 4,096 buckets: about 24 each; a fair spread keeps the fullest under twice that.
	if most := slices.Max(buckets); most > 48 {
		t.Errorf("the fullest of 4,096 buckets holds %d of 100,000 names (a fair spread: about 24)", most)
	}
}
