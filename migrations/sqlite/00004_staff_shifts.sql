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
