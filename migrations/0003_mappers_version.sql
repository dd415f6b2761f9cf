-- mappers_version: the indexer.MappersVersion that produced a file's map. A row written by older
-- mappers is mapped again by the next query or index run even though the file did not change, so
-- an upgraded readmap never serves maps its own mappers would no longer make. Rows from before
-- this column hold 0, which no release uses.
ALTER TABLE files ADD COLUMN mappers_version INTEGER NOT NULL DEFAULT 0;

-- sym asks before every lookup whether any row is older than its mappers.
CREATE INDEX files_by_mappers_version ON files (mappers_version);
