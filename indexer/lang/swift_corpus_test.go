package lang

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/readmap/readmap/store"
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
// (the criterion of TestCtagsAgreement), for at least 99% of them. ctags has no Swift parser and
// no Swift toolchain is packaged for Debian, so the reference is testdata/corpus/swift.ctags:
// line regexes per kind of declaration, with ctags' scope stack to leave out locals. It is an
// independent definition list, not Swift's own parser. The other way round, the map's symbols
// must be ones the reference lists (at most 1% may not be), so that the map makes nothing up.
// Run with -v for the table, READMAP_SHOW_MISSES=1 for the misses.
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

	// ctags gives the line of a definition, not its range: a definition is in the map when a
	// symbol of its name holds that line. Every symbol counts the other way round.
	r := &refResult{same: refSameName, counts: func(*store.Symbol) bool { return true }}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f := Map(context.Background(), path, src, Options{})
		if f.Language != "Swift" {
			t.Errorf("%s: detected as %q, want Swift", path, f.Language)
		}
		var defs []refDef
		for _, tag := range byFile[path] {
			defs = append(defs, refDef{Path: path, Kind: tag.Kind, Name: tag.Name, Start: tag.Line})
		}
		r.add(strings.TrimPrefix(path, swiftCorpus+"/"), f.Symbols, defs)
	}
	t.Logf("Swift against the ctags optlib, %d files:\n%s\nmap symbols the optlib does not list: %d of %d (%.2f%%)",
		len(files), r.table("ctags"), len(r.extra), r.counted, refPct(len(r.extra), r.counted))
	r.logMisses(t, "the ctags optlib")
	r.wantMatched(t, "ctags definitions", swiftCtagsMinShare)
	r.wantFewExtra(t, "the ctags optlib", 100-swiftCtagsMinShare)
}
