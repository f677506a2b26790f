// Package players gathers, for the player profile, everything the portal knows about the
// signed-in member: who they are in Discord, their Roblox account, their document, their
// open tickets and their record.
package players

import (
	"context"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/documents"
	"zocalo/core/errs"
	"zocalo/core/members"
	"zocalo/core/records"
	"zocalo/core/roblox"
	"zocalo/core/tickets"
)

// Profile is the player profile page.
type Profile struct {
	DiscordID string               `json:"discordId"`
	Username  string               `json:"username"`
	Avatar    string               `json:"avatar"`
	InGuild   bool                 `json:"inGuild"`
	Roles     []string             `json:"roles"`
	Roblox    roblox.Status        `json:"roblox"`
	Document  *documents.View      `json:"document"`
	Tickets   []tickets.View       `json:"tickets"`
	Charges   []records.ChargeView `json:"charges"`
}

// Service builds profiles.
type Service struct {
	db        *db.DB
	members   *members.Service
	links     *roblox.Service
	documents *documents.Service
	tickets   *tickets.Service
	records   *records.Service
}

// NewService builds the service over the others.
func NewService(conn *db.DB, m *members.Service, l *roblox.Service, d *documents.Service, t *tickets.Service, r *records.Service) *Service {
	return &Service{db: conn, members: m, links: l, documents: d, tickets: t, records: r}
}

// openTickets bounds the tickets listed; the support page has the rest.
const openTickets = 20

// Mine is the signed-in member's profile.
func (s *Service) Mine(ctx context.Context, actor *authz.Actor) (Profile, error) {
	if actor == nil || actor.DiscordID == "" {
		return Profile{}, errs.ErrNotSignedIn
	}
	p := Profile{DiscordID: actor.DiscordID, Username: actor.Username, Roles: []string{}, Charges: []records.ChargeView{}}
	m, err := s.members.Get(ctx, actor.DiscordID)
	if err != nil {
		return Profile{}, err
	}
	if m != nil {
		p.Username, p.Avatar, p.InGuild = m.Username, m.Avatar, m.InGuild
	}
	for _, r := range actor.Roles.Sorted() {
		p.Roles = append(p.Roles, string(r))
	}
	if p.Roblox, err = s.links.Status(ctx, actor); err != nil {
		return Profile{}, err
	}
	if p.Document, err = s.documents.Mine(ctx, actor); err != nil {
		return Profile{}, err
	}
	if p.Tickets, err = s.tickets.ActiveOf(ctx, actor, openTickets); err != nil {
		return Profile{}, err
	}
	rec, err := s.records.Find(ctx, records.Query{DiscordID: actor.DiscordID})
	if err != nil {
		return Profile{}, err
	}
	if rec != nil {
		p.Charges = rec.Charges
	}
	return p, nil
}

// GamePlayer is what a game server reads of a player: whether their Roblox account is
// verified, their document and their record. A verified account answers its person's
// document and charges; an account nobody verified answers only the game charges filed
// under it, each marked unverified, and no document: a name typed on a document is a
// claim, not a person.
type GamePlayer struct {
	RobloxUsername string               `json:"robloxUsername"`
	RobloxUserID   string               `json:"robloxUserId"`
	DiscordID      *string              `json:"discordId"`
	Verified       bool                 `json:"verified"`
	Document       *documents.View      `json:"document"`
	Charges        []records.ChargeView `json:"charges"`
}

// ForGame looks a player up by Roblox username for a game server. A name nobody on the
// portal uses answers an empty player, not an error: new players are normal in game.
func (s *Service) ForGame(ctx context.Context, robloxUsername string) (GamePlayer, error) {
	return s.forGame(ctx, records.Query{RobloxUsername: robloxUsername})
}

// ForGameByUserID is ForGame by Roblox user id, which survives renames.
func (s *Service) ForGameByUserID(ctx context.Context, robloxUserID string) (GamePlayer, error) {
	return s.forGame(ctx, records.Query{RobloxUserID: robloxUserID})
}

func (s *Service) forGame(ctx context.Context, q records.Query) (GamePlayer, error) {
	out := GamePlayer{RobloxUsername: q.RobloxUsername, RobloxUserID: q.RobloxUserID, Charges: []records.ChargeView{}}
	rec, err := s.records.Find(ctx, q)
	if err != nil || rec == nil {
		return out, err
	}
	// Voided charges stay on the portal's record but do not follow the player in game.
	out.Charges = rec.InForce()
	if rec.RobloxUsername != "" {
		out.RobloxUsername = rec.RobloxUsername
	}
	if rec.DiscordID == "" {
		return out, nil
	}
	// The record is the person who verified the account asked for.
	id := rec.DiscordID
	out.DiscordID, out.Verified = &id, true
	link, err := s.links.LinkOf(ctx, id)
	if err != nil {
		return out, err
	}
	if link != nil {
		out.RobloxUsername, out.RobloxUserID = link.RobloxUsername, link.RobloxUserID
	}
	out.Document, err = s.documents.Of(ctx, id)
	return out, err
}
