-- +goose Up
-- A ticket's page reads all its files at once, by ticket.
CREATE INDEX idx_ticket_attachments_ticket_id ON ticket_attachments (ticket_id);

-- +goose Down
DROP INDEX idx_ticket_attachments_ticket_id;
