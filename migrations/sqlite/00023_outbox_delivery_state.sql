-- +goose Up
-- When an event was first tried: past Discord's nonce window, a retry looks for the post
-- before making it again.
ALTER TABLE `outbox_events` ADD COLUMN `first_attempt_at` datetime;

-- +goose Down
ALTER TABLE `outbox_events` DROP COLUMN `first_attempt_at`;
