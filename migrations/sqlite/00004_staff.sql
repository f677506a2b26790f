-- +goose Up
CREATE TABLE `staff_shifts` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `member_id` text NOT NULL,
  `server` text NOT NULL,
  `started_at` datetime NOT NULL,
  `ended_at` datetime,
  `capped` numeric NOT NULL DEFAULT false
);
-- One open shift per member, even when two clock-ins race.
CREATE UNIQUE INDEX `idx_staff_shifts_one_open` ON `staff_shifts`(`member_id`) WHERE ended_at IS NULL;
CREATE INDEX `idx_staff_shifts_member_started` ON `staff_shifts`(`member_id`,`started_at`);

CREATE TABLE `staff_adjustments` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `member_id` text NOT NULL,
  `seconds` integer NOT NULL,
  `actor_id` text NOT NULL,
  `actor_name` text NOT NULL DEFAULT "",
  `created_at` datetime NOT NULL
);
CREATE INDEX `idx_staff_adjustments_member_id` ON `staff_adjustments`(`member_id`);

CREATE TABLE `staff_records` (
  `member_id` text,
  `hired_at` datetime NOT NULL,
  `inactive` numeric NOT NULL DEFAULT false,
  `dismissed_at` datetime,
  `dismissed_by` text NOT NULL DEFAULT "",
  `dismiss_reason` text NOT NULL DEFAULT "",
  PRIMARY KEY (`member_id`)
);

CREATE TABLE `staff_notes` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `member_id` text NOT NULL,
  `kind` text NOT NULL,
  `text` text NOT NULL,
  `actor_id` text NOT NULL,
  `actor_name` text NOT NULL DEFAULT "",
  `created_at` datetime NOT NULL
);
CREATE INDEX `idx_staff_notes_member_id` ON `staff_notes`(`member_id`);

CREATE TABLE `staff_reports` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `member_id` text NOT NULL,
  `date` text NOT NULL,
  `content` text NOT NULL,
  `created_at` datetime NOT NULL
);
CREATE INDEX `idx_staff_reports_member_id` ON `staff_reports`(`member_id`);

CREATE TABLE `staff_weekly_reports` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `week_start` text NOT NULL,
  `content` text NOT NULL,
  `created_at` datetime NOT NULL
);
CREATE UNIQUE INDEX `idx_staff_weekly_reports_week_start` ON `staff_weekly_reports`(`week_start`);
