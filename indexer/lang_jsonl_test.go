package indexer

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestJSONLMapper(t *testing.T) {
	for _, tc := range []struct {
		name, src, summary string
		want               []string
	}{
		{
			name:    "records",
			src:     "{\"id\": 1, \"level\": \"info\", \"user\": {\"name\": \"a\"}}\n\n{\"id\": 2, \"level\": \"warn\", \"err\": null}\r\n{\"id\": 3, \"level\": \"error\", \"err\": \"boom\"}\n",
			summary: "3 records; fields: id, level, user, err",
			want: []string{
				"id [1-1] field id: number", "level [1-1] field level: string",
				"user [1-1] field user?: {}(1)", "  name [1-1] field name: string",
				"err [3-3] field err?: string|null",
			},
		},
		{
			name:    "arrays",
			src:     "[1, 2]\n[3]\n",
			summary: "2 records of array",
			want:    []string{},
		},
		{
			name:    "some invalid",
			src:     "{\"a\": 1}\nnot json\n{\"a\": 2\n",
			summary: "3 records; fields: a; 2 of 3 sampled lines are not valid JSON",
			want:    []string{"a [1-1] field a: number"},
		},
		{
			name:    "no valid line",
			src:     "hello\nworld\n",
			summary: "2 lines; the sampled lines are not JSON",
			want:    []string{},
		},
		{
			name:    "BOM and no final newline",
			src:     "\xef\xbb\xbf{\"a\": true}\n{\"a\": false}",
			summary: "2 records; fields: a",
			want:    []string{"a [1-1] field a: bool"},
		},
		{
			name:    "empty",
			src:     "\n\n",
			summary: "",
			want:    []string{},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := dataMapWith(t, jsonlMapper{}, tc.src)
			if res.Summary != tc.summary {
				t.Errorf("summary = %q, want %q", res.Summary, tc.summary)
			}
			if diff := cmp.Diff(tc.want, dataSymLines(res.Symbols)); diff != "" {
				t.Errorf("Map(%q) symbols (-want +got):\n%s", tc.src, diff)
			}
		})
	}
}

// genJSONL returns n log records; those of the second half have a "trace" field.
func genJSONL(n int) []byte {
	b := make([]byte, 0, n*120)
	for i := range n {
		b = append(b, `{"id": `...)
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, `, "ts": "2024-05-01T12:00:00Z", "level": "info", "msg": "request served in 12 ms", "bytes": 5120`...)
		if i >= n/2 {
			b = append(b, `, "trace": {"span": "ab12"}`...)
		}
		b = append(b, "}\n"...)
	}
	return b
}

// TestJSONLSampling: records are all counted, and a field that appears only in the second half of
// the file is found by the spread sample.
func TestJSONLSampling(t *testing.T) {
	src := genJSONL(100000)
	res := dataMapWith(t, jsonlMapper{}, string(src))
	if want := "100,000 records; fields: id, ts, level, msg, bytes, trace"; res.Summary != want {
		t.Errorf("summary = %q, want %q", res.Summary, want)
	}
	got := dataSymLines(res.Symbols)
	last := got[len(got)-2]
	if !strings.HasPrefix(last, "trace [") || !strings.HasSuffix(last, "field trace?: {}(1)") {
		t.Errorf("symbols %v: want a trace field", got)
	}
	var line int
	if _, err := fmt.Sscanf(last, "trace [%d", &line); err != nil || line <= 50000 {
		t.Errorf("trace found at line %d, want one past 50,000", line)
	}
}

func BenchmarkJSONL(b *testing.B) {
	src := genJSONL(200000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (jsonlMapper{}).Map(context.Background(), src); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(src))/(1<<20), "file-MB")
}
