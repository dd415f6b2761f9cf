package lang

import "testing"

// TestPHPUnparsed: a "{" left open in a class takes the methods after it into a block, up to the
// class's own "}": the file ends inside the class, whose lines the scanner reports.
func TestPHPUnparsed(t *testing.T) {
	runBrokenSourceCases(t, []brokenSourceCase{
		{lang: "PHP", newMapper: func() Mapper { return &phpMapper{} },
			src:  "<?php\nclass A\n{\n    public function m() {}\n{\n    public function later() {}\n}\n",
			span: [2]int{3, 7}, after: "later",
			valid: "<?php\nclass A\n{\n    public function m() {}\n}\n"},
	})
}
