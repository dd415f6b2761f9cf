-- Packed symbols (issue 12: a kernel-sized tree took 200 bytes a symbol, and the writer spent most
-- of its time in one B-tree row per symbol). A file's symbols and imports now live in its own row
-- as one packed value; lookups by name go through a table of distinct names and their postings.
--
-- A store of an older schema loses its symbols here: every row is marked as made by mappers older
-- than any release (mappers_version 0), so the next index run, and any query before that, maps
-- each file again. The file rows and their stat data stay.

DROP TABLE symbols;
DROP TABLE imports;
UPDATE files SET mappers_version = 0;

-- symbols: the file's symbols and imports in store.packSymbols' format (a format byte, then
-- varints and strings; deflated when that saves space). NULL for a file without any.
ALTER TABLE files ADD COLUMN symbols BLOB;
-- symbol_count: how many symbols the packed value holds, for stats.
ALTER TABLE files ADD COLUMN symbol_count INTEGER NOT NULL DEFAULT 0;

-- names: every distinct symbol name, ignoring ASCII case as SQLite's NOCASE does, spelled as the
-- first file that brought it spelt it. id is handed out by the writer from meta's next_name_id.
CREATE TABLE names (
    name TEXT    NOT NULL COLLATE NOCASE PRIMARY KEY,
    id   INTEGER NOT NULL
) WITHOUT ROWID;

-- postings: which files define a symbol of each name. A lookup reads the names, then the rows of
-- the files, and picks the symbols from their packed values.
CREATE TABLE postings (
    name_id INTEGER NOT NULL,
    file_id INTEGER NOT NULL,
    PRIMARY KEY (name_id, file_id)
) WITHOUT ROWID;

-- name_lengths: the names of each length in bytes, in names' order, joined by newlines: what the
-- typo-tolerant and substring lookups scan instead of the names table (a few buckets of one value
-- each instead of millions of rows). The writer keeps it up to date batch by batch; after a bulk
-- load (meta names_stale = 1) it is built once, and until then lookups read names instead.
CREATE TABLE name_lengths (
    length INTEGER PRIMARY KEY,
    names  BLOB NOT NULL
);
