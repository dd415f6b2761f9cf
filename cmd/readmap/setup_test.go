package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// setupHome makes a temporary HOME (and a repository to run in) with the agents' variables that
// move their files cleared, and returns both.
func setupHome(t *testing.T) (home, root string) {
	t.Helper()
	home = t.TempDir()
	root = repo(t, map[string]string{"a.go": "package a\n"})
	t.Setenv("HOME", home)
	for _, v := range []string{"CODEX_HOME", "GEMINI_CLI_HOME", "XDG_CONFIG_HOME", "PI_CODING_AGENT_DIR", "CLAUDE_CONFIG_DIR"} {
		t.Setenv(v, "")
	}
	return home, root
}

// Existing configuration files with comments, odd spacing, trailing commas and other servers:
// setup adds readmap and keeps every other byte, a second run changes nothing, and --remove
// gives back the original bytes.
func TestSetupKeepsEveryOtherByte(t *testing.T) {
	cases := []struct {
		name, agent, file, before, wantIn string
	}{
		{"claude user, other servers", "claude", ".claude.json",
			"{\n  \"numStartups\": 3,\n  \"mcpServers\": {\n    \"other\": {\"command\": \"x\"}\n  },\n  \"projects\": {}\n}\n",
			"    \"other\": {\"command\": \"x\"},\n    \"readmap\": {\"type\": \"stdio\", \"command\": \"/opt/readmap\", \"args\": [\"mcp\"]}\n  },"},
		{"claude user, empty servers", "claude", ".claude.json",
			"{\n  \"mcpServers\": {},\n  \"x\": 1\n}", `"mcpServers": {"readmap": {"type": "stdio", "command": "/opt/readmap", "args": ["mcp"]}},`},
		{"claude user, no servers, one line", "claude", ".claude.json",
			`{"theme":"dark"}`, `{"theme":"dark", "mcpServers": { "readmap": {`},
		{"claude user, empty object", "claude", ".claude.json", "{}", `{"mcpServers": { "readmap": `},
		{"claude user, spaced empty object", "claude", ".claude.json", "{ }\n", "{\n  \"mcpServers\": { \"readmap\": "},
		{"gemini, JSONC with comments and trailing comma", "gemini", ".gemini/settings.json",
			"// my settings\n{\n\t\"theme\": \"GitHub\", // dark is too dark\n\t/* servers */\n\t\"mcpServers\": {\n\t\t\"github\": {\n\t\t\t\"command\": \"gh-mcp\",\n\t\t},\n\t},\n}\n",
			"\t\t},\n\t\t\"readmap\": {\"command\": \"/opt/readmap\", \"args\": [\"mcp\"]},\n\t},"},
		{"gemini, no mcpServers, tabs", "gemini", ".gemini/settings.json",
			"{\n\t\"theme\": \"GitHub\"\n}", "\t\"theme\": \"GitHub\",\n\t\"mcpServers\": { \"readmap\": {\"command\": \"/opt/readmap\", \"args\": [\"mcp\"]} }\n}"},
		{"opencode, JSONC", "opencode", ".config/opencode/opencode.json",
			"{\n  \"$schema\": \"https://opencode.ai/config.json\",\n  // local tools\n  \"mcp\": {\n    \"fs\": { \"type\": \"local\", \"command\": [\"fs-mcp\"] }\n  }\n}\n",
			"\"fs\": { \"type\": \"local\", \"command\": [\"fs-mcp\"] },\n    \"readmap\": {\"type\": \"local\", \"command\": [\"/opt/readmap\", \"mcp\"], \"enabled\": true}\n  }"},
		{"codex, comments and other servers", "codex", ".codex/config.toml",
			"# my codex\nmodel = \"o3\"   # fast\n\n[mcp_servers.docs]\ncommand = \"docs-mcp\"\n\n[profiles.x]\nmodel = \"y\"\n",
			"model = \"y\"\n\n[mcp_servers.readmap]\ncommand = \"/opt/readmap\"\nargs = [\"mcp\"]\n"},
		{"codex, no final newline", "codex", ".codex/config.toml",
			"model = \"o3\"", "model = \"o3\"\n[mcp_servers.readmap]\n"},
		{"claude user, CRLF", "claude", ".claude.json",
			"{\r\n  \"mcpServers\": {\r\n    \"x\": {}\r\n  }\r\n}\r\n", "\"x\": {},\r\n    \"readmap\": {"},
		{"codex, CRLF", "codex", ".codex/config.toml",
			"model = \"o3\"\r\n", "model = \"o3\"\r\n\r\n[mcp_servers.readmap]\r\ncommand = \"/opt/readmap\"\r\n"},
		{"claude note, CLAUDE.md", "claude", ".claude/CLAUDE.md",
			"# Rules\n\nBe brief.", "Be brief.\n<!-- readmap: start -->\n## Reading files: readmap"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			home, root := setupHome(t)
			path := filepath.Join(home, filepath.FromSlash(tc.file))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(tc.before), 0o600); err != nil {
				t.Fatal(err)
			}
			out, errOut, code := cli(t, root, "setup", tc.agent, "--command", "/opt/readmap")
			if code != 0 {
				t.Fatalf("setup %s = %d: %s", tc.agent, code, errOut)
			}
			if !strings.Contains(out, path+": updated") {
				t.Errorf("setup %s said %q, want it to name %s as updated", tc.agent, out, path)
			}
			after, _ := os.ReadFile(path)
			if !strings.Contains(string(after), tc.wantIn) {
				t.Fatalf("after setup %s, %s is\n%s\nwant it to hold\n%s", tc.agent, tc.file, after, tc.wantIn)
			}
			if strings.HasSuffix(tc.file, ".json") {
				if _, err := parseJSONC(after); err != nil {
					t.Errorf("after setup, %s is no longer JSONC: %v\n%s", tc.file, err, after)
				}
			}
			if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
				t.Errorf("mode after setup = %v, want 0600 kept", fi.Mode().Perm())
			}
			out, _, _ = cli(t, root, "setup", tc.agent, "--command", "/opt/readmap")
			if again, _ := os.ReadFile(path); string(again) != string(after) {
				t.Errorf("a second setup changed the file:\n%s\nthen\n%s", after, again)
			}
			if !strings.Contains(out, path+": unchanged") {
				t.Errorf("second setup said %q, want unchanged", out)
			}
			if _, errOut, code := cli(t, root, "setup", tc.agent, "--remove", "--command", "/opt/readmap"); code != 0 {
				t.Fatalf("setup --remove = %d: %s", code, errOut)
			}
			if restored, _ := os.ReadFile(path); string(restored) != tc.before {
				t.Errorf("after --remove the file is\n%q\nwant the original\n%q", restored, tc.before)
			}
		})
	}
}

// With no configuration at all, setup creates each file, and --remove deletes it again.
func TestSetupCreatesAndRemoves(t *testing.T) {
	for _, agent := range []string{"pi", "claude", "codex", "gemini", "opencode"} {
		t.Run(agent, func(t *testing.T) {
			home, root := setupHome(t)
			out, errOut, code := cli(t, root, "setup", agent, "--dry-run")
			if code != 0 || !strings.Contains(out, "would create") {
				t.Fatalf("setup %s --dry-run = %d %q %q, want a file it would create", agent, code, out, errOut)
			}
			if n := countFiles(t, home); n != 0 {
				t.Fatalf("--dry-run wrote %d files", n)
			}
			out, errOut, code = cli(t, root, "setup", agent)
			if code != 0 || !strings.Contains(out, "created") {
				t.Fatalf("setup %s = %d %q %q", agent, code, out, errOut)
			}
			if countFiles(t, home) == 0 {
				t.Fatal("setup wrote nothing")
			}
			if _, errOut, code := cli(t, root, "setup", agent, "--remove"); code != 0 {
				t.Fatalf("--remove = %d %s", code, errOut)
			}
			if n := countFiles(t, home); n != 0 {
				t.Errorf("after --remove, %d files are left in HOME", n)
			}
		})
	}
}

// --project writes at the repository's root.
func TestSetupProject(t *testing.T) {
	home, root := setupHome(t)
	if _, errOut, code := cli(t, root, "setup", "claude", "--project", "--command", "readmap"); code != 0 {
		t.Fatal(errOut)
	}
	b, err := os.ReadFile(filepath.Join(root, ".mcp.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		MCPServers map[string]struct {
			Command string
			Args    []string
		}
	}
	if err := json.Unmarshal(b, &cfg); err != nil || cfg.MCPServers["readmap"].Command != "readmap" {
		t.Fatalf(".mcp.json = %s (%v), want mcpServers.readmap running readmap", b, err)
	}
	if _, err := os.Stat(filepath.Join(root, "CLAUDE.md")); err != nil {
		t.Errorf("no CLAUDE.md note: %v", err)
	}
	if countFiles(t, home) != 0 {
		t.Error("--project wrote into HOME")
	}
	if _, _, code := cli(t, root, "setup", "claude", "--user", "--project"); code != exitUsage {
		t.Errorf("--user --project = %d, want %d", code, exitUsage)
	}
	if _, errOut, code := cli(t, root, "setup", "vim"); code != exitUsage || !strings.Contains(errOut, "agents:") {
		t.Errorf("setup vim = %d %q, want a usage error listing the agents", code, errOut)
	}
}

// agents-md prints the guide; the pi extension is not overwritten when it is someone else's.
func TestSetupAgentsMDAndForeignPiFile(t *testing.T) {
	home, root := setupHome(t)
	out, _, code := cli(t, root, "setup", "agents-md")
	if code != 0 || !strings.Contains(out, "readmap read PATH --lines A-B") {
		t.Errorf("setup agents-md = %d %q", code, out)
	}
	foreign := filepath.Join(home, ".pi", "agent", "extensions", "readmap.ts")
	os.MkdirAll(filepath.Dir(foreign), 0o755)
	os.WriteFile(foreign, []byte("export default function () {}\n"), 0o644)
	if _, errOut, code := cli(t, root, "setup", "pi"); code != exitFailed || !strings.Contains(errOut, "not readmap's") {
		t.Errorf("setup pi over a foreign file = %d %q, want a refusal", code, errOut)
	}
	out, _, code = cli(t, root, "setup", "agents-md", "--project")
	if code != 0 || !strings.Contains(out, filepath.Join(root, "AGENTS.md")+": created") {
		t.Errorf("setup agents-md --project = %d %q", code, out)
	}
	if out, _, code := cli(t, root, "setup", "agents-md", "--remove"); code != 0 || !strings.Contains(out, "AGENTS.md: deleted") {
		t.Errorf("setup agents-md --remove = %d %q, want the root's AGENTS.md deleted", code, out)
	}
	if _, _, code := cli(t, root, "setup", "agents-md", "--user"); code != exitUsage {
		t.Errorf("setup agents-md --user = %d, want a usage error", code)
	}
	if _, _, code := cli(t, root, "setup", "pi", "--remove"); code != 0 {
		t.Error("--remove of a foreign file failed")
	}
	if b, _ := os.ReadFile(foreign); string(b) != "export default function () {}\n" {
		t.Errorf("--remove touched a foreign file: %q", b)
	}
}

func countFiles(t *testing.T, dir string) int {
	t.Helper()
	n := 0
	filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return nil
	})
	return n
}

// Whatever a configuration file holds, setup then --remove gives back its bytes, and a second
// setup changes nothing: for JSONC with readmap's entry not in it yet, and for any text as TOML
// or Markdown without readmap's block.
func FuzzSetupRoundTrip(f *testing.F) {
	for _, seed := range []string{
		"{}", "{ }", "{\n}\n", `{"a":1}`, "{\n  \"a\": 1,\n}\n", "// c\n{\n\t\"mcpServers\": {\n\t\t\"x\": {} // y\n\t}\n}",
		"{\"mcpServers\":{}}", "{\"mcpServers\": {\"a\": [1, {\"b\": null}]}, \"z\": \"\\\"}\"}",
		"{\r\n  \"a\": true\r\n}\r\n", "\xef\xbb\xbf{\"a\": /* x */ 1}", "model = \"o3\"", "# only a comment\n", "",
		"[mcp_servers.other]\ncommand = \"x\"\n", "no newline at the end", "a = 1\r\n", "a = 1\r\nb", "{\r\n}",
		"# Rules\r\n\r\nBe brief.\r\n",
	} {
		f.Add(seed)
	}
	entry := jsonEntry{section: "mcpServers", name: "readmap", value: `{"command": "readmap", "args": ["mcp"]}`,
		data: map[string]any{"command": "readmap", "args": []string{"mcp"}}}
	entry.newFile = "{\n  " + jsonMemberText(entry.section, "{\n    "+jsonMemberText(entry.name, entry.value)+"\n  }") + "\n}\n"
	table := tomlTableBlock("mcp_servers", "readmap")
	md, block := markdownBlock("guide\n")
	f.Fuzz(func(t *testing.T, src string) {
		if root, err := parseJSONC([]byte(src)); err == nil && root.object && strings.TrimSpace(src) != "" {
			if sec, _ := root.member("mcpServers"); sec != nil {
				if m, _ := sec.value.member("readmap"); m != nil {
					return // already there: setup replaces it, and --remove cannot know what it was
				}
			}
			added, changed, err := addJSONEntry([]byte(src), entry)
			if err != nil || string(added) == entry.newFile {
				return // mcpServers is not an object; or the one original --remove cannot tell from no file
			}
			if !changed {
				t.Fatalf("setup changed nothing in %q", src)
			}
			if _, err := parseJSONC(added); err != nil {
				t.Fatalf("setup made %q of %q: %v", added, src, err)
			}
			if again, changed, _ := addJSONEntry(added, entry); changed || string(again) != string(added) {
				t.Fatalf("a second setup changed %q to %q", added, again)
			}
			back, _, del, err := removeJSONEntry(added, entry)
			if err != nil || del || string(back) != src {
				t.Fatalf("--remove of %q gave %q (delete %v, %v), want %q", added, back, del, err, src)
			}
		}
		for _, b := range []struct {
			tb   textBlock
			text string
		}{{table, "[mcp_servers.readmap]\ncommand = \"readmap\"\n"}, {md, block}} {
			if from, _ := b.tb.find([]byte(src)); from >= 0 {
				continue
			}
			added, _ := b.tb.add([]byte(src), b.text)
			if again, changed := b.tb.add(added, b.text); changed || string(again) != string(added) {
				t.Fatalf("a second add changed %q to %q", added, again)
			}
			back, changed, del := b.tb.remove(added)
			if !changed || (del != (src == "")) || (!del && string(back) != src) {
				t.Fatalf("remove of %q gave %q (delete %v), want %q", added, back, del, src)
			}
		}
	})
}
