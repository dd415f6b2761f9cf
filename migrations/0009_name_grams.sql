-- The names' listing and its trigram index (issue 12: on a kernel-sized store, `sym` with a typo
-- spent most of a second scanning every name longer than the query for the substring tier; and
-- the names bucketed by length, rewritten whole by every batch that added a name of that length,
-- are replaced). See store/names.go and store/grams.go.
DROP TABLE IF EXISTS name_lengths;

-- name_gram_names: every name (one spelling of those that differ only in ASCII case), ordered by
-- length in bytes and then as NOCASE orders; slice k holds the names of ordinals k*1024 to
-- k*1024+1023, joined by newlines, and the shortest and longest of their lengths.
CREATE TABLE IF NOT EXISTS name_gram_names (
    slice      INTEGER PRIMARY KEY,
    min_length INTEGER NOT NULL,
    max_length INTEGER NOT NULL,
    names      BLOB NOT NULL
);

-- name_grams: for each trigram (three bytes of a name with ASCII case folded, as an integer
-- b0<<16 | b1<<8 | b2), the slices holding a name that has it, ascending, as uvarint gaps.
CREATE TABLE IF NOT EXISTS name_grams (
    gram   INTEGER PRIMARY KEY,
    slices BLOB NOT NULL
);

-- The names added and removed since the listing was written, which every lookup merges in.
CREATE TABLE IF NOT EXISTS name_grams_added (
    name TEXT NOT NULL COLLATE NOCASE PRIMARY KEY
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS name_grams_removed (
    name TEXT NOT NULL COLLATE NOCASE PRIMARY KEY
) WITHOUT ROWID;
