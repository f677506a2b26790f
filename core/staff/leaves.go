package staff

import (
	"context"
	"fmt"
	"strings"
	"time"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/idempotency"
	"zocalo/core/labels"
	"zocalo/core/members"
	"zocalo/core/privacy"
	"zocalo/core/validate"
)

// Leave is a leave of absence a staff member asks for; a director approves or refuses it.
// The days of an approved leave do not count against the member's weekly quota.
type Leave struct {
	ID            uint64     `gorm:"primaryKey;autoIncrement"`
	MemberID      string     `gorm:"size:32;not null;index:idx_staff_leaves_member_id"`
	StartsOn      string     `gorm:"size:10;not null"` // YYYY-MM-DD, community time, inclusive
	EndsOn        string     `gorm:"size:10;not null"` // inclusive
	Reason        string     `gorm:"type:text;not null"`
	Status        string     `gorm:"size:12;not null;index:idx_staff_leaves_status"`
	CreatedAt     time.Time  `gorm:"not null"`
	DecidedBy     string     `gorm:"size:32;not null;default:''"`
	DecidedByName string     `gorm:"size:100;not null;default:''"`
	DecidedAt     *time.Time `gorm:""`
}

// TableName keeps the table's name explicit.
func (Leave) TableName() string { return "staff_leaves" }

// States of a leave.
const (
	LeavePending  = "pending"
	LeaveApproved = "approved"
	LeaveRefused  = "refused"
)

// LeaveStatuses names the states of a leave in Spanish.
var LeaveStatuses = labels.Table{{Value: LeavePending, Label: "Pendiente"}, {Value: LeaveApproved, Label: "Aprobada"},
	{Value: LeaveRefused, Label: "Rechazada"}}

// Limits of a leave request.
const (
	MaxLeaveDays   = 30  // the longest leave, in days
	MaxLeaveAhead  = 365 // how far ahead a leave may begin, in days
	MaxLeaveReason = 500 // characters
)

// Audit actions of the leave requests.
const (
	ActionLeaveRequest = "leave.request"
	ActionLeaveApprove = "leave.approve"
	ActionLeaveRefuse  = "leave.refuse"
)

// LeaveView is a leave as the portal shows it.
type LeaveView struct {
	ID        uint64  `json:"id"`
	UserID    string  `json:"userId"`
	Username  string  `json:"username"`
	StartsOn  string  `json:"startsOn"`
	EndsOn    string  `json:"endsOn"`
	Days      int     `json:"days"`
	Reason    string  `json:"reason"`
	Status    string  `json:"status"`
	CreatedAt string  `json:"createdAt"`
	DecidedBy string  `json:"decidedBy"`
	DecidedAt *string `json:"decidedAt"`
}

var (
	errLeaveStaffOnly = errs.Forbidden("Solo el staff puede pedir una ausencia.")
	errLeaveDate      = errs.Invalid("Escribe las fechas como DD/MM/AAAA (por ejemplo 24/12/2026) o AAAA-MM-DD.")
	errLeaveOrder     = errs.Invalid("La fecha de inicio no puede ser posterior a la de fin.")
	errLeavePast      = errs.Invalid("La ausencia no puede empezar antes de hoy.")
	errLeaveTooLong   = errs.Invalid(fmt.Sprintf("Una ausencia puede durar hasta %d días.", MaxLeaveDays))
	errLeaveTooFar    = errs.Invalid("La ausencia debe empezar dentro del próximo año.")
	errLeaveReason    = errs.Invalid(fmt.Sprintf("Indica el motivo de la ausencia (máximo %d caracteres).", MaxLeaveReason))
	errLeaveDecision  = errs.Invalid("La decisión debe ser aprobar o rechazar.")
	errNoLeave        = errs.NotFound("No existe esa ausencia.")
	errLeaveStatus    = errs.Invalid("El estado debe ser " + LeaveStatuses.Choices() + ".")
)

// MayDecideLeaves tells who approves and refuses leaves: the directors, who manage hours.
func MayDecideLeaves(actor *authz.Actor) bool { return Directors(actor) }

// ParseLeaveDate reads a date written DD/MM/AAAA or AAAA-MM-DD.
func ParseLeaveDate(value string, loc *time.Location) (time.Time, error) {
	value = strings.TrimSpace(value)
	for _, layout := range []string{"2/1/2006", time.DateOnly} {
		if t, err := time.ParseInLocation(layout, value, loc); err == nil {
			return t, nil
		}
	}
	return time.Time{}, errLeaveDate
}

// daysBetween counts the calendar days from a to b, both midnights in one zone.
func daysBetween(a, b time.Time) int {
	ay, am, ad := a.Date()
	by, bm, bd := b.Date()
	// Noon UTC of each date: a daylight-saving change does not make a day of 23 hours count short.
	return int(time.Date(by, bm, bd, 12, 0, 0, 0, time.UTC).Sub(time.Date(ay, am, ad, 12, 0, 0, 0, time.UTC)).Hours() / 24)
}

// RequestLeave records a staff member's request for a leave from start to end (inclusive),
// pending a director's decision. A request that overlaps one of the member's pending or
// approved leaves is refused, so a request sent twice (or twenty times at once) makes one.
func (s *Service) RequestLeave(ctx context.Context, actor *authz.Actor, start, end, reason string) (LeaveView, error) {
	if !actor.InGroup(authz.Staff) {
		return LeaveView{}, errLeaveStaffOnly
	}
	loc := s.shifts.loc
	from, err := ParseLeaveDate(start, loc)
	if err != nil {
		return LeaveView{}, err
	}
	to, err := ParseLeaveDate(end, loc)
	if err != nil {
		return LeaveView{}, err
	}
	now := s.now()
	y, m, d := now.In(loc).Date()
	today := time.Date(y, m, d, 0, 0, 0, 0, loc)
	switch {
	case from.After(to):
		return LeaveView{}, errLeaveOrder
	case from.Before(today):
		return LeaveView{}, errLeavePast
	case daysBetween(from, to)+1 > MaxLeaveDays:
		return LeaveView{}, errLeaveTooLong
	case daysBetween(today, from) > MaxLeaveAhead:
		return LeaveView{}, errLeaveTooFar
	}
	reason, ok := validate.Text(reason, MaxLeaveReason)
	if !ok {
		return LeaveView{}, errLeaveReason
	}
	lv := Leave{MemberID: actor.DiscordID, StartsOn: from.Format(time.DateOnly), EndsOn: to.Format(time.DateOnly),
		Reason: reason, Status: LeavePending, CreatedAt: now}
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		if err := idempotency.Claim(ctx, s.db, now); err != nil {
			return err
		}
		if err := s.db.LockKey(ctx, "staff.leave:"+actor.DiscordID); err != nil {
			return err
		}
		var clash Leave
		if err := s.db.Conn(ctx).Where("member_id = ? AND status IN ? AND starts_on <= ? AND ends_on >= ?",
			actor.DiscordID, []string{LeavePending, LeaveApproved}, lv.EndsOn, lv.StartsOn).
			Order("starts_on").Limit(1).Find(&clash).Error; err != nil {
			return err
		}
		if clash.ID != 0 {
			return errs.Conflict(fmt.Sprintf("Ya tienes una ausencia %s del %s al %s que se cruza con esas fechas.",
				strings.ToLower(LeaveStatuses.Of(clash.Status)), DisplayDate(clash.StartsOn), DisplayDate(clash.EndsOn)))
		}
		if err := s.db.Conn(ctx).Create(&lv).Error; err != nil {
			return err
		}
		return audit.Write(ctx, s.db, now, audit.Change{Actor: actor, Area: audit.AreaStaff, Action: ActionLeaveRequest,
			EntityType: "leave", EntityID: fmt.Sprint(lv.ID),
			After: map[string]any{"member": actor.Username, "startsOn": lv.StartsOn, "endsOn": lv.EndsOn, "reason": lv.Reason}})
	})
	if err != nil {
		return LeaveView{}, err
	}
	return s.leaveView(lv, actor.Username), nil
}

// DecideLeave approves or refuses a pending leave (directors), audits it and tells the
// member by DM. Of two decisions at once, one applies; the other is told the leave was
// already decided: the row is locked and changes only while pending.
func (s *Service) DecideLeave(ctx context.Context, actor *authz.Actor, id uint64, decision string) (LeaveView, error) {
	if !MayDecideLeaves(actor) {
		return LeaveView{}, errNotDirector
	}
	status, action, verb := "", "", ""
	switch decision {
	case "approve":
		status, action, verb = LeaveApproved, ActionLeaveApprove, "aprobada"
	case "refuse":
		status, action, verb = LeaveRefused, ActionLeaveRefuse, "rechazada"
	default:
		return LeaveView{}, errLeaveDecision
	}
	var out LeaveView
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		var lv Leave
		err := s.db.ForUpdate(ctx, s.db.Conn(ctx).Where("id = ?", id)).Take(&lv).Error
		if db.IsNotFound(err) {
			return errNoLeave
		}
		if err != nil {
			return err
		}
		if lv.Status != LeavePending {
			return errs.Conflict(fmt.Sprintf("Esta ausencia ya fue %s.", strings.ToLower(LeaveStatuses.Of(lv.Status))))
		}
		now := s.now()
		res := s.db.Conn(ctx).Model(&Leave{}).Where("id = ? AND status = ?", id, LeavePending).
			Updates(map[string]any{"status": status, "decided_by": actor.DiscordID, "decided_by_name": actor.Username, "decided_at": now})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return errs.Conflict("Esta ausencia ya fue decidida.")
		}
		lv.Status, lv.DecidedBy, lv.DecidedByName, lv.DecidedAt = status, actor.DiscordID, actor.Username, &now
		var m members.Member
		if err := s.db.Conn(ctx).Where("discord_id = ?", lv.MemberID).Limit(1).Find(&m).Error; err != nil {
			return err
		}
		if err := audit.Write(ctx, s.db, now, audit.Change{Actor: actor, Area: audit.AreaStaff, Action: action,
			EntityType: "leave", EntityID: fmt.Sprint(lv.ID),
			Before: map[string]any{"member": m.Username, "status": LeavePending},
			After:  map[string]any{"member": m.Username, "status": status, "startsOn": lv.StartsOn, "endsOn": lv.EndsOn}}); err != nil {
			return err
		}
		icon := "✅"
		if status == LeaveRefused {
			icon = "❌"
		}
		if err := s.outbox.EnqueueDM(ctx, lv.MemberID, privacy.UseLeaveDMs, fmt.Sprintf("%s Tu ausencia del %s al %s fue %s por %s.",
			icon, DisplayDate(lv.StartsOn), DisplayDate(lv.EndsOn), verb, actor.Username)); err != nil {
			return err
		}
		out = s.leaveView(lv, m.Username)
		return nil
	})
	return out, err
}

// Leaves lists the leaves for directors, newest first, optionally of one status.
func (s *Service) Leaves(ctx context.Context, actor *authz.Actor, status string) ([]LeaveView, error) {
	if !MayDecideLeaves(actor) {
		return nil, errNotDirector
	}
	if status != "" && !LeaveStatuses.Has(status) {
		return nil, errLeaveStatus
	}
	return s.listLeaves(ctx, "", status)
}

// MyLeaves lists the signed-in staff member's own leaves, newest first.
func (s *Service) MyLeaves(ctx context.Context, actor *authz.Actor) ([]LeaveView, error) {
	if !HasOwnRecord(actor) {
		return nil, errStaffOnly
	}
	return s.listLeaves(ctx, actor.DiscordID, "")
}

// maxLeavesListed bounds a list of leaves: a year of a large staff's requests.
const maxLeavesListed = 500

func (s *Service) listLeaves(ctx context.Context, memberID, status string) ([]LeaveView, error) {
	q := s.db.Conn(ctx).Model(&Leave{})
	if memberID != "" {
		q = q.Where("member_id = ?", memberID)
	}
	if status != "" {
		q = q.Where("status = ?", status)
	}
	var list []Leave
	if err := q.Order("created_at DESC, id DESC").Limit(maxLeavesListed).Find(&list).Error; err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(list))
	for _, lv := range list {
		ids = append(ids, lv.MemberID)
	}
	var ms []members.Member
	if len(ids) > 0 {
		if err := s.db.Conn(ctx).Where("discord_id IN ?", ids).Find(&ms).Error; err != nil {
			return nil, err
		}
		if err := members.MaskBlocked(ctx, s.db, ms); err != nil {
			return nil, err
		}
	}
	names := make(map[string]string, len(ms))
	for _, m := range ms {
		names[m.DiscordID] = m.Username
	}
	out := make([]LeaveView, 0, len(list))
	for _, lv := range list {
		out = append(out, s.leaveView(lv, names[lv.MemberID]))
	}
	return out, nil
}

func (s *Service) leaveView(lv Leave, username string) LeaveView {
	if username == "" {
		username = lv.MemberID
	}
	v := LeaveView{ID: lv.ID, UserID: lv.MemberID, Username: username, StartsOn: lv.StartsOn, EndsOn: lv.EndsOn,
		Reason: lv.Reason, Status: lv.Status, CreatedAt: lv.CreatedAt.UTC().Format(time.RFC3339), DecidedBy: lv.DecidedByName}
	from, err1 := time.Parse(time.DateOnly, lv.StartsOn)
	to, err2 := time.Parse(time.DateOnly, lv.EndsOn)
	if err1 == nil && err2 == nil {
		v.Days = daysBetween(from, to) + 1
	}
	if lv.DecidedAt != nil {
		at := lv.DecidedAt.UTC().Format(time.RFC3339)
		v.DecidedAt = &at
	}
	return v
}

// leaveDaysIn counts, per member, the days of [weekStart, weekStart+7) on approved leave.
func (s *Service) leaveDaysIn(ctx context.Context, who Members, weekStart time.Time) (map[string]int, error) {
	out := map[string]int{}
	first := weekStart.Format(time.DateOnly)
	last := weekStart.AddDate(0, 0, 6).Format(time.DateOnly)
	var list []Leave
	if err := who.in(s.db.Conn(ctx), "member_id").Where("status = ? AND starts_on <= ? AND ends_on >= ?",
		LeaveApproved, last, first).Find(&list).Error; err != nil {
		return nil, err
	}
	covered := map[string]map[string]bool{}
	for _, lv := range list {
		if covered[lv.MemberID] == nil {
			covered[lv.MemberID] = map[string]bool{}
		}
		for day := range 7 {
			date := weekStart.AddDate(0, 0, day).Format(time.DateOnly)
			if date >= lv.StartsOn && date <= lv.EndsOn {
				covered[lv.MemberID][date] = true
			}
		}
	}
	for id, days := range covered {
		out[id] = len(days)
	}
	return out, nil
}

// DisplayDate writes YYYY-MM-DD as DD/MM/AAAA.
func DisplayDate(date string) string {
	t, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return date
	}
	return t.Format("02/01/2006")
}
