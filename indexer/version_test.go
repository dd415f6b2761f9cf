package indexer

import (
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/readmap/readmap/store"
)

var updateVersion = flag.Bool("update", false, "record the maps' digests in testdata/golden/mappers-version.txt")

// mappersVersionFile records which maps MappersVersion stands for.
const mappersVersionFile = "../testdata/golden/mappers-version.txt"

// TestMappersVersion fails when what the mappers make of a file changed but MappersVersion did
// not: stores would go on serving the old maps of unchanged files. It keeps a digest of the map
// of every file under testdata/langs and testdata/corpus, beside a digest of its content. With
// -update (make golden) it records them, which it refuses to do when the same content maps
// differently under an unchanged version; new files and new content only need recording.
func TestMappersVersion(t *testing.T) {
	digests := mapDigests(t, "../testdata/langs", "../testdata/corpus")
	version, recorded := readMappersVersion(t)
	var changed, unrecorded []string
	for path, d := range digests {
		old, ok := recorded[path]
		switch {
		case !ok || old.content != d.content: // a new file, or new content: only to record
			unrecorded = append(unrecorded, path)
		case old.mapped != d.mapped:
			changed = append(changed, path)
		}
	}
	sort.Strings(changed)
	switch {
	case len(changed) > 0 && version == MappersVersion:
		t.Fatalf("the maps of %d files changed under MappersVersion %d (%s): raise indexer.MappersVersion (indexer/version.go), then run `make golden`",
			len(changed), MappersVersion, strings.Join(changed[:min(len(changed), 5)], ", "))
	case *updateVersion:
		writeMappersVersion(t, digests)
	case version != MappersVersion:
		t.Fatalf("%s records version %d, indexer.MappersVersion is %d: run `make golden`", mappersVersionFile, version, MappersVersion)
	case len(unrecorded) > 0:
		t.Fatalf("%d files have no recorded map digest for their content (%s): run `make golden`", len(unrecorded), unrecorded[0])
	}
}

// mapDigest identifies a file's content and the map made of it.
type mapDigest struct{ content, mapped string }

// readMappersVersion returns the version mappersVersionFile records and its digests by path.
func readMappersVersion(t *testing.T) (int, map[string]mapDigest) {
	digests := map[string]mapDigest{}
	data, err := os.ReadFile(mappersVersionFile)
	if os.IsNotExist(err) && *updateVersion {
		return 0, digests
	}
	if err != nil {
		t.Fatalf("%v (create it with `make golden`)", err)
	}
	var version int
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "version "); ok {
			fmt.Sscan(v, &version)
		} else if f := strings.SplitN(line, " ", 3); len(f) == 3 && !strings.HasPrefix(line, "#") {
			digests[f[2]] = mapDigest{content: f[0], mapped: f[1]}
		}
	}
	return version, digests
}

// writeMappersVersion records MappersVersion and the digests.
func writeMappersVersion(t *testing.T, digests map[string]mapDigest) {
	var b strings.Builder
	fmt.Fprintf(&b, "# The maps that indexer.MappersVersion stands for: per file, digests of its content and of its map.\n# Written by `make golden`; see indexer/version.go.\nversion %d\n", MappersVersion)
	paths := make([]string, 0, len(digests))
	for p := range digests {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		fmt.Fprintf(&b, "%s %s %s\n", digests[p].content, digests[p].mapped, p)
	}
	if err := os.WriteFile(mappersVersionFile, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
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
			rel := strings.TrimPrefix(filepath.ToSlash(path), "../testdata/")
			// No timeout: a loaded machine must not record or compare a fallback map.
			f := MapFile(context.Background(), rel, src, Options{MapTimeout: time.Hour})
			if f.Skip == store.SkipMapperPanic || f.Skip == store.SkipMapperTimeout {
				return fmt.Errorf("%s: %s (%s)", rel, f.Skip, f.SkipDetail)
			}
			h := sha256.New()
			fmt.Fprintf(h, "%s\t%s\t%d\t%s\t%s\t%q\n", f.Language, f.Mapper, f.Lines, f.Summary, f.Skip, f.Imports)
			for _, s := range f.Symbols {
				fmt.Fprintf(h, "%d\t%d\t%s\t%q\t%q\t%q\t%d\t%d\n", s.Depth, s.Parent, s.Kind, s.Name, s.Qualname, s.Signature, s.StartLine, s.EndLine)
			}
			digests[rel] = mapDigest{content: fmt.Sprintf("%x", Hash(src)[:8]), mapped: fmt.Sprintf("%x", h.Sum(nil)[:8])}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return digests
}
