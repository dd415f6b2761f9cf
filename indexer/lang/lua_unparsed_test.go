package lang

import "testing"

// TestLuaUnparsed: what the Lua scanner finds open at the end of the file (a long comment or
// string, a block missing its `end`) is reported from its line on, and a string the line's end
// cuts off on its line.
func TestLuaUnparsed(t *testing.T) {
	checkUnparsedCases(t, "x.lua", newLuaMapper, []unparsedCase{
		{"long comment", "function a() end\n--[[ open\nfunction b() end\n", [][2]int{{2, 3}}, "function b 3"},
		{"long string", "local s = [==[ ]]\nfunction b() end\n", [][2]int{{1, 2}}, "function b 2"},
		{"do", "function a()\n  do\nend\n\nfunction b() end\n", [][2]int{{1, 5}}, "function b 5"},
		{"string", "local s = \"open\nfunction b() end\n", [][2]int{{1, 1}}, "function b 2"},
		{"valid", "local s = [[\n]] -- [[\nfunction b() return \"]]\" end\n", nil, "function b 3"},
	})
}
