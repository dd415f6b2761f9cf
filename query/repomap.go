package query

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/readmap/readmap/query/rank"
	"github.com/readmap/readmap/store"
)

// RepoMapOptions ask for a repository map (design section 3.10).
type RepoMapOptions struct {
	// Folder limits the map to the definitions of the files under it (relative to the root, '/'
	// separators); "" for the whole repository. The ranking is the whole repository's either way.
	Folder  string
	Budget  int      // hard cap on the bytes of the whole text
	Focus   []string // paths relative to the root of the files an agent works on
	Mention []string // names from an agent's task
}

// RepoMap is the repository map: the definitions the ranking puts first, packed under the budget.
type RepoMap struct {
	Folder      string
	Files       int // code files in the folder
	Definitions int // distinct names defined per file, summed over those files
	// Sections are the files listed, in the order of their best entry's rank; entries in source
	// order within each.
	Sections []RepoSection
	LeftOut  int // definitions (a name in a file) ranked but not listed
	budget   int
	opts     RepoMapOptions
}

// RepoSection is one file of a repository map.
type RepoSection struct {
	Path    string
	Entries []RepoEntry
}

// RepoEntry is one symbol of a repository map, with what the ranking says of its name.
type RepoEntry struct {
	Symbol store.Symbol
	Rank   float64 // the definition's share of the ranking's flow
	Users  int     // other files that use its name and mean it (rank.Definition.Users)
	line   string
}

const (
	// bestFirst is how many of the best definitions packing sorts first; it sorts them all only
	// when it gets that far.
	bestFirst = 4096
	// maxSkipsInARow is how many entries in a row that do not fit the packing tries before it
	// takes the budget as full.
	maxSkipsInARow = 256
	// maxRepoEntryText is the longest signature an entry shows; a longer one shows as its keyword
	// and name.
	maxRepoEntryText = 160
	// repoMapFooterHint is the last line of the footer.
	repoMapFooterHint = "Read a symbol: readmap read PATH --lines A-B"
)

// BuildRepoMap ranks the store's definitions and packs the best of opts.Folder's under
// opts.Budget: entries in rank order, each taken whole if it fits and skipped if not. A budget
// too small for the best entry with the frame is a CodeUsage error naming the minimum.
func BuildRepoMap(ctx context.Context, st *store.Store, opts RepoMapOptions) (*RepoMap, error) {
	ranking, err := rankRepository(ctx, st, rank.Options{Focus: opts.Focus, Mention: opts.Mention}, opts.Folder == "")
	if err != nil {
		return nil, err
	}
	m := &RepoMap{Folder: opts.Folder, budget: opts.Budget, opts: opts}
	inFolder := func(p string) bool { return opts.Folder == "" || strings.HasPrefix(p, opts.Folder+"/") }
	if ranking.top {
		m.Files, m.Definitions = ranking.files, ranking.definitions
	} else {
		for i, p := range ranking.paths {
			if inFolder(p) {
				m.Files++
				m.Definitions += ranking.defined[i]
			}
		}
	}
	frame := len(m.header()) + len(m.footer(m.Definitions, m.Definitions))
	used := frame
	rows := map[string]*rowNames{}
	sections := map[string]int{} // path -> index in m.Sections
	skips, shown := 0, 0
	keep := func(d rank.Definition) bool { return inFolder(ranking.paths[d.File]) }
	best := ranking.Best(keep, bestFirst)
	for j := 0; j < len(best); j++ {
		if j == bestFirst-1 { // packing goes on past the first bestFirst: take all, in order
			if ranking.top {
				if ranking, err = storedRanking(ctx, st, ranking.definitions); err != nil {
					return nil, err
				}
			}
			best = ranking.Best(keep, 0)
		}
		if shown > 0 && (skips >= maxSkipsInARow || opts.Budget-used < len("  x [1]\n")) {
			m.LeftOut += m.Definitions - j // the budget is full: the rest is left out
			break
		}
		d := best[j]
		path := ranking.paths[d.File]
		row, ok := rows[path]
		if !ok {
			f, err := st.File(ctx, path)
			if err != nil {
				return nil, err
			}
			row = newRowNames(f)
			rows[path] = row
		}
		var entries []RepoEntry
		cost := 0
		for _, i := range row.definitions(d.Name) {
			e := RepoEntry{Symbol: row.f.Symbols[i], Rank: d.Rank, Users: int(d.Users), line: repoEntryLine(row.f.Symbols, i)}
			entries = append(entries, e)
			cost += len(e.line) + 1
		}
		if len(entries) == 0 {
			continue // the row changed since its name set was written
		}
		section, listed := sections[path]
		if !listed {
			cost += len(sectionHeading(path)) + 1
			if len(m.Sections) > 0 {
				cost++ // the blank line between sections
			}
		}
		if used+cost > opts.Budget {
			if shown == 0 && m.LeftOut == 0 {
				return nil, usageError(fmt.Sprintf("--budget %d is below the %d bytes the map's first entry needs", opts.Budget, used+cost),
					fmt.Sprintf("pass --budget %d or more", used+cost))
			}
			m.LeftOut++
			skips++
			continue
		}
		skips = 0
		used += cost
		shown++
		if !listed {
			section = len(m.Sections)
			sections[path] = section
			m.Sections = append(m.Sections, RepoSection{Path: path})
		}
		m.Sections[section].Entries = append(m.Sections[section].Entries, entries...)
	}
	if shown == 0 && frame > opts.Budget { // nothing to list, and not even room for saying so
		return nil, usageError(fmt.Sprintf("--budget %d is below the %d bytes the map's frame needs", opts.Budget, frame),
			fmt.Sprintf("pass --budget %d or more", frame))
	}
	for i := range m.Sections {
		slices.SortStableFunc(m.Sections[i].Entries, func(a, b RepoEntry) int { return a.Symbol.StartLine - b.Symbol.StartLine })
	}
	return m, nil
}

// rowNames is a file row with its symbols indexed by the hash of their names.
type rowNames struct {
	f      *store.File
	byHash map[uint32][]int
}

func newRowNames(f *store.File) *rowNames {
	r := &rowNames{f: f, byHash: map[uint32][]int{}}
	for i, s := range f.Symbols {
		if store.DefinesForMap(s) {
			h := store.NameHash([]byte(s.Name))
			r.byHash[h] = append(r.byHash[h], i)
		}
	}
	return r
}

// definitions returns the symbols of the row that define the name hashed h, the shallowest only:
// a type, not the interfaces that embed it.
func (r *rowNames) definitions(h uint32) []int {
	ids := r.byHash[h]
	least := -1
	for _, i := range ids {
		if d := r.f.Symbols[i].Depth; least < 0 || d < least {
			least = d
		}
	}
	var out []int
	for _, i := range ids {
		if r.f.Symbols[i].Depth == least {
			out = append(out, i)
		}
	}
	return out
}

// repoEntryLine is symbol i as the repository map lists it: its signature (or keyword and name),
// after the qualname of its parent when it is nested, and its range.
func repoEntryLine(syms []store.Symbol, i int) string {
	s := syms[i]
	text := Printable(fullText(s))
	if len(text) > maxRepoEntryText {
		text = Printable(compactText(s)) // a table or a long literal: its keyword and name
	}
	if s.Parent >= 0 && s.Parent < len(syms) {
		text = Printable(syms[s.Parent].Qualname) + " > " + text
	}
	return "  " + text + " " + lineRange(s.StartLine, s.EndLine)
}

// counted is n and noun, in the plural unless n is 1: "1 file", "3 files".
func counted(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return Thousands(n) + " " + noun + "s"
}

func sectionHeading(path string) string { return DisplayPath(path) + ":" }

// header is the frame above the entries.
func (m *RepoMap) header() string {
	folder := m.Folder
	if folder == "" {
		folder = "."
	}
	var b strings.Builder
	b.WriteString(frameRule + "\nRepository Map: " + DisplayPath(folder) + "\n")
	b.WriteString(Thousands(m.Files) + " code files │ " + Thousands(m.Definitions) + " definitions │ ranked by use across files")
	if len(m.opts.Focus) > 0 {
		b.WriteString(" │ focus: " + counted(len(m.opts.Focus), "file"))
	}
	if len(m.opts.Mention) > 0 {
		b.WriteString(" │ mentioned: " + counted(len(m.opts.Mention), "name"))
	}
	b.WriteString("\n" + frameRule + "\n\n")
	return b.String()
}

// footer is the frame below the entries.
func (m *RepoMap) footer(shown, leftOut int) string {
	return "\n" + frameRule + "\n" + Thousands(shown) + " definitions listed, " + Thousands(leftOut) +
		" more left out (budget " + HumanBytes(int64(m.budget)) + ")\n" + repoMapFooterHint + "\n" + frameRule + "\n"
}

// Shown is how many definitions (a name in a file) the map lists.
func (m *RepoMap) Shown() int {
	n := 0
	for _, s := range m.Sections {
		seen := map[string]bool{}
		for _, e := range s.Entries {
			if !seen[e.Symbol.Name] {
				seen[e.Symbol.Name] = true
				n++
			}
		}
	}
	return n
}

// Text renders the map; it is never longer than the budget.
func (m *RepoMap) Text() string {
	var b strings.Builder
	b.WriteString(m.header())
	for i, s := range m.Sections {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(sectionHeading(s.Path) + "\n")
		for _, e := range s.Entries {
			b.WriteString(e.line + "\n")
		}
	}
	b.WriteString(m.footer(m.Shown(), m.LeftOut))
	return b.String()
}

// RepoMapJSON is the repository map as `readmap map --json` prints it for a folder: the entries
// the text lists, with their ranks.
type RepoMapJSON struct {
	Folder      string          `json:"folder"`
	Files       int             `json:"files"`
	Definitions int             `json:"definitions"`
	Budget      int             `json:"budget"`
	Entries     []RepoEntryJSON `json:"entries"`
	LeftOut     int             `json:"left_out"`
}

// RepoEntryJSON is one entry of RepoMapJSON.
type RepoEntryJSON struct {
	Path      string  `json:"path"`
	Name      string  `json:"name"`
	Qualname  string  `json:"qualname"`
	Kind      string  `json:"kind"`
	Signature string  `json:"signature"`
	StartLine int     `json:"start_line"`
	EndLine   int     `json:"end_line"`
	Rank      float64 `json:"rank"`
	Users     int     `json:"users"`
}

// JSON returns the map's JSON form.
func (m *RepoMap) JSON() RepoMapJSON {
	out := RepoMapJSON{Folder: m.Folder, Files: m.Files, Definitions: m.Definitions, Budget: m.budget, LeftOut: m.LeftOut, Entries: []RepoEntryJSON{}}
	for _, s := range m.Sections {
		for _, e := range s.Entries {
			out.Entries = append(out.Entries, RepoEntryJSON{
				Path: s.Path, Name: e.Symbol.Name, Qualname: e.Symbol.Qualname, Kind: e.Symbol.Kind.String(),
				Signature: e.Symbol.Signature, StartLine: e.Symbol.StartLine, EndLine: e.Symbol.EndLine,
				Rank: e.Rank, Users: e.Users,
			})
		}
	}
	return out
}
