// Package verification carries a member's Roblox link into Discord: the verified role, a
// nickname made from a template and the roles bound to Roblox group ranks. What the bot was
// last asked to make of each linked member is stored, so a change is delivered once (through
// the outbox) and a change made by hand in Discord is undone.
package verification

import (
	"context"
	"slices"
	"strings"
	"time"
	"unicode/utf16"

	"zocalo/core/db"
	"zocalo/core/outbox"
	"zocalo/core/roblox"
)

// KindApply sets a member's verified roles and nickname in Discord.
const KindApply = "member.verify"

// Apply is the payload of KindApply: the whole state to reach, so that a retry, or a later
// event of the same member, leaves Discord as the newest one says.
type Apply struct {
	UserID string `json:"userId"`
	// AddRoleIDs are every role the member must hold (adding a held role is harmless).
	AddRoleIDs []string `json:"addRoleIds,omitempty"`
	// RemoveRoleIDs are roles given earlier that the member no longer earns.
	RemoveRoleIDs []string `json:"removeRoleIds,omitempty"`
	// Nick is the nickname to set; "" resets it; nil leaves it alone.
	Nick *string `json:"nick,omitempty"`
	// Reason says why, for operators: link, unlink, reapply or binds.
	Reason string `json:"reason"`
}

// Reasons of an Apply.
const (
	ReasonLink    = "link"
	ReasonUnlink  = "unlink"
	ReasonReapply = "reapply"
	ReasonBinds   = "binds"
)

// ChannelOf is the outbox channel of a member's verification: its own, so a member Discord
// refuses to change (the owner, a higher role) holds back nobody else.
func ChannelOf(discordID string) string { return "verify:" + discordID }

// Identity is what the bot was last asked to make of a linked member. A row exists while
// the member is linked.
type Identity struct {
	DiscordID    string `gorm:"primaryKey;size:32"`
	RobloxUserID string `gorm:"size:32;not null"`
	// Roles are the roles given (the verified role and the bound ones), comma-separated.
	Roles string `gorm:"type:text;not null;default:''"`
	// BindRoles are the roles the Roblox group ranks earned at the last check.
	BindRoles string `gorm:"type:text;not null;default:''"`
	// Nick is the nickname set; empty when the template leaves nicknames alone.
	Nick string `gorm:"size:128;not null;default:''"`
	// ReappliedFor is the change by hand last put back (the roles missing and the nickname
	// seen), so that copies of its event put it back once; cleared once the member shows
	// what was given again.
	ReappliedFor string `gorm:"type:text;not null;default:''"`
	// BindsCheckedAt is when the ranks were last read from Roblox; nil: not yet.
	BindsCheckedAt *time.Time `gorm:"index:idx_discord_identities_binds_checked_at"`
	UpdatedAt      time.Time  `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (Identity) TableName() string { return "discord_identities" }

// Settings say what a link means in Discord.
type Settings struct {
	// VerifiedRoleID is given to every linked member; empty gives none.
	VerifiedRoleID string
	// NickTemplate makes the nickname: {roblox} is the Roblox username, {display} the
	// display name. Empty leaves nicknames alone.
	NickTemplate string
	// Binds give roles by Roblox group rank; Ranks reads them (nil: binds are off).
	Binds []Bind
	Ranks Ranks
	Now   func() time.Time
}

// Service keeps linked members' Discord identity.
type Service struct {
	db     *db.DB
	outbox *outbox.Store
	set    Settings
	ranks  Ranks
}

// NewService builds the service; register Follow on the links so it hears of them.
func NewService(d *db.DB, o *outbox.Store, s Settings) *Service {
	return &Service{db: d, outbox: o, set: s, ranks: s.Ranks}
}

// Follow makes the service hear of every link and unlink, in their transactions.
func (s *Service) Follow(links *roblox.Service) {
	links.OnLink(s.onLink)
	links.OnUnlink(s.onUnlink)
}

// Enabled tells whether a link changes anything in Discord.
func (s *Service) Enabled() bool {
	return s.set.VerifiedRoleID != "" || s.set.NickTemplate != "" || len(s.set.Binds) > 0
}

// MaxNick is Discord's longest nickname.
const MaxNick = 32

// Nickname renders the template for an account, cut to Discord's 32 characters. Discord
// counts characters; UTF-16 code units are never fewer than those, and a cut never splits
// a character.
func Nickname(template string, acct roblox.Account) string {
	display := acct.DisplayName
	if display == "" {
		display = acct.Username
	}
	nick := strings.NewReplacer("{roblox}", acct.Username, "{display}", display).Replace(template)
	nick = strings.Join(strings.Fields(nick), " ")
	used := 0
	for i, r := range nick {
		if used+utf16.RuneLen(r) > MaxNick {
			return strings.TrimSpace(nick[:i])
		}
		used += utf16.RuneLen(r)
	}
	return nick
}

// onLink gives a newly linked (or switched, or renamed) member the verified role and the
// nickname. A link that changes neither (the same account verified again, or two
// verifications at once) delivers nothing.
func (s *Service) onLink(ctx context.Context, c roblox.LinkChange) error {
	_, err := s.follow(ctx, c)
	return err
}

// follow stores what a link makes of the member and queues the delivery when it changed.
func (s *Service) follow(ctx context.Context, c roblox.LinkChange) (bool, error) {
	if !s.Enabled() {
		return false, nil
	}
	acct := roblox.Account{UserID: c.After.RobloxUserID, Username: c.After.RobloxUsername, DisplayName: c.After.DisplayName}
	var cur Identity
	err := s.db.Conn(ctx).Where("discord_id = ?", c.DiscordID).Take(&cur).Error
	fresh := db.IsNotFound(err)
	if err != nil && !fresh {
		return false, err
	}
	next := cur
	if fresh {
		next = Identity{DiscordID: c.DiscordID}
	}
	if next.RobloxUserID != acct.UserID {
		// Another account's ranks say nothing of this one: they are read again.
		next.RobloxUserID, next.BindRoles, next.BindsCheckedAt = acct.UserID, "", nil
	}
	if s.set.NickTemplate != "" {
		next.Nick = Nickname(s.set.NickTemplate, acct)
	}
	return s.save(ctx, fresh, cur, next, ReasonLink)
}

// onUnlink takes the roles given away and resets the nickname set, and forgets the member.
func (s *Service) onUnlink(ctx context.Context, discordID string) error {
	var cur Identity
	err := s.db.Conn(ctx).Where("discord_id = ?", discordID).Take(&cur).Error
	if db.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if err := s.db.Conn(ctx).Where("discord_id = ?", discordID).Delete(&Identity{}).Error; err != nil {
		return err
	}
	p := Apply{UserID: discordID, RemoveRoleIDs: splitIDs(cur.Roles), Reason: ReasonUnlink}
	if cur.Nick != "" {
		reset := ""
		p.Nick = &reset
	}
	if len(p.RemoveRoleIDs) == 0 && p.Nick == nil {
		return nil
	}
	_, err = s.outbox.Enqueue(ctx, KindApply, ChannelOf(discordID), p)
	return err
}

// save stores next with the roles it earns and, when Discord must change, queues the
// delivery that changes it; it tells whether it queued one.
func (s *Service) save(ctx context.Context, fresh bool, cur, next Identity, reason string) (bool, error) {
	want := s.wantRoles(next)
	next.Roles = joinIDs(want)
	next.ReappliedFor = ""
	next.UpdatedAt = s.set.Now()
	if fresh {
		if err := s.db.Conn(ctx).Create(&next).Error; err != nil {
			return false, err
		}
	} else if err := s.db.Conn(ctx).Save(&next).Error; err != nil {
		return false, err
	}
	if !fresh && cur.Roles == next.Roles && cur.Nick == next.Nick {
		return false, nil
	}
	p := s.applyOf(next, reason)
	for _, id := range splitIDs(cur.Roles) {
		if !slices.Contains(want, id) {
			p.RemoveRoleIDs = append(p.RemoveRoleIDs, id)
		}
	}
	if p.Nick == nil && cur.Nick != "" {
		// The template was turned off: the nickname the bot set goes.
		reset := ""
		p.Nick = &reset
	}
	if len(p.AddRoleIDs) == 0 && len(p.RemoveRoleIDs) == 0 && p.Nick == nil {
		return false, nil
	}
	_, err := s.outbox.Enqueue(ctx, KindApply, ChannelOf(next.DiscordID), p)
	return err == nil, err
}

// applyOf is the delivery that makes Discord show id.
func (s *Service) applyOf(id Identity, reason string) Apply {
	p := Apply{UserID: id.DiscordID, AddRoleIDs: splitIDs(id.Roles), Reason: reason}
	if id.Nick != "" {
		nick := id.Nick
		p.Nick = &nick
	}
	return p
}

// wantRoles are the roles a linked member earns: the verified role and the bound ones.
func (s *Service) wantRoles(id Identity) []string {
	var want []string
	if s.set.VerifiedRoleID != "" {
		want = append(want, s.set.VerifiedRoleID)
	}
	for _, r := range splitIDs(id.BindRoles) {
		if !slices.Contains(want, r) {
			want = append(want, r)
		}
	}
	slices.Sort(want)
	return want
}

// Observed is a member as a gateway event shows them.
type Observed struct {
	DiscordID string
	RoleIDs   []string
	Nick      string
	// Before is the member as the bot saw them just before this event (the previous event,
	// or the member list), nil when it has not seen them since it started or they have just
	// joined the guild.
	Before *Seen
}

// Seen is what a member showed in Discord at one moment: roles and nickname.
type Seen struct {
	RoleIDs []string
	Nick    string
}

// Reapply puts back what the bot gave a linked member when someone changed it by hand: a
// role taken away, another nickname.
//
// Only what this event took away is put back: a role given that Before showed and this
// event does not, a nickname that was the one given and is no longer. The events Discord
// sends for the bot's own changes, one per role and one for the nickname, show each step
// of a delivery (the nickname not set yet while the roles land) and never take anything
// away, so they queue nothing, however late they are read. Without Before (a member just
// joined, or not seen since the bot started) whatever the member lacks is put back.
//
// Nothing is queued either while a delivery of theirs waits (blocked, for an operator; or
// not tried yet, and it sets everything), or for a copy of the change last put back (an
// event delivered again). A delivery under way may have gone out before the change, so it
// does not stop a new one. It tells whether it queued one.
func (s *Service) Reapply(ctx context.Context, obs Observed) (bool, error) {
	// Most member events are of members nobody linked, or take nothing away: one read, no
	// transaction.
	id, err := s.Of(ctx, obs.DiscordID)
	if err != nil || id == nil {
		return false, err
	}
	d := deviationOf(*id, obs)
	if d.any() && !d.takenBy(*id, obs.Before) {
		// The bot's own change on its way, or a change an earlier event showed.
		return false, nil
	}
	if !d.any() && id.ReappliedFor == "" {
		return false, nil
	}
	queued := false
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		// The link's lock: a link or unlink of the member and this take turns.
		if err := s.db.LockKey(ctx, "roblox.link:"+obs.DiscordID); err != nil {
			return err
		}
		var cur Identity
		err := s.db.Conn(ctx).Where("discord_id = ?", obs.DiscordID).Take(&cur).Error
		if db.IsNotFound(err) {
			return nil
		}
		if err != nil {
			return err
		}
		d = deviationOf(cur, obs)
		if !d.any() {
			if cur.ReappliedFor == "" {
				return nil
			}
			return s.db.Conn(ctx).Model(&Identity{}).Where("discord_id = ?", cur.DiscordID).Update("reapplied_for", "").Error
		}
		if !d.takenBy(cur, obs.Before) {
			return nil
		}
		change := joinIDs(d.missing) + "|" + obs.Nick
		if change == cur.ReappliedFor {
			return nil
		}
		waiting, err := s.outbox.Waiting(ctx, ChannelOf(obs.DiscordID))
		if err != nil || waiting {
			return err
		}
		if err := s.db.Conn(ctx).Model(&Identity{}).Where("discord_id = ?", cur.DiscordID).Update("reapplied_for", change).Error; err != nil {
			return err
		}
		if _, err := s.outbox.Enqueue(ctx, KindApply, ChannelOf(obs.DiscordID), s.applyOf(cur, ReasonReapply)); err != nil {
			return err
		}
		queued = true
		return nil
	})
	return queued, err
}

// deviation is how a member differs from what the bot gave them.
type deviation struct {
	missing []string // roles given that the member does not hold
	renamed bool     // the member does not show the nickname given
}

func deviationOf(id Identity, obs Observed) deviation {
	var d deviation
	for _, r := range splitIDs(id.Roles) {
		if !slices.Contains(obs.RoleIDs, r) {
			d.missing = append(d.missing, r)
		}
	}
	d.renamed = id.Nick != "" && obs.Nick != id.Nick
	return d
}

func (d deviation) any() bool { return len(d.missing) > 0 || d.renamed }

// takenBy tells whether the event after before took the difference away: a missing role
// before held, or the nickname given before shown. Without before, anything missing was.
func (d deviation) takenBy(id Identity, before *Seen) bool {
	if before == nil {
		return true
	}
	for _, r := range d.missing {
		if slices.Contains(before.RoleIDs, r) {
			return true
		}
	}
	return d.renamed && before.Nick == id.Nick
}

// Recheck puts back what a member list shows members lack of what the bot gave them, as
// Reapply does for a member just joined: the list the bot reads at start shows what was
// changed by hand while it was away. A member with a delivery still to go out, or one that
// landed since the list was asked for (listedAt), is left to their events: the list may
// show that delivery half done. It reads the identities a few hundred at a time and tells
// how many deliveries it queued.
func (s *Service) Recheck(ctx context.Context, seen []Observed, listedAt time.Time) (int, error) {
	const batch = 500
	queued := 0
	for start := 0; start < len(seen); start += batch {
		part := seen[start:min(start+batch, len(seen))]
		ids := make([]string, len(part))
		for i, o := range part {
			ids[i] = o.DiscordID
		}
		var found []Identity
		if err := s.db.Conn(ctx).Where("discord_id IN ?", ids).Find(&found).Error; err != nil {
			return queued, err
		}
		given := make(map[string]Identity, len(found))
		for _, id := range found {
			given[id.DiscordID] = id
		}
		for _, o := range part {
			id, ok := given[o.DiscordID]
			if !ok || !deviationOf(id, o).any() {
				continue
			}
			busy, err := s.outbox.BusySince(ctx, ChannelOf(o.DiscordID), listedAt)
			if err != nil {
				return queued, err
			}
			if busy {
				continue
			}
			o.Before = nil
			q, err := s.Reapply(ctx, o)
			if err != nil {
				return queued, err
			}
			if q {
				queued++
			}
		}
	}
	return queued, nil
}

// Of is a member's identity in Discord, or nil when they are not linked (or the link
// changes nothing in Discord).
func (s *Service) Of(ctx context.Context, discordID string) (*Identity, error) {
	var id Identity
	err := s.db.Conn(ctx).Where("discord_id = ?", discordID).Take(&id).Error
	if db.IsNotFound(err) {
		return nil, nil
	}
	return &id, err
}

func splitIDs(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

func joinIDs(ids []string) string { return strings.Join(ids, ",") }

// Backfill gives up to limit members linked while verification changed nothing in Discord
// (before it was configured) what a link gives now, and tells how many it queued.
func (s *Service) Backfill(ctx context.Context, limit int) (int, error) {
	if !s.Enabled() || limit < 1 {
		return 0, nil
	}
	var ids []string
	if err := s.db.Conn(ctx).Model(&roblox.Link{}).
		Joins("LEFT JOIN discord_identities ON discord_identities.discord_id = roblox_links.discord_id").
		Where("discord_identities.discord_id IS NULL").Order("roblox_links.discord_id").Limit(limit).
		Pluck("roblox_links.discord_id", &ids).Error; err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		err := s.db.InTx(ctx, func(ctx context.Context) error {
			if err := s.db.LockKey(ctx, "roblox.link:"+id); err != nil {
				return err
			}
			var l roblox.Link
			err := s.db.Conn(ctx).Where("discord_id = ?", id).Take(&l).Error
			if db.IsNotFound(err) {
				return nil // unlinked meanwhile
			}
			if err != nil {
				return err
			}
			queued, err := s.follow(ctx, roblox.LinkChange{DiscordID: id, After: &l})
			if queued {
				n++
			}
			return err
		})
		if err != nil {
			return n, err
		}
	}
	return n, nil
}
