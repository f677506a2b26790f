-- +goose Up
-- Who holds each Roblox name: a verified account (whoever verified it last) or a claim
-- typed on a document. The primary key orders a claim against a verification of the same
-- name, so a name someone verified cannot be claimed by another person.
CREATE TABLE `roblox_name_holds` (
  `roblox_key` text,
  `discord_id` text NOT NULL,
  `verified` numeric NOT NULL DEFAULT false,
  `roblox_user_id` text NOT NULL DEFAULT "",
  `updated_at` datetime NOT NULL,
  PRIMARY KEY (`roblox_key`)
);
CREATE INDEX `idx_roblox_name_holds_discord_id` ON `roblox_name_holds`(`discord_id`);

-- The names verified so far (the newest verification of a name wins), then the claims on
-- documents of names nobody verified.
INSERT INTO `roblox_name_holds` (`roblox_key`, `discord_id`, `verified`, `roblox_user_id`, `updated_at`)
  SELECT `roblox_key`, `discord_id`, true, `roblox_user_id`, `verified_at` FROM `roblox_links` AS l
  WHERE NOT EXISTS (SELECT 1 FROM `roblox_links` AS n WHERE n.`roblox_key` = l.`roblox_key`
    AND (n.`verified_at` > l.`verified_at` OR (n.`verified_at` = l.`verified_at` AND n.`discord_id` > l.`discord_id`)));
INSERT INTO `roblox_name_holds` (`roblox_key`, `discord_id`, `verified`, `roblox_user_id`, `updated_at`)
  SELECT `roblox_key`, `discord_id`, false, "", `issued_at` FROM `documents` WHERE true
  ON CONFLICT (`roblox_key`) DO NOTHING;

-- A game server may name the Roblox account by its user id as well as its name.
ALTER TABLE `charges` ADD COLUMN `roblox_user_id` text NOT NULL DEFAULT "";
CREATE INDEX `idx_charges_roblox_user_id` ON `charges`(`roblox_user_id`);

-- One-time data repairs, each recorded when it ran so that it runs once.
CREATE TABLE `data_repairs` (
  `name` text,
  `applied_at` datetime NOT NULL,
  `changed` integer NOT NULL DEFAULT 0,
  PRIMARY KEY (`name`)
);
