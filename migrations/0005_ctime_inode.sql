-- ctime_ns and inode: with size and mtime, the stat data git compares to tell a changed file
-- without reading it. A tool that restores the size and mtime after a change (touch -r, cp -p,
-- rsync -t, an editor's save by rename) cannot restore the ctime, and a rename brings a new inode.
-- Rows and page starts from before these columns hold 0, which matches no file where the system
-- has ctimes: each such file is read once more (its hash then decides) and its page starts are
-- found again.
ALTER TABLE files ADD COLUMN ctime_ns INTEGER NOT NULL DEFAULT 0;
ALTER TABLE files ADD COLUMN inode INTEGER NOT NULL DEFAULT 0;
ALTER TABLE pages ADD COLUMN ctime_ns INTEGER NOT NULL DEFAULT 0;
ALTER TABLE pages ADD COLUMN inode INTEGER NOT NULL DEFAULT 0;
