-- The store of readmap: one row per file seen by the indexer, its symbols and its imports.
--
-- Paths are relative to the repository root with '/' separators. Line numbers are 1-based and
-- inclusive.

-- files: one row per walked file, mapped or skipped.
CREATE TABLE files (
    id          INTEGER PRIMARY KEY,
    path        TEXT    NOT NULL UNIQUE,       -- relative to the root, '/' separators
    size        INTEGER NOT NULL,              -- bytes on disk when mapped
    mtime_ns    INTEGER NOT NULL,              -- modification time in Unix nanoseconds
    hash        BLOB,                          -- SHA-256 of the content, first 16 bytes
    language    TEXT    NOT NULL DEFAULT '',   -- 'Go', 'Python', ... ('' when skipped)
    mapper      TEXT    NOT NULL DEFAULT '',   -- which mapper produced the symbols
    lines       INTEGER NOT NULL DEFAULT 0,    -- as wc -l, plus one for a last line without newline
    summary     TEXT    NOT NULL DEFAULT '',   -- one line about the content (data formats)
    skip_reason TEXT    NOT NULL DEFAULT '',   -- '' when mapped; binary, too-large, unreadable, ...
    skip_detail TEXT    NOT NULL DEFAULT '',   -- what the reason is about ("PNG image", a panic text)
    line_index  BLOB,                          -- byte offsets of every 1,000th line, large files only
    indexed_at  INTEGER NOT NULL               -- Unix seconds of the write
);

-- symbols: the structure of a file, in source order. ord is the position in that order; parent is
-- the ord of the enclosing symbol or -1.
CREATE TABLE symbols (
    file_id    INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
    ord        INTEGER NOT NULL,
    parent     INTEGER NOT NULL,
    depth      INTEGER NOT NULL,
    kind       TEXT    NOT NULL,
    name       TEXT    NOT NULL,
    qualname   TEXT    NOT NULL,
    signature  TEXT    NOT NULL,
    start_line INTEGER NOT NULL,
    end_line   INTEGER NOT NULL,
    PRIMARY KEY (file_id, ord)
) WITHOUT ROWID;

CREATE INDEX symbols_by_name ON symbols (name COLLATE NOCASE);

-- imports: what a file imports, in source order.
CREATE TABLE imports (
    file_id INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
    ord     INTEGER NOT NULL,
    path    TEXT    NOT NULL,
    PRIMARY KEY (file_id, ord)
) WITHOUT ROWID;

-- meta: facts about the store as a whole (last index time).
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;
