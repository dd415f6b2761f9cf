-- The names each file uses and defines, for the repository map (issue 15: `readmap map` with no
-- path ranks definitions by a graph of files joined by names one defines and another uses).
--
-- Beside the Bloom filter, file_uses keeps per code file:
--   used     the distinct identifiers the file uses (lang.EachIdentifier), as store.NameHash values:
--            sorted, 4 little-endian bytes each;
--   defined  the distinct names of its symbols, the same way;
--   imports  its imports joined by newlines, to tell which of several definitions of a name a file
--            means (the one in a package or file it imports, or in its own folder).
-- The graph reads these small values only, never the packed symbols. Rows from before these
-- columns hold NULL: every row is marked as made by older mappers, so the next index run (or the
-- first query that needs them) maps them again.
ALTER TABLE file_uses ADD COLUMN used BLOB;
ALTER TABLE file_uses ADD COLUMN defined BLOB;
ALTER TABLE file_uses ADD COLUMN imports TEXT NOT NULL DEFAULT '';
UPDATE files SET mappers_version = 0;
