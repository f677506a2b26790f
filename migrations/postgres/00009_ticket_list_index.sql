-- +goose Up
-- The staff list without filters pages by last activity; without this index every page
-- sorted the whole table.
CREATE INDEX idx_tickets_updated ON tickets (updated_at, id);

-- +goose Down
DROP INDEX idx_tickets_updated;
