package edit

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/readmap/readmap/query"
)

// Bounds of an edit request, the same from the command line and the MCP server.
const (
	// MaxTextBytes bounds each text of an edit (--old, --new, --insert-before, --insert-after):
	// an MCP message is one line of at most 1 MiB.
	MaxTextBytes = 1 << 20
	// MaxBatchEdits bounds the edits of one --batch.
	MaxBatchEdits = 1000
	// MaxBatchBytes bounds a --batch file.
	MaxBatchBytes = 8 << 20
	// MaxFileBytes bounds the files edit changes: it holds a file and its edited copy in memory.
	MaxFileBytes = 64 << 20
)

// Edit is one change of a file, with the flags' names as keys in a --batch: a text target
// {"old","new","all","within"}, or a symbol target {"symbol","new"|"insert_before"|"insert_after"|
// "delete"}. A text given as a pointer tells "given as empty" from "not given".
type Edit struct {
	Old          *string `json:"old,omitempty"`
	New          *string `json:"new,omitempty"`
	All          bool    `json:"all,omitempty"`
	Within       string  `json:"within,omitempty"`
	Symbol       string  `json:"symbol,omitempty"`
	InsertBefore *string `json:"insert_before,omitempty"`
	InsertAfter  *string `json:"insert_after,omitempty"`
	Delete       bool    `json:"delete,omitempty"`
}

// Request is one run of edit: the edits, applied in order, all or nothing, in one write; or an
// undo. IfHash, when set, is the file's hash as last read (hex SHA-256, or a prefix of at least 8
// digits): the request is refused when the file no longer has it.
type Request struct {
	Edits  []Edit
	Batch  bool // the edits came from --batch
	Undo   bool
	IfHash string
	DryRun bool
}

// Validate checks the request against the rules both the command line and the MCP tool apply. A
// request that breaks one is a query.CodeUsage *query.Error.
func (r Request) Validate() error {
	if r.IfHash != "" {
		if len(r.IfHash) < 8 || len(r.IfHash) > 64 {
			return usage(fmt.Sprintf("--if-hash %q: want the file's hex SHA-256 (64 digits, or a prefix of at least 8)", clip(r.IfHash, 80)),
				"pass the hash read --json, map --json or edit reported")
		}
		if _, err := hex.DecodeString(r.IfHash[:len(r.IfHash)&^1]); err != nil || strings.Trim(strings.ToLower(r.IfHash), "0123456789abcdef") != "" {
			return usage(fmt.Sprintf("--if-hash %q is not hexadecimal", clip(r.IfHash, 80)), "pass the hash read --json, map --json or edit reported")
		}
	}
	if r.Undo {
		if len(r.Edits) > 0 {
			return usage("--undo and an edit exclude each other", "undo the last edit with: readmap edit PATH --undo")
		}
		return nil
	}
	switch {
	case len(r.Edits) == 0:
		return usage("no edit given", "give --old TEXT --new TEXT, --symbol NAME with --new, --insert-before, --insert-after or --delete, --batch FILE, or --undo")
	case len(r.Edits) > MaxBatchEdits:
		return usage(fmt.Sprintf("a batch of %s edits is over %s", query.Thousands(len(r.Edits)), query.Thousands(MaxBatchEdits)), "split it into several batches")
	}
	for i, e := range r.Edits {
		if err := e.validate(); err != nil {
			if r.Batch {
				var qe *query.Error
				if errors.As(err, &qe) {
					return usage(fmt.Sprintf("edit %d of %d: %s", i+1, len(r.Edits), qe.Msg), qe.Hint)
				}
			}
			return err
		}
	}
	return nil
}

// validate checks one edit: exactly one target, and what that target takes.
func (e Edit) validate() error {
	for _, t := range []struct {
		name string
		text *string
	}{{"old", e.Old}, {"new", e.New}, {"insert-before", e.InsertBefore}, {"insert-after", e.InsertAfter}} {
		if t.text != nil && len(*t.text) > MaxTextBytes {
			return usage(fmt.Sprintf("--%s of %s bytes is over %s", t.name, query.Thousands(len(*t.text)), query.Thousands(MaxTextBytes)),
				"edit a smaller part at a time, or several parts in one --batch")
		}
	}
	for _, n := range []struct{ name, value string }{{"symbol", e.Symbol}, {"within", e.Within}} {
		if len(n.value) > query.MaxArgBytes {
			return usage(fmt.Sprintf("--%s of %s bytes is over %s", n.name, query.Thousands(len(n.value)), query.Thousands(query.MaxArgBytes)),
				fmt.Sprintf("give a --%s of at most %s bytes", n.name, query.Thousands(query.MaxArgBytes)))
		}
	}
	switch {
	case e.Old != nil && e.Symbol != "":
		return usage("--old and --symbol exclude each other", "one target an edit: --old TEXT --new TEXT, or --symbol NAME with --new, --insert-before, --insert-after or --delete")
	case e.Old != nil:
		switch {
		case *e.Old == "":
			return usage("--old is empty", "give the text to replace; to add text, use --symbol NAME --insert-before or --insert-after")
		case e.New == nil:
			return usage("--old needs --new", "give the replacement with --new TEXT (--new '' removes the text)")
		case e.InsertBefore != nil || e.InsertAfter != nil || e.Delete:
			return usage("--insert-before, --insert-after and --delete go with --symbol, not --old", "remove text with --old TEXT --new ''")
		}
		return nil
	case e.Symbol != "":
		if e.All || e.Within != "" {
			return usage("--all and --within go with --old, not --symbol", "replace a symbol with --symbol NAME --new TEXT")
		}
		var ways []string
		if e.New != nil {
			ways = append(ways, "--new")
		}
		if e.InsertBefore != nil {
			ways = append(ways, "--insert-before")
		}
		if e.InsertAfter != nil {
			ways = append(ways, "--insert-after")
		}
		if e.Delete {
			ways = append(ways, "--delete")
		}
		switch len(ways) {
		case 1:
			return nil
		case 0:
			return usage("--symbol needs --new, --insert-before, --insert-after or --delete", "for example: readmap edit f.py --symbol Parser.parse --new-file parse.py")
		}
		return usage(strings.Join(ways, " and ")+" exclude each other", "one change a symbol an edit; several go in one --batch")
	}
	return usage("no target given", "give --old TEXT --new TEXT, or --symbol NAME with --new, --insert-before, --insert-after or --delete")
}

// ParseBatch reads a --batch: a JSON array of edits, each an object with the flags' names as keys.
// Unknown keys, a value of the wrong type or anything after the array are usage errors.
func ParseBatch(r io.Reader) ([]Edit, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBatchBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read batch: %w", err)
	}
	if len(data) > MaxBatchBytes {
		return nil, usage(fmt.Sprintf("the batch is over %s", query.HumanBytes(MaxBatchBytes)), "split it into several batches")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var edits []Edit
	if err := dec.Decode(&edits); err != nil {
		return nil, usage("the batch is not a JSON array of edits: "+clip(err.Error(), 200),
			`for example: [{"old":"a","new":"b"},{"symbol":"Parser.parse","new":"def parse(self):\n    ...\n"}]`)
	}
	if dec.More() {
		return nil, usage("the batch has more after its array", "give one JSON array of edits")
	}
	if edits == nil {
		return nil, usage("the batch is not a JSON array of edits", `for example: [{"old":"a","new":"b"}]`)
	}
	return edits, nil
}

// HashMatches reports whether the hex hash (or prefix) h names the digest sum.
func HashMatches(h string, sum []byte) bool {
	return strings.HasPrefix(hex.EncodeToString(sum), strings.ToLower(h))
}

// editError is a failure of an edit the user can act on.
func editError(code query.Code, msg, hint string) *query.Error {
	return &query.Error{Code: code, Msg: msg, Hint: hint}
}

func usage(msg, hint string) *query.Error { return editError(query.CodeUsage, msg, hint) }

// clip cuts s to at most n bytes, at a UTF-8 boundary, marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xc0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}
