package lang

import (
	"context"
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	"github.com/readmap/readmap/store"
)

// Mapper turns one file's content into its structure. A mapper value is used by one goroutine at
// a time; each worker makes its own with Language.NewMapper, so a mapper may keep a parser.
type Mapper interface {
	// Map returns the symbols of src in source order (a parent before its children), with 1-based
	// inclusive line ranges. A mapper should stop early when ctx is done.
	Map(ctx context.Context, src []byte) (*Result, error)
}

// Result is what a mapper found in one file.
type Result struct {
	Symbols []store.Symbol
	Imports []string
	Summary string // one line about the whole file, for data formats ("2,450 rows × 12 columns")
	// Unparsed are the line spans (1-based, inclusive) that held syntax errors the mapper could
	// not read past: its map may lack declarations there, which the line heuristics then give
	// (withHeuristicsIn).
	Unparsed [][2]int
	// Uses, when set, is what Uses gives for the file, which the mapper gathered from its own
	// tokens; nil leaves it to Uses.
	Uses *FileUses
}

// Language is one entry of the table of languages (languages.go): how to recognise its files,
// which mapper maps them and the version of what that mapper makes of a file.
type Language struct {
	Name         string   // as shown: "Go", "Python", "C++"
	Extensions   []string // with the dot, lower case: ".go"
	Filenames    []string // exact base names: "Dockerfile", "go.mod"; "Dockerfile.*" matches "Dockerfile.dev"
	Interpreters []string // shebang interpreters: "python3", "bash"
	// Sniff, when set, decides from the first bytes whether a file with one of Extensions is
	// this language; it serves extensions several languages share (".h").
	Sniff     func(head []byte) bool
	NewMapper func() Mapper
	// MapperName names the mapper in `map --json` output: "go/parser", "tree-sitter", ...
	MapperName string
	// Version numbers what this language's mapper makes of a file. Raise it with any change to
	// what the mapper returns: the files of this language, and only those, are then mapped again
	// (see RowVersion). Entries that share a Name share a Version.
	Version int
}

// Languages returns every language of the table, in the order Detect tries them.
func Languages() []*Language {
	return append([]*Language(nil), table...)
}

// ByName returns the first language of the table named name (case-insensitive), or nil.
func ByName(name string) *Language {
	for _, l := range table {
		if strings.EqualFold(l.Name, name) {
			return l
		}
	}
	return nil
}

// treeSitter returns the constructor of mappers that walk g's trees; each worker's mapper keeps
// its own parser.
func treeSitter(g *tsGrammar) func() Mapper {
	return func() Mapper { return newTSMapper(g) }
}

// DefaultMapTimeout is how long one file may take to map before it gets a fallback map.
const DefaultMapTimeout = 10 * time.Second

// mapOutcome is a mapper's result, or why a fallback was used instead.
type mapOutcome struct {
	result *Result
	reason store.SkipReason // SkipNone, SkipMapperPanic or SkipMapperTimeout
	detail string
}

// runMapper runs m on src under a recover and a time limit, on runner's goroutine, or on a
// goroutine of its own when runner is nil. A mapper that panics or runs out of time yields the
// fallback map and the reason; after a timeout the caller must stop using m, which may still be
// running, and runner, which is running it.
func runMapper(parent context.Context, m Mapper, src []byte, limit time.Duration, runner *mapRunner) mapOutcome {
	ctx, cancel := context.WithTimeout(parent, limit)
	defer cancel()
	job := mapJob{ctx: ctx, m: m, src: src, done: make(chan mapOutcome, 1)}
	if runner != nil {
		runner.jobs <- job
	} else {
		go job.run()
	}
	select {
	case out := <-job.done:
		return out
	case <-ctx.Done():
		if parent.Err() != nil {
			return mapOutcome{reason: store.SkipMapperTimeout, detail: "interrupted"}
		}
		return mapOutcome{reason: store.SkipMapperTimeout, detail: fmt.Sprintf("no map after %s", limit)}
	}
}

// mapJob is one file for a mapper: its outcome goes to done, which has room for it, so a job
// whose caller stopped waiting still ends.
type mapJob struct {
	ctx  context.Context
	m    Mapper
	src  []byte
	done chan mapOutcome
}

// run maps the job's file under a recover and sends the outcome.
func (j mapJob) run() {
	defer func() {
		if p := recover(); p != nil {
			j.done <- mapOutcome{reason: store.SkipMapperPanic, detail: panicDetail(p)}
		}
	}()
	res, err := j.m.Map(j.ctx, j.src)
	if err != nil || res == nil {
		// A mapper that cannot make sense of the input is not a failure of the run: the file
		// still gets the fallback map.
		j.done <- mapOutcome{result: nil}
		return
	}
	j.done <- mapOutcome{result: res}
}

// mapRunner is a goroutine that maps one file after another, kept by a worker that maps many. A
// goroutine of its own for every file started with a small stack and grew it again, copying it,
// file after file (a recursive-descent scanner goes deep). 15 runs alternating, median: the bash
// completions 69.6 -> 58.1 ms wall, 112.9 -> 94.8 ms CPU; PostgreSQL's scripts 43.8 -> 35.1 ms wall.
type mapRunner struct {
	jobs chan mapJob
}

func newMapRunner() *mapRunner {
	r := &mapRunner{jobs: make(chan mapJob)}
	go func() {
		for job := range r.jobs {
			job.run()
		}
	}()
	return r
}

// stop lets the runner's goroutine end once it has mapped the file it may be mapping.
func (r *mapRunner) stop() { close(r.jobs) }

// panicDetail keeps the panic value and the innermost frame of its stack, on one line.
func panicDetail(p any) string {
	stack := strings.Split(string(debug.Stack()), "\n")
	where := ""
	for i, line := range stack {
		if strings.Contains(line, "panic(") && i+3 < len(stack) {
			where = strings.TrimSpace(stack[i+3])
			break
		}
	}
	return strings.TrimSpace(fmt.Sprintf("%v %s", p, where))
}

// scanStop is what a hand-written scanner needs to stop when its context is done: it counts the
// scanner's steps down and checks the context every few thousand of them. A scanner embeds it.
type scanStop struct {
	ctx  context.Context
	left int // steps until the next check of the context; below 0 once it is done
	err  error
}

// tick counts a step and reports whether the scan must stop: ctx is checked every few thousand
// steps. It is small enough for the compiler to inline into every scanner's loops.
func (s *scanStop) tick() bool {
	s.left--
	return s.left < 0 && s.check()
}

// check reads the context after a run of steps, and reports whether it is done: then every
// later tick says so too.
func (s *scanStop) check() bool {
	if s.err == nil {
		s.err = s.ctx.Err()
	}
	if s.err == nil {
		s.left = 4095
	}
	return s.err != nil
}

// addImportOnce appends path, trimmed, to imports unless it is empty, longer than a name may be,
// or recorded already in seen (made on first use): the walks and scanners list each import once,
// as written, in the order met.
func addImportOnce(imports []string, seen *map[string]bool, path string) []string {
	path = strings.TrimSpace(path)
	if path == "" || len(path) > tsMaxName || (*seen)[path] {
		return imports
	}
	if *seen == nil {
		*seen = map[string]bool{}
	}
	(*seen)[path] = true
	return append(imports, path)
}

// isTypeKind reports whether a symbol of kind k is class-like: its functions are methods and
// its variables fields.
func isTypeKind(k store.Kind) bool {
	switch k {
	case store.KindClass, store.KindInterface, store.KindEnum, store.KindObject, store.KindStruct,
		store.KindTrait, store.KindImpl:
		return true
	}
	return false
}
