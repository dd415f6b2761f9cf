-- Schema of the readmap demo service (PostgreSQL 15).
CREATE SCHEMA IF NOT EXISTS app;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TYPE app.file_state AS ENUM ('fresh', 'stale', 'skipped');

CREATE TYPE app.line_range AS (
    start_line integer,
    end_line   integer
);

CREATE SEQUENCE app.file_id_seq START 1;

/* Files, one row each; a comment; with semicolons; */
CREATE TABLE IF NOT EXISTS app.files (
    id         bigint PRIMARY KEY DEFAULT nextval('app.file_id_seq'),
    path       text NOT NULL,          -- relative to the root; never absolute
    size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
    state      app.file_state NOT NULL DEFAULT 'fresh',
    note       text DEFAULT 'a;b',
    CONSTRAINT files_path_key UNIQUE (path)
);

CREATE TABLE app."Symbols" (
    file_id bigint REFERENCES app.files (id) ON DELETE CASCADE,
    "name"  text NOT NULL,
    kind    text NOT NULL,
    span    app.line_range,
    PRIMARY KEY (file_id, "name")
);

ALTER TABLE app.files
    ADD COLUMN IF NOT EXISTS indexed_at timestamptz,
    ADD CONSTRAINT files_size_check CHECK (size_bytes < 68719476736);

CREATE INDEX files_path_trgm ON app.files USING gin (path gin_trgm_ops);

CREATE OR REPLACE VIEW app.stale_files AS
SELECT id, path
FROM app.files
WHERE state = 'stale';

CREATE OR REPLACE FUNCTION app.touch_file(p_id bigint, p_at timestamptz DEFAULT now())
RETURNS void
LANGUAGE plpgsql
AS $fn$
BEGIN
    -- a semicolon inside the body; does not end the statement
    UPDATE app.files SET indexed_at = p_at, note = $$x;y$$ WHERE id = p_id;
END;
$fn$;

CREATE PROCEDURE app.purge(older_than interval)
LANGUAGE sql
BEGIN ATOMIC
    DELETE FROM app.files WHERE indexed_at < now() - older_than;
END;

CREATE TRIGGER files_touch
    BEFORE UPDATE ON app.files
    FOR EACH ROW EXECUTE FUNCTION app.touch_file();
