-- +goose Up
-- The sales not voided, counted by triggers in the same transaction as every insert, void
-- and deletion of a sale, so the treasury panel reads one row instead of counting every sale.
-- The shape is PostgreSQL's, where the count is split over 16 rows; SQLite has one writer at a
-- time and keeps the one row, shard 0.
CREATE TABLE `sale_tallies` (
  `shard` integer NOT NULL DEFAULT 0,
  `sales` integer NOT NULL DEFAULT 0,
  PRIMARY KEY (`shard`)
);
INSERT INTO `sale_tallies` (`shard`, `sales`) SELECT 0, COUNT(*) FROM `sales` WHERE `voided_at` IS NULL;

-- +goose StatementBegin
CREATE TRIGGER `sale_tallies_insert` AFTER INSERT ON `sales` WHEN NEW.voided_at IS NULL BEGIN
  UPDATE `sale_tallies` SET `sales` = `sales` + 1 WHERE `shard` = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER `sale_tallies_delete` AFTER DELETE ON `sales` WHEN OLD.voided_at IS NULL BEGIN
  UPDATE `sale_tallies` SET `sales` = `sales` - 1 WHERE `shard` = 0;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER `sale_tallies_update` AFTER UPDATE OF `voided_at` ON `sales`
WHEN (OLD.voided_at IS NULL) <> (NEW.voided_at IS NULL)
BEGIN
  UPDATE `sale_tallies` SET `sales` = `sales` + (NEW.voided_at IS NULL) - (OLD.voided_at IS NULL) WHERE `shard` = 0;
END;
-- +goose StatementEnd

-- The news managers' list, newest first a page at a time, reads the page it shows rather than
-- sorting every item (the published list has idx_news_items_listing).
CREATE INDEX `idx_news_items_by_date` ON `news_items` (`date`, `id`);

-- +goose Down
DROP INDEX `idx_news_items_by_date`;
DROP TRIGGER `sale_tallies_update`;
DROP TRIGGER `sale_tallies_delete`;
DROP TRIGGER `sale_tallies_insert`;
DROP TABLE `sale_tallies`;
