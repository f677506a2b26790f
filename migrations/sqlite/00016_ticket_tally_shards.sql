-- +goose Up
-- The same shape as on PostgreSQL, where each status's figures are split over 16 rows so
-- that concurrent changes lock different rows. SQLite has one writer at a time and gains
-- nothing from that: every status keeps its one row, shard 0, which the triggers update.
-- The table is rebuilt to change its key; legacy_alter_table keeps the rename from
-- checking the tickets' triggers, which name the table, while it is briefly missing.
PRAGMA legacy_alter_table = ON;
CREATE TABLE `ticket_tallies_sharded` (
  `status` text,
  `shard` integer NOT NULL DEFAULT 0,
  `tickets` integer NOT NULL DEFAULT 0,
  `rated` integer NOT NULL DEFAULT 0,
  `rating_sum` integer NOT NULL DEFAULT 0,
  `resolved` integer NOT NULL DEFAULT 0,
  `resolution_seconds` integer NOT NULL DEFAULT 0,
  PRIMARY KEY (`status`,`shard`)
);
INSERT INTO `ticket_tallies_sharded` (`status`, `tickets`, `rated`, `rating_sum`, `resolved`, `resolution_seconds`)
  SELECT `status`, `tickets`, `rated`, `rating_sum`, `resolved`, `resolution_seconds` FROM `ticket_tallies`;
DROP TABLE `ticket_tallies`;
ALTER TABLE `ticket_tallies_sharded` RENAME TO `ticket_tallies`;
PRAGMA legacy_alter_table = OFF;

-- +goose Down
PRAGMA legacy_alter_table = ON;
CREATE TABLE `ticket_tallies_single` (
  `status` text PRIMARY KEY,
  `tickets` integer NOT NULL DEFAULT 0,
  `rated` integer NOT NULL DEFAULT 0,
  `rating_sum` integer NOT NULL DEFAULT 0,
  `resolved` integer NOT NULL DEFAULT 0,
  `resolution_seconds` integer NOT NULL DEFAULT 0
);
INSERT INTO `ticket_tallies_single`
  SELECT `status`, SUM(`tickets`), SUM(`rated`), SUM(`rating_sum`), SUM(`resolved`), SUM(`resolution_seconds`)
  FROM `ticket_tallies` GROUP BY `status`;
DROP TABLE `ticket_tallies`;
ALTER TABLE `ticket_tallies_single` RENAME TO `ticket_tallies`;
PRAGMA legacy_alter_table = OFF;
