package store

import (
	"bytes"
	stdflate "compress/flate"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/klauspost/compress/s2"
	"github.com/readmap/readmap/migrations"
)

func openTemp(t *testing.T) (*Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), DirName, "index.db")
	st, err := Open(context.Background(), path)
	if err != nil {
		t.Fatalf("Open(%s) = %v", path, err)
	}
	t.Cleanup(func() { st.Close() })
	return st, path
}

func sampleFile(path string) *File {
	return &File{
		Path: path, Size: 120, ModTimeNS: 1700000000123456789, CTimeNS: 1700000000987654321, Inode: 4242,
		Hash: []byte("0123456789abcdef"), Language: "Go", Mapper: "go/parser", Lines: 2500, MappersVersion: 3,
		LineIndex: []int64{0, 40210, 80555},
		Imports:   []string{"fmt", "net/http"},
		Symbols: []Symbol{
			{Name: "Server", Qualname: "Server", Kind: KindStruct, Signature: "type Server struct", StartLine: 3, EndLine: 9, Parent: -1},
			{Name: "Addr", Qualname: "Server.Addr", Kind: KindField, Signature: "Addr string", StartLine: 4, EndLine: 4, Depth: 1, Parent: 0},
			{Name: "Handle", Qualname: "Server.Handle", Kind: KindMethod, Signature: "func (s *Server) Handle()", StartLine: 11, EndLine: 2500, Parent: -1},
		},
	}
}

func TestOpenCreatesFolderAndGitignore(t *testing.T) {
	_, path := openTemp(t)
	got, err := os.ReadFile(filepath.Join(filepath.Dir(path), ".gitignore"))
	if err != nil || string(got) != "*\n" {
		t.Fatalf(".readmap/.gitignore = %q, %v; want \"*\\n\"", got, err)
	}
}

// TestCreatedOnlyByTheOpenThatMadeTheFile: the Open that places the empty store says so; an
// Open of a store that exists, empty or not, does not, nor the first once its writer has written.
func TestCreatedOnlyByTheOpenThatMadeTheFile(t *testing.T) {
	ctx := context.Background()
	st, path := openTemp(t)
	if !st.Created() {
		t.Fatal("the Open that made the store: Created() = false")
	}
	again, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if again.Created() {
		t.Fatal("a second Open of the same store: Created() = true")
	}
	if empty, err := again.Empty(ctx); err != nil || !empty {
		t.Fatalf("the new store: Empty() = %v, %v; want true", empty, err)
	}
	// Once its writer has begun a batch, the store may hold rows: no longer as created.
	w := st.NewWriter()
	if err := w.Put(ctx, sampleFile("a.go")); err != nil {
		t.Fatal(err)
	}
	if st.Created() {
		t.Fatal("after a Put: Created() = true")
	}
	w.Abort()
}

// TestWarmReaderLeavesAConnectionIdle: after WarmReader the next read finds a reader connection
// open, and a second WarmReader opens no other.
func TestWarmReaderLeavesAConnectionIdle(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	open := st.read.Stats().OpenConnections
	st.WarmReader(ctx)
	st.WarmReader(ctx)
	if got := st.read.Stats(); got.OpenConnections != open+1 || got.Idle != open+1 {
		t.Fatalf("after WarmReader: %d open, %d idle reader connections; want %d open and idle", got.OpenConnections, got.Idle, open+1)
	}
}

// TestReadersMapTheStore: reader connections read the store's file through a mapping of
// readerMapSize bytes; the writer through its cache.
func TestReadersMapTheStore(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	var reader, writer int64
	if err := st.read.QueryRowContext(ctx, "PRAGMA mmap_size").Scan(&reader); err != nil {
		t.Fatal(err)
	}
	if err := st.write.QueryRowContext(ctx, "PRAGMA mmap_size").Scan(&writer); err != nil {
		t.Fatal(err)
	}
	if reader != readerMapSize || writer != 0 {
		t.Errorf("mmap_size: readers %d, writer %d; want %d and 0", reader, writer, readerMapSize)
	}
}

func TestPutFileRoundTrip(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	want := sampleFile("pkg/server.go")
	w := st.NewWriter()
	if err := w.Put(ctx, want); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	got, err := st.File(ctx, "pkg/server.go")
	if err != nil {
		t.Fatal(err)
	}
	got.IndexedAt = 0
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("File(pkg/server.go) mismatch (-want +got):\n%s", diff)
	}

	for _, tc := range []struct {
		current map[string]int
		want    []string
	}{
		{map[string]int{"Go": 3, "": 9}, nil},
		{map[string]int{"Go": 4}, []string{"pkg/server.go"}},
		{map[string]int{"Python": 9, "": 9}, nil}, // a language this readmap does not know
	} {
		if got, err := st.PathsOfOlderMappers(ctx, tc.current); err != nil || !cmp.Equal(got, tc.want) {
			t.Errorf("PathsOfOlderMappers(%v) = %v, %v; want %v", tc.current, got, err, tc.want)
		}
	}

	// A second Put replaces symbols and imports instead of adding to them.
	want.Symbols = want.Symbols[:1]
	want.Imports = nil
	if err := w.Put(ctx, want); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	got, err = st.File(ctx, "pkg/server.go")
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Symbols) != 1 || len(got.Imports) != 0 {
		t.Errorf("after re-Put: %d symbols, %d imports; want 1, 0", len(got.Symbols), len(got.Imports))
	}
}

func TestTouchDeleteAndStats(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	w := st.NewWriter()
	for _, p := range []string{"a.go", "b.go"} {
		if err := w.Put(ctx, sampleFile(p)); err != nil {
			t.Fatal(err)
		}
	}
	skipped := &File{Path: "logo.png", Size: 10, Skip: SkipBinary, SkipDetail: "PNG image"}
	if err := w.Put(ctx, skipped); err != nil {
		t.Fatal(err)
	}
	touched := Stamp{Size: 120, ModTimeNS: 42, CTimeNS: 43, Inode: 44}
	if err := w.Touch(ctx, "a.go", touched); err != nil {
		t.Fatal(err)
	}
	if err := w.Delete(ctx, "b.go"); err != nil {
		t.Fatal(err)
	}
	if err := w.SetMeta(ctx, MetaIndexedAt, "1700000000"); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	states, err := st.FileStates(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if a := states.Find("a.go"); states.Len() != 2 || a != 0 || states.Rows[a].Stamp != touched || states.Find("logo.png") != 1 {
		t.Errorf("FileStates = %v %+v; want a.go (stat data %v) and logo.png", states.Paths, states.Rows, touched)
	}
	if _, err := st.File(ctx, "b.go"); !errors.Is(err, ErrNotFound) {
		t.Errorf("File(b.go) after Delete = %v, want ErrNotFound", err)
	}
	stats, err := st.Stats(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := &Stats{Files: 2, Symbols: 3, Languages: map[string]int{"Go": 1}, Skipped: map[string]int{"binary": 1},
		IndexedAt: "2023-11-14T22:13:20Z", DBBytes: stats.DBBytes}
	if diff := cmp.Diff(want, stats); diff != "" {
		t.Errorf("Stats mismatch (-want +got):\n%s", diff)
	}
	if stats.DBBytes <= 0 {
		t.Errorf("Stats.DBBytes = %d, want > 0", stats.DBBytes)
	}
	if err := st.IntegrityCheck(ctx); err != nil {
		t.Error(err)
	}
}

// TestFileStatesFindsEveryPath: the rows come in SQLite's order and are found by a binary search
// in Go's: the two must agree for any bytes a path holds (a "-" sorts before "/", upper case before
// lower, non-ASCII and invalid UTF-8 after ASCII), or a stored file would look new.
func TestFileStatesFindsEveryPath(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	paths := []string{"a/b.go", "a-c.go", "a.go", "A.go", "a/B.go", "é.go", "z\xff.go", "a b/c.go", "a/b/c/d.go", "ab", "a~"}
	putSamples(t, st, paths...)
	states, err := st.FileStates(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if states.Len() != len(paths) || !slices.IsSorted(states.Paths) {
		t.Fatalf("FileStates paths = %q; want the %d stored, sorted", states.Paths, len(paths))
	}
	for _, p := range paths {
		if i := states.Find(p); i < 0 || states.Paths[i] != p {
			t.Errorf("Find(%q) = %d; want its row", p, i)
		}
	}
	for _, p := range []string{"a", "a/b", "zz.go", "", "A.GO"} {
		if i := states.Find(p); i >= 0 {
			t.Errorf("Find(%q) = %d; want -1 (no such row)", p, i)
		}
	}
}

func TestSchemaTooNewIsRefused(t *testing.T) {
	ctx := context.Background()
	st, path := openTemp(t)
	if _, err := st.write.ExecContext(ctx, "PRAGMA user_version = 999"); err != nil {
		t.Fatal(err)
	}
	st.Close()
	if _, err := Open(ctx, path); !errors.Is(err, ErrSchemaTooNew) {
		t.Fatalf("Open of a schema-999 store = %v, want ErrSchemaTooNew", err)
	}
}

func TestCorruptStoreIsDetectedAndMovedAside(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "index.db")
	if err := os.WriteFile(path, []byte("this is not a database, just text that is long enough to matter........"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Open(ctx, path)
	if !IsCorrupt(err) {
		t.Fatalf("Open of a text file = %v, want a corrupt-store error", err)
	}
	st, aside, err := OpenOrRebuild(ctx, path)
	if err != nil {
		t.Fatalf("OpenOrRebuild of a text file = %v", err)
	}
	defer st.Close()
	if _, err := os.Stat(aside); err != nil {
		t.Fatalf("moved file %s: %v", aside, err)
	}
	if err := st.IntegrityCheck(ctx); err != nil {
		t.Error(err)
	}
}

func TestLineIndexEncoding(t *testing.T) {
	for _, offsets := range [][]int64{nil, {0, 5}, {0, 1 << 20, 1 << 33, 1<<33 + 7}} {
		got := decodeLineIndex(encodeLineIndex(offsets))
		if diff := cmp.Diff(offsets, got); diff != "" {
			t.Errorf("line index round trip (-want +got):\n%s", diff)
		}
	}
}

func TestFindRoot(t *testing.T) {
	base := t.TempDir()
	if above, _ := FindRoot(base); above != base {
		t.Skipf("%s, above the temporary folder, holds .readmap or .git: remove it to run this test", above)
	}
	deep := filepath.Join(base, "repo", "a", "b")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if got, _ := FindRoot(deep); got != deep {
		t.Errorf("FindRoot without markers = %s, want %s", got, deep)
	}
	if err := os.Mkdir(filepath.Join(base, "repo", ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if got, _ := FindRoot(deep); got != filepath.Join(base, "repo") {
		t.Errorf("FindRoot with .git = %s, want %s", got, filepath.Join(base, "repo"))
	}
	if err := os.Mkdir(filepath.Join(base, "repo", "a", DirName), 0o755); err != nil {
		t.Fatal(err)
	}
	if got, _ := FindRoot(deep); got != filepath.Join(base, "repo", "a") {
		t.Errorf("FindRoot with .readmap = %s, want the nearer %s", got, filepath.Join(base, "repo", "a"))
	}
}

// TestOpenPathWithURISyntax is the regression test for stores of folders named with URI syntax,
// which opened a file named by the path's prefix.
func TestOpenPathWithURISyntax(t *testing.T) {
	ctx := context.Background()
	base := t.TempDir()
	for _, dir := range []string{"q#repo", "q?repo", "100%"} {
		path := filepath.Join(base, dir, DirName, "index.db")
		st, err := Open(ctx, path)
		if err != nil {
			t.Fatalf("Open(%s) = %v", path, err)
		}
		st.Close()
		if _, err := os.Stat(path); err != nil {
			t.Errorf("Open(%s) did not create the file there: %v", path, err)
		}
	}
	if _, err := os.Stat(filepath.Join(base, "q")); err == nil {
		t.Errorf("a store was written to %s", filepath.Join(base, "q"))
	}
}

// TestRowsFromBeforeCtimesMatchNoFile: a store of schema 4 (size and mtime only) gains the ctime
// and inode columns on Open, and its rows and page starts hold 0 in both: stat data no file on
// this system has, so each file is read once more.
func TestRowsFromBeforeCtimesMatchNoFile(t *testing.T) {
	ctx := context.Background()
	path := storeAtSchema(t, 4,
		"INSERT INTO files (path, size, mtime_ns, indexed_at) VALUES ('a.go', 10, 1700000000000000000, 0)",
		"INSERT INTO pages (path, layout, size, mtime_ns, lines, starts) VALUES ('a.go', 'l', 10, 1700000000000000000, 1, x'00')")

	st, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	state, err := st.FileState(ctx, "a.go")
	want := Stamp{Size: 10, ModTimeNS: 1700000000000000000}
	if err != nil || state.Stamp != want {
		t.Errorf("FileState(a.go) of a schema-4 row = %+v, %v; want %+v", state.Stamp, err, want)
	}
	if _, err := st.PageIndex(ctx, "a.go", "l", Stamp{Size: 10, ModTimeNS: 1700000000000000000, CTimeNS: 1, Inode: 2}); !errors.Is(err, ErrNotFound) {
		t.Errorf("PageIndex of schema-4 page starts for a file with a ctime = %v, want ErrNotFound", err)
	}
}

// asideFiles returns the moved-aside databases of the store at path (their WAL files left out).
func asideFiles(t *testing.T, path string) []string {
	t.Helper()
	names, err := filepath.Glob(path + ".corrupt-*")
	if err != nil {
		t.Fatal(err)
	}
	var dbs []string
	for _, n := range names {
		if !strings.HasSuffix(n, "-wal") && !strings.HasSuffix(n, "-shm") {
			dbs = append(dbs, n)
		}
	}
	return dbs
}

// TestEachCorruptStoreIsKept: stores found corrupt one after the other, within a second, are each
// moved aside to a name of their own; none overwrites another.
func TestEachCorruptStoreIsKept(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "index.db")
	kept := map[string]string{} // moved-aside name → the damaged content moved there
	for i := range 3 {
		damage := fmt.Sprintf("damaged store number %d, not a database at all ........................", i)
		if err := os.WriteFile(path, []byte(damage), 0o644); err != nil {
			t.Fatal(err)
		}
		st, aside, err := OpenOrRebuild(ctx, path)
		if err != nil || aside == "" {
			t.Fatalf("OpenOrRebuild of damaged store %d = %q, %v; want it moved aside", i, aside, err)
		}
		st.Close()
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
		kept[aside] = damage
	}
	for aside, want := range kept {
		if got, err := os.ReadFile(aside); err != nil || string(got) != want {
			t.Errorf("%s holds %q, %v; want %q", aside, got, err, want)
		}
	}
	if got := asideFiles(t, path); len(got) != 3 {
		t.Errorf("moved-aside stores = %v, want 3", got)
	}
}

// TestConcurrentRebuildsMoveTheCorruptStoreOnce: runs that find one corrupt store at once move it
// aside once, between them; none moves the healthy store another created in its place, and all
// end up with that one store.
func TestConcurrentRebuildsMoveTheCorruptStoreOnce(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "index.db")
	const damage = "a damaged store, not a database at all ..................................."
	if err := os.WriteFile(path, []byte(damage), 0o644); err != nil {
		t.Fatal(err)
	}
	const runs = 6
	stores := make([]*Store, runs)
	errs := make([]error, runs)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range runs {
		wg.Go(func() {
			<-start
			stores[i], _, errs[i] = OpenOrRebuild(ctx, path)
		})
	}
	close(start)
	wg.Wait()
	now, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	for i, st := range stores {
		if errs[i] != nil {
			t.Errorf("run %d: %v", i, errs[i])
			continue
		}
		if !os.SameFile(st.file, now) {
			t.Errorf("run %d opened a store that is no longer at %s", i, path)
		}
		st.Close()
	}
	aside := asideFiles(t, path)
	if len(aside) != 1 {
		t.Fatalf("moved-aside stores = %v, want exactly one", aside)
	}
	if got, err := os.ReadFile(aside[0]); err != nil || string(got) != damage {
		t.Errorf("%s holds %q, %v; want the damaged store", aside[0], got, err)
	}
}

// TestLostWALIsCorruption: a WAL file removed while a process has the store open leaves that
// process's WAL index listing pages no file holds; every new reader fails on them. That is a
// damaged store, which index moves aside, and the message says what happened.
func TestLostWALIsCorruption(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "index.db")
	holder, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	w := holder.NewWriter()
	if err := w.Put(ctx, sampleFile("a.go")); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path + "-wal"); err != nil {
		t.Fatal(err)
	}
	// The open reads only the header page, which a new store has in its file (migrations.Empty):
	// the first read of the lost pages tells.
	st, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("Open after the WAL was removed = %v", err)
	}
	_, err = st.File(ctx, "a.go")
	if !IsCorrupt(err) || !strings.Contains(err.Error(), "-wal file removed") {
		t.Fatalf("a read after the WAL was removed = %v, want a corrupt store whose message names the WAL", err)
	}
	fresh, aside, err := st.MoveAside(ctx)
	if err != nil || aside == "" {
		t.Fatalf("MoveAside after the WAL was removed = %q, %v; want it moved aside", aside, err)
	}
	if f, err := fresh.File(ctx, "a.go"); !errors.Is(err, ErrNotFound) {
		t.Errorf("the rebuilt store's a.go = %v, %v; want none", f, err)
	}
	fresh.Close()
}

// TestSchema5StoreIsMigrated: a store of the schema before packed symbols opens; its rows stay
// with their stat data, marked as made by older mappers (so they are mapped again), and the store
// takes new rows whose lookups work.
func TestSchema5StoreIsMigrated(t *testing.T) {
	ctx := context.Background()
	path := storeAtSchema(t, 5,
		"INSERT INTO files (id, path, size, mtime_ns, language, indexed_at, mappers_version) VALUES (1, 'a.go', 10, 17, 'Go', 0, 3)",
		"INSERT INTO symbols VALUES (1, 0, -1, 0, 'function', 'Old', 'Old', 'func Old()', 1, 2)",
		"INSERT INTO imports VALUES (1, 0, 'fmt')")

	st, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	f, err := st.File(ctx, "a.go")
	if err != nil || f.Size != 10 || f.MappersVersion != 0 || len(f.Symbols) != 0 {
		t.Fatalf("File(a.go) after the migration = %+v, %v; want the row, mappers version 0, no symbols", f, err)
	}
	if got, err := st.PathsOfOlderMappers(ctx, map[string]int{"Go": 3}); err != nil || !cmp.Equal(got, []string{"a.go"}) {
		t.Errorf("PathsOfOlderMappers = %v, %v; want [a.go]", got, err)
	}
	w := st.NewWriter()
	if err := w.Put(ctx, sampleFile("a.go")); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if hits, err := st.SymbolsNamed(ctx, "handle", LookupFilter{}, 0); err != nil || len(hits) != 1 || hits[0].Qualname != "Server.Handle" {
		t.Errorf("SymbolsNamed(handle) = %+v, %v; want Server.Handle", hits, err)
	}
	if err := st.IntegrityCheck(ctx); err != nil {
		t.Error(err)
	}
}

// TestSchema14FiltersMove: migration 0015 moves the use filters out of file_uses into
// use_filters; a store of the schema before it keeps its filters and name sets.
func TestSchema14FiltersMove(t *testing.T) {
	ctx := context.Background()
	files, err := migrationFiles()
	if err != nil {
		t.Fatal(err)
	}
	before := slices.Index(files, "0015_use_filters.sql")
	if before < 0 {
		t.Fatalf("no 0015_use_filters.sql among %v", files)
	}
	path := storeAtSchema(t, before,
		"INSERT INTO files (id, path, size, mtime_ns, language, indexed_at) VALUES (7, 'a.go', 10, 17, 'Go', 0)",
		"INSERT INTO file_uses (file_id, filter, used, defined, imports) VALUES (7, x'0301ff', x'01000000', x'02000000', 'fmt')")

	st, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	got, err := st.FilesMaybeUsing(ctx, func(filter []byte) bool { return bytes.Equal(filter, []byte{3, 1, 0xff}) }, 0)
	if err != nil || !cmp.Equal(got, []string{"a.go"}) {
		t.Errorf("FilesMaybeUsing after the migration = %v, %v; want [a.go]", got, err)
	}
	var used, defined []byte
	var imports string
	if err := st.read.QueryRowContext(ctx, "SELECT used, defined, imports FROM file_uses WHERE file_id = 7").Scan(&used, &defined, &imports); err != nil ||
		!bytes.Equal(used, []byte{1, 0, 0, 0}) || !bytes.Equal(defined, []byte{2, 0, 0, 0}) || imports != "fmt" {
		t.Errorf("file_uses after the migration: %x %x %q, %v", used, defined, imports, err)
	}
	if err := st.IntegrityCheck(ctx); err != nil {
		t.Error(err)
	}
}

// TestNamesFollowTheirFiles: names come and go with the files that define them, in lookups and in
// the buckets the typo search reads, whether kept batch by batch or built after a bulk load.
func TestNamesFollowTheirFiles(t *testing.T) {
	ctx := context.Background()
	for _, bulk := range []bool{false, true} {
		st, _ := openTemp(t)
		if bulk {
			if err := st.DropLookupIndexes(ctx); err != nil {
				t.Fatal(err)
			}
		}
		w := st.NewWriter()
		a := sampleFile("a.go")
		b := sampleFile("b.go")
		b.Symbols = append(b.Symbols, Symbol{Name: "Extra", Qualname: "Extra", Kind: KindFunction, StartLine: 20, EndLine: 21, Parent: -1})
		for _, f := range []*File{a, b} {
			if err := w.Put(ctx, f); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		if bulk {
			if err := st.EnsureLookupIndexes(ctx); err != nil {
				t.Fatal(err)
			}
		}
		names, err := st.SymbolNames(ctx)
		if want := []string{"Addr", "Extra", "Handle", "Server"}; err != nil || !cmp.Equal(names, want) {
			t.Errorf("bulk %v: SymbolNames = %v, %v; want %v", bulk, names, err, want)
		}
		if err := w.Delete(ctx, "b.go"); err != nil {
			t.Fatal(err)
		}
		a.Symbols[0].Name, a.Symbols[0].Qualname = "Serve", "Serve"
		if err := w.Put(ctx, a); err != nil {
			t.Fatal(err)
		}
		if err := w.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		names, err = st.SymbolNames(ctx)
		if want := []string{"Addr", "Handle", "Serve"}; err != nil || !cmp.Equal(names, want) {
			t.Errorf("bulk %v: SymbolNames after a delete and a rename = %v, %v; want %v", bulk, names, err, want)
		}
		for name, want := range map[string]int{"Extra": 0, "Server": 0, "serve": 1, "ADDR": 1} {
			if hits, err := st.SymbolsNamed(ctx, name, LookupFilter{}, 0); err != nil || len(hits) != want {
				t.Errorf("bulk %v: SymbolsNamed(%s) = %d hits, %v; want %d", bulk, name, len(hits), err, want)
			}
		}
		if hits, err := st.SymbolsWithPrefix(ctx, "ser", LookupFilter{}, 0); err != nil || len(hits) != 1 || hits[0].Name != "Serve" {
			t.Errorf("bulk %v: SymbolsWithPrefix(ser) = %+v, %v", bulk, hits, err)
		}
	}
}

func TestPackRoundTrip(t *testing.T) {
	f := sampleFile("x.go")
	long := f.Symbols
	for i := range 50 {
		long = append(long, Symbol{Name: fmt.Sprint("f", i), Qualname: fmt.Sprint("Server.f", i), Kind: KindMethod,
			Signature: fmt.Sprint("func (s *Server) f", i, "()"), StartLine: 100 + i, EndLine: 90 + i, Depth: 1, Parent: 0})
	}
	long = append(long, Symbol{Name: "", Qualname: "odd", Kind: Kind(200), StartLine: 5, EndLine: 5, Parent: 7})
	for _, syms := range [][]Symbol{f.Symbols, long} {
		packed := packSymbols(syms, f.Imports)
		got, _, imports, err := unpackSymbols(packed, nil)
		want := append([]Symbol(nil), syms...)
		if want[len(want)-1].Kind == Kind(200) {
			want[len(want)-1].Kind = KindUnknown // a kind this readmap cannot name reads back as unknown
		}
		if err != nil || !cmp.Equal(got, want) || !cmp.Equal(imports, f.Imports) {
			t.Errorf("unpack(pack(%d symbols)) = %v, %v, %v", len(syms), cmp.Diff(want, got), imports, err)
		}
	}
	if _, _, _, err := unpackSymbols([]byte{packRaw, 5, 1}, nil); err == nil {
		t.Error("unpackSymbols of a damaged value: no error")
	}
}

// TestPackedValuesAreS2: a compressed value is one S2 block, which the s2 package decodes to the
// payload unpackBytes reads; and a value an older readmap deflated (plain DEFLATE, RFC 1951, as
// the standard library writes it) still reads back.
func TestPackedValuesAreS2(t *testing.T) {
	for _, n := range []int{3, 40, 4000} {
		var syms []Symbol
		for i := range n {
			syms = append(syms, Symbol{Name: fmt.Sprint("handler", i), Qualname: fmt.Sprint("handler", i), Kind: KindFunction,
				Signature: fmt.Sprint("static int handler", i, "(struct device *dev, unsigned long flags)"), StartLine: 10 * i, EndLine: 10*i + 8, Parent: -1})
		}
		packed := packSymbols(syms, []string{"linux/device.h"})
		if packed[0] != packS2 {
			t.Fatalf("%d symbols packed with format byte %d; want %d (S2)", n, packed[0], packS2)
		}
		raw, err := s2.Decode(nil, packed[1:])
		if err != nil {
			t.Fatalf("s2.Decode of %d packed symbols: %v", n, err)
		}
		if again, err := unpackBytes(packed); err != nil || !bytes.Equal(again, raw) {
			t.Fatalf("unpackBytes and s2.Decode disagree: %d against %d bytes, %v", len(again), len(raw), err)
		}
		if got, _, _, err := unpackSymbols(packed, nil); err != nil || !cmp.Equal(got, syms) {
			t.Errorf("unpackSymbols of %d symbols: %v, %v", n, cmp.Diff(syms, got), err)
		}
		var old bytes.Buffer
		old.WriteByte(packDeflate)
		fw, _ := stdflate.NewWriter(&old, stdflate.BestSpeed)
		fw.Write(raw)
		fw.Close()
		got, _, _, err := unpackSymbols(old.Bytes(), nil)
		if err != nil || !cmp.Equal(got, syms) {
			t.Errorf("unpackSymbols of %d symbols the standard library deflated: %v, %v", n, cmp.Diff(syms, got), err)
		}
	}
	// A value below compressAbove stays raw.
	if packed := packSymbols([]Symbol{{Name: "f", Qualname: "f", Kind: KindFunction, Parent: -1}}, nil); packed[0] != packRaw {
		t.Errorf("one small symbol packed with format byte %d; want %d (raw)", packed[0], packRaw)
	}
}

func TestEachFileReadsEveryRowInPathOrder(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	w := st.NewWriter()
	paths := []string{"z/last.go", "a/first.go", "m/middle.go"}
	for _, p := range paths {
		if err := w.Put(ctx, sampleFile(p)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	var got []string
	err := st.EachFile(ctx, func(f *File) error {
		want, err := st.File(ctx, f.Path)
		if err != nil {
			return err
		}
		if diff := cmp.Diff(want, f); diff != "" {
			t.Errorf("EachFile's %s differs from File's (-File +EachFile):\n%s", f.Path, diff)
		}
		got = append(got, f.Path)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a/first.go", "m/middle.go", "z/last.go"}; !cmp.Equal(got, want) {
		t.Errorf("EachFile visited %v; want %v", got, want)
	}
	stop := errors.New("stop")
	calls := 0
	if err := st.EachFile(ctx, func(*File) error { calls++; return stop }); !errors.Is(err, stop) || calls != 1 {
		t.Errorf("EachFile after fn's error: %v after %d calls; want stop after 1", err, calls)
	}
}

// TestPreparedPutKeepsNamesInStep: a Put after Prepare (the names of the row read ahead, in the
// same batch) unlinks the names the row lost and links those it gained, as a plain Put does; an
// aborted batch forgets what it prepared.
func TestPreparedPutKeepsNamesInStep(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	w := st.NewWriter()
	a := sampleFile("a.go")
	if err := w.Put(ctx, a); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if err := w.Prepare(ctx, "a.go"); err != nil {
		t.Fatal(err)
	}
	w.Abort()
	if err := w.Prepare(ctx, "a.go"); err != nil {
		t.Fatal(err)
	}
	a.Symbols[0].Name, a.Symbols[0].Qualname = "Serve", "Serve"
	if err := w.Put(ctx, a); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	names, err := st.SymbolNames(ctx)
	if want := []string{"Addr", "Handle", "Serve"}; err != nil || !cmp.Equal(names, want) {
		t.Errorf("SymbolNames after a prepared rename = %v, %v; want %v", names, err, want)
	}
	for name, want := range map[string]int{"Server": 0, "Serve": 1} {
		if hits, err := st.SymbolsNamed(ctx, name, LookupFilter{}, 0); err != nil || len(hits) != want {
			t.Errorf("SymbolsNamed(%s) = %d hits, %v; want %d", name, len(hits), err, want)
		}
	}
}

// TestNameCacheOverflowKeepsEveryName: when a file's names do not fit in what is left of the
// writer's cache of name ids, the cache starts afresh before they are looked up, never between
// the lookup and their use (a kernel-sized index failed on "name not in store" so).
func TestNameCacheOverflowKeepsEveryName(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	w := st.NewWriter()
	w.nameCacheSize = 5
	sym := func(name string, line int) Symbol {
		return Symbol{Name: name, Qualname: name, Kind: KindFunction, StartLine: line, EndLine: line, Parent: -1}
	}
	a := &File{Path: "a.go", Language: "Go", Symbols: []Symbol{sym("Alpha", 1), sym("Beta", 2), sym("Gamma", 3)}}
	b := &File{Path: "b.go", Language: "Go", Symbols: []Symbol{sym("Alpha", 1), sym("Delta", 2), sym("Epsilon", 3), sym("Zeta", 4)}}
	for _, f := range []*File{a, b} {
		if err := w.Put(ctx, f); err != nil {
			t.Fatalf("Put %s: %v", f.Path, err)
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if hits, err := st.SymbolsNamed(ctx, "Alpha", LookupFilter{}, 0); err != nil || len(hits) != 2 {
		t.Errorf("SymbolsNamed(Alpha) = %d hits, %v; want 2", len(hits), err)
	}
}

// TestWritersShareNames: a writer that started on an empty store knows every name from its
// cache and looks none up; one that starts on a store with names, or after another writer
// committed, looks them up, and never adds a name twice.
func TestWritersShareNames(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	put := func(w *Writer, path string, names ...string) {
		t.Helper()
		if err := w.Put(ctx, fileOfFunctions(path, names...)); err != nil {
			t.Fatalf("Put %s: %v", path, err)
		}
		if err := w.Flush(ctx); err != nil {
			t.Fatalf("Flush %s: %v", path, err)
		}
	}
	first := st.NewWriter()
	put(first, "a.go", "Alpha")
	put(first, "b.go", "Alpha", "Beta")
	if !first.namesComplete {
		t.Error("a writer that started on an empty store looks names up")
	}
	second := st.NewWriter()
	put(second, "c.go", "Alpha", "Beta", "Gamma")
	if second.namesComplete {
		t.Error("a writer that started on a store with names takes its cache for all of them")
	}
	put(first, "d.go", "Alpha", "Gamma", "Delta") // after the second writer's commit
	for name, want := range map[string]int{"Alpha": 4, "Beta": 2, "Gamma": 2, "Delta": 1} {
		if hits, err := st.SymbolsNamed(ctx, name, LookupFilter{}, 0); err != nil || len(hits) != want {
			t.Errorf("SymbolsNamed(%s) = %d hits, %v; want %d", name, len(hits), err, want)
		}
	}
	if err := st.IntegrityCheck(ctx); err != nil {
		t.Error(err)
	}
}

// TestEachSymbolRow: the rows of the paths asked for that the store holds, with their symbols,
// and nothing for a path it does not hold.
func TestEachSymbolRow(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	putSamples(t, st, "a.go", "b/c.go", "d.go")
	got := map[string]int{}
	err := st.EachSymbolRow(ctx, []string{"b/c.go", "a.go", "missing.go"}, func(r SymbolRow) {
		syms, err := r.Symbols()
		if err != nil {
			t.Fatal(err)
		}
		if r.Language != "Go" || len(syms) != 3 || syms[2].Qualname != "Server.Handle" {
			t.Errorf("%s: %s, %+v", r.Path, r.Language, syms)
		}
		got[r.Path]++
	})
	if err != nil || len(got) != 2 || got["a.go"] != 1 || got["b/c.go"] != 1 {
		t.Fatalf("EachSymbolRow: %v, %v; want a.go and b/c.go once each", got, err)
	}
}

// TestStatesOf: the states of the rows asked for that the store holds, as FileState reads them.
func TestStatesOf(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	putSamples(t, st, "a.go", "b.go")
	states, err := st.StatesOf(ctx, []string{"b.go", "missing.go", "b.go"})
	if err != nil {
		t.Fatal(err)
	}
	one, err := st.FileState(ctx, "b.go")
	if err != nil {
		t.Fatal(err)
	}
	if len(states) != 1 || states["b.go"].Stamp != one.Stamp || states["b.go"].Language != "Go" {
		t.Fatalf("StatesOf = %+v; want b.go's state alone, %+v", states, one)
	}
}

// putSamples writes sampleFile rows of paths and commits them.
func putSamples(t *testing.T, st *Store, paths ...string) {
	t.Helper()
	files := make([]*File, len(paths))
	for i, p := range paths {
		files[i] = sampleFile(p)
	}
	putFiles(t, st, files...)
}

// putFiles writes the rows of files in one batch and commits it.
func putFiles(t *testing.T, st *Store, files ...*File) {
	t.Helper()
	ctx := context.Background()
	w := st.NewWriter()
	for _, f := range files {
		if err := w.Put(ctx, f); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
}

// TestFilesMaybeUsingSamples: with a bound, the files whose filter passes are a sample spread
// over all of them (in both halves of the store), in path order, found without reading every
// filter when many pass; without, all of them.
func TestFilesMaybeUsingSamples(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	w := st.NewWriter()
	const files = 400
	for i := range files {
		f := sampleFile(fmt.Sprintf("f%03d.go", i))
		f.Uses = []byte{1, byte(i % 2)} // odd files pass the test below
		if err := w.Put(ctx, f); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	read := 0
	passes := func(filter []byte) bool { read++; return filter[1] == 1 }
	all, err := st.FilesMaybeUsing(ctx, passes, 0)
	if err != nil || len(all) != files/2 || all[0] != "f001.go" || all[files/2-1] != "f399.go" || read != files {
		t.Fatalf("FilesMaybeUsing(odd, all) = %d files from %s to %s after %d filters, %v; want the %d odd ones of %d",
			len(all), all[0], all[len(all)-1], read, err, files/2, files)
	}
	read = 0
	some, err := st.FilesMaybeUsing(ctx, passes, 8)
	if err != nil || len(some) != 8 || !slices.IsSorted(some) || some[0] >= "f200.go" || some[7] < "f200.go" {
		t.Fatalf("FilesMaybeUsing(odd, 8) = %v, %v; want 8 files in order, in both halves of the store", some, err)
	}
	for _, p := range some {
		var n int
		if _, err := fmt.Sscanf(p, "f%03d.go", &n); err != nil || n%2 != 1 {
			t.Errorf("FilesMaybeUsing(odd, 8) holds %s, which does not pass", p)
		}
	}
	if read >= files/2 {
		t.Errorf("FilesMaybeUsing(odd, 8) read %d of %d filters; want it to stop once enough passed", read, files)
	}
}

// storeAtSchema writes a store with the first n migrations applied (user_version n), then runs
// statements in it (rows as a readmap of that schema wrote them), and returns its path.
func storeAtSchema(t *testing.T, n int, statements ...string) string {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "index.db")
	db := openDB(path, readWrite, true, false)
	defer db.Close()
	files, err := migrationFiles()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files[:n] {
		body, err := migrations.FS.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.ExecContext(ctx, string(body)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	for _, q := range append([]string{fmt.Sprintf("PRAGMA user_version = %d", n)}, statements...) {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	return path
}

// TestNamesAddedAndDroppedInOneBatch: a name that a batch adds (kept back until the batch's end)
// and then drops again, with no flush between, is neither in the names table nor found after.
func TestNamesAddedAndDroppedInOneBatch(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	w := st.NewWriter()
	for _, f := range []*File{
		fileOfFunctions("a.go", "Alpha", "Beta"),
		fileOfFunctions("b.go", "Gamma"),
		fileOfFunctions("a.go", "Alpha", "Delta"),
	} {
		if err := w.Put(ctx, f); err != nil {
			t.Fatalf("Put %s: %v", f.Path, err)
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	names, err := st.SymbolNames(ctx)
	if err != nil || !cmp.Equal(names, []string{"Alpha", "Delta", "Gamma"}) {
		t.Errorf("SymbolNames = %v, %v; want Alpha, Delta, Gamma", names, err)
	}
	for name, want := range map[string]int{"Alpha": 1, "Beta": 0, "Gamma": 1, "Delta": 1} {
		if hits, err := st.SymbolsNamed(ctx, name, LookupFilter{}, 0); err != nil || len(hits) != want {
			t.Errorf("SymbolsNamed(%s) = %d hits, %v; want %d", name, len(hits), err, want)
		}
	}
	if err := st.IntegrityCheck(ctx); err != nil {
		t.Error(err)
	}
}

// TestPutAsNew: a row marked new is written without reading a row before it; when the path has
// a row after all (another process wrote it since the caller looked), it replaces it as a Put
// does, its names unlinked; a new row without a name set leaves no use rows.
func TestPutAsNew(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	sym := func(name string) Symbol {
		return Symbol{Name: name, Qualname: name, Kind: KindFunction, StartLine: 1, EndLine: 1, Parent: -1}
	}
	put := func(f *File, asNew bool) {
		t.Helper()
		w := st.NewWriter()
		p := Pack(f)
		if asNew {
			p = p.AsNew()
		}
		if err := w.PutPacked(ctx, p); err != nil {
			t.Fatalf("PutPacked %s: %v", f.Path, err)
		}
		if err := w.Flush(ctx); err != nil {
			t.Fatal(err)
		}
	}
	put(&File{Path: "a.go", Language: "Go", Symbols: []Symbol{sym("Alpha")}, Uses: []byte{1}, UsedNames: []uint32{7}}, false)
	// a.go is "new" to a caller that read the store before the row above was written.
	put(&File{Path: "a.go", Language: "Go", Symbols: []Symbol{sym("Beta")}, Uses: []byte{1}, UsedNames: []uint32{7}}, true)
	put(&File{Path: "b.go", Language: "Go", Symbols: []Symbol{sym("Gamma")}}, true)
	for name, want := range map[string][]string{"Alpha": nil, "Beta": {"a.go"}, "Gamma": {"b.go"}} {
		hits, err := st.SymbolsNamed(ctx, name, LookupFilter{}, 0)
		var got []string
		for _, h := range hits {
			got = append(got, h.Path)
		}
		if err != nil || !cmp.Equal(got, want) {
			t.Errorf("SymbolsNamed(%s) = %v, %v; want %v", name, got, err, want)
		}
	}
	if names, err := st.SymbolNames(ctx); err != nil || !cmp.Equal(names, []string{"Beta", "Gamma"}) {
		t.Errorf("SymbolNames = %v, %v; want Beta and Gamma (Alpha unlinked with a.go's first row)", names, err)
	}
	var filters int
	if err := st.read.QueryRowContext(ctx, "SELECT count(*) FROM use_filters").Scan(&filters); err != nil || filters != 1 {
		t.Errorf("use filters = %d, %v; want a.go's only", filters, err)
	}
	// A new row's name set waits for the batch's end; a later Put of the row in the same batch
	// wins over it.
	w := st.NewWriter()
	for i, filter := range []byte{2, 3} {
		p := Pack(&File{Path: "c.go", Language: "Go", Symbols: []Symbol{sym("Delta")}, Uses: []byte{filter}, UsedNames: []uint32{7}})
		if i == 0 {
			p = p.AsNew()
		}
		if err := w.PutPacked(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	var filter []byte
	err := st.read.QueryRowContext(ctx, "SELECT filter FROM use_filters u JOIN files f ON f.id = u.file_id WHERE f.path = 'c.go'").Scan(&filter)
	if err != nil || !bytes.Equal(filter, []byte{3}) {
		t.Errorf("c.go's use filter = %v, %v; want the second Put's", filter, err)
	}
	if err := st.IntegrityCheck(ctx); err != nil {
		t.Error(err)
	}
}

// TestNamesOfTheOpenBatchCanBeRemoved: the names a writer on an empty store gives ids wait for
// the batch's end to be written; a file that loses one of them before then still unlinks it,
// and the names the batch keeps are all written, once.
func TestNamesOfTheOpenBatchCanBeRemoved(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	w := st.NewWriter()
	put := func(path string, names ...string) {
		t.Helper()
		if err := w.Put(ctx, fileOfFunctions(path, names...)); err != nil {
			t.Fatalf("Put %s: %v", path, err)
		}
	}
	put("a.go", "Zeta", "Alpha", "Beta")
	put("b.go", "alpha", "Gamma")
	put("a.go", "Zeta", "Alpha") // Beta goes before the batch is written
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	names, err := st.SymbolNames(ctx)
	if want := []string{"Alpha", "Gamma", "Zeta"}; err != nil || !cmp.Equal(names, want) {
		t.Errorf("SymbolNames = %v, %v; want %v", names, err, want)
	}
	for name, want := range map[string]int{"Alpha": 2, "Beta": 0, "Gamma": 1, "Zeta": 1} {
		if hits, err := st.SymbolsNamed(ctx, name, LookupFilter{}, 0); err != nil || len(hits) != want {
			t.Errorf("SymbolsNamed(%s) = %d hits, %v; want %d", name, len(hits), err, want)
		}
	}
}

// TestHeldBackRowsWrittenEarly writes a batch's held-back names and postings before its end, then
// changes the files of the batch: every lookup must answer as if they had waited for the commit,
// and the rows must be written, not only dropped from the batch.
func TestHeldBackRowsWrittenEarly(t *testing.T) {
	ctx := context.Background()
	st, _ := openTemp(t)
	w := st.NewWriter()
	put := func(path string, names ...string) {
		t.Helper()
		if err := w.PutPacked(ctx, Pack(fileOfFunctions(path, names...)).AsNew()); err != nil {
			t.Fatalf("Put %s: %v", path, err)
		}
	}
	var many []string
	for i := range heldBackFrom {
		many = append(many, fmt.Sprintf("F%d", i))
	}
	put("many.go", many...)
	put("few.go", "Shared", "Gone")
	if err := w.WriteHeldBack(ctx); err != nil {
		t.Fatal(err)
	}
	if len(w.postings)+len(w.newNames) != 0 {
		t.Fatalf("%d postings and %d names still held back", len(w.postings), len(w.newNames))
	}
	var inTx int
	if err := w.tx.QueryRowContext(ctx, "SELECT count(*) FROM postings").Scan(&inTx); err != nil || inTx != heldBackFrom+2 {
		t.Fatalf("postings written in the batch = %d, %v; want %d", inTx, err, heldBackFrom+2)
	}
	put("few.go", "Shared")         // Gone goes after its posting was written
	put("other.go", "shared", "F1") // names the batch wrote early
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]int{"Shared": 2, "Gone": 0, "F1": 2, fmt.Sprintf("F%d", heldBackFrom-1): 1} {
		if hits, err := st.SymbolsNamed(ctx, name, LookupFilter{}, 0); err != nil || len(hits) != want {
			t.Errorf("SymbolsNamed(%s) = %d hits, %v; want %d", name, len(hits), err, want)
		}
	}
	if err := st.IntegrityCheck(ctx); err != nil {
		t.Error(err)
	}
}

// TestSchemaIsTheMigrations holds migrations.Schema, which a new store gets, equal to what the
// numbered migrations make of an empty database: the same tables and indexes, column for column
// (their SQL without comments and spacing), and the same rows in meta.
func TestSchemaIsTheMigrations(t *testing.T) {
	ctx := context.Background()
	files, err := migrationFiles()
	if err != nil {
		t.Fatal(err)
	}
	migrated, err := sql.Open("sqlite3", storeAtSchema(t, len(files)))
	if err != nil {
		t.Fatal(err)
	}
	defer migrated.Close()
	st, _ := openTemp(t)
	var version int
	if err := st.read.QueryRowContext(ctx, "PRAGMA user_version").Scan(&version); err != nil || version != len(files) {
		t.Fatalf("a new store's user_version = %d, %v; want %d", version, err, len(files))
	}
	for _, q := range []string{"SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master ORDER BY type, name",
		"SELECT key, value FROM meta ORDER BY key"} {
		want, got := schemaRows(t, migrated, q), schemaRows(t, st.read, q)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: the new store's schema differs from the migrations' (-migrations +schema.sql):\n%s", q, diff)
		}
	}
}

// schemaRows returns the rows of q, each column joined by '|', SQL text without comments,
// spacing and case.
func schemaRows(t *testing.T, db *sql.DB, q string) []string {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var out []string
	for rows.Next() {
		vals := make([]string, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		for i, v := range vals {
			var b strings.Builder
			for line := range strings.SplitSeq(v, "\n") {
				line, _, _ = strings.Cut(line, "--")
				b.WriteString(strings.Join(strings.Fields(strings.ToLower(line)), ""))
			}
			vals[i] = b.String()
		}
		out = append(out, strings.Join(vals, "|"))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCheckpointMovesTheLogIntoTheFile: rows written to the write-ahead log reach the database
// file with Checkpoint, while the store stays open.
func TestCheckpointMovesTheLogIntoTheFile(t *testing.T) {
	ctx := context.Background()
	st, path := openTemp(t)
	w := st.NewWriter()
	for i := range 200 {
		if err := w.Put(ctx, sampleFile(fmt.Sprintf("p%03d/server.go", i))); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	size := func() int64 {
		t.Helper()
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		return fi.Size()
	}
	before := size()
	if err := st.Checkpoint(ctx); err != nil {
		t.Fatal(err)
	}
	if after := size(); after <= before {
		t.Errorf("the database file has %d bytes after the checkpoint, %d before: nothing was copied", after, before)
	}
	if hits, err := st.SymbolsNamed(ctx, "handle", LookupFilter{}, 0); err != nil || len(hits) != 200 {
		t.Errorf("SymbolsNamed(handle) after the checkpoint = %d hits, %v; want 200", len(hits), err)
	}
}

// fileOfFunctions returns the row of a Go file that defines one function per name, on lines 1, 2, ...
func fileOfFunctions(path string, names ...string) *File {
	f := &File{Path: path, Language: "Go"}
	for i, n := range names {
		f.Symbols = append(f.Symbols, Symbol{Name: n, Qualname: n, Kind: KindFunction, StartLine: i + 1, EndLine: i + 1, Parent: -1})
	}
	return f
}

// synchronous returns the synchronous setting of s's writer: 0 (OFF) or 1 (NORMAL).
func synchronous(t *testing.T, s *Store) int {
	t.Helper()
	var mode int
	if err := s.write.QueryRowContext(context.Background(), "PRAGMA synchronous").Scan(&mode); err != nil {
		t.Fatal(err)
	}
	return mode
}

// TestSkipSyncsLastsUntilTheStoreCloses: the writes of a store opened again wait for the disk at
// checkpoints (synchronous NORMAL) until SkipSyncs, which holds for every later write of the
// open store, a batch's commit and the ranking's included, and not for the store opened again.
func TestSkipSyncsLastsUntilTheStoreCloses(t *testing.T) {
	ctx := context.Background()
	made, path := openTemp(t)
	made.Close()
	st, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	synchronous := func(s *Store) int { return synchronous(t, s) }
	const off, normal = 0, 1
	if got := synchronous(st); got != normal {
		t.Fatalf("synchronous = %d on a store just opened; want %d (NORMAL)", got, normal)
	}
	if err := st.SkipSyncs(ctx); err != nil {
		t.Fatal(err)
	}
	w := st.NewWriter()
	if err := w.Put(ctx, sampleFile("a.go")); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if got := synchronous(st); got != off {
		t.Errorf("synchronous = %d after SkipSyncs and a batch; want %d (OFF)", got, off)
	}
	st.Close()
	again, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if got := synchronous(again); got != normal {
		t.Errorf("synchronous = %d on the store opened again; want %d (NORMAL)", got, normal)
	}
	if err := again.IntegrityCheck(ctx); err != nil {
		t.Error(err)
	}
}

// TestNewStoreSkipsSyncsUntilClosed: a store Open makes is in WAL mode at the latest schema, its
// writer skips syncs (synchronous OFF) for as long as it stays open, its readers read what the
// writer wrote, and the store opened again waits for the disk (NORMAL).
func TestNewStoreSkipsSyncsUntilClosed(t *testing.T) {
	ctx := context.Background()
	st, path := openTemp(t)
	if got := synchronous(t, st); got != 0 {
		t.Errorf("synchronous = %d on a store just made; want 0 (OFF)", got)
	}
	var mode string
	var version int
	if err := st.read.QueryRowContext(ctx, "SELECT journal_mode, user_version FROM pragma_journal_mode(), pragma_user_version()").Scan(&mode, &version); err != nil {
		t.Fatal(err)
	}
	files, err := migrationFiles()
	if err != nil {
		t.Fatal(err)
	}
	if mode != "wal" || version != len(files) {
		t.Errorf("a store just made: journal mode %q, schema %d; want wal, %d", mode, version, len(files))
	}
	w := st.NewWriter()
	if err := w.Put(ctx, sampleFile("a.go")); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := st.File(ctx, "a.go"); err != nil {
		t.Errorf("File(a.go) after the writer's first batch: %v", err)
	}
	st.Close()
	again, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if got := synchronous(t, again); got != 1 {
		t.Errorf("synchronous = %d on the store opened again; want 1 (NORMAL)", got)
	}
	if _, err := again.File(ctx, "a.go"); err != nil {
		t.Errorf("File(a.go) in the store opened again: %v", err)
	}
}

// TestSortPostingsOrdersByNameThenFile: postings sort by name id, then file id, the same whether
// their ids fit in 32 bits (sorted as one number each) or not (a pair beyond them anywhere).
func TestSortPostingsOrdersByNameThenFile(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, big := range []bool{false, true} {
		postings := make([][2]int64, 5000)
		for i := range postings {
			postings[i] = [2]int64{rng.Int64N(300), rng.Int64N(1 << 32)}
		}
		if big {
			postings[rng.IntN(len(postings))][1] = 1<<32 + 7
		}
		want := slices.Clone(postings)
		slices.SortFunc(want, func(a, b [2]int64) int { return slices.Compare(a[:], b[:]) })
		sortPostings(postings)
		if !slices.Equal(postings, want) {
			t.Errorf("sortPostings (an id past 32 bits: %v) differs from sorting the pairs", big)
		}
	}
}

// TestInterruptedAtLooksEveryFewRows: a read under a context that cannot be cancelled sees the
// caller's cancellation at every rowsBetweenChecks-th row, and only there.
func TestInterruptedAtLooksEveryFewRows(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	if err := interruptedAt(ctx, rowsBetweenChecks); err != nil {
		t.Fatalf("before the cancellation: %v", err)
	}
	cancel()
	for _, row := range []int{1, rowsBetweenChecks - 1, rowsBetweenChecks + 1} {
		if err := interruptedAt(ctx, row); err != nil {
			t.Fatalf("row %d, between two looks: %v", row, err)
		}
	}
	for _, row := range []int{rowsBetweenChecks, 3 * rowsBetweenChecks} {
		if err := interruptedAt(ctx, row); !errors.Is(err, context.Canceled) {
			t.Fatalf("row %d after the cancellation: %v; want context.Canceled", row, err)
		}
	}
}
