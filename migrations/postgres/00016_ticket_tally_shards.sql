-- +goose Up
-- Each status's figures are split over 16 rows, chosen by the ticket's id. With one row per
-- status, every reply that changed a ticket's status waited for the row lock of the one
-- before it until that one's commit reached the disk; now concurrent changes mostly touch
-- different rows. Readers add the rows of a status together.
ALTER TABLE ticket_tallies ADD COLUMN shard smallint NOT NULL DEFAULT 0;
ALTER TABLE ticket_tallies DROP CONSTRAINT ticket_tallies_pkey;
ALTER TABLE ticket_tallies ADD PRIMARY KEY (status, shard);
INSERT INTO ticket_tallies (status, shard)
    SELECT status, shard FROM (SELECT DISTINCT status FROM ticket_tallies) s, generate_series(1, 15) AS shard;

-- +goose StatementBegin
CREATE OR REPLACE FUNCTION ticket_tallies_add(t tickets, sign int) RETURNS void AS $$
    UPDATE ticket_tallies SET tickets = tickets + sign,
        rated = rated + sign * (t.rating IS NOT NULL)::int,
        rating_sum = rating_sum + sign * COALESCE(t.rating, 0),
        resolved = resolved + sign * (t.resolved_at IS NOT NULL AND t.status IN ('resolved', 'closed'))::int,
        resolution_seconds = resolution_seconds + sign * CASE
            WHEN t.resolved_at IS NOT NULL AND t.status IN ('resolved', 'closed')
            THEN ROUND(EXTRACT(EPOCH FROM (t.resolved_at - t.created_at)))::bigint ELSE 0 END
    WHERE status = t.status AND shard = t.id % 16;
$$ LANGUAGE sql;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION ticket_tallies_add(t tickets, sign int) RETURNS void AS $$
    UPDATE ticket_tallies SET tickets = tickets + sign,
        rated = rated + sign * (t.rating IS NOT NULL)::int,
        rating_sum = rating_sum + sign * COALESCE(t.rating, 0),
        resolved = resolved + sign * (t.resolved_at IS NOT NULL AND t.status IN ('resolved', 'closed'))::int,
        resolution_seconds = resolution_seconds + sign * CASE
            WHEN t.resolved_at IS NOT NULL AND t.status IN ('resolved', 'closed')
            THEN ROUND(EXTRACT(EPOCH FROM (t.resolved_at - t.created_at)))::bigint ELSE 0 END
    WHERE status = t.status;
$$ LANGUAGE sql;
-- +goose StatementEnd
UPDATE ticket_tallies SET tickets = f.tickets, rated = f.rated, rating_sum = f.rating_sum,
    resolved = f.resolved, resolution_seconds = f.resolution_seconds
FROM (
    SELECT status, SUM(tickets) AS tickets, SUM(rated) AS rated, SUM(rating_sum) AS rating_sum,
        SUM(resolved) AS resolved, SUM(resolution_seconds) AS resolution_seconds
    FROM ticket_tallies GROUP BY status
) f
WHERE ticket_tallies.status = f.status AND ticket_tallies.shard = 0;
DELETE FROM ticket_tallies WHERE shard <> 0;
ALTER TABLE ticket_tallies DROP CONSTRAINT ticket_tallies_pkey;
ALTER TABLE ticket_tallies ADD PRIMARY KEY (status);
ALTER TABLE ticket_tallies DROP COLUMN shard;
