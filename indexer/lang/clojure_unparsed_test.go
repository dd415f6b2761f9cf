package lang

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/readmap/readmap/store"
)

// TestClojureUnparsed: the reader reports the lines of each chunk a string or form left open
// (from the string, or the innermost form still open, to the chunk's last line); the chunks
// after it are read. The line heuristics know Clojure's definitions at the left margin, which
// the map then keeps whether or not the reader did; the summary is the reader's own.
func TestClojureUnparsed(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name, src string
		want      [][2]int
	}{
		{"unterminated string", "(defn a [x]\n  \"oops)\n\n(defn later [] 1)\n", [][2]int{{2, 2}}},
		{"unclosed form", "(ns x.core)\n(defn a [x]\n  (let [y x]\n    y)\n\n(defn later [] 1)\n", [][2]int{{2, 4}}},
		{"valid", "(ns x.core)\n(defn a [x]\n  x)\n\n(defn later [] 1)\n", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := (&cljMapper{}).Map(ctx, []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, res.Unparsed); diff != "" {
				t.Errorf("Unparsed of %q (-want +got):\n%s", tc.src, diff)
			}
			m := Map(ctx, "x.clj", []byte(tc.src), Options{})
			if !slices.ContainsFunc(m.Symbols, func(s store.Symbol) bool { return s.Name == "later" }) {
				t.Errorf("Map(%q) lost later: %v", tc.src, m.Symbols)
			}
			if tc.want != nil && !strings.Contains(m.Summary, "unbalanced") {
				t.Errorf("Map(%q): summary %q does not say the brackets are unbalanced", tc.src, m.Summary)
			}
			var heuristic []string
			for _, h := range fallbackHeuristics([]byte(tc.src), m.Lines) {
				heuristic = append(heuristic, h.Kind.String()+" "+h.Name)
			}
			if !slices.Contains(heuristic, "function later") {
				t.Errorf("fallbackHeuristics(%q) = %v, want function later among them", tc.src, heuristic)
			}
		})
	}
}

// TestFallbackClojure: the line heuristics read Clojure's definition forms at the left margin,
// after metadata written as one token, and nothing else that starts with a parenthesis.
func TestFallbackClojure(t *testing.T) {
	src := "(ns my.app\n  (:require [a.b :as b]))\n\n(def ^:dynamic *x* 1)\n(defn- helper [x]\n  (inc x))\n" +
		"(defmethod area :circle [c]\n  1)\n(defrecord Point [x y])\n(println \"hi\")\n  (defn indented [])\n(def ^{:doc \"d\"} skipped 2)\n"
	var got []string
	for _, h := range fallbackHeuristics([]byte(src), CountLines([]byte(src))) {
		got = append(got, h.Kind.String()+" "+h.Name)
	}
	want := []string{"namespace my.app", "var *x*", "function helper", "method area", "struct Point"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("fallbackHeuristics (-want +got):\n%s", diff)
	}
}
