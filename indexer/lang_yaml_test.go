package indexer

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
		f := MapFile(context.Background(), path, src, Options{})
		if err := checkSymbols(f.Symbols, f.Lines); err != nil {
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
