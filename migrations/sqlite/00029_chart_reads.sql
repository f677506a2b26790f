-- +goose Up
-- The charts read tickets by the day they opened and were resolved, and every member's shifts
-- by when they started: an index each, so that a month of them is not a scan of all.
CREATE INDEX `idx_tickets_created_at` ON `tickets`(`created_at`);
CREATE INDEX `idx_tickets_resolved_at` ON `tickets`(`resolved_at`);
CREATE INDEX `idx_staff_shifts_started_at` ON `staff_shifts`(`started_at`);

-- +goose Down
DROP INDEX `idx_staff_shifts_started_at`;
DROP INDEX `idx_tickets_resolved_at`;
DROP INDEX `idx_tickets_created_at`;
