package lang

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestNotebookView: the fixture's view holds each cell under its header with its source
// verbatim, text outputs cut to 20 lines, an image as its type and size, a traceback without its
// terminal escapes; the JSON is nowhere.
func TestNotebookView(t *testing.T) {
	src, err := os.ReadFile("../../testdata/langs/forecast.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	view, shown := ShownText("nb/forecast.ipynb", src)
	if shown != ViewNotebook {
		t.Fatalf("ShownText says %q, want %q", shown, ViewNotebook)
	}
	text := string(view)
	for _, want := range []string{
		"# Jupyter notebook · 8 cells · language python · kernel Python 3 (ipykernel) · nbformat 4.5\n\n# %% [1] markdown\n# Sales forecast\n",
		"# %% [3] code · In [2]\ndef load(path=DATA):\n    \"\"\"Read the sales table, one row a month.\"\"\"\n",
		"#> loaded row 19\n#> … 10 more lines\n#> [execute_result text/plain]\n#>    month  units\n",
		"#> [text/html, 34 B]\n",
		"#> [display_data text/plain]\n#> <Figure size 640x480 with 1 Axes>\n#> [image/png, 594 B]\n",
		"#> [error KeyError: 'revenue']\n#> ---",
		"#> ----> 1 sales[\"revenue\"]\n#> KeyError: 'revenue'\n\n# %% [8] raw\nThis raw cell is passed through untouched.\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the view lacks %q:\n%s", want, text)
		}
	}
	for _, never := range []string{"\x1b", "iVBORw0KGgo", `"cell_type"`} {
		if strings.Contains(text, never) {
			t.Errorf("the view holds %q", never)
		}
	}
	// Other files, and notebooks of another format, are shown as they are.
	for _, tc := range []struct{ path, src string }{
		{"a.json", string(src)}, {"old.ipynb", `{"nbformat": 3, "worksheets": []}`}, {"bad.ipynb", `{"cells": [`},
	} {
		if got, shown := ShownText(tc.path, []byte(tc.src)); shown != "" || string(got) != tc.src {
			t.Errorf("ShownText(%s) = %q, %q: want the bytes as they are", tc.path, shown, got)
		}
	}
}

// TestNotebookMap: a symbol per cell spanning its header, source and outputs, with the
// definitions of a code cell and the headings of a markdown cell inside it, in the view's lines.
func TestNotebookMap(t *testing.T) {
	src, err := os.ReadFile("../../testdata/langs/forecast.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	view, _ := NotebookView(src)
	res := dataMapWith(t, notebookMapper{}, string(view))
	lines := strings.Split(string(view), "\n")
	got := []string{}
	for _, s := range res.Symbols {
		got = append(got, strings.Repeat("  ", s.Depth)+s.Name+" "+lineRangeText(s.StartLine, s.EndLine))
		if s.Depth > 0 && s.Kind.String() == "method" && !strings.Contains(lines[s.StartLine-1], "def "+s.Name) &&
			!strings.HasPrefix(strings.TrimSpace(lines[s.StartLine-1]), "@") {
			t.Errorf("%s starts at line %d, %q", s.Qualname, s.StartLine, lines[s.StartLine-1])
		}
	}
	want := []string{
		"cell 1 [3-8]", "  # Sales forecast [4-8]", "    ## Loading the data [8-8]",
		"cell 2 [10-15]", "  DATA [15-15]",
		"cell 3 [17-53]", "  load [18-23]", "  sales [25-25]",
		"cell 4 [55-58]", "  ## The model [56-58]",
		"cell 5 [60-71]", "  SeasonalModel [61-71]", "    __init__ [62-63]", "    fit [65-67]", "    slope [69-71]",
		"cell 6 [73-78]", "  model [74-74]",
		"cell 7 [80-87]", "cell 8 [89-90]",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("symbols (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"numpy", "pandas", "pathlib"}, res.Imports); diff != "" {
		t.Errorf("imports (-want +got):\n%s", diff)
	}
	// Bytes that are no view are mapped as the JSON they are.
	raw := dataMapWith(t, notebookMapper{}, string(src))
	if len(raw.Symbols) == 0 || raw.Symbols[0].Name != "cells" {
		t.Errorf("the raw notebook maps to %v, want its JSON keys", dataSymLines(raw.Symbols))
	}
}

func lineRangeText(a, b int) string {
	return fmt.Sprintf("[%d-%d]", a, b)
}

// FuzzNotebook: whatever JSON a notebook holds, its view maps within its lines, with every
// child inside its cell.
func FuzzNotebook(f *testing.F) {
	if src, err := os.ReadFile("../../testdata/langs/forecast.ipynb"); err == nil {
		f.Add(src)
	}
	f.Add([]byte(`{"nbformat":4,"cells":[{"cell_type":"code","source":"# %% [2] code\n\n# %% [2] x\ndef f(:\n"}]}`))
	f.Add([]byte(`{"nbformat":4,"cells":[{"cell_type":"","source":["x"],"outputs":[{"output_type":"stream","text":"\u001b[1m"}]}]}`))
	f.Fuzz(func(t *testing.T, src []byte) {
		view, ok := NotebookView(src)
		if !ok {
			return
		}
		res, err := notebookMapper{}.Map(context.Background(), view)
		if err != nil {
			t.Fatal(err)
		}
		if err := CheckSymbols(res.Symbols, CountLines(view)); err != nil {
			t.Fatalf("%v\nview:\n%s", err, view)
		}
	})
}
