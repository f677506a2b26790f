-- +goose Up
-- Searching tickets by any part of the title or the author's name: trigram indexes let
-- LIKE '%…%' read the matching tickets instead of every title. The extension lives in
-- public so that every schema of the database can use it.
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
CREATE INDEX idx_tickets_title_trgm ON tickets USING gin (LOWER(title) public.gin_trgm_ops);
CREATE INDEX idx_tickets_author_name_trgm ON tickets USING gin (LOWER(author_name) public.gin_trgm_ops);

-- +goose Down
DROP INDEX idx_tickets_author_name_trgm;
DROP INDEX idx_tickets_title_trgm;
