package indexer

import (
	"container/heap"
	"context"
	"os"
)

// largeFileBytes is the size from which a waiting file goes to the workers before the smaller
// ones, the largest first. Mapping is file by file: a tree whose time goes into a few large
// files (TypeScript's lib.dom.d.ts, a generated C# serializer) kept one core idle while the
// last of them, found late by the walk, was mapped alone.
const largeFileBytes = 32 << 10

// dispatch hands the walk's paths (found) to the workers through the returned channel, which is
// closed once found is and every path was taken: of the files found so far, one of
// largeFileBytes or more goes first, the largest of them first, the others in the walk's order.
// A file's size is its row's when the store has one (a run that finds nothing changed makes no
// extra call), else Lstat's.
func (r *run) dispatch(ctx context.Context, found <-chan string) <-chan string {
	out := make(chan string)
	go func() {
		defer close(out)
		select {
		case <-r.statesRead: // the rows give the sizes
		case <-ctx.Done():
			return
		}
		w := &waiting{}
		in := found
		for in != nil || w.len() > 0 {
		found: // first every path found so far, so that the largest is known
			for in != nil {
				select {
				case abs, ok := <-in:
					if !ok {
						in = nil
						break found
					}
					w.add(abs, r.sizeOf(abs))
				default:
					break found
				}
			}
			var send chan<- string
			if w.len() > 0 {
				send = out
			}
			select {
			case send <- w.next():
				w.pop()
			case abs, ok := <-in:
				if !ok {
					in = nil
					continue
				}
				w.add(abs, r.sizeOf(abs))
			case <-ctx.Done():
				return
			}
		}
	}()
	return out
}

// waiting holds the files found and not yet handed out: the large ones by size, the others in
// the walk's order from small[head] on.
type waiting struct {
	large bySize
	small []string
	head  int
}

func (w *waiting) len() int { return w.large.Len() + len(w.small) - w.head }

// add makes abs, of size bytes, wait.
func (w *waiting) add(abs string, size int64) {
	if size >= largeFileBytes {
		heap.Push(&w.large, sizedPath{abs: abs, size: size})
		return
	}
	w.small = append(w.small, abs)
}

// next returns the file to hand out next, "" when none waits.
func (w *waiting) next() string {
	switch {
	case w.large.Len() > 0:
		return w.large[0].abs
	case w.head < len(w.small):
		return w.small[w.head]
	}
	return ""
}

// pop drops the file next returned.
func (w *waiting) pop() {
	if w.large.Len() > 0 {
		heap.Pop(&w.large)
		return
	}
	w.small[w.head] = ""
	w.head++
}

// sizeOf returns the size of the file at abs as its row records it, else as Lstat gives it, or
// 0 when neither can tell.
func (r *run) sizeOf(abs string) int64 {
	if s, ok := r.states[relPath(r.opts.Root, abs)]; ok {
		return s.Size
	}
	fi, err := os.Lstat(abs)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// sizedPath is a waiting file and its size.
type sizedPath struct {
	abs  string
	size int64
}

// bySize is a heap of waiting files, the largest on top.
type bySize []sizedPath

func (h bySize) Len() int           { return len(h) }
func (h bySize) Less(i, j int) bool { return h[i].size > h[j].size }
func (h bySize) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }

// Push adds x, a sizedPath (heap.Interface).
func (h *bySize) Push(x any) { *h = append(*h, x.(sizedPath)) }

// Pop removes and returns the last element (heap.Interface).
func (h *bySize) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
