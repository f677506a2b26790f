-- +goose Up
-- Ticket search by words, as on SQLite: every word typed, the last also as the start of
-- a word, ignoring case and accents. The trigram indexes of 00013 matched any part of a
-- title, but a search's common words ('vehículo', 'número') are common trigrams whose
-- long lists each search read and intersected; a word index reads the rarest word's
-- list and skips through the others. It also writes five or so entries per ticket
-- change instead of some forty.
CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;

-- +goose StatementBegin
-- tickets_search_words is what the index holds for a ticket. IMMUTABLE, as an index
-- needs: the dictionary is named, so the result depends on the arguments alone.
CREATE FUNCTION tickets_search_words(title text, author_name text) RETURNS tsvector AS $$
    SELECT to_tsvector('pg_catalog.simple', public.unaccent('public.unaccent'::regdictionary, title || ' ' || author_name));
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;
-- +goose StatementEnd

-- +goose StatementBegin
-- tickets_search_query turns the words typed (joined by &, the last ending in :*) into
-- the query the index answers, folded the same way.
CREATE FUNCTION tickets_search_query(words text) RETURNS tsquery AS $$
    SELECT to_tsquery('pg_catalog.simple', public.unaccent('public.unaccent'::regdictionary, words));
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;
-- +goose StatementEnd

-- fastupdate off, as in 00013: new tickets go straight into the index.
CREATE INDEX idx_tickets_search_words ON tickets USING gin (tickets_search_words(title, author_name)) WITH (fastupdate = off);
DROP INDEX idx_tickets_title_trgm;
DROP INDEX idx_tickets_author_name_trgm;

-- +goose Down
CREATE INDEX idx_tickets_title_trgm ON tickets USING gin (LOWER(title) public.gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX idx_tickets_author_name_trgm ON tickets USING gin (LOWER(author_name) public.gin_trgm_ops) WITH (fastupdate = off);
DROP INDEX idx_tickets_search_words;
DROP FUNCTION tickets_search_query(text);
DROP FUNCTION tickets_search_words(text, text);
