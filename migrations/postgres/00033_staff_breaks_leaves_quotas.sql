-- +goose Up
-- A break pauses a shift's clock; worked time is the shift less its breaks.
CREATE TABLE staff_breaks (
    id bigserial PRIMARY KEY,
    shift_id bigint NOT NULL,
    member_id varchar(32) NOT NULL,
    started_at timestamptz NOT NULL,
    ended_at timestamptz
);
-- One open break per shift, even when two pauses race.
CREATE UNIQUE INDEX idx_staff_breaks_one_open ON staff_breaks (shift_id) WHERE ended_at IS NULL;
CREATE INDEX idx_staff_breaks_shift_id ON staff_breaks (shift_id);

-- A leave of absence a staff member asks for and a director approves or refuses.
CREATE TABLE staff_leaves (
    id bigserial PRIMARY KEY,
    member_id varchar(32) NOT NULL,
    starts_on varchar(10) NOT NULL,
    ends_on varchar(10) NOT NULL,
    reason text NOT NULL,
    status varchar(12) NOT NULL,
    created_at timestamptz NOT NULL,
    decided_by varchar(32) NOT NULL DEFAULT '',
    decided_by_name varchar(100) NOT NULL DEFAULT '',
    decided_at timestamptz
);
CREATE INDEX idx_staff_leaves_member_id ON staff_leaves (member_id);
CREATE INDEX idx_staff_leaves_status ON staff_leaves (status);

-- The weekly hour quota of a staff role.
CREATE TABLE staff_quotas (
    role_id varchar(32) PRIMARY KEY,
    seconds bigint NOT NULL,
    updated_at timestamptz NOT NULL
);

-- +goose Down
DROP TABLE staff_quotas;
DROP TABLE staff_leaves;
DROP TABLE staff_breaks;
