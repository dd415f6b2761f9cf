package lang

import (
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/readmap/readmap/store"
)

var updateVersion = flag.Bool("update", false, "record the maps' digests in testdata/golden/mappers-version.txt")

// mappersVersionFile records which maps the versions stand for.
const mappersVersionFile = "../../testdata/golden/mappers-version.txt"

// TestMappersVersion fails when what the mappers make of a file changed but the version recorded
// with it did not: stores would go on serving the old maps of unchanged files. It keeps a digest of
// the map of every file under testdata/langs and testdata/corpus, beside a digest of its content
// and the versions that made the maps (RowVersion of each language). With -update (make golden)
// it records them, which it refuses to do when the same content maps differently under an
// unchanged version; new files and new content only need recording.
func TestMappersVersion(t *testing.T) {
	digests := mapDigests(t, "../../testdata/langs", "../../testdata/corpus")
	versions, recorded := readMappersVersion(t)
	current := CurrentVersions()
	var changed, unrecorded []string
	raise := map[string]bool{}
	for path, d := range digests {
		old, ok := recorded[path]
		switch {
		case !ok || old.content != d.content: // a new file, or new content: only to record
			unrecorded = append(unrecorded, path)
		case old.mapped != d.mapped:
			// The map changed: the version of its language (now and then) must have moved.
			if versions[d.language] == current[d.language] && versions[old.language] == current[old.language] {
				changed = append(changed, path)
				raise[d.language] = true
			}
		}
	}
	sort.Strings(changed)
	switch {
	case len(changed) > 0:
		t.Fatalf("the maps of %d files changed under the same versions (%s): raise the Version of %s in languages.go (fallbackVersion for files of no language, MappersVersion for shared changes), then run `make golden`",
			len(changed), strings.Join(changed[:min(len(changed), 5)], ", "), strings.Join(sortedKeys(raise), ", "))
	case *updateVersion:
		writeMappersVersion(t, digests, current)
	case !maps.Equal(versions, current):
		t.Fatalf("%s records other versions than the table's: run `make golden`", mappersVersionFile)
	case len(unrecorded) > 0:
		t.Fatalf("%d files have no recorded map digest for their content (%s): run `make golden`", len(unrecorded), unrecorded[0])
	}
}

// mapDigest identifies a file's content, the language it was mapped as, and the map made of it.
type mapDigest struct{ content, mapped, language string }

// readMappersVersion returns the versions mappersVersionFile records, by language name ("" for
// files of no language), and its digests by path.
func readMappersVersion(t *testing.T) (map[string]int, map[string]mapDigest) {
	versions, digests := map[string]int{}, map[string]mapDigest{}
	data, err := os.ReadFile(mappersVersionFile)
	if os.IsNotExist(err) && *updateVersion {
		return versions, digests
	}
	if err != nil {
		t.Fatalf("%v (create it with `make golden`)", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "version "); ok {
			n, name, _ := strings.Cut(v, " ")
			var version int
			fmt.Sscan(n, &version)
			versions[strings.Trim(name, `"`)] = version
		} else if f := strings.SplitN(line, " ", 3); len(f) == 3 && !strings.HasPrefix(line, "#") {
			// The language is quoted (names may hold spaces: "Claude Code session"); the path
			// follows it.
			quoted, err := strconv.QuotedPrefix(f[2])
			if err != nil || len(f[2]) <= len(quoted)+1 {
				t.Fatalf("%s: %q: no quoted language and path", mappersVersionFile, line)
			}
			language, _ := strconv.Unquote(quoted)
			digests[f[2][len(quoted)+1:]] = mapDigest{content: f[0], mapped: f[1], language: language}
		}
	}
	return versions, digests
}

// writeMappersVersion records the versions and the digests.
func writeMappersVersion(t *testing.T, digests map[string]mapDigest, versions map[string]int) {
	var b strings.Builder
	b.WriteString("# The maps that the versions stand for (lang.RowVersion by language; \"\" is files of no language),\n" +
		"# and per file the digests of its content and its map, and the language it was mapped as.\n" +
		"# Written by `make golden`; see indexer/lang/version.go.\n")
	for _, name := range sortedKeys(versions) {
		fmt.Fprintf(&b, "version %d %q\n", versions[name], name)
	}
	for _, p := range sortedKeys(digests) {
		fmt.Fprintf(&b, "%s %s %q %s\n", digests[p].content, digests[p].mapped, digests[p].language, p)
	}
	if err := os.WriteFile(mappersVersionFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

// mapDigests maps every file under the roots in memory and returns the digests of each file's
// content and map, by path relative to testdata.
func mapDigests(t *testing.T, roots ...string) map[string]mapDigest {
	digests := map[string]mapDigest{}
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			rel := strings.TrimPrefix(filepath.ToSlash(path), "../../testdata/")
			// No timeout: a loaded machine must not record or compare a fallback map.
			f := Map(context.Background(), rel, src, Options{Timeout: time.Hour})
			if f.Skip == store.SkipMapperPanic || f.Skip == store.SkipMapperTimeout {
				return fmt.Errorf("%s: %s (%s)", rel, f.Skip, f.SkipDetail)
			}
			h := sha256.New()
			fmt.Fprintf(h, "%s\t%s\t%d\t%s\t%s\t%q\n", f.Language, f.MapperName, f.Lines, f.Summary, f.Skip, f.Imports)
			for _, s := range f.Symbols {
				fmt.Fprintf(h, "%d\t%d\t%s\t%q\t%q\t%q\t%d\t%d\n", s.Depth, s.Parent, s.Kind, s.Name, s.Qualname, s.Signature, s.StartLine, s.EndLine)
			}
			content := sha256.Sum256(src)
			digests[rel] = mapDigest{content: fmt.Sprintf("%x", content[:8]), mapped: fmt.Sprintf("%x", h.Sum(nil)[:8]), language: f.Language}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return digests
}
