package lang

// Jupyter notebooks. Their bytes are JSON in which the code is escaped strings and the outputs
// are base64 images; readers see a view instead (NotebookView): the cells in order, each under a
// "# %% [N] kind" header, sources verbatim, text outputs cut and other outputs named with their
// size. The view is what read pages, search searches and the map's ranges count lines of; the
// notebook mapper maps the view: one symbol per cell, with the definitions its code (or the
// headings its markdown) holds inside it.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/readmap/readmap/store"
)

// ViewNotebook names the text ShownText gives of a notebook: its cells, not its JSON.
const ViewNotebook = "notebook"

// NotebookLanguage is the name of the notebooks' language in the table.
const NotebookLanguage = "Jupyter notebook"

// notebookTitle opens every notebook view; the notebook mapper knows a view by it.
const notebookTitle = "# Jupyter notebook · "

const (
	// notebookOutputLines is how many lines of a text output the view shows.
	notebookOutputLines = 20
	// notebookOutputWidth is how many runes of an output's line the view shows.
	notebookOutputWidth = 200
)

// ShownText returns the text readers see of the file named path whose bytes are src, and what it
// is when it is not the bytes themselves: the UTF-8 of UTF-16 text (its character set, as
// DecodeText), or the view of a Jupyter notebook (ViewNotebook). Pages, line numbers and maps are
// of this text; hashes and edits are of the bytes.
func ShownText(path string, src []byte) ([]byte, string) {
	text, charset := DecodeText(src)
	if charset != "" {
		return text, charset
	}
	if strings.HasSuffix(strings.ToLower(path), ".ipynb") {
		if view, ok := NotebookView(src); ok {
			return view, ViewNotebook
		}
	}
	return src, ""
}

// notebook is the part of nbformat 4 the view shows.
type notebook struct {
	Cells    []notebookCell `json:"cells"`
	Metadata struct {
		Kernelspec struct {
			DisplayName string `json:"display_name"`
			Language    string `json:"language"`
		} `json:"kernelspec"`
		LanguageInfo struct {
			Name string `json:"name"`
		} `json:"language_info"`
	} `json:"metadata"`
	Format      int `json:"nbformat"`
	FormatMinor int `json:"nbformat_minor"`
}

type notebookCell struct {
	Type           string           `json:"cell_type"`
	Source         multiline        `json:"source"`
	ExecutionCount *int             `json:"execution_count"`
	Outputs        []notebookOutput `json:"outputs"`
}

type notebookOutput struct {
	Type      string                     `json:"output_type"`
	Name      string                     `json:"name"` // stream: stdout or stderr
	Text      multiline                  `json:"text"`
	Data      map[string]json.RawMessage `json:"data"`
	ErrorName string                     `json:"ename"`
	ErrorText string                     `json:"evalue"`
	Traceback []string                   `json:"traceback"`
}

// multiline is nbformat's text: a string, or a list of strings to be joined.
type multiline string

// UnmarshalJSON takes either form.
func (m *multiline) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*m = multiline(s)
		return nil
	}
	var parts []string
	if err := json.Unmarshal(b, &parts); err != nil {
		return err
	}
	*m = multiline(strings.Join(parts, ""))
	return nil
}

// language is the notebook's programming language, as a kernel names it ("python").
func (nb *notebook) language() string {
	if l := nb.Metadata.LanguageInfo.Name; l != "" {
		return l
	}
	return nb.Metadata.Kernelspec.Language
}

// NotebookView renders a notebook of nbformat 4 (src, its JSON) as the text readers see. It
// reports false for anything else, which is then shown as it is.
func NotebookView(src []byte) ([]byte, bool) {
	var nb notebook
	if json.Unmarshal(src, &nb) != nil || nb.Format != 4 {
		return nil, false
	}
	var b bytes.Buffer
	b.WriteString(notebookTitle + dataCountNoun(len(nb.Cells), "cell", "cells"))
	if l := nb.language(); l != "" {
		b.WriteString(" · language " + oneLine(l))
	}
	if k := nb.Metadata.Kernelspec.DisplayName; k != "" {
		b.WriteString(" · kernel " + oneLine(k))
	}
	fmt.Fprintf(&b, " · nbformat %d.%d\n", nb.Format, nb.FormatMinor)
	for i, c := range nb.Cells {
		kind := oneLine(c.Type)
		if kind == "" {
			kind = "unknown"
		}
		fmt.Fprintf(&b, "\n# %%%% [%d] %s", i+1, kind)
		if c.ExecutionCount != nil {
			fmt.Fprintf(&b, " · In [%d]", *c.ExecutionCount)
		}
		b.WriteByte('\n')
		if c.Source != "" {
			b.WriteString(string(c.Source))
			if !strings.HasSuffix(string(c.Source), "\n") {
				b.WriteByte('\n')
			}
		}
		for _, o := range c.Outputs {
			writeOutput(&b, o)
		}
	}
	return b.Bytes(), true
}

// writeOutput adds one output of a code cell to the view: its text cut to notebookOutputLines
// lines, each after "#> ", and its other forms by type and size.
func writeOutput(b *bytes.Buffer, o notebookOutput) {
	switch o.Type {
	case "stream":
		fmt.Fprintf(b, "#> [%s]\n", oneLine(o.Name))
		writeOutputText(b, string(o.Text))
	case "error":
		fmt.Fprintf(b, "#> [error %s: %s]\n", oneLine(o.ErrorName), clip(oneLine(o.ErrorText), notebookOutputWidth))
		writeOutputText(b, strings.Join(o.Traceback, "\n"))
	default: // execute_result, display_data
		if raw, ok := o.Data["text/plain"]; ok {
			var text multiline
			_ = json.Unmarshal(raw, &text)
			fmt.Fprintf(b, "#> [%s text/plain]\n", oneLine(o.Type))
			writeOutputText(b, string(text))
		}
		for _, mime := range outputForms(o.Data) {
			if mime == "text/plain" {
				continue
			}
			fmt.Fprintf(b, "#> [%s, %s]\n", oneLine(mime), outputSize(mime, o.Data[mime]))
		}
	}
}

// writeOutputText adds text, without its terminal escapes, a line after each "#> ", cut to
// notebookOutputLines lines of notebookOutputWidth runes.
func writeOutputText(b *bytes.Buffer, text string) {
	lines := strings.Split(strings.TrimRight(ansiEscape().ReplaceAllString(text, ""), "\n"), "\n")
	if len(lines) == 1 && lines[0] == "" {
		return
	}
	for i, line := range lines {
		if i == notebookOutputLines {
			fmt.Fprintf(b, "#> … %s more %s\n", dataCount(len(lines)-i), map[bool]string{true: "line", false: "lines"}[len(lines)-i == 1])
			break
		}
		b.WriteString("#> " + clip(strings.Map(controlToSpace, line), notebookOutputWidth) + "\n")
	}
}

// ansiEscape matches the terminal colour and cursor sequences tracebacks carry.
var ansiEscape = lazyRegexp(`\x1b\[[0-9;?]*[ -/]*[@-~]`)

// controlToSpace turns control characters other than tabs into spaces.
func controlToSpace(r rune) rune {
	if r < 0x20 && r != '\t' || r == 0x7f {
		return ' '
	}
	return r
}

// oneLine folds s's whitespace, for a header.
func oneLine(s string) string {
	return strings.Join(strings.Fields(strings.Map(controlToSpace, s)), " ")
}

// outputSize is the size of an output's data: the bytes base64 stands for, for images and other
// binary forms, else the text's length.
func outputSize(mime string, raw json.RawMessage) string {
	var text multiline
	if json.Unmarshal(raw, &text) != nil {
		return HumanBytes(int64(len(raw)))
	}
	n := len(text)
	if strings.HasPrefix(mime, "image/") && mime != "image/svg+xml" {
		n = len(strings.Join(strings.Fields(string(text)), "")) * 3 / 4
	}
	return HumanBytes(int64(n))
}

// HumanBytes writes n bytes as people read them: "812 B", "45.2 KB", "3.1 MB", "1.2 GB".
func HumanBytes(n int64) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%d B", n)
	case n < 1024*1024:
		return fmt.Sprintf("%.1f KB", float64(n)/1024)
	case n < 1024*1024*1024:
		return fmt.Sprintf("%.1f MB", float64(n)/(1024*1024))
	default:
		return fmt.Sprintf("%.1f GB", float64(n)/(1024*1024*1024))
	}
}

// outputForms returns an output's forms (MIME types) in order, so the view does not vary.
func outputForms(m map[string]json.RawMessage) []string {
	return slices.Sorted(maps.Keys(m))
}

// notebookMapper maps a notebook's view (NotebookView): a symbol per cell spanning its header,
// source and outputs, with the symbols its source holds inside it: definitions of the
// notebook's language in code cells, headings in markdown cells. Anything that is not a view
// (a notebook of another format, broken JSON) is mapped as JSON.
type notebookMapper struct{}

// Map returns the cells of the view src, with what each holds.
func (notebookMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	if !bytes.HasPrefix(src, []byte(notebookTitle)) {
		return jsonMapper{}.Map(ctx, src)
	}
	lines := bytes.SplitAfter(src, []byte{'\n'})
	if len(lines[len(lines)-1]) == 0 {
		lines = lines[:len(lines)-1]
	}
	title := string(bytes.TrimSpace(lines[0]))
	language := ""
	if _, after, ok := strings.Cut(title, " · language "); ok {
		language, _, _ = strings.Cut(after, " · ")
	}
	code := ByName(language)
	if code != nil && (code.NewMapper == nil || code.Name == NotebookLanguage) {
		code = nil
	}
	// A cell starts at the header of the next number; it ends before the blank line that comes
	// before the next header (or at the end).
	type cell struct{ header, end int }
	var cells []cell
	for i, n := 1, 1; i < len(lines); i++ {
		if bytes.HasPrefix(lines[i], []byte("# %% ["+strconv.Itoa(n)+"] ")) && i > 0 && len(bytes.TrimSpace(lines[i-1])) == 0 {
			if len(cells) > 0 {
				cells[len(cells)-1].end = i - 1 // the blank line before
			}
			cells = append(cells, cell{header: i + 1})
			n++
		}
	}
	if len(cells) > 0 {
		cells[len(cells)-1].end = len(lines)
	}
	res := &Result{Summary: strings.TrimPrefix(title, "# ")}
	for n, c := range cells {
		header := strings.TrimSpace(string(lines[c.header-1]))
		kind := strings.Fields(header)[3]
		body := bytes.Join(lines[c.header:c.end], nil)
		name := "cell " + strconv.Itoa(n+1)
		signature := "[" + strconv.Itoa(n+1) + "] " + kind
		if first := firstSourceLine(body); first != "" {
			signature += ": " + clip(first, 60)
		}
		id := len(res.Symbols)
		res.Symbols = append(res.Symbols, store.Symbol{Name: name, Qualname: name, Kind: store.KindBlock,
			Signature: signature, StartLine: c.header, EndLine: max(c.end, c.header), Parent: -1})
		inner := code
		if kind == "markdown" {
			inner = ByName("Markdown")
		} else if kind != "code" {
			inner = nil
		}
		if inner == nil || len(body) == 0 {
			continue
		}
		sub, err := inner.NewMapper().Map(ctx, body)
		if err != nil {
			if ctx.Err() != nil {
				return nil, err
			}
			continue
		}
		for _, s := range sub.Symbols {
			s.StartLine += c.header
			s.EndLine = min(s.EndLine+c.header, c.end)
			if s.Parent >= 0 {
				s.Parent += id + 1
			} else {
				s.Parent = id
			}
			s.Depth++
			res.Symbols = append(res.Symbols, s)
		}
		res.Imports = append(res.Imports, sub.Imports...)
	}
	return res, nil
}

// firstSourceLine is the first line of a cell's body that is not blank and not an output.
func firstSourceLine(body []byte) string {
	for _, line := range strings.Split(string(body), "\n") {
		if t := strings.TrimSpace(line); t != "" && !strings.HasPrefix(t, "#> ") {
			return oneLine(t)
		}
	}
	return ""
}
