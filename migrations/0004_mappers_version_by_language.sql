-- mappers_version now holds lang.RowVersion of the row's language: the shared version in the
-- thousands and the language's own below, so that a change to one mapper re-maps only that
-- language's files. The lookup before every query asks, per language, for rows below its current
-- version: an index on (language, mappers_version) answers each question with one seek.
DROP INDEX files_by_mappers_version;
CREATE INDEX files_by_language_version ON files (language, mappers_version);
