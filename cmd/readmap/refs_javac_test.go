package main

import (
	"archive/zip"
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// jdkSources are where Debian's openjdk-17-source puts the JDK's sources.
var jdkSources = []string{"/usr/lib/jvm/openjdk-17/lib/src.zip", "/usr/lib/jvm/java-17-openjdk-amd64/lib/src.zip"}

// javaUtilRepo is a repository holding java.util's own files (not its subpackages) from the JDK's
// sources, or "" when they are not installed.
func javaUtilRepo(t *testing.T) string {
	t.Helper()
	for _, zipPath := range jdkSources {
		r, err := zip.OpenReader(zipPath)
		if err != nil {
			continue
		}
		defer r.Close()
		files := map[string]string{}
		for _, f := range r.File {
			rest, ok := strings.CutPrefix(f.Name, "java.base/java/util/")
			if !ok || strings.Contains(rest, "/") || !strings.HasSuffix(rest, ".java") {
				continue
			}
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			b, err := io.ReadAll(rc)
			rc.Close()
			if err != nil {
				t.Fatal(err)
			}
			files["java/util/"+rest] = string(b)
		}
		if len(files) >= 50 {
			return repo(t, files)
		}
	}
	return ""
}

// TestRefsMatchJavac: Java is mapped by tree-sitter; its references are checked against javac's
// own parser (testdata/tools/JavaRefs.java, through the com.sun.source tree API) on java.util's
// files, as TestRefsMatchGoParser checks Go's: for a sample of the names java.util declares,
// the lines `refs NAME` reports as uses are the lines where javac finds an identifier of that
// name or a local declaration of it, not a class, method, constructor or field's own name.
func TestRefsMatchJavac(t *testing.T) {
	if _, err := exec.LookPath("javac"); err != nil {
		t.Skip("SKIP: no JDK (javac) for the reference parser (apt-get install openjdk-17-jdk-headless)")
	}
	root := javaUtilRepo(t)
	if root == "" {
		t.Skip("SKIP: the JDK's sources are not installed (apt-get install openjdk-17-source)")
	}
	paths, _ := filepath.Glob(filepath.Join(root, "java", "util", "*.java"))
	tool, err := filepath.Abs(filepath.Join("..", "..", "testdata", "tools", "JavaRefs.java"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("java", append([]string{"--add-exports", "jdk.compiler/com.sun.tools.javac.tree=ALL-UNNAMED", tool}, paths...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("JavaRefs: %v: %s", err, stderr.Bytes())
	}
	want := map[string]map[string]bool{} // name → path:line of its uses
	declared := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 4 {
			t.Fatalf("JavaRefs printed %q", sc.Text())
		}
		kind, path, line, name := f[0], f[1], f[2], f[3]
		if kind == "decl" {
			declared[name] = true
			continue
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			t.Fatal(err)
		}
		if want[name] == nil {
			want[name] = map[string]bool{}
		}
		want[name][filepath.ToSlash(rel)+":"+line] = true
	}
	if len(declared) < 500 {
		t.Fatalf("JavaRefs found %d declared names in %d files", len(declared), len(paths))
	}
	var names []string
	for name := range declared {
		names = append(names, name)
	}
	sort.Strings(names)
	var sample []string
	for i, name := range names {
		if i%5 == 0 { // every fifth declared name keeps the test short
			sample = append(sample, name)
		}
	}
	if _, errOut, code := cli(t, root, "index", "-q"); code != 0 {
		t.Fatal(errOut)
	}
	checkRefs(t, root, "javac", want, sample, 0.99, 0.98)
	os.RemoveAll(root)
}
