package members

import (
	"context"
	"strings"

	"gorm.io/gorm/clause"

	"zocalo/core/db"
)

// likeEscape keeps a search term's % and _ literal in a LIKE pattern (with ESCAPE '\').
var likeEscape = strings.NewReplacer("\\", "\\\\", "%", "\\%", "_", "\\_")

// Find lists up to limit members in the guild whose username or display name holds term,
// in any case, or whose Discord id starts with it: those whose name starts with it first,
// then by username; blocked people never. Lower case is SQL's LOWER, which on SQLite folds ASCII letters only.
func Find(ctx context.Context, d *db.DB, term string, limit int) ([]Member, error) {
	rows := []Member{}
	term = strings.TrimSpace(term)
	if term == "" || limit < 1 {
		return rows, nil
	}
	lower := likeEscape.Replace(strings.ToLower(term))
	inside, prefix := "%"+lower+"%", lower+"%"
	idPrefix := likeEscape.Replace(term) + "%"
	// A blocked person is found by no search (an approved cancellation, in its blocking term).
	err := d.Conn(ctx).Model(&Member{}).
		Where("in_guild = ?", true).
		Where("NOT EXISTS (SELECT 1 FROM privacy_blocks b WHERE b.discord_id = members.discord_id AND b.suppressed_at IS NULL)").
		Where(`(LOWER(username) LIKE ? ESCAPE '\' OR LOWER(global_name) LIKE ? ESCAPE '\' OR discord_id LIKE ? ESCAPE '\')`, inside, inside, idPrefix).
		Order(clause.OrderBy{Expression: clause.Expr{
			SQL:                `CASE WHEN LOWER(username) LIKE ? ESCAPE '\' OR LOWER(global_name) LIKE ? ESCAPE '\' THEN 0 ELSE 1 END, username, discord_id`,
			Vars:               []any{prefix, prefix},
			WithoutParentheses: true,
		}}).Limit(limit).Find(&rows).Error
	return rows, err
}
