package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// mcpProcess is `readmap mcp` running as a process, spoken to in raw JSON-RPC lines.
type mcpProcess struct {
	t       *testing.T
	cmd     *exec.Cmd
	stdin   io.WriteCloser
	replies *bufio.Scanner
}

// startMCP runs `readmap mcp --root root` as a process and initializes its session.
func startMCP(t *testing.T, root string) *mcpProcess {
	t.Helper()
	cmd := exec.Command(os.Args[0], "mcp", "--root", root)
	cmd.Env = append(os.Environ(), "READMAP_TEST_MAIN=1")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &mcpProcess{t: t, cmd: cmd, stdin: stdin, replies: bufio.NewScanner(stdout)}
	p.replies.Buffer(make([]byte, 1<<20), 4<<20)
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	p.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"test","version":"1"}}}`)
	if init := p.recv(); init["result"] == nil {
		t.Fatalf("initialize reply = %v", init)
	}
	p.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return p
}

func (p *mcpProcess) send(line string) {
	p.t.Helper()
	if _, err := io.WriteString(p.stdin, line+"\n"); err != nil {
		p.t.Fatalf("send %.80q: %v", line, err)
	}
}

func (p *mcpProcess) recv() map[string]any {
	p.t.Helper()
	if !p.replies.Scan() {
		p.t.Fatalf("no reply from readmap mcp: %v", p.replies.Err())
	}
	var m map[string]any
	if err := json.Unmarshal(p.replies.Bytes(), &m); err != nil {
		p.t.Fatalf("reply %q: %v", p.replies.Text(), err)
	}
	return m
}

// exit closes the server's input and returns its exit code.
func (p *mcpProcess) exit() int {
	p.t.Helper()
	p.stdin.Close()
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	select {
	case <-done:
		return p.cmd.ProcessState.ExitCode()
	case <-time.After(10 * time.Second):
		p.t.Fatal("readmap mcp did not exit after its input closed")
		return -1
	}
}

// TestMCPAnswersMalformedFrames sends `readmap mcp` lines that are not JSON, batches, JSON that is
// no JSON-RPC message and a line over the frame limit: each gets its JSON-RPC error, and the server
// goes on answering, then exits 0 when its input ends.
func TestMCPAnswersMalformedFrames(t *testing.T) {
	root := repo(t, map[string]string{"a.go": "package a\n"})
	p := startMCP(t, root)
	for _, tc := range []struct {
		name, line string
		code       float64
		id         any
	}{
		{"not JSON", `this is not json`, -32700, nil},
		{"cut JSON", `{"jsonrpc":"2.0","id":5,"method":"tools/list"`, -32700, nil},
		{"batch", `[{"jsonrpc":"2.0","id":6,"method":"tools/list"},{"jsonrpc":"2.0","id":7,"method":"ping"}]`, -32600, nil},
		{"empty batch", `[]`, -32600, nil},
		{"not an object", `42`, -32600, nil},
		{"no version", `{"id":8,"method":"ping"}`, -32600, float64(8)},
		{"bad id", `{"jsonrpc":"2.0","id":true,"method":"ping"}`, -32600, nil},
		{"over the frame limit", `{"jsonrpc":"2.0","id":9,"method":"ping","params":{"pad":"` + strings.Repeat("x", 1<<20) + `"}}`, -32600, nil},
	} {
		p.send(tc.line)
		reply := p.recv()
		e, _ := reply["error"].(map[string]any)
		if e == nil || e["code"] != tc.code || reply["id"] != tc.id {
			t.Errorf("%s: reply %v, want error %v with id %v", tc.name, reply, tc.code, tc.id)
		}
		p.send(`{"jsonrpc":"2.0","id":"after","method":"tools/list"}`)
		if reply := p.recv(); reply["id"] != "after" || reply["result"] == nil {
			t.Fatalf("%s: the server no longer answers: %v", tc.name, reply)
		}
	}
	if code := p.exit(); code != 0 {
		t.Errorf("readmap mcp exited %d at the end of its input, want 0", code)
	}
}
