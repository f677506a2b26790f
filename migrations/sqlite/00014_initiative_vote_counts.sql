-- +goose Up
-- Each initiative carries its vote counts, kept by triggers in the vote's own
-- transaction, so a body's list reads them instead of tallying every vote.
ALTER TABLE `initiatives` ADD COLUMN `votes_in_favor` integer NOT NULL DEFAULT 0;
ALTER TABLE `initiatives` ADD COLUMN `votes_against` integer NOT NULL DEFAULT 0;
ALTER TABLE `initiatives` ADD COLUMN `votes_abstention` integer NOT NULL DEFAULT 0;
UPDATE `initiatives` SET
  `votes_in_favor` = (SELECT COUNT(*) FROM initiative_votes v WHERE v.initiative_id = initiatives.id AND v.choice = 'infavor'),
  `votes_against` = (SELECT COUNT(*) FROM initiative_votes v WHERE v.initiative_id = initiatives.id AND v.choice = 'against'),
  `votes_abstention` = (SELECT COUNT(*) FROM initiative_votes v WHERE v.initiative_id = initiatives.id AND v.choice = 'abstention');
-- The caller's own votes on a list, from the index alone: a member has a few hundred at most.
CREATE INDEX `idx_initiative_votes_member` ON `initiative_votes`(`member_id`,`initiative_id`,`choice`);

-- +goose StatementBegin
CREATE TRIGGER `initiative_votes_count_insert` AFTER INSERT ON `initiative_votes` BEGIN
  UPDATE `initiatives` SET
    `votes_in_favor` = `votes_in_favor` + (NEW.choice = 'infavor'),
    `votes_against` = `votes_against` + (NEW.choice = 'against'),
    `votes_abstention` = `votes_abstention` + (NEW.choice = 'abstention')
  WHERE `id` = NEW.initiative_id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER `initiative_votes_count_delete` AFTER DELETE ON `initiative_votes` BEGIN
  UPDATE `initiatives` SET
    `votes_in_favor` = `votes_in_favor` - (OLD.choice = 'infavor'),
    `votes_against` = `votes_against` - (OLD.choice = 'against'),
    `votes_abstention` = `votes_abstention` - (OLD.choice = 'abstention')
  WHERE `id` = OLD.initiative_id;
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER `initiative_votes_count_update` AFTER UPDATE OF `choice`, `initiative_id` ON `initiative_votes`
WHEN OLD.choice IS NOT NEW.choice OR OLD.initiative_id IS NOT NEW.initiative_id
BEGIN
  UPDATE `initiatives` SET
    `votes_in_favor` = `votes_in_favor` - (OLD.choice = 'infavor'),
    `votes_against` = `votes_against` - (OLD.choice = 'against'),
    `votes_abstention` = `votes_abstention` - (OLD.choice = 'abstention')
  WHERE `id` = OLD.initiative_id;
  UPDATE `initiatives` SET
    `votes_in_favor` = `votes_in_favor` + (NEW.choice = 'infavor'),
    `votes_against` = `votes_against` + (NEW.choice = 'against'),
    `votes_abstention` = `votes_abstention` + (NEW.choice = 'abstention')
  WHERE `id` = NEW.initiative_id;
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER `initiative_votes_count_update`;
DROP TRIGGER `initiative_votes_count_delete`;
DROP TRIGGER `initiative_votes_count_insert`;
DROP INDEX `idx_initiative_votes_member`;
ALTER TABLE `initiatives` DROP COLUMN `votes_abstention`;
ALTER TABLE `initiatives` DROP COLUMN `votes_against`;
ALTER TABLE `initiatives` DROP COLUMN `votes_in_favor`;
