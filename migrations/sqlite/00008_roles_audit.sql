-- +goose Up
CREATE TABLE `guild_roles` (
  `discord_id` text,
  `name` text NOT NULL,
  `position` integer NOT NULL DEFAULT 0,
  `updated_at` datetime NOT NULL,
  PRIMARY KEY (`discord_id`)
);

-- A role without a row for a panel has the specification's defaults.
CREATE TABLE `panel_permissions` (
  `role_id` text,
  `panel` text,
  `can_read` numeric NOT NULL DEFAULT false,
  `can_modify` numeric NOT NULL DEFAULT false,
  `can_manage` numeric NOT NULL DEFAULT false,
  `updated_at` datetime NOT NULL,
  `updated_by` text NOT NULL DEFAULT "",
  PRIMARY KEY (`role_id`,`panel`)
);

CREATE TABLE `audit_entries` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `at` datetime NOT NULL,
  `actor_id` text NOT NULL DEFAULT "",
  `actor_name` text NOT NULL DEFAULT "",
  `area` text NOT NULL,
  `action` text NOT NULL,
  `entity_type` text NOT NULL DEFAULT "",
  `entity_id` text NOT NULL DEFAULT "",
  `before` text NOT NULL DEFAULT "",
  `after` text NOT NULL DEFAULT ""
);
CREATE INDEX `idx_audit_entries_at` ON `audit_entries`(`at`);
CREATE INDEX `idx_audit_entries_actor_id` ON `audit_entries`(`actor_id`);
CREATE INDEX `idx_audit_entries_area` ON `audit_entries`(`area`);
CREATE INDEX `idx_audit_entries_entity_id` ON `audit_entries`(`entity_id`);

-- The log is append-only: the database itself refuses to change or remove an entry.
-- +goose StatementBegin
CREATE TRIGGER `audit_entries_no_update` BEFORE UPDATE ON `audit_entries`
BEGIN
  SELECT RAISE(ABORT, 'audit_entries is append-only');
END;
-- +goose StatementEnd
-- +goose StatementBegin
CREATE TRIGGER `audit_entries_no_delete` BEFORE DELETE ON `audit_entries`
BEGIN
  SELECT RAISE(ABORT, 'audit_entries is append-only');
END;
-- +goose StatementEnd
