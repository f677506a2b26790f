-- +goose Up
-- What the bot was last asked to make of each linked member in Discord: the verified role,
-- the roles bound to Roblox group ranks and the nickname. A change is delivered once, and a
-- change made by hand is put back.
CREATE TABLE discord_identities (
    discord_id varchar(32) NOT NULL PRIMARY KEY,
    roblox_user_id varchar(32) NOT NULL,
    roles text NOT NULL DEFAULT '',
    bind_roles text NOT NULL DEFAULT '',
    nick varchar(128) NOT NULL DEFAULT '',
    reapplied_for text NOT NULL DEFAULT '',
    binds_checked_at timestamptz,
    updated_at timestamptz NOT NULL
);
CREATE INDEX idx_discord_identities_binds_checked_at ON discord_identities (binds_checked_at);

-- +goose Down
DROP TABLE discord_identities;
