package lang

import (
	"context"
	"strconv"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestCSVMapper(t *testing.T) {
	for _, tc := range []struct {
		name    string
		m       Mapper
		src     string
		summary string
		want    []string
	}{
		{
			name:    "comma with types",
			m:       csvMapper{delim: ','},
			src:     "id,name,price,active,day,at\n1,apple,1.5,true,2024-01-02,2024-01-02T10:00:00Z\n2,pear,2,false,2024-01-03,2024-01-03 11:30\n3,fig,NA,,null,\n",
			summary: "3 rows × 6 columns, delimiter ','",
			want: []string{
				"header [1-1] block header: 6 columns", "  id [1-1] column id: int", "  name [1-1] column name: text",
				"  price [1-1] column price: float", "  active [1-1] column active: bool", "  day [1-1] column day: date",
				"  at [1-1] column at: datetime", "rows [2-4] block rows: 3", "  sample [2-2] block sample: 1, apple, 1.5, true, 2024-01-02, 2024-01-02T10:00:00Z",
			},
		},
		{
			name:    "quoted fields with newlines and delimiters",
			m:       csvMapper{delim: ','},
			src:     "\"id\",\"note, long\",\"say \"\"hi\"\"\"\n1,\"line one\nline two\",x\n2,\"a,b\",\"\"\n3,plain,\"multi\n\nline\"\n",
			summary: "3 rows × 3 columns, delimiter ','",
			want: []string{
				"header [1-1] block header: 3 columns", "  id [1-1] column id: int",
				"  note, long [1-1] column note, long: text", `  say "hi" [1-1] column say "hi": text`,
				"rows [2-7] block rows: 3", "  sample [2-3] block sample: 1, line one line two, x",
			},
		},
		{
			name:    "semicolon with decimal commas",
			m:       csvMapper{delim: ','},
			src:     "city;temp;rain\nOslo;1,5;0\nRoma;12,25;3\n",
			summary: "2 rows × 3 columns, delimiter ';'",
			want: []string{
				"header [1-1] block header: 3 columns", "  city [1-1] column city: text",
				"  temp [1-1] column temp: float", "  rain [1-1] column rain: int", "rows [2-3] block rows: 2", "  sample [2-2] block sample: Oslo | 1,5 | 0",
			},
		},
		{
			name:    "pipe",
			m:       csvMapper{delim: ','},
			src:     "a|b\n1|x\n2|y\n",
			summary: "2 rows × 2 columns, delimiter '|'",
			want:    []string{"header [1-1] block header: 2 columns", "  a [1-1] column a: int", "  b [1-1] column b: text", "rows [2-3] block rows: 2", "  sample [2-2] block sample: 1 | x"},
		},
		{
			name:    "single column",
			m:       csvMapper{delim: ','},
			src:     "name\nalice\nbob\n",
			summary: "2 rows × 1 column, delimiter ','",
			want:    []string{"header [1-1] block header: 1 column", "  name [1-1] column name: text", "rows [2-3] block rows: 2", "  sample [2-2] block sample: alice"},
		},
		{
			name:    "TSV ragged rows, CRLF, BOM",
			m:       csvMapper{delim: '\t'},
			src:     "\xef\xbb\xbfa\tb\tc\r\n1\t2\t3\r\n4\t5\r\n\r\n6\t7\t8\t9\r\n",
			summary: "3 rows × 3 columns, delimiter tab; 2 rows have another column count",
			want: []string{
				"header [1-1] block header: 3 columns", "  a [1-1] column a: int", "  b [1-1] column b: int",
				"  c [1-1] column c: int", "rows [2-5] block rows: 3", "  sample [2-2] block sample: 1 | 2 | 3",
			},
		},
		{
			name:    "no header",
			m:       csvMapper{delim: ','},
			src:     "1,2.5,x\n2,3.5,y",
			summary: "2 rows × 3 columns, delimiter ','",
			want: []string{
				"rows [1-2] block rows: 2", "  column 1 [1-1] column column 1: int",
				"  column 2 [1-1] column column 2: float", "  column 3 [1-1] column column 3: text", "  sample [1-1] block sample: 1, 2.5, x",
			},
		},
		{
			name:    "header only, empty column name, stray quote",
			m:       csvMapper{delim: ','},
			src:     "a,,5\" screen\n",
			summary: "0 rows × 3 columns, delimiter ','",
			want:    []string{"header [1-1] block header: 3 columns", "  a [1-1] column a: empty", `  "" [1-1] column "": empty`, `  5" screen [1-1] column 5" screen: empty`},
		},
		{
			name:    "unclosed quote",
			m:       csvMapper{delim: ','},
			src:     "a,b\n1,\"open\n2,3\n",
			summary: "2 rows × 2 columns, delimiter ','",
			want:    []string{"header [1-1] block header: 2 columns", "  a [1-1] column a: int", "  b [1-1] column b: text", "rows [2-3] block rows: 2", `  sample [2-2] block sample: 1, "open`},
		},
		{
			name: "blank",
			m:    csvMapper{delim: ','},
			src:  "\n \n",
			want: []string{},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := dataMapWith(t, tc.m, tc.src)
			if res.Summary != tc.summary {
				t.Errorf("summary = %q, want %q", res.Summary, tc.summary)
			}
			if diff := cmp.Diff(tc.want, dataSymLines(res.Symbols)); diff != "" {
				t.Errorf("Map(%q) symbols (-want +got):\n%s", tc.src, diff)
			}
		})
	}
}

// genCSV returns a header and n rows of six columns; every tenth row has a quoted field with a
// comma and a line break.
func genCSV(n int) []byte {
	b := []byte("id,name,price,active,day,comment\n")
	for i := range n {
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, ",widget,"...)
		b = strconv.AppendFloat(b, float64(i)/4, 'f', 2, 64)
		b = append(b, ",true,2024-01-02,"...)
		if i%10 == 0 {
			b = append(b, "\"said \"\"hi\"\", then\nleft\"\n"...)
		} else {
			b = append(b, "nothing to add here\n"...)
		}
	}
	return b
}

func TestCSVLarge(t *testing.T) {
	src := genCSV(100000)
	res := dataMapWith(t, csvMapper{delim: ','}, string(src))
	if want := "100,000 rows × 6 columns, delimiter ','"; res.Summary != want {
		t.Errorf("summary = %q, want %q", res.Summary, want)
	}
	rows := res.Symbols[len(res.Symbols)-2] // the last is the sample under it
	if rows.StartLine != 2 || rows.EndLine != 110001 {
		t.Errorf("rows [%d-%d], want [2-110001]", rows.StartLine, rows.EndLine)
	}
}

func BenchmarkCSV(b *testing.B) {
	src := genCSV(400000)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (csvMapper{delim: ','}).Map(context.Background(), src); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(src))/(1<<20), "file-MB")
}
