-- +goose Up
-- Events are ordered by their own id: SQLite has one writer at a time, and an event is
-- written as its transaction's last step, so ids are handed out in commit order. AUTOINCREMENT
-- keeps an id from being handed out twice once the newest events are pruned. (On PostgreSQL
-- the transaction's id orders them; here txn is always 0.) Events are kept ten minutes.
DROP TABLE `live_positions`;
DROP TABLE `live_events`;
CREATE TABLE `live_events` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `txn` integer NOT NULL,
  `kind` text NOT NULL,
  `audience` text NOT NULL,
  `subject` text NOT NULL DEFAULT '',
  `payload` text NOT NULL,
  `created_at` datetime NOT NULL
);
CREATE INDEX `idx_live_events_order` ON `live_events`(`txn`, `id`);
CREATE INDEX `idx_live_events_created_at` ON `live_events`(`created_at`);

-- +goose Down
DROP TABLE `live_events`;
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
