-- +goose Up
-- An initiative keeps its vote's result in its own column, so that withdrawing it (status
-- withdrawn) does not lose whether it had been approved or rejected.
ALTER TABLE initiatives ADD COLUMN result varchar(10);
UPDATE initiatives SET result = status WHERE status IN ('approved', 'rejected');

-- +goose Down
ALTER TABLE initiatives DROP COLUMN result;
