package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// typescriptJS is Debian's node-typescript: TypeScript's own parser, which reads JavaScript too.
const typescriptJS = "/usr/share/nodejs/typescript/lib/typescript.js"

// tscRefsCorpus are the folders of real JavaScript the refs test reads, from Debian's packages
// (node-semver, node-js-yaml, node-commander, node-acorn, node-js-yaml's argparse): CommonJS
// modules, ES classes, an ES module parser built of prototype assignments.
var tscRefsCorpus = []string{"semver", "js-yaml/lib", "commander", "acorn/dist", "argparse"}

// plainName matches the names sampled: identifiers, not private (#) names.
var plainName = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*$`)

// TestRefsMatchTypeScript: JavaScript is mapped by tree-sitter; its references are checked
// against TypeScript's own parser (testdata/tools/tsrefs.js) on real packages, as
// TestRefsMatchGoParser checks Go's: for a sample of the names the files declare where a map
// shows them, the lines `refs NAME` reports as uses are the lines where the parser finds an
// identifier of that name that is not a declaration's own name.
func TestRefsMatchTypeScript(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("SKIP: node is not installed (apt-get install nodejs node-typescript)")
	}
	if _, err := os.Stat(typescriptJS); err != nil {
		t.Skip("SKIP: TypeScript's parser is not installed (apt-get install node-typescript)")
	}
	files := map[string]string{}
	for _, dir := range tscRefsCorpus {
		base := filepath.Join("/usr/share/nodejs", dir)
		filepath.WalkDir(base, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !(strings.HasSuffix(p, ".js") || strings.HasSuffix(p, ".mjs")) {
				return nil
			}
			if b, err := os.ReadFile(p); err == nil {
				rel, _ := filepath.Rel("/usr/share/nodejs", p)
				files[filepath.ToSlash(rel)] = string(b)
			}
			return nil
		})
	}
	if len(files) < 50 {
		t.Skipf("SKIP: only %d corpus files under /usr/share/nodejs (apt-get install node-semver node-js-yaml node-commander node-acorn)", len(files))
	}
	root := repo(t, files)
	var paths []string
	for rel := range files {
		paths = append(paths, filepath.Join(root, filepath.FromSlash(rel)))
	}
	sort.Strings(paths)
	tool, err := filepath.Abs(filepath.Join("..", "..", "testdata", "tools", "tsrefs.js"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, append([]string{tool, typescriptJS}, paths...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("tsrefs: %v: %s", err, stderr.Bytes())
	}
	// Every other declared name keeps the test short.
	want, sample := referenceUses(t, "tsrefs", root, out, plainName.MatchString, 2, 300)
	if _, errOut, code := cli(t, root, "index", "-q"); code != 0 {
		t.Fatal(errOut)
	}
	checkRefs(t, root, "TypeScript's parser", want, sample, 0.99, 0.98)
}
