package main

import (
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sourcegraph/scip/bindings/go/scip"
	"google.golang.org/protobuf/proto"
)

// TestSCIPReferencesMatchGoTypes: the reference occurrences of a SCIP export, checked against
// go/types on go/parser and encoding/json (type-checked from GOROOT's source), in a tree of those
// packages and the packages they use. The truth is every use go/types resolves to a package-level
// object or a method declared in the tree; a reference is right when go/types' declaration is
// among its targets. Recall: the truth's uses with a right reference; precision: the places with
// references that have a right one. Name-based as `refs` is, with places resolved by folder and
// imports: a method called on another package's value may point at a namesake in scope.
func TestSCIPReferencesMatchGoTypes(t *testing.T) {
	checked := []string{"go/parser", "encoding/json"}
	files := map[string]string{}
	for _, pkg := range append(slices.Clone(checked), "go/ast", "go/scanner", "go/token", "go/build/constraint", "strings",
		"bytes", "io", "errors", "fmt", "os", "strconv", "unicode", "unicode/utf8", "unicode/utf16", "path/filepath",
		"reflect", "sort", "slices", "sync", "encoding", "encoding/base64", "math") {
		paths, _ := filepath.Glob(filepath.Join(gorootSrc(), pkg, "*.go"))
		for _, p := range paths {
			if !strings.HasSuffix(p, "_test.go") {
				files[pkg+"/"+filepath.Base(p)] = string(mustRead(t, p))
			}
		}
	}
	if len(files) < 100 {
		t.Skip("GOROOT/src not found")
	}
	root := repo(t, files)
	if _, stderr, code := cli(t, root, "export", "--format", "scip"); code != 0 {
		t.Fatalf("export --format scip: exit %d: %s", code, stderr)
	}
	var index scip.Index
	if err := proto.Unmarshal(mustRead(t, filepath.Join(root, "index.scip")), &index); err != nil {
		t.Fatal(err)
	}
	definedAt := map[string]string{} // symbol → "path:line" of its definition occurrence
	for _, doc := range index.Documents {
		for _, occ := range doc.Occurrences {
			if occ.SymbolRoles&int32(scip.SymbolRole_Definition) != 0 {
				definedAt[occ.Symbol] = fmt.Sprintf("%s:%d", doc.RelativePath, occ.Range[0]+1)
			}
		}
	}
	for _, pkg := range checked {
		truth, checkedFiles := goTypesUses(t, pkg, files)
		mine := map[string][]string{} // "path:line:column" of a use → where its targets are defined
		for _, doc := range index.Documents {
			if !checkedFiles[doc.RelativePath] {
				continue
			}
			for _, occ := range doc.Occurrences {
				if occ.SymbolRoles == 0 {
					at := fmt.Sprintf("%s:%d:%d", doc.RelativePath, occ.Range[0]+1, occ.Range[1]+1)
					mine[at] = append(mine[at], definedAt[occ.Symbol])
				}
			}
		}
		found, right := 0, 0
		for at, decl := range truth {
			if slices.Contains(mine[at], decl) {
				found++
			}
		}
		var wrong []string
		for at, targets := range mine {
			if slices.Contains(targets, truth[at]) {
				right++
			} else if len(wrong) < 10 {
				wrong = append(wrong, at+" → "+strings.Join(targets, " "))
			}
		}
		recall, precision := float64(found)/float64(len(truth)), float64(right)/float64(len(mine))
		t.Logf("%s: %d uses by go/types, %d with a right reference (recall %.3f); %d places with references, %d right (precision %.3f)",
			pkg, len(truth), found, recall, len(mine), right, precision)
		if len(truth) < 1000 || recall < 0.93 || precision < 0.8 {
			t.Errorf("%s: recall %.3f, precision %.3f; want >= 0.93 and >= 0.80; some wrong: %q", pkg, recall, precision, wrong)
		}
	}
}

// goTypesUses type-checks the package pkg of GOROOT/src (its files for this platform) and returns
// its uses of package-level objects and methods declared in files (paths relative to
// GOROOT/src): "path:line:column" of the use → "path:line" of the declaration; and the files it
// checked.
func goTypesUses(t *testing.T, pkg string, files map[string]string) (map[string]string, map[string]bool) {
	t.Helper()
	fset := token.NewFileSet()
	var parsed []*ast.File
	checked := map[string]bool{}
	for path, src := range files {
		dir, name := filepath.Split(filepath.Join(gorootSrc(), path))
		if filepath.Dir(path) != pkg {
			continue
		}
		if ok, err := build.Default.MatchFile(dir, name); err != nil || !ok {
			continue // another platform's, or an experiment's (encoding/json's v2 files)
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), src, 0)
		if err != nil {
			t.Fatal(err)
		}
		parsed = append(parsed, f)
		checked[path] = true
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check(pkg, fset, parsed, info); err != nil {
		t.Fatalf("go/types on %s: %v", pkg, err)
	}
	rel := func(p string) string {
		r, _ := filepath.Rel(gorootSrc(), p)
		return filepath.ToSlash(r)
	}
	uses := map[string]string{}
	for id, obj := range info.Uses {
		if obj.Pkg() == nil || !obj.Pos().IsValid() {
			continue // the universe's
		}
		switch o := obj.(type) {
		case *types.PkgName, *types.Label:
			continue
		case *types.Var:
			if o.IsField() || o.Parent() != o.Pkg().Scope() {
				continue // fields and locals: no symbols of the map
			}
		}
		if obj.Parent() != nil && obj.Parent() != obj.Pkg().Scope() {
			continue // declared in a function
		}
		decl := fset.Position(obj.Pos())
		if _, ok := files[rel(decl.Filename)]; !ok {
			continue
		}
		use := fset.Position(id.Pos())
		uses[fmt.Sprintf("%s:%d:%d", rel(use.Filename), use.Line, use.Column)] = fmt.Sprintf("%s:%d", rel(decl.Filename), decl.Line)
	}
	return uses, checked
}
