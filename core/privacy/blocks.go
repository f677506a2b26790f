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

// IsBlocked tells whether the member's data is blocked now (a cancellation in its blocking
// term; once suppressed, nothing of theirs is left to hide).
func IsBlocked(ctx context.Context, d *db.DB, discordID string) (bool, error) {
	set, err := blockedNow(ctx, d)
	return discordID != "" && set.discord[discordID], err
}

// Subject names a person the way a record may: any of the three may be empty.
type Subject struct {
	DiscordID    string
	RobloxUserID string
	RobloxName   string
}

// IsBlockedSubject tells whether any of the subject's ids belongs to a person blocked now.
func IsBlockedSubject(ctx context.Context, d *db.DB, s Subject) (bool, error) {
	set, err := blockedNow(ctx, d)
	if err != nil {
		return false, err
	}
	return (s.DiscordID != "" && set.discord[s.DiscordID]) || (s.RobloxUserID != "" && set.robloxIDs[s.RobloxUserID]) ||
		(s.RobloxName != "" && set.robloxKeys[strings.ToLower(s.RobloxName)]), nil
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

// blockedSets keeps each database's blocked people for a moment, since every list and record
// look-up asks; this process's blocks and suppressions apply at once (blocksVersion), another
// replica's within the cache's time.
var (
	blockedSets   = recent.New[*db.DB, blockedSet](2*time.Second, 64)
	blocksVersion atomic.Uint64
)

// blockedSet is who is blocked now, by each id a row may name them by. Few people are ever in
// this state at once: only those whose cancellation is in its blocking term.
type blockedSet struct {
	discord, robloxIDs, robloxKeys map[string]bool
}

func blockedNow(ctx context.Context, d *db.DB) (blockedSet, error) {
	version := blocksVersion.Load()
	if set, ok := blockedSets.Get(d, version); ok {
		return set, nil
	}
	var rows []Block
	if err := d.Conn(ctx).Select("discord_id", "roblox_user_id", "roblox_key").Where("suppressed_at IS NULL").Find(&rows).Error; err != nil {
		return blockedSet{}, err
	}
	set := blockedSet{discord: map[string]bool{}, robloxIDs: map[string]bool{}, robloxKeys: map[string]bool{}}
	for _, b := range rows {
		set.discord[b.DiscordID] = true
		if b.RobloxUserID != "" {
			set.robloxIDs[b.RobloxUserID] = true
		}
		if b.RobloxKey != "" {
			set.robloxKeys[b.RobloxKey] = true
		}
	}
	blockedSets.Put(d, set, version)
	return set, nil
}

// BlockedNow returns the Discord ids of the members blocked now, for lists and exports that
// mask them row by row.
func BlockedNow(ctx context.Context, d *db.DB) (map[string]bool, error) {
	set, err := blockedNow(ctx, d)
	return set.discord, err
}

// blocksChanged makes this process read the blocked members again once ctx's change commits.
func blocksChanged(ctx context.Context, d *db.DB) {
	blocksVersion.Add(1)
	d.AfterCommit(ctx, func() { blocksVersion.Add(1) })
}
