-- +goose Up
-- The relay picks channel heads among due events: this index holds only the events still to
-- go out, by channel and order, so "is there an older one in this channel?" and "this
-- channel's head" are one probe however long the delivered history grows.
CREATE INDEX `idx_outbox_events_queued` ON `outbox_events`(`channel_id`, `id`) WHERE status IN ('pending', 'blocked');
-- How many attempts in a row Discord refused for a reason an operator can fix: each one waits
-- longer before the next, up to an hour; an operator's retry starts again from the first wait.
ALTER TABLE `outbox_events` ADD COLUMN `blocked_attempts` integer NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE `outbox_events` DROP COLUMN `blocked_attempts`;
DROP INDEX `idx_outbox_events_queued`;
