// Package datarights keeps the requests members file about their own data under the Ley
// Federal de Protección de Datos Personales en Posesión de los Particulares: rectification,
// cancellation, opposition and revoking consent (access is the export, answered at once).
// Each request has a deadline in business days in the community's zone; the members who
// answer them are named by configuration (COMITE by default).
package datarights

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/businessdays"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/labels"
	"zocalo/core/outbox"
	"zocalo/core/personaldata"
	"zocalo/core/privacy"
	"zocalo/core/validate"
)

// Kinds of request.
const (
	KindRectification = "rectificacion"
	KindCancellation  = "cancelacion"
	KindOpposition    = "oposicion"
	KindRevocation    = "revocacion"
)

// Kinds are the requests a member may file, as the portal offers them.
var Kinds = labels.Table{
	{Value: KindRectification, Label: "Rectificación"},
	{Value: KindCancellation, Label: "Cancelación"},
	{Value: KindOpposition, Label: "Oposición"},
	{Value: KindRevocation, Label: "Revocación del consentimiento"},
}

// States of a request.
const (
	StatePending  = "pendiente"
	StateApproved = "aprobada"
	StateRejected = "rechazada"
)

// States are a request's states.
var States = labels.Table{
	{Value: StatePending, Label: "Pendiente"},
	{Value: StateApproved, Label: "Aprobada"},
	{Value: StateRejected, Label: "Rechazada"},
}

// Uses are the uses a member may oppose, labelled.
var Uses = labels.Table{
	{Value: string(privacy.UseVoteReminders), Label: "Recordatorios de votación por mensaje directo"},
	{Value: string(privacy.UseTicketDMs), Label: "Avisos de respuestas a tus tickets por mensaje directo"},
	{Value: string(privacy.UseRequestDMs), Label: "Avisos de tus solicitudes de datos por mensaje directo"},
	{Value: string(privacy.UseLeaveDMs), Label: "Avisos de tus ausencias de staff por mensaje directo"},
	{Value: string(privacy.UseRankRoles), Label: "Roles y apodo de Discord según tu rango en Roblox"},
}

// Limits of a request's texts.
const (
	MinReason = 10
	MaxReason = 2000
	MaxAnswer = 2000
)

// Request is one request of a member about their data.
type Request struct {
	ID        uint64 `gorm:"primaryKey;autoIncrement"`
	DiscordID string `gorm:"size:32;not null;uniqueIndex:idx_data_requests_pending,priority:1"`
	Kind      string `gorm:"size:16;not null"`
	Reason    string `gorm:"type:text;not null"`
	// Uses are the uses an opposition names, comma-separated.
	Uses  string `gorm:"type:text;not null;default:''"`
	State string `gorm:"size:16;not null;index:idx_data_requests_state_due,priority:1"`
	// Pending is the request's kind while it waits and NULL once answered: a unique index on
	// (discord_id, pending) lets a member hold one pending request of each kind, whatever
	// arrives at once.
	Pending    *string    `gorm:"size:16;uniqueIndex:idx_data_requests_pending,priority:2"`
	Answer     string     `gorm:"type:text;not null;default:''"`
	Kept       string     `gorm:"type:text;not null;default:''"` // what a cancellation kept, and why (JSON)
	HandledBy  string     `gorm:"size:32;not null;default:''"`
	FiledAt    time.Time  `gorm:"not null"`
	DueAt      time.Time  `gorm:"not null;index:idx_data_requests_state_due,priority:2"`
	AnsweredAt *time.Time `gorm:""`
}

// TableName keeps the table's name explicit.
func (Request) TableName() string { return "data_requests" }

// Settings are how requests are handled.
type Settings struct {
	Handlers     []authz.Role
	ResponseDays int
	BlockingDays int
	// Calendar counts the deadlines; nil counts them in UTC without closures.
	Calendar  *businessdays.Calendar
	PublicURL string
}

// Effects are what an approval does beyond the request itself, done by core in the
// answer's transaction (blocking needs the person's Roblox account and the registry).
type Effects interface {
	// Block blocks the member's data and says what its suppression will keep, and why.
	Block(ctx context.Context, r Request, suppressAt time.Time) ([]Kept, error)
	// Opposed tells the features that act on their own schedule (the rank refresh) that the
	// member opposed uses, so they apply it now.
	Opposed(ctx context.Context, discordID string, uses []privacy.Use) error
}

// Kept is what a cancellation keeps, and why.
type Kept = personaldata.Kept

// Service files and answers requests.
type Service struct {
	db      *db.DB
	outbox  *outbox.Store
	set     Settings
	now     func() time.Time
	effects Effects
}

// NewService builds the service.
func NewService(d *db.DB, o *outbox.Store, set Settings, now func() time.Time) *Service {
	if set.Calendar == nil {
		set.Calendar = businessdays.NewCalendar(time.UTC)
	}
	if set.ResponseDays < 1 {
		set.ResponseDays = 20
	}
	return &Service{db: d, outbox: o, set: set, now: now}
}

// SetEffects names what approvals do; core sets it once while wiring.
func (s *Service) SetEffects(e Effects) { s.effects = e }

// MayHandle tells whether the actor answers requests.
func (s *Service) MayHandle(a *authz.Actor) bool { return MayHandle(a, s.set.Handlers) }

// MayHandle tells whether the actor holds one of the handlers' roles; with none configured,
// COMITE (and OFICINA, who pass every check).
func MayHandle(a *authz.Actor, handlers []authz.Role) bool {
	if len(handlers) == 0 {
		handlers = []authz.Role{authz.Comite}
	}
	return a.Permits(handlers...)
}

var (
	errHandle  = errs.Forbidden("No tienes permiso para atender solicitudes de datos personales.")
	errSignIn  = errs.Unauthorized("Debes iniciar sesión.")
	errPending = errs.Conflict("Ya tienes una solicitud de ese tipo pendiente; espera su respuesta.")
	errDone    = errs.Conflict("La solicitud ya fue respondida.")
	errGone    = errs.NotFound("La solicitud no existe.")
)

// Input is a new request.
type Input struct {
	Kind   string   `json:"kind"`
	Reason string   `json:"reason"`
	Uses   []string `json:"uses"`
}

func (in *Input) check() error {
	in.Reason = strings.TrimSpace(in.Reason)
	if !Kinds.Has(in.Kind) {
		return errs.Invalid("Elige el tipo de solicitud: " + strings.Join(labelsOf(Kinds), ", ") + ".")
	}
	reason, ok := validate.Text(in.Reason, MaxReason)
	if !ok || utf8.RuneCountInString(reason) < MinReason || !validate.Storable(reason) {
		return errs.Invalid(fmt.Sprintf("Explica el motivo de tu solicitud en %d a %d caracteres.", MinReason, MaxReason))
	}
	in.Reason = reason
	if in.Kind != KindOpposition {
		if len(in.Uses) > 0 {
			return errs.Invalid("Solo una oposición nombra usos de tus datos.")
		}
		return nil
	}
	if len(in.Uses) == 0 {
		return errs.Invalid("Elige al menos un uso de tus datos al que te opones.")
	}
	seen := map[string]bool{}
	for _, u := range in.Uses {
		if !Uses.Has(u) || seen[u] {
			return errs.Invalid(fmt.Sprintf("«%s» no es un uso de tus datos que puedas oponer.", u))
		}
		seen[u] = true
	}
	return nil
}

func labelsOf(t labels.Table) []string {
	out := make([]string, len(t))
	for i, l := range t {
		out[i] = l.Label
	}
	return out
}

// File records a new request with its deadline. A second pending request of the same kind
// is refused, however many arrive at once.
func (s *Service) File(ctx context.Context, actor *authz.Actor, in Input) (*View, error) {
	if actor == nil || actor.DiscordID == "" {
		return nil, errSignIn
	}
	if err := in.check(); err != nil {
		return nil, err
	}
	now := s.now()
	kind := in.Kind
	uses := []string{}
	for _, u := range Uses.Values() { // stored in the portal's order
		if slices.Contains(in.Uses, u) {
			uses = append(uses, u)
		}
	}
	r := Request{DiscordID: actor.DiscordID, Kind: in.Kind, Reason: in.Reason, Uses: strings.Join(uses, ","),
		State: StatePending, Pending: &kind, FiledAt: now, DueAt: s.set.Calendar.Deadline(now, s.set.ResponseDays)}
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.db.Conn(ctx).Create(&r).Error; err != nil {
			if db.IsUniqueViolation(err) {
				return errPending
			}
			return err
		}
		return audit.Write(ctx, s.db, now, audit.Change{Actor: actor, Area: audit.AreaPersonal, Action: "request.create",
			EntityType: "data_request", EntityID: fmt.Sprint(r.ID), After: r.audited()})
	})
	if err != nil {
		return nil, err
	}
	v := s.view(r)
	return &v, nil
}

func (r Request) audited() map[string]any {
	return map[string]any{"kind": r.Kind, "state": r.State, "uses": r.Uses, "dueAt": r.DueAt, "reason": r.Reason, "answer": r.Answer}
}
