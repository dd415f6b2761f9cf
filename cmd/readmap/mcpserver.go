package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/readmap/readmap/query"
)

// The MCP server of `readmap mcp`: the Model Context Protocol's stdio transport (one JSON-RPC 2.0
// message a line on stdin and stdout) with tools only. readmap speaks it itself rather than
// through the MCP SDK, whose HTTP, OAuth and JSON Schema packages every readmap command would
// otherwise link and initialise at start-up; the tests drive this server with the SDK's client.
//
// Requests: initialize (the client's protocol revision when the server has it, else the newest
// it has), ping, tools/list and tools/call; any other method is answered "method not found". So is
// server/discover, the probe of the stateless 2026-07-28 draft revision, upon which its clients
// (Claude Code 2.1.330, the SDK's own) fall back to initialize.
// Notifications are never answered; notifications/cancelled cancels the call it names, which then
// gets no answer. Tool calls run concurrently, as the SDK ran them; the other requests are
// answered in order. Every answer is one line written at once, so that answers never interleave.
//
// A line that is not a request gets a JSON-RPC error and the server goes on reading (where the
// SDK's stdio transport ended the session): a line that is not JSON a parse error (-32700, id
// null); a batch (a JSON array: MCP removed JSON-RPC batching in its 2025-06-18 revision), a JSON
// value that is no JSON-RPC message and a line longer than maxFrameBytes an invalid request error
// (-32600, with the request's id when it has a usable one, else null). A response (the server
// sends no requests, so it expects none) and a blank line are ignored.

// maxFrameBytes bounds one line of input to the MCP server: every tool's parameters are bounded
// far below it, so a longer line is no request of readmap's. It is read past, never held whole.
const maxFrameBytes = 1 << 20

// mcpProtocolVersions are the MCP revisions the server speaks, newest first: those the MCP SDK
// v1.8.0 answered initialize with. Tools are alike in all of them; only the handshake names one.
var mcpProtocolVersions = []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}

// JSON-RPC 2.0 error codes.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
	codeInternalError  = -32603
)

// maxArgumentErrorBytes bounds the text of a tool error about a call's arguments, which quotes
// the values given, whatever their size: no answer of the server grows with what a call sends.
const maxArgumentErrorBytes = 1000

// mcpServer serves its tools to one client.
type mcpServer struct {
	name, version string
	tools         []mcpTool // by name
}

// newMCPServer returns the server called name at version with the tools, which tools/list lists
// by name.
func newMCPServer(name, version string, tools ...mcpTool) *mcpServer {
	tools = slices.Clone(tools)
	slices.SortFunc(tools, func(a, b mcpTool) int { return strings.Compare(a.Name, b.Name) })
	return &mcpServer{name: name, version: version, tools: tools}
}

// mcpTool is one tool: what tools/list shows of it, and the function tools/call runs.
type mcpTool struct {
	Name        string      `json:"name"`
	Description string      `json:"description"`
	InputSchema *jsonSchema `json:"inputSchema"`
	call        func(ctx context.Context, arguments json.RawMessage) *toolResult
}

// newMCPTool returns the tool name whose input is In (see mcpschema.go): a call's arguments are
// checked against In's schema and decoded into an In for run; arguments that do not fit are
// answered with a tool error saying why.
func newMCPTool[In any](name, description string, run func(context.Context, In) *toolResult) mcpTool {
	schema := schemaFor(reflect.TypeFor[In]())
	return mcpTool{Name: name, Description: description, InputSchema: schema,
		call: func(ctx context.Context, arguments json.RawMessage) *toolResult {
			if len(arguments) == 0 || string(arguments) == "null" {
				arguments = json.RawMessage("{}") // arguments may be left out: none given
			}
			var in In
			if err := schema.decode(arguments, reflect.ValueOf(&in).Elem(), ""); err != nil {
				return argumentError(fmt.Sprintf("invalid arguments of %s: %v", name, err))
			}
			return run(ctx, in)
		}}
}

// toolResult is the result of a tools/call.
type toolResult struct {
	Content           []textContent `json:"content"`
	StructuredContent any           `json:"structuredContent,omitempty"`
	IsError           bool          `json:"isError,omitempty"`
}

// textContent is a text block of a tool result.
type textContent struct {
	Type string `json:"type"` // always "text"
	Text string `json:"text"`
}

// argumentError is the tool error about a call's arguments, cut to maxArgumentErrorBytes.
func argumentError(text string) *toolResult {
	if len(text) > maxArgumentErrorBytes {
		cut := maxArgumentErrorBytes
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut--
		}
		text = text[:cut] + fmt.Sprintf("… (%s more bytes cut)", query.Thousands(len(text)-cut))
	}
	return &toolResult{IsError: true, Content: []textContent{{Type: "text", Text: text}}}
}

// rpcMessage is a JSON-RPC request from the client, or a notification when it has no id.
type rpcMessage struct {
	id     json.RawMessage // a string or a number as sent; nil for a notification
	method string
	params json.RawMessage
}

// rpcResponse is a JSON-RPC response: a result or an error.
type rpcResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

// rpcError is the error of a JSON-RPC response.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// errorResponse is the JSON-RPC error response to the request id (null when nil).
func errorResponse(id json.RawMessage, code int, message string) *rpcResponse {
	return &rpcResponse{ID: id, Error: &rpcError{Code: code, Message: message}}
}

// mcpConn is the server's session with its client.
type mcpConn struct {
	s *mcpServer
	w io.Writer

	writeMu  sync.Mutex
	writeErr error // the first failed write: the session ends

	callsMu sync.Mutex
	calls   map[string]context.CancelCauseFunc // running tool calls by id
	running sync.WaitGroup
}

// errCancelled is the cause of a call's cancellation by the client.
var errCancelled = errors.New("cancelled by the client")

// serve answers the messages on r on w until r ends, then waits for the calls still running and
// returns nil; or until ctx is done, and returns its error. A failed write ends it with the error.
func (s *mcpServer) serve(ctx context.Context, r io.Reader, w io.Writer) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	c := &mcpConn{s: s, w: w, calls: map[string]context.CancelCauseFunc{}}
	read := make(chan error, 1)
	go func() { read <- c.readLoop(ctx, r) }() // apart, so that ctx ends serve while a read waits for input
	var err error
	select {
	case err = <-read:
	case <-ctx.Done():
		return ctx.Err()
	}
	idle := make(chan struct{})
	go func() { c.running.Wait(); close(idle) }()
	select {
	case <-idle:
	case <-ctx.Done():
		return ctx.Err()
	}
	if errors.Is(err, io.EOF) {
		err = c.failedWrite() // the end of the input ends the session, a failed last answer aside
	}
	return err
}

// readLoop reads lines and answers them until the input ends (io.EOF), a write fails or ctx is
// done.
func (c *mcpConn) readLoop(ctx context.Context, r io.Reader) error {
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, tooLong, err := readFrame(br, maxFrameBytes)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		msg, reply := decodeFrame(line, tooLong)
		if reply != nil {
			c.send(reply)
		}
		if msg != nil {
			c.handle(ctx, msg)
		}
		if werr := c.failedWrite(); werr != nil {
			return werr
		}
		if err != nil {
			return err
		}
	}
}

// readFrame reads one line without its newline, keeping at most limit bytes of it; tooLong says
// it was longer. err is the reader's error (io.EOF at the end of the input).
func readFrame(br *bufio.Reader, limit int) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := br.ReadSlice('\n')
		if len(line)+len(chunk) > limit+1 { // +1: the newline
			tooLong = true
		} else {
			line = append(line, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if tooLong {
			line = nil
		}
		return bytes.TrimSuffix(line, []byte{'\n'}), tooLong, err
	}
}

// decodeFrame returns the request or notification a line holds, or else the error response to
// write for it; both are nil for a blank line and for a response.
func decodeFrame(line []byte, tooLong bool) (*rpcMessage, *rpcResponse) {
	if tooLong {
		return nil, errorResponse(nil, codeInvalidRequest, fmt.Sprintf("invalid request: longer than %d bytes", maxFrameBytes))
	}
	line = bytes.TrimSpace(line)
	switch {
	case len(line) == 0:
		return nil, nil
	case !json.Valid(line):
		return nil, errorResponse(nil, codeParseError, "parse error: the line is not JSON")
	case line[0] == '[':
		return nil, errorResponse(nil, codeInvalidRequest, "invalid request: JSON-RPC batches are not supported (MCP removed them in 2025-06-18)")
	case line[0] != '{':
		return nil, errorResponse(nil, codeInvalidRequest, "invalid request: not a JSON-RPC message")
	}
	var members map[string]json.RawMessage
	if err := json.Unmarshal(line, &members); err != nil {
		return nil, errorResponse(nil, codeInvalidRequest, "invalid request: "+err.Error())
	}
	id, ok := messageID(members["id"])
	if !ok {
		return nil, errorResponse(nil, codeInvalidRequest, "invalid request: the id is not a string or a number")
	}
	var version string
	if json.Unmarshal(members["jsonrpc"], &version) != nil || version != "2.0" {
		return nil, errorResponse(id, codeInvalidRequest, `invalid request: jsonrpc is not "2.0"`)
	}
	rawMethod, hasMethod := members["method"]
	if !hasMethod {
		if id != nil {
			return nil, nil // a response
		}
		return nil, errorResponse(nil, codeInvalidRequest, "invalid request: no method")
	}
	msg := &rpcMessage{id: id, params: members["params"]}
	if json.Unmarshal(rawMethod, &msg.method) != nil {
		return nil, errorResponse(id, codeInvalidRequest, "invalid request: the method is not a string")
	}
	return msg, nil
}

// messageID returns the id of a message as sent: nil when there is none (or it is null), and
// false when it is neither a string nor a number.
func messageID(raw json.RawMessage) (json.RawMessage, bool) {
	if len(raw) == 0 {
		return nil, true
	}
	switch jsonType(raw) {
	case "null":
		return nil, true
	case "string", "integer", "number":
		return raw, true
	}
	return nil, false
}

// handle answers a request, or acts on a notification.
func (c *mcpConn) handle(ctx context.Context, msg *rpcMessage) {
	if msg.id == nil {
		if msg.method == "notifications/cancelled" {
			c.cancel(msg.params)
		}
		return
	}
	switch msg.method {
	case "initialize":
		c.send(&rpcResponse{ID: msg.id, Result: c.s.initialize(msg.params)})
	case "ping":
		c.send(&rpcResponse{ID: msg.id, Result: struct{}{}})
	case "tools/list":
		c.send(&rpcResponse{ID: msg.id, Result: struct {
			Tools []mcpTool `json:"tools"`
		}{c.s.tools}})
	case "tools/call":
		c.startCall(ctx, msg)
	default:
		c.send(errorResponse(msg.id, codeMethodNotFound, fmt.Sprintf("method not found: %.100q", msg.method)))
	}
}

// initializeResult is the answer to initialize.
type initializeResult struct {
	ProtocolVersion string `json:"protocolVersion"`
	Capabilities    struct {
		Tools struct {
			ListChanged bool `json:"listChanged"`
		} `json:"tools"`
	} `json:"capabilities"`
	ServerInfo struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	} `json:"serverInfo"`
}

// initialize answers the client's handshake: its protocol revision when the server speaks it,
// else the newest the server speaks, for the client to accept or hang up.
func (s *mcpServer) initialize(params json.RawMessage) *initializeResult {
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	_ = json.Unmarshal(params, &p) // missing or malformed: answered with the newest
	res := &initializeResult{ProtocolVersion: mcpProtocolVersions[0]}
	if slices.Contains(mcpProtocolVersions, p.ProtocolVersion) {
		res.ProtocolVersion = p.ProtocolVersion
	}
	res.ServerInfo.Name, res.ServerInfo.Version = s.name, s.version
	return res
}

// startCall runs the tool a tools/call names in its own goroutine and answers with its result,
// unless the client cancels the call first.
func (c *mcpConn) startCall(ctx context.Context, msg *rpcMessage) {
	var p struct {
		Name      *string         `json:"name"`
		Arguments json.RawMessage `json:"arguments"`
	}
	if err := json.Unmarshal(msg.params, &p); err != nil || p.Name == nil {
		c.send(errorResponse(msg.id, codeInvalidParams, `invalid params: tools/call takes an object with the tool's "name" and its "arguments"`))
		return
	}
	i := slices.IndexFunc(c.s.tools, func(t mcpTool) bool { return t.Name == *p.Name })
	if i < 0 {
		c.send(errorResponse(msg.id, codeInvalidParams, fmt.Sprintf("unknown tool %.100q", *p.Name)))
		return
	}
	ctx, cancel := context.WithCancelCause(ctx)
	key := string(msg.id)
	c.callsMu.Lock()
	c.calls[key] = cancel
	c.callsMu.Unlock()
	c.running.Add(1)
	go func() {
		defer c.running.Done()
		res := c.s.tools[i].call(ctx, p.Arguments)
		c.callsMu.Lock()
		delete(c.calls, key)
		c.callsMu.Unlock()
		cancelled := errors.Is(context.Cause(ctx), errCancelled)
		cancel(nil)
		if !cancelled { // the client forgot a cancelled call: an answer would name an unknown id
			c.send(&rpcResponse{ID: msg.id, Result: res})
		}
	}()
}

// cancel cancels the running call that the params of notifications/cancelled name.
func (c *mcpConn) cancel(params json.RawMessage) {
	var p struct {
		RequestID json.RawMessage `json:"requestId"`
	}
	if json.Unmarshal(params, &p) != nil || p.RequestID == nil {
		return
	}
	c.callsMu.Lock()
	defer c.callsMu.Unlock()
	if cancel, ok := c.calls[string(p.RequestID)]; ok {
		cancel(errCancelled)
	}
}

// send writes resp as one line, at once, one writer at a time; after a failed write it writes
// nothing more.
func (c *mcpConn) send(resp *rpcResponse) {
	line := resp.encode()
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	if c.writeErr == nil {
		_, c.writeErr = c.w.Write(line)
	}
}

// encode returns resp as a line of JSON.
func (resp *rpcResponse) encode() []byte {
	resp.JSONRPC = "2.0"
	if resp.ID == nil {
		resp.ID = json.RawMessage("null")
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(resp); err != nil { // a result readmap made that JSON cannot hold
		return errorResponse(resp.ID, codeInternalError, "internal error: "+err.Error()).encode()
	}
	return b.Bytes()
}

// failedWrite returns the error of the write that failed, if one did.
func (c *mcpConn) failedWrite() error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	return c.writeErr
}
