-- pages: where each page of a large file starts, per page layout, so `read --page N` on a file of
-- gigabytes costs a seek instead of a scan. A row is valid only while its file's size and mtime
-- match; layout names the budgets ("16384/2000", "16384/2000/n" for numbered pages).
CREATE TABLE pages (
    path     TEXT    NOT NULL,
    layout   TEXT    NOT NULL,
    size     INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    lines    INTEGER NOT NULL,  -- the file's line count, found by the same scan
    starts   BLOB    NOT NULL,  -- unsigned varint pairs: offset delta, line delta
    PRIMARY KEY (path, layout)
) WITHOUT ROWID;
