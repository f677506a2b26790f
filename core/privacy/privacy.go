// Package privacy holds what a member decided about their own data and what the portal must
// honour everywhere: the uses they opposed, whether they said they are under 18, whether they
// read the short notice, and whether their data is blocked by an approved cancellation (Ley
// Federal de Protección de Datos Personales en Posesión de los Particulares). Every feature
// that reaches a person asks here before it does something voluntary or shows their data.
package privacy

import (
	"context"
	"slices"
	"strings"
	"time"

	"gorm.io/gorm/clause"

	"zocalo/core/db"
)

// Blocked stands where a blocked person's data must stay in a row (a sale, a ticket).
const Blocked = "[bloqueado]"

// Suppressed stands where a person's data was suppressed.
const Suppressed = "[suprimido]"

// Use is a purpose a member may oppose (a voluntary one) or one a minor is spared.
type Use string

// The uses the portal has beyond the service itself; each is honoured where it happens.
const (
	UseVoteReminders Use = "recordatorios" // DMs before a vote closes
	UseTicketDMs     Use = "tickets"       // DMs when staff reply to a ticket
	UseRequestDMs    Use = "solicitudes"   // DMs answering a request about one's data
	UseLeaveDMs      Use = "ausencias"     // DMs deciding a staff member's leave
	UseRankRoles     Use = "rangos"        // Discord roles and nickname from the Roblox rank
)

// Uses lists every use, in the order the portal offers them.
var Uses = []Use{UseVoteReminders, UseTicketDMs, UseRequestDMs, UseLeaveDMs, UseRankRoles}

// OffForMinors tells whether a use is a DM the service does not need, which a member under
// 18 never gets; the DMs that answer their own requests and their staff role stay (they may
// still oppose them).
func (u Use) OffForMinors() bool { return u == UseVoteReminders || u == UseTicketDMs }

// Valid tells whether u is a use of the portal.
func (u Use) Valid() bool { return slices.Contains(Uses, u) }

// Choice is what one member decided.
type Choice struct {
	DiscordID string `gorm:"primaryKey;size:32"`
	// Minor: the member said they are under 18.
	Minor bool `gorm:"not null;default:false"`
	// Opposed are the uses they opposed, comma-separated, in the order of Uses.
	Opposed string `gorm:"type:text;not null;default:''"`
	// NoticeSeenAt is when they acknowledged the short notice; nil: not yet.
	NoticeSeenAt *time.Time `gorm:""`
	UpdatedAt    time.Time  `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (Choice) TableName() string { return "privacy_choices" }

// OpposedUses are the uses in Opposed.
func (c Choice) OpposedUses() []Use {
	out := []Use{}
	for _, s := range strings.Split(c.Opposed, ",") {
		if u := Use(s); u.Valid() {
			out = append(out, u)
		}
	}
	return out
}

// Allows tells whether u may be done for the member: not opposed and, for a minor, not a DM
// the service does not need.
func (c Choice) Allows(u Use) bool {
	if c.Minor && u.OffForMinors() {
		return false
	}
	return !slices.Contains(c.OpposedUses(), u)
}

// ChoiceOf reads a member's choice; a member who decided nothing has the zero choice.
func ChoiceOf(ctx context.Context, d *db.DB, discordID string) (Choice, error) {
	var c Choice
	err := d.Conn(ctx).Where("discord_id = ?", discordID).Limit(1).Find(&c).Error
	if c.DiscordID == "" {
		c.DiscordID = discordID
	}
	return c, err
}

// Allows tells whether u may be done for the member.
func Allows(ctx context.Context, d *db.DB, discordID string, u Use) (bool, error) {
	c, err := ChoiceOf(ctx, d, discordID)
	return err == nil && c.Allows(u), err
}

// Change is what a member changes of their choice; nil leaves a field as it is.
type Change struct {
	Minor      *bool
	NoticeSeen bool
	// Oppose adds uses to those opposed (an approved opposition or revocation).
	Oppose []Use
}

// Apply writes a change under the member's row lock, so two at once both land, one after the
// other; it returns the choice as the change found it and as it left it.
func Apply(ctx context.Context, d *db.DB, discordID string, ch Change, now time.Time) (before, after Choice, err error) {
	return update(ctx, d, discordID, now, func(c *Choice) {
		if ch.Minor != nil {
			c.Minor = *ch.Minor
		}
		if ch.NoticeSeen && c.NoticeSeenAt == nil {
			c.NoticeSeenAt = &now
		}
		if len(ch.Oppose) > 0 {
			opposed := c.OpposedUses()
			for _, u := range ch.Oppose {
				if !slices.Contains(opposed, u) {
					opposed = append(opposed, u)
				}
			}
			kept := []string{}
			for _, u := range Uses { // in the order of Uses, whatever the order given
				if slices.Contains(opposed, u) {
					kept = append(kept, string(u))
				}
			}
			c.Opposed = strings.Join(kept, ",")
		}
	})
}

// update changes a member's choice under a row lock (created first when missing), so
// concurrent changes of one member apply one after the other.
func update(ctx context.Context, d *db.DB, discordID string, now time.Time, change func(*Choice)) (before, after Choice, err error) {
	err = d.InTx(ctx, func(ctx context.Context) error {
		conn := d.Conn(ctx)
		if err := conn.Clauses(clause.OnConflict{DoNothing: true}).Create(&Choice{DiscordID: discordID, UpdatedAt: now}).Error; err != nil {
			return err
		}
		if err := d.ForUpdate(ctx, conn).Where("discord_id = ?", discordID).Take(&before).Error; err != nil {
			return err
		}
		after = before
		change(&after)
		after.UpdatedAt = now
		return conn.Save(&after).Error
	})
	return before, after, err
}
