-- +goose Up
-- The relay picks channel heads among due events. These indexes hold only the events still to
-- go out, so their cost follows what waits, not the delivered history nor the lanes blocked:
-- the due ones by their next attempt (read first), "is there an older one in this channel?"
-- and "this channel's head" by channel and order.
CREATE INDEX idx_outbox_events_due ON outbox_events (next_attempt_at) WHERE status IN ('pending', 'blocked');
CREATE INDEX idx_outbox_events_queued ON outbox_events (channel_id, id) WHERE status IN ('pending', 'blocked');
-- The oldest event still to go out, for the relay's gauge, is this index's first entry: by the
-- primary key, PostgreSQL would walk the whole delivered history before reaching it.
CREATE INDEX idx_outbox_events_queued_id ON outbox_events (id) WHERE status IN ('pending', 'blocked');
-- How many attempts in a row Discord refused for a reason an operator can fix: each one waits
-- longer before the next, up to an hour; an operator's retry starts again from the first wait.
ALTER TABLE outbox_events ADD COLUMN blocked_attempts bigint NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE outbox_events DROP COLUMN blocked_attempts;
DROP INDEX idx_outbox_events_queued_id;
DROP INDEX idx_outbox_events_queued;
DROP INDEX idx_outbox_events_due;
