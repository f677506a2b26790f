-- +goose Up
-- Who holds each Roblox name: a verified account (whoever verified it last) or a claim
-- typed on a document. The primary key orders a claim against a verification of the same
-- name, so a name someone verified cannot be claimed by another person.
CREATE TABLE roblox_name_holds (
    roblox_key varchar(50) NOT NULL PRIMARY KEY,
    discord_id varchar(32) NOT NULL,
    verified boolean NOT NULL DEFAULT false,
    roblox_user_id varchar(32) NOT NULL DEFAULT '',
    updated_at timestamptz NOT NULL
);
CREATE INDEX idx_roblox_name_holds_discord_id ON roblox_name_holds (discord_id);

-- The names verified so far (the newest verification of a name wins), then the claims on
-- documents of names nobody verified.
INSERT INTO roblox_name_holds (roblox_key, discord_id, verified, roblox_user_id, updated_at)
  SELECT DISTINCT ON (roblox_key) roblox_key, discord_id, true, roblox_user_id, verified_at FROM roblox_links
  ORDER BY roblox_key, verified_at DESC, discord_id DESC;
INSERT INTO roblox_name_holds (roblox_key, discord_id, verified, roblox_user_id, updated_at)
  SELECT DISTINCT ON (roblox_key) roblox_key, discord_id, false, '', issued_at FROM documents
  ORDER BY roblox_key, issued_at
  ON CONFLICT (roblox_key) DO NOTHING;

-- A game server may name the Roblox account by its user id as well as its name.
ALTER TABLE charges ADD COLUMN roblox_user_id varchar(32) NOT NULL DEFAULT '';
CREATE INDEX idx_charges_roblox_user_id ON charges (roblox_user_id);

-- One-time data repairs, each recorded when it ran so that it runs once.
CREATE TABLE data_repairs (
    name varchar(64) NOT NULL PRIMARY KEY,
    applied_at timestamptz NOT NULL,
    changed bigint NOT NULL DEFAULT 0
);
