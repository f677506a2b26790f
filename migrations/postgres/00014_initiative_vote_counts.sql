-- +goose Up
-- Each initiative carries its vote counts, kept by a trigger in the vote's own
-- transaction, so a body's list reads them instead of tallying every vote.
ALTER TABLE initiatives ADD COLUMN votes_in_favor bigint NOT NULL DEFAULT 0;
ALTER TABLE initiatives ADD COLUMN votes_against bigint NOT NULL DEFAULT 0;
ALTER TABLE initiatives ADD COLUMN votes_abstention bigint NOT NULL DEFAULT 0;
UPDATE initiatives SET votes_in_favor = c.in_favor, votes_against = c.against, votes_abstention = c.abstention
FROM (
    SELECT initiative_id,
        COUNT(*) FILTER (WHERE choice = 'infavor') AS in_favor,
        COUNT(*) FILTER (WHERE choice = 'against') AS against,
        COUNT(*) FILTER (WHERE choice = 'abstention') AS abstention
    FROM initiative_votes GROUP BY initiative_id
) c
WHERE initiatives.id = c.initiative_id;
-- The caller's own votes on a list, from the index alone: a member has a few hundred at most.
CREATE INDEX idx_initiative_votes_member ON initiative_votes (member_id, initiative_id, choice);

-- +goose StatementBegin
CREATE FUNCTION initiative_votes_count() RETURNS trigger AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        UPDATE initiatives SET
            votes_in_favor = votes_in_favor - (OLD.choice = 'infavor')::int,
            votes_against = votes_against - (OLD.choice = 'against')::int,
            votes_abstention = votes_abstention - (OLD.choice = 'abstention')::int
        WHERE id = OLD.initiative_id;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        UPDATE initiatives SET
            votes_in_favor = votes_in_favor + (NEW.choice = 'infavor')::int,
            votes_against = votes_against + (NEW.choice = 'against')::int,
            votes_abstention = votes_abstention + (NEW.choice = 'abstention')::int
        WHERE id = NEW.initiative_id;
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
-- +goose StatementEnd
CREATE TRIGGER initiative_votes_count_insert_delete AFTER INSERT OR DELETE ON initiative_votes
    FOR EACH ROW EXECUTE FUNCTION initiative_votes_count();
CREATE TRIGGER initiative_votes_count_update AFTER UPDATE OF choice, initiative_id ON initiative_votes
    FOR EACH ROW WHEN (OLD.choice IS DISTINCT FROM NEW.choice OR OLD.initiative_id IS DISTINCT FROM NEW.initiative_id)
    EXECUTE FUNCTION initiative_votes_count();

-- +goose Down
DROP TRIGGER initiative_votes_count_update ON initiative_votes;
DROP TRIGGER initiative_votes_count_insert_delete ON initiative_votes;
DROP FUNCTION initiative_votes_count();
DROP INDEX idx_initiative_votes_member;
ALTER TABLE initiatives DROP COLUMN votes_abstention;
ALTER TABLE initiatives DROP COLUMN votes_against;
ALTER TABLE initiatives DROP COLUMN votes_in_favor;
