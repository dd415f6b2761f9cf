package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/query/edit"
	"github.com/readmap/readmap/store"
	"github.com/spf13/cobra"
)

func (a *app) mcpCommand() *cobra.Command {
	var allowOutside bool
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "Serve read, map, sym, refs, search and edit as MCP tools on stdio",
		Long: `mcp runs a Model Context Protocol server on stdin and stdout with the tools read, map, sym,
refs, search and edit, taking the same parameters as the commands and refusing what they refuse, with
the same error codes. Paths are relative to the repository root; a path outside it, even through a symbolic
link, is refused unless --allow-outside-root is given. A bad setting in the environment, or a
--root that is not a folder, stops the server before it starts. A line that is not a JSON-RPC
message, or a batch, is answered with a JSON-RPC error and the server goes on.`,
		Example: `  readmap mcp
  claude mcp add readmap -- readmap mcp --root /path/to/repo`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			root, err := a.rootDir()
			if err != nil {
				return err
			}
			if st, storeRoot, err := a.openStore(cmd.Context(), root, false); err == nil {
				st.Close()
				root = storeRoot // a store given with --db maps its own root
			}
			if err := a.mcpServer(root, allowOutside).serve(cmd.Context(), a.stdin, a.stdout); err != nil && cmd.Context().Err() == nil {
				return failure(query.CodeMCP, "server", err, "")
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&allowOutside, "allow-outside-root", false, "serve files outside the repository root too")
	return cmd
}

// MCP tool inputs: the CLI flags under the same names. A parameter whose zero value the command
// line would refuse or read differently (offset 0, max 0) is a pointer, so that giving it is told
// apart from leaving it out, and it is refused alike. Each tool's JSON Schema, and the check of a
// call's arguments, are made from these structs (mcpschema.go): the json tag names a parameter,
// the jsonschema tag describes it to the model, and a field without omitempty is required.
type (
	mcpReadInput struct {
		Path    string `json:"path" jsonschema:"the file to read, relative to the repository root"`
		Offset  *int   `json:"offset,omitempty" jsonschema:"first line to show, 1-based"`
		Limit   int    `json:"limit,omitempty" jsonschema:"how many lines from offset (at most one page)"`
		Lines   string `json:"lines,omitempty" jsonschema:"the lines A-B to show, inclusive, as the map gives them"`
		Page    *int   `json:"page,omitempty" jsonschema:"show page N of the file"`
		Symbol  string `json:"symbol,omitempty" jsonschema:"show the lines of this symbol: Class.method or a plain name"`
		Full    bool   `json:"full,omitempty" jsonschema:"the whole file however large (use sparingly)"`
		Map     bool   `json:"map,omitempty" jsonschema:"add the map after a page or range"`
		Numbers bool   `json:"numbers,omitempty" jsonschema:"prefix each line with its number and a tab"`
		Raw     bool   `json:"raw,omitempty" jsonschema:"a notebook's JSON bytes instead of its cells"`
		JSON    bool   `json:"json,omitempty" jsonschema:"answer with the CLI's JSON object instead of text"`
	}
	mcpMapInput struct {
		Path    string   `json:"path,omitempty" jsonschema:"the file to map, relative to the repository root; a folder, or none, for the repository map"`
		Budget  *int     `json:"budget,omitempty" jsonschema:"map size limit in bytes, 256 or more (default 10240)"`
		Focus   []string `json:"focus,omitempty" jsonschema:"repository map: files you work on, whose uses rank first"`
		Mention []string `json:"mention,omitempty" jsonschema:"repository map: names from your task, whose uses weigh more"`
		JSON    bool     `json:"json,omitempty" jsonschema:"a file: every symbol as JSON, no budget; the repository map: its entries as JSON"`
	}
	mcpRefsInput struct {
		Name  string `json:"name" jsonschema:"the name whose uses to find, or Class.method"`
		Path  string `json:"path,omitempty" jsonschema:"only files whose path matches this glob, e.g. src/*"`
		Limit *int   `json:"limit,omitempty" jsonschema:"most hits, 0 for all (default 100)"`
		JSON  bool   `json:"json,omitempty" jsonschema:"answer with the CLI's JSON array instead of text"`
	}
	mcpSymInput struct {
		Query string `json:"query" jsonschema:"a symbol name or Class.method; typos are tolerated"`
		Kind  string `json:"kind,omitempty" jsonschema:"only this kind: function, method, class, struct, ..."`
		Lang  string `json:"lang,omitempty" jsonschema:"only files of this language"`
		Path  string `json:"path,omitempty" jsonschema:"only files whose path matches this glob, e.g. src/*"`
		Limit *int   `json:"limit,omitempty" jsonschema:"most hits, 1 to 1000 (default 20)"`
		Skip  int    `json:"skip,omitempty" jsonschema:"hits to pass over first, as a cut answer's notice says (0 to 10000)"`
		JSON  bool   `json:"json,omitempty" jsonschema:"answer with the CLI's JSON array instead of text"`
	}
	mcpEditInput struct {
		Path         string      `json:"path" jsonschema:"the file to change, relative to the repository root"`
		Old          *string     `json:"old,omitempty" jsonschema:"the text to replace: it must occur once (see all); matched exactly, else with line endings, trailing whitespace, indentation or punctuation made alike"`
		New          *string     `json:"new,omitempty" jsonschema:"the replacement of old; with symbol, the symbol's new lines (decorators and attributes included, as read with symbol shows them)"`
		All          bool        `json:"all,omitempty" jsonschema:"replace every exact occurrence of old"`
		Within       string      `json:"within,omitempty" jsonschema:"look for old only inside this symbol"`
		Symbol       string      `json:"symbol,omitempty" jsonschema:"the symbol to change: Class.method or a plain name, as read takes it"`
		InsertBefore *string     `json:"insert_before,omitempty" jsonschema:"with symbol: whole lines to add before it"`
		InsertAfter  *string     `json:"insert_after,omitempty" jsonschema:"with symbol: whole lines to add after it"`
		Delete       bool        `json:"delete,omitempty" jsonschema:"with symbol: remove its lines"`
		Batch        []edit.Edit `json:"batch,omitempty" jsonschema:"several edits applied in order, all or nothing, in one write: objects with the keys above (old, new, all, within, symbol, insert_before, insert_after, delete)"`
		IfHash       string      `json:"if_hash,omitempty" jsonschema:"refuse unless the file's hash is still this one (from read or map with json, or the last edit)"`
		DryRun       bool        `json:"dry_run,omitempty" jsonschema:"show the diff only, write nothing"`
		Undo         bool        `json:"undo,omitempty" jsonschema:"restore the newest backup of the file (an undo can itself be undone)"`
		JSON         bool        `json:"json,omitempty" jsonschema:"answer with the CLI's JSON object instead of text"`
	}
	mcpSearchInput struct {
		Path      string   `json:"path" jsonschema:"the file to search, relative to the repository root"`
		Pattern   string   `json:"pattern" jsonschema:"text to find (case-insensitive unless it has capitals), a regular expression with regex, or a whole line with fuzzy"`
		Regex     bool     `json:"regex,omitempty" jsonschema:"pattern is a regular expression"`
		Fuzzy     bool     `json:"fuzzy,omitempty" jsonschema:"find lines similar to pattern as a whole, best first"`
		Threshold *float64 `json:"threshold,omitempty" jsonschema:"least similarity of a fuzzy hit, above 0 and at most 1 (default 0.8)"`
		Context   *int     `json:"context,omitempty" jsonschema:"lines of context around each hit, 0 to 50 (default 2)"`
		Max       *int     `json:"max,omitempty" jsonschema:"most hits, 1 to 1000 (default 50)"`
		Skip      int      `json:"skip,omitempty" jsonschema:"hits to pass over first, as a cut answer's notice says (0 to 100000)"`
		JSON      bool     `json:"json,omitempty" jsonschema:"answer with the CLI's JSON array instead of text"`
	}
)

// mcpServer builds the server of root with its six tools.
func (a *app) mcpServer(root string, allowOutside bool) *mcpServer {
	m := &mcpTools{a: a, root: root, allowOutside: allowOutside}
	return newMCPServer("readmap", version,
		newMCPTool("read", `Read a file of the repository. Use it instead of a plain file read. A small file comes back whole. A large file comes back as its first page plus a map of every symbol with its line range: read the lines you need next with "lines" (A-B from the map) or "symbol", or go on with "page". Never conclude from the first page of a large file alone.`, m.read),
		newMCPTool("map", `The structural map of a file: every class, function, method, heading or key with its line range, within a size budget. Use it to see a large file's layout before reading parts of it with read. Without a path (or with a folder) it is the repository map: the definitions the rest of the code uses most, ranked, with their files and line ranges; "focus" (files you work on) and "mention" (names from your task) steer it. Use it first in an unfamiliar repository.`, m.mapFile),
		newMCPTool("sym", `Find where a symbol is defined across the whole repository by name (exact, prefix, substring, then typo-tolerant). Each hit is path:start-end kind qualname signature; read those lines next. A cut answer ends with the skip that shows the rest.`, m.sym),
		newMCPTool("search", `Find lines in one file that contain a text, match a regular expression, or resemble a whole line (fuzzy); each hit shows its line number, context and the enclosing function or class with its range. A cut answer ends with the next hit's line and the skip that shows it.`, m.search),
		newMCPTool("refs", `Find who uses a name across the whole repository before changing it: its definitions first, then every line that uses it outside comments and strings, as path:line in ENCLOSING-SYMBOL the line. Class.method keeps member accesses. Read the lines you need next.`, m.refs),
		newMCPTool("edit", `Change a file of the repository safely and get the diff. Replace a whole symbol with "symbol" and "new" (read it first with read and "symbol"; give its full new lines), add lines with "insert_before"/"insert_after", remove it with "delete"; or replace a text that occurs once with "old" and "new". Several edits go in "batch", all or nothing. Pass the hash you read as "if_hash" to refuse a stale edit. The file keeps its line endings, encoding and mode; a backup is kept and "undo" restores it. A failure changes nothing and says why, with the matches or the nearest lines.`, m.edit),
	)
}

// mcpTools answers tool calls with the same code as the commands.
type mcpTools struct {
	a            *app
	root         string
	allowOutside bool
}

// session opens the root's store for one call; relative paths resolve against the root.
func (m *mcpTools) session(ctx context.Context) *session {
	s := &session{base: m.root}
	s.st, s.root, s.storeErr = m.a.openStore(ctx, m.root, false)
	return s
}

// toolError is a failure as the tool result an agent sees: the message and its hint as text, as
// the command prints them on stderr, and the error object of the JSON contract as structured
// content, so that a client can decide by its code.
func toolError(err error) *toolResult {
	ce := asFailure("", err)
	text := "readmap: " + ce.Error()
	if ce.hint != "" {
		text += "\nhint: " + ce.hint
	}
	return &toolResult{IsError: true, Content: []textContent{{Type: "text", Text: text}}, StructuredContent: ce.json()}
}

// mcpEncoding is the encoding of a tool's answer: JSON when asked for, otherwise text, which
// travels in a JSON string and so must be valid UTF-8.
func mcpEncoding(asJSON bool) query.Encoding {
	if asJSON {
		return query.EncodingJSON
	}
	return query.EncodingUTF8
}

// textResult is a tool's answer of one or more text blocks.
func textResult(blocks ...string) *toolResult {
	r := &toolResult{}
	for _, b := range blocks {
		r.Content = append(r.Content, textContent{Type: "text", Text: b})
	}
	return r
}

func (m *mcpTools) read(ctx context.Context, in mcpReadInput) *toolResult {
	req, err := m.readRequest(in)
	if err != nil {
		return toolError(err)
	}
	s := m.session(ctx)
	defer s.close()
	ans, err := m.a.readAnswer(ctx, s, in.Path, req, openOptions{confine: !m.allowOutside, hash: in.JSON, raw: in.Raw})
	if err != nil {
		return toolError(err)
	}
	if in.JSON {
		var b bytes.Buffer
		_ = ans.WriteJSON(&b)
		return textResult(b.String())
	}
	if ans.Map != "" {
		return textResult(ans.PageText(), ans.Map) // the page and the map: two blocks of one result
	}
	return textResult(ans.PageText())
}

// readRequest is the read that in asks for, checked by the rules the read command applies.
func (m *mcpTools) readRequest(in mcpReadInput) (query.ReadRequest, error) {
	req := query.ReadRequest{Symbol: in.Symbol, Full: in.Full, FullLimit: query.MaxFullBytes, WithMap: in.Map, Numbers: in.Numbers,
		Layout: m.a.cfg.layout(), MapBudget: m.a.cfg.mapBudget, Limit: in.Limit}
	req.Layout.Encoding = mcpEncoding(in.JSON)
	if in.Offset != nil {
		req.Offset, req.OffsetSet = *in.Offset, true
	}
	if in.Page != nil {
		req.Page, req.PageSet = *in.Page, true
	}
	if in.Lines != "" {
		r, err := query.ParseLines(in.Lines)
		if err != nil {
			return req, err
		}
		req.Range = r
	}
	return req, req.Validate()
}

func (m *mcpTools) mapFile(ctx context.Context, in mcpMapInput) *toolResult {
	budget := m.a.cfg.mapBudget
	if in.Budget != nil {
		budget = *in.Budget
	}
	if err := query.ValidateMapBudget(budget); err != nil {
		return toolError(err)
	}
	if in.Path == "" || isFolder(m.rooted(in.Path)) {
		return m.repoMap(ctx, in, budget)
	}
	if len(in.Focus) > 0 || len(in.Mention) > 0 {
		return toolError(usageError(errors.New("focus and mention steer the repository map"), "leave out path (or give a folder) for it"))
	}
	s := m.session(ctx)
	defer s.close()
	f, sum, err := m.a.load(ctx, s, in.Path, openOptions{confine: !m.allowOutside, hash: in.JSON})
	if err != nil {
		return toolError(err)
	}
	if in.JSON {
		fj := query.NewFileJSON(f)
		fj.Hash = hexOrEmpty(sum)
		var b bytes.Buffer
		_ = jsonEncoder(&b).Encode(fj)
		if b.Len() > query.MaxFullBytes {
			return toolError(failure(query.CodeTooLarge, in.Path,
				fmt.Errorf("every symbol as JSON is %s, over the %s a map returns here", query.HumanBytes(int64(b.Len())), query.HumanBytes(query.MaxFullBytes)),
				"take the map without json (it fits its budget), or find symbols with sym"))
		}
		return textResult(b.String())
	}
	shown := *f
	shown.Path = in.Path
	return textResult(query.MapText(&shown, budget))
}

// rooted returns p resolved against the root.
func (m *mcpTools) rooted(p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(m.root, p)
}

// repoMap answers the map tool without a file: the repository map of the root or of a folder.
func (m *mcpTools) repoMap(ctx context.Context, in mcpMapInput, budget int) *toolResult {
	rm, err := m.a.repoMap(ctx, repoMapRequest{root: m.root, base: m.root, folder: in.Path, focus: in.Focus, mention: in.Mention, budget: budget})
	if err != nil {
		return toolError(err)
	}
	if in.JSON {
		var b bytes.Buffer
		_ = jsonEncoder(&b).Encode(rm.JSON())
		return textResult(b.String())
	}
	return textResult(rm.Text())
}

func (m *mcpTools) sym(ctx context.Context, in mcpSymInput) *toolResult {
	q := query.NewSymQuery(in.Query)
	q.Filter.Kind, q.Filter.Language, q.Filter.PathGlob = in.Kind, in.Lang, in.Path
	if in.Limit != nil {
		q.Limit = *in.Limit
	}
	q.Skip = in.Skip
	if err := q.Validate(); err != nil {
		return toolError(err)
	}
	s := m.session(ctx)
	defer s.close()
	if s.st == nil {
		return m.noStore(s)
	}
	if !m.allowOutside {
		q.Suggest = func(name string) bool {
			named, err := s.st.SymbolsNamed(ctx, name, q.Filter, 20)
			hits := make([]query.SymHit, len(named))
			for i, h := range named {
				hits[i] = query.SymHit{Hit: h}
			}
			return err == nil && len(m.confineHits(ctx, s, hits)) > 0
		}
	}
	hits, err := m.a.lookupSymbols(ctx, s.st, s.root, q)
	if err != nil {
		return toolError(err)
	}
	if !m.allowOutside {
		if hits = m.confineHits(ctx, s, hits); len(hits) == 0 {
			return toolError(failure(query.CodeNoHit, "sym "+q.Text, fmt.Errorf("no symbol matches %q inside the root", q.Text), ""))
		}
	}
	ans, err := symAnswer(hits, q, mcpEncoding(in.JSON))
	if err != nil {
		return toolError(err)
	}
	var b bytes.Buffer
	if !in.JSON {
		_ = ans.WriteText(&b)
		return textResult(b.String())
	}
	_ = ans.WriteJSON(&b)
	if ans.Notice != "" {
		return textResult(b.String(), "["+ans.Notice+"]") // the array stays whole JSON
	}
	return textResult(b.String())
}

// noStore is the answer of a tool that needs the store when it cannot be opened.
func (m *mcpTools) noStore(s *session) *toolResult {
	return toolError(failure(query.CodeStore, s.shownPath(m.a.dbPath(m.root)), s.storeErr, storeHint(s.storeErr)))
}

func (m *mcpTools) refs(ctx context.Context, in mcpRefsInput) *toolResult {
	q := query.RefsQuery{Name: in.Name, PathGlob: in.Path, Limit: query.DefaultRefsLimit}
	if in.Limit != nil {
		q.Limit = *in.Limit
	}
	if err := q.Validate(); err != nil {
		return toolError(err)
	}
	s := m.session(ctx)
	defer s.close()
	if s.st == nil {
		return m.noStore(s)
	}
	hits, err := m.a.lookupRefs(ctx, s.st, s.root, q)
	if err != nil {
		return toolError(err)
	}
	ans := query.NewRefsAnswer(hits, q, query.MaxAnswerBytes)
	if !in.JSON {
		return textResult(ans.Text())
	}
	out := ans.Hits
	if out == nil {
		out = []query.RefHit{}
	}
	b, _ := json.Marshal(out)
	if left := ans.LeftOut("limit", "path"); left != "" {
		return textResult(string(b), left)
	}
	return textResult(string(b))
}

func (m *mcpTools) search(ctx context.Context, in mcpSearchInput) *toolResult {
	req := query.NewSearchRequest(in.Pattern)
	req.Regex, req.Fuzzy = in.Regex, in.Fuzzy
	if in.Threshold != nil {
		req.Threshold = *in.Threshold
	}
	if in.Context != nil {
		req.Context = *in.Context
	}
	if in.Max != nil {
		req.Max = *in.Max
	}
	req.Skip, req.Encoding = in.Skip, mcpEncoding(in.JSON)
	if err := req.Validate(); err != nil {
		return toolError(err)
	}
	s := m.session(ctx)
	defer s.close()
	ans, err := m.a.search(ctx, s, in.Path, req, openOptions{confine: !m.allowOutside})
	if err != nil {
		return toolError(err)
	}
	var b bytes.Buffer
	if !in.JSON {
		_ = ans.WriteText(&b)
		return textResult(b.String())
	}
	_ = ans.WriteJSON(&b)
	if ans.Notice != "" {
		return textResult(b.String(), "["+ans.Notice+"]") // the array stays whole JSON
	}
	return textResult(b.String())
}

func (m *mcpTools) edit(ctx context.Context, in mcpEditInput) *toolResult {
	if err := query.ValidatePath(in.Path); err != nil {
		return toolError(err)
	}
	req := edit.Request{IfHash: in.IfHash, DryRun: in.DryRun, Undo: in.Undo}
	single := edit.Edit{Old: in.Old, New: in.New, All: in.All, Within: in.Within, Symbol: in.Symbol,
		InsertBefore: in.InsertBefore, InsertAfter: in.InsertAfter, Delete: in.Delete}
	hasSingle := single != (edit.Edit{})
	switch {
	case in.Batch != nil && hasSingle:
		return toolError(usageError(errors.New("batch and the parameters of a single edit exclude each other"), "put every edit in the batch"))
	case in.Batch != nil:
		req.Edits, req.Batch = in.Batch, true
	case hasSingle:
		req.Edits = []edit.Edit{single}
	}
	if err := req.Validate(); err != nil {
		return toolError(err)
	}
	s := m.session(ctx)
	defer s.close()
	ans, err := m.a.editFile(ctx, s, in.Path, req, !m.allowOutside)
	if err != nil {
		return toolError(err)
	}
	if in.JSON {
		var b bytes.Buffer
		_ = ans.WriteJSON(&b, query.MaxAnswerBytes)
		return textResult(b.String())
	}
	return textResult(ans.Text(query.MaxAnswerBytes, query.EncodingUTF8))
}

// confineHits keeps the hits whose files lie inside the root and whose symbols the files' own
// bytes give. A row of the store may have been made through a link that led outside the root (the
// indexer follows links to files), or from bytes a swapped path showed the indexer: each hit's file
// is opened as read opens it, and a hit is kept only when the row checked against those bytes has
// the same symbol.
func (m *mcpTools) confineHits(ctx context.Context, s *session, hits []query.SymHit) []query.SymHit {
	rows := map[string]*store.File{}
	var kept []query.SymHit
	for _, h := range hits {
		row, seen := rows[h.Path]
		if !seen {
			row, _, _ = m.a.load(ctx, s, h.Path, openOptions{confine: true})
			rows[h.Path] = row
		}
		if row != nil && hasSymbol(row, h.Hit) {
			kept = append(kept, h)
		}
	}
	return kept
}

// hasSymbol reports whether f has the symbol of hit h.
func hasSymbol(f *store.File, h store.Hit) bool {
	for _, sym := range f.Symbols {
		if sym.Qualname == h.Qualname && sym.Name == h.Name && sym.Kind == h.Kind && sym.Signature == h.Signature &&
			sym.StartLine == h.StartLine && sym.EndLine == h.EndLine {
			return true
		}
	}
	return false
}
