package scipexport

import (
	"bytes"
	"path"
	"slices"
	"unicode"

	"github.com/readmap/readmap/indexer/lang"
	"github.com/readmap/readmap/query/rank"
	"github.com/readmap/readmap/store"
)

// indexedTargets is the number of definitions of a name from which its uses are resolved through
// an index of their places rather than by checking each (Go's String has 900 definitions).
const indexedTargets = 16

// maxMeant is the most definitions one use may mean and still get reference occurrences: a use
// that could mean more (a name defined in many folders, none of them the file's own or imported)
// is too vague to point anywhere.
const maxMeant = 8

// References resolves the names a file uses to the definitions they mean, by name as `refs`
// finds uses (lang.EachIdentifier: identifiers outside comments and strings) and by place as the
// repository map's ranking resolves them (rank.Scopes): the file's own definitions of the name;
// else those in its folder or in a file or folder its imports stand for; else none (a name
// defined once elsewhere is as often a local variable). Only what other files use by name is a target
// (store.DefinesForMap: callables, types, top-level constants and variables).
//
// Members are told apart from the rest: a use after a member access (x.name, x->name, x::name)
// means a member (a method, or a definition nested in another) of its scope, or a top-level
// definition only of a package or file it imports (pkg.Func); a bare use means a top-level
// definition of its scope, or a member only in its own file (a method called on an implicit this).
// Checked against go/types on net/http (TestExportSCIPDecodes; the README has the figures).
type References struct {
	files   []store.NameSet // the code files, in path order
	fileOf  map[string]int  // path → index in files
	symbols []string        // the start of the SCIP symbols of each file's definitions (fileSymbol)
	scopes  *rank.Scopes
	targets map[string][]target // family, NUL, name → its definitions
	// places indexes the definitions of a name with indexedTargets or more: the scope id of
	// each one's folder and file (rank.Scopes.Places) → its indexes in the name's targets.
	places map[string]map[int32][]int32
	// qualifiedImports marks the files of languages whose imported names are always used
	// qualified (Go's pkg.Name).
	qualifiedImports []bool
	meant            []target // the last resolve's answer, reused
}

// target is one definition a use may mean.
type target struct {
	file   int    // index in References.files
	tail   string // its SCIP symbol after its file's (symbolTail): the whole is kept once per file
	member bool   // a method, or nested in another definition
}

// NewReferences prepares to resolve uses among files, the store's name sets (store.EachNameSet).
func NewReferences(files []store.NameSet) *References {
	r := &References{files: files, fileOf: make(map[string]int, len(files)), scopes: rank.NewScopes(files),
		targets: map[string][]target{}, places: map[string]map[int32][]int32{}}
	r.qualifiedImports, r.symbols = make([]bool, len(files)), make([]string, len(files))
	for i, f := range files {
		r.fileOf[f.Path] = i
		r.qualifiedImports[i] = rank.QualifiesImports(f.Language)
	}
	return r
}

// Define adds f's definitions as targets of uses. Every file is defined before any document is
// made.
func (r *References) Define(f *store.File) {
	i, ok := r.fileOf[f.Path]
	if !ok {
		return // no code file: nothing uses its names
	}
	r.symbols[i] = fileSymbol(f.Path)
	family := rank.Family(f.Language)
	for k, s := range f.Symbols {
		if s.Kind != store.KindLandmark && store.DefinesForMap(s) {
			key := family + "\x00" + s.Name
			member := s.Kind == store.KindMethod || s.Parent >= 0
			r.targets[key] = append(r.targets[key], target{file: i, tail: symbolTail(f, k), member: member})
		}
	}
}

// appendUses appends to occs the reference occurrences of the names f's text src uses, except
// at the places in defined (line and column, 0-based, of f's definition occurrences).
func (r *References) appendUses(occs []Occurrence, f *store.File, src *lines, defined map[[2]int32]bool) []Occurrence {
	i, ok := r.fileOf[f.Path]
	if !ok {
		return occs
	}
	scope := r.scopes.Of(r.files[i])
	family := rank.Family(f.Language)
	// The uses are gathered first, then their ranges made in one allocation: a big file has tens
	// of thousands.
	type occurrence struct {
		rng    [3]int32
		symbol string
	}
	var found []occurrence
	key := []byte(family + "\x00")
	prefix := len(key)
	lang.EachIdentifier(f.Language, src.src, func(name []byte, line, col int) {
		if defined[[2]int32{int32(line - 1), int32(col - 1)}] {
			return
		}
		key = append(key[:prefix], name...)
		defs := r.targets[string(key)]
		if len(defs) == 0 {
			return
		}
		text := src.line(line)
		use := use{member: lang.AfterMember(text, col)}
		if use.member && r.qualifiedImports[i] {
			use.qualifier = qualifier(text, col)
		}
		for _, t := range r.resolve(key, defs, i, scope, use) {
			found = append(found, occurrence{rng: [3]int32{int32(line - 1), int32(col - 1), int32(col - 1 + len(name))}, symbol: r.symbols[t.file] + t.tail})
		}
	})
	ranges := make([]int32, 3*len(found))
	occs = slices.Grow(occs, len(found))
	for k, u := range found {
		rng := ranges[3*k : 3*k+3 : 3*k+3]
		copy(rng, u.rng[:])
		occs = append(occs, Occurrence{Range: rng, Symbol: u.symbol})
	}
	return occs
}

// use is how a name is used.
type use struct {
	member    bool   // after a member access
	qualifier string // in Go, the name before the member access ("http" of http.Get)
}

// qualifier returns the identifier before the member access that precedes column col (1-based)
// of line, or "".
func qualifier(line []byte, col int) string {
	before := bytes.TrimRight(line[:min(col-1, len(line))], " \t")
	before = bytes.TrimRight(bytes.TrimSuffix(before, []byte(".")), " \t")
	start := len(before)
	for start > 0 && (before[start-1] == '_' || before[start-1] >= 0x80 || unicode.IsLetter(rune(before[start-1])) || unicode.IsDigit(rune(before[start-1]))) {
		start--
	}
	return string(before[start:])
}

// resolve returns the definitions among defs (those of key) that a use u in file i (whose scope
// is scope) means, or none when that is not clear.
func (r *References) resolve(key []byte, defs []target, i int, scope rank.Scope, u use) []target {
	member := u.member
	// A qualified Go name means a package's definition only when qualified by that package's
	// name (its folder's, as packages are named): x.URL is a field, url.URL a type.
	packageNamed := func(t target) bool {
		return u.qualifier == "" || path.Base(path.Dir(r.files[t.file].Path)) == u.qualifier
	}
	r.meant = r.meant[:0]
	// The file's own definitions: of a member access, its members; of a bare use, any.
	own := func(t target) bool { return t.file == i && (t.member || !member) }
	// Elsewhere, a member access means a member of the scope or what an import stands for; a
	// bare use means a top-level definition of the scope (in Go, of its own package only: what an
	// import brings in is always qualified).
	imported, bare := scope.Imported(), scope
	if r.qualifiedImports[i] {
		bare = scope.Local()
	}
	scoped := func(t target) bool {
		if member {
			return t.member && scope.Means(t.file) || !t.member && imported.Means(t.file) && packageNamed(t)
		}
		return !t.member && bare.Means(t.file)
	}
	if len(defs) < indexedTargets {
		r.keep(defs, own)
		if len(r.meant) == 0 {
			r.keep(defs, scoped)
		}
	} else {
		// Through the places of the scope instead: a definition found at one is in scope.
		places := r.placesOf(key, defs)
		_, file := r.scopes.Places(i)
		r.keepAt(defs, places[file], own)
		viaImport := len(imported.IDs())
		for k, id := range scope.IDs() {
			if len(r.meant) > maxMeant || len(r.meant) > 0 && r.meant[0].file == i {
				break // too many already, or the file's own
			}
			throughImport := k < viaImport
			r.keepAt(defs, places[id], func(t target) bool {
				if member {
					return t.member || throughImport && packageNamed(t)
				}
				return !t.member && !(throughImport && r.qualifiedImports[i])
			})
		}
	}
	if len(r.meant) > maxMeant {
		return nil
	}
	return r.meant
}

// keep adds to r.meant the definitions of defs that ok takes and that it does not hold yet.
func (r *References) keep(defs []target, ok func(target) bool) {
	for _, t := range defs {
		if ok(t) && !slices.Contains(r.meant, t) {
			r.meant = append(r.meant, t)
		}
	}
}

// keepAt is keep of the definitions of defs at indexes.
func (r *References) keepAt(defs []target, indexes []int32, ok func(target) bool) {
	for _, k := range indexes {
		if t := defs[k]; ok(t) && !slices.Contains(r.meant, t) {
			r.meant = append(r.meant, t)
		}
	}
}

// placesOf returns the index of the places of key's definitions defs, made on first use.
func (r *References) placesOf(key []byte, defs []target) map[int32][]int32 {
	if places, ok := r.places[string(key)]; ok { // no copy of key to look it up
		return places
	}
	places := map[int32][]int32{}
	for k, t := range defs {
		folder, file := r.scopes.Places(t.file)
		places[folder] = append(places[folder], int32(k))
		places[file] = append(places[file], int32(k))
	}
	r.places[string(key)] = places
	return places
}
