-- +goose Up
CREATE TABLE documents (
    id bigserial PRIMARY KEY,
    discord_id varchar(32) NOT NULL,
    kind varchar(10) NOT NULL,
    number varchar(24) NOT NULL,
    roblox_name varchar(50) NOT NULL,
    roblox_key varchar(50) NOT NULL,
    nombre varchar(60) NOT NULL,
    apellido varchar(60) NOT NULL,
    estado varchar(40) NOT NULL DEFAULT '',
    municipio varchar(80) NOT NULL DEFAULT '',
    pais varchar(40) NOT NULL DEFAULT '',
    birth_date varchar(10) NOT NULL,
    issued_at timestamptz NOT NULL
);
-- One document per player: concurrent requests store exactly one.
CREATE UNIQUE INDEX idx_documents_discord_id ON documents (discord_id);
CREATE UNIQUE INDEX idx_documents_number ON documents (number);
CREATE INDEX idx_documents_roblox_key ON documents (roblox_key);

CREATE TABLE roblox_links (
    discord_id varchar(32) NOT NULL PRIMARY KEY,
    roblox_user_id varchar(32) NOT NULL,
    roblox_username varchar(50) NOT NULL,
    roblox_key varchar(50) NOT NULL,
    display_name varchar(50) NOT NULL DEFAULT '',
    picture varchar(500) NOT NULL DEFAULT '',
    verified_at timestamptz NOT NULL
);
-- One Roblox account links to one Discord account.
CREATE UNIQUE INDEX idx_roblox_links_roblox_user_id ON roblox_links (roblox_user_id);
CREATE INDEX idx_roblox_links_roblox_key ON roblox_links (roblox_key);

CREATE TABLE roblox_attempts (
    state varchar(64) NOT NULL PRIMARY KEY,
    discord_id varchar(32) NOT NULL,
    verifier varchar(128) NOT NULL,
    expires_at timestamptz NOT NULL
);
CREATE INDEX idx_roblox_attempts_expires_at ON roblox_attempts (expires_at);

CREATE TABLE charges (
    id bigserial PRIMARY KEY,
    discord_id varchar(32) NOT NULL DEFAULT '',
    roblox_username varchar(50) NOT NULL DEFAULT '',
    roblox_key varchar(50) NOT NULL DEFAULT '',
    description text NOT NULL,
    date varchar(10) NOT NULL,
    source varchar(10) NOT NULL,
    actor_id varchar(32) NOT NULL DEFAULT '',
    actor_name varchar(100) NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL
);
CREATE INDEX idx_charges_discord_id ON charges (discord_id);
CREATE INDEX idx_charges_roblox_key ON charges (roblox_key);

CREATE TABLE api_keys (
    id bigserial PRIMARY KEY,
    name varchar(80) NOT NULL,
    prefix varchar(16) NOT NULL,
    hash varchar(64) NOT NULL,
    created_by varchar(100) NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL,
    revoked_at timestamptz,
    last_used_at timestamptz
);
CREATE UNIQUE INDEX idx_api_keys_prefix ON api_keys (prefix);

