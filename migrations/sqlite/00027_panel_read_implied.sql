-- +goose Up
-- Modificación and Gestión imply Lectura: rows stored before that rule hold it from now on.
UPDATE `panel_permissions` SET `can_read` = 1 WHERE (`can_modify` = 1 OR `can_manage` = 1) AND `can_read` = 0;

-- +goose Down
SELECT 1;
