-- +goose Up
CREATE TABLE `tickets` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `title` text NOT NULL,
  `category` text NOT NULL,
  `status` text NOT NULL,
  `priority` text NOT NULL,
  `author_id` text NOT NULL,
  `author_name` text NOT NULL,
  `assignee_id` text NOT NULL DEFAULT "",
  `assignee_name` text NOT NULL DEFAULT "",
  `discord_thread_id` text NOT NULL DEFAULT "",
  `thread_event_id` integer,
  `rating` integer,
  `created_at` datetime NOT NULL,
  `updated_at` datetime NOT NULL,
  `last_message_at` datetime NOT NULL,
  `last_staff_at` datetime,
  `resolved_at` datetime,
  `closed_at` datetime
);
CREATE INDEX `idx_tickets_discord_thread_id` ON `tickets`(`discord_thread_id`);
CREATE INDEX `idx_tickets_author_updated` ON `tickets`(`author_id`,`updated_at`);
CREATE INDEX `idx_tickets_status_updated` ON `tickets`(`status`,`updated_at`);

CREATE TABLE `ticket_messages` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `ticket_id` integer NOT NULL,
  `sender_type` text NOT NULL,
  `sender_id` text NOT NULL DEFAULT "",
  `sender_name` text NOT NULL DEFAULT "",
  `sender_avatar` text NOT NULL DEFAULT "",
  `content` text NOT NULL,
  `discord_message_id` text NOT NULL DEFAULT "",
  `created_at` datetime NOT NULL,
  CONSTRAINT `fk_ticket_messages_ticket` FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON DELETE CASCADE
);
CREATE INDEX `idx_ticket_messages_ticket_id` ON `ticket_messages`(`ticket_id`);

CREATE TABLE `ticket_attachments` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `message_id` integer NOT NULL,
  `ticket_id` integer NOT NULL,
  `storage_key` text NOT NULL,
  `filename` text NOT NULL,
  `content_type` text NOT NULL,
  `size` integer NOT NULL,
  CONSTRAINT `fk_ticket_messages_attachments` FOREIGN KEY (`message_id`) REFERENCES `ticket_messages`(`id`) ON DELETE CASCADE
);
CREATE INDEX `idx_ticket_attachments_message_id` ON `ticket_attachments`(`message_id`);

CREATE TABLE `ticket_events` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `ticket_id` integer NOT NULL,
  `kind` text NOT NULL,
  `actor_id` text NOT NULL DEFAULT "",
  `actor_name` text NOT NULL DEFAULT "",
  `before` text NOT NULL DEFAULT "",
  `after` text NOT NULL DEFAULT "",
  `created_at` datetime NOT NULL,
  CONSTRAINT `fk_ticket_events_ticket` FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON DELETE CASCADE
);
CREATE INDEX `idx_ticket_events_ticket_id` ON `ticket_events`(`ticket_id`);

CREATE TABLE `ticket_reads` (
  `ticket_id` integer,
  `user_id` text,
  `seen_at` datetime NOT NULL,
  PRIMARY KEY (`ticket_id`,`user_id`),
  CONSTRAINT `fk_ticket_reads_ticket` FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON DELETE CASCADE
);

CREATE TABLE `ticket_transcript_views` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `ticket_id` integer NOT NULL,
  `viewer_id` text NOT NULL,
  `viewed_at` datetime NOT NULL,
  CONSTRAINT `fk_ticket_transcript_views_ticket` FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON DELETE CASCADE
);
CREATE INDEX `idx_ticket_transcript_views_ticket_id` ON `ticket_transcript_views`(`ticket_id`);
