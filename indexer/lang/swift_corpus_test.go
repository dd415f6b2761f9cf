package lang

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// swiftCorpus is the folder of real Swift files (expo-modules-core and stripe-react-native, MIT;
// see its SOURCE.md) and swiftCtagsOptions the ctags optlib that lists their definitions.
const (
	swiftCorpus        = "../../testdata/corpus/swift"
	swiftCtagsOptions  = "../../testdata/corpus/swift.ctags"
	swiftCtagsMinShare = 99.0 // measured: 100% and 99.9%; the bar leaves room for one new corpus file
)

// swiftLocalScopes are the scopes of swift.ctags whose declarations are locals, which the map
// leaves out: the body of a function, initializer, deinitializer, subscript or computed property
// (or a closure assigned to a var or let), or any other block of statements (closure, accessor,
// if, switch, or a body whose signature spans lines).
var swiftLocalScopes = map[string]bool{
	"function": true, "init": true, "deinit": true, "subscript": true, "variable": true, "block": true,
}

// swiftFairTag reports whether a tag of swift.ctags is a definition the map should hold: a
// declaration (not a block, which is only a scope), not a local, and a `case` only in an enum
// (elsewhere the regex has met a switch label).
func swiftFairTag(tag ctagsTag) bool {
	switch {
	case tag.Kind == "block" || swiftLocalScopes[tag.ScopeKind]:
		return false
	case tag.Kind == "case":
		return tag.ScopeKind == "enum"
	}
	return true
}

// TestSwiftAgainstCtagsOptlib checks that the definitions a universal-ctags regex list finds in
// real Swift files are symbols of readmap's map: same name, with a range that holds ctags' line
// (the criterion of TestCtagsAgreement). ctags has no Swift parser and no Swift toolchain is
// packaged for Debian, so the reference is testdata/corpus/swift.ctags: line regexes per kind of
// declaration, with ctags' scope stack to leave out locals. It is an independent definition
// list, not Swift's own parser. The other way round, the map's symbols must be ones the reference
// lists, so that the map makes nothing up. Run with -v for the table, READMAP_SHOW_MISSES=1 for
// the misses.
func TestSwiftAgainstCtagsOptlib(t *testing.T) {
	if _, err := exec.LookPath("ctags"); err != nil {
		t.Skip("SKIP: universal-ctags is not installed (apt-get install universal-ctags)")
	}
	var files []string
	err := filepath.WalkDir(swiftCorpus, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".swift") {
			files = append(files, p)
		}
		return err
	})
	if err != nil || len(files) == 0 {
		t.Fatalf("no Swift corpus under %s (%v)", swiftCorpus, err)
	}
	args := append([]string{"--options=" + swiftCtagsOptions, "--output-format=json", "--fields=+neZ", "-f", "-"}, files...)
	out, err := exec.Command("ctags", args...).Output()
	if err != nil {
		t.Fatalf("ctags: %v", err)
	}
	byFile := map[string][]ctagsTag{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var tag ctagsTag
		if json.Unmarshal(sc.Bytes(), &tag) == nil && tag.Type == "tag" && swiftFairTag(tag) {
			byFile[tag.Path] = append(byFile[tag.Path], tag)
		}
	}

	type count struct{ defs, matched int }
	kinds := map[string]*count{}
	var total, listed count // listed: the map's symbols, and those the reference lists too
	var misses, extras []string
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f := Map(context.Background(), path, src, Options{})
		if f.Language != "Swift" {
			t.Errorf("%s: detected as %q, want Swift", path, f.Language)
		}
		for _, tag := range byFile[path] {
			k := kinds[tag.Kind]
			if k == nil {
				k = &count{}
				kinds[tag.Kind] = k
			}
			k.defs++
			total.defs++
			found := false
			for _, s := range f.Symbols {
				if s.StartLine <= tag.Line && tag.Line <= s.EndLine && ctagsSameName(tag.Name, s.Name, s.Qualname) {
					found = true
					break
				}
			}
			if found {
				k.matched++
				total.matched++
			} else {
				misses = append(misses, fmt.Sprintf("  %s:%d %s %s: %s", strings.TrimPrefix(path, swiftCorpus+"/"), tag.Line, tag.Kind, tag.Name, tag.Pattern))
			}
		}
		// The other way round: a symbol of the map that no definition of the reference explains
		// (same name, line in the symbol's range) is a symbol readmap made up.
		for _, s := range f.Symbols {
			listed.defs++
			found := false
			for _, tag := range byFile[path] {
				if s.StartLine <= tag.Line && tag.Line <= s.EndLine && ctagsSameName(tag.Name, s.Name, s.Qualname) {
					found = true
					break
				}
			}
			if found {
				listed.matched++
			} else {
				extras = append(extras, fmt.Sprintf("  %s:%d-%d %s %s", strings.TrimPrefix(path, swiftCorpus+"/"), s.StartLine, s.EndLine, s.Kind, s.Qualname))
			}
		}
	}

	share := func(c count) float64 { return 100 * float64(c.matched) / float64(max(c.defs, 1)) }
	names := make([]string, 0, len(kinds))
	for k := range kinds {
		names = append(names, k)
	}
	sort.Strings(names)
	rows := []string{"| kind           | ctags defs | matched | % |"}
	for _, k := range names {
		rows = append(rows, fmt.Sprintf("| %-14s | %10d | %7d | %5.1f%% |", k, kinds[k].defs, kinds[k].matched, share(*kinds[k])))
	}
	rows = append(rows, fmt.Sprintf("| %-14s | %10d | %7d | %5.1f%% |", "all", total.defs, total.matched, share(total)))
	t.Logf("Swift against the ctags optlib, %d files:\n%s\nmap symbols the reference lists: %d of %d (%.1f%%)",
		len(files), strings.Join(rows, "\n"), listed.matched, listed.defs, share(listed))
	if os.Getenv("READMAP_SHOW_MISSES") != "" {
		t.Logf("Swift misses:\n%s\nmap symbols the reference does not list:\n%s", strings.Join(misses, "\n"), strings.Join(extras, "\n"))
	}
	if share(total) < swiftCtagsMinShare {
		t.Errorf("%d of %d ctags definitions in the map (%.1f%%), want >= %.0f%%; first misses:\n%s",
			total.matched, total.defs, share(total), swiftCtagsMinShare, strings.Join(misses[:min(len(misses), 15)], "\n"))
	}
	if share(listed) < swiftCtagsMinShare {
		t.Errorf("%d of %d map symbols are ctags definitions (%.1f%%), want >= %.0f%%; first extras:\n%s",
			listed.matched, listed.defs, share(listed), swiftCtagsMinShare, strings.Join(extras[:min(len(extras), 15)], "\n"))
	}
}
