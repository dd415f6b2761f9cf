-- rank_top keeps the best definitions of the stored ranking one row per file instead of one row
-- per definition: saving the ranking wrote 4,096 rows of five columns, which on a small tree was
-- most of it (the OCaml library: SaveRanks 10.5 -> 3 ms of CPU, 274 rows instead of 4,096;
-- Debian's Lua modules 11.5 -> 5 ms).
--
-- entries: the file's best definitions, each as
--   uvarint position (0 is the best of all), uint32 name hash (little-endian, as file_uses keeps
--   names), uvarint users, float64 rank (little-endian bits)
-- A file removed from the store takes its entries along (ON DELETE CASCADE), as before.
DROP TABLE rank_top;
CREATE TABLE rank_top (
    file_id INTEGER PRIMARY KEY REFERENCES files(id) ON DELETE CASCADE,
    entries BLOB NOT NULL
);
DELETE FROM meta WHERE key = 'ranks_gen';
