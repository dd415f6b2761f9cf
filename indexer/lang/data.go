package lang

// Helpers of the data-format mappers (JSON, JSON Lines, CSV): counts for summaries, the BOM.

import "strconv"

// dataBOM is the UTF-8 byte order mark, which CSV and JSON Lines files may start with.
var dataBOM = []byte("\xef\xbb\xbf")

// dataCount formats n with comma separators for summaries: 10247 gives "10,247".
func dataCount(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + dataCount(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// dataCountNoun is "1 key" or "12 keys".
func dataCountNoun(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return dataCount(n) + " " + many
}
