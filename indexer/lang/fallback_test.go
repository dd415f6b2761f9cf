package lang

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFallbackHeuristics(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{
			name: "Makefile",
			src: "CC := gcc\nCFLAGS = -O2\n\n.PHONY: all clean\n\nall: build test\n\nbuild: main.o\n\t$(CC) -o app main.o\n" +
				"\t@echo done\n\n# run tests\ntest:\n\t./app --test\n\nclean:\n\trm -f *.o app\n",
			want: []string{
				"CC [1-1] var CC := gcc", "CFLAGS [2-2] var CFLAGS = -O2", "all [6-6] rule all: build test",
				"build [8-10] rule build: main.o", "test [13-14] rule test", "clean [16-17] rule clean",
			},
		},
		{
			name: "prose with colons is not a Makefile",
			src:  "Note: this is prose\n\tindented example\nmore text: here\n",
			want: []string{},
		},
		{
			name: "prose with keywords",
			src:  "The type of file matters.\nclass of problems is hard\nfunction as a word is fine.\ndef\ntype the command, then\n",
			want: []string{},
		},
		{
			name: "shell",
			src: "#!/bin/sh\nset -e\n\nusage() {\n  echo \"usage }\"\n}\n\nfunction build {\n  if [ -n \"$1\" ]; then\n    echo {\n  fi\n}\n\n" +
				"main()\n{\n  build\n}\nmain \"$@\"\n",
			want: []string{
				"usage [4-6] function usage()", "build [8-12] function function build", "main [14-17] function main()",
			},
		},
		{
			name: "Perl packages and subs",
			src: "#!/usr/bin/perl\npackage Foo::Bar;\nuse strict;\n\nsub new {\n    my ($class) = @_;\n    return bless {}, $class;\n}\n\n" +
				"sub run {\n    my $self = shift;\n    if ($x) {\n        print \"}\";\n    }\n}\n\npackage main;\nFoo::Bar->new->run;\n",
			want: []string{
				"Foo::Bar [2-15] package package Foo::Bar", "  new [5-8] function sub new", "  run [10-15] function sub run",
				"main [17-18] package package main",
			},
		},
		{
			name: "INI",
			src:  "; global\nname = demo\n\n[database]\nhost = localhost\nport = 5432\n\n[server.http]\nlisten = 0.0.0.0 ; all\n\n",
			want: []string{
				"name [2-2] var name = demo", "database [4-6] table", "  host [5-5] key host = localhost",
				"  port [6-6] key port = 5432", "server.http [8-9] table", "  listen [9-9] key listen = 0.0.0.0 ; all",
			},
		},
		{
			name: "R",
			src:  "library(x)\n\nadd <- function(a, b) {\n  a + b\n}\n\nmul = function(a, b) {\n  if (a) {\n    1\n  }\n  a * b\n}\nx <- 5\n",
			want: []string{"add [3-5] function add <- function(a, b)", "mul [7-12] function mul = function(a, b)"},
		},
		{
			name: "indented bodies",
			src:  "class Foo(Base):\n    x = 1\n\n    def bar(self):\n        return 1\n\n    async def baz(self):\n        pass\n\ndef top():\n    pass\n",
			want: []string{
				"Foo [1-8] class class Foo(Base)", "  bar [4-5] method def bar(self)", "  baz [7-8] method async def baz(self)",
				"top [10-11] function def top()",
			},
		},
		{
			name: "end keywords",
			src:  "module Foo\n  class Bar\n    def baz\n      1\n    end\n\n    def qux!\n    end\n  end\nend\n",
			want: []string{
				"Foo [1-10] module module Foo", "  Bar [2-9] class class Bar", "    baz [3-5] method def baz",
				"    qux! [7-8] method def qux!",
			},
		},
		{
			name: "flat bodies",
			src:  "subroutine foo(x)\ninteger x\nx = 1\nend subroutine\n\nfunction bar(y)\nbar = y\nend function\n",
			want: []string{"foo [1-4] function subroutine foo(x)", "bar [6-8] function function bar(y)"},
		},
		{
			name: "named blocks",
			src:  "server {\n    listen 80;\n    location / {\n        root /var/www;\n    }\n    location /api {\n        proxy_pass http://x;\n    }\n}\n",
			want: []string{"server [1-9] block server", "  location / [3-5] block location /", "  location /api [6-8] block location /api"},
		},
		{
			name: "Gradle",
			src:  "plugins {\n    id 'java'\n}\n\nrepositories {\n    mavenCentral()\n}\n\ntask hello {\n    doLast {\n        println 'Hello'\n    }\n}\n",
			want: []string{"plugins [1-3] block plugins", "repositories [5-7] block repositories", "hello [9-13] function task hello"},
		},
		{
			name: "Tcl",
			src:  "proc greet {name} {\n    puts \"Hello $name\"\n}\n",
			want: []string{"greet [1-3] function proc greet {name}"},
		},
		{
			name: "unbalanced brace falls back to indentation",
			src:  "foo() {\n  echo hi\n\nbar\n",
			want: []string{"foo [1-2] function foo()"},
		},
		{
			name: "titles",
			src: "=======\n Guide\n=======\n\nIntro.\n\nInstall\n-------\n\nRun it.\n\nUsage\n-----\n\nMore.\n\nAdvanced\n~~~~~~~~\n\nDeep.\n\n" +
				"Appendix\n--------\n\nEnd.\n",
			want: []string{
				"Guide [1-25] heading", "  Install [7-10] heading", "  Usage [12-20] heading", "    Advanced [17-20] heading",
				"  Appendix [22-25] heading",
			},
		},
		{
			name: "CRLF",
			src:  "[a]\r\nx = 1\r\n\r\n[b]\r\ny = 2\r\n",
			want: []string{"a [1-2] table", "  x [2-2] key x = 1", "b [4-5] table", "  y [5-5] key y = 2"},
		},
		{
			name: "C declarations are not definitions",
			src:  "struct point {\n    int x;\n};\nstruct point *next;\nstruct point p;\nconst struct point *q = &p;\n",
			want: []string{"point [1-3] struct struct point"},
		},
		{
			name: "one-line subs",
			src:  "package P;\nsub one { 1 }\nsub two { 2 }\n\nsub three {\n    3;\n}\n",
			want: []string{"P [1-7] package package P", "  one [2-2] function sub one { 1}", "  two [3-3] function sub two { 2}", "  three [5-7] function sub three"},
		},
		{
			name: "Vim script",
			src:  "function s:helper(lnum)\n  return a:lnum\nendfunction\n\nlet X = function('getline')\n",
			want: []string{"s:helper [1-3] function function s:helper(lnum)"},
		},
		{
			name: "Debian control fields are not rules",
			src:  "Format: https://example.com/\nFiles: *\nCopyright: 2024 A\n\t2023 B\nLicense: MIT\n\tPermission is granted\n",
			want: []string{},
		},
		{
			name: "code fences are not underlines",
			src:  "Run:\n\n```js\nfoo();\n```\n\nthen:\n~~~\nnpm install\n~~~\n",
			want: []string{},
		},
		{
			name: "prose opening with a keyword",
			src:  "When you split your\nprogram into multiple worker processes, we can react more\npackage managers differ.\n",
			want: []string{},
		},
		{
			name: "log",
			src:  "2024-05-01 12:00:00 INFO start\n2024-05-01 12:00:01 WARN slow\n[2024-05-01 12:00:02] ERROR boom\n",
			want: []string{},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := []byte(tc.src)
			syms := fallbackHeuristics(src, CountLines(src))
			if err := CheckSymbols(syms, CountLines(src)); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, dataSymLines(syms)); diff != "" {
				t.Errorf("fallbackHeuristics(%q) (-want +got):\n%s", tc.src, diff)
			}
		})
	}
}

// TestFallbackSparse: a few stray matches in a long file give way to landmarks.
func TestFallbackSparse(t *testing.T) {
	var b strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&b, "2024-05-01 12:00:%02d INFO request %d served\n", i%60, i)
		if i == 500 {
			b.WriteString("RETRIES=3\n")
		}
	}
	f := Map(context.Background(), "app.log", []byte(b.String()), Options{})
	if len(f.Symbols) != landmarkParts || f.Symbols[0].Kind.String() != "landmark" {
		t.Errorf("MapFile(app.log) = %v, want %d landmarks", dataSymLines(f.Symbols)[:3], landmarkParts)
	}
}

// TestFallbackThroughMapFile: a file no language claims is mapped by the heuristics.
func TestFallbackThroughMapFile(t *testing.T) {
	f := Map(context.Background(), "Makefile", []byte("all: build\n\nbuild:\n\tgo build\n\ntest:\n\tgo test\n"), Options{})
	if diff := cmp.Diff([]string{"all [1-1] rule all: build", "build [3-4] rule build", "test [6-7] rule test"}, dataSymLines(f.Symbols)); diff != "" {
		t.Errorf("MapFile(Makefile) (-want +got):\n%s", diff)
	}
}

// genFallbackInput returns about size bytes of what unclaimed files hold: log lines and prose,
// and, when defs, a shell function and an INI section every few hundred lines.
func genFallbackInput(size int, defs bool) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < size; i++ {
		for j := range 40 {
			fmt.Fprintf(&b, "2024-05-01 12:%02d:%02d INFO [worker-%d] request /api/v1/items/%d served in %d ms\n", j%60, i%60, j%8, i*40+j, j*3)
		}
		for range 10 {
			b.WriteString("The quick brown fox jumps over the lazy dog, then the type of fox is noted: it is quick.\n")
		}
		if defs && i%4 == 0 {
			fmt.Fprintf(&b, "build_%d() {\n  if [ -n \"$1\" ]; then\n    echo \"building {$1}\"\n  fi\n}\n\n", i)
			fmt.Fprintf(&b, "[section_%d]\nhost = example.com\nport = %d\n\n", i, i%65536)
		}
	}
	return b.Bytes()
}

// BenchmarkFallback measures the heuristics on 32 MB of logs and prose, with and without
// definitions among them.
func BenchmarkFallback(b *testing.B) {
	for _, defs := range []bool{false, true} {
		src := genFallbackInput(32<<20, defs)
		lines := CountLines(src)
		b.Run(fmt.Sprintf("defs=%t", defs), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			var n int
			for b.Loop() {
				n = len(fallbackHeuristics(src, lines))
			}
			b.ReportMetric(float64(n), "symbols")
		})
	}
}

// FuzzFallback: the heuristics never panic and keep every range inside the file.
func FuzzFallback(f *testing.F) {
	f.Add([]byte("all: x\n\tcc\n[s]\nk = v\nfoo() {\n}\nTitle\n=====\n"))
	f.Add([]byte("def a\n  def b\n    x\n  end\nend\n{\n}}}{{{\n"))
	f.Add([]byte("====\n Title\n====\nclass A:\n\tdef f(): {\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		lines := CountLines(src)
		if err := CheckSymbols(fallbackHeuristics(src, lines), lines); err != nil {
			t.Fatal(err)
		}
	})
}
