package main

import (
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"
	"github.com/readmap/readmap/query"
	"github.com/spf13/cobra"
)

// piExtension is the pi extension `readmap setup pi` writes: it replaces pi's read tool and adds
// readmap_edit, sym and refs. Its source lives beside this file.
//
//go:embed agents/pi/readmap.ts
var piExtension string

// piExtensionMarker starts the extension's file: setup replaces or deletes only a file that has it.
const piExtensionMarker = "// readmap pi extension"

// setupAgents are the agents setup knows, in the order help lists them.
var setupAgents = []string{"pi", "claude", "codex", "gemini", "opencode", "agents-md"}

// setupFlags are the flags of the setup command.
type setupFlags struct {
	user, project, remove, dryRun bool
	command                       string
}

// setupFile is one file setup changes for an agent: what it puts there, and how it adds and
// takes out its part while keeping every other byte.
type setupFile struct {
	path   string
	what   string // what setup puts in it: "mcpServers.readmap", "the readmap extension"
	add    func(src []byte, exists bool) ([]byte, bool, error)
	remove func(src []byte) (out []byte, changed, deleteFile bool, err error)
}

// setupChange is what setup did (or, with --dry-run, would do) to one file.
type setupChange struct {
	Path   string `json:"path"`
	Action string `json:"action"` // "created", "updated", "unchanged", "deleted"
	What   string `json:"what"`
	Diff   string `json:"diff,omitempty"`
}

func (a *app) setupCommand() *cobra.Command {
	var fl setupFlags
	cmd := &cobra.Command{
		Use:   "setup AGENT",
		Short: "Put readmap where an agent reads: pi, claude, codex, gemini, opencode, agents-md",
		Long: `setup puts readmap into an agent's own configuration, and --remove takes it out again.

  pi         a pi extension (~/.pi/agent/extensions/readmap.ts; --project: .pi/extensions/) that
             replaces pi's read tool: a large file comes back as its first page and its map in
             one tool result; offsets, images and small files read as pi reads them. It adds the
             tools readmap_edit, sym and refs.
  claude     the MCP server in ~/.claude.json (--project: .mcp.json) and a note in
             ~/.claude/CLAUDE.md (--project: CLAUDE.md)
  codex      [mcp_servers.readmap] in ~/.codex/config.toml (CODEX_HOME; --project: .codex/config.toml)
  gemini     mcpServers.readmap in ~/.gemini/settings.json (--project: .gemini/settings.json)
  opencode   mcp.readmap in ~/.config/opencode/opencode.json (--project: opencode.json)
  agents-md  prints a short guide for an AGENTS.md; --project adds it to the root's AGENTS.md

Without --project, setup changes the user's configuration (--user). Each file is edited in place:
every other byte of it stays as it was (comments, order, spacing, other servers). A second run
changes nothing; --remove takes out exactly what setup put in, so a file setup changed comes back
byte for byte, and a file it created is deleted. --dry-run prints the diff and writes nothing.
The agent runs "readmap" when it is on the PATH as this binary, and else this binary's path
(--command sets it).`,
		Example: `  readmap setup pi
  readmap setup claude --project
  readmap setup codex --dry-run
  readmap setup gemini --remove
  readmap setup agents-md >> AGENTS.md`,
		Args:      cobra.ExactArgs(1),
		ValidArgs: setupAgents,
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.setup(args[0], fl)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&fl.user, "user", false, "change the user's configuration (the default)")
	f.BoolVar(&fl.project, "project", false, "change the repository's configuration, at its root")
	f.BoolVar(&fl.remove, "remove", false, "take readmap out again")
	f.BoolVar(&fl.dryRun, "dry-run", false, "print what would change, write nothing")
	f.StringVar(&fl.command, "command", "", "the readmap command the agent runs (default: readmap when it is on the PATH\nas this binary, else this binary's path)")
	return cmd
}

func (a *app) setup(agent string, fl setupFlags) error {
	if fl.user && fl.project {
		return usageError(errors.New("--user and --project exclude each other"), "pick one; without either, setup changes the user's configuration")
	}
	known := false
	for _, name := range setupAgents {
		known = known || name == agent
	}
	if !known {
		return &cliError{code: query.CodeUsage, what: agent, why: "no such agent",
			hint: "agents: " + strings.Join(setupAgents, ", ")}
	}
	if agent == "agents-md" {
		if fl.user {
			return usageError(errors.New("agents-md has no user configuration"), "pass --project to add the guide to the root's AGENTS.md, or nothing to print it")
		}
		if !fl.project && !fl.remove {
			_, err := fmt.Fprint(a.stdout, agentsGuide)
			return err
		}
		fl.project = true // the guide lives in the root's AGENTS.md
	}
	command := fl.command
	if command == "" {
		command = readmapCommand()
	}
	files, err := a.setupFiles(agent, fl.project, command)
	if err != nil {
		return err
	}
	var changes []setupChange
	for _, sf := range files {
		c, err := applySetup(sf, fl.remove, fl.dryRun)
		if err != nil {
			return err
		}
		changes = append(changes, c)
	}
	if a.json {
		a.writeJSON(changes)
		return nil
	}
	for _, c := range changes {
		a.printSetupChange(c, fl)
	}
	if !fl.remove && !fl.dryRun && agent != "agents-md" {
		fmt.Fprintf(a.stdout, "undo with: readmap setup %s%s --remove\n", agent, map[bool]string{true: " --project"}[fl.project])
	}
	return nil
}

// printSetupChange prints one line about a file (and under --dry-run, its diff).
func (a *app) printSetupChange(c setupChange, fl setupFlags) {
	verb := c.Action
	if fl.dryRun {
		verb = map[string]string{"created": "would create", "updated": "would update", "deleted": "would delete", "unchanged": "unchanged"}[c.Action]
	}
	switch {
	case c.Action == "unchanged" && fl.remove:
		fmt.Fprintf(a.stdout, "%s: unchanged (no %s in it)\n", c.Path, c.What)
	case c.Action == "unchanged":
		fmt.Fprintf(a.stdout, "%s: unchanged (%s is already there)\n", c.Path, c.What)
	case fl.remove:
		fmt.Fprintf(a.stdout, "%s: %s (took out %s)\n", c.Path, verb, c.What)
	default:
		fmt.Fprintf(a.stdout, "%s: %s (%s)\n", c.Path, verb, c.What)
	}
	if fl.dryRun && c.Diff != "" {
		fmt.Fprint(a.stdout, c.Diff)
	}
}

// applySetup adds (or removes) setup's part of one file, and writes the result unless dryRun.
func applySetup(sf setupFile, remove, dryRun bool) (setupChange, error) {
	c := setupChange{Path: sf.path, What: sf.what, Action: "unchanged"}
	src, err := os.ReadFile(sf.path)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return c, failure(query.CodeUnreadable, sf.path, err, "")
	}
	var out []byte
	var changed, deleteFile bool
	if remove {
		if !exists {
			return c, nil
		}
		out, changed, deleteFile, err = sf.remove(src)
	} else {
		out, changed, err = sf.add(src, exists)
	}
	if err != nil {
		return c, failure(query.CodeFailed, sf.path, err, "fix the file by hand (or move it away) and run setup again")
	}
	if !changed {
		return c, nil
	}
	switch {
	case deleteFile:
		c.Action = "deleted"
	case exists:
		c.Action = "updated"
	default:
		c.Action = "created"
	}
	if dryRun {
		c.Diff = setupDiff(sf.path, string(src), string(out))
		return c, nil
	}
	if deleteFile {
		if err := os.Remove(sf.path); err != nil {
			return c, failure(query.CodePermission, sf.path, err, "")
		}
		return c, nil
	}
	if err := writeConfig(sf.path, out); err != nil {
		return c, failure(query.CodePermission, sf.path, err, "check that the file and its folder are writable")
	}
	return c, nil
}

// setupDiff is a unified diff of a configuration file's change.
func setupDiff(path, before, after string) string {
	edits := udiff.Strings(before, after)
	d, err := udiff.ToUnified("a"+path, "b"+path, before, edits, 3)
	if err != nil {
		return ""
	}
	return d
}

// writeConfig writes a configuration file through a temporary file beside it and a rename, with
// the mode the file had (0644 for a new one), making its folder when it is missing.
func writeConfig(path string, content []byte) error {
	mode := fs.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real // a configuration kept in a dotfiles repository stays a link
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".readmap-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(content); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// readmapCommand is the command an agent should run: "readmap" when that finds this binary on
// the PATH, else this binary's absolute path.
func readmapCommand() string {
	self, err := os.Executable()
	if err != nil {
		return "readmap"
	}
	self, _ = filepath.EvalSymlinks(self)
	if found, err := exec.LookPath("readmap"); err == nil {
		if real, err := filepath.EvalSymlinks(found); err == nil && real == self {
			return "readmap"
		}
	}
	return self
}

// setupFiles lists the files setup changes for agent, in the user's configuration or, with
// project, the repository's.
func (a *app) setupFiles(agent string, project bool, command string) ([]setupFile, error) {
	var base string // the user's home, or the root
	if project {
		root, err := a.rootDir()
		if err != nil {
			return nil, err
		}
		base = root
	} else {
		home, err := os.UserHomeDir()
		if err != nil {
			return nil, failure(query.CodeFailed, "home", err, "set HOME")
		}
		base = home
	}
	mcp := mcpServerJSON(command)
	switch agent {
	case "pi":
		dir := filepath.Join(base, ".pi", "extensions")
		if !project {
			dir = filepath.Join(base, ".pi", "agent", "extensions")
			if env := os.Getenv("PI_CODING_AGENT_DIR"); env != "" {
				dir = filepath.Join(env, "extensions")
			}
		}
		return []setupFile{piExtensionFile(filepath.Join(dir, "readmap.ts"), command)}, nil
	case "claude":
		cfg, note := filepath.Join(base, ".mcp.json"), filepath.Join(base, "CLAUDE.md")
		if !project {
			cfg, note = filepath.Join(base, ".claude.json"), filepath.Join(base, ".claude", "CLAUDE.md")
			if env := os.Getenv("CLAUDE_CONFIG_DIR"); env != "" {
				cfg, note = filepath.Join(env, ".claude.json"), filepath.Join(env, "CLAUDE.md")
			}
		}
		entry := jsonEntry{section: "mcpServers", name: "readmap",
			value: `{"type": "stdio", "command": ` + mcp.command + `, "args": ["mcp"]}`,
			data:  map[string]any{"type": "stdio", "command": command, "args": []string{"mcp"}}}
		return []setupFile{jsonSetupFile(cfg, entry), markdownSetupFile(note, claudeNote)}, nil
	case "codex":
		cfg := filepath.Join(base, ".codex", "config.toml")
		if env := os.Getenv("CODEX_HOME"); env != "" && !project {
			cfg = filepath.Join(env, "config.toml")
		}
		// The read-only tools run without asking (Codex asks before every MCP call otherwise, and
		// codex exec, which cannot ask, refuses them); edit still asks.
		approve := `{ approval_mode = "approve" }`
		table := "[mcp_servers.readmap]\ncommand = " + tomlString(command) + "\nargs = [\"mcp\"]\n" +
			"supports_parallel_tool_calls = true\n" +
			"tools = { read = " + approve + ", map = " + approve + ", sym = " + approve + ", refs = " + approve + ", search = " + approve + " }\n"
		return []setupFile{tomlSetupFile(cfg, tomlTableBlock("mcp_servers", "readmap"), table)}, nil
	case "gemini":
		dir := base
		if env := os.Getenv("GEMINI_CLI_HOME"); env != "" && !project {
			dir = env
		}
		entry := jsonEntry{section: "mcpServers", name: "readmap",
			value: `{"command": ` + mcp.command + `, "args": ["mcp"]}`,
			data:  map[string]any{"command": command, "args": []string{"mcp"}}}
		return []setupFile{jsonSetupFile(filepath.Join(dir, ".gemini", "settings.json"), entry)}, nil
	case "opencode":
		dir := base
		if !project {
			dir = filepath.Join(base, ".config", "opencode")
			if env := os.Getenv("XDG_CONFIG_HOME"); env != "" {
				dir = filepath.Join(env, "opencode")
			}
		}
		cfg := filepath.Join(dir, "opencode.json")
		if _, err := os.Stat(filepath.Join(dir, "opencode.jsonc")); err == nil {
			cfg = filepath.Join(dir, "opencode.jsonc")
		}
		entry := jsonEntry{section: "mcp", name: "readmap",
			value: `{"type": "local", "command": [` + mcp.command + `, "mcp"], "enabled": true}`,
			data:  map[string]any{"type": "local", "command": []string{command, "mcp"}, "enabled": true}}
		entry.newFile = "{\n  \"$schema\": \"https://opencode.ai/config.json\",\n  \"mcp\": {\n    " +
			jsonMemberText("readmap", entry.value) + "\n  }\n}\n"
		return []setupFile{jsonSetupFile(cfg, entry)}, nil
	default: // agents-md
		return []setupFile{markdownSetupFile(filepath.Join(base, "AGENTS.md"), agentsGuide)}, nil
	}
}

// mcpCommandJSON is the command as JSON text, for the entries setup writes.
type mcpCommandJSON struct{ command string }

func mcpServerJSON(command string) mcpCommandJSON {
	b, _ := json.Marshal(command)
	return mcpCommandJSON{command: string(b)}
}

// jsonSetupFile adds entry to a JSON or JSONC file.
func jsonSetupFile(path string, e jsonEntry) setupFile {
	if e.newFile == "" {
		e.newFile = "{\n  " + jsonMemberText(e.section, "{\n    "+jsonMemberText(e.name, e.value)+"\n  }") + "\n}\n"
	}
	return setupFile{
		path: path,
		what: e.section + "." + e.name,
		add: func(src []byte, _ bool) ([]byte, bool, error) {
			return addJSONEntry(src, e)
		},
		remove: func(src []byte) ([]byte, bool, bool, error) {
			return removeJSONEntry(src, e)
		},
	}
}

// tomlSetupFile adds a table to a TOML file.
func tomlSetupFile(path string, b textBlock, table string) setupFile {
	return setupFile{
		path: path,
		what: "[mcp_servers.readmap]",
		add: func(src []byte, _ bool) ([]byte, bool, error) {
			out, changed := b.add(src, table)
			return out, changed, nil
		},
		remove: func(src []byte) ([]byte, bool, bool, error) {
			out, changed, del := b.remove(src)
			return out, changed, del, nil
		},
	}
}

// markdownSetupFile adds a guide to a Markdown file, between HTML comments.
func markdownSetupFile(path, body string) setupFile {
	b, block := markdownBlock(body)
	return setupFile{
		path: path,
		what: "the readmap guide",
		add: func(src []byte, _ bool) ([]byte, bool, error) {
			out, changed := b.add(src, block)
			return out, changed, nil
		},
		remove: func(src []byte) ([]byte, bool, bool, error) {
			out, changed, del := b.remove(src)
			return out, changed, del, nil
		},
	}
}

// piExtensionFile writes the pi extension, a file of readmap's own.
func piExtensionFile(path, command string) setupFile {
	b, _ := json.Marshal(command)
	content := strings.Replace(piExtension, `const configured = "readmap";`, "const configured = "+string(b)+";", 1)
	ours := func(src []byte) bool { return strings.HasPrefix(string(src), piExtensionMarker) }
	return setupFile{
		path: path,
		what: "the readmap extension",
		add: func(src []byte, exists bool) ([]byte, bool, error) {
			switch {
			case exists && string(src) == content:
				return src, false, nil
			case exists && !ours(src):
				return nil, false, errors.New("the file is not readmap's extension; move it away first")
			}
			return []byte(content), true, nil
		},
		remove: func(src []byte) ([]byte, bool, bool, error) {
			if !ours(src) {
				return src, false, false, nil
			}
			return nil, true, true, nil
		},
	}
}

// claudeNote is the note setup claude adds to CLAUDE.md.
const claudeNote = `## Reading files: readmap

The MCP server readmap maps every file into symbols with line ranges. To read a file, call
mcp__readmap__read: a small file comes back whole; a large one as its first page and a map of
every symbol with its lines, so read the lines you need next ("lines": "A-B" from the map, or
"symbol": "Class.method") instead of paging through it. mcp__readmap__sym finds where a name is
defined across the repository, mcp__readmap__refs who uses it; mcp__readmap__edit changes a symbol
or a unique text, with "if_hash" from the read and "undo" to take it back.
`

// agentsGuide is the guide setup agents-md prints (or adds to AGENTS.md).
const agentsGuide = `## Reading code with readmap

readmap maps every file of this repository into symbols with exact line ranges.

- Read a file with ` + "`readmap read PATH`" + ` instead of cat or a plain read: a small file comes back
  whole; a large one as its first page and a map of every symbol with its lines. Do not conclude
  from the first page alone.
- Then read only what you need: ` + "`readmap read PATH --lines A-B`" + ` (ranges from the map) or
  ` + "`readmap read PATH --symbol Class.method`" + `.
- Find where a name is defined: ` + "`readmap sym NAME`" + `; who uses it: ` + "`readmap refs NAME`" + `. Find
  lines in a file, each with its enclosing symbol: ` + "`readmap search PATH PATTERN`" + `.
- Change a symbol or a unique text safely: ` + "`readmap edit PATH --symbol NAME --new-file F`" + ` or
  ` + "`readmap edit PATH --old TEXT --new TEXT`" + `; ` + "`readmap edit PATH --undo`" + ` takes it back.
`
