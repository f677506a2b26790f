-- +goose Up
-- Every list of initiatives tallies its votes by choice; this index answers the tally
-- without reading the votes themselves.
CREATE INDEX idx_initiative_votes_tally ON initiative_votes (initiative_id, choice);

-- +goose Down
DROP INDEX idx_initiative_votes_tally;
