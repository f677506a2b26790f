-- +goose Up
-- The team's kept hours hold the days over of this week as well as the weeks over: a span is
-- its start and its end, so a week and its Monday are two rows. Forgetting is unchanged (the
-- triggers of 00040 delete every kept span a shift or a break overlaps).
ALTER TABLE staff_week_hours DROP CONSTRAINT staff_week_hours_pkey;
ALTER TABLE staff_week_hours ADD PRIMARY KEY (week_start, week_end, server);

-- +goose Down
DELETE FROM staff_week_hours;
ALTER TABLE staff_week_hours DROP CONSTRAINT staff_week_hours_pkey;
ALTER TABLE staff_week_hours ADD PRIMARY KEY (week_start, server);
