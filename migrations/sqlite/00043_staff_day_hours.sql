-- +goose Up
-- The team's kept hours hold the days over of this week as well as the weeks over: a span is
-- its start and its end, so a week and its Monday are two rows. The table is a cache, so it
-- is made again with that key; the triggers of 00040 name it and forget as before.
DROP TABLE `staff_week_hours`;
CREATE TABLE `staff_week_hours` (
  `week_start` datetime,
  `week_end` datetime,
  `server` text,
  `seconds` integer NOT NULL DEFAULT 0,
  `computed_at` datetime NOT NULL,
  PRIMARY KEY (`week_start`,`week_end`,`server`)
);

-- +goose Down
DROP TABLE `staff_week_hours`;
CREATE TABLE `staff_week_hours` (
  `week_start` datetime,
  `server` text,
  `week_end` datetime NOT NULL,
  `seconds` integer NOT NULL DEFAULT 0,
  `computed_at` datetime NOT NULL,
  PRIMARY KEY (`week_start`,`server`)
);
