package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/readmap/readmap/query/edit"
)

// mcpTestApp is an app with the default settings whose output goes nowhere.
func mcpTestApp(t *testing.T) *app {
	t.Helper()
	cfg, err := resolveConfig(nil, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	return &app{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, quiet: true, cfg: cfg}
}

// lineSession is a server run in this process, spoken to in raw JSON-RPC lines.
type lineSession struct {
	t      *testing.T
	in     *io.PipeWriter
	lines  chan []byte
	served chan error
}

// startLines runs s on a pair of pipes.
func startLines(t *testing.T, s *mcpServer) *lineSession {
	t.Helper()
	toServer, in := io.Pipe()
	out, fromServer := io.Pipe()
	ls := &lineSession{t: t, in: in, lines: make(chan []byte, 64), served: make(chan error, 1)}
	go func() {
		ls.served <- s.serve(context.Background(), toServer, fromServer)
		fromServer.Close()
	}()
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 4<<20)
		for sc.Scan() {
			ls.lines <- append([]byte(nil), sc.Bytes()...)
		}
		close(ls.lines)
	}()
	t.Cleanup(func() {
		in.Close()
		out.Close()
	})
	return ls
}

func (ls *lineSession) send(line string) {
	ls.t.Helper()
	if _, err := io.WriteString(ls.in, line+"\n"); err != nil {
		ls.t.Fatalf("send %.80q: %v", line, err)
	}
}

// recv returns the next line the server writes.
func (ls *lineSession) recv() map[string]any {
	ls.t.Helper()
	select {
	case line, ok := <-ls.lines:
		if !ok {
			ls.t.Fatal("the server closed its output")
		}
		var m map[string]any
		if err := json.Unmarshal(line, &m); err != nil || m["jsonrpc"] != "2.0" {
			ls.t.Fatalf("a line that is no JSON-RPC message: %q (%v)", line, err)
		}
		return m
	case <-time.After(10 * time.Second):
		ls.t.Fatal("no line from the server within 10 s")
		return nil
	}
}

// end closes the server's input and returns the lines it writes before serve returns, which
// must be with nil.
func (ls *lineSession) end() []map[string]any {
	ls.t.Helper()
	ls.in.Close()
	var rest []map[string]any
	for {
		select {
		case line, ok := <-ls.lines:
			if !ok {
				if err := <-ls.served; err != nil {
					ls.t.Errorf("serve = %v at the end of its input, want nil", err)
				}
				return rest
			}
			var m map[string]any
			_ = json.Unmarshal(line, &m)
			rest = append(rest, m)
		case <-time.After(10 * time.Second):
			ls.t.Fatal("serve did not return at the end of its input")
		}
	}
}

// rpcErrorCode is the error code of a JSON-RPC reply, or 0.
func rpcErrorCode(reply map[string]any) float64 {
	e, _ := reply["error"].(map[string]any)
	code, _ := e["code"].(float64)
	return code
}

func TestMCPInitializeNegotiatesTheVersion(t *testing.T) {
	s := mcpTestApp(t).mcpServer(repo(t, nil), false)
	for _, tc := range []struct{ asked, want string }{
		{"2024-11-05", "2024-11-05"},
		{"2025-03-26", "2025-03-26"},
		{"2025-06-18", "2025-06-18"},
		{"2025-11-25", "2025-11-25"},
		{"2026-07-28", "2025-11-25"}, // the stateless revision: its clients fall back to initialize
		{"1999-01-01", "2025-11-25"},
		{"", "2025-11-25"},
	} {
		ls := startLines(t, s)
		ls.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"` + tc.asked + `","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
		reply := ls.recv()
		result, _ := reply["result"].(map[string]any)
		info, _ := result["serverInfo"].(map[string]any)
		caps, _ := result["capabilities"].(map[string]any)
		if result["protocolVersion"] != tc.want || info["name"] != "readmap" || info["version"] != version || caps["tools"] == nil {
			t.Errorf("initialize with %q = %v, want protocolVersion %q, serverInfo readmap %s and tools", tc.asked, reply, tc.want, version)
		}
		ls.end()
	}
}

// TestMCPSDKClientFallsBackToInitialize: the SDK's client first tries the stateless revision's
// server/discover, which readmap answers "method not found", and then initializes with the newest
// revision readmap speaks; it hangs up on a revision it does not know.
func TestMCPSDKClientFallsBackToInitialize(t *testing.T) {
	cs := mcpClient(t, repo(t, nil), false)
	if res := cs.InitializeResult(); res == nil || res.ProtocolVersion != mcpProtocolVersions[0] || res.ServerInfo.Name != "readmap" {
		t.Errorf("the SDK client's session: %+v", res)
	}
	if err := cs.Ping(context.Background(), nil); err != nil {
		t.Errorf("ping = %v", err)
	}
}

// TestMCPRequestsAndNotifications: notifications (messages without an id, whatever their method)
// and responses get no reply; ping gets an empty result; an unknown method, an unknown tool and
// tools/call without a tool name get their JSON-RPC errors.
func TestMCPRequestsAndNotifications(t *testing.T) {
	ls := startLines(t, mcpTestApp(t).mcpServer(repo(t, map[string]string{"a.go": "package a\n"}), false))
	ls.send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	ls.recv()
	for _, line := range []string{
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","method":"notifications/roots/list_changed","params":{}}`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":12345}}`,
		`{"jsonrpc":"2.0","method":"no/such/method"}`,
		`{"jsonrpc":"2.0","method":"tools/call","params":{"name":"read","arguments":{"path":"a.go"}}}`,
		`{"jsonrpc":"2.0","id":null,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":77,"result":{}}`,
		`{"jsonrpc":"2.0","id":78,"error":{"code":-1,"message":"x"}}`,
	} {
		ls.send(line)
	}
	ls.send(`{"jsonrpc":"2.0","id":1,"method":"ping"}`)
	if reply := ls.recv(); reply["id"] != float64(1) || !reflect.DeepEqual(reply["result"], map[string]any{}) {
		t.Errorf("the first reply after notifications and responses = %v, want the ping's empty result", reply)
	}
	for _, tc := range []struct {
		name, line string
		code       float64
		message    string
	}{
		{"unknown method", `{"jsonrpc":"2.0","id":"u","method":"resources/list"}`, -32601, `method not found: "resources/list"`},
		{"unknown tool", `{"jsonrpc":"2.0","id":"t","method":"tools/call","params":{"name":"nope","arguments":{}}}`, -32602, `unknown tool "nope"`},
		{"no params", `{"jsonrpc":"2.0","id":"p","method":"tools/call"}`, -32602, "invalid params"},
		{"params not an object", `{"jsonrpc":"2.0","id":"p","method":"tools/call","params":"read"}`, -32602, "invalid params"},
		{"no tool name", `{"jsonrpc":"2.0","id":"p","method":"tools/call","params":{"arguments":{}}}`, -32602, "invalid params"},
		{"tool name not a string", `{"jsonrpc":"2.0","id":"p","method":"tools/call","params":{"name":5}}`, -32602, "invalid params"},
	} {
		ls.send(tc.line)
		reply := ls.recv()
		var sent struct{ ID any }
		_ = json.Unmarshal([]byte(tc.line), &sent)
		e, _ := reply["error"].(map[string]any)
		if reply["id"] != sent.ID || rpcErrorCode(reply) != tc.code || !strings.Contains(e["message"].(string), tc.message) {
			t.Errorf("%s: reply %v, want error %v %q with id %v", tc.name, reply, tc.code, tc.message, sent.ID)
		}
	}
	if rest := ls.end(); len(rest) != 0 {
		t.Errorf("replies after the last request: %v", rest)
	}
}

// TestMCPArgumentErrors: arguments that do not fit the tool's schema (of a wrong JSON type,
// properties the tool does not take, required ones left out) are answered with a tool error that
// says which, without structured content (it is no error of readmap's contract), like the SDK's.
func TestMCPArgumentErrors(t *testing.T) {
	cs := mcpClient(t, repo(t, map[string]string{"a.go": "package a\n"}), false)
	for _, tc := range []struct {
		tool string
		args any
		want string
	}{
		{"read", map[string]any{"path": 5}, `invalid arguments of read: path: got an integer, want a string: 5`},
		{"read", map[string]any{"path": nil}, `path: got null, want a string: null`},
		{"read", map[string]any{"path": "a.go", "offset": 1.5}, `offset: got a number, want an integer or null: 1.5`},
		{"read", map[string]any{"path": "a.go", "offset": "1"}, `offset: got a string, want an integer or null: "1"`},
		{"read", json.RawMessage(`{"path":"a.go","offset":1e30}`), `offset: 1e30 is out of range`},
		{"read", map[string]any{"path": "a.go", "full": "yes"}, `full: got a string, want a boolean: "yes"`},
		{"read", map[string]any{"path": "a.go", "zz": 1, "Path": "x"}, `unknown properties "Path", "zz" (the properties are path, offset, limit, lines, page, symbol, full, map, numbers, raw, json)`},
		{"read", map[string]any{}, `invalid arguments of read: missing required property "path"`},
		{"read", nil, `missing required property "path"`},
		{"read", "a.go", `invalid arguments of read: got a string, want an object: "a.go"`},
		{"search", map[string]any{"regex": true}, `missing required properties "path", "pattern"`},
		{"map", map[string]any{"focus": "a.go"}, `focus: got a string, want an array or null: "a.go"`},
		{"map", map[string]any{"focus": []any{"a.go", 1}}, `focus[1]: got an integer, want a string: 1`},
		{"edit", map[string]any{"path": "a.go", "batch": []any{map[string]any{"old": 1}}}, `batch[0].old: got an integer, want a string or null: 1`},
		{"edit", map[string]any{"path": "a.go", "batch": []any{map[string]any{"symbol": "f", "nope": true}}}, `batch[0]: unknown property "nope" (the properties are old, new, all, within, symbol, insert_before, insert_after, delete)`},
		{"edit", map[string]any{"path": "a.go", "batch": []any{"old"}}, `batch[0]: got a string, want an object: "old"`},
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tc.tool, Arguments: tc.args})
		if err != nil {
			t.Errorf("%s %v: %v", tc.tool, tc.args, err)
			continue
		}
		if text := strings.Join(texts(res), ""); !res.IsError || res.StructuredContent != nil || !strings.Contains(text, tc.want) {
			t.Errorf("%s %v = error %v, structured %v, %q; want an error with %q", tc.tool, tc.args, res.IsError, res.StructuredContent, text, tc.want)
		}
	}
	// An integer may be written as any number with an integral value, as JSON Schema has it.
	res := callTool(t, cs, "read", map[string]any{"path": "a.go", "offset": json.RawMessage("1.0"), "limit": json.RawMessage("1e0")})
	if res.IsError || texts(res)[0] != "package a\n[Line 1 of 1.]\n" {
		t.Errorf("read with offset 1.0 and limit 1e0 = %q", texts(res))
	}
}

// TestMCPSchemasMatchJSONSchemaGo: the input schemas tools/list gives are those jsonschema-go
// infers from the input structs, as the SDK served them.
func TestMCPSchemasMatchJSONSchemaGo(t *testing.T) {
	want := map[string]func() (*jsonschema.Schema, error){
		"read":   func() (*jsonschema.Schema, error) { return jsonschema.For[mcpReadInput](nil) },
		"map":    func() (*jsonschema.Schema, error) { return jsonschema.For[mcpMapInput](nil) },
		"sym":    func() (*jsonschema.Schema, error) { return jsonschema.For[mcpSymInput](nil) },
		"search": func() (*jsonschema.Schema, error) { return jsonschema.For[mcpSearchInput](nil) },
		"refs":   func() (*jsonschema.Schema, error) { return jsonschema.For[mcpRefsInput](nil) },
		"edit":   func() (*jsonschema.Schema, error) { return jsonschema.For[mcpEditInput](nil) },
	}
	tools, err := mcpClient(t, repo(t, nil), false).ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(tools.Tools) != len(want) {
		t.Errorf("%d tools, want %d", len(tools.Tools), len(want))
	}
	for _, tool := range tools.Tools {
		schema, err := want[tool.Name]()
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(asJSONValue(t, schema), asJSONValue(t, tool.InputSchema)); diff != "" {
			t.Errorf("the input schema of %s (-jsonschema-go +readmap):\n%s", tool.Name, diff)
		}
	}
}

// asJSONValue is v as JSON decodes it into an any, for comparing JSON values.
func asJSONValue(t *testing.T, v any) any {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestMCPArgumentsAreCheckedAsJSONSchemaGoChecksThem: for every property of every tool, with
// values of every JSON type (and arrays of them, objects in arrays, nulls), readmap accepts the
// arguments exactly when jsonschema-go's validation against its schema does.
func TestMCPArgumentsAreCheckedAsJSONSchemaGoChecksThem(t *testing.T) {
	inputs := map[string]reflect.Type{
		"read": reflect.TypeFor[mcpReadInput](), "map": reflect.TypeFor[mcpMapInput](), "sym": reflect.TypeFor[mcpSymInput](),
		"search": reflect.TypeFor[mcpSearchInput](), "refs": reflect.TypeFor[mcpRefsInput](), "edit": reflect.TypeFor[mcpEditInput](),
	}
	values := []string{`"x"`, `""`, `0`, `7`, `-3`, `2.0`, `2e0`, `1.5`, `true`, `false`, `null`, `{}`, `[]`, `["a"]`, `[1]`, `[null]`,
		`[{}]`, `[{"old":"a","new":"b"}]`, `[{"symbol":"f","delete":true}]`, `[{"old":1}]`, `[{"nope":1}]`, `[{"old":null}]`, `{"path":"x"}`}
	for name, typ := range inputs {
		ours := schemaFor(typ)
		theirs, err := jsonschema.ForType(typ, nil)
		if err != nil {
			t.Fatal(err)
		}
		resolved, err := theirs.Resolve(nil)
		if err != nil {
			t.Fatal(err)
		}
		required := map[string]any{}
		for _, p := range ours.required {
			required[p] = "x" // every required parameter is a string
		}
		var cases []map[string]any
		cases = append(cases, map[string]any{}, required, with(required, "unknown", json.RawMessage(`1`)))
		for _, p := range ours.properties {
			for _, v := range values {
				cases = append(cases, with(required, p.name, json.RawMessage(v)))
			}
		}
		for _, args := range cases {
			raw, _ := json.Marshal(args)
			err := ours.decode(raw, reflect.New(typ).Elem(), "")
			var instance any
			_ = json.Unmarshal(raw, &instance)
			want := resolved.Validate(instance)
			if (err == nil) != (want == nil) {
				t.Errorf("%s %s: readmap says %v, jsonschema-go says %v", name, raw, err, want)
			}
		}
	}
}

// with returns a copy of m with key set to v.
func with(m map[string]any, key string, v any) map[string]any {
	out := map[string]any{key: v}
	for k, x := range m {
		if k != key {
			out[k] = x
		}
	}
	return out
}

// TestMCPDecodesArguments: what a tool gets from its arguments: pointers for the values given, nil
// for those left out or null, integers however written.
func TestMCPDecodesArguments(t *testing.T) {
	var in mcpEditInput
	raw := `{"path":"a.go","old":"x","new":null,"all":true,"batch":[{"symbol":"f","insert_after":"y"},{"old":""}],"json":false}`
	if err := schemaFor(reflect.TypeFor[mcpEditInput]()).decode(json.RawMessage(raw), reflect.ValueOf(&in).Elem(), ""); err != nil {
		t.Fatal(err)
	}
	empty, x, y := "", "x", "y"
	want := mcpEditInput{Path: "a.go", Old: &x, All: true, Batch: []edit.Edit{{Symbol: "f", InsertAfter: &y}, {Old: &empty}}}
	if diff := cmp.Diff(want, in); diff != "" {
		t.Errorf("decode(%s) (-want +got):\n%s", raw, diff)
	}
	var read mcpReadInput
	if err := schemaFor(reflect.TypeFor[mcpReadInput]()).decode(json.RawMessage(`{"path":"p","offset":3.0,"page":-2e1,"limit":0}`), reflect.ValueOf(&read).Elem(), ""); err != nil {
		t.Fatal(err)
	}
	if read.Offset == nil || *read.Offset != 3 || read.Page == nil || *read.Page != -20 || read.Limit != 0 {
		t.Errorf("decode of integers = offset %v, page %v, limit %d", read.Offset, read.Page, read.Limit)
	}
}

// waitTools is a server whose tool "wait" returns when its call is cancelled or "release" is
// called, reporting a cancellation on cancelled.
func waitTools(cancelled chan<- struct{}) *mcpServer {
	release := make(chan struct{})
	return newMCPServer("test", "1",
		newMCPTool("wait", "waits", func(ctx context.Context, _ struct{}) *toolResult {
			select {
			case <-ctx.Done():
				cancelled <- struct{}{}
				return textResult("cancelled")
			case <-release:
				return textResult("released")
			}
		}),
		newMCPTool("release", "releases the waiting calls", func(context.Context, struct{}) *toolResult {
			close(release)
			return textResult("done")
		}),
	)
}

// TestMCPCallsRunConcurrently: a call that waits for another does not hold it up: served one
// after the other, the wait would never end and the release never run. Both answers come, in
// either order: the release wakes the wait before its own answer is written.
func TestMCPCallsRunConcurrently(t *testing.T) {
	ls := startLines(t, waitTools(make(chan struct{}, 1)))
	ls.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"wait"}}`)
	ls.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"release","arguments":{}}}`)
	texts := map[any]string{}
	for range 2 {
		reply := ls.recv()
		texts[reply["id"]] = fmt.Sprint(reply["result"])
	}
	if !strings.Contains(texts[float64(1)], "released") || !strings.Contains(texts[float64(2)], "done") {
		t.Errorf("answers %v, want the wait's (1) released and the release's (2) done", texts)
	}
	ls.end()
}

// TestMCPCancelledCallGetsNoAnswer: notifications/cancelled cancels the call's context, and the
// call is not answered.
func TestMCPCancelledCallGetsNoAnswer(t *testing.T) {
	cancelled := make(chan struct{}, 1)
	ls := startLines(t, waitTools(cancelled))
	ls.send(`{"jsonrpc":"2.0","id":"c","method":"tools/call","params":{"name":"wait","arguments":{}}}`)
	ls.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"c","reason":"test"}}`)
	select {
	case <-cancelled:
	case <-time.After(10 * time.Second):
		t.Fatal("the call's context was not cancelled")
	}
	ls.send(`{"jsonrpc":"2.0","id":"p","method":"ping"}`)
	if reply := ls.recv(); reply["id"] != "p" {
		t.Errorf("reply %v, want the ping's", reply)
	}
	if rest := ls.end(); len(rest) != 0 {
		t.Errorf("replies after the ping: %v, want none to the cancelled call", rest)
	}
}

// TestMCPAnswersRunningCallsAtTheEndOfTheInput: when the input ends, serve answers the calls
// still running before it returns.
func TestMCPAnswersRunningCallsAtTheEndOfTheInput(t *testing.T) {
	release := make(chan struct{})
	ls := startLines(t, newMCPServer("test", "1", newMCPTool("slow", "", func(context.Context, struct{}) *toolResult {
		<-release
		return textResult("late")
	})))
	ls.send(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slow"}}`)
	ls.in.Close()
	select {
	case err := <-ls.served:
		t.Fatalf("serve returned %v with a call running", err)
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	if reply := ls.recv(); reply["id"] != float64(1) || reply["result"] == nil {
		t.Errorf("reply %v, want the slow call's result", reply)
	}
	if err := <-ls.served; err != nil {
		t.Errorf("serve = %v, want nil", err)
	}
}

// TestMCPServeStops: serve returns when its context is done though its input stays open, and
// with the error of a write that failed.
func TestMCPServeStops(t *testing.T) {
	s := waitTools(make(chan struct{}, 1))
	ctx, cancel := context.WithCancel(context.Background())
	input, open := io.Pipe()
	defer open.Close()
	served := make(chan error, 1)
	go func() { served <- s.serve(ctx, input, io.Discard) }()
	cancel()
	select {
	case err := <-served:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("serve after cancel = %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not return when its context was cancelled")
	}

	broken := errors.New("broken pipe")
	err := s.serve(context.Background(), strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`+"\n"), failingWriter{broken})
	if !errors.Is(err, broken) {
		t.Errorf("serve with a failing output = %v, want %v", err, broken)
	}
}

// failingWriter fails every write with err.
type failingWriter struct{ err error }

func (w failingWriter) Write([]byte) (int, error) { return 0, w.err }
