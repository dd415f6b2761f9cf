-- The use filters move to a table of their own (issue 15). `refs NAME` reads every file's filter
-- to find the few files that may use NAME; since migration 0012 the filters shared their rows
-- with the name sets, five times their size, so that scan read every name set too (140 ms of a
-- 250 ms refs on the Linux kernel). use_filters holds the filters alone; file_uses keeps the name
-- sets and imports. A file has a filter exactly when it has a file_uses row.
CREATE TABLE IF NOT EXISTS use_filters (
    file_id INTEGER PRIMARY KEY,
    filter  BLOB NOT NULL
);
INSERT INTO use_filters (file_id, filter) SELECT file_id, filter FROM file_uses;
ALTER TABLE file_uses DROP COLUMN filter;
