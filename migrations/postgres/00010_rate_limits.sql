-- +goose Up
-- Request counts per limit, key and minute, shared by every replica.
CREATE TABLE rate_limit_hits (
  bucket varchar(32),
  key varchar(100),
  window_start timestamptz,
  hits bigint NOT NULL,
  PRIMARY KEY (bucket, key, window_start)
);
CREATE INDEX idx_rate_limit_hits_window_start ON rate_limit_hits (window_start);

-- +goose Down
DROP TABLE rate_limit_hits;
