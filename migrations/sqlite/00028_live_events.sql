-- +goose Up
-- What changes, for the members watching the portal: each event at a position handed out
-- by the one counter row as its transaction's last step, so positions commit in order.
-- Events are kept ten minutes.
CREATE TABLE `live_events` (
  `position` integer,
  `kind` text NOT NULL,
  `audience` text NOT NULL,
  `subject` text NOT NULL DEFAULT '',
  `payload` text NOT NULL,
  `created_at` datetime NOT NULL,
  PRIMARY KEY (`position`)
);
CREATE INDEX `idx_live_events_created_at` ON `live_events`(`created_at`);

CREATE TABLE `live_positions` (
  `id` integer,
  `value` integer NOT NULL,
  PRIMARY KEY (`id`)
);
INSERT INTO `live_positions` (`id`, `value`) VALUES (1, 0);

-- +goose Down
DROP TABLE `live_positions`;
DROP TABLE `live_events`;
