package lang

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/readmap/readmap/store"
)

// fakeMapper maps every file to one symbol, after doing what its fields say; it records the
// goroutine each Map ran on.
type fakeMapper struct {
	mu         sync.Mutex
	goroutines []string
	panicOn    string        // a file holding this panics
	hold       chan struct{} // a file holding "hold" waits until it is closed, ctx or not
}

func (m *fakeMapper) Map(_ context.Context, src []byte) (*Result, error) {
	m.mu.Lock()
	m.goroutines = append(m.goroutines, goroutineID())
	m.mu.Unlock()
	if m.panicOn != "" && bytes.Contains(src, []byte(m.panicOn)) {
		panic("fake mapper: " + m.panicOn)
	}
	if bytes.Contains(src, []byte("hold")) {
		<-m.hold
	}
	return &Result{Symbols: []store.Symbol{{Name: "f", Kind: store.KindFunction, StartLine: 1, EndLine: 1, Parent: -1}}}, nil
}

func (m *fakeMapper) ranOn() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.goroutines...)
}

// goroutineID returns the number runtime.Stack gives the calling goroutine.
func goroutineID() string {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	id, _, _ := strings.Cut(strings.TrimPrefix(string(buf), "goroutine "), " ")
	return id
}

// fakeLanguage returns a language whose every mapper is m.
func fakeLanguage(m *fakeMapper) *Language {
	return &Language{Name: "Fake", MapperName: "fake", NewMapper: func() Mapper { return m }}
}

// waitForGoroutines waits until at most n goroutines run, and fails the test if they do not
// within a minute (a goroutine that never ends).
func waitForGoroutines(t *testing.T, n int) {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for runtime.NumGoroutine() > n {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines a minute on; want %d at most", runtime.NumGoroutine(), n)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestKeptGoroutineMapsEveryFile: with KeepGoroutine, every file is mapped on one goroutine, not
// the caller's, which Close ends; without it, each file on a goroutine of its own.
func TestKeptGoroutineMapsEveryFile(t *testing.T) {
	ctx := context.Background()
	for _, keep := range []bool{true, false} {
		before := runtime.NumGoroutine()
		fake := &fakeMapper{}
		ms := NewMappers(Options{KeepGoroutine: keep})
		for range 5 {
			if got := ms.MapAs(ctx, fakeLanguage(fake), []byte("x\n")); got.Skip != store.SkipNone || len(got.Symbols) != 1 {
				t.Fatalf("keep %v: map = skip %q, %d symbols; want the fake mapper's one", keep, got.Skip, len(got.Symbols))
			}
		}
		ran := fake.ranOn()
		distinct := map[string]bool{}
		for _, g := range ran {
			distinct[g] = true
		}
		want := 5
		if keep {
			want = 1
		}
		if len(distinct) != want || distinct[goroutineID()] {
			t.Errorf("keep %v: 5 files mapped on goroutines %v; want %d other than the caller's", keep, ran, want)
		}
		ms.Close()
		waitForGoroutines(t, before)
	}
}

// TestKeptGoroutineSurvivesAPanic: a mapper's panic gives the fallback map with the reason, and
// the kept goroutine maps the next file.
func TestKeptGoroutineSurvivesAPanic(t *testing.T) {
	ctx := context.Background()
	fake := &fakeMapper{panicOn: "boom"}
	ms := NewMappers(Options{KeepGoroutine: true})
	defer ms.Close()
	got := ms.MapAs(ctx, fakeLanguage(fake), []byte("boom\n"))
	if got.Skip != store.SkipMapperPanic || !strings.Contains(got.SkipDetail, "fake mapper: boom") || got.MapperName == "fake" {
		t.Errorf("a panicking mapper: skip %q (%q), mapper %q; want %q naming the panic, the fallback's map", got.Skip, got.SkipDetail, got.MapperName, store.SkipMapperPanic)
	}
	if got := ms.MapAs(ctx, fakeLanguage(fake), []byte("x\n")); got.Skip != store.SkipNone || got.MapperName != "fake" {
		t.Errorf("the file after a panic: skip %q, mapper %q; want the fake mapper's map", got.Skip, got.MapperName)
	}
	if ran := fake.ranOn(); len(ran) != 2 || ran[0] != ran[1] {
		t.Errorf("the files ran on goroutines %v; want both on the one kept", ran)
	}
}

// TestKeptGoroutineLeftToATimedOutMapper: a mapper past the time limit gives the fallback map,
// the next file is mapped on another goroutine at once, and the goroutine left to the slow mapper
// ends once that mapper returns.
func TestKeptGoroutineLeftToATimedOutMapper(t *testing.T) {
	ctx := context.Background()
	before := runtime.NumGoroutine()
	fake := &fakeMapper{hold: make(chan struct{})}
	ms := NewMappers(Options{KeepGoroutine: true, Timeout: 20 * time.Millisecond})
	got := ms.MapAs(ctx, fakeLanguage(fake), []byte("hold\n"))
	if got.Skip != store.SkipMapperTimeout || got.MapperName == "fake" {
		t.Errorf("a mapper that does not return: skip %q, mapper %q; want %q and the fallback's map", got.Skip, got.MapperName, store.SkipMapperTimeout)
	}
	ms.timeout = time.Hour // the next file's map, however slow the machine, is not timed out
	if got := ms.MapAs(ctx, fakeLanguage(fake), []byte("x\n")); got.Skip != store.SkipNone {
		t.Errorf("the file after a timeout: skip %q; want the fake mapper's map", got.Skip)
	}
	if ran := fake.ranOn(); len(ran) != 2 || ran[0] == ran[1] {
		t.Errorf("the files ran on goroutines %v; want two: the slow mapper keeps the first", ran)
	}
	ms.Close()
	close(fake.hold)
	waitForGoroutines(t, before)
}
