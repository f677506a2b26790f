-- +goose Up
-- A break pauses a shift's clock; worked time is the shift less its breaks.
CREATE TABLE `staff_breaks` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `shift_id` integer NOT NULL,
  `member_id` text NOT NULL,
  `started_at` datetime NOT NULL,
  `ended_at` datetime
);
-- One open break per shift, even when two pauses race.
CREATE UNIQUE INDEX `idx_staff_breaks_one_open` ON `staff_breaks`(`shift_id`) WHERE ended_at IS NULL;
CREATE INDEX `idx_staff_breaks_shift_id` ON `staff_breaks`(`shift_id`);

-- A leave of absence a staff member asks for and a director approves or refuses.
CREATE TABLE `staff_leaves` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `member_id` text NOT NULL,
  `starts_on` text NOT NULL,
  `ends_on` text NOT NULL,
  `reason` text NOT NULL,
  `status` text NOT NULL,
  `created_at` datetime NOT NULL,
  `decided_by` text NOT NULL DEFAULT "",
  `decided_by_name` text NOT NULL DEFAULT "",
  `decided_at` datetime
);
CREATE INDEX `idx_staff_leaves_member_id` ON `staff_leaves`(`member_id`);
CREATE INDEX `idx_staff_leaves_status` ON `staff_leaves`(`status`);

-- The weekly hour quota of a staff role.
CREATE TABLE `staff_quotas` (
  `role_id` text,
  `seconds` integer NOT NULL,
  `updated_at` datetime NOT NULL,
  PRIMARY KEY (`role_id`)
);

-- +goose Down
DROP TABLE `staff_quotas`;
DROP TABLE `staff_leaves`;
DROP TABLE `staff_breaks`;
