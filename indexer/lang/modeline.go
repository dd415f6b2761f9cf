package lang

import (
	"bytes"
	"strings"
)

// A file without an extension or a "#!" line may still name its language in an editor's mode
// line, as most of bash-completion's 600 scripts do (`# apt(8) completion  -*- shell-script -*-`):
// Emacs reads `-*- MODE -*-` or `-*- mode: MODE; ... -*-` on the first line (the second after a
// "#!" line), Vim `vim: set ft=MODE:`, `vim: ft=MODE` (also `vi:` and `ex:`) in the first lines.

// modelineLines is how many of a file's first lines a Vim mode line is looked for in (Vim's
// default 'modelines').
const modelineLines = 5

// modeLanguages are the languages of the table by the Emacs mode or Vim filetype names that
// stand for them.
var modeLanguages = map[string]string{
	"sh": "Bash", "shell-script": "Bash", "bash": "Bash", "ksh": "Bash", "zsh": "Bash", "bats": "Bash",
	"c": "C", "c++": "C++", "cpp": "C++", "csharp": "C#", "cs": "C#",
	"clojure": "Clojure", "clojurescript": "ClojureScript", "css": "CSS", "scss": "SCSS", "less": "Less",
	"dockerfile": "Dockerfile", "elixir": "Elixir", "go": "Go", "hcl": "HCL", "terraform": "HCL",
	"html": "HTML", "java": "Java", "js": "JavaScript", "javascript": "JavaScript",
	"typescript": "TypeScript", "json": "JSON", "kotlin": "Kotlin", "lua": "Lua",
	"markdown": "Markdown", "gfm": "Markdown", "ocaml": "OCaml", "tuareg": "OCaml", "caml": "OCaml",
	"php": "PHP", "protobuf": "Protobuf", "proto": "Protobuf", "python": "Python",
	"ruby": "Ruby", "enh-ruby": "Ruby", "rust": "Rust", "rustic": "Rust", "scala": "Scala",
	"sql": "SQL", "swift": "Swift", "toml": "TOML", "conf-toml": "TOML", "yaml": "YAML",
}

// modelineLanguage returns the language a mode line in head names, or nil.
func modelineLanguage(head []byte) *Language {
	mode := emacsMode(head)
	if mode == "" {
		mode = vimFiletype(head)
	}
	if name, ok := modeLanguages[strings.ToLower(mode)]; ok {
		return ByName(name)
	}
	return nil
}

// emacsMode returns the mode of an Emacs mode line: `-*- MODE -*-` or `-*- ...; mode: MODE; ...
// -*-` on the first line, or on the second when the first is a "#!" line.
func emacsMode(head []byte) string {
	line, rest := cutLine(head)
	if bytes.HasPrefix(line, []byte("#!")) {
		line, _ = cutLine(rest)
	}
	_, after, ok := bytes.Cut(line, []byte("-*-"))
	if !ok {
		return ""
	}
	vars, _, ok := bytes.Cut(after, []byte("-*-"))
	if !ok {
		return ""
	}
	if bytes.IndexByte(vars, ':') < 0 {
		return string(bytes.TrimSpace(vars))
	}
	for v := range bytes.SplitSeq(vars, []byte(";")) {
		key, value, _ := bytes.Cut(v, []byte(":"))
		if strings.EqualFold(string(bytes.TrimSpace(key)), "mode") {
			return string(bytes.TrimSpace(value))
		}
	}
	return ""
}

// vimFiletype returns the filetype a Vim mode line in the first modelineLines lines sets:
// `vim: set ft=MODE:` or `vim: ft=MODE` (also `vi:`, `ex:`, and `filetype=` or `syntax=`).
func vimFiletype(head []byte) string {
	rest := head
	for range modelineLines {
		var line []byte
		line, rest = cutLine(rest)
		for _, marker := range []string{"vim:", "vi:", "ex:"} {
			at := bytes.Index(line, []byte(marker))
			// The marker starts the line or follows a blank (`# vim: ...`), as Vim requires.
			if at < 0 || (at > 0 && line[at-1] != ' ' && line[at-1] != '\t') {
				continue
			}
			if ft := vimOption(line[at+len(marker):]); ft != "" {
				return ft
			}
		}
		if len(rest) == 0 {
			break
		}
	}
	return ""
}

// vimOption returns the value of ft=, filetype= or syntax= among a mode line's options.
func vimOption(options []byte) string {
	fields := bytes.FieldsFunc(options, func(r rune) bool { return r == ' ' || r == '\t' || r == ':' })
	for _, f := range fields {
		key, value, ok := bytes.Cut(f, []byte("="))
		if !ok {
			continue
		}
		switch string(key) {
		case "ft", "filetype", "syntax", "syn":
			return string(value)
		}
	}
	return ""
}

// cutLine returns b's first line (without its line break) and what follows it.
func cutLine(b []byte) (line, rest []byte) {
	line, rest, _ = bytes.Cut(b, []byte("\n"))
	return bytes.TrimSuffix(line, []byte("\r")), rest
}
