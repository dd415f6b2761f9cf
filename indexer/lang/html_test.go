package lang

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestHTMLMapper(t *testing.T) {
	runMarkupCases(t, "page.html", []markupCase{
		{"landmarks and ids nest", "<html>\n<body>\n<main>\n<div id=\"a\">\n<p>x</p>\n</div>\n</main>\n</body>\n</html>\n", []string{
			"element html [1-9]",
			"  element body [2-8]",
			"    element main [3-7]",
			"      element div#a [4-6]",
		}},
		{"names: id, else the first class", "<nav class=\"menu top\">\n</nav>\n<section ID='s1' class=x></section>\n<div class=\"plain\"></div>\n", []string{
			"element nav.menu [1-2]",
			"element section#s1 [3-3]",
		}},
		{"headings are named by their text", "<h1>Hello <em>big</em>\nworld</h1>\n<h2 id=\"x\">A&amp;B<br>C</h2>\n", []string{
			"element h1: Hello big world [1-2]",
			"element h2#x: A&B C [3-3]",
		}},
		{"unclosed elements end before what ends them", "<ul>\n<li id=\"a\">one\n<li id=\"b\">two\n\n</ul>\n<p id=\"p\">para\n<section>s</section>\n", []string{
			"element li#a [2-2]",
			"element li#b [3-3]",
			"element p#p [6-6]",
			"element section [7-7]",
		}},
		{"open at the end of the file", "<body>\n<main>\ntext\n\n", []string{
			"element body [1-3]",
			"  element main [2-3]",
		}},
		{"stray end tags are ignored", "<div id=\"a\">\n</span></p>\n</div>\n", []string{
			"element div#a [1-3]",
		}},
		{"comments, doctype, raw text and attributes hide tags", "<!DOCTYPE html>\n<!-- <div id=\"no\"> -->\n<script>\nif (a<b) document.write('<div id=\"no\">')\n</script>\n<style>\n/* <nav> */\n</style>\n<textarea><div id=no></textarea>\n<div title=\"a > b\" id=\"yes\"></div>\n", []string{
			"element script [3-5]",
			"element style [6-8]",
			"element div#yes [10-10]",
		}},
		{"void and self-closing elements", "<main>\n<img id=\"logo\">\n<br>\n<svg><use id=\"u\"/></svg>\n</main>\n", []string{
			"element main [1-5]",
			"  element img#logo [2-2]",
			"  element use#u [4-4]",
		}},
		{"tables imply their ends", "<table>\n<tr><td id=\"c1\">1\n<td id=\"c2\">2\n<tr><td>3\n</table>\n", []string{
			"element table [1-5]",
			"  element td#c1 [2-2]",
			"  element td#c2 [3-3]",
		}},
		{"upper case and CRLF", "<HTML>\r\n<BODY>\r\n</BODY>\r\n</HTML>\r\n", []string{
			"element html [1-4]",
			"  element body [2-3]",
		}},
		{"no markup", "just text < 3\n", nil},
	})
}

func TestHTMLImportsAndTitle(t *testing.T) {
	src := "<head><title>My &amp; Page</title>\n<link rel=\"stylesheet\" href=\"site.css\">\n<link rel=\"icon\" href=\"i.png\">\n<script src=\"app.js\"></script>\n<script type=module src='m.js'></script></head>\n"
	f := Map(context.Background(), "index.html", []byte(src), Options{})
	if want := []string{"site.css", "app.js", "m.js"}; !cmp.Equal(f.Imports, want) {
		t.Errorf("imports = %q, want %q", f.Imports, want)
	}
	if want := "title: My & Page"; f.Summary != want {
		t.Errorf("summary = %q, want %q", f.Summary, want)
	}
}

// TestHTMLDeep: 10,000 nested elements with ids and a flood of stray end tags stay fast and valid.
func TestHTMLDeep(t *testing.T) {
	src := strings.Repeat("<div id=\"x\">\n", 10000) + strings.Repeat("</span>", 100000) + strings.Repeat("</div>", 10000)
	got := markupOutline(t, "deep.html", src)
	if len(got) != markupMaxDepth {
		t.Fatalf("got %d symbols, want %d", len(got), markupMaxDepth)
	}
}

// TestHTMLNestingCap: past markupMaxDepth shown levels, elements are no longer shown, and a file
// of nothing but start tags maps in linear time.
func TestHTMLNestingCap(t *testing.T) {
	got := markupOutline(t, "deep.html", strings.Repeat("<section>", 100)+strings.Repeat("<div><li>", 200000))
	if len(got) != markupMaxDepth {
		t.Fatalf("got %d symbols, want %d", len(got), markupMaxDepth)
	}
}
