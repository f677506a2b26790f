-- +goose Up
-- A fold keeps, besides the total, the worked time within the week it ran of the shifts it
-- folded, so the roster is ordered by this week's time from one row per member.
ALTER TABLE staff_time_folds ADD COLUMN week_start timestamptz;
ALTER TABLE staff_time_folds ADD COLUMN week_seconds bigint NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE staff_time_folds DROP COLUMN week_seconds;
ALTER TABLE staff_time_folds DROP COLUMN week_start;
