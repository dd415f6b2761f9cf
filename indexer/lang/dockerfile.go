package lang

import (
	"bytes"
	"context"
	"strings"

	"github.com/readmap/readmap/store"
)

// dockerfileMapper maps a Dockerfile by its instructions, continuation lines and heredocs
// followed: build stages (FROM ... AS name) from their FROM to their last instruction, and inside
// them (or before the first FROM, for global ARGs) the instructions that describe the image: ARG
// and ENV variables, EXPOSE, CMD, ENTRYPOINT, HEALTHCHECK, USER, WORKDIR, VOLUME, SHELL,
// STOPSIGNAL. The base images, and images copied or mounted from, are the imports.
type dockerfileMapper struct{}

// dockerShown maps the instructions shown inside a stage to their kind.
var dockerShown = map[string]store.Kind{
	"ARG": store.KindVar, "ENV": store.KindVar, "EXPOSE": store.KindProperty, "CMD": store.KindProperty,
	"ENTRYPOINT": store.KindProperty, "HEALTHCHECK": store.KindProperty, "USER": store.KindProperty,
	"WORKDIR": store.KindProperty, "VOLUME": store.KindProperty, "SHELL": store.KindProperty,
	"STOPSIGNAL": store.KindProperty,
}

type dockerScan struct {
	res    Result
	stage  int // the open stage's symbol, -1 before the first FROM
	stages map[string]bool
	seen   map[string]bool // imports so far
	escape byte
}

// Map returns the stages and image-describing instructions of a Dockerfile.
func (dockerfileMapper) Map(ctx context.Context, src []byte) (*Result, error) {
	d := &dockerScan{stage: -1, stages: map[string]bool{}, seen: map[string]bool{}, escape: '\\'}
	lines := &markupLines{src: src}
	directives := true
	var heredocs []string // terminators of the heredocs still to read
	var instr []byte      // the logical line being read
	start := 0            // its first line
	for {
		line, ok := lines.next()
		if !ok {
			break
		}
		num := lines.num
		if num%markupCheckEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if len(heredocs) > 0 {
			d.extend(num)
			if dockerHeredocEnd(line, heredocs[0]) {
				heredocs = heredocs[1:]
			}
			continue
		}
		_, at := markupIndent(line)
		rest := line[at:]
		if len(rest) > 0 && rest[0] == '#' {
			if directives && instr == nil {
				if k, v, ok := strings.Cut(string(rest[1:]), "="); ok && strings.EqualFold(strings.TrimSpace(k), "escape") {
					if v = strings.TrimSpace(v); len(v) == 1 {
						d.escape = v[0]
					}
				}
			}
			continue // comments, even inside a continued instruction
		}
		if len(rest) == 0 {
			continue // blank lines, even inside a continued instruction
		}
		directives = false
		if instr == nil {
			start = num
		}
		trimmed := bytes.TrimRight(rest, " \t")
		if n := len(trimmed); n > 0 && trimmed[n-1] == d.escape {
			instr = append(instr, trimmed[:n-1]...)
			instr = append(instr, ' ')
			continue
		}
		instr = append(instr, rest...)
		heredocs = d.instruction(instr, start, num)
		instr = nil
	}
	if instr != nil {
		d.instruction(instr, start, lines.num)
	}
	return &d.res, nil
}

// extend makes the open stage reach line num.
func (d *dockerScan) extend(num int) {
	if d.stage >= 0 {
		d.res.Symbols[d.stage].EndLine = num
	}
}

// instruction maps one logical instruction on lines [start, end] and returns the terminators of
// the heredocs it opens.
func (d *dockerScan) instruction(text []byte, start, end int) []string {
	fields := strings.Fields(string(text))
	if len(fields) == 0 {
		return nil
	}
	keyword := strings.ToUpper(fields[0])
	args := fields[1:]
	sig := markupSignature(string(text))
	switch keyword {
	case "FROM":
		d.from(args, sig, start, end)
		return nil
	case "COPY", "ADD", "RUN":
		for _, a := range args {
			if !strings.HasPrefix(a, "--") {
				break
			}
			for _, opt := range strings.Split(a[2:], ",") {
				if v, ok := strings.CutPrefix(opt, "from="); ok {
					d.image(v)
				}
			}
		}
	}
	d.extend(end)
	if kind, ok := dockerShown[keyword]; ok {
		for _, name := range dockerNames(keyword, args) {
			parent, depth := d.stage, 0
			if parent >= 0 {
				depth = 1
			}
			d.res.Symbols = append(d.res.Symbols, store.Symbol{
				Name: name, Kind: kind, Signature: sig, StartLine: start, EndLine: end, Parent: parent, Depth: depth,
			})
		}
	}
	return dockerHeredocs(text)
}

// dockerNames names the symbols of an instruction: the variables of ARG and ENV, the keyword for
// the others.
func dockerNames(keyword string, args []string) []string {
	if keyword != "ARG" && keyword != "ENV" {
		return []string{keyword}
	}
	if len(args) == 0 {
		return nil
	}
	if keyword == "ENV" && !strings.Contains(args[0], "=") {
		return []string{args[0]} // the legacy "ENV NAME value" form
	}
	var names []string
	for _, a := range args {
		name, _, _ := strings.Cut(a, "=")
		if name != "" && !strings.ContainsAny(name, `"'$`) {
			names = append(names, clip(name, markupNameWidth))
		}
	}
	return names
}

// from opens a stage: FROM [--platform=...] image [AS name].
func (d *dockerScan) from(args []string, sig string, start, end int) {
	var image, name string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case strings.HasPrefix(a, "--"):
		case image == "":
			image = a
		case strings.EqualFold(a, "AS") && i+1 < len(args):
			name = args[i+1]
			i++
		}
	}
	d.image(image)
	if name == "" {
		name = image
	}
	if name == "" {
		name = "FROM"
	}
	d.stages[strings.ToLower(name)] = true
	d.res.Symbols = append(d.res.Symbols, store.Symbol{
		Name: clip(name, markupNameWidth), Kind: store.KindStage, Signature: sig,
		StartLine: start, EndLine: end, Parent: -1,
	})
	d.stage = len(d.res.Symbols) - 1
}

// image records an image the build pulls, unless it names an earlier stage (or its index) or is
// the empty "scratch".
func (d *dockerScan) image(ref string) {
	if ref == "" || strings.EqualFold(ref, "scratch") || d.stages[strings.ToLower(ref)] || d.seen[ref] {
		return
	}
	if strings.Trim(ref, "0123456789") == "" {
		return
	}
	d.seen[ref] = true
	d.res.Imports = append(d.res.Imports, clip(ref, markupNameWidth))
}

// dockerHeredocs returns the terminators of the heredocs an instruction opens: <<EOF, <<-EOF,
// <<"EOF", <<'EOF'.
func dockerHeredocs(text []byte) []string {
	var out []string
	for i := 0; i+2 < len(text); i++ {
		if text[i] != '<' || text[i+1] != '<' || (i > 0 && text[i-1] == '<') {
			continue
		}
		j := i + 2
		dash := j < len(text) && text[j] == '-'
		if dash {
			j++
		}
		quote := byte(0)
		if j < len(text) && (text[j] == '"' || text[j] == '\'') {
			quote = text[j]
			j++
		}
		k := j
		for k < len(text) && (markupLetter(text[k]) || text[k] == '_' || (k > j && text[k] >= '0' && text[k] <= '9')) {
			k++
		}
		if k == j || (quote != 0 && (k >= len(text) || text[k] != quote)) {
			continue
		}
		word := string(text[j:k])
		if dash {
			word = "-" + word
		}
		out = append(out, word)
		i = k
	}
	return out
}

// dockerHeredocEnd reports whether line ends the heredoc with terminator word ("-EOF" allows
// leading tabs).
func dockerHeredocEnd(line []byte, word string) bool {
	if w, ok := strings.CutPrefix(word, "-"); ok {
		return string(bytes.TrimLeft(line, "\t")) == w
	}
	return string(line) == word
}
