package rank

import (
	"path"
	"strings"

	"github.com/readmap/readmap/store"
)

// maxMatches is how many folders or files one import may stand for before it is taken as too
// vague to tell which definitions a file means ("util" in a tree with forty util folders).
const maxMatches = 16

// scopeIndex finds the folders and files an import stands for, by the trailing components of
// their paths: Go's "net/http" is the folder src/net/http, C's <linux/slab.h> the file
// include/linux/slab.h, Python's "os.path" the file Lib/os/path.py or the package Lib/os/path/,
// Java's "java.util.List" the file java/util/List.java. Scope ids are folder ids, then the number
// of folders plus a file's index.
type scopeIndex struct {
	g          *graph
	bySuffix   map[string][]int32
	cache      map[string][]int32
	folderPath []string // the path of each folder id
}

func newScopeIndex(g *graph) *scopeIndex {
	// Room at once for a key per component of each file's path (a folder's own suffixes, one set
	// for all its files, come on top), where growing the map rehashed it: a fourteenth of a small
	// tree's ranking.
	keys := 0
	for _, s := range g.sets {
		keys += 1 + strings.Count(s.Path, "/")
	}
	x := &scopeIndex{g: g, bySuffix: make(map[string][]int32, keys), cache: map[string][]int32{}, folderPath: make([]string, g.folders)}
	seenFolder := make([]bool, g.folders)
	for i, s := range g.sets {
		if folder := g.folderOf[i]; !seenFolder[folder] {
			seenFolder[folder] = true
			x.folderPath[folder] = path.Dir(s.Path)
			x.addSuffixes(x.folderPath[folder], folder)
		}
		x.addSuffixes(stripExt(s.Path), int32(g.folders+i))
	}
	return x
}

// addSuffixes indexes scope under every run of trailing components of p ("a/b/c": "c", "b/c",
// "a/b/c").
func (x *scopeIndex) addSuffixes(p string, scope int32) {
	if p == "." || p == "" {
		return
	}
	for i := len(p); i >= 0; i-- {
		if i == 0 || p[i-1] == '/' {
			key := p[i:]
			if ids := x.bySuffix[key]; len(ids) <= maxMatches {
				x.bySuffix[key] = append(ids, scope)
			}
		}
	}
}

// resolve returns the scopes the imports of s stand for. Of several folders or files an import
// matches, it stands for the best placed: for an import relative to the file (JavaScript's
// "./x", Python's ".x", C's "x.h") those sharing the most leading folders with s, then the
// shortest paths; for any other (Go's "syscall", C's <linux/slab.h>, Python's "os.path") the
// shortest paths, then those sharing the most folders with s: Go's "syscall" is the folder
// syscall, not internal/syscall; <linux/slab.h> is include/linux/slab.h, not a copy under tools.
func (x *scopeIndex) resolve(s store.NameSet) []int32 {
	var out []int32
	dir := path.Dir(s.Path)
	for _, imp := range s.Imports {
		out = append(out, x.best(dir, isRelative(s.Language, imp), x.lookup(importKey(s.Language, imp)))...)
	}
	return out
}

// best returns those of ids best placed for an import of a file in the folder dir: nearest first
// when the import is relative, shortest first otherwise.
func (x *scopeIndex) best(dir string, relative bool, ids []int32) []int32 {
	if len(ids) < 2 {
		return ids
	}
	placing := func(id int32) [2]int { // the greater, the better placed
		folder := x.scopeFolder(id)
		near, short := sharedFolders(dir, folder), -strings.Count(folder, "/")
		if relative {
			return [2]int{near, short}
		}
		return [2]int{short, near}
	}
	var out []int32
	var top [2]int
	for _, id := range ids {
		switch p := placing(id); {
		case out == nil || p[0] > top[0] || p[0] == top[0] && p[1] > top[1]:
			out, top = []int32{id}, p
		case p == top:
			out = append(out, id)
		}
	}
	return out
}

// isRelative reports whether an import as a mapper records it is relative to the importing file.
func isRelative(language, imp string) bool {
	imp = strings.TrimSpace(imp)
	switch {
	case strings.HasPrefix(imp, "./"), strings.HasPrefix(imp, "../"):
		return true
	case (language == "C" || language == "C++") && strings.HasPrefix(imp, `"`):
		return true
	case language == "Python" && strings.HasPrefix(imp, "."):
		return true
	}
	trimmed := strings.Trim(imp, `"'`+"`")
	return strings.HasPrefix(trimmed, "./") || strings.HasPrefix(trimmed, "../")
}

// scopeFolder is the folder of a scope: a folder itself, or a file's folder.
func (x *scopeIndex) scopeFolder(id int32) string {
	if int(id) < x.g.folders {
		return x.folderPath[id]
	}
	return x.folderPath[x.g.folderOf[int(id)-x.g.folders]]
}

// sharedFolders counts the leading folders that two folders have in common ("." has none).
func sharedFolders(a, b string) int {
	if a == "." || b == "." {
		return 0
	}
	// Component by component, without splitting the paths (which allocated twice a comparison, a
	// tenth of a small tree's ranking).
	for n := 0; ; n++ {
		ca, restA, moreA := strings.Cut(a, "/")
		cb, restB, moreB := strings.Cut(b, "/")
		if ca != cb {
			return n
		}
		if !moreA || !moreB {
			return n + 1
		}
		a, b = restA, restB
	}
}

// lookup returns the scopes key stands for, or those of key without its last component (an
// import that names a member of a module: Python's "os.path.join", Rust's "std::fs::File").
func (x *scopeIndex) lookup(key string) []int32 {
	if key == "" {
		return nil
	}
	if ids, ok := x.cache[key]; ok {
		return ids
	}
	ids := x.bySuffix[key]
	if len(ids) == 0 {
		if i := strings.LastIndexByte(key, '/'); i > 0 {
			ids = x.bySuffix[key[:i]]
		}
	}
	if len(ids) > maxMatches {
		ids = nil
	}
	x.cache[key] = ids
	return ids
}

// separators are the import path separators other than '/'.
var separators = strings.NewReplacer("::", "/", `\`, "/")

// QualifiesImports reports whether language names what an import brings in only qualified, by
// the package's name (Go's http.Get): a bare name there means a definition of its own package.
func QualifiesImports(language string) bool { return language == "Go" }

// dotted are the languages whose imports separate their components with dots (Lua's
// `require "kong.tools.utils"` reads kong/tools/utils.lua or kong/tools/utils/init.lua).
var dotted = map[string]bool{"Python": true, "Java": true, "Kotlin": true, "Scala": true, "C#": true, "Lua": true}

// importKey turns an import as a mapper records it into the trailing path components it stands
// for: quotes, brackets, relative prefixes and file extensions dropped, separators made '/'.
func importKey(language, imp string) string {
	key := strings.Trim(strings.TrimSpace(imp), `"'<>`+"`")
	key = separators.Replace(key)
	if dotted[language] {
		key = strings.ReplaceAll(strings.TrimLeft(key, "."), ".", "/")
		key = strings.TrimSuffix(key, "/*")
	} else {
		key = stripExt(key)
	}
	for {
		switch {
		case strings.HasPrefix(key, "./"):
			key = key[2:]
		case strings.HasPrefix(key, "../"):
			key = key[3:]
		case strings.HasPrefix(key, "/"), strings.HasPrefix(key, "@"), strings.HasPrefix(key, "~"):
			key = key[1:]
		default:
			return strings.TrimSuffix(key, "/")
		}
	}
}

// stripExt drops the extension of p's last component.
func stripExt(p string) string {
	base := p[strings.LastIndexByte(p, '/')+1:]
	if i := strings.LastIndexByte(base, '.'); i > 0 {
		return p[:len(p)-len(base)+i]
	}
	return p
}
