package lang

import (
	"archive/zip"
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The Clojure mapper (clojure.go) against Clojure's own reader. testdata/clojure_defs.clj, run by
// the `clojure` command of Debian's clojure package, reads each file with LispReader and prints
// its definition forms: name, the line the reader puts on the list (a ^metadata prefix's line
// when there is one) and, for top-level forms, the line the reader stands on after the closing
// paren. The mapper's definitions must be the same, symbol for symbol, on every file the reader
// accepts: Clojure's own sources, shipped inside its jar, and Debian's other Clojure libraries.

// cljJar is a Debian package's jar whose .clj, .cljs and .cljc sources make a corpus.
type cljJar struct {
	pkg, jar string
	tuned    bool // the scanner was tuned on it: not used for the ctags bar on untuned files
}

// cljJars are the jars read: Clojure's own (the clojure package, a dependency of every other)
// and libraries from Debian's Clojure packages.
var cljJars = []cljJar{
	{"clojure", "/usr/share/java/clojure.jar", true},
	{"libcore-async-clojure", "/usr/share/java/core.async.jar", true},
	{"libtools-reader-clojure", "/usr/share/java/tools.reader.jar", true},
	{"libspec-alpha-clojure", "/usr/share/java/spec.alpha.jar", true},
	{"libmedley-clojure", "/usr/share/java/medley.jar", false},
	{"libencore-clojure", "/usr/share/java/encore.jar", false},
	{"libprismatic-schema-clojure", "/usr/share/java/schema.jar", false},
	{"libcore-match-clojure", "/usr/share/java/core.match.jar", false},
	{"libinstaparse-clojure", "/usr/share/java/instaparse.jar", false},
	{"libtools-analyzer-clojure", "/usr/share/java/tools.analyzer.jar", false},
	{"libtools-analyzer-jvm-clojure", "/usr/share/java/tools.analyzer.jvm.jar", false},
	{"libring-core-clojure", "/usr/share/java/ring-core.jar", false},
	{"libclj-time-clojure", "/usr/share/java/clj-time.jar", false},
}

// cljCorpus extracts the Clojure sources of the jars that are installed into dir and returns
// their paths, sorted, and the packages that are missing. tuned selects the jars the scanner was
// tuned on (true), the others (false), or all (nil).
func cljCorpus(t testing.TB, dir string, tuned *bool) (files, missing []string) {
	for _, j := range cljJars {
		if tuned != nil && j.tuned != *tuned {
			continue
		}
		zr, err := zip.OpenReader(j.jar)
		if err != nil {
			missing = append(missing, j.pkg)
			continue
		}
		for _, f := range zr.File {
			ext := filepath.Ext(f.Name)
			if ext != ".clj" && ext != ".cljs" && ext != ".cljc" {
				continue
			}
			rc, err := f.Open()
			if err != nil {
				continue
			}
			src, err := io.ReadAll(rc)
			rc.Close()
			if err != nil {
				continue
			}
			dst := filepath.Join(dir, strings.TrimSuffix(filepath.Base(j.jar), ".jar"), f.Name)
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(dst, src, 0o644); err != nil {
				t.Fatal(err)
			}
			files = append(files, dst)
		}
		zr.Close()
	}
	sort.Strings(files)
	return files, missing
}

// cljRefDef is one definition Clojure's reader found.
type cljRefDef struct {
	head, name string
	start, end int // end 0: a nested form, whose end the reader does not give
}

// cljReference runs testdata/clojure_defs.clj on files: the definitions by file, and the files
// the reader rejected with its message.
func cljReference(t *testing.T, files []string) (map[string][]cljRefDef, map[string]string) {
	script, err := filepath.Abs("testdata/clojure_defs.clj")
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("clojure", append([]string{script}, files...)...).Output()
	if err != nil {
		t.Fatalf("clojure %s: %v", script, err)
	}
	defs, rejected := map[string][]cljRefDef{}, map[string]string{}
	file := ""
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "FILE "):
			file = strings.TrimPrefix(line, "FILE ")
		case strings.HasPrefix(line, "ERROR "):
			rejected[file] = strings.TrimPrefix(line, "ERROR ")
		case strings.HasPrefix(line, "DEF "):
			f := strings.Fields(line)
			if len(f) != 5 {
				t.Fatalf("clojure_defs.clj printed %q", line)
			}
			start, _ := strconv.Atoi(f[3])
			end, _ := strconv.Atoi(f[4])
			defs[file] = append(defs[file], cljRefDef{head: f[1], name: f[2], start: start, end: end})
		}
	}
	return defs, rejected
}

// cljDefs returns the definition forms of a Clojure map (not the methods of protocols and types,
// which are not def forms): head, name, first and last line.
func cljDefs(res *Result) []cljRefDef {
	var out []cljRefDef
	for _, s := range res.Symbols {
		sig := s.Signature
		if strings.HasPrefix(sig, "#?") {
			_, sig, _ = strings.Cut(sig, " ")
		}
		f := strings.Fields(sig)
		if len(f) < 2 || f[1] != s.Name {
			continue
		}
		if _, _, ok := cljHead(f[0]); ok {
			out = append(out, cljRefDef{head: f[0], name: s.Name, start: s.StartLine, end: s.EndLine})
		}
	}
	return out
}

// cljSameName compares a name as the mapper writes it with the reader's: keywords as written
// (::x, ::s/x) against their resolved form (:user/x, :s/x) by their last part.
func cljSameName(mine, ref string) bool {
	if mine == ref {
		return true
	}
	if strings.HasPrefix(mine, ":") && strings.HasPrefix(ref, ":") {
		last := func(s string) string { return s[strings.LastIndexByte(s, '/')+1:] }
		return last(strings.TrimLeft(mine, ":")) == last(strings.TrimLeft(ref, ":"))
	}
	return false
}

// TestClojureAgainstReader compares the mapper's definitions with Clojure's reader's on every
// Clojure source of the installed jars and on the committed fixtures. Run with -v for the figures.
func TestClojureAgainstReader(t *testing.T) {
	if _, err := exec.LookPath("clojure"); err != nil {
		t.Skip("SKIP: Clojure is not installed (apt-get install clojure): no reference reader")
	}
	files, missing := cljCorpus(t, t.TempDir(), nil)
	if len(missing) > 0 {
		t.Logf("SKIP part: jars of %s are not installed", strings.Join(missing, ", "))
	}
	fixtures, _ := filepath.Glob("../../testdata/langs/*.clj*")
	files = append(files, fixtures...)
	if len(files) == 0 {
		t.Skip("SKIP: no Clojure sources (apt-get install clojure)")
	}
	// Clojure's reader evaluates #=(...) forms, which reach for vars of the namespace being read
	// (encore's #=(* 1000 60 60 24 365) does not, but others there do): the reader reads a copy
	// with each "#=" blanked, the same forms at the same lines.
	refFiles := make([]string, len(files))
	for i, path := range files {
		refFiles[i] = path
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(src, []byte("#=")) {
			refFiles[i] = filepath.Join(t.TempDir(), filepath.Base(path))
			if err := os.WriteFile(refFiles[i], bytes.ReplaceAll(src, []byte("#="), []byte("  ")), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	ref, rejected := cljReference(t, refFiles)
	var total, same, ends, diffs int
	var report []string
	for i, path := range files {
		if msg, ok := rejected[refFiles[i]]; ok {
			t.Logf("%s: Clojure's reader rejects it (%s); left out", filepath.Base(path), msg)
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		res, err := (&cljMapper{}).Map(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		if res.Summary != "" {
			t.Errorf("%s: %s, where Clojure's reader reads it", path, res.Summary)
		}
		// Issue 14: no stray bracket, reader character or blank is ever a name.
		for _, s := range res.Symbols {
			if s.Name == "" || strings.ContainsAny(s.Name, " \t\n()[]{}\"") || strings.ContainsAny(s.Name[:1], "#^~'`@\\") {
				t.Errorf("%s:%d: symbol named %q", path, s.StartLine, s.Name)
			}
		}
		mine := cljDefs(res)
		want := ref[refFiles[i]]
		total += len(want)
		used := make([]bool, len(mine))
		for _, d := range want {
			found := -1
			for i, m := range mine {
				if !used[i] && m.start == d.start && cljSameName(m.name, d.name) && m.head == d.head {
					found = i
					break
				}
			}
			if found < 0 {
				diffs++
				report = append(report, fmt.Sprintf("  missing %s:%d %s %s", path, d.start, d.head, d.name))
				continue
			}
			used[found] = true
			same++
			if d.end > 0 {
				ends++
				if mine[found].end != d.end {
					diffs++
					report = append(report, fmt.Sprintf("  end %s:%d %s %s: reader %d, map %d", path, d.start, d.head, d.name, d.end, mine[found].end))
				}
			}
		}
		for i, m := range mine {
			if !used[i] {
				diffs++
				report = append(report, fmt.Sprintf("  extra %s:%d %s %s", path, m.start, m.head, m.name))
			}
		}
	}
	t.Logf("Clojure's reader: %d files (%d rejected by it), %d definitions, %d in the map with the same name and first line, %d top-level ends compared, %d differences",
		len(files), len(rejected), total, same, ends, diffs)
	if diffs > 0 {
		t.Errorf("%d differences from Clojure's reader:\n%s", diffs, strings.Join(report[:min(len(report), 40)], "\n"))
	}
}

// TestClojureCtags checks issue 14's bar on the jars the scanner was not tuned on (cljJars with
// tuned false), and reports the tuned ones too: every function and namespace universal-ctags finds must be a symbol of the map
// with the same name whose range holds ctags' line, for at least 98% of them. ctags' Clojure
// parser takes "(defn" and "(ns" wherever a line holds them; the tags it makes of text that is
// not a definition name are its own misreads, left out and counted: a name that is no symbol
// ("#?" from `(defn #?(:clj f :cljs ^boolean f)`), and definitions inside syntax-quoted
// templates ("~name").
func TestClojureCtags(t *testing.T) {
	if _, err := exec.LookPath("ctags"); err != nil {
		t.Skip("SKIP: universal-ctags is not installed (apt-get install universal-ctags)")
	}
	for _, tuned := range []bool{false, true} {
		t.Run(map[bool]string{false: "untuned", true: "tuned"}[tuned], func(t *testing.T) { cljCtags(t, tuned) })
	}
}

// cljCtags compares ctags' definitions with the maps of the tuned or untuned jars; the 98% bar
// holds on both.
func cljCtags(t *testing.T, tuned bool) {
	files, missing := cljCorpus(t, t.TempDir(), &tuned)
	if len(missing) > 0 {
		t.Logf("SKIP part: jars of %s are not installed", strings.Join(missing, ", "))
	}
	if len(files) == 0 {
		t.Skip("SKIP: no untuned Clojure corpus (apt-get install libmedley-clojure libencore-clojure ...)")
	}
	args := append([]string{"--output-format=json", "--fields=+neZ", "--language-force=Clojure", "-f", "-"}, files...)
	out, err := exec.Command("ctags", args...).Output()
	if err != nil {
		t.Fatalf("ctags: %v", err)
	}
	tags := map[string][]ctagsTag{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var tag ctagsTag
		if json.Unmarshal(sc.Bytes(), &tag) == nil && tag.Type == "tag" {
			tags[tag.Path] = append(tags[tag.Path], tag)
		}
	}
	var defs, matched, misread int
	var misses []string
	for _, path := range files {
		if len(tags[path]) == 0 {
			continue
		}
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f := Map(context.Background(), path, src, Options{})
		for _, tag := range tags[path] {
			if cljCtagsMisread(tag) {
				misread++
				continue
			}
			defs++
			// ctags ends a name at whitespace only: "(defn f[x]" gives "f[x]".
			name, _, _ := strings.Cut(tag.Name, "[")
			found := false
			for _, s := range f.Symbols {
				if s.StartLine <= tag.Line && tag.Line <= s.EndLine && ctagsSameName(name, s.Name, s.Qualname) {
					found = true
					break
				}
			}
			if found {
				matched++
			} else {
				misses = append(misses, fmt.Sprintf("  %s:%d %s %s", filepath.Base(path), tag.Line, tag.Kind, tag.Name))
			}
		}
	}
	pct := 100 * float64(matched) / float64(max(defs, 1))
	t.Logf("ctags on %d files: %d definitions, %d in the map (%.1f%%); %d ctags misreads left out", len(files), defs, matched, pct, misread)
	if pct < 98 {
		t.Errorf("%.1f%% of ctags' definitions in the map, want >= 98%%; misses:\n%s", pct, strings.Join(misses[:min(len(misses), 30)], "\n"))
	} else if len(misses) > 0 {
		t.Logf("misses:\n%s", strings.Join(misses[:min(len(misses), 30)], "\n"))
	}
}

// cljCtagsMisread reports whether a ctags tag names no definition: its name is not a symbol (it
// begins with a reader character: "#?", "^", "~", a bracket), or, for a template, an unquote.
func cljCtagsMisread(tag ctagsTag) bool {
	return tag.Name == "" || strings.ContainsAny(tag.Name[:1], "#^~([{\"'`@")
}
