package staff

import (
	"context"
	"fmt"
	"slices"
	"time"

	"gorm.io/gorm"

	"zocalo/core/authz"
	"zocalo/core/db"
	"zocalo/core/errs"
	"zocalo/core/live"
)

// Break is a pause within a shift: its time is not worked time. At most one per shift is open.
type Break struct {
	ID        uint64     `gorm:"primaryKey;autoIncrement"`
	ShiftID   uint64     `gorm:"not null;index:idx_staff_breaks_shift_id;uniqueIndex:idx_staff_breaks_one_open,where:ended_at IS NULL"`
	MemberID  string     `gorm:"size:32;not null;index:idx_staff_breaks_member_started,priority:1"`
	StartedAt time.Time  `gorm:"not null;index:idx_staff_breaks_member_started,priority:2;index:idx_staff_breaks_started_at"`
	EndedAt   *time.Time `gorm:""`
}

// TableName keeps the table's name explicit.
func (Break) TableName() string { return "staff_breaks" }

var (
	errNotPaused     = errs.Conflict("No estás en pausa. Usa /turno pausa para tomar un descanso.")
	errAlreadyPaused = errs.Conflict("Ya estás en pausa. Usa /turno reanudar para seguir con tu turno.")
)

// Pause starts a break in the member's open shift. Of two pauses at once, one starts the
// break and the other is told the member is already paused: the shift is locked while read,
// and the database keeps one open break per shift regardless.
func (s *Shifts) Pause(ctx context.Context, actor *authz.Actor) (Break, error) {
	if !actor.InGroup(authz.Staff) {
		return Break{}, errNotStaff
	}
	var br Break
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		if err := s.db.LockKey(ctx, "staff.shift:"+actor.DiscordID); err != nil {
			return err
		}
		open, err := s.lockOpen(ctx, actor.DiscordID)
		if err != nil {
			return err
		}
		if open == nil {
			return errNoShift
		}
		current, err := s.openBreak(ctx, open.ID)
		if err != nil {
			return err
		}
		if current != nil {
			return errs.Conflict(fmt.Sprintf("Ya estás en pausa desde las %s. Usa /turno reanudar para seguir con tu turno.",
				current.StartedAt.In(s.loc).Format("15:04")))
		}
		br = Break{ShiftID: open.ID, MemberID: actor.DiscordID, StartedAt: s.now()}
		if err := s.db.Conn(ctx).Create(&br).Error; err != nil {
			return err
		}
		return s.publishBreak(ctx, live.KindShiftPaused, *open, actor.Username, br.StartedAt)
	})
	if db.IsUniqueViolation(err) {
		return Break{}, errAlreadyPaused
	}
	return br, err
}

// Resume ends the break of the member's open shift. Of two resumes at once, one ends it and
// the other is told the member is not paused: the break closes only while open.
func (s *Shifts) Resume(ctx context.Context, actor *authz.Actor) (Break, error) {
	if !actor.InGroup(authz.Staff) {
		return Break{}, errNotStaff
	}
	var br Break
	err := s.db.InTx(ctx, func(ctx context.Context) error {
		open, err := s.lockOpen(ctx, actor.DiscordID)
		if err != nil {
			return err
		}
		if open == nil {
			return errNoShift
		}
		current, err := s.openBreak(ctx, open.ID)
		if err != nil {
			return err
		}
		if current == nil {
			return errNotPaused
		}
		now := s.now()
		res := s.db.Conn(ctx).Model(&Break{}).Where("id = ? AND ended_at IS NULL", current.ID).Update("ended_at", now)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return errNotPaused
		}
		current.EndedAt = &now
		br = *current
		return s.publishBreak(ctx, live.KindShiftResumed, *open, actor.Username, now)
	})
	return br, err
}

// openBreak is the shift's open break, nil if none.
func (s *Shifts) openBreak(ctx context.Context, shiftID uint64) (*Break, error) {
	var br Break
	err := s.db.Conn(ctx).Where("shift_id = ? AND ended_at IS NULL", shiftID).Limit(1).Find(&br).Error
	if err != nil || br.ID == 0 {
		return nil, err
	}
	return &br, nil
}

// breaksOf reads the breaks the scope selects, by shift.
func (s *Shifts) breaksOf(ctx context.Context, scope func(*gorm.DB) *gorm.DB) (map[uint64][]Break, error) {
	list, err := findBreaks(scope(s.db.Conn(ctx).Model(&Break{})).Order("started_at, id"))
	if err != nil {
		return nil, err
	}
	out := map[uint64][]Break{}
	for _, b := range list {
		out[b.ShiftID] = append(out[b.ShiftID], b)
	}
	return out, nil
}

// breaksOfShift reads one shift's breaks, oldest first.
func (s *Shifts) breaksOfShift(ctx context.Context, shiftID uint64) ([]Break, error) {
	m, err := s.breaksOf(ctx, func(q *gorm.DB) *gorm.DB { return q.Where("shift_id = ?", shiftID) })
	return m[shiftID], err
}

// breaksOverlapping reads the breaks of the given shifts that may overlap [from, to): a
// break lies within its shift, so none began before the earliest of them, and the read
// stops there rather than going through every break ever taken.
func (s *Shifts) breaksOverlapping(ctx context.Context, memberIDs []string, shifts []Shift, from, to time.Time) (map[uint64][]Break, error) {
	if len(shifts) == 0 {
		return map[uint64][]Break{}, nil
	}
	earliest := shifts[0].StartedAt
	for _, sh := range shifts[1:] {
		if sh.StartedAt.Before(earliest) {
			earliest = sh.StartedAt
		}
	}
	return s.breaksOf(ctx, func(q *gorm.DB) *gorm.DB {
		q = q.Where("started_at >= ? AND started_at < ? AND (ended_at IS NULL OR ended_at > ?)", earliest, to, from)
		if memberIDs != nil {
			q = q.Where("member_id IN ?", memberIDs)
		}
		return q
	})
}

// WorkedIn is the shift's worked seconds within [from, to): the shift up to end, less its
// breaks (an open break runs to end).
func WorkedIn(sh Shift, end time.Time, breaks []Break, from, to time.Time) int64 {
	worked := overlapSeconds(sh.StartedAt, end, from, to)
	for _, b := range breaks {
		bStart, bEnd := b.StartedAt, end
		if bStart.Before(sh.StartedAt) {
			bStart = sh.StartedAt
		}
		if b.EndedAt != nil && b.EndedAt.Before(end) {
			bEnd = *b.EndedAt
		}
		worked -= overlapSeconds(bStart, bEnd, from, to)
	}
	return max(worked, 0)
}

// Worked is the shift's whole worked time up to end.
func Worked(sh Shift, end time.Time, breaks []Break) int64 {
	return WorkedIn(sh, end, breaks, sh.StartedAt, end)
}

// capAt is the moment the shift's worked time reaches the cap: its start plus the cap plus
// every break taken before that moment. ok is false while a break that began before it is
// still open: the clock is stopped, so the cap is not reached.
func (s *Shifts) capAt(sh Shift, breaks []Break) (time.Time, bool) {
	at := sh.StartedAt.Add(s.cap)
	sorted := slices.Clone(breaks)
	slices.SortFunc(sorted, func(a, b Break) int { return a.StartedAt.Compare(b.StartedAt) })
	for _, b := range sorted {
		if !b.StartedAt.Before(at) {
			break
		}
		if b.EndedAt == nil {
			return time.Time{}, false
		}
		at = at.Add(b.EndedAt.Sub(b.StartedAt))
	}
	return at, true
}

// closeOpenBreak ends the shift's open break when the shift ends at `at`: ending a shift
// during a break closes the break. A break that began after `at` (a shift capped earlier)
// ends where it began.
func (s *Shifts) closeOpenBreak(ctx context.Context, shiftID uint64, at time.Time) error {
	current, err := s.openBreak(ctx, shiftID)
	if err != nil || current == nil {
		return err
	}
	end := at
	if end.Before(current.StartedAt) {
		end = current.StartedAt
	}
	return s.db.Conn(ctx).Model(&Break{}).Where("id = ? AND ended_at IS NULL", current.ID).Update("ended_at", end).Error
}

func (s *Shifts) publishBreak(ctx context.Context, kind string, sh Shift, username string, at time.Time) error {
	return s.live.Publish(ctx, kind, live.AudienceShifts, "", map[string]any{
		"discordId": sh.MemberID, "username": username, "at": at.UTC()})
}

// Running is a member's open shift as it stands: its worked time so far and, during a
// break, when the break began.
type Running struct {
	Shift         Shift
	WorkedSeconds int64
	PausedSince   *time.Time
}

// Running is the member's open shift with its worked time; nil when off shift.
func (s *Shifts) Running(ctx context.Context, memberID string) (*Running, error) {
	open, err := s.Open(ctx, memberID)
	if err != nil || open == nil {
		return nil, err
	}
	breaks, err := s.breaksOfShift(ctx, open.ID)
	if err != nil {
		return nil, err
	}
	r := &Running{Shift: *open, WorkedSeconds: Worked(*open, s.now(), breaks)}
	for _, b := range breaks {
		if b.EndedAt == nil {
			at := b.StartedAt
			r.PausedSince = &at
		}
	}
	return r, nil
}

// WorkedSeconds is a closed shift's worked time: its length less its breaks.
func (s *Shifts) WorkedSeconds(ctx context.Context, sh Shift) (int64, error) {
	end := s.now()
	if sh.EndedAt != nil {
		end = *sh.EndedAt
	}
	breaks, err := s.breaksOfShift(ctx, sh.ID)
	if err != nil {
		return 0, err
	}
	return Worked(sh, end, breaks), nil
}
