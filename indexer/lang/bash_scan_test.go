package lang

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// bashScanCases are sources that exercise the Bash scanner's lexing, with their maps; the
// tree-sitter walk must agree on each, but where it says why not.
var bashScanCases = []scannerCase{
	{name: "functions and variables", src: "#!/bin/bash\nA=1\nf() {\n  local x=2\n}\nfunction g {\n  :\n}\nfunction h() ( : )\nk ()\n{\n  :\n}\n",
		want: []string{
			"var A [2-2] A=1",
			"function f [3-5] f()",
			"function g [6-8] function g",
			"function h [9-9] function h()",
			"function k [10-13] k ()",
		}},
	{name: "declarations", src: "export A=1 B\nreadonly C\ndeclare -r D=2\ndeclare -a E=(1 2) F\nlocal -i G=3\ntypeset H\nexport -n I\n",
		want: []string{
			"var A [1-1] export A=1 B",
			"var B [1-1] export A=1 B",
			"const C [2-2] readonly C",
			"const D [3-3] declare -r D=2",
			"var E [4-4] declare -a E=(1 2) F",
			"var F [4-4] declare -a E=(1 2) F",
			"var G [5-5] local -i G=3",
			"var H [6-6] typeset H",
			"var I [7-7] export -n I",
		}},
	{name: "assignments", src: "a=1 # c\nb+=x\nc[1]=2\nd=(1\n  2) # }\ne=\nx=1 cmd\ny=1 z=2\n",
		want: []string{"var a [1-1] a=1", "var b [2-2] b+=x", "var c[1] [3-3] c[1]=2", "var d [4-5] d=(1", "var e [6-6] e"}},
	{name: "lists and pipelines", src: "f() { :; } && complete -F f g\nx=1 && y=2 || z=3\nw=1 | cat\n! v=1\nu=1; t=2 &\n",
		want: []string{"function f [1-1] f()", "var x [2-2] x=1", "var y [2-2] y=2", "var z [2-2] z=3", "var u [5-5] u=1", "var t [5-5] t=2"}},
	{name: "compound commands", src: "if true; then a=1; fi\nfor i in 1 2; do b=1; done\nwhile :; do c=1; done\n{ d=1; }\n( e=1 )\ncase x in y) f=1 ;; esac\n[[ -n x ]] && g=1\n",
		want: []string{"var g [7-7] g=1"}},
	{name: "quotes and expansions", src: "a=\"$(echo \")\")\"\nb='}'\nc=${x:-'}'}\nd=$'\\''\ne=`echo }`\nf=$((1 + (2)))\ng() { echo \"${h#\\}}\"; }\n",
		want: []string{
			`var a [1-1] a="$(echo ")")"`,
			"var b [2-2] b='}'",
			"var c [3-3] c=${x:-'}'}",
			`var d [4-4] d=$'\''`,
			"var e [5-5] e=`echo}`",
			"var f [6-6] f=$((1 + (2)))",
			"function g [7-7] g()",
		}},
	{name: "here-documents", src: "cat <<EOF\nf() {\nEOF\ncat <<-'X'\n\t}\n\tX\nh() { cat <<<\"}\"; }\ni=$(cat <<E\n)\nE\n)\n",
		want: []string{"function h [7-7] h()", "var i [8-11] i=$(cat <<E"}},
	{name: "here-documents on one line", src: "cat <<-'X' <<\"Y\"\n\t}\n\tX\ng() {\nY\nh() { :; }\n",
		want:    []string{"function h [6-6] h()"},
		differs: "the grammar reads a second here-document on a line as a syntax error"},
	{name: "case patterns", src: "f() {\n  case $1 in\n    a|b) x=1 ;;\n    (c) y=2 ;&\n    d) ;;&\n    *) esac\n}\ng=1\n",
		want: []string{"function f [1-7] f()", "var g [8-8] g=1"}},
	{name: "comments", src: "# f() {\na=1 # }\nb='#'x # '\necho a#b; c=2\n",
		want: []string{"var a [2-2] a=1", "var b [3-3] b='#'x", "var c [4-4] c=2"}},
	{name: "sources", src: "source ./a.sh\n. \"b.sh\"\nsource $DIR/c.sh x\n[ -f d ] && . d.sh\n. e.sh 2>/dev/null\nif true; then . f.sh; fi\n",
		want: []string{"import ./a.sh", "import b.sh", "import $DIR/c.sh", "import d.sh"}},
	{name: "extended globs", src: "shopt -s extglob\nf() {\n  case $1 in\n    @(a|b)) x=1 ;;\n    !(*.c)) ;;\n  esac\n  [[ $2 == +([0-9]) ]]\n}\ng=1\n",
		want: []string{"function f [2-8] f()", "var g [9-9] g=1"}},
	{name: "extended globs after a prefix", src: "f() {\n  [[ $1 == --@(a|b) ]] && x=1\n}\ng=1\n",
		want:    []string{"function f [1-3] f()", "var g [4-4] g=1"},
		differs: "the grammar reads an extended glob after other bytes of a word as a syntax error, and loses g"},
	{name: "regular expressions", src: "f() {\n  [[ $1 =~ ^(a|b c)$ ]] && x=1\n  [[ $1 =~ [[:space:]]+ ]]\n}\ng=1\n",
		want: []string{"function f [1-4] f()", "var g [5-5] g=1"}},
	{name: "every construct", src: "#!/bin/bash\n" +
		"shopt -s extglob\n" +
		"a=( [0]=x [1]=\"y z\"  # comment )\n" +
		"  w )\n" +
		"b=${a[@]//@(x|y)/q}\n" +
		"c=\"${b:-\"}\"}\"\n" +
		"d=$(case $b in (x) echo ')' ;; y) echo \"(\" ;; esac)\n" +
		"e=`echo \\`echo hi\\``\n" +
		"f=$(( (1+2) * 3 ))\n" +
		"g=$'a\\'b'\n" +
		"h=$\"loc\"\n" +
		"cat <<EOF | sed 's/x/y/' && i=1\n" +
		"$(not parsed) ${nor this\n" +
		"EOF\n" +
		"cat <<-'EOF1' <<EOF2\n" +
		"\tone\n" +
		"\tEOF1\n" +
		"two\n" +
		"EOF2\n" +
		"while read -r l; do :; done < <(echo x)\n" +
		"for ((j=0; j<3; j++)); do :; done\n" +
		"for k in 1 2 3\n" +
		"do :; done\n" +
		"select s in a b; do break; done\n" +
		"until true; do :; done\n" +
		"if [[ $a =~ ^(x|y z)$ ]] && [[ $b == +([0-9]) ]]; then :; elif [ x ]; then :; else :; fi\n" +
		"{ :; } >/dev/null 2>&1\n" +
		"( cd / ) || true\n" +
		"function fa { :; }\n" +
		"function fb() ( : )\n" +
		"fc() [[ 1 ]]\n" +
		"fd() (( 1 ))\n" +
		"fe() if :; then :; fi\n" +
		"ff() for x in 1; do :; done\n" +
		"fg() case 1 in 1) ;; esac\n" +
		"fh ()\n" +
		"{\n" +
		"    local -a arr=(\"$@\")\n" +
		"    declare -A m=([k]=v)\n" +
		"    echo \"${arr[*]}\" \"${m[k]}\" ${#arr[@]} $# $? $$ $! $- $_ ${!m[@]}\n" +
		"}\n" +
		"x[1+2]=3\n" +
		"y+=(more)\n" +
		"echo a{b,c}d {1..3} ~/x *.sh ?(a) 2>&1 >&2 &>/dev/null {fd}>&- 3<>/tmp/x\n" +
		"coproc cat\n" +
		"time sleep 0\n" +
		"! false\n" +
		"echo done esac fi } then\n" +
		"echo $((1<<2)) $[1+1]\n" +
		"z=1 # trailing ) ( ` ' \"\n" +
		"[[ -f x ]] && source ./lib.sh\n" +
		"exec 3>&-\n" +
		"echo \"nested $(echo \"$(echo \")\")\")\"\n" +
		"echo '#not comment' \\# x#y\n" +
		"trap 'echo }' EXIT\n" +
		"eval \"f() { :; }\"\n" +
		"last=1\n",
		want: []string{
			"var a [3-4] a=([0]=x [1]=\"y z\" # comment)",
			"var b [5-5] b=${a[@]//@(x|y)/q}",
			"var c [6-6] c=\"${b:-\"}\"}\"",
			"var d [7-7] d=$(case $b in (x) echo ')' ;; y) echo \"(\" ;; esac)",
			"var e [8-8] e=`echo \\`echo hi\\``",
			"var f [9-9] f=$(((1+2) * 3))",
			"var g [10-10] g=$'a\\'b'",
			"var h [11-11] h=$\"loc\"",
			"var i [12-12] i=1",
			"function fa [29-29] function fa",
			"function fb [30-30] function fb()",
			"function fc [31-31] fc()",
			"function fd [32-32] fd()",
			"function fe [33-33] fe()",
			"function ff [34-34] ff()",
			"function fg [35-35] fg()",
			"function fh [36-41] fh ()",
			"var x[1+2] [42-42] x[1+2]=3",
			"var y [43-43] y+=(more)",
			"var z [50-50] z=1",
			"var last [57-57] last=1",
			"import ./lib.sh",
		},
		differs: "bash -O extglob -n reads it without errors; the grammar reads it with errors from its first line and maps 9 of its 21 symbols"},
}

// TestBashScanner maps each case and compares the map with the expected one and with the
// tree-sitter walk's.
func TestBashScanner(t *testing.T) {
	ts := newBashDiffWalks()
	runScannerCases(t, bashScanCases, bashScanner{}, "case.sh", func(st *scannerDiff, path string, src []byte) {
		bashScanDiffAdd(st, path, src, ts, nil)
	})
}

// TestBashScannerUnparsed: what a syntax error leaves unread is reported as line spans, and a
// valid file reports none.
func TestBashScannerUnparsed(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      [][2]int
	}{
		{"valid", "a=1\nf() {\n  case $1 in x) ;; esac\n}\n", nil},
		{"unclosed quote", "a=1\nb='x\nf() { :; }\n", [][2]int{{2, 3}}},
		{"unclosed double quote", "a=\"$(\nf() { :; }\n", [][2]int{{1, 2}}},
		{"unclosed block", "f() {\n  :\ng() { :; }\n", [][2]int{{1, 3}}},
		{"unclosed heredoc", "cat <<EOF\nf() { :; }\n", [][2]int{{1, 2}}},
		{"unclosed if", "if true; then\n  a=1\n", [][2]int{{1, 2}}},
		{"unclosed case", "case x in\n  a) :;;\n", [][2]int{{1, 2}}},
		{"coprocesses", "coproc cat\ncoproc NAME { cat; }\ncoproc ( cat )\ncoproc W while read; do :; done\n", nil},
		{"stray closer", "a=1\nfi\nb=2\n", [][2]int{{2, 2}}},
		{"stray parenthesis", "a=1\n)\nb=2\n", [][2]int{{2, 2}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := bashScanner{}.Map(context.Background(), []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, res.Unparsed); diff != "" {
				t.Errorf("unparsed spans (-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzBashScanner: the scanner never panics and keeps every range inside the file, every child
// inside its parent.
func FuzzBashScanner(f *testing.F) {
	for _, tc := range bashScanCases {
		f.Add([]byte(tc.src))
	}
	for _, s := range []string{"f() {", "}}}", "cat <<", "cat <<EOF", "\"$(\"$(", "a=(((", "'", "case x in", "[[ =~ (", "$'\\", "`", "${", "function"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		res, err := bashScanner{}.Map(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		lines := CountLines(src)
		if err := CheckSymbols(normalize(res.Symbols, lines), lines); err != nil {
			t.Fatal(err)
		}
		for _, sp := range res.Unparsed {
			if sp[0] < 1 || sp[0] > sp[1] || sp[1] > max(lines, 1) {
				t.Fatalf("unparsed span %v outside the file's %d lines", sp, lines)
			}
		}
		checkBashUses(t, src, res)
	})
}

// checkBashUses fails t unless the uses the mapper gathered (res.Uses) are those Uses gives for
// src, and every identifier EachIdentifier reports is a name (not starting with a digit) found at
// its line and column.
func checkBashUses(t *testing.T, src []byte, res *Result) {
	t.Helper()
	filter, names := Uses("Bash", src)
	if res.Uses == nil || !slices.Equal(res.Uses.Filter, filter) || !slices.Equal(res.Uses.Names, names) {
		t.Fatalf("the mapper's uses are not those Uses gives")
	}
	starts := lineStarts(src)
	EachIdentifier("Bash", src, func(name []byte, line, col int) {
		at := starts[line-1] + col - 1
		if len(name) == 0 || name[0] >= '0' && name[0] <= '9' || !bytes.Equal(src[at:at+len(name)], name) {
			t.Fatalf("identifier %q at %d:%d; the source holds %q there", name, line, col, src[at:min(at+len(name), len(src))])
		}
		for _, c := range name {
			if !isNameByte(c) {
				t.Fatalf("identifier %q at %d:%d holds %q", name, line, col, c)
			}
		}
	})
}

// TestBashIdentifiers: the names a script uses are those of its words, parameter expansions,
// arithmetic and command substitutions, inside "..." and unquoted here-documents too, each once
// where it is; not the text of strings, quoted here-documents or comments.
func TestBashIdentifiers(t *testing.T) {
	src := "#!/bin/bash\n" +
		"greet() { echo \"hello $1 $who\"; }\n" + // 2
		"msg=\"$(greet \"$name\")\" # a comment\n" + // 3
		"echo \"${user:-nobody} $((count + 1)) `date +%s` ${arr[idx]} $'x y' 'lit eral'\"\n" + // 4
		"cat <<EOT\n" + // 5
		"text $(cmd arg) $var ${other} \"quoted\"\n" + // 6
		"EOT\n" + // 7
		"cat <<'RAW'\n" + // 8
		"$(hidden) $also\n" + // 9
		"RAW\n" + // 10
		"coproc worker { run; }\n" + // 11
		"arr=(one \"two three\") x=$y\n" // 12
	var got []string
	EachIdentifier("Bash", []byte(src), func(name []byte, line, col int) {
		got = append(got, fmt.Sprintf("%d:%d:%s", line, col, name))
	})
	want := []string{"2:1:greet", "2:11:echo", "2:27:who",
		"3:1:msg", "3:8:greet", "3:16:name",
		"4:1:echo", "4:9:user", "4:15:nobody", "4:26:count", "4:39:date", "4:46:s", "4:51:arr", "4:55:idx",
		"5:1:cat", "5:7:EOT",
		"6:8:cmd", "6:12:arg", "6:18:var", "6:24:other",
		"8:1:cat",
		"11:1:coproc", "11:8:worker", "11:17:run",
		"12:1:arr", "12:6:one", "12:23:x", "12:26:y"}
	if !slices.Equal(got, want) {
		t.Errorf("identifiers\n%q\nwant\n%q", got, want)
	}
	res, err := bashScanner{}.Map(context.Background(), []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	checkBashUses(t, []byte(src), res)
}

// TestBashMapperGivesUses: the uses the scanner gathers as it reads are those Uses gives, on the
// fixture and bash-completion's scripts (the tuned corpus).
func TestBashMapperGivesUses(t *testing.T) {
	corpora := bashScanDiffCorpora()
	for _, path := range append(corpora[0].roots, corpora[1].roots...) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		res, err := bashScanner{}.Map(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(filepath.Base(path), func(t *testing.T) { checkBashUses(t, src, res) })
	}
}

// TestBashScannerPathological maps inputs built to break a scanner (deep nesting, unclosed
// everything, one huge line, invalid UTF-8): no panic, and the invariants hold. Not timed
// (BenchmarkBashMapper measures speed).
func TestBashScannerPathological(t *testing.T) {
	n := 100_000
	for name, src := range map[string]string{
		"deep blocks":          strings.Repeat("f() {\n", n) + strings.Repeat("}\n", n),
		"deep substitutions":   "a=" + strings.Repeat("\"$(", n),
		"deep parameters":      "a=" + strings.Repeat("${x:-", n),
		"deep arithmetic":      "a=" + strings.Repeat("$[$((", n),
		"deep ifs":             strings.Repeat("if a; then\n", n),
		"unclosed functions":   strings.Repeat("f() {\n", n),
		"heredoc openings":     strings.Repeat("cat <<EOF\n", n),
		"huge line":            strings.Repeat("a=1; ", 1<<20/5),
		"stray closers":        strings.Repeat("}\n", n),
		"quotes":               strings.Repeat("'\"", n),
		"invalid UTF-8":        strings.Repeat("\xff\xfe=() {\n", n),
		"case items":           "case x in\n" + strings.Repeat("a) ;;\n", n),
		"extended globs":       "a=" + strings.Repeat("@(", n),
		"arrays":               strings.Repeat("a=(", n),
		"regular expressions":  "[[ x =~ " + strings.Repeat("(", n),
		"unclosed backquotes":  strings.Repeat("a=`\n", n),
		"unclosed ansi quotes": strings.Repeat("a=$'\\'\n", n),
		// The names of a here-document's body and of backquotes are read by scans of their own.
		"heredoc backquotes":     "cat <<EOF\n" + strings.Repeat("`a ", n) + "\nEOF\n",
		"heredoc substitutions":  "cat <<EOF\n" + strings.Repeat("$(", n) + "\nEOF\n",
		"backquotes in a string": strings.Repeat("\"`", n),
		"unclosed heredocs":      strings.Repeat("cat <<E\n`$(", n),
	} {
		res, err := bashScanner{}.Map(context.Background(), []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckSymbols(normalize(res.Symbols, CountLines([]byte(src))), CountLines([]byte(src))); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		t.Run(name, func(t *testing.T) { checkBashUses(t, []byte(src), res) })
	}
}

// BenchmarkBashMapper measures the scanner ("scanner") against the tree-sitter walk it
// replaced, on bash-completion's scripts and the fixture.
func BenchmarkBashMapper(b *testing.B) {
	fixtures, _ := filepath.Glob("../../testdata/langs/*.sh")
	paths := bashScanDiffCorpora()[1].roots
	if len(paths) == 0 {
		b.Logf("SKIP: no bash-completion scripts (apt-get install bash-completion): the fixture only")
	}
	files, total := readBenchFiles(b, append(paths, fixtures...))
	b.Run("scanner", func(b *testing.B) { benchMapper(b, bashScanner{}, files, total) })
	b.Run("tree-sitter", func(b *testing.B) { benchMapper(b, newTSMapper(bashGrammar()), files, total) })
}
