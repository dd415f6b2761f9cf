package lang

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/readmap/readmap/store"
)

// TestYAMLAgainstPyYAML compares the key ranges of the YAML files on this machine with those
// PyYAML's composer gives (testdata/yaml_keys.py): every key PyYAML finds within the depth shown
// must be in the map at its line, with the same last line.
func TestYAMLAgainstPyYAML(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIPPED in -short mode")
	}
	if err := exec.Command("python3", "-c", "import yaml").Run(); err != nil {
		t.Skip("SKIPPED: python3 with PyYAML is not available (apt-get install python3-yaml)")
	}
	files := markupCorpus([]string{"GOROOT", "/usr/lib/google-cloud-sdk/lib/googlecloudsdk/command_lib",
		"/usr/share/doc", "/etc"}, []string{".yaml", ".yml"}, 256<<10, 2<<20)
	if len(files) == 0 {
		t.Skip("SKIPPED: no YAML files found (the Go toolchain has some under $GOROOT)")
	}
	type key struct {
		depth, start, end int
		name              string
	}
	want := map[string][]key{}
	rejected := map[string]bool{}
	for len(files) > 0 {
		batch := files[:min(len(files), 200)]
		files = files[len(batch):]
		out, err := exec.Command("python3", append([]string{"testdata/yaml_keys.py"}, batch...)...).Output()
		if err != nil {
			t.Fatalf("yaml_keys.py: %v", err)
		}
		sc := bufio.NewScanner(bytes.NewReader(out))
		for sc.Scan() {
			f := strings.SplitN(sc.Text(), "\t", 5)
			if len(f) == 2 {
				rejected[f[0]] = true
				continue
			}
			if len(f) != 5 {
				continue
			}
			depth, _ := strconv.Atoi(f[1])
			start, _ := strconv.Atoi(f[2])
			end, _ := strconv.Atoi(f[3])
			want[f[0]] = append(want[f[0]], key{depth, start, end, f[4]})
		}
	}
	total, found, same := 0, 0, 0
	var diffs []string
	for path, keys := range want {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f := Map(context.Background(), path, src, Options{})
		if err := CheckSymbols(f.Symbols, f.Lines); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		at := map[string]store.Symbol{}
		for _, s := range f.Symbols {
			at[fmt.Sprint(s.StartLine, s.Name)] = s
		}
		for _, k := range keys {
			if k.depth >= yamlMaxDepth {
				continue
			}
			total++
			s, ok := at[fmt.Sprint(k.start, k.name)]
			switch {
			case !ok:
				if len(diffs) < 20 {
					diffs = append(diffs, fmt.Sprintf("%s:%d: key %q missing", path, k.start, k.name))
				}
			case s.EndLine != k.end:
				found++
				if len(diffs) < 20 {
					diffs = append(diffs, fmt.Sprintf("%s:%d: key %q ends at %d, PyYAML %d", path, k.start, k.name, s.EndLine, k.end))
				}
			default:
				found++
				same++
			}
		}
	}
	t.Logf("YAML: %d files (%d rejected by PyYAML), %d keys: %d found, %d with the same range", len(want), len(rejected), total, found, same)
	for _, d := range diffs {
		t.Log(d)
	}
	if total == 0 {
		t.Skip("SKIPPED: PyYAML found no keys")
	}
	if float64(same) < 0.99*float64(total) {
		t.Errorf("%d of %d keys have PyYAML's range, want >= 99%%", same, total)
	}
}

func TestYAMLMapper(t *testing.T) {
	runMarkupCases(t, "config.yaml", []markupCase{
		{"nested keys cover their blocks", "a:\n  b: 1\n  c:\n    d: 2\n\n  # comment\ne: 3\n", []string{
			"key a [1-4]",
			"  key b [2-2]",
			"  key c [3-4]",
			"    key d [4-4]",
			"key e [7-7]",
		}},
		{"sequences of mappings are named by their first key", "steps:\n  - name: Build\n    run: make\n  - uses: x@v1\n  - plain\n", []string{
			"key steps [1-5]",
			"  key - name: Build [2-3]",
			"    key name [2-2]",
			"    key run [3-3]",
			"  key - uses: x@v1 [4-4]",
			"    key uses [4-4]",
		}},
		{"a sequence at its key's own column", "list:\n- a: 1\n- b: 2\nnext: x\n", []string{
			"key list [1-3]",
			"  key - a: 1 [2-2]",
			"    key a [2-2]",
			"  key - b: 2 [3-3]",
			"    key b [3-3]",
			"key next [4-4]",
		}},
		{"an item whose mapping starts on the next line", "-\n  name: x\n  v: 1\n", []string{
			"key - name: x [1-3]",
			"  key name [2-2]",
			"  key v [3-3]",
		}},
		{"block scalars hide keys", "run: |\n  key: no\n\n  # no comment\nafter: >-\n  a\n  b: no\nz: 1\n", []string{
			"key run [1-4]",
			"key after [5-7]",
			"key z [8-8]",
		}},
		{"block scalar indicators", "a: |2+ # c\n   x: no\nb: !!str >\n  y: no\n", []string{
			"key a [1-2]",
			"key b [3-4]",
		}},
		{"flow collections and quoted scalars spanning lines", "f: {a: 1,\n  b: [x,\n  y]}\nq: \"one\n  two: no\"\ns: 'it''s\n  x: no'\nz: 1\n", []string{
			"key f [1-3]",
			"key q [4-5]",
			"key s [6-7]",
			"key z [8-8]",
		}},
		{"keys as written", "\"a b\": 1\n'c': 2\n<<: *base\nurl: http://x:80\nk:v\n&anc d: 3\n", []string{
			"key a b [1-1]",
			"key c [2-2]",
			"key << [3-3]",
			"key url [4-4]",
			"key d [6-6]",
		}},
		{"explicit keys", "? a\n: b: 1\n? c\n", []string{
			"key a [1-2]",
			"  key b [2-2]",
			"key c [3-3]",
		}},
		{"documents", "a: 1\n---\nkind: Service\nmetadata:\n  name: web\n---\n---\n- x: 1\n...\n", []string{
			"block document 1 [1-1]",
			"  key a [1-1]",
			"block Service/web [2-5]",
			"  key kind [3-3]",
			"  key metadata [4-5]",
			"    key name [5-5]",
			"block document 3 [7-8]",
			"  key - x: 1 [8-8]",
			"    key x [8-8]",
		}},
		{"one document with a leading marker", "---\na: 1\n", []string{"key a [2-2]"}},
		{"a document marker ends a block scalar", "a: |\n  text\n---\nb: 1\n", []string{
			"block document 1 [1-2]",
			"  key a [1-2]",
			"block document 2 [3-4]",
			"  key b [4-4]",
		}},
		{"comments and CRLF", "# top\r\na: # c\r\n  b: 1 # c\r\n", []string{
			"key a [2-3]",
			"  key b [3-3]",
		}},
		{"not keys", "just text\n- a\n- b\n[1, 2]\n", nil},
	})
}

func TestYAMLQualnames(t *testing.T) {
	src := "jobs:\n  build:\n    steps:\n      - name: a\n      - name: b\n        with:\n          x: 1\n"
	f := Map(context.Background(), "ci.yml", []byte(src), Options{})
	var got []string
	for _, s := range f.Symbols {
		got = append(got, s.Qualname)
	}
	want := []string{"jobs", "jobs.build", "jobs.build.steps", "jobs.build.steps[0]", "jobs.build.steps[0].name",
		"jobs.build.steps[1]", "jobs.build.steps[1].name", "jobs.build.steps[1].with", "jobs.build.steps[1].with.x"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("qualnames (-want +got):\n%s", diff)
	}
}

// TestYAMLDepthCap: keys deeper than yamlMaxDepth are not shown, yet their lines still count
// in the ranges of the keys above them.
func TestYAMLDepthCap(t *testing.T) {
	var b strings.Builder
	for i := range 12 {
		fmt.Fprintf(&b, "%sk%d:\n", strings.Repeat("  ", i), i)
	}
	b.WriteString(strings.Repeat("  ", 12) + "leaf: 1\n")
	got := markupOutline(t, "deep.yaml", b.String())
	if len(got) != yamlMaxDepth {
		t.Fatalf("got %d keys, want %d: %q", len(got), yamlMaxDepth, got)
	}
	if want := "key k0 [1-13]"; got[0] != want {
		t.Errorf("top key = %q, want %q", got[0], want)
	}
}
