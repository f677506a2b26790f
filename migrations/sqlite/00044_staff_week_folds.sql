-- +goose Up
-- A fold keeps, besides the total, the worked time within the week it ran of the shifts it
-- folded, so the roster is ordered by this week's time from one row per member.
ALTER TABLE `staff_time_folds` ADD COLUMN `week_start` datetime;
ALTER TABLE `staff_time_folds` ADD COLUMN `week_seconds` integer NOT NULL DEFAULT 0;
-- Times are now written in UTC; a fold's line written in the community's zone would compare
-- wrongly with the shifts' starts. Totals read every shift until the daily job folds again.
DELETE FROM `staff_time_folds`;

-- +goose Down
ALTER TABLE `staff_time_folds` DROP COLUMN `week_seconds`;
ALTER TABLE `staff_time_folds` DROP COLUMN `week_start`;
