-- +goose Up
-- Keys that clients send with a create, claimed in the create's own transaction, with the
-- answer the first request gave, so a retry gets that answer instead of a second row.
CREATE TABLE `idempotency_keys` (
  `scope` text,
  `key` text,
  `request_hash` text NOT NULL DEFAULT '',
  `status` integer NOT NULL DEFAULT 0,
  `body` blob,
  `content_type` text NOT NULL DEFAULT '',
  `created_at` datetime NOT NULL,
  `completed_at` datetime,
  PRIMARY KEY (`scope`,`key`)
);
CREATE INDEX `idx_idempotency_keys_created_at` ON `idempotency_keys`(`created_at`);

-- +goose Down
DROP TABLE `idempotency_keys`;
