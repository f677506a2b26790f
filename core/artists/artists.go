// Package artists keeps the applications to the drawing team and lets the three
// reviewers on the allowlist read and decide them.
package artists

import (
	"context"
	"slices"
	"strconv"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/idempotency"
	"zocalo/core/labels"
	"zocalo/core/outbox"
	"zocalo/core/validate"
)

// Statuses of an application.
const (
	StatusPending  = "pendiente"
	StatusAccepted = "aceptada"
	StatusRejected = "rechazada"
)

// Statuses names the statuses of an application, in the order a reviewer is offered them.
var Statuses = labels.Table{
	{Value: StatusPending, Label: "Pendiente"},
	{Value: StatusAccepted, Label: "Aceptada"},
	{Value: StatusRejected, Label: "Rechazada"},
}

// Application is one application.
type Application struct {
	ID            uint64     `gorm:"primaryKey;autoIncrement" json:"-"`
	Email         string     `gorm:"size:254;not null" json:"email"`
	Phone         string     `gorm:"size:30;not null" json:"phone"`
	AcceptedTerms bool       `gorm:"not null" json:"-"`
	Status        string     `gorm:"size:16;not null;default:'pendiente'" json:"status"`
	ReviewedBy    string     `gorm:"size:32;not null;default:''" json:"-"`
	ReviewedAt    *time.Time `gorm:"" json:"-"`
	CreatedAt     time.Time  `gorm:"not null;index:idx_artist_applications_created_at" json:"createdAt"`
}

// TableName keeps the table's name explicit.
func (Application) TableName() string { return "artist_applications" }

// View is an application as the API lists it.
type View struct {
	ID string `json:"_id"`
	Application
}

// Input is what an applicant sends.
type Input struct {
	Email         string `json:"email"`
	Phone         string `json:"phone"`
	AcceptedTerms bool   `json:"acceptedTerms"`
}

// Service stores applications and lets reviewers decide them.
type Service struct {
	db        *db.DB
	outbox    *outbox.Store
	channel   string
	reviewers []string
	now       func() time.Time
}

// NewService builds the service; reviewers is the allowlist of Discord user ids.
func NewService(d *db.DB, o *outbox.Store, channel string, reviewers []string, now func() time.Time) *Service {
	return &Service{db: d, outbox: o, channel: channel, reviewers: reviewers, now: now}
}

var (
	errEmail     = errs.Invalid("Escribe un correo electrónico válido.")
	errPhone     = errs.Invalid("Escribe un teléfono válido.")
	errTerms     = errs.Invalid("Debes aceptar los términos para enviar la aplicación.")
	errForbidden = errs.Forbidden("No tienes permiso para acceder a esta página")
	errNotFound  = errs.NotFound("Aplicación no encontrada.")
	errStatus    = errs.Invalid("El estado debe ser pendiente, aceptada o rechazada.")
)

// IsReviewer tells whether the user is on the allowlist.
func (s *Service) IsReviewer(discordID string) bool {
	return discordID != "" && slices.Contains(s.reviewers, discordID)
}

// Submit checks and stores an application and queues it for the artists channel.
func (s *Service) Submit(ctx context.Context, in Input) error {
	var a Application
	var ok bool
	if !in.AcceptedTerms {
		return errTerms
	}
	if a.Email, ok = validate.Email(in.Email); !ok {
		return errEmail
	}
	if a.Phone, ok = validate.Phone(in.Phone); !ok {
		return errPhone
	}
	a.AcceptedTerms, a.Status, a.CreatedAt = true, StatusPending, s.now()
	return s.db.InTx(ctx, func(ctx context.Context) error {
		if err := idempotency.Claim(ctx, s.db, s.now()); err != nil {
			return err
		}
		if err := s.db.Conn(ctx).Create(&a).Error; err != nil {
			return err
		}
		created := a.CreatedAt
		_, err := s.outbox.Enqueue(ctx, outbox.KindChannelMessage, s.channel, outbox.ChannelMessage{Embeds: []outbox.Embed{{
			Title: "Nueva aplicación a la Convocatoria de Dibujantes", Color: 0x4f46e5, Timestamp: &created,
			Fields: []outbox.EmbedField{{Name: "Correo", Value: a.Email, Inline: true}, {Name: "Teléfono", Value: a.Phone, Inline: true}},
		}}})
		return err
	})
}

// List returns every application, newest first, to a reviewer.
func (s *Service) List(ctx context.Context, actor *authz.Actor) ([]View, error) {
	if actor == nil || !s.IsReviewer(actor.DiscordID) {
		return nil, errForbidden
	}
	var apps []Application
	if err := s.db.Conn(ctx).Order("created_at DESC, id DESC").Find(&apps).Error; err != nil {
		return nil, err
	}
	out := make([]View, len(apps))
	for i, a := range apps {
		out[i] = View{ID: strconv.FormatUint(a.ID, 10), Application: a}
	}
	return out, nil
}

// AuditArea is where the audit log keeps the reviewers' decisions.
const AuditArea = audit.AreaArtists

// SetStatus records a reviewer's decision. Deciding what an application already has changes
// nothing and is not audited; decisions at once are applied one after the other, each
// audited with the status it replaced.
func (s *Service) SetStatus(ctx context.Context, actor *authz.Actor, id, status string) (View, error) {
	if actor == nil || !s.IsReviewer(actor.DiscordID) {
		return View{}, errForbidden
	}
	if !Statuses.Has(status) {
		return View{}, errStatus
	}
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		return View{}, errNotFound
	}
	var a Application
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.db.ForUpdate(ctx, s.db.Conn(ctx).Where("id = ?", n)).Take(&a).Error; err != nil {
			if db.IsNotFound(err) {
				return errNotFound
			}
			return err
		}
		if a.Status == status {
			return nil
		}
		before := map[string]string{"status": a.Status}
		now := s.now()
		a.Status, a.ReviewedBy, a.ReviewedAt = status, actor.DiscordID, &now
		if err := s.db.Conn(ctx).Model(&Application{}).Where("id = ?", a.ID).
			Updates(map[string]any{"status": a.Status, "reviewed_by": a.ReviewedBy, "reviewed_at": a.ReviewedAt}).Error; err != nil {
			return err
		}
		return audit.Write(ctx, s.db, now, audit.Change{Actor: actor, Area: AuditArea, Action: "status",
			EntityType: "artist_application", EntityID: a.ID, Before: before, After: map[string]string{"status": a.Status}})
	})
	return View{ID: strconv.FormatUint(a.ID, 10), Application: a}, err
}
