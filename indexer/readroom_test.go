package indexer

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/readmap/readmap/store"
)

// readWith reads the file at path as an index run's worker w does, through processor.read.
func readWith(t *testing.T, w *worker, path string) outcome {
	t.Helper()
	f, fi := openStat(t, path)
	p := &processor{maxFileSize: DefaultMaxFileSize}
	return p.read(context.Background(), w, f, fi, filepath.Base(path), nil, false)
}

// TestWorkerReadsIntoItsRoom: a worker reads a file into the memory the file before it was read
// into, and what it makes of the file is what mapping the file alone gives, though the memory held
// a longer file's bytes before; a file whose mapping ran out of time leaves the worker no room,
// for its mapper may still be reading it.
func TestWorkerReadsIntoItsRoom(t *testing.T) {
	dir := t.TempDir()
	long := filepath.Join(dir, "long.py")
	short := filepath.Join(dir, "short.py")
	if err := os.WriteFile(long, []byte(strings.Repeat("def long_name():\n    pass\n", 400)), 0o644); err != nil {
		t.Fatal(err)
	}
	shortSrc := []byte("def f():\n    return 1\n")
	if err := os.WriteFile(short, shortSrc, 0o644); err != nil {
		t.Fatal(err)
	}
	w := newWorker(withDefaults(Options{}), nil)
	readWith(t, w, long)
	if cap(w.readRoom) < 400*26 {
		t.Fatalf("after a file of %d bytes the worker keeps %d bytes of room", 400*26, cap(w.readRoom))
	}
	room := &w.readRoom[:1][0]
	out := readWith(t, w, short)
	if &w.readRoom[:1][0] != room {
		t.Errorf("the short file was read into new memory, not the worker's room")
	}
	want := MapFile(context.Background(), "short.py", shortSrc, Options{})
	if out.file == nil || string(out.file.Hash) != string(Hash(shortSrc)) || out.file.Size != int64(len(shortSrc)) ||
		len(out.file.Symbols) != 1 || out.file.Symbols[0].Name != want.Symbols[0].Name || out.file.Lines != want.Lines {
		t.Fatalf("short.py read after long.py: %+v; alone it maps to %+v", out.file, want)
	}

	// A mapping that cannot end in a nanosecond runs out of time.
	slow := newWorker(withDefaults(Options{MapTimeout: time.Nanosecond}), nil)
	slow.readRoom = make([]byte, 0, 1<<20)
	if out := readWith(t, slow, long); out.file.Skip != store.SkipMapperTimeout {
		t.Skipf("the mapping did not run out of time (%q): nothing to check", out.file.Skip)
	}
	if slow.readRoom != nil {
		t.Errorf("after a mapping that ran out of time the worker keeps %d bytes of room", cap(slow.readRoom))
	}
}
