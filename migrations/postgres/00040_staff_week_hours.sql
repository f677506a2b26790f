-- +goose Up
-- The team's time in each week already over, per server, once computed: a change to a shift
-- or a break forgets the weeks it spans, in the same transaction, so the hours chart reads a
-- row per week and server and computes only this week and the weeks that changed.
CREATE TABLE staff_week_hours (
    week_start timestamptz NOT NULL,
    server varchar(64) NOT NULL,
    week_end timestamptz NOT NULL,
    seconds bigint NOT NULL DEFAULT 0,
    computed_at timestamptz NOT NULL,
    PRIMARY KEY (week_start, server)
);

-- +goose StatementBegin
CREATE FUNCTION staff_week_hours_forget() RETURNS trigger AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        DELETE FROM staff_week_hours WHERE week_start < COALESCE(OLD.ended_at, 'infinity') AND week_end > OLD.started_at;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        DELETE FROM staff_week_hours WHERE week_start < COALESCE(NEW.ended_at, 'infinity') AND week_end > NEW.started_at;
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
CREATE TRIGGER staff_week_hours_shifts AFTER INSERT OR UPDATE OR DELETE ON staff_shifts
    FOR EACH ROW EXECUTE FUNCTION staff_week_hours_forget();
CREATE TRIGGER staff_week_hours_breaks AFTER INSERT OR UPDATE OR DELETE ON staff_breaks
    FOR EACH ROW EXECUTE FUNCTION staff_week_hours_forget();

-- +goose Down
DROP TRIGGER staff_week_hours_breaks ON staff_breaks;
DROP TRIGGER staff_week_hours_shifts ON staff_shifts;
DROP FUNCTION staff_week_hours_forget();
DROP TABLE staff_week_hours;
