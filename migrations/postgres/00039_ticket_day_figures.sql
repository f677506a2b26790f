-- +goose Up
-- The daily chart's figures of each day already computed: the tickets opened and resolved
-- that day and their medians. A change to a ticket's opening, first staff reply or
-- resolution forgets the days it touches, in the same transaction, so a chart of 180 days
-- reads 180 rows and computes only the days that changed.
CREATE TABLE ticket_day_figures (
    day_start timestamptz PRIMARY KEY,
    day_end timestamptz NOT NULL,
    opened bigint NOT NULL,
    resolved bigint NOT NULL,
    median_first_response_seconds bigint,
    median_resolution_seconds bigint,
    computed_at timestamptz NOT NULL
);

-- +goose StatementBegin
CREATE FUNCTION ticket_day_figures_forget() RETURNS trigger AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        DELETE FROM ticket_day_figures WHERE (day_start <= OLD.created_at AND day_end > OLD.created_at)
            OR (day_start <= OLD.resolved_at AND day_end > OLD.resolved_at);
    END IF;
    IF TG_OP <> 'DELETE' THEN
        DELETE FROM ticket_day_figures WHERE (day_start <= NEW.created_at AND day_end > NEW.created_at)
            OR (day_start <= NEW.resolved_at AND day_end > NEW.resolved_at);
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
CREATE TRIGGER ticket_day_figures_insert_delete AFTER INSERT OR DELETE ON tickets
    FOR EACH ROW EXECUTE FUNCTION ticket_day_figures_forget();
CREATE TRIGGER ticket_day_figures_update AFTER UPDATE OF created_at, first_staff_at, resolved_at ON tickets
    FOR EACH ROW
    WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.first_staff_at IS DISTINCT FROM NEW.first_staff_at
        OR OLD.resolved_at IS DISTINCT FROM NEW.resolved_at)
    EXECUTE FUNCTION ticket_day_figures_forget();

-- +goose Down
DROP TRIGGER ticket_day_figures_update ON tickets;
DROP TRIGGER ticket_day_figures_insert_delete ON tickets;
DROP FUNCTION ticket_day_figures_forget();
DROP TABLE ticket_day_figures;
