-- +goose Up
CREATE TABLE `initiatives` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `body` text NOT NULL,
  `title` text NOT NULL,
  `summary` text NOT NULL,
  `status` text NOT NULL DEFAULT "pending",
  `voting_enabled` numeric NOT NULL DEFAULT false,
  `voting_end_date` datetime,
  `created_by` text NOT NULL,
  `created_by_name` text NOT NULL DEFAULT "",
  `created_at` datetime NOT NULL,
  `updated_at` datetime NOT NULL
);
CREATE INDEX `idx_initiatives_body_created` ON `initiatives`(`body`,`created_at`);
-- The closing job looks for open votes whose end date has passed.
CREATE INDEX `idx_initiatives_status_end` ON `initiatives`(`status`,`voting_end_date`);

CREATE TABLE `initiative_votes` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `initiative_id` integer NOT NULL,
  `member_id` text NOT NULL,
  `member_name` text NOT NULL DEFAULT "",
  `choice` text NOT NULL,
  `created_at` datetime NOT NULL,
  CONSTRAINT `fk_initiative_votes_initiative` FOREIGN KEY (`initiative_id`) REFERENCES `initiatives`(`id`) ON DELETE CASCADE
);
-- One vote per member and initiative, however many requests race.
CREATE UNIQUE INDEX `idx_votes_one_per_member` ON `initiative_votes`(`initiative_id`,`member_id`);

CREATE TABLE `initiative_events` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `initiative_id` integer NOT NULL,
  `kind` text NOT NULL,
  `detail` text NOT NULL DEFAULT "",
  `actor_name` text NOT NULL DEFAULT "",
  `created_at` datetime NOT NULL,
  CONSTRAINT `fk_initiative_events_initiative` FOREIGN KEY (`initiative_id`) REFERENCES `initiatives`(`id`) ON DELETE CASCADE
);
CREATE INDEX `idx_initiative_events_initiative_id` ON `initiative_events`(`initiative_id`);

CREATE TABLE `agenda_items` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `body` text NOT NULL,
  `title` text NOT NULL,
  `description` text NOT NULL DEFAULT "",
  `time` text NOT NULL,
  `date` text NOT NULL,
  `created_by` text NOT NULL,
  `created_at` datetime NOT NULL
);
CREATE INDEX `idx_agenda_items_body_date` ON `agenda_items`(`body`,`date`);
