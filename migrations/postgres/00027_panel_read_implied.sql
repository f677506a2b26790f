-- +goose Up
-- Modificación and Gestión imply Lectura: rows stored before that rule hold it from now on.
UPDATE panel_permissions SET can_read = TRUE WHERE (can_modify OR can_manage) AND NOT can_read;

-- +goose Down
SELECT 1;
