package roblox

import (
	"context"
	"strings"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
)

// A person is a Discord id; a Roblox account is a link to a person, keyed by its Roblox
// user id. Names change, so each verification refreshes the link's name, and a name is
// held by whoever verified it last. A name typed on a document is only a claim.

// NameHold is who holds a Roblox name (lower case): the person who verified it, or the
// first person whose document claims it while nobody has. The primary key is what orders
// a claim against a verification of the same name.
type NameHold struct {
	RobloxKey    string    `gorm:"primaryKey;size:50"`
	DiscordID    string    `gorm:"size:32;not null;index:idx_roblox_name_holds_discord_id"`
	Verified     bool      `gorm:"not null;default:false"`
	RobloxUserID string    `gorm:"size:32;not null;default:''"` // the verified account's
	UpdatedAt    time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (NameHold) TableName() string { return "roblox_name_holds" }

// LinkChange is a link made, replaced or removed, for the services that follow links.
type LinkChange struct {
	DiscordID string
	Before    *Link // nil for a first link
	After     *Link // nil for an unlink
}

// Audit actions of a member's link.
const (
	ActionLink    = "roblox.link"    // a first link
	ActionSwitch  = "roblox.switch"  // another account replaced the link
	ActionRefresh = "roblox.refresh" // the same account verified again (its name may have changed)
	ActionUnlink  = "roblox.unlink"
)

// ErrNameVerified refuses a claim on a name someone else has verified.
var ErrNameVerified = errs.Conflict("Ese usuario de Roblox ya está verificado por otra persona.")

// OnLink registers a function called, in the same transaction, with every link made or
// replaced (not with unlinks: see OnUnlink).
func (s *Service) OnLink(fn func(ctx context.Context, c LinkChange) error) {
	s.onLink = append(s.onLink, fn)
}

// OnUnlink registers a function called, in the same transaction, with every unlink.
func (s *Service) OnUnlink(fn func(ctx context.Context, discordID string) error) {
	s.onUnlink = append(s.onUnlink, fn)
}

// NameKey is a Roblox name as holds and charges key it.
func NameKey(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

// ValidUserID tells whether s looks like a Roblox user id: 1 to 19 digits.
func ValidUserID(s string) bool {
	if len(s) < 1 || len(s) > 19 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// LockName serialises, until the transaction of ctx ends, everything that decides whose a
// Roblox name is (a verification, a charge filed under the name); the same for a user id.
func (s *Service) LockName(ctx context.Context, name string) error {
	return s.db.LockKey(ctx, "roblox.name:"+NameKey(name))
}

// LockUserID is LockName for a Roblox user id.
func (s *Service) LockUserID(ctx context.Context, userID string) error {
	return s.db.LockKey(ctx, "roblox.user:"+userID)
}

// Link records that Roblox vouched for acct as discordID's account. It replaces the
// member's earlier link (a switch), takes the name over from whoever held it before, and
// tells the OnLink functions, all in one transaction. Complete calls it once Roblox has
// answered; the demo seeds links with it.
func (s *Service) Link(ctx context.Context, discordID string, acct Account) (*Link, error) {
	l := Link{DiscordID: discordID, RobloxUserID: acct.UserID, RobloxUsername: acct.Username,
		RobloxKey: NameKey(acct.Username), DisplayName: acct.DisplayName, Picture: acct.Picture, VerifiedAt: s.now()}
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		// A link and an unlink of one member take turns; so do everything that decides whose
		// this name or this account is (a game charge filed under it waits for the link).
		for _, lock := range []func() error{
			func() error { return s.db.LockKey(ctx, "roblox.link:"+discordID) },
			func() error { return s.LockName(ctx, acct.Username) },
			func() error { return s.LockUserID(ctx, acct.UserID) },
		} {
			if err := lock(); err != nil {
				return err
			}
		}
		var owner Link
		err := s.db.Conn(ctx).Where("roblox_user_id = ?", acct.UserID).Take(&owner).Error
		switch {
		case err == nil && owner.DiscordID != discordID:
			return &Refusal{Reason: ReasonTaken}
		case err != nil && !db.IsNotFound(err):
			return err
		}
		before, err := s.LinkOf(ctx, discordID)
		if err != nil {
			return err
		}
		if err := s.db.Conn(ctx).Where("discord_id = ?", discordID).Delete(&Link{}).Error; err != nil {
			return err
		}
		if err := s.db.Conn(ctx).Create(&l).Error; err != nil {
			return err
		}
		if err := s.holdVerified(ctx, l); err != nil {
			return err
		}
		if err := audit.Write(ctx, s.db, l.VerifiedAt, audit.Change{ActorID: discordID, ActorName: "verificación de Roblox",
			Area: audit.AreaDocuments, Action: linkAction(before, &l), EntityType: "roblox_link", EntityID: discordID,
			Before: auditOf(before), After: auditOf(&l)}); err != nil {
			return err
		}
		for _, fn := range s.onLink {
			if err := fn(ctx, LinkChange{DiscordID: discordID, Before: before, After: &l}); err != nil {
				return err
			}
		}
		return nil
	})
	if db.IsUniqueViolation(err) {
		// Another member's verification of the same account committed first.
		return nil, &Refusal{Reason: ReasonTaken, Err: err}
	}
	if err != nil {
		return nil, err
	}
	return &l, nil
}

func linkAction(before, after *Link) string {
	switch {
	case before == nil:
		return ActionLink
	case before.RobloxUserID != after.RobloxUserID:
		return ActionSwitch
	default:
		return ActionRefresh
	}
}

// holdVerified makes l's name held, verified, by l's member: taken over from a claimant or
// from whoever verified it under an older name of theirs. The member's holds of other
// names (an earlier account, an older name) are let go.
func (s *Service) holdVerified(ctx context.Context, l Link) error {
	if err := s.db.Conn(ctx).Where("discord_id = ? AND verified = ? AND roblox_key <> ?", l.DiscordID, true, l.RobloxKey).
		Delete(&NameHold{}).Error; err != nil {
		return err
	}
	return s.db.Conn(ctx).Exec(`INSERT INTO roblox_name_holds (roblox_key, discord_id, verified, roblox_user_id, updated_at)
		VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (roblox_key) DO UPDATE SET discord_id = excluded.discord_id, verified = excluded.verified,
			roblox_user_id = excluded.roblox_user_id, updated_at = excluded.updated_at`,
		l.RobloxKey, l.DiscordID, true, l.RobloxUserID, l.VerifiedAt).Error
}

// Unlink removes the signed-in member's link and lets its name go. Nothing else moves:
// the member's record stays theirs. Unlinking without a link changes nothing and answers
// the status as it is.
func (s *Service) Unlink(ctx context.Context, actor *authz.Actor) (Status, error) {
	if actor == nil || actor.DiscordID == "" {
		return Status{}, errSignIn
	}
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.db.LockKey(ctx, "roblox.link:"+actor.DiscordID); err != nil {
			return err
		}
		before, err := s.LinkOf(ctx, actor.DiscordID)
		if err != nil || before == nil {
			return err
		}
		if err := s.LockName(ctx, before.RobloxUsername); err != nil {
			return err
		}
		res := s.db.Conn(ctx).Where("discord_id = ?", actor.DiscordID).Delete(&Link{})
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		if err := s.db.Conn(ctx).Where("discord_id = ? AND verified = ?", actor.DiscordID, true).Delete(&NameHold{}).Error; err != nil {
			return err
		}
		if err := audit.Write(ctx, s.db, s.now(), audit.Change{Actor: actor, Area: audit.AreaDocuments, Action: ActionUnlink,
			EntityType: "roblox_link", EntityID: actor.DiscordID, Before: auditOf(before)}); err != nil {
			return err
		}
		for _, fn := range s.onUnlink {
			if err := fn(ctx, actor.DiscordID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Status{}, err
	}
	return s.Status(ctx, actor)
}

// auditOf is a link as the audit log keeps it.
func auditOf(l *Link) any {
	if l == nil {
		return nil
	}
	return map[string]string{"robloxUserId": l.RobloxUserID, "robloxUsername": l.RobloxUsername}
}

// Claim holds name for discordID's document, in the transaction of ctx. It is refused when
// someone else has verified the name. A name nobody verified may be claimed by several
// people: an unverified claim proves nothing, and refusing it would let whoever typed a
// name first keep its real owner from writing it until they verify. The upsert locks the
// hold, so a claim and a verification of one name see each other: the claim either comes
// first (and its document is flagged once the owner verifies) or is refused.
func (s *Service) Claim(ctx context.Context, discordID, name string) error {
	var held NameHold
	err := s.db.Conn(ctx).Raw(`INSERT INTO roblox_name_holds (roblox_key, discord_id, verified, roblox_user_id, updated_at)
		VALUES (?, ?, ?, '', ?)
		ON CONFLICT (roblox_key) DO UPDATE SET roblox_key = excluded.roblox_key
		RETURNING roblox_key, discord_id, verified, roblox_user_id, updated_at`,
		NameKey(name), discordID, false, s.now()).Scan(&held).Error
	if err != nil {
		return err
	}
	if held.Verified && held.DiscordID != discordID {
		return ErrNameVerified
	}
	return nil
}

// Release lets go of discordID's unverified claim on name (a verified name stays held).
func (s *Service) Release(ctx context.Context, discordID, name string) error {
	return s.db.Conn(ctx).Where("roblox_key = ? AND discord_id = ? AND verified = ?", NameKey(name), discordID, false).
		Delete(&NameHold{}).Error
}

// VerifiedHolds are the verified holders of names (lower case), by name: names nobody
// verified are absent.
func (s *Service) VerifiedHolds(ctx context.Context, names ...string) (map[string]NameHold, error) {
	keys := make([]string, 0, len(names))
	for _, n := range names {
		keys = append(keys, NameKey(n))
	}
	out := map[string]NameHold{}
	if len(keys) == 0 {
		return out, nil
	}
	var holds []NameHold
	if err := s.db.Conn(ctx).Where("roblox_key IN ? AND verified = ?", keys, true).Find(&holds).Error; err != nil {
		return nil, err
	}
	for _, h := range holds {
		out[h.RobloxKey] = h
	}
	return out, nil
}

// ByUsername is the link of whoever verified a Roblox username (any case), or nil. A link
// whose account has since been renamed, and whose old name someone else verified, no
// longer answers to that name.
func (s *Service) ByUsername(ctx context.Context, username string) (*Link, error) {
	holds, err := s.VerifiedHolds(ctx, username)
	if err != nil {
		return nil, err
	}
	h, ok := holds[NameKey(username)]
	if !ok {
		return nil, nil
	}
	return s.LinkOf(ctx, h.DiscordID)
}

// ByUserID is the link of a Roblox user id, or nil.
func (s *Service) ByUserID(ctx context.Context, userID string) (*Link, error) {
	var l Link
	err := s.db.Conn(ctx).Where("roblox_user_id = ?", userID).Take(&l).Error
	if db.IsNotFound(err) {
		return nil, nil
	}
	return &l, err
}
