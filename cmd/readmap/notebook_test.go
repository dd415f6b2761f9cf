package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNotebookIsReadAsCells: a notebook is read, mapped, searched and found by sym as its cells
// (the view), --raw reads its JSON byte for byte with a map of those bytes, and edit changes its
// bytes, after which the next read shows the new cell.
func TestNotebookIsReadAsCells(t *testing.T) {
	src, err := os.ReadFile("../../testdata/langs/forecast.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	root := repo(t, map[string]string{"forecast.ipynb": string(src)})
	out, errOut, code := cli(t, root, "read", "forecast.ipynb")
	if code != 0 || !strings.HasPrefix(out, "# Jupyter notebook · 8 cells") || strings.Contains(out, `"cell_type"`) {
		t.Fatalf("read = %.300q, %s (exit %d), want the cells", out, errOut, code)
	}
	var ans struct{ View, Content, Hash string }
	if out, _, code := cli(t, root, "read", "forecast.ipynb", "--json"); code != 0 || json.Unmarshal([]byte(out), &ans) != nil || ans.View != "notebook" || !strings.HasPrefix(ans.Content, "# Jupyter notebook") || ans.Hash == "" {
		t.Errorf("read --json = %.300s (exit %d), want view notebook and the cells", out, code)
	}
	if out, _, code := cli(t, root, "read", "forecast.ipynb", "--raw"); code != 0 || out != string(src) {
		t.Errorf("read --raw = %.300q (exit %d), want the JSON byte for byte", out, code)
	}
	if out, _, code := cli(t, root, "read", "forecast.ipynb", "--raw", "--map", "--lines", "1-2"); code != 0 || !strings.Contains(out, "cells: [](8)") {
		t.Errorf("read --raw --map = %.600q (exit %d), want the map of the JSON", out, code)
	}
	if out, _, code := cli(t, root, "map", "forecast.ipynb"); code != 0 || !strings.Contains(out, "    def fit(self, y): [65-67]") {
		t.Errorf("map = %q (exit %d), want fit at 65-67", out, code)
	}
	if out, _, code := cli(t, root, "read", "forecast.ipynb", "--lines", "65-65"); code != 0 || !strings.HasPrefix(out, "    def fit(self, y):\n[Line 65 of 90, shown as cells") {
		t.Errorf("read --lines 65-65 = %q (exit %d), want the line of fit in the view", out, code)
	}
	if out, _, code := cli(t, root, "sym", "SeasonalModel.fit"); code != 0 || !strings.HasPrefix(out, "forecast.ipynb:65-67  method") {
		t.Errorf("sym = %q (exit %d)", out, code)
	}
	if out, _, code := cli(t, root, "search", "forecast.ipynb", "revenue"); code != 0 || !strings.Contains(out, "── line 81 in cell 7 [80-87]") {
		t.Errorf("search = %.300q (exit %d), want line 81 in cell 7", out, code)
	}
	// Edits are of the bytes: the JSON's text, with the JSON's escapes.
	if out, errOut, code := cli(t, root, "edit", "forecast.ipynb", "--old", `sales[\"revenue\"]`, "--new", `sales[\"units\"]`); code != 0 {
		t.Fatalf("edit = %s, %s (exit %d)", out, errOut, code)
	}
	edited, _ := os.ReadFile(filepath.Join(root, "forecast.ipynb"))
	if want := strings.Replace(string(src), `sales[\"revenue\"]`, `sales[\"units\"]`, 1); string(edited) != want {
		t.Errorf("the edit changed more than the text asked")
	}
	if out, _, code := cli(t, root, "read", "forecast.ipynb", "--lines", "81-81"); code != 0 || !strings.HasPrefix(out, "sales[\"units\"]\n[Line 81") {
		t.Errorf("read --lines 81-81 after the edit = %q (exit %d)", out, code)
	}
}
