package lang

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestTOMLMapper(t *testing.T) {
	runMarkupCases(t, "pyproject.toml", []markupCase{
		{"tables hold their keys up to the last one", "top = 1\n\n[a.b]\nx = 1\ny = 2\n\n# about c\n[c]\n", []string{
			"key top [1-1]",
			"table [a.b] [3-5]",
			"  key x [4-4]",
			"  key y [5-5]",
			"table [c] [8-8]",
		}},
		{"array tables", "[[bin]]\nname = \"a\"\n[[bin]]\nname = \"b\"\n", []string{
			"table [[bin]] [1-2]",
			"  key name [2-2]",
			"table [[bin]] [3-4]",
			"  key name [4-4]",
		}},
		{"multi-line strings hide headers", "s = \"\"\"\n[no]\nk = 1\n\"\"\"\nl = '''\n[[no]]\n'''\nq = \"\"\"a\"\"\"\"\"\n", []string{
			"key s [1-4]",
			"key l [5-7]",
			"key q [8-8]",
		}},
		{"multi-line arrays and inline tables", "a = [\n  [1, 2],\n  \"]\", # ]\n  '''\n[x]\n''',\n]\nt = { a = 1, b = [\n  2 ] }\n", []string{
			"key a [1-7]",
			"key t [8-9]",
		}},
		{"dotted and quoted names", "[ a . \"b.c\" ]\nx . y = 1\n\"k=v\" = 2\n'lit' = 3\n", []string{
			"table [a.\"b.c\"] [1-4]",
			"  key x.y [2-2]",
			"  key \"k=v\" [3-3]",
			"  key 'lit' [4-4]",
		}},
		{"escaped quotes", "s = \"a\\\"\"\"\"\n[t]\n", []string{
			"key s [1-1]",
			"table [t] [2-2]",
		}},
		{"not TOML", "just text\n[unclosed\n= 1\n", nil},
		{"CRLF", "[t]\r\nk = [\r\n 1,\r\n]\r\n", []string{
			"table [t] [1-4]",
			"  key k [2-4]",
		}},
	})
}

func TestTOMLQualnames(t *testing.T) {
	f := Map(context.Background(), "Cargo.toml", []byte("[package]\nname = \"x\"\n[dependencies.serde]\nversion = \"1\"\n"), Options{})
	var got []string
	for _, s := range f.Symbols {
		got = append(got, s.Qualname)
	}
	want := []string{"package", "package.name", "dependencies.serde", "dependencies.serde.version"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("qualnames (-want +got):\n%s", diff)
	}
}
