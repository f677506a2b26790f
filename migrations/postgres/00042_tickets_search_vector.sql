-- +goose Up
-- The search's word list is kept on the ticket instead of computed on each read. A word on
-- many tickets is counted by walking the newest tickets until the count's bound, checking
-- each one's list: computing it there (unaccent, to_tsvector) cost ten times the reading.
-- The text index reads the stored list too, and the expression index it replaces goes.
ALTER TABLE tickets ADD COLUMN search_words tsvector
    GENERATED ALWAYS AS (tickets_search_words(title, author_name)) STORED;
CREATE INDEX idx_tickets_search_vector ON tickets USING gin (search_words) WITH (fastupdate = off);
DROP INDEX idx_tickets_search_words;

-- +goose Down
CREATE INDEX idx_tickets_search_words ON tickets USING gin (tickets_search_words(title, author_name)) WITH (fastupdate = off);
ALTER TABLE tickets DROP COLUMN search_words;
