package lang

// Agent session transcripts: the JSON Lines files pi, Claude Code and Codex write as a session
// goes. Each format has a decoder from one record to a sessionEntry; the map is built the same
// way for all three (sessionMap).

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/readmap/readmap/store"
)

// sessionMapper maps an agent's session transcript: a header with where and when the session ran,
// one symbol per user turn spanning the replies and tool calls up to the next turn (with the
// model changes and the session's name inside it as children), compactions and branch summaries,
// and a summary that counts the records by kind. A file whose records are not the format's is
// mapped as plain JSON Lines.
type sessionMapper struct {
	agent  string // as the header names it: "pi", "Claude Code", "Codex"
	decode func(record []byte, d *sessionDecoder) []sessionEntry
}

// sessionTextWidth bounds the text a symbol quotes from a record (a user's words, a summary).
const sessionTextWidth = 80

// sessionKind is what a record of a transcript is, for the map and the counts.
type sessionKind uint8

const (
	sessionOther sessionKind = iota
	sessionHeader
	sessionUser
	sessionAssistant
	sessionTool
	sessionCompaction
	sessionModel
	sessionName
	sessionBranch
)

// sessionEntry is one record, decoded: its kind and the text the map shows of it.
type sessionEntry struct {
	kind sessionKind
	text string // the user's words, a summary, a model's name, the session's name, a header
	line int
	// fromEvent marks a Codex user turn taken from its event stream, which supersedes the
	// response items' copies of the same words (see codexSession).
	fromEvent bool
}

// sessionDecoder holds what a format's decoder remembers between records: the model last seen,
// so that only changes are entries, and whether the header was (for formats without a record of
// its own for it).
type sessionDecoder struct {
	lastModel string
	header    bool
}

// model returns a model entry when name differs from the last model seen.
func (d *sessionDecoder) model(name string) []sessionEntry {
	if name == "" || name == d.lastModel {
		return nil
	}
	d.lastModel = name
	return []sessionEntry{{kind: sessionModel, text: name}}
}

// Map decodes every record and builds the map from the entries.
func (m sessionMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	var entries []sessionEntry
	d := &sessionDecoder{}
	records, invalid, lines := 0, 0, 0
	for off := 0; off < len(src); {
		lines++
		end := bytes.IndexByte(src[off:], '\n')
		if end < 0 {
			end = len(src)
		} else {
			end += off
		}
		record := bytes.TrimSpace(src[off:end])
		off = end + 1
		if len(record) == 0 {
			continue
		}
		records++
		if records&0xfff == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if !json.Valid(record) {
			invalid++
			continue
		}
		for _, e := range m.decode(record, d) {
			e.line = lines
			entries = append(entries, e)
		}
	}
	if records > 0 && !hasHeader(entries) {
		return mapJSONL(ctx, src)
	}
	preferEvents(entries)
	res := sessionMap(m.agent, entries)
	if invalid > 0 {
		res.Summary += "; " + dataCountNoun(invalid, "line is", "lines are") + " not valid JSON"
	}
	return res, nil
}

// hasHeader reports whether the entries hold the session's header, the proof that the file is
// the format's transcript.
func hasHeader(entries []sessionEntry) bool {
	for _, e := range entries {
		if e.kind == sessionHeader {
			return true
		}
	}
	return false
}

// preferEvents keeps, when some user turns come from an event stream (Codex), only those: the
// other user entries are copies of the same words, and a turn starts at its copy when that comes
// first.
func preferEvents(entries []sessionEntry) {
	if !slices.ContainsFunc(entries, func(e sessionEntry) bool { return e.fromEvent }) {
		return
	}
	copied := sessionEntry{}
	for i, e := range entries {
		switch {
		case e.kind == sessionUser && !e.fromEvent:
			copied = e
			entries[i].kind = sessionOther
		case e.fromEvent && copied.line > 0 && copied.text == e.text:
			entries[i].line = copied.line
			copied = sessionEntry{}
		}
	}
}

// sessionMap builds the symbols of a transcript's entries and the summary that counts them.
func sessionMap(agent string, entries []sessionEntry) *Result {
	var syms []store.Symbol
	counts := map[sessionKind]int{}
	turn := -1    // the open user turn's symbol, or -1
	turnLast := 0 // the last line of a record inside the open turn
	replies, tools := 0, 0
	// closeTurn ends the open turn before line next, where the record that closes it starts.
	closeTurn := func(next int) {
		if turn < 0 {
			return
		}
		t := &syms[turn]
		t.EndLine = max(min(turnLast, next-1), t.StartLine)
		var parts []string
		if replies > 0 {
			parts = append(parts, dataCountNoun(replies, "reply", "replies"))
		}
		if tools > 0 {
			parts = append(parts, dataCountNoun(tools, "tool result", "tool results"))
		}
		if len(parts) > 0 {
			t.Signature += " (" + strings.Join(parts, ", ") + ")"
		}
		turn = -1
	}
	add := func(name string, kind store.Kind, signature string, line int, nested bool) {
		s := store.Symbol{Name: name, Qualname: name, Kind: kind, Signature: signature, StartLine: line, EndLine: line, Parent: -1}
		if nested && turn >= 0 {
			s.Depth, s.Parent = 1, turn
			s.Qualname = syms[turn].Name + "." + name
		}
		syms = append(syms, s)
	}
	for _, e := range entries {
		counts[e.kind]++
		switch e.kind {
		case sessionHeader:
			add("session", store.KindModule, agent+" session "+e.text, e.line, false)
		case sessionUser:
			closeTurn(e.line)
			name := "turn " + strconv.Itoa(counts[sessionUser])
			add(name, store.KindMessage, name+": "+e.text, e.line, false)
			turn, replies, tools = len(syms)-1, 0, 0
		case sessionAssistant:
			replies++
		case sessionTool:
			tools++
		case sessionCompaction, sessionBranch:
			if last := len(syms) - 1; e.kind == sessionCompaction && last >= 0 && syms[last].Signature == "compaction" && turn < 0 {
				// A compaction's summary right after its boundary (Claude Code): one compaction.
				counts[sessionCompaction]--
				syms[last].Signature = strings.TrimSuffix("compaction: "+e.text, ": ")
				syms[last].EndLine = e.line
				break
			}
			closeTurn(e.line)
			name := "compaction"
			if e.kind == sessionBranch {
				name = "branch summary"
			}
			add(name, store.KindBlock, strings.TrimSuffix(name+": "+e.text, ": "), e.line, false)
		case sessionModel:
			add("model", store.KindProperty, "model: "+e.text, e.line, true)
		case sessionName:
			add("name", store.KindProperty, "name: "+e.text, e.line, true)
		}
		if turn >= 0 {
			turnLast = e.line
		}
	}
	closeTurn(math.MaxInt)
	summary := agent + " session: " + strings.Join(sessionCounts(counts), ", ")
	return &Result{Symbols: syms, Summary: summary}
}

// sessionCounts names the counts of the records by kind, those there are.
func sessionCounts(counts map[sessionKind]int) []string {
	nouns := []struct {
		kind      sessionKind
		one, many string
	}{
		{sessionUser, "user turn", "user turns"},
		{sessionAssistant, "assistant message", "assistant messages"},
		{sessionTool, "tool result", "tool results"},
		{sessionCompaction, "compaction", "compactions"},
		{sessionBranch, "branch summary", "branch summaries"},
		{sessionModel, "model change", "model changes"},
	}
	parts := []string{}
	for _, n := range nouns {
		if counts[n.kind] > 0 {
			parts = append(parts, dataCountNoun(counts[n.kind], n.one, n.many))
		}
	}
	if len(parts) == 0 {
		parts = append(parts, "no turns yet")
	}
	return parts
}

// sessionText folds a text's whitespace and clips it for a symbol.
func sessionText(s string) string {
	return clip(strings.Join(strings.Fields(s), " "), sessionTextWidth)
}

// sessionWhere describes a session's header: "in /home/me/project, 2026-01-15 10:00 UTC".
func sessionWhere(cwd, timestamp string, more ...string) string {
	var parts []string
	if cwd != "" {
		parts = append(parts, "in "+cwd)
	}
	if t, err := time.Parse(time.RFC3339Nano, timestamp); err == nil {
		parts = append(parts, t.UTC().Format("2006-01-02 15:04 UTC"))
	} else if timestamp != "" {
		parts = append(parts, clip(timestamp, 40))
	}
	for _, m := range more {
		if m != "" {
			parts = append(parts, m)
		}
	}
	return clip(strings.Join(parts, ", "), 2*sessionTextWidth)
}

// contentText returns the text of a message's content, a string or an array of blocks: the
// string, or the first block whose "type" is one of textTypes; and the types of the blocks.
func contentText(raw json.RawMessage, textTypes ...string) (text string, blockTypes []string) {
	if len(raw) == 0 {
		return "", nil
	}
	if raw[0] == '"' {
		_ = json.Unmarshal(raw, &text)
		return text, nil
	}
	var blocks []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(raw, &blocks) != nil {
		return "", nil
	}
	for _, b := range blocks {
		blockTypes = append(blockTypes, b.Type)
		for _, t := range textTypes {
			if b.Type == t && text == "" {
				text = b.Text
			}
		}
	}
	return text, blockTypes
}

// piSession decodes a record of a pi session file: a "session" header with cwd and timestamp,
// then entries ("message" with a role, "model_change", "compaction", "branch_summary",
// "session_info" with the session's name, and others).
func piSession(record []byte, d *sessionDecoder) []sessionEntry {
	var r struct {
		Type      string `json:"type"`
		Cwd       string `json:"cwd"`
		Timestamp string `json:"timestamp"`
		Provider  string `json:"provider"`
		ModelID   string `json:"modelId"`
		Summary   string `json:"summary"`
		Name      string `json:"name"`
		Message   struct {
			Role    string          `json:"role"`
			Content json.RawMessage `json:"content"`
		} `json:"message"`
	}
	if json.Unmarshal(record, &r) != nil {
		return []sessionEntry{{kind: sessionOther}}
	}
	switch r.Type {
	case "session":
		return []sessionEntry{{kind: sessionHeader, text: sessionWhere(r.Cwd, r.Timestamp)}}
	case "message":
		switch r.Message.Role {
		case "user":
			text, _ := contentText(r.Message.Content, "text")
			return []sessionEntry{{kind: sessionUser, text: sessionText(text)}}
		case "assistant":
			return []sessionEntry{{kind: sessionAssistant}}
		case "toolResult":
			return []sessionEntry{{kind: sessionTool}}
		}
	case "model_change":
		name := r.ModelID
		if r.Provider != "" {
			name = r.Provider + "/" + r.ModelID
		}
		d.lastModel = "" // pi records each change: every one is shown
		return d.model(strings.TrimSuffix(name, "/"))
	case "compaction":
		return []sessionEntry{{kind: sessionCompaction, text: sessionText(r.Summary)}}
	case "branch_summary":
		return []sessionEntry{{kind: sessionBranch, text: sessionText(r.Summary)}}
	case "session_info":
		if r.Name != "" {
			return []sessionEntry{{kind: sessionName, text: sessionText(r.Name)}}
		}
	}
	return []sessionEntry{{kind: sessionOther}}
}

// claudeSession decodes a record of a Claude Code transcript (~/.claude/projects/*/ID.jsonl):
// "user" and "assistant" records carrying the session id, cwd, version and git branch, where a
// user record whose content holds tool results is a tool result and one marked isCompactSummary
// is the summary of a compaction; "system" records (a compact_boundary starts a compaction);
// "summary" records naming the session. The header is the first record with a cwd.
func claudeSession(record []byte, d *sessionDecoder) []sessionEntry {
	var r struct {
		Type             string `json:"type"`
		Subtype          string `json:"subtype"`
		SessionID        string `json:"sessionId"`
		Cwd              string `json:"cwd"`
		Timestamp        string `json:"timestamp"`
		Version          string `json:"version"`
		GitBranch        string `json:"gitBranch"`
		IsMeta           bool   `json:"isMeta"`
		IsCompactSummary bool   `json:"isCompactSummary"`
		Summary          string `json:"summary"`
		Message          struct {
			Model   string          `json:"model"`
			Content json.RawMessage `json:"content"`
		} `json:"message"`
	}
	if json.Unmarshal(record, &r) != nil {
		return []sessionEntry{{kind: sessionOther}}
	}
	var out []sessionEntry
	if r.SessionID != "" && r.Cwd != "" && !d.header {
		more := []string{}
		if r.Version != "" {
			more = append(more, "version "+r.Version)
		}
		if r.GitBranch != "" {
			more = append(more, "branch "+r.GitBranch)
		}
		out = append(out, sessionEntry{kind: sessionHeader, text: sessionWhere(r.Cwd, r.Timestamp, more...)})
		d.header = true
	}
	switch r.Type {
	case "user":
		text, blocks := contentText(r.Message.Content, "text")
		switch {
		case r.IsCompactSummary:
			out = append(out, sessionEntry{kind: sessionCompaction, text: sessionText(text)})
		case slices.Contains(blocks, "tool_result"):
			out = append(out, sessionEntry{kind: sessionTool})
		case r.IsMeta:
			out = append(out, sessionEntry{kind: sessionOther})
		default:
			out = append(out, sessionEntry{kind: sessionUser, text: sessionText(text)})
		}
	case "assistant":
		out = append(out, d.model(r.Message.Model)...)
		out = append(out, sessionEntry{kind: sessionAssistant})
	case "system":
		if r.Subtype == "compact_boundary" {
			out = append(out, sessionEntry{kind: sessionCompaction})
		} else {
			out = append(out, sessionEntry{kind: sessionOther})
		}
	case "summary":
		out = append(out, sessionEntry{kind: sessionName, text: sessionText(r.Summary)})
	default:
		out = append(out, sessionEntry{kind: sessionOther})
	}
	return out
}

// codexSession decodes a record of a Codex rollout (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl):
// {"timestamp","type","payload"} with "session_meta" first (id, cwd, cli_version, git), then
// "turn_context" (the model), "response_item" (messages by role, function calls and their
// outputs, reasoning), "event_msg" (user_message: the user's words as typed) and "compacted".
// A user's words come twice, as an event and as a response item that also carries injected
// context (<environment_context>, AGENTS.md); the events are the turns when there are any.
func codexSession(record []byte, d *sessionDecoder) []sessionEntry {
	var r struct {
		Type      string `json:"type"`
		Timestamp string `json:"timestamp"`
		Payload   struct {
			Type       string          `json:"type"`
			Role       string          `json:"role"`
			Cwd        string          `json:"cwd"`
			Timestamp  string          `json:"timestamp"`
			CLIVersion string          `json:"cli_version"`
			Model      string          `json:"model"`
			Message    json.RawMessage `json:"message"`
			Content    json.RawMessage `json:"content"`
			Git        struct {
				Branch string `json:"branch"`
			} `json:"git"`
		} `json:"payload"`
	}
	if json.Unmarshal(record, &r) != nil {
		return []sessionEntry{{kind: sessionOther}}
	}
	p := r.Payload
	switch r.Type {
	case "session_meta":
		when := p.Timestamp
		if when == "" {
			when = r.Timestamp
		}
		more := []string{}
		if p.CLIVersion != "" {
			more = append(more, "version "+p.CLIVersion)
		}
		if p.Git.Branch != "" {
			more = append(more, "branch "+p.Git.Branch)
		}
		return []sessionEntry{{kind: sessionHeader, text: sessionWhere(p.Cwd, when, more...)}}
	case "turn_context":
		return d.model(p.Model)
	case "compacted":
		text, _ := contentText(p.Message)
		return []sessionEntry{{kind: sessionCompaction, text: sessionText(text)}}
	case "event_msg":
		if p.Type == "user_message" {
			text, _ := contentText(p.Message)
			return []sessionEntry{{kind: sessionUser, text: sessionText(text), fromEvent: true}}
		}
	case "response_item":
		switch {
		case p.Type == "message" && p.Role == "user":
			text, _ := contentText(p.Content, "input_text")
			if codexInjected(text) {
				break
			}
			return []sessionEntry{{kind: sessionUser, text: sessionText(text)}}
		case p.Type == "message" && p.Role == "assistant":
			return []sessionEntry{{kind: sessionAssistant}}
		case strings.HasSuffix(p.Type, "_output"):
			return []sessionEntry{{kind: sessionTool}}
		}
	}
	return []sessionEntry{{kind: sessionOther}}
}

// codexInjected reports whether a user message's text is context Codex put there rather than
// words the user typed: a block wrapped whole in one tag (<environment_context>,
// <user_instructions>, <turn_aborted>, …) or the AGENTS.md instructions.
func codexInjected(text string) bool {
	t := strings.TrimSpace(text)
	if strings.HasPrefix(t, "# AGENTS.md") {
		return true
	}
	tag, _, ok := strings.Cut(strings.TrimPrefix(t, "<"), ">")
	if !ok || !strings.HasPrefix(t, "<") || tag == "" || strings.Trim(tag, "abcdefghijklmnopqrstuvwxyz_") != "" {
		return false
	}
	return strings.HasSuffix(t, "</"+tag+">")
}

// looksLikePiSession reports whether a .jsonl file's first line is a pi session's header,
// {"type":"session",…,"cwd":…}.
func looksLikePiSession(head []byte) bool {
	first, _, _ := bytes.Cut(head, []byte{'\n'})
	return bytes.Contains(first, []byte(`"type":"session"`)) && bytes.Contains(first, []byte(`"cwd":`))
}

// looksLikeCodexSession reports whether a .jsonl file's first line is a Codex rollout's
// session_meta record.
func looksLikeCodexSession(head []byte) bool {
	first, _, _ := bytes.Cut(head, []byte{'\n'})
	return bytes.Contains(first, []byte(`"type":"session_meta"`))
}

// looksLikeClaudeSession reports whether a .jsonl file's first records are a Claude Code
// transcript's: records chained by parentUuid that carry a sessionId.
func looksLikeClaudeSession(head []byte) bool {
	return bytes.Contains(head, []byte(`"sessionId":"`)) && bytes.Contains(head, []byte(`"parentUuid":`))
}
