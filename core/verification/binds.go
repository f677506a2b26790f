package verification

import (
	"context"
	"errors"
	"slices"
	"time"

	"zocalo/core/db"
	"zocalo/core/privacy"
)

// Bind gives RoleID to members whose rank in the Roblox group GroupID is from MinRank to
// MaxRank.
type Bind struct {
	GroupID          string
	MinRank, MaxRank int
	RoleID           string
}

// Ranks reads a Roblox account's rank in each group it belongs to, by group id.
type Ranks interface {
	GroupRanks(ctx context.Context, robloxUserID string) (map[string]int, error)
}

// bindsEvery is how often a linked member's ranks are read again.
const bindsEvery = 24 * time.Hour

// BindRoles are the roles the binds give for these ranks, sorted, each once.
func BindRoles(binds []Bind, ranks map[string]int) []string {
	var out []string
	for _, b := range binds {
		rank, ok := ranks[b.GroupID]
		if ok && rank >= b.MinRank && rank <= b.MaxRank && !slices.Contains(out, b.RoleID) {
			out = append(out, b.RoleID)
		}
	}
	slices.Sort(out)
	return out
}

// RefreshBinds reads the ranks of up to limit linked members whose ranks are oldest (never
// read, or a day old) and gives or takes the bound roles. The bot runs it every minute
// with its configured rate as the limit, so every member is read once a day within it. A
// member whose read fails is tried on the next run; the first failure is returned.
func (s *Service) RefreshBinds(ctx context.Context, limit int) (changed int, err error) {
	if len(s.set.Binds) == 0 || s.ranks == nil || limit < 1 {
		return 0, nil
	}
	var due []Identity
	if err := s.db.Conn(ctx).Where("binds_checked_at IS NULL OR binds_checked_at < ?", s.set.Now().Add(-bindsEvery)).
		Order("binds_checked_at IS NOT NULL, binds_checked_at, discord_id").Limit(limit).Find(&due).Error; err != nil {
		return 0, err
	}
	var failed error
	for _, id := range due {
		ranks, err := s.ranks.GroupRanks(ctx, id.RobloxUserID)
		if err != nil {
			failed = errors.Join(failed, err)
			if ctx.Err() != nil {
				break
			}
			continue
		}
		queued, err := s.SetRanks(ctx, id.DiscordID, id.RobloxUserID, ranks)
		if err != nil {
			return changed, err
		}
		if queued {
			changed++
		}
	}
	return changed, failed
}

// SetRanks records what Roblox said of a linked member's ranks and queues the delivery
// of the bound roles that changed. Ranks read for an account the member has since
// switched from are dropped. It tells whether a delivery was queued.
func (s *Service) SetRanks(ctx context.Context, discordID, robloxUserID string, ranks map[string]int) (bool, error) {
	queued := false
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.db.LockKey(ctx, "roblox.link:"+discordID); err != nil {
			return err
		}
		var cur Identity
		err := s.db.Conn(ctx).Where("discord_id = ?", discordID).Take(&cur).Error
		if db.IsNotFound(err) {
			return nil
		}
		if err != nil {
			return err
		}
		if cur.RobloxUserID != robloxUserID {
			return nil
		}
		// A member who opposed roles from their rank keeps none; the next read takes them away.
		allowed, err := privacy.Allows(ctx, s.db, discordID, privacy.UseRankRoles)
		if err != nil {
			return err
		}
		bound := BindRoles(s.set.Binds, ranks)
		if !allowed {
			bound = nil
		}
		next := cur
		now := s.set.Now()
		next.BindRoles, next.BindsCheckedAt = joinIDs(bound), &now
		queued, err = s.save(ctx, false, cur, next, ReasonBinds)
		return err
	})
	return queued, err
}

// ReadRanksSoon puts the member first for the next rank read (the refresh runs every minute),
// so that an opposition to roles from their rank takes them away without waiting a day.
func (s *Service) ReadRanksSoon(ctx context.Context, discordID string) error {
	return s.db.Conn(ctx).Model(&Identity{}).Where("discord_id = ?", discordID).Update("binds_checked_at", nil).Error
}
