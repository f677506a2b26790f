-- +goose Up
-- Private notes of support staff on a ticket: shown to staff, never to its author.
CREATE TABLE `ticket_notes` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `ticket_id` integer NOT NULL,
  `author_id` text NOT NULL,
  `author_name` text NOT NULL,
  `content` text NOT NULL,
  `created_at` datetime NOT NULL,
  CONSTRAINT `fk_ticket_notes_ticket` FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON DELETE CASCADE
);
CREATE INDEX `idx_ticket_notes_ticket_id` ON `ticket_notes`(`ticket_id`);

-- Canned replies of the support desk; a name is unique whatever its case (name_key).
CREATE TABLE `ticket_canned_replies` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `name` text NOT NULL,
  `name_key` text NOT NULL,
  `content` text NOT NULL,
  `created_at` datetime NOT NULL,
  `updated_at` datetime NOT NULL
);
CREATE UNIQUE INDEX `idx_ticket_canned_replies_name_key` ON `ticket_canned_replies`(`name_key`);

-- +goose Down
DROP TABLE `ticket_canned_replies`;
DROP TABLE `ticket_notes`;
