package records

import (
	"context"
	"strings"

	"zocalo/core/errs"
	"zocalo/core/roblox"
	"zocalo/core/validate"
)

// Whose charges a query reads. A person is a Discord id: charges filed on the portal or in
// Discord hang on the Discord id they were filed against, and a game charge on whoever had
// verified the Roblox account it named when it was filed. A Roblox name or user id finds
// the person who verified it; while nobody has, only the game charges filed under that
// name (or user id) answer, marked unverified. A name typed on a document finds nobody.

var (
	errRobloxUserID = errs.Invalid("El ID de usuario de Roblox debe ser un número de hasta 19 dígitos.")
	errUnverified   = errs.NotFound("Ese usuario de Roblox no está verificado: agrega el cargo con el ID de Discord de la persona.")
)

// person is who a query resolved to: a Discord id, or an account nobody has verified.
type person struct {
	discordID, username, discordAvatar string
	// robloxUsername and robloxUserID are the person's verified account, or the account a
	// query named when nobody has verified it.
	robloxUsername, robloxUserID, picture string
	// known is true when the portal knows the person beyond charges (member, link, document).
	known bool
}

// unverified tells whether the query named a Roblox account nobody has verified.
func (p *person) unverified() bool { return p.discordID == "" }

func (p *person) record(charges []Charge) Record {
	r := Record{Avatar: p.picture, RobloxUsername: p.robloxUsername, DiscordID: p.discordID,
		Username: p.username, DiscordAvatar: p.discordAvatar, Charges: make([]ChargeView, len(charges))}
	for i, c := range charges {
		r.Charges[i] = viewOf(c)
		r.Charges[i].Unverified = c.DiscordID == ""
		// Asked by user id alone, an unverified account is named by its latest charge.
		if r.RobloxUsername == "" && p.unverified() {
			r.RobloxUsername = c.RobloxUsername
		}
	}
	return r
}

func (s *Service) checkQuery(q Query) (Query, error) {
	q.DiscordID, q.RobloxUsername, q.RobloxUserID = strings.TrimSpace(q.DiscordID), strings.TrimSpace(q.RobloxUsername), strings.TrimSpace(q.RobloxUserID)
	if q.DiscordID == "" && q.RobloxUsername == "" && q.RobloxUserID == "" {
		return q, errQuery
	}
	if q.DiscordID != "" && !validate.Snowflake(q.DiscordID) {
		return q, errDiscordID
	}
	if q.RobloxUsername != "" {
		if _, ok := validate.RobloxUsername(q.RobloxUsername); !ok {
			return q, errRobloxName
		}
	}
	if q.RobloxUserID != "" && !roblox.ValidUserID(q.RobloxUserID) {
		return q, errRobloxUserID
	}
	return q, nil
}

// resolve ties a query to a person, or nil when its keys name different people. Every key
// given must name the same person; a Roblox key nobody verified stands alone.
func (s *Service) resolve(ctx context.Context, q Query) (*person, error) {
	q, err := s.checkQuery(q)
	if err != nil {
		return nil, err
	}
	owners := map[string]bool{}
	keys := 0
	if q.DiscordID != "" {
		owners[q.DiscordID] = true
		keys++
	}
	var unverified *person
	if q.RobloxUserID != "" {
		keys++
		link, err := s.links.ByUserID(ctx, q.RobloxUserID)
		if err != nil {
			return nil, err
		}
		if link != nil {
			owners[link.DiscordID] = true
		} else {
			unverified = &person{robloxUserID: q.RobloxUserID}
		}
	}
	if q.RobloxUsername != "" {
		keys++
		link, err := s.links.ByUsername(ctx, q.RobloxUsername)
		if err != nil {
			return nil, err
		}
		if link != nil {
			owners[link.DiscordID] = true
		} else {
			unverified = &person{robloxUsername: q.RobloxUsername}
		}
	}
	switch {
	case unverified != nil && keys == 1:
		return unverified, nil
	case unverified != nil || len(owners) != 1:
		return nil, nil
	}
	p := &person{}
	for id := range owners {
		p.discordID = id
	}
	return p, s.fill(ctx, p)
}

// fill completes a person known by Discord id: their member row and Roblox link, and
// whether the portal knows them at all. A document's Roblox name is not theirs to show:
// it is a claim.
func (s *Service) fill(ctx context.Context, p *person) error {
	m, err := s.members.Get(ctx, p.discordID)
	if err != nil {
		return err
	}
	if m != nil {
		p.username, p.discordAvatar, p.known = m.Username, m.Avatar, true
	}
	link, err := s.links.LinkOf(ctx, p.discordID)
	if err != nil {
		return err
	}
	if link != nil {
		p.robloxUsername, p.robloxUserID, p.picture, p.known = link.RobloxUsername, link.RobloxUserID, link.Picture, true
		return nil
	}
	if !p.known {
		doc, err := s.documents.Of(ctx, p.discordID)
		if err != nil {
			return err
		}
		p.known = doc != nil
	}
	return nil
}

// chargesOf reads a person's charges, newest first: by Discord id only, or, for an
// account nobody verified, the game charges filed under it that hang on nobody.
func (s *Service) chargesOf(ctx context.Context, p *person) ([]Charge, error) {
	q := s.db.Conn(ctx).Model(&Charge{})
	switch {
	case !p.unverified():
		q = q.Where("discord_id = ?", p.discordID)
	case p.robloxUserID != "":
		q = q.Where("discord_id = '' AND roblox_user_id = ?", p.robloxUserID)
	default:
		q = q.Where("discord_id = '' AND roblox_key = ?", roblox.NameKey(p.robloxUsername))
	}
	var out []Charge
	err := q.Order("created_at DESC, id DESC").Limit(1000).Find(&out).Error
	return out, err
}

// GameAccount is the Roblox account a game server names: a name, and its user id when the
// server sends it.
type GameAccount struct {
	Username string
	UserID   string
}

// gameOwner is whom a game charge hangs on: the person who verified the user id the game
// sent, else (without a user id) the person who verified the name; "" when nobody has.
// Its caller holds the lock of that user id or name, so a verification cannot slip in
// between this read and the charge's insert.
func (s *Service) gameOwner(ctx context.Context, acct GameAccount) (*person, error) {
	var link *roblox.Link
	var err error
	if acct.UserID != "" {
		link, err = s.links.ByUserID(ctx, acct.UserID)
	} else {
		link, err = s.links.ByUsername(ctx, acct.Username)
	}
	if err != nil {
		return nil, err
	}
	if link == nil {
		return &person{robloxUsername: acct.Username, robloxUserID: acct.UserID}, nil
	}
	p := &person{discordID: link.DiscordID}
	return p, s.fill(ctx, p)
}

// lockGameAccount takes the lock gameOwner's caller holds.
func (s *Service) lockGameAccount(ctx context.Context, acct GameAccount) error {
	if acct.UserID != "" {
		return s.links.LockUserID(ctx, acct.UserID)
	}
	return s.links.LockName(ctx, acct.Username)
}
