-- +goose Up
CREATE TABLE initiatives (
    id bigserial PRIMARY KEY,
    body varchar(10) NOT NULL,
    title varchar(200) NOT NULL,
    summary text NOT NULL,
    status varchar(10) NOT NULL DEFAULT 'pending',
    voting_enabled boolean NOT NULL DEFAULT false,
    voting_end_date timestamptz,
    created_by varchar(32) NOT NULL,
    created_by_name varchar(100) NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);
CREATE INDEX idx_initiatives_body_created ON initiatives (body, created_at);
-- The closing job looks for open votes whose end date has passed.
CREATE INDEX idx_initiatives_status_end ON initiatives (status, voting_end_date);

CREATE TABLE initiative_votes (
    id bigserial PRIMARY KEY,
    initiative_id bigint NOT NULL,
    member_id varchar(32) NOT NULL,
    member_name varchar(100) NOT NULL DEFAULT '',
    choice varchar(10) NOT NULL,
    created_at timestamptz NOT NULL,
    CONSTRAINT fk_initiative_votes_initiative FOREIGN KEY (initiative_id) REFERENCES initiatives(id) ON DELETE CASCADE
);
-- One vote per member and initiative, however many requests race.
CREATE UNIQUE INDEX idx_votes_one_per_member ON initiative_votes (initiative_id, member_id);

CREATE TABLE initiative_events (
    id bigserial PRIMARY KEY,
    initiative_id bigint NOT NULL,
    kind varchar(20) NOT NULL,
    detail text NOT NULL DEFAULT '',
    actor_name varchar(100) NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL,
    CONSTRAINT fk_initiative_events_initiative FOREIGN KEY (initiative_id) REFERENCES initiatives(id) ON DELETE CASCADE
);
CREATE INDEX idx_initiative_events_initiative_id ON initiative_events (initiative_id);

CREATE TABLE agenda_items (
    id bigserial PRIMARY KEY,
    body varchar(10) NOT NULL,
    title varchar(200) NOT NULL,
    description text NOT NULL DEFAULT '',
    time varchar(5) NOT NULL,
    date varchar(10) NOT NULL,
    created_by varchar(32) NOT NULL,
    created_at timestamptz NOT NULL
);
CREATE INDEX idx_agenda_items_body_date ON agenda_items (body, date);
