-- +goose Up
-- What each member decided about their data: the uses they opposed, whether they said they
-- are under 18 and when they read the short notice.
CREATE TABLE `privacy_choices` (
  `discord_id` text,
  `minor` numeric NOT NULL DEFAULT false,
  `opposed` text NOT NULL DEFAULT "",
  `notice_seen_at` datetime,
  `updated_at` datetime NOT NULL,
  PRIMARY KEY (`discord_id`)
);

-- Members whose data an approved cancellation blocked, until and after its suppression.
CREATE TABLE `privacy_blocks` (
  `discord_id` text,
  `roblox_user_id` text NOT NULL DEFAULT "",
  `roblox_key` text NOT NULL DEFAULT "",
  `request_id` integer NOT NULL,
  `blocked_at` datetime NOT NULL,
  `suppress_at` datetime NOT NULL,
  `suppressed_at` datetime,
  PRIMARY KEY (`discord_id`)
);
CREATE INDEX `idx_privacy_blocks_roblox_user_id` ON `privacy_blocks`(`roblox_user_id`);
CREATE INDEX `idx_privacy_blocks_roblox_key` ON `privacy_blocks`(`roblox_key`);
CREATE INDEX `idx_privacy_blocks_suppress_at` ON `privacy_blocks`(`suppress_at`);

-- Requests of rectification, cancellation, opposition and revocation, with their deadline.
CREATE TABLE `data_requests` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `discord_id` text NOT NULL,
  `kind` text NOT NULL,
  `reason` text NOT NULL,
  `uses` text NOT NULL DEFAULT "",
  `state` text NOT NULL,
  `pending` text,
  `answer` text NOT NULL DEFAULT "",
  `kept` text NOT NULL DEFAULT "",
  `handled_by` text NOT NULL DEFAULT "",
  `filed_at` datetime NOT NULL,
  `due_at` datetime NOT NULL,
  `answered_at` datetime
);
CREATE UNIQUE INDEX `idx_data_requests_pending` ON `data_requests`(`discord_id`,`pending`);
CREATE INDEX `idx_data_requests_state_due` ON `data_requests`(`state`,`due_at`);

-- The audit log stays append-only but for one change: a suppression may put "[suprimido]" in
-- place of a person's data (their name, their id, the texts of before and after); what was
-- done, when and in which area never changes, and no entry is ever deleted.
DROP TRIGGER `audit_entries_no_update`;
-- +goose StatementBegin
CREATE TRIGGER `audit_entries_no_update` BEFORE UPDATE ON `audit_entries`
WHEN NOT (NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.area = OLD.area AND NEW.action = OLD.action
        AND NEW.entity_type = OLD.entity_type
        AND (NEW.actor_id = OLD.actor_id OR NEW.actor_id = '')
        AND (NEW.actor_name = OLD.actor_name OR NEW.actor_name = '[suprimido]')
        AND (NEW.entity_id = OLD.entity_id OR NEW.entity_id = '[suprimido]')
        AND (NEW.before = OLD.before OR NEW.before LIKE '%[suprimido]%')
        AND (NEW.after = OLD.after OR NEW.after LIKE '%[suprimido]%'))
BEGIN
  SELECT RAISE(ABORT, 'audit_entries is append-only');
END;
-- +goose StatementEnd

-- +goose Down
DROP TRIGGER `audit_entries_no_update`;
-- +goose StatementBegin
CREATE TRIGGER `audit_entries_no_update` BEFORE UPDATE ON `audit_entries`
BEGIN
  SELECT RAISE(ABORT, 'audit_entries is append-only');
END;
-- +goose StatementEnd
DROP TABLE `data_requests`;
DROP TABLE `privacy_blocks`;
DROP TABLE `privacy_choices`;
