package query_test

import (
	"context"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/readmap/readmap/query"
)

// TestRepoMapNeverExceedsItsBudget: over budgets from the smallest that fits an entry to 64 KiB,
// and over focus sets and folders, the map's text is never longer than its budget, lists each
// entry whole with a range, and its footer counts what it left out.
func TestRepoMapNeverExceedsItsBudget(t *testing.T) {
	st := gorootStore(t, "strings", "bytes", "bufio", "io", "errors", "unicode/utf8", "sort")
	ctx := context.Background()
	focusSets := [][]string{nil, {"bufio/scan.go"}, {"sort/sort.go", "io/pipe.go"}}
	checked := 0
	for budget := query.MinMapBudget; budget <= 64<<10; budget = budget*5/4 + 7 {
		for fi, focus := range focusSets {
			for _, folder := range []string{"", "bytes", "unicode"} {
				m, err := query.BuildRepoMap(ctx, st, query.RepoMapOptions{Budget: budget, Focus: focus, Folder: folder, Mention: []string{"Reader"}})
				var qe *query.Error
				if errors.As(err, &qe) && qe.Code == query.CodeUsage {
					if !strings.Contains(qe.Hint, "--budget ") {
						t.Errorf("budget %d: hint %q names no minimum", budget, qe.Hint)
					}
					continue
				}
				if err != nil {
					t.Fatalf("budget %d, focus %d, folder %q: %v", budget, fi, folder, err)
				}
				text := m.Text()
				if len(text) > budget {
					t.Fatalf("budget %d, focus %d, folder %q: %d bytes", budget, fi, folder, len(text))
				}
				for _, line := range strings.Split(text, "\n") {
					if strings.HasPrefix(line, "  ") && !strings.HasSuffix(line, "]") {
						t.Errorf("budget %d: entry without its range: %q", budget, line)
					}
				}
				if !strings.Contains(text, query.Thousands(m.LeftOut)+" more left out") {
					t.Errorf("budget %d: the footer does not count the %d left out", budget, m.LeftOut)
				}
				if m.Shown()+m.LeftOut != m.Definitions {
					t.Errorf("budget %d, folder %q: %d listed and %d left out of %d definitions", budget, folder, m.Shown(), m.LeftOut, m.Definitions)
				}
				for _, s := range m.Sections {
					if folder != "" && !strings.HasPrefix(s.Path, folder+"/") {
						t.Errorf("folder %q lists %s", folder, s.Path)
					}
				}
				checked++
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d maps built", checked)
	}
}

// TestRepoMapRefusesABudgetBelowItsFirstEntry: the smallest budget fails as a usage error naming
// the minimum, and that minimum then works.
func TestRepoMapRefusesABudgetBelowItsFirstEntry(t *testing.T) {
	st := gorootStore(t, "strings", "io")
	ctx := context.Background()
	_, err := query.BuildRepoMap(ctx, st, query.RepoMapOptions{Budget: query.MinMapBudget})
	var qe *query.Error
	if !errors.As(err, &qe) || qe.Code != query.CodeUsage {
		t.Fatalf("budget %d: %v, want a usage error", query.MinMapBudget, err)
	}
	least, err := strconv.Atoi(strings.Fields(strings.TrimPrefix(qe.Hint, "pass --budget "))[0])
	if err != nil {
		t.Fatalf("hint %q: %v", qe.Hint, err)
	}
	m, err := query.BuildRepoMap(ctx, st, query.RepoMapOptions{Budget: least})
	if err != nil || m.Shown() != 1 || len(m.Text()) > least {
		t.Fatalf("budget %d (the minimum named): %v, %d shown", least, err, m.Shown())
	}
}

// FuzzRepoMapBudget fuzzes the budget and a focus file against the hard cap.
func FuzzRepoMapBudget(f *testing.F) {
	st := gorootStore(f, "strings", "bufio", "io")
	f.Add(10240, uint8(0))
	f.Add(700, uint8(3))
	f.Add(300, uint8(200))
	paths := []string{"", "strings/builder.go", "bufio/scan.go", "io/io.go", "io/pipe.go"}
	f.Fuzz(func(t *testing.T, budget int, focus uint8) {
		if budget < query.MinMapBudget || budget > query.MaxMapBudget {
			return
		}
		var opts query.RepoMapOptions
		opts.Budget = budget
		if p := paths[int(focus)%len(paths)]; p != "" {
			opts.Focus = []string{p}
		}
		m, err := query.BuildRepoMap(context.Background(), st, opts)
		if err != nil {
			var qe *query.Error
			if errors.As(err, &qe) && qe.Code == query.CodeUsage {
				return
			}
			t.Fatal(err)
		}
		if n := len(m.Text()); n > budget {
			t.Fatalf("budget %d: %d bytes", budget, n)
		}
	})
}

// TestRepoMapOfGOROOTListsTheMostUsed: the map of all of GOROOT/src at 10 KiB lists the 20 types
// and functions that the most files use, as go/parser tells them: a file uses pkg.Name through an
// import of pkg, or Name of its own package unqualified.
func TestRepoMapOfGOROOTListsTheMostUsed(t *testing.T) {
	if testing.Short() || raceDetector {
		t.Skip("indexes all of GOROOT/src: make test runs it without the race detector")
	}
	most := mostUsedGoDeclarations(t, gorootSrc(), 20)
	st := gorootStore(t)
	m, err := query.BuildRepoMap(context.Background(), st, query.RepoMapOptions{Budget: query.DefaultMapBudget})
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, s := range m.Sections {
		for _, e := range s.Entries {
			listed[path.Dir(s.Path)+"."+e.Symbol.Name] = true
		}
	}
	missing := 0
	for _, d := range most {
		if !listed[d.key] {
			missing++
			t.Errorf("%s (used by %d files) is not in the map", d.key, d.files)
		}
	}
	t.Logf("%d of the %d most used listed; map %d bytes, %d definitions", len(most)-missing, len(most), len(m.Text()), m.Shown())
}

type usedDecl struct {
	key   string // folder.Name
	files int
}

// mostUsedGoDeclarations returns the n top-level functions and types of root's Go packages used by
// the most files, by go/parser.
func mostUsedGoDeclarations(t *testing.T, root string, n int) []usedDecl {
	type parsed struct {
		dir string
		f   *ast.File
	}
	var files []parsed
	declared := map[string]bool{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		dir := path.Dir(filepath.ToSlash(rel))
		files = append(files, parsed{dir, f})
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					declared[dir+"."+d.Name.Name] = true
				}
			case *ast.GenDecl:
				if d.Tok == token.TYPE {
					for _, s := range d.Specs {
						declared[dir+"."+s.(*ast.TypeSpec).Name.Name] = true
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	users := map[string]map[int]bool{}
	for i, pf := range files {
		imports := map[string]string{} // local name -> folder
		for _, im := range pf.f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			name := path.Base(p)
			if im.Name != nil {
				name = im.Name.Name
			}
			imports[name] = p
			for _, vendor := range []string{"vendor/", "cmd/vendor/"} {
				if fi, err := os.Stat(filepath.Join(root, vendor+p)); err == nil && fi.IsDir() {
					imports[name] = vendor + p
				}
			}
		}
		use := func(key string) {
			if declared[key] {
				if users[key] == nil {
					users[key] = map[int]bool{}
				}
				users[key][i] = true
			}
		}
		ast.Inspect(pf.f, func(node ast.Node) bool {
			switch node := node.(type) {
			case *ast.SelectorExpr:
				if x, ok := node.X.(*ast.Ident); ok {
					if dir, ok := imports[x.Name]; ok {
						use(dir + "." + node.Sel.Name)
						return false
					}
				}
			case *ast.Ident:
				use(pf.dir + "." + node.Name)
			}
			return true
		})
	}
	var all []usedDecl
	for key, u := range users {
		all = append(all, usedDecl{key, len(u)})
	}
	sort.Slice(all, func(i, j int) bool {
		return all[i].files > all[j].files || all[i].files == all[j].files && all[i].key < all[j].key
	})
	return all[:min(n, len(all))]
}
