package records

import (
	"context"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/idempotency"
	"zocalo/core/validate"
)

// Corrections: a charge filed in error is voided (anulado) with a reason and stays on the
// record, marked; COMITE may expunge one, which then survives only in the audit log.

// Trail is what a charge keeps for its corrections: the API key that filed it (game
// charges; its id, since a name can be reused), its post in the records channel, and its
// voiding.
type Trail struct {
	APIKeyID    *uint64    `gorm:""`
	PostEventID *uint64    `gorm:""`
	VoidedAt    *time.Time `gorm:""`
	VoidedBy    string     `gorm:"size:100;not null;default:''"`
	VoidReason  string     `gorm:"type:text;not null;default:''"`
}

// ChargeState is whether a charge stands, as a record shows it.
type ChargeState struct {
	Voided     bool       `json:"voided"`
	VoidedAt   *time.Time `json:"voidedAt"`
	VoidReason string     `json:"voidReason"`
	VoidedBy   string     `json:"voidedBy,omitempty"`
	// filedBy and voidedBy are the names behind AddedBy and VoidedBy, which forReader shows
	// only to those who may add charges.
	filedBy, voidedBy string
}

// MaxReason bounds the reason of a correction.
const MaxReason = 500

// GameKey is the API key a game server acts with.
type GameKey struct {
	ID   uint64
	Name string
}

var (
	errMayNotVoid    = errs.Forbidden("Solo los moderadores y la administración pueden anular cargos.")
	errMayNotExpunge = errs.Forbidden("Solo el Comité puede eliminar cargos del expediente.")
	errReason        = errs.Invalid("Escribe el motivo (máximo 500 caracteres).")
	errNoCharge      = errs.NotFound("No existe ese cargo.")
	errVoided        = errs.Conflict("Ese cargo ya estaba anulado.")
	errNotFromGame   = errs.Forbidden("Con una clave de API solo se anulan los cargos que registró el juego.")
)

// MayVoidCharges tells who may void a charge: whoever may add one.
func MayVoidCharges(actor *authz.Actor) bool { return MayAddCharges(actor) }

// MayExpungeCharges tells who may expunge a charge: COMITE (and OFICINA, who passes every
// check).
func MayExpungeCharges(actor *authz.Actor) bool { return actor.Permits(authz.Comite) }

// viewOf is a charge as every reader sees it; forReader adds the names.
func viewOf(c Charge) ChargeView {
	return ChargeView{ID: c.ID, Description: c.Description, Date: c.Date, Source: c.Source,
		ChargeState: ChargeState{Voided: c.VoidedAt != nil, VoidedAt: c.VoidedAt, VoidReason: c.VoidReason,
			filedBy: c.ActorName, voidedBy: c.VoidedBy}}
}

// forReader is a record as actor may read it: who filed and who voided each charge only
// for those who may add charges, and which corrections they may make.
func forReader(r Record, actor *authz.Actor) Record {
	r.MayVoid, r.MayExpunge = MayVoidCharges(actor), MayExpungeCharges(actor)
	if !MayAddCharges(actor) || r.Charges == nil {
		return r
	}
	charges := make([]ChargeView, len(r.Charges))
	for i, c := range r.Charges {
		charges[i] = chargeForReader(c, actor)
	}
	r.Charges = charges
	return r
}

func chargeForReader(c ChargeView, actor *authz.Actor) ChargeView {
	if MayAddCharges(actor) {
		c.AddedBy, c.VoidedBy = c.filedBy, c.voidedBy
	}
	return c
}

// forGame is a record as the game servers read it: the charges in force, no names.
func forGame(r Record) Record {
	r.Charges = r.InForce()
	r.MayVoid, r.MayExpunge = false, false
	return r
}

// InForce is the record's charges that have not been voided: what the game servers read.
func (r Record) InForce() []ChargeView {
	out := make([]ChargeView, 0, len(r.Charges))
	for _, c := range r.Charges {
		if !c.Voided {
			out = append(out, c)
		}
	}
	return out
}

// Void marks a charge as voided with a reason, for a moderator or the ADMIN group on the
// web or in Discord. It stays on the record and in the PDF, marked "Anulado", and leaves
// what the game servers read. A second void is a 409.
func (s *Service) Void(ctx context.Context, actor *authz.Actor, id uint64, reason string) (ChargeView, error) {
	if actor == nil || actor.DiscordID == "" {
		return ChargeView{}, errSignIn
	}
	if !MayVoidCharges(actor) {
		return ChargeView{}, errMayNotVoid
	}
	c, err := s.void(ctx, corrector{actor: actor}, id, reason)
	if err != nil {
		return ChargeView{}, err
	}
	return chargeForReader(viewOf(c), actor), nil
}

// VoidFromGame is Void for a game server's key, which may void only charges a game server
// filed (any key may void any of them: the servers share one game).
func (s *Service) VoidFromGame(ctx context.Context, key GameKey, id uint64, reason string) (ChargeView, error) {
	c, err := s.void(ctx, corrector{key: &key}, id, reason)
	if err != nil {
		return ChargeView{}, err
	}
	return viewOf(c), nil
}

func (s *Service) void(ctx context.Context, by corrector, id uint64, reason string) (Charge, error) {
	reason, ok := validate.Text(reason, MaxReason)
	if !ok {
		return Charge{}, errReason
	}
	var c Charge
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		// A Discord interaction delivered twice is one void: its id is claimed here.
		if err := idempotency.Claim(ctx, s.db, s.now()); err != nil {
			return err
		}
		if err := s.lockCharge(ctx, id, &c); err != nil {
			return err
		}
		if by.key != nil && c.Source != SourceGame {
			return errNotFromGame
		}
		now := s.now()
		res := s.db.Conn(ctx).Model(&Charge{}).Where("id = ? AND voided_at IS NULL", id).
			Updates(map[string]any{"voided_at": now, "voided_by": by.name(), "void_reason": reason})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return errVoided
		}
		before := auditOf(c)
		c.VoidedAt, c.VoidedBy, c.VoidReason = &now, by.name(), reason
		after := auditOf(c)
		if by.key != nil {
			after["voidedByKeyId"] = by.key.ID
		}
		if err := audit.Write(ctx, s.db, now, by.change("charge.void", c.ID, before, after)); err != nil {
			return err
		}
		return s.announceVoided(ctx, c, by)
	})
	return c, err
}

// Expunge deletes a charge (COMITE). It leaves the record, the PDF and the game servers;
// the audit log keeps it as it was, with the reason. Its post in the records channel is
// deleted too. A second expunge finds nothing: 404.
func (s *Service) Expunge(ctx context.Context, actor *authz.Actor, id uint64, reason string) error {
	if actor == nil || actor.DiscordID == "" {
		return errSignIn
	}
	if !MayExpungeCharges(actor) {
		return errMayNotExpunge
	}
	reason, ok := validate.Text(reason, MaxReason)
	if !ok {
		return errReason
	}
	by := corrector{actor: actor}
	return s.db.InTx(ctx, func(ctx context.Context) error {
		var c Charge
		if err := s.lockCharge(ctx, id, &c); err != nil {
			return err
		}
		res := s.db.Conn(ctx).Where("id = ?", id).Delete(&Charge{})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return errNoCharge
		}
		now := s.now()
		after := map[string]any{"expunged": true, "expungeReason": reason}
		if err := audit.Write(ctx, s.db, now, by.change("charge.expunge", c.ID, auditOf(c), after)); err != nil {
			return err
		}
		return s.announceExpunged(ctx, c, by, reason)
	})
}

// lockCharge reads a charge for a correction, locked until the transaction ends, so a
// concurrent void or expunge is seen once it commits.
func (s *Service) lockCharge(ctx context.Context, id uint64, c *Charge) error {
	err := s.db.ForUpdate(ctx, s.db.Conn(ctx).Where("id = ?", id)).Take(c).Error
	if db.IsNotFound(err) {
		return errNoCharge
	}
	return err
}

// corrector is who corrects a charge: a member, or a game server's key.
type corrector struct {
	actor *authz.Actor
	key   *GameKey
}

func (by corrector) name() string {
	if by.key != nil {
		return by.key.Name
	}
	return by.actor.Username
}

func (by corrector) change(action string, id uint64, before, after any) audit.Change {
	ch := audit.Change{Actor: by.actor, Area: audit.AreaRecords, Action: action, EntityType: "charge", EntityID: id,
		Before: before, After: after}
	if by.key != nil {
		ch.ActorName = by.key.Name
	}
	return ch
}

// auditOf is a charge as the audit log keeps it: everything, the filer included.
func auditOf(c Charge) map[string]any {
	out := map[string]any{"discordId": c.DiscordID, "robloxUsername": c.RobloxUsername, "description": c.Description,
		"date": c.Date, "source": c.Source, "addedBy": c.ActorName, "voided": c.VoidedAt != nil}
	if c.APIKeyID != nil {
		out["apiKeyId"] = *c.APIKeyID
	}
	if c.RobloxUserID != "" {
		out["robloxUserId"] = c.RobloxUserID
	}
	if c.VoidedAt != nil {
		out["voidedAt"], out["voidedBy"], out["voidReason"] = c.VoidedAt.UTC(), c.VoidedBy, c.VoidReason
	}
	return out
}
