package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// maxFrameBytes bounds one line of input to the MCP server: every tool's parameters are bounded
// far below it, so a longer line is no request of readmap's. It is read past, never held whole.
const maxFrameBytes = 1 << 20

// lineTransport is the MCP server's transport: newline-delimited JSON-RPC messages on a reader and
// a writer, as the SDK's IOTransport speaks it, except for the lines it cannot take. The SDK's
// transport decodes the input as one JSON stream, so one malformed line or one batch ends the
// session, and the server exits without a reply. This one answers such a line with a JSON-RPC
// error and goes on reading: a line that is not JSON gets a parse error (-32700, id null); a batch
// (a JSON array: MCP removed JSON-RPC batching in its 2025-06-18 revision), a JSON value that is no
// JSON-RPC message and a line longer than maxFrameBytes get an invalid request error (-32600,
// with the request's id when it has a usable one, else null).
type lineTransport struct {
	r io.Reader
	w io.Writer
}

// Connect starts reading lines and returns the connection.
func (t *lineTransport) Connect(context.Context) (mcp.Connection, error) {
	c := &lineConn{w: t.w, incoming: make(chan frame), closed: make(chan struct{})}
	go c.readLoop(t.r)
	return c, nil
}

// frame is one message read, or the error that ended the input.
type frame struct {
	msg jsonrpc.Message
	err error
}

// lineConn is a connection of lineTransport.
type lineConn struct {
	w         io.Writer
	writeMu   sync.Mutex
	incoming  chan frame
	closed    chan struct{}
	closeOnce sync.Once
}

// readLoop reads lines until the input ends, hands each message to Read and answers each line
// that is none. It runs in its own goroutine so that Close unblocks a Read waiting for input.
func (c *lineConn) readLoop(r io.Reader) {
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, tooLong, err := readFrame(br, maxFrameBytes)
		msg, reply := decodeFrame(line, tooLong)
		if reply != nil {
			if werr := c.writeLine(reply); werr != nil {
				err = werr
			}
		}
		if msg != nil && !c.deliver(frame{msg: msg}) {
			return
		}
		if err != nil { // io.EOF at the end of the input
			c.deliver(frame{err: err})
			return
		}
	}
}

// deliver hands f to Read; it reports false when the connection closed first.
func (c *lineConn) deliver(f frame) bool {
	select {
	case c.incoming <- f:
		return true
	case <-c.closed:
		return false
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

// decodeFrame returns the message a line holds, or else the error response to write for it; both
// are nil for a blank line.
func decodeFrame(line []byte, tooLong bool) (jsonrpc.Message, []byte) {
	if tooLong {
		return nil, errorResponse(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: longer than %d bytes", maxFrameBytes))
	}
	line = bytes.TrimSpace(line)
	switch {
	case len(line) == 0:
		return nil, nil
	case !json.Valid(line):
		return nil, errorResponse(nil, jsonrpc.CodeParseError, "parse error: the line is not JSON")
	case line[0] == '[':
		return nil, errorResponse(nil, jsonrpc.CodeInvalidRequest, "invalid request: JSON-RPC batches are not supported (MCP removed them in 2025-06-18)")
	}
	msg, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		return nil, errorResponse(requestID(line), jsonrpc.CodeInvalidRequest, "invalid request: "+err.Error())
	}
	return msg, nil
}

// requestID returns the id of a JSON object line when it is a string or a number, else nil.
func requestID(line []byte) json.RawMessage {
	var obj struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(line, &obj) != nil || len(obj.ID) == 0 {
		return nil
	}
	var v any
	if json.Unmarshal(obj.ID, &v) != nil {
		return nil
	}
	switch v.(type) {
	case string, float64:
		return obj.ID
	}
	return nil
}

// errorResponse is a JSON-RPC error response with the given id (null when nil).
func errorResponse(id json.RawMessage, code int, message string) []byte {
	if id == nil {
		id = json.RawMessage("null")
	}
	resp := struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}{JSONRPC: "2.0", ID: id}
	resp.Error.Code, resp.Error.Message = code, message
	data, _ := json.Marshal(resp) // of strings and a valid raw id: cannot fail
	return data
}

// Read returns the next message.
func (c *lineConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case f := <-c.incoming:
		return f.msg, f.err
	case <-c.closed:
		return nil, io.EOF
	}
}

// Write writes msg as one line.
func (c *lineConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return fmt.Errorf("encode message: %w", err)
	}
	return c.writeLine(data)
}

// writeLine writes data and a newline, one writer at a time.
func (c *lineConn) writeLine(data []byte) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	select {
	case <-c.closed:
		return errClosed
	default:
	}
	_, err := c.w.Write(append(data, '\n'))
	return err
}

// errClosed means the connection was closed.
var errClosed = errors.New("connection closed")

// Close ends the connection; a Read waiting for input returns io.EOF. The streams stay open: they
// are the process's stdin and stdout.
func (c *lineConn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	return nil
}

// SessionID returns "": a stream has one session.
func (c *lineConn) SessionID() string { return "" }
