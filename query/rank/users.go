package rank

import (
	"path"
	"slices"

	"github.com/readmap/readmap/store"
)

// Scopes tells which of a set of files a use in another file means, by folder and imports, as
// the ranking resolves them, without building the use graph: for ranking one name's definitions
// among its users (UsersOf), and for the SCIP export's references.
type Scopes struct {
	g        *graph
	index    *scopeIndex
	folderOf map[string]int32 // folder path → folder id, of the folders that hold files
}

// NewScopes indexes files (their paths, languages and imports; in path order) as the files that
// uses may mean.
func NewScopes(files []store.NameSet) *Scopes {
	defs := make([]store.NameSet, len(files))
	for i, f := range files {
		defs[i] = store.NameSet{Path: f.Path, Language: f.Language} // the graph needs no names here
	}
	g := newGraph(defs)
	s := &Scopes{g: g, index: newScopeIndex(g), folderOf: map[string]int32{}}
	for i := range files {
		s.folderOf[s.index.folderPath[g.folderOf[i]]] = g.folderOf[i]
	}
	return s
}

// Scope is what one using file may mean: what its imports stand for, and its own folder.
type Scope struct {
	s        *Scopes
	family   string
	ids      []int32         // the imports' folders and files, then the file's folder
	imported int             // how many of ids the imports stand for
	how      map[int32]uint8 // each of ids → viaFolder, viaImport or both
	takes    uint8           // the ways Means accepts
}

// The ways a scope reaches a folder or file.
const (
	viaFolder uint8 = 1 << iota // the using file's own folder
	viaImport                   // an import of the using file
)

// Of returns the scope of the file user (its path, language and imports).
func (s *Scopes) Of(user store.NameSet) Scope {
	ids := s.index.resolve(user)
	sc := Scope{s: s, family: Family(user.Language), imported: len(ids), how: make(map[int32]uint8, len(ids)+1), takes: viaFolder | viaImport}
	for _, id := range ids {
		sc.how[id] |= viaImport
	}
	if folder, ok := s.folderOf[path.Dir(user.Path)]; ok {
		ids = append(ids, folder)
		sc.how[folder] |= viaFolder
	}
	sc.ids = ids
	return sc
}

// Imported returns the scope without the file's own folder: what its imports stand for only.
func (sc Scope) Imported() Scope {
	sc.ids, sc.takes = sc.ids[:sc.imported], viaImport
	return sc
}

// Local returns the scope without what the imports stand for: the file's own folder only.
func (sc Scope) Local() Scope {
	sc.ids, sc.takes = sc.ids[sc.imported:], viaFolder
	return sc
}

// Places returns the scope ids of file i of the files the Scopes were made of: its folder's and
// its own, as Scope.IDs lists them.
func (s *Scopes) Places(i int) (folder, file int32) { return s.g.folderOf[i], int32(s.g.folders + i) }

// IDs returns the folders and files (as Places numbers them) that a use in the scope's file may
// mean.
func (sc Scope) IDs() []int32 { return sc.ids }

// Means reports whether a use in the scope's file means a definition in file i of the files
// the Scopes were made of: one of the same language family, in the file's folder or in a file or
// folder its imports stand for.
func (sc Scope) Means(i int) bool {
	g := sc.s.g
	return Family(g.sets[i].Language) == sc.family &&
		(sc.how[g.folderOf[i]]&sc.takes != 0 || sc.how[int32(g.folders+i)]&sc.takes != 0)
}

// UsersOf scores the definitions of one name in the files defs by the files users that mean
// them (Scopes), without ranking the whole repository. Each user that means a definition adds
// one to its score, a tenth to a definition in a test file (as testWeight); a user that means
// none adds nothing, and a defining file is not its own user. The scores are in the order of defs.
func UsersOf(defs, users []store.NameSet) []float64 {
	scopes := NewScopes(defs)
	scores := make([]float64, len(defs))
	for _, u := range users {
		if slices.ContainsFunc(defs, func(d store.NameSet) bool { return d.Path == u.Path }) {
			continue
		}
		scope := scopes.Of(u)
		for i := range defs {
			if scope.Means(i) {
				scores[i] += scopes.g.defWeight[i]
			}
		}
	}
	return scores
}
