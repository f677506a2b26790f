-- +goose Up
-- The first staff reply of each ticket, kept on the ticket when it is written, so the daily
-- chart groups tickets by day without reading their messages. Filled here from the messages.
ALTER TABLE tickets ADD COLUMN first_staff_at timestamptz;
UPDATE tickets SET first_staff_at = f.first_at
FROM (SELECT ticket_id, MIN(created_at) AS first_at FROM ticket_messages WHERE sender_type = 'staff' GROUP BY ticket_id) f
WHERE tickets.id = f.ticket_id;

-- Staff figures read a member's own replies and the ratings of the tickets assigned to them.
CREATE INDEX idx_ticket_messages_staff_sender ON ticket_messages (sender_id, ticket_id) WHERE sender_type = 'staff';
CREATE INDEX idx_tickets_assignee_rated ON tickets (assignee_id, rating) WHERE rating IS NOT NULL;
-- The staff list filtered by priority or category, newest activity first, reads a page of
-- the filter's own order instead of walking every ticket by date.
CREATE INDEX idx_tickets_priority_updated ON tickets (priority, updated_at, id);
CREATE INDEX idx_tickets_category_updated ON tickets (category, updated_at, id);

-- The shifts that ended in a week, and the breaks of a member or of everyone by when they
-- began: the week's figures read these instead of every shift and break ever recorded.
CREATE INDEX idx_staff_shifts_ended_at ON staff_shifts (ended_at);
CREATE INDEX idx_staff_breaks_member_started ON staff_breaks (member_id, started_at);
CREATE INDEX idx_staff_breaks_started_at ON staff_breaks (started_at);

-- A member's worked time of the closed shifts that started before folded_before, and the
-- server of the last of them, so a total adds this running figure to the shifts after it
-- rather than reading every shift ever.
CREATE TABLE staff_time_folds (
    member_id varchar(32) PRIMARY KEY,
    worked_seconds bigint NOT NULL DEFAULT 0,
    last_server varchar(64) NOT NULL DEFAULT '',
    folded_before timestamptz NOT NULL
);

-- +goose Down
DROP TABLE staff_time_folds;
DROP INDEX idx_staff_breaks_member_started;
DROP INDEX idx_staff_breaks_started_at;
DROP INDEX idx_staff_shifts_ended_at;
DROP INDEX idx_tickets_category_updated;
DROP INDEX idx_tickets_priority_updated;
DROP INDEX idx_tickets_assignee_rated;
DROP INDEX idx_ticket_messages_staff_sender;
ALTER TABLE tickets DROP COLUMN first_staff_at;
