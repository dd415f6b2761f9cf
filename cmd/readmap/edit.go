package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/readmap/readmap/indexer"
	"github.com/readmap/readmap/indexer/lang"
	"github.com/readmap/readmap/query"
	"github.com/readmap/readmap/query/edit"
	"github.com/readmap/readmap/store"
	"github.com/spf13/cobra"
)

// editFlags are the flags of the edit command, as given.
type editFlags struct {
	old, new, within, symbol, insertBefore, insertAfter string
	oldFile, newFile, batch, ifHash                     string
	all, del, dryRun, undo                              bool
}

func (a *app) editCommand() *cobra.Command {
	var fl editFlags
	cmd := &cobra.Command{
		Use:   "edit PATH",
		Short: "Change a file by symbol or by text, safely",
		Long: `edit changes one file and prints the unified diff, then one line:
[Edited PATH: lines A-B; match: STEP; hash H; backup B].

Targets, one per call: --old TEXT --new TEXT replaces a text that must occur exactly once (--all:
every occurrence; --within SYMBOL: only inside that symbol). It is matched by exact bytes, then,
only when each finds exactly one match, with line endings normalised, trailing whitespace
ignored, a uniform indentation offset (the new text is re-indented alike), and Unicode
punctuation folded; the answer says which step matched. --symbol NAME (as read --symbol takes
it) with --new TEXT replaces the symbol's lines, with --insert-before or --insert-after TEXT adds
lines next to them, with --delete removes them; TEXT stands for whole lines. --batch FILE applies
a JSON array of edits in order, all or nothing. "-" as TEXT or FILE reads standard input.

The file keeps its byte order mark, line endings (new text takes them too), final newline, mode,
and every byte outside the edit; a symbolic link is followed and stays a link. The new file is
written beside the old one, synced and renamed over it, after the old one is kept under
.readmap/backups/ (the last 20 per file): --undo restores the newest, and can itself be undone.
--if-hash H refuses to write when the file's hash (from read --json, map --json or the last edit)
is no longer H. Any failure exits 1 with the reason and a hint, and leaves the file as it was.`,
		Example: `  readmap read server.py --symbol Handler.get          # read the symbol first
  readmap edit server.py --symbol Handler.get --new-file get.py
  readmap edit server.py --old 'retries = 3' --new 'retries = 5'
  readmap edit server.py --old 'log(' --new 'logger.info(' --all --within Handler
  readmap edit server.py --symbol Handler.get --insert-after - < helper.py
  readmap edit server.py --batch edits.json --if-hash 3fa9c2d1
  readmap edit server.py --undo`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			req, err := a.editRequest(cmd, fl)
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			s, err := a.openSession(ctx)
			if err != nil {
				return err
			}
			defer s.close()
			ans, err := a.editFile(ctx, s, args[0], req, false)
			if err != nil {
				return err
			}
			if ans.Unchanged {
				a.warn("%s: nothing written: %s", query.DisplayPath(ans.Display), unchangedWhy(req))
			}
			if a.json {
				return ans.WriteJSON(a.stdout, query.MaxAnswerBytes)
			}
			_, err = io.WriteString(a.stdout, ans.Text(query.MaxAnswerBytes, query.EncodingRaw))
			return err
		},
	}
	f := cmd.Flags()
	f.StringVar(&fl.old, "old", "", "the text to replace (\"-\": standard input)")
	f.StringVar(&fl.new, "new", "", "the replacement, or with --symbol the symbol's new lines (\"-\": standard input)")
	f.BoolVar(&fl.all, "all", false, "replace every occurrence of --old")
	f.StringVar(&fl.within, "within", "", "look for --old only inside this symbol")
	f.StringVar(&fl.symbol, "symbol", "", "the symbol to change: Class.method or a plain name, as read --symbol takes it")
	f.StringVar(&fl.insertBefore, "insert-before", "", "with --symbol: lines to add before it (\"-\": standard input)")
	f.StringVar(&fl.insertAfter, "insert-after", "", "with --symbol: lines to add after it (\"-\": standard input)")
	f.BoolVar(&fl.del, "delete", false, "with --symbol: remove its lines")
	f.StringVar(&fl.oldFile, "old-file", "", "read --old from this file")
	f.StringVar(&fl.newFile, "new-file", "", "read --new from this file")
	f.StringVar(&fl.batch, "batch", "", "a JSON array of edits to apply in order, all or nothing (\"-\": standard input)")
	f.StringVar(&fl.ifHash, "if-hash", "", "refuse to write unless the file's hex SHA-256 is this (or starts with it)")
	f.BoolVar(&fl.dryRun, "dry-run", false, "print the diff only; write nothing")
	f.BoolVar(&fl.undo, "undo", false, "restore the newest backup of the file (itself undoable)")
	return cmd
}

// unchangedWhy says why an edit wrote nothing.
func unchangedWhy(req edit.Request) string {
	if req.Undo {
		return "the file is already as its newest backup"
	}
	if len(req.Edits) == 1 && req.Edits[0].Old != nil && req.Edits[0].New != nil && *req.Edits[0].Old == *req.Edits[0].New {
		return "--old equals --new"
	}
	return "the edit leaves the file as it is"
}

// editRequest builds the request the flags describe, reading texts from files and standard input.
func (a *app) editRequest(cmd *cobra.Command, fl editFlags) (edit.Request, error) {
	f := cmd.Flags()
	req := edit.Request{IfHash: fl.ifHash, DryRun: fl.dryRun, Undo: fl.undo}
	stdinUsed := ""
	text := func(name, value string) (*string, error) {
		if !f.Changed(name) {
			return nil, nil
		}
		if value != "-" {
			return &value, nil
		}
		if stdinUsed != "" {
			return nil, usageError(fmt.Errorf("--%s and --%s both read standard input", stdinUsed, name), "give one of them as a file: --old-file F, --new-file F")
		}
		stdinUsed = name
		return readText("standard input", a.stdin)
	}
	fromFile := func(name, path string) (*string, error) {
		if !f.Changed(name) {
			return nil, nil
		}
		file, err := os.Open(path)
		if err != nil {
			return nil, asFailure(path, err)
		}
		defer file.Close()
		return readText(path, file)
	}
	var e edit.Edit
	var err error
	if e.Old, err = text("old", fl.old); err != nil {
		return req, err
	}
	if e.New, err = text("new", fl.new); err != nil {
		return req, err
	}
	if e.InsertBefore, err = text("insert-before", fl.insertBefore); err != nil {
		return req, err
	}
	if e.InsertAfter, err = text("insert-after", fl.insertAfter); err != nil {
		return req, err
	}
	for _, pair := range []struct {
		flag, fileFlag, path string
		into                 **string
	}{{"old", "old-file", fl.oldFile, &e.Old}, {"new", "new-file", fl.newFile, &e.New}} {
		if !f.Changed(pair.fileFlag) {
			continue
		}
		if f.Changed(pair.flag) {
			return req, usageError(fmt.Errorf("--%s and --%s exclude each other", pair.flag, pair.fileFlag), "give the text one way")
		}
		if *pair.into, err = fromFile(pair.fileFlag, pair.path); err != nil {
			return req, err
		}
	}
	e.All, e.Within, e.Symbol, e.Delete = fl.all, fl.within, fl.symbol, fl.del
	single := e.Old != nil || e.New != nil || e.InsertBefore != nil || e.InsertAfter != nil || e.Delete || e.All || e.Within != "" || e.Symbol != ""
	if f.Changed("batch") {
		if single {
			return req, usageError(errors.New("--batch and the flags of a single edit exclude each other"), "put every edit in the batch")
		}
		var r io.Reader = a.stdin
		if fl.batch != "-" {
			file, err := os.Open(fl.batch)
			if err != nil {
				return req, asFailure(fl.batch, err)
			}
			defer file.Close()
			r = file
		} else if stdinUsed != "" {
			return req, usageError(fmt.Errorf("--%s and --batch both read standard input", stdinUsed), "give the batch as a file")
		}
		if req.Edits, err = edit.ParseBatch(r); err != nil {
			return req, asFailure("", err)
		}
		req.Batch = true
	} else if single {
		req.Edits = []edit.Edit{e}
	}
	if err := req.Validate(); err != nil {
		return req, asFailure("", err)
	}
	return req, nil
}

// readText reads one text of an edit, refusing one over edit.MaxTextBytes.
func readText(what string, r io.Reader) (*string, error) {
	b, err := io.ReadAll(io.LimitReader(r, edit.MaxTextBytes+1))
	if err != nil {
		return nil, failure(query.CodeUnreadable, what, err, "")
	}
	if len(b) > edit.MaxTextBytes {
		return nil, usageError(fmt.Errorf("%s holds over %s", what, query.HumanBytes(edit.MaxTextBytes)), "edit a smaller part at a time")
	}
	s := string(b)
	return &s, nil
}

// editFile runs req on the file named by arg (confined to the root for the MCP server) and returns
// the answer; errors are ready to print. The file is opened and checked as a read opens it, its
// fresh map gives the symbols, the edited bytes are written through edit.Write, and the file is
// loaded again through the indexer, so that the next read, map or sym sees its new symbols. Edits
// are of the bytes, so a notebook is opened raw: its --old texts and --symbol ranges are those of
// its JSON, not of the cells read shows.
func (a *app) editFile(ctx context.Context, s *session, arg string, req edit.Request, confine bool) (*edit.Answer, error) {
	o, err := a.open(ctx, s, arg, openOptions{confine: confine, hash: true, raw: true, content: true})
	if err != nil {
		return nil, err
	}
	defer o.Close()
	if o.row.Skip == store.SkipTooLarge || o.info.Size() > edit.MaxFileBytes {
		return nil, failure(query.CodeTooLarge, o.shown, fmt.Errorf("%s is over the %s edit changes", query.HumanBytes(o.info.Size()), query.HumanBytes(edit.MaxFileBytes)),
			"edit it with a tool that streams, or split it")
	}
	src := o.src
	if req.IfHash != "" && !edit.HashMatches(req.IfHash, o.sum) {
		return nil, failure(query.CodeHashMismatch, o.shown,
			fmt.Errorf("its hash is %s, not %s: it changed since it was read; nothing was written", hex.EncodeToString(o.sum), req.IfHash),
			"read it again (read --json and map --json give its hash), then redo the edit against what it now holds")
	}
	place := edit.Place{Root: s.real(), Real: o.real, Info: o.info, Display: o.shown}
	label := filepath.ToSlash(o.real)
	if rel, inside := s.within(o.real); inside {
		label = rel
	}
	opts := a.indexerOptions(s.root)
	var ans *edit.Answer
	var content []byte
	var ahead *indexer.Ahead
	if req.Undo {
		ans, content, err = undo(place, label, src)
	} else {
		ans, content, ahead, err = a.change(ctx, s, label, src, o, req, opts)
	}
	if err != nil {
		return nil, asFailure(o.shown, err)
	}
	if ans.Restored != "" {
		ans.Restored = query.DisplayPath(s.shownPath(filepath.Join(s.real(), filepath.FromSlash(ans.Restored))))
	}
	ans.Hash = hex.EncodeToString(o.sum)
	if ans.Unchanged {
		return ans, nil
	}
	if req.DryRun {
		ans.DryRun = true
		return ans, nil
	}
	if ahead == nil {
		ahead = indexer.MapAhead(ctx, s.st, s.root, o.loadPath, content, opts)
	}
	written, err := edit.Write(place, content, src, true)
	if err != nil {
		return nil, asFailure(o.shown, err)
	}
	sum := sha256.Sum256(content)
	ans.Hash = hex.EncodeToString(sum[:])
	ans.Backup = query.DisplayPath(s.shownPath(filepath.Join(s.real(), filepath.FromSlash(written.Backup))))
	ans.Notes = append(ans.Notes, written.Notes...)
	fresh, err := ahead.Load(ctx, sum[:], written.Info)
	if err != nil {
		a.warn("%s: written, but mapping it again failed: %v", query.DisplayPath(o.shown), err)
		return ans, nil
	}
	a.warnStore(s, fresh.StoreErr)
	if !bytes.HasPrefix(sum[:], fresh.File.Hash) {
		a.warn("%s: written, but it changed again before it was mapped: its symbols are not reported", query.DisplayPath(o.shown))
		return ans, nil
	}
	ans.SetSymbols(o.row.Symbols, fresh.File.Symbols)
	return ans, nil
}

// change applies the edits of req to src in memory and returns the answer and the new bytes,
// and, when they are to be written, their map under way. The new bytes are mapped while the
// answer is made and the file written and synced; the map is stored as the file's row when the
// write vouches that the file holds them, so they are not read, hashed and mapped again.
func (a *app) change(ctx context.Context, s *session, label string, src []byte, o *opened, req edit.Request, opts indexer.Options) (*edit.Answer, []byte, *indexer.Ahead, error) {
	doc, err := edit.Parse(src)
	if err != nil {
		return nil, nil, nil, err
	}
	path := o.row.Path
	c, err := edit.Apply(doc, req.Edits, edit.Options{
		Display: o.shown,
		Symbols: o.row.Symbols,
		Remap:   func(text []byte) []store.Symbol { return indexer.MapFile(ctx, path, text, opts).Symbols },
	})
	if err != nil {
		return nil, nil, nil, err
	}
	var ahead *indexer.Ahead
	if !req.DryRun && !c.Unchanged {
		ahead = indexer.MapAhead(ctx, s.st, s.root, o.loadPath, c.Bytes, opts)
	}
	ans := edit.NewAnswer(o.shown, label, c)
	if req.DryRun && !c.Unchanged {
		after := indexer.MapFile(ctx, path, c.Text, opts)
		ans.SetSymbols(o.row.Symbols, after.Symbols)
	}
	return ans, c.Bytes, ahead, nil
}

// undo finds the newest backup of the file and returns the answer of restoring it over src, and
// the bytes to write.
func undo(place edit.Place, label string, src []byte) (*edit.Answer, []byte, error) {
	b, err := edit.Newest(place)
	if err != nil {
		return nil, nil, err
	}
	ans := edit.UndoAnswer(place.Display, label, shownText(src), shownText(b.Content), b.Path)
	ans.Unchanged = bytes.Equal(src, b.Content) // bytes decide, not the text a diff shows
	return ans, b.Content, nil
}

// shownText is a file's content as a diff shows it: UTF-16 as the UTF-8 it decodes to.
func shownText(src []byte) []byte {
	text, _ := lang.DecodeText(src)
	return text
}
