-- +goose Up
CREATE TABLE `users` (
  `discord_id` text,
  `username` text NOT NULL DEFAULT "",
  `email` text NOT NULL DEFAULT "",
  `avatar` text NOT NULL DEFAULT "",
  `created_at` datetime NOT NULL,
  `updated_at` datetime NOT NULL,
  `last_login_at` datetime NOT NULL,
  PRIMARY KEY (`discord_id`)
);

CREATE TABLE `members` (
  `discord_id` text,
  `username` text NOT NULL DEFAULT "",
  `global_name` text NOT NULL DEFAULT "",
  `avatar` text NOT NULL DEFAULT "",
  `in_guild` numeric NOT NULL DEFAULT false,
  `joined_at` datetime,
  `left_at` datetime,
  `created_at` datetime NOT NULL,
  `updated_at` datetime NOT NULL,
  PRIMARY KEY (`discord_id`)
);

CREATE TABLE `member_roles` (
  `member_id` text,
  `role_id` text,
  PRIMARY KEY (`member_id`,`role_id`),
  CONSTRAINT `fk_member_roles_member` FOREIGN KEY (`member_id`) REFERENCES `members`(`discord_id`) ON DELETE CASCADE
);
CREATE INDEX `idx_member_roles_role_id` ON `member_roles`(`role_id`);

CREATE TABLE `sessions` (
  `id` text,
  `user_id` text NOT NULL,
  `created_at` datetime NOT NULL,
  `expires_at` datetime NOT NULL,
  `revoked_at` datetime,
  PRIMARY KEY (`id`),
  CONSTRAINT `fk_sessions_user` FOREIGN KEY (`user_id`) REFERENCES `users`(`discord_id`) ON DELETE CASCADE
);
CREATE INDEX `idx_sessions_expires_at` ON `sessions`(`expires_at`);
CREATE INDEX `idx_sessions_user_id` ON `sessions`(`user_id`);

CREATE TABLE `outbox_events` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `kind` text NOT NULL,
  `channel_id` text NOT NULL DEFAULT "",
  `payload` text NOT NULL,
  `nonce` text NOT NULL,
  `status` text NOT NULL DEFAULT "pending",
  `attempts` integer NOT NULL DEFAULT 0,
  `next_attempt_at` datetime NOT NULL,
  `last_error` text NOT NULL DEFAULT "",
  `discord_message_id` text NOT NULL DEFAULT "",
  `created_at` datetime NOT NULL,
  `delivered_at` datetime
);
CREATE INDEX `idx_outbox_events_pending` ON `outbox_events`(`status`, `next_attempt_at`);
CREATE UNIQUE INDEX `idx_outbox_events_nonce` ON `outbox_events`(`nonce`);
