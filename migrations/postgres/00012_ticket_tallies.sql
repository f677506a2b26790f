-- +goose Up
-- The support figures per status, kept by a trigger in the same transaction as every
-- ticket change, so the staff summary and the list's total read six rows instead of
-- counting every ticket.
CREATE TABLE ticket_tallies (
    status varchar(16) NOT NULL PRIMARY KEY,
    tickets bigint NOT NULL DEFAULT 0,
    rated bigint NOT NULL DEFAULT 0,
    rating_sum bigint NOT NULL DEFAULT 0,
    resolved bigint NOT NULL DEFAULT 0,
    resolution_seconds bigint NOT NULL DEFAULT 0
);
INSERT INTO ticket_tallies (status) VALUES
    ('open'), ('in_progress'), ('waiting_user'), ('waiting_staff'), ('resolved'), ('closed');
UPDATE ticket_tallies SET
    tickets = f.tickets, rated = f.rated, rating_sum = f.rating_sum,
    resolved = f.resolved, resolution_seconds = f.resolution_seconds
FROM (
    SELECT status, COUNT(*) AS tickets, COUNT(rating) AS rated, COALESCE(SUM(rating), 0) AS rating_sum,
        COUNT(*) FILTER (WHERE resolved_at IS NOT NULL AND status IN ('resolved', 'closed')) AS resolved,
        COALESCE(SUM(ROUND(EXTRACT(EPOCH FROM (resolved_at - created_at))))
            FILTER (WHERE resolved_at IS NOT NULL AND status IN ('resolved', 'closed')), 0) AS resolution_seconds
    FROM tickets GROUP BY status
) f
WHERE ticket_tallies.status = f.status;

-- +goose StatementBegin
-- ticket_tallies_add counts a ticket in (sign 1) or out of (sign -1) its status's figures.
CREATE FUNCTION ticket_tallies_add(t tickets, sign int) RETURNS void AS $$
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

-- +goose StatementBegin
CREATE FUNCTION ticket_tallies_follow() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM ticket_tallies_add(NEW, 1);
    ELSIF TG_OP = 'DELETE' THEN
        PERFORM ticket_tallies_add(OLD, -1);
    -- Both rows of a status change are updated in the order of their names, so two
    -- opposite changes cannot wait on each other.
    ELSIF OLD.status <= NEW.status THEN
        PERFORM ticket_tallies_add(OLD, -1);
        PERFORM ticket_tallies_add(NEW, 1);
    ELSE
        PERFORM ticket_tallies_add(NEW, 1);
        PERFORM ticket_tallies_add(OLD, -1);
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
CREATE TRIGGER ticket_tallies_insert_delete AFTER INSERT OR DELETE ON tickets
    FOR EACH ROW EXECUTE FUNCTION ticket_tallies_follow();
CREATE TRIGGER ticket_tallies_update AFTER UPDATE OF status, rating, resolved_at, created_at ON tickets
    FOR EACH ROW
    WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.rating IS DISTINCT FROM NEW.rating
        OR OLD.resolved_at IS DISTINCT FROM NEW.resolved_at OR OLD.created_at IS DISTINCT FROM NEW.created_at)
    EXECUTE FUNCTION ticket_tallies_follow();

-- +goose Down
DROP TRIGGER ticket_tallies_update ON tickets;
DROP TRIGGER ticket_tallies_insert_delete ON tickets;
DROP FUNCTION ticket_tallies_follow();
DROP FUNCTION ticket_tallies_add(tickets, int);
DROP TABLE ticket_tallies;
