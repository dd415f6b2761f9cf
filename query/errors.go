package query

import "fmt"

// Code identifies a failure in readmap's JSON contract: the "code" of the error object
// {"error":{"code","message","hint"}} that the command line prints under --json and that an MCP
// tool error carries as its structured content. Clients decide by the code, never by the message,
// so a code, once published, keeps its meaning.
type Code string

// The codes. The README lists each with its exit status: CodeUsage exits 2, every other code 1.
const (
	// CodeUsage means the request itself is wrong: an unknown command or flag, a missing or extra
	// argument, a value out of range, options that exclude each other, or a bad setting in the
	// environment.
	CodeUsage Code = "usage"
	// CodeNotFound means the file named does not exist.
	CodeNotFound Code = "not_found"
	// CodeIsDirectory means the path names a folder where a file was wanted.
	CodeIsDirectory Code = "is_directory"
	// CodeBinary means the file is not text (a NUL byte early on, or an image, archive or
	// executable signature), so it is not shown.
	CodeBinary Code = "binary"
	// CodePermission means the file may not be read, or (edit) the file or its folder may not be
	// written.
	CodePermission Code = "permission"
	// CodeUnreadable means the file could not be read for another reason (an I/O error, a named
	// pipe, a symbolic link loop).
	CodeUnreadable Code = "unreadable"
	// CodeBadPath means the path cannot be made absolute.
	CodeBadPath Code = "bad_path"
	// CodeOutsideRoot means an MCP tool was given a path that leads outside the repository root,
	// and the server was not started with --allow-outside-root.
	CodeOutsideRoot Code = "outside_root"
	// CodePastEnd means the page or line asked for lies past the end of the file.
	CodePastEnd Code = "past_end"
	// CodeTooLarge means the answer asked for would be over its bound: a full read of a file over
	// MaxFullBytes, or every symbol as JSON over MaxFullBytes, from the MCP server.
	CodeTooLarge Code = "too_large"
	// CodeNoSymbol means the file has no symbol of the name given to read --symbol, or to edit
	// --symbol or --within.
	CodeNoSymbol Code = "no_symbol"
	// CodeAmbiguous means the name given to read --symbol (or edit --symbol, --within) names
	// several symbols of the file, or edit's --old text occurs several times without --all.
	CodeAmbiguous Code = "ambiguous"
	// CodeNoMatch means edit's --old text is not in the file (nor inside --within), by any step of
	// the matching ladder.
	CodeNoMatch Code = "no_match"
	// CodeHashMismatch means the file's hash is not the one edit --if-hash gave: it changed since
	// it was read.
	CodeHashMismatch Code = "hash_mismatch"
	// CodeChanged means the file changed or moved while edit was working on it; nothing was
	// written.
	CodeChanged Code = "changed"
	// CodeNotEditable means edit cannot change the file without changing bytes outside the edit
	// (UTF-16 text that does not decode cleanly), or the new text cannot be written in the file's
	// character set.
	CodeNotEditable Code = "not_editable"
	// CodeNoBackup means edit --undo found no backup of the file.
	CodeNoBackup Code = "no_backup"
	// CodeNoHit means sym or search found nothing.
	CodeNoHit Code = "no_hit"
	// CodeBadPattern means search's pattern is empty or not a valid regular expression.
	CodeBadPattern Code = "bad_pattern"
	// CodeBadQuery means sym's query is empty.
	CodeBadQuery Code = "bad_query"
	// CodeRoot means the repository root could not be found (the working directory is gone).
	CodeRoot Code = "root"
	// CodeStore means the store cannot be opened, read or written, or belongs to another root.
	CodeStore Code = "store"
	// CodeIndex means an index run failed.
	CodeIndex Code = "index"
	// CodeStale means index --check found files that are new, changed or gone since the store was
	// written.
	CodeStale Code = "stale"
	// CodeMCP means the MCP server stopped on an error of its transport.
	CodeMCP Code = "mcp"
	// CodeFailed means anything else went wrong.
	CodeFailed Code = "failed"
)

// Error is a failure of a query that the user can act on: a one-line reason and a hint naming
// what to do instead. Code is the stable identifier used in JSON errors.
type Error struct {
	Code Code
	Msg  string
	Hint string
}

// Error returns the one-line reason.
func (e *Error) Error() string { return e.Msg }

func userError(code Code, msg, hint string) *Error {
	return &Error{Code: code, Msg: msg, Hint: hint}
}

// usageError is a request that breaks one of the rules its Validate method checks.
func usageError(msg, hint string) *Error {
	return userError(CodeUsage, msg, hint)
}

// atLeast refuses the value v of the option named name (as the command line spells it, without
// dashes; MCP tools name their parameters alike) when it is below least.
func atLeast(name string, v, least int) error {
	if v >= least {
		return nil
	}
	return usageError(fmt.Sprintf("--%s %d is below %d", name, v, least), fmt.Sprintf("pass --%s %d or more", name, least))
}
