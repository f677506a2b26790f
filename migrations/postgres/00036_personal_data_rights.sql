-- +goose Up
-- What each member decided about their data: the uses they opposed, whether they said they
-- are under 18 and when they read the short notice.
CREATE TABLE privacy_choices (
    discord_id varchar(32) NOT NULL PRIMARY KEY,
    minor boolean NOT NULL DEFAULT false,
    opposed text NOT NULL DEFAULT '',
    notice_seen_at timestamptz,
    updated_at timestamptz NOT NULL
);

-- Members whose data an approved cancellation blocked, until and after its suppression.
CREATE TABLE privacy_blocks (
    discord_id varchar(32) NOT NULL PRIMARY KEY,
    roblox_user_id varchar(32) NOT NULL DEFAULT '',
    roblox_key varchar(50) NOT NULL DEFAULT '',
    request_id bigint NOT NULL,
    blocked_at timestamptz NOT NULL,
    suppress_at timestamptz NOT NULL,
    suppressed_at timestamptz
);
CREATE INDEX idx_privacy_blocks_roblox_user_id ON privacy_blocks (roblox_user_id);
CREATE INDEX idx_privacy_blocks_roblox_key ON privacy_blocks (roblox_key);
CREATE INDEX idx_privacy_blocks_suppress_at ON privacy_blocks (suppress_at);

-- Requests of rectification, cancellation, opposition and revocation, with their deadline.
CREATE TABLE data_requests (
    id bigserial PRIMARY KEY,
    discord_id varchar(32) NOT NULL,
    kind varchar(16) NOT NULL,
    reason text NOT NULL,
    uses text NOT NULL DEFAULT '',
    state varchar(16) NOT NULL,
    pending varchar(16),
    answer text NOT NULL DEFAULT '',
    kept text NOT NULL DEFAULT '',
    handled_by varchar(32) NOT NULL DEFAULT '',
    filed_at timestamptz NOT NULL,
    due_at timestamptz NOT NULL,
    answered_at timestamptz
);
CREATE UNIQUE INDEX idx_data_requests_pending ON data_requests (discord_id, pending);
CREATE INDEX idx_data_requests_state_due ON data_requests (state, due_at);

-- The audit log stays append-only but for one change: a suppression may put "[suprimido]" in
-- place of a person's data (their name, their id, the texts of before and after); what was
-- done, when and in which area never changes, and no entry is ever deleted.
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION audit_entries_append_only() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.area = OLD.area AND NEW.action = OLD.action
           AND NEW.entity_type = OLD.entity_type
           AND (NEW.actor_id = OLD.actor_id OR NEW.actor_id = '')
           AND (NEW.actor_name = OLD.actor_name OR NEW.actor_name = '[suprimido]')
           AND (NEW.entity_id = OLD.entity_id OR NEW.entity_id = '[suprimido]')
           AND (NEW.before = OLD.before OR NEW.before LIKE '%[suprimido]%')
           AND (NEW.after = OLD.after OR NEW.after LIKE '%[suprimido]%') THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'audit_entries is append-only';
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd

-- +goose Down
-- +goose StatementBegin
CREATE OR REPLACE FUNCTION audit_entries_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'audit_entries is append-only';
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
DROP TABLE data_requests;
DROP TABLE privacy_blocks;
DROP TABLE privacy_choices;
