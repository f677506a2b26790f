// Package records keeps the criminal records: charges against a person, found by their
// Discord id or by the Roblox account they verified (see identity.go for whose charges a
// query reads). A person is a Discord id the portal knows: a member of the guild, a linked
// Roblox account or an identity document.
package records

import (
	"context"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/documents"
	"zocalo/core/errs"
	"zocalo/core/idempotency"
	"zocalo/core/members"
	"zocalo/core/privacy"
	"zocalo/core/roblox"
	"zocalo/core/validate"
)

// Charge is one entry of a criminal record. It hangs on DiscordID; a game charge filed
// under a Roblox account nobody had verified has none and hangs, unverified, on the
// account: RobloxKey and, when the game sent it, RobloxUserID (see identity.go).
type Charge struct {
	ID             uint64    `gorm:"primaryKey;autoIncrement"`
	DiscordID      string    `gorm:"size:32;not null;default:'';index:idx_charges_discord_id"`
	RobloxUsername string    `gorm:"size:50;not null;default:''"`
	RobloxKey      string    `gorm:"size:50;not null;default:'';index:idx_charges_roblox_key"` // lower case
	RobloxUserID   string    `gorm:"size:32;not null;default:'';index:idx_charges_roblox_user_id"`
	Description    string    `gorm:"type:text;not null"`
	Date           string    `gorm:"size:10;not null"` // YYYY-MM-DD, the community's date
	Source         string    `gorm:"size:10;not null"` // web, discord or game
	ActorID        string    `gorm:"size:32;not null;default:''"`
	ActorName      string    `gorm:"size:100;not null;default:''"`
	CreatedAt      time.Time `gorm:"not null"`
	Trail
}

// TableName keeps the table's name explicit.
func (Charge) TableName() string { return "charges" }

// Sources of a charge.
const (
	SourceWeb     = "web"
	SourceDiscord = "discord"
	SourceGame    = "game"
)

// Query names a person by Discord id, Roblox username or Roblox user id (keys given
// together must name the same person).
type Query struct {
	DiscordID      string `form:"discordId" json:"discordId"`
	RobloxUsername string `form:"robloxUsername" json:"robloxUsername"`
	RobloxUserID   string `form:"robloxUserId" json:"robloxUserId"`
}

// ChargeView is a charge as the record lists it. Who filed and who voided it are shown
// only to readers who may add charges (see forReader).
type ChargeView struct {
	ID          uint64 `json:"_id"`
	Description string `json:"description"`
	Date        string `json:"date"`
	Source      string `json:"source"`
	AddedBy     string `json:"addedBy,omitempty"`
	// Unverified marks a game charge filed under a Roblox account nobody has verified
	// ("sin verificar"): it hangs on that account, not on a person.
	Unverified bool `json:"unverified"`
	ChargeState
}

// Record is a person and their charges, newest first.
type Record struct {
	Avatar         string       `json:"avatar"` // the Roblox picture when known
	RobloxUsername string       `json:"robloxUsername"`
	DiscordID      string       `json:"discordId"`
	Username       string       `json:"username"`
	DiscordAvatar  string       `json:"discordAvatar"`
	Charges        []ChargeView `json:"charges"`
	// MayVoid and MayExpunge tell the reader which corrections the server would accept.
	MayVoid    bool `json:"mayVoid"`
	MayExpunge bool `json:"mayExpunge"`
	// Minor: the person said they are under 18. Only staff read such a record (and the person
	// themselves), and they see this mark, never a birth date.
	Minor bool `json:"minor"`
}

var (
	errSignIn     = errs.Unauthorized("Inicia sesión para consultar los expedientes.")
	errQuery      = errs.Invalid("Escribe un ID de Discord, un usuario de Roblox o un ID de usuario de Roblox.")
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
	// posts sends new charges and corrections to the records channel (see PostTo).
	posts channelPosts
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
	if r.DiscordID != "" {
		choice, err := privacy.ChoiceOf(ctx, s.db, r.DiscordID)
		if err != nil {
			return nil, err
		}
		r.Minor = choice.Minor
		// A minor's record is for staff and for themselves; other players find nothing.
		if r.Minor && r.DiscordID != actor.DiscordID && !actor.InGroup(authz.Staff, authz.Admin) {
			return []Record{}, nil
		}
	}
	return []Record{forReader(*r, actor)}, nil
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
	r, err := s.add(ctx, target, description, source, actor.DiscordID, actor.Username, nil, false)
	return forReader(r, actor), err
}

// AddChargeFromGame files a charge sent by the game server, which may name players the
// portal has not seen yet. The charge remembers the key that filed it; the answer is the
// record as the game sees it.
func (s *Service) AddChargeFromGame(ctx context.Context, robloxUsername, description string, key GameKey) (Record, error) {
	return s.AddChargeFromGameAccount(ctx, GameAccount{Username: robloxUsername}, description, key)
}

// AddChargeFromGameAccount is AddChargeFromGame for an account named by its name and,
// optionally, its Roblox user id. The charge hangs on whoever verified that account (the
// user id decides when given), else on the account itself, unverified, until someone
// verifies it.
func (s *Service) AddChargeFromGameAccount(ctx context.Context, acct GameAccount, description string, key GameKey) (Record, error) {
	r, err := s.add(ctx, Query{RobloxUsername: acct.Username, RobloxUserID: acct.UserID}, description, SourceGame, "", key.Name, &key.ID, true)
	return forGame(r), err
}

func (s *Service) add(ctx context.Context, target Query, description, source, actorID, actorName string, keyID *uint64, fromGame bool) (Record, error) {
	text, ok := validate.Text(description, 500)
	if !ok {
		return Record{}, errCharge
	}
	target, err := s.checkQuery(target)
	if err != nil {
		return Record{}, err
	}
	if fromGame && target.RobloxUsername == "" {
		return Record{}, errRobloxName
	}
	c := Charge{Description: text, Date: s.now().In(s.loc).Format(time.DateOnly), Source: source,
		ActorID: actorID, ActorName: actorName, CreatedAt: s.now()}
	c.APIKeyID = keyID
	var p *person
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		if err := idempotency.Claim(ctx, s.db, c.CreatedAt); err != nil {
			return err
		}
		var err error
		if p, err = s.target(ctx, target, fromGame); err != nil {
			return err
		}
		c.DiscordID, c.RobloxUsername, c.RobloxUserID = p.discordID, p.robloxUsername, p.robloxUserID
		if fromGame {
			// A game charge keeps the account as the game named it.
			c.RobloxUsername = target.RobloxUsername
			if target.RobloxUserID != "" {
				c.RobloxUserID = target.RobloxUserID
			}
		}
		c.RobloxKey = roblox.NameKey(c.RobloxUsername)
		if err := s.db.Conn(ctx).Create(&c).Error; err != nil {
			return err
		}
		if err := audit.Write(ctx, s.db, c.CreatedAt, audit.Change{ActorID: actorID, ActorName: actorName, Area: audit.AreaRecords, Action: "charge." + source,
			EntityType: "charge", EntityID: c.ID, After: auditOf(c)}); err != nil {
			return err
		}
		return s.announceFiled(ctx, &c)
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

// target is whom a new charge hangs on. A game charge names a Roblox account and hangs on
// whoever verified it, else on the account; a charge from the portal or Discord names a
// person the portal knows, by Discord id or by the Roblox account they verified.
func (s *Service) target(ctx context.Context, q Query, fromGame bool) (*person, error) {
	if fromGame {
		acct := GameAccount{Username: q.RobloxUsername, UserID: q.RobloxUserID}
		if err := s.lockGameAccount(ctx, acct); err != nil {
			return nil, err
		}
		return s.gameOwner(ctx, acct)
	}
	p, err := s.resolve(ctx, q)
	switch {
	case err != nil:
		return nil, err
	case p != nil && p.unverified():
		return nil, errUnverified
	case p == nil || !p.known:
		return nil, errNoPerson
	}
	return p, nil
}

// Find is Search without the signed-in check, for the game server and the bot's look-ups.
func (s *Service) Find(ctx context.Context, q Query) (*Record, error) {
	p, err := s.resolve(ctx, q)
	if err != nil || p == nil {
		return nil, err
	}
	// A person whose data a cancellation blocked has no record anywhere: not on the portal,
	// not in Discord, not for the game.
	blocked, err := privacy.IsBlockedSubject(ctx, s.db, privacy.Subject{DiscordID: p.discordID,
		RobloxUserID: firstOf(p.robloxUserID, q.RobloxUserID), RobloxName: firstOf(p.robloxUsername, q.RobloxUsername)})
	if err != nil || blocked {
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

func firstOf(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}
