-- +goose Up
CREATE TABLE staff_shifts (
    id bigserial PRIMARY KEY,
    member_id varchar(32) NOT NULL,
    server varchar(64) NOT NULL,
    started_at timestamptz NOT NULL,
    ended_at timestamptz,
    capped boolean NOT NULL DEFAULT false
);
-- One open shift per member, even when two clock-ins race.
CREATE UNIQUE INDEX idx_staff_shifts_one_open ON staff_shifts (member_id) WHERE ended_at IS NULL;
CREATE INDEX idx_staff_shifts_member_started ON staff_shifts (member_id, started_at);

CREATE TABLE staff_adjustments (
    id bigserial PRIMARY KEY,
    member_id varchar(32) NOT NULL,
    seconds bigint NOT NULL,
    actor_id varchar(32) NOT NULL,
    actor_name varchar(100) NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL
);
CREATE INDEX idx_staff_adjustments_member_id ON staff_adjustments (member_id);

CREATE TABLE staff_records (
    member_id varchar(32) NOT NULL PRIMARY KEY,
    hired_at timestamptz NOT NULL,
    inactive boolean NOT NULL DEFAULT false,
    dismissed_at timestamptz,
    dismissed_by varchar(32) NOT NULL DEFAULT '',
    dismiss_reason text NOT NULL DEFAULT ''
);

CREATE TABLE staff_notes (
    id bigserial PRIMARY KEY,
    member_id varchar(32) NOT NULL,
    kind varchar(8) NOT NULL,
    text text NOT NULL,
    actor_id varchar(32) NOT NULL,
    actor_name varchar(100) NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL
);
CREATE INDEX idx_staff_notes_member_id ON staff_notes (member_id);

CREATE TABLE staff_reports (
    id bigserial PRIMARY KEY,
    member_id varchar(32) NOT NULL,
    date varchar(10) NOT NULL,
    content text NOT NULL,
    created_at timestamptz NOT NULL
);
CREATE INDEX idx_staff_reports_member_id ON staff_reports (member_id);

CREATE TABLE staff_weekly_reports (
    id bigserial PRIMARY KEY,
    week_start varchar(10) NOT NULL,
    content text NOT NULL,
    created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX idx_staff_weekly_reports_week_start ON staff_weekly_reports (week_start);
