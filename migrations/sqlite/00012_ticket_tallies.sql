-- +goose Up
-- The support figures per status, kept by triggers in the same transaction as every
-- ticket change, so the staff summary and the list's total read six rows instead of
-- counting every ticket.
CREATE TABLE `ticket_tallies` (
  `status` text PRIMARY KEY,
  `tickets` integer NOT NULL DEFAULT 0,
  `rated` integer NOT NULL DEFAULT 0,
  `rating_sum` integer NOT NULL DEFAULT 0,
  `resolved` integer NOT NULL DEFAULT 0,
  `resolution_seconds` integer NOT NULL DEFAULT 0
);
INSERT INTO `ticket_tallies` (`status`) VALUES
  ('open'), ('in_progress'), ('waiting_user'), ('waiting_staff'), ('resolved'), ('closed');
UPDATE `ticket_tallies` SET
  `tickets` = (SELECT COUNT(*) FROM tickets t WHERE t.status = ticket_tallies.status),
  `rated` = (SELECT COUNT(t.rating) FROM tickets t WHERE t.status = ticket_tallies.status),
  `rating_sum` = (SELECT COALESCE(SUM(t.rating), 0) FROM tickets t WHERE t.status = ticket_tallies.status),
  `resolved` = (SELECT COUNT(*) FROM tickets t WHERE t.status = ticket_tallies.status
    AND t.resolved_at IS NOT NULL AND t.status IN ('resolved', 'closed')),
  `resolution_seconds` = (SELECT COALESCE(SUM(CAST(ROUND((julianday(t.resolved_at) - julianday(t.created_at)) * 86400) AS INTEGER)), 0)
    FROM tickets t WHERE t.status = ticket_tallies.status AND t.resolved_at IS NOT NULL AND t.status IN ('resolved', 'closed'));

-- +goose StatementBegin
CREATE TRIGGER `ticket_tallies_insert` AFTER INSERT ON `tickets` BEGIN
  UPDATE `ticket_tallies` SET
    `tickets` = `tickets` + 1,
    `rated` = `rated` + (NEW.rating IS NOT NULL),
    `rating_sum` = `rating_sum` + COALESCE(NEW.rating, 0),
    `resolved` = `resolved` + (NEW.resolved_at IS NOT NULL AND NEW.status IN ('resolved', 'closed')),
    `resolution_seconds` = `resolution_seconds` + CASE WHEN NEW.resolved_at IS NOT NULL AND NEW.status IN ('resolved', 'closed')
      THEN CAST(ROUND((julianday(NEW.resolved_at) - julianday(NEW.created_at)) * 86400) AS INTEGER) ELSE 0 END
  WHERE `status` = NEW.status;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER `ticket_tallies_delete` AFTER DELETE ON `tickets` BEGIN
  UPDATE `ticket_tallies` SET
    `tickets` = `tickets` - 1,
    `rated` = `rated` - (OLD.rating IS NOT NULL),
    `rating_sum` = `rating_sum` - COALESCE(OLD.rating, 0),
    `resolved` = `resolved` - (OLD.resolved_at IS NOT NULL AND OLD.status IN ('resolved', 'closed')),
    `resolution_seconds` = `resolution_seconds` - CASE WHEN OLD.resolved_at IS NOT NULL AND OLD.status IN ('resolved', 'closed')
      THEN CAST(ROUND((julianday(OLD.resolved_at) - julianday(OLD.created_at)) * 86400) AS INTEGER) ELSE 0 END
  WHERE `status` = OLD.status;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER `ticket_tallies_update` AFTER UPDATE OF `status`, `rating`, `resolved_at`, `created_at` ON `tickets`
WHEN OLD.status IS NOT NEW.status OR OLD.rating IS NOT NEW.rating
  OR OLD.resolved_at IS NOT NEW.resolved_at OR OLD.created_at IS NOT NEW.created_at
BEGIN
  UPDATE `ticket_tallies` SET
    `tickets` = `tickets` - 1,
    `rated` = `rated` - (OLD.rating IS NOT NULL),
    `rating_sum` = `rating_sum` - COALESCE(OLD.rating, 0),
    `resolved` = `resolved` - (OLD.resolved_at IS NOT NULL AND OLD.status IN ('resolved', 'closed')),
    `resolution_seconds` = `resolution_seconds` - CASE WHEN OLD.resolved_at IS NOT NULL AND OLD.status IN ('resolved', 'closed')
      THEN CAST(ROUND((julianday(OLD.resolved_at) - julianday(OLD.created_at)) * 86400) AS INTEGER) ELSE 0 END
  WHERE `status` = OLD.status;
  UPDATE `ticket_tallies` SET
    `tickets` = `tickets` + 1,
    `rated` = `rated` + (NEW.rating IS NOT NULL),
    `rating_sum` = `rating_sum` + COALESCE(NEW.rating, 0),
    `resolved` = `resolved` + (NEW.resolved_at IS NOT NULL AND NEW.status IN ('resolved', 'closed')),
    `resolution_seconds` = `resolution_seconds` + CASE WHEN NEW.resolved_at IS NOT NULL AND NEW.status IN ('resolved', 'closed')
      THEN CAST(ROUND((julianday(NEW.resolved_at) - julianday(NEW.created_at)) * 86400) AS INTEGER) ELSE 0 END
  WHERE `status` = NEW.status;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER `ticket_tallies_update`;
DROP TRIGGER `ticket_tallies_delete`;
DROP TRIGGER `ticket_tallies_insert`;
DROP TABLE `ticket_tallies`;
