// Package tags writes the store's definitions as a tags file in universal-ctags' extended format,
// which vim, emacs (through etags-compatible readers) and readtags read.
//
// Each symbol but landmarks is one line: its name, its file (relative to the tags file's folder
// when the file lies under it, absolute otherwise), its line number as the address (exact, where
// a search pattern may find an earlier copy of the line), then the fields kind, line, end,
// language, scope (the enclosing symbol's kind and qualified name) and signature. Lines are
// sorted byte by byte, so readtags and vim find a name by binary search. A name no tags file can
// hold (a tab, a line break, a leading '!') is left out and counted.
package tags

import (
	"bufio"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/readmap/readmap/store"
)

// Header is the first line of every tags file readmap writes, and what tells one from another
// file: a file that does not start with "!_TAG_" is not overwritten.
const Header = "!_TAG_FILE_FORMAT\t2\t/extended format; --format=1 will not append ;\" to lines/"

// pseudoTags follow Header; {version} is replaced by readmap's version.
var pseudoTags = []string{
	"!_TAG_FILE_SORTED\t1\t/0=unsorted, 1=sorted, 2=foldcase/",
	"!_TAG_OUTPUT_EXCMD\tnumber\t/number, pattern, mixed, or combineV2/",
	"!_TAG_OUTPUT_FILESEP\tslash\t/slash or backslash/",
	"!_TAG_PROGRAM_NAME\treadmap\t//",
	"!_TAG_PROGRAM_URL\thttps://github.com/readmap/readmap\t//",
	"!_TAG_PROGRAM_VERSION\t{version}\t//",
}

// Builder gathers the tag lines of files, then writes them sorted.
type Builder struct {
	root, dir string // the store's root, and the folder of the tags file
	lines     []string
	// Skipped counts the symbols left out because a tags file cannot hold their name or path.
	Skipped int
}

// NewBuilder returns a builder for a tags file in folder dir, of a store whose root is root (both
// absolute).
func NewBuilder(root, dir string) *Builder { return &Builder{root: root, dir: dir} }

// Add adds the tag lines of f's symbols.
func (b *Builder) Add(f *store.File) {
	path := b.pathOf(f.Path)
	if !holdable(path) {
		b.Skipped += len(f.Symbols)
		return
	}
	for _, s := range f.Symbols {
		if s.Kind == store.KindLandmark {
			continue
		}
		if !holdable(s.Name) || strings.HasPrefix(s.Name, "!") {
			b.Skipped++
			continue
		}
		var sb strings.Builder
		sb.WriteString(s.Name)
		sb.WriteByte('\t')
		sb.WriteString(path)
		sb.WriteString("\t" + strconv.Itoa(s.StartLine) + ";\"")
		field(&sb, "kind", s.Kind.String())
		field(&sb, "line", strconv.Itoa(s.StartLine))
		if f.Language != "" {
			field(&sb, "language", f.Language)
		}
		if s.Parent >= 0 && s.Parent < len(f.Symbols) {
			p := f.Symbols[s.Parent]
			field(&sb, "scope", p.Kind.String()+":"+p.Qualname)
		}
		if s.Signature != "" {
			field(&sb, "signature", s.Signature)
		}
		field(&sb, "end", strconv.Itoa(s.EndLine))
		b.lines = append(b.lines, sb.String())
	}
}

// Len is how many tag lines were added.
func (b *Builder) Len() int { return len(b.lines) }

// Write writes the tags file: the pseudo-tags, then the tag lines sorted byte by byte.
func (b *Builder) Write(w io.Writer, version string) error {
	slices.Sort(b.lines)
	bw := bufio.NewWriterSize(w, 1<<16)
	bw.WriteString(Header + "\n")
	for _, p := range pseudoTags {
		bw.WriteString(strings.ReplaceAll(p, "{version}", version) + "\n")
	}
	for _, l := range b.lines {
		bw.WriteString(l)
		bw.WriteByte('\n')
	}
	return bw.Flush()
}

// pathOf is a row's path as the tags file names it.
func (b *Builder) pathOf(rowPath string) string {
	abs := rowPath
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(b.root, filepath.FromSlash(rowPath))
	}
	if rel, err := filepath.Rel(b.dir, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(abs)
}

// holdable reports whether s can stand as a name or a file of a tag line.
func holdable(s string) bool {
	return s != "" && !strings.ContainsAny(s, "\t\n\r")
}

// field appends "\tname:value", the value escaped as universal-ctags escapes field values.
func field(sb *strings.Builder, name, value string) {
	sb.WriteString("\t" + name + ":")
	for i := 0; i < len(value); i++ {
		switch c := value[i]; c {
		case '\\':
			sb.WriteString(`\\`)
		case '\t':
			sb.WriteString(`\t`)
		case '\n':
			sb.WriteString(`\n`)
		case '\r':
			sb.WriteString(`\r`)
		default:
			sb.WriteByte(c)
		}
	}
}
