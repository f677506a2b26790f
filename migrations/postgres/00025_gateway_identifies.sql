-- +goose Up
-- The bot's gateway identifies per token, over Discord's daily window: a restart must not
-- forget how many it has spent.
CREATE TABLE gateway_identifies (
  token_key varchar(64),
  sent_at timestamptz,
  PRIMARY KEY (token_key, sent_at)
);

-- +goose Down
DROP TABLE gateway_identifies;
