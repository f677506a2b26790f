package staff

import (
	"context"
	"fmt"
	"slices"
	"time"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/live"
)

// Shift is one stretch of duty, clocked from Discord. At most one per member is open.
type Shift struct {
	ID        uint64     `gorm:"primaryKey;autoIncrement"`
	MemberID  string     `gorm:"size:32;not null;index:idx_staff_shifts_member_started,priority:1;uniqueIndex:idx_staff_shifts_one_open,where:ended_at IS NULL"`
	Server    string     `gorm:"size:64;not null"`
	StartedAt time.Time  `gorm:"not null;index:idx_staff_shifts_member_started,priority:2;index:idx_staff_shifts_started_at"`
	EndedAt   *time.Time `gorm:"index:idx_staff_shifts_ended_at"`
	// Capped marks a shift the scheduler closed at the cap, for review.
	Capped bool `gorm:"not null;default:false"`
}

// TableName keeps the table's name explicit.
func (Shift) TableName() string { return "staff_shifts" }

// Adjustment is a manual change to a member's total time.
type Adjustment struct {
	ID        uint64    `gorm:"primaryKey;autoIncrement"`
	MemberID  string    `gorm:"size:32;not null;index:idx_staff_adjustments_member_id"`
	Seconds   int64     `gorm:"not null"`
	ActorID   string    `gorm:"size:32;not null"`
	ActorName string    `gorm:"size:100;not null;default:''"`
	CreatedAt time.Time `gorm:"not null"`
}

// TableName keeps the table's name explicit.
func (Adjustment) TableName() string { return "staff_adjustments" }

// Shifts clocks staff in and out.
type Shifts struct {
	db      *db.DB
	servers []string
	cap     time.Duration
	loc     *time.Location
	now     func() time.Time
	live    *live.Publisher
	onEnded []func(ctx context.Context, e Ended) error
}

// NewShifts builds the shift clock; servers are the names a shift may be on.
func NewShifts(d *db.DB, servers []string, shiftCap time.Duration, loc *time.Location, now func() time.Time) *Shifts {
	if shiftCap <= 0 {
		shiftCap = 12 * time.Hour
	}
	if loc == nil {
		loc = time.UTC
	}
	return &Shifts{db: d, servers: servers, cap: shiftCap, loc: loc, now: now}
}

var (
	errNotStaff   = errs.Forbidden("Solo el staff puede registrar turnos.")
	errNoShift    = errs.Conflict("No tienes un turno abierto. Usa /turno entrar para empezar uno.")
	errBadServer  = errs.Invalid("Elige uno de los servidores de la comunidad.")
	errShiftTaken = errs.Conflict("Ya tienes un turno abierto.")
)

// Servers are the names a shift may be on.
func (s *Shifts) Servers() []string { return slices.Clone(s.servers) }

// Location is the community's time zone, which days and weeks are cut in.
func (s *Shifts) Location() *time.Location { return s.loc }

// ClockIn opens a shift on a server. A second open shift is refused with the one that
// is open, even when two requests race: clock-ins of one member take turns, so the second
// sees the first's shift (and the database keeps one open shift per member regardless).
func (s *Shifts) ClockIn(ctx context.Context, actor *authz.Actor, server string) (Shift, error) {
	if !actor.InGroup(authz.Staff) {
		return Shift{}, errNotStaff
	}
	if !slices.Contains(s.servers, server) {
		return Shift{}, errBadServer
	}
	var sh Shift
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.db.LockKey(ctx, "staff.shift:"+actor.DiscordID); err != nil {
			return err
		}
		var open Shift
		err := s.db.Conn(ctx).Where("member_id = ? AND ended_at IS NULL", actor.DiscordID).Take(&open).Error
		if err == nil {
			return errs.Conflict(fmt.Sprintf("Ya tienes un turno abierto en %s desde las %s.",
				open.Server, open.StartedAt.In(s.loc).Format("15:04")))
		}
		if !db.IsNotFound(err) {
			return err
		}
		sh = Shift{MemberID: actor.DiscordID, Server: server, StartedAt: s.now()}
		if err := s.db.Conn(ctx).Create(&sh).Error; err != nil {
			return err
		}
		return s.publishStarted(ctx, sh, actor.Username)
	})
	if db.IsUniqueViolation(err) {
		return Shift{}, errShiftTaken
	}
	if err != nil {
		return Shift{}, err
	}
	return sh, nil
}

// ClockOut closes the member's open shift. Of two clock-outs at once, one closes it and
// the other finds no open shift: the shift is locked when read and closed only while open.
func (s *Shifts) ClockOut(ctx context.Context, actor *authz.Actor) (Shift, error) {
	if !actor.InGroup(authz.Staff) {
		return Shift{}, errNotStaff
	}
	var sh Shift
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		open, err := s.lockOpen(ctx, actor.DiscordID)
		if err != nil {
			return err
		}
		if open == nil {
			return errNoShift
		}
		closed, ok, err := s.end(ctx, *open, Closing{Cause: EndClockOut})
		if err != nil {
			return err
		}
		if !ok {
			return errNoShift // closed meanwhile
		}
		sh = closed
		return nil
	})
	return sh, err
}

// Open returns the member's open shift, if any.
func (s *Shifts) Open(ctx context.Context, memberID string) (*Shift, error) {
	var sh Shift
	err := s.db.Conn(ctx).Where("member_id = ? AND ended_at IS NULL", memberID).Take(&sh).Error
	if db.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &sh, nil
}

// CapOverdue closes the shifts whose worked time passed the cap at the cap, marked for review, and
// returns how many it closed. Each is closed only while still open, so runs that overlap
// (or a clock-out at the same moment) close it once, and only that run counts it.
func (s *Shifts) CapOverdue(ctx context.Context) (int, error) {
	// Worked time never runs ahead of elapsed time: only shifts started a cap ago may be due.
	var overdue []Shift
	now := s.now()
	if err := s.db.Conn(ctx).Where("ended_at IS NULL AND started_at < ?", now.Add(-s.cap)).Order("id").Find(&overdue).Error; err != nil {
		return 0, err
	}
	closed := 0
	for _, sh := range overdue {
		breaks, err := s.breaksOfShift(ctx, sh.ID)
		if err != nil {
			return closed, err
		}
		if capAt, reached := s.capAt(sh, breaks); !reached || capAt.After(now) {
			continue
		}
		err = s.db.InTx(ctx, func(ctx context.Context) error {
			_, ok, err := s.end(ctx, sh, Closing{Cause: EndCapped})
			if ok {
				closed++
			}
			return err
		})
		if err != nil {
			return closed, err
		}
	}
	return closed, nil
}

// Days are the week's days as the specification names them, Monday first.
var Days = []string{"Lunes", "Martes", "Miercoles", "Jueves", "Viernes", "Sabado", "Domingo"}

// WeekStart is the Monday 00:00 (community time) of the week holding t.
func (s *Shifts) WeekStart(t time.Time) time.Time {
	t = t.In(s.loc)
	offset := (int(t.Weekday()) + 6) % 7
	y, m, d := t.Date()
	return time.Date(y, m, d-offset, 0, 0, 0, 0, s.loc)
}

func overlapSeconds(aStart, aEnd, bStart, bEnd time.Time) int64 {
	start, end := aStart, aEnd
	if bStart.After(start) {
		start = bStart
	}
	if bEnd.Before(end) {
		end = bEnd
	}
	if !end.After(start) {
		return 0
	}
	return int64(end.Sub(start).Seconds())
}

// FormatDuration writes seconds as people say a length of time: the largest unit and, when
// it is not zero, the one after it ("49 h", "6 h 59 min", "45 min", "30 s"), as the web's
// formatDuration does.
func FormatDuration(seconds int64) string {
	seconds = max(seconds, 0)
	h, m, sec := seconds/3600, seconds%3600/60, seconds%60
	switch {
	case h > 0 && m > 0:
		return fmt.Sprintf("%d h %d min", h, m)
	case h > 0:
		return fmt.Sprintf("%d h", h)
	case m > 0 && sec > 0:
		return fmt.Sprintf("%d min %d s", m, sec)
	case m > 0:
		return fmt.Sprintf("%d min", m)
	}
	return fmt.Sprintf("%d s", sec)
}
