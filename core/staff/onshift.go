package staff

import (
	"context"
	"slices"
	"time"

	"gorm.io/gorm"

	"zocalo/core/audit"
	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/members"
	"zocalo/core/privacy"
	"zocalo/core/validate"
)

// Why a shift closed.
const (
	EndClockOut    = "clock_out"    // the member clocked out
	EndCapped      = "capped"       // the scheduler closed it at the cap
	EndForced      = "forced"       // a director ended it
	EndRoleRemoved = "role_removed" // the member's last STAFF-group role was taken away in Discord
	EndDismissed   = "dismissed"    // a director dismissed the member
)

// Audit actions of the closings that record one; a clock-out or the cap does not.
const (
	ActionShiftEndForced      = "shift.end_forced"
	ActionShiftEndRoleRemoved = "shift.end_role_removed"
)

// Closing says why and by whom a shift closes.
type Closing struct {
	Cause string
	// Actor is who ended it; nil for the system (ActorName then names it).
	Actor     *authz.Actor
	ActorName string
	Reason    string
	// Action, when set, writes an audit entry for the closing.
	Action string
}

// Ended is a shift that just closed, as the hooks registered with OnEnded receive it.
type Ended struct {
	Shift    Shift
	Username string
	Closing  Closing
}

// OnEnded registers a function called, in the closing's transaction, once for every shift
// that closes, whatever closed it.
func (s *Shifts) OnEnded(fn func(ctx context.Context, e Ended) error) {
	s.onEnded = append(s.onEnded, fn)
}

// lockOpen reads the member's open shift, locked until the transaction ends; nil if none.
func (s *Shifts) lockOpen(ctx context.Context, memberID string) (*Shift, error) {
	var sh Shift
	q := s.db.Conn(ctx).Where("member_id = ? AND ended_at IS NULL", memberID)
	err := s.db.ForUpdate(ctx, q).Take(&sh).Error
	if db.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &sh, nil
}

// end is the one way a shift closes: clock-out, cap, forced end, role removal and
// dismissal all come here, so what follows a closing (its audit entry, its hooks, the
// end of an open break) happens in one place. The update is guarded by the shift still being open: of two closings at
// once one wins (ok true) and only it records anything. A shift past the cap ends at the cap.
func (s *Shifts) end(ctx context.Context, sh Shift, c Closing) (Shift, bool, error) {
	now := s.now()
	at := now
	breaks, err := s.breaksOfShift(ctx, sh.ID)
	if err != nil {
		return sh, false, err
	}
	// The cap counts worked time: breaks push the moment it is reached.
	if capAt, reached := s.capAt(sh, breaks); reached && (c.Cause == EndCapped || now.After(capAt)) {
		at, sh.Capped = capAt, true
	}
	res := s.db.Conn(ctx).Model(&Shift{}).Where("id = ? AND ended_at IS NULL", sh.ID).
		Updates(map[string]any{"ended_at": at, "capped": sh.Capped})
	if res.Error != nil || res.RowsAffected == 0 {
		return sh, false, res.Error
	}
	sh.EndedAt = &at
	if err := s.closeOpenBreak(ctx, sh.ID, at); err != nil {
		return sh, false, err
	}
	if c.Action == "" && len(s.onEnded) == 0 {
		return sh, true, nil
	}
	var m members.Member
	if err := s.db.Conn(ctx).Where("discord_id = ?", sh.MemberID).Limit(1).Find(&m).Error; err != nil {
		return sh, false, err
	}
	if c.Action != "" {
		after := map[string]any{"member": m.Username, "server": sh.Server, "startedAt": sh.StartedAt,
			"endedAt": at, "capped": sh.Capped}
		if c.Reason != "" {
			after["reason"] = c.Reason
		}
		if err := audit.Write(ctx, s.db, now, audit.Change{Actor: c.Actor, ActorName: c.ActorName, Area: audit.AreaStaff,
			Action: c.Action, EntityType: "member", EntityID: sh.MemberID,
			Before: map[string]any{"member": m.Username, "open": true}, After: after}); err != nil {
			return sh, false, err
		}
	}
	for _, fn := range s.onEnded {
		if err := fn(ctx, Ended{Shift: sh, Username: m.Username, Closing: c}); err != nil {
			return sh, false, err
		}
	}
	return sh, true, nil
}

// OnShiftEntry is an open shift as "En turno ahora" lists it.
type OnShiftEntry struct {
	DiscordID string `json:"discordId"`
	Username  string `json:"username"`
	Avatar    string `json:"avatar"`
	Server    string `json:"server"`
	StartedAt string `json:"startedAt"` // RFC 3339, UTC
	// PausedAt is when the member's current break began (RFC 3339, UTC); nil while working.
	PausedAt *string `json:"pausedAt"`
	// BreakSeconds are the shift's finished breaks; the worked time so far is the time since
	// StartedAt (until PausedAt, when paused) less these.
	BreakSeconds int64 `json:"breakSeconds"`
}

var (
	errOnShiftForbidden = errs.Forbidden("No tienes permiso para ver quién está en turno.")
	errNoOpenShift      = errs.Conflict("Esa persona no tiene un turno abierto.")
)

// MayEndOthersShift tells who ends someone else's shift: the directors (Comité, RH and AI:
// the staff panel's Modificación right), the same people who adjust a member's hours and
// dismiss them. Ending a shift changes a member's hours, so it is theirs; the Gestión
// right only adds the hire date, which a shift does not touch.
func MayEndOthersShift(actor *authz.Actor) bool { return Directors(actor) }

// OnShift lists the open shifts, longest running first. Whoever may open the staff
// dashboard may read it.
func (s *Service) OnShift(ctx context.Context, actor *authz.Actor) ([]OnShiftEntry, error) {
	if !MayOpenDashboard(actor) {
		return nil, errOnShiftForbidden
	}
	var rows []struct {
		ID        uint64
		MemberID  string
		Server    string
		StartedAt time.Time
		Username  *string
		Avatar    *string
	}
	err := s.db.Conn(ctx).Table("staff_shifts").
		Select("staff_shifts.id, staff_shifts.member_id, staff_shifts.server, staff_shifts.started_at, members.username, members.avatar").
		Joins("LEFT JOIN members ON members.discord_id = staff_shifts.member_id").
		Where("staff_shifts.ended_at IS NULL").Order("staff_shifts.started_at, staff_shifts.id").Scan(&rows).Error
	if err != nil {
		return nil, err
	}
	ids := make([]uint64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	breaks, err := s.shifts.breaksOf(ctx, func(q *gorm.DB) *gorm.DB { return q.Where("shift_id IN ?", ids) })
	if err != nil {
		return nil, err
	}
	blocked, err := privacy.BlockedNow(ctx, s.db)
	if err != nil {
		return nil, err
	}
	out := make([]OnShiftEntry, 0, len(rows))
	for _, r := range rows {
		e := OnShiftEntry{DiscordID: r.MemberID, Username: r.MemberID, Server: r.Server,
			StartedAt: r.StartedAt.UTC().Format(time.RFC3339)}
		for _, b := range breaks[r.ID] {
			if b.EndedAt == nil {
				at := b.StartedAt.UTC().Format(time.RFC3339)
				e.PausedAt = &at
				continue
			}
			e.BreakSeconds += int64(b.EndedAt.Sub(b.StartedAt).Seconds())
		}
		if r.Username != nil && *r.Username != "" {
			e.Username = *r.Username
		}
		if r.Avatar != nil {
			e.Avatar = *r.Avatar
		}
		if blocked[r.MemberID] {
			e.Username, e.Avatar = privacy.Blocked, ""
		}
		out = append(out, e)
	}
	return out, nil
}

// EndShift ends another member's open shift (directors), with an optional reason. Of two
// ends at once, one closes the shift and writes the audit entry; the other is told the
// member has no open shift.
func (s *Service) EndShift(ctx context.Context, actor *authz.Actor, memberID, reason string) (Shift, error) {
	if !MayEndOthersShift(actor) {
		return Shift{}, errNotDirector
	}
	reason, ok := validate.OptionalText(reason, MaxDismissReason)
	if !ok {
		return Shift{}, errReasonLong
	}
	var closed Shift
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		open, err := s.shifts.lockOpen(ctx, memberID)
		if err != nil {
			return err
		}
		if open == nil {
			return errNoOpenShift
		}
		sh, ok, err := s.shifts.end(ctx, *open, Closing{Cause: EndForced, Actor: actor, Reason: reason,
			Action: ActionShiftEndForced})
		if err != nil {
			return err
		}
		if !ok {
			return errNoOpenShift
		}
		closed = sh
		return nil
	})
	return closed, err
}

// CloseOnRoleLoss closes the open shift of a member whose last STAFF-group role was taken
// away, at that moment. It is called, in the role sync's transaction, with each role change;
// a repeat of the same change finds the roles unchanged or the shift already closed.
func (s *Service) CloseOnRoleLoss(ctx context.Context, change members.RoleChange) error {
	staffIDs := s.staffRoleIDs()
	held := func(ids []string) bool {
		return slices.ContainsFunc(ids, func(id string) bool { return slices.Contains(staffIDs, id) })
	}
	if !held(change.Before) || held(change.After) {
		return nil
	}
	open, err := s.shifts.lockOpen(ctx, change.DiscordID)
	if err != nil || open == nil {
		return err
	}
	_, _, err = s.shifts.end(ctx, *open, Closing{Cause: EndRoleRemoved, ActorName: "sincronización de roles",
		Reason: "Rol de staff retirado en Discord.", Action: ActionShiftEndRoleRemoved})
	return err
}
