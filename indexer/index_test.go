package indexer

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/readmap/readmap/indexer/lang"
	"github.com/readmap/readmap/store"
)

// TestMain lets the test binary act as a separate index process for the multi-process tests:
// with READMAP_TEST_CHILD=index it indexes READMAP_TEST_ROOT into READMAP_TEST_DB and exits.
func TestMain(m *testing.M) {
	if os.Getenv("READMAP_TEST_CHILD") == "index" {
		os.Exit(childIndex())
	}
	os.Exit(m.Run())
}

func childIndex() int {
	ctx := context.Background()
	st, err := store.Open(ctx, os.Getenv("READMAP_TEST_DB"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer st.Close()
	if _, err := Run(ctx, st, Options{Root: os.Getenv("READMAP_TEST_ROOT"), Jobs: 2}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// startChild starts the test binary as an index process.
func startChild(t *testing.T, root, db string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "READMAP_TEST_CHILD=index", "READMAP_TEST_ROOT="+root, "READMAP_TEST_DB="+db)
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

// writeTree creates files (path → content) under a new temporary root.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, content := range files {
		abs := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func openStore(t *testing.T, path string) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

func runIndex(t *testing.T, st *store.Store, opts Options) *Summary {
	t.Helper()
	sum, err := Run(context.Background(), st, opts)
	if err != nil {
		t.Fatalf("Run(%+v) = %v", opts, err)
	}
	return sum
}

// dump renders everything a store holds except times, sorted, for comparing two stores.
func dump(t *testing.T, st *store.Store) string {
	t.Helper()
	ctx := context.Background()
	states, err := st.FileStates(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, p := range states.Paths {
		f, err := st.File(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(&b, "%s size=%d hash=%x lang=%s lines=%d skip=%s/%s imports=%v\n", f.Path, f.Size, f.Hash,
			f.Language, f.Lines, f.Skip, f.SkipDetail, f.Imports)
		for _, s := range f.Symbols {
			fmt.Fprintf(&b, "  %+v\n", s)
		}
	}
	return b.String()
}

var goSource = "package p\n\nfunc A() {}\n\ntype T struct{ X int }\n"

func TestIndexIncremental(t *testing.T) {
	ctx := context.Background()
	root := writeTree(t, map[string]string{
		"a.go":           goSource,
		"sub/b.go":       "package sub\n\nfunc B() {}\n",
		"notes.txt":      "hello\n",
		"ignored.log":    "not indexed\n",
		".gitignore":     "*.log\nbuild/\n",
		"build/out.go":   "package out\n",
		".git/HEAD":      "ref: refs/heads/main\n",
		".hidden/c.go":   "package c\n",
		"empty.go":       "",
		"deep/er/d.py":   "def f():\n    pass\n",
		"data/logo.png":  "\x89PNG\r\n\x1a\n\x00\x00binary",
		"bad/utf8.txt":   "caf\xe9 \xff\xfe ok\n",
		"crlf/w.go":      "package w\r\n\r\nfunc W() {}\r\n",
		"sub/.ignore":    "secret.go\n",
		"sub/secret.go":  "package sub\n",
		".readmap/x.txt": "the store folder is never indexed\n",
	})
	st := openStore(t, filepath.Join(root, ".readmap", "index.db"))
	opts := Options{Root: root, Jobs: 2}

	sum := runIndex(t, st, opts)
	states, err := st.FileStates(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := states.Paths
	want := []string{".gitignore", ".hidden/c.go", "a.go", "bad/utf8.txt", "crlf/w.go", "data/logo.png",
		"deep/er/d.py", "empty.go", "notes.txt", "sub/.ignore", "sub/b.go"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("indexed paths (-want +got):\n%s", diff)
	}
	if sum.Seen != len(want) || sum.Mapped != len(want)-1 || sum.Skipped != 1 || sum.Unchanged != 0 {
		t.Errorf("first run summary = %+v; want %d seen, %d mapped, 1 skipped", sum, len(want), len(want)-1)
	}
	png, err := st.File(ctx, "data/logo.png")
	if err != nil || png.Skip != store.SkipBinary || png.SkipDetail != "PNG image" {
		t.Errorf("logo.png row = %+v, %v; want skipped as a PNG image", png, err)
	}

	// Nothing changed: nothing is read.
	sum = runIndex(t, st, opts)
	if sum.Unchanged != len(want) || sum.Mapped != 0 || sum.Removed != 0 {
		t.Errorf("second run summary = %+v; want all %d unchanged", sum, len(want))
	}

	// A content change is re-mapped; an mtime-only change is touched; a deletion is removed.
	later := time.Now().Add(time.Hour)
	if err := os.WriteFile(filepath.Join(root, "sub/b.go"), []byte("package sub\n\nfunc B() {}\n\nfunc C() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(filepath.Join(root, "a.go"), later, later); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(root, "notes.txt")); err != nil {
		t.Fatal(err)
	}
	check := runIndex(t, st, Options{Root: root, Check: true})
	wantStale := []StaleFile{{Path: "notes.txt", Status: "removed"}, {Path: "sub/b.go", Status: "changed"}}
	if diff := cmp.Diff(wantStale, check.Stale); diff != "" {
		t.Errorf("check (-want +got):\n%s", diff)
	}
	sum = runIndex(t, st, opts)
	if sum.Mapped != 1 || sum.Touched != 1 || sum.Removed != 1 {
		t.Errorf("third run summary = %+v; want 1 mapped, 1 touched, 1 removed", sum)
	}
	b, err := st.File(ctx, "sub/b.go")
	if err != nil || len(b.Symbols) != 2 {
		t.Errorf("sub/b.go after change: %v symbols, %v; want 2", b, err)
	}
	a, err := st.FileState(ctx, "a.go")
	if err != nil || a.ModTimeNS != later.UnixNano() {
		t.Errorf("a.go mtime = %d, %v; want %d", a.ModTimeNS, err, later.UnixNano())
	}
	if check := runIndex(t, st, Options{Root: root, Check: true}); len(check.Stale) != 0 {
		t.Errorf("check after update = %v, want nothing stale", check.Stale)
	}

	// Named paths: only those are handled; a named file that is gone loses its row.
	if err := os.Remove(filepath.Join(root, "deep/er/d.py")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "a.go"), []byte(goSource+"\nfunc Z() {}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sum = runIndex(t, st, Options{Root: root, Paths: []string{filepath.Join(root, "deep/er/d.py"), filepath.Join(root, "crlf")}})
	if sum.Removed != 1 || sum.Mapped != 0 || sum.Seen != 1 {
		t.Errorf("named-paths summary = %+v; want 1 removed, 1 seen (crlf/w.go unchanged)", sum)
	}
	if st, _ := st.FileState(ctx, "a.go"); st.Size != int64(len(goSource)) {
		t.Errorf("a.go was re-indexed though it was not named")
	}
	if err := st.IntegrityCheck(ctx); err != nil {
		t.Error(err)
	}
}

func TestIndexBadInput(t *testing.T) {
	ctx := context.Background()
	long := strings.Repeat("x", 5<<20) // a 5 MB single line
	root := writeTree(t, map[string]string{
		"one-line.js": "var a = '" + long + "';",
		"empty.txt":   "",
		"utf8.py":     "def f():\n    return '\xff\xfe'\n",
		"nul.txt":     "text\x00with a NUL",
		"deep.go":     "package p\nvar x = " + strings.Repeat("(", 100000) + "1" + strings.Repeat(")", 100000) + "\n",
	})
	// A symlink loop, a dangling link, a link to a folder, a named pipe, a link out of the root and
	// an unreadable file.
	mustSymlink(t, "loop-b", filepath.Join(root, "loop-a"))
	mustSymlink(t, "loop-a", filepath.Join(root, "loop-b"))
	mustSymlink(t, "nowhere", filepath.Join(root, "dangling"))
	mustSymlink(t, ".", filepath.Join(root, "self"))
	if err := syscall.Mkfifo(filepath.Join(root, "pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A link out of the root is never followed to read: /proc/self/mem stats as a regular file but
	// every read of its first page fails.
	mustSymlink(t, "/proc/self/mem", filepath.Join(root, "out-of-root"))
	// A file without read permission, which only a user other than root cannot read.
	if err := os.WriteFile(filepath.Join(root, "unreadable"), []byte("secret\n"), 0o000); err != nil {
		t.Fatal(err)
	}
	unreadable := store.SkipUnreadable
	if os.Geteuid() == 0 {
		unreadable = store.SkipNone
	}

	st := openStore(t, filepath.Join(t.TempDir(), "index.db"))
	done := make(chan *Summary, 1)
	go func() {
		sum, err := Run(ctx, st, Options{Root: root, Jobs: 2})
		if err != nil {
			t.Errorf("Run = %v", err)
		}
		done <- sum
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Minute):
		t.Fatal("index run hangs on bad input")
	}
	wantSkip := map[string]store.SkipReason{
		"nul.txt": store.SkipBinary, "loop-a": store.SkipUnreadable, "loop-b": store.SkipUnreadable,
		"dangling": store.SkipUnreadable, "pipe": store.SkipUnreadable, "unreadable": unreadable,
		"out-of-root": store.SkipOutsideRoot,
		"one-line.js": store.SkipNone, "empty.txt": store.SkipNone, "utf8.py": store.SkipNone, "deep.go": store.SkipNone,
	}
	for path, want := range wantSkip {
		f, err := st.File(ctx, path)
		if err != nil {
			t.Errorf("File(%s) = %v", path, err)
			continue
		}
		if f.Skip != want {
			t.Errorf("File(%s).Skip = %q (%s), want %q", path, f.Skip, f.SkipDetail, want)
		}
		if err := lang.CheckSymbols(f.Symbols, f.Lines); err != nil {
			t.Errorf("File(%s): %v", path, err)
		}
		if want == store.SkipNone && f.Lines > 0 && len(f.Symbols) == 0 {
			t.Errorf("File(%s) has no map", path)
		}
	}
	if err := st.IntegrityCheck(ctx); err != nil {
		t.Error(err)
	}
}

func mustSymlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

// openStat opens the file at path for reading and stats the open file; it is closed when the test
// ends.
func openStat(t *testing.T, path string) (*os.File, os.FileInfo) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	fi, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	return f, fi
}

// TestIndexFileVanishesDuringWalk deletes files while an index run walks them: the run must not
// fail, and no row may remain for a file that is gone at the end.
func TestIndexFileVanishesDuringWalk(t *testing.T) {
	ctx := context.Background()
	files := map[string]string{}
	for i := range 2000 {
		files[fmt.Sprintf("d%02d/f%04d.go", i%40, i)] = goSource
	}
	root := writeTree(t, files)
	st := openStore(t, filepath.Join(t.TempDir(), "index.db"))
	stop := make(chan struct{})
	deleted := make(chan []string)
	go func() {
		var gone []string
		for i := 0; ; i += 7 {
			select {
			case <-stop:
				deleted <- gone
				return
			default:
			}
			p := fmt.Sprintf("d%02d/f%04d.go", i%40, i%2000)
			if os.Remove(filepath.Join(root, p)) == nil {
				gone = append(gone, p)
			}
			runtime.Gosched()
		}
	}()
	if _, err := Run(ctx, st, Options{Root: root, Jobs: 2}); err != nil {
		t.Fatalf("Run while files vanish = %v", err)
	}
	close(stop)
	gone := <-deleted
	if len(gone) == 0 {
		t.Fatal("the test deleted nothing during the run")
	}
	runIndex(t, st, Options{Root: root}) // settles rows of files deleted after they were walked
	for _, p := range gone {
		if _, err := st.FileState(ctx, p); err == nil {
			t.Errorf("row of deleted %s remains", p)
		}
	}
}

// largeTree writes n Go files of a few hundred lines each.
func largeTree(t *testing.T, n int) string {
	t.Helper()
	var body strings.Builder
	body.WriteString("package big\n\n")
	for i := range 15 {
		fmt.Fprintf(&body, "// F%d does a thing.\nfunc F%d(a, b int) int {\n\treturn a + b + %d\n}\n\ntype T%d struct {\n\tA, B int\n}\n\n", i, i, i, i)
	}
	files := map[string]string{}
	for i := range n {
		files[fmt.Sprintf("p%02d/f%04d.go", i%20, i)] = body.String()
	}
	return writeTree(t, files)
}

// TestConcurrentIndexRunsAndReads runs two index processes on one store at once while this
// process reads from it: no error anywhere, and the result equals one clean run.
func TestConcurrentIndexRunsAndReads(t *testing.T) {
	ctx := context.Background()
	root := largeTree(t, 400)
	db := filepath.Join(t.TempDir(), "index.db")
	reader := openStore(t, db) // creates the store before the children race for it

	a, b := startChild(t, root, db), startChild(t, root, db)
	readErr := make(chan error, 1)
	go func() {
		for {
			if _, err := reader.Stats(ctx); err != nil {
				readErr <- err
				return
			}
			if _, err := reader.File(ctx, "p00/f0000.go"); err != nil && !isNotFound(err) {
				readErr <- err
				return
			}
			select {
			case readErr <- nil:
				return
			default:
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	if err := a.Wait(); err != nil {
		t.Errorf("first index process: %v", err)
	}
	if err := b.Wait(); err != nil {
		t.Errorf("second index process: %v", err)
	}
	if err := <-readErr; err != nil {
		t.Errorf("read during concurrent runs: %v", err)
	}
	if err := reader.IntegrityCheck(ctx); err != nil {
		t.Error(err)
	}
	clean := openStore(t, filepath.Join(t.TempDir(), "clean.db"))
	runIndex(t, clean, Options{Root: root})
	if diff := cmp.Diff(dump(t, clean), dump(t, reader)); diff != "" {
		t.Errorf("two concurrent runs differ from one clean run (-clean +concurrent):\n%s", diff)
	}
}

func isNotFound(err error) bool { return err != nil && strings.Contains(err.Error(), "not in store") }

// TestKilledRunResumes kills an index process with SIGKILL half-way; the next run must end with
// exactly what a clean run gives, and the store must pass SQLite's integrity check after each.
func TestKilledRunResumes(t *testing.T) {
	ctx := context.Background()
	root := largeTree(t, 900)
	db := filepath.Join(t.TempDir(), "index.db")
	st := openStore(t, db)

	child := startChild(t, root, db)
	deadline := time.Now().Add(time.Minute)
	for {
		stats, err := st.Stats(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if stats.Files > 0 {
			break // at least one batch is committed: the run is half-way
		}
		if time.Now().After(deadline) {
			t.Fatal("the index process committed nothing in a minute")
		}
		time.Sleep(2 * time.Millisecond)
	}
	if err := child.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = child.Wait()
	stats, err := st.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("killed after %d of 900 files were committed", stats.Files)
	if stats.Files >= 900 {
		t.Log("the run finished before the kill; the resume path was not exercised")
	}
	if err := st.IntegrityCheck(ctx); err != nil {
		t.Fatalf("after SIGKILL: %v", err)
	}
	runIndex(t, st, Options{Root: root})
	if err := st.IntegrityCheck(ctx); err != nil {
		t.Fatalf("after the resumed run: %v", err)
	}
	clean := openStore(t, filepath.Join(t.TempDir(), "clean.db"))
	runIndex(t, clean, Options{Root: root})
	if diff := cmp.Diff(dump(t, clean), dump(t, st)); diff != "" {
		t.Errorf("resumed store differs from a clean one (-clean +resumed):\n%s", diff)
	}
}

// TestInterruptKeepsWhatWasMapped cancels a run from its progress callback: every file applied
// before the interrupt must be in the store (the open batch is committed, not rolled back), and a
// second run completes the store.
func TestInterruptKeepsWhatWasMapped(t *testing.T) {
	root := largeTree(t, 700)
	st := openStore(t, filepath.Join(t.TempDir(), "index.db"))
	ctx, cancel := context.WithCancel(context.Background())
	applied := 0
	_, err := Run(ctx, st, Options{Root: root, Jobs: 2, Progress: func(p Progress) {
		applied = p.Done
		if p.Done == 450 {
			cancel()
		}
	}})
	if err == nil || ctx.Err() == nil {
		t.Fatalf("Run = %v, want the interrupt", err)
	}
	stats, err := st.Stats(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if applied != 450 || stats.Files != applied {
		t.Errorf("interrupted after %d files; the store holds %d", applied, stats.Files)
	}
	if err := st.IntegrityCheck(context.Background()); err != nil {
		t.Error(err)
	}
	sum := runIndex(t, st, Options{Root: root})
	if sum.Mapped != 700-450 || sum.Unchanged != 450 {
		t.Errorf("resumed run = %+v; want 250 mapped, 450 unchanged", sum)
	}
}

// TestSkippedFilesAreRetried is the regression test for skip rows kept forever: a file that was
// too large, or whose language was disabled, is mapped once the cause is gone, though its size
// and mtime never changed.
func TestSkippedFilesAreRetried(t *testing.T) {
	ctx := context.Background()
	root := writeTree(t, map[string]string{"a.go": goSource, "b.py": "def f():\n    pass\n"})
	st := openStore(t, filepath.Join(t.TempDir(), "index.db"))
	runIndex(t, st, Options{Root: root, MaxFileSize: 20, Disabled: []string{"python"}})
	for path, want := range map[string]store.SkipReason{"a.go": store.SkipTooLarge, "b.py": store.SkipDisabled} {
		if s, err := st.FileState(ctx, path); err != nil || s.Skip != want {
			t.Fatalf("%s after the first run: %+v, %v; want %s", path, s, err, want)
		}
	}
	// The same limits: nothing to redo.
	if sum := runIndex(t, st, Options{Root: root, MaxFileSize: 20, Disabled: []string{"python"}}); sum.Unchanged != 2 {
		t.Errorf("second run with the same limits = %+v, want both unchanged", sum)
	}
	sum := runIndex(t, st, Options{Root: root})
	if sum.Mapped != 2 || sum.Skipped != 0 {
		t.Errorf("run with the limits lifted = %+v, want both mapped", sum)
	}
	for _, path := range []string{"a.go", "b.py"} {
		if f, err := st.File(ctx, path); err != nil || f.Skip != store.SkipNone || len(f.Symbols) == 0 {
			t.Errorf("%s after the limits were lifted: %+v, %v", path, f, err)
		}
	}
}

// TestOlderMappersRowsAreRemapped stands in for an upgrade that changed the Go mapper: rows
// written by its older version (with a map it made) are mapped again by the next query and the
// next index run, though the files did not change; the files of other languages are not.
func TestOlderMappersRowsAreRemapped(t *testing.T) {
	ctx := context.Background()
	root := writeTree(t, map[string]string{"a.go": goSource, "b.go": goSource, "c.py": "def f():\n    pass\n"})
	st := openStore(t, filepath.Join(t.TempDir(), "index.db"))
	runIndex(t, st, Options{Root: root})
	goVersion := lang.RowVersion("Go")
	for _, path := range []string{"a.go", "b.go"} {
		f, err := st.File(ctx, path)
		if err != nil || f.MappersVersion != goVersion {
			t.Fatalf("%s after the first run: %+v, %v; want version %d", path, f, err, goVersion)
		}
		f.MappersVersion = goVersion - 1
		f.Symbols = []store.Symbol{{Name: "old", Qualname: "old", Kind: store.KindFunction, StartLine: 1, EndLine: 1, Parent: -1}}
		if err := write(ctx, st, func(w *store.Writer) error { return w.Put(ctx, f) }); err != nil {
			t.Fatal(err)
		}
	}
	if sum := runIndex(t, st, Options{Root: root, Check: true}); len(sum.Stale) != 2 {
		t.Errorf("check with rows of older mappers = %+v, want both stale", sum)
	}

	fresh, err := Load(ctx, st, root, filepath.Join(root, "a.go"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !fresh.Remapped || fresh.File.MappersVersion != goVersion || fresh.File.Symbols[0].Name != "A" {
		t.Errorf("Load of a row of older mappers: remapped=%v version=%d symbols=%+v; want it mapped again",
			fresh.Remapped, fresh.File.MappersVersion, fresh.File.Symbols)
	}
	if sum := runIndex(t, st, Options{Root: root}); sum.Mapped != 1 || sum.Unchanged != 2 {
		t.Errorf("index after the query = %+v, want b.go mapped again, a.go and c.py unchanged", sum)
	}
	f, err := st.File(ctx, "b.go")
	if err != nil || f.MappersVersion != goVersion || f.Symbols[0].Name != "A" {
		t.Errorf("b.go after the index run: %+v, %v; want it mapped again", f, err)
	}
}

// TestMappersVersionLeavesOtherRowsAlone: a row a newer readmap wrote is not mapped again by an
// older one (two versions side by side would undo each other forever), and a skipped row of the
// current version is not read again by every query.
func TestMappersVersionLeavesOtherRowsAlone(t *testing.T) {
	ctx := context.Background()
	root := writeTree(t, map[string]string{"a.go": goSource, "bin.dat": "\x00\x01\x02binary\x00"})
	st := openStore(t, filepath.Join(t.TempDir(), "index.db"))
	runIndex(t, st, Options{Root: root})
	f, err := st.File(ctx, "a.go")
	if err != nil {
		t.Fatal(err)
	}
	f.MappersVersion = lang.RowVersion("Go") + 1
	if err := write(ctx, st, func(w *store.Writer) error { return w.Put(ctx, f) }); err != nil {
		t.Fatal(err)
	}
	if sum := runIndex(t, st, Options{Root: root}); sum.Unchanged != 2 || sum.Mapped != 0 {
		t.Errorf("index with a newer readmap's row = %+v, want both unchanged", sum)
	}
	for range 2 {
		fresh, err := Load(ctx, st, root, filepath.Join(root, "bin.dat"), Options{})
		if err != nil || fresh.Remapped || fresh.File.Skip != store.SkipBinary {
			t.Fatalf("Load of a binary file already recorded: %+v, %v; want the stored row", fresh, err)
		}
	}
}

// TestLinkToFolderIsNotAFile: a symbolic link to a folder is never followed and is not a file. A
// fresh index neither sees it nor counts it unchanged; a row left from when the path was a file
// is removed; naming the link indexes nothing through it.
func TestLinkToFolderIsNotAFile(t *testing.T) {
	ctx := context.Background()
	root := writeTree(t, map[string]string{"a.go": goSource, "dir/b.go": goSource, "was-file.txt": "text\n"})
	mustSymlink(t, "dir", filepath.Join(root, "link"))
	st := openStore(t, filepath.Join(t.TempDir(), "index.db"))

	sum := runIndex(t, st, Options{Root: root})
	if sum.Seen != 3 || sum.Mapped != 3 || sum.Unchanged != 0 {
		t.Errorf("fresh index with a link to a folder = %+v; want 3 seen, 3 mapped, 0 unchanged", sum)
	}

	if err := os.Remove(filepath.Join(root, "was-file.txt")); err != nil {
		t.Fatal(err)
	}
	mustSymlink(t, "dir", filepath.Join(root, "was-file.txt"))
	sum = runIndex(t, st, Options{Root: root})
	if sum.Seen != 2 || sum.Unchanged != 2 || sum.Removed != 1 {
		t.Errorf("index after a file became a link to a folder = %+v; want 2 seen, 2 unchanged, 1 removed", sum)
	}
	if _, err := st.FileState(ctx, "was-file.txt"); err == nil {
		t.Error("the row of was-file.txt remains though it is now a link to a folder")
	}

	sum = runIndex(t, st, Options{Root: root, Paths: []string{filepath.Join(root, "link")}})
	states, err := st.FileStates(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if ok := states.Find("link/b.go") >= 0; ok || sum.Seen != 0 {
		t.Errorf("index of the link itself = %+v, link/b.go stored: %v; want nothing indexed through it", sum, ok)
	}
}

// storedPaths returns the paths the store holds rows for, sorted.
func storedPaths(t *testing.T, st *store.Store) []string {
	t.Helper()
	states, err := st.FileStates(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{}, states.Paths...)
}

// TestGitRulesOnlyInGitWorkTree: .gitignore and .gitmodules rules count only when the root is
// inside a git work tree (a .git entry in it or above it), as git and ripgrep apply them; .ignore
// rules always do. The tree is Debian's Linux source in small: its packaging's .gitignore holds
// "/*", which hid the whole tree.
func TestGitRulesOnlyInGitWorkTree(t *testing.T) {
	if inGitWorkTree(t.TempDir()) {
		t.Skip("the temporary folder is inside a git work tree; every case would be one")
	}
	files := map[string]string{
		"src/.gitignore":        "/*\n",
		"src/.ignore":           "*.tmp\n",
		"src/.gitmodules":       "[submodule \"lib\"]\n\tpath = lib\n",
		"src/Makefile":          "all:\n",
		"src/kernel/fork.c":     "int f(void) { return 0; }\n",
		"src/kernel/.gitignore": "*.c\n",
		"src/kernel/x.tmp":      "scratch\n",
		"src/lib/lib.c":         "int g(void) { return 1; }\n",
	}
	outside := []string{".gitignore", ".gitmodules", ".ignore", "Makefile", "kernel/.gitignore", "kernel/fork.c", "lib/lib.c"}
	for _, tc := range []struct {
		name  string
		git   string // where a .git entry is made, relative to the tree; "" for none
		isDir bool
		paths []string // relative to the root
		want  []string
	}{
		{name: "no git", want: outside},
		{name: "no git, a folder named", paths: []string{"kernel"}, want: []string{"kernel/.gitignore", "kernel/fork.c"}},
		{name: ".git folder in the root", git: "src/.git", isDir: true, want: []string{}},
		{name: ".git folder above the root", git: ".git", isDir: true, want: []string{}},
		{name: ".git file of a worktree", git: "src/.git", want: []string{}},
		{name: "git, a folder named", git: ".git", isDir: true, paths: []string{"kernel"}, want: []string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tree := writeTree(t, files)
			if tc.git != "" {
				abs := filepath.Join(tree, tc.git)
				var err error
				if tc.isDir {
					err = os.Mkdir(abs, 0o755)
				} else {
					err = os.WriteFile(abs, []byte("gitdir: /elsewhere\n"), 0o644)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			root := filepath.Join(tree, "src")
			var paths []string
			for _, p := range tc.paths {
				paths = append(paths, filepath.Join(root, p))
			}
			st := openStore(t, filepath.Join(t.TempDir(), "index.db"))
			runIndex(t, st, Options{Root: root, Paths: paths})
			if diff := cmp.Diff(tc.want, storedPaths(t, st)); diff != "" {
				t.Errorf("indexed paths (-want +got):\n%s", diff)
			}
		})
	}
}

// TestStoreNeverIndexesItself: a store kept inside the root (--db) never indexes its own files
// (the database, -wal, -shm, -journal, the .corrupt-* copies, a new store's image not yet in
// place), whether the root is reached through
// a symbolic link, given as a relative path, or the store's path leads there through a link.
func TestStoreNeverIndexesItself(t *testing.T) {
	for _, tc := range []struct {
		name       string
		root, db   func(real, link string) string // the root and the store's path, from the tree's real path and a link to it
		relative   bool                           // the root is given relative to the working directory
		relativeDB bool                           // the store's path is given relative to the working directory (the root)
	}{
		{name: "plain paths",
			root: func(real, _ string) string { return real },
			db:   func(real, _ string) string { return filepath.Join(real, "db", "index.db") }},
		{name: "root through a link",
			root: func(_, link string) string { return link },
			db:   func(real, _ string) string { return filepath.Join(real, "db", "index.db") }},
		{name: "store through a link",
			root: func(real, _ string) string { return real },
			db:   func(_, link string) string { return filepath.Join(link, "db", "index.db") }},
		{name: "relative root", relative: true,
			root: func(real, _ string) string { return real },
			db:   func(real, _ string) string { return filepath.Join(real, "db", "index.db") }},
		{name: "root and store through a link",
			root: func(_, link string) string { return link },
			db:   func(_, link string) string { return filepath.Join(link, "db", "index.db") }},
		{name: "root through a link, store relative", relativeDB: true,
			root: func(_, link string) string { return link },
			db:   func(_, link string) string { return filepath.Join(link, "db", "index.db") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			real := writeTree(t, map[string]string{
				"a.go":                                goSource,
				"db/notes.txt":                        "beside the store\n",
				"db/index.db-journal":                 "a journal left behind\n",
				"db/index.db.corrupt-20250101T000000": "an old corrupt store\n",
				"db/index.db.corrupt-20250101T000000-wal": "its WAL\n",
				"db/index.db.new-3kq9x":                   "a new store's image a killed run left\n",
			})
			link := filepath.Join(t.TempDir(), "link")
			mustSymlink(t, real, link)
			root, db := tc.root(real, link), tc.db(real, link)
			if tc.relativeDB {
				t.Chdir(root)
				db = filepath.Join("db", "index.db")
			}
			st := openStore(t, db)
			if tc.relative {
				t.Chdir(filepath.Dir(root))
				root = filepath.Base(root)
			}
			want := []string{"a.go", "db/notes.txt"}
			for run := range 2 {
				if _, err := os.Stat(db + "-wal"); run == 1 && err != nil {
					t.Fatalf("the second run should meet the store's WAL: %v", err)
				}
				runIndex(t, st, Options{Root: root})
				if diff := cmp.Diff(want, storedPaths(t, st)); diff != "" {
					t.Fatalf("run %d: indexed paths (-want +got):\n%s", run+1, diff)
				}
			}
			runIndex(t, st, Options{Root: root, Paths: []string{filepath.Join(root, "db", "index.db")}})
			if _, err := Load(ctx, st, real, filepath.Join(real, "db", "index.db-wal"), Options{}); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, storedPaths(t, st)); diff != "" {
				t.Errorf("after naming the store and reading its WAL: stored paths (-want +got):\n%s", diff)
			}
		})
	}
}

// TestNoFilesSaysWhy: a run that sees no file says why: the ignore rule that hid what, or that the
// folder is empty or holds nothing to index.
func TestNoFilesSaysWhy(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		dirs  []string          // empty folders to make
		links map[string]string // link → target
		db    string            // where the store goes, relative to the root; "" for elsewhere
		paths []string          // relative to the root
		want  string
	}{
		{name: "a packaging .gitignore in a git work tree",
			files: map[string]string{".git/HEAD": "ref\n", ".gitignore": "# packaging\n/*\n", "Makefile": "all:\n", "kernel/fork.c": "int f;\n"},
			want:  `.gitignore:2: "/*" ignores everything under the root`},
		{name: "an empty root", want: "the root is empty"},
		{name: "only folders never indexed",
			files: map[string]string{".git/HEAD": "ref\n", ".readmap/x": "x\n"},
			want:  "the root holds only folders that are never indexed: .git/, .readmap/"},
		{name: "several rules, empty folders and a link",
			files: map[string]string{".ignore": ".*\n*.log\n", "a.log": "a\n", "b.log": "b\n", "c.log": "c\n", "d.log": "d\n", "sub/e.log": "e\n"},
			dirs:  []string{"docs/api"},
			links: map[string]string{"link": "sub"},
			want: `.ignore:1: ".*" ignores .ignore; .ignore:2: "*.log" ignores a.log, b.log, c.log and 2 more; ` +
				"links to folders, which are not followed: link; empty folders: docs/api/"},
		{name: "submodules in a git work tree",
			files: map[string]string{".git": "gitdir: /elsewhere\n", ".ignore": ".*\n", ".gitmodules": "[submodule \"lib\"]\n\tpath = lib\n", "lib/x.c": "int x;\n"},
			want:  `.ignore:1: ".*" ignores .git, .gitmodules, .ignore; .gitmodules:2: "lib" ignores lib/`},
		{name: "a named folder an outer rule hides",
			files: map[string]string{".ignore": "gen/\n", "gen/a.go": goSource, "b.go": goSource},
			paths: []string{"gen"},
			want:  `.ignore:1: "gen/" ignores gen`},
		{name: "the store alone", db: "index.db", want: "the store's own files: index.db, index.db-shm, index.db-wal"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := writeTree(t, tc.files)
			for _, d := range tc.dirs {
				if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for link, target := range tc.links {
				mustSymlink(t, target, filepath.Join(root, link))
			}
			db := filepath.Join(t.TempDir(), "index.db")
			if tc.db != "" {
				db = filepath.Join(root, tc.db)
			}
			var paths []string
			for _, p := range tc.paths {
				paths = append(paths, filepath.Join(root, p))
			}
			sum := runIndex(t, openStore(t, db), Options{Root: root, Paths: paths})
			if sum.Seen != 0 || sum.NoFiles != tc.want {
				t.Errorf("Run saw %d files, NoFiles = %q; want none seen and %q", sum.Seen, sum.NoFiles, tc.want)
			}
		})
	}
}

// TestDebugLog: Options.Logger hears, at debug level, what an operator would ask about: files
// not mapped and why, fallback maps, links to folders, the store's own files, rows removed. An
// unchanged file is never mentioned.
func TestDebugLog(t *testing.T) {
	root := writeTree(t, map[string]string{
		"a.go":     goSource,
		"b.py":     "def f():\n    pass\n",
		"bin.dat":  "\x00\x01binary",
		"gone.txt": "soon gone\n",
		"dir/c.go": goSource,
	})
	mustSymlink(t, "dir", filepath.Join(root, "link"))
	st := openStore(t, filepath.Join(root, "db", "index.db"))
	var log strings.Builder
	opts := Options{Root: root, Disabled: []string{"python"},
		Logger: slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{Level: slog.LevelDebug}))}

	runIndex(t, st, opts)
	for _, want := range []string{
		`msg="not mapped" path=bin.dat reason=binary`,
		`msg="fallback map" path=b.py reason=disabled`,
		`msg="not indexed: a link to a folder, which is not followed" path=link`,
		`msg="not indexed: one of the store's own files" path=` + filepath.Join(root, "db", "index.db-wal"),
	} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("first run's log lacks %s:\n%s", want, log.String())
		}
	}

	if err := os.Remove(filepath.Join(root, "gone.txt")); err != nil {
		t.Fatal(err)
	}
	log.Reset()
	runIndex(t, st, opts)
	if want := `msg="row removed" path=gone.txt`; !strings.Contains(log.String(), want) {
		t.Errorf("second run's log lacks %s:\n%s", want, log.String())
	}
	if strings.Contains(log.String(), "a.go") {
		t.Errorf("second run's log mentions the unchanged a.go:\n%s", log.String())
	}
}

// TestSkippedEntriesThatStayAreUnchanged: a dangling link, a loop of links, a named pipe and a link
// out of the root are recorded once; while they stay as they are, a run counts them unchanged,
// writes nothing for them and index --check finds nothing stale. Once one changes (the link's
// target appears, the loop is broken), it is looked at again.
func TestSkippedEntriesThatStayAreUnchanged(t *testing.T) {
	ctx := context.Background()
	root := writeTree(t, map[string]string{"a.go": goSource})
	outside := writeTree(t, map[string]string{"secret.txt": "outside\n"})
	mustSymlink(t, "nowhere.go", filepath.Join(root, "dangling"))
	mustSymlink(t, "loop-b", filepath.Join(root, "loop-a"))
	mustSymlink(t, "loop-a", filepath.Join(root, "loop-b"))
	mustSymlink(t, filepath.Join(outside, "secret.txt"), filepath.Join(root, "out"))
	if err := syscall.Mkfifo(filepath.Join(root, "pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	st := openStore(t, filepath.Join(t.TempDir(), "index.db"))
	opts := Options{Root: root}
	if sum := runIndex(t, st, opts); sum.Seen != 6 || sum.Skipped != 5 {
		t.Fatalf("first run = %+v, want 6 seen, 5 skipped", sum)
	}
	before := dump(t, st)
	for run := range 2 {
		if sum := runIndex(t, st, opts); sum.Unchanged != 6 || sum.Skipped != 0 || sum.Mapped != 0 {
			t.Errorf("run %d with nothing changed = %+v, want all 6 unchanged", run+2, sum)
		}
	}
	if sum := runIndex(t, st, Options{Root: root, Check: true}); len(sum.Stale) != 0 {
		t.Errorf("check with nothing changed = %+v, want nothing stale", sum.Stale)
	}
	if after := dump(t, st); after != before {
		t.Errorf("the runs rewrote rows:\nbefore %s\nafter %s", before, after)
	}

	if err := os.WriteFile(filepath.Join(root, "nowhere.go"), []byte(goSource), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(root, "loop-b")); err != nil {
		t.Fatal(err)
	}
	mustSymlink(t, "a.go", filepath.Join(root, "loop-b"))
	check := runIndex(t, st, Options{Root: root, Check: true})
	want := []StaleFile{{"dangling", "changed"}, {"loop-a", "changed"}, {"loop-b", "changed"}, {"nowhere.go", "new"}}
	if diff := cmp.Diff(want, check.Stale); diff != "" {
		t.Errorf("check after the link's target appeared and the loop was broken (-want +got):\n%s", diff)
	}
	runIndex(t, st, opts)
	for _, path := range []string{"dangling", "loop-a", "loop-b"} {
		if f, err := st.File(ctx, path); err != nil || f.Skip != store.SkipNone || len(f.Symbols) == 0 {
			t.Errorf("%s after its link came to lead to a file: %+v, %v; want it mapped", path, f, err)
		}
	}
}

// TestLargeBinaryIsProbedNotRead: a binary file over binaryProbeAbove is recorded from its head,
// without a content hash; a new binary version is seen by its stat data, one that became text is
// mapped, and UTF-16 text (NUL bytes in its head) is not taken for binary.
func TestLargeBinaryIsProbedNotRead(t *testing.T) {
	ctx := context.Background()
	big := func(head string, fill byte) string {
		return head + strings.Repeat(string(fill), binaryProbeAbove+100)
	}
	utf16 := "\xff\xfe" + strings.Repeat("d\x00e\x00f\x00 \x00f\x00(\x00)\x00:\x00 \x00p\x00a\x00s\x00s\x00\n\x00", binaryProbeAbove/20)
	root := writeTree(t, map[string]string{"lib.dat": big("Caml1999T\x00\x01", 'x'), "wide.py": utf16})
	st := openStore(t, filepath.Join(t.TempDir(), "index.db"))
	runIndex(t, st, Options{Root: root})
	f, err := st.File(ctx, "lib.dat")
	if err != nil || f.Skip != store.SkipBinary || f.SkipDetail != "binary data" || f.Hash != nil || f.Size != int64(len(big("Caml1999T\x00\x01", 'x'))) {
		t.Fatalf("large binary row = %+v, %v; want binary data, its size, no hash", f, err)
	}
	if wide, err := st.File(ctx, "wide.py"); err != nil || wide.Skip != store.SkipNone || wide.Language != "Python" || len(wide.Symbols) == 0 {
		t.Fatalf("UTF-16 Python over the probe size = %+v, %v; want it mapped", wide, err)
	}

	// The same size, other bytes, another time: only the stat data change.
	path := filepath.Join(root, "lib.dat")
	if err := os.WriteFile(path, []byte(big("Caml1999T\x00\x02", 'y')), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(path, later, later); err != nil {
		t.Fatal(err)
	}
	if sum := runIndex(t, st, Options{Root: root}); sum.Touched != 1 || sum.Mapped != 0 {
		t.Errorf("index after a new binary version = %+v, want it touched", sum)
	}
	// Text now: mapped.
	if err := os.WriteFile(path, []byte(big("let x = 1\n", '\n')), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, later.Add(time.Hour), later.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	runIndex(t, st, Options{Root: root})
	if f, err := st.File(ctx, "lib.dat"); err != nil || f.Skip != store.SkipNone || f.Hash == nil {
		t.Errorf("row of the binary file turned text = %+v, %v; want it read and hashed", f, err)
	}
}

// TestCompiledFileIsRecordedByName: a file named as a compiled module or an archive is recorded
// as binary from its name, unread (its text content would be mapped otherwise), and a second run
// leaves it alone; a link so named that leads out of the root is still refused as such.
func TestCompiledFileIsRecordedByName(t *testing.T) {
	ctx := context.Background()
	outside := filepath.Join(t.TempDir(), "secret.txt")
	if err := os.WriteFile(outside, []byte("let secret = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	root := writeTree(t, map[string]string{"lib/m.cmi": "let x = 1\n", "m.ml": "let x = 1\n"})
	if err := os.Symlink(outside, filepath.Join(root, "logo.png")); err != nil {
		t.Fatal(err)
	}
	st := openStore(t, filepath.Join(t.TempDir(), "index.db"))
	runIndex(t, st, Options{Root: root})
	f, err := st.File(ctx, "lib/m.cmi")
	if err != nil || f.Skip != store.SkipBinary || f.SkipDetail != "OCaml compiled interface" || f.Hash != nil || f.Size != 10 {
		t.Fatalf("m.cmi row = %+v, %v; want an OCaml compiled interface of 10 bytes, unread", f, err)
	}
	if link, err := st.File(ctx, "logo.png"); err != nil || link.Skip != store.SkipOutsideRoot {
		t.Errorf("logo.png (a link out of the root) = %+v, %v; want it refused as outside the root", link, err)
	}
	if ml, err := st.File(ctx, "m.ml"); err != nil || ml.Language != "OCaml" || len(ml.Symbols) != 1 {
		t.Errorf("m.ml = %+v, %v; want it mapped", ml, err)
	}
	if sum := runIndex(t, st, Options{Root: root}); sum.Mapped != 0 || sum.Touched != 0 {
		t.Errorf("second run = %+v; want nothing mapped or touched", sum)
	}
}

// TestHashedBinaryRowIsComparedByHash: a large binary file's row that has a content hash (as an
// older readmap wrote it) is still told touched from changed by its hash: `index --check` does
// not call a touched file stale, and does call a changed one stale.
func TestHashedBinaryRowIsComparedByHash(t *testing.T) {
	ctx := context.Background()
	content := "Caml1999T\x00\x01" + strings.Repeat("x", binaryProbeAbove+100)
	root := writeTree(t, map[string]string{"lib.cmt": content})
	st := openStore(t, filepath.Join(t.TempDir(), "index.db"))
	runIndex(t, st, Options{Root: root})
	f, err := st.File(ctx, "lib.cmt")
	if err != nil {
		t.Fatal(err)
	}
	f.Hash = Hash([]byte(content)) // as a readmap that read binary files whole kept it
	if err := write(ctx, st, func(w *store.Writer) error { return w.Put(ctx, f) }); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Hour)
	if err := os.Chtimes(filepath.Join(root, "lib.cmt"), later, later); err != nil {
		t.Fatal(err)
	}
	if sum := runIndex(t, st, Options{Root: root, Check: true}); len(sum.Stale) != 0 || sum.Touched != 1 {
		t.Errorf("index --check after a touch = %+v; want it touched, nothing stale", sum)
	}
	// Other bytes of the same size: the hash tells.
	if err := os.WriteFile(filepath.Join(root, "lib.cmt"), []byte(strings.Replace(content, "x", "y", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if sum := runIndex(t, st, Options{Root: root, Check: true}); len(sum.Stale) != 1 {
		t.Errorf("index --check after a change = %+v; want lib.cmt stale", sum)
	}
}

// TestGoneFileRemovedWhenPathsRepeat: a run counts the stored files it sees, to skip the search
// for gone ones when it saw them all; with a file named twice and under a named folder, a
// deleted file is still found gone.
func TestGoneFileRemovedWhenPathsRepeat(t *testing.T) {
	root := writeTree(t, map[string]string{"a.go": goSource, "b.go": goSource})
	st := openStore(t, filepath.Join(t.TempDir(), "index.db"))
	runIndex(t, st, Options{Root: root})
	if err := os.Remove(filepath.Join(root, "b.go")); err != nil {
		t.Fatal(err)
	}
	a := filepath.Join(root, "a.go")
	sum := runIndex(t, st, Options{Root: root, Paths: []string{a, a, root}})
	if sum.Removed != 1 {
		t.Errorf("index of a.go, a.go and the root after b.go was deleted = %+v; want 1 removed", sum)
	}
	if got := storedPaths(t, st); !slices.Equal(got, []string{"a.go"}) {
		t.Errorf("stored paths = %v; want [a.go]", got)
	}
}

// TestNewFilesOpenedAtOnceAsStatted: a file the store has no row of is opened at once, its stat
// data read from the open file; a run that stats each path first (a forced run over rows that
// exist) stores the same rows, stat data and reasons included, for every kind of entry: plain
// files, an empty one, links inside and out, a link to a folder, a dangling link, a named pipe, a
// name that says binary.
func TestNewFilesOpenedAtOnceAsStatted(t *testing.T) {
	ctx := context.Background()
	outside := writeTree(t, map[string]string{"secret.go": goSource})
	root := writeTree(t, map[string]string{"a.go": goSource, "dir/b.py": "def f():\n    pass\n", "empty.txt": "",
		"mod.pyc": "\x00\x01binary", "notes.md": "# Title\n\ntext\n"})
	mustSymlink(t, "a.go", filepath.Join(root, "inside.go"))
	mustSymlink(t, "../a.go", filepath.Join(root, "dir", "up.go"))
	mustSymlink(t, filepath.Join(outside, "secret.go"), filepath.Join(root, "out.go"))
	mustSymlink(t, "dir", filepath.Join(root, "folder"))
	mustSymlink(t, "missing.go", filepath.Join(root, "dangling.go"))
	if err := syscall.Mkfifo(filepath.Join(root, "pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	fresh := openStore(t, filepath.Join(t.TempDir(), "fresh.db"))
	runIndex(t, fresh, Options{Root: root})
	forced := openStore(t, filepath.Join(t.TempDir(), "forced.db"))
	runIndex(t, forced, Options{Root: root})
	runIndex(t, forced, Options{Root: root, Force: true}) // every row exists: each path is statted first
	want, err := forced.FileStates(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got, err := fresh.FileStates(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want.Paths, got.Paths); diff != "" {
		t.Errorf("paths of a fresh run differ from those of a run that stats first (-statted +fresh):\n%s", diff)
	}
	if diff := cmp.Diff(want.Rows, got.Rows); diff != "" {
		t.Errorf("rows of a fresh run differ from those of a run that stats first (-statted +fresh):\n%s", diff)
	}
	if d1, d2 := dump(t, forced), dump(t, fresh); d1 != d2 {
		t.Errorf("stored maps differ:\nstatted first:\n%s\nfresh:\n%s", d1, d2)
	}
	for _, path := range []string{"a.go", "inside.go", "dir/up.go", "out.go", "dangling.go", "pipe", "mod.pyc", "empty.txt"} {
		if got.Find(path) < 0 {
			t.Errorf("%s has no row; want one (%d rows)", path, got.Len())
		}
	}
}

// TestUnchangedFilesInBatches: the workers report unchanged files to the writer in batches; a
// run over more of them than a few batches hold counts each once, keeps each row, and removes
// only the rows of files gone, in a batch's middle as at its end.
func TestUnchangedFilesInBatches(t *testing.T) {
	ctx := context.Background()
	n := 3*unchangedBatch + 7
	name := func(i int) string { return fmt.Sprintf("d%d/f%d.py", i%5, i) }
	files := map[string]string{}
	for i := range n {
		files[name(i)] = fmt.Sprintf("def f%d():\n    pass\n", i)
	}
	root := writeTree(t, files)
	st := openStore(t, filepath.Join(t.TempDir(), "index.db"))
	opts := Options{Root: root, Jobs: 2}
	runIndex(t, st, opts)
	if sum := runIndex(t, st, opts); sum.Seen != n || sum.Unchanged != n || sum.Removed != 0 {
		t.Fatalf("a run over %d unchanged files = %+v; want each seen once, unchanged", n, sum)
	}
	gone := []string{name(0), name(unchangedBatch + 3), name(n - 4)}
	for _, p := range gone {
		if err := os.Remove(filepath.Join(root, p)); err != nil {
			t.Fatal(err)
		}
	}
	if sum := runIndex(t, st, opts); sum.Seen != n-len(gone) || sum.Unchanged != n-len(gone) || sum.Removed != len(gone) {
		t.Fatalf("after removing %d files: %+v; want %d unchanged and %d removed", len(gone), sum, n-len(gone), len(gone))
	}
	stored := storedPaths(t, st)
	if len(stored) != n-len(gone) {
		t.Fatalf("%d rows stored; want %d", len(stored), n-len(gone))
	}
	for _, p := range gone {
		if slices.Contains(stored, p) {
			t.Errorf("the row of %s, removed, stays", p)
		}
	}
	if _, err := st.File(ctx, "d2/f2.py"); err != nil {
		t.Errorf("the row of d2/f2.py, unchanged: %v", err)
	}
}

// TestRelPathIsFilepathRel: relPath's shortcut for a clean path under the root gives what
// filepath.Rel gives, for every path: clean ones, ones with empty, "." and ".." components, a
// sibling that shares the root's prefix, the root itself, and the file system's root as the root.
func TestRelPathIsFilepathRel(t *testing.T) {
	viaRel := func(root, abs string) string {
		rel, err := filepath.Rel(root, abs)
		if err != nil {
			return filepath.ToSlash(abs)
		}
		return filepath.ToSlash(rel)
	}
	parts := []string{"a", "b", "..", ".", "", "c.go", "..x", ".hidden", "d."}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, root := range []string{"/r/oot", "/r", "/"} {
		paths := []string{root, root + "/", root + "x/y.go", root + "/y.go", "/elsewhere/y.go"}
		for range 20000 {
			var b strings.Builder
			b.WriteString(root)
			for range 1 + rng.IntN(5) {
				b.WriteString("/")
				b.WriteString(parts[rng.IntN(len(parts))])
			}
			paths = append(paths, b.String())
		}
		for _, abs := range paths {
			if got, want := relPath(root, abs), viaRel(root, abs); got != want {
				t.Fatalf("relPath(%q, %q) = %q; filepath.Rel gives %q", root, abs, got, want)
			}
		}
	}
}
