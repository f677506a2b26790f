-- +goose Up
-- The daily chart's figures of each day already computed: the tickets opened and resolved
-- that day and their medians. A change to a ticket's opening, first staff reply or
-- resolution forgets the days it touches, in the same transaction, so a chart of 180 days
-- reads 180 rows and computes only the days that changed.
CREATE TABLE `ticket_day_figures` (
  `day_start` datetime,
  `day_end` datetime NOT NULL,
  `opened` integer NOT NULL,
  `resolved` integer NOT NULL,
  `median_first_response_seconds` integer,
  `median_resolution_seconds` integer,
  `computed_at` datetime NOT NULL,
  PRIMARY KEY (`day_start`)
);

-- +goose StatementBegin
CREATE TRIGGER `ticket_day_figures_insert` AFTER INSERT ON `tickets` BEGIN
  DELETE FROM `ticket_day_figures` WHERE (`day_start` <= NEW.created_at AND `day_end` > NEW.created_at)
    OR (`day_start` <= NEW.resolved_at AND `day_end` > NEW.resolved_at);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER `ticket_day_figures_delete` AFTER DELETE ON `tickets` BEGIN
  DELETE FROM `ticket_day_figures` WHERE (`day_start` <= OLD.created_at AND `day_end` > OLD.created_at)
    OR (`day_start` <= OLD.resolved_at AND `day_end` > OLD.resolved_at);
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER `ticket_day_figures_update` AFTER UPDATE OF `created_at`, `first_staff_at`, `resolved_at` ON `tickets`
WHEN OLD.created_at IS NOT NEW.created_at OR OLD.first_staff_at IS NOT NEW.first_staff_at OR OLD.resolved_at IS NOT NEW.resolved_at
BEGIN
  DELETE FROM `ticket_day_figures` WHERE (`day_start` <= OLD.created_at AND `day_end` > OLD.created_at)
    OR (`day_start` <= OLD.resolved_at AND `day_end` > OLD.resolved_at)
    OR (`day_start` <= NEW.created_at AND `day_end` > NEW.created_at)
    OR (`day_start` <= NEW.resolved_at AND `day_end` > NEW.resolved_at);
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER `ticket_day_figures_update`;
DROP TRIGGER `ticket_day_figures_delete`;
DROP TRIGGER `ticket_day_figures_insert`;
DROP TABLE `ticket_day_figures`;
