package indexer

import (
	"bytes"
	"strings"
	"unicode/utf8"

	"github.com/readmap/readmap/store"
)

// fallbackMapperName names the map of a file no language mapper served.
const fallbackMapperName = "landmarks"

// landmarkParts is how many slices of a file get a landmark (design 4: each twentieth).
const landmarkParts = 20

// landmarkWidth caps a landmark's text, in runes.
const landmarkWidth = 60

// fallbackMap maps a file no language mapper serves. It finds nothing yet, so every such file gets
// landmarks.
func fallbackMap(src []byte, lines int) *Result {
	return &Result{}
}

// landmarks cuts the file into twentieths and names each by its first non-blank line, so a file
// with no structure found still has a map to navigate by. Each landmark's range is its slice.
func landmarks(src []byte, lines int) []store.Symbol {
	parts := min(landmarkParts, lines)
	var syms []store.Symbol
	line, off := 1, 0
	for p := range parts {
		first := 1 + p*lines/parts
		last := (p + 1) * lines / parts
		for line < first { // skip to the slice's first line
			off = nextLine(src, off)
			line++
		}
		for ; line <= last; line++ {
			end := nextLine(src, off)
			text := strings.TrimSpace(string(src[off:end]))
			off = end
			if text != "" {
				syms = append(syms, store.Symbol{
					Name: clip(text, landmarkWidth), Kind: store.KindLandmark,
					StartLine: line, EndLine: last, Parent: -1,
				})
				line++
				break
			}
		}
	}
	return syms
}

// nextLine returns the offset just past the line starting at off.
func nextLine(src []byte, off int) int {
	if i := bytes.IndexByte(src[off:], '\n'); i >= 0 {
		return off + i + 1
	}
	return len(src)
}

// clip returns s as valid UTF-8 of at most width runes, with "…" where it was cut.
func clip(s string, width int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if utf8.RuneCountInString(s) <= width {
		return s
	}
	runes := []rune(s)
	return string(runes[:width-1]) + "…"
}
