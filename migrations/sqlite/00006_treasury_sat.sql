-- +goose Up
-- Prices are hundredths of the currency; the discount is hundredths of a percent.
CREATE TABLE `sales` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `buyer_discord_id` text NOT NULL,
  `buyer_username` text NOT NULL DEFAULT "",
  `buyer_avatar` text NOT NULL DEFAULT "",
  `item` text NOT NULL,
  `currency` text NOT NULL,
  `original_price` integer NOT NULL,
  `discount_bp` integer NOT NULL DEFAULT 0,
  `final_price` integer NOT NULL,
  `seller_id` text NOT NULL,
  `seller_name` text NOT NULL DEFAULT "",
  `created_at` datetime NOT NULL,
  `voided_at` datetime,
  `voided_by` text NOT NULL DEFAULT "",
  `void_reason` text NOT NULL DEFAULT ""
);
CREATE INDEX `idx_sales_item` ON `sales`(`item`);
CREATE INDEX `idx_sales_seller_id` ON `sales`(`seller_id`);
CREATE INDEX `idx_sales_created_at` ON `sales`(`created_at`);

CREATE TABLE `businesses` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `name` text NOT NULL,
  `location` text NOT NULL,
  `server` text NOT NULL,
  `rfc` text NOT NULL,
  `owner_name` text NOT NULL,
  `owner_discord_id` text NOT NULL,
  `owner_avatar` text NOT NULL DEFAULT "",
  `logo_key` text NOT NULL DEFAULT "",
  `logo_type` text NOT NULL DEFAULT "",
  `status` text NOT NULL DEFAULT "active",
  `created_by` text NOT NULL DEFAULT "",
  `created_at` datetime NOT NULL,
  `updated_at` datetime NOT NULL
);
-- One business per tax id, even when two registrations race.
CREATE UNIQUE INDEX `idx_businesses_rfc` ON `businesses`(`rfc`);
CREATE INDEX `idx_businesses_created_at` ON `businesses`(`created_at`);

CREATE TABLE `business_documents` (
  `id` integer PRIMARY KEY AUTOINCREMENT,
  `business_id` integer NOT NULL,
  `storage_key` text NOT NULL,
  `filename` text NOT NULL,
  `content_type` text NOT NULL,
  `size` integer NOT NULL,
  CONSTRAINT `fk_business_documents_business` FOREIGN KEY (`business_id`) REFERENCES `businesses`(`id`) ON DELETE CASCADE
);
CREATE INDEX `idx_business_documents_business_id` ON `business_documents`(`business_id`);
