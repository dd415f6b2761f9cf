package lang

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// mapSessionFile detects path's language as Detect does for the indexer, requires it to be want,
// and maps the file with that language's mapper, checking the symbol invariants.
func mapSessionFile(t *testing.T, path, want string) *Result {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	l := Detect(path, src[:min(len(src), SniffBytes)])
	if l == nil || l.Name != want {
		t.Fatalf("%s detected as %v, want %s", path, l, want)
	}
	return dataMapWith(t, l.NewMapper(), string(src))
}

// TestSessionMaps: each agent's transcript (the fixtures are written in each format as the agents
// write them: pi's session entries, Claude Code's chained user/assistant records, a Codex rollout)
// maps to its header, one symbol per user turn spanning its replies and tool results, and its
// compactions, model changes, name and branch summaries.
func TestSessionMaps(t *testing.T) {
	for _, tc := range []struct {
		path, lang, summary string
		want                []string
	}{
		{
			path: "../../testdata/langs/pi-session.jsonl", lang: "pi session",
			summary: "pi session: 4 user turns, 7 assistant messages, 5 tool results, 1 compaction, 1 branch summary, 2 model changes",
			want: []string{
				"session [1-1] module pi session in /home/dev/shop-api, 2026-03-02 09:00 UTC",
				"model [2-2] property model: anthropic/claude-sonnet-4-5",
				"turn 1 [4-11] message turn 1: The checkout endpoint returns 500 when the cart is empty. Find out why and fix … (4 replies, 3 tool results)",
				"turn 2 [12-14] message turn 2: Add a regression test for the empty cart, please. Use vitest. (1 reply, 1 tool result)",
				"compaction [15-15] block compaction: Fixed a division by zero in the checkout handler for empty carts and added a vi…",
				"model [16-16] property model: openai/gpt-5",
				"turn 3 [17-20] message turn 3: Now run the whole suite and tell me what fails. (1 reply, 1 tool result)",
				"  name [20-20] property name: Empty cart checkout fix",
				"branch summary [21-21] block branch summary: Tried a stricter Cart type instead; abandoned because the API clients send null…",
				"turn 4 [22-23] message turn 4: Go back to the first approach and open a PR. (1 reply)",
			},
		},
		{
			// A meta record (/init) is no turn, tool results are no turns, and a compaction's
			// boundary and its summary are one compaction.
			path: "../../testdata/langs/claude-session.jsonl", lang: "Claude Code session",
			summary: "Claude Code session: 3 user turns, 6 assistant messages, 4 tool results, 1 compaction, 2 model changes",
			want: []string{
				"name [1-1] property name: Flaky payment webhook retries",
				"session [2-2] module Claude Code session in /home/dev/payments, 2026-04-10 14:01 UTC, version 2.1.30, branch fix/webhook-retry",
				"turn 1 [3-8] message turn 1: Webhook retries sometimes run twice. Can you find the race? (3 replies, 2 tool results)",
				"  model [4-4] property model: claude-opus-4-1",
				"turn 2 [9-11] message turn 2: Fix it with SELECT ... FOR UPDATE and add a test. (1 reply, 1 tool result)",
				"compaction [12-13] block compaction: This session is being continued from a previous conversation that ran out of co…",
				"turn 3 [14-17] message turn 3: Run go test ./worker/... -race (2 replies, 1 tool result)",
				"  model [15-15] property model: claude-sonnet-4-5",
			},
		},
		{
			// The user's words come as an event and as a response item: one turn, from the
			// first; the injected <environment_context> is no turn.
			path: "../../testdata/langs/codex-session.jsonl", lang: "Codex session",
			summary: "Codex session: 3 user turns, 3 assistant messages, 3 tool results, 1 compaction, 2 model changes",
			want: []string{
				"session [1-1] module Codex session in /home/dev/cli-tool, 2026-05-20 08:00 UTC, version 0.58.0, branch main",
				"turn 1 [3-11] message turn 1: Why does `cli-tool sync --dry-run` still write the lock file? (1 reply, 1 tool result)",
				"  model [5-5] property model: gpt-5-codex",
				"turn 2 [12-17] message turn 2: Move the check up and add a test. (1 reply, 1 tool result)",
				"compaction [18-18] block compaction: The user asked why sync --dry-run wrote the lock file; the check was moved befo…",
				"turn 3 [19-24] message turn 3: Bump the version and write the changelog entry. (1 reply, 1 tool result)",
				"  model [21-21] property model: gpt-5.1-codex-max",
			},
		},
		{
			// A real rollout, written by Codex 0.169 in an end-to-end test of this project
			// (against a scripted model server): it has no user_message events, so the response
			// item is the turn. The run was interrupted after the tool call: Codex then adds a
			// <turn_aborted> user message, which is no turn.
			path: "../../testdata/sessions/codex-0.169-rollout.jsonl", lang: "Codex session",
			summary: "Codex session: 1 user turn, 1 tool result, 1 model change",
			want: []string{
				"session [1-1] module Codex session in /tmp/cx/proj, 2026-11-23 21:19 UTC, version 0.169.0",
				"model [6-6] property model: gpt-5.2-codex",
				"turn 1 [8-14] message turn 1: read (1 tool result)",
			},
		},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			res := mapSessionFile(t, tc.path, tc.lang)
			if res.Summary != tc.summary {
				t.Errorf("summary = %q, want %q", res.Summary, tc.summary)
			}
			got := dataSymLines(res.Symbols)
			if tc.want != nil {
				if diff := cmp.Diff(tc.want, got); diff != "" {
					t.Errorf("symbols (-want +got):\n%s", diff)
				}
			}
			// Turns follow each other without overlapping.
			last := 0
			for _, s := range res.Symbols {
				if strings.HasPrefix(s.Name, "turn ") {
					if s.StartLine <= last {
						t.Errorf("%s starts at %d, inside the turn before (ends at %d)", s.Name, s.StartLine, last)
					}
					last = s.EndLine
				}
			}
		})
	}
}

// TestSessionWithoutHeader: a .jsonl file that looks like a transcript but holds no session
// header is mapped as plain JSON Lines, with its fields.
func TestSessionWithoutHeader(t *testing.T) {
	src := `{"parentUuid":null,"sessionId":"x","type":"user","message":{"role":"user","content":"hi"}}` + "\n"
	res := dataMapWith(t, sessionMapper{agent: "Claude Code", decode: claudeSession}, src)
	if !strings.HasPrefix(res.Summary, "1 record; fields: parentUuid, sessionId, type, message") {
		t.Errorf("summary = %q, want the JSON Lines map", res.Summary)
	}
}

// TestSessionBadLines: lines that are not JSON are counted, and the rest is mapped.
func TestSessionBadLines(t *testing.T) {
	src := `{"type":"session","version":3,"id":"a","timestamp":"2026-01-01T00:00:00Z","cwd":"/w"}` + "\n" +
		"{not json\n" +
		`{"type":"message","message":{"role":"user","content":"go"}}` + "\n\n"
	res := dataMapWith(t, sessionMapper{agent: "pi", decode: piSession}, src)
	if want := "pi session: 1 user turn; 1 line is not valid JSON"; res.Summary != want {
		t.Errorf("summary = %q, want %q", res.Summary, want)
	}
	want := []string{"session [1-1] module pi session in /w, 2026-01-01 00:00 UTC", "turn 1 [3-3] message turn 1: go"}
	if diff := cmp.Diff(want, dataSymLines(res.Symbols)); diff != "" {
		t.Errorf("symbols (-want +got):\n%s", diff)
	}
}

// BenchmarkSessionMapper maps a 20 MB Claude Code transcript (the fixture's records repeated).
func BenchmarkSessionMapper(b *testing.B) {
	fixture, err := os.ReadFile("../../testdata/langs/claude-session.jsonl")
	if err != nil {
		b.Fatal(err)
	}
	src := bytes.Repeat(fixture, 20<<20/len(fixture))
	m := sessionMapper{agent: "Claude Code", decode: claudeSession}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.Map(context.Background(), src); err != nil {
			b.Fatal(err)
		}
	}
}
