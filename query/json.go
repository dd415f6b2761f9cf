package query

import "github.com/readmap/readmap/store"

// FileJSON is one file's complete map as `readmap map --json` prints it: every symbol, no budget.
type FileJSON struct {
	Path     string       `json:"path"`
	Language string       `json:"language"`
	Lines    int          `json:"lines"`
	Bytes    int64        `json:"bytes"`
	Hash     string       `json:"hash,omitempty"` // the hex SHA-256 of the bytes mapped, when the caller read them
	Mapper   string       `json:"mapper"`
	Summary  string       `json:"summary"`
	Skipped  string       `json:"skipped,omitempty"` // the skip reason, for a file without its own map
	Imports  []string     `json:"imports"`
	Symbols  []SymbolJSON `json:"symbols"`
}

// SymbolJSON is one symbol of FileJSON. Parent is the index of the enclosing symbol in the same
// array, or -1.
type SymbolJSON struct {
	Name      string `json:"name"`
	Qualname  string `json:"qualname"`
	Kind      string `json:"kind"`
	Signature string `json:"signature"`
	StartLine int    `json:"start_line"`
	EndLine   int    `json:"end_line"`
	Depth     int    `json:"depth"`
	Parent    int    `json:"parent"`
}

// NewFileJSON converts a file row to its JSON form.
func NewFileJSON(f *store.File) FileJSON {
	out := FileJSON{
		Path: f.Path, Language: f.Language, Lines: f.Lines, Bytes: f.Size, Mapper: f.Mapper,
		Summary: f.Summary, Skipped: string(f.Skip), Imports: f.Imports,
		Symbols: make([]SymbolJSON, len(f.Symbols)),
	}
	if out.Imports == nil {
		out.Imports = []string{}
	}
	for i, s := range f.Symbols {
		out.Symbols[i] = SymbolJSON{
			Name: s.Name, Qualname: s.Qualname, Kind: s.Kind.String(), Signature: s.Signature,
			StartLine: s.StartLine, EndLine: s.EndLine, Depth: s.Depth, Parent: s.Parent,
		}
	}
	return out
}
