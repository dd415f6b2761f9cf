package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/readmap/readmap/store"
)

// TestPreCommitHook runs the repository's pre-commit hook for real: Debian's pre-commit (3.0.4)
// installs readmap with `go install` from this checkout (offline: the module cache is reused and
// the proxy is off), runs it on a commit's files through `pre-commit try-repo`, and the store must
// then hold those files' symbols.
func TestPreCommitHook(t *testing.T) {
	for _, tool := range []string{"pre-commit", "git", "go"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed (apt-get install pre-commit git): the hook is not tested", tool)
		}
	}
	if testing.Short() {
		t.Skip("-short: the hook test builds readmap with go install")
	}
	self, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	modcache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	env := append(os.Environ(),
		"PRE_COMMIT_HOME="+filepath.Join(t.TempDir(), "pre-commit"),
		"GOMODCACHE="+strings.TrimSpace(string(modcache)), "GOPROXY=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
	sh := func(name string, args ...string) string {
		t.Helper()
		cmd := exec.Command(name, args...)
		cmd.Dir, cmd.Env = work, env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	files := map[string]string{
		"app.go":    "package app\n\n// Serve serves.\nfunc Serve() error {\n\treturn nil\n}\n",
		"README.md": "# App\n\n## Usage\n\nRun it.\n",
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(work, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	sh("git", "init", "-q")
	sh("git", "add", ".")
	sh("git", "commit", "-qm", "first")
	out := sh("pre-commit", "try-repo", self, "readmap-index", "--files", "app.go", "README.md")
	if !strings.Contains(out, "readmap index") || !strings.Contains(out, "Passed") {
		t.Errorf("pre-commit try-repo output lacks a passed readmap index hook:\n%s", out)
	}
	st, err := store.Open(context.Background(), filepath.Join(work, ".readmap", "index.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	f, err := st.File(context.Background(), "app.go")
	if err != nil {
		t.Fatalf("the hook did not store app.go: %v", err)
	}
	if len(f.Symbols) != 1 || f.Symbols[0].Name != "Serve" || f.Symbols[0].StartLine != 4 {
		t.Errorf("app.go symbols after the hook = %+v", f.Symbols)
	}
	if _, err := st.File(context.Background(), "README.md"); err != nil {
		t.Errorf("the hook did not store README.md: %v", err)
	}
}
