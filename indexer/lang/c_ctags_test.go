package lang

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/readmap/readmap/store"
)

// TestCtagsLinux measures the C maps of Linux's kernel/ and fs/ext4 (READMAP_LINUX_SRC, or an
// extracted /usr/src/linux-source-*) against every tag of `ctags -R --fields=+ne
// --output-format=json --kinds-C=+p`, for the scanner and for the tree-sitter mapper it
// replaced: a tag is matched when a symbol of its name holds its line, and its end line is
// compared where ctags gives one. It is a measure, run with -v for the table (and
// READMAP_SHOW_MISSES=1 for the tags the scanner's maps lack); it fails only when the scanner
// matches fewer tags than tree-sitter did.
func TestCtagsLinux(t *testing.T) {
	if _, err := exec.LookPath("ctags"); err != nil {
		t.Skip("SKIP: universal-ctags is not installed (apt-get install universal-ctags)")
	}
	linux := linuxSource()
	if linux == "" {
		t.Skip("SKIP: no Linux source tree (set READMAP_LINUX_SRC to one, or extract Debian's linux-source under /usr/src)")
	}
	mappers := []struct {
		name string
		m    Mapper
	}{{"scanner", &cMapper{}}, {"tree-sitter", newTSMapper(cTable)}}
	var rows []string
	for _, sub := range []string{"kernel", "fs/ext4"} {
		matched := map[string]int{} // tags matched, by mapper
		root := filepath.Join(linux, sub)
		out, err := exec.Command("ctags", "-R", "--fields=+ne", "--output-format=json", "--kinds-C=+p", "-f", "-", root).Output()
		if err != nil {
			t.Fatalf("ctags -R %s: %v", root, err)
		}
		tags := map[string][]ctagsTag{}
		sc := bufio.NewScanner(bytes.NewReader(out))
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			var tag ctagsTag
			if json.Unmarshal(sc.Bytes(), &tag) == nil && tag.Type == "tag" && (strings.HasSuffix(tag.Path, ".c") || strings.HasSuffix(tag.Path, ".h")) {
				tags[tag.Path] = append(tags[tag.Path], tag)
			}
		}
		// Left out, as TestCtagsAgreement leaves them out: ctags' locals, the names it makes up
		// for anonymous types, and what it finds inside functions (by its own ranges: members of
		// a struct declared in a function), none of which a map holds.
		for path, all := range tags {
			var bodies [][2]int
			for _, tag := range all {
				if tag.Kind == "function" && tag.End > tag.Line {
					bodies = append(bodies, [2]int{tag.Line, tag.End})
				}
			}
			kept := all[:0]
			for _, tag := range all {
				inBody := slices.ContainsFunc(bodies, func(b [2]int) bool { return b[0] < tag.Line && tag.Line <= b[1] })
				if !inBody && !ctagsLocalScopes[tag.ScopeKind] && !strings.HasPrefix(tag.Name, "__anon") {
					kept = append(kept, tag)
				}
			}
			tags[path] = kept
		}
		for _, mp := range mappers {
			byKind := map[string]*[4]int{} // tags, matched, with an end, same end
			var misses []string
			for _, path := range sortedKeys(tags) {
				src, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				if l := Detect(path, src[:min(len(src), SniffBytes)]); l == nil || l.Name != "C" {
					continue // a header Detect gives to C++ is not C's to map
				}
				res, err := mp.m.Map(context.Background(), src)
				if err != nil {
					t.Fatalf("%s: %v", path, err)
				}
				syms := normalize(res.Symbols, CountLines(src))
				for _, tag := range tags[path] {
					for _, k := range []string{tag.Kind, "all"} {
						if byKind[k] == nil {
							byKind[k] = &[4]int{}
						}
					}
					found := cCtagsFind(syms, tag)
					for _, k := range []string{tag.Kind, "all"} {
						c := byKind[k]
						c[0]++
						if found != nil {
							c[1]++
							if tag.End > 0 {
								c[2]++
								if found.EndLine == tag.End {
									c[3]++
								}
							}
						}
					}
					if found == nil {
						misses = append(misses, fmt.Sprintf("  %s:%d %s %s", strings.TrimPrefix(path, linux+"/"), tag.Line, tag.Kind, tag.Name))
					}
				}
			}
			kinds := sortedKeys(byKind)
			sort.SliceStable(kinds, func(i, j int) bool { return kinds[j] == "all" })
			for _, k := range kinds {
				c := byKind[k]
				rows = append(rows, fmt.Sprintf("| %-8s | %-11s | %-10s | %6d | %6d | %6s | %6d of %6d |", sub, mp.name, k, c[0], c[1], refShare(c[1], c[0]), c[3], c[2]))
			}
			if os.Getenv("READMAP_SHOW_MISSES") != "" && mp.name == "scanner" {
				t.Logf("%s: ctags tags the scanner's map lacks:\n%s", sub, strings.Join(misses, "\n"))
			}
			matched[mp.name] = byKind["all"][1]
		}
		if matched["scanner"] < matched["tree-sitter"] {
			t.Errorf("%s: the scanner matches %d of ctags' tags, tree-sitter %d", sub, matched["scanner"], matched["tree-sitter"])
		}
	}
	t.Logf("ctags -R --kinds-C=+p on Linux (a tag matched: a symbol of its name holds its line):\n| folder   | mapper      | kind       | tags   | matched | %%      | same end line    |\n%s",
		strings.Join(rows, "\n"))
}

// cCtagsFind returns the innermost symbol of syms named as tag that holds its line, or nil.
func cCtagsFind(syms []store.Symbol, tag ctagsTag) *store.Symbol {
	var found *store.Symbol
	for i, s := range syms {
		if s.StartLine <= tag.Line && tag.Line <= s.EndLine && ctagsSameName(tag.Name, s.Name, s.Qualname) &&
			(found == nil || s.EndLine-s.StartLine < found.EndLine-found.StartLine) {
			found = &syms[i]
		}
	}
	return found
}
