-- +goose Up
-- Charges keep their corrections: the API key that filed a game charge (by id), the post
-- that announced the charge (deleted when it is expunged) and its voiding.
ALTER TABLE charges ADD COLUMN api_key_id bigint;
ALTER TABLE charges ADD COLUMN post_event_id bigint;
ALTER TABLE charges ADD COLUMN voided_at timestamptz;
ALTER TABLE charges ADD COLUMN voided_by varchar(100) NOT NULL DEFAULT '';
ALTER TABLE charges ADD COLUMN void_reason text NOT NULL DEFAULT '';
