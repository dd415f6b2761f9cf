package indexer

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

// linkedTree writes a root of two files and every kind of entry a path can lead through: links to
// a file inside, up a folder, outside, by an absolute path, out and back in, to a folder, to
// nothing, and a named pipe. It returns the root and the root's folder held open.
func linkedTree(t *testing.T) (string, *rootDir) {
	t.Helper()
	outside := writeTree(t, map[string]string{"secret.txt": "from outside\n"})
	root := writeTree(t, map[string]string{"a.txt": "inside\n", "sub/b.txt": "below\n"})
	mustSymlink(t, filepath.Join(outside, "secret.txt"), filepath.Join(root, "out.txt"))
	mustSymlink(t, "a.txt", filepath.Join(root, "in.txt"))
	mustSymlink(t, "sub", filepath.Join(root, "linked"))
	mustSymlink(t, "../a.txt", filepath.Join(root, "sub", "up.txt"))
	mustSymlink(t, filepath.Join(root, "a.txt"), filepath.Join(root, "absolute.txt"))
	mustSymlink(t, "../"+filepath.Base(root)+"/a.txt", filepath.Join(root, "roundabout.txt"))
	mustSymlink(t, "missing.txt", filepath.Join(root, "dangling.txt"))
	if err := syscall.Mkfifo(filepath.Join(root, "pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	dir := openRootDir(root)
	if dir == nil {
		t.Fatal("openRootDir = nil for a folder")
	}
	t.Cleanup(func() { dir.Close() })
	return root, dir
}

// TestOpenBeneathOpensOnlyWhatLiesUnderTheRoot: the one-call open takes a path under the root,
// links inside it followed, with the stat data os.Stat gives, and leaves to openRegular every path
// that leads out or up, even for a moment: a link to a file outside, an absolute link (even to a
// file inside), a path leading up and back in, a folder, a named pipe, a missing file.
func TestOpenBeneathOpensOnlyWhatLiesUnderTheRoot(t *testing.T) {
	root, dir := linkedTree(t)

	for _, rel := range []string{"a.txt", "sub/b.txt", "in.txt", "linked/b.txt", "sub/up.txt"} {
		file, fi, ok := dir.openBeneath(rel)
		if !ok {
			if _, err := unix.Openat2(unix.AT_FDCWD, root, &unix.OpenHow{Flags: unix.O_RDONLY}); err == unix.ENOSYS || err == unix.EPERM {
				t.Skipf("openat2 is not available here: %v", err) // process falls back to openRegular
			}
			t.Fatalf("openBeneath(%s) not ok for a file under the root", rel)
		}
		want, err := os.Stat(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		if StampOf(fi) != StampOf(want) || fi.Mode() != want.Mode() || fi.Name() != want.Name() || !fi.ModTime().Equal(want.ModTime()) {
			t.Errorf("openBeneath(%s) stat %v %v %v %+v; os.Stat says %v %v %v %+v", rel,
				fi.Name(), fi.Mode(), fi.ModTime(), StampOf(fi), want.Name(), want.Mode(), want.ModTime(), StampOf(want))
		}
		src, err := readSized(file, fi.Size(), nil)
		if wantSrc, _ := os.ReadFile(filepath.Join(root, rel)); err != nil || string(src) != string(wantSrc) {
			t.Errorf("readSized(%s) = %q, %v; want %q", rel, src, err, wantSrc)
		}
		if err := file.Close(); err != nil {
			t.Errorf("Close(%s) = %v", rel, err)
		}
	}
	for _, rel := range []string{"out.txt", "absolute.txt", "roundabout.txt", "../" + filepath.Base(root) + "/a.txt", "sub", "pipe", "missing.txt", "dangling.txt"} {
		if file, _, ok := dir.openBeneath(rel); ok {
			file.Close()
			t.Errorf("openBeneath(%s) ok; want it left to openRegular", rel)
		}
	}
}

// TestReadSizedReadsToTheEndWhenTheSizeSaysNothing: a file whose stat data say it is empty is read
// to its end (a special file's size can be 0 whatever it holds), and one shorter than its stat
// data said gives what it has.
func TestReadSizedReadsToTheEndWhenTheSizeSaysNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f.txt")
	if err := os.WriteFile(path, []byte("twelve bytes"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, size := range []int64{0, 5, 12, 40} {
		got, err := readSized(f, size, nil)
		want := "twelve bytes"
		if size == 5 {
			want = "twelv"
		}
		if err != nil || string(got) != want {
			t.Errorf("readSized(size %d) = %q, %v; want %q", size, got, err, want)
		}
	}
}

// TestRootDirStatIsOsStat: the stat of a path relative to the folder held open gives what os.Stat
// of its whole path gives: the same stat data through links inside and out, the same kind of error
// for a dangling link or a missing file, and the whole path in that error.
func TestRootDirStatIsOsStat(t *testing.T) {
	root, dir := linkedTree(t)
	for _, rel := range []string{"a.txt", "sub/b.txt", "in.txt", "out.txt", "sub/up.txt", "absolute.txt", "roundabout.txt", "linked", "linked/b.txt", "dangling.txt", "pipe", "missing.txt", "sub"} {
		abs := filepath.Join(root, filepath.FromSlash(rel))
		want, wantErr := os.Stat(abs)
		got, err := dir.stat(abs, rel)
		if (err == nil) != (wantErr == nil) || wantErr != nil && (err.Error() != wantErr.Error() || errors.Is(err, fs.ErrNotExist) != errors.Is(wantErr, fs.ErrNotExist)) {
			t.Errorf("stat(%s) error = %v; os.Stat says %v", rel, err, wantErr)
			continue
		}
		if wantErr != nil {
			continue
		}
		if StampOf(got) != StampOf(want) || got.Mode() != want.Mode() || got.Name() != want.Name() || !got.ModTime().Equal(want.ModTime()) || got.IsDir() != want.IsDir() {
			t.Errorf("stat(%s) = %v %v %v %+v; os.Stat says %v %v %v %+v", rel,
				got.Name(), got.Mode(), got.ModTime(), StampOf(got), want.Name(), want.Mode(), want.ModTime(), StampOf(want))
		}
	}
}
