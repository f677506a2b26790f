-- +goose Up
-- A sign-in ends with a one-time code, not a token in the URL: only the browser holding
-- that sign-in's state cookie can trade it for a token, once, within a minute.
CREATE TABLE `sign_in_codes` (
  `code_hash` text,
  `state_hash` text NOT NULL,
  `user_id` text NOT NULL,
  `expires_at` datetime NOT NULL,
  PRIMARY KEY (`code_hash`)
);
CREATE INDEX `idx_sign_in_codes_expires_at` ON `sign_in_codes`(`expires_at`);

-- +goose Down
DROP TABLE `sign_in_codes`;
