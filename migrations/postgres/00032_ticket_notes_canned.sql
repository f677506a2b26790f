-- +goose Up
-- Private notes of support staff on a ticket: shown to staff, never to its author.
CREATE TABLE ticket_notes (
    id bigserial PRIMARY KEY,
    ticket_id bigint NOT NULL,
    author_id varchar(32) NOT NULL,
    author_name varchar(100) NOT NULL,
    content text NOT NULL,
    created_at timestamptz NOT NULL,
    CONSTRAINT fk_ticket_notes_ticket FOREIGN KEY (ticket_id) REFERENCES tickets(id) ON DELETE CASCADE
);
CREATE INDEX idx_ticket_notes_ticket_id ON ticket_notes (ticket_id);

-- Canned replies of the support desk; a name is unique whatever its case (name_key).
CREATE TABLE ticket_canned_replies (
    id bigserial PRIMARY KEY,
    name varchar(60) NOT NULL,
    name_key varchar(60) NOT NULL,
    content text NOT NULL,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX idx_ticket_canned_replies_name_key ON ticket_canned_replies (name_key);

-- +goose Down
DROP TABLE ticket_canned_replies;
DROP TABLE ticket_notes;
