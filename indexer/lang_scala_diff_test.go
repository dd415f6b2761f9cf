package indexer

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/readmap/readmap/store"
)

// scalaDef is one definition Scala's own parser reports (a line of testdata/tools/ScalaDefs.scala's
// output): its start line counts annotations and modifiers, its end line is inclusive.
type scalaDef struct {
	path, kind, name string
	start, end       int
}

// TestScalaAgainstScalac checks readmap's Scala map against the Scala 2.11 compiler's parser on the
// real files of testdata/corpus/scala: every member scalac parses (class, trait, object, package
// object, def, type; not the locals of a def) must be a symbol of the same name whose range holds
// the definition's first line, for at least 95% of them. How many ranges are exactly scalac's
// (first annotation line to last line) is logged beside it. Run with -v for the table.
func TestScalaAgainstScalac(t *testing.T) {
	lib := scalaLib()
	if lib == "" {
		t.Skip("SKIP: Scala 2.11's scalac is not installed (apt-get install scala)")
	}
	var files []string
	filepath.WalkDir(filepath.Join("..", "testdata", "corpus", "scala"), func(p string, d os.DirEntry, err error) error {
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

	type tally struct{ defs, matched, exact int }
	byKind := map[string]*tally{}
	var total tally
	var misses, inexact []string
	maps := map[string]*store.File{}
	for _, d := range defs {
		f := maps[d.path]
		if f == nil {
			src, err := os.ReadFile(d.path)
			if err != nil {
				t.Fatal(err)
			}
			f = MapFile(context.Background(), d.path, src, Options{})
			if f.Language != "Scala" {
				t.Errorf("%s: detected as %q, want Scala", d.path, f.Language)
			}
			maps[d.path] = f
		}
		k := byKind[d.kind]
		if k == nil {
			k = &tally{}
			byKind[d.kind] = k
		}
		k.defs++
		total.defs++
		matched, exact := false, false
		var near []string
		for _, s := range f.Symbols {
			if !ctagsSameName(d.name, s.Name, s.Qualname) {
				continue
			}
			if s.StartLine <= d.start && d.start <= s.EndLine {
				matched = true
			}
			if s.StartLine == d.start && s.EndLine == d.end {
				exact = true
			}
			near = append(near, fmt.Sprintf("%d-%d", s.StartLine, s.EndLine))
		}
		where := fmt.Sprintf("  %s:%d-%d %s %s", filepath.Base(d.path), d.start, d.end, d.kind, d.name)
		if matched {
			k.matched++
			total.matched++
		} else {
			misses = append(misses, where)
		}
		if exact {
			k.exact++
			total.exact++
		} else if matched {
			inexact = append(inexact, where+" readmap "+strings.Join(near, ","))
		}
	}
	// The other way round: readmap's definitions of the kinds scalac lists that scalac does not
	// hold, which would be false ones.
	listed := map[string][]scalaDef{}
	for _, d := range defs {
		listed[d.path] = append(listed[d.path], d)
	}
	var extra []string
	for path, f := range maps {
		for _, s := range f.Symbols {
			switch s.Kind {
			case store.KindClass, store.KindTrait, store.KindObject, store.KindFunction, store.KindMethod, store.KindType:
			default:
				continue
			}
			found := false
			for _, d := range listed[path] {
				if s.StartLine <= d.start && d.start <= s.EndLine && ctagsSameName(d.name, s.Name, s.Qualname) {
					found = true
					break
				}
			}
			if !found {
				extra = append(extra, fmt.Sprintf("  %s:%d-%d %s %s", filepath.Base(path), s.StartLine, s.EndLine, s.Kind, s.Name))
			}
		}
	}
	sort.Strings(extra)
	kinds := make([]string, 0, len(byKind))
	for k := range byKind {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	rows := []string{"| kind           | scalac defs | matched | % | same lines | % |"}
	row := func(name string, c tally) {
		rows = append(rows, fmt.Sprintf("| %-14s | %11d | %7d | %5.1f%% | %10d | %5.1f%% |", name, c.defs, c.matched,
			100*float64(c.matched)/float64(max(c.defs, 1)), c.exact, 100*float64(c.exact)/float64(max(c.defs, 1))))
	}
	for _, k := range kinds {
		row(k, *byKind[k])
	}
	row("all", total)
	t.Logf("readmap against scalac 2.11 on %d files (scalac %s):\n%s\nreadmap definitions scalac does not list: %d",
		len(files), elapsed.Round(time.Millisecond), strings.Join(rows, "\n"), len(extra))
	if os.Getenv("READMAP_SHOW_MISSES") != "" {
		t.Logf("misses:\n%s\nother ranges:\n%s\nnot listed by scalac:\n%s",
			strings.Join(misses, "\n"), strings.Join(inexact, "\n"), strings.Join(extra, "\n"))
	}
	// The corpus is fixed and scalac is exact: every definition must be in the map with scalac's
	// lines, and the map must hold nothing scalac does not list.
	if total.matched < total.defs {
		t.Errorf("%d of %d scalac definitions in the map; first misses:\n%s",
			total.matched, total.defs, strings.Join(misses[:min(len(misses), 15)], "\n"))
	}
	if total.exact < total.defs {
		t.Errorf("%d of %d definitions with scalac's start and end lines; first others:\n%s",
			total.exact, total.defs, strings.Join(inexact[:min(len(inexact), 15)], "\n"))
	}
	if len(extra) > 0 {
		t.Errorf("%d map symbols scalac does not list:\n%s", len(extra), strings.Join(extra[:min(len(extra), 15)], "\n"))
	}
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
// the JVM, over files.
func scalacDefs(t *testing.T, lib string, files []string) []scalaDef {
	classes := t.TempDir()
	if out, err := exec.Command("scalac", "-d", classes, filepath.Join("..", "testdata", "tools", "ScalaDefs.scala")).CombinedOutput(); err != nil {
		t.Fatalf("scalac ScalaDefs.scala: %v\n%s", err, out)
	}
	cp := strings.Join([]string{classes, filepath.Join(lib, "scala-library.jar"), filepath.Join(lib, "scala-reflect.jar"),
		filepath.Join(lib, "scala-compiler.jar")}, string(os.PathListSeparator))
	var stderr bytes.Buffer
	cmd := exec.Command("java", append([]string{"-cp", cp, "ScalaDefs"}, files...)...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("ScalaDefs: %v\n%s", err, stderr.Bytes())
	}
	if stderr.Len() > 0 {
		t.Errorf("scalac reports errors in the corpus:\n%s", stderr.Bytes())
	}
	var defs []scalaDef
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) < 5 {
			t.Fatalf("ScalaDefs printed %q", sc.Text())
		}
		start, err1 := strconv.Atoi(f[3])
		end, err2 := strconv.Atoi(f[4])
		if err1 != nil || err2 != nil {
			t.Fatalf("ScalaDefs printed %q", sc.Text())
		}
		defs = append(defs, scalaDef{path: f[0], kind: f[1], name: f[2], start: start, end: end})
	}
	if len(defs) == 0 {
		t.Fatal("ScalaDefs found no definitions")
	}
	return defs
}
