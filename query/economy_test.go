package query_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/readmap/readmap/indexer"
	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/store"
)

// Built-in read of common agents: each call returns at most 2,000 lines or 50 KB, from where the
// last call stopped.
const (
	builtinLines = 2000
	builtinBytes = 50 << 10
)

// builtinCost is the bytes an agent's built-in read takes in, paging from line 1, until it holds
// line last.
func builtinCost(src []byte, last int) int {
	cost, line, off := 0, 1, 0
	for line <= last && off < len(src) {
		callBytes, callLines := 0, 0
		for off < len(src) && callLines < builtinLines {
			end := bytes.IndexByte(src[off:], '\n')
			n := len(src) - off
			if end >= 0 {
				n = end + 1
			}
			if callBytes+n > builtinBytes && callLines > 0 {
				break
			}
			callBytes += n
			callLines++
			off += n
			line++
		}
		cost += callBytes
	}
	return cost
}

// readCost is the bytes of one readmap answer as text.
func readCost(b *testing.B, req query.ReadRequest) int {
	ans, err := query.Read(context.Background(), req)
	if err != nil {
		b.Fatal(err)
	}
	var out bytes.Buffer
	if err := ans.WriteText(&out); err != nil {
		b.Fatal(err)
	}
	return out.Len()
}

// BenchmarkContextEconomy measures what an agent takes into its context to reach a function in a
// large real file, for functions sampled evenly from the 40 largest Go files of GOROOT/src and the
// 40 largest Python files of the standard library:
//
//	read_ratio     bytes of readmap's default read (banner, page 1, map) plus one targeted
//	               --lines read of the function, over the bytes of built-in paging (2,000 lines or
//	               50 KB a call, in order, until the function's last line); the median
//	map_ratio      the same with `readmap map` first instead of the default read
//	map_shows_pct  how often the default-budget map shows the function's own line
func BenchmarkContextEconomy(b *testing.B) {
	files := largestFiles(gorootSrc(), ".go", 40)
	if stdlib := pythonStdlib(); stdlib != "" {
		files = append(files, largestFiles(stdlib, ".py", 40)...)
	}
	if len(files) == 0 {
		b.Skip("no real files found")
	}
	ctx := context.Background()
	var readRatios, mapRatios []float64
	shown, sampled := 0, 0
	for b.Loop() {
		readRatios, mapRatios, shown, sampled = nil, nil, 0, 0
		for _, path := range files {
			src, err := os.ReadFile(path)
			if err != nil {
				b.Fatal(err)
			}
			f := indexer.MapFile(ctx, path, src, indexer.Options{})
			base := query.ReadRequest{File: f, Display: path, Source: bytes.NewReader(src), Size: int64(len(src)),
				Layout: query.Layout{PageBytes: query.DefaultPageBytes, MaxLines: query.DefaultMaxLines}, MapBudget: query.DefaultMapBudget}
			pages, lines, err := query.Paginate(ctx, bytes.NewReader(src), int64(len(src)), base.Layout)
			if err != nil {
				b.Fatal(err)
			}
			base.Pages, base.Lines = pages, lines
			first := readCost(b, base)
			mapText := query.MapText(f, query.DefaultMapBudget)
			for _, fn := range sampleFunctions(f.Symbols, 5) {
				sampled++
				if strings.Contains(mapText, fmt.Sprintf("[%d-%d]", fn.StartLine, fn.EndLine)) {
					shown++
				}
				targeted := base
				targeted.Range = query.LineRange{First: fn.StartLine, Last: fn.EndLine}
				target := readCost(b, targeted)
				builtin := float64(builtinCost(src, fn.EndLine))
				readRatios = append(readRatios, float64(first+target)/builtin)
				mapRatios = append(mapRatios, float64(len(mapText)+target)/builtin)
			}
		}
	}
	b.ReportMetric(median(readRatios), "read_ratio")
	b.ReportMetric(median(mapRatios), "map_ratio")
	b.ReportMetric(100*float64(shown)/float64(sampled), "map_shows_pct")
	b.ReportMetric(float64(sampled), "functions")
}

// sampleFunctions picks up to n functions and methods spread evenly through the file.
func sampleFunctions(syms []store.Symbol, n int) []store.Symbol {
	var fns []store.Symbol
	for _, s := range syms {
		if s.Kind == store.KindFunction || s.Kind == store.KindMethod {
			fns = append(fns, s)
		}
	}
	if len(fns) <= n {
		return fns
	}
	var out []store.Symbol
	for i := range n {
		out = append(out, fns[(2*i+1)*len(fns)/(2*n)])
	}
	return out
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[len(s)/2]
}
