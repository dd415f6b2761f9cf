-- The best definitions of the ranking kept in file_ranks, in order, so that the repository map of
-- the whole repository reads a few thousand rows instead of every file's ranks (on the Linux
-- kernel, 6.9 million). Written with file_ranks, fresh and stale with it. A row goes with its
-- file.
CREATE TABLE IF NOT EXISTS rank_top (
    position INTEGER PRIMARY KEY,
    file_id  INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
    name     INTEGER NOT NULL,
    users    INTEGER NOT NULL,
    rank     REAL NOT NULL
);
-- A ranking kept before this table has no top list: it is computed again by the next map.
DELETE FROM meta WHERE key = 'ranks_gen';
