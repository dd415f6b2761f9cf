-- file_uses: for each file row, a Bloom filter of the identifiers its text uses outside comments
-- and strings (lang.UseFilter), so that `refs NAME` reads only the files that may use NAME
-- (issue 15). Kept beside the rows, not in them: a lookup reads every filter, and the rows carry
-- the packed symbols. Rows of older readmaps have no filter: they are marked as made by older
-- mappers, so the next index run (or the first query that needs them) maps them again.
CREATE TABLE IF NOT EXISTS file_uses (
    file_id INTEGER PRIMARY KEY,
    filter  BLOB NOT NULL
);
UPDATE files SET mappers_version = 0;
