-- +goose Up
CREATE TABLE `documents` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `discord_id` text NOT NULL,
  `kind` text NOT NULL,
  `number` text NOT NULL,
  `roblox_name` text NOT NULL,
  `roblox_key` text NOT NULL,
  `nombre` text NOT NULL,
  `apellido` text NOT NULL,
  `estado` text NOT NULL DEFAULT "",
  `municipio` text NOT NULL DEFAULT "",
  `pais` text NOT NULL DEFAULT "",
  `birth_date` text NOT NULL,
  `issued_at` datetime NOT NULL
);
-- One document per player: concurrent requests store exactly one.
CREATE UNIQUE INDEX `idx_documents_discord_id` ON `documents`(`discord_id`);
CREATE UNIQUE INDEX `idx_documents_number` ON `documents`(`number`);
CREATE INDEX `idx_documents_roblox_key` ON `documents`(`roblox_key`);

CREATE TABLE `roblox_links` (
  `discord_id` text,
  `roblox_user_id` text NOT NULL,
  `roblox_username` text NOT NULL,
  `roblox_key` text NOT NULL,
  `display_name` text NOT NULL DEFAULT "",
  `picture` text NOT NULL DEFAULT "",
  `verified_at` datetime NOT NULL,
  PRIMARY KEY (`discord_id`)
);
-- One Roblox account links to one Discord account.
CREATE UNIQUE INDEX `idx_roblox_links_roblox_user_id` ON `roblox_links`(`roblox_user_id`);
CREATE INDEX `idx_roblox_links_roblox_key` ON `roblox_links`(`roblox_key`);

CREATE TABLE `roblox_attempts` (
  `state` text,
  `discord_id` text NOT NULL,
  `verifier` text NOT NULL,
  `expires_at` datetime NOT NULL,
  PRIMARY KEY (`state`)
);
CREATE INDEX `idx_roblox_attempts_expires_at` ON `roblox_attempts`(`expires_at`);

CREATE TABLE `charges` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `discord_id` text NOT NULL DEFAULT "",
  `roblox_username` text NOT NULL DEFAULT "",
  `roblox_key` text NOT NULL DEFAULT "",
  `description` text NOT NULL,
  `date` text NOT NULL,
  `source` text NOT NULL,
  `actor_id` text NOT NULL DEFAULT "",
  `actor_name` text NOT NULL DEFAULT "",
  `created_at` datetime NOT NULL
);
CREATE INDEX `idx_charges_discord_id` ON `charges`(`discord_id`);
CREATE INDEX `idx_charges_roblox_key` ON `charges`(`roblox_key`);

CREATE TABLE `api_keys` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `name` text NOT NULL,
  `prefix` text NOT NULL,
  `hash` text NOT NULL,
  `created_by` text NOT NULL DEFAULT "",
  `created_at` datetime NOT NULL,
  `revoked_at` datetime,
  `last_used_at` datetime
);
CREATE UNIQUE INDEX `idx_api_keys_prefix` ON `api_keys`(`prefix`);
