package indexer

import (
	"bytes"
	"context"
	"strings"

	"github.com/readmap/readmap/store"
)

func init() {
	register(Language{
		Name:       "JSONL",
		Extensions: []string{".jsonl", ".ndjson", ".jsonlines"},
		NewMapper:  func() Mapper { return jsonlMapper{} },
		MapperName: "jsonl-sampler",
	})
}

// jsonlMapper maps JSON Lines (one JSON value a line) by the schema of a sample of its records.
type jsonlMapper struct{}

// The record schema comes from the first jsonlHead records and about jsonlSpread more spread evenly
// through the file; every line is counted, but only the sampled ones are parsed.
const (
	jsonlHead   = 100
	jsonlSpread = 100
	// jsonlSummaryFields caps the fields named in the summary.
	jsonlSummaryFields = 12
)

// Map returns the fields of the sampled records, each where it first appears, with its types.
func (jsonlMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	return mapJSONL(ctx, src)
}

// mapJSONL maps src as JSON Lines. Fields of object records become symbols at the line of the
// first sampled record holding them ("level?: string|null" when some records lack it).
func mapJSONL(ctx context.Context, src []byte) (*Result, error) {
	full := src
	s := newJSONScan(ctx, src, store.KindField)
	sc := &jsonSchema{}
	records, sampled, invalid := 0, 0, 0
	var types jsonType
	step := max(len(src)/jsonlSpread, 1)
	nextSpread := step
	line := 1
	for off := s.pos; off < len(full); line++ {
		end := len(full)
		if i := bytes.IndexByte(full[off:], '\n'); i >= 0 {
			end = off + i
		}
		start := off
		off = end + 1
		for start < end && (full[start] == ' ' || full[start] == '\t' || full[start] == '\r') {
			start++
		}
		if start == end {
			continue
		}
		records++
		if records&0xffff == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if records > jsonlHead && start < nextSpread {
			continue
		}
		for nextSpread <= start {
			nextSpread += step
		}
		// Parse this record alone: the scan sees the file up to the line's end.
		sampled++
		s.src, s.pos, s.line, s.lineOff, s.err = full[:end], start, line, start, ""
		var t jsonType
		if full[start] == '{' {
			s.object(-1, 0, sc)
			t = jsonObject
		} else {
			t = s.skipValue()
		}
		if s.err == "" {
			s.skipSpace()
			if s.pos < len(s.src) {
				s.fail("content after the record")
			}
		}
		if s.ctxErr {
			return nil, ctx.Err()
		}
		if s.err != "" {
			invalid++
			continue
		}
		types |= t
	}
	if sampled == invalid {
		if records == 0 {
			return &Result{}, nil
		}
		return &Result{Summary: dataCountNoun(records, "line", "lines") + "; the sampled lines are not JSON"}, nil
	}
	s.signatures(sc)
	summary := dataCountNoun(records, "record", "records")
	if types != jsonObject {
		summary += " of " + types.describe()
	}
	if len(sc.entries) > 0 {
		var names []string
		for _, e := range sc.entries {
			if len(names) == jsonlSummaryFields {
				names = append(names, "… "+dataCount(len(sc.entries)-jsonlSummaryFields)+" more")
				break
			}
			names = append(names, e.name)
		}
		summary += "; fields: " + strings.Join(names, ", ")
	}
	if invalid > 0 {
		summary += "; " + dataCount(invalid) + " of " + dataCount(sampled) + " sampled lines are not valid JSON"
	}
	return &Result{Symbols: s.syms, Summary: summary}, nil
}
