-- +goose Up
CREATE TABLE `news_items` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `title` text NOT NULL,
  `content` text NOT NULL,
  `type` text NOT NULL,
  `date` datetime NOT NULL,
  `image_url` text NOT NULL DEFAULT "",
  `active` numeric NOT NULL,
  `author_id` text NOT NULL DEFAULT "",
  `publish_event_id` integer,
  `created_at` datetime NOT NULL,
  `updated_at` datetime NOT NULL
);
CREATE INDEX `idx_news_items_listing` ON `news_items`(`active`,`date` desc);

CREATE TABLE `contact_messages` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `name` text NOT NULL,
  `subject` text NOT NULL DEFAULT "",
  `body` text NOT NULL,
  `phone` text NOT NULL DEFAULT "",
  `email` text NOT NULL,
  `created_at` datetime NOT NULL
);
CREATE INDEX `idx_contact_messages_created_at` ON `contact_messages`(`created_at`);

CREATE TABLE `artist_applications` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `email` text NOT NULL,
  `phone` text NOT NULL,
  `accepted_terms` numeric NOT NULL,
  `status` text NOT NULL DEFAULT "pendiente",
  `reviewed_by` text NOT NULL DEFAULT "",
  `reviewed_at` datetime,
  `created_at` datetime NOT NULL
);
CREATE INDEX `idx_artist_applications_created_at` ON `artist_applications`(`created_at`);
