-- +goose Up
CREATE TABLE tickets (
    id bigserial PRIMARY KEY,
    title varchar(200) NOT NULL,
    category varchar(32) NOT NULL,
    status varchar(16) NOT NULL,
    priority varchar(8) NOT NULL,
    author_id varchar(32) NOT NULL,
    author_name varchar(100) NOT NULL,
    assignee_id varchar(32) NOT NULL DEFAULT '',
    assignee_name varchar(100) NOT NULL DEFAULT '',
    discord_thread_id varchar(32) NOT NULL DEFAULT '',
    thread_event_id bigint,
    rating bigint,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    last_message_at timestamptz NOT NULL,
    last_staff_at timestamptz,
    resolved_at timestamptz,
    closed_at timestamptz
);
CREATE INDEX idx_tickets_discord_thread_id ON tickets (discord_thread_id);
CREATE INDEX idx_tickets_author_updated ON tickets (author_id, updated_at);
CREATE INDEX idx_tickets_status_updated ON tickets (status, updated_at);

CREATE TABLE ticket_messages (
    id bigserial PRIMARY KEY,
    ticket_id bigint NOT NULL,
    sender_type varchar(8) NOT NULL,
    sender_id varchar(32) NOT NULL DEFAULT '',
    sender_name varchar(100) NOT NULL DEFAULT '',
    sender_avatar varchar(100) NOT NULL DEFAULT '',
    content text NOT NULL,
    discord_message_id varchar(32) NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL,
    CONSTRAINT fk_ticket_messages_ticket FOREIGN KEY (ticket_id) REFERENCES tickets(id) ON DELETE CASCADE
);
CREATE INDEX idx_ticket_messages_ticket_id ON ticket_messages (ticket_id);

CREATE TABLE ticket_attachments (
    id bigserial PRIMARY KEY,
    message_id bigint NOT NULL,
    ticket_id bigint NOT NULL,
    storage_key varchar(200) NOT NULL,
    filename varchar(255) NOT NULL,
    content_type varchar(64) NOT NULL,
    size bigint NOT NULL,
    CONSTRAINT fk_ticket_messages_attachments FOREIGN KEY (message_id) REFERENCES ticket_messages(id) ON DELETE CASCADE
);
CREATE INDEX idx_ticket_attachments_message_id ON ticket_attachments (message_id);

CREATE TABLE ticket_events (
    id bigserial PRIMARY KEY,
    ticket_id bigint NOT NULL,
    kind varchar(16) NOT NULL,
    actor_id varchar(32) NOT NULL DEFAULT '',
    actor_name varchar(100) NOT NULL DEFAULT '',
    before varchar(100) NOT NULL DEFAULT '',
    after varchar(100) NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL,
    CONSTRAINT fk_ticket_events_ticket FOREIGN KEY (ticket_id) REFERENCES tickets(id) ON DELETE CASCADE
);
CREATE INDEX idx_ticket_events_ticket_id ON ticket_events (ticket_id);

CREATE TABLE ticket_reads (
    ticket_id bigint NOT NULL,
    user_id varchar(32) NOT NULL,
    seen_at timestamptz NOT NULL,
    PRIMARY KEY (ticket_id, user_id),
    CONSTRAINT fk_ticket_reads_ticket FOREIGN KEY (ticket_id) REFERENCES tickets(id) ON DELETE CASCADE
);

CREATE TABLE ticket_transcript_views (
    id bigserial PRIMARY KEY,
    ticket_id bigint NOT NULL,
    viewer_id varchar(32) NOT NULL,
    viewed_at timestamptz NOT NULL,
    CONSTRAINT fk_ticket_transcript_views_ticket FOREIGN KEY (ticket_id) REFERENCES tickets(id) ON DELETE CASCADE
);
CREATE INDEX idx_ticket_transcript_views_ticket_id ON ticket_transcript_views (ticket_id);
