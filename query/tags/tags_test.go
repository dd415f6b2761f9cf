package tags

import (
	"strings"
	"testing"

	"github.com/readmap/readmap/store"
)

// TestAddEscapesAndSkips: field values are escaped as universal-ctags escapes them, names a tags
// line cannot hold are counted and left out, landmarks are not tags, a parent gives the scope,
// and a file outside the tags file's folder is named by its absolute path.
func TestAddEscapesAndSkips(t *testing.T) {
	b := NewBuilder("/repo", "/repo/sub")
	b.Add(&store.File{Path: "sub/a.go", Language: "Go", Symbols: []store.Symbol{
		{Name: "T", Qualname: "T", Kind: store.KindStruct, StartLine: 3, EndLine: 9, Parent: -1, Signature: "type T struct"},
		{Name: "F", Qualname: "T.F", Kind: store.KindField, StartLine: 4, EndLine: 4, Parent: 0, Signature: "F string `a\\b\tc`"},
		{Name: "bad\tname", Qualname: "bad\tname", Kind: store.KindVar, StartLine: 5, EndLine: 5, Parent: -1},
		{Name: "!_TAG_X", Qualname: "!_TAG_X", Kind: store.KindVar, StartLine: 6, EndLine: 6, Parent: -1},
		{Name: "# Notes", Qualname: "# Notes", Kind: store.KindLandmark, StartLine: 7, EndLine: 7, Parent: -1},
	}})
	b.Add(&store.File{Path: "top.go", Language: "Go", Symbols: []store.Symbol{
		{Name: "G", Qualname: "G", Kind: store.KindFunction, StartLine: 1, EndLine: 2, Parent: -1},
	}})
	var out strings.Builder
	if err := b.Write(&out, "9.9"); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"F\ta.go\t4;\"\tkind:field\tline:4\tlanguage:Go\tscope:struct:T\tsignature:F string `a\\\\b\\tc`\tend:4",
		"G\t/repo/top.go\t1;\"\tkind:function\tline:1\tlanguage:Go\tend:2",
		"T\ta.go\t3;\"\tkind:struct\tline:3\tlanguage:Go\tsignature:type T struct\tend:9",
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if !strings.HasPrefix(out.String(), Header+"\n") || !strings.Contains(out.String(), "!_TAG_PROGRAM_VERSION\t9.9\t//\n") {
		t.Errorf("pseudo-tags:\n%s", out.String())
	}
	if got := lines[len(lines)-len(want):]; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("tag lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if b.Len() != 3 || b.Skipped != 2 {
		t.Errorf("Len %d, Skipped %d; want 3 and 2", b.Len(), b.Skipped)
	}
}
