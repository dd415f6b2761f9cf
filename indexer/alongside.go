package indexer

import (
	"cmp"
	"context"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/readmap/readmap/store"
)

// Ending is what Options.Alongside learns of the run it runs beside.
type Ending struct {
	// Sets are the name sets of the run's code files, in path order (as store.EachNameSet reads
	// them), when the run loaded the whole root into an empty store and they define at most
	// Options.SetsUpTo names; nil otherwise. Once Committed returns without an error, they are the
	// store's own.
	Sets []store.NameSet
	// DefinesOver is set when the run's own files define more than Options.SetsUpTo names (a
	// name in a file each): its Sets are nil, and once Committed returns without an error the
	// store defines at least as many.
	DefinesOver bool

	once      sync.Once
	committed chan struct{} // closed when the run's rows are committed or the run failed
	sum       *Summary
	err       error
}

// Committed waits until the run's rows are committed and returns the run's summary so far, or
// the error that ended the run before its rows were all committed.
func (e *Ending) Committed() (*Summary, error) {
	<-e.committed
	return e.sum, e.err
}

// alongside runs Options.Alongside beside the end of a run: it starts once every file is mapped
// and learns from end when the run's rows are committed.
type alongside struct {
	fn      func(ctx context.Context, st *store.Store, end *Ending) error
	ending  *Ending
	started atomic.Bool
	done    chan struct{} // closed when the work has returned err
	err     error
}

func newAlongside(fn func(ctx context.Context, st *store.Store, end *Ending) error, sum *Summary) *alongside {
	return &alongside{fn: fn, ending: &Ending{committed: make(chan struct{}), sum: sum}, done: make(chan struct{})}
}

// start runs the work with sets (nil, and definesOver set, when they defined more names than
// their bound) on a goroutine of its own; without work it does nothing.
func (a *alongside) start(ctx context.Context, st *store.Store, sets []store.NameSet, definesOver bool) {
	if a.fn == nil {
		return
	}
	a.ending.Sets, a.ending.DefinesOver = sets, definesOver
	a.started.Store(true)
	go func() {
		defer close(a.done)
		a.err = a.fn(ctx, st, a.ending)
	}()
}

// end tells the work that the run's rows are committed (err nil) or that the run failed.
func (a *alongside) end(err error) {
	a.ending.once.Do(func() {
		a.ending.err = err
		close(a.ending.committed)
	})
}

// wait returns the work's error once it is done; nil when it never started.
func (a *alongside) wait() error {
	if !a.started.Load() {
		return nil
	}
	<-a.done
	return a.err
}

// nameSets gathers the name sets of a bulk load's files from its workers, up to a bound on the
// names they define: the kernel's 6.9 million would hold hundreds of MB for a ranking an index
// run does not make.
type nameSets struct {
	mu      sync.Mutex
	upTo    int
	defined int // names defined by the sets gathered; over upTo once they were dropped
	sets    []store.NameSet
}

// add gathers the name set of the row p, if it keeps one.
func (n *nameSets) add(p store.Packed) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.defined > n.upTo {
		return
	}
	set, ok := p.NameSet()
	if !ok {
		return
	}
	if n.defined += len(set.Defined); n.defined > n.upTo {
		n.sets = nil
		return
	}
	n.sets = append(n.sets, set)
}

// inPathOrder returns the gathered sets in path order, or nil and over set when they define
// more names than the bound.
func (n *nameSets) inPathOrder() (sets []store.NameSet, over bool) {
	slices.SortFunc(n.sets, func(a, b store.NameSet) int { return cmp.Compare(a.Path, b.Path) })
	return n.sets, n.defined > n.upTo
}
