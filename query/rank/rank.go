// Package rank ranks a repository's definitions by how the repository uses them, for the
// repository map (design section 3.10) and for ordering namesakes in `sym`.
//
// It works as Aider's repository map does: files are joined by the names one defines and another
// uses, and a personalised PageRank over that graph says how much each file matters; a file's
// rank flows along its uses to the definitions it means, and what a definition receives is its
// rank. Names are known by their store.NameHash only, so the graph is built from the store's name
// sets without reading a single symbol.
//
// Where Aider joins a use to every definition of the name, this package first asks which of them
// the using file means: those in its own folder or in a package or file it imports. Only when none
// is, the use is spread over all of them, through one node per name (so that a name defined a
// thousand times costs one step, not a thousand edges per user), at a tenth of the weight: a use
// the folder and imports do not explain is as often a local variable of the same name. A file's uses of its own definitions are not counted: what
// matters to the repository is what other files use.
package rank

import (
	"container/heap"
	"math"
	"path"
	"slices"
	"strings"

	"github.com/readmap/readmap/store"
)

// Options personalise a ranking.
type Options struct {
	// Focus are paths (relative to the root, '/' separators) of the files an agent works on: the
	// walk restarts at them nine times in ten, so what they use ranks high.
	Focus []string
	// Mention are names from an agent's task: their uses weigh ten times as much, and files named
	// after them (server.go for "server") count as focus files.
	Mention []string
}

// Definition is one name defined in one file, with the rank the graph gives it.
type Definition struct {
	File int32  // index of the file in the name sets given to Rank
	Name uint32 // store.NameHash of the name
	// Rank is the score Best orders by: the weighted count of the files that use it, each counted
	// as one plus its PageRank (definitions); 0 when no other file uses it.
	Rank float64
	// Users is how many other files use the name and mean this definition (by folder or import),
	// plus those whose use is spread over every definition of the name.
	Users int32
}

// Ranking is the result of Rank.
type Ranking struct {
	// FileRank is each file's PageRank, in the order of the name sets.
	FileRank []float64
	// Definitions lists every (file, name) definition, file by file, each file's in the order
	// of its Defined names; Best sorts what is asked.
	Definitions []Definition
}

const (
	damping       = 0.85
	maxIterations = 100
	// tolerance is the change of the rank vector (L1, the vector sums to 1), per file, at which
	// the walk stops, as networkx's pagerank has it.
	tolerance = 1e-6
	// spreadDiscount weighs a use that the using file's folder and imports do not resolve, and
	// that is spread over every definition of the name (a method called on a value, a builtin, or
	// a local variable that shares a name with a definition elsewhere).
	spreadDiscount = 0.1
	mentionWeight  = 10
	focusShare     = 0.9
	// scanPerScope is how many steps of a scan of a name's clusters and definitions (one for each)
	// a use takes before it looks its scopes up instead (a few binary searches for each).
	scanPerScope = 4
	// testWeight is what a definition in a test file or folder receives of a use, against 1
	// elsewhere: the map is an overview of the code, and test helpers are used by tests.
	testWeight = 0.1
)

// graph is the use graph: files, their definitions, and for each using file the files it uses.
type graph struct {
	sets      []store.NameSet
	folderOf  []int32   // folder id of each file
	familyOf  []int32   // language family id of each file: a use means definitions of its own
	defWeight []float64 // what a definition in each file receives of a use: 1, or testWeight
	folders   int

	defStart []int32  // definitions of file i are defStart[i]..defStart[i+1]-1
	defName  []uint32 // name hash of each definition
	defFile  []int32  // file of each definition

	groupOf *idTable // groupKey(family, name hash) -> group: the definitions of one name in one family
	// The definitions of group grp are groupMembers[groupStart[grp]:groupStart[grp+1]], by
	// folder (defsOf).
	groupStart   []int32
	groupMembers []int32

	// A group's definitions in one folder form a cluster: group grp's clusters are
	// groupClusterStart[grp]..groupClusterStart[grp+1]-1, cluster c's definitions are
	// clusterDefs[clusterDefStart[c]:clusterDefStart[c+1]], in folder clusterFolder[c]; a
	// group's clusters are in the order of their folders.
	groupClusterStart []int32
	clusterDefStart   []int32
	clusterDefs       []int32
	clusterFolder     []int32

	mentioned map[uint32]bool
	// The groups each file uses (useStart[i]..useStart[i+1]-1 in uses), how many files use each
	// group, and how many files each family has.
	useStart    []int32
	uses        []int32
	users       []int32
	familyFiles map[int32]int
	// rarity is the weight of a use of each group: log(1+F/U)/log(1+F) for U users among the
	// family's F files, 1 for a name one file uses, falling towards 0 as every file uses it.
	rarity []float64
	// scopes are the folders and files each file's uses may mean: its folder, then those its
	// imports stand for.
	scopes [][]int32

	// For the walk, file i's edges are edgeStart[i]..edgeStart[i+1]-1 into edgeFile/edgeWeight
	// (what it gives each file it uses, with the using file's out-weight divided out), and its
	// flow to the names it spreads is spreadStart[i].. into spreadGroup/spreadWeight; a group's
	// flow goes to the files of its definitions alike.
	edgeStart, spreadStart []int32
	edgeFile               []int32
	edgeWeight             []float64
	// and its flow to the clusters its uses mean is clusterEdgeStart[i].. into
	// clusterEdge/clusterEdgeWeight; a cluster's flow goes to its definitions' files alike.
	clusterEdgeStart  []int32
	clusterEdge       []int32
	clusterEdgeWeight []float64
	spreadGroup       []int32
	spreadWeight      []float64
	dangling          []bool

	// The uses as link found them, for the definitions' ranks: file i's are
	// fileUses[i]..fileUses[i+1]-1 in useList, totals[i] their weight; a use's definitions end at
	// its meantEnd in meantAll and start where the previous use's end.
	fileUses []int32
	useList  []recordedUse
	meantAll []int32
	totals   []float64
}

// recordedUse is a use as link keeps it.
type recordedUse struct {
	group    int32
	meantEnd int32
	weight   float64
}

// Rules is the version of the rules Rank ranks by. A store keeps it beside the ranking it keeps,
// and a ranking kept by other rules is computed again: raise it with every change that changes
// rankings. 1: Lua's `require "a.b.c"` read as a path a/b/c (2026-11-28).
const Rules = 1

// Rank builds the use graph of sets (store.EachNameSet's, in path order) and ranks every
// definition.
func Rank(sets []store.NameSet, opts Options) *Ranking {
	g := newGraph(sets)
	g.mentioned = map[uint32]bool{}
	for _, m := range opts.Mention {
		g.mentioned[store.NameHash([]byte(m))] = true
	}
	g.countUses()
	g.groupOf = nil // what each step no longer needs goes, for a kernel-sized tree's sake
	g.link()
	g.uses, g.scopes = nil, nil
	fileRank := g.pageRank(g.personalisation(opts))
	g.edgeFile, g.edgeWeight, g.clusterEdge, g.clusterEdgeWeight, g.spreadGroup, g.spreadWeight = nil, nil, nil, nil, nil, nil
	return &Ranking{FileRank: fileRank, Definitions: g.definitions(fileRank)}
}

func newGraph(sets []store.NameSet) *graph {
	g := &graph{sets: sets, folderOf: make([]int32, len(sets)), familyOf: make([]int32, len(sets)),
		defWeight: make([]float64, len(sets)), defStart: make([]int32, len(sets)+1)}
	folderIDs := map[string]int32{}
	familyIDs := map[string]int32{}
	total := 0
	for i, s := range sets {
		fam := Family(s.Language)
		if _, ok := familyIDs[fam]; !ok {
			familyIDs[fam] = int32(len(familyIDs))
		}
		g.familyOf[i] = familyIDs[fam]
		g.defWeight[i] = 1
		if IsTestPath(s.Path) {
			g.defWeight[i] = testWeight
		}
		dir := path.Dir(s.Path)
		id, ok := folderIDs[dir]
		if !ok {
			id = int32(len(folderIDs))
			folderIDs[dir] = id
		}
		g.folderOf[i] = id
		g.defStart[i] = int32(total)
		total += len(s.Defined)
	}
	g.folders = len(folderIDs)
	g.defStart[len(sets)] = int32(total)
	g.defName = make([]uint32, 0, total)
	g.defFile = make([]int32, 0, total)
	g.groupOf = newIDTable(total / 2)
	// Two passes: the groups and their sizes, then their members in one array.
	var sizes []int32
	groupOfDef := make([]int32, 0, total)
	for i, s := range sets {
		for _, h := range s.Defined {
			g.defName = append(g.defName, h)
			g.defFile = append(g.defFile, int32(i))
			key := groupKey(g.familyOf[i], h)
			grp, ok := g.groupOf.get(key)
			if !ok {
				grp = int32(len(sizes))
				g.groupOf.put(key, grp)
				sizes = append(sizes, 0)
			}
			sizes[grp]++
			groupOfDef = append(groupOfDef, grp)
		}
	}
	g.groupStart = make([]int32, len(sizes)+1)
	for grp, n := range sizes {
		g.groupStart[grp+1] = g.groupStart[grp] + n
	}
	g.groupMembers = make([]int32, total)
	filled := slices.Clone(g.groupStart[:len(sizes)]) // where each group's next member goes
	for k, grp := range groupOfDef {
		g.groupMembers[filled[grp]] = int32(k)
		filled[grp]++
	}
	g.makeClusters()
	return g
}

// groups is the number of groups.
func (g *graph) groups() int { return len(g.groupStart) - 1 }

// defsOf returns the definitions of group grp, by folder.
func (g *graph) defsOf(grp int) []int32 { return g.groupMembers[g.groupStart[grp]:g.groupStart[grp+1]] }

// makeClusters splits each group's definitions by folder: a use that means one definition in a
// folder means the folder's other definitions of the name alike (the build variants of a package:
// syscall's zerrors_linux_amd64.go, zerrors_darwin_arm64.go, ...), so they share what it gives.
func (g *graph) makeClusters() {
	g.groupClusterStart = make([]int32, g.groups()+1)
	g.clusterDefStart = make([]int32, 1, g.groups()+1)
	g.clusterFolder = make([]int32, 0, g.groups())
	g.clusterDefs = make([]int32, 0, len(g.defName))
	for grp := range g.groups() {
		defs := g.defsOf(grp)
		g.groupClusterStart[grp] = int32(len(g.clusterFolder))
		slices.SortStableFunc(defs, func(a, b int32) int { return int(g.folderOf[g.defFile[a]] - g.folderOf[g.defFile[b]]) })
		for j, k := range defs {
			folder := g.folderOf[g.defFile[k]]
			if j == 0 || folder != g.clusterFolder[len(g.clusterFolder)-1] {
				if j > 0 {
					g.clusterDefStart = append(g.clusterDefStart, int32(len(g.clusterDefs)))
				}
				g.clusterFolder = append(g.clusterFolder, folder)
			}
			g.clusterDefs = append(g.clusterDefs, k)
		}
		g.clusterDefStart = append(g.clusterDefStart, int32(len(g.clusterDefs)))
	}
	g.groupClusterStart[g.groups()] = int32(len(g.clusterFolder))
}

// countUses lists the groups each file uses and counts the users of each group.
func (g *graph) countUses() {
	n := len(g.sets)
	g.useStart = make([]int32, n+1)
	g.users = make([]int32, g.groups())
	g.familyFiles = map[int32]int{}
	g.uses = g.groupsUsed(g.useStart)
	for i := range g.sets {
		g.familyFiles[g.familyOf[i]]++
	}
	for _, grp := range g.uses {
		g.users[grp]++
	}
	g.rarity = make([]float64, g.groups())
	for grp := range g.groups() {
		defs := g.defsOf(grp)
		files := float64(g.familyFiles[g.familyOf[g.defFile[defs[0]]]])
		g.rarity[grp] = math.Log1p(files/float64(max(1, g.users[grp]))) / math.Log1p(files)
	}
}

// groupsUsed returns the groups the files use, file after file, and sets start[i] to where file
// i's begin and start[len(files)] to the end.
func (g *graph) groupsUsed(start []int32) []int32 {
	size := 0
	for _, s := range g.sets {
		size += len(s.Used)
	}
	uses := make([]int32, 0, size/2)
	for i := range g.sets {
		start[i] = int32(len(uses))
		for _, h := range g.sets[i].Used {
			if grp, ok := g.groupOf.get(groupKey(g.familyOf[i], h)); ok {
				uses = append(uses, grp)
			}
		}
	}
	start[len(g.sets)] = int32(len(uses))
	return uses
}

// groupKey is the key of the definitions of the name hashed h in a language family.
func groupKey(family int32, h uint32) uint64 { return uint64(family)<<32 | uint64(h) }

// use is one name a file uses: the clusters it means (none when it is spread over the group) and
// its weight.
type use struct {
	group  int32
	meant  []int32
	weight float64
}

// holdsOwn reports whether cluster c holds file i's own definition of its name: then a use of i
// that means c goes to the others, one by one, rather than to the cluster.
func (g *graph) holdsOwn(i int, c int32) bool {
	return g.clusterFolder[c] == g.folderOf[i] && g.defines(i, g.defName[g.clusterDefs[g.clusterDefStart[c]]])
}

// eachOther calls fn with each definition of cluster c but file i's own, and the share of flow
// each receives.
func (g *graph) eachOther(i int, c int32, flow float64, fn func(k int32, share float64)) {
	defs := g.clusterDefs[g.clusterDefStart[c]:g.clusterDefStart[c+1]]
	if len(defs) < 2 {
		return
	}
	share := flow / float64(len(defs)-1)
	for _, k := range defs {
		if g.defFile[k] != int32(i) {
			fn(k, share)
		}
	}
}

// defines reports whether file i defines the name hashed h.
func (g *graph) defines(i int, h uint32) bool {
	_, found := slices.BinarySearch(g.sets[i].Defined, h)
	return found
}

// eachUse calls start with each file and the total weight of its uses, then fn with each use. It
// tells which clusters a use means: those in the file's folder or in a folder its imports stand
// for, or holding a file they stand for; when none is, the use is spread over the group at
// spreadDiscount of its weight. A use weighs as the name's rarity among the family's files (a
// name most files use, a builtin type or a common local, says little), ten times that when the
// name is mentioned.
func (g *graph) eachUse(start func(i int, total float64), fn func(i int, u *use)) {
	if g.scopes == nil {
		index := newScopeIndex(g)
		g.scopes = make([][]int32, len(g.sets))
		for i, s := range g.sets {
			g.scopes[i] = append([]int32{g.folderOf[i]}, index.resolve(s)...)
		}
	}
	stamp := make([]int32, g.folders+len(g.sets)) // stamp[scope] == i+1: scope is one of file i's
	var meant []int32
	var list []use
	for i := range g.sets {
		mine := g.scopes[i]
		for _, scope := range mine {
			stamp[scope] = int32(i + 1)
		}
		list, meant = list[:0], meant[:0]
		for _, grp := range g.uses[g.useStart[i]:g.useStart[i+1]] {
			defs := g.defsOf(int(grp))
			weight := g.rarity[grp]
			if g.mentioned[g.defName[defs[0]]] {
				weight *= mentionWeight
			}
			first := len(meant)
			scan := int(g.groupClusterStart[grp+1] - g.groupClusterStart[grp])
			if len(mine) > 1 {
				scan += len(defs)
			}
			if scan > scanPerScope*len(mine) {
				meant = g.meantByScope(meant, i, grp, g.defName[defs[0]], mine)
			} else {
				meant = g.meantByScan(meant, i, grp, len(mine) > 1, stamp)
			}
			// The file's own definition is not a use; alone, it is no use at all.
			if len(meant) == first+1 {
				c := meant[first]
				if g.clusterDefStart[c+1]-g.clusterDefStart[c] == 1 && g.defFile[g.clusterDefs[g.clusterDefStart[c]]] == int32(i) {
					meant = meant[:first]
				}
			}
			switch {
			case len(meant) > first:
				list = append(list, use{group: grp, meant: meant[first:len(meant):len(meant)], weight: weight})
			case len(defs) == 1 && g.defFile[defs[0]] == int32(i):
				// its own definition only
			default:
				list = append(list, use{group: grp, weight: weight * spreadDiscount})
			}
		}
		total := 0.0
		for _, u := range list {
			total += u.weight
		}
		start(i, total)
		for k := range list {
			fn(i, &list[k])
		}
	}
}

// meantByScan appends to meant the clusters of group grp that file i's scopes mean, in cluster
// order, by checking each cluster's folder and, when the file has scopes that are files (imports
// is set), its definitions' files: stamp[scope] is i+1 for each of i's scopes.
func (g *graph) meantByScan(meant []int32, i int, grp int32, imports bool, stamp []int32) []int32 {
	for c := g.groupClusterStart[grp]; c < g.groupClusterStart[grp+1]; c++ {
		if stamp[g.clusterFolder[c]] == int32(i+1) {
			meant = append(meant, c)
			continue
		}
		if imports {
			for _, k := range g.clusterDefs[g.clusterDefStart[c]:g.clusterDefStart[c+1]] {
				if stamp[int32(g.folders)+g.defFile[k]] == int32(i+1) {
					meant = append(meant, c)
					break
				}
			}
		}
	}
	return meant
}

// meantByScope appends to meant the clusters of group grp (of the name hashed h) that file i's
// scopes mean, once each and in cluster order, as eachUse's scan of the group finds them: the
// cluster in each of its folders, and the cluster holding the definition of each file it imports
// that defines the name: the clusters meantByScan finds, by a few binary searches a scope where
// the scan takes a step for each of the group's clusters and definitions.
func (g *graph) meantByScope(meant []int32, i int, grp int32, h uint32, scopes []int32) []int32 {
	first, from := len(meant), g.groupClusterStart[grp]
	folders := g.clusterFolder[from:g.groupClusterStart[grp+1]]
	for _, scope := range scopes {
		folder := scope
		if int(scope) >= g.folders { // a file: its definition of the name is in its folder's cluster
			f := int(scope) - g.folders
			if g.familyOf[f] != g.familyOf[i] || !g.defines(f, h) {
				continue
			}
			folder = g.folderOf[f]
		}
		if k, found := slices.BinarySearch(folders, folder); found {
			meant = append(meant, from+int32(k))
		}
	}
	if len(meant)-first > 1 {
		slices.Sort(meant[first:])
		meant = meant[:first+len(slices.Compact(meant[first:]))]
	}
	return meant
}

// link makes the walk's edges: each file's uses summed per file used, and per group spread.
func (g *graph) link() {
	n := len(g.sets)
	g.edgeStart = make([]int32, n+1)
	g.spreadStart = make([]int32, n+1)
	g.dangling = make([]bool, n)
	g.clusterEdgeStart = make([]int32, n+1)
	// Accumulators, read before written: see store.MakeWritten.
	acc := store.MakeWritten[float64](n)                     // what file i gives each file it uses, before dividing by total
	cacc := store.MakeWritten[float64](len(g.clusterFolder)) // and each cluster
	var touched, ctouched []int32
	total, prev := 0.0, -1
	flush := func() { // prev's edges
		if prev < 0 {
			return
		}
		g.edgeStart[prev] = int32(len(g.edgeFile))
		for _, f := range touched {
			g.edgeFile = append(g.edgeFile, f)
			g.edgeWeight = append(g.edgeWeight, acc[f]/total)
			acc[f] = 0
		}
		g.clusterEdgeStart[prev] = int32(len(g.clusterEdge))
		for _, c := range ctouched {
			g.clusterEdge = append(g.clusterEdge, c)
			g.clusterEdgeWeight = append(g.clusterEdgeWeight, cacc[c]/total)
			cacc[c] = 0
		}
		touched, ctouched = touched[:0], ctouched[:0]
	}
	g.fileUses = make([]int32, n+1)
	g.useList = make([]recordedUse, 0, len(g.uses))
	g.totals = make([]float64, 0, n)
	g.eachUse(func(i int, t float64) {
		flush()
		prev, total = i, t
		g.spreadStart[i] = int32(len(g.spreadGroup))
		g.dangling[i] = t == 0
		g.fileUses[i] = int32(len(g.useList))
		g.totals = append(g.totals, t)
	}, func(i int, u *use) {
		g.useList = append(g.useList, recordedUse{group: u.group, meantEnd: int32(len(g.meantAll) + len(u.meant)), weight: u.weight})
		g.meantAll = append(g.meantAll, u.meant...)
		if u.meant == nil {
			g.spreadGroup = append(g.spreadGroup, u.group)
			g.spreadWeight = append(g.spreadWeight, u.weight/total)
			return
		}
		per := u.weight / float64(len(u.meant))
		for _, c := range u.meant {
			if !g.holdsOwn(i, c) {
				if cacc[c] == 0 {
					ctouched = append(ctouched, c)
				}
				cacc[c] += per
				continue
			}
			g.eachOther(i, c, per, func(k int32, share float64) {
				f := g.defFile[k]
				if acc[f] == 0 {
					touched = append(touched, f)
				}
				acc[f] += share * g.defWeight[f]
			})
		}
	})
	flush()
	g.fileUses[n] = int32(len(g.useList))
	g.edgeStart[n] = int32(len(g.edgeFile))
	g.clusterEdgeStart[n] = int32(len(g.clusterEdge))
	g.spreadStart[n] = int32(len(g.spreadGroup))
}

// personalisation is where the walk restarts: every file alike, or mostly the focus files (and
// the files named after a mentioned name) when there are any.
func (g *graph) personalisation(opts Options) []float64 {
	n := len(g.sets)
	p := make([]float64, n)
	if n == 0 {
		return p
	}
	focus := map[string]bool{}
	for _, f := range opts.Focus {
		focus[f] = true
	}
	named := map[string]bool{}
	for _, m := range opts.Mention {
		named[strings.ToLower(m)] = true
	}
	var chosen []int
	for i, s := range g.sets {
		base := path.Base(s.Path)
		stem := strings.ToLower(strings.TrimSuffix(base, path.Ext(base)))
		if focus[s.Path] || named[stem] {
			chosen = append(chosen, i)
		}
	}
	rest := 1.0
	if len(chosen) > 0 {
		rest = 1 - focusShare
		for _, i := range chosen {
			p[i] += focusShare / float64(len(chosen))
		}
	}
	for i := range p {
		p[i] += rest / float64(n)
	}
	return p
}

// pageRank runs the personalised walk to convergence and returns each file's rank.
func (g *graph) pageRank(p []float64) []float64 {
	n := len(g.sets)
	rank := slices.Clone(p)
	next := make([]float64, n)
	spread := store.MakeWritten[float64](g.groups()) // read before written: see store.MakeWritten
	clusterFlow := store.MakeWritten[float64](len(g.clusterFolder))
	for range maxIterations {
		dangling := 0.0
		clear(next)
		for i := range n {
			if g.dangling[i] {
				dangling += rank[i]
				continue
			}
			out := damping * rank[i]
			for e := g.edgeStart[i]; e < g.edgeStart[i+1]; e++ {
				next[g.edgeFile[e]] += out * g.edgeWeight[e]
			}
			for e := g.spreadStart[i]; e < g.spreadStart[i+1]; e++ {
				spread[g.spreadGroup[e]] += out * g.spreadWeight[e]
			}
			for e := g.clusterEdgeStart[i]; e < g.clusterEdgeStart[i+1]; e++ {
				clusterFlow[g.clusterEdge[e]] += out * g.clusterEdgeWeight[e]
			}
		}
		for c, flow := range clusterFlow {
			if flow == 0 {
				continue
			}
			defs := g.clusterDefs[g.clusterDefStart[c]:g.clusterDefStart[c+1]]
			for _, k := range defs {
				f := g.defFile[k]
				next[f] += flow / float64(len(defs)) * g.defWeight[f]
			}
			clusterFlow[c] = 0
		}
		for grp, flow := range spread {
			if flow == 0 {
				continue
			}
			defs := g.defsOf(grp)
			for _, k := range defs {
				f := g.defFile[k]
				next[f] += flow * (g.defWeight[f] / float64(len(defs)))
			}
			spread[grp] = 0
		}
		// What no edge carried (the dangling files' rank, what test files did not receive)
		// restarts at the personalisation.
		lost := 1.0
		for _, r := range next {
			lost -= r
		}
		change := 0.0
		for i := range next {
			next[i] += lost * p[i]
			change += math.Abs(next[i] - rank[i])
		}
		rank, next = next, rank
		if change < tolerance*float64(n) {
			break
		}
	}
	return rank
}

// definitions scores each definition by the files that use it: each using file gives the uses
// that mean it their weight (split over the definitions meant), times one plus its PageRank
// scaled so that the average file has one. Breadth (how many files use a definition, the issue's
// "most used") and centrality (how much the files that use it matter, and under a focus how near
// they are to it) both count; the walk's own flow, divided by each file's number of uses, would
// let a few central files outweigh a thousand ordinary ones.
func (g *graph) definitions(fileRank []float64) []Definition {
	defs := make([]Definition, len(g.defName))
	for k := range defs {
		defs[k] = Definition{File: g.defFile[k], Name: g.defName[k]}
	}
	// Accumulators, read before written: see store.MakeWritten.
	spread := store.MakeWritten[float64](g.groups())
	spreadUsers := store.MakeWritten[int32](g.groups())
	clusterFlow := store.MakeWritten[float64](len(g.clusterFolder))
	clusterUsers := store.MakeWritten[int32](len(g.clusterFolder))
	meantStart := int32(0)
	n := float64(len(g.sets))
	for i := range g.totals {
		// What a file gives each name it uses, per unit of weight: one, as a user, plus its
		// PageRank scaled so that the average file has one.
		out := 1 + n*fileRank[i]
		for _, u := range g.useList[g.fileUses[i]:g.fileUses[i+1]] {
			meant := g.meantAll[meantStart:u.meantEnd]
			meantStart = u.meantEnd
			if len(meant) == 0 {
				spread[u.group] += out * u.weight
				spreadUsers[u.group]++
				continue
			}
			per := out * u.weight / float64(len(meant))
			for _, c := range meant {
				if !g.holdsOwn(i, c) {
					clusterFlow[c] += per
					clusterUsers[c]++
					continue
				}
				g.eachOther(i, c, per, func(k int32, share float64) {
					defs[k].Rank += share * g.defWeight[g.defFile[k]]
					defs[k].Users++
				})
			}
		}
	}
	for c, flow := range clusterFlow {
		members := g.clusterDefs[g.clusterDefStart[c]:g.clusterDefStart[c+1]]
		for _, k := range members {
			defs[k].Rank += flow / float64(len(members)) * g.defWeight[g.defFile[k]]
			defs[k].Users += clusterUsers[c]
		}
	}
	for grp, flow := range spread {
		members := g.defsOf(grp)
		for _, k := range members {
			defs[k].Rank += flow / float64(len(members)) * g.defWeight[g.defFile[k]]
			defs[k].Users += spreadUsers[grp]
		}
	}
	return defs
}

// better reports whether a ranks before b: by rank, then by the rank of its file, then by file
// and name hash, so that the order is total.
func (r *Ranking) better(a, b Definition) bool {
	switch {
	case a.Rank != b.Rank:
		return a.Rank > b.Rank
	case r.FileRank[a.File] != r.FileRank[b.File]:
		return r.FileRank[a.File] > r.FileRank[b.File]
	case a.File != b.File:
		return a.File < b.File
	}
	return a.Name < b.Name
}

// Best returns the n best definitions that keep accepts (all of them when n <= 0), best first.
func (r *Ranking) Best(keep func(Definition) bool, n int) []Definition {
	var kept []Definition
	if n <= 0 || len(r.Definitions) <= n {
		// All of them (the heap below pushed each through an interface only to sort them after).
		if n > 0 {
			kept = make([]Definition, 0, len(r.Definitions)) // at most n; a filter may keep few of millions
		}
		for _, d := range r.Definitions {
			if keep(d) {
				kept = append(kept, d)
			}
		}
	} else {
		// A heap of the n best so far, the worst of them on top.
		h := &worstFirst{r: r}
		for _, d := range r.Definitions {
			if !keep(d) {
				continue
			}
			if len(h.defs) < n {
				heap.Push(h, d)
			} else if r.better(d, h.defs[0]) {
				h.defs[0] = d
				heap.Fix(h, 0)
			}
		}
		kept = h.defs
	}
	slices.SortFunc(kept, func(a, b Definition) int {
		if r.better(a, b) {
			return -1
		}
		return 1
	})
	return kept
}

// worstFirst is a heap of definitions with the worst on top.
type worstFirst struct {
	r    *Ranking
	defs []Definition
}

func (h *worstFirst) Len() int           { return len(h.defs) }
func (h *worstFirst) Less(i, j int) bool { return h.r.better(h.defs[j], h.defs[i]) }
func (h *worstFirst) Swap(i, j int)      { h.defs[i], h.defs[j] = h.defs[j], h.defs[i] }
func (h *worstFirst) Push(x any)         { h.defs = append(h.defs, x.(Definition)) }
func (h *worstFirst) Pop() any {
	d := h.defs[len(h.defs)-1]
	h.defs = h.defs[:len(h.defs)-1]
	return d
}
