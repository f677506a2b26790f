-- +goose Up
-- A staff message from a ticket's Discord thread is recorded once, even when it is
-- delivered twice at once. Copies recorded before this index existed go (the first stays).
DELETE FROM ticket_attachments WHERE message_id IN (
    SELECT m.id FROM ticket_messages m
    WHERE m.discord_message_id <> '' AND EXISTS (
        SELECT 1 FROM ticket_messages f WHERE f.discord_message_id = m.discord_message_id AND f.id < m.id));
DELETE FROM ticket_messages m
WHERE m.discord_message_id <> '' AND EXISTS (
    SELECT 1 FROM ticket_messages f WHERE f.discord_message_id = m.discord_message_id AND f.id < m.id);
CREATE UNIQUE INDEX idx_ticket_messages_discord_message_id ON ticket_messages (discord_message_id) WHERE discord_message_id <> '';

-- +goose Down
DROP INDEX idx_ticket_messages_discord_message_id;
