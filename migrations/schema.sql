-- The schema a new store gets at once: what the numbered migrations, applied one after another,
-- make of an empty database (store's TestSchemaIsTheMigrations holds the two equal). A change to
-- the schema is a new numbered migration AND the same change here. The migrations document each
-- table and column; this file only repeats their final form.
--
-- Columns added by ALTER TABLE come last in their table, in the migrations' order.

CREATE TABLE files (
    id          INTEGER PRIMARY KEY,
    path        TEXT    NOT NULL UNIQUE,
    size        INTEGER NOT NULL,
    mtime_ns    INTEGER NOT NULL,
    hash        BLOB,
    language    TEXT    NOT NULL DEFAULT '',
    mapper      TEXT    NOT NULL DEFAULT '',
    lines       INTEGER NOT NULL DEFAULT 0,
    summary     TEXT    NOT NULL DEFAULT '',
    skip_reason TEXT    NOT NULL DEFAULT '',
    skip_detail TEXT    NOT NULL DEFAULT '',
    line_index  BLOB,
    indexed_at  INTEGER NOT NULL,
    mappers_version INTEGER NOT NULL DEFAULT 0,   -- 0003
    ctime_ns    INTEGER NOT NULL DEFAULT 0,       -- 0005
    inode       INTEGER NOT NULL DEFAULT 0,       -- 0005
    symbols     BLOB,                             -- 0006
    symbol_count INTEGER NOT NULL DEFAULT 0       -- 0006
);

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE pages (
    path     TEXT    NOT NULL,
    layout   TEXT    NOT NULL,
    size     INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    lines    INTEGER NOT NULL,
    starts   BLOB    NOT NULL,
    ctime_ns INTEGER NOT NULL DEFAULT 0,          -- 0005
    inode    INTEGER NOT NULL DEFAULT 0,          -- 0005
    PRIMARY KEY (path, layout)
) WITHOUT ROWID;

CREATE INDEX files_by_language_version ON files (language, mappers_version);

CREATE TABLE names (
    name TEXT    NOT NULL COLLATE NOCASE PRIMARY KEY,
    id   INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE postings (
    name_id INTEGER NOT NULL,
    file_id INTEGER NOT NULL,
    PRIMARY KEY (name_id, file_id)
) WITHOUT ROWID;

CREATE TABLE name_gram_names (
    slice      INTEGER PRIMARY KEY,
    min_length INTEGER NOT NULL,
    max_length INTEGER NOT NULL,
    names      BLOB NOT NULL
);

CREATE TABLE name_grams (
    gram   INTEGER PRIMARY KEY,
    slices BLOB NOT NULL
);

CREATE TABLE name_grams_added (
    name TEXT NOT NULL COLLATE NOCASE PRIMARY KEY
) WITHOUT ROWID;

CREATE TABLE name_grams_removed (
    name TEXT NOT NULL COLLATE NOCASE PRIMARY KEY
) WITHOUT ROWID;

CREATE INDEX files_state ON files
    (path, size, mtime_ns, ctime_ns, inode, hash, language, skip_reason, skip_detail, mappers_version);

CREATE TABLE file_uses (
    file_id INTEGER PRIMARY KEY,
    used    BLOB,                                 -- 0012
    defined BLOB,                                 -- 0012
    imports TEXT NOT NULL DEFAULT ''              -- 0012
);

CREATE TABLE file_ranks (
    file_id INTEGER PRIMARY KEY REFERENCES files(id) ON DELETE CASCADE,
    rank    REAL NOT NULL,
    names   BLOB
);

CREATE TABLE use_filters (
    file_id INTEGER PRIMARY KEY,
    filter  BLOB NOT NULL
);

CREATE TABLE rank_top (                           -- 0016
    file_id INTEGER PRIMARY KEY REFERENCES files(id) ON DELETE CASCADE,
    entries BLOB NOT NULL
);
