package players

import (
	"context"
	"strings"

	"zocalo/core/authz"
	"zocalo/core/documents"
	"zocalo/core/errs"
	"zocalo/core/privacy"
	"zocalo/core/records"
	"zocalo/core/roblox"
)

// WhoisQuery names one person: a Discord member or a Roblox username.
type WhoisQuery struct {
	DiscordID      string
	RobloxUsername string
}

// Whois is a person seen from both sides: their Discord account, their verified Roblox
// account, their document and their record as the asker may read it.
type Whois struct {
	DiscordID string
	Username  string // in Discord; empty when the portal has never seen them
	InGuild   bool
	Link      *roblox.Link // nil: no verified Roblox account
	Document  *documents.View
	Record    *records.Record // nil: no record
}

var (
	errWhoisStaff = errs.Forbidden("Solo el staff puede buscar a otras personas.")
	errWhoisQuery = errs.Invalid("Indica un miembro del servidor o un usuario de Roblox (uno de los dos).")
)

// MayWhois tells who may look people up across Discord and Roblox: the staff.
func MayWhois(actor *authz.Actor) bool { return actor != nil && actor.InGroup(authz.Staff) }

// Whois resolves a Discord member to their Roblox account, or a Roblox username to the
// member who verified it, with the document and the record summary. The record is the one
// records.Search gives the asker, so it shows what the web would show them.
func (s *Service) Whois(ctx context.Context, actor *authz.Actor, q WhoisQuery) (Whois, error) {
	if actor == nil || actor.DiscordID == "" {
		return Whois{}, errs.ErrNotSignedIn
	}
	if !MayWhois(actor) {
		return Whois{}, errWhoisStaff
	}
	q.RobloxUsername = strings.TrimSpace(q.RobloxUsername)
	if (q.DiscordID == "") == (q.RobloxUsername == "") {
		return Whois{}, errWhoisQuery
	}
	var out Whois
	var err error
	if q.DiscordID != "" {
		out.DiscordID = q.DiscordID
		if out.Link, err = s.links.LinkOf(ctx, q.DiscordID); err != nil {
			return Whois{}, err
		}
	} else {
		if out.Link, err = s.links.ByUsername(ctx, q.RobloxUsername); err != nil {
			return Whois{}, err
		}
		if out.Link == nil {
			return Whois{}, errs.NotFound("Nadie del servidor ha verificado el usuario de Roblox " + q.RobloxUsername + ".")
		}
		out.DiscordID = out.Link.DiscordID
	}
	// A person whose data a cancellation blocked is nobody the staff can look up.
	if blocked, err := privacy.IsBlockedSubject(ctx, s.db, privacy.Subject{DiscordID: out.DiscordID, RobloxName: q.RobloxUsername}); err != nil || blocked {
		if err != nil {
			return Whois{}, err
		}
		return Whois{}, errs.NotFound("No hay datos que mostrar de esa persona.")
	}
	m, err := s.members.Get(ctx, out.DiscordID)
	if err != nil {
		return Whois{}, err
	}
	if m != nil {
		out.Username, out.InGuild = m.Username, m.InGuild
	}
	if out.Document, err = s.documents.Of(ctx, out.DiscordID); err != nil {
		return Whois{}, err
	}
	found, err := s.records.Search(ctx, actor, records.Query{DiscordID: out.DiscordID})
	if err != nil {
		return Whois{}, err
	}
	if len(found) > 0 {
		out.Record = &found[0]
	}
	return out, nil
}
