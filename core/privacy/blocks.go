package privacy

import (
	"context"
	"strings"
	"sync/atomic"
	"time"

	"gorm.io/gorm/clause"

	"zocalo/core/db"
	"zocalo/core/recent"
)

// Block is a person whose data an approved cancellation blocked: it leaves every view, search
// and the game API at once, and is suppressed at SuppressAt.
type Block struct {
	DiscordID string `gorm:"primaryKey;size:32"`
	// The Roblox account they had linked, so that records filed by the game are blocked too.
	RobloxUserID string `gorm:"size:32;not null;default:'';index:idx_privacy_blocks_roblox_user_id"`
	// RobloxKey is the Roblox name in lower case, for records that name only it.
	RobloxKey    string     `gorm:"size:50;not null;default:'';index:idx_privacy_blocks_roblox_key"`
	RequestID    uint64     `gorm:"not null"`
	BlockedAt    time.Time  `gorm:"not null"`
	SuppressAt   time.Time  `gorm:"not null;index:idx_privacy_blocks_suppress_at"`
	SuppressedAt *time.Time `gorm:""`
}

// TableName keeps the table's name explicit.
func (Block) TableName() string { return "privacy_blocks" }

// AddBlock blocks a person from now on; blocking someone already blocked keeps the first block.
func AddBlock(ctx context.Context, d *db.DB, b Block) error {
	b.RobloxKey = strings.ToLower(b.RobloxKey)
	blocksChanged(ctx, d)
	return d.Conn(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&b).Error
}

// IsBlocked tells whether the member's data is blocked.
func IsBlocked(ctx context.Context, d *db.DB, discordID string) (bool, error) {
	if discordID == "" {
		return false, nil
	}
	var n int64
	err := d.Conn(ctx).Model(&Block{}).Where("discord_id = ?", discordID).Limit(1).Count(&n).Error
	return n > 0, err
}

// Subject names a person the way a record may: any of the three may be empty.
type Subject struct {
	DiscordID    string
	RobloxUserID string
	RobloxName   string
}

// IsBlockedSubject tells whether any of the subject's ids belongs to a blocked person.
func IsBlockedSubject(ctx context.Context, d *db.DB, s Subject) (bool, error) {
	var where []string
	var args []any
	if s.DiscordID != "" {
		where, args = append(where, "discord_id = ?"), append(args, s.DiscordID)
	}
	if s.RobloxUserID != "" {
		where, args = append(where, "roblox_user_id = ?"), append(args, s.RobloxUserID)
	}
	if s.RobloxName != "" {
		where, args = append(where, "roblox_key = ?"), append(args, strings.ToLower(s.RobloxName))
	}
	if len(where) == 0 {
		return false, nil
	}
	var n int64
	err := d.Conn(ctx).Model(&Block{}).Where(strings.Join(where, " OR "), args...).Limit(1).Count(&n).Error
	return n > 0, err
}

// BlockedAmong returns which of the Discord ids are blocked, for lists that show names.
func BlockedAmong(ctx context.Context, d *db.DB, discordIDs []string) (map[string]bool, error) {
	out := map[string]bool{}
	if len(discordIDs) == 0 {
		return out, nil
	}
	var ids []string
	// A page's ids, never a whole table's: lists call this with the rows they show.
	if err := d.Conn(ctx).Model(&Block{}).Where("discord_id IN ?", discordIDs).Pluck("discord_id", &ids).Error; err != nil {
		return nil, err
	}
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}

// Due lists the blocks whose term ended and that were not suppressed yet, oldest first.
func Due(ctx context.Context, d *db.DB, now time.Time, limit int) ([]Block, error) {
	var out []Block
	err := d.Conn(ctx).Where("suppressed_at IS NULL AND suppress_at <= ?", now).Order("suppress_at, discord_id").Limit(limit).Find(&out).Error
	return out, err
}

// MarkSuppressed records that a block's data was suppressed, forgetting the Roblox account it
// named; false when another process did it first. The row stays, with the Discord id alone, as
// the proof that the cancellation was carried out.
func MarkSuppressed(ctx context.Context, d *db.DB, discordID string, now time.Time) (bool, error) {
	blocksChanged(ctx, d)
	res := d.Conn(ctx).Model(&Block{}).Where("discord_id = ? AND suppressed_at IS NULL", discordID).
		Updates(map[string]any{"suppressed_at": now, "roblox_user_id": "", "roblox_key": ""})
	return res.RowsAffected == 1, res.Error
}

// blockedSets keeps each database's blocked members for a moment, since every list that names
// people asks; this process's blocks and suppressions apply at once (blocksVersion), another
// replica's within the cache's time.
var (
	blockedSets   = recent.New[*db.DB, map[string]bool](2*time.Second, 64)
	blocksVersion atomic.Uint64
)

// BlockedNow returns the members blocked and not yet suppressed (after suppression their rows
// no longer name them), for lists and exports that mask them row by row. Few members are ever
// in this state at once: only those whose cancellation is in its blocking term.
func BlockedNow(ctx context.Context, d *db.DB) (map[string]bool, error) {
	version := blocksVersion.Load()
	if set, ok := blockedSets.Get(d, version); ok {
		return set, nil
	}
	var ids []string
	if err := d.Conn(ctx).Model(&Block{}).Where("suppressed_at IS NULL").Pluck("discord_id", &ids).Error; err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	blockedSets.Put(d, out, version)
	return out, nil
}

// blocksChanged makes this process read the blocked members again once ctx's change commits.
func blocksChanged(ctx context.Context, d *db.DB) {
	blocksVersion.Add(1)
	d.AfterCommit(ctx, func() { blocksVersion.Add(1) })
}
