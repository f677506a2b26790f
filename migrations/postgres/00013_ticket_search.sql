-- +goose Up
-- Searching tickets by any part of the title or the author's name: trigram indexes let
-- LIKE '%…%' read the matching tickets instead of every title. The extension lives in
-- public so that every schema of the database can use it.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
-- fastupdate off: new tickets go straight into the index instead of a pending list that
-- every search would read through until the next vacuum.
CREATE INDEX idx_tickets_title_trgm ON tickets USING gin (LOWER(title) public.gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX idx_tickets_author_name_trgm ON tickets USING gin (LOWER(author_name) public.gin_trgm_ops) WITH (fastupdate = off);

-- +goose Down
DROP INDEX idx_tickets_author_name_trgm;
DROP INDEX idx_tickets_title_trgm;
