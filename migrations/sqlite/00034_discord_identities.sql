-- +goose Up
-- What the bot was last asked to make of each linked member in Discord: the verified role,
-- the roles bound to Roblox group ranks and the nickname. A change is delivered once, and a
-- change made by hand is put back.
CREATE TABLE `discord_identities` (
  `discord_id` text,
  `roblox_user_id` text NOT NULL,
  `roles` text NOT NULL DEFAULT "",
  `bind_roles` text NOT NULL DEFAULT "",
  `nick` text NOT NULL DEFAULT "",
  `reapplied_for` text NOT NULL DEFAULT "",
  `binds_checked_at` datetime,
  `updated_at` datetime NOT NULL,
  PRIMARY KEY (`discord_id`)
);
CREATE INDEX `idx_discord_identities_binds_checked_at` ON `discord_identities`(`binds_checked_at`);

-- +goose Down
DROP TABLE `discord_identities`;
