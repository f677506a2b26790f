// Package records keeps the criminal records: charges against a person, found by their
// Discord id or their Roblox username. A person is whoever the portal can tie to either:
// a member of the guild, a linked Roblox account, an identity document, or earlier charges.
package records

import (
	"context"
	"strings"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/documents"
	"zocalo/core/errs"
	"zocalo/core/idempotency"
	"zocalo/core/members"
	"zocalo/core/roblox"
	"zocalo/core/validate"
)

// Charge is one entry of a criminal record.
type Charge struct {
	ID             uint64    `gorm:"primaryKey;autoIncrement"`
	DiscordID      string    `gorm:"size:32;not null;default:'';index:idx_charges_discord_id"`
	RobloxUsername string    `gorm:"size:50;not null;default:''"`
	RobloxKey      string    `gorm:"size:50;not null;default:'';index:idx_charges_roblox_key"` // lower case
	Description    string    `gorm:"type:text;not null"`
	Date           string    `gorm:"size:10;not null"` // YYYY-MM-DD, the community's date
	Source         string    `gorm:"size:10;not null"` // web, discord or game
	ActorID        string    `gorm:"size:32;not null;default:''"`
	ActorName      string    `gorm:"size:100;not null;default:''"`
	CreatedAt      time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (Charge) TableName() string { return "charges" }

// Sources of a charge.
const (
	SourceWeb     = "web"
	SourceDiscord = "discord"
	SourceGame    = "game"
)

// Query names a person by Discord id, Roblox username or both (both must then agree).
type Query struct {
	DiscordID      string `form:"discordId" json:"discordId"`
	RobloxUsername string `form:"robloxUsername" json:"robloxUsername"`
}

// ChargeView is a charge as the record lists it.
type ChargeView struct {
	Description string `json:"description"`
	Date        string `json:"date"`
	AddedBy     string `json:"addedBy,omitempty"`
}

// Record is a person and their charges, newest first.
type Record struct {
	Avatar         string       `json:"avatar"` // the Roblox picture when known
	RobloxUsername string       `json:"robloxUsername"`
	DiscordID      string       `json:"discordId"`
	Username       string       `json:"username"`
	DiscordAvatar  string       `json:"discordAvatar"`
	Charges        []ChargeView `json:"charges"`
}

var (
	errSignIn     = errs.Unauthorized("Inicia sesión para consultar los expedientes.")
	errQuery      = errs.Invalid("Escribe un ID de Discord o un usuario de Roblox.")
	errDiscordID  = errs.Invalid("El ID de Discord debe ser un número de 17 a 20 dígitos.")
	errRobloxName = errs.Invalid("El usuario de Roblox debe tener de 3 a 20 letras, números o guion bajo.")
	errCharge     = errs.Invalid("Describe el cargo (máximo 500 caracteres).")
	errNoPerson   = errs.NotFound("No se encontró a esa persona: revisa el ID de Discord o el usuario de Roblox.")
	errMayNotAdd  = errs.Forbidden("Solo los moderadores y la administración pueden agregar cargos.")
)

// Service searches records and adds charges.
type Service struct {
	db        *db.DB
	members   *members.Service
	links     *roblox.Service
	documents *documents.Service
	loc       *time.Location
	now       func() time.Time
}

// NewService builds the records service.
func NewService(d *db.DB, m *members.Service, links *roblox.Service, docs *documents.Service, loc *time.Location, now func() time.Time) *Service {
	if loc == nil {
		loc = time.UTC
	}
	return &Service{db: d, members: m, links: links, documents: docs, loc: loc, now: now}
}

// MayAddCharges tells who may add a charge: moderators and the ADMIN group.
func MayAddCharges(actor *authz.Actor) bool {
	return actor.Permits(authz.Moderador) || actor.InGroup(authz.Admin)
}

// Search finds a person's record. The result is a list: empty when nobody matches, else one
// record (whose charges may be empty).
func (s *Service) Search(ctx context.Context, actor *authz.Actor, q Query) ([]Record, error) {
	if actor == nil || actor.DiscordID == "" {
		return nil, errSignIn
	}
	r, err := s.Find(ctx, q)
	if err != nil || r == nil {
		return []Record{}, err
	}
	return []Record{*r}, nil
}

// person is who a query resolved to.
type person struct {
	discordID, username, discordAvatar string
	robloxUsername, picture            string
	// aliases are further Roblox names charges may have been filed under.
	aliases []string
	// known is true when the portal knows the person beyond charges (member, link, document).
	known bool
}

func (p *person) record(charges []Charge) Record {
	r := Record{Avatar: p.picture, RobloxUsername: p.robloxUsername, DiscordID: p.discordID,
		Username: p.username, DiscordAvatar: p.discordAvatar, Charges: make([]ChargeView, len(charges))}
	for i, c := range charges {
		r.Charges[i] = ChargeView{Description: c.Description, Date: c.Date, AddedBy: c.ActorName}
		if r.RobloxUsername == "" && c.RobloxUsername != "" {
			r.RobloxUsername = c.RobloxUsername
		}
	}
	return r
}

func (s *Service) checkQuery(q Query) (Query, error) {
	q.DiscordID, q.RobloxUsername = strings.TrimSpace(q.DiscordID), strings.TrimSpace(q.RobloxUsername)
	if q.DiscordID == "" && q.RobloxUsername == "" {
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
	return q, nil
}

// resolve ties a query to a person, or nil when the two keys name different people.
func (s *Service) resolve(ctx context.Context, q Query) (*person, error) {
	q, err := s.checkQuery(q)
	if err != nil {
		return nil, err
	}
	p := &person{discordID: q.DiscordID}
	if p.discordID == "" {
		link, err := s.links.ByUsername(ctx, q.RobloxUsername)
		if err != nil {
			return nil, err
		}
		if link != nil {
			p.discordID = link.DiscordID
		} else if doc, err := s.documents.ByRobloxName(ctx, q.RobloxUsername); err != nil {
			return nil, err
		} else if doc != nil {
			p.discordID = doc.DiscordID
			p.aliases = []string{q.RobloxUsername}
		} else {
			// Nobody on the portal uses that name: only charges filed under it can match.
			p.robloxUsername = q.RobloxUsername
			return p, nil
		}
	}
	if err := s.fill(ctx, p); err != nil {
		return nil, err
	}
	if q.DiscordID != "" && q.RobloxUsername != "" && !strings.EqualFold(p.robloxUsername, q.RobloxUsername) {
		return nil, nil
	}
	return p, nil
}

// fill completes a person known by Discord id: their member row, Roblox link or document.
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
		p.robloxUsername, p.picture, p.known = link.RobloxUsername, link.Picture, true
		return nil
	}
	doc, err := s.documents.Of(ctx, p.discordID)
	if err != nil {
		return err
	}
	if doc != nil {
		p.robloxUsername, p.known = doc.RobloxName, true
	}
	return nil
}

func (s *Service) chargesOf(ctx context.Context, p *person) ([]Charge, error) {
	var keys []string
	for _, name := range append([]string{p.robloxUsername}, p.aliases...) {
		if name != "" {
			keys = append(keys, strings.ToLower(name))
		}
	}
	q := s.db.Conn(ctx).Model(&Charge{})
	switch {
	case p.discordID != "" && len(keys) > 0:
		q = q.Where("discord_id = ? OR roblox_key IN ?", p.discordID, keys)
	case p.discordID != "":
		q = q.Where("discord_id = ?", p.discordID)
	default:
		q = q.Where("roblox_key IN ?", keys)
	}
	var out []Charge
	err := q.Order("created_at DESC, id DESC").Limit(1000).Find(&out).Error
	return out, err
}

// AddCharge files a charge against a person the portal knows, as a moderator or admin on
// the web or in Discord.
func (s *Service) AddCharge(ctx context.Context, actor *authz.Actor, target Query, description, source string) (Record, error) {
	if actor == nil || actor.DiscordID == "" {
		return Record{}, errSignIn
	}
	if !MayAddCharges(actor) {
		return Record{}, errMayNotAdd
	}
	return s.add(ctx, target, description, source, actor.DiscordID, actor.Username, false)
}

// AddChargeFromGame files a charge sent by the game server, which may name players the
// portal has not seen yet.
func (s *Service) AddChargeFromGame(ctx context.Context, robloxUsername, description, keyName string) (Record, error) {
	return s.add(ctx, Query{RobloxUsername: robloxUsername}, description, SourceGame, "", keyName, true)
}

func (s *Service) add(ctx context.Context, target Query, description, source, actorID, actorName string, strangersOK bool) (Record, error) {
	text, ok := validate.Text(description, 500)
	if !ok {
		return Record{}, errCharge
	}
	p, err := s.resolve(ctx, target)
	if err != nil {
		return Record{}, err
	}
	if p == nil || (!p.known && !strangersOK) {
		return Record{}, errNoPerson
	}
	c := Charge{DiscordID: p.discordID, RobloxUsername: p.robloxUsername, RobloxKey: strings.ToLower(p.robloxUsername),
		Description: text, Date: s.now().In(s.loc).Format(time.DateOnly), Source: source,
		ActorID: actorID, ActorName: actorName, CreatedAt: s.now()}
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		if err := idempotency.Claim(ctx, s.db, c.CreatedAt); err != nil {
			return err
		}
		if err := s.db.Conn(ctx).Create(&c).Error; err != nil {
			return err
		}
		return audit.Write(ctx, s.db, c.CreatedAt, audit.Change{ActorID: actorID, ActorName: actorName, Area: audit.AreaRecords, Action: "charge." + source,
			EntityType: "charge", EntityID: c.ID, After: map[string]string{"discordId": c.DiscordID, "robloxUsername": c.RobloxUsername,
				"description": c.Description, "date": c.Date}})
	})
	if err != nil {
		return Record{}, err
	}
	charges, err := s.chargesOf(ctx, p)
	if err != nil {
		return Record{}, err
	}
	return p.record(charges), nil
}

// Find is Search without the signed-in check, for the game server and the bot's look-ups.
func (s *Service) Find(ctx context.Context, q Query) (*Record, error) {
	p, err := s.resolve(ctx, q)
	if err != nil || p == nil {
		return nil, err
	}
	charges, err := s.chargesOf(ctx, p)
	if err != nil {
		return nil, err
	}
	if !p.known && len(charges) == 0 {
		return nil, nil
	}
	r := p.record(charges)
	return &r, nil
}
