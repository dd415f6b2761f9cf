package lang

import "testing"

// TestModelineNamesTheLanguage: a file whose name and "#!" line say nothing is read in the
// language its Emacs or Vim mode line names; a name or "#!" line still wins, and a mode line
// out of its place, or naming what the table lacks, claims nothing.
func TestModelineNamesTheLanguage(t *testing.T) {
	cases := []struct{ name, head, want string }{
		{"apt", "# Debian apt(8) completion                             -*- shell-script -*-\n\n_apt()\n", "Bash"},
		{"tool", "#!/usr/local/bin/mytool\n# -*- mode: python; coding: utf-8 -*-\nx = 1\n", "Python"},
		{"setup", "# -*- coding: utf-8; Mode: Ruby -*-\n", "Ruby"},
		{"helper", "// helper\n/* vim: set ft=javascript: */\n", "JavaScript"},
		{"conf", "x\ny\nz\n# vim: filetype=yaml\n", "YAML"},
		{"notes", "# vi:ft=lua\n", "Lua"},
		{"script.py", "# -*- shell-script -*-\n", "Python"},          // the extension wins
		{"run", "#!/bin/bash\n# -*- python -*-\n", "Bash"},           // the "#!" line wins
		{"late", "one\ntwo\n# -*- shell-script -*-\n", ""},           // Emacs reads the first line only
		{"far", "1\n2\n3\n4\n5\n# vim: ft=sh\n", ""},                 // past Vim's first lines
		{"perl", "# -*- perl -*-\n", ""},                             // not a language of the table
		{"prose", "The movie: set ft=sh aside.\nindex: ft=go\n", ""}, // no vim: marker
		{"glued", "#novim:ft=sh\n", ""},                              // the marker must follow a blank
		{"empty", "", ""},
	}
	for _, c := range cases {
		got := ""
		if l := Detect(c.name, []byte(c.head)); l != nil {
			got = l.Name
		}
		if got != c.want {
			t.Errorf("Detect(%q, %q) = %q; want %q", c.name, c.head, got, c.want)
		}
	}
}
