package indexer

import (
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateVersion = flag.Bool("update", false, "record the maps' digest in testdata/golden/mappers-version.txt")

// mappersVersionFile records which maps MappersVersion stands for.
const mappersVersionFile = "../testdata/golden/mappers-version.txt"

// TestMappersVersion fails when the mappers' output changed but MappersVersion did not: stores
// would keep serving the old maps of unchanged files. It digests the maps of every file under
// testdata/langs and testdata/corpus. With -update (make golden) it records the digest, which it
// refuses to do for changed maps under an unchanged version.
func TestMappersVersion(t *testing.T) {
	digest := mapsDigest(t, "../testdata/langs", "../testdata/corpus")
	recordedVersion, recordedDigest := readMappersVersion(t)
	changed := digest != recordedDigest
	switch {
	case changed && recordedVersion == MappersVersion:
		t.Fatalf("the maps of testdata/langs and testdata/corpus changed under MappersVersion %d: raise indexer.MappersVersion (indexer/version.go), then run `make golden`", MappersVersion)
	case *updateVersion:
		text := fmt.Sprintf("# The maps of testdata/langs and testdata/corpus that indexer.MappersVersion stands for.\n# Written by `make golden`; see indexer/version.go.\nversion %d\ndigest %s\n", MappersVersion, digest)
		if err := os.WriteFile(mappersVersionFile, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	case recordedVersion != MappersVersion:
		t.Fatalf("%s records version %d, indexer.MappersVersion is %d: run `make golden`", mappersVersionFile, recordedVersion, MappersVersion)
	}
}

// readMappersVersion returns the version and digest mappersVersionFile records.
func readMappersVersion(t *testing.T) (int, string) {
	data, err := os.ReadFile(mappersVersionFile)
	if os.IsNotExist(err) && *updateVersion {
		return 0, ""
	}
	if err != nil {
		t.Fatalf("%v (create it with `make golden`)", err)
	}
	var version int
	var digest string
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "version "); ok {
			fmt.Sscan(v, &version)
		}
		if d, ok := strings.CutPrefix(line, "digest "); ok {
			digest = d
		}
	}
	return version, digest
}

// mapsDigest maps every file under the roots in memory and returns the SHA-256 of all the maps.
func mapsDigest(t *testing.T, roots ...string) string {
	h := sha256.New()
	for _, root := range roots {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			f := MapFile(context.Background(), filepath.ToSlash(path), src, Options{})
			fmt.Fprintf(h, "%s\t%s\t%s\t%d\t%s\t%s\t%q\n", f.Path, f.Language, f.Mapper, f.Lines, f.Summary, f.Skip, f.Imports)
			for _, s := range f.Symbols {
				fmt.Fprintf(h, "%d\t%d\t%s\t%q\t%q\t%q\t%d\t%d\n", s.Depth, s.Parent, s.Kind, s.Name, s.Qualname, s.Signature, s.StartLine, s.EndLine)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}
