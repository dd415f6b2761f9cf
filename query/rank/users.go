package rank

import (
	"path"
	"slices"

	"github.com/readmap/readmap/store"
)

// UsersOf scores the definitions of one name in the files defs by the files users that mean
// them, without ranking the whole repository: a user means a definition in its own folder, or
// in a file or folder its imports stand for (the best placed among defs, as the ranking resolves
// imports), of its own language family. Each user that means a definition adds one to its
// score, a tenth to a definition in a test file (as testWeight); a user that means none adds
// nothing, and a defining file is not its own user. The scores are in the order of defs.
func UsersOf(defs, users []store.NameSet) []float64 {
	g := newGraph(defs)
	scopes := newScopeIndex(g)
	scores := make([]float64, len(defs))
	folderOf := map[string]int32{}
	for i := range defs {
		folderOf[scopes.folderPath[g.folderOf[i]]] = g.folderOf[i]
	}
	for _, u := range users {
		if slices.ContainsFunc(defs, func(d store.NameSet) bool { return d.Path == u.Path }) {
			continue
		}
		mine := scopes.resolve(u)
		if folder, ok := folderOf[path.Dir(u.Path)]; ok {
			mine = append(mine, folder)
		}
		for i, d := range defs {
			if family(d.Language) == family(u.Language) &&
				(slices.Contains(mine, g.folderOf[i]) || slices.Contains(mine, int32(g.folders+i))) {
				scores[i] += g.defWeight[i]
			}
		}
	}
	return scores
}
