package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/readmap/readmap/store"
)

// TestConcurrentIndexRunsKeepTheCorruptStore: index runs started at once on a corrupt store move it
// aside once, keep it as it was, and leave one healthy store with every file. (Three processes
// lost the kept copy; eight runs in one process meet the same race every time.)
func TestConcurrentIndexRunsKeepTheCorruptStore(t *testing.T) {
	root := repo(t, map[string]string{"a.go": "package a\n\nfunc A() {}\n", "b.go": "package a\n\nfunc B() {}\n"})
	db := filepath.Join(root, ".readmap", "index.db")
	damage := strings.Repeat("garbage ", 100)
	if err := os.MkdirAll(filepath.Dir(db), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(db, []byte(damage), 0o644); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			var stdout, stderr bytes.Buffer
			if code := run(context.Background(), []string{"index", "--root", root}, strings.NewReader(""), &stdout, &stderr); code != 0 {
				t.Errorf("index: exit %d, %s", code, stderr.String())
			}
		})
	}
	wg.Wait()
	aside, err := filepath.Glob(db + ".corrupt-*")
	if err != nil || len(aside) != 1 {
		t.Fatalf("moved-aside stores = %v, %v; want one", aside, err)
	}
	if got, err := os.ReadFile(aside[0]); err != nil || string(got) != damage {
		t.Errorf("%s holds %.40q…, %v; want the damaged store as it was", aside[0], got, err)
	}
	out, _, code := cli(t, root, "stats", "--json")
	var stats store.Stats
	if code != 0 || json.Unmarshal([]byte(out), &stats) != nil || stats.Files != 2 {
		t.Errorf("stats after the runs = %s (exit %d), want both files", out, code)
	}
}

// TestSymDuringConcurrentIndexRuns: sym asked while three index runs build a store for the first
// time answers from the whole repository, never from the files the runs happen to have committed
// so far ("no symbol matches" for a name defined in the others).
func TestSymDuringConcurrentIndexRuns(t *testing.T) {
	files := map[string]string{"zz/handler.go": "package zz\n\nfunc Handler() {}\n"}
	for i := range 400 {
		files[fmt.Sprintf("p%02d/f%03d.go", i%20, i)] = fmt.Sprintf("package p\n\nfunc F%d() {}\n", i)
	}
	root := repo(t, files)
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			var stdout, stderr bytes.Buffer
			if code := run(context.Background(), []string{"index", "--root", root}, strings.NewReader(""), &stdout, &stderr); code != 0 {
				t.Errorf("index: exit %d, %s", code, stderr.String())
			}
		})
	}
	for range 3 {
		wg.Go(func() {
			var stdout, stderr bytes.Buffer
			code := run(context.Background(), []string{"sym", "Handler", "--root", root}, strings.NewReader(""), &stdout, &stderr)
			if code != 0 || stdout.String() != "zz/handler.go:3-3  function  Handler  func Handler()\n" {
				t.Errorf("sym Handler during the runs = %q, %q (exit %d)", stdout.String(), stderr.String(), code)
			}
		})
	}
	wg.Wait()
}
