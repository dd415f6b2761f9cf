package edit

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// randomText is a text of n lines drawn from a few, so that --old texts repeat and diffs have
// something to align.
func randomText(rng *rand.Rand, n int, eol string) string {
	words := []string{"alpha", "beta", "gamma", "delta", "\tindent", "", "return x", "}"}
	var b strings.Builder
	for range n {
		b.WriteString(words[rng.IntN(len(words))])
		b.WriteString(fmt.Sprint(rng.IntN(5)))
		b.WriteString(eol)
	}
	return b.String()
}

// applyPatch applies a unified diff to old, strictly: every context and removed line must be the
// old text's, at the line its hunk names. (The library's ApplyUnified takes diffs without
// context only.)
func applyPatch(old, diff string) (string, error) {
	src := strings.SplitAfter(old, "\n")
	if src[len(src)-1] == "" {
		src = src[:len(src)-1]
	}
	var out []string
	at := 0 // lines of src used
	lines := strings.SplitAfter(diff, "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		noEOL := i+1 < len(lines) && strings.HasPrefix(lines[i+1], "\\ No newline at end of file")
		body := l
		if len(l) > 0 {
			body = l[1:]
		}
		if noEOL {
			body = strings.TrimSuffix(body, "\n")
			i++
		}
		switch {
		case l == "" || strings.HasPrefix(l, "--- ") || strings.HasPrefix(l, "+++ "):
		case strings.HasPrefix(l, "@@"):
			var from int
			if _, err := fmt.Sscanf(l, "@@ -%d", &from); err != nil {
				return "", fmt.Errorf("bad hunk header %q", l)
			}
			if from == 0 {
				from = 1
			}
			if from-1 < at {
				return "", fmt.Errorf("hunk at %d goes back", from)
			}
			out = append(out, src[at:from-1]...)
			at = from - 1
		case l[0] == ' ' || l[0] == '-':
			if at >= len(src) || src[at] != body {
				return "", fmt.Errorf("line %d is %q, the diff says %q", at+1, src[min(at, len(src)-1)], body)
			}
			if l[0] == ' ' {
				out = append(out, body)
			}
			at++
		case l[0] == '+':
			out = append(out, body)
		default:
			return "", fmt.Errorf("bad line %q", l)
		}
	}
	return strings.Join(append(out, src[at:]...), ""), nil
}

// checkDiff applies the change's diff to the old text and compares with the new.
func checkDiff(t *testing.T, old string, c *Change) {
	t.Helper()
	diff := c.Diff("f.txt")
	got, err := applyPatch(old, diff)
	if err != nil || got != string(c.Text) {
		t.Fatalf("the diff does not apply back (%v):\nold %q\nnew %q\ndiff:\n%s\napplied %q", err, old, c.Text, diff, got)
	}
}

// TestDiffAppliesBack: for random batches of edits on random texts, the diff built from the changed
// regions alone, applied to the old text, gives the new one.
func TestDiffAppliesBack(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 13))
	for i := range 400 {
		eol := []string{"\n", "\r\n"}[i%2]
		old := randomText(rng, 5+rng.IntN(80), eol)
		if i%7 == 0 {
			old = strings.TrimSuffix(old, eol) // no final newline
		}
		var edits []Edit
		for range 1 + rng.IntN(4) {
			lines := strings.SplitAfter(old, eol)
			a := rng.IntN(len(lines))
			b := min(len(lines), a+1+rng.IntN(3))
			target := strings.Join(lines[a:b], "")
			if strings.TrimSpace(target) == "" {
				continue
			}
			edits = append(edits, Edit{Old: ptr(target), New: ptr(randomText(rng, rng.IntN(4), "\n")), All: true})
		}
		if len(edits) == 0 {
			continue
		}
		doc, _ := Parse([]byte(old))
		c, err := Apply(doc, edits, Options{Display: "f.txt"})
		if err != nil {
			continue // an edit whose text an earlier one removed
		}
		if !c.Unchanged {
			checkDiff(t, old, c)
		}
	}
}

// TestDiffGitApply: git apply takes the diff, from the root, as git diff writes it.
func TestDiffGitApply(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	old := randomText(rand.New(rand.NewPCG(1, 1)), 300, "\n")
	if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(old, "\n")
	doc, _ := Parse([]byte(old))
	c, err := Apply(doc, []Edit{
		{Old: ptr(lines[10] + lines[11]), New: ptr("ten\n"), All: true},
		{Old: ptr(lines[250]), New: ptr("two fifty\nand more\n"), All: true},
	}, Options{Display: "f.txt"})
	if err != nil {
		t.Fatal(err)
	}
	patch := filepath.Join(dir, "p.diff")
	if err := os.WriteFile(patch, []byte(c.Diff("f.txt")), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("git", "apply", "--unsafe-paths", "p.diff")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git apply: %v\n%s", err, out)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "f.txt")); !bytes.Equal(got, c.Text) {
		t.Errorf("git apply gave another text")
	}
}

// FuzzApply: any edit of any text either fails with a reason or gives a text whose diff applies
// back and whose bytes before the first and after the last changed region are the old ones.
func FuzzApply(f *testing.F) {
	f.Add("a\nb\nc\n", "b\n", "B\n", false)
	f.Add("x\r\ny\r\n", "x\ny", "z", true)
	f.Add("caf\xe9\n  “q”\n", `"q"`, "r", false)
	f.Fuzz(func(t *testing.T, src, old, new string, all bool) {
		if len(src) > 4096 || old == "" {
			return
		}
		doc, err := Parse([]byte(src))
		if err != nil {
			return
		}
		c, err := Apply(doc, []Edit{{Old: &old, New: &new, All: all}}, Options{Display: "f"})
		if err != nil || c.Unchanged || doc.Charset != "" {
			return
		}
		checkDiff(t, string(doc.Text), c)
		rs := c.Regions()
		first, last := rs[0], rs[len(rs)-1]
		if !bytes.Equal(doc.Text[:first.oldStart], c.Text[:first.newStart]) ||
			!bytes.Equal(doc.Text[last.oldEnd:], c.Text[last.newEnd:]) {
			t.Fatalf("bytes outside the regions changed: %q -> %q (%+v)", doc.Text, c.Text, rs)
		}
	})
}
