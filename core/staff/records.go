package staff

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/idempotency"
	"zocalo/core/labels"
	"zocalo/core/members"
	"zocalo/core/outbox"
	"zocalo/core/validate"
)

// Record is a staff member's file: when they joined the staff and whether they left it.
type Record struct {
	MemberID      string     `gorm:"primaryKey;size:32"`
	HiredAt       time.Time  `gorm:"not null"`
	Inactive      bool       `gorm:"not null;default:false"`
	DismissedAt   *time.Time `gorm:""`
	DismissedBy   string     `gorm:"size:32;not null;default:''"`
	DismissReason string     `gorm:"type:text;not null;default:''"`
}

// TableName keeps the table's name explicit.
func (Record) TableName() string { return "staff_records" }

// Note is an administrative note or warning on a staff member.
type Note struct {
	ID        uint64    `gorm:"primaryKey;autoIncrement"`
	MemberID  string    `gorm:"size:32;not null;index:idx_staff_notes_member_id"`
	Kind      string    `gorm:"size:8;not null"` // note or warn
	Text      string    `gorm:"type:text;not null"`
	ActorID   string    `gorm:"size:32;not null"`
	ActorName string    `gorm:"size:100;not null;default:''"`
	CreatedAt time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (Note) TableName() string { return "staff_notes" }

// Report is a shift report written by a moderator.
type Report struct {
	ID        uint64    `gorm:"primaryKey;autoIncrement"`
	MemberID  string    `gorm:"size:32;not null;index:idx_staff_reports_member_id"`
	Date      string    `gorm:"size:10;not null"` // YYYY-MM-DD
	Content   string    `gorm:"type:text;not null"`
	CreatedAt time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (Report) TableName() string { return "staff_reports" }

// Kinds of note.
const (
	KindNote = "note"
	KindWarn = "warn"
)

// KindRemoveRoles removes roles from a member in Discord.
const KindRemoveRoles = "member.roles.remove"

// RemoveRoles is the payload of KindRemoveRoles.
type RemoveRoles struct {
	UserID  string   `json:"userId"`
	RoleIDs []string `json:"roleIds"`
}

// Directors are who adjust hours, dismiss and write notes: COMITE, RH and AI (and
// OFICINA, who passes every check).
func Directors(a *authz.Actor) bool { return a.Can(authz.PanelStaff, authz.Modify) }

// HoursOperations names the ways an adjustment changes a total, in Spanish.
var HoursOperations = labels.Table{{Value: "add", Label: "Sumar"}, {Value: "subtract", Label: "Restar"}}

var (
	errNotDirector = errs.Forbidden("Solo Comité, RH o AI pueden hacer esto.")
	errMinutes     = errs.Invalid("Los minutos van de 0 a 59 y las horas no pueden ser negativas.")
	errOperation   = errs.Invalid("La operación debe ser " + HoursOperations.Choices() + ".")
	errNoChange    = errs.Invalid("Indica un cambio de al menos 1 minuto: 0 h 0 min no cambia nada.")
	errNotAStaff   = errs.NotFound("Esa persona no es parte del staff.")
	errNoteText    = errs.Invalid("El texto es obligatorio (máximo 2000 caracteres).")
	errReasonLong  = errs.Invalid("El motivo puede tener hasta 1000 caracteres.")
	// A repeat of a dismissal: nothing changes, nothing is posted.
	errAlreadyDismissed = errs.Conflict("Esta persona ya fue dada de baja del staff.")
)

// MaxDismissReason is the longest dismissal reason, in characters: it is posted to
// Discord in an embed.
const MaxDismissReason = 1000

// RecordHires gives a record to members who just received a STAFF-group role: the day
// the role sync saw it is their hire date. A dismissed member who receives one again is
// re-hired: their record is active again from that day. It is called, in the sync's
// transaction, with each role change; a role still pending removal never shows as
// gained, so only a role added after Discord removed it re-hires.
func (s *Service) RecordHires(ctx context.Context, change members.RoleChange) error {
	staffIDs := s.staffRoleIDs()
	gained := false
	for _, id := range change.After {
		if slices.Contains(staffIDs, id) && !slices.Contains(change.Before, id) {
			gained = true
		}
	}
	if !gained {
		return nil
	}
	now := s.now()
	rec := Record{MemberID: change.DiscordID, HiredAt: now}
	if err := s.db.Conn(ctx).Where(Record{MemberID: change.DiscordID}).FirstOrCreate(&rec).Error; err != nil {
		return err
	}
	if !rec.Inactive {
		return nil
	}
	// Guarded: of two syncs reporting the same role, only one re-hires and records it.
	res := s.db.Conn(ctx).Model(&Record{}).Where("member_id = ? AND inactive = ?", change.DiscordID, true).
		Updates(map[string]any{"inactive": false, "hired_at": now, "dismissed_at": nil, "dismissed_by": "", "dismiss_reason": ""})
	if res.Error != nil || res.RowsAffected == 0 {
		return res.Error
	}
	return audit.Write(ctx, s.db, now, audit.Change{ActorName: "sincronización de roles", Area: audit.AreaStaff,
		Action: "rehire", EntityType: "member", EntityID: change.DiscordID,
		Before: map[string]any{"inactive": true, "TiempoContratado": rec.HiredAt, "dismissedAt": rec.DismissedAt,
			"dismissedBy": rec.DismissedBy, "reason": rec.DismissReason},
		After: map[string]any{"inactive": false, "TiempoContratado": now, "roles": change.After}})
}

func (s *Service) staffRoleIDs() []string { return s.roles.IDsOf(authz.Groups[authz.Staff]...) }

// staffMember checks that id is in the guild holding a STAFF-group role.
func (s *Service) staffMember(ctx context.Context, id string) (*members.Member, error) {
	var m members.Member
	err := s.db.Conn(ctx).Model(&members.Member{}).
		Joins("JOIN member_roles ON member_roles.member_id = members.discord_id").
		Where("members.discord_id = ? AND members.in_guild = ? AND member_roles.role_id IN ?", id, true, s.staffRoleIDs()).
		Take(&m).Error
	if db.IsNotFound(err) {
		return nil, errNotAStaff
	}
	if err != nil {
		return nil, err
	}
	one := []members.Member{m}
	return &one[0], members.MaskBlocked(ctx, s.db, one)
}

// HoursChange is what an adjustment did: the new total, and the seconds actually added
// or subtracted (less than asked when a subtraction met the floor at zero).
type HoursChange struct {
	Total   int64
	Applied int64
}

// AdjustHours adds or subtracts time from a staff member's total; the total never goes
// below zero, and the answer says how much was applied.
func (s *Service) AdjustHours(ctx context.Context, actor *authz.Actor, userID string, hours, minutes int, operation string) (HoursChange, error) {
	if !Directors(actor) {
		return HoursChange{}, errNotDirector
	}
	if hours < 0 || minutes < 0 || minutes > 59 || hours > 10000 {
		return HoursChange{}, errMinutes
	}
	if !HoursOperations.Has(operation) {
		return HoursChange{}, errOperation
	}
	if hours == 0 && minutes == 0 {
		return HoursChange{}, errNoChange
	}
	delta := int64(hours)*3600 + int64(minutes)*60
	var total int64
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		// One ledger per member: adjustments to it take turns, so each reads the total
		// the previous one left and the answer is what every view then shows.
		if err := s.db.LockKey(ctx, "staff.hours:"+userID); err != nil {
			return err
		}
		if _, err := s.staffMember(ctx, userID); err != nil {
			return err
		}
		totals, err := s.shifts.TotalsFor(ctx, []string{userID})
		if err != nil {
			return err
		}
		current := totals[userID].TotalSeconds
		if operation == "subtract" {
			delta = -min(delta, current)
		}
		if delta != 0 {
			if err := s.db.Conn(ctx).Create(&Adjustment{MemberID: userID, Seconds: delta, ActorID: actor.DiscordID,
				ActorName: actor.Username, CreatedAt: s.now()}).Error; err != nil {
				return err
			}
		}
		after, err := s.shifts.TotalsFor(ctx, []string{userID})
		if err != nil {
			return err
		}
		total = after[userID].TotalSeconds
		return audit.Write(ctx, s.db, s.now(), audit.Change{Actor: actor, Area: audit.AreaStaff, Action: "hours." + operation,
			EntityType: "member", EntityID: userID, Before: map[string]int64{"TiempoTotal": current},
			After: map[string]int64{"TiempoTotal": total}})
	})
	if delta < 0 {
		delta = -delta
	}
	return HoursChange{Total: total, Applied: delta}, err
}

// Dismiss takes a member off the staff: their open shift ends, their record shows who
// dismissed them, when and why, their STAFF-group roles stop counting on the portal at
// once and are removed in Discord by the bot, and the staff reports channel is told.
func (s *Service) Dismiss(ctx context.Context, actor *authz.Actor, userID, reason string) error {
	if !Directors(actor) {
		return errNotDirector
	}
	reason, ok := validate.OptionalText(reason, MaxDismissReason)
	if !ok {
		return errReasonLong
	}
	return s.db.InTx(ctx, func(ctx context.Context) error {
		// Two directors dismissing at once take turns; the second finds no staff roles.
		if err := s.db.LockKey(ctx, "staff.member:"+userID); err != nil {
			return err
		}
		m, err := s.staffMember(ctx, userID)
		if errors.Is(err, errNotAStaff) {
			var rec Record
			if s.db.Conn(ctx).Where("member_id = ? AND inactive = ?", userID, true).Take(&rec).Error == nil {
				return errAlreadyDismissed
			}
		}
		if err != nil {
			return err
		}
		now := s.now()
		open, err := s.shifts.lockOpen(ctx, userID)
		if err != nil {
			return err
		}
		if open != nil {
			// The dismissal's own audit entry records it; the closing adds none.
			if _, _, err := s.shifts.end(ctx, *open, Closing{Cause: EndDismissed, Actor: actor}); err != nil {
				return err
			}
		}
		rec := Record{MemberID: userID, HiredAt: now}
		if err := s.db.Conn(ctx).Where(Record{MemberID: userID}).FirstOrCreate(&rec).Error; err != nil {
			return err
		}
		if err := s.db.Conn(ctx).Model(&rec).Updates(map[string]any{"inactive": true, "dismissed_at": now,
			"dismissed_by": actor.DiscordID, "dismiss_reason": reason}).Error; err != nil {
			return err
		}
		// The table mirrors what Discord will say once the bot removes the roles; until
		// Discord confirms, the roles are pending removal and the role sync leaves them off.
		held, err := s.members.DropRoles(ctx, userID, s.staffRoleIDs())
		if err != nil {
			return err
		}
		ev, err := s.outbox.Enqueue(ctx, KindRemoveRoles, "roles:"+userID, RemoveRoles{UserID: userID, RoleIDs: held})
		if err != nil {
			return err
		}
		if err := s.members.MarkRemovalPending(ctx, userID, held, ev.ID); err != nil {
			return err
		}
		text := reason
		if text == "" {
			text = "Sin motivo registrado."
		}
		if _, err := s.outbox.Enqueue(ctx, outbox.KindChannelMessage, s.reportsChannel, outbox.ChannelMessage{Embeds: []outbox.Embed{{
			Title: "Baja de staff: " + m.Username, Description: text, Color: 0xef4444, Timestamp: &now,
			Fields: []outbox.EmbedField{{Name: "Aplicada por", Value: actor.Username, Inline: true}},
		}}}); err != nil {
			return err
		}
		return audit.Write(ctx, s.db, now, audit.Change{Actor: actor, Area: audit.AreaStaff, Action: "dismiss",
			EntityType: "member", EntityID: userID, Before: map[string]any{"inactive": rec.Inactive, "roles": held},
			After: map[string]any{"inactive": true, "reason": reason, "roles": []string{}}})
	})
}

// AddNote writes an administrative note or warning on a staff member.
func (s *Service) AddNote(ctx context.Context, actor *authz.Actor, userID, kind, text string) error {
	if !Directors(actor) {
		return errNotDirector
	}
	text, ok := validate.Text(text, 2000)
	if !ok {
		return errNoteText
	}
	return s.db.InTx(ctx, func(ctx context.Context) error {
		if err := idempotency.Claim(ctx, s.db, s.now()); err != nil {
			return err
		}
		if _, err := s.staffMember(ctx, userID); err != nil {
			return err
		}
		n := Note{MemberID: userID, Kind: kind, Text: text, ActorID: actor.DiscordID, ActorName: actor.Username, CreatedAt: s.now()}
		if err := s.db.Conn(ctx).Create(&n).Error; err != nil {
			return err
		}
		return audit.Write(ctx, s.db, n.CreatedAt, audit.Change{Actor: actor, Area: audit.AreaStaff, Action: kind + ".add",
			EntityType: "member", EntityID: userID, After: map[string]string{kind: text}})
	})
}

var (
	errReporter    = errs.Forbidden("Solo Moderador o Soporte Técnico pueden crear reportes de jornada.")
	errReportDate  = errs.Invalid("La fecha es obligatoria (AAAA-MM-DD).")
	errReportEmpty = errs.Invalid("El contenido es obligatorio (máximo 4000 caracteres).")
)

// MayReport tells who writes shift reports: MODERADOR and SoporteTecnico.
func MayReport(actor *authz.Actor) bool { return actor.Permits(authz.Moderador, authz.SoporteTecnico) }

// SubmitReport stores a shift report and posts it to the staff reports channel.
func (s *Service) SubmitReport(ctx context.Context, actor *authz.Actor, date, content string) error {
	if !MayReport(actor) {
		return errReporter
	}
	day, err := time.Parse("2006-01-02", strings.TrimSpace(date))
	if err != nil {
		return errReportDate
	}
	content, ok := validate.Text(content, 4000)
	if !ok {
		return errReportEmpty
	}
	return s.db.InTx(ctx, func(ctx context.Context) error {
		if err := idempotency.Claim(ctx, s.db, s.now()); err != nil {
			return err
		}
		now := s.now()
		r := Report{MemberID: actor.DiscordID, Date: day.Format("2006-01-02"), Content: content, CreatedAt: now}
		if err := s.db.Conn(ctx).Create(&r).Error; err != nil {
			return err
		}
		_, err := s.outbox.Enqueue(ctx, outbox.KindChannelMessage, s.reportsChannel, outbox.ChannelMessage{Embeds: []outbox.Embed{{
			Title:       fmt.Sprintf("Reporte de jornada de %s (%s)", actor.Username, day.Format("02/01/2006")),
			Description: content, Color: 0x4f46e5, Timestamp: &now,
		}}})
		return err
	})
}

var (
	errHiredBy   = errs.Forbidden("Solo Comité o RH pueden cambiar la fecha de contratación.")
	errHiredDate = errs.Invalid("La fecha de contratación debe ser una fecha pasada (AAAA-MM-DD).")
)

// SetHired corrects a staff member's hire date (COMITE and RH).
func (s *Service) SetHired(ctx context.Context, actor *authz.Actor, userID, date string) error {
	if !actor.Can(authz.PanelStaff, authz.Manage) {
		return errHiredBy
	}
	loc := s.shifts.loc
	day, err := time.ParseInLocation("2006-01-02", strings.TrimSpace(date), loc)
	if err != nil || day.After(s.now()) {
		return errHiredDate
	}
	return s.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.db.LockKey(ctx, "staff.member:"+userID); err != nil {
			return err
		}
		if _, err := s.staffMember(ctx, userID); err != nil {
			return err
		}
		var rec Record
		err := s.db.Conn(ctx).Where("member_id = ?", userID).Take(&rec).Error
		if err != nil && !db.IsNotFound(err) {
			return err
		}
		var before any
		if err == nil {
			if rec.HiredAt.Equal(day.UTC()) {
				// The date it already has: nothing changes, nothing is recorded.
				return nil
			}
			before = map[string]time.Time{"TiempoContratado": rec.HiredAt}
			err = s.db.Conn(ctx).Model(&Record{}).Where("member_id = ?", userID).Update("hired_at", day.UTC()).Error
		} else {
			err = s.db.Conn(ctx).Create(&Record{MemberID: userID, HiredAt: day.UTC()}).Error
		}
		if err != nil {
			return err
		}
		return audit.Write(ctx, s.db, s.now(), audit.Change{Actor: actor, Area: audit.AreaStaff, Action: "hired",
			EntityType: "member", EntityID: userID, Before: before,
			After: map[string]time.Time{"TiempoContratado": day.UTC()}})
	})
}
