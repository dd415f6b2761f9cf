package lang

import (
	"bytes"
	"path"
	"strings"
)

// SniffBytes is how much of a file's head decides whether it is binary, and its language where
// the name does not: 8 KiB, as git and grep look.
const SniffBytes = 8 << 10

// binarySignatures are the magic numbers of formats that must never be shown as text, with the
// name the error message uses.
var binarySignatures = []struct {
	offset int
	magic  string
	name   string
}{
	{0, "\x89PNG\r\n\x1a\n", "PNG image"},
	{0, "\xff\xd8\xff", "JPEG image"},
	{0, "GIF87a", "GIF image"},
	{0, "GIF89a", "GIF image"},
	{0, "%PDF-", "PDF document"},
	{0, "PK\x03\x04", "ZIP archive"},
	{0, "PK\x05\x06", "ZIP archive"},
	{0, "\x1f\x8b", "gzip archive"},
	{0, "BZh", "bzip2 archive"},
	{0, "\xfd7zXZ\x00", "xz archive"},
	{0, "7z\xbc\xaf\x27\x1c", "7-Zip archive"},
	{0, "(\xb5/\xfd", "zstd archive"},
	{257, "ustar", "tar archive"},
	{0, "\x7fELF", "ELF executable"},
	{0, "MZ", "Windows executable"},
	{0, "\xca\xfe\xba\xbe", "Java class or Mach-O binary"},
	{0, "\xcf\xfa\xed\xfe", "Mach-O binary"},
	{0, "\xce\xfa\xed\xfe", "Mach-O binary"},
	{0, "\x00asm", "WebAssembly module"},
	{0, "SQLite format 3\x00", "SQLite database"},
	{0, "!<arch>\n", "ar archive"},
	{0, "\x00\x00\x01\x00", "icon image"},
	{0, "wOFF", "WOFF font"},
	{0, "wOF2", "WOFF2 font"},
	{0, "OTTO", "OpenType font"},
	{0, "\x00\x01\x00\x00\x00", "TrueType font"},
}

// compiledExtensions are the extensions of build outputs, archives and media that are binary in
// every tree, with the kind the error message names: a file named so is recorded as binary from
// its name, without being opened and read (OCaml's library holds 1,500 compiled modules beside
// its 400 sources, Elixir's only .beam files).
var compiledExtensions = map[string]string{
	".cmi": "OCaml compiled interface", ".cmti": "OCaml typed tree", ".cmt": "OCaml typed tree",
	".cmx": "OCaml compiled module", ".cmo": "OCaml compiled module", ".cmxa": "OCaml library",
	".cma": "OCaml library", ".cmxs": "OCaml plugin", ".beam": "Erlang compiled module",
	".o": "object file", ".a": "ar archive", ".so": "shared library", ".dll": "Windows library",
	".dylib": "Mach-O library", ".exe": "Windows executable", ".rlib": "Rust library",
	".pyc": "Python bytecode", ".pyo": "Python bytecode", ".class": "Java class",
	".jar": "ZIP archive", ".whl": "ZIP archive", ".zip": "ZIP archive", ".gz": "gzip archive",
	".tgz": "gzip archive", ".bz2": "bzip2 archive", ".xz": "xz archive", ".zst": "zstd archive",
	".7z": "7-Zip archive", ".png": "PNG image", ".jpg": "JPEG image", ".jpeg": "JPEG image",
	".gif": "GIF image", ".webp": "WebP image", ".ico": "icon image", ".pdf": "PDF document",
	".woff": "WOFF font", ".woff2": "WOFF2 font", ".ttf": "TrueType font", ".otf": "OpenType font",
	".wasm": "WebAssembly module",
}

// BinaryByName reports whether a file's name alone says it is binary (a compiled module, an
// archive, an image), and what kind of file it is.
func BinaryByName(name string) (string, bool) {
	kind, ok := compiledExtensions[strings.ToLower(path.Ext(name))]
	return kind, ok
}

// riffKinds names RIFF containers by their form type at offset 8.
var riffKinds = map[string]string{"WEBP": "WebP image", "WAVE": "WAV audio", "AVI ": "AVI video"}

// BinaryKind reports whether head (a file's first bytes) is binary and, if so, what it looks like:
// a known signature's name, or "binary data" for a NUL byte in the first 8 KiB.
func BinaryKind(head []byte) (string, bool) {
	for _, sig := range binarySignatures {
		if len(head) >= sig.offset+len(sig.magic) && string(head[sig.offset:sig.offset+len(sig.magic)]) == sig.magic {
			// "MZ" opens some text too; a real executable has a NUL soon after.
			if sig.magic == "MZ" && bytes.IndexByte(head[:min(len(head), SniffBytes)], 0) < 0 {
				continue
			}
			return sig.name, true
		}
	}
	if len(head) >= 12 && string(head[:4]) == "RIFF" {
		if name, ok := riffKinds[string(head[8:12])]; ok {
			return name, true
		}
	}
	if bytes.IndexByte(head[:min(len(head), SniffBytes)], 0) >= 0 {
		return "binary data", true
	}
	return "", false
}

// Detect returns the language of a file from its name and first bytes, or nil when no language of
// the table claims it (the file then gets the fallback map): its name, else its "#!" line, else
// an editor's mode line (modeline.go).
func Detect(name string, head []byte) *Language {
	base := path.Base(strings.ReplaceAll(name, "\\", "/"))
	for _, l := range table {
		for _, f := range l.Filenames {
			if f == base || (strings.HasSuffix(f, ".*") && strings.HasPrefix(base, f[:len(f)-1])) {
				return l
			}
		}
	}
	ext := strings.ToLower(path.Ext(base))
	if ext != "" {
		var claimed *Language
		for _, l := range table {
			for _, e := range l.Extensions {
				if e != ext {
					continue
				}
				if l.Sniff == nil {
					if claimed == nil {
						claimed = l
					}
				} else if l.Sniff(head) {
					return l
				}
			}
		}
		if claimed != nil {
			return claimed
		}
	}
	if interp := shebangInterpreter(head); interp != "" {
		for _, l := range table {
			for _, i := range l.Interpreters {
				if i == interp {
					return l
				}
			}
		}
	}
	return modelineLanguage(head)
}

// shebangInterpreter returns the interpreter named by a "#!" first line, without its path,
// version-independent arguments or "env": "#!/usr/bin/env python3" gives "python3".
func shebangInterpreter(head []byte) string {
	if !bytes.HasPrefix(head, []byte("#!")) {
		return ""
	}
	line := head[2:]
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	fields := strings.Fields(string(line))
	if len(fields) == 0 {
		return ""
	}
	interp := path.Base(fields[0])
	if interp == "env" {
		interp = ""
		for _, f := range fields[1:] {
			if !strings.HasPrefix(f, "-") && !strings.Contains(f, "=") {
				interp = f
				break
			}
		}
	}
	return interp
}
