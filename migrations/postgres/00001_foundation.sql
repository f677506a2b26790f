-- +goose Up
CREATE TABLE users (
    discord_id varchar(32) NOT NULL PRIMARY KEY,
    username varchar(100) NOT NULL DEFAULT '',
    email varchar(320) NOT NULL DEFAULT '',
    avatar varchar(100) NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    last_login_at timestamptz NOT NULL
);

CREATE TABLE members (
    discord_id varchar(32) NOT NULL PRIMARY KEY,
    username varchar(100) NOT NULL DEFAULT '',
    global_name varchar(100) NOT NULL DEFAULT '',
    avatar varchar(100) NOT NULL DEFAULT '',
    in_guild boolean NOT NULL DEFAULT false,
    joined_at timestamptz,
    left_at timestamptz,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL
);

CREATE TABLE member_roles (
    member_id varchar(32) NOT NULL,
    role_id varchar(32) NOT NULL,
    PRIMARY KEY (member_id, role_id),
    CONSTRAINT fk_member_roles_member FOREIGN KEY (member_id) REFERENCES members(discord_id) ON DELETE CASCADE
);
CREATE INDEX idx_member_roles_role_id ON member_roles (role_id);

CREATE TABLE sessions (
    id varchar(64) NOT NULL PRIMARY KEY,
    user_id varchar(32) NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    revoked_at timestamptz,
    CONSTRAINT fk_sessions_user FOREIGN KEY (user_id) REFERENCES users(discord_id) ON DELETE CASCADE
);
CREATE INDEX idx_sessions_expires_at ON sessions (expires_at);
CREATE INDEX idx_sessions_user_id ON sessions (user_id);

CREATE TABLE outbox_events (
    id bigserial PRIMARY KEY,
    kind varchar(64) NOT NULL,
    channel_id varchar(32) NOT NULL DEFAULT '',
    payload text NOT NULL,
    nonce varchar(25) NOT NULL,
    status varchar(16) NOT NULL DEFAULT 'pending',
    attempts bigint NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL,
    last_error text NOT NULL DEFAULT '',
    discord_message_id varchar(32) NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL,
    delivered_at timestamptz
);
CREATE INDEX idx_outbox_events_pending ON outbox_events (status, next_attempt_at);
CREATE UNIQUE INDEX idx_outbox_events_nonce ON outbox_events (nonce);
