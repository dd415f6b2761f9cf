package main

import (
	"archive/zip"
	"bytes"
	"io"
	"os/exec"
	"path/filepath"
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
	// Every fifth declared name keeps the test short.
	want, sample := referenceUses(t, "JavaRefs", root, out, func(string) bool { return true }, 5, 500)
	if _, errOut, code := cli(t, root, "index", "-q"); code != 0 {
		t.Fatal(errOut)
	}
	checkRefs(t, root, "javac", want, sample, 0.99, 0.98)
}
