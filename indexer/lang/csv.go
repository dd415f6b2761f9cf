package lang

import (
	"bytes"
	"context"
	"strconv"
	"strings"

	"github.com/readmap/readmap/store"
)

// csvMapper maps delimited tables: the delimiter sniffed from the first records, the header's
// columns with a type inferred from a sample of rows, and the row count. Quoted fields may hold
// delimiters, doubled quotes and line breaks (RFC 4180); a quote inside an unquoted field is
// taken as a plain character, as most readers do.
type csvMapper struct {
	delim byte // the format's usual delimiter, preferred when sniffing ties
}

const (
	csvSniffRecords = 20  // records read to choose the delimiter
	csvTypeRows     = 200 // data rows whose values decide the columns' types
	csvMaxColumns   = 500 // columns shown; the rest fold into one "… N more columns" symbol
	csvMaxName      = 80  // a column name's length, in runes
	// csvSampleValue and csvSampleWidth bound the first data row shown as a sample: each value's
	// length and the whole line's, in runes.
	csvSampleValue = 24
	csvSampleWidth = 120
)

// csvDelimiters are the delimiters sniffed, in order of preference for a comma-separated file.
var csvDelimiters = []byte{',', ';', '\t', '|'}

// Map returns a "header" symbol holding the columns and a "rows" symbol spanning the data rows,
// with the first data row under it as a sample.
func (m csvMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	start := 0
	if bytes.HasPrefix(src, dataBOM) {
		start = len(dataBOM)
	}
	start, line := csvSkipBlank(src, start, 1)
	if start >= len(src) {
		return &Result{}, nil
	}
	delim := csvSniffDelimiter(src[start:], m.delim)
	c := &csvScan{src: src, delim: delim, pos: start, line: line}

	// The first record is the header unless it holds numbers, which a header never does.
	var header []string
	headerLine := c.line
	c.record(func(_ int, val []byte, quoted bool) {
		header = append(header, csvName(val, quoted))
	})
	headerEnd := c.line - 1
	if c.pos >= len(src) && src[len(src)-1] != '\n' {
		headerEnd = c.line
	}
	hasHeader := true
	for _, h := range header {
		if t := csvValueType([]byte(h)); t == csvInt || t == csvFloat {
			hasHeader = false
		}
	}
	types := make([]csvType, len(header))
	dataStart := headerEnd + 1
	if !hasHeader {
		c.pos, c.line = start, line
		dataStart = line
	}

	// Rows: the first csvTypeRows are parsed field by field for their types; the rest are only
	// counted, a line at a time where the line holds no quote.
	rows, ragged, lastLine := 0, 0, 0
	var sample []string
	sampleLines := [2]int{}
	for c.pos < len(src) {
		var next int
		next, c.line = csvSkipBlank(src, c.pos, c.line)
		if next >= len(src) {
			break
		}
		c.pos = next
		fields := 0
		first := c.line
		if rows < csvTypeRows {
			fields = c.record(func(col int, val []byte, quoted bool) {
				if col < len(types) {
					types[col] |= csvFieldType(val, delim)
				}
				if rows == 0 {
					sample = append(sample, clip(csvName(val, quoted), csvSampleValue))
				}
			})
		} else {
			fields = c.skipRecord()
		}
		lastLine = c.line - 1
		if c.pos >= len(src) && src[len(src)-1] != '\n' {
			lastLine = c.line
		}
		if rows == 0 {
			sampleLines = [2]int{first, max(lastLine, first)}
		}
		rows++
		if fields != len(header) {
			ragged++
		}
		if rows&0xffff == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}

	res := &Result{}
	columns := -1
	if hasHeader {
		columns = len(header)
		id := len(res.Symbols)
		res.Symbols = append(res.Symbols, store.Symbol{
			Name: "header", Kind: store.KindBlock, Signature: "header: " + dataCountNoun(len(header), "column", "columns"),
			StartLine: headerLine, EndLine: max(headerEnd, headerLine), Parent: -1,
		})
		res.Symbols = csvColumns(res.Symbols, id, header, types)
	}
	if rows > 0 {
		id := len(res.Symbols)
		res.Symbols = append(res.Symbols, store.Symbol{
			Name: "rows", Kind: store.KindBlock, Signature: "rows: " + dataCount(rows),
			StartLine: dataStart, EndLine: max(lastLine, dataStart), Parent: -1,
		})
		if !hasHeader {
			// No header: the columns are named by position, at the first row.
			names := make([]string, len(header))
			for i := range names {
				names[i] = "column " + strconv.Itoa(i+1)
			}
			res.Symbols = csvColumns(res.Symbols, id, names, types)
			for i := id + 1; i < len(res.Symbols); i++ {
				res.Symbols[i].StartLine, res.Symbols[i].EndLine = dataStart, max(headerEnd, dataStart)
			}
			columns = len(header)
		}
		res.Symbols = append(res.Symbols, store.Symbol{
			Name: "sample", Kind: store.KindBlock, Signature: "sample: " + clip(strings.Join(sample, csvSampleSeparator(delim)), csvSampleWidth),
			StartLine: sampleLines[0], EndLine: sampleLines[1], Depth: 1, Parent: id,
		})
	}
	res.Summary = dataCountNoun(rows, "row", "rows") + " × " + dataCountNoun(max(columns, 0), "column", "columns") +
		", delimiter " + csvDelimName(delim)
	if ragged > 0 {
		res.Summary += "; " + dataCountNoun(ragged, "row has", "rows have") + " another column count"
	}
	return res, nil
}

// csvColumns appends a column symbol for each name under the symbol parent, with the parent's
// range, folding columns past csvMaxColumns into one.
func csvColumns(syms []store.Symbol, parent int, names []string, types []csvType) []store.Symbol {
	p := syms[parent]
	for i, name := range names {
		if i == csvMaxColumns {
			syms = append(syms, store.Symbol{
				Name: "… " + dataCount(len(names)-i) + " more columns", Kind: store.KindColumn,
				StartLine: p.StartLine, EndLine: p.EndLine, Depth: 1, Parent: parent,
			})
			break
		}
		syms = append(syms, store.Symbol{
			Name: name, Kind: store.KindColumn, Signature: name + ": " + types[i].String(),
			StartLine: p.StartLine, EndLine: p.EndLine, Depth: 1, Parent: parent,
		})
	}
	return syms
}

// csvName makes a header field a column name: unquoted, whitespace folded, clipped.
func csvName(val []byte, quoted bool) string {
	name := string(val)
	if quoted {
		name = strings.ReplaceAll(name, `""`, `"`)
	}
	name = strings.Join(strings.Fields(name), " ")
	if name == "" {
		return `""`
	}
	return clip(name, csvMaxName)
}

// csvSampleSeparator joins the sample row's values: a comma for tables of commas, else " | ".
func csvSampleSeparator(d byte) string {
	if d == ',' {
		return ", "
	}
	return " | "
}

func csvDelimName(d byte) string {
	if d == '\t' {
		return "tab"
	}
	return "'" + string(d) + "'"
}

// csvSkipBlank moves past empty and whitespace-only lines from off (on line), returning the
// new offset and line.
func csvSkipBlank(src []byte, off, line int) (int, int) {
	for off < len(src) {
		i := off
		for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\r') {
			i++
		}
		if i < len(src) && src[i] != '\n' {
			return off, line
		}
		if i >= len(src) {
			return len(src), line
		}
		off = i + 1
		line++
	}
	return off, line
}

// csvSniffDelimiter picks the delimiter that splits the first records into the same number of
// fields, more than one: the first such in order of preference (the format's own first), else
// the one giving the most fields on most records, else the format's own.
func csvSniffDelimiter(head []byte, preferred byte) byte {
	head = head[:min(len(head), 64<<10)]
	order := append([]byte{preferred}, csvDelimiters...)
	best, bestFields := preferred, 1
	for _, d := range order {
		c := &csvScan{src: head, delim: d}
		counts := map[int]int{}
		records := 0
		for records < csvSniffRecords && c.pos < len(head) {
			var next int
			next, c.line = csvSkipBlank(head, c.pos, c.line)
			if next >= len(head) {
				break
			}
			c.pos = next
			counts[c.skipRecord()]++
			records++
		}
		mode, modeCount := 0, 0
		for n, k := range counts {
			if k > modeCount || k == modeCount && n > mode {
				mode, modeCount = n, k
			}
		}
		if mode < 2 {
			continue
		}
		if modeCount == records {
			return d
		}
		if modeCount*10 >= records*6 && mode > bestFields {
			best, bestFields = d, mode
		}
	}
	return best
}

// csvScan reads delimited records, counting lines as it goes.
type csvScan struct {
	src   []byte
	delim byte
	pos   int
	line  int // the line of pos
}

// skipRecord moves past one record and returns its field count. A line without a quote is
// counted with two vectorised passes; one with a quote is parsed.
func (c *csvScan) skipRecord() int {
	rest := c.src[c.pos:]
	end := bytes.IndexByte(rest, '\n')
	if end < 0 {
		end = len(rest)
	}
	if bytes.IndexByte(rest[:end], '"') >= 0 {
		return c.record(nil)
	}
	if end == len(rest) { // the last line, without a newline
		c.pos = len(c.src)
	} else {
		c.pos += end + 1
		c.line++
	}
	return bytes.Count(rest[:end], []byte{c.delim}) + 1
}

// record moves past one record, calling field (when not nil) with each field's column, raw value
// (without its quotes; doubled quotes left as they are) and whether it was quoted, and returns the
// field count. A quote opens a quoted field only at the field's start; an unclosed one is a plain
// character.
func (c *csvScan) record(field func(col int, val []byte, quoted bool)) int {
	src, d := c.src, c.delim
	i := c.pos
	for col := 0; ; col++ {
		start := i
		quoted := false
		var val []byte
		if i < len(src) && src[i] == '"' {
			if end := csvQuotedEnd(src, i); end >= 0 {
				quoted = true
				val = src[i+1 : end-1]
				c.line += bytes.Count(val, []byte{'\n'})
				i = end
			}
		}
		for i < len(src) && src[i] != d && src[i] != '\n' {
			i++
		}
		if !quoted {
			val = bytes.TrimSuffix(src[start:i], []byte{'\r'})
		}
		if field != nil {
			field(col, val, quoted)
		}
		if i >= len(src) || src[i] == '\n' {
			if i < len(src) {
				i++
				c.line++
			}
			c.pos = i
			return col + 1
		}
		i++ // the delimiter
	}
}

// csvQuotedEnd returns the offset past the closing quote of the quoted field opening at src[i],
// or -1 when it is never closed.
func csvQuotedEnd(src []byte, i int) int {
	for j := i + 1; ; {
		k := bytes.IndexByte(src[j:], '"')
		if k < 0 {
			return -1
		}
		j += k + 1
		if j < len(src) && src[j] == '"' { // a doubled quote stands for one
			j++
			continue
		}
		return j
	}
}

// csvType is the set of value kinds seen in one column.
type csvType uint8

const (
	csvInt csvType = 1 << iota
	csvFloat
	csvBool
	csvDate
	csvDateTime
	csvText
)

// String names a column's type: the narrowest that holds every value seen.
func (t csvType) String() string {
	switch {
	case t == 0:
		return "empty"
	case t&csvText != 0:
		return "text"
	case t == csvInt:
		return "int"
	case t&^(csvInt|csvFloat) == 0:
		return "float"
	case t == csvBool:
		return "bool"
	case t == csvDate:
		return "date"
	case t&^(csvDate|csvDateTime) == 0:
		return "datetime"
	}
	return "text"
}

// csvFieldType is the kind of one field's value, quoted or not; a decimal comma makes a float
// where the delimiter is not a comma.
func csvFieldType(val []byte, delim byte) csvType {
	val = bytes.TrimSpace(val)
	if delim != ',' && bytes.Count(val, []byte{','}) == 1 && bytes.IndexByte(val, '.') < 0 {
		if t := csvValueType(bytes.Replace(val, []byte{','}, []byte{'.'}, 1)); t == csvFloat {
			return csvFloat
		}
	}
	return csvValueType(val)
}

// csvValueType is the kind of one trimmed value; empty and missing ("NA", "null") values have
// none.
func csvValueType(val []byte) csvType {
	val = bytes.TrimSpace(val)
	if len(val) == 0 {
		return 0
	}
	switch string(val) {
	case "true", "false", "TRUE", "FALSE", "True", "False":
		return csvBool
	case "NA", "N/A", "n/a", "null", "NULL", "None", "nil", "-":
		return 0 // a missing value, whatever the column's type
	}
	if isCSVNumber(val) {
		if bytes.ContainsAny(val, ".eE") {
			return csvFloat
		}
		return csvInt
	}
	if t := csvDateType(val); t != 0 {
		return t
	}
	return csvText
}

// isCSVNumber reports whether val is a decimal number: sign, digits, fraction, exponent.
func isCSVNumber(val []byte) bool {
	i := 0
	if i < len(val) && (val[i] == '-' || val[i] == '+') {
		i++
	}
	digits := 0
	for ; i < len(val) && val[i] >= '0' && val[i] <= '9'; i++ {
		digits++
	}
	if i < len(val) && val[i] == '.' {
		for i++; i < len(val) && val[i] >= '0' && val[i] <= '9'; i++ {
			digits++
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(val) && (val[i] == 'e' || val[i] == 'E') {
		i++
		if i < len(val) && (val[i] == '-' || val[i] == '+') {
			i++
		}
		exp := i
		for ; i < len(val) && val[i] >= '0' && val[i] <= '9'; i++ {
		}
		if i == exp {
			return false
		}
	}
	return i == len(val)
}

// csvDateType recognises ISO dates (2024-01-31), with a time after 'T' or a space, and the
// slashed forms 31/01/2024 and 2024/01/31.
func csvDateType(val []byte) csvType {
	digits := func(b []byte) bool {
		for _, c := range b {
			if c < '0' || c > '9' {
				return false
			}
		}
		return len(b) > 0
	}
	isoDate := len(val) >= 10 && (val[4] == '-' || val[4] == '/') && val[7] == val[4] && digits(val[:4]) && digits(val[5:7]) && digits(val[8:10])
	dayFirst := len(val) >= 10 && val[2] == '/' && val[5] == '/' && digits(val[:2]) && digits(val[3:5]) && digits(val[6:10])
	if !isoDate && !dayFirst {
		return 0
	}
	rest := val[10:]
	if len(rest) == 0 {
		return csvDate
	}
	if rest[0] != 'T' && rest[0] != ' ' || len(rest) < 6 || !digits(rest[1:3]) || rest[3] != ':' || !digits(rest[4:6]) {
		return 0
	}
	for _, c := range rest[6:] {
		if !(c >= '0' && c <= '9' || c == ':' || c == '.' || c == 'Z' || c == '+' || c == '-' || c == ' ') {
			return 0
		}
	}
	return csvDateTime
}
