package lang

import "testing"

// TestLuaUnparsed: what the Lua scanner finds open at the end of the file (a long comment or
// string, a block missing its `end`) is reported from its line on, and a string the line's end
// cuts off on its line.
func TestLuaUnparsed(t *testing.T) {
	testPastBreak(t, newLuaMapper(), []pastBreakCase{
		{"long comment", "function a() end\n--[[ open\nfunction b() end\n", [][2]int{{2, 3}}, "b"},
		{"long string", "local s = [==[ ]]\nfunction b() end\n", [][2]int{{1, 2}}, "b"},
		{"do", "function a()\n  do\nend\n\nfunction b() end\n", [][2]int{{1, 5}}, "b"},
		{"string", "local s = \"open\nfunction b() end\n", [][2]int{{1, 1}}, "b"},
		{"valid", "local s = [[\n]] -- [[\nfunction b() return \"]]\" end\n", nil, "b"},
	})
}
