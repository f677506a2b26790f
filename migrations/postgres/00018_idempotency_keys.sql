-- +goose Up
-- Keys that clients send with a create, claimed in the create's own transaction, with the
-- answer the first request gave, so a retry gets that answer instead of a second row.
CREATE TABLE idempotency_keys (
  scope varchar(200),
  key varchar(100),
  request_hash varchar(64) NOT NULL DEFAULT '',
  status bigint NOT NULL DEFAULT 0,
  body bytea,
  content_type varchar(100) NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL,
  completed_at timestamptz,
  PRIMARY KEY (scope, key)
);
CREATE INDEX idx_idempotency_keys_created_at ON idempotency_keys (created_at);

-- +goose Down
DROP TABLE idempotency_keys;
