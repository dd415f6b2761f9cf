package lang

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/readmap/readmap/store"
)

// TestScalaAgainstScalac checks readmap's Scala map against the Scala 2.11 compiler's parser on the
// real files of testdata/corpus/scala: every member scalac parses (class, trait, object, package
// object, def, type; not the locals of a def) must be a symbol of the same name whose range holds
// the definition's first line and whose range is exactly scalac's (first annotation line to last
// line), every one of them, and the map must hold no such definition scalac does not list: the
// corpus is fixed and scalac exact. Run with -v for the table.
func TestScalaAgainstScalac(t *testing.T) {
	lib := scalaLib()
	if lib == "" {
		t.Skip("SKIP: Scala 2.11's scalac is not installed (apt-get install scala)")
	}
	var files []string
	filepath.WalkDir(filepath.Join("..", "..", "testdata", "corpus", "scala"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".scala") {
			files = append(files, p)
		}
		return nil
	})
	if len(files) == 0 {
		t.Fatal("no files under testdata/corpus/scala")
	}
	sort.Strings(files)
	start := time.Now()
	defs := scalacDefs(t, lib, files)
	elapsed := time.Since(start)

	var paths []string // the files scalac lists definitions in
	for _, d := range defs {
		if !slices.Contains(paths, d.Path) {
			paths = append(paths, d.Path)
		}
	}
	maps := refMapFiles(t, paths, "Scala")
	r := refCompare(maps, defs, refSameName,
		refKinds(store.KindClass, store.KindTrait, store.KindObject, store.KindFunction, store.KindMethod, store.KindType))
	t.Logf("readmap against scalac 2.11 on %d files (scalac %s):\n%s\nreadmap definitions scalac does not list: %d",
		len(files), elapsed.Round(time.Millisecond), r.table("scalac"), len(r.extra))
	r.logMisses(t, "scalac")
	// The corpus is fixed and scalac is exact: every definition must be in the map with scalac's
	// lines, and the map must hold nothing scalac does not list.
	r.wantMatched(t, "scalac definitions", 100)
	r.wantExact(t, "scalac definitions", 100)
	r.wantFewExtra(t, "scalac", 0)
}

// scalaLib returns the folder of Scala 2.11's jars (scala-compiler.jar, ...) beside the scalac on
// PATH, or "" when there is no such scalac.
func scalaLib() string {
	scalac, err := exec.LookPath("scalac")
	if err != nil {
		return ""
	}
	if real, err := filepath.EvalSymlinks(scalac); err == nil {
		scalac = real
	}
	lib := filepath.Join(filepath.Dir(scalac), "..", "lib")
	for _, jar := range []string{"scala-library.jar", "scala-reflect.jar", "scala-compiler.jar"} {
		if _, err := os.Stat(filepath.Join(lib, jar)); err != nil {
			return ""
		}
	}
	out, err := exec.Command(scalac, "-version").CombinedOutput()
	if err != nil || !bytes.Contains(out, []byte("version 2.11.")) {
		return ""
	}
	return lib
}

// scalacDefs compiles testdata/tools/ScalaDefs.scala into a temporary folder and runs it once, on
// the JVM, over files: the definitions Scala's own parser reports, their start lines counting
// annotations and modifiers.
func scalacDefs(t *testing.T, lib string, files []string) []refDef {
	classes := t.TempDir()
	if out, err := exec.Command("scalac", "-d", classes, filepath.Join("..", "..", "testdata", "tools", "ScalaDefs.scala")).CombinedOutput(); err != nil {
		t.Fatalf("scalac ScalaDefs.scala: %v\n%s", err, out)
	}
	cp := strings.Join([]string{classes, filepath.Join(lib, "scala-library.jar"), filepath.Join(lib, "scala-reflect.jar"),
		filepath.Join(lib, "scala-compiler.jar")}, string(os.PathListSeparator))
	var stderr bytes.Buffer
	// The corpus is UTF-8 whatever the locale (a shell with none set reads it as ASCII, and
	// scalac then misreads Predef's `→`).
	cmd := exec.Command("java", append([]string{"-Dfile.encoding=UTF-8", "-cp", cp, "ScalaDefs"}, files...)...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("ScalaDefs: %v\n%s", err, stderr.Bytes())
	}
	if stderr.Len() > 0 {
		t.Errorf("scalac reports errors in the corpus:\n%s", stderr.Bytes())
	}
	return refReadTSV(t, "ScalaDefs", out)
}
