-- A trigram index of the symbol names (issue 12: on a kernel-sized store, `sym` with a typo spent
-- most of a second scanning every name longer than the query for the substring tier).
--
-- name_gram_names: the names the index was built over, as name_lengths held them then, ordered by
-- length and then as NOCASE orders (the order the substring tier answers in): slice k holds the
-- names of ordinals k*1024 to k*1024+1023, joined by newlines.
CREATE TABLE IF NOT EXISTS name_gram_names (
    slice INTEGER PRIMARY KEY,
    names BLOB NOT NULL
);

-- name_grams: for each trigram (three bytes of a name with ASCII case folded, as an integer
-- b0<<16 | b1<<8 | b2), the slices holding a name that has it, ascending, as uvarint gaps.
CREATE TABLE IF NOT EXISTS name_grams (
    gram   INTEGER PRIMARY KEY,
    slices BLOB NOT NULL
);

-- name_grams_added: the names added since the index was built, which a lookup scans. Names
-- removed since stay in the index; a lookup checks each hit against the names table.
CREATE TABLE IF NOT EXISTS name_grams_added (
    name TEXT NOT NULL COLLATE NOCASE PRIMARY KEY
) WITHOUT ROWID;
