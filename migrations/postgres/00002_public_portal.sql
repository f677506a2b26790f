-- +goose Up
CREATE TABLE news_items (
    id bigserial PRIMARY KEY,
    title varchar(200) NOT NULL,
    content text NOT NULL,
    type varchar(16) NOT NULL,
    date timestamptz NOT NULL,
    image_url varchar(2000) NOT NULL DEFAULT '',
    active boolean NOT NULL,
    author_id varchar(32) NOT NULL DEFAULT '',
    publish_event_id bigint,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);
CREATE INDEX idx_news_items_listing ON news_items (active, date DESC);

CREATE TABLE contact_messages (
    id bigserial PRIMARY KEY,
    name varchar(100) NOT NULL,
    subject varchar(200) NOT NULL DEFAULT '',
    body text NOT NULL,
    phone varchar(30) NOT NULL DEFAULT '',
    email varchar(254) NOT NULL,
    created_at timestamptz NOT NULL
);
CREATE INDEX idx_contact_messages_created_at ON contact_messages (created_at);

CREATE TABLE artist_applications (
    id bigserial PRIMARY KEY,
    email varchar(254) NOT NULL,
    phone varchar(30) NOT NULL,
    accepted_terms boolean NOT NULL,
    status varchar(16) NOT NULL DEFAULT 'pendiente',
    reviewed_by varchar(32) NOT NULL DEFAULT '',
    reviewed_at timestamptz,
    created_at timestamptz NOT NULL
);
CREATE INDEX idx_artist_applications_created_at ON artist_applications (created_at);
