package lang

// The JSON family: JSON files, and JSON Lines (one value a line), both read by the scanner of
// jsonscan.go.

import (
	"bytes"
	"context"
	"strconv"
	"strings"

	"github.com/readmap/readmap/store"
)

// jsonMapper maps JSON by scanning its bytes once, never building the value tree: a key tree with
// types and array lengths ("users: [](2450) of object"), the item schema of arrays of objects, and
// a few index markers in long arrays. It reads some 30 times faster than encoding/json's token
// stream (BenchmarkJSONDecoderTokens), allocates only the symbols, and tolerates comments and
// trailing commas (JSONC).
type jsonMapper struct{}

// Map returns the key tree of src. Invalid JSON is mapped up to the error, which the summary names.
// A file of several top-level values, one a line, is mapped as JSON Lines.
func (jsonMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	s := newJSONScan(ctx, src, store.KindKey)
	s.skipSpace()
	if s.pos >= len(s.src) {
		return &Result{}, nil
	}
	var summary string
	valueStart := s.pos
	firstLine := s.lineAt(valueStart)
	switch s.src[s.pos] {
	case '{':
		n := s.object(-1, 0, nil)
		summary = "object with " + dataCountNoun(n, "key", "keys")
		if n == 0 {
			summary = "empty object"
		}
	case '[':
		s.syms = append(s.syms, store.Symbol{Name: "[]", Kind: store.KindKey, StartLine: s.lineAt(s.pos), Parent: -1})
		_, desc, n, mask := s.array(0, 1)
		s.syms[0].EndLine = s.lineAt(max(s.pos-1, valueStart))
		s.syms[0].Signature = desc
		summary = "array of " + dataCount(n) + " " + mask.plural(n)
		if n == 0 {
			summary = "empty array"
		}
	default:
		t := s.skipValue()
		summary = "JSON " + t.String()
	}
	if s.err == "" {
		firstEnd := s.lineAt(max(s.pos-1, valueStart))
		s.skipSpace()
		if s.pos < len(s.src) {
			c := s.src[s.pos]
			if (c == '{' || c == '[') && firstEnd == firstLine && firstEnd < s.lineAt(s.pos) {
				// One value a line: JSON Lines under a .json name.
				return mapJSONL(ctx, src)
			}
			s.fail("content after the top-level value")
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if s.err != "" {
		summary += "; invalid JSON at line " + dataCount(s.errLine) + ": " + s.err
	}
	return &Result{Symbols: s.syms, Summary: summary}, nil
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
	// jsonlSamples records are shown as samples after the fields, each clipped to
	// jsonlSampleWidth runes: what a record looks like says more than its schema alone.
	jsonlSamples     = 3
	jsonlSampleWidth = 100
)

// Map returns the fields of the sampled records, each where it first appears, with its types,
// then the first records as samples.
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
	var samples []store.Symbol
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
		if len(samples) < jsonlSamples {
			samples = append(samples, jsonlSample(full[start:end], line))
		}
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
	return &Result{Symbols: append(s.syms, samples...), Summary: summary}, nil
}

// jsonlSample is the sample symbol of the record on line, a landmark named by its text:
// "line 3: {"ts": …", whitespace folded, clipped.
func jsonlSample(record []byte, line int) store.Symbol {
	text := strings.Join(strings.Fields(string(record[:min(len(record), 4*jsonlSampleWidth)])), " ")
	return store.Symbol{Name: "line " + strconv.Itoa(line) + ": " + clip(text, jsonlSampleWidth),
		Kind: store.KindLandmark, StartLine: line, EndLine: line, Parent: -1}
}
