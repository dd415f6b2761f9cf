-- The ranking the repository map computes, kept so that the next map need not compute it again
-- and so that `sym` can list a name's most used definition first (issue 15).
--
-- file_ranks holds, per code file, its PageRank and, for each name it defines (in the order of
-- file_uses.defined), the name's store.NameHash, its rank and its number of users: 16 bytes each,
-- little-endian (hash u32, users u32, rank f64). The rows are whole-repository results: they
-- are fresh while meta 'ranks_gen' equals meta 'uses_gen', which every commit that changes a
-- name set bumps. A row goes with its file.
CREATE TABLE IF NOT EXISTS file_ranks (
    file_id INTEGER PRIMARY KEY REFERENCES files(id) ON DELETE CASCADE,
    rank    REAL NOT NULL,
    names   BLOB
);
