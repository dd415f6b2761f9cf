-- files_state: what an index run compares with the disk for every file (store.FileStates),
-- readable without the rows themselves, which carry the packed symbols: a no-op run on a
-- kernel-sized store (86,679 files) spent half its second reading 150 MB of rows for it.
CREATE INDEX IF NOT EXISTS files_state ON files
    (path, size, mtime_ns, ctime_ns, inode, hash, language, skip_reason, skip_detail, mappers_version);
