package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// benchRepo copies a large real file (net/http/server.go of GOROOT) into a new repository and
// indexes it, so reads start from a warm store.
func benchRepo(b *testing.B) (string, string) {
	src, err := os.ReadFile(filepath.Join(gorootSrc(), "net", "http", "server.go"))
	if err != nil {
		b.Skipf("GOROOT/src/net/http/server.go not found: %v", err)
	}
	root := b.TempDir()
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "server.go"), src, 0o644); err != nil {
		b.Fatal(err)
	}
	b.Chdir(root)
	if code := run(context.Background(), []string{"index", "-q"}, nil, io.Discard, io.Discard); code != 0 {
		b.Fatalf("index: exit %d", code)
	}
	return root, "server.go"
}

func runOrFail(b *testing.B, args ...string) {
	if code := run(context.Background(), args, nil, io.Discard, io.Discard); code != 0 {
		b.Fatalf("readmap %v: exit %d", args, code)
	}
}

// BenchmarkReadLargeFileWarm is `readmap read server.go` (128 KB, 4,000 lines) from a warm store:
// banner, page 1 and the map.
func BenchmarkReadLargeFileWarm(b *testing.B) {
	_, path := benchRepo(b)
	for b.Loop() {
		runOrFail(b, "read", path)
	}
}

// BenchmarkReadLargeFileChanged is the same read right after the file changed: it is mapped again
// and its row rewritten before the answer.
func BenchmarkReadLargeFileChanged(b *testing.B) {
	root, path := benchRepo(b)
	abs := filepath.Join(root, path)
	src, err := os.ReadFile(abs)
	if err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		b.StopTimer()
		i++
		edited := append([]byte(nil), src...)
		edited = append(edited, fmt.Sprintf("\nfunc added%d() {}\n", i)...)
		if err := os.WriteFile(abs, edited, 0o644); err != nil {
			b.Fatal(err)
		}
		mtime := time.Now().Add(time.Duration(i) * time.Second)
		if err := os.Chtimes(abs, mtime, mtime); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		runOrFail(b, "read", path)
	}
}

// BenchmarkReadPage1000OfOneGBLog is `read --page 1000` of a generated 1 GB log once its page
// starts are in the store (the first read scans the file once and keeps them).
func BenchmarkReadPage1000OfOneGBLog(b *testing.B) {
	root := b.TempDir()
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		b.Fatal(err)
	}
	log := filepath.Join(root, "big.log")
	writeLog(b, log, 1<<30)
	b.Chdir(root)
	runOrFail(b, "read", "big.log", "--page", "1000") // scans once, caches the page starts
	for b.Loop() {
		runOrFail(b, "read", "big.log", "--page", "1000")
	}
}

// writeLog writes a log file of about size bytes.
func writeLog(b *testing.B, path string, size int64) {
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	levels := []string{"INFO", "WARN", "ERROR", "DEBUG"}
	var written int64
	for i := 0; written < size; i++ {
		n, _ := fmt.Fprintf(w, "2026-11-22T03:%02d:%02d.%06dZ %s worker-%d request id=%d path=/api/v1/items/%d took %dms%s\n",
			i/60%60, i%60, i%1000000, levels[i%4], i%16, i, i%9973, i%500, strings.Repeat(" ", i%7))
		written += int64(n)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkEditSymbolIn10MBFile is `readmap edit --symbol` on one function of a 10 MB source
// file from a warm store: the match, the backup, the atomic write and the file mapped again
// before the answer. The file is a real one (net/http/server.go, or Python's typing.py) copied
// until it holds 10 MB, with one uniquely named function in the middle that each run rewrites.
func BenchmarkEditSymbolIn10MBFile(b *testing.B) {
	b.Run("Go", func(b *testing.B) {
		src, err := os.ReadFile(filepath.Join(gorootSrc(), "net", "http", "server.go"))
		if err != nil {
			b.Skipf("GOROOT/src/net/http/server.go not found: %v", err)
		}
		body := string(src)
		body = body[strings.Index(body, "\n)\n")+3:] // the declarations after the imports
		benchEditSymbol(b, "big.go", "package http\n", body, "func editTarget%d() int {\n\treturn %d\n}\n")
	})
	b.Run("Python", func(b *testing.B) {
		matches, _ := filepath.Glob("/usr/lib/python3*/typing.py")
		if len(matches) == 0 {
			b.Skip("no /usr/lib/python3*/typing.py")
		}
		src, err := os.ReadFile(matches[0])
		if err != nil {
			b.Fatal(err)
		}
		benchEditSymbol(b, "big.py", "", string(src), "def edit_target%d():\n    return %d\n")
	})
}

// benchEditSymbol writes header, then body repeated to 10 MB with the target function (target
// formatted with 0) in the middle, indexes it, and times edits that replace the target.
func benchEditSymbol(b *testing.B, name, header, body, target string) {
	const size = 10 << 20
	var sb strings.Builder
	sb.WriteString(header)
	for sb.Len() < size/2 {
		sb.WriteString(body)
	}
	sb.WriteString("\n" + fmt.Sprintf(target, 0, 0) + "\n")
	for sb.Len() < size {
		sb.WriteString(body)
	}
	root := b.TempDir()
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, name), []byte(sb.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	b.Chdir(root)
	runOrFail(b, "index", "-q")
	b.SetBytes(int64(sb.Len()))
	symbol, _, _ := strings.Cut(strings.Fields(fmt.Sprintf(target, 0, 0))[1], "(")
	i := 0
	for b.Loop() {
		i++
		// The name stays (the symbol is found by it every time); the body changes.
		runOrFail(b, "edit", name, "--symbol", symbol, "--new", fmt.Sprintf(strings.Replace(target, "%d", "0", 1), i))
	}
}

// BenchmarkRefsGOROOT times `refs NAME` over a store of GOROOT/src (indexed once, outside the
// timing), with the default limit and with --limit 0 (every file read): a name used in a few
// files, one used in hundreds, and one defined hundreds of times.
func BenchmarkRefsGOROOT(b *testing.B) {
	db := filepath.Join(b.TempDir(), "index.db")
	b.Chdir(gorootSrc())
	runOrFail(b, "index", "-q", "--root", ".", "--db", db)
	for _, name := range []string{"ParseFile", "NewReader", "String"} {
		for _, limit := range []string{"100", "0"} {
			b.Run(name+"/limit="+limit, func(b *testing.B) {
				for b.Loop() {
					runOrFail(b, "refs", name, "--limit", limit, "--root", ".", "--db", db)
				}
			})
		}
	}
}

// BenchmarkRepoMapGOROOT times `readmap map` of all of GOROOT/src, the store warm and up to date:
// the refresh, the ranking and the packing, as an agent's call sees them.
func BenchmarkRepoMapGOROOT(b *testing.B) {
	db := filepath.Join(b.TempDir(), "index.db")
	b.Chdir(gorootSrc())
	runOrFail(b, "index", "-q", "--root", ".", "--db", db)
	for b.Loop() {
		runOrFail(b, "map", "--root", ".", "--db", db)
	}
}
