package lang

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/readmap/readmap/store"
)

// cljSyms maps src with the Clojure mapper and returns its symbols as "signature [a-b]" lines.
func cljSyms(t testing.TB, src string) ([]string, *Result) {
	res, err := (&cljMapper{}).Map(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckSymbols(res.Symbols, CountLines([]byte(src))); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, s := range res.Symbols {
		out = append(out, fmt.Sprintf("%s%s [%d-%d]", strings.Repeat("  ", s.Depth), s.Signature, s.StartLine, s.EndLine))
	}
	return out, res
}

// TestClojureReaderEdges maps the forms whose extent a careless reader gets wrong.
func TestClojureReaderEdges(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"string with brackets and escapes", "(def a \"x \\\" ) (\")\n(defn b [] 1)", []string{"def a [1-1]", "defn b [] [2-2]"}},
		{"multi-line string", "(def doc \"one\n(defn no [])\n\")\n(def c 1)", []string{"def doc [1-3]", "def c [4-4]"}},
		{"characters", "(defn c [] [\\( \\) \\\" \\; \\[ \\space \\newline \\u0041 \\é])\n(def d 1)", []string{"defn c [] [1-1]", "def d [2-2]"}},
		{"regex", "(def r #\"\\(\\\"[)]\")\n(def s 2)", []string{"def r [1-1]", "def s [2-2]"}},
		{"comments", "#!/usr/bin/env bb\n; (defn no [])\n(defn yes [] ; )\n  1)", []string{"defn yes [] [3-4]"}},
		{"stacked discards", "#_ #_ (def x 1) (def y 2)\n(def z 3)\n#_(def w [\n])", []string{"def z [2-2]"}},
		{"metadata starts the range", ";; not in it\n^:private\n(defn m [])\n(def ^{:doc \"d\"} n 1)", []string{"defn m [] [2-3]", "def n [4-4]"}},
		{"quoted and templates", "'(defn quoted [])\n(quote (def q 1))\n`(defn t [] ~(def u 1))\n(def v 1)", []string{"def v [4-4]"}},
		{"dispatch forms", "(def m #:a{:b 1})\n(def i ##Inf)\n(def t #inst \"2020\")\n(def f #(+ % 1))\n(def st #{1 2})\n(def e #=(+ 1 2))",
			[]string{"def m [1-1]", "def i [2-2]", "def t [3-3]", "def f [4-4]", "def st [5-5]", "def e [6-6]"}},
		{"reader conditionals", "#?(:clj (defn p [])\n   :cljs (defn p [x]))\n#?@(:clj [(def q 1)])",
			[]string{"#?(:clj) defn p [] [1-1]", "#?(:cljs) defn p [x] [2-2]", "#?@(:clj) def q [3-3]"}},
		{"metadata in a branch", "#?(:clj ^:private (defn h []))", []string{"#?(:clj) defn h [] [1-1]"}},
		{"nested definitions", "(do\n  (defn a [] (def b 1)))", []string{"defn a [] [2-2]", "  def b [2-2]"}},
		{"not names", "(defn [x] 1)\n(def ~x 1)\n(default :a)\n(defn ok [])", []string{"defn ok [] [4-4]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, res := cljSyms(t, tc.src)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("Map(%q) =\n%s\nwant\n%s", tc.src, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			if res.Summary != "" {
				t.Errorf("Map(%q): summary %q on well-formed input", tc.src, res.Summary)
			}
		})
	}
}

// TestClojureUnbalanced: a missing or stray bracket costs its own top-level form, not the rest
// of the file, and the summary says where.
func TestClojureUnbalanced(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"missing close", "(defn broken [x]\n  (let [y x]\n\n(defn after [] 1)\n", []string{"defn broken [x] [1-2]", "defn after [] [4-4]"}},
		{"stray close", "(def a 1))\n)\n(defn ok [])", []string{"def a [1-1]", "defn ok [] [3-3]"}},
		{"unterminated string", "(def a \"oops)\n(defn later [])\n", []string{"def a [1-1]", "defn later [] [2-2]"}},
		{"prefix with no form", "(def a ')\n(def b 1)", []string{"def a [1-1]", "def b [2-2]"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, res := cljSyms(t, tc.src)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("Map(%q) =\n%s\nwant\n%s", tc.src, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			if !strings.Contains(res.Summary, "unbalanced") {
				t.Errorf("Map(%q): summary %q does not say the brackets are unbalanced", tc.src, res.Summary)
			}
		})
	}
}

// TestClojureTooManyForms: a file of more forms than the reader keeps is mapped up to where it
// stopped, and the summary says so.
func TestClojureTooManyForms(t *testing.T) {
	src := "(def a 1)\n[" + strings.Repeat("1 ", cljMaxNodes) + "]\n(def b 2)\n"
	for _, m := range []Mapper{&cljMapper{}, &ednMapper{}} {
		res, err := m.Map(context.Background(), []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(res.Summary, "mapped up to line 2") || len(res.Symbols) == 0 || res.Symbols[0].Name != "a" && res.Symbols[0].Name != "(def a 1)" {
			t.Errorf("%T: summary %q, symbols %v", m, res.Summary, res.Symbols)
		}
	}
}

// TestClojureImports reads requires, uses and imports in their every shape.
func TestClojureImports(t *testing.T) {
	src := `(ns a.b
  (:refer-clojure :exclude [map])
  (:require [c.d :as d] e.f (g [h :as h] i) ["react" :as react]
            #?(:clj [j.k] :cljs [l.m])
            #?@(:clj [[n.o :refer [p]]]))
  (:use [q.r :only [s]])
  (:import (java.util Date UUID) java.io.File [java.net URI]))
(require '[t.u :as u])`
	_, res := cljSyms(t, src)
	want := "c.d e.f g.h g.i react j.k l.m n.o q.r java.util.Date java.util.UUID java.io.File java.net.URI t.u"
	if got := strings.Join(res.Imports, " "); got != want {
		t.Errorf("imports = %s\nwant      %s", got, want)
	}
}

// TestEDNKeys maps an EDN file's key tree.
func TestEDNKeys(t *testing.T) {
	src := "{:a 1\n :b {:c \"x\"\n     :d [1 2]}\n ^:m #:n{:e nil}\n #{1} :f}"
	res, err := (&ednMapper{}).Map(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range res.Symbols {
		got = append(got, fmt.Sprintf("%s%s [%d-%d]", strings.Repeat("  ", s.Depth), s.Signature, s.StartLine, s.EndLine))
	}
	want := []string{":a number [1-1]", ":b {}(2) [2-3]", "  :c string [2-2]", "  :d [](2) of number [3-3]",
		"^:m #:n{:e nil} #{}(1) of number [4-5]", ":f nil [5-5]"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Map(%q) =\n%s\nwant\n%s", src, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// cljPathological are inputs that would cost a recursive or careless reader its stack or
// quadratic time.
func cljPathological(n int) map[string][]byte {
	return map[string][]byte{
		"deep lists":      []byte(strings.Repeat("(", n) + strings.Repeat(")", n)),
		"deep unclosed":   []byte(strings.Repeat("(defn f [x]\n", n/10)),
		"stacked discard": []byte(strings.Repeat("#_", n) + "(def x 1)"),
		"stacked meta":    []byte(strings.Repeat("^:a ", n) + "(def x 1)"),
		"stray closers":   []byte(strings.Repeat(")\n(", n/2)),
		"conditionals":    []byte(strings.Repeat("#?(:clj ", n) + "(def x 1)" + strings.Repeat(")", n)),
		"strings":         []byte(strings.Repeat("\"\\\"(\"", n)),
	}
}

// TestClojureLarge maps 100,000 units of each pathological input with the Clojure and EDN
// mappers: no panic, no stack overflow, and the invariants hold. How the time grows with the size
// is BenchmarkPathological's (a test does not time: a slow machine must not fail it).
func TestClojureLarge(t *testing.T) {
	for name, src := range cljPathological(100_000) {
		for _, m := range []Mapper{&cljMapper{}, &ednMapper{}} {
			res, err := m.Map(context.Background(), src)
			if err != nil {
				t.Fatal(err)
			}
			if err := CheckSymbols(res.Symbols, CountLines(src)); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
	}
}

// FuzzClojureReader: the Clojure and EDN mappers never panic, keep every range inside the file
// and every child inside its parent.
func FuzzClojureReader(f *testing.F) {
	for _, s := range []string{
		"(ns a (:require [b :as c]))\n(defn f ([x] x) ([x y] y))",
		"#?(:clj (defn p []) :cljs (def q 1))\n#?@(:clj [(def r 2)])",
		"^:private (defn- m \"doc\" {:a 1} [\\( \\) \\space] #\"re\\\"\" ##Inf #inst \"x\")",
		"(defprotocol P (a [x]) (b [x] [x y]))\n(defrecord R [a] P (a [_] 1))",
		"#_ #_ (def x) (def y)\n`(defn ~n [])\n'(def q)",
		"{:a {:b [1 2 #{3}] :c #:n{:d nil}}}",
		"(defn broken [\n(def ok 1)\n)))",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, m := range []Mapper{&cljMapper{}, &ednMapper{}} {
			res, err := m.Map(context.Background(), src)
			if err != nil {
				continue
			}
			if err := CheckSymbols(res.Symbols, CountLines(src)); err != nil {
				t.Fatal(err)
			}
			for _, s := range res.Symbols {
				if _, edn := m.(*ednMapper); edn {
					continue // EDN keys are any form, as written
				}
				if s.Name == "" || strings.ContainsAny(s.Name[:1], "()[]{}\"'`~@^") {
					t.Fatalf("symbol named %q", s.Name)
				}
				if s.Kind == store.KindUnknown {
					t.Fatalf("symbol %q of no kind", s.Name)
				}
			}
		}
	})
}

// BenchmarkClojureMapper maps the Clojure sources of Clojure's jar (clojure/core.clj and the
// rest, about 790 KB) and reports MB/s. There is no other Clojure mapper to compare with: before
// this one, Clojure files got the line heuristics.
func BenchmarkClojureMapper(b *testing.B) {
	tuned := true
	files, _ := cljCorpus(b, b.TempDir(), &tuned)
	if len(files) == 0 {
		b.Skip("SKIP: no Clojure sources (apt-get install clojure)")
	}
	var srcs [][]byte
	total := 0
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, src)
		total += len(src)
	}
	m := &cljMapper{}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	cpu := cljCPUTime()
	for b.Loop() {
		for _, src := range srcs {
			if _, err := m.Map(context.Background(), src); err != nil {
				b.Fatal(err)
			}
		}
	}
	// MB per second of the process's CPU time, which other work on the machine does not inflate
	// (with -cpu 1 the garbage collector's share is in it too).
	if used := cljCPUTime() - cpu; used > 0 && cpu > 0 {
		b.ReportMetric(float64(total)*float64(b.N)/1e6/used.Seconds(), "cpu-MB/s")
	}
	b.ReportMetric(float64(len(srcs))*float64(b.N)/b.Elapsed().Seconds(), "files/s")
}
