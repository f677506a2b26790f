-- +goose Up
-- PostgreSQL keeps the search's word list on the ticket (its 00042); SQLite's full-text
-- index (00013) already holds each ticket's words in a table of its own.
SELECT 1;

-- +goose Down
SELECT 1;
