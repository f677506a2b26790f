-- +goose Up
-- The opening post of a vote carries its buttons: the outbox event it became is kept, so the
-- post's tally can be edited and its buttons disabled when the vote ends.
ALTER TABLE `initiatives` ADD COLUMN `ballot_event_id` integer;

-- One reminder per seat holder and initiative, however many times (or on how many replicas)
-- the reminder job runs at once: the primary key decides who sends it.
CREATE TABLE `initiative_reminders` (
  `initiative_id` integer NOT NULL,
  `member_id` text NOT NULL,
  `sent_at` datetime NOT NULL,
  PRIMARY KEY (`initiative_id`,`member_id`),
  CONSTRAINT `fk_initiative_reminders_initiative` FOREIGN KEY (`initiative_id`) REFERENCES `initiatives`(`id`) ON DELETE CASCADE
);

-- +goose Down
DROP TABLE `initiative_reminders`;
ALTER TABLE `initiatives` DROP COLUMN `ballot_event_id`;
