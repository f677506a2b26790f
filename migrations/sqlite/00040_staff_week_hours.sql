-- +goose Up
-- The team's time in each week already over, per server, once computed: a change to a shift
-- or a break forgets the weeks it spans, in the same transaction, so the hours chart reads a
-- row per week and server and computes only this week and the weeks that changed.
CREATE TABLE `staff_week_hours` (
  `week_start` datetime,
  `server` text,
  `week_end` datetime NOT NULL,
  `seconds` integer NOT NULL DEFAULT 0,
  `computed_at` datetime NOT NULL,
  PRIMARY KEY (`week_start`,`server`)
);

-- +goose StatementBegin
CREATE TRIGGER `staff_week_hours_shifts_insert` AFTER INSERT ON `staff_shifts` BEGIN
  DELETE FROM `staff_week_hours` WHERE `week_start` < COALESCE(NEW.ended_at, '9999-12-31') AND `week_end` > NEW.started_at;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER `staff_week_hours_shifts_update` AFTER UPDATE ON `staff_shifts` BEGIN
  DELETE FROM `staff_week_hours` WHERE `week_start` < COALESCE(OLD.ended_at, '9999-12-31') AND `week_end` > OLD.started_at;
  DELETE FROM `staff_week_hours` WHERE `week_start` < COALESCE(NEW.ended_at, '9999-12-31') AND `week_end` > NEW.started_at;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER `staff_week_hours_shifts_delete` AFTER DELETE ON `staff_shifts` BEGIN
  DELETE FROM `staff_week_hours` WHERE `week_start` < COALESCE(OLD.ended_at, '9999-12-31') AND `week_end` > OLD.started_at;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER `staff_week_hours_breaks_insert` AFTER INSERT ON `staff_breaks` BEGIN
  DELETE FROM `staff_week_hours` WHERE `week_start` < COALESCE(NEW.ended_at, '9999-12-31') AND `week_end` > NEW.started_at;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER `staff_week_hours_breaks_update` AFTER UPDATE ON `staff_breaks` BEGIN
  DELETE FROM `staff_week_hours` WHERE `week_start` < COALESCE(OLD.ended_at, '9999-12-31') AND `week_end` > OLD.started_at;
  DELETE FROM `staff_week_hours` WHERE `week_start` < COALESCE(NEW.ended_at, '9999-12-31') AND `week_end` > NEW.started_at;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER `staff_week_hours_breaks_delete` AFTER DELETE ON `staff_breaks` BEGIN
  DELETE FROM `staff_week_hours` WHERE `week_start` < COALESCE(OLD.ended_at, '9999-12-31') AND `week_end` > OLD.started_at;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER `staff_week_hours_breaks_delete`;
DROP TRIGGER `staff_week_hours_breaks_update`;
DROP TRIGGER `staff_week_hours_breaks_insert`;
DROP TRIGGER `staff_week_hours_shifts_delete`;
DROP TRIGGER `staff_week_hours_shifts_update`;
DROP TRIGGER `staff_week_hours_shifts_insert`;
DROP TABLE `staff_week_hours`;
