-- +goose Up
CREATE TABLE guild_roles (
    discord_id varchar(32) NOT NULL PRIMARY KEY,
    name varchar(100) NOT NULL,
    position bigint NOT NULL DEFAULT 0,
    updated_at timestamptz NOT NULL
);

-- A role without a row for a panel has the specification's defaults.
CREATE TABLE panel_permissions (
    role_id varchar(32) NOT NULL,
    panel varchar(16) NOT NULL,
    can_read boolean NOT NULL DEFAULT false,
    can_modify boolean NOT NULL DEFAULT false,
    can_manage boolean NOT NULL DEFAULT false,
    updated_at timestamptz NOT NULL,
    updated_by varchar(100) NOT NULL DEFAULT '',
    PRIMARY KEY (role_id, panel)
);

CREATE TABLE audit_entries (
    id bigserial PRIMARY KEY,
    at timestamptz NOT NULL,
    actor_id varchar(32) NOT NULL DEFAULT '',
    actor_name varchar(100) NOT NULL DEFAULT '',
    area varchar(16) NOT NULL,
    action varchar(40) NOT NULL,
    entity_type varchar(40) NOT NULL DEFAULT '',
    entity_id varchar(64) NOT NULL DEFAULT '',
    before text NOT NULL DEFAULT '',
    after text NOT NULL DEFAULT ''
);
CREATE INDEX idx_audit_entries_at ON audit_entries (at);
CREATE INDEX idx_audit_entries_actor_id ON audit_entries (actor_id);
CREATE INDEX idx_audit_entries_area ON audit_entries (area);
CREATE INDEX idx_audit_entries_entity_id ON audit_entries (entity_id);

-- The log is append-only: the database itself refuses to change or remove an entry.
-- +goose StatementBegin
CREATE FUNCTION audit_entries_append_only() RETURNS trigger AS $$
BEGIN
    RAISE EXCEPTION 'audit_entries is append-only';
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
CREATE TRIGGER audit_entries_no_update BEFORE UPDATE OR DELETE ON audit_entries
    FOR EACH ROW EXECUTE FUNCTION audit_entries_append_only();
