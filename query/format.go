// Package query answers readmap's questions from file rows: budgeted maps, pages of a file,
// symbol lookups and in-file search, and renders them for people and agents.
//
// It writes to the io.Writer it is given and never touches the store's SQL or the file system's
// layout decisions; callers hand it fresh rows and open files.
package query

import (
	"strconv"

	"github.com/readmap/readmap/indexer/lang"
)

// Thousands formats n with comma separators: 10247 gives "10,247".
func Thousands(n int) string {
	if n < 0 {
		return "-" + Thousands(-n)
	}
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// HumanBytes formats a size the way the banner and map header do: "412.3 KB".
func HumanBytes(n int64) string { return lang.HumanBytes(n) }

// lineRange renders a 1-based inclusive range as the map shows it: "[18-32]", or "[15]" for one line.
func lineRange(start, end int) string {
	if start == end {
		return "[" + strconv.Itoa(start) + "]"
	}
	return "[" + strconv.Itoa(start) + "-" + strconv.Itoa(end) + "]"
}
