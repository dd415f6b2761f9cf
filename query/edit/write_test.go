package edit

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/readmap/readmap/query"
)

// placeOf makes a Place for the file at path under root, as the command does after opening it.
func placeOf(t *testing.T, root, path string) Place {
	t.Helper()
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		t.Fatal(err)
	}
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(real)
	if err != nil {
		t.Fatal(err)
	}
	return Place{Root: realRoot, Real: real, Info: info, Display: filepath.Base(path)}
}

func write(t *testing.T, path, content string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		t.Fatal(err)
	}
}

// TestWriteKeepsModeAndLink: the new content replaces the file the link leads to, with its mode;
// the link stays a link; the old content is kept as a backup that Newest finds.
func TestWriteKeepsModeAndLink(t *testing.T) {
	root := t.TempDir()
	script := filepath.Join(root, "bin", "run.sh")
	write(t, script, "#!/bin/sh\necho old\n", 0o751)
	link := filepath.Join(root, "run")
	if err := os.Symlink("bin/run.sh", link); err != nil {
		t.Fatal(err)
	}
	p := placeOf(t, root, link)
	w, err := Write(p, []byte("#!/bin/sh\necho new\n"), []byte("#!/bin/sh\necho old\n"), true)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(script); string(got) != "#!/bin/sh\necho new\n" {
		t.Errorf("script = %q", got)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link is now %v", fi.Mode())
	}
	if fi, _ := os.Stat(script); fi.Mode().Perm() != 0o751 {
		t.Errorf("mode = %v, want 0751", fi.Mode())
	}
	if w.Backup == "" || !strings.HasPrefix(w.Backup, ".readmap/backups/bin%2Frun.sh/") {
		t.Errorf("backup = %q", w.Backup)
	}
	if got, _ := os.ReadFile(filepath.Join(root, w.Backup)); string(got) != "#!/bin/sh\necho old\n" {
		t.Errorf("backup holds %q", got)
	}
	if got, _ := os.ReadFile(filepath.Join(root, ".readmap", ".gitignore")); string(got) != "*\n" {
		t.Errorf(".readmap/.gitignore = %q", got)
	}
	b, err := Newest(placeOf(t, root, script))
	if err != nil || b.Path != w.Backup || string(b.Content) != "#!/bin/sh\necho old\n" {
		t.Errorf("Newest = %+v, %v", b, err)
	}
	entries, _ := os.ReadDir(filepath.Join(root, "bin"))
	if len(entries) != 1 {
		t.Errorf("bin/ holds %d entries, want the script alone (no temporary file left)", len(entries))
	}
}

// TestWriteRefusesAChangedFile: a file that changed after it was read, or whose name now holds
// another file or a link, is not written, and no backup stays.
func TestWriteRefusesAChangedFile(t *testing.T) {
	for _, change := range []string{"content", "replaced", "link", "removed"} {
		t.Run(change, func(t *testing.T) {
			root := t.TempDir()
			f := filepath.Join(root, "f.txt")
			write(t, f, "one\n", 0o644)
			p := placeOf(t, root, f)
			switch change {
			case "content":
				write(t, f, "two\n", 0o644)
			case "replaced":
				write(t, f+".new", "one\n", 0o644)
				if err := os.Rename(f+".new", f); err != nil {
					t.Fatal(err)
				}
			case "link":
				write(t, filepath.Join(root, "other.txt"), "one\n", 0o644)
				os.Remove(f)
				if err := os.Symlink("other.txt", f); err != nil {
					t.Fatal(err)
				}
			case "removed":
				os.Remove(f)
			}
			before, _ := os.ReadFile(f)
			_, err := Write(p, []byte("new\n"), []byte("one\n"), true)
			if codeOf(err) != query.CodeChanged {
				t.Fatalf("Write after the file %s: %v, want changed", change, err)
			}
			if after, _ := os.ReadFile(f); !bytes.Equal(before, after) {
				t.Errorf("the file went from %q to %q", before, after)
			}
			if _, err := os.Stat(filepath.Join(root, ".readmap", "backups")); err == nil {
				entries, _ := os.ReadDir(filepath.Join(root, ".readmap", "backups", "f.txt"))
				if len(entries) != 0 {
					t.Errorf("%d backups stayed", len(entries))
				}
			}
		})
	}
}

// TestBackupsKeepTheLastTwenty: each write keeps one backup; the oldest go past KeepBackups.
func TestBackupsKeepTheLastTwenty(t *testing.T) {
	root := t.TempDir()
	f := filepath.Join(root, "f.txt")
	write(t, f, "v0\n", 0o644)
	for i := 1; i <= KeepBackups+5; i++ {
		p := placeOf(t, root, f)
		old, _ := os.ReadFile(f)
		if _, err := Write(p, []byte("v"+strings.Repeat("x", i)+"\n"), old, true); err != nil {
			t.Fatal(err)
		}
	}
	entries, _ := os.ReadDir(filepath.Join(root, ".readmap", "backups", "f.txt"))
	if len(entries) != KeepBackups {
		t.Errorf("%d backups, want %d", len(entries), KeepBackups)
	}
	b, err := Newest(placeOf(t, root, f))
	if err != nil || string(b.Content) != "v"+strings.Repeat("x", KeepBackups+4)+"\n" {
		t.Errorf("Newest = %q, %v", b.Content, err)
	}
}

// TestWriteStaysInsideTheRoot: a .readmap/backups that is a link out of the root is not followed:
// the write fails and nothing outside is created.
func TestWriteStaysInsideTheRoot(t *testing.T) {
	root, outside := t.TempDir(), t.TempDir()
	f := filepath.Join(root, "f.txt")
	write(t, f, "one\n", 0o644)
	if err := os.Symlink(outside, filepath.Join(root, ".readmap")); err != nil {
		t.Fatal(err)
	}
	_, err := Write(placeOf(t, root, f), []byte("two\n"), []byte("one\n"), true)
	if err == nil {
		t.Fatal("Write through a .readmap that leads outside the root succeeded")
	}
	if got, _ := os.ReadFile(f); string(got) != "one\n" {
		t.Errorf("the file is now %q", got)
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("the folder outside the root holds %d entries", len(entries))
	}
}

// TestWriteReadOnly: a read-only file, or a file in a read-only folder, is refused with a
// permission error, and stays as it was.
func TestWriteReadOnly(t *testing.T) {
	for _, what := range []string{"file", "folder"} {
		t.Run(what, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "ro")
			f := filepath.Join(dir, "f.txt")
			write(t, f, "one\n", 0o644)
			target := f
			if what == "folder" {
				target = dir
			}
			if err := os.Chmod(target, 0o555); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.Chmod(target, 0o755) })
			_, err := Write(placeOf(t, root, f), []byte("two\n"), []byte("one\n"), true)
			if codeOf(err) != query.CodePermission || !strings.Contains(err.Error(), "read-only") {
				t.Errorf("Write to a read-only %s: %v, want permission", what, err)
			}
			if got, _ := os.ReadFile(f); string(got) != "one\n" {
				t.Errorf("the file is now %q", got)
			}
		})
	}
}

// TestBackupKey: paths become one folder name each, reversibly escaped, long ones hashed.
func TestBackupKey(t *testing.T) {
	for path, want := range map[string]string{
		"a.go":         "a.go",
		"src/a.go":     "src%2Fa.go",
		"50%/x.go":     "50%25%2Fx.go",
		"/abs/out.txt": "%2Fabs%2Fout.txt",
	} {
		if got := backupKey(path); got != want {
			t.Errorf("backupKey(%q) = %q, want %q", path, got, want)
		}
	}
	long := strings.Repeat("d/", 150) + "file.go"
	if got := backupKey(long); len(got) > 255 || !strings.HasSuffix(got, "-file.go") {
		t.Errorf("backupKey(long) = %q", got)
	}
}
