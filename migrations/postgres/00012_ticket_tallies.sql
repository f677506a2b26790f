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
CREATE FUNCTION ticket_tallies_follow() RETURNS trigger AS $$
DECLARE
    old_resolved boolean := TG_OP <> 'INSERT' AND OLD.resolved_at IS NOT NULL AND OLD.status IN ('resolved', 'closed');
    new_resolved boolean := TG_OP <> 'DELETE' AND NEW.resolved_at IS NOT NULL AND NEW.status IN ('resolved', 'closed');
    first_status varchar(16);
BEGIN
    -- Both rows of a status change are updated in the order of their names, so two
    -- opposite changes cannot wait on each other.
    IF TG_OP = 'UPDATE' THEN
        first_status := LEAST(OLD.status, NEW.status);
    ELSIF TG_OP = 'INSERT' THEN
        first_status := NEW.status;
    ELSE
        first_status := OLD.status;
    END IF;
    IF TG_OP <> 'INSERT' AND OLD.status = first_status THEN
        UPDATE ticket_tallies SET tickets = tickets - 1,
            rated = rated - (OLD.rating IS NOT NULL)::int,
            rating_sum = rating_sum - COALESCE(OLD.rating, 0),
            resolved = resolved - old_resolved::int,
            resolution_seconds = resolution_seconds - CASE WHEN old_resolved
                THEN ROUND(EXTRACT(EPOCH FROM (OLD.resolved_at - OLD.created_at)))::bigint ELSE 0 END
        WHERE status = OLD.status;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        UPDATE ticket_tallies SET tickets = tickets + 1,
            rated = rated + (NEW.rating IS NOT NULL)::int,
            rating_sum = rating_sum + COALESCE(NEW.rating, 0),
            resolved = resolved + new_resolved::int,
            resolution_seconds = resolution_seconds + CASE WHEN new_resolved
                THEN ROUND(EXTRACT(EPOCH FROM (NEW.resolved_at - NEW.created_at)))::bigint ELSE 0 END
        WHERE status = NEW.status;
    END IF;
    IF TG_OP <> 'INSERT' AND OLD.status <> first_status THEN
        UPDATE ticket_tallies SET tickets = tickets - 1,
            rated = rated - (OLD.rating IS NOT NULL)::int,
            rating_sum = rating_sum - COALESCE(OLD.rating, 0),
            resolved = resolved - old_resolved::int,
            resolution_seconds = resolution_seconds - CASE WHEN old_resolved
                THEN ROUND(EXTRACT(EPOCH FROM (OLD.resolved_at - OLD.created_at)))::bigint ELSE 0 END
        WHERE status = OLD.status;
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
DROP TABLE ticket_tallies;
