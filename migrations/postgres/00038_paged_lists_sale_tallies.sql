-- +goose Up
-- The sales not voided, counted by a trigger in the same transaction as every insert, void
-- and deletion of a sale, so the treasury panel adds 16 rows instead of counting every sale.
-- A sale counts in the row of its id modulo 16, so registrations at once seldom wait on the
-- same row lock (as ticket_tallies, 00016).
CREATE TABLE sale_tallies (
    shard smallint NOT NULL DEFAULT 0,
    sales bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (shard)
);
-- Writes to sales wait until this migration commits, so none falls between the count below
-- and the trigger that counts the next ones.
LOCK TABLE sales IN SHARE ROW EXCLUSIVE MODE;
INSERT INTO sale_tallies (shard, sales)
    SELECT s.shard, COUNT(sales.id)
    FROM generate_series(0, 15) AS s(shard)
    LEFT JOIN sales ON sales.id % 16 = s.shard AND sales.voided_at IS NULL
    GROUP BY s.shard;

-- +goose StatementBegin
CREATE FUNCTION sale_tallies_follow() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'TRUNCATE' THEN
        UPDATE sale_tallies SET sales = 0;
        RETURN NULL;
    END IF;
    IF TG_OP <> 'INSERT' THEN
        IF OLD.voided_at IS NULL THEN
            UPDATE sale_tallies SET sales = sales - 1 WHERE shard = OLD.id % 16;
        END IF;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        IF NEW.voided_at IS NULL THEN
            UPDATE sale_tallies SET sales = sales + 1 WHERE shard = NEW.id % 16;
        END IF;
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
CREATE TRIGGER sale_tallies_insert_delete AFTER INSERT OR DELETE ON sales
    FOR EACH ROW EXECUTE FUNCTION sale_tallies_follow();
CREATE TRIGGER sale_tallies_update AFTER UPDATE OF voided_at, id ON sales
    FOR EACH ROW
    WHEN ((OLD.voided_at IS NULL) IS DISTINCT FROM (NEW.voided_at IS NULL) OR OLD.id <> NEW.id)
    EXECUTE FUNCTION sale_tallies_follow();
CREATE TRIGGER sale_tallies_truncate AFTER TRUNCATE ON sales
    FOR EACH STATEMENT EXECUTE FUNCTION sale_tallies_follow();

-- The news managers' list, newest first a page at a time, reads the page it shows rather than
-- sorting every item (the published list has idx_news_items_listing).
CREATE INDEX idx_news_items_by_date ON news_items (date, id);

-- +goose Down
DROP INDEX idx_news_items_by_date;
DROP TRIGGER sale_tallies_truncate ON sales;
DROP TRIGGER sale_tallies_update ON sales;
DROP TRIGGER sale_tallies_insert_delete ON sales;
DROP FUNCTION sale_tallies_follow();
DROP TABLE sale_tallies;
