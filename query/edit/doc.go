// Package edit changes a file by symbol or by text, safely.
//
// It owns everything an edit decides and does, apart from finding and mapping the file: the
// matching ladder of --old (exact bytes, then line endings normalised, trailing whitespace
// ignored, a uniform indentation offset, Unicode punctuation folded, each only when it finds
// exactly one match), the byte ranges of --symbol targets, rewriting a file's bytes so that all it
// holds outside the edit stays as it was (its byte order mark, line endings, final newline, bytes
// that are not UTF-8), the atomic write (a temporary file beside the target, fsync, rename, fsync
// of the folder), the backups under .readmap/backups/ and undo, the unified diff, and the answer.
//
// It must not walk, map or touch the store: the caller opens the file (checking where it really
// is), hands over its bytes, its stat data and its symbols, maps a changed text when a batch needs
// fresh ranges (Options.Remap), and re-maps the file after the write.
package edit
