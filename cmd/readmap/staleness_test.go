package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// rewriteKeepingStat writes content, of the same size as the file at path, over it and gives the
// file back its mtime, as touch -r, cp -p and rsync -t leave a file; byRename writes a new file and
// renames it over path instead, as an editor saves. It returns once the file's ctime or inode
// shows the change: the clock that stamps files ticks every few milliseconds, and a second write
// within the tick of the first leaves no trace in the stat data (git has the same blind spot).
func rewriteKeepingStat(t *testing.T, path, content string, byRename bool) {
	t.Helper()
	before, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if before.Size() != int64(len(content)) {
		t.Fatalf("new content of %s has %d bytes, the file %d: the test needs the same size", path, len(content), before.Size())
	}
	old := before.Sys().(*syscall.Stat_t)
	for {
		target := path
		if byRename {
			target = path + ".tmp"
		}
		if err := os.WriteFile(target, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(target, before.ModTime(), before.ModTime()); err != nil {
			t.Fatal(err)
		}
		if byRename {
			if err := os.Rename(target, path); err != nil {
				t.Fatal(err)
			}
		}
		after, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if after.Size() != before.Size() || !after.ModTime().Equal(before.ModTime()) {
			t.Fatalf("%s: size and mtime were not restored", path)
		}
		now := after.Sys().(*syscall.Stat_t)
		if now.Ctim != old.Ctim || now.Ino != old.Ino {
			return
		}
	}
}

// logOf returns a log of size bytes made of lines of width bytes, each naming its number and the
// version v.
func logOf(size, width int, v string) string {
	var b strings.Builder
	for n := 1; b.Len() < size; n++ {
		line := fmt.Sprintf("%s line %08d", v, n)
		b.WriteString(line + strings.Repeat(".", width-1-len(line)) + "\n")
	}
	return b.String()
}

// TestChangesThatRestoreSizeAndMtimeAreSeen: a file rewritten with its size and mtime restored
// (touch -r, cp -p, rsync -t, an editor's save by rename) is a changed file to every command, as
// it is to git: index --check lists it, map and read answer from its new content, sym does not
// answer from its old row, and read's cached page starts of a large file are not reused.
func TestChangesThatRestoreSizeAndMtimeAreSeen(t *testing.T) {
	const size = 4_200_000 // over the size from which page starts are cached
	for _, tc := range []struct {
		name     string
		byRename bool
	}{{"in place", false}, {"by rename", true}} {
		t.Run(tc.name, func(t *testing.T) {
			root := repo(t, map[string]string{
				"a.py":  "def alpha():\n    return 1\n",
				"b.py":  "def beta():\n    return 1\n",
				"c.log": logOf(size, 100, "v1"),
			})
			if _, errOut, code := cli(t, root, "index", "-q"); code != 0 {
				t.Fatal(errOut)
			}
			if _, errOut, code := cli(t, root, "read", "c.log", "--page", "2"); code != 0 {
				t.Fatal(errOut) // caches the page starts of c.log
			}
			rewriteKeepingStat(t, filepath.Join(root, "a.py"), "def omega():\n    return 2\n", tc.byRename)
			rewriteKeepingStat(t, filepath.Join(root, "b.py"), "def zeta():\n    return 2\n", tc.byRename)
			newLog := logOf(size, 50, "v2")
			rewriteKeepingStat(t, filepath.Join(root, "c.log"), newLog, tc.byRename)

			out, _, code := cli(t, root, "index", "--check")
			if code != 1 || out != "changed\ta.py\nchanged\tb.py\nchanged\tc.log\n" {
				t.Errorf("index --check = %q (exit %d), want a.py, b.py and c.log changed", out, code)
			}
			if out, _, code := cli(t, root, "map", "a.py"); code != 0 || !strings.Contains(out, "def omega(): [1-2]") {
				t.Errorf("map a.py = %q (exit %d), want the new function omega", out, code)
			}
			if out, errOut, code := cli(t, root, "read", "a.py", "--symbol", "omega"); code != 0 || !strings.Contains(out, "    return 2\n") {
				t.Errorf("read a.py --symbol omega = %q, %q (exit %d), want the new lines", out, errOut, code)
			}
			if out, _, _ := cli(t, root, "sym", "beta"); strings.Contains(out, "function  beta") {
				t.Errorf("sym beta after b.py lost it = %q, want no function beta", out)
			}
			fresh := repo(t, map[string]string{"c.log": newLog})
			want, _, _ := cli(t, fresh, "read", "c.log", "--page", "2")
			// The store's row was older: the answer says so first, then gives the fresh page.
			got, errOut, code := cli(t, root, "read", "c.log", "--page", "2")
			notice, rest, _ := strings.Cut(got, "\n")
			if code != 0 || !strings.HasPrefix(notice, "[readmap: c.log changed since it was last read") || rest != want {
				t.Errorf("read c.log --page 2 after the change: exit %d, %q, banner %q; want %q", code, errOut,
					strings.SplitN(got, "\n", 2)[0], strings.SplitN(want, "\n", 2)[0])
			}
		})
	}
}
