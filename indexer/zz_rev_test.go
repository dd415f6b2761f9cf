package indexer

import (
	"context"
	"os"
	"testing"

	"github.com/readmap/readmap/store"
)

func TestZZReverse(t *testing.T) {
	if os.Getenv("REV") == "" {
		t.Skip()
	}
	files := markupCorpus([]string{"/usr/share/doc", "/usr/lib/node_modules/npm/docs", "GOROOT"}, []string{".md"}, 1<<20, 64<<20)
	tags := runCtags(t, "Markdown", files)
	at := map[string]map[int]bool{}
	for _, tg := range tags {
		if at[tg.Path] == nil {
			at[tg.Path] = map[int]bool{}
		}
		at[tg.Path][tg.Line] = true
	}
	extra := 0
	for _, p := range files {
		src, _ := os.ReadFile(p)
		f := MapFile(context.Background(), p, src, Options{})
		for _, s := range f.Symbols {
			if s.Kind == store.KindHeading && !at[p][s.StartLine] {
				extra++
				if extra < 30 {
					t.Logf("extra %s:%d %s", p, s.StartLine, s.Name)
				}
			}
		}
	}
	t.Logf("%d files, %d extra", len(files), extra)
}
